/**
 * Builds a body op by op, handing out value ids: what lowerings and rewrites use to write a
 * program without counting ids by hand.
 */
import type { DType } from '../tensor/dtype.js';
import { type Tensor, full } from '../tensor/tensor.js';
import type { BinaryOpName, ComparisonDirection, Op, TensorType, ValueId } from './program.js';

/** Appends ops to a body under construction and hands out their value ids. */
export class Builder {
  readonly ops: Op[] = [];
  readonly types: TensorType[];
  constructor(params: readonly TensorType[]) {
    this.types = [...params];
  }
  emit(op: Op): ValueId[] {
    this.ops.push(op);
    const first = this.types.length;
    this.types.push(...op.results);
    return op.results.map((_, k) => first + k);
  }
  one(op: Op): ValueId {
    return this.emit(op)[0];
  }
  type(id: ValueId): TensorType {
    return this.types[id];
  }
  constant(value: Tensor): ValueId {
    return this.one({
      kind: 'constant',
      value,
      operands: [],
      results: [{ shape: [...value.shape], dtype: value.dtype }],
    });
  }
  /** A scalar broadcast to `shape`. */
  splat(value: number | bigint | boolean, dtype: DType, shape: readonly number[]): ValueId {
    const c = this.constant(full([], value, dtype));
    return this.one({
      kind: 'broadcast_in_dim',
      broadcast_dimensions: [],
      operands: [c],
      results: [{ shape, dtype }],
    });
  }
  binary(kind: BinaryOpName, a: ValueId, b: ValueId): ValueId {
    return this.one({ kind, operands: [a, b], results: [this.type(a)] } as Op);
  }
  compare(dir: ComparisonDirection, a: ValueId, b: ValueId): ValueId {
    const t = this.type(a);
    const compare_type = t.dtype.startsWith('uint')
      ? 'UNSIGNED'
      : t.dtype.startsWith('int')
        ? 'SIGNED'
        : 'FLOAT';
    return this.one({
      kind: 'compare',
      comparison_direction: dir,
      compare_type,
      operands: [a, b],
      results: [{ shape: t.shape, dtype: 'bool' }],
    });
  }
  select(p: ValueId, a: ValueId, b: ValueId): ValueId {
    return this.one({ kind: 'select', operands: [p, a, b], results: [this.type(a)] });
  }
}
