/**
 * Kernels of the IR's element-wise and structural ops: one invocation per result word (or per
 * 8-byte element), each result element computed from source elements at indices that are affine
 * in its coordinates,
 *
 *   src_k(e) = base_k + Σ_d coord_d(e) · step_k[d]        (coord_d(e) = (e / stride_d) mod shape_d)
 *
 * which covers element-wise ops (step = the result's strides, or 0 for a scalar operand),
 * broadcast_in_dim, transpose and slice; concatenate picks its operand by the coordinate along
 * its dimension, iota is the coordinate itself. Shapes and steps are compiled in as constants
 * (one pipeline per shape: the backend's cache is bounded, LRU).
 */
import type { DType } from '../../tensor/dtype.js';
import { IR_LIB } from './elementwise.js';
import type { KernelSource } from './kernels.js';
import { WG } from './kernels.js';
import { LIB64 } from './softfloat64.js';
import { LIB, elemType, elementBytes, loader } from './wgsl.js';

/** A source of a map kernel: its dtype and the affine map from result coordinates. */
export interface MapSource {
  readonly dtype: DType;
  readonly base: number;
  /** Per result dim, the source element step (0: the dim does not move this source). */
  readonly steps: readonly number[];
}

/** What a map kernel computes per result element. */
export interface MapSpec {
  readonly shape: readonly number[];
  readonly dtype: DType;
  readonly sources: readonly MapSource[];
  /**
   * The WGSL expression of the element's stored bits, from the sources' values (`s0`, `s1`, …
   * already loaded) and its coordinates (`c0`, `c1`, …, u32).
   */
  readonly value: (vals: readonly string[]) => string;
  /** Concatenate: source k supplies the elements whose coordinate along `dim` is below ends[k]. */
  readonly pick?: { readonly dim: number; readonly ends: readonly number[] };
  /** A whole `fn elem(e: u32) -> R` (with its helpers) instead of the affine one: reduce's fold. */
  readonly elem?: string;
}

const u = (n: number) => `${n >>> 0}u`;

/** Row-major strides of a shape. */
export function stridesOfShape(shape: readonly number[]): number[] {
  const out = shape.map(() => 1);
  for (let d = shape.length - 2; d >= 0; d--) out[d] = out[d + 1] * shape[d + 1];
  return out;
}

/** `fn elem(e: u32) -> R`: coordinates, the sources' indices, and the value. */
function elemFunction(s: MapSpec): string {
  const R = elemType(elementBytes(s.dtype));
  const strides = stridesOfShape(s.shape);
  const coords = s.shape.map((n, d) => `let c${d} = (e / ${u(strides[d])}) % ${u(n)};`);
  // (The coordinate along `shift.dim` first moves back by `shift.by`: concatenate.)
  const index = (k: number, shift = { dim: -1, by: 0 }) => {
    const src = s.sources[k];
    const coord = (d: number) => (d === shift.dim && shift.by ? `(c${d} - ${u(shift.by)})` : `c${d}`);
    const terms = src.steps.map((st, d) => (st === 0 ? '' : ` + ${coord(d)} * ${u(st)}`)).join('');
    return `${u(src.base)}${terms}`;
  };
  if (!s.pick) {
    const loads = s.sources.map((_, k) => `let s${k} = ld_S${k}(${index(k)});`);
    const vals = s.sources.map((_, k) => `s${k}`);
    return `fn elem(e: u32) -> ${R} {\n  ${[...coords, ...loads].join('\n  ')}\n  return ${s.value(vals)};\n}`;
  }
  // Concatenate: the coordinate along dim is shifted by each source's start.
  const { dim, ends } = s.pick;
  const arms = s.sources.map((_, k) => {
    const by = k === 0 ? 0 : ends[k - 1];
    return `if (c${dim} < ${u(ends[k])}) { return ld_S${k}(${index(k, { dim, by })}); }`;
  });
  return `fn elem(e: u32) -> ${R} {\n  ${coords.join('\n  ')}\n  ${arms.join('\n  ')}\n  return ld_S0(0u);\n}`;
}

/** The libraries' declarations (fn, const, struct), each with the names it declares. */
const DECLS: readonly { name: string; text: string }[] = [LIB, LIB64, IR_LIB].flatMap((lib) =>
  lib
    .split(/\n(?=fn |const |struct )/)
    .map((text) => ({ name: /^(?:fn|const|struct)\s+(\w+)/.exec(text.trim())?.[1] ?? '', text }))
    .filter((d) => d.name !== ''),
);

/**
 * Only the library declarations `code` reaches, in library order: SwiftShader compiles what it is
 * given, and each of these kernels is one pipeline per shape and dtype, so a shader of the few
 * helpers an op needs compiles several times faster than one of every soft-float routine.
 */
function librariesFor(code: string): string {
  const used = new Set<string>();
  const pending = [code];
  while (pending.length > 0) {
    const text = pending.pop() as string;
    for (const d of DECLS)
      if (!used.has(d.name) && new RegExp(`\\b${d.name}\\b`).test(text)) {
        used.add(d.name);
        pending.push(d.text);
      }
  }
  return DECLS.filter((d) => used.has(d.name))
    .map((d) => d.text)
    .join('\n');
}

/** The kernel of a map spec. Bindings: S0 … S(k-1) (read), OUT (rw); `words` invocations. */
export function mapKernel(s: MapSpec): { src: KernelSource; words: number } {
  const bytes = elementBytes(s.dtype);
  const n = s.shape.reduce((a, b) => a * b, 1);
  const per = bytes >= 4 ? 1 : 4 / bytes;
  const words = bytes >= 4 ? n : Math.ceil(n / per);
  const header = [
    ...s.sources.map((_, k) => `@group(0) @binding(${k}) var<storage, read> S${k}: array<u32>;`),
    `@group(0) @binding(${s.sources.length}) var<storage, read_write> OUT: array<u32>;`,
  ].join('\n');
  const store =
    bytes === 8
      ? 'let v = elem(i); OUT[2u * i] = v.x; OUT[2u * i + 1u] = v.y;'
      : bytes === 4
        ? 'OUT[i] = elem(i);'
        : `var word = 0u;
  for (var l = 0u; l < ${per}u; l++) {
    let e = i * ${per}u + l;
    if (e >= ${u(n)}) { break; }
    word = word | ((elem(e) & ${u(2 ** (bytes * 8) - 1)}) << (l * ${bytes * 8}u));
  }
  OUT[i] = word;`;
  const own = `${s.sources.map((src, k) => loader(`S${k}`, elementBytes(src.dtype))).join('\n')}
${s.elem ?? elemFunction(s)}`;
  const code = `${header}
${librariesFor(own)}
${own}
@compute @workgroup_size(${WG}) fn main(@builtin(global_invocation_id) g: vec3<u32>, @builtin(num_workgroups) nw: vec3<u32>) {
  let i = g.x + g.y * nw.x * ${WG}u;
  if (i >= ${u(words)}) { return; }
  ${store}
}`;
  return { src: { code, bindings: [...s.sources.map(() => 'read' as const), 'rw'] }, words };
}
