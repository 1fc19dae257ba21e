/**
 * The framework's own words for one element, shown before the StableHLO derivation:
 *
 * - the instantiated formula in the framework's notation, values substituted, e.g. ONNX
 *   GatherElements `output[1][0] = data[1][indices[1][0]] = data[1][1] = 4`;
 * - the policy step, only when it acts (`indices[0, 0] = -2 counts from the end: -2 + 2 = 0`);
 * - the shape algebra: which dims of the indices and the data make each output dim, and for ND
 *   ops the comparison article's rule ("r − m = 1, so each tuple picks a line", output rank
 *   q + r − m − 1 built from the inputs' dims).
 *
 * Pure: it reads the lowered call's index map spec and one {@link Derivation} (the reference
 * evaluator's values), never recomputes an index, so the words cannot disagree with the picture.
 * The tensors' names and the index notation are the framework's description's (src/frameworks,
 * `DESCRIPTIONS_OF`, with the op's own names over them), not a list kept here.
 */
import type { IndexMapSpec } from '../src/core/index-map.js';
import { descriptionOf, wordsOf } from '../src/frameworks/index.js';
import type { OpEntry } from '../src/tables/registry.js';
import type { Derivation, Step } from './derive.js';

/** Slice kinds by the number of dims a slice keeps (the article's r − m). */
const SLICE_KIND = ['element', 'line', 'sheet', 'cuboid', 'tesseract'];
export function sliceKind(dims: number): string {
  return SLICE_KIND[dims] ?? `${dims}-D block`;
}

export interface ShapeSource {
  /** The output (gather) / updates (scatter) dim. */
  readonly dim: number;
  readonly size: number;
  /** Where its size comes from. */
  readonly from: 'indices' | 'data';
  /** The indices or data dim. */
  readonly source: number;
  /** `batch` (an index position), `batching` (paired with a data dim) or `window` (inside the slice). */
  readonly role: 'batch' | 'batching' | 'window';
}

export interface Words {
  /** The instantiated formula, framework notation, values substituted. */
  readonly formula: string;
  /** The policy steps that act on this element, in the framework's words. */
  readonly policy: readonly string[];
  /** For every output (updates) dim, the input dim that makes it. */
  readonly dims: readonly ShapeSource[];
  /** The shape rule as a sentence (with the r − m slice rule for ND ops). */
  readonly shapeRule: readonly string[];
}

export interface WordsInput {
  readonly entry: OpEntry;
  readonly attrs: Readonly<Record<string, unknown>>;
  readonly spec: IndexMapSpec;
  readonly derivation: Derivation;
  /** The element's index in the output (gather, after any final reshape) or the updates (scatter). */
  readonly at: readonly number[];
  /** The value read (gather: the output element; scatter: the update), when there is one. */
  readonly value?: string;
  /** Gather: the data element read; scatter: the target's value after the call. */
  readonly target?: string;
  /** Scatter's update computation (`add`, `mul`, `max`, …; `replace` or absent assigns). */
  readonly reducer?: string;
  /** The user's shapes (before any lowering reshape), for the shape rule. */
  readonly dataShape?: readonly number[];
  readonly indicesShape: readonly number[];
}

function step(d: Derivation, key: Step['key']): Step | undefined {
  return d.steps.find((s) => s.key === key);
}

const num = (s: Step | undefined, dim: number): number => {
  const v = s?.values.find((x) => x.dim === dim)?.value;
  return typeof v === 'number' ? v : Number(v);
};

/** Derives the framework's words for one element (see the module comment). */
export function frameworkWords(input: WordsInput): Words {
  const { entry, spec, derivation: d } = input;
  const w = wordsOf(entry);
  const nested = descriptionOf(entry.framework).notation === 'nested';
  const idx = (xs: readonly (string | number)[]) =>
    xs.length === 0 ? '[]' : nested ? xs.map((x) => `[${x}]`).join('') : `[${xs.join(', ')}]`;
  const gather = entry.signature.kind === 'gather';
  // The index vector's components, where each sits in the indices tensor.
  const scalarIndices = spec.indexVectorDim >= spec.indicesShape.length;
  const read = step(d, 'read');
  const ref = (k: number) => {
    const p = d.indexPositions[k] ?? [];
    return `${w.indices}${idx(scalarIndices ? p : p)}`;
  };
  const window = step(d, 'window');
  const batching = step(d, 'batching');
  const final = step(d, 'operand');
  const symbolic: string[] = [];
  const literal: string[] = [];
  for (let dim = 0; dim < spec.operandShape.length; dim++) {
    const k = spec.startIndexMap.indexOf(dim);
    const off = num(window, dim);
    const bat = spec.operandBatchingDims.includes(dim) ? num(batching, dim) : 0;
    if (k >= 0) symbolic.push(off || bat ? `${ref(k)} + ${off + bat}` : ref(k));
    else symbolic.push(String(off + bat));
    literal.push(String(final?.values[dim]?.value ?? '?'));
  }
  const space = `${gather ? w.result : w.updates}${idx(input.at)}`;
  const operandName = gather ? w.operand : w.target;
  const reached = d.operand ? `${operandName}${idx(literal)}` : null;
  const sym = `${operandName}${idx(symbolic)}`;
  let formula: string;
  if (gather) {
    const tail = reached ? ` = ${reached}${input.value !== undefined ? ` = ${input.value}` : ''}` : '';
    formula = `${space} = ${sym}${tail}${reached ? '' : ` → ${fate(d)}`}`;
  } else {
    const op = assignOp(input.reducer);
    const upd = `${space}${input.value !== undefined ? ` (= ${input.value})` : ''}`;
    formula = reached
      ? `${sym} ${op} ${upd}, so ${reached} ${op} ${input.value ?? upd}${input.target !== undefined ? ` → ${input.target}` : ''}`
      : `${sym} ${op} ${upd} → ${fate(d)}`;
  }
  if (read && scalarIndices === false && spec.startIndexMap.length > 1)
    formula += `   (tuple ${w.indices}${idx(tupleAt(d, spec))} = (${read.values.map((v) => v.value).join(', ')}))`;
  return {
    formula,
    policy: policyWords(d, spec, w.indices, idx),
    dims: shapeSources(spec),
    shapeRule: shapeRule(input),
  };
}

function assignOp(reducer: string | undefined): string {
  if (!reducer || reducer === 'replace' || reducer === 'none' || reducer === 'assign') return '=';
  if (reducer === 'add' || reducer === 'sum') return '+=';
  if (reducer === 'mul' || reducer === 'prod' || reducer === 'multiply') return '*=';
  return `⟵ ${reducer}`;
}

function fate(d: Derivation): string {
  if (d.status === 'filled') return 'out of range: the fill value';
  if (d.status === 'dropped') return 'out of range: the update is dropped';
  if (d.status === 'skipped') return 'outside the data: skipped';
  if (d.status === 'error') return 'out of range: the call raises';
  return 'nothing is read or written';
}

/** The position of the whole index tuple (the index vector dim shown as `:`). */
function tupleAt(d: Derivation, spec: IndexMapSpec): (string | number)[] {
  const p = d.indexPositions[0] ?? [];
  return p.map((v, k) => (k === spec.indexVectorDim ? ':' : v));
}

/** The policy in words: only the components it changes, with the arithmetic it does. */
function policyWords(
  d: Derivation,
  spec: IndexMapSpec,
  indices: string,
  idx: (xs: readonly (string | number)[]) => string,
): string[] {
  const out: string[] = [];
  const mapped = step(d, 'map');
  const neg = step(d, 'negative');
  if (neg)
    for (const v of neg.values)
      if (v.changed) {
        const k = spec.startIndexMap.indexOf(v.dim);
        const raw = num(mapped, v.dim);
        out.push(
          `${indices}${idx(d.indexPositions[k] ?? [])} = ${raw} counts from the end of dim ${v.dim}: ${raw} + ${spec.operandShape[v.dim]} = ${v.value}`,
        );
      }
  const pol = step(d, 'policy');
  if (pol) out.push(`${pol.name}: ${pol.note ?? ''}`.trim());
  return out;
}

/** Which input dim makes each output (updates) dim: index positions, batching pairs, slice dims. */
export function shapeSources(spec: IndexMapSpec): ShapeSource[] {
  const batchDims = spec.indicesShape.map((_, k) => k).filter((k) => k !== spec.indexVectorDim);
  const windowDims = spec.operandShape
    .map((_, k) => k)
    .filter((k) => !spec.collapsedDims.includes(k) && !spec.operandBatchingDims.includes(k));
  let b = 0;
  let j = 0;
  return spec.spaceShape.map((size, dim) => {
    if (spec.windowSpaceDims.includes(dim)) {
      const source = windowDims[j++];
      return { dim, size, from: 'data', source, role: 'window' };
    }
    const source = batchDims[b++];
    return {
      dim,
      size,
      from: 'indices',
      source,
      role: spec.indicesBatchingDims.includes(source) ? 'batching' : 'batch',
    };
  });
}

const shapeText = (s: readonly number[]) => `[${s.join(', ')}]`;

/** The shape rule: the ND rule with r, q, m (and b) when the family is ND, else the dim sources. */
function shapeRule(input: WordsInput): string[] {
  const { entry, spec } = input;
  const fam = entry.signature.family;
  const w = wordsOf(entry);
  const gather = entry.signature.kind === 'gather';
  const outName = gather ? w.result : w.updates;
  const lines: string[] = [];
  if (fam === 'nd' || fam === 'scatter_nd') {
    const data = input.dataShape ?? spec.operandShape;
    const ind = input.indicesShape;
    const first = entry.signature.indexVector === 'first';
    const r = data.length;
    const q = ind.length;
    const m = first ? ind[0] : ind[q - 1];
    const bRaw = input.attrs.batch_dims;
    const b = typeof bRaw === 'number' ? bRaw : 0;
    const keep = r - m - b;
    const lead = first ? ind.slice(1) : ind.slice(0, -1);
    const sliceShape = data.slice(b + m);
    const bTerm = b ? ` − b` : '';
    lines.push(
      `r = rank(${w.operand}) = ${r}, q = rank(${w.indices}) = ${q}, m = ${w.indices}.shape[${first ? 0 : -1}] = ${m}${b ? `, b = batch_dims = ${b}` : ''}: r − m${bTerm} = ${keep}, so each tuple picks ${keep === 0 ? 'an' : 'a'} ${sliceShape.length ? sliceKind(keep) : 'element'}${keep ? ` of shape ${shapeText(sliceShape)}` : ''}.`,
    );
    const total = [...lead, ...sliceShape];
    lines.push(
      `${outName} shape = ${w.indices}.shape[${first ? '1:' : ':-1'}] + ${w.operand}.shape[${b ? 'b + ' : ''}m:] = ${shapeText(lead)} + ${shapeText(sliceShape)} = ${shapeText(total)} (rank q + r − m${bTerm} − 1 = ${q} + ${r} − ${m}${b ? ` − ${b}` : ''} − 1 = ${q + r - m - b - 1}).`,
    );
  }
  const src = shapeSources(spec);
  if (src.length)
    lines.push(
      `${outName} dims: ${src
        .map(
          (s) =>
            `${s.dim} (${s.size}) ← ${s.from === 'indices' ? w.indices : w.operand} dim ${s.source}${s.role === 'batching' ? ' (batching, paired)' : s.role === 'window' ? ' (inside the slice)' : ''}`,
        )
        .join(', ')}.`,
    );
  else lines.push(`${outName} is a scalar: one index tuple, one element.`);
  return lines;
}
