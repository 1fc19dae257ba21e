/**
 * A differential campaign against someone else's runtime: seeded random calls from a public
 * generator (shapes, dtypes, reductions and modes, negative / out-of-bounds / duplicate indices,
 * NaN ±0 ∞, and invalid calls the spec says must fail), each result checked with `verify`, each
 * departure minimised (index rows dropped while it persists) and grouped by (op, class).
 *
 * A runtime is `{ name, ops, run({ op, opset, inputs, attributes }) }`: `inputs` by argument name
 * (`data`, `indices`, `updates`, as this library's Tensors: dtype, shape, row-major data), the
 * result a Tensor or `{ dtype, shape, data | values }`, or a throw for a refusal. A throw, a crash
 * or a hang (past `timeoutMs`, a departure of class `no answer (timeout)`) costs one case, never
 * the campaign; only a runtime that cannot run at all (`oracle.runtime.unavailable`) stops it.
 */
import { InvalidArgumentError, isGatherScatterError } from '../errors.js';
import { type CallArgs, type OpEntry, buildRegistry, lowerCall } from '../tables/registry.js';
import type { DType } from '../tensor/dtype.js';
import { type NestedArray, Tensor, tensor } from '../tensor/tensor.js';
import { type Candidate, type Verdict, verifyLowering } from './verify.js';

/** What a runtime is asked to compute. */
export interface RuntimeRequest {
  /** The registry op id, e.g. `onnx.ScatterND`. */
  readonly op: string;
  /** The opset (ONNX) or version the call targets, when the op has one. */
  readonly opset?: number | string;
  /** The input tensors by argument name (`data`, `indices`, `updates`). */
  readonly inputs: Readonly<Record<string, Tensor>>;
  /** The op's attributes by name. */
  readonly attributes: Readonly<Record<string, unknown>>;
}

/** A result as a runtime may give it. */
export type RuntimeResult =
  | Tensor
  | {
      /** The result's dtype. */
      readonly dtype: DType;
      /** The result's shape. */
      readonly shape: readonly number[];
      /** Flat row-major elements (give this or `values`). */
      readonly data?: ArrayLike<number | bigint>;
      /** Nested elements (give this or `data`). */
      readonly values?: NestedArray;
    };

/** The runtime under test. */
export interface Runtime {
  /** The runtime's name in reports. */
  readonly name: string;
  /** Registry op ids it implements, e.g. `onnx.ScatterND`. */
  readonly ops: readonly string[];
  /** Data dtypes it takes (default float32, float16 and int32): the generator draws only these. */
  readonly dtypes?: readonly DType[];
  /** Computes one request; a throw is a refusal. */
  run(request: RuntimeRequest): Promise<RuntimeResult | readonly RuntimeResult[]> | RuntimeResult;
}

/** Options of a campaign. */
export interface CampaignOptions {
  /** The registry op ids to draw from (default: every op the runtime implements). */
  readonly ops?: readonly string[];
  /** The number of cases. */
  readonly n: number;
  /** The PRNG seed (one seed drives the whole campaign). */
  readonly seed: number;
  /** Bound on one case (ms); default 5000. */
  readonly timeoutMs?: number;
  /** Receives a line of progress now and then. */
  readonly progress?: (line: string) => void;
}

/** A tensor as JSON: `{ dtype, shape, values }` (NaN/±∞ as strings, 64-bit as strings). */
export interface TensorJson {
  /** The dtype. */
  readonly dtype: string;
  /** The shape. */
  readonly shape: readonly number[];
  /** The elements, flat and row-major. */
  readonly values: readonly unknown[];
}

/** One group of departures: an op and a class, with a minimised example. */
export interface Departure {
  /** The registry op id. */
  readonly op: string;
  /** The verdict's class (`wrong value`, `rejects valid input`, `accepts invalid input`, …), or `no answer (timeout)` for a case that hung. */
  readonly class: string;
  /** How many cases departed this way. */
  readonly count: number;
  /** The first such case, minimised. */
  readonly example: {
    /** The inputs by argument name. */
    readonly inputs: Readonly<Record<string, TensorJson>>;
    /** The attributes. */
    readonly attributes: Readonly<Record<string, unknown>>;
    /** The opset, when the op has one. */
    readonly opset?: number | string;
    /** What the framework allows, in words. */
    readonly expected: string;
    /** What the runtime gave. */
    readonly got: string;
    /** Why it is not allowed. */
    readonly reason: string;
  };
}

/** What a campaign found. */
export interface CampaignReport {
  /** The runtime's name. */
  readonly runtime: string;
  /** The number of cases run. */
  readonly cases: number;
  /** The runtime gave the library's own answer. */
  readonly agree: number;
  /** Another answer the framework allows, or an input outside the spec's domain. */
  readonly allowed: number;
  /** The departures, grouped by (op, class). */
  readonly departures: readonly Departure[];
}

/** A seeded PRNG (mulberry32): one seed drives a whole campaign. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)];
  return {
    /** A float in [0, 1). */
    next,
    /** An integer in [lo, hi]. */
    int,
    /** One element of `xs`. */
    pick,
  };
}
/** The seeded PRNG `prng(seed)` returns. */
export type Prng = ReturnType<typeof prng>;

const REDUCTIONS = ['none', 'add', 'mul', 'max', 'min'];

/** The data dtypes a campaign draws, with their weights: mostly float32, some int32, float16. */
const DATA_DTYPES: readonly DType[] = ['float32', 'int32', 'float16'];
const WEIGHTS: Readonly<Record<string, number>> = { float32: 6, int32: 3, float16: 1 };

function drawDType(r: Prng, dtypes: readonly DType[]): DType {
  const total = dtypes.reduce((s, d) => s + (WEIGHTS[d] ?? 1), 0);
  let u = r.next() * total;
  for (const d of dtypes) {
    u -= WEIGHTS[d] ?? 1;
    if (u < 0) return d;
  }
  return dtypes[dtypes.length - 1];
}

/**
 * One random call of `entry` (the public generator): data of 2–5 rows × 3, 1–6 index rows with
 * negative, out-of-bounds and duplicate values, NaN ±0 ∞ among float values; about one call in
 * ten is invalid on purpose (an index row of the wrong width, or an axis out of range).
 */
export function randomCall(entry: OpEntry, r: Prng, dtypes: readonly DType[] = DATA_DTYPES): CallArgs {
  const dtype = drawDType(r, dtypes);
  const float = dtype === 'float32' || dtype === 'float16';
  const rows = r.int(2, 5);
  const specials = [Number.NaN, -0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  const value = () =>
    float && r.next() < 0.15 ? r.pick(specials) : r.pick([1, -1, 0.5, 3, 7, 1e8, -1e8, 0.1]);
  const intValue = () => r.int(-9, 9);
  const v = float ? value : intValue;
  const family = entry.signature.family;
  // Element-wise families need index rows ≤ data rows (the shape rule); others take any count.
  const k = r.int(1, family === 'elements' || family === 'scatter_elements' ? rows : 6);
  // Mostly in range (so duplicates meet), some negative, some out of bounds on either side.
  const idx = () => {
    const u = r.next();
    return u < 0.65 ? r.int(0, rows - 1) : u < 0.94 ? r.int(-rows, -1) : r.pick([rows, rows + 1, -rows - 1]);
  };
  const invalid = r.next() < 0.1;
  const nd = family === 'nd' || family === 'scatter_nd';
  // ND index vectors address 1 or 2 of the data's 2 dims (4: more than its rank, invalid).
  const width = nd ? (invalid ? 4 : r.pick([1, 2])) : invalid ? 4 : 3;
  const indices: NestedArray =
    family === 'take' || family === 'scatter_take' || family === 'flat'
      ? Array.from({ length: k }, idx)
      : Array.from({ length: k }, () => Array.from({ length: width }, idx));
  const attrs: Record<string, unknown> = { ...(entry.signature.example ?? {}) };
  if ('reduction' in attrs) attrs.reduction = r.pick(REDUCTIONS);
  if (entry.signature.modes) attrs.mode = r.pick(entry.signature.modes);
  // One invalid thing at a time: a wrong row width where rows exist, else an axis out of range.
  const flatIndices = family === 'take' || family === 'scatter_take' || family === 'flat';
  if (invalid && flatIndices && ('axis' in attrs || 'dim' in attrs))
    attrs['axis' in attrs ? 'axis' : 'dim'] = 5;
  return {
    data: Array.from({ length: rows }, () => [v(), v(), v()]),
    indices,
    ...(entry.signature.kind === 'scatter'
      ? { updates: Array.from({ length: k }, () => (nd && width === 2 ? v() : [v(), v(), v()])) }
      : {}),
    attrs,
    dataDType: dtype,
  };
}

/** The request a runtime gets for a call: its tensors by argument name. */
function requestOf(entry: OpEntry, args: CallArgs): RuntimeRequest {
  const inputs: Record<string, Tensor> = {
    data: tensor(args.data as NestedArray, args.dataDType),
    indices: tensor(args.indices, args.indexDType ?? entry.signature.indexDType ?? 'int64'),
  };
  if (args.updates !== undefined) inputs.updates = tensor(args.updates, args.dataDType);
  return {
    op: entry.id,
    ...(args.version !== undefined ? { opset: args.version } : {}),
    inputs,
    attributes: args.attrs ?? {},
  };
}

/** A runtime's result as a Tensor (the first, when it returns several). */
function asTensor(result: RuntimeResult | readonly RuntimeResult[]): Tensor {
  const r = Array.isArray(result) ? (result as readonly RuntimeResult[])[0] : (result as RuntimeResult);
  if (r instanceof Tensor) return r;
  if (r.values !== undefined) return tensor(r.values, r.dtype).reshape([...r.shape]);
  return tensor(Array.from(r.data ?? []) as number[], r.dtype).reshape([...r.shape]);
}

/** The error candidates that stand for a hang: no answer, so never counted as a refusal that agrees. */
const TIMED_OUT = new WeakSet<object>();

/** The departure class of a case that gave no answer within its bound. */
const NO_ANSWER = 'no answer (timeout)';

/** Runs one case on the runtime, bounded in time; a throw or a hang becomes an error candidate. */
async function candidateOf(runtime: Runtime, request: RuntimeRequest, timeoutMs: number): Promise<Candidate> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Candidate>((ok) => {
    timer = setTimeout(() => {
      const c = { error: `timeout after ${timeoutMs} ms` };
      TIMED_OUT.add(c);
      ok(c);
    }, timeoutMs);
  });
  const run = (async (): Promise<Candidate> => {
    try {
      return asTensor(await runtime.run(request));
    } catch (e) {
      // A runtime that cannot run at all has no answers to count: the campaign stops with why.
      if (isGatherScatterError(e, 'oracle.runtime.unavailable')) throw e;
      // Any other throw of the runtime under test is its refusal (or crash) of this one case.
      return { error: e instanceof Error ? e.message : String(e) };
    }
  })();
  try {
    return await Promise.race([run, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The departure class of a verdict (the first violation's). */
const classOf = (v: Verdict): string => v.violations[0]?.class ?? 'departs';

/** A case's departure class, or undefined when it agrees or is allowed: a hang departs whatever the call. */
const caseClass = (c: Candidate, v: Verdict): string | undefined =>
  TIMED_OUT.has(c) ? NO_ANSWER : v.verdict === 'departs' ? classOf(v) : undefined;

/** Drops index rows (with their updates) while the departure persists with the same class. */
async function minimise(
  runtime: Runtime,
  entry: OpEntry,
  namespaces: Readonly<Record<string, unknown>>,
  args: CallArgs,
  cls: string,
  timeoutMs: number,
): Promise<{ args: CallArgs; verdict: Verdict; candidate: Candidate }> {
  let best = args;
  let shrunk = true;
  while (shrunk) {
    shrunk = false;
    const rows = best.indices as NestedArray[];
    for (let i = 0; i < rows.length && rows.length > 1; i++) {
      const drop = <T>(xs: readonly T[]) => xs.filter((_, j) => j !== i);
      const trial: CallArgs = {
        ...best,
        indices: drop(rows),
        ...(best.updates !== undefined ? { updates: drop(best.updates as NestedArray[]) } : {}),
      };
      const c = await candidateOf(runtime, requestOf(entry, trial), timeoutMs);
      const v = verifyLowering(() => lowerCall(namespaces, entry, trial), c);
      if (caseClass(c, v) === cls) {
        best = trial;
        shrunk = true;
        break;
      }
    }
  }
  const candidate = await candidateOf(runtime, requestOf(entry, best), timeoutMs);
  return {
    args: best,
    candidate,
    verdict: verifyLowering(() => lowerCall(namespaces, entry, best), candidate),
  };
}

function tensorJson(t: Tensor): TensorJson {
  const values = t
    .toFlatArray()
    .map((v) =>
      typeof v === 'number' && !Number.isFinite(v) ? String(v) : typeof v === 'bigint' ? String(v) : v,
    );
  return { dtype: t.dtype, shape: [...t.shape], values };
}

/** Runs the campaign and returns its report (departures sorted by op, then class). */
export async function runCampaign(
  runtime: Runtime,
  namespaces: Readonly<Record<string, unknown>>,
  options: CampaignOptions,
): Promise<CampaignReport> {
  const registry = buildRegistry(namespaces);
  const wanted = options.ops ?? runtime.ops;
  const entries = registry.filter(
    (e) => e.state === 'ready' && wanted.includes(e.id) && runtime.ops.includes(e.id),
  );
  if (entries.length === 0)
    throw new InvalidArgumentError(
      'oracle.campaign.ops',
      `campaign: no op both listed and implemented by ${runtime.name}`,
    );
  const r = prng(options.seed);
  const timeoutMs = options.timeoutMs ?? 5000;
  let agree = 0;
  let allowed = 0;
  const groups = new Map<
    string,
    { op: string; cls: string; count: number; args: CallArgs; entry: OpEntry }
  >();
  for (let i = 0; i < options.n; i++) {
    const entry = entries[i % entries.length];
    const args = randomCall(entry, r, runtime.dtypes);
    const candidate = await candidateOf(runtime, requestOf(entry, args), timeoutMs);
    const v = verifyLowering(() => lowerCall(namespaces, entry, args), candidate);
    const cls = caseClass(candidate, v);
    if (cls !== undefined) {
      const key = `${entry.id}\u0000${cls}`;
      const g = groups.get(key);
      if (g) g.count++;
      else groups.set(key, { op: entry.id, cls, count: 1, args, entry });
    } else if (v.verdict === 'allowed' && v.liberties.length === 0) agree++;
    else allowed++;
    if ((i + 1) % 100 === 0)
      options.progress?.(`${runtime.name}: ${i + 1}/${options.n} cases, ${groups.size} departure classes`);
  }
  const departures: Departure[] = [];
  for (const g of [...groups.values()].sort(
    (a, b) => a.op.localeCompare(b.op) || a.cls.localeCompare(b.cls),
  )) {
    const m = await minimise(runtime, g.entry, namespaces, g.args, g.cls, timeoutMs);
    const req = requestOf(g.entry, m.args);
    const x = m.verdict.violations[0];
    departures.push({
      op: g.op,
      class: g.cls,
      count: g.count,
      example: {
        inputs: Object.fromEntries(Object.entries(req.inputs).map(([k, t]) => [k, tensorJson(t)])),
        attributes: req.attributes,
        ...(req.opset !== undefined ? { opset: req.opset } : {}),
        expected: x?.expected ?? '',
        got: x?.got ?? (m.candidate instanceof Tensor ? 'a tensor' : `error: ${m.candidate.error}`),
        reason:
          g.cls === NO_ANSWER ? `no answer within ${timeoutMs} ms` : x ? `${x.reason} (${x.rule.code})` : '',
      },
    });
  }
  return { runtime: runtime.name, cases: options.n, agree, allowed, departures };
}

/** The departure table: op, class, count, smallest example. */
export function departureTable(report: CampaignReport): string {
  const lines = [
    `${report.runtime}: ${report.cases} cases, ${report.agree} agree, ${report.allowed} allowed otherwise, ${report.departures.length} departure classes`,
    '| op | class | count | smallest example |',
    '|---|---|---|---|',
  ];
  for (const d of report.departures) {
    const ins = Object.entries(d.example.inputs)
      .map(
        ([k, t]) => `${k}=${JSON.stringify(t.values)}${t.shape.length > 1 ? `(${t.shape.join('x')})` : ''}`,
      )
      .join(' ');
    lines.push(
      `| ${d.op} | ${d.class} | ${d.count} | ${ins} ${JSON.stringify(d.example.attributes)}: expected ${d.example.expected}, got ${d.example.got} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
