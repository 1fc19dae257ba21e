/**
 * PyTorch 1.13's memory-overlap rule for the written-to tensor (`out`, or self of an in-place
 * method: our `out: input`): `torch.<op>.out_overlap`. ATen's MemoryOverlap.cpp classifies two
 * tensors as FULL (one storage, the same first and last byte, the same strides), PARTIAL (any
 * other shared byte) or NO; `assert_no_overlap` refuses both FULL and PARTIAL, and
 * `assert_no_partial_overlap` only PARTIAL (what `copy_` and `masked_fill_` check: writing a
 * tensor onto itself is fine). Which op checks which input, and where in its order, was measured
 * on PyTorch 1.13 (docs/torch.md; test/torch-out-overlap.test.ts). A Tensor here is dense and
 * row-major, so the same strides means the same shape; "one storage" is core's `overlaps` (which
 * counts two SharedArrayBuffers that may be one memory as one). PyTorch's third message, "more
 * than one element of the written-to tensor refers to a single memory location"
 * (assert_no_internal_overlap, an expanded `out`), cannot arise: no Tensor here has two elements
 * on one byte.
 */
import { overlaps, overlapsEither } from '../../core/call.js';
import { InvalidArgumentError } from '../../errors.js';
import { Tensor, sameShape } from '../../tensor/tensor.js';

/** The inputs one check compares with the written-to tensor: their role (PyTorch's name) and tensor. */
export type Roles = Readonly<Record<string, Tensor | undefined>>;

/** FULL, PARTIAL or NO, as ATen's get_overlap_status on two dense tensors. */
function status(out: Tensor, t: Tensor): 'full' | 'partial' | undefined {
  if (!overlaps(out, t)) return undefined;
  const same =
    out.data.byteOffset === t.data.byteOffset &&
    out.data.byteLength === t.data.byteLength &&
    sameShape(out.shape, t.shape);
  return same ? 'full' : 'partial';
}

/** The first role `out` overlaps in a way the check refuses (`full`: FULL counts too). */
function refused(out: Tensor, roles: Roles, full: boolean): [string, 'full' | 'partial'] | undefined {
  for (const role in roles) {
    const t = roles[role];
    const s = t && status(out, t);
    if (s === 'partial' || (s === 'full' && full)) return [role, s];
  }
  return undefined;
}

/**
 * True when no role can share a byte with `out`, asked two roles at a time of core's
 * `overlapsEither`, whose cache of storages found apart makes the common case (a small call in a
 * loop, B7) skip the buffer getters here and again in the core's own check.
 */
function apart(out: Tensor, roles: Roles): boolean {
  let held: Tensor | undefined;
  for (const role in roles) {
    const t = roles[role];
    if (t === undefined) continue;
    if (held === undefined) held = t;
    else if (overlapsEither(out, held, t)) return false;
    else held = undefined;
  }
  return held === undefined || !overlapsEither(out, held, held);
}

/**
 * Throws torch.<op>.out_overlap (`op`: the short name, `gather`) for the first role `out`
 * overlaps as the check refuses; `pytorch`: PyTorch's own check (its words), else a departure.
 */
function check(op: string, out: unknown, roles: Roles, full: boolean, pytorch: boolean): void {
  if (!Tensor.isTensor(out) || apart(out, roles)) return; // no out (or junk `outArg` refuses later), or none shared
  const found = refused(out, roles, full);
  if (!found) return;
  const [role, overlap] = found;
  throw new InvalidArgumentError(
    `torch.${op}.out_overlap`,
    pytorch
      ? `torch.${op}: unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation. (${role} shares memory with out)`
      : `torch.${op}: ${role} shares memory with the written-to tensor; PyTorch 1.13 does not check this case and its result then depends on the order its kernel writes in, which this library does not model. Please clone() the tensor before performing the operation.`,
    { role, overlap },
  );
}

/** ATen's assert_no_overlap(out, t) for each role in order: any shared byte is refused. */
export const checkNoOverlap = (op: string, out: unknown, roles: Roles): void =>
  check(op, out, roles, true, true);

/** ATen's assert_no_partial_overlap(out, t): `out` may be `t` itself, not part of it. */
export const checkNoPartialOverlap = (op: string, out: unknown, roles: Roles): void =>
  check(op, out, roles, false, true);

/**
 * The same code where PyTorch 1.13 raises nothing (a departure, docs/torch.md): an input its
 * check cannot classify (a broadcast view, MemOverlapStatus::TOO_HARD) or that it does not check
 * (masked_scatter_'s source and mask) sharing memory with out (`full`: a FULL overlap too).
 * PyTorch then reads what it has already written, so its result depends on its kernel's loop
 * order (measured: x.masked_scatter_(m, x) on x = [0, 1, 2, 3], m = [T, F, T, T] gives
 * [0, 1, 1, 1], not [0, 1, 1, 2]): refused rather than guessed.
 */
export const refuseAliasing = (op: string, out: unknown, roles: Roles, full: boolean): void =>
  check(op, out, roles, full, false);

/**
 * Whether `out` is the input itself (FULL overlap): our spelling of an in-place method. For the
 * ops PyTorch's Python API gives no `out=` (index_fill, index_put, masked_scatter), another `out`
 * is their generated aten `.out` overload, which computes aside and copies in: no overlap rule.
 */
export const writesInPlace = (out: unknown, X: Tensor): boolean =>
  Tensor.isTensor(out) && status(out, X) === 'full';
