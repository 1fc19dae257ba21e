/**
 * NumPy `.npy` files (format versions 1.0, 2.0 and 3.0), read and written without dependencies.
 *
 * Layout of a file: the magic `\x93NUMPY`, one byte major and one byte minor version, the header
 * length (uint16 little-endian for 1.0, uint32 little-endian for 2.0 and 3.0), the header (a Python
 * dict literal with the keys `descr`, `fortran_order` and `shape`; latin-1 for 1.0/2.0, UTF-8 for 3.0,
 * padded with spaces and a final `\n` so the data starts at a multiple of 64 bytes), then the
 * elements in C order.
 *
 * Supported `descr`s (any of the byte orders `<`, `>`, `|`, `=`): `f2` `f4` `f8` (float16/32/64),
 * `c8` `c16` (complex64/128: each part swapped on its own under `>`), `i1` `i2` `i4` `i8`,
 * `u1` `u2` `u4` `u8`, `b1` / `?` (bool). Everything else (object arrays, strings, datetimes,
 * structured dtypes, long double, complex256) is refused with a DTypeError.
 */
import { DTypeError, fmt, InvalidArgumentError } from '../errors.js';
import {
  assertDType,
  byteSize,
  type DType,
  type Storage,
  storageConstructor,
  storageFactor,
} from '../tensor/dtype.js';
import { checkedSize, checkTensor, MAX_RANK, Tensor, typedArrayName } from '../tensor/tensor.js';

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY
/** numpy's ARRAY_ALIGN: the data of a file written by numpy starts at a multiple of 64 bytes. */
const ARRAY_ALIGN = 64;
/** numpy ≥ 1.23 leaves this many characters for the growth axis so the header can be rewritten in place. */
const GROWTH_AXIS_MAX_DIGITS = 21;

/** True when this JS engine stores typed arrays little-endian (every mainstream platform). */
export const HOST_LITTLE_ENDIAN: boolean = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function swapBytes(bytes: Uint8Array, itemSize: number): void {
  if (itemSize === 1) return;
  for (let off = 0; off + itemSize <= bytes.length; off += itemSize) {
    for (let i = 0, j = itemSize - 1; i < j; i++, j--) {
      const tmp = bytes[off + i];
      bytes[off + i] = bytes[off + j];
      bytes[off + j] = tmp;
    }
  }
}

/**
 * Copies `count` fixed-width elements of `dtype` from `bytes` (starting at its first byte) into new
 * storage, converting from the given byte order. The input needs no alignment. Bool bytes other
 * than 0 become 1 (as numpy's and C's `bool` read them).
 *
 * Throws InvalidArgumentError `bytes.length` if `bytes` holds fewer than `count` elements.
 */
export function bytesToStorage(
  dtype: DType,
  bytes: Uint8Array,
  count: number,
  littleEndian: boolean,
): Storage {
  checkRawArgs('bytesToStorage', dtype, bytes, 'bytes');
  if (!Number.isSafeInteger(count) || count < 0)
    throw new InvalidArgumentError(
      'bytes.count',
      `bytesToStorage: count must be a safe integer >= 0; got ${fmt(count)}`,
    );
  const itemSize = byteSize(dtype);
  const nBytes = count * itemSize;
  if (bytes.length < nBytes) {
    throw new InvalidArgumentError(
      'bytes.length',
      `bytesToStorage: ${count} elements of ${dtype} need ${nBytes} bytes; got ${bytes.length}`,
      { dtype, count, bytes: bytes.length },
    );
  }
  // A fresh, aligned copy (not bytes.slice: on a Node Buffer, slice is a view into a shared pool).
  const copy = new Uint8Array(nBytes);
  copy.set(bytes.subarray(0, nBytes));
  if (littleEndian !== HOST_LITTLE_ENDIAN) swapBytes(copy, swapUnit(dtype));
  const data = new (storageConstructor(dtype))(copy.buffer, 0, count * storageFactor(dtype));
  if (dtype === 'bool') {
    const b = data as Uint8Array;
    for (let i = 0; i < count; i++) if (b[i] > 1) b[i] = 1;
  }
  return data;
}

/** The bytes of a tensor's storage in the given byte order (a new array, row-major element order). */
export function storageToBytes(dtype: DType, data: Storage, littleEndian: boolean): Uint8Array {
  checkRawArgs('storageToBytes', dtype, data, 'data');
  const out = new Uint8Array(data.byteLength);
  out.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  if (littleEndian !== HOST_LITTLE_ENDIAN) swapBytes(out, swapUnit(dtype));
  return out;
}

/** A known dtype and a typed array (a Buffer is one): anything else fails on its first use. */
function checkRawArgs(where: string, dtype: DType, array: unknown, name: string): void {
  assertDType(dtype, where);
  if (typedArrayName(array) === undefined)
    throw new InvalidArgumentError(
      'bytes.array',
      `${where}: ${name} must be a typed array; got ${array === null ? 'null' : typeof array}`,
    );
}

/** The byte-swapped unit of a dtype: the element, or each of a complex element's two parts. */
function swapUnit(dtype: DType): number {
  return byteSize(dtype) / storageFactor(dtype);
}

// ---------------------------------------------------------------------------------------------
// The header: a tiny parser for the Python literals numpy writes.

/** A Python tuple (kept apart from lists: numpy requires `shape` to be a tuple). */
class PyTuple {
  constructor(readonly items: PyValue[]) {}
}
type PyValue = string | number | boolean | null | PyTuple | PyValue[] | Map<PyValue, PyValue>;

function headerError(message: string, header: string): never {
  throw new InvalidArgumentError('npy.header', `readNpy: ${message} in header ${fmt(header.trim())}`, {
    header,
  });
}

/** An int / True / False / None at a position (sticky, so parsing stays linear in the header). */
const ATOM = /[-+]?\d+[lL]?|True|False|None/y;

/** Parses one Python literal (dict/tuple/list/str/int/True/False/None), as numpy's `safe_eval` would accept. */
function parsePyLiteral(src: string): PyValue {
  let pos = 0;
  const ws = () => {
    for (;;) {
      const c = src.charCodeAt(pos); // NaN past the end
      if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) pos++;
      else break;
    }
  };
  const value = (depth: number): PyValue => {
    if (depth > 32) headerError('nesting too deep', src);
    ws();
    const c = src[pos];
    if (c === undefined) headerError('unexpected end', src);
    if (c === "'" || c === '"') return str();
    if (c === '{') return container('}', depth, true) as Map<PyValue, PyValue>;
    if (c === '(') return container(')', depth, false) as PyTuple;
    if (c === '[') return container(']', depth, false) as PyValue[];
    ATOM.lastIndex = pos; // sticky: matches at pos without copying the rest of the header
    const m = ATOM.exec(src);
    if (!m) headerError(`unexpected character ${JSON.stringify(c)} at offset ${pos}`, src);
    pos += m[0].length;
    if (m[0] === 'True') return true;
    if (m[0] === 'False') return false;
    if (m[0] === 'None') return null;
    const n = Number(m[0].replace(/[lL]$/, ''));
    if (!Number.isSafeInteger(n)) headerError(`integer ${m[0]} is beyond 2^53`, src);
    return n;
  };
  const str = (): string => {
    // Python string literal with an optional b/u prefix already excluded; handles the usual escapes.
    const quote = src[pos++];
    let out = '';
    for (;;) {
      const c = src[pos++];
      if (c === undefined) headerError('unterminated string', src);
      if (c === quote) return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = src[pos++];
      const simple: Record<string, string> = {
        n: '\n',
        t: '\t',
        r: '\r',
        '0': '\0',
        '\\': '\\',
        "'": "'",
        '"': '"',
      };
      if (e in simple) out += simple[e];
      else if (e === 'x' || e === 'u') {
        const len = e === 'x' ? 2 : 4;
        const hex = src.slice(pos, pos + len);
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) headerError('bad escape', src);
        out += String.fromCharCode(Number.parseInt(hex, 16));
        pos += len;
      } else headerError(`unsupported escape \\${e}`, src);
    }
  };
  const container = (close: string, depth: number, isDict: boolean): PyValue => {
    pos++; // opening bracket
    const items: PyValue[] = [];
    const map = new Map<PyValue, PyValue>();
    let sawComma = false;
    for (;;) {
      ws();
      if (src[pos] === close) {
        pos++;
        break;
      }
      if (items.length + map.size > 0 && !sawComma)
        headerError(`expected ',' or '${close}' at offset ${pos}`, src);
      const v = value(depth + 1);
      if (isDict) {
        ws();
        if (src[pos] !== ':') headerError(`expected ':' at offset ${pos}`, src);
        pos++;
        map.set(v, value(depth + 1));
      } else items.push(v);
      ws();
      sawComma = src[pos] === ',';
      if (sawComma) pos++;
    }
    if (isDict) return map;
    if (close === ')') {
      // `(3)` is just 3 in Python; a one-element tuple needs the trailing comma.
      if (items.length === 1 && !sawComma) return items[0];
      return new PyTuple(items);
    }
    return items;
  };
  const v = value(0);
  ws();
  if (pos !== src.length) headerError(`unexpected text after the literal at offset ${pos}`, src);
  return v;
}

// ---------------------------------------------------------------------------------------------
// descr ⇄ dtype

interface Descr {
  dtype: DType;
  littleEndian: boolean;
}

/** The descr numpy writes for each dtype (little-endian); bfloat16 has none. */
const DESCR_OF: Record<Exclude<DType, 'bfloat16'>, string> = {
  float64: 'f8',
  float32: 'f4',
  float16: 'f2',
  int64: 'i8',
  int32: 'i4',
  int16: 'i2',
  int8: 'i1',
  uint64: 'u8',
  uint32: 'u4',
  uint16: 'u2',
  uint8: 'u1',
  bool: 'b1',
  complex64: 'c8',
  complex128: 'c16',
};

const DTYPE_OF_CODE: Record<string, DType> = {
  f2: 'float16',
  f4: 'float32',
  f8: 'float64',
  i1: 'int8',
  i2: 'int16',
  i4: 'int32',
  i8: 'int64',
  u1: 'uint8',
  u2: 'uint16',
  u4: 'uint32',
  u8: 'uint64',
  b1: 'bool',
  c8: 'complex64',
  c16: 'complex128',
  '?': 'bool',
  '?1': 'bool',
};

const KIND_NAMES: Record<string, string> = {
  c: 'complex of this width',
  U: 'unicode string',
  S: 'byte string',
  a: 'byte string',
  V: 'void/raw bytes (perhaps a bfloat16 saved through ml_dtypes)',
  M: 'datetime64',
  m: 'timedelta64',
  f: 'float of this width',
  i: 'integer of this width',
  u: 'unsigned integer of this width',
  b: 'bool of this width',
};

function parseDescr(descr: PyValue, header: string): Descr {
  if (typeof descr !== 'string') {
    throw new DTypeError(
      'npy.descr',
      `readNpy: structured dtypes are not supported (descr ${descr instanceof Map ? '{…}' : fmt(descr)}); header ${fmt(header.trim())}`,
      { header },
    );
  }
  const m = /^([<>|=]?)([A-Za-z?])(\d*)(\[.*\])?$/.exec(descr);
  if (m && m[2] === 'O') {
    throw new DTypeError(
      'npy.object',
      `readNpy: descr ${fmt(descr)} is an object array (pickled Python objects); it cannot be read without executing pickle, save a numeric array instead`,
      { descr },
    );
  }
  const dtype = m && !m[4] ? DTYPE_OF_CODE[m[2] + m[3]] : undefined;
  if (!m || !dtype) {
    const kind = m ? KIND_NAMES[m[2]] : undefined;
    throw new DTypeError(
      'npy.descr',
      `readNpy: unsupported descr ${fmt(descr)}${kind ? ` (${kind})` : ''}; supported: f2 f4 f8 c8 c16 i1 i2 i4 i8 u1 u2 u4 u8 b1 with byte order < > | =`,
      { descr },
    );
  }
  const order = m[1];
  // '|' (not applicable) and '=' (native) are read in this host's byte order, like numpy does.
  const littleEndian = order === '<' ? true : order === '>' ? false : HOST_LITTLE_ENDIAN;
  return { dtype, littleEndian };
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Options of {@link readNpy}. */
export interface ReadNpyOptions {
  /**
   * Read a `u2` array as bfloat16 bit patterns (the counterpart of `writeNpy(t, { bfloat16: 'uint16' })`).
   * Default false: `u2` reads as uint16.
   */
  uint16AsBfloat16?: boolean;
}

/** Parsed `.npy` header, as returned by {@link readNpyHeader}. */
export interface NpyHeader {
  /** Format version, `[major, minor]`: `[1, 0]`, `[2, 0]` or `[3, 0]`. */
  version: readonly [number, number];
  /** The `descr` string, e.g. `<f4`. */
  descr: string;
  /** The dtype the data reads as (before `uint16AsBfloat16`). */
  dtype: DType;
  /** Byte order of the elements (`|` and `=` resolve to this host's order). */
  littleEndian: boolean;
  /** The header's `fortran_order` (only accepted for rank 0 and 1, where it changes nothing). */
  fortranOrder: boolean;
  /** The array's shape (`[]` for rank 0). */
  shape: number[];
  /** Byte offset of the first element. */
  dataOffset: number;
}

function truncated(what: string, need: number, have: number): never {
  throw new InvalidArgumentError(
    'npy.truncated',
    `readNpy: file truncated: ${what} needs ${need} bytes, file has ${have}`,
    {
      need,
      have,
    },
  );
}

/**
 * Parses and validates the header of a `.npy` file without reading the data.
 *
 * Errors: InvalidArgumentError `npy.magic`, `npy.truncated`, `npy.version`, `npy.header`,
 * `npy.fortran_order` (Fortran-ordered arrays of rank ≥ 2; for rank 0 and 1 both orders are the same
 * bytes and the file is accepted); DTypeError `npy.object`, `npy.descr`.
 */
export function readNpyHeader(bytes: Uint8Array): NpyHeader {
  if (typedArrayName(bytes) !== 'Uint8Array') {
    throw new InvalidArgumentError(
      'npy.input',
      `readNpy: expected a Uint8Array; got ${Object.prototype.toString.call(bytes)}`,
    );
  }
  // A plain view over the same memory (a subclass or an own `length` cannot change what is read).
  bytes = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < MAGIC.length; i++) {
    if (i >= bytes.length) truncated('the magic string', MAGIC.length, bytes.length);
    if (bytes[i] !== MAGIC[i]) {
      throw new InvalidArgumentError(
        'npy.magic',
        `readNpy: not a .npy file: it must start with \\x93NUMPY; got ${fmt(Array.from(bytes.subarray(0, MAGIC.length)))}`,
      );
    }
  }
  if (bytes.length < 8) truncated('the version', 8, bytes.length);
  const major = bytes[6];
  const minor = bytes[7];
  if (!((major === 1 || major === 2 || major === 3) && minor === 0)) {
    throw new InvalidArgumentError(
      'npy.version',
      `readNpy: unsupported .npy format version ${major}.${minor}; supported: 1.0, 2.0, 3.0`,
      {
        major,
        minor,
      },
    );
  }
  const lenSize = major === 1 ? 2 : 4;
  const start = 8 + lenSize;
  if (bytes.length < start) truncated('the header length', start, bytes.length);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLen = major === 1 ? dv.getUint16(8, true) : dv.getUint32(8, true);
  const dataOffset = start + headerLen;
  if (bytes.length < dataOffset) truncated(`the header (${headerLen} bytes)`, dataOffset, bytes.length);
  const raw = bytes.subarray(start, dataOffset);
  let header: string;
  if (major === 3) {
    try {
      header = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    } catch (e) {
      // A fatal TextDecoder throws a TypeError on malformed UTF-8; anything else is a bug.
      if (!(e instanceof TypeError)) throw e;
      throw new InvalidArgumentError('npy.header', 'readNpy: a version 3.0 header must be valid UTF-8');
    }
  } else {
    header = ''; // latin-1: one byte, one code point
    for (let i = 0; i < raw.length; i += 4096) header += String.fromCharCode(...raw.subarray(i, i + 4096));
  }
  const dict = parsePyLiteral(header);
  if (!(dict instanceof Map)) headerError('the header is not a dict', header);
  const keys = [...dict.keys()];
  const want = ['descr', 'fortran_order', 'shape'];
  if (keys.length !== 3 || !want.every((k) => dict.has(k))) {
    headerError(`the header must have exactly the keys ${want.join(', ')}; got ${fmt(keys)}`, header);
  }
  const fortranOrder = dict.get('fortran_order');
  if (typeof fortranOrder !== 'boolean') headerError('fortran_order must be True or False', header);
  const shapeValue = dict.get('shape');
  if (shapeValue instanceof PyTuple && shapeValue.items.length > MAX_RANK) {
    throw new InvalidArgumentError(
      'tensor.rank',
      `readNpy: shape has ${shapeValue.items.length} dimensions, more than the maximum rank ${MAX_RANK}`,
      { rank: shapeValue.items.length },
    );
  }
  if (!(shapeValue instanceof PyTuple) || !shapeValue.items.every((d) => typeof d === 'number' && d >= 0)) {
    headerError('shape must be a tuple of non-negative integers', header);
  }
  const shape = shapeValue.items as number[];
  const descr = dict.get('descr') as PyValue;
  const { dtype, littleEndian } = parseDescr(descr, header);
  if (fortranOrder && shape.length >= 2) {
    throw new InvalidArgumentError(
      'npy.fortran_order',
      `readNpy: Fortran-ordered (column-major) arrays are not supported (shape ${fmt(shape)}); save with np.save(f, np.ascontiguousarray(a))`,
      { shape },
    );
  }
  return {
    version: [major, minor],
    descr: descr as string,
    dtype,
    littleEndian,
    fortranOrder,
    shape,
    dataOffset,
  };
}

/**
 * Reads a `.npy` file (format 1.0, 2.0 or 3.0; C order; either byte order) into a new tensor.
 * float16 arrays become `float16` tensors (bit patterns kept exactly); `b1` becomes `bool`.
 *
 * Errors (each with its `code`): InvalidArgumentError `npy.magic` (not a .npy file),
 * `npy.truncated` (shorter than its header or data), `npy.version`, `npy.header` (malformed dict),
 * `npy.fortran_order`, `npy.trailing_data` (bytes after the last element);
 * DTypeError `npy.object` (pickled object arrays, `|O`), `npy.descr` (any other dtype);
 * AllocationLimitError `tensor.allocation_limit` for shapes above the allocation limit.
 *
 * @example readNpy(fs.readFileSync('a.npy'))
 */
export function readNpy(bytes: Uint8Array, options: ReadNpyOptions = {}): Tensor {
  if (options === null || typeof options !== 'object')
    throw new InvalidArgumentError('npy.options', `readNpy: options must be an object; got ${fmt(options)}`);
  const h = readNpyHeader(bytes);
  bytes = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let dtype = h.dtype;
  if (options.uint16AsBfloat16 && dtype === 'uint16') dtype = 'bfloat16';
  const count = checkedSize(h.shape, dtype, 'readNpy');
  const need = h.dataOffset + count * byteSize(dtype);
  if (bytes.length < need)
    truncated(`the data (${count} × ${h.descr} of shape ${fmt(h.shape)})`, need, bytes.length);
  if (bytes.length > need) {
    throw new InvalidArgumentError(
      'npy.trailing_data',
      `readNpy: ${bytes.length - need} unexpected bytes after the data of shape ${fmt(h.shape)} (${h.descr}); the file is corrupt or not a single array`,
      { extra: bytes.length - need },
    );
  }
  const data = bytesToStorage(dtype, bytes.subarray(h.dataOffset, need), count, h.littleEndian);
  return new Tensor(dtype, h.shape, data as any);
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Options of {@link writeNpy}. */
export interface WriteNpyOptions {
  /**
   * numpy has no bfloat16 dtype (and a file written through the `ml_dtypes` extension records the
   * unusable descr `<V2`), so there is no faithful way to store one. By default writing a bfloat16
   * tensor throws DTypeError `npy.bfloat16`; choose instead:
   * - `'float32'`: widen to `<f4` (exact: every bfloat16 is a float32), read back as float32;
   * - `'uint16'`: the raw bit patterns as `<u2`, read back with `readNpy(b, { uint16AsBfloat16: true })`
   *   or in numpy with `np.load(f).view(ml_dtypes.bfloat16)`.
   */
  bfloat16?: 'error' | 'float32' | 'uint16';
  /**
   * Header version. Default: 1.0, or 2.0 when the header does not fit 1.0's 65535 bytes (what numpy
   * does for these dtypes). 3.0 only differs by a UTF-8 header.
   */
  version?: 1 | 2 | 3;
  /** Byte order of multi-byte elements: `'<'` (default, as numpy writes on every common host) or `'>'`. */
  byteOrder?: '<' | '>';
}

function pyTupleRepr(shape: readonly number[]): string {
  if (shape.length === 1) return `(${shape[0]},)`;
  return `(${shape.join(', ')})`;
}

/**
 * Serializes a tensor as a `.npy` file, byte for byte what numpy ≥ 1.23 `np.save` writes for the
 * same array (header dict with sorted keys, the spare growth-axis spaces, padding to 64 bytes).
 *
 * descrs: float64 `<f8`, float32 `<f4`, float16 `<f2`, int64 `<i8`, int32 `<i4`, int16 `<i2`,
 * int8 `|i1`, uint64 `<u8`, uint32 `<u4`, uint16 `<u2`, uint8 `|u1`, bool `|b1` (`>` instead of `<`
 * with `byteOrder: '>'`). bfloat16 is refused (DTypeError `npy.bfloat16`) unless
 * `options.bfloat16` picks a representation; see {@link WriteNpyOptions.bfloat16}.
 */
export function writeNpy(t: Tensor, options: WriteNpyOptions = {}): Uint8Array {
  checkTensor(t, 't', 'writeNpy', 'npy.input');
  if (options === null || typeof options !== 'object')
    throw new InvalidArgumentError('npy.options', `writeNpy: options must be an object; got ${fmt(options)}`);
  const order = options.byteOrder ?? '<';
  if (order !== '<' && order !== '>') {
    throw new InvalidArgumentError(
      'npy.options',
      `writeNpy: byteOrder must be '<' or '>'; got ${fmt(order)}`,
    );
  }
  const bf = options.bfloat16 ?? 'error';
  if (bf !== 'error' && bf !== 'float32' && bf !== 'uint16') {
    throw new InvalidArgumentError(
      'npy.options',
      `writeNpy: bfloat16 must be 'error', 'float32' or 'uint16'; got ${fmt(bf)}`,
    );
  }
  let dtype: Exclude<DType, 'bfloat16'>;
  let data: Storage = t.data;
  if (t.dtype === 'bfloat16') {
    if (bf === 'error') {
      throw new DTypeError(
        'npy.bfloat16',
        "writeNpy: numpy has no bfloat16 dtype; pass { bfloat16: 'float32' } to widen exactly to <f4, or { bfloat16: 'uint16' } to store the bit patterns as <u2",
        { dtype: 'bfloat16' },
      );
    }
    if (bf === 'float32') {
      const bits = t.data as Uint16Array;
      const wide = new Uint32Array(bits.length);
      for (let i = 0; i < bits.length; i++) wide[i] = bits[i] << 16; // bfloat16 = upper half of a float32
      data = new Float32Array(wide.buffer);
      dtype = 'float32';
    } else dtype = 'uint16';
  } else dtype = t.dtype as Exclude<DType, 'bfloat16'>;
  const code = DESCR_OF[dtype];
  const descr = (byteSize(dtype) === 1 ? '|' : order) + code;
  let dict = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${pyTupleRepr(t.shape)}, }`;
  if (t.shape.length > 0) dict += ' '.repeat(Math.max(0, GROWTH_AXIS_MAX_DIGITS - String(t.shape[0]).length));
  const headerBytes = new TextEncoder().encode(dict); // ASCII, so latin-1 and UTF-8 agree
  // numpy pads `header + '\n'` with spaces (1 to 64 of them) so the data starts at a multiple of 64.
  const paddedLength = (lenSize: number) => {
    const hlen = headerBytes.length + 1;
    return hlen + ARRAY_ALIGN - ((MAGIC.length + 2 + lenSize + hlen) % ARRAY_ALIGN);
  };
  const version = options.version ?? (paddedLength(2) > 0xffff ? 2 : 1);
  if (version !== 1 && version !== 2 && version !== 3) {
    throw new InvalidArgumentError('npy.options', `writeNpy: version must be 1, 2 or 3; got ${fmt(version)}`);
  }
  const lenSize = version === 1 ? 2 : 4;
  const prefix = MAGIC.length + 2 + lenSize;
  const totalHeader = paddedLength(lenSize);
  if (version === 1 && totalHeader > 0xffff) {
    throw new InvalidArgumentError(
      'npy.options',
      `writeNpy: header of ${totalHeader} bytes does not fit format 1.0; use version 2`,
    );
  }
  const body = storageToBytes(dtype, data, order === '<');
  const out = new Uint8Array(prefix + totalHeader + body.length);
  out.set(MAGIC, 0);
  out[6] = version;
  out[7] = 0;
  const dv = new DataView(out.buffer);
  if (version === 1) dv.setUint16(8, totalHeader, true);
  else dv.setUint32(8, totalHeader, true);
  out.set(headerBytes, prefix);
  out.fill(0x20, prefix + headerBytes.length, prefix + totalHeader - 1);
  out[prefix + totalHeader - 1] = 0x0a;
  out.set(body, prefix + totalHeader);
  return out;
}
