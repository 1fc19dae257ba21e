/**
 * The pieces every ONNX graph of the export is written with: its error, a builder handing out
 * node output names and constants, and the Reshape that keeps an empty target loadable.
 */
import { GatherScatterError, fmt } from '../errors.js';
import { type Tensor, tensor } from '../tensor/tensor.js';
import type { OnnxGraphNode } from './onnx.js';

/** The call cannot be written as one ONNX node (the code says why). */
export class OnnxExportError extends GatherScatterError {}

export const fail = (rule: string, message: string): never => {
  throw new OnnxExportError(`export.onnx.${rule}`, `toOnnx: ${message}`);
};

/** An attribute value: an int, a string or a list of ints. */
export type AttrValue = number | string | readonly number[];

/** A graph under construction: nodes with fresh output names, constants as initializers. */
export class Builder {
  /** `prefix` keeps two builders' names apart in one graph (a program's nodes around its core graph). */
  constructor(
    readonly opset: number,
    private readonly prefix = '',
  ) {}
  readonly nodes: OnnxGraphNode[] = [];
  readonly constants: Record<string, Tensor> = {};
  private n = 0;
  op(opType: string, inputs: readonly string[], attributes: Record<string, AttrValue> = {}): string {
    const output = `${this.prefix || 't'}${this.n++}_${opType}`;
    this.nodes.push({ opType, inputs, output, attributes });
    return output;
  }
  constant(t: Tensor, hint = 'c'): string {
    const name = `${this.prefix}${hint}${this.n++}`;
    this.constants[name] = t;
    return name;
  }
  i64(values: readonly number[], shape: readonly number[] = [values.length]): string {
    return this.constant(tensor(values.map(BigInt), 'int64', [...shape]), 'i');
  }
}

/**
 * Reshape to `shape`. A 0 in an ONNX shape means "copy that dim" unless `allowzero` (opset 14)
 * is set, so an empty target sets it (onnxruntime refuses to load the model otherwise).
 */
export function reshape(b: Builder, op: string, x: string, shape: readonly number[]): string {
  if (!shape.includes(0)) return b.op('Reshape', [x, b.i64(shape)]);
  if (b.opset < 14)
    fail('opset', `${op}: a reshape to the empty shape ${fmt(shape)} needs opset >= 14 (allowzero)`);
  return b.op('Reshape', [x, b.i64(shape)], { allowzero: 1 });
}
