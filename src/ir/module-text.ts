/**
 * The text of a lowered call as a whole StableHLO module: its program (`programOf`), printed
 * (`printModule`, which legalizes it into spec ops only). `@main` takes the call's tensors in
 * the op's operand order; what the spec cannot say (raising on bad indices) is a comment.
 */
import { type LoweredCall, programOf } from './lowered.js';
import { printModule } from './print.js';
import { checkCall } from '../core/check-call.js';

/** The module text `explain --module` prints and `tensor-gather-scatter stablehlo` runs. */
export function stablehloModule(call: LoweredCall): string {
  checkCall(call, 'stablehloText');
  const program = programOf(call);
  const args = program.argNames.join(', ');
  return printModule(program.module, { comments: [`${call.op}: @main(${args})`] });
}
