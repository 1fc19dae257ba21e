#!/usr/bin/python3
"""numpy.take(a, indices, out=o) with o of another dtype than a, measured on the real NumPy 1.24.

    /usr/bin/python3 scripts/goldens/take-out.py            # writes take-out.json here (the record)
    /usr/bin/python3 scripts/goldens/take-out.py --eval     # JSON cases on stdin -> results on stdout

NumPy's PyArray_TakeFrom (numpy/core/src/multiarray/item_selection.c) makes `out` a temporary of
a's dtype with PyArray_FromArray(out, a.dtype, CARRAY | WRITEBACKIFCOPY [| ENSURECOPY]): out's
dtype must cast to a's under the 'safe' rule (else TypeError), and the result is written back
into `out` with an unsafe cast. The record holds
- `safe`: for each a dtype, the out dtypes np.take accepts (and whether that is can_cast(out, a));
- `values`: for each accepted pair, EDGE values of a taken into out, the contiguous result and
  the result into a strided `out`, and whether C defines the cast of each value (an integral
  part the integer type holds; NaN, ±inf and out-of-range values into an integer type are
  undefined behaviour in C, C11 6.3.1.4, and NumPy's answer depends on the platform and even on
  out's memory layout);
- `order`: which error a call breaking the out rule with another one raises.

Case encoding (--eval): {"a": T, "indices": T, "kwargs": {"axis", "mode"}, "out": {"dtype", "shape"}}
("out": T for an out holding values: a 0-d out is cast by its value) where T = {"dtype", "shape", "data"}; data flat row-major, a complex element as [re, im], floats
as numbers or "NaN" / "Infinity" / "-Infinity" / "-0", 64-bit integers beyond 2^53 as strings.
The result: {"result": T} (out after the call) or {"error": {"type", "message"}}.
"""
import json
import math
import os
import platform
import sys
import warnings

import numpy as np

from encoding import enc_value

warnings.filterwarnings("ignore")
HERE = os.path.dirname(os.path.abspath(__file__))

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "float32", "float64", "complex64", "complex128"]
EDGE = [float("nan"), float("inf"), -float("inf"), -0.0, 0.5, -0.5, 1.9, -1.9, 127.5, 128.0, 255.9,
        256.0, 300.7, -129.0, 32767.9, 32768.0, 65535.9, 65536.0, 70000.0, -70000.0, 2.0**31 - 1,
        2.0**31, -2.0**31, -2.0**31 - 1, 2.0**32, 2.0**32 + 5, 2.0**53, 2.0**63, -2.0**63, 2.0**64,
        1e19, 1e300, 5e-324, 1e-8, 65519.99, 65520.0, 3.4028235677973366e38, 1 + 2.0**-24]
INT_EDGE = [0, 1, -1, 127, 128, 255, 256, 300, -129, 32767, 32768, 65535, 65536, 70000, -70000,
            2**31 - 1, 2**31, -2**31 - 1, 2**32 + 5, 2**40 + 7, 2**63 - 1, -2**63]


def enc(a):
    a = np.asarray(a)
    flat = a.reshape(-1).tolist()
    if a.dtype.kind == "c":
        data = [[enc_value(z.real, "float64"), enc_value(z.imag, "float64")] for z in flat]
    else:
        data = [enc_value(v, a.dtype.name) for v in flat]
    return {"dtype": a.dtype.name, "shape": list(a.shape), "data": data}


def dec_scalar(v):
    if isinstance(v, str):
        return float(v.replace("Infinity", "inf")) if v in ("NaN", "Infinity", "-Infinity", "-0") else int(v)
    return v


def dec(t):
    dt = np.dtype(t["dtype"])
    if dt.kind == "c":
        data = [complex(dec_scalar(re), dec_scalar(im)) for re, im in t["data"]]
    else:
        data = [dec_scalar(v) for v in t["data"]]
    if dt.kind in "iu":  # exact 64-bit values, wrapped as C would store them
        return np.array([int(v) for v in data], dtype=object).astype(dt).reshape(t["shape"])
    return np.array(data, dtype=dt).reshape(t["shape"])


def evaluate(c):
    a = dec(c["a"])
    indices = dec(c["indices"])
    out = dec(c["out"]) if "data" in c["out"] else np.zeros(c["out"]["shape"], dtype=c["out"]["dtype"])
    try:
        np.take(a, indices, out=out, **c.get("kwargs", {}))
        return {"result": enc(out)}
    except Exception as e:  # noqa: BLE001 - the exception is the record
        return {"error": {"type": type(e).__name__, "message": str(e).split("\n")[0]}}


def defined_in_c(x, to):
    """Whether C defines converting the real value x (a's element, real part) to dtype `to`."""
    if np.dtype(to).kind not in "iu":
        return True
    if isinstance(x, (int, np.integer)):
        return True  # integer -> integer: implementation-defined, modulo 2^N (gcc, clang, MSVC)
    if not math.isfinite(x):
        return False
    info = np.iinfo(to)
    return info.min <= math.trunc(x) <= info.max


def edge_values(dtype):
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return np.array([False, True])
    if dt.kind in "iu":
        info = np.iinfo(dt)
        return np.array([v for v in INT_EDGE if info.min <= v <= info.max], dtype=dt)
    if dt.kind == "c":
        parts = np.array(EDGE, dtype=dt.type(0).real.dtype)
        return parts + 1j * parts[::-1]
    return np.array(EDGE, dtype=dt)


def record():
    safe = {}
    values = {}
    for ad in DTYPES:
        accepted = []
        for od in DTYPES:
            try:
                np.take(np.zeros(3, ad), [0, 1], out=np.zeros(2, od))
                accepted.append(od)
            except TypeError:
                pass
        safe[ad] = {"accepted": accepted,
                    "equals_can_cast_safe": accepted == [od for od in DTYPES if np.can_cast(od, ad, "safe")]}
        a = edge_values(ad)
        for od in accepted:
            if od == ad:
                continue
            contiguous = np.zeros(a.size, od)
            np.take(a, np.arange(a.size), out=contiguous)
            strided = np.zeros((a.size, 2), od)[:, 0]
            np.take(a, np.arange(a.size), out=strided)
            src = [z.real if np.iscomplexobj(a) else z for z in a.tolist()]
            values[f"{ad}->{od}"] = {
                "a": enc(a)["data"],
                "contiguous": enc(contiguous)["data"],
                "strided": enc(strided)["data"],
                "defined_in_c": [defined_in_c(x, od) for x in src],
            }
    a = np.array([1.5, -2.5, 300.7, np.nan])
    bad = np.zeros(2, np.complex128)
    order = {}
    for name, f in {
        "out shape + unsafe dtype": lambda: np.take(a, [0, 1], out=np.zeros(3, np.complex128)),
        "unsafe dtype + out of bounds": lambda: np.take(a, [0, 9], out=bad),
        "unsafe dtype + float indices": lambda: np.take(a, np.array([0.0, 1.0]), out=bad),
        "unsafe dtype + axis": lambda: np.take(a, [0, 1], axis=3, out=bad),
        "unsafe dtype + mode": lambda: np.take(a, [0, 1], mode="bogus", out=bad),
        "unsafe dtype + empty axis": lambda: np.take(np.zeros(0), [0], out=np.zeros(1, np.complex64)),
        "safe dtype + empty axis": lambda: np.take(np.zeros(0), [0], out=np.zeros(1, np.int8)),
        "unsafe dtype, empty result": lambda: np.take(a, [], out=np.zeros(0, np.complex128)),
    }.items():
        try:
            f()
            order[name] = "ok"
        except Exception as e:  # noqa: BLE001
            order[name] = f"{type(e).__name__}: {e}"
    return {"numpy": np.__version__, "machine": platform.machine(), "safe": safe, "values": values, "order": order}


def main():
    if "--eval" in sys.argv:
        cases = json.load(sys.stdin)
        json.dump([evaluate(c) for c in cases], sys.stdout)
        return
    path = os.path.join(HERE, "take-out.json")
    r = record()
    # One line per dtype and per pair: a diff shows which cast changed.
    lines = [f'{json.dumps(k)}: {json.dumps(v)}' for k, v in r.items() if k not in ("safe", "values")]
    for key in ("safe", "values"):
        body = ",\n  ".join(f'{json.dumps(k)}: {json.dumps(v)}' for k, v in r[key].items())
        lines.append(f'{json.dumps(key)}: {{\n  {body}\n }}')
    with open(path, "w") as f:
        f.write("{\n " + ",\n ".join(lines) + "\n}\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
