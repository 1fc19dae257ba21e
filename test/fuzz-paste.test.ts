/**
 * Hostile-input fuzzing of the explorer's paste box: mutations of valid pastes (Python calls of
 * each framework, StableHLO ops and modules) must each end in a pasted call or a typed error —
 * PasteError (the paste parser's own) or GatherScatterError — within a time budget, never an
 * untyped error, a hang or a crash. Seed printed; replay with FUZZ_SEED.
 */
import { describe, expect, it } from 'vitest';
import { PasteError } from '../explorer/pycall.js';
import { parsePaste } from '../explorer/paste.js';
import { GatherScatterError } from '../src/errors.js';
import * as lib from '../src/index.js';
import { buildRegistry } from '../src/tables/registry.js';
import { rng } from './reference/random-cases.js';
import { stopwatch } from './helpers/budget.js';

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CALLS = Number(process.env.FUZZ_CALLS ?? 3000);
/** Per call, on the stopwatch (test/helpers/budget.ts): a hang trips it, the machine's load does not. */
const CALL_BUDGET_MS = 2000;
const registry = buildRegistry(lib as unknown as Record<string, unknown>);

const CORPUS = [
  'torch.gather(torch.tensor([[1, 2], [3, 4]]), 1, torch.tensor([[0, 0], [1, 0]]))',
  'import numpy as np\na = np.array([[10, 20, 30]])\nnp.take(a, np.array([2, 0]), axis=1)',
  'tf.gather_nd(tf.constant([[1, 2], [3, 4]]), tf.constant([[1, 0], [0, 1]]))',
  'jnp.take(jnp.array([1, 2, 3]), jnp.array([5, 0]), mode="clip")',
  'x = torch.zeros(3, 5)\ntorch.scatter(x, 0, torch.tensor([[0, 1, 2, 0, 0]]), torch.ones(1, 5))',
  '%r = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>} : (tensor<3x2xf32>, tensor<2x1xi64>) -> tensor<2x2xf32>',
  `func.func @main(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}`,
];
const PIECES = [
  '[',
  ']',
  '(',
  ')',
  ',',
  '=',
  '"',
  'e9',
  '-',
  '1j',
  '__proto__',
  'constructor',
  '9'.repeat(12),
  'x',
  '\n',
  ' ',
  'tensor<',
  '>',
  'x99999999',
];

function mutate(r: ReturnType<typeof rng>, text: string): string {
  let s = text;
  const edits = r.int(1, 4);
  for (let k = 0; k < edits; k++) {
    const at = r.int(0, s.length);
    const kind = r.int(0, 3);
    if (kind === 0) s = s.slice(0, at) + r.pick(PIECES) + s.slice(at);
    else if (kind === 1) s = s.slice(0, at) + s.slice(Math.min(s.length, at + r.int(1, 8)));
    else if (kind === 2)
      s = s.slice(0, at) + s.slice(at, at + r.int(1, 40)).repeat(r.int(2, 6)) + s.slice(at);
    else s = s.slice(0, at) + String(r.int(-9, 99999)) + s.slice(at);
  }
  return s;
}

describe(`paste box fuzz (seed ${SEED}; replay: FUZZ_SEED=${SEED} npx vitest run test/fuzz-paste.test.ts)`, () => {
  it(`${CALLS} mutated pastes end in a call or a typed error, each within ${CALL_BUDGET_MS} ms`, () => {
    const r = rng(SEED);
    const untyped: string[] = [];
    const slow: string[] = [];
    let calls = 0;
    for (let n = 0; n < CALLS; n++) {
      const text = mutate(r, r.pick(CORPUS));
      const elapsed = stopwatch();
      try {
        parsePaste(text, registry);
        calls++;
      } catch (e) {
        if (!(e instanceof PasteError || e instanceof GatherScatterError))
          untyped.push(
            `${(e as Error)?.name}: ${(e as Error)?.message} ← ${JSON.stringify(text).slice(0, 200)}`,
          );
      }
      if (elapsed() > CALL_BUDGET_MS) slow.push(JSON.stringify(text).slice(0, 200));
    }
    console.log(
      `fuzz-paste: ${CALLS} pastes, ${calls} parsed, ${untyped.length} untyped, ${slow.length} over budget`,
    );
    expect(untyped).toEqual([]);
    expect(slow).toEqual([]);
  });
});
