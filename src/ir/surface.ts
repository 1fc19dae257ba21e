/**
 * What a surface that reads one gather or scatter (gradients, ONNX export, translation, the
 * trace, the GPU backend) does with a lowered call that is more: a declared prologue it can run
 * first is run in the IR (`concreteCall`), anything else is refused with a typed error naming the
 * op and the surface — a surface never runs a different computation.
 */
import type { CoreCall, Prologue } from '../core/call.js';
import { type GatherScatterError, InvalidArgumentError } from '../errors.js';
import { type ProgramCall, concreteCall } from './lowered.js';

/** The error class a surface refuses with (its own: `TranslateError`, `OnnxExportError`, …). */
export type Refusal = new (
  code: string,
  message: string,
  details: Record<string, unknown>,
) => GatherScatterError;

/** How a surface reads a call's prologue (see {@link singleOp}). */
export interface SurfaceReads {
  /** Prologue kinds the surface runs in the IR first. */
  readonly runs?: readonly Prologue['kind'][];
  /** The surface writes the prologue itself (ONNX export: nodes before the scatter). */
  readonly keepPrologue?: boolean;
  /** The class of the refusal, so a caller catching the surface's own errors catches it too. */
  readonly error?: Refusal;
}

/**
 * The single op `call` stands for, for the surface whose refusal is `code` (`<surface>.program`,
 * spelled out at each caller so the rule catalogue lists it): prologues of the kinds in `runs` are
 * run, kept as they are with `keepPrologue`, others refused, as whole programs are.
 */
export function singleOp(
  call: CoreCall | ProgramCall,
  code: `${string}.program`,
  { runs = [], keepPrologue = false, error = InvalidArgumentError }: SurfaceReads = {},
): CoreCall {
  if (call?.kind === 'program') refuse(error, call.op, code, 'a program of several ops');
  const p = call?.prologue;
  // A surface that writes the prologue itself (ONNX export: nodes before the scatter) keeps it;
  // a mask's nonzero step it writes only when it says so in `runs`.
  if (!p || (keepPrologue && p.kind !== 'nonzero' && p.kind !== 'index_tuple')) return call;
  if (!runs.includes(p.kind))
    refuse(error, call.op, code, `a ${p.kind.replace('_', ' ')} step before its ${call.kind}`);
  if (keepPrologue) return call;
  return concreteCall(call);
}

function refuse(error: Refusal, op: string, code: string, what: string): never {
  const surface = code.slice(0, -'.program'.length);
  throw new error(
    code,
    `${surface}: ${op} lowers to ${what}; ${surface} reads one gather or scatter (explain and execute run the whole program)`,
    { op },
  );
}
