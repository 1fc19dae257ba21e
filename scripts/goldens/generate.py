#!/usr/bin/python3
"""Golden data for the NumPy and PyTorch frontends, from the real implementations.

Run with the Debian interpreter that has NumPy 1.24 and PyTorch 1.13:

    /usr/bin/python3 scripts/goldens/generate.py            # writes numpy.json and torch.json here
    /usr/bin/python3 scripts/goldens/generate.py --eval     # JSON cases on stdin -> results on stdout

Each case is {name, framework, op, args, kwargs}; the result is the returned (or, for the
in-place NumPy functions, the modified) array, or the exception type and message. Values encode
their position (100*i + 10*j + k) so a result can be checked by eye.

Tensor encoding: {"dtype": "int64", "shape": [2, 3], "data": [...]} with data flat row-major;
64-bit integers beyond 2^53 and non-finite floats are strings ("18446744073709551615", "NaN"; a
NaN with its stored bits as "NaN:7ff8000000000001" wherever a tensor carries them).
A tuple of index arrays is {"tuple": [...]}.
"""
import json
import os
import sys
import warnings

import numpy as np

from encoding import dec_value, enc_value, nan_bits

warnings.filterwarnings("ignore")
HERE = os.path.dirname(os.path.abspath(__file__))

try:
    import torch
except ImportError:  # the NumPy half still works
    torch = None

NP_DTYPES = {
    "float64": np.float64, "float32": np.float32, "float16": np.float16,
    "int64": np.int64, "int32": np.int32, "int16": np.int16, "int8": np.int8,
    "uint64": np.uint64, "uint32": np.uint32, "uint16": np.uint16, "uint8": np.uint8, "bool": np.bool_,
}
TORCH_DTYPES = {} if torch is None else {
    "float64": torch.float64, "float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16,
    "int64": torch.int64, "int32": torch.int32, "int16": torch.int16, "int8": torch.int8,
    "uint8": torch.uint8, "bool": torch.bool,
}


# Integer views of a float's storage by its width, to read and write a NaN's bits.
WORD = {2: np.uint16, 4: np.uint32, 8: np.uint64}
TORCH_WORD = {} if torch is None else {2: torch.int16, 4: torch.int32, 8: torch.int64}


def enc_np(a):
    a = np.asarray(a)
    name = a.dtype.name
    flat = np.ascontiguousarray(a.reshape(-1))
    bits = flat.view(WORD[a.itemsize]).tolist() if a.dtype.kind == "f" else [None] * flat.size
    return {"dtype": name, "shape": list(a.shape), "data": [enc_value(v, name, b) for v, b in zip(flat.tolist(), bits)]}


def nan_patches(t):
    """The encoded NaNs' positions and stored patterns ("NaN:<hex>")."""
    return [(k, nan_bits(v)) for k, v in enumerate(t["data"]) if nan_bits(v) is not None]


def dec_np(t):
    data = [dec_value(v) for v in t["data"]]
    a = np.array(data, dtype=NP_DTYPES[t["dtype"]])
    for k, b in nan_patches(t):
        a.view(WORD[a.itemsize])[k] = b
    return a.reshape(t["shape"])


def enc_torch(t):
    name = str(t.dtype).replace("torch.", "")
    flat = t.reshape(-1).contiguous()
    vals = flat.float().tolist() if name in ("float16", "bfloat16") else flat.tolist()
    size = flat.element_size()
    bits = [None] * len(vals)
    if flat.is_floating_point():
        bits = [b & ((1 << (8 * size)) - 1) for b in flat.view(TORCH_WORD[size]).tolist()]
    return {"dtype": name, "shape": list(t.shape), "data": [enc_value(v, name, b) for v, b in zip(vals, bits)]}


def dec_torch(t):
    data = [dec_value(v) for v in t["data"]]
    dt = TORCH_DTYPES[t["dtype"]]
    if t["dtype"] in ("float16", "bfloat16"):
        out = torch.tensor(data, dtype=torch.float64).to(dt)
    else:
        out = torch.tensor(data, dtype=dt)
    for k, b in nan_patches(t):
        size = out.element_size()
        signed = b - (1 << (8 * size)) if b >= 1 << (8 * size - 1) else b
        out.view(TORCH_WORD[size])[k] = signed
    return out.reshape(t["shape"])


def dec_arg(x, dec):
    if isinstance(x, dict) and "tuple" in x:
        return tuple(dec_arg(y, dec) for y in x["tuple"])
    if isinstance(x, dict) and "dtype" in x:
        return dec(x)
    return x


def run_numpy(op, args, kwargs):
    args = [dec_arg(a, dec_np) for a in args]
    kwargs = {k: dec_arg(v, dec_np) for k, v in kwargs.items()}
    if op == "index":  # a[i0, i1, ...]
        return args[0][args[1]]
    if op in ("put", "put_along_axis"):
        getattr(np, op)(*args, **kwargs)
        return args[0]
    if op.endswith(".at"):
        getattr(np, op[:-3]).at(*args, **kwargs)
        return args[0]
    return getattr(np, op)(*args, **kwargs)


def run_torch(op, args, kwargs):
    args = [dec_arg(a, dec_torch) for a in args]
    kwargs = {k: dec_arg(v, dec_torch) for k, v in kwargs.items()}
    if op == "index":  # x[i0, i1, ...] with index tensors
        return args[0][args[1]]
    return getattr(torch, op)(*args, **kwargs)


def evaluate(c):
    try:
        if c["framework"] == "numpy":
            out = enc_np(run_numpy(c["op"], c["args"], c.get("kwargs", {})))
        else:
            out = enc_torch(run_torch(c["op"], c["args"], c.get("kwargs", {})))
        return {"result": out}
    except Exception as e:  # noqa: BLE001 - the exception is the golden
        return {"error": {"type": type(e).__name__, "message": str(e).split("\n")[0]}}


# ---------------------------------------------------------------------------------------------
# Case builders

def pos(shape, dtype="int64"):
    """Values 100*i + 10*j + k (for rank <= 3); higher ranks continue the pattern."""
    n = int(np.prod(shape)) if shape else 1
    idx = np.indices(shape).reshape(len(shape), n) if shape else np.zeros((0, 1), dtype=np.int64)
    w = [10 ** (len(shape) - 1 - d) for d in range(len(shape))]
    vals = (np.array(w, dtype=np.int64)[:, None] * idx).sum(axis=0) if shape else np.array([7])
    return {"dtype": dtype, "shape": list(shape), "data": [enc_value(v if dtype != "bool" else v % 2, dtype) for v in vals.tolist()]}


def arr(values, dtype="int64"):
    a = np.array(values)
    return {"dtype": dtype, "shape": list(a.shape), "data": [enc_value(v, dtype) for v in a.reshape(-1).tolist()]}


def tup(*xs):
    return {"tuple": list(xs)}


CASES = {"numpy": [], "torch": []}


def add(framework, name, op, *args, **kwargs):
    CASES[framework].append({"name": name, "framework": framework, "op": op, "args": list(args), "kwargs": kwargs})


def arange_(k):
    return arr(list(range(k)))


def numpy_cases():
    n = lambda name, op, *a, **k: add("numpy", name, op, *a, **k)
    A = pos([2, 3, 4])
    # issue 12, NumPy classes 8-12 (each also a named test in test/numpy.test.ts) ---------------
    z = lambda *shape: arr(np.zeros(shape), "float64")
    # 8. 0-d arrays act as 1-d in take; a 0-d uint64 index is a Python int
    n("class8 take 0-d a axis=0", "take", arr(5), 0, axis=0)
    n("class8 take 0-d a axis=-1 two indices", "take", arr(5), arr([0, 0]), axis=-1)
    n("class8 take 0-d a axis=0 OOB", "take", arr(5), 1, axis=0)
    n("class8 take 0-d uint64 index", "take", arange_(5), arr(3, "uint64"))
    n("class8 take 0-d uint64 index 2^64-1", "take", arange_(5), arr(2**64 - 1, "uint64"))
    n("class8 index 0-d uint64 2^63", "index", arange_(5), tup(arr(2**63, "uint64")))
    n("class8 index 1-d uint64 2^64-1 reads -1", "index", arange_(5), tup(arr([2**64 - 1], "uint64")))
    n("class8 add.at 0-d uint64 2^63", "add.at", arange_(5), tup(arr(2**63, "uint64")), 1)
    # 9. bounds checks when the result is empty
    n("class9 take zero-size trailing dim OOB", "take", z(3, 0), arr([5]), axis=0)
    n("class9 index 0-d OOB, empty result", "index", z(2, 0), tup(arr(5)))
    n("class9 index 1-d OOB, empty result", "index", z(2, 0), tup(arr([5])))
    n("class9 take empty axis clip", "take", z(0, 0), arr([0]), axis=0, mode="clip")
    n("class9 take leading zero dim, OOB", "take", z(0, 4), arr([9]), axis=1)
    n("class9 index empty broadcast, OOB", "index", z(2, 3), tup(arr(np.zeros((0,), dtype=np.int64)), arr([5])))
    n("class9 add.at empty broadcast, OOB", "add.at", z(2, 3), tup(arr(np.zeros((0,), dtype=np.int64)), arr([5])), 1.0)
    n("class9 add.at zero-size trailing dim, OOB", "add.at", z(3, 0), tup(arr([5])), 1.0)
    # 10. put / put_along_axis cast values unsafely
    n("class10 put float into int32", "put", arr([0, 0, 0], "int32"), arr([0, 1]), arr([2.75, -2.75], "float64"))
    n("class10 put into bool", "put", arr([False, False, False], "bool"), arr([0, 1]), arr([0.5, 0.0], "float64"))
    n("class10 put wraps into uint8", "put", arr([0, 0, 0], "uint8"), arr([0, 1]), arr([300, -1]))
    n("class10 put_along_axis float into int32", "put_along_axis", arr([[0, 0, 0]], "int32"), arr([[0]]), arr(2.75, "float64"), 1)
    # 12. ufunc.at with the empty tuple on a 0-d array
    n("class12 add.at 0-d empty tuple", "add.at", arr(5.0, "float64"), tup(), arr(2.0, "float64"))
    # numpy.take ---------------------------------------------------------------------------
    for dt in ["int64", "int32", "int16", "int8", "uint8", "float64", "float32", "float16", "bool"]:
        n(f"take axis=1 {dt}", "take", pos([2, 3, 4], dt), arr([[2, 0], [-1, 1]]), axis=1)
    n("take axis=None (flattened)", "take", A, arr([0, 5, 23, -1, -24]))
    n("take axis=0", "take", A, arr([1, -2, 1]), axis=0)
    n("take axis=-1", "take", A, arr([[3], [-4]]), axis=-1)
    n("take scalar index", "take", A, 1, axis=0)
    n("take rank-0 index array", "take", A, arr(2), axis=1)
    n("take wrap", "take", A, arr([-5, 7, 3, 0, -1, 13]), axis=2, mode="wrap")
    n("take wrap axis=None", "take", A, arr([24, -25, 49]), mode="wrap")
    n("take clip (negatives clamp to 0)", "take", A, arr([-5, 7, 3, -1]), axis=2, mode="clip")
    n("take clip axis=None", "take", A, arr([-1, 100]), mode="clip")
    n("take raise OOB high", "take", A, arr([4]), axis=2)
    n("take raise OOB negative", "take", A, arr([-5]), axis=2)
    n("take raise OOB axis=None", "take", A, arr([24]))
    n("take empty indices", "take", A, arr(np.zeros((2, 0), dtype=np.int64)), axis=1)
    n("take empty indices with OOB-free empty axis", "take", pos([2, 0, 3]), arr(np.zeros((0,), dtype=np.int64)), axis=1)
    n("take non-empty from empty axis", "take", pos([2, 0, 3]), arr([0]), axis=1)
    n("take non-empty from empty axis wrap", "take", pos([2, 0, 3]), arr([0]), axis=1, mode="wrap")
    n("take from rank-0 array", "take", pos([]), arr([0, -1, 0]))
    n("take from rank-0 array scalar", "take", pos([]), 0)
    n("take axis out of range", "take", A, arr([0]), axis=3)
    for it in ["int8", "int16", "int32", "uint8", "uint16", "uint32"]:
        n(f"take index dtype {it}", "take", A, arr([3, 1, 2], it), axis=2)
    n("take index dtype uint64 (not safely castable)", "take", A, arr([1], "uint64"), axis=2)
    n("take index dtype bool (cast to 0/1)", "take", A, arr([True, False, True], "bool"), axis=2)
    n("take index dtype float64", "take", A, arr([1.0], "float64"), axis=2)
    n("take float NaN data", "take", arr([1.5, float("nan"), float("inf")], "float64"), arr([2, 1, 0]))
    # numpy.take_along_axis ----------------------------------------------------------------
    I = arr([[[0, 2, -1, 1], [2, 1, 0, -3]], [[1, 1, 1, 1], [0, 0, 0, 0]]])
    for dt in ["int64", "int32", "uint8", "float64", "float32", "bool"]:
        n(f"take_along_axis axis=1 {dt}", "take_along_axis", pos([2, 3, 4], dt), I, 1)
    n("take_along_axis axis=-1", "take_along_axis", A, arr([[[3, 0]], [[-1, 1]]]), -1)
    n("take_along_axis axis=0", "take_along_axis", A, arr([[[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]]]), 0)
    n("take_along_axis broadcasts indices", "take_along_axis", A, arr([[[2], [0]]]), 1)
    n("take_along_axis broadcasts arr (size-1 dim)", "take_along_axis", pos([1, 3, 4]), arr([[[2, 1, 0, 2]], [[0, 0, 1, 1]]]), 1)
    n("take_along_axis axis=None", "take_along_axis", A, arr([0, 23, -1, 7]), None)
    n("take_along_axis OOB", "take_along_axis", A, arr([[[3]]]), 1)
    n("take_along_axis negative OOB", "take_along_axis", A, arr([[[-4]]]), 1)
    n("take_along_axis float indices", "take_along_axis", A, arr([[[1.0]]], "float64"), 1)
    n("take_along_axis bool indices", "take_along_axis", A, arr([[[True]]], "bool"), 1)
    n("take_along_axis ndim mismatch", "take_along_axis", A, arr([0, 1]), 1)
    n("take_along_axis axis=None needs 1-D", "take_along_axis", A, arr([[0, 1]]), None)
    n("take_along_axis shape mismatch", "take_along_axis", A, arr(np.zeros((3, 1, 1), dtype=np.int64)), 1)
    n("take_along_axis empty indices", "take_along_axis", A, arr(np.zeros((2, 0, 4), dtype=np.int64)), 1)
    n("take_along_axis uint64 indices", "take_along_axis", A, arr([[[1]]], "uint64"), 1)
    n("take_along_axis int8 indices", "take_along_axis", A, arr([[[-1, 0, 1, 2]]], "int8"), 1)
    n("take_along_axis axis out of range", "take_along_axis", A, arr([[[0]]]), 3)
    # numpy.put ----------------------------------------------------------------------------
    P = arr([0, 10, 20, 30, 40, 50, 60, 70, 80, 90])
    for dt in ["int64", "int32", "uint8", "float64", "float32", "float16"]:
        n(f"put {dt}", "put", arr([0, 10, 20, 30, 40, 50, 60, 70, 80, 90], dt), arr([1, -1, 3]), arr([100, 200, 250], dt))
    n("put on 2-D (flat indices)", "put", pos([2, 3, 4]), arr([[0, 23], [5, -2]]), arr([-1, -2, -3, -4]))
    n("put cycles v", "put", P, arr([0, 1, 2, 3, 4]), arr([7, 8]))
    n("put scalar v", "put", P, arr([2, 4]), 5)
    n("put duplicates last wins", "put", P, arr([2, 2, 2]), arr([1, 2, 3]))
    n("put wrap", "put", P, arr([12, -13, 25]), arr([1, 2, 3]), mode="wrap")
    n("put clip (negatives clamp to 0)", "put", P, arr([-3, 22, 5]), arr([1, 2, 3]), mode="clip")
    n("put raise OOB high", "put", P, arr([1, 10]), arr([1, 2]))
    n("put raise OOB negative", "put", P, arr([-11]), arr([1]))
    n("put empty v", "put", P, arr([0, 99]), arr(np.zeros((0,), dtype=np.int64)))
    n("put empty ind", "put", P, arr(np.zeros((0,), dtype=np.int64)), arr([1]))
    n("put into empty array", "put", arr(np.zeros((0,), dtype=np.int64)), arr([0]), arr([1]))
    # Not run: NumPy 1.24 loops forever on put(empty, [0], v, mode="wrap") and corrupts the heap
    # (free(): invalid next size) on mode="clip"; the frontend raises numpy.put.empty_array instead.
    n("put into rank-0 array", "put", pos([]), arr([0, -1]), arr([5, 6]))
    n("put index dtype uint64", "put", P, arr([1], "uint64"), arr([1]))
    n("put index dtype float", "put", P, arr([1.0], "float64"), arr([1]))
    n("put index dtype int8", "put", P, arr([-1, 2], "int8"), arr([1, 2]))
    n("put index dtype bool", "put", P, arr([True, False], "bool"), arr([5, 6]))
    # numpy.put_along_axis -----------------------------------------------------------------
    for dt in ["int64", "int32", "float64", "uint8", "bool"]:
        n(f"put_along_axis axis=1 {dt}", "put_along_axis", pos([2, 3, 4], dt), arr([[[2, 0, -1, 1]], [[0, 1, 2, -3]]]), pos([2, 1, 4], dt), 1)
    n("put_along_axis scalar values", "put_along_axis", A, arr([[[2, 0, -1, 1]], [[0, 1, 2, -3]]]), 999, 1)
    n("put_along_axis broadcast values", "put_along_axis", A, arr([[[2, 0, -1, 1]], [[0, 1, 2, -3]]]), arr([1, 2, 3, 4]), 1)
    n("put_along_axis broadcast indices", "put_along_axis", A, arr([[[1], [2]]]), arr([[[-1], [-2]], [[-3], [-4]]]), 1)
    n("put_along_axis duplicates last wins", "put_along_axis", A, arr([[[1, 1, 1, 1], [1, 1, 1, 1]], [[0, 0, 0, 0], [0, 0, 0, 0]]]), arr([[[1, 2, 3, 4], [5, 6, 7, 8]], [[9, 10, 11, 12], [13, 14, 15, 16]]]), 1)
    n("put_along_axis broadcast against size-1 arr dim", "put_along_axis", pos([1, 3]), arr([[0], [0], [2]]), arr([[5], [6], [7]]), 1)
    n("put_along_axis axis=None", "put_along_axis", A, arr([0, -1, 5]), arr([1, 2, 3]), None)
    n("put_along_axis OOB", "put_along_axis", A, arr([[[3]]]), 1, 1)
    n("put_along_axis negative OOB", "put_along_axis", A, arr([[[-4]]]), 1, 1)
    n("put_along_axis float indices", "put_along_axis", A, arr([[[1.0]]], "float64"), 1, 1)
    n("put_along_axis empty indices", "put_along_axis", A, arr(np.zeros((2, 0, 4), dtype=np.int64)), 1, 1)
    n("put_along_axis ndim mismatch", "put_along_axis", A, arr([1]), 1, 1)
    # ufunc.at ------------------------------------------------------------------------------
    for u in ["add", "subtract", "multiply", "minimum", "maximum"]:
        n(f"{u}.at duplicates accumulate", f"{u}.at", arr([1, 2, 3, 4]), arr([0, 1, 2, 2, -1, 2]), arr([5, 6, 7, 8, 9, 1]))
        n(f"{u}.at scalar b", f"{u}.at", arr([1, 2, 3, 4]), arr([0, 0, 3]), 3)
        n(f"{u}.at tuple indices 2-D", f"{u}.at", pos([3, 4]), tup(arr([0, 2, 0, -1]), arr([1, 3, 1, 0])), arr([1, 2, 3, 4]))
        n(f"{u}.at rows with broadcast b", f"{u}.at", pos([3, 4]), arr([2, 0, 2]), arr([1, 2, 3, 4]))
        n(f"{u}.at float NaN", f"{u}.at", arr([1.0, 2.0, 3.0], "float64"), arr([0, 0, 1]), arr([float("nan"), 5.0, -1.0], "float64"))
        n(f"{u}.at int8 wraps", f"{u}.at", arr([100, -100, 7], "int8"), arr([0, 0, 1, 1]), arr([100, 27, -100, -29], "int8"))
    n("add.at docs", "add.at", arr([1, 2, 3, 4]), arr([0, 1, 2, 2]), 1)
    n("add.at broadcast index arrays", "add.at", pos([3, 4]), tup(arr([[0], [2]]), arr([0, 1, 0])), 1000)
    n("add.at partial tuple on 3-D", "add.at", A, tup(arr([1, 1, 0])), arr([[1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]]))
    n("add.at float32", "add.at", arr([0.5, 1.5], "float32"), arr([1, 1, 0]), arr([0.25, 0.25, 2.0], "float32"))
    n("add.at uint8", "add.at", arr([250, 3], "uint8"), arr([0, 0]), arr([3, 4], "uint8"))
    n("add.at OOB", "add.at", arr([1, 2, 3]), arr([3]), 1)
    n("add.at negative OOB", "add.at", arr([1, 2, 3]), arr([-4]), 1)
    n("add.at float indices", "add.at", arr([1, 2, 3]), arr([1.0], "float64"), 1)
    n("add.at empty indices", "add.at", arr([1, 2, 3]), arr(np.zeros((0,), dtype=np.int64)), 1)
    n("add.at too many indices", "add.at", arr([1, 2, 3]), tup(arr([0]), arr([0])), 1)
    n("add.at int16 indices", "add.at", arr([1, 2, 3]), arr([2, -3], "int16"), 10)
    n("add.at uint64 indices", "add.at", arr([1, 2, 3]), arr([2], "uint64"), 10)
    # integer-array indexing a[i0, i1, ...] ---------------------------------------------------
    for dt in ["int64", "int32", "float64", "float32", "uint8", "bool", "float16", "int16"]:
        n(f"index 2 arrays {dt}", "index", pos([2, 3, 4], dt), tup(arr([[0, 1], [1, -2]]), arr([[2, 0], [-1, 1]])))
    n("index one array on 1-D", "index", pos([5]), tup(arr([[0, -1], [4, 2]])))
    n("index broadcast arrays", "index", pos([3, 4]), tup(arr([[0], [2]]), arr([3, 1, -4])))
    n("index one array on 3-D (rows)", "index", A, tup(arr([1, 0, -1])))
    n("index all three", "index", A, tup(arr([1, 0]), arr([2, 2]), arr([3, -4])))
    n("index rank-0 arrays", "index", A, tup(arr(1), arr(2)))
    n("index empty array", "index", A, tup(arr(np.zeros((0,), dtype=np.int64))))
    n("index duplicates", "index", pos([4]), tup(arr([1, 1, 1])))
    n("index OOB axis 0", "index", pos([3, 4]), tup(arr([5])))
    n("index OOB axis 1", "index", pos([3, 4]), tup(arr([1]), arr([5])))
    n("index negative OOB", "index", pos([3, 4]), tup(arr([-4])))
    n("index too many", "index", pos([3, 4]), tup(arr([0]), arr([0]), arr([0])))
    n("index float", "index", pos([3, 4]), tup(arr([1.0], "float64")))
    n("index shape mismatch", "index", pos([3, 4]), tup(arr([0, 1]), arr([0, 1, 2])))
    n("index uint64 huge wraps to -1", "index", pos([3]), tup(arr([2**64 - 1], "uint64")))
    n("index uint64", "index", pos([3]), tup(arr([2, 0], "uint64")))
    n("index int8", "index", pos([3, 4]), tup(arr([-1, 0], "int8"), arr([3, -4], "int8")))
    n("index uint16 + int32 mixed", "index", pos([3, 4]), tup(arr([2, 0], "uint16"), arr([3, -4], "int32")))
    n("index zero-size trailing dim", "index", pos([3, 0]), tup(arr([2, 0])))
    n("index into empty axis", "index", pos([0, 3]), tup(arr([0])))


def torch_cases():
    t = lambda name, op, *a, **k: add("torch", name, op, *a, **k)
    A = pos([2, 3, 4])
    # gather ---------------------------------------------------------------------------------
    G = arr([[[0, 2, 1, 0], [2, 2, 0, 1]], [[1, 0, 0, 2], [0, 1, 2, 2]]])
    for dt in ["int64", "int32", "int16", "int8", "uint8", "float64", "float32", "float16", "bfloat16", "bool"]:
        t(f"gather dim=1 {dt}", "gather", pos([2, 3, 4], dt), 1, G)
    t("gather dim=0", "gather", A, 0, arr([[[1, 0, 1, 0]]]))
    t("gather dim=-1", "gather", A, -1, arr([[[3, 0], [1, 1], [2, 0]], [[0, 0], [3, 3], [1, 2]]]))
    t("gather index smaller than input", "gather", A, 1, arr([[[2, 0, 1]]]))
    t("gather index smaller in dim", "gather", A, 2, arr([[[3]], [[0]]]))
    t("gather negative index", "gather", A, 1, arr([[[-1]]]))
    t("gather OOB", "gather", A, 1, arr([[[3]]]))
    t("gather int32 index", "gather", A, 1, arr([[[0]]], "int32"))
    t("gather rank mismatch", "gather", A, 1, arr([0]))
    t("gather index larger than input", "gather", A, 1, arr(np.zeros((3, 1, 1), dtype=np.int64)))
    t("gather dim out of range", "gather", A, 3, arr([[[0]]]))
    t("gather rank-0 input and index", "gather", pos([]), 0, arr(0))
    t("gather rank-0 input 1-D index", "gather", pos([]), 0, arr([0, 0]))
    t("gather empty index", "gather", A, 1, arr(np.zeros((2, 0, 4), dtype=np.int64)))
    t("gather empty index, larger elsewhere", "gather", A, 1, arr(np.zeros((5, 0, 9), dtype=np.int64)))
    # scatter ----------------------------------------------------------------------------------
    S = arr([[[2, 0, 1, 0], [1, 2, 0, 1]], [[0, 1, 2, 2], [2, 1, 0, 0]]])
    for dt in ["int64", "int32", "uint8", "float64", "float32", "float16", "bfloat16", "bool"]:
        t(f"scatter src {dt}", "scatter", pos([2, 3, 4], dt), 1, arr([[[2, 0, 1, 0]], [[0, 1, 2, 2]]]), pos([2, 1, 4], dt))
    t("scatter value", "scatter", A, 1, arr([[[2, 0, 1, 0]], [[0, 1, 2, 2]]]), 7)
    t("scatter float value into int (truncates)", "scatter", A, 2, arr([[[0]], [[1]]]), 1.75)
    t("scatter negative float value into int", "scatter", A, 2, arr([[[0]], [[1]]]), -1.75)
    t("scatter duplicates", "scatter", A, 1, S, pos([2, 2, 4]))
    t("scatter src larger than index", "scatter", A, 1, arr([[[1, 2]]]), pos([2, 3, 4]))
    t("scatter reduce add", "scatter", A, 1, S, pos([2, 2, 4]), reduce="add")
    t("scatter reduce multiply", "scatter", A, 1, S, pos([2, 2, 4]), reduce="multiply")
    t("scatter value reduce add", "scatter", A, 1, S, 5, reduce="add")
    t("scatter value reduce multiply", "scatter", A, 1, S, 2, reduce="multiply")
    t("scatter negative index", "scatter", A, 1, arr([[[-1]]]), pos([1, 1, 1]))
    t("scatter OOB", "scatter", A, 1, arr([[[3]]]), pos([1, 1, 1]))
    t("scatter int32 index", "scatter", A, 1, arr([[[0]]], "int32"), pos([1, 1, 1]))
    t("scatter dtype mismatch", "scatter", A, 1, arr([[[0]]]), pos([1, 1, 1], "float32"))
    t("scatter src smaller than index", "scatter", A, 1, arr([[[0, 1]]]), pos([1, 1, 1]))
    t("scatter index larger than input", "scatter", A, 1, arr(np.zeros((3, 1, 1), dtype=np.int64)), pos([3, 1, 1]))
    t("scatter rank mismatch", "scatter", A, 1, arr([0]), pos([1]))
    t("scatter empty index", "scatter", A, 1, arr(np.zeros((2, 0, 4), dtype=np.int64)), pos([2, 3, 4]))
    t("scatter rank-0", "scatter", pos([]), 0, arr(0), arr(5))
    t("scatter bad reduce", "scatter", A, 1, S, pos([2, 2, 4]), reduce="max")
    # scatter_add ------------------------------------------------------------------------------
    for dt in ["int64", "int32", "float64", "float32", "uint8"]:
        t(f"scatter_add {dt}", "scatter_add", pos([2, 3, 4], dt), 1, S, pos([2, 2, 4], dt))
    t("scatter_add src larger", "scatter_add", A, 2, arr([[[3, 3, 0]]]), pos([2, 3, 4]))
    t("scatter_add negative", "scatter_add", A, 1, arr([[[-1]]]), pos([1, 1, 1]))
    t("scatter_add OOB", "scatter_add", A, 1, arr([[[3]]]), pos([1, 1, 1]))
    # scatter_reduce ---------------------------------------------------------------------------
    for r in ["sum", "prod", "mean", "amax", "amin"]:
        for inc in [True, False]:
            t(f"scatter_reduce {r} include_self={inc}", "scatter_reduce", A, 1, S, pos([2, 2, 4]), r, include_self=inc)
            t(f"scatter_reduce {r} include_self={inc} float", "scatter_reduce", pos([2, 3, 4], "float32"), 1, S, pos([2, 2, 4], "float32"), r, include_self=inc)
        t(f"scatter_reduce {r} negative ints", "scatter_reduce", arr([10, -20, 30]), 0, arr([0, 0, 1, 1, 1]), arr([-1, -2, 5, 6, -9]), r, include_self=False)
        t(f"scatter_reduce {r} NaN", "scatter_reduce", arr([1.0, 2.0, 3.0], "float64"), 0, arr([0, 0, 1]), arr([float("nan"), 4.0, -1.0], "float64"), r)
    t("scatter_reduce mean int floor", "scatter_reduce", arr([10, 20, 30]), 0, arr([0, 0, 1]), arr([1, 2, 5]), "mean")
    t("scatter_reduce mean int floor negative", "scatter_reduce", arr([10, 20, 30]), 0, arr([0, 0, 1]), arr([-1, -2, -5]), "mean", include_self=False)
    t("scatter_reduce bad reduce", "scatter_reduce", A, 1, S, pos([2, 2, 4]), "max")
    t("scatter_reduce OOB", "scatter_reduce", A, 1, arr([[[3]]]), pos([1, 1, 1]), "sum")
    t("scatter_reduce int32 index", "scatter_reduce", A, 1, arr([[[0]]], "int32"), pos([1, 1, 1]), "sum")
    t("scatter_reduce empty index", "scatter_reduce", A, 1, arr(np.zeros((2, 0, 4), dtype=np.int64)), pos([2, 3, 4]), "prod", include_self=False)
    # index_select -----------------------------------------------------------------------------
    for dt in ["int64", "float32", "uint8", "bool", "bfloat16"]:
        t(f"index_select dim=1 {dt}", "index_select", pos([2, 3, 4], dt), 1, arr([2, 0, 2]))
    t("index_select dim=0", "index_select", A, 0, arr([1, 1, 0]))
    t("index_select dim=-1", "index_select", A, -1, arr([3, 0]))
    t("index_select int32 index", "index_select", A, 2, arr([1, 3], "int32"))
    t("index_select int16 index", "index_select", A, 2, arr([1], "int16"))
    t("index_select rank-0 index", "index_select", A, 1, arr(2))
    t("index_select 2-D index", "index_select", A, 1, arr([[2]]))
    t("index_select negative", "index_select", A, 1, arr([-1]))
    t("index_select OOB", "index_select", A, 1, arr([3]))
    t("index_select empty index", "index_select", A, 1, arr(np.zeros((0,), dtype=np.int64)))
    t("index_select rank-0 input", "index_select", pos([]), 0, arr([0, 0]))
    # index_add ---------------------------------------------------------------------------------
    for dt in ["int64", "int32", "float64", "float32"]:
        t(f"index_add dim=1 {dt}", "index_add", pos([2, 3, 4], dt), 1, arr([2, 0, 2]), pos([2, 3, 4], dt))
    t("index_add alpha", "index_add", A, 2, arr([0, 0]), pos([2, 3, 2]), alpha=3)
    t("index_add alpha -1 float", "index_add", pos([2, 3, 4], "float64"), 0, arr([1]), pos([1, 3, 4], "float64"), alpha=-1)
    t("index_add alpha 2.5 float", "index_add", pos([2, 3, 4], "float32"), 0, arr([1, 1]), pos([2, 3, 4], "float32"), alpha=2.5)
    t("index_add int32 index", "index_add", A, 0, arr([1], "int32"), pos([1, 3, 4]))
    t("index_add negative", "index_add", A, 0, arr([-1]), pos([1, 3, 4]))
    t("index_add OOB", "index_add", A, 0, arr([2]), pos([1, 3, 4]))
    t("index_add source shape mismatch", "index_add", A, 0, arr([1]), pos([1, 3, 3]))
    t("index_add dtype mismatch", "index_add", A, 0, arr([1]), pos([1, 3, 4], "float32"))
    # index_copy --------------------------------------------------------------------------------
    for dt in ["int64", "float32", "bool"]:
        t(f"index_copy dim=1 {dt}", "index_copy", pos([2, 3, 4], dt), 1, arr([2, 0]), pos([2, 2, 4], dt))
    t("index_copy duplicates", "index_copy", A, 2, arr([1, 1, 1]), pos([2, 3, 3]))
    t("index_copy int32 index", "index_copy", A, 0, arr([1], "int32"), pos([1, 3, 4]))
    t("index_copy negative", "index_copy", A, 0, arr([-1]), pos([1, 3, 4]))
    t("index_copy OOB", "index_copy", A, 0, arr([2]), pos([1, 3, 4]))
    # index_fill --------------------------------------------------------------------------------
    for dt in ["int64", "float32", "uint8"]:
        t(f"index_fill dim=1 {dt}", "index_fill", pos([2, 3, 4], dt), 1, arr([2, 0]), 9)
    t("index_fill negative wraps", "index_fill", A, 1, arr([-1]), 9)
    t("index_fill negative OOB", "index_fill", A, 1, arr([-4]), 9)
    t("index_fill OOB", "index_fill", A, 1, arr([3]), 9)
    t("index_fill rank-0 index", "index_fill", A, 2, arr(3), -1)
    t("index_fill float value into int", "index_fill", A, 2, arr([0]), 2.9)
    t("index_fill int32 index", "index_fill", A, 2, arr([0], "int32"), 1)
    t("index_fill duplicates", "index_fill", A, 0, arr([1, 1]), 5)
    # index_put ---------------------------------------------------------------------------------
    for dt in ["int64", "float32", "bool"]:
        t(f"index_put 2 arrays {dt}", "index_put", pos([2, 3, 4], dt), tup(arr([0, 1, -1]), arr([2, -1, 0])), pos([3, 4], dt))
    t("index_put one array (rows)", "index_put", A, tup(arr([1])), arr([-1, -2, -3, -4]))
    t("index_put broadcast arrays + scalar values", "index_put", A, tup(arr([[0], [1]]), arr([0, 2])), arr(-5))
    t("index_put duplicates", "index_put", A, tup(arr([0, 0, 0]), arr([1, 1, 1]), arr([2, 2, 2])), arr([7, 8, 9]))
    t("index_put duplicates accumulate", "index_put", A, tup(arr([0, 0, 0]), arr([1, 1, 1]), arr([2, 2, 2])), arr([7, 8, 9]), accumulate=True)
    t("index_put accumulate float", "index_put", pos([2, 3, 4], "float64"), tup(arr([1, 1]), arr([-1, 2])), arr([[0.5], [0.25]], "float64"), accumulate=True)
    t("index_put OOB", "index_put", A, tup(arr([2])), arr(1))
    t("index_put negative OOB", "index_put", A, tup(arr([0]), arr([-4])), arr(1))
    t("index_put int32 index", "index_put", A, tup(arr([1], "int32")), arr(1))
    t("index_put dtype mismatch", "index_put", A, tup(arr([1])), arr(1.5, "float64"))
    t("index_put empty index", "index_put", A, tup(arr(np.zeros((0,), dtype=np.int64))), arr(1))
    # boolean masks ---------------------------------------------------------------------------
    M = arr([[True, False, True], [False, True, False]], "bool")
    t("index_put bool mask", "index_put", A, tup(M), arr([7, 8, 9]))
    t("index_put bool mask accumulate", "index_put", A, tup(M), arr([7, 8, 9]), accumulate=True)
    t("index_put uint8 mask", "index_put", A, tup(arr([[1, 0, 1], [0, 1, 0]], "uint8")), arr(5))
    t("index_put mask beside an index", "index_put", A, tup(arr([True, False], "bool"), arr([2])), arr(-1))
    t("index_put mask shape mismatch", "index_put", A, tup(arr([True, False, True], "bool")), arr(1))
    t("index bool mask", "index", A, tup(M))
    t("index mask beside an index", "index", A, tup(arr([False, True], "bool"), arr([0, 3, 1])))
    t("masked_select", "masked_select", pos([2, 3], "float32"), arr([True, False, True], "bool"))
    t("masked_select uint8 mask", "masked_select", pos([2, 3]), arr([[0, 1, 1], [1, 0, 0]], "uint8"))
    t("masked_scatter", "masked_scatter", pos([2, 3]), M, arr([10, 11, 12, 13]))
    t("masked_scatter short source", "masked_scatter", pos([2, 3]), M, arr([10, 11]))
    # take --------------------------------------------------------------------------------------
    for dt in ["int64", "float32", "float16", "bool"]:
        t(f"take {dt}", "take", pos([2, 3, 4], dt), arr([[0, 23], [-1, -24]]))
    t("take rank-0 index", "take", A, arr(5))
    t("take OOB", "take", A, arr([24]))
    t("take negative OOB", "take", A, arr([-25]))
    t("take int32 index", "take", A, arr([1], "int32"))
    t("take empty index", "take", A, arr(np.zeros((0, 3), dtype=np.int64)))
    t("take rank-0 input", "take", pos([]), arr([0, -1]))
    # take_along_dim ----------------------------------------------------------------------------
    t("take_along_dim dim=1", "take_along_dim", A, arr([[[2, 0, 1, 0]], [[0, 2, 2, 1]]]), dim=1)
    t("take_along_dim broadcast indices", "take_along_dim", A, arr([[[2], [0]]]), dim=1)
    t("take_along_dim broadcast input", "take_along_dim", pos([1, 3, 4]), arr([[[2, 1, 0, 2]], [[0, 0, 1, 1]]]), dim=1)
    t("take_along_dim dim=None", "take_along_dim", A, arr([[0, 23], [7, 5]]))
    t("take_along_dim negative", "take_along_dim", A, arr([[[-1]]]), dim=1)
    t("take_along_dim OOB", "take_along_dim", A, arr([[[3]]]), dim=1)
    t("take_along_dim dim=None negative", "take_along_dim", A, arr([-1]))
    t("take_along_dim int32", "take_along_dim", A, arr([[[0]]], "int32"), dim=1)
    t("take_along_dim ndim mismatch", "take_along_dim", A, arr([0]), dim=1)
    t("take_along_dim shapes do not broadcast", "take_along_dim", A, arr(np.zeros((3, 1, 1), dtype=np.int64)), dim=1)
    # issue 12, PyTorch classes 1-6 (each a named test in test/torch.test.ts too) ---------------
    # 1. index_add alpha: alpha cast to the dtype; <= 1-D (and every float16/bfloat16/integer/bool
    #    self) rounds alpha*source to the dtype before adding; >= 2-D float32/64 fuse the multiply-add.
    t("class1 index_add alpha bfloat16 1-D", "index_add", arr([-0.087890625], "bfloat16"), 0, arr([0]), arr([72.5], "bfloat16"), alpha=0.001)
    t("class1 index_add alpha float32 1-D", "index_add", arr([0.8843898773193359], "float32"), 0, arr([0]), arr([-0.5836004614830017], "float32"), alpha=3)
    t("class1 index_add alpha float16 1-D", "index_add", arr([0.15673828125], "float16"), 0, arr([0]), arr([-25.171875], "float16"), alpha=3)
    t("class1 index_add alpha bool 0.001", "index_add", arr([False, False], "bool"), 0, arr([0]), arr([True], "bool"), alpha=0.001)
    t("class1 index_add alpha bool 1.1", "index_add", arr([False, False], "bool"), 0, arr([1]), arr([True], "bool"), alpha=1.1)
    t("class1 index_add alpha float64 2-D fused", "index_add", arr([[-8.652131, 1.0]], "float64"), 0, arr([0]), arr([[33.229995, 2.0]], "float64"), alpha=0.1)
    t("class1 index_add alpha float64 1-D rounded", "index_add", arr([-8.652131], "float64"), 0, arr([0]), arr([33.229995], "float64"), alpha=0.1)
    t("class1 index_add alpha float32 2-D fused", "index_add", arr([[2.2578999996185303], [0.0]], "float32"), 1, arr([0]), arr([[-3.5262999534606934], [1.0]], "float32"), alpha=1.7)
    t("class1 index_add alpha int 2.5 truncates", "index_add", arr([[1, 2]]), 0, arr([0]), arr([[3, 4]]), alpha=2.5)
    # 2. scalar conversion (c10's checked conversion)
    t("class2 index_fill float16 1e10", "index_fill", arr([1.0, 2.0], "float16"), 0, arr([0]), 1e10)
    t("class2 index_fill uint8 -2.5", "index_fill", arr([1, 2], "uint8"), 0, arr([0]), -2.5)
    t("class2 index_fill uint8 -3 wraps", "index_fill", arr([1, 2], "uint8"), 0, arr([0]), -3)
    t("class2 index_fill int8 127.5", "index_fill", arr([1, 2], "int8"), 0, arr([0]), 127.5)
    t("class2 scatter float16 value 1e10", "scatter", arr([1.0, 2.0], "float16"), 0, arr([1]), 1e10)
    t("class2 index_add uint8 alpha -2.5", "index_add", arr([1, 2], "uint8"), 0, arr([0]), arr([1], "uint8"), alpha=-2.5)
    t("class2 index_fill bool 0.001 is True", "index_fill", arr([False, False], "bool"), 0, arr([1]), 0.001)
    # 3. an empty index still checks src's dtype
    t("class3 scatter_add int16 self empty index int64 src", "scatter_add", arr([1, 2, 3], "int16"), 0, arr(np.zeros((0,), dtype=np.int64)), arr(np.zeros((0,), dtype=np.int64)))
    t("class3 scatter empty int32 index", "scatter", arr([1, 2, 3], "int16"), 0, arr(np.zeros((0,), dtype=np.int32), "int32"), arr(np.zeros((0,), dtype=np.int16), "int16"))
    # 4. take_along_dim: same rank, no 0-d promotion
    t("class4 take_along_dim rank mismatch", "take_along_dim", pos([2, 3]), arr([0]), dim=1)
    t("class4 take_along_dim 0-d input dim=0", "take_along_dim", pos([]), arr(0), dim=0)
    t("class4 take_along_dim 0-d no dim", "take_along_dim", pos([]), arr(0))
    # 5. zero-size self
    t("class5 index_fill zero-size slices, OOB index", "index_fill", arr(np.zeros((0, 3)), "float32"), 1, arr([5]), 1.0)
    t("class5 index_copy zero-size slices, OOB index", "index_copy", arr(np.zeros((0, 3)), "float32"), 1, arr([5]), arr(np.zeros((0, 1)), "float32"))
    t("class5 index_put empty values, OOB index", "index_put", arr(np.zeros((1, 4, 0)), "float32"), tup(arr([1])), arr(np.zeros((1, 4, 0)), "float32"))
    t("class5 index_put index into a size-0 dim", "index_put", arr(np.zeros((0, 2)), "float32"), tup(arr([0])), arr(1.0, "float32"))
    t("class5 index_add zero-size self", "index_add", arr(np.zeros((0, 3)), "float32"), 1, arr([1]), arr(np.zeros((0, 1)), "float32"))
    t("class5 index_select empty result, negative OOB", "index_select", arr(np.zeros((4, 0)), "float32"), 0, arr([-4]))
    t("class5 index_select from a size-0 dim", "index_select", arr(np.zeros((4, 0)), "float32"), 1, arr([0]))
    # 6. index_fill value: a 0-d tensor works, a 1-d one is refused
    t("class6 index_fill 0-d tensor value", "index_fill", A, 2, arr([0]), arr(5))
    t("class6 index_fill 0-d float tensor value", "index_fill", A, 2, arr([0]), arr(2.75, "float64"))
    t("class6 index_fill 1-d tensor value", "index_fill", A, 2, arr([0]), arr([5]))


def main():
    if "--eval" in sys.argv:
        cases = json.load(sys.stdin)
        json.dump([evaluate(c) for c in cases], sys.stdout)
        return
    numpy_cases()
    if torch is not None:
        torch_cases()
    for fw, cases in CASES.items():
        if not cases:
            continue
        meta = {"numpy": np.__version__, **({"torch": torch.__version__} if torch is not None else {})}
        out = {"generator": "scripts/goldens/generate.py", "versions": meta,
               "cases": [{**c, **evaluate(c)} for c in cases]}
        path = os.path.join(HERE, f"{fw}.json")
        with open(path, "w") as f:
            json.dump(out, f, separators=(",", ":"))
            f.write("\n")
        print(f"{path}: {len(cases)} cases")


if __name__ == "__main__":
    main()
