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
import { MAX_RANK, Tensor, checkTensor, typedArrayName } from '../tensor/tensor.js';
import { checkOptions } from '../core/check-call.js';

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
  /** onnxruntime's element type name (`'float32'`, `'int64'`, `'bool'`, …). */
  readonly type: string;
  /** The shape. */
  readonly dims: readonly number[];
  /** The elements: a typed array (or an array for strings), row-major. */
  readonly data: unknown;
  /** `'cpu'` (or absent) for data readable on the host; GPU tensors must be downloaded first. */
  readonly location?: string;
}

/** The constructor of onnxruntime's `Tensor`: `new Tensor(type, data, dims)`. */
export type OrtTensorConstructor<T> = new (type: any, data: any, dims: readonly number[]) => T;

/** The part of a TF.js `Tensor` the adapter reads. */
export interface TfTensorLike {
  /** TF.js's dtype name (`'float32'`, `'int32'`, `'bool'`, `'complex64'`, `'string'`). */
  readonly dtype: string;
  /** The shape. */
  readonly shape: readonly number[];
  /** The elements, row-major, read synchronously from the backend. */
  dataSync(): ArrayLike<number> | ArrayLike<string> | Uint8Array;
}

/** The part of the TF.js namespace `toTf` calls: `tf.tensor(values, shape, dtype)`. */
export interface TfNamespaceLike<T> {
  /** TF.js's `tf.tensor(values, shape, dtype)`. */
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

/**
 * The foreign tensor's dims as a shape: an array (or integer typed array) of at most
 * {@link MAX_RANK} non-negative safe integers — never coerced (`[true, '3']` is refused, not
 * read as [1, 3]). O(rank).
 */
function shapeOf(dims: unknown, where: string): number[] {
  const tag = typedArrayName(dims);
  const isList = Array.isArray(dims) || (tag !== undefined && !tag.startsWith('Float'));
  const length = isList ? (dims as ArrayLike<unknown>).length : -1;
  if (!(length >= 0 && length <= MAX_RANK))
    throw new InvalidArgumentError(
      'adapter.shape',
      `${where}: the tensor's dims must be an array of at most ${MAX_RANK} sizes; got ${fmt(dims)}`,
    );
  const shape = new Array<number>(length);
  for (let i = 0; i < length; i++) {
    const v = (dims as ArrayLike<unknown>)[i];
    const n = typeof v === 'bigint' && v >= 0n && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
      throw new InvalidArgumentError(
        'adapter.shape',
        `${where}: the tensor's dims must be integers ≥ 0; entry ${i} is ${fmt(v)} in ${fmt(dims)}`,
        { dims: fmt(dims) },
      );
    shape[i] = n + 0;
  }
  return shape;
}

/** The typed-array classes whose elements are exactly a dtype's storage elements, besides its own. */
const SAME_LAYOUT: Readonly<Partial<Record<DType, string>>> = {
  float16: 'Float16Array', // read as its Uint16Array bit patterns
  uint8: 'Uint8ClampedArray',
  bool: 'Uint8ClampedArray',
};

/**
 * Calls into the other library (its constructor, `tf.tensor`, `dataSync`): whatever it throws
 * is its own error, reported as an InvalidArgumentError naming the call, the original as `cause`.
 */
function foreign<T>(code: string, where: string, what: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    // Any class: the thrower is the other library (or a caller's stand-in), never this one.
    const err = new InvalidArgumentError(
      code,
      `${where}: ${what} threw: ${fmt(e instanceof Error ? e.message : e)}`,
      {
        cause: e,
      },
    );
    throw err;
  }
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
    prototype: object;
  };
  // The class is read from the array's internal slot: a label that disagrees with it (a
  // Float32Array labelled int32) is refused, never reinterpreted bit for bit.
  const name = typedArrayName(data);
  let view: Storage;
  if (name === Ctor.name && Object.getPrototypeOf(data) === Ctor.prototype) view = data as unknown as Storage;
  else if (name !== undefined && name === SAME_LAYOUT[dtype])
    view = new Ctor(data.buffer, data.byteOffset, data.byteLength / Ctor.BYTES_PER_ELEMENT);
  else
    throw new DTypeError(
      'adapter.storage',
      `${where}: ${dtype} data must be a ${Ctor.name}${SAME_LAYOUT[dtype] ? ` or ${SAME_LAYOUT[dtype]}` : ''}; got ${name ?? typeof data} (the type label and the array disagree)`,
      { dtype, storage: name ?? typeof data },
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
  checkOptions(options, 'fromOrt', ['copy']);
  const dtype = Object.hasOwn(ORT_DTYPES, t.type) ? ORT_DTYPES[t.type] : undefined;
  if (!dtype)
    throw new DTypeError(
      'adapter.ort.dtype',
      `fromOrt: onnxruntime type ${fmt(t.type)} has no counterpart here (supported: ${Object.keys(ORT_DTYPES).join(', ')})`,
    );
  if (t.location !== undefined && t.location !== 'cpu' && t.location !== 'cpu-pinned')
    throw new InvalidArgumentError(
      'adapter.ort.location',
      `fromOrt: the tensor lives on ${JSON.stringify(t.location)}; download it first (await tensor.getData())`,
    );
  const data = t.data;
  if (typedArrayName(data) === undefined)
    throw new InvalidArgumentError('adapter.ort', `fromOrt: the tensor's data is not a typed array`);
  return new Tensor(
    dtype,
    shapeOf(t.dims, 'fromOrt'),
    asStorage(dtype, data as ArrayBufferView, options.copy === true, 'fromOrt'),
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
  checkTensor(t, 't', 'toOrt', 'adapter.ort');
  checkOptions(options, 'toOrt', ['copy']);
  if (typeof Ctor !== 'function')
    throw new InvalidArgumentError(
      'adapter.ort',
      "toOrt: pass onnxruntime's Tensor constructor as the second argument",
    );
  if (!Object.hasOwn(ORT_DTYPES, t.dtype))
    throw new DTypeError(
      'adapter.ort.dtype',
      `toOrt: onnxruntime has no ${t.dtype} tensor type; cast first (e.g. cast(t, 'float32'))`,
    );
  const data = options.copy === true ? t.data.slice() : t.data;
  return foreign('adapter.ort.constructor', 'toOrt', 'the onnxruntime Tensor constructor', () => {
    const r: unknown = new Ctor(t.dtype, data, [...t.shape]);
    return r;
  }) as T;
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
  checkOptions(options, 'fromTf', ['copy']);
  const dtype =
    typeof t.dtype === 'string' && Object.hasOwn(TF_DTYPES, t.dtype) ? TF_DTYPES[t.dtype] : undefined;
  if (!dtype)
    throw new DTypeError(
      'adapter.tf.dtype',
      `fromTf: TF.js dtype ${fmt(t.dtype)} has no counterpart here (supported: float32, int32, bool)`,
    );
  const values: unknown = foreign('adapter.tf', 'fromTf', 'dataSync()', () => t.dataSync());
  if (typedArrayName(values) === undefined)
    throw new InvalidArgumentError('adapter.tf', 'fromTf: dataSync() did not return a typed array');
  return new Tensor(
    dtype,
    shapeOf(t.shape, 'fromTf'),
    asStorage(dtype, values as ArrayBufferView, options.copy === true, 'fromTf'),
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
  checkTensor(t, 't', 'toTf', 'adapter.tf');
  checkOptions(options, 'toTf', ['copy']);
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
  return foreign('adapter.tf.constructor', 'toTf', 'tf.tensor', () => tf.tensor(data, [...t.shape], target));
}
