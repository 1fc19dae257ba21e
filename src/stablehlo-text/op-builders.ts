/**
 * From an op as written (its name, attributes by the spec's names, regions, operand types) to
 * the IR op's attributes: one builder per op kind, each reading exactly the attributes the spec
 * defines for it. A non-discardable attribute the op does not have (`fill_value = …` on a
 * gather) is a typed error; discardable ones (names with a dot: `mhlo.sharding`) are dropped.
 */
import {
  GATHER_DIMENSION_FIELDS,
  type GatherDimensionNumbers,
  SCATTER_DIMENSION_FIELDS,
  type ScatterDimensionNumbers,
} from '../core/types.js';
import {
  BINARY_OPS,
  type Body,
  type ComparisonDirection,
  type ComparisonType,
  type OpAttrs,
  type OpKind,
  type TensorType,
  UNARY_OPS,
  specGatherOptions,
  specScatterOptions,
} from '../ir/program.js';
import { reducerOf } from '../ir/regions.js';
import {
  type Attr,
  boolAttr,
  denseAttr,
  enumAttr,
  floatAttr,
  intAttr,
  intList,
  strAttr,
  structAttr,
} from './attributes.js';
import { textError } from './diagnostics.js';

/** An op as the text writes it, before it becomes an IR op. */
export interface OpSyntax {
  /** Canonical name: `stablehlo.add`, `func.call`, `check.expect_eq`, `stablehlo.custom_call`. */
  readonly name: string;
  readonly line: number;
  /** Attributes by the spec's names (properties, attribute dictionary and pretty syntax merged). */
  readonly attrs: ReadonlyMap<string, Attr>;
  /** Attributes the pretty syntax already decoded (e.g. a slice's ranges). */
  readonly values?: Readonly<Record<string, unknown>>;
  readonly regions: readonly Body[];
  /** `func.call`'s callee, `custom_call`'s target. */
  readonly callee?: string;
}

const BINARY = new Set<string>(BINARY_OPS);
const UNARY = new Set<string>(UNARY_OPS);
const DIRECTIONS = ['EQ', 'NE', 'GE', 'GT', 'LE', 'LT'] as const;
const COMPARE_TYPES = ['FLOAT', 'TOTALORDER', 'SIGNED', 'UNSIGNED'] as const;

const GATHER_DN = GATHER_DIMENSION_FIELDS;
const SCATTER_DN = SCATTER_DIMENSION_FIELDS;

/** The attributes each op kind has (by the spec's names). */
const ATTRIBUTES: Partial<Record<string, readonly string[]>> = {
  constant: ['value'],
  iota: ['iota_dimension'],
  broadcast_in_dim: ['broadcast_dimensions'],
  transpose: ['permutation'],
  concatenate: ['dimension'],
  slice: ['start_indices', 'limit_indices', 'strides'],
  dynamic_slice: ['slice_sizes'],
  pad: ['edge_padding_low', 'edge_padding_high', 'interior_padding'],
  select_and_scatter: ['window_dimensions', 'window_strides', 'padding'],
  reduce_window: ['window_dimensions', 'window_strides', 'base_dilations', 'window_dilations', 'padding'],
  compare: ['comparison_direction', 'compare_type'],
  reduce: ['dimensions'],
  gather: ['dimension_numbers', 'slice_sizes', 'indices_are_sorted', ...GATHER_DN],
  dynamic_gather: ['dimension_numbers', 'indices_are_sorted'],
  scatter: ['scatter_dimension_numbers', 'indices_are_sorted', 'unique_indices', ...SCATTER_DN],
  custom_call: [
    'call_target_name',
    'has_side_effect',
    'backend_config',
    'api_version',
    'called_computations',
    'operand_layouts',
    'result_layouts',
    'output_operand_aliases',
  ],
  call: ['callee'],
};
for (const u of UNARY_OPS) ATTRIBUTES[u] = ['result_accuracy'];

/** The IR op kind a canonical op name denotes, or undefined (an op this library does not run). */
export function kindOfName(name: string): OpKind | 'custom_call' | undefined {
  if (name === 'func.call') return 'call';
  if (name.startsWith('check.')) return 'check';
  if (!name.startsWith('stablehlo.')) return undefined;
  const k = name.slice('stablehlo.'.length);
  if (k === 'custom_call') return 'custom_call';
  if (BINARY.has(k) || UNARY.has(k)) return k as OpKind;
  return Object.hasOwn(ATTRIBUTES, k) || NO_ATTRIBUTES.has(k) ? (k as OpKind) : undefined;
}

const NO_ATTRIBUTES = new Set([
  'reshape',
  'convert',
  'bitcast_convert',
  'select',
  'clamp',
  'complex',
  'dynamic_update_slice',
]);

function checkKeys(s: OpSyntax, kind: string): void {
  const allowed = ATTRIBUTES[kind] ?? [];
  for (const [key, a] of s.attrs) {
    if (key.includes('.')) continue; // discardable (mhlo.sharding, jax.…)
    if (!allowed.includes(key))
      textError(
        'attribute',
        a.line,
        `${s.name} has no attribute ${JSON.stringify(key)}${allowed.length ? `; it takes ${allowed.join(', ')}` : ''}`,
        { key },
      );
  }
}

const need = (s: OpSyntax, key: string): Attr => {
  const a = s.attrs.get(key);
  if (a === undefined) textError('attribute', s.line, `${s.name} needs the attribute ${key}`, { key });
  return a;
};

const list = (s: OpSyntax, key: string): number[] => {
  const v = s.values?.[key];
  return v !== undefined ? (v as number[]) : intList(need(s, key), key);
};

/** select_and_scatter's attributes and its two regions, select then scatter. */
function selectAndScatter(s: OpSyntax, types: readonly TensorType[]): OpAttrs {
  if (s.regions.length !== 2)
    textError('region', s.line, `${s.name} takes two regions (select, scatter); got ${s.regions.length}`);
  const { window_dimensions, window_strides, padding } = windowAttrs(s, types);
  return {
    kind: 'select_and_scatter',
    window_dimensions,
    window_strides,
    padding,
    select: s.regions[0],
    scatter: s.regions[1],
  };
}

/** A window op's attributes: window_strides default to 1 and padding to 0 (optional attributes). */
function windowAttrs(s: OpSyntax, types: readonly TensorType[]) {
  const window_dimensions = list(s, 'window_dimensions');
  const rank = types[0]?.shape.length ?? window_dimensions.length;
  const ones: number[] = Array(rank).fill(1);
  const p = s.attrs.get('padding');
  return {
    window_dimensions,
    window_strides: s.attrs.has('window_strides') ? list(s, 'window_strides') : ones,
    padding: p === undefined ? Array.from({ length: rank }, () => [0, 0]) : paddingRows(p),
    ones,
  };
}

/** `dense<[[lo, hi], …]> : tensor<Nx2xi64>` as rows (their count and length are C8's). */
function paddingRows(a: Attr): number[][] {
  const t = denseAttr(a, 'padding');
  if (t.dtype === 'bool' || !/int/.test(t.dtype) || t.shape.length !== 2)
    textError('attribute', a.line, `padding must be dense<…> : tensor<Nx2xi64>; got ${t.dtype}[${t.shape}]`);
  const v = Array.from(t.data as ArrayLike<number | bigint>, Number);
  const w = t.shape[1];
  return Array.from({ length: t.shape[0] }, (_, i) => v.slice(i * w, i * w + w));
}

const flag = (s: OpSyntax, key: string): boolean => {
  const a = s.attrs.get(key);
  return a === undefined ? false : boolAttr(a, key);
};

function dimensionNumbers(
  s: OpSyntax,
  key: string,
  struct: 'gather' | 'scatter',
  names: readonly string[],
): ReadonlyMap<string, Attr> {
  const a = s.attrs.get(key);
  if (a !== undefined) {
    const dn = structAttr(a, key, [struct, `${struct}_dimension_numbers`]);
    for (const [k, v] of dn)
      if (!names.includes(k))
        textError(
          'attribute',
          v.line,
          `unknown ${key} field ${JSON.stringify(k)}; expected ${names.join(', ')}`,
          {
            key: k,
          },
        );
    return dn;
  }
  // the pre-2021 form: the dimension numbers as attributes of the op
  const flat = new Map<string, Attr>();
  for (const n of names) {
    const v = s.attrs.get(n);
    if (v !== undefined) flat.set(n, v);
  }
  if (flat.size === 0) textError('attribute', s.line, `${s.name} needs ${key}`, { key });
  return flat;
}

function dnList(dn: ReadonlyMap<string, Attr>, key: string): number[] {
  const a = dn.get(key);
  return a === undefined ? [] : intList(a, key);
}

function gatherDims(s: OpSyntax): Omit<GatherDimensionNumbers, 'slice_sizes'> {
  const dn = dimensionNumbers(s, 'dimension_numbers', 'gather', GATHER_DN);
  const ivd = dn.get('index_vector_dim');
  return {
    offset_dims: dnList(dn, 'offset_dims'),
    collapsed_slice_dims: dnList(dn, 'collapsed_slice_dims'),
    operand_batching_dims: dnList(dn, 'operand_batching_dims'),
    start_indices_batching_dims: dnList(dn, 'start_indices_batching_dims'),
    start_index_map: dnList(dn, 'start_index_map'),
    // 0 when not written (the printers omit the default)
    index_vector_dim: ivd === undefined ? 0 : intAttr(ivd, 'index_vector_dim'),
    indices_are_sorted: flag(s, 'indices_are_sorted'),
  };
}

/**
 * The IR attributes of `s` (operand types `types`, for the dtype a gather's policy needs), or a
 * typed error naming the attribute that does not fit.
 */
export function buildAttrs(s: OpSyntax, types: readonly TensorType[]): OpAttrs {
  const kind = kindOfName(s.name);
  if (kind === undefined)
    textError('unknown_op', s.line, `${s.name} is not an op this library runs`, { op: s.name });
  if (kind === 'custom_call') return customCall(s);
  if (kind === 'check') return checkOp(s);
  checkKeys(s, kind);
  switch (kind) {
    case 'constant':
      return { kind, value: denseAttr(need(s, 'value'), 'value') };
    case 'iota':
      return { kind, iota_dimension: intAttr(need(s, 'iota_dimension'), 'iota_dimension') };
    case 'broadcast_in_dim':
      return { kind, broadcast_dimensions: list(s, 'broadcast_dimensions') };
    case 'transpose':
      return { kind, permutation: list(s, 'permutation') };
    case 'concatenate':
      return { kind, dimension: intAttr(need(s, 'dimension'), 'dimension') };
    case 'slice':
      return {
        kind,
        start_indices: list(s, 'start_indices'),
        limit_indices: list(s, 'limit_indices'),
        strides: list(s, 'strides'),
      };
    case 'dynamic_slice':
      return { kind, slice_sizes: list(s, 'slice_sizes') };
    case 'pad':
      return {
        kind,
        edge_padding_low: list(s, 'edge_padding_low'),
        edge_padding_high: list(s, 'edge_padding_high'),
        interior_padding: list(s, 'interior_padding'),
      };
    case 'select_and_scatter':
      return selectAndScatter(s, types);
    case 'reduce_window': {
      if (s.regions.length !== 1)
        textError('region', s.line, `${s.name} takes one region; got ${s.regions.length}`);
      const w = windowAttrs(s, types);
      const ones = (key: string) => (s.attrs.has(key) ? list(s, key) : w.ones);
      return {
        kind,
        window_dimensions: w.window_dimensions,
        window_strides: w.window_strides,
        base_dilations: ones('base_dilations'),
        window_dilations: ones('window_dilations'),
        padding: w.padding,
        body: s.regions[0],
      };
    }
    case 'compare': {
      const ct = s.attrs.get('compare_type');
      return {
        kind,
        comparison_direction: enumAttr(
          need(s, 'comparison_direction'),
          'comparison_direction',
          DIRECTIONS,
        ) as ComparisonDirection,
        ...(ct === undefined
          ? {}
          : { compare_type: enumAttr(ct, 'compare_type', COMPARE_TYPES) as ComparisonType }),
      };
    }
    case 'reduce': {
      if (s.regions.length !== 1)
        textError('region', s.line, `${s.name} takes one region; got ${s.regions.length}`);
      return { kind, dimensions: list(s, 'dimensions'), body: s.regions[0] };
    }
    case 'gather': {
      const dims = gatherDims(s);
      return {
        kind,
        dimension_numbers: { ...dims, slice_sizes: list(s, 'slice_sizes') },
        options: specGatherOptions(types[0]?.dtype ?? 'float32'),
      };
    }
    case 'dynamic_gather':
      return {
        kind,
        dimension_numbers: gatherDims(s),
        options: specGatherOptions(types[0]?.dtype ?? 'float32', 'stablehlo.dynamic_gather'),
      };
    case 'scatter': {
      const dn = dimensionNumbers(s, 'scatter_dimension_numbers', 'scatter', SCATTER_DN);
      const ivd = dn.get('index_vector_dim');
      const dimension_numbers: ScatterDimensionNumbers = {
        update_window_dims: dnList(dn, 'update_window_dims'),
        inserted_window_dims: dnList(dn, 'inserted_window_dims'),
        input_batching_dims: dnList(dn, 'input_batching_dims'),
        scatter_indices_batching_dims: dnList(dn, 'scatter_indices_batching_dims'),
        scatter_dims_to_operand_dims: dnList(dn, 'scatter_dims_to_operand_dims'),
        index_vector_dim: ivd === undefined ? 0 : intAttr(ivd, 'index_vector_dim'),
        indices_are_sorted: flag(s, 'indices_are_sorted'),
        unique_indices: flag(s, 'unique_indices'),
      };
      if (s.regions.length !== 1)
        textError(
          'region',
          s.line,
          `${s.name} takes one region (the update computation); got ${s.regions.length}`,
        );
      const body = s.regions[0];
      const reducer = reducerOf(body);
      return {
        kind,
        dimension_numbers,
        body,
        ...(reducer ? { reducer } : {}),
        options: specScatterOptions(),
      };
    }
    case 'call':
      if (s.callee === undefined) textError('syntax', s.line, `${s.name} needs a callee (@name)`);
      return { kind, callee: s.callee };
    default:
      return { kind } as OpAttrs;
  }
}

/** `stablehlo.custom_call @check.*`: the interpreter's checks (as stablehlo-translate runs them). */
function customCall(s: OpSyntax): OpAttrs {
  checkKeys(s, 'custom_call');
  const target =
    s.callee ??
    (s.attrs.has('call_target_name') ? strAttr(need(s, 'call_target_name'), 'call_target_name') : undefined);
  switch (target) {
    case 'check.eq':
      // stablehlo-translate compares floats with a tolerance of 1e-4 here (evalCustomCallCheckEq)
      return { kind: 'check', check: 'eq', tolerance: 0.0001 };
    case 'check.expect_eq':
      return { kind: 'check', check: 'expect_eq' };
    case 'check.expect_close':
      // the reference interpreter's tolerance for the custom call: 0 to 3 ULPs
      return { kind: 'check', check: 'expect_close', min_ulp_difference: 0, max_ulp_difference: 3 };
    case 'check.expect_almost_eq':
      // the custom call's tolerance in stablehlo-translate is 1e-3 (the check op's default 1e-4)
      return { kind: 'check', check: 'expect_almost_eq', tolerance: 0.001 };
    default:
      textError(
        'unknown_op',
        s.line,
        `stablehlo.custom_call @${target ?? '?'} is not a call this library runs (only @check.eq, @check.expect_eq, @check.expect_close, @check.expect_almost_eq)`,
        { target },
      );
  }
}

/** The `check` dialect's ops. */
function checkOp(s: OpSyntax): OpAttrs {
  const which = s.name.slice('check.'.length);
  const allowed: Record<string, readonly string[]> = {
    expect_eq: [],
    expect_eq_const: ['value'],
    expect_almost_eq: ['tolerance'],
    expect_almost_eq_const: ['value', 'tolerance'],
    expect_close: ['max_ulp_difference', 'min_ulp_difference'],
  };
  const keys = allowed[which];
  if (keys === undefined)
    textError('unknown_op', s.line, `${s.name} is not an op this library runs`, { op: s.name });
  for (const [key, a] of s.attrs)
    if (!key.includes('.') && !keys.includes(key))
      textError('attribute', a.line, `${s.name} has no attribute ${JSON.stringify(key)}`, { key });
  const num = (key: string) => {
    const a = s.attrs.get(key);
    return a === undefined ? undefined : floatAttr(a, key);
  };
  const ulp = (key: string) => {
    const a = s.attrs.get(key);
    if (a === undefined) return undefined;
    const v = intAttr(a, key);
    if (v < 0) textError('attribute', a.line, `${key} must be ≥ 0; got ${v}`);
    return v;
  };
  switch (which) {
    case 'expect_eq':
      return { kind: 'check', check: 'expect_eq' };
    case 'expect_eq_const':
      return { kind: 'check', check: 'expect_eq_const', expected: denseAttr(need(s, 'value'), 'value') };
    case 'expect_almost_eq': {
      const tolerance = num('tolerance');
      return { kind: 'check', check: 'expect_almost_eq', ...(tolerance === undefined ? {} : { tolerance }) };
    }
    case 'expect_almost_eq_const': {
      const tolerance = num('tolerance');
      return {
        kind: 'check',
        check: 'expect_almost_eq_const',
        expected: denseAttr(need(s, 'value'), 'value'),
        ...(tolerance === undefined ? {} : { tolerance }),
      };
    }
    default: {
      // CheckOps.td: max_ulp_difference defaults to 1, min_ulp_difference to 0
      return {
        kind: 'check',
        check: 'expect_close',
        max_ulp_difference: ulp('max_ulp_difference') ?? 1,
        min_ulp_difference: ulp('min_ulp_difference') ?? 0,
      };
    }
  }
}
