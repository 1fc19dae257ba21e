/**
 * WGSL kernel sources, one template per family, specialised by ranks, dtypes and the resolved
 * policy (shapes and strides come from a parameter buffer, so one pipeline serves every call of
 * the same ranks). The families follow the core's two phases (src/core/index-map.ts):
 *
 *   resolve  one invocation per batch position: read the index vector, apply the policy, store
 *            the window start (or INVALID / PARTIAL) and raise error flags;
 *   gather   one invocation per result word: result[r] = operand[start[b(r)] + window(r)];
 *   scatter  target (per update: the operand element it lands on), a stable LSD radix sort of
 *            the updates by target (tile-serial counting: duplicates keep update-index order),
 *            segments (each target's run in the sorted list) and apply (one invocation per
 *            result word folds its targets' updates in order) — never float atomics.
 */
import { INVALID, PARTIAL } from '../../core/index-map.js';
import { LIB64 } from './softfloat64.js';
import { LIB, PLACE_VAR, elemType, loader } from './wgsl.js';

export const WG = 64;
/** Updates per tile of the radix sort, and digit width. */
export const TILE = 256;
// 8-bit digits: half the passes of 4-bit ones (B5's 13-bit row keys: 2 instead of 4), 0.83–0.92×
// the time in same-run A/Bs on SwiftShader; the histogram is then as large as the keys.
export const DIGIT_BITS = 8;
/**
 * Batch positions per invocation of the resolve pass: SwiftShader's cost per invocation is
 * about that of a short kernel body, so four positions each take ~0.6× the time of one each
 * (a 1M-element GatherElements, measured on this machine).
 */
export const RESOLVE_TILE = 4;
/** Result elements per invocation of applyFastKernel (the same per-invocation cost argument). */
export const FOLD_TILE = 4;
/** Result elements per invocation of the gather move (4- and 8-byte elements). */
export const GATHER_TILE = 4;

/** Flag slots (atomicMin of the first batch position). */
export const FLAG = { oob: 0, promise: 1, unsorted: 2, host: 3, duplicate: 4, fix: 5 } as const;
/** Flags that are not errors: `fix` asks a replace scatter's fix-up pass to run (see fusedReplace). */
export const INTERNAL_FLAGS: ReadonlySet<number> = new Set([FLAG.fix]);
export const FLAG_COUNT = 8;

export type Binding = 'read' | 'rw';

export interface KernelSource {
  readonly code: string;
  readonly bindings: readonly Binding[];
}

/** Parameter layout: named i32 slots, offsets baked into the WGSL as constants. */
export class Params {
  readonly values: number[] = [];
  readonly offsets = new Map<string, number>();
  add(name: string, xs: readonly number[]): this {
    this.offsets.set(name, this.values.length);
    for (const x of xs) this.values.push(x);
    return this;
  }
  /**
   * Values compiled into the kernel as constants instead of read from the parameter buffer: the
   * odometers' divisions then have constant divisors and their loops unroll. One pipeline per
   * shape, so only for calls large enough to pay for the compile (backend.ts BAKE_MIN).
   */
  baked = false;
  consts(): string {
    const offsets = [...this.offsets].map(([n, o]) => `const O_${n}: u32 = ${o}u;`).join('\n');
    if (!this.baked) return `${offsets}\nfn pi(o: u32) -> i32 { return P[o]; }`;
    const vs = this.values.length ? this.values : [0];
    return `${offsets}
const PV = array<i32, ${vs.length}>(${vs.map((v) => `${v | 0}`).join(', ')});
fn pi(o: u32) -> i32 { return PV[o]; }`;
  }
}

const header = (bindings: readonly Buffer[]) =>
  bindings
    .map(
      ([name, kind, type], i) =>
        `@group(0) @binding(${i}) var<storage, ${kind === 'read' ? 'read' : 'read_write'}> ${name}: ${type};`,
    )
    .join('\n');

const ENTRY = `@compute @workgroup_size(${WG}) fn main(@builtin(global_invocation_id) g: vec3<u32>, @builtin(num_workgroups) nw: vec3<u32>) {
  let i = g.x + g.y * nw.x * ${WG}u;`;

/** A storage buffer a kernel binds: its WGSL name, its access and its type. */
type Buffer = readonly [name: string, access: Binding, type: string];
const I32 = 'array<i32>';
const ATOMIC = 'array<atomic<u32>>';
const VEC4 = 'array<vec4<u32>>';
const read = (name: string, type = 'array<u32>'): Buffer => [name, 'read', type];
const rw = (name: string, type = 'array<u32>'): Buffer => [name, 'rw', type];

/**
 * A kernel from its buffers (bound in this order, so its bindings are read off the same list),
 * its entry point's body, and the WGSL declared before the entry point.
 */
function kernel(buffers: readonly Buffer[], body: string, prelude = ''): KernelSource {
  const code = `${header(buffers)}\n${prelude === '' ? '' : `${prelude}\n`}${ENTRY}\n${body}\n}`;
  return { code, bindings: buffers.map(([, access]) => access) };
}

/**
 * Helpers over the map parameters: batch position → index/operand offsets, space position →
 * (b, o, j). The odometers are unrolled here (ranks are known), so with baked parameters every
 * divisor is a constant expression and compiles to multiplies and shifts.
 */
function mapHelpers(params: Params, nb: number, no: number): string {
  const at = (name: string, j: number) => `${params.baked ? 'PV' : 'P'}[O_${name} + ${j}u]`;
  const dims = (n: number) => Array.from({ length: n }, (_, k) => n - 1 - k);
  const digit = (shape: string, j: number) => `n = u32(${at(shape, j)}); c = i32(rem % n); rem = rem / n;`;
  return `
fn batch_base(b: u32) -> vec2<i32> {
  var rem = b; var idx = 0; var off = 0; var n = 1u; var c = 0;
  ${dims(nb)
    .map((j) => `${digit('BSHAPE', j)} idx += c * ${at('BIDX', j)}; off += c * ${at('BOP', j)};`)
    .join('\n  ')}
  return vec2<i32>(idx, off);
}
fn batch_coord(b: u32, jj: i32) -> i32 {
  var rem = b; var n = 1u; var c = 0;
  ${dims(nb)
    .map((j) => `${digit('BSHAPE', j)} if (jj == ${j}) { return c; }`)
    .join('\n  ')}
  return 0;
}
// Space element r → (batch position, window offset of its run, offset in the run).
fn space_map(r: u32) -> vec3<i32> {
  let run = u32(${at('RUNLEN', 0)});
  var rem = r / run; var b = 0; var o = 0; var n = 1u; var c = 0;
  ${dims(no)
    .map((d) => `${digit('OSHAPE', d)} b += c * ${at('OBSTEP', d)}; o += c * ${at('OOSTEP', d)};`)
    .join('\n  ')}
  return vec3<i32>(b, o, i32(r % run));
}`;
}

export interface ResolveSpec {
  readonly params: Params;
  readonly nb: number;
  readonly no: number;
  readonly K: number;
  readonly indexBytes: number;
  readonly indexSigned: boolean;
  readonly oob: 'clip' | 'invalid' | 'partial' | 'error' | 'wrap';
  readonly fromEnd: boolean;
  readonly promise: boolean;
  readonly checkSorted: boolean;
  /** Index components in operand-dim order (the order sortedness is checked in). */
  readonly kOrder: readonly number[];
  /**
   * Element gathers (one result element per batch position, 4- or 8-byte elements): also move
   * the element here (bindings OPD, OUT; the fill value from P), with no second pass.
   */
  readonly fuseBytes?: 4 | 8;
  /**
   * Element scatters with \`replace\` (one update per batch position, 4- or 8-byte elements; OUT
   * already holds the input): also claim the target here (bindings UPD, OUT, SEG).
   */
  readonly replaceBytes?: 4 | 8;
}

function readIndex(bytes: number, signed: boolean): string {
  const hi = signed ? 'select(0u, 0xFFFFFFFFu, (lo & SIGN) != 0u)' : '0u';
  if (bytes === 8) return 'fn rd(e: u32) -> vec2<u32> { return vec2<u32>(IDX[2u * e], IDX[2u * e + 1u]); }';
  const narrow = (w: number) => {
    const raw = `(IDX[e >> ${w === 16 ? 1 : 2}u] >> ((e & ${w === 16 ? 1 : 3}u) * ${w}u)) & ${w === 16 ? '0xFFFFu' : '0xFFu'}`;
    return signed ? `bitcast<u32>(bitcast<i32>((${raw}) << ${32 - w}u) >> ${32 - w}u)` : `(${raw})`;
  };
  const lo = bytes === 4 ? 'IDX[e]' : narrow(bytes * 8);
  return `fn rd(e: u32) -> vec2<u32> { let lo = ${lo}; return vec2<u32>(lo, ${hi}); }`;
}

/** The resolve kernel (phase 1). Bindings: P, IDX, STARTS, RAW, FLAGS. */
export function resolveKernel(s: ResolveSpec): KernelSource {
  const policy = {
    clip: 'if (ms >= 0) { v = select(ms, 0, v < 0); } else { st = INVALID; }',
    wrap: `if (ms >= 0) {
        let rr = ms + 1;
        if (fits) { v = ((v % rr) + rr) % rr; } else { v = wrap_exact(x, neg, size, u32(rr)); }
      } else { st = INVALID; }`,
    invalid: 'st = INVALID;',
    partial: 'st = PARTIAL;',
    error: `atomicMin(&FLAGS[${FLAG.oob}], b); st = INVALID;`,
  }[s.oob];
  const sorted = s.checkSorted
    ? `if (b > 0u) {
      let pb = batch_base(b - 1u).x;
      for (var q = 0u; q < ${s.K}u; q++) {
        let k = KORDER[q];
        let cur = resolve1(u32(base.x) + k * u32(pi(O_KSTRIDE)), k, b);
        let prev = resolve1(u32(pb) + k * u32(pi(O_KSTRIDE)), k, b - 1u);
        if (!cur.fits || !prev.fits) { atomicMin(&FLAGS[${FLAG.host}], b); break; }
        if (prev.v < cur.v) { break; }
        if (prev.v > cur.v) { atomicMin(&FLAGS[${FLAG.unsorted}], b); break; }
      }
    }`
    : '';
  return kernel(
    [
      read('P', I32),
      read('IDX'),
      rw('STARTS', I32),
      rw('RAW', I32),
      rw('FLAGS', ATOMIC),
      ...(s.fuseBytes ? [read('OPD'), rw('OUT')] : []),
      ...(s.replaceBytes ? [read('UPD'), rw('OUT'), rw('SEG', ATOMIC)] : []),
    ],
    `  for (var l = 0u; l < ${RESOLVE_TILE}u; l++) {
  let b = i * ${RESOLVE_TILE}u + l;
  if (b >= u32(pi(O_BATCH))) { return; }
  let base = batch_base(b);
  var off = base.y;
  var status = 0;
  for (var k = 0u; k < ${s.K}u; k++) {
    let r = resolve1(u32(base.x) + k * u32(pi(O_KSTRIDE)), k, b);
    ${s.oob === 'partial' ? `RAW[b * ${s.K}u + k] = r.v;` : ''}
    if (r.st != 0) { status = r.st; }
    off += r.v * pi(O_KOPS + k);
  }
  ${sorted}
  let start = select(off, status, status != 0);
  ${s.fuseBytes ? fusedMove(s.fuseBytes) : 'STARTS[b] = start;'}
  ${s.replaceBytes ? fusedReplace(s.replaceBytes) : ''}
  }`,
    `${LIB}
${s.params.consts()}
const INVALID: i32 = ${INVALID};
const PARTIAL: i32 = ${PARTIAL};
const BIG: i32 = 1073741824;
const KORDER = array<u32, ${Math.max(1, s.K)}>(${(s.K ? s.kOrder : [0]).map((k) => `${k}u`).join(', ')});
${mapHelpers(s.params, s.nb, s.no)}
${readIndex(s.indexBytes, s.indexSigned)}
fn umod64(x: vec2<u32>, r: u32) -> u32 {
  var rem = 0u;
  for (var q = 63; q >= 0; q--) {
    rem = (rem << 1u) | select(0u, 1u, bit64(x, u32(q)));
    if (rem >= r) { rem = rem - r; }
  }
  return rem;
}
// Floor modulo of the exact 64-bit index (plus the dim size when read from the end).
fn wrap_exact(x: vec2<u32>, neg: bool, size: i32, r: u32) -> i32 {
  var m = umod64(x, r);
  if (neg) {
    let m64 = (umod64(vec2<u32>(0xFFFFFFFFu, 0xFFFFFFFFu), r) + 1u) % r;
    m = (m + r - m64) % r;
    if (${s.fromEnd}) { m = (m + u32(size) % r) % r; }
  }
  return i32(m);
}
struct R { v: i32, st: i32, fits: bool }
fn resolve1(e: u32, k: u32, b: u32) -> R {
  let x = rd(e);
  let neg = ${s.indexSigned ? '(x.y & SIGN) != 0u' : 'false'};
  let fits = ${s.indexSigned ? 'x.y == select(0u, 0xFFFFFFFFu, (x.x & SIGN) != 0u)' : 'x.y == 0u && x.x < SIGN'};
  var v = select(select(BIG, -BIG, neg), bitcast<i32>(x.x), fits);
  let size = pi(O_KSIZE + k);
  let ms = pi(O_KMAX + k);
  if (${s.fromEnd} && v < 0) { v = v + size; }
  var st = 0;
  if (!(v >= 0 && v <= ms)) {
    ${s.promise ? `atomicMin(&FLAGS[${FLAG.promise}], b);` : ''}
    ${policy}
  }
  return R(v, st, fits);
}`,
  );
}

/**
 * The fused replace scatter's claim (resolveKernel with replaceBytes): SEG[t] keeps 1 + the
 * largest update index aimed at t. The first update to reach t stores its bits; any later one
 * proves a duplicate and raises FLAG.fix, whose fix-up pass (winnerWriteKernel, dispatched
 * indirectly) then has every key's last writer store its bits again — so without duplicates
 * the scatter is this one pass, and with them the result is still the last writer's.
 */
function fusedReplace(bytes: 4 | 8): string {
  const store =
    bytes === 4 ? 'OUT[t] = UPD[b];' : 'OUT[2u * t] = UPD[2u * b]; OUT[2u * t + 1u] = UPD[2u * b + 1u];';
  return `if (start >= 0) {
    let t = u32(start);
    if (atomicMax(&SEG[t], b + 1u) == 0u) { ${store} } else { atomicMin(&FLAGS[${FLAG.fix}], b); }
  }`;
}

/** The fused gather's element move (resolveKernel with fuseBytes): OUT[b] from OPD[start], or the fill. */
function fusedMove(bytes: 4 | 8): string {
  if (bytes === 4) return 'OUT[b] = select(OPD[max(start, 0)], bitcast<u32>(pi(O_FILL)), start < 0);';
  return `if (start < 0) { OUT[2u * b] = bitcast<u32>(pi(O_FILL)); OUT[2u * b + 1u] = bitcast<u32>(pi(O_FILL + 1u)); }
  else { OUT[2u * b] = OPD[2u * u32(start)]; OUT[2u * b + 1u] = OPD[2u * u32(start) + 1u]; }`;
}

/**
 * The gather move for float32-wide rows whose every start, window step and run length is a
 * multiple of 4 elements: one 16-byte vec4 per invocation (rows of B1/B2/B4-like gathers).
 * Bindings: P, OPD, STARTS, OUT (as vec4 arrays).
 */
export function gatherVec4Kernel(params: Params, nb: number, no: number): KernelSource {
  return kernel(
    [read('P', I32), read('OPD', VEC4), read('STARTS', I32), rw('OUT', VEC4)],
    `  let r = i * 4u;
  if (r >= u32(pi(O_SPACE))) { return; }
  let m = space_map(r);
  let s = STARTS[m.x];
  if (s < 0) { OUT[i] = vec4<u32>(bitcast<u32>(pi(O_FILL))); return; }
  OUT[i] = OPD[u32(s + m.y + m.z) / 4u];`,
    `${params.consts()}
${mapHelpers(params, nb, no)}`,
  );
}

/** The gather move kernel (phase 2). Bindings: P, OPD, STARTS, OUT. One invocation per result word. */
export function gatherKernel(params: Params, nb: number, no: number, bytes: number): KernelSource {
  const per = bytes >= 4 ? 1 : 4 / bytes;
  // 4- and 8-byte elements: GATHER_TILE consecutive result elements per invocation, the space
  // position decoded once and stepped along its run (decoded again only where a run ends).
  const move =
    bytes === 8
      ? `if (s < 0) { OUT[2u * r] = bitcast<u32>(pi(O_FILL)); OUT[2u * r + 1u] = bitcast<u32>(pi(O_FILL + 1u)); }
    else { let e = u32(s + m.y + m.z); OUT[2u * r] = OPD[2u * e]; OUT[2u * r + 1u] = OPD[2u * e + 1u]; }`
      : 'OUT[r] = select(OPD[max(s + m.y + m.z, 0)], bitcast<u32>(pi(O_FILL)), s < 0);';
  const body =
    bytes >= 4
      ? `let n = u32(pi(O_SPACE));
  let r0 = i * ${GATHER_TILE}u;
  if (r0 >= n) { return; }
  let run = pi(O_RUNLEN);
  var m = space_map(r0);
  var s = STARTS[m.x];
  for (var l = 0u; l < ${GATHER_TILE}u; l++) {
    let r = r0 + l;
    if (r >= n) { break; }
    if (l > 0u) {
      if (m.z + 1 < run) { m.z = m.z + 1; } else { m = space_map(r); s = STARTS[m.x]; }
    }
    ${move}
  }`
      : `let n = u32(pi(O_SPACE));
  if (i * ${per}u >= n) { return; }
  var word = 0u;
  for (var l = 0u; l < ${per}u; l++) {
    let r = i * ${per}u + l;
    if (r >= n) { break; }
    let s = src(r);
    var bits = bitcast<u32>(pi(O_FILL));
    if (s >= 0) { bits = ld_OPD(u32(s)); }
    word = word | (bits << (l * ${bytes * 8}u));
  }
  OUT[i] = word;`;
  return kernel(
    [read('P', I32), read('OPD'), read('STARTS', I32), rw('OUT')],
    `  ${body}`,
    `${params.consts()}
${mapHelpers(params, nb, no)}
${loader('OPD', bytes)}
fn src(r: u32) -> i32 {
  let m = space_map(r);
  let s = STARTS[m.x];
  if (s < 0) { return -1; }
  return s + m.y + m.z;
}`,
  );
}

/** Scatter phase 2a: the target of every update (NONE = operand size when it lands nowhere). Bindings: P, STARTS, RAW, KEYS, VALS. */
export function targetKernel(
  params: Params,
  nb: number,
  no: number,
  nO: number,
  K: number,
  partial: boolean,
): KernelSource {
  return kernel(
    [read('P', I32), read('STARTS', I32), read('RAW', I32), rw('KEYS'), rw('VALS')],
    `  if (i >= u32(pi(O_SPACE))) { return; }
  let m = space_map(i);
  let s = STARTS[m.x];
  var t = u32(pi(O_OPSIZE));
  if (s >= 0) { t = u32(s + m.y + m.z); }
  ${partial ? `else if (s == ${PARTIAL}) { t = partial_target(u32(m.x), m.y + m.z); }` : ''}
  KEYS[i] = t;
  VALS[i] = i;`,
    `${params.consts()}
${mapHelpers(params, nb, no)}
fn raw_of(d: u32, b: u32) -> i32 {
  let sel = pi(O_RAWSEL + d);
  if (sel > 0) { return RAW[b * ${Math.max(K, 1)}u + u32(sel - 1)]; }
  if (sel < 0) { return batch_coord(b, -sel - 1); }
  return 0;
}
// skip: the in-bounds elements of a partly out-of-bounds window, element by element.
fn partial_target(b: u32, woff: i32) -> u32 {
  var rest = woff; var t = 0;
  for (var d = 0u; d < ${nO}u; d++) {
    let st = pi(O_OPSTR + d); let sh = pi(O_OPSHAPE + d);
    var w = 0;
    if (st > 0 && sh > 0) { w = rest / st; }
    rest -= w * st;
    let c = raw_of(d, b) + w;
    if (c < 0 || c >= sh) { return u32(pi(O_OPSIZE)); }
    t += c * st;
  }
  return u32(t);
}`,
  );
}

/** Radix pass, step 1: per tile, the count of each digit (digit-major). Bindings: Q, KEYS, HIST. Q = [n, shift, tiles]. */
export function histKernel(): KernelSource {
  return kernel(
    [read('Q'), read('KEYS'), rw('HIST')],
    `  let tiles = Q[2];
  if (i >= tiles) { return; }
  var cnt: array<u32, ${1 << DIGIT_BITS}>;
  let end = min(Q[0], (i + 1u) * ${TILE}u);
  for (var e = i * ${TILE}u; e < end; e++) {
    let d = (KEYS[e] >> Q[1]) & ${(1 << DIGIT_BITS) - 1}u;
    cnt[d] = cnt[d] + 1u;
  }
  for (var d = 0u; d < ${1 << DIGIT_BITS}u; d++) { HIST[d * tiles + i] = cnt[d]; }`,
  );
}

/** Radix pass, step 3: each tile places its elements in order (stable). Bindings: Q, KEYS, VALS, HIST, KOUT, VOUT. */
export function placeKernel(): KernelSource {
  return kernel(
    [read('Q'), read('KEYS'), read('VALS'), read('HIST'), rw('KOUT'), rw('VOUT')],
    `  let tiles = Q[2];
  if (i >= tiles) { return; }
  var pos: array<u32, ${1 << DIGIT_BITS}>;
  for (var d = 0u; d < ${1 << DIGIT_BITS}u; d++) { pos[d] = HIST[d * tiles + i]; }
  let end = min(Q[0], (i + 1u) * ${TILE}u);
  for (var e = i * ${TILE}u; e < end; e++) {
    let k = KEYS[e];
    let d = (k >> Q[1]) & ${(1 << DIGIT_BITS) - 1}u;
    let o = pos[d];
    pos[d] = o + 1u;
    KOUT[o] = k;
    VOUT[o] = VALS[e];
  }`,
  );
}

export const SCAN_BLOCK = 256;

/**
 * Exclusive scan of one block of SCAN_BLOCK words per invocation, serially; block totals to
 * SUMS. No workgroup barriers: SwiftShader runs a barrier by switching between the workgroup's
 * invocations, which cost more than the serial adds. Bindings: Q ([n]), DATA, SUMS.
 */
export function scanKernel(): KernelSource {
  return kernel(
    [read('Q'), rw('DATA'), rw('SUMS')],
    `  let n = Q[0];
  if (i * ${SCAN_BLOCK}u >= n) { return; }
  let end = min(n, (i + 1u) * ${SCAN_BLOCK}u);
  var acc = 0u;
  for (var e = i * ${SCAN_BLOCK}u; e < end; e++) { let v = DATA[e]; DATA[e] = acc; acc = acc + v; }
  SUMS[i] = acc;`,
  );
}

/** Adds each block's scanned offset. Bindings: Q ([n]), DATA, SUMS. */
export function scanAddKernel(): KernelSource {
  return kernel(
    [read('Q'), rw('DATA'), read('SUMS')],
    `  if (i >= Q[0]) { return; }
  DATA[i] = DATA[i] + SUMS[i / ${SCAN_BLOCK}u];`,
  );
}

/** Each target's run [start, end) in the sorted updates; duplicate flag. Bindings: Q ([n, NONE]), KEYS, SEG, FLAGS. */
export function segmentKernel(): KernelSource {
  return kernel(
    [read('Q'), read('KEYS'), rw('SEG'), rw('FLAGS', ATOMIC)],
    `  let n = Q[0];
  if (i >= n) { return; }
  let k = KEYS[i];
  if (k == Q[1]) { return; }
  if (i == 0u || KEYS[i - 1u] != k) { SEG[2u * k] = i; }
  else { atomicMin(&FLAGS[${FLAG.duplicate}], i); }
  if (i == n - 1u || KEYS[i + 1u] != k) { SEG[2u * k + 1u] = i + 1u; }`,
  );
}

/**
 * Scatter phase 2b: one invocation per result word folds each of its targets' updates in
 * update-index order. Bindings: Q ([operand size, include_self reset]), INP, UPD, VALS, SEG, OUT.
 */
export function applyKernel(
  bytes: number,
  redFn: string,
  identity: readonly number[],
  reset: boolean,
  finFn?: string,
  /** Rows: SEG and VALS are per row of Q[1] elements (update element = VALS[q] * Q[1] + t % Q[1]). */
  rows = false,
  /** Last writer: SEG[2t + 1] holds 1 + the last update's index (replace; no sort). */
  last = false,
  /** The rest pass after applyFastKernel: invocation i folds element LIST[1 + i] (4-byte elements). */
  rest = false,
): KernelSource {
  const E = elemType(bytes);
  const per = bytes >= 4 ? 1 : 4 / bytes;
  const ident =
    bytes === 8 ? `vec2<u32>(${identity[0] >>> 0}u, ${identity[1] >>> 0}u)` : `${identity[0] >>> 0}u`;
  const key = rows ? 't / Q[1]' : 't';
  const upd = rows ? 'VALS[q] * Q[1] + t % Q[1]' : last ? 'q' : 'VALS[q]';
  const seg = last
    ? `let s1 = SEG[2u * k + 1u]; let s0 = select(0u, s1 - 1u, s1 > 0u);`
    : 'let s0 = SEG[2u * k]; let s1 = SEG[2u * k + 1u];';
  // A NaN rule by place reads the element's offset (wgsl.ts byPlace).
  const placed = new RegExp(`\\b${PLACE_VAR}\\b`).test(redFn + (finFn ?? ''));
  const fold = `${placed ? `var<private> ${PLACE_VAR}: u32;\n` : ''}fn fold(t: u32) -> ${E} {
  ${placed ? `${PLACE_VAR} = t;` : ''}
  var acc = ld_INP(t);
  let k = ${key};
  ${seg}
  ${reset ? `if (s1 > s0) { acc = ${ident}; }` : ''}
  for (var q = s0; q < s1; q++) { acc = red(acc, ld_UPD(${upd})); }
  ${finFn ? `acc = fin(acc, max(s1 - s0${reset ? '' : ' + 1u'}, 1u));` : ''}
  return acc;
}`;
  const body =
    bytes === 8
      ? `if (i >= Q[0]) { return; }
  let v = fold(i);
  OUT[2u * i] = v.x; OUT[2u * i + 1u] = v.y;`
      : bytes === 4 && rest
        ? `if (i >= LIST[0]) { return; }
  let t = LIST[1u + i];
  OUT[t] = fold(t);`
        : bytes === 4
          ? `if (i >= Q[0]) { return; }
  OUT[i] = fold(i);`
          : `let n = Q[0];
  if (i * ${per}u >= n) { return; }
  var word = 0u;
  for (var l = 0u; l < ${per}u; l++) {
    let t = i * ${per}u + l;
    if (t >= n) { break; }
    word = word | (fold(t) << (l * ${bytes * 8}u));
  }
  OUT[i] = word;`;
  return kernel(
    [
      read('Q'),
      read('INP'),
      read('UPD'),
      read('VALS'),
      read('SEG'),
      rw('OUT'),
      ...(rest ? [read('LIST')] : []),
    ],
    `  ${body}`,
    `${LIB}
${LIB64}
${loader('INP', bytes)}
${loader('UPD', bytes)}
${redFn}
${finFn ?? ''}
${fold}`,
  );
}

/**
 * Scatter phase 2b for float32 add / sub / mul, fast step: one invocation per result element
 * folds its updates with the hardware operator, which is exact while every operand and partial
 * result is a normal number (nativeOp in wgsl.ts). An element that meets anything else is
 * appended to LIST (LIST[0] counts them) for applyRestKernel's soft-float fold: SwiftShader
 * runs both sides of a branch, so the soft float lives in a pass of its own, sized by the list.
 * Bindings: Q ([operand size, W]), INP, UPD, VALS, SEG, OUT, LIST.
 */
export function applyFastKernel(op: '+' | '-' | '*', rows: boolean): KernelSource {
  const key = rows ? 't / Q[1]' : 't';
  const upd = rows ? 'VALS[q] * Q[1] + t % Q[1]' : 'VALS[q]';
  return kernel(
    [read('Q'), read('INP'), read('UPD'), read('VALS'), read('SEG'), rw('OUT'), rw('LIST', ATOMIC)],
    `  for (var l = 0u; l < ${FOLD_TILE}u; l++) {
  let t = i * ${FOLD_TILE}u + l;
  if (t >= Q[0]) { return; }
  let k = ${key};
  let s0 = SEG[2u * k]; let s1 = SEG[2u * k + 1u];
  var acc = INP[t];
  var ok = s1 == s0 || normal32(acc);
  for (var q = s0; q < s1; q++) {
    let u = UPD[${upd}];
    ok = ok && normal32(u);
    acc = bitcast<u32>(bitcast<f32>(acc) ${op} bitcast<f32>(u));
    ok = ok && normal32(acc);
  }
  if (ok) { OUT[t] = acc; } else { atomicStore(&LIST[1u + atomicAdd(&LIST[0], 1u)], t); }
  }`,
    `fn normal32(x: u32) -> bool { let e = (x >> 23u) & 0xFFu; return e != 0u && e != 0xFFu; }`,
  );
}

/** The fix-up pass's size: Q[0] invocations when FLAGS[fix] is raised, else none. Bindings: Q, FLAGS, ARGS. */
export function fixArgsKernel(maxPerDim: number): KernelSource {
  return kernel(
    [read('Q'), read('FLAGS'), rw('ARGS')],
    `  if (i > 0u) { return; }
  let groups = select(0u, (Q[0] + ${WG - 1}u) / ${WG}u, FLAGS[${FLAG.fix}] != 0xFFFFFFFFu);
  let x = min(groups, ${maxPerDim}u);
  ARGS[0] = x; ARGS[1] = select(0u, (groups + x - 1u) / max(x, 1u), groups > 0u); ARGS[2] = 1u;`,
  );
}

/** The indirect dispatch size of the rest pass: LIST[0] invocations on a 2-D grid. Bindings: LIST, ARGS. */
export function restArgsKernel(maxPerDim: number): KernelSource {
  return kernel(
    [read('LIST'), rw('ARGS')],
    `  if (i > 0u) { return; }
  let groups = (LIST[0] + ${WG - 1}u) / ${WG}u;
  let x = min(groups, ${maxPerDim}u);
  ARGS[0] = x; ARGS[1] = select(0u, (groups + x - 1u) / max(x, 1u), groups > 0u); ARGS[2] = 1u;`,
  );
}

/**
 * Row mode, step 1: one key per batch position — its window's row (window start / W), or NONE
 * (Q[1]) when the window lands nowhere. Windows are whole aligned rows here (see rowMode in
 * backend.ts), so two batch positions hit the same elements exactly when their rows are equal.
 * Bindings: Q ([B, NONE, W]), STARTS, KEYS, VALS.
 */
export function rowTargetKernel(): KernelSource {
  return kernel(
    [read('Q'), read('STARTS', I32), rw('KEYS'), rw('VALS')],
    `  if (i >= Q[0]) { return; }
  let s = STARTS[i];
  KEYS[i] = select(Q[1], u32(s) / Q[2], s >= 0);
  VALS[i] = i;`,
  );
}

/**
 * Last writer per key (scatter \`replace\`: only the last update in update-index order counts,
 * so no sort is needed): SEG[2k + 1] = 1 + the largest update index with key k. With \`count\`,
 * SEG[2k] also counts the key's updates and a second one raises the duplicate flag (16- and
 * 8-bit words, which winnerWriteKernel does not see). Atomics on indices and counts, never on
 * data: the result does not depend on scheduling. Bindings: Q ([n, NONE]), KEYS, SEG, FLAGS.
 */
export function lastWriterKernel(count: boolean): KernelSource {
  return kernel(
    [read('Q'), read('KEYS'), rw('SEG', ATOMIC), rw('FLAGS', ATOMIC)],
    `  if (i >= Q[0]) { return; }
  let k = KEYS[i];
  if (k == Q[1]) { return; }
  atomicMax(&SEG[2u * k + 1u], i + 1u);
  ${count ? `if (atomicAdd(&SEG[2u * k], 1u) > 0u) { atomicMin(&FLAGS[${FLAG.duplicate}], i); }` : ''}`,
  );
}

/**
 * replace, step 2 (4- and 8-byte elements; OUT already holds the input): each update that is
 * its key's last writer stores its bits; one that is not proves a duplicate (flagged, read only
 * when the call checks duplicates). Element mode: update i has key KEYS[i]; row mode: update i
 * is element i % W of batch position i / W's row. Bindings: Q ([updates, NONE, W]), KEYS, SEG,
 * UPD, OUT, FLAGS.
 */
export function winnerWriteKernel(bytes: number, rows: boolean, segAt = '2u * k + 1u'): KernelSource {
  const words = bytes === 8 ? 2 : 1;
  return kernel(
    [read('Q'), read('KEYS'), read('SEG'), read('UPD'), rw('OUT'), rw('FLAGS', ATOMIC)],
    `  if (i >= Q[0]) { return; }
  let u = ${rows ? 'i / Q[2]' : 'i'};
  let k = KEYS[u];
  if (k >= Q[1]) { return; }
  if (SEG[${segAt}] != u + 1u) { atomicMin(&FLAGS[${FLAG.duplicate}], u); return; }
  let t = ${rows ? 'k * Q[2] + i % Q[2]' : 'k'};
  for (var w = 0u; w < ${words}u; w++) { OUT[${words}u * t + w] = UPD[${words}u * i + w]; }`,
  );
}
