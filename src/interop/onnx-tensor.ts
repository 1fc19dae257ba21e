/**
 * ONNX `TensorProto` (onnx.proto) ⇄ Tensor, using protobufjs with the message schema declared here
 * (field numbers from onnx.proto; proto2 encoding, so `dims` is unpacked and the numeric data fields
 * are packed, as ONNX writes them).
 *
 * Reading understands `raw_data` (little-endian, fixed width) and every typed field:
 * `float_data` (FLOAT; COMPLEX64 as (real, imaginary) pairs), `double_data` (DOUBLE; COMPLEX128 as
 * pairs), `int64_data` (INT64), `uint64_data` (UINT32, UINT64) and `int32_data` (INT32, INT16, INT8,
 * UINT16, UINT8, BOOL, and FLOAT16/BFLOAT16 as their 16-bit patterns). External data, segments,
 * strings, float8, 4- and 2-bit types are refused with typed errors. Writing always uses `raw_data`.
 */
import protobuf from 'protobufjs';
import { DTypeError, fmt, GatherScatterError, InvalidArgumentError } from '../errors.js';
import { allocStorage, byteSize, type DType, type Storage, storageFactor } from '../tensor/dtype.js';
import { checkedSize, checkTensor, MAX_RANK, Tensor, typedArrayName } from '../tensor/tensor.js';
import { bytesToStorage, storageToBytes } from './npy.js';

const { Enum, Field, Root, Type } = protobuf;

// ---------------------------------------------------------------------------------------------
// Data types

/** ONNX `TensorProto.DataType` numbers and names (all of them, so errors can name unsupported ones). */
export const ONNX_DATA_TYPE_NAMES: Readonly<Record<number, string>> = Object.freeze({
  0: 'UNDEFINED',
  1: 'FLOAT',
  2: 'UINT8',
  3: 'INT8',
  4: 'UINT16',
  5: 'INT16',
  6: 'INT32',
  7: 'INT64',
  8: 'STRING',
  9: 'BOOL',
  10: 'FLOAT16',
  11: 'DOUBLE',
  12: 'UINT32',
  13: 'UINT64',
  14: 'COMPLEX64',
  15: 'COMPLEX128',
  16: 'BFLOAT16',
  17: 'FLOAT8E4M3FN',
  18: 'FLOAT8E4M3FNUZ',
  19: 'FLOAT8E5M2',
  20: 'FLOAT8E5M2FNUZ',
  21: 'UINT4',
  22: 'INT4',
  23: 'FLOAT4E2M1',
  24: 'FLOAT8E8M0',
  25: 'UINT2',
  26: 'INT2',
});

/** ONNX data type number → library dtype, for the types this library stores. */
export const onnxDataTypeToDType: Readonly<Record<number, DType>> = Object.freeze({
  1: 'float32',
  2: 'uint8',
  3: 'int8',
  4: 'uint16',
  5: 'int16',
  6: 'int32',
  7: 'int64',
  9: 'bool',
  10: 'float16',
  11: 'float64',
  12: 'uint32',
  13: 'uint64',
  14: 'complex64',
  15: 'complex128',
  16: 'bfloat16',
});

/** Library dtype → ONNX data type number (every dtype has one). */
export const dtypeToOnnxDataType: Readonly<Record<DType, number>> = Object.freeze({
  float32: 1,
  uint8: 2,
  int8: 3,
  uint16: 4,
  int16: 5,
  int32: 6,
  int64: 7,
  bool: 9,
  float16: 10,
  float64: 11,
  uint32: 12,
  uint64: 13,
  complex64: 14,
  complex128: 15,
  bfloat16: 16,
});

// ---------------------------------------------------------------------------------------------
// Schema

function buildSchema(): protobuf.Type {
  const root = new Root();
  const onnx = root.define('onnx');
  const entry = new Type('StringStringEntryProto')
    .add(new Field('key', 1, 'string'))
    .add(new Field('value', 2, 'string'));
  const segment = new Type('Segment').add(new Field('begin', 1, 'int64')).add(new Field('end', 2, 'int64'));
  const dataLocation = new Enum('DataLocation', { DEFAULT: 0, EXTERNAL: 1 });
  const packed = { packed: true };
  const t = new Type('TensorProto')
    .add(new Field('dims', 1, 'int64', 'repeated', undefined, { packed: false }))
    .add(new Field('data_type', 2, 'int32'))
    .add(new Field('segment', 3, 'Segment'))
    .add(new Field('float_data', 4, 'float', 'repeated', undefined, packed))
    .add(new Field('int32_data', 5, 'int32', 'repeated', undefined, packed))
    .add(new Field('string_data', 6, 'bytes', 'repeated'))
    .add(new Field('int64_data', 7, 'int64', 'repeated', undefined, packed))
    .add(new Field('name', 8, 'string'))
    .add(new Field('raw_data', 9, 'bytes'))
    .add(new Field('double_data', 10, 'double', 'repeated', undefined, packed))
    .add(new Field('uint64_data', 11, 'uint64', 'repeated', undefined, packed))
    .add(new Field('doc_string', 12, 'string'))
    .add(new Field('external_data', 13, 'onnx.StringStringEntryProto', 'repeated'))
    .add(new Field('data_location', 14, 'DataLocation'))
    .add(new Field('metadata_props', 16, 'onnx.StringStringEntryProto', 'repeated'));
  t.add(segment);
  t.add(dataLocation);
  onnx.add(entry);
  onnx.add(t);
  root.resolveAll();
  return t;
}

/** The protobufjs reflection type of `onnx.TensorProto` (snake_case field names as in onnx.proto). */
export const TensorProtoType: protobuf.Type = buildSchema();

/**
 * A TensorProto as a plain object (snake_case names as in onnx.proto). Readers also accept the
 * camelCase names protobuf generators and JSON mapping use (`dataType`, `rawData`, …), 64-bit values
 * as number, bigint, decimal string or Long, bytes as Uint8Array or base64, and typed arrays for
 * repeated fields.
 */
export interface TensorProtoObject {
  /** Shape (field 1; int64). */
  dims?: readonly (number | bigint | string)[];
  /** ONNX data type number (or its name, e.g. `'FLOAT'`). */
  data_type?: number | string;
  /** Segment of a larger tensor (field 3); refused by the readers. */
  segment?: {
    /** First element of the segment (field 1). */
    begin?: number | bigint | string;
    /** One past its last element (field 2). */
    end?: number | bigint | string;
  };
  /** FLOAT values (field 4). */
  float_data?: ArrayLike<number>;
  /** INT32, INT16, INT8, UINT16, UINT8, BOOL values and FLOAT16/BFLOAT16 bit patterns (field 5). */
  int32_data?: ArrayLike<number>;
  /** STRING values (field 6); not supported by the readers. */
  string_data?: readonly (Uint8Array | string)[];
  /** INT64 values (field 7). */
  int64_data?: ArrayLike<number | bigint | string>;
  /** Tensor name (field 8). */
  name?: string;
  /** Little-endian fixed-width values (field 9); base64 when a string. */
  raw_data?: Uint8Array | string;
  /** DOUBLE values (field 10). */
  double_data?: ArrayLike<number>;
  /** UINT32 and UINT64 values (field 11). */
  uint64_data?: ArrayLike<number | bigint | string>;
  /** Documentation (field 12). */
  doc_string?: string;
  /** Where external data lives (field 13: `location`, `offset`, `length`, `checksum`); refused by the readers. */
  external_data?: readonly {
    /** The entry's key (`location`, `offset`, `length`, `checksum`). */
    key?: string;
    /** Its value. */
    value?: string;
  }[];
  /** 0 = DEFAULT, 1 = EXTERNAL (or the names). */
  data_location?: number | string;
  /** Free-form metadata (field 16, IR version 10); ignored by the readers. */
  metadata_props?: readonly {
    /** The entry's key. */
    key?: string;
    /** Its value. */
    value?: string;
  }[];
}

/** The fields of a decoded TensorProto, normalized: 64-bit values as decimal strings, bytes as Uint8Array. */
interface Decoded {
  dims?: string[];
  data_type?: number;
  /** Segment of a larger tensor (field 3); refused by the readers. */
  segment?: { begin?: string; end?: string };
  float_data?: number[];
  int32_data?: number[];
  string_data?: Uint8Array[];
  int64_data?: string[];
  name?: string;
  raw_data?: Uint8Array;
  double_data?: number[];
  uint64_data?: string[];
  doc_string?: string;
  external_data?: { key?: string; value?: string }[];
  data_location?: number;
}

const TO_OBJECT: protobuf.IConversionOptions = {
  longs: String,
  enums: Number,
  arrays: false,
  defaults: false,
};

function decodeBytes(bytes: Uint8Array): Decoded {
  try {
    return TensorProtoType.toObject(TensorProtoType.decode(bytes), TO_OBJECT) as Decoded;
  } catch (e) {
    throw new InvalidArgumentError(
      'onnx.TensorProto.decode',
      `fromTensorProto: not a valid serialized TensorProto: ${(e as Error).message}`,
    );
  }
}

const FIELD_NAMES = TensorProtoType.fieldsArray.map((f) => f.name);
const camelToSnake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function normalizeObject(obj: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    if (value === undefined || value === null) continue;
    const k = FIELD_NAMES.includes(key) ? key : camelToSnake(key);
    if (!FIELD_NAMES.includes(k)) continue; // unknown fields are ignored, like protobuf does on the wire
    let v: unknown = value;
    if (k === 'data_type' && typeof v === 'string') {
      const entry = Object.entries(ONNX_DATA_TYPE_NAMES).find(([, name]) => name === v);
      if (!entry)
        throw new DTypeError(
          'onnx.TensorProto.data_type',
          `fromTensorProto: unknown data_type name ${fmt(v)}`,
          { data_type: v },
        );
      v = Number(entry[0]);
    } else if (typeof v === 'bigint') v = v.toString();
    else if (ArrayBuffer.isView(v) && !(v instanceof Uint8Array && k === 'raw_data')) {
      v = Array.from(v as unknown as ArrayLike<number | bigint>, (x) =>
        typeof x === 'bigint' ? x.toString() : x,
      );
    } else if (Array.isArray(v)) v = v.map((x) => (typeof x === 'bigint' ? x.toString() : x));
    if (k === 'segment' && typeof v === 'object') v = normalizeObject(v as Record<string, unknown>);
    out[k] = v;
  }
  return out;
}

function decodeObject(obj: object): Decoded {
  try {
    const normalized = normalizeObject(obj as Record<string, unknown>);
    return TensorProtoType.toObject(TensorProtoType.fromObject(normalized), TO_OBJECT) as Decoded;
  } catch (e) {
    if (e instanceof GatherScatterError) throw e;
    throw new InvalidArgumentError(
      'onnx.TensorProto.object',
      `fromTensorProto: not a valid TensorProto object: ${fmt(String((e as Error)?.message ?? e))}`,
    );
  }
}

/**
 * Decodes a serialized TensorProto (or normalizes a TensorProto-shaped object) to a plain object
 * with snake_case fields, 64-bit integers as decimal strings and bytes as Uint8Array. Fields not set
 * are absent. No validation beyond the wire format.
 */
export function decodeTensorProto(input: Uint8Array | object): TensorProtoObject {
  if (input instanceof Uint8Array) return decodeBytes(input) as TensorProtoObject;
  if (input instanceof ArrayBuffer) return decodeBytes(new Uint8Array(input)) as TensorProtoObject;
  if (typeof input !== 'object' || input === null) {
    throw new InvalidArgumentError(
      'onnx.TensorProto.input',
      `fromTensorProto: expected a Uint8Array or an object; got ${fmt(input)}`,
    );
  }
  return decodeObject(input) as TensorProtoObject;
}

/**
 * Serializes a TensorProto-shaped object (any field, including the typed data fields) as protobuf
 * bytes. Useful to build protos `toTensorProto` does not write, e.g. with `int32_data`.
 */
export function encodeTensorProto(obj: TensorProtoObject): Uint8Array {
  let message: protobuf.Message;
  try {
    message = TensorProtoType.fromObject(normalizeObject(obj as Record<string, unknown>));
  } catch (e) {
    throw new InvalidArgumentError(
      'onnx.TensorProto.object',
      `encodeTensorProto: not a valid TensorProto object: ${(e as Error).message}`,
    );
  }
  const buf = TensorProtoType.encode(message).finish();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

// ---------------------------------------------------------------------------------------------
// Reading

const TYPED_FIELDS = [
  'float_data',
  'int32_data',
  'string_data',
  'int64_data',
  'double_data',
  'uint64_data',
] as const;
type TypedField = (typeof TYPED_FIELDS)[number];

/** The typed field that carries each dtype (onnx.proto comments). */
const FIELD_OF: Record<DType, TypedField> = {
  float32: 'float_data',
  float64: 'double_data',
  int64: 'int64_data',
  uint32: 'uint64_data',
  uint64: 'uint64_data',
  int32: 'int32_data',
  int16: 'int32_data',
  int8: 'int32_data',
  uint16: 'int32_data',
  uint8: 'int32_data',
  bool: 'int32_data',
  float16: 'int32_data',
  bfloat16: 'int32_data',
  // onnx.proto: a complex element is two consecutive values (real, imaginary).
  complex64: 'float_data',
  complex128: 'double_data',
};

/** Inclusive range of the values `int32_data` may hold for each dtype it carries. */
const INT32_RANGE: Partial<Record<DType, [number, number]>> = {
  int32: [-2147483648, 2147483647],
  int16: [-32768, 32767],
  int8: [-128, 127],
  uint16: [0, 65535],
  uint8: [0, 255],
  float16: [0, 65535], // bit pattern as uint16
  bfloat16: [0, 65535],
};

function typeLabel(dataType: number): string {
  return `${ONNX_DATA_TYPE_NAMES[dataType] ?? 'unknown'} (${dataType})`;
}

function rangeError(dtype: DType, field: string, index: number, value: unknown): never {
  throw new InvalidArgumentError(
    'onnx.TensorProto.value_range',
    `fromTensorProto: ${field}[${index}] = ${String(value)} does not fit ${dtype}`,
    { dtype, field, index, value },
  );
}

/** A decoded TensorProto: its tensor plus the name and doc string it carried. */
export interface NamedTensor {
  /** The proto's `name` ('' when unset). */
  name: string;
  /** The proto's `doc_string` ('' when unset). */
  docString: string;
  /** The decoded values. */
  tensor: Tensor;
}

// ---------------------------------------------------------------------------------------------
// Reading, without expanding anything before its length is checked. Bytes are read by a small
// wire-format reader in two passes: the first counts every repeated field's elements (no values
// decoded) and reads the few scalar fields; once dims, data_type and the counts agree, the second
// decodes the one data field straight into the tensor's storage. Objects are type-checked field by
// field (no coercion) and their arrays checked for length, then for holes and types, before the
// storage is allocated. Peak memory: the input plus the result.

/** One data source of the reader: its element count and how to fill storage from it. */
interface DataSource {
  readonly count: number;
  /** Type-checks every entry (object input), before the storage is allocated. */
  check?(): void;
  fill(dtype: DType, out: Storage, field: TypedField): void;
}

/** What both input forms are reduced to before validation. */
interface Parsed {
  dims: readonly (number | bigint)[];
  dataType: number;
  segment?: { begin: string; end: string };
  name: string;
  docString: string;
  external: boolean;
  location?: string;
  raw?: Uint8Array;
  typed: Partial<Record<TypedField, DataSource>>;
}

const MAX_SAFE_BIG = BigInt(Number.MAX_SAFE_INTEGER);
const I64_MIN = -(1n << 63n);
const U64_MAX = (1n << 64n) - 1n;

function decodeError(why: string): never {
  throw new InvalidArgumentError(
    'onnx.TensorProto.decode',
    `fromTensorProto: not a valid serialized TensorProto: ${why}`,
  );
}
function objectError(why: string): never {
  throw new InvalidArgumentError(
    'onnx.TensorProto.object',
    `fromTensorProto: not a valid TensorProto object: ${why}`,
  );
}
function valueTypeError(field: string, index: number, value: unknown, want: string): never {
  throw new InvalidArgumentError(
    'onnx.TensorProto.value_type',
    `fromTensorProto: ${field}[${index}] = ${fmt(value)} is not ${want}`,
    { field, index },
  );
}

// --- bytes -----------------------------------------------------------------------------------

/** Field numbers and the scalar kind of each repeated numeric field. */
const WIRE_FIELDS: Record<
  number,
  { name: TypedField | 'dims'; kind: 'varint' | 'fixed32' | 'fixed64' | 'bytes' }
> = {
  1: { name: 'dims', kind: 'varint' },
  4: { name: 'float_data', kind: 'fixed32' },
  5: { name: 'int32_data', kind: 'varint' },
  6: { name: 'string_data', kind: 'bytes' },
  7: { name: 'int64_data', kind: 'varint' },
  10: { name: 'double_data', kind: 'fixed64' },
  11: { name: 'uint64_data', kind: 'varint' },
};

/** A cursor over protobuf bytes; every read checks the bounds. */
class Wire {
  pos = 0;
  /** Low and high 32 bits of the last varint. */
  lo = 0;
  hi = 0;
  constructor(
    readonly b: Uint8Array,
    readonly end: number,
  ) {}
  varint(): void {
    const b = this.b;
    let lo = 0;
    let hi = 0;
    let shift = 0;
    for (let k = 0; ; k++) {
      if (this.pos >= this.end) decodeError('truncated varint');
      if (k === 10) decodeError('varint longer than 10 bytes');
      const byte = b[this.pos++];
      const bits = byte & 0x7f;
      if (shift < 28) lo |= bits << shift;
      else if (shift === 28) {
        lo |= (bits & 0x0f) << 28;
        hi |= bits >> 4;
      } else hi |= bits << (shift - 32);
      shift += 7;
      if (byte < 0x80) break;
    }
    this.lo = lo >>> 0;
    this.hi = hi >>> 0;
  }
  /** The last varint as a safe number (refuses beyond 2^53). */
  small(what: string): number {
    if (this.hi >= 0x200000) decodeError(`${what} beyond 2^53`);
    return this.hi * 4294967296 + this.lo;
  }
  int64(): bigint {
    return this.hi === 0 ? BigInt(this.lo) : BigInt.asIntN(64, (BigInt(this.hi) << 32n) | BigInt(this.lo));
  }
  uint64(): bigint {
    return this.hi === 0 ? BigInt(this.lo) : (BigInt(this.hi) << 32n) | BigInt(this.lo);
  }
  /** Length of a length-delimited field; returns its end. */
  delimited(): number {
    this.varint();
    const len = this.small('length');
    if (len > this.end - this.pos) decodeError(`length-delimited field of ${len} bytes past the end`);
    return this.pos + len;
  }
  skip(wireType: number, field: number, depth = 0): void {
    switch (wireType) {
      case 0:
        this.varint();
        return;
      case 1:
        if (this.end - this.pos < 8) decodeError('truncated fixed64');
        this.pos += 8;
        return;
      case 2:
        this.pos = this.delimited();
        return;
      case 5:
        if (this.end - this.pos < 4) decodeError('truncated fixed32');
        this.pos += 4;
        return;
      case 3: {
        if (depth > 32) decodeError('groups nested too deep');
        for (;;) {
          if (this.pos >= this.end) decodeError('unterminated group');
          this.varint();
          const f = this.small('tag') / 8;
          const t = this.lo & 7;
          if (t === 4) {
            if (Math.floor(f) !== field) decodeError('mismatched end group');
            return;
          }
          this.skip(t, Math.floor(f), depth + 1);
        }
      }
      default:
        decodeError(`invalid wire type ${wireType}`);
    }
  }
  /** Reads a tag; returns [field, wireType]. */
  tag(): number {
    this.varint();
    const tag = this.small('tag');
    const field = Math.floor(tag / 8);
    if (field === 0) decodeError('field number 0');
    return tag;
  }
}

function utf8(b: Uint8Array, start: number, end: number): string {
  return new TextDecoder().decode(b.subarray(start, end));
}

/** Number of varints in [pos, end) (each ends in a byte below 0x80); the last byte must end one. */
function countVarints(b: Uint8Array, pos: number, end: number): number {
  let n = 0;
  for (let i = pos; i < end; i++) if (b[i] < 0x80) n++;
  if (end > pos && b[end - 1] >= 0x80) decodeError('truncated packed varint');
  return n;
}

/** Reads a StringStringEntryProto; returns [key, value]. */
function readEntry(w: Wire, end: number): [string, string] {
  const sub = new Wire(w.b, end);
  sub.pos = w.pos;
  let key = '';
  let value = '';
  while (sub.pos < end) {
    const tag = sub.tag();
    const f = Math.floor(tag / 8);
    const t = tag & 7;
    if ((f === 1 || f === 2) && t === 2) {
      const e = sub.delimited();
      const text = utf8(sub.b, sub.pos, e);
      if (f === 1) key = text;
      else value = text;
      sub.pos = e;
    } else sub.skip(t, f);
  }
  return [key, value];
}

function readSegment(w: Wire, end: number): { begin: string; end: string } {
  const sub = new Wire(w.b, end);
  sub.pos = w.pos;
  const seg = { begin: '0', end: '0' };
  while (sub.pos < end) {
    const tag = sub.tag();
    const f = Math.floor(tag / 8);
    const t = tag & 7;
    if ((f === 1 || f === 2) && t === 0) {
      sub.varint();
      seg[f === 1 ? 'begin' : 'end'] = String(sub.int64());
    } else sub.skip(t, f);
  }
  return seg;
}

function parseBytes(bytes: Uint8Array): Parsed {
  const w = new Wire(bytes, bytes.length);
  const counts: Partial<Record<TypedField, number>> = {};
  const dims: bigint[] = [];
  const p: Parsed = { dims, dataType: 0, name: '', docString: '', external: false, typed: {} };
  while (w.pos < w.end) {
    const tag = w.tag();
    const f = Math.floor(tag / 8);
    const t = tag & 7;
    const rep = WIRE_FIELDS[f];
    if (rep) {
      const { name, kind } = rep;
      let n: number;
      let start = w.pos;
      if (t === 2) {
        const e = w.delimited();
        start = w.pos;
        if (kind === 'bytes') n = 1;
        else if (kind === 'varint') n = countVarints(bytes, start, e);
        else {
          const size = kind === 'fixed32' ? 4 : 8;
          if ((e - start) % size !== 0)
            decodeError(`packed ${name} of ${e - start} bytes is not a multiple of ${size}`);
          n = (e - start) / size;
        }
        if (name === 'dims') {
          if (dims.length + n > MAX_RANK) rankTooHigh(dims.length + n);
          while (w.pos < e) {
            w.varint();
            dims.push(w.int64());
          }
        }
        w.pos = e;
      } else {
        const expected = kind === 'varint' ? 0 : kind === 'fixed32' ? 5 : kind === 'fixed64' ? 1 : 2;
        if (t !== expected) decodeError(`field ${f} (${name}) has wire type ${t}`);
        w.skip(t, f);
        n = 1;
        if (name === 'dims') {
          if (dims.length + 1 > MAX_RANK) rankTooHigh(dims.length + 1);
          const save = w.pos;
          w.pos = start;
          w.varint();
          dims.push(w.int64());
          w.pos = save;
        }
      }
      if (name !== 'dims') counts[name] = (counts[name] ?? 0) + n;
      continue;
    }
    switch (f) {
      case 2: // data_type
      case 14: // data_location
        if (t !== 0) decodeError(`field ${f} has wire type ${t}`);
        w.varint();
        if (f === 2) p.dataType = w.lo | 0;
        else p.external = p.external || (w.lo | 0) === 1;
        break;
      case 3: // segment
      case 8: // name
      case 9: // raw_data
      case 12: // doc_string
      case 13: {
        // external_data
        if (t !== 2) decodeError(`field ${f} has wire type ${t}`);
        const e = w.delimited();
        if (f === 3) p.segment = readSegment(w, e);
        else if (f === 8) p.name = utf8(bytes, w.pos, e);
        else if (f === 9) p.raw = bytes.subarray(w.pos, e);
        else if (f === 12) p.docString = utf8(bytes, w.pos, e);
        else {
          p.external = true;
          const [key, value] = readEntry(w, e);
          if (key === 'location' && p.location === undefined) p.location = value;
        }
        w.pos = e;
        break;
      }
      default:
        w.skip(t, f);
    }
  }
  for (const [name, count] of Object.entries(counts) as [TypedField, number][]) {
    const fieldNo = Number(Object.keys(WIRE_FIELDS).find((k) => WIRE_FIELDS[Number(k)].name === name));
    p.typed[name] = { count, fill: (dtype, out, field) => fillFromWire(bytes, fieldNo, dtype, out, field) };
  }
  return p;
}

/** Second pass: decodes every occurrence of field `fieldNo` into `out` (its count was checked). */
function fillFromWire(
  bytes: Uint8Array,
  fieldNo: number,
  dtype: DType,
  out: Storage,
  field: TypedField,
): void {
  const w = new Wire(bytes, bytes.length);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kind = WIRE_FIELDS[fieldNo].kind;
  let at = 0;
  const put = (): void => {
    switch (kind) {
      case 'fixed32':
        (out as Float32Array)[at++] = dv.getFloat32(w.pos, true);
        w.pos += 4;
        return;
      case 'fixed64':
        (out as Float64Array)[at++] = dv.getFloat64(w.pos, true);
        w.pos += 8;
        return;
      default:
        w.varint();
        storeVarint(w, dtype, out, at++, field);
    }
  };
  while (w.pos < w.end) {
    const tag = w.tag();
    const f = Math.floor(tag / 8);
    const t = tag & 7;
    if (f !== fieldNo) {
      w.skip(t, f);
      continue;
    }
    if (t === 2) {
      const e = w.delimited();
      while (w.pos < e) put();
    } else put();
  }
}

function storeVarint(w: Wire, dtype: DType, out: Storage, i: number, field: TypedField): void {
  switch (dtype) {
    case 'int64':
      (out as BigInt64Array)[i] = w.int64();
      return;
    case 'uint64':
      (out as BigUint64Array)[i] = w.uint64();
      return;
    case 'uint32':
      if (w.hi !== 0) rangeError(dtype, field, i, w.uint64());
      (out as Uint32Array)[i] = w.lo;
      return;
    case 'bool':
      (out as Uint8Array)[i] = (w.lo | 0) !== 0 ? 1 : 0;
      return;
    default: {
      const v = w.lo | 0; // int32 on the wire: the low 32 bits
      const [lo, hi] = INT32_RANGE[dtype] as [number, number];
      if (v < lo || v > hi) rangeError(dtype, field, i, v);
      (out as Int32Array)[i] = v;
    }
  }
}

function rankTooHigh(rank: number): never {
  throw new InvalidArgumentError(
    'tensor.rank',
    `fromTensorProto: dims has ${rank} entries, more than the maximum rank ${MAX_RANK}`,
    {
      rank,
    },
  );
}

// --- objects ---------------------------------------------------------------------------------

const SNAKE: Record<string, string> = {};
for (const f of TensorProtoType.fieldsArray) {
  SNAKE[f.name] = f.name;
  SNAKE[f.name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())] = f.name;
}

/** An array or typed array, bounded: returns its length (checked against `limit` by the caller). */
function listLength(value: unknown, field: string): number {
  if (Array.isArray(value)) return value.length;
  const tag = typedArrayName(value);
  if (tag !== undefined) return (value as ArrayLike<unknown>).length;
  return objectError(`${field} must be an array; got ${fmt(value)}`);
}

const DECIMAL = /^[-+]?\d{1,20}$/;

/** A 64-bit integer given as a number, bigint, decimal string or Long-like object; undefined if none of these. */
function int64Value(v: unknown): bigint | undefined {
  switch (typeof v) {
    case 'bigint':
      return v;
    case 'number':
      return Number.isSafeInteger(v) ? BigInt(v) : undefined;
    case 'string':
      return DECIMAL.test(v) ? BigInt(v) : undefined;
    case 'object': {
      if (v === null) return undefined;
      const { low, high, unsigned } = v as { low?: unknown; high?: unknown; unsigned?: unknown };
      if (!Number.isInteger(low) || !Number.isInteger(high)) return undefined;
      const big = (BigInt((high as number) | 0) << 32n) | BigInt((low as number) >>> 0);
      return unsigned === true ? BigInt.asUintN(64, big) : BigInt.asIntN(64, big);
    }
    default:
      return undefined;
  }
}

function base64Bytes(s: string): Uint8Array {
  const clean = s.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/\-_]*={0,2}$/.test(clean)) objectError('raw_data is a string but not base64');
  let bin: string;
  try {
    bin = atob(clean.replace(/-/g, '+').replace(/_/g, '/'));
  } catch (e) {
    // atob throws a DOMException (InvalidCharacterError) on what it cannot decode; anything else is a bug.
    if (!(e instanceof DOMException)) throw e;
    return objectError('raw_data is a string but not base64');
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Checks every entry of an object-form data field before anything is allocated. */
function checkEntries(list: ArrayLike<unknown>, count: number, field: TypedField): void {
  const isArray = Array.isArray(list);
  for (let i = 0; i < count; i++) {
    if (isArray && !(i in (list as unknown[]))) valueTypeError(field, i, undefined, 'a value (sparse array)');
    const v = list[i];
    switch (field) {
      case 'float_data':
      case 'double_data':
        if (typeof v !== 'number') valueTypeError(field, i, v, 'a number');
        break;
      case 'int32_data':
        if (typeof v !== 'number' || !Number.isInteger(v)) valueTypeError(field, i, v, 'an integer');
        break;
      case 'int64_data':
      case 'uint64_data':
        if (int64Value(v) === undefined)
          valueTypeError(field, i, v, 'an integer (number, bigint or decimal string)');
        break;
      default:
        break;
    }
  }
}

function objectSource(list: ArrayLike<unknown>, field: TypedField): DataSource {
  const count = listLength(list, field);
  return {
    count,
    check: () => checkEntries(list, count, field),
    fill(dtype, out) {
      for (let i = 0; i < count; i++) {
        const v = list[i];
        switch (dtype) {
          case 'float32':
          case 'float64':
          case 'complex64':
          case 'complex128':
            (out as Float64Array)[i] = v as number;
            break;
          case 'int64':
          case 'uint64': {
            const big = int64Value(v) as bigint;
            if (dtype === 'int64' ? big < I64_MIN || big > -I64_MIN - 1n : big < 0n || big > U64_MAX)
              rangeError(dtype, field, i, big);
            (out as BigInt64Array)[i] = big;
            break;
          }
          case 'uint32': {
            const big = int64Value(v) as bigint;
            if (big < 0n || big > 4294967295n) rangeError(dtype, field, i, big);
            (out as Uint32Array)[i] = Number(big);
            break;
          }
          case 'bool':
            (out as Uint8Array)[i] = v !== 0 ? 1 : 0;
            break;
          default: {
            const [lo, hi] = INT32_RANGE[dtype] as [number, number];
            const x = v as number;
            if (!(x >= lo && x <= hi)) rangeError(dtype, field, i, x);
            (out as Int32Array)[i] = x;
          }
        }
      }
    },
  };
}

function parseObject(obj: object): Parsed {
  const p: Parsed = { dims: [], dataType: 0, name: '', docString: '', external: false, typed: {} };
  let keys: string[];
  try {
    keys = Object.keys(obj);
  } catch {
    return objectError('its keys cannot be read');
  }
  for (const key of keys) {
    const k = SNAKE[key];
    if (k === undefined) continue; // unknown fields are ignored, like protobuf does on the wire
    const v = (obj as Record<string, unknown>)[key];
    if (v === undefined || v === null) continue;
    switch (k) {
      case 'dims': {
        const n = listLength(v, 'dims');
        if (!(n <= MAX_RANK)) rankTooHigh(n);
        const dims: (number | bigint)[] = [];
        for (let i = 0; i < n; i++) {
          const d = int64Value((v as ArrayLike<unknown>)[i]);
          if (d === undefined || d < I64_MIN || d > -I64_MIN - 1n) {
            throw new InvalidArgumentError(
              'onnx.TensorProto.dims',
              `fromTensorProto: dims[${i}] = ${fmt((v as ArrayLike<unknown>)[i])} is not a 64-bit integer; got dims ${fmt(v)}`,
              { dims: v },
            );
          }
          dims.push(d);
        }
        p.dims = dims;
        break;
      }
      case 'data_type':
        if (typeof v === 'string') {
          const entry = Object.entries(ONNX_DATA_TYPE_NAMES).find(([, name]) => name === v);
          if (!entry)
            throw new DTypeError(
              'onnx.TensorProto.data_type',
              `fromTensorProto: unknown data_type name ${fmt(v)}`,
              {
                data_type: v,
              },
            );
          p.dataType = Number(entry[0]);
        } else if (typeof v === 'number' && Number.isInteger(v)) p.dataType = v;
        else objectError(`data_type must be an integer or a type name; got ${fmt(v)}`);
        break;
      case 'data_location':
        if (v === 1 || v === 'EXTERNAL') p.external = true;
        else if (v !== 0 && v !== 'DEFAULT')
          objectError(`data_location must be 0, 1, 'DEFAULT' or 'EXTERNAL'; got ${fmt(v)}`);
        break;
      case 'name':
      case 'doc_string':
        if (typeof v !== 'string') objectError(`${k} must be a string; got ${fmt(v)}`);
        if (k === 'name') p.name = v as string;
        else p.docString = v as string;
        break;
      case 'raw_data':
        if (typeof v === 'string') p.raw = base64Bytes(v);
        else if (typedArrayName(v) === 'Uint8Array') {
          const u = v as Uint8Array;
          p.raw = new Uint8Array(u.buffer, u.byteOffset, u.byteLength);
        } else objectError(`raw_data must be a Uint8Array or a base64 string; got ${fmt(v)}`);
        break;
      case 'segment':
        if (typeof v !== 'object') objectError(`segment must be an object; got ${fmt(v)}`);
        {
          const { begin, end } = v as { begin?: unknown; end?: unknown };
          p.segment = { begin: String(int64Value(begin) ?? 0n), end: String(int64Value(end) ?? 0n) };
        }
        break;
      case 'external_data': {
        const n = listLength(v, 'external_data');
        if (n > 0) p.external = true;
        for (let i = 0; i < Math.min(n, 64); i++) {
          const e = (v as ArrayLike<unknown>)[i] as { key?: unknown; value?: unknown } | null;
          if (
            e &&
            typeof e === 'object' &&
            e.key === 'location' &&
            typeof e.value === 'string' &&
            p.location === undefined
          )
            p.location = e.value;
        }
        break;
      }
      case 'float_data':
      case 'int32_data':
      case 'string_data':
      case 'int64_data':
      case 'double_data':
      case 'uint64_data':
        p.typed[k] = objectSource(v as ArrayLike<unknown>, k);
        break;
      default:
        break; // metadata_props
    }
  }
  return p;
}

// --- shared ----------------------------------------------------------------------------------

function buildTensor(p: Parsed): NamedTensor {
  if (p.external) {
    throw new InvalidArgumentError(
      'onnx.TensorProto.external_data',
      `fromTensorProto: tensor ${fmt(p.name)} keeps its data in an external file${p.location !== undefined ? ` (${fmt(p.location)})` : ''}; load the model with its external data first (e.g. onnx.load_external_data_for_model) so the data is inline`,
      { name: p.name, location: p.location },
    );
  }
  if (p.segment) {
    throw new InvalidArgumentError(
      'onnx.TensorProto.segment',
      `fromTensorProto: tensor ${fmt(p.name)} is one segment of a larger tensor (segment ${fmt(p.segment.begin)}..${fmt(p.segment.end)}); segmented tensors are not supported`,
      { name: p.name },
    );
  }
  const dataType = p.dataType;
  const dtype = onnxDataTypeToDType[dataType];
  if (!dtype) {
    throw new DTypeError(
      'onnx.TensorProto.data_type',
      `fromTensorProto: data_type ${typeLabel(dataType)} is not supported; supported: ${Object.keys(
        onnxDataTypeToDType,
      )
        .map((k) => typeLabel(Number(k)))
        .join(', ')}`,
      { data_type: dataType },
    );
  }
  const shape = p.dims.map((d) => {
    if (typeof d === 'bigint' && d > MAX_SAFE_BIG) {
      throw new InvalidArgumentError(
        'onnx.TensorProto.dims',
        `fromTensorProto: dim ${d} is beyond 2^53; got dims ${fmt(p.dims)}`,
        { dims: p.dims },
      );
    }
    return Number(d);
  });
  const n = checkedSize(shape, dtype, 'fromTensorProto');

  const present = TYPED_FIELDS.filter((f) => (p.typed[f]?.count ?? 0) > 0);
  const expected = FIELD_OF[dtype];
  let data: Storage;
  if (p.raw !== undefined && (p.raw.length > 0 || present.length === 0)) {
    if (present.length > 0) {
      throw new InvalidArgumentError(
        'onnx.TensorProto.multiple_data',
        `fromTensorProto: both raw_data and ${present.join(', ')} are set; a TensorProto holds its values in exactly one field`,
        { fields: ['raw_data', ...present] },
      );
    }
    const need = n * byteSize(dtype);
    if (p.raw.length !== need) {
      throw new InvalidArgumentError(
        'onnx.TensorProto.data_length',
        `fromTensorProto: raw_data has ${p.raw.length} bytes; ${dtype} of shape ${fmt(shape)} needs ${need}`,
        { have: p.raw.length, need },
      );
    }
    data = bytesToStorage(dtype, p.raw, n, true);
  } else {
    const wrong = present.filter((f) => f !== expected);
    if (wrong.length > 0) {
      throw new InvalidArgumentError(
        'onnx.TensorProto.data_field',
        `fromTensorProto: ${wrong.join(', ')} cannot hold ${typeLabel(dataType)} values; they belong in ${expected} or raw_data`,
        { fields: wrong, expected },
      );
    }
    const source = p.typed[expected];
    const have = source?.count ?? 0;
    const values = n * storageFactor(dtype); // complex: real and imaginary parts
    if (have !== values) {
      throw new InvalidArgumentError(
        'onnx.TensorProto.data_length',
        `fromTensorProto: ${expected} has ${have} values; shape ${fmt(shape)} needs ${values}${values === n ? '' : ` (${n} ${dtype} elements, real and imaginary parts)`}`,
        { have, need: values },
      );
    }
    source?.check?.();
    data = allocStorage(dtype, n);
    if (source && n > 0) source.fill(dtype, data, expected);
  }
  return { name: p.name, docString: p.docString, tensor: new Tensor(dtype, shape, data as any) };
}

/**
 * Like {@link fromTensorProto}, but also returns the proto's `name` and `doc_string` ('' when unset).
 */
export function readTensorProto(input: Uint8Array | object): NamedTensor {
  if (typedArrayName(input) === 'Uint8Array') {
    const u = input as Uint8Array;
    return buildTensor(parseBytes(new Uint8Array(u.buffer, u.byteOffset, u.byteLength)));
  }
  if (input instanceof ArrayBuffer) return buildTensor(parseBytes(new Uint8Array(input)));
  if (typeof input !== 'object' || input === null || ArrayBuffer.isView(input)) {
    throw new InvalidArgumentError(
      'onnx.TensorProto.input',
      `fromTensorProto: expected a Uint8Array or an object; got ${fmt(input)}`,
    );
  }
  return buildTensor(parseObject(input));
}

/**
 * Decodes an ONNX TensorProto — serialized bytes (e.g. a backend test's `input_0.pb`) or an object
 * with its fields (see {@link TensorProtoObject}) — into a new tensor.
 *
 * Errors (each with its `code`): InvalidArgumentError `onnx.TensorProto.decode` (bad protobuf),
 * `onnx.TensorProto.object` (bad field values), `onnx.TensorProto.external_data` (data_location
 * EXTERNAL or external_data entries), `onnx.TensorProto.segment`, `onnx.TensorProto.data_length`,
 * `onnx.TensorProto.multiple_data`, `onnx.TensorProto.data_field` (values in the wrong typed field),
 * `onnx.TensorProto.value_range` (an int32_data/uint64_data value outside the dtype);
 * DTypeError `onnx.TensorProto.data_type` (STRING, COMPLEX64/128, FLOAT8*, FLOAT4E2M1, INT4/UINT4,
 * INT2/UINT2, UNDEFINED and unknown numbers); AllocationLimitError for oversized dims.
 */
export function fromTensorProto(input: Uint8Array | object): Tensor {
  return readTensorProto(input).tensor;
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * Serializes a tensor as an ONNX TensorProto: `dims`, `data_type`, `name` (when given) and the
 * values in `raw_data` (little-endian; float16/bfloat16 as their bit patterns, bool as 0/1 bytes).
 * Fields are written in field-number order with `dims` unpacked, the layout ONNX's own writer uses:
 * re-encoding any file of the ONNX backend test data reproduces it byte for byte.
 */
export function toTensorProto(t: Tensor, name?: string): Uint8Array {
  checkTensor(t, 't', 'toTensorProto', 'onnx.TensorProto.input');
  const message: Record<string, unknown> = {
    dims: [...t.shape],
    data_type: dtypeToOnnxDataType[t.dtype],
  };
  if (name !== undefined) message.name = name;
  message.raw_data = storageToBytes(t.dtype, t.data, true);
  const buf = TensorProtoType.encode(TensorProtoType.create(message)).finish();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}
