/**
 * Index-tuple ops in the explorer (`x[i, j]`, `x[mask]`, `x[i, j] = v`): numpy.index,
 * torch.index and torch.index_put take a JS array of index tensors, which the registry leaves
 * out of the CLI and the tables (their framework DESCRIPTION's `unlisted`); the explorer lists them with `indexTuple`
 * signatures: the indices editor holds the tuple's arrays stacked along the first dim — one row
 * per indexed dim, as MXNet lays out index vectors — and the registry passes them unstacked.
 */
import { G, S } from '../src/frameworks/signature.js';
import type { OpEntry } from '../src/tables/registry.js';

const NO_PROBE = 'the indices are an index tuple (one array per indexed dim), not a row selection';
const TUPLE = { indexTuple: true, indexDType: 'int64', noProbe: NO_PROBE } as const;

/** numpy.index (`a[i0, i1]`), torch.index (`x[i0, i1]`), torch.index_put (`x[i0, i1] = v`). */
export const TUPLE_ENTRIES: readonly OpEntry[] = [
  {
    id: 'numpy.index',
    framework: 'numpy',
    name: 'index',
    state: 'ready',
    signature: G('tuple', ['data', 'indices'], TUPLE),
  },
  {
    id: 'torch.index',
    framework: 'torch',
    name: 'index',
    state: 'ready',
    signature: G('tuple', ['data', 'indices'], TUPLE),
  },
  {
    id: 'torch.index_put',
    framework: 'torch',
    name: 'index_put',
    state: 'ready',
    // torch.index_put(input, indices, values, accumulate=False).
    signature: S('scatter_tuple', ['data', 'indices', 'updates', 'attrs'], {
      ...TUPLE,
      words: { indices: 'indices', updates: 'values' },
      example: { accumulate: false },
    }),
  },
];

/** The registry with the index-tuple ops added (once). */
export function withTuples(registry: readonly OpEntry[]): OpEntry[] {
  return [...registry, ...TUPLE_ENTRIES.filter((t) => !registry.some((e) => e.id === t.id))];
}
