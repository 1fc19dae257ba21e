/**
 * Adapters to and from the tensors of onnxruntime (node and web) and TensorFlow.js.
 *
 * Neither library is imported here: the functions read the public shape of their tensors
 * (`{ type, dims, data }` for onnxruntime, `{ dtype, shape, dataSync() }` for TF.js) and build
 * theirs through the constructor or namespace you pass, so the core stays dependency-free.
 *
 * Memory: onnxruntime tensors are converted **without a copy** in both directions for every
 * dtype both sides have (the typed-array layouts are identical; a float16 `Float16Array` is
 * viewed as its `Uint16Array` bit patterns). TF.js: `fromTf` wraps the array `dataSync()`
 * returns (on the cpu backend that is the tensor's own storage, on others a download);
 * `toTf` hands float32/int32/bool storage to `tf.tensor` as is. Pass `{ copy: true }` for an
 * independent copy. Widening conversions (`toTf` of int8/int16/uint8/uint16 → int32,
 * float16/bfloat16 → float32) always copy and are exact; lossy ones are refused.
 */
import { DTypeError, fmt, InvalidArgumentError } from '../errors.js';
import { type DType, type Storage, type StorageMap, storageConstructor } from '../tensor/dtype.js';
import { cast } from '../tensor/ops.js';
import { Tensor } from '../tensor/tensor.js';

/** The element types onnxruntime-common names (`Tensor.Type`). */
export type OrtTensorType =
  | 'float32'
  | 'float64'
  | 'float16'
  | 'int8'
  | 'int16'
  | 'int32'
  | 'int64'
  | 'uint8'
  | 'uint16'
  | 'uint32'
  | 'uint64'
  | 'bool'
  | 'string'
  | 'int4'
  | 'uint4';

/** The part of an onnxruntime `Tensor` (onnxruntime-node or onnxruntime-web) the adapter reads. */
export interface OrtTensorLike {
  readonly type: string;
  readonly dims: readonly number[];
  readonly data: unknown;
  /** `'cpu'` (or absent) for data readable on the host; GPU tensors must be downloaded first. */
  readonly location?: string;
}

/** The constructor of onnxruntime's `Tensor`: `new Tensor(type, data, dims)`. */
export type OrtTensorConstructor<T> = new (type: any, data: any, dims: readonly number[]) => T;

/** The part of a TF.js `Tensor` the adapter reads. */
export interface TfTensorLike {
  readonly dtype: string;
  readonly shape: readonly number[];
  dataSync(): ArrayLike<number> | ArrayLike<string> | Uint8Array;
}

/** The part of the TF.js namespace `toTf` calls: `tf.tensor(values, shape, dtype)`. */
export interface TfNamespaceLike<T> {
  tensor(values: any, shape?: number[], dtype?: any): T;
}

/** Options of the adapters. */
export interface AdapterOptions {
  /** Copy the data instead of sharing the typed array (default false). */
  readonly copy?: boolean;
}

/** onnxruntime element type → this library's dtype (identical names; bfloat16 has no ORT JS type). */
export const ORT_DTYPES: Readonly<Record<string, DType>> = Object.freeze({
  float32: 'float32',
  float64: 'float64',
  float16: 'float16',
  int8: 'int8',
  int16: 'int16',
  int32: 'int32',
  int64: 'int64',
  uint8: 'uint8',
  uint16: 'uint16',
  uint32: 'uint32',
  uint64: 'uint64',
  bool: 'bool',
});

/** TF.js dtypes this library reads (complex64 and string have no counterpart). */
export const TF_DTYPES: Readonly<Record<string, DType>> = Object.freeze({
  float32: 'float32',
  int32: 'int32',
  bool: 'bool',
});

function shapeOf(dims: unknown, where: string): number[] {
  if (!Array.isArray(dims) && !(ArrayBuffer.isView(dims) && !(dims instanceof DataView)))
    throw new InvalidArgumentError(
      'adapter.shape',
      `${where}: the tensor has no shape array; got ${fmt(dims)}`,
    );
  return Array.from(dims as ArrayLike<number>, Number);
}

/**
 * Wraps `data` (a typed array of the right element size) as this dtype's storage: the same
 * memory when the array is already that type or shares its layout (Float16Array → Uint16Array),
 * else a copy.
 */
function asStorage(dtype: DType, data: ArrayBufferView, copy: boolean, where: string): Storage {
  const Ctor = storageConstructor(dtype) as unknown as {
    new (b: ArrayBufferLike, o: number, n: number): Storage;
    BYTES_PER_ELEMENT: number;
  };
  let view: Storage;
  if (data.constructor === Ctor) view = data as unknown as Storage;
  else if ((data as unknown as { BYTES_PER_ELEMENT?: number }).BYTES_PER_ELEMENT === Ctor.BYTES_PER_ELEMENT)
    view = new Ctor(data.buffer, data.byteOffset, data.byteLength / Ctor.BYTES_PER_ELEMENT);
  else
    throw new DTypeError(
      'adapter.storage',
      `${where}: ${dtype} data must be a ${Ctor.name ?? 'typed array'}; got ${data.constructor?.name ?? typeof data}`,
    );
  if (dtype === 'bool') {
    // Booleans are bytes 0/1 here; any other non-zero byte means true.
    let clean = true;
    for (let i = 0; i < view.length && clean; i++) if ((view[i] as number) > 1) clean = false;
    if (!clean) return Uint8Array.from(view as Uint8Array, (v) => (v ? 1 : 0));
  }
  return copy ? (view.slice() as Storage) : view;
}

/**
 * An onnxruntime `Tensor` (onnxruntime-node or onnxruntime-web) as a Tensor, sharing its memory.
 *
 * dtypes map by name: float32, float64, float16, int8–int64, uint8–uint64, bool. `string`,
 * `int4`/`uint4` and tensors not on the CPU (`location` other than `'cpu'`; call `getData()`
 * first) throw a `DTypeError` / `InvalidArgumentError`.
 *
 * @example
 * const ortTensor = { type: 'int64', dims: [2], data: new BigInt64Array([3n, 1n]) };
 * fromOrt(ortTensor).toArray(); // [3n, 1n]
 */
export function fromOrt(t: OrtTensorLike, options: AdapterOptions = {}): Tensor {
  if (t === null || typeof t !== 'object' || typeof t.type !== 'string')
    throw new InvalidArgumentError('adapter.ort', `fromOrt: expected an onnxruntime Tensor; got ${fmt(t)}`);
  const dtype = ORT_DTYPES[t.type];
  if (!dtype)
    throw new DTypeError(
      'adapter.ort.dtype',
      `fromOrt: onnxruntime type ${JSON.stringify(t.type)} has no counterpart here (supported: ${Object.keys(ORT_DTYPES).join(', ')})`,
    );
  if (t.location !== undefined && t.location !== 'cpu' && t.location !== 'cpu-pinned')
    throw new InvalidArgumentError(
      'adapter.ort.location',
      `fromOrt: the tensor lives on ${JSON.stringify(t.location)}; download it first (await tensor.getData())`,
    );
  const data = t.data;
  if (!ArrayBuffer.isView(data))
    throw new InvalidArgumentError('adapter.ort', `fromOrt: the tensor's data is not a typed array`);
  return new Tensor(
    dtype,
    shapeOf(t.dims, 'fromOrt'),
    asStorage(dtype, data, options.copy === true, 'fromOrt'),
  );
}

/**
 * A Tensor as an onnxruntime `Tensor`, built with the `Tensor` constructor you pass
 * (`import { Tensor } from 'onnxruntime-node'` or `'onnxruntime-web'`). Shares memory unless
 * `{ copy: true }`. bfloat16 has no onnxruntime JS type: a `DTypeError`.
 *
 * @example
 * // import { Tensor as OrtTensor } from 'onnxruntime-node';
 * toOrt(tensor([1, 2], 'float32'), OrtTensor); // an onnxruntime Tensor, type float32, dims [2]
 */
export function toOrt<T>(t: Tensor, Ctor: OrtTensorConstructor<T>, options: AdapterOptions = {}): T {
  if (!(t instanceof Tensor))
    throw new InvalidArgumentError('adapter.ort', `toOrt: expected a Tensor; got ${fmt(t)}`);
  if (typeof Ctor !== 'function')
    throw new InvalidArgumentError(
      'adapter.ort',
      "toOrt: pass onnxruntime's Tensor constructor as the second argument",
    );
  if (!(t.dtype in ORT_DTYPES))
    throw new DTypeError(
      'adapter.ort.dtype',
      `toOrt: onnxruntime has no ${t.dtype} tensor type; cast first (e.g. cast(t, 'float32'))`,
    );
  const data = options.copy === true ? t.data.slice() : t.data;
  return new Ctor(t.dtype, data, [...t.shape]);
}

/**
 * A TF.js tensor as a Tensor (float32, int32 and bool; complex64 and string throw a
 * `DTypeError`). The data is what `dataSync()` returns, wrapped without a further copy unless
 * `{ copy: true }` (on TF.js's cpu backend that array is the tensor's own storage).
 *
 * @example
 * const tfTensor = { dtype: 'int32', shape: [2], dataSync: () => new Int32Array([4, 5]) };
 * fromTf(tfTensor).toArray(); // [4, 5]
 */
export function fromTf(t: TfTensorLike, options: AdapterOptions = {}): Tensor {
  if (t === null || typeof t !== 'object' || typeof t.dataSync !== 'function')
    throw new InvalidArgumentError('adapter.tf', `fromTf: expected a TF.js tensor; got ${fmt(t)}`);
  const dtype = TF_DTYPES[t.dtype];
  if (!dtype)
    throw new DTypeError(
      'adapter.tf.dtype',
      `fromTf: TF.js dtype ${JSON.stringify(t.dtype)} has no counterpart here (supported: float32, int32, bool)`,
    );
  const values = t.dataSync();
  if (!ArrayBuffer.isView(values))
    throw new InvalidArgumentError('adapter.tf', 'fromTf: dataSync() did not return a typed array');
  return new Tensor(
    dtype,
    shapeOf(t.shape, 'fromTf'),
    asStorage(dtype, values, options.copy === true, 'fromTf'),
  );
}

const TF_WIDEN: Readonly<Partial<Record<DType, DType>>> = {
  float32: 'float32',
  int32: 'int32',
  bool: 'bool',
  int8: 'int32',
  int16: 'int32',
  uint8: 'int32',
  uint16: 'int32',
  float16: 'float32',
  bfloat16: 'float32',
};

/**
 * A Tensor as a TF.js tensor, built with `tf.tensor` of the namespace you pass
 * (`import * as tfjs from '@tensorflow/tfjs'`). float32, int32 and bool go across as they are;
 * int8/int16/uint8/uint16 widen to int32 and float16/bfloat16 to float32 (exact). float64,
 * int64, uint32 and uint64 could lose values: a `DTypeError` (cast first if you accept that).
 *
 * @example
 * // import * as tfjs from '@tensorflow/tfjs';
 * toTf(tensor([[1, 2]], 'uint8'), tfjs); // a tfjs.Tensor, dtype int32
 */
export function toTf<T>(t: Tensor, tf: TfNamespaceLike<T>, options: AdapterOptions = {}): T {
  if (!(t instanceof Tensor))
    throw new InvalidArgumentError('adapter.tf', `toTf: expected a Tensor; got ${fmt(t)}`);
  if (!tf || typeof tf.tensor !== 'function')
    throw new InvalidArgumentError(
      'adapter.tf',
      'toTf: pass the TF.js namespace (with tf.tensor) as the second argument',
    );
  const target = TF_WIDEN[t.dtype];
  if (!target)
    throw new DTypeError(
      'adapter.tf.dtype',
      `toTf: TF.js has no ${t.dtype} dtype and converting would not be exact; cast first (cast(t, 'float32') or cast(t, 'int32'))`,
    );
  const src = target === t.dtype ? t : cast(t, target);
  const data = options.copy === true && src === t ? (src.data as StorageMap[DType]).slice() : src.data;
  return tf.tensor(data, [...t.shape], target);
}
