/**
 * Tensor = dtype + shape + row-major typed array. Validated at construction (the storage is the
 * exact typed-array class of the dtype and holds exactly the shape's element count; the rank is at
 * most {@link MAX_RANK}); `dtype`, `shape`, `data` and `size` are read-only and the shape array is
 * frozen. The data array is shared, not copied, by `reshape`.
 */
import { AllocationLimitError, InvalidArgumentError, fmt } from '../errors.js';
import {
  type DType,
  type Scalar,
  type Storage,
  type StorageMap,
  allocStorage,
  assertDType,
  byteSize,
  type ElementOf,
  decodeScalar,
  isDType,
  label,
  storageConstructor,
  storageFactor,
} from './dtype.js';
import {
  type Complex,
  type ComplexDType,
  complexParts,
  isComplex,
  isComplexValue,
  readComplex,
} from './complex.js';
import { type JsonComplex, PRINT_THRESHOLD, formatBody, jsonComplex, jsonElement } from './print.js';
import { type ScalarOptions, toDTypeScalar } from './scalar.js';

/** A nested JS array of scalars (any depth, including a bare scalar for rank 0). */
export type NestedArray = Scalar | Complex | readonly NestedArray[];

/** Nested arrays of one element type: what `toArray()` gives for a dtype (`NestedOf<bigint>` for int64). */
export type NestedOf<S extends Scalar | Complex> = S | readonly NestedOf<S>[];

/**
 * The largest rank a tensor (and every shape the library validates) may have: 64, as in NumPy.
 * Checked first, before a shape or a dimension list is iterated, so validation stays linear in a
 * bounded rank.
 */
export const MAX_RANK = 64;

let allocationLimitBytes = 2 ** 32; // 4 GiB

/**
 * Sets the largest tensor, in bytes, the library allocates (default 4 GiB); it also bounds what
 * one call allocates in total ({@link checkCallBudget}). Shapes above it are refused with an
 * AllocationLimitError before anything is allocated.
 *
 * @example setAllocationLimit(2 ** 30)   // 1 GiB
 */
export function setAllocationLimit(bytes: number): void {
  if (typeof bytes !== 'number' || !(bytes > 0))
    throw new InvalidArgumentError(
      'tensor.allocation_limit',
      `allocation limit must be a number > 0; got ${fmt(bytes)}`,
    );
  allocationLimitBytes = bytes;
}
/** The current allocation limit in bytes (see {@link setAllocationLimit}). */
export function getAllocationLimit(): number {
  return allocationLimitBytes;
}

function rankError(rank: unknown, where: string): never {
  throw new InvalidArgumentError(
    'tensor.rank',
    `${where}: rank ${fmt(rank)} exceeds the maximum rank ${MAX_RANK}`,
    { rank, maxRank: MAX_RANK },
  );
}

/**
 * Throws InvalidArgumentError `tensor.rank` unless `0 <= rank <= MAX_RANK`.
 *
 * @example checkRank(65, 'gather')   // throws: 'gather: rank 65 exceeds the maximum rank 64 (tensor.rank)'
 */
export function checkRank(rank: number, where = 'tensor'): void {
  if (!(typeof rank === 'number' && rank >= 0 && rank <= MAX_RANK)) rankError(rank, label(where, 'tensor'));
}

function shapeError(shape: unknown, where: string): never {
  throw new InvalidArgumentError(
    'tensor.shape',
    `${where}: a shape must be an array of non-negative integers; got ${fmt(shape)}`,
    { shape },
  );
}

/**
 * Validates a shape — an array (or integer typed array) of at most {@link MAX_RANK} safe
 * non-negative integers — and returns a copy. Throws InvalidArgumentError `tensor.rank` (checked
 * before any entry is read) or `tensor.shape`. O(rank).
 *
 * @example checkShape([2, 3], 'gather')   // [2, 3]
 */
export function checkShape(shape: unknown, where = 'tensor'): number[] {
  return readShape(shape, label(where, 'tensor'));
}

function readShape(shape: unknown, where: string): number[] {
  if (!Array.isArray(shape)) {
    if (
      !ArrayBuffer.isView(shape) ||
      shape instanceof DataView ||
      shape instanceof BigInt64Array ||
      shape instanceof BigUint64Array
    )
      shapeError(shape, where);
  }
  const rank = (shape as ArrayLike<unknown>).length;
  if (!(rank <= MAX_RANK)) rankError(rank, where);
  const out = new Array<number>(rank);
  for (let i = 0; i < rank; i++) {
    const d = (shape as ArrayLike<unknown>)[i];
    if (typeof d !== 'number' || !Number.isSafeInteger(d) || d < 0) shapeError(shape, where);
    out[i] = d + 0; // -0 → 0
  }
  return out;
}

/**
 * True when two shapes are equal entry by entry (use this, not a comparison of formatted strings).
 *
 * @example sameShape([2, 3], [2, 3])   // true
 */
export function sameShape(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Element count of a validated shape, checked against 2^53 and the allocation limit. */
function sizeOf(shape: readonly number[], dtype: DType, where: string): number {
  let n = 1;
  let zero = false;
  for (let i = 0; i < shape.length; i++) {
    if (shape[i] === 0) zero = true;
    n *= shape[i];
  }
  if (zero) return 0;
  if (!Number.isSafeInteger(n)) {
    throw new AllocationLimitError(
      'tensor.size',
      `${where}: element count of shape ${fmt(shape)} exceeds 2^53`,
      {
        shape,
      },
    );
  }
  const bytes = n * byteSize(dtype);
  if (bytes > allocationLimitBytes) {
    throw new AllocationLimitError(
      'tensor.allocation_limit',
      `${where}: shape ${fmt(shape)} of ${dtype} needs ${bytes} bytes, above the allocation limit of ${allocationLimitBytes} bytes (setAllocationLimit)`,
      { shape, dtype, bytes },
    );
  }
  return n;
}

/**
 * Number of elements of `shape`, checked: an array of at most MAX_RANK non-negative safe integers
 * (`tensor.rank`, `tensor.shape`), product ≤ 2^53 (`tensor.size`) and within the allocation limit
 * (`tensor.allocation_limit`). O(rank).
 *
 * @example checkedSize([2, 3], 'float32')   // 6
 */
export function checkedSize(shape: readonly number[], dtype: DType, where = 'tensor'): number {
  const w = label(where, 'tensor');
  return sizeOf(readShape(shape, w), assertDType(dtype, w), w);
}

/** One allocation of a call, for {@link checkCallBudget}. */
export interface BudgetPart {
  /** The shape of the tensor to allocate. */
  readonly shape: readonly number[];
  /** Its dtype (the bytes per element). */
  readonly dtype: DType;
}

/**
 * Checks everything one call will allocate — its results, broadcast index tensors, intermediate
 * buffers — against the allocation limit *before* any of it is allocated, and returns the total in
 * bytes. Each part is validated like a tensor shape (`tensor.rank`, `tensor.shape`, `tensor.size`,
 * `tensor.allocation_limit`); the sum above the limit throws AllocationLimitError
 * `tensor.call_budget`.
 *
 * @example
 * // numpy.index(a, [i0 of [N, 1], i1 of [1, N]]) broadcasts both index arrays to [N, N]:
 * checkCallBudget([
 *   { shape: [N, N], dtype: 'int64' }, // i0 broadcast
 *   { shape: [N, N], dtype: 'int64' }, // i1 broadcast
 *   { shape: [N, N], dtype: a.dtype }, // the result
 * ], 'numpy.index');
 */
export function checkCallBudget(parts: readonly BudgetPart[], where = 'call'): number {
  where = label(where, 'call');
  if (!Array.isArray(parts) || parts.length > 4096)
    throw new InvalidArgumentError(
      'tensor.call_budget',
      `${where}: checkCallBudget takes an array of { shape, dtype }`,
    );
  let total = 0;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (p === null || typeof p !== 'object')
      throw new InvalidArgumentError(
        'tensor.call_budget',
        `${where}: checkCallBudget part ${i} is not { shape, dtype }`,
      );
    const dtype = assertDType(p.dtype, where);
    total += checkedSize(p.shape, dtype, where) * byteSize(dtype);
  }
  if (total > allocationLimitBytes) {
    throw new AllocationLimitError(
      'tensor.call_budget',
      `${where}: this call needs ${total} bytes in ${parts.length} allocations (${parts
        .slice(0, 4)
        .map((p) => `${p.dtype}${fmt(p.shape)}`)
        .join(
          ', ',
        )}${parts.length > 4 ? ', …' : ''}), above the allocation limit of ${allocationLimitBytes} bytes (setAllocationLimit)`,
      { bytes: total, limit: allocationLimitBytes },
    );
  }
  return total;
}

/** Row-major strides (in elements) of `shape`. */
export function stridesOf(shape: readonly number[]): number[] {
  const s = new Array<number>(shape.length);
  let acc = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    s[i] = acc;
    acc *= shape[i];
  }
  return s;
}

// The %TypedArray%.prototype getters read internal slots: a Proxy, a subclass overriding `length`
// or an own `length` property cannot fake them.
const TYPED_ARRAY_PROTO = Object.getPrototypeOf(Int8Array.prototype) as object;
const TAG_OF = Object.getOwnPropertyDescriptor(TYPED_ARRAY_PROTO, Symbol.toStringTag)?.get as (
  this: unknown,
) => string | undefined;
const LENGTH_OF = Object.getOwnPropertyDescriptor(TYPED_ARRAY_PROTO, 'length')?.get as (
  this: unknown,
) => number;

/** The typed-array class name of a value ('Float32Array', …), from its internal slot; undefined otherwise. */
export function typedArrayName(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? TAG_OF.call(value) : undefined;
}

function storageError(dtype: DType, data: unknown, why: string, where: string): never {
  throw new InvalidArgumentError('tensor.storage', `${where}: storage of a ${dtype} tensor ${why}`, {
    dtype,
    storage: typedArrayName(data) ?? (data === null ? 'null' : typeof data),
  });
}

/**
 * Checks that `data` is exactly the storage class of `dtype` (no subclass, Proxy, Node Buffer or
 * plain array) and holds `size` elements. O(1).
 */
function checkStorage(dtype: DType, data: unknown, size: number, where: string): void {
  const ctor = storageConstructor(dtype) as unknown as { name: string; prototype: object };
  const name = typedArrayName(data);
  if (name !== ctor.name || Object.getPrototypeOf(data) !== ctor.prototype) {
    const got = name ?? (Array.isArray(data) ? 'a plain array' : data === null ? 'null' : typeof data);
    storageError(
      dtype,
      data,
      `must be a ${ctor.name}; got ${name && name === ctor.name ? `a subclass or foreign ${name}` : got}${
        name === ctor.name ? ` (copy it: new ${ctor.name}(x))` : ''
      }`,
      where,
    );
  }
  const length = LENGTH_OF.call(data);
  const factor = storageFactor(dtype);
  if (length !== size * factor || (data as ArrayLike<unknown>).length !== length) {
    throw new InvalidArgumentError(
      'tensor.data_length',
      factor === 1
        ? `${where}: data has ${length} elements but shape needs ${size}`
        : `${where}: data has ${length} floats but shape needs ${size * factor} (${size} ${dtype} elements, real and imaginary parts interleaved)`,
      { length, size },
    );
  }
}

/**
 * What a nested-JS-array conversion may build: refused above the allocation limit, estimating
 * 16 bytes per element and 48 bytes per array. O(rank).
 */
function checkJsStructure(shape: readonly number[], size: number, where: string): void {
  let arrays = 0;
  let level = 1;
  for (let d = 0; d < shape.length && level > 0; d++) {
    arrays += level; // the arrays at depth d
    level *= shape[d];
    if (arrays * 48 > allocationLimitBytes) break;
  }
  const bytes = arrays * 48 + size * 16;
  if (bytes > allocationLimitBytes) {
    throw new AllocationLimitError(
      'tensor.to_array',
      `${where}: the nested JS arrays of shape ${fmt(shape)} would take about ${bytes} bytes (${arrays} arrays, ${size} elements), above the allocation limit of ${allocationLimitBytes} bytes; read \`data\` or use toString() for a summary`,
      { shape, bytes },
    );
  }
}

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * Checks that a tensor's storage still holds its elements: a buffer detached after construction
 * (a transfer) reads as length 0, and a length-tracking view on a resizable ArrayBuffer changes
 * length when the buffer is resized. Either would read nothing or the wrong elements; refused
 * with InvalidArgumentError `tensor.storage_changed`. O(1).
 */
export function liveStorage(t: Tensor, where: string, name?: string): void {
  const length = LENGTH_OF.call(t.data);
  // `where: name` is joined only on failure: a tiny call checks several tensors (B7).
  if (length !== t.size * storageFactor(t.dtype))
    throw new InvalidArgumentError(
      'tensor.storage_changed',
      `${name === undefined ? where : `${where}: ${name}`}: the tensor's storage holds ${length} elements but its shape ${fmt(t.shape)} needs ${t.size} (detached, resized or out of bounds after the tensor was made)`,
      { length, size: t.size },
    );
}

/**
 * Checks that `value` is a tensor this library built (a brand check, not `instanceof`: a
 * prototype forgery is refused) whose storage is still intact, else InvalidArgumentError with
 * `code` naming the parameter. O(1).
 */
export function checkTensor(value: unknown, name: string, where: string, code?: string): Tensor {
  if (!Tensor.isTensor(value))
    throw new InvalidArgumentError(
      code ?? `${where}.${name}`,
      `${where}: ${name} must be a Tensor built by this library; got ${describeValue(value)}`,
      { [name]: describeValue(value) },
    );
  liveStorage(value, where, name);
  return value;
}

function describeValue(v: unknown): string {
  // Reads no property of `v` (a Proxy or a forgery's getters could throw).
  if (v === null) return 'null';
  if (typeof v !== 'object') return typeof v;
  return typedArrayName(v) ?? 'an object that is not a constructed Tensor';
}

/**
 * An n-dimensional array: dtype + shape + row-major typed-array storage.
 *
 * @example
 * const t = new Tensor('float32', [2, 2], new Float32Array([1.1, 2, 3, 4]));
 * t.toString()   // 'tensor([[1.1,   2],\n        [  3,   4]], dtype=float32)'
 * new Tensor('float32', [3], new Float64Array(3))   // throws InvalidArgumentError (tensor.storage)
 */
/** Size of the next tensor built by `resultTensor` (-1: none pending). */
let trustedSize = -1;

/** The private brand test at its second site (set by Tensor's static block; see isTensorAmongRecords). */
let recordSiteBrand: (value: object) => boolean;

/**
 * `Tensor.isTensor` for a check that expects plain records (a lowered call, its dimension
 * numbers and options: core/check-call.ts): the same brand test, written at a second code site.
 * V8 caches a property test per site by object shape; at the one shared site, the records'
 * shapes and every Tensor's made it megamorphic, and each tiny call (B7) paid a generic lookup
 * per record. Internal: not exported from the package.
 */
export function isTensorAmongRecords(value: object): boolean {
  return recordSiteBrand(value);
}

/**
 * A tensor over storage the core allocated itself for a shape it has already checked, without
 * the constructor's validation (a per-call cost on tiny calls). `shape` must be frozen and
 * `data` exactly `size` elements of the dtype's storage class. Internal: not exported from the
 * package.
 */
export function resultTensor<D extends DType>(
  dtype: D,
  shape: readonly number[],
  data: StorageMap[D],
  size: number,
): Tensor<D> {
  trustedSize = size;
  return new Tensor(dtype, shape, data);
}

/**
 * A tensor: a dtype, a shape and row-major storage in the dtype's typed array (`D` carries the
 * dtype in the type, so `tensor([1], 'float32').data` is a `Float32Array`). Made by `tensor`,
 * `zeros`, `full`, `arange` and the framework constructors; immutable in shape and dtype.
 *
 * @example
 * tensor([[1, 2], [3, 4]], 'float32').toArray() // [[1, 2], [3, 4]]
 */
export class Tensor<D extends DType = DType> {
  // The brand: only the constructor sets it, so `Object.create(Tensor.prototype, …)` (which
  // passes `instanceof`) is told apart by `isTensor`.
  readonly #branded = true;
  /** The element type; fixes the storage array type (`StorageMap[D]`). */
  readonly dtype: D;
  /** The dimensions; a frozen array. */
  readonly shape: readonly number[];
  /** Row-major storage; see `DType` for the array type of each dtype. */
  readonly data: StorageMap[D];
  /** The number of elements (the product of the shape). */
  readonly size: number;

  /**
   * Wraps existing storage (not copied). Use `tensor()` to build one from JS values.
   *
   * Throws DTypeError `tensor.dtype` (unknown dtype), InvalidArgumentError `tensor.rank` (rank above
   * {@link MAX_RANK}), `tensor.shape`, `tensor.storage` (not exactly the dtype's typed-array class:
   * a Float64Array for float32, a plain array, a Node Buffer, a Proxy), `tensor.data_length`;
   * AllocationLimitError `tensor.size`, `tensor.allocation_limit`. O(rank): elements are not read.
   * The instance is frozen (subclasses should freeze themselves at the end of their constructor).
   */
  constructor(dtype: D, shape: readonly number[], data: StorageMap[D]) {
    if (trustedSize >= 0) {
      // resultTensor: storage the core just allocated for a frozen, checked shape (same
      // fields in the same order, so every tensor keeps one hidden class).
      this.dtype = dtype;
      this.shape = shape;
      this.data = data;
      this.size = trustedSize;
      trustedSize = -1;
      Object.freeze(this);
      return;
    }
    assertDType(dtype);
    const shp = readShape(shape, 'tensor');
    const size = sizeOf(shp, dtype, 'tensor');
    checkStorage(dtype, data, size, 'tensor');
    this.dtype = dtype;
    this.shape = Object.freeze(shp);
    this.data = data;
    this.size = size;
    if (new.target === Tensor) Object.freeze(this);
  }

  /** The number of dims (`shape.length`). */
  get rank(): number {
    return this.shape.length;
  }

  /** True for a tensor this class built (not a forgery made from its prototype). */
  static isTensor(value: unknown): value is Tensor {
    return typeof value === 'object' && value !== null && #branded in value;
  }

  static {
    recordSiteBrand = (value) => #branded in value;
  }

  /** Same data, new shape with the same element count (no copy). */
  reshape(shape: readonly number[]): Tensor<D> {
    return new Tensor(this.dtype, shape, this.data);
  }

  /** The element at a multi-index, as a JS value. */
  get(...index: number[]): ElementOf<D> {
    liveStorage(this, 'tensor.get');
    if (index.length !== this.rank) {
      throw new InvalidArgumentError(
        'tensor.index',
        `tensor.get: expected ${this.rank} indices; got ${index.length}`,
      );
    }
    let off = 0;
    let stride = 1;
    for (let i = index.length - 1; i >= 0; i--) {
      const k = index[i];
      if (!(Number.isInteger(k) && k >= 0 && k < this.shape[i])) {
        throw new InvalidArgumentError(
          'tensor.index',
          `tensor.get: index ${fmt(index)} out of bounds for shape ${fmt(this.shape)}`,
        );
      }
      off += k * stride;
      stride *= this.shape[i];
    }
    return elementAt(this.dtype, this.data, off);
  }

  /** The single element of a tensor of size 1 (e.g. rank 0). */
  item(): ElementOf<D> {
    liveStorage(this, 'tensor.item');
    if (this.size !== 1)
      throw new InvalidArgumentError('tensor.item', `tensor.item: tensor has ${this.size} elements, not 1`);
    return elementAt(this.dtype, this.data, 0);
  }

  /**
   * Nested JS arrays (a bare scalar for rank 0). Floats (incl. float16/bfloat16) come back as
   * numbers, int64/uint64 as bigint, bool as boolean, other integers as numbers, complex
   * elements as frozen `{ re, im }` objects.
   *
   * Bounded: when the nested arrays would take more than the allocation limit (estimated at 16
   * bytes per element and 48 per array) it throws AllocationLimitError `tensor.to_array` at once.
   * That covers empty tensors with huge dimensions: `zeros([2 ** 40, 0], 'float32').toArray()`
   * would be 2^40 empty arrays and is refused; `zeros([3, 0], 'float32').toArray()` is `[[], [], []]`.
   */
  toArray(): NestedOf<ElementOf<D>> {
    liveStorage(this, 'tensor.toArray');
    const { shape, data, dtype, size } = this;
    checkJsStructure(shape, size, 'tensor.toArray');
    const rank = shape.length;
    if (rank === 0) return elementAt(dtype, data, 0);
    const strides = stridesOf(shape);
    const build = (dim: number, off: number): NestedOf<ElementOf<D>>[] => {
      const n = shape[dim];
      const out = new Array<NestedOf<ElementOf<D>>>(n);
      if (dim === rank - 1) for (let i = 0; i < n; i++) out[i] = elementAt(dtype, data, off + i);
      else for (let i = 0; i < n; i++) out[i] = build(dim + 1, off + i * strides[dim]);
      return out;
    };
    return build(0, 0);
  }

  /** Flat JS values in row-major order (numbers, bigints or booleans). Bounded like {@link toArray}. */
  toFlatArray(): ElementOf<D>[] {
    liveStorage(this, 'tensor.toFlatArray');
    checkJsStructure([this.size], this.size, 'tensor.toFlatArray');
    const out = new Array<ElementOf<D>>(this.size);
    for (let i = 0; i < out.length; i++) out[i] = elementAt(this.dtype, this.data, i);
    return out;
  }

  /** A deep copy. */
  clone(): Tensor<D> {
    liveStorage(this, 'tensor.clone');
    return new Tensor(this.dtype, this.shape, this.data.slice() as StorageMap[D]);
  }

  /**
   * NumPy-like text: `tensor([[1.1, 2], …], dtype=float32)`, each element in the shortest form
   * that reads back as the same value of its dtype (float32 1.1 prints `1.1`), int64/uint64 exact.
   * Above {@link PRINT_THRESHOLD} (1000) elements the middle of every dimension is summarized as
   * `...` and the shape is stated; empty tensors print `tensor([], shape=[…], dtype=…)`. Bounded
   * for any tensor.
   *
   * @example tensor([1.1, 2.5], 'float32').toString()   // 'tensor([1.1, 2.5], dtype=float32)'
   * @example zeros([2 ** 40, 0], 'int8').toString()     // 'tensor([], shape=[1099511627776, 0], dtype=int8)'
   */
  toString(): string {
    liveStorage(this, 'tensor.toString');
    const prefix = 'tensor(';
    const body = formatBody(this.dtype, this.shape, this.data, this.size, prefix.length);
    const showShape = this.size === 0 || this.size > PRINT_THRESHOLD;
    return `${prefix}${body}, ${showShape ? `shape=${fmtShape(this.shape)}, ` : ''}dtype=${this.dtype})`;
  }

  /**
   * `{ dtype, shape, data }` with `data` flat in row-major order: numbers for floats (shortest
   * round-trip form) and ≤ 32-bit integers, exact decimal strings for int64/uint64, `'NaN'`,
   * `'Infinity'`, `'-Infinity'`, `'-0'` for those floats, booleans for bool, `[re, im]` pairs of
   * such floats for complex dtypes. What `JSON.stringify` uses. Bounded like {@link toArray}.
   *
   * @example JSON.stringify(tensor([2n ** 63n - 1n], 'int64'))
   *          // '{"dtype":"int64","shape":[1],"data":["9223372036854775807"]}'
   */
  toJSON(): {
    /** The tensor's dtype. */
    dtype: D;
    /** The tensor's shape. */
    shape: number[];
    /** The elements, flat and row-major, in the JSON forms above. */
    data: (number | string | boolean | JsonComplex)[];
  } {
    liveStorage(this, 'tensor.toJSON');
    checkJsStructure([this.size], this.size, 'tensor.toJSON');
    const out = new Array<number | string | boolean | JsonComplex>(this.size);
    const d = this.data as ArrayLike<number | bigint>;
    const dt = this.dtype;
    if (isComplex(dt))
      for (let i = 0; i < out.length; i++) out[i] = jsonComplex(dt, d as ArrayLike<number>, i);
    else for (let i = 0; i < out.length; i++) out[i] = jsonElement(dt, d[i]);
    return { dtype: this.dtype, shape: [...this.shape], data: out };
  }

  /** Prints {@link toString} with `console.log` (like TF.js `print()`). */
  print(): void {
    console.log(this.toString());
  }

  /** `console.log(t)` and `util.inspect(t)` in Node print {@link toString}. */
  [INSPECT](): string {
    return this.toString();
  }
}

/** The JS value of element `i` of a tensor's storage (complex: the pair at 2i, 2i + 1). */
export function elementAt<D extends DType>(dtype: D, data: Storage, i: number): ElementOf<D> {
  if (isComplex(dtype)) return readComplex(data as ArrayLike<number>, i) as ElementOf<D>;
  return decodeScalar(dtype, (data as ArrayLike<number | bigint>)[i]) as ElementOf<D>;
}

function fmtShape(shape: readonly number[]): string {
  return `[${shape.join(', ')}]`;
}

function dtypeOfArray(a: unknown): DType | undefined {
  switch (typedArrayName(a)) {
    case 'Float64Array':
      return 'float64';
    case 'Float32Array':
      return 'float32';
    case 'Float16Array':
      return 'float16';
    case 'BigInt64Array':
      return 'int64';
    case 'BigUint64Array':
      return 'uint64';
    case 'Int32Array':
      return 'int32';
    case 'Int16Array':
      return 'int16';
    case 'Int8Array':
      return 'int8';
    case 'Uint32Array':
      return 'uint32';
    case 'Uint16Array':
      return 'uint16';
    case 'Uint8Array':
    case 'Uint8ClampedArray':
      return 'uint8';
    default:
      return undefined;
  }
}

const KIND_BOOL = 1;
const KIND_BIGINT = 2;
const KIND_INT32 = 4;
const KIND_NUMBER = 8;
const KIND_COMPLEX = 16;

/** The shape of a nested array, following first elements; refuses nesting deeper than MAX_RANK (and says when it is circular). */
function nestedShape(values: unknown): number[] {
  const shape: number[] = [];
  const path: unknown[] = [];
  let v = values;
  while (Array.isArray(v)) {
    if (shape.length === MAX_RANK) {
      const circular = path.includes(v);
      throw new InvalidArgumentError(
        circular ? 'tensor.circular' : 'tensor.rank',
        circular
          ? 'tensor: the nested array contains itself (circular nesting)'
          : `tensor: nesting deeper than the maximum rank ${MAX_RANK}`,
        { maxRank: MAX_RANK },
      );
    }
    path.push(v);
    shape.push(v.length);
    if (v.length === 0) break;
    v = v[0];
  }
  return shape;
}

function ragged(dim: number, why: string): never {
  throw new InvalidArgumentError('tensor.ragged', `tensor: ragged nesting: ${why}`, { dim });
}

/** Checks every array has its dimension's length and every leaf sits at depth rank; returns the kinds of leaves seen. */
function scan(v: unknown, dim: number, shape: readonly number[]): number {
  if (dim === shape.length) {
    switch (typeof v) {
      case 'boolean':
        return KIND_BOOL;
      case 'bigint':
        return KIND_BIGINT;
      case 'number':
        // -0 is a float (NumPy's -0.0): only float arithmetic makes it, and an int would drop its sign.
        return Number.isInteger(v) &&
          (v as number) >= -2147483648 &&
          (v as number) <= 2147483647 &&
          !Object.is(v, -0)
          ? KIND_INT32
          : KIND_NUMBER;
      default:
        if (Array.isArray(v)) ragged(dim, `an array sits where dimension ${dim - 1} expects a scalar`);
        if (isComplexValue(v)) return KIND_COMPLEX;
        throw new InvalidArgumentError(
          'tensor.value',
          `tensor: elements must be numbers, bigints or booleans; got ${v === null ? 'null' : typeof v} ${fmt(v)}`,
        );
    }
  }
  if (!Array.isArray(v)) return ragged(dim, `a scalar sits where dimension ${dim} expects an array`);
  const n = shape[dim];
  if (v.length !== n) ragged(dim, `dimension ${dim} has lengths ${n} and ${v.length}`);
  let kinds = 0;
  for (let i = 0; i < n; i++) kinds |= scan(v[i], dim + 1, shape);
  return kinds;
}

/** Writes the leaves in row-major order; returns the next write position. */
function fill(
  v: unknown,
  dim: number,
  rank: number,
  dtype: DType,
  out: Storage,
  at: number,
  o: ScalarOptions,
): number {
  if (dim === rank) {
    if (isComplex(dtype)) {
      const [re, im] = complexParts(v, dtype, o.where ?? 'tensor');
      (out as Float32Array | Float64Array)[2 * at] = re;
      (out as Float32Array | Float64Array)[2 * at + 1] = im;
    } else (out as { [i: number]: number | bigint })[at] = toDTypeScalar(v, dtype, o);
    return at + 1;
  }
  const a = v as unknown[];
  for (let i = 0; i < a.length; i++) at = fill(a[i], dim + 1, rank, dtype, out, at, o);
  return at;
}

const TENSOR_SCALAR: ScalarOptions = { where: 'tensor' };

/**
 * Builds a tensor from nested arrays, a typed array (shape defaults to 1-D) or a scalar.
 *
 * Without a dtype: typed arrays keep theirs; nested values become bool (all booleans),
 * int64 (any bigint), int32 (all integers within int32) or float64 (an empty array: float32).
 * A typed array whose type already matches the dtype's storage is used without a copy.
 *
 * Every element goes through {@link toDTypeScalar} (exact): wrong types are InvalidArgumentError
 * `tensor.value`, values that do not fit DTypeError `tensor.value`. Nesting deeper than
 * {@link MAX_RANK} is `tensor.rank`, a circular one `tensor.circular` (never a stack overflow);
 * the size is checked against the allocation limit before anything is converted.
 *
 * @example tensor([[1, 2], [3, 4]], 'float32')   // shape [2, 2]
 * @example tensor(new Float32Array(6), undefined, [2, 3])
 */
export function tensor<D extends DType = DType>(
  values: NestedArray | ArrayBufferView,
  dtype?: D,
  shape?: readonly number[],
): Tensor<D> {
  if (dtype !== undefined && !isDType(dtype)) assertDType(dtype);
  const own = dtypeOfArray(values);
  if (own !== undefined || ArrayBuffer.isView(values)) {
    const dt = (dtype ?? own) as D;
    if (!dt || own === undefined)
      throw new InvalidArgumentError('tensor.value', 'tensor: unsupported typed array (a DataView?)');
    if (isComplex(dt)) return complexFromTyped(values as ArrayBufferView, dt, shape) as unknown as Tensor<D>;
    const length = LENGTH_OF.call(values);
    const shp = shape === undefined ? [length] : readShape(shape, 'tensor');
    const n = sizeOf(shp, dt, 'tensor');
    if (length !== n) {
      throw new InvalidArgumentError(
        'tensor.data_length',
        `tensor: ${length} values cannot fill shape ${fmt(shp)} (${n} elements)`,
      );
    }
    const src = values as unknown as ArrayLike<number | bigint>;
    const store = storageConstructor(dt) as unknown as { prototype: object };
    // Reuse the array when it is exactly the storage type (float16/bfloat16/bool take Uint16/Uint8 bit patterns).
    if (
      Object.getPrototypeOf(values) === store.prototype &&
      (own === dt || dt === 'float16' || dt === 'bfloat16' || dt === 'bool')
    ) {
      if (dt === 'bool')
        for (let i = 0; i < n; i++)
          if (src[i] !== 0 && src[i] !== 1) toDTypeScalar(src[i], 'bool', TENSOR_SCALAR);
      return new Tensor(dt, shp, src as unknown as StorageMap[D]);
    }
    const data = allocStorage(dt, n) as { [i: number]: number | bigint };
    for (let i = 0; i < n; i++) data[i] = toDTypeScalar(src[i], dt, TENSOR_SCALAR);
    return new Tensor(dt, shp, data as unknown as StorageMap[D]);
  }
  const inferred = nestedShape(values);
  // Refuse impossible sizes before walking (a sparse array may claim any length).
  const count = sizeOf(inferred, dtype ?? 'bool', 'tensor');
  const kinds = scan(values, 0, inferred);
  let dt = dtype as DType | undefined;
  if (dt === undefined) {
    if (kinds & KIND_COMPLEX)
      dt = 'complex128'; // Python's complex is a pair of doubles
    else if (kinds === 0) dt = 'float32';
    else if (kinds === KIND_BOOL) dt = 'bool';
    else if (kinds & KIND_BIGINT) dt = 'int64';
    else if (kinds === KIND_INT32) dt = 'int32';
    else dt = 'float64';
  }
  const shp = shape === undefined ? inferred : readShape(shape, 'tensor');
  const n = sizeOf(shp, dt, 'tensor');
  if (n !== count) {
    throw new InvalidArgumentError(
      'tensor.data_length',
      `tensor: ${count} values cannot fill shape ${fmt(shp)} (${n} elements)`,
    );
  }
  const data = allocStorage(dt, n);
  if (n > 0) fill(values, 0, inferred.length, dt, data, 0, TENSOR_SCALAR);
  return new Tensor(dt as D, shp, data as StorageMap[D]);
}

/**
 * A complex tensor from a real typed array of interleaved (real, imag) pairs: 2n values make n
 * elements (shape defaults to [n]). The array is used without a copy when it is already the
 * storage type (Float32Array for complex64, Float64Array for complex128).
 */
function complexFromTyped(values: ArrayBufferView, dt: ComplexDType, shape?: readonly number[]): Tensor {
  const length = LENGTH_OF.call(values);
  if (length % 2 !== 0 || typeof (values as unknown as ArrayLike<unknown>)[0] === 'bigint')
    throw new InvalidArgumentError(
      'tensor.data_length',
      `tensor: a ${dt} tensor takes an even number of real values (real and imaginary parts interleaved); got ${length}${length % 2 ? '' : ' bigints'}`,
    );
  const shp = shape === undefined ? [length / 2] : readShape(shape, 'tensor');
  const n = sizeOf(shp, dt, 'tensor');
  if (length !== 2 * n)
    throw new InvalidArgumentError(
      'tensor.data_length',
      `tensor: ${length} values (${length / 2} complex) cannot fill shape ${fmt(shp)} (${n} elements)`,
    );
  const store = storageConstructor(dt) as unknown as { prototype: object };
  if (Object.getPrototypeOf(values) === store.prototype) return new Tensor(dt, shp, values as Float32Array);
  const data = allocStorage(dt, n);
  const src = values as unknown as ArrayLike<number>;
  for (let i = 0; i < length; i++) data[i] = dt === 'complex64' ? Math.fround(src[i]) : src[i];
  return new Tensor(dt, shp, data);
}

/** A tensor of zeros (false for bool). */
export function zeros<D extends DType>(shape: readonly number[], dtype: D): Tensor<D> {
  assertDType(dtype);
  return new Tensor(dtype, shape, allocStorage(dtype, checkedSize(shape, dtype)));
}

/**
 * A tensor whose every element is `value` (converted exactly by {@link toDTypeScalar}: code
 * `tensor.value`).
 *
 * @example full([2], 7n, 'int64').toArray()   // [7n, 7n]
 */
export function full<D extends DType>(
  shape: readonly number[],
  value: Scalar | Complex,
  dtype: D,
): Tensor<D> {
  assertDType(dtype);
  if (isComplex(dtype)) {
    const [re, im] = complexParts(value, dtype, 'full');
    const c = zeros(shape, dtype);
    const d = c.data as Float32Array | Float64Array;
    for (let i = 0; i < d.length; i += 2) {
      d[i] = re;
      d[i + 1] = im;
    }
    return c;
  }
  const v = toDTypeScalar(value, dtype, FULL_SCALAR);
  const t = zeros(shape, dtype);
  (t.data as { fill(v: number | bigint): unknown }).fill(v);
  return t;
}
const FULL_SCALAR: ScalarOptions = { where: 'full' };

/** 0, 1, …, n-1 as a 1-D tensor. */
export function arange<D extends DType = 'int32'>(n: number, dtype: D = 'int32' as D): Tensor<D> {
  const t = zeros([n], dtype);
  const big = dtype === 'int64' || dtype === 'uint64';
  const o: ScalarOptions = { where: 'arange' };
  const d = t.data as { [i: number]: number | bigint };
  for (let i = 0; i < n; i++) d[i] = toDTypeScalar(big ? BigInt(i) : i, dtype, o);
  return t;
}
