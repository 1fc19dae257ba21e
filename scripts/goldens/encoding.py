"""The golden scripts' JSON encoding of one value: non-finite floats and -0 as strings (a NaN with
its stored bits, "NaN:<hex>", where the caller has them), integers beyond 2^53 as decimal strings
(JSON numbers are doubles). Shared by generate.py and take-out.py."""
import math


def enc_value(v, dtype, bits=None):
    """`bits`: a float element's stored pattern; a NaN travels as "NaN:<hex>" when it is given."""
    if dtype == "bool":
        return bool(v)
    if dtype.startswith("float") or dtype == "bfloat16":
        f = float(v)
        if math.isnan(f):
            return "NaN" if bits is None else "NaN:%x" % bits
        if math.isinf(f):
            return "Infinity" if f > 0 else "-Infinity"
        if f == 0 and math.copysign(1.0, f) < 0:
            return "-0"
        return f
    i = int(v)
    return i if abs(i) <= 2**53 else str(i)


def nan_bits(v):
    """The stored pattern of an encoded NaN ("NaN:<hex>"), else None."""
    return int(v[4:], 16) if isinstance(v, str) and v.startswith("NaN:") else None


def dec_value(v):
    if isinstance(v, str):
        if nan_bits(v) is not None:
            return float("nan")
        if v in ("NaN", "Infinity", "-Infinity", "-0"):
            return float(v.replace("Infinity", "inf"))
        return int(v)
    return v
