/**
 * PyTorch goldens: every case written by scripts/goldens/generate.py from the real PyTorch 1.13
 * (inputs, call, and the returned tensor or the exception), replayed exactly.
 */
import { describe, expect, it } from 'vitest';
import {
  compareTensor,
  decodeArg,
  expectedErrorClass,
  type GoldenCase,
  loadGoldens,
} from '../scripts/goldens/golden.js';
import { GatherScatterError, torch } from '../src/index.js';

const { versions, cases } = loadGoldens('torch');

/** Documented departures: golden name → the rule code we throw instead of PyTorch's result. */
const DEPARTURES: Record<string, string> = {
  // PyTorch 1.13 returns the 0-d input for any number of in-bounds indices; we require one.
  'index_select rank-0 input': 'torch.index_select.rank0_input',
};

/** Calls our function the way generate.py calls PyTorch's (same positional args, kwargs as options). */
function callTorch(c: Pick<GoldenCase, 'op' | 'args' | 'kwargs'>): unknown {
  const args = c.args.map(decodeArg) as any[];
  return (torch as any)[c.op](...args, c.kwargs);
}

describe(`torch goldens (PyTorch ${versions.torch})`, () => {
  it('covers every op', () => {
    const ops = new Set(cases.map((c) => c.op));
    for (const op of Object.keys(torch.lower)) expect(ops.has(op), op).toBe(true);
  });
  for (const c of cases) {
    it(c.name, () => {
      const departure = DEPARTURES[c.name];
      if (c.error || departure) {
        let thrown: unknown;
        try {
          callTorch(c);
        } catch (e) {
          thrown = e;
        }
        expect(
          thrown,
          c.error ? `PyTorch raised ${c.error.type}: ${c.error.message}` : departure,
        ).toBeInstanceOf(GatherScatterError);
        if (departure) expect((thrown as GatherScatterError).code).toBe(departure);
        else
          expect(
            thrown,
            `${c.error!.type}: ${c.error!.message} → ${(thrown as Error).message}`,
          ).toBeInstanceOf(expectedErrorClass(c.error!));
      } else {
        expect(compareTensor(callTorch(c) as any, c.result!)).toBeNull();
      }
    });
  }
});
