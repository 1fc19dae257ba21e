/**
 * The differentiation rules of a scatter, computed from the call itself.
 *
 * One core call with the call's own dimension numbers, mode and negative-index policy finds
 * where every update element lands: `T[k]` = the input element update k was applied to, or -1
 * (skipped, dropped). With K(p) = the updates landing on p in update-index order (the order the
 * core applies them), m = |K(p)|, y = the result, each reducer's local derivatives are
 *
 *   replace  ∂y/∂x = [m = 0]          ∂y[p]/∂u[k] = [k = last K(p)]  (PyTorch: 1 for every k ∈ K(p))
 *   add      ∂y/∂x = [m = 0 or self]  ∂y/∂u = 1
 *   sub      ∂y/∂x = [m = 0 or self]  ∂y/∂u = -1 (without include_self the core starts from 0)
 *   mul      ∂y/∂x = ∏ u_K (0 if m > 0 and not self)      ∂y/∂u_k = (self ? x : 1) · ∏_{j≠k} u_j
 *   mean     N = [self] + m (1 if 0):  ∂y/∂x = 1/N (0 if m > 0 and not self),  ∂y/∂u = 1/N
 *   min/max  N = [x = y]·[self or PyTorch] + #{k ∈ K(p): u_k = y}:
 *            ∂y/∂x = [x = y]/N (0 if m > 0 and not self),  ∂y/∂u_k = [u_k = y]/N  (ties split evenly)
 *   f(c, u)  an affine custom computation α + a·c + b·u (probed; index_add's alpha):
 *            ∂y/∂x = a^m,  ∂y/∂u_{k_j} = b·a^(m-1-j)  (the core ignores include_self for custom computations)
 *
 * ("self" = include_self; m = 0 means the element is untouched and y = x.) Each coefficient is
 * kept as num/den so that a cotangent is computed as (ȳ·num)/den — one rounding, as PyTorch does.
 */
import type { ScatterCall } from '../core/call.js';
import { execute } from '../core/call.js';
import type { ReducerName, UpdateFunction } from '../core/types.js';
import { GatherScatterError, fmt } from '../errors.js';
import { Tensor } from '../tensor/tensor.js';

/** A differentiation rule is missing or not defined for this call. */
export class NotDifferentiableError extends GatherScatterError {}

/** What a framework's autograd does where the general rule has a choice. */
export interface GradientPolicy {
  /** replace with duplicates: every duplicate gets ȳ (PyTorch) or only the last writer (JAX). */
  readonly duplicates: 'all' | 'last';
  /** min/max: whether an input equal to the result shares the tie when include_self = false (PyTorch: yes). */
  readonly selfTiesWithoutInclude: boolean;
}

/** JAX's autodiff choices (calls of every framework but PyTorch): the last duplicate writer gets ȳ. */
export const JAX_RULES: GradientPolicy = { duplicates: 'last', selfTiesWithoutInclude: false };
/** PyTorch's autograd choices (`torch.*` calls): every duplicate gets ȳ; an input tied with min/max shares it. */
export const TORCH_RULES: GradientPolicy = { duplicates: 'all', selfTiesWithoutInclude: true };

/** Local derivatives of a scatter, as (ȳ·num)/den coefficients. */
export interface ScatterCoefficients {
  /** Per update element: the input element it lands on, or -1. */
  readonly landing: Float64Array;
  /** Per input element: the numerator of ∂y/∂x. */
  readonly dxNum: Float64Array;
  /** Per input element: the denominator of ∂y/∂x. */
  readonly dxDen: Float64Array;
  /** Per update element: the numerator of ∂y/∂u. */
  readonly duNum: Float64Array;
  /** Per update element: the denominator of ∂y/∂u. */
  readonly duDen: Float64Array;
}

/** Element values of a tensor as float64 numbers. */
export function values(t: Tensor): Float64Array {
  // float32/float64 in one typed-array copy: through a JS array a NaN's payload was canonicalised
  // on cold calls (V8's double arrays) and kept on warm ones.
  if (t.dtype === 'float64' || t.dtype === 'float32') return new Float64Array(t.data as Float64Array);
  const out = new Float64Array(t.size);
  const flat = t.toFlatArray();
  for (let i = 0; i < flat.length; i++) out[i] = Number(flat[i]);
  return out;
}

function iota(shape: readonly number[]): Tensor {
  const n = shape.reduce((a, b) => a * b, 1);
  const data = new Float64Array(n);
  for (let i = 0; i < n; i++) data[i] = i;
  return new Tensor('float64', shape, data);
}

/**
 * Where each update element lands, found by the core itself: the call runs on iotas with a
 * recording update computation (current = input position, update = update position).
 */
export function landingMap(call: ScatterCall): Float64Array {
  const updates = call.updates[0];
  const landing = new Float64Array(updates.size).fill(-1);
  const record: UpdateFunction = (c, u) => {
    landing[u as number] = c as number;
    return c;
  };
  const { out: _out, reshape: _reshape, wording: _wording, ...rest } = call;
  execute({
    ...rest,
    inputs: [iota(call.inputs[0].shape)],
    updates: [iota(updates.shape)],
    update_computation: record,
    options: { ...call.options, include_self: true, duplicates: 'apply', checked: false, out: undefined },
  });
  return landing;
}

/** The affine form α + a·c + b·u of a custom update computation, or why it is not one. */
function affine(f: UpdateFunction, op: string): { a: number; b: number } {
  const at = (c: number, u: number) => {
    const r = f(c, u);
    if (Array.isArray(r)) {
      throw new NotDifferentiableError(
        'autodiff.custom_computation',
        `${op}: a variadic custom update computation has no gradient rule here`,
      );
    }
    return Number(r);
  };
  const f00 = at(0, 0);
  const a = at(1, 0) - f00;
  const b = at(0, 1) - f00;
  for (const [c, u] of [
    [2, 3],
    [-5, 7],
    [0.5, -0.25],
  ] as const) {
    if (at(c, u) !== f00 + a * c + b * u) {
      throw new NotDifferentiableError(
        'autodiff.custom_computation',
        `${op}: the custom update computation is not affine in (current, update) (f(${c}, ${u}) = ${fmt(at(c, u))}), so it has no gradient rule here`,
      );
    }
  }
  return { a, b };
}

/** Refuses a scatter of several inputs: the gradient rules here are for one input and one update. */
export function refuseVariadic(call: ScatterCall): void {
  if (call.inputs.length !== 1) {
    throw new NotDifferentiableError(
      'autodiff.variadic',
      `${call.op}: variadic scatters have no gradient rule here`,
    );
  }
}

const NAN = new Float64Array(1);
const NAN_WORDS = new Int32Array(NAN.buffer);

/**
 * a · b with x86's NaN: the first NaN operand, quieted (its bits set through a typed array). JS's
 * own product returned a's NaN or b's by V8's tier (it may swap a commutative op's operands).
 */
function mulX86(a: number, b: number): number {
  if (!Number.isNaN(a) && !Number.isNaN(b)) return a * b;
  NAN[0] = Number.isNaN(a) ? a : b;
  NAN_WORDS[1] |= 0x00080000;
  return NAN[0];
}

/** The local derivatives of a single-input scatter under `policy` (see the table above). */
export function scatterCoefficients(
  call: ScatterCall,
  policy: GradientPolicy,
  result: Tensor,
): ScatterCoefficients {
  refuseVariadic(call);
  const landing = landingMap(call);
  const x = values(call.inputs[0]);
  const u = values(call.updates[0]);
  const y = values(result.reshape(call.inputs[0].shape));
  const n = x.length;
  const comp = call.update_computation;
  // the core applies a custom computation to the input value whatever include_self says
  const self = call.options.include_self !== false || typeof comp === 'function';
  // K(p) in update-index order, as a linked list: head[p], next[k]
  const head = new Int32Array(n).fill(-1);
  const tail = new Int32Array(n).fill(-1);
  const next = new Int32Array(u.length).fill(-1);
  const count = new Int32Array(n);
  for (let k = 0; k < u.length; k++) {
    const p = landing[k];
    if (p < 0) continue;
    if (head[p] < 0) head[p] = k;
    else next[tail[p]] = k;
    tail[p] = k;
    count[p]++;
  }
  const dxNum = new Float64Array(n).fill(1);
  const dxDen = new Float64Array(n).fill(1);
  const duNum = new Float64Array(u.length);
  const duDen = new Float64Array(u.length).fill(1);
  const custom = typeof comp === 'function' ? affine(comp, call.op) : undefined;
  const reducer = (typeof comp === 'string' ? comp : 'custom') as ReducerName | 'custom';
  for (let p = 0; p < n; p++) {
    const m = count[p];
    if (m === 0) continue; // untouched: y = x
    if (!self && reducer !== 'replace') dxNum[p] = 0;
    switch (reducer) {
      case 'replace':
        dxNum[p] = 0;
        for (let k = head[p]; k >= 0; k = next[k])
          duNum[k] = policy.duplicates === 'all' || k === tail[p] ? 1 : 0;
        break;
      case 'add':
        for (let k = head[p]; k >= 0; k = next[k]) duNum[k] = 1;
        break;
      case 'sub':
        for (let k = head[p]; k >= 0; k = next[k]) duNum[k] = -1;
        break;
      case 'mul': {
        // exclusive products by prefix and suffix (no division, so zeros are exact)
        const ks: number[] = [];
        for (let k = head[p]; k >= 0; k = next[k]) ks.push(k);
        const base = self ? x[p] : 1;
        const suffix = new Float64Array(ks.length + 1).fill(1);
        for (let j = ks.length - 1; j >= 0; j--) suffix[j] = mulX86(suffix[j + 1], u[ks[j]]);
        let prefix = 1;
        for (let j = 0; j < ks.length; j++) {
          duNum[ks[j]] = mulX86(mulX86(base, prefix), suffix[j + 1]);
          prefix = mulX86(prefix, u[ks[j]]);
        }
        if (self) dxNum[p] = suffix[0];
        break;
      }
      case 'mean': {
        const N = (self ? 1 : 0) + m;
        if (self) dxDen[p] = N;
        for (let k = head[p]; k >= 0; k = next[k]) {
          duNum[k] = 1;
          duDen[k] = N;
        }
        break;
      }
      case 'min':
      case 'max': {
        const selfTies = x[p] === y[p] && (self || policy.selfTiesWithoutInclude) ? 1 : 0;
        let N = selfTies;
        for (let k = head[p]; k >= 0; k = next[k]) if (u[k] === y[p]) N++;
        if (self) {
          dxNum[p] = x[p] === y[p] ? 1 : 0;
          dxDen[p] = N;
        }
        for (let k = head[p]; k >= 0; k = next[k]) {
          duNum[k] = u[k] === y[p] ? 1 : 0;
          duDen[k] = N;
        }
        break;
      }
      case 'custom': {
        const { a, b } = custom as { a: number; b: number };
        if (self) dxNum[p] = a ** m;
        let j = 0;
        for (let k = head[p]; k >= 0; k = next[k], j++) duNum[k] = b * a ** (m - 1 - j);
        break;
      }
      default:
        throw new NotDifferentiableError(
          'autodiff.reducer',
          `${call.op}: no gradient rule for update computation ${fmt(reducer)}`,
        );
    }
  }
  return { landing, dxNum, dxDen, duNum, duDen };
}
