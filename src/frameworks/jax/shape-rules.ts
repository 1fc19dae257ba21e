/**
 * JAX's own shape rules of `lax.gather` and the `lax.scatter*` family, in JAX's order and words
 * (jax/_src/lax/slicing.py `_gather_shape_rule`, `_scatter_shape_rule`; each raises TypeError).
 * They check the same facts as StableHLO's constraints, plus one stricter rule (a collapsed dim's
 * slice size must be exactly 1), but in another order: offset_dims before the index vector, the
 * updates' rank before anything else. A call that breaks several rules must name the one JAX
 * names, so these run first; the core's StableHLO checks run after them as a net.
 *
 * Codes: `jax.lax.<op>.<field>`, the dimension-numbers field the rule is about (`batching_dims`
 * for the two batching lists together, `slice_sizes`, `updates`, `dimension_numbers` for the
 * window-size count). Lists print as Python tuples, as JAX's messages do.
 */
import { fail } from '../../core/validate.js';

type Dims = readonly number[];
/** The operand's and the indices' shapes. */
interface Shapes {
  readonly operand: Dims;
  readonly indices: Dims;
}

/** A list as Python prints a tuple: `(1, 2)`, `(3,)`, `()`. */
const tuple = (d: Dims): string => `(${d.join(', ')}${d.length === 1 ? ',' : ''})`;

/** JAX's list helpers (`_is_sorted`, `_no_duplicate_dims`, …) for one op; `name` is JAX's (`gather`). */
function rulesOf(op: string, name: string) {
  const no = (code: string, message: string, details: Record<string, unknown> = {}): never =>
    fail(`${op}.${code}`, `${op}: ${message}`, details);
  return {
    no,
    sorted(dims: Dims, field: string): void {
      for (let i = 1; i < dims.length; i++)
        if (dims[i] < dims[i - 1]) no(field, `${field} in ${name} op must be sorted; got ${tuple(dims)}`);
    },
    unique(dims: Dims, field: string): void {
      if (new Set(dims).size !== dims.length)
        no(field, `${field} in ${name} op must not repeat; got: ${tuple(dims)}.`);
    },
    /** Only the ends of a sorted list; JAX tests the offender for truth, so a bad 0 (rank 0) passes. */
    sortedInRange(dims: Dims, rank: number, field: string): void {
      if (dims.length === 0) return;
      const bad = dims[0] < 0 ? dims[0] : dims[dims.length - 1] >= rank ? dims[dims.length - 1] : 0;
      if (bad !== 0)
        no(field, `Invalid ${field} set in ${name} op; valid range is [0, ${rank}); got: ${bad}.`);
    },
    inRange(dims: Dims, rank: number, field: string): void {
      for (const d of dims)
        if (d < 0 || d >= rank)
          no(field, `Invalid ${field} set in ${name} op; valid range is [0, ${rank}); got: ${d}.`);
    },
    disjoint(a: Dims, b: Dims, fieldA: string, fieldB: string): void {
      if (a.some((d) => b.includes(d)))
        no(
          fieldA,
          `${fieldA} and ${fieldB} in ${name} op must be disjoint; got: ${tuple(a)} and ${tuple(b)}.`,
        );
    },
  };
}
type Rules = ReturnType<typeof rulesOf>;

/** One op's batching lists, and the two other lists of operand dims they must not meet. */
interface Batching {
  readonly obd: Dims;
  readonly ibd: Dims;
  readonly ibdField: string;
  readonly others: readonly (readonly [field: string, dims: Dims])[];
}

/**
 * The batching rules both ops share: operand_batching_dims (gather checks repeats before order,
 * scatter after), disjoint from the op's other operand-dim lists, then the indices' list, the
 * two lists' count and their sizes.
 */
function checkBatching(r: Rules, Op: string, shapes: Shapes, b: Batching): void {
  const { obd, ibd, ibdField } = b;
  if (Op === 'Gather') r.unique(obd, 'operand_batching_dims');
  r.sorted(obd, 'operand_batching_dims');
  if (Op === 'Scatter') r.unique(obd, 'operand_batching_dims');
  r.sortedInRange(obd, shapes.operand.length, 'operand_batching_dims');
  for (const [field, dims] of b.others) r.disjoint(dims, obd, field, 'operand_batching_dims');
  const ivd = shapes.indices.length - 1;
  r.unique(ibd, ibdField);
  r.inRange(ibd, shapes.indices.length, ibdField);
  if (ibd.includes(ivd))
    r.no(
      ibdField,
      `${Op} op cannot have the index vector dimension as a batching dimension; got ${tuple(ibd)}.`,
    );
  if (obd.length !== ibd.length)
    r.no(
      'batching_dims',
      `${Op} op requires equal numbers of operand_batching_dims and ${ibdField}, got ${tuple(obd)} and ${tuple(ibd)}.`,
    );
  // Only a dim 0 of a rank-0 operand gets here out of range (the truth test above); JAX then
  // fails reading its size (an IndexError), which is this range rule, typed.
  r.inRange(obd, shapes.operand.length, 'operand_batching_dims');
  const sizesO = obd.map((d) => shapes.operand[d]);
  const sizesI = ibd.map((d) => shapes.indices[d]);
  if (sizesO.some((n, i) => n !== sizesI[i]))
    r.no(
      'batching_dims',
      `${Op} op requires operand batching dimensions and indices batching dimensions to have the same shape, got ${tuple(sizesO)} and ${tuple(sizesI)}.`,
    );
}

/** A gather's dimension numbers as integer lists. */
export interface GatherFields {
  readonly offset_dims: Dims;
  readonly collapsed_slice_dims: Dims;
  readonly start_index_map: Dims;
  readonly operand_batching_dims: Dims;
  readonly start_indices_batching_dims: Dims;
}

/** `_gather_shape_rule`: every check, in JAX's order (index_vector_dim = rank(indices) - 1 ≥ 0). */
export function checkGatherShapeRule(op: string, shapes: Shapes, dn: GatherFields, sizes: Dims): void {
  const r = rulesOf(op, 'gather');
  const { operand, indices } = shapes;
  const { offset_dims: offset, collapsed_slice_dims: collapsed, start_index_map: sim } = dn;
  const obd = dn.operand_batching_dims;
  r.sorted(offset, 'offset_dims');
  r.unique(offset, 'offset_dims');
  const rankOut = offset.length + indices.length - 1;
  offset.forEach((d, i) => {
    if (d < 0 || d >= rankOut)
      r.no(
        'offset_dims',
        `Offset dimension ${i} in gather op is out of bounds; got ${d}, but should have been in [0, ${rankOut})`,
      );
  });
  const ivd = indices.length - 1;
  if (sim.length !== indices[ivd])
    r.no(
      'start_index_map',
      `Gather op has ${sim.length} elements in start_index_map and the bound of dimension index_vector_dim=${ivd} of indices is ${indices[ivd]}. These two numbers must be equal.`,
    );
  sim.forEach((d, i) => {
    if (d < 0 || d >= operand.length)
      r.no('start_index_map', `Invalid start_index_map; domain is [0, ${operand.length}), got: ${i}->${d}.`);
  });
  r.unique(sim, 'start_index_map');
  r.sorted(collapsed, 'collapsed_slice_dims');
  r.sortedInRange(collapsed, operand.length, 'collapsed_slice_dims');
  r.unique(collapsed, 'collapsed_slice_dims');
  checkBatching(
    r,
    'Gather',
    { operand, indices },
    {
      obd,
      ibd: dn.start_indices_batching_dims,
      ibdField: 'start_indices_batching_dims',
      others: [
        ['collapsed_slice_dims', collapsed],
        ['start_index_map', sim],
      ],
    },
  );
  checkSliceSizes(r, shapes, dn, sizes);
}

/** The end of `_gather_shape_rule`: slice_sizes against the operand and the dimension numbers. */
function checkSliceSizes(r: Rules, shapes: Shapes, dn: GatherFields, sizes: Dims): void {
  const operand = shapes.operand;
  const { offset_dims: offset, collapsed_slice_dims: collapsed, operand_batching_dims: obd } = dn;
  if (sizes.length !== operand.length)
    r.no(
      'slice_sizes',
      `Gather op must have one slice size for every input dimension; got: len(slice_sizes)=${sizes.length}, input_shape.rank=${operand.length}`,
    );
  if (sizes.length !== offset.length + collapsed.length + obd.length)
    r.no(
      'dimension_numbers',
      `All components of the offset index in a gather op must either be a offset dimension or explicitly collapsed/batching; got len(slice_sizes)=${sizes.length}, output_slice_sizes=${tuple(offset)}, collapsed_slice_dims=${tuple(collapsed)}, operand_batching_dims=${tuple(obd)}.`,
    );
  // JAX lets empty indices take slices that would not fit: nothing is read (its test's words).
  const empty = shapes.indices.includes(0);
  sizes.forEach((s, i) => {
    if (!empty && (s < 0 || s > operand[i]))
      r.no(
        'slice_sizes',
        `Slice size at index ${i} in gather op is out of range, must be within [0, ${operand[i]} + 1), got ${s}.`,
      );
  });
  collapsed.forEach((d, i) => {
    if (sizes[d] !== 1)
      r.no(
        'slice_sizes',
        `Gather op can only collapse slice dims with bound 1, but bound is ${sizes[d]} for index ${d} at position ${i}.`,
      );
  });
  obd.forEach((d, i) => {
    if (sizes[d] > 1)
      r.no(
        'slice_sizes',
        `Gather op can only have operand batching dims with bound 0/1, but bound is ${sizes[d]} for index ${d} at position ${i}.`,
      );
  });
}

/**
 * `_gather_shape_computation`: the offset dims take the slice sizes of the operand dims neither
 * collapsed nor batching, in order; the other result dims the indices' dims but the last.
 */
export function gatherResultShape(indices: Dims, dn: GatherFields, sizes: Dims): number[] {
  const skipped = new Set([...dn.collapsed_slice_dims, ...dn.operand_batching_dims]);
  const window = sizes.filter((_, d) => !skipped.has(d));
  const batch = indices.slice(0, -1);
  const rank = dn.offset_dims.length + batch.length;
  let w = 0;
  let b = 0;
  return Array.from({ length: rank }, (_, d) => (dn.offset_dims.includes(d) ? window[w++] : batch[b++]));
}

/** A scatter's dimension numbers as integer lists. */
export interface ScatterFields {
  readonly update_window_dims: Dims;
  readonly inserted_window_dims: Dims;
  readonly scatter_dims_to_operand_dims: Dims;
  readonly operand_batching_dims: Dims;
  readonly scatter_indices_batching_dims: Dims;
}

/** The updates' scatter dims: they pair with the indices' dims in order, the index vector dim skipped. */
const scatterDimsOf = (updates: Dims, uwd: Dims): number[] =>
  updates.map((_, d) => d).filter((d) => !uwd.includes(d));

/** `_scatter_shape_rule`: every check, in JAX's order (index_vector_dim = rank(indices) - 1 ≥ 0). */
export function checkScatterShapeRule(
  op: string,
  shapes: Shapes & { updates: Dims },
  dn: ScatterFields,
): void {
  const r = rulesOf(op, 'scatter');
  const { operand, indices, updates } = shapes;
  const { update_window_dims: uwd, inserted_window_dims: iwd, operand_batching_dims: obd } = dn;
  const sdod = dn.scatter_dims_to_operand_dims;
  const ivd = indices.length - 1;
  if (updates.length !== ivd + uwd.length)
    r.no('updates', `Updates tensor must be of rank ${ivd + uwd.length}; got ${updates.length}.`);
  r.sorted(uwd, 'update_window_dims');
  r.unique(uwd, 'update_window_dims');
  r.sortedInRange(uwd, updates.length, 'update_window_dims');
  r.sorted(iwd, 'inserted_window_dims');
  r.unique(iwd, 'inserted_window_dims');
  r.sortedInRange(iwd, operand.length, 'inserted_window_dims');
  checkBatching(
    r,
    'Scatter',
    { operand, indices },
    {
      obd,
      ibd: dn.scatter_indices_batching_dims,
      ibdField: 'scatter_indices_batching_dims',
      others: [
        ['inserted_window_dims', iwd],
        ['scatter_dims_to_operand_dims', sdod],
      ],
    },
  );
  // The updates' batching dims: the scatter dims the indices' batching dims pair with.
  const sizesO = obd.map((d) => operand[d]);
  const scatterDims = scatterDimsOf(updates, uwd);
  const sizesU = dn.scatter_indices_batching_dims.map((k) => updates[scatterDims[k]]);
  if (sizesO.some((n, i) => n !== sizesU[i]))
    r.no(
      'batching_dims',
      `Scatter op requires operand batching dimensions and updates batching dimensions to have the same shape, got ${tuple(sizesO)} and ${tuple(sizesU)}.`,
    );
  const window = uwd.length + iwd.length + obd.length;
  if (operand.length !== window)
    r.no(
      'dimension_numbers',
      `Scatter op has window of size ${window}; doesn't match operand of rank ${operand.length}.`,
    );
  if (sdod.length !== indices[ivd])
    r.no(
      'scatter_dims_to_operand_dims',
      `Scatter op has ${sdod.length} elements in scatter_dims_to_operand_dims and the bound of dimension index_vector_dim=${ivd} of indices is ${indices[ivd]}. These two numbers must be equal`,
    );
  sdod.forEach((d, i) => {
    if (d < 0 || d >= operand.length)
      r.no(
        'scatter_dims_to_operand_dims',
        `Invalid scatter_dims_to_operand_dims mapping; domain is [0, ${operand.length}), got: ${i}->${d}.`,
      );
  });
  r.unique(sdod, 'scatter_dims_to_operand_dims');
  checkUpdateBounds(r, operand, indices, updates, dn);
}

/** The end of `_scatter_shape_rule`: the updates' window and scatter dims against operand and indices. */
function checkUpdateBounds(r: Rules, operand: Dims, indices: Dims, updates: Dims, dn: ScatterFields): void {
  const uwd = dn.update_window_dims;
  const skipped = new Set([...dn.inserted_window_dims, ...dn.operand_batching_dims]);
  const windowMax = operand.filter((_, i) => !skipped.has(i));
  uwd.forEach((d, i) => {
    if (windowMax[i] < updates[d])
      r.no(
        'updates',
        `Bounds of the window dimensions of updates must not exceed the bounds of the corresponding dimensions of operand. For dimension ${d}, updates bound is ${updates[d]}, operand bound is ${windowMax[i]}.`,
      );
  });
  const batch = indices.slice(0, -1);
  scatterDimsOf(updates, uwd).forEach((d, k) => {
    if (updates[d] !== batch[k])
      r.no(
        'updates',
        `Bounds of the scatter dimensions of updates must be the same as the bounds of the corresponding dimensions of scatter indices. For scatter dimension ${d}, updates bound is ${updates[d]}, indices bound is ${batch[k]}.`,
      );
  });
}
