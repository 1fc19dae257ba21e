/**
 * `help OP` / `run OP --help`: what an operator takes on the command line — its inputs, its
 * attributes with the framework's defaults, its versions — and an example command with the
 * result it prints. The example is a documented preset when the op has one, else a small call
 * of the op's family; either way its printed result is computed by running it, never typed.
 */
import { GatherScatterError } from '../errors.js';
import { DESCRIPTIONS_OF, FRAMEWORKS, type FrameworkName, wordsOf } from '../frameworks/index.js';
import { PRESETS } from '../tables/presets.js';
import type { CallArgs, Family, OpEntry, Param } from '../tables/registry.js';
import type { DType } from '../tensor/dtype.js';
import type { NestedArray } from '../tensor/tensor.js';
import type { TupleOp } from './tuple-ops.js';

/**
 * The dtypes a framework's own constructor gives JSON numbers (`torch.tensor`, `np.array`, …),
 * as each framework's description states them.
 */
export const FRAMEWORK_DTYPES: Readonly<
  Partial<Record<FrameworkName, { int: DType; float: DType; complex: DType }>>
> = Object.fromEntries(
  FRAMEWORKS.flatMap((fw) => {
    const c = DESCRIPTIONS_OF[fw].constructors;
    return c ? [[fw, c.dtypes]] : [];
  }),
);
/** Frameworks without a constructor of their own: the CLI's long-standing int32 / float32. */
export const OTHER_DTYPES = { int: 'int32', float: 'float32' } as const satisfies {
  int: DType;
  float: DType;
};

/**
 * Keyword attributes' defaults where the framework has one, keyed `framework.Op.attr` or
 * `framework.attr` (test/cli-help.test.ts checks each: omitting it gives the same result).
 */
export const ATTR_DEFAULTS: Readonly<Record<string, string>> = {
  'onnx.axis': '0',
  'onnx.batch_dims': '0',
  'onnx.reduction': 'none',
  'onnx.TensorScatter.axis': '-2',
  'onnx.TensorScatter.mode': 'linear',
  'tensorflow.batch_dims': '0',
  'tensorflow.gather.axis': 'null (= batch_dims)',
  'numpy.take.axis': 'null (the flattened array)',
  'jax.numpy.take.axis': 'null (the flattened array)',
  'mxnet.take.axis': '0',
  'mxnet.pick.axis': '-1',
  'caffe2.Gather.axis': '0',
  'webnn.axis': '0',
  'torch.scatter_reduce.include_self': 'true',
  'mlir.tensor.gather.unique': 'false',
};

// The example inputs share a few small arrays: a 2×2 grid whose values say where they sit, its
// zeros, and a pair of index rows (x[[1, 0], [0, 1]] reads 3 and 2).
const GRID = [
  [1, 2],
  [3, 4],
];
const ZERO_GRID = [
  [0, 0],
  [0, 0],
];
const PAIR_ROWS = [
  [1, 0],
  [0, 1],
];

/** Family example inputs: small, with results a person can check by eye. */
const FAMILY_INPUTS: Readonly<Record<Family, Pick<CallArgs, 'data' | 'indices' | 'updates'>>> = {
  take: {
    data: [
      [1, 2],
      [3, 4],
      [5, 6],
    ],
    indices: [2, 0],
  },
  elements: {
    data: GRID,
    indices: [
      [1, 0],
      [0, 0],
    ],
  },
  nd: { data: GRID, indices: PAIR_ROWS },
  general: { data: [10, 11, 12], indices: [[2], [0]] },
  flat: { data: GRID, indices: [3, 0] },
  pick: { data: GRID, indices: [1, 0] },
  batch_take: { data: GRID, indices: [1, 0] },
  scatter_elements: { data: ZERO_GRID, indices: [[1, 0]], updates: [[5, 6]] },
  scatter_nd: { data: [0, 0, 0, 0], indices: [[1], [3]], updates: [9, 10] },
  scatter_take: { data: [0, 0, 0, 0], indices: [1, 3], updates: [9, 10] },
  scatter_general: { data: [0, 0, 0], indices: [[2], [0]], updates: [9, 8] },
  scatter_flat: { data: [0, 0, 0, 0], indices: [1, 3], updates: [9, 10] },
  // index tuples, stacked along the first dim: x[[1, 0], [0, 1]]
  tuple: { data: GRID, indices: PAIR_ROWS },
  scatter_tuple: { data: ZERO_GRID, indices: PAIR_ROWS, updates: [9, 8] },
};

/** Ops whose family example does not fit their argument layout. */
const EXAMPLE_OVERRIDES: Readonly<Record<string, CallArgs>> = {
  'mxnet.scatter_nd': { data: [0, 0, 0, 0], indices: [[1, 3]], updates: [9, 10], attrs: { shape: [4] } },
  'tensorflow.scatter_nd': { indices: [[1], [3]], updates: [9, 10], attrs: { shape: [4] } },
  'mlir.tensor.scatter': {
    data: [0, 0, 0],
    indices: [[2], [0]],
    updates: [[9], [8]],
    attrs: { scatter_dims: [0], unique: true },
  },
  'mlir.tensor.gather': {
    data: [10, 11, 12],
    indices: [[2], [0]],
    attrs: { gather_dims: [0], unique: false },
  },
  'onnx.TensorScatter': {
    data: [
      [
        [
          [0, 0],
          [0, 0],
          [0, 0],
        ],
      ],
    ],
    updates: [[[[7, 8]]]],
    indices: [1],
    attrs: { axis: -2, mode: 'linear' },
  },
  'torch.index_fill': { data: [0, 0, 0, 0], indices: [1, 3], attrs: { dim: 0, value: 7 } },
  // DirectML pads every tensor to the input's dimension count.
  'directml.SCATTER_ND': { data: ZERO_GRID, indices: PAIR_ROWS, updates: [[9, 8]] },
};

/** Boolean-mask ops (their indices are a mask): the true positions are the ones read or written. */
const MASK_INPUTS: Readonly<Record<'gather' | 'scatter', Pick<CallArgs, 'data' | 'indices' | 'updates'>>> = {
  gather: { data: [10, 11, 12], indices: [true, false, true] },
  scatter: { data: [0, 0, 0], indices: [true, false, true], updates: [7, 8] },
};

/** The example call `help OP` shows, and where its inputs come from. */
export function exampleCall(entry: OpEntry): { args: CallArgs; source: string } {
  const preset = PRESETS.find((p) => p.op === entry.id && p.expected !== undefined);
  if (preset) return { args: preset.args, source: `${preset.title} — ${preset.source}` };
  const given = EXAMPLE_OVERRIDES[entry.id];
  if (given) return { args: given, source: 'a small call' };
  const sig = entry.signature;
  const attrs = { ...(sig.example ?? {}) };
  if ('shape' in attrs) attrs.shape = [4];
  const inputs = sig.indexDType === 'bool' ? MASK_INPUTS[sig.kind] : FAMILY_INPUTS[sig.family];
  return { args: { ...inputs, attrs }, source: 'a small call' };
}

const quote = (v: unknown) => `'${JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? String(x) : x))}'`;

/** `tgs run` arguments for a call. */
export function commandLine(id: string, args: CallArgs): string[] {
  const out = [id];
  for (const k of ['data', 'indices', 'updates'] as const)
    if (args[k] !== undefined) out.push(`--${k}`, quote(args[k] as NestedArray));
  for (const [k, v] of Object.entries(args.attrs ?? {}))
    if (v !== undefined)
      out.push('--attr', typeof v === 'string' ? `${k}=${v}` : `${k}=${quote(v).slice(1, -1)}`);
  if (args.version !== undefined) out.push('--opset', String(args.version));
  if (args.dataDType) out.push('--dtype', args.dataDType);
  if (args.indexDType) out.push('--index-dtype', args.indexDType);
  return out;
}

const INPUT_ABOUT: Readonly<Record<'data' | 'indices' | 'updates', string>> = {
  data: 'the tensor read from (gather) or updated (scatter)',
  indices: 'the indices',
  updates: 'the values written (scatter)',
};

/** The input's name in the op's documentation (its framework's description): torch.gather's `index`. */
function inputName(entry: OpEntry, input: 'data' | 'indices' | 'updates'): string {
  const w = wordsOf(entry);
  return input === 'data' ? w.operand : input === 'indices' ? w.indices : w.updates;
}

function paramLine(p: Param): string {
  if (typeof p === 'string') return p;
  return 'attr' in p ? p.attr : `{ ${Object.values(p.desc).join(', ')}, …attributes }`;
}

/** The attribute lines of a registry op: positional ones are required, keyword ones optional. */
function attrLines(entry: OpEntry): string[] {
  const sig = entry.signature;
  const positional = sig.params.flatMap((p) => (typeof p === 'object' && 'attr' in p ? [p.attr] : []));
  const keyword = Object.keys(sig.example ?? {}).filter((k) => !positional.includes(k));
  const lines = positional.map((a) => `  ${a.padEnd(24)} required (positional in ${entry.framework})`);
  for (const a of keyword) {
    const def =
      a === 'mode' && sig.modes
        ? sig.modes[0]
        : (ATTR_DEFAULTS[`${entry.id}.${a}`] ?? ATTR_DEFAULTS[`${entry.framework}.${a}`]);
    const modes = a === 'mode' && sig.modes ? `; one of ${sig.modes.join(', ')}` : '';
    const ex = JSON.stringify(sig.example?.[a]);
    lines.push(`  ${a.padEnd(24)} ${def !== undefined ? `default ${def}` : 'optional'}${modes} (e.g. ${ex})`);
  }
  return lines;
}

/** The help text of a registry op; `run` computes the example's printed result. */
export function opHelp(entry: OpEntry, bin: string, run: (args: CallArgs) => string): string {
  const sig = entry.signature;
  const dt = FRAMEWORK_DTYPES[entry.framework as FrameworkName] ?? OTHER_DTYPES;
  const used = (['data', 'indices', 'updates'] as const).filter((k) =>
    sig.params.some(
      (p) => p === k || (typeof p === 'object' && 'desc' in p && (k !== 'updates' || sig.kind === 'scatter')),
    ),
  );
  const lines = [
    `${entry.id} — a ${sig.kind} (${sig.family} family)`,
    `  ${entry.id}(${sig.params.map(paramLine).join(', ')})`,
    ...(entry.note ? [`  note: ${entry.note}`] : []),
    '',
    'Inputs (a .npy file, a .json file or inline JSON):',
    ...used.map((k) => `  --${k.padEnd(22)} ${inputName(entry, k)}: ${INPUT_ABOUT[k]}`),
    `  JSON numbers become ${dt.int} (integers) or ${dt.float} (floats) unless --dtype; indices ${sig.indexDType ?? 'int64'} unless --index-dtype`,
    '',
    'Attributes (--attr name=value, JSON values):',
    ...(attrLines(entry).length > 0 ? attrLines(entry) : ['  (none)']),
  ];
  if (sig.version)
    lines.push(
      '',
      `Versions (--opset, the ${sig.version.key}): ${sig.version.values.join(', ')} (default: the frontend's latest, ${sig.version.values[0]})`,
    );
  const ex = exampleCall(entry);
  lines.push(
    '',
    `Example (${ex.source}):`,
    `  ${bin} run ${commandLine(entry.id, ex.args).join(' ')}`,
    `  ${example(() => run(ex.args))}`,
  );
  return `${lines.join('\n')}\n`;
}

/** The help text of a tuple op (numpy.index, jax.at, torch.index_put). */
export function tupleOpHelp(op: TupleOp, bin: string, run: (args: CallArgs) => string): string {
  const fw = op.id.split('.')[0] as FrameworkName;
  const dt = FRAMEWORK_DTYPES[fw] ?? OTHER_DTYPES;
  const lines = [
    `${op.id} — ${op.summary}`,
    '',
    'Inputs (a .npy file, a .json file or inline JSON):',
    ...Object.entries(op.inputs).map(([k, v]) => `  --${k.padEnd(22)} ${v}`),
    `  JSON numbers become ${dt.int} (integers) or ${dt.float} (floats) unless --dtype; indices ${op.indexDType} unless --index-dtype`,
    '',
    'Attributes (--attr name=value, JSON values):',
    ...(op.attrs.length > 0
      ? op.attrs.map(
          (a) =>
            `  ${a.name.padEnd(24)} ${a.default !== undefined ? `default ${a.default}` : 'required'}; ${a.about}`,
        )
      : ['  (none)']),
    '',
    'Example:',
    `  ${bin} run ${commandLine(op.id, op.example).join(' ')}`,
    `  ${example(() => run(op.example))}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** "prints …", or the typed error the example ends in (a help page must not fail). */
function example(run: () => string): string {
  try {
    return `prints ${run().trimEnd()}`;
  } catch (e) {
    if (e instanceof GatherScatterError) return `fails: ${e.message}`;
    throw e;
  }
}
