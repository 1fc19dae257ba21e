"""NumPy peer of the gather-scatter benchmark: a long-lived process driven by JSON lines on stdin.

Each request names a case and a variant; arrays come from raw files written by bench/run.mjs.
Timing is in-process with time.perf_counter (time.process_time for per-call cases, which
ask for CPU time); one JSON line answers each request.
"""
import json
import sys
import time

import numpy as np

arrays = {}
cases = {}


def load(spec):
    a = np.fromfile(spec["file"], dtype=spec["dtype"]).reshape(spec["shape"])
    return a


def setup(req):
    name = req["case"]
    arrs = {k: load(v) for k, v in req["arrays"].items()}
    arrays[name] = arrs
    cases[name] = req
    return {"ok": True}


def variant_fn(case, variant):
    a = arrays[case["case"]]
    kind = case["kind"]
    out = a.get("_out")
    if kind == "gather_axis":
        axis = case["axis"]
        if variant == "fresh":
            return lambda: np.take(a["data"], a["indices"], axis=axis)
        if variant == "out":
            if out is None:
                a["_out"] = out = np.empty(case["result_shape"], dtype=a["data"].dtype)
            return lambda: np.take(a["data"], a["indices"], axis=axis, out=out)
    if kind == "gather_elements" and variant == "fresh":
        return lambda: np.take_along_axis(a["data"], a["indices"], axis=case["axis"])
    if kind == "gather_nd":
        idx = a["indices"]
        k = idx.shape[-1]
        cols = tuple(idx[..., j] for j in range(k))
        if variant == "fresh":
            return lambda: a["data"][cols]
        # With `out`: NumPy's fancy indexing has none, so the index tuples become flat row
        # numbers (ravel_multi_index checks bounds, as GatherND does) and take(out=) copies.
        data = a["data"]
        rows = data.reshape((-1,) + data.shape[k:])
        if out is None:
            a["_out"] = out = np.empty(case["result_shape"], dtype=data.dtype)
        flat_out = out.reshape((-1,) + data.shape[k:])
        return lambda: (
            np.take(rows, np.ravel_multi_index(cols, data.shape[:k]), axis=0, out=flat_out),
            out,
        )[1]
    if kind == "scatter_nd_add":
        rows = a["indices"][:, 0]
        if variant == "fresh":
            def f():
                r = a["data"].copy()
                np.add.at(r, rows, a["updates"])
                return r
            return f
        if variant == "out":
            if out is None:
                a["_out"] = out = np.empty_like(a["data"])
            def g():
                out[...] = a["data"]
                np.add.at(out, rows, a["updates"])
                return out
            return g
    if kind == "scatter_elements":
        axis = case["axis"]
        if variant == "fresh":
            def f():
                r = a["data"].copy()
                np.put_along_axis(r, a["indices"], a["updates"], axis=axis)
                return r
            return f
        if variant == "out":
            if out is None:
                a["_out"] = out = np.empty_like(a["data"])
            def g():
                out[...] = a["data"]
                np.put_along_axis(out, a["indices"], a["updates"], axis=axis)
                return out
            return g
    return None


def run(req):
    case = cases[req["case"]]
    fn = variant_fn(case, req["variant"])
    if fn is None:
        return {"missing": "numpy has no equivalent of this variant"}
    reps = int(req.get("reps", 1))
    # Per-call cases (B7) ask for CPU time, as ours is timed there.
    clock = time.process_time if req.get("cpu") else time.perf_counter
    t0 = clock()
    for _ in range(reps):
        r = fn()
    dt = (clock() - t0) / reps
    res = {"seconds": dt}
    if req.get("dump"):
        np.ascontiguousarray(r).tofile(req["dump"])
        res["dtype"] = str(r.dtype)
        res["shape"] = list(r.shape)
    return res


def main():
    out = sys.stdout
    out.write(json.dumps({"ready": True, "numpy": np.__version__}) + "\n")
    out.flush()
    for line in sys.stdin:
        req = json.loads(line)
        try:
            if req["cmd"] == "setup":
                res = setup(req)
            elif req["cmd"] == "run":
                res = run(req)
            elif req["cmd"] == "drop":
                arrays.pop(req["case"], None)
                cases.pop(req["case"], None)
                res = {"ok": True}
            else:
                res = {"error": "unknown cmd"}
        except Exception as e:  # reported to the harness, which marks the peer as failed
            res = {"error": f"{type(e).__name__}: {e}"}
        out.write(json.dumps(res) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
