// Benchmark cases B1–B7 (issue 6): data, the core call of each, and its peers' equivalents.
// Data: float32 of non-trivial random values; indices: seeded random int64.

/** mulberry32: a small seeded PRNG, returns floats in [0, 1). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomFloats(n, seed) {
  const r = rng(seed);
  const a = new Float32Array(n);
  for (let i = 0; i < n; i++) a[i] = (r() - 0.5) * 200 + r() * 1e-3;
  return a;
}

export function randomIndices(n, bound, seed) {
  const r = rng(seed);
  const a = new BigInt64Array(n);
  const w = new Int32Array(a.buffer);
  for (let i = 0; i < n; i++) w[2 * i] = Math.floor(r() * bound); // high words stay 0
  return a;
}

/** Per row of `rows`, the first `k` entries of a random permutation of [0, n): unique targets. */
export function uniqueRowIndices(rows, n, k, seed) {
  const r = rng(seed);
  const a = new BigInt64Array(rows * k);
  const w = new Int32Array(a.buffer);
  const perm = new Int32Array(n);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < n; j++) perm[j] = j;
    for (let j = 0; j < k; j++) {
      const s = j + Math.floor(r() * (n - j));
      const t = perm[j];
      perm[j] = perm[s];
      perm[s] = t;
      w[2 * (i * k + j)] = perm[j];
    }
  }
  return a;
}

const prod = (s) => s.reduce((a, b) => a * b, 1);

/**
 * The frontend calls users make, each with its `out` form and its lowering (for `execute`
 * with `out` when the frontend does not take `out`): ONNX `{ opset, out }` as the 4th argument,
 * NumPy/PyTorch/TF `{ out }` in the trailing options object.
 */
const onnxFe = (op, attrs, inputs) => ({
  name: `onnx.${op}`,
  fn: (lib) => lib.onnx?.[op],
  lower: (lib) => lib.onnx.lower[op],
  args: (t) => [...inputs(t), attrs],
  outArgs: (t, out) => [...inputs(t), attrs, { out }],
});
const takeFrontends = [
  {
    name: 'numpy.take',
    fn: (lib) => lib.numpy?.take,
    lower: (lib) => lib.numpy.lower.take,
    args: (t) => [t.data, t.indices, { axis: 0 }],
    outArgs: (t, out) => [t.data, t.indices, { axis: 0, out }],
  },
  {
    name: 'torch.index_select',
    fn: (lib) => lib.torch?.index_select,
    lower: (lib) => lib.torch.lower.index_select,
    args: (t) => [t.data, 0, t.indices],
    outArgs: (t, out) => [t.data, 0, t.indices, { out }],
  },
  {
    name: 'tf.gather',
    fn: (lib) => lib.tf?.gather,
    lower: (lib) => lib.tf.lower.gather,
    args: (t) => [t.data, t.indices, { axis: 0 }],
    outArgs: (t, out) => [t.data, t.indices, { axis: 0 }, { out }],
  },
];
const dataIdx = (t) => [t.data, t.indices];
const dataIdxUpd = (t) => [t.data, t.indices, t.updates];

/**
 * Case definitions. `full` and `quick` give the sizes. Every case has:
 * kind (numpy peer dispatch), arrays { data, indices, updates? } with shapes, the core call
 * (gather dimension numbers or scatter dimension numbers + reducer), the ONNX node and the
 * frontend call, and floorBytes = the bytes the case must at least write or read (the larger
 * of result and updates), the size of the memory-copy floor.
 */
export function defineCases(quick) {
  const q = (full, small) => (quick ? small : full);
  const cases = [];

  {
    const [n, d, m] = q([65536, 256, 65536], [4096, 256, 4096]);
    cases.push({
      id: 'B1',
      title: `gather ${m} random rows of float32[${n},${d}], int64 indices`,
      kind: 'gather_axis',
      axis: 0,
      shapes: { data: [n, d], indices: [m] },
      resultShape: [m, d],
      make: (s) => ({ data: randomFloats(n * d, s + 1), indices: randomIndices(m, n, s + 2) }),
      core: {
        op: 'gather',
        dn: {
          offset_dims: [1],
          collapsed_slice_dims: [0],
          start_index_map: [0],
          index_vector_dim: 1,
          slice_sizes: [1, d],
        },
      },
      onnx: { opType: 'Gather', attributes: { axis: 0 } },
      frontends: [onnxFe('Gather', { axis: 0 }, dataIdx), ...takeFrontends],
      tf: { op: 'gather', axis: 0 },
    });
  }
  {
    const [a, n, c, m] = q([64, 4096, 64, 4096], [16, 1024, 64, 1024]);
    cases.push({
      id: 'B2',
      title: `gather axis 1 of float32[${a},${n},${c}], ${m} indices`,
      kind: 'gather_axis',
      axis: 1,
      shapes: { data: [a, n, c], indices: [m] },
      resultShape: [a, m, c],
      make: (s) => ({ data: randomFloats(a * n * c, s + 1), indices: randomIndices(m, n, s + 2) }),
      core: {
        op: 'gather',
        dn: {
          offset_dims: [0, 2],
          collapsed_slice_dims: [1],
          start_index_map: [1],
          index_vector_dim: 1,
          slice_sizes: [a, 1, c],
        },
      },
      onnx: { opType: 'Gather', attributes: { axis: 1 } },
      frontends: [onnxFe('Gather', { axis: 1 }, dataIdx)],
      tf: { op: 'gather', axis: 1 },
    });
  }
  {
    const n = q(4096, 1024);
    cases.push({
      id: 'B3',
      title: `GatherElements float32[${n},${n}] along axis 1`,
      kind: 'gather_elements',
      axis: 1,
      shapes: { data: [n, n], indices: [n, n] },
      resultShape: [n, n],
      make: (s) => ({ data: randomFloats(n * n, s + 1), indices: randomIndices(n * n, n, s + 2) }),
      core: {
        op: 'gather',
        dn: {
          offset_dims: [],
          collapsed_slice_dims: [1],
          operand_batching_dims: [0],
          start_indices_batching_dims: [0],
          start_index_map: [1],
          index_vector_dim: 2,
          slice_sizes: [1, 1],
        },
      },
      onnx: { opType: 'GatherElements', attributes: { axis: 1 } },
      frontends: [
        onnxFe('GatherElements', { axis: 1 }, dataIdx),
        {
          name: 'torch.gather',
          fn: (lib) => lib.torch?.gather,
          lower: (lib) => lib.torch.lower.gather,
          args: (t) => [t.data, 1, t.indices],
          outArgs: (t, out) => [t.data, 1, t.indices, { out }],
        },
      ],
      tf: null,
    });
  }
  {
    const [h, w, c, m] = q([512, 512, 64, 262144], [128, 128, 64, 16384]);
    cases.push({
      id: 'B4',
      title: `GatherND float32[${h},${w},${c}], indices [${m},2]`,
      kind: 'gather_nd',
      shapes: { data: [h, w, c], indices: [m, 2] },
      resultShape: [m, c],
      make: (s) => {
        const indices = new BigInt64Array(m * 2);
        const w32 = new Int32Array(indices.buffer);
        const r = rng(s + 2);
        for (let i = 0; i < m; i++) {
          w32[4 * i] = Math.floor(r() * h);
          w32[4 * i + 2] = Math.floor(r() * w);
        }
        return { data: randomFloats(h * w * c, s + 1), indices };
      },
      core: {
        op: 'gather',
        dn: {
          offset_dims: [1],
          collapsed_slice_dims: [0, 1],
          start_index_map: [0, 1],
          index_vector_dim: 1,
          slice_sizes: [1, 1, c],
        },
      },
      onnx: { opType: 'GatherND', attributes: {} },
      frontends: [onnxFe('GatherND', {}, dataIdx)],
      tf: { op: 'gatherND' },
    });
  }
  {
    const [n, c, m] = q([65536, 64, 262144], [4096, 64, 16384]);
    cases.push({
      id: 'B5',
      title: `ScatterND add, [${n},${c}] ← ${m} rows with duplicates`,
      kind: 'scatter_nd_add',
      shapes: { data: [n, c], indices: [m, 1], updates: [m, c] },
      resultShape: [n, c],
      make: (s) => ({
        data: randomFloats(n * c, s + 1),
        indices: randomIndices(m, n, s + 2),
        updates: randomFloats(m * c, s + 3),
      }),
      core: {
        op: 'scatter',
        reducer: 'add',
        dn: {
          update_window_dims: [1],
          inserted_window_dims: [0],
          scatter_dims_to_operand_dims: [0],
          index_vector_dim: 1,
        },
      },
      onnx: { opType: 'ScatterND', attributes: { reduction: 'add' } },
      frontends: [onnxFe('ScatterND', { reduction: 'add' }, dataIdxUpd)],
      tf: { op: 'scatterNDAdd' },
      // Float sums of duplicates: peers that sum in another order (TF.js adds the input last)
      // agree only approximately: |a - b| ≤ 1e-4 · max(1, |a|) (values are ~±100).
      tolerance: 1e-4,
    });
  }
  {
    const [n, k] = q([4096, 1024], [1024, 256]);
    cases.push({
      id: 'B6',
      title: `ScatterElements replace, [${n},${n}] ← [${n},${k}] along axis 1`,
      kind: 'scatter_elements',
      axis: 1,
      shapes: { data: [n, n], indices: [n, k], updates: [n, k] },
      resultShape: [n, n],
      // Unique targets per row: ONNX leaves duplicate targets of reduction 'none' undefined.
      make: (s) => ({
        data: randomFloats(n * n, s + 1),
        indices: uniqueRowIndices(n, n, k, s + 2),
        updates: randomFloats(n * k, s + 3),
      }),
      core: {
        op: 'scatter',
        reducer: 'replace',
        dn: {
          update_window_dims: [],
          inserted_window_dims: [1],
          input_batching_dims: [0],
          scatter_indices_batching_dims: [0],
          scatter_dims_to_operand_dims: [1],
          index_vector_dim: 2,
        },
      },
      onnx: { opType: 'ScatterElements', attributes: { axis: 1 } },
      frontends: [onnxFe('ScatterElements', { axis: 1 }, dataIdxUpd)],
      tf: null,
    });
  }
  cases.push({
    id: 'B7',
    title: 'tiny gather [16,16] ← 4 indices, per call',
    kind: 'gather_axis',
    axis: 0,
    perCall: true,
    shapes: { data: [16, 16], indices: [4] },
    resultShape: [4, 16],
    make: (s) => ({ data: randomFloats(256, s + 1), indices: randomIndices(4, 16, s + 2) }),
    core: {
      op: 'gather',
      dn: {
        offset_dims: [1],
        collapsed_slice_dims: [0],
        start_index_map: [0],
        index_vector_dim: 1,
        slice_sizes: [1, 16],
      },
    },
    onnx: { opType: 'Gather', attributes: { axis: 0 } },
    frontends: [onnxFe('Gather', { axis: 0 }, dataIdx), ...takeFrontends],
    tf: { op: 'gather', axis: 0 },
  });
  for (const c of cases) {
    c.resultBytes = prod(c.resultShape) * 4;
    c.floorBytes = Math.max(c.resultBytes, c.shapes.updates ? prod(c.shapes.updates) * 4 : 0);
  }
  return cases;
}
