/**
 * What each framework leaves open for a gather or scatter: the liberties a conformant runtime
 * may take, each a named rule with the framework's own words and where they are written. Where
 * no rule here applies, the framework pins one answer and only that answer is allowed.
 *
 * The table is resolved by the op name a frontend stamps on its lowered call (`call.op`, e.g.
 * `onnx.ScatterND-18`, `torch.index_put`), so one place decides each framework's liberties.
 */
import type { LoweredCall } from '../ir/lowered.js';

/** One rule of a framework's spec: a stable code, the spec's own words, and their source. */
export interface Rule {
  /** The rule's code (`onnx.ScatterND.duplicates`, `ieee754.nan_payload`, …). */
  readonly code: string;
  /** The framework's words (quoted or closely paraphrased; see docs/conformance.md). */
  readonly text: string;
  /** Where the words are: a URL (and section). */
  readonly source: string;
}

/**
 * The liberties of one call:
 * - `winner`: under a replacing scatter, when several updates reach one element, any of them may win;
 * - `order`: a reducing scatter's updates to one element may be combined in any order (floats
 *   round differently; integers and min/max do not care);
 * - `oob_outside`: an out-of-bounds index is outside the spec's domain (the result is unspecified);
 * - `duplicate_error_allowed`: duplicates are forbidden, so a runtime may also refuse them.
 */
export interface Liberties {
  /** Any of several updates to one element may win (replacing scatters). */
  readonly winner?: Rule;
  /** A reducing scatter's updates to one element may combine in any order. */
  readonly order?: Rule;
  /** An out-of-bounds index is outside the spec's domain (the result is unspecified). */
  readonly oob_outside?: Rule;
  /** Duplicates are forbidden, so a runtime may refuse them. */
  readonly duplicate_error_allowed?: Rule;
  /** Where the spec pins an out-of-bounds error on one device, another device's answer is allowed too. */
  readonly device?: Rule;
  /**
   * A float cast to an integer where C leaves the value undefined (NaN, ±inf, an integral part
   * out of range) may hold any value: NumPy's casts are C casts (numpy.take into an integer out).
   */
  readonly cast_undefined?: Rule;
}

/** IEEE 754 leaves the payload of a NaN result open; no framework here pins it. */
export const NAN_PAYLOAD: Rule = {
  code: 'ieee754.nan_payload',
  text: 'a NaN result may carry any payload (IEEE 754-2019 §6.2.3: an operation propagating a NaN "should" keep one input payload; it is not required), and no framework documents its gather/scatter payloads',
  source: 'IEEE 754-2019 §6.2.3; StableHLO spec, "Floating-point" notes',
};

/** Broken caller promises: undefined behaviour, so any result (or an error) is allowed. */
export const BROKEN_PROMISE: Rule = {
  code: 'stablehlo.promise',
  text: 'if indices_are_sorted / unique_indices is true but the indices are not sorted / not unique, the behavior is implementation-defined (undefined in JAX: "JAX does not check this promise")',
  source:
    'https://openxla.org/stablehlo/spec#scatter, https://docs.jax.dev/en/latest/_autosummary/jax.lax.scatter.html',
};

/** C's float → integer conversion outside the integer type's range: undefined behaviour. */
export const C_FLOAT_TO_INTEGER: Rule = {
  code: 'c11.float_to_integer',
  text: 'converting a floating value to an integer type is undefined behaviour when the integral part cannot be represented (NaN and ±inf included); NumPy casts with C casts, so its value there depends on the machine and on the memory layout (x86-64, NumPy 1.24: -2^31 in int32, the low bits of a 32-bit conversion in narrower types, contiguous and strided uint32 outs differ)',
  source:
    'ISO/IEC 9899:2011 §6.3.1.4 ¶1; numpy/core/src/multiarray/lowlevel_strided_loops.c.src (the cast loops); measured by scripts/goldens/take-out.py',
};

const STABLEHLO_SCHEDULE: Rule = {
  code: 'stablehlo.scatter.schedule',
  text: 'updates are applied in update_scatter_index order given by `schedule`, an implementation-defined permutation of index_space(updates[0])',
  source:
    'https://openxla.org/stablehlo/spec#scatter (Semantics); jax.lax.scatter: "they may be applied in any order"',
};

const ONNX_NO_DUPLICATES: Rule = {
  code: 'onnx.Scatter.duplicates',
  text: 'with reduction "none", indices "should not have duplicate entries"; the output for duplicates is not specified (onnx/onnx#3234: no execution order is guaranteed)',
  source:
    'https://onnx.ai/onnx/operators/onnx__ScatterND.html, https://onnx.ai/onnx/operators/onnx__ScatterElements.html',
};

const TORCH_ARBITRARY: Rule = {
  code: 'torch.scatter.duplicates',
  text: 'when indices are not unique, the behavior is non-deterministic (one of the values from src will be picked arbitrarily)',
  source: 'https://docs.pytorch.org/docs/stable/generated/torch.Tensor.scatter_.html (Warning)',
};

const TORCH_INDEX_PUT: Rule = {
  code: 'torch.index_put.duplicates',
  text: 'with accumulate=False, if indices contain duplicate elements the behavior is undefined',
  source: 'https://docs.pytorch.org/docs/stable/generated/torch.Tensor.index_put_.html',
};

const TORCH_INDEX_COPY: Rule = {
  code: 'torch.index_copy.duplicates',
  text: 'if index contains duplicate entries, the result is nondeterministic since it depends on which copy occurs last',
  source: 'https://docs.pytorch.org/docs/stable/generated/torch.Tensor.index_copy_.html',
};

const TORCH_CUDA_ORDER: Rule = {
  code: 'torch.reproducibility.atomic_add',
  text: 'scatter_add_, index_add_, scatter_reduce_ and index_put_(accumulate=True) are nondeterministic on CUDA (atomic adds in any order): a documented device difference',
  source: 'https://docs.pytorch.org/docs/stable/notes/randomness.html, torch.use_deterministic_algorithms',
};

const TF_GPU_ORDER: Rule = {
  code: 'tensorflow.scatter_nd.order',
  text: 'duplicate indices are combined in an unspecified order on GPU ("the order in which updates are applied is nondeterministic"); float sums are deterministic only under enable_op_determinism',
  source:
    'https://www.tensorflow.org/api_docs/python/tf/tensor_scatter_nd_update, https://www.tensorflow.org/api_docs/python/tf/scatter_nd',
};

const TF_DEVICES: Rule = {
  code: 'tensorflow.gather.devices',
  text: 'on CPU an out-of-bounds index is an error; on GPU a 0 is stored in the output (gather) and the update is ignored (scatter): a documented device difference',
  source:
    'https://www.tensorflow.org/api_docs/python/tf/gather, https://www.tensorflow.org/api_docs/python/tf/tensor_scatter_nd_update',
};

const WEBNN_SILENT: Rule = {
  code: 'webnn.scatter.duplicates',
  text: 'the spec does not say which update wins when indices repeat (scatterElements / scatterND have no reduction)',
  source: 'https://www.w3.org/TR/webnn/#api-mlgraphbuilder-scatterelements',
};

const WEBNN_OOB: Rule = {
  code: 'webnn.indices.out_of_bounds',
  text: 'out-of-bounds indices are not normative: implementations may clamp them ("can not be clamped ... at build time")',
  source: 'https://www.w3.org/TR/webnn/#api-mlgraphbuilder-gather (note)',
};

const DML_INVALID: Rule = {
  code: 'directml.indices.invalid',
  text: 'invalid (out-of-bounds) indices give incorrect output but no failure; duplicate scatter targets are invalid',
  source: 'https://learn.microsoft.com/windows/win32/api/directml/ns-directml-dml_scatter_operator_desc',
};

const MXNET_DUPLICATES: Rule = {
  code: 'mxnet.scatter_nd.duplicates',
  text: 'scatter_nd with duplicate indices is left undefined: the docs warn that its result (and gradient) are not well defined then (apache/mxnet#11899)',
  source:
    'https://mxnet.apache.org/versions/1.9.1/api/python/docs/api/ndarray/ndarray.html#mxnet.ndarray.scatter_nd',
};

/** One row of the liberty table: the ops it covers and what they leave open. */
interface Row {
  readonly op: RegExp;
  readonly replace?: Rule; // a replacing scatter: any duplicate may win
  readonly reduce?: Rule; // a reducing scatter: any order
  readonly oob?: Rule;
  readonly refuse?: Rule; // duplicates forbidden: an error is allowed too
  readonly device?: Rule; // an out-of-bounds error on one device, values on another
}

/** The table, first matching row wins. Ops not listed (NumPy, MLIR, Caffe2, gathers) pin one answer. */
const TABLE: readonly Row[] = [
  { op: /^(stablehlo\.scatter|jax\.)/, replace: STABLEHLO_SCHEDULE, reduce: STABLEHLO_SCHEDULE },
  {
    op: /^onnx\.(Scatter|ScatterElements|ScatterND)-/,
    replace: ONNX_NO_DUPLICATES,
    refuse: ONNX_NO_DUPLICATES,
  },
  { op: /^torch\.index_put/, replace: TORCH_INDEX_PUT, reduce: TORCH_CUDA_ORDER },
  { op: /^torch\.(index_copy|put)/, replace: TORCH_INDEX_COPY, reduce: TORCH_CUDA_ORDER },
  { op: /^torch\./, replace: TORCH_ARBITRARY, reduce: TORCH_CUDA_ORDER },
  { op: /^(tf|tensorflow)\./, replace: TF_GPU_ORDER, reduce: TF_GPU_ORDER, device: TF_DEVICES },
  { op: /^webnn\.scatter/, replace: WEBNN_SILENT, oob: WEBNN_OOB },
  { op: /^webnn\./, oob: WEBNN_OOB },
  { op: /^(directml|dml)\.SCATTER/, replace: DML_INVALID, oob: DML_INVALID },
  { op: /^(directml|dml)\./, oob: DML_INVALID },
  { op: /^mxnet\.scatter_nd/, replace: MXNET_DUPLICATES },
];

/** The liberties the framework of `call` grants it (none: one answer is pinned). */
export function libertiesOf(call: LoweredCall): Liberties {
  // numpy.take into an out of another dtype: the gather, then NumPy's C cast (numpy/take-out.ts).
  if (call.kind === 'program' && call.op === 'numpy.take') return { cast_undefined: C_FLOAT_TO_INTEGER };
  const row = TABLE.find((r) => r.op.test(call.op));
  // Any other program (a multi-op lowering) has no liberty this table knows of.
  if (!row || call.kind === 'program') return {};
  const device = row.device ? { device: row.device } : {};
  if (call.kind === 'gather') return { ...(row.oob ? { oob_outside: row.oob } : {}), ...device };
  const replace = call.update_computation === 'replace';
  return {
    ...(replace && row.replace ? { winner: row.replace } : {}),
    ...(!replace && row.reduce ? { order: row.reduce } : {}),
    ...(row.oob ? { oob_outside: row.oob } : {}),
    ...(replace && row.refuse ? { duplicate_error_allowed: row.refuse } : {}),
    ...device,
  };
}
