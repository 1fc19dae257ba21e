/**
 * The text of a lowered call as a whole StableHLO module: its program (`programOf`), legalized
 * into spec ops only (`legalize`), printed (`printModule`). `@main` takes the call's tensors in
 * the op's operand order; what the spec cannot say (raising on bad indices) is a comment.
 */
import { legalize } from './legalize.js';
import { type LoweredCall, programOf } from './lowered.js';
import { printModule } from './print.js';
import { checkCall } from '../core/check-call.js';

/** The module text `explain --module` prints and `tensor-gather-scatter stablehlo` runs. */
export function stablehloModule(call: LoweredCall): string {
  checkCall(call, 'stablehloText');
  const program = programOf(call);
  const { module, notes } = legalize(program.module);
  const args = program.argNames.join(', ');
  return printModule(module, { comments: [`${call.op}: @main(${args})`, ...notes] });
}
