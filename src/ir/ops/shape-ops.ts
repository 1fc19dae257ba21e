/**
 * The structural ops: they move elements and never change one (bits are copied exactly), except
 * constant and iota, which make them.
 *
 * - constant: `output = value`.
 * - iota: `output[i] = i[iota_dimension]`, converted to the element type.
 * - broadcast_in_dim: `result[r] = operand[o]`, `o[d] = dim(operand, d) = 1 ? 0 : r[broadcast_dimensions[d]]`.
 * - reshape: the same elements in row-major order under another shape.
 * - transpose: `result[r] = operand[o]` where `r[d] = o[permutation[d]]`.
 * - concatenate: the inputs one after another along `dimension`.
 * - slice: `result[r] = operand[start_indices + r * strides]`.
 * - dynamic_slice: `result[r] = operand[clamp(0, start_indices, shape(operand) - slice_sizes) + r]`.
 * - dynamic_update_slice: `result = operand` except `result[s + u] = update[u]` for every index u
 *   of update, `s = clamp(0, start_indices, shape(operand) - shape(update))` (a start past the end
 *   moves the window back inside, so every element of update is written).
 * - pad: `result[lo + o * (interior + 1)] = operand[o]`, padding_value elsewhere; a negative edge
 *   padding removes that many elements of the interior-padded operand.
 */
import { fmt } from '../../errors.js';
import { Tensor, stridesOf } from '../../tensor/tensor.js';
import type { TensorType } from '../program.js';
import {
  INT,
  INT_OR_FLOAT,
  type OpOf,
  type OpRule,
  type RuleTable,
  alloc,
  argError,
  checkElement,
  checkRange,
  checkResults,
  checkUnique,
  copyAt,
  declaredResult,
  moveAt,
  offsets,
  sizeOf,
  typeError,
  typeText,
  words,
} from './common.js';
import { encoder } from './elements.js';

const constant: OpRule<'constant'> = {
  arity: 0,
  infer(op) {
    const { value } = op;
    if (!(value instanceof Tensor)) argError('constant', 'I1', 'value must be a tensor constant', fmt(value));
    return checkResults(op, [{ shape: value.shape, dtype: value.dtype }], { shape: 'C1', dtype: 'C1' });
  },
  run: (op) => [op.value.clone()],
};

const iota: OpRule<'iota'> = {
  arity: 0,
  infer(op) {
    const out = declaredResult(op);
    // `output` is a tensor of integer or floating-point type: the output table, no constraint number.
    checkElement('iota', 'output', 'output', out, INT_OR_FLOAT);
    checkRange('iota', 'C1', '0 <= iota_dimension < rank(output)', [op.iota_dimension], 0, out.shape.length);
    return [out];
  },
  run(op) {
    const out = alloc(op.results[0]);
    const steps = out.shape.map((_, d) => (d === op.iota_dimension ? 1 : 0));
    const at = offsets(out.shape, steps, 0); // the index along iota_dimension
    const put = encoder(out.dtype, 'int64');
    const o = out.data;
    for (let i = 0; i < at.length; i++) o[i] = put(at[i]);
    return [out];
  },
};

/** Throws `stablehlo.<op>.<c>` unless the declared result keeps the operand's element type. */
function checkSameElement(op: string, c: string, operand: TensorType, result: TensorType): void {
  if (operand.dtype !== result.dtype)
    typeError(
      op,
      c,
      'element_type(result) = element_type(operand)',
      `${typeText(operand)} → ${typeText(result)}`,
    );
}

const broadcastInDim: OpRule<'broadcast_in_dim'> = {
  arity: 1,
  infer(op, [operand]) {
    const out = declaredResult(op);
    const dims = op.broadcast_dimensions;
    checkSameElement('broadcast_in_dim', 'C1', operand, out);
    if (dims.length !== operand.shape.length)
      argError(
        'broadcast_in_dim',
        'C2',
        'size(broadcast_dimensions) = rank(operand)',
        `${fmt(dims)} for ${typeText(operand)}`,
      );
    checkRange(
      'broadcast_in_dim',
      'C3',
      `0 <= broadcast_dimensions < rank(result) = ${out.shape.length}`,
      dims,
      0,
      out.shape.length,
    );
    checkUnique('broadcast_in_dim', 'C4', 'broadcast_dimensions', dims);
    operand.shape.forEach((n, d) => {
      if (n !== 1 && n !== out.shape[dims[d]])
        argError(
          'broadcast_in_dim',
          'C5',
          'dim(operand, d) = 1 or dim(operand, d) = dim(result, broadcast_dimensions[d])',
          `dimension ${d}: ${typeText(operand)} → ${typeText(out)}`,
        );
    });
    return [out];
  },
  run(op, [operand]) {
    const out = alloc(op.results[0]);
    const strides = stridesOf(operand.shape);
    const steps = new Array<number>(out.shape.length).fill(0);
    operand.shape.forEach((n, d) => {
      if (n !== 1) steps[op.broadcast_dimensions[d]] = strides[d];
    });
    copyAt(operand, out, offsets(out.shape, steps, 0));
    return [out];
  },
};

const reshape: OpRule<'reshape'> = {
  arity: 1,
  infer(op, [operand]) {
    const out = declaredResult(op);
    checkSameElement('reshape', 'C1', operand, out);
    if (sizeOf(operand.shape) !== sizeOf(out.shape))
      argError('reshape', 'C2', 'size(operand) = size(result)', `${typeText(operand)} → ${typeText(out)}`);
    return [out];
  },
  run(op, [operand]) {
    const out = alloc(op.results[0]);
    (out.data as { set(a: ArrayLike<unknown>): void }).set(operand.data); // same type: a byte copy
    return [out];
  },
};

const transpose: OpRule<'transpose'> = {
  arity: 1,
  infer(op, [operand]) {
    const perm = op.permutation;
    const rank = operand.shape.length;
    const rule = `permutation is a permutation of range(rank(operand)) = range(${rank})`;
    checkRange('transpose', 'C2', rule, perm, 0, rank);
    if (perm.length !== rank) argError('transpose', 'C2', rule, fmt(perm));
    checkUnique('transpose', 'C2', 'permutation', perm);
    const shape = perm.map((d) => operand.shape[d]);
    return checkResults(op, [{ shape, dtype: operand.dtype }], { shape: 'C3', dtype: 'C1' });
  },
  run(op, [operand]) {
    const strides = stridesOf(operand.shape);
    const out = alloc({ shape: op.permutation.map((d) => operand.shape[d]), dtype: operand.dtype });
    copyAt(
      operand,
      out,
      offsets(
        out.shape,
        op.permutation.map((d) => strides[d]),
        0,
      ),
    );
    return [out];
  },
};

/** The result shape of concatenate, checking C1–C4. */
function concatShape(dimension: number, inputs: readonly TensorType[]): number[] {
  if (inputs.length === 0) argError('concatenate', 'C3', '0 < size(inputs)', '0 inputs');
  const first = inputs[0];
  for (const t of inputs)
    if (t.dtype !== first.dtype)
      typeError('concatenate', 'C1', 'same(element_type(inputs...))', inputs.map(typeText).join(', '));
  checkRange(
    'concatenate',
    'C4',
    `0 <= dimension < rank(inputs[0]) = ${first.shape.length}`,
    [dimension],
    0,
    first.shape.length,
  );
  const shape = [...first.shape];
  shape[dimension] = 0;
  for (const t of inputs) {
    const same =
      t.shape.length === shape.length && t.shape.every((n, d) => d === dimension || n === shape[d]);
    if (!same)
      argError(
        'concatenate',
        'C2',
        'same(shape(inputs...)) except for dim(inputs..., dimension)',
        inputs.map(typeText).join(', '),
      );
    shape[dimension] += t.shape[dimension];
  }
  return shape;
}

const concatenate: OpRule<'concatenate'> = {
  arity: { min: 0 },
  infer: (op, inputs) =>
    checkResults(op, [{ shape: concatShape(op.dimension, inputs), dtype: inputs[0].dtype }], {
      shape: 'C6',
      dtype: 'C5',
    }),
  run(op, inputs) {
    const d = op.dimension;
    const out = alloc({ shape: concatShape(d, inputs), dtype: inputs[0].dtype });
    const { cells: o, lanes } = words(out.data, out.dtype);
    const outer = sizeOf(out.shape.slice(0, d));
    const row = sizeOf(out.shape.slice(d)) * lanes;
    let at = 0; // where this input's block starts in each row
    for (const t of inputs) {
      const { cells: s } = words(t.data, t.dtype);
      const n = sizeOf(t.shape.slice(d)) * lanes;
      for (let i = 0; i < outer && n > 0; i++)
        (o as Int32Array).set((s as Int32Array).subarray(i * n, (i + 1) * n), i * row + at);
      at += n;
    }
    return [out];
  },
};

/** The result shape of slice, checking C2–C4. */
function sliceShape(
  op: { start_indices: readonly number[]; limit_indices: readonly number[]; strides: readonly number[] },
  operand: TensorType,
): number[] {
  const { start_indices: start, limit_indices: limit, strides } = op;
  const rank = operand.shape.length;
  if (start.length !== rank || limit.length !== rank || strides.length !== rank)
    argError(
      'slice',
      'C2',
      'size(start_indices) = size(limit_indices) = size(strides) = rank(operand)',
      `${fmt(start)}, ${fmt(limit)}, ${fmt(strides)} for ${typeText(operand)}`,
    );
  for (let d = 0; d < rank; d++)
    if (
      !(
        Number.isInteger(start[d]) &&
        Number.isInteger(limit[d]) &&
        start[d] >= 0 &&
        start[d] <= limit[d] &&
        limit[d] <= operand.shape[d]
      )
    )
      argError(
        'slice',
        'C3',
        '0 <= start_indices <= limit_indices <= shape(operand)',
        `start_indices ${fmt(start)}, limit_indices ${fmt(limit)} for ${typeText(operand)}`,
      );
  checkRange('slice', 'C4', '0 < strides', strides, 1, Number.POSITIVE_INFINITY);
  return start.map((s, d) => Math.ceil((limit[d] - s) / strides[d]));
}

const slice: OpRule<'slice'> = {
  arity: 1,
  infer: (op, [operand]) =>
    checkResults(op, [{ shape: sliceShape(op, operand), dtype: operand.dtype }], {
      shape: 'C5',
      dtype: 'C1',
    }),
  run(op, [operand]) {
    const out = alloc({ shape: sliceShape(op, operand), dtype: operand.dtype });
    const strides = stridesOf(operand.shape);
    const base = op.start_indices.reduce((a, s, d) => a + s * strides[d], 0);
    copyAt(
      operand,
      out,
      offsets(
        out.shape,
        strides.map((s, d) => s * op.strides[d]),
        base,
      ),
    );
    return [out];
  },
};

const dynamicSlice: OpRule<'dynamic_slice'> = {
  arity: { min: 1 },
  infer(op, [operand, ...starts]) {
    const sizes = op.slice_sizes;
    const rank = operand.shape.length;
    if (starts.length !== rank || sizes.length !== rank)
      argError(
        'dynamic_slice',
        'C2',
        'size(start_indices) = size(slice_sizes) = rank(operand)',
        `${starts.length} start indices, slice_sizes ${fmt(sizes)} for ${typeText(operand)}`,
      );
    checkStarts('dynamic_slice', 'I2', starts);
    if (starts.some((s) => s.dtype !== starts[0].dtype))
      typeError('dynamic_slice', 'C3', 'same(type(start_indices...))', starts.map(typeText).join(', '));
    sizes.forEach((n, d) => {
      if (!(Number.isInteger(n) && n >= 0 && n <= operand.shape[d]))
        argError(
          'dynamic_slice',
          'C4',
          '0 <= slice_sizes <= shape(operand)',
          `slice_sizes ${fmt(sizes)} for ${typeText(operand)}`,
        );
    });
    return checkResults(op, [{ shape: [...sizes], dtype: operand.dtype }], { shape: 'C5', dtype: 'C1' });
  },
  run(op, [operand, ...starts]) {
    const out = alloc({ shape: op.slice_sizes, dtype: operand.dtype });
    const strides = stridesOf(operand.shape);
    copyAt(operand, out, offsets(out.shape, strides, windowStart(starts, operand.shape, out.shape, strides)));
    return [out];
  },
};

const dynamicUpdateSlice: OpRule<'dynamic_update_slice'> = {
  arity: { min: 2 },
  infer(op, [operand, update, ...starts]) {
    const got = `${typeText(update)} into ${typeText(operand)}`;
    if (update.dtype !== operand.dtype)
      typeError('dynamic_update_slice', 'C2', 'element_type(update) = element_type(operand)', got);
    const rank = operand.shape.length;
    if (update.shape.length !== rank)
      argError('dynamic_update_slice', 'C3', 'rank(update) = rank(operand)', got);
    if (starts.length !== rank)
      argError(
        'dynamic_update_slice',
        'C4',
        'size(start_indices) = rank(operand)',
        `${starts.length} start indices for ${typeText(operand)}`,
      );
    checkStarts('dynamic_update_slice', 'I3', starts);
    if (starts.some((s) => s.dtype !== starts[0].dtype))
      typeError(
        'dynamic_update_slice',
        'C5',
        'same(type(start_indices...))',
        starts.map(typeText).join(', '),
      );
    if (update.shape.some((n, d) => n > operand.shape[d]))
      argError('dynamic_update_slice', 'C6', '0 <= shape(update) <= shape(operand)', got);
    return checkResults(op, [{ shape: operand.shape, dtype: operand.dtype }], { shape: 'C1', dtype: 'C1' });
  },
  run(_op, [operand, update, ...starts]) {
    const out = operand.clone();
    const strides = stridesOf(operand.shape);
    const to = offsets(update.shape, strides, windowStart(starts, operand.shape, update.shape, strides));
    moveAt(update, offsets(update.shape, stridesOf(update.shape), 0), out, to);
    return [out];
  },
};

export const pad: OpRule<'pad'> = {
  arity: 2,
  infer(op, [operand, value]) {
    if (value.shape.length !== 0)
      argError('pad', 'I2', 'padding_value must be a 0-dimensional tensor', typeText(value));
    if (value.dtype !== operand.dtype)
      typeError(
        'pad',
        'C1',
        'element_type(operand) = element_type(padding_value)',
        `${typeText(operand)}, ${typeText(value)}`,
      );
    const { edge_padding_low: lo, edge_padding_high: hi, interior_padding: mid } = op;
    const rank = operand.shape.length;
    if (lo.length !== rank || hi.length !== rank || mid.length !== rank)
      argError(
        'pad',
        'C2',
        'size(edge_padding_low) = size(edge_padding_high) = size(interior_padding) = rank(operand)',
        `${fmt(lo)}, ${fmt(hi)}, ${fmt(mid)} for ${typeText(operand)}`,
      );
    if (!mid.every((n) => Number.isSafeInteger(n) && n >= 0))
      argError('pad', 'C3', '0 <= interior_padding', fmt(mid));
    const shape = padded(op, operand.shape);
    if (!shape.every((n) => Number.isSafeInteger(n) && n >= 0))
      argError(
        'pad',
        'C4',
        'shape(result) = shape(operand) + edge_padding_low + max(shape(operand) - 1, 0) * interior_padding + edge_padding_high',
        `${fmt(shape)}: a dimension below 0`,
      );
    return checkResults(op, [{ shape, dtype: operand.dtype }], { shape: 'C4', dtype: 'C1' });
  },
  run(op, [operand, value]) {
    const out = alloc({ shape: padded(op, operand.shape), dtype: operand.dtype });
    copyAt(value, out, new Uint8Array(out.size)); // every element value's bits (element 0)
    // The operand elements that land inside the result: per dimension the range [first, end).
    const lo = op.edge_padding_low;
    const step = op.interior_padding.map((m) => m + 1);
    const first = lo.map((l, d) => (l < 0 ? Math.ceil(-l / step[d]) : 0));
    const end = out.shape.map((n, d) =>
      Math.min(operand.shape[d], Math.max(0, Math.floor((n - 1 - lo[d]) / step[d]) + 1)),
    );
    const kept = first.map((f, d) => Math.max(0, end[d] - f));
    const [os, rs] = [stridesOf(operand.shape), stridesOf(out.shape)];
    const from = offsets(
      kept,
      os,
      first.reduce((a, f, d) => a + f * os[d], 0),
    );
    const to = offsets(
      kept,
      rs.map((r, d) => r * step[d]),
      first.reduce((a, f, d) => a + (lo[d] + f * step[d]) * rs[d], 0),
    );
    moveAt(operand, from, out, to);
    return [out];
  },
};

/** pad's result shape (C4). */
const padded = (op: OpOf<'pad'>, shape: readonly number[]) =>
  shape.map(
    (n, d) =>
      n + op.edge_padding_low[d] + Math.max(n - 1, 0) * op.interior_padding[d] + op.edge_padding_high[d],
  );

/** The start indices of a dynamic slice are 0-d integer tensors (the input table's row `c`). */
function checkStarts(op: string, c: string, starts: readonly TensorType[]): void {
  for (const s of starts) {
    if (s.shape.length !== 0) argError(op, c, 'start_indices must be 0-dimensional tensors', typeText(s));
    checkElement(op, c, 'start_indices', s, INT);
  }
}

/**
 * The flat offset of a window of shape `window` at `starts`, each start clamped into
 * [0, dim − window dim] as the spec's `clamp(0, start_indices, shape(operand) - …)`.
 */
function windowStart(
  starts: readonly Tensor[],
  shape: readonly number[],
  window: readonly number[],
  strides: readonly number[],
): number {
  let base = 0;
  starts.forEach((s, d) => {
    base += clampStart(s.data[0], shape[d] - window[d]) * strides[d];
  });
  return base;
}

/** A start index clamped into [0, hi] (a bigint compares exactly before it becomes a number). */
function clampStart(v: number | bigint, hi: number): number {
  if (typeof v === 'bigint') return v < 0n ? 0 : v > BigInt(hi) ? hi : Number(v);
  return v < 0 ? 0 : v > hi ? hi : v;
}

export const SHAPE_RULES: RuleTable = {
  constant,
  iota,
  broadcast_in_dim: broadcastInDim,
  reshape,
  transpose,
  concatenate,
  slice,
  dynamic_slice: dynamicSlice,
  dynamic_update_slice: dynamicUpdateSlice,
  pad,
};
