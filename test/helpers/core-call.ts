import type { CoreCall } from '../../src/core/call.js';
import type { ProgramCall } from '../../src/ir/lowered.js';

/**
 * A lowering that this test expects to be one core op: `numpy.lower.<ufunc>.at` is a program
 * when `b`'s dtype makes NumPy's loop another than `a`'s (numpy/at-cast.ts), a scatter otherwise.
 */
export function coreCall<C extends CoreCall>(call: C | ProgramCall): C {
  if (call.kind === 'program') throw new Error(`${call.op}: expected one core op, got a program`);
  return call;
}
