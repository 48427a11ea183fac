#!/usr/bin/env python3
"""A second, independent checker of period certificates, written from core/CERTIFICATES.md alone.

    python3 verify/check_certificate.py FILE.json

prints `s VERIFIED` (exit 0) or `s NOT VERIFIED: reason` (exit 1); a malformed file (a field
missing, unexpected or of the wrong kind, a number out of range, an unknown game or version, a
check beyond the limits) prints one line `verify: error: ...` on stderr (exit 2).
Python 3 standard library only; it shares no code with the C++ harness.
"""
import hashlib
import json
import os
import sys

VERSION = 1
DESCRIPTIVE = {"theorem", "checked", "checker", "convention", "producer"}


class Malformed(Exception):
    pass


class Rejected(Exception):
    pass


def need(cond, why):
    if not cond:
        raise Rejected(why)


def integer(v, where, least=0, limit=1 << 40):
    if not isinstance(v, int) or isinstance(v, bool):
        raise Malformed(f"field '{where}' must be an integer, got {json.dumps(v)}")
    if not least <= v <= limit:
        raise Malformed(f"field '{where}' = {v} is outside [{least}, {limit}]")
    return v


def fields(obj, keys, where, text=DESCRIPTIVE):
    """obj must be an object with exactly these keys; the descriptive ones (`text`) strings."""
    if not isinstance(obj, dict):
        raise Malformed(f"'{where or 'the top level'}' must be an object")
    missing, extra = set(keys) - set(obj), set(obj) - set(keys)
    if missing or extra:
        raise Malformed(f"'{where or 'the top level'}': missing {sorted(missing)}, unexpected {sorted(extra)}")
    for k in text & set(keys):
        if not isinstance(obj[k], str):
            raise Malformed(f"field '{k}' must be a string")
    return obj


def array(v, where, length=None):
    if not isinstance(v, list):
        raise Malformed(f"field '{where}' must be an array")
    if length is not None and len(v) != length:
        raise Malformed(f"'{where}' has {len(v)} entries, expected {length}")
    return v


def prime_factors(n):
    out, q = [], 2
    while q * q <= n:
        if n % q == 0:
            out.append(q)
            while n % q == 0:
                n //= q
        q += 1
    return out + ([n] if n > 1 else [])


def mex(s):
    m = 0
    while m in s:
        m += 1
    return m


def least_period_and_preperiod(at, e, p, what):
    """With x(n + p) = x(n) established for n >= e (at() reads x anywhere): e and p least."""
    need(e == 0 or at(e - 1) != at(e - 1 + p), f"{what}: preperiod {e} is not the least")
    for q in prime_factors(p):
        need(any(at(n) != at(n + p // q) for n in range(e, e + p)),
             f"{what}: period {p} is not the least: {p // q} is also a period")


# ------------------------------------------------------------------------------------------
# octal games: Guy-Smith periodicity theorem
# ------------------------------------------------------------------------------------------
OCTAL_LIMIT = 1 << 26  # values re-checked (every split of every heap: O(N^2) steps)
VALUES_MAGIC = b"IGVOCTAL"


def read_octal_values_file(ref, folder):
    """The values of a binary values file (core/CERTIFICATES.md, "The binary values file"):
    path, length, SHA-256, header, side table and trailing hash checked strictly (exit 2 on any
    fault); above OCTAL_LIMIT values, exit 2 "too large to re-check in Python" once they are."""
    fields(ref, ["path", "bytes", "sha256"], "certificate.values_file", text=set())
    path = ref["path"]
    if not isinstance(path, str) or not path or path.startswith("/") or "\\" in path or "\0" in path \
            or any(part in ("", ".", "..") for part in path.split("/")):
        raise Malformed(f"'certificate.values_file.path' {json.dumps(path)} must be a relative path "
                        "inside the certificate's folder")
    size = integer(ref["bytes"], "certificate.values_file.bytes", 64, 1 << 40)
    digest = ref["sha256"]
    if not isinstance(digest, str) or len(digest) != 64 or any(ch not in "0123456789abcdef" for ch in digest):
        raise Malformed("'certificate.values_file.sha256' must be 64 lower-case hexadecimal digits")
    full = os.path.join(folder, path)
    if not os.path.isfile(full):
        raise Malformed(f"values file '{path}': no such file")
    if os.path.getsize(full) != size:
        raise Malformed(f"values file '{path}' has {os.path.getsize(full)} bytes, the certificate says {size}")
    whole, inner = hashlib.sha256(), hashlib.sha256()
    with open(full, "rb") as f:
        header = f.read(32)
        if header[:8] != VALUES_MAGIC:
            raise Malformed(f"values file '{path}' is not an octal values file (bad magic)")
        version, reserved = int.from_bytes(header[8:12], "little"), int.from_bytes(header[12:16], "little")
        count, entries = int.from_bytes(header[16:24], "little"), int.from_bytes(header[24:32], "little")
        if version != 1 or reserved != 0:
            raise Malformed(f"values file '{path}': version {version}, reserved {reserved} (expected 1, 0)")
        if count > 1 << 32 or entries > count or 64 + count + 8 * entries != size:
            raise Malformed(f"values file '{path}': the header does not match its {size} bytes")
        whole.update(header)
        inner.update(header)
        keep = count <= OCTAL_LIMIT
        values, escapes, left = bytearray(), 0, count
        while left:
            chunk = f.read(min(left, 1 << 20))
            if not chunk:
                raise Malformed(f"values file '{path}' is truncated")
            whole.update(chunk)
            inner.update(chunk)
            escapes += chunk.count(255)
            if keep:
                values += chunk
            left -= len(chunk)
        table = f.read(8 * entries)
        trailer = f.read(32)
        whole.update(table)
        inner.update(table)
        whole.update(trailer)
    if whole.hexdigest() != digest:
        raise Malformed(f"values file '{path}': SHA-256 differs from the certificate's")
    if inner.digest() != trailer:
        raise Malformed(f"values file '{path}': its trailing SHA-256 does not match")
    side = [(int.from_bytes(table[8 * j:8 * j + 4], "little"), int.from_bytes(table[8 * j + 4:8 * j + 8], "little"))
            for j in range(entries)]
    if escapes != entries or any(a[0] >= b[0] for a, b in zip(side, side[1:])) \
            or any(not 255 <= v <= 65535 or h >= count for h, v in side):
        raise Malformed(f"values file '{path}': the side table does not match the escaped heaps")
    if not keep:
        raise Malformed(f"too large to re-check in Python: {count} values, above this checker's limit of "
                        f"2^26 (every split of every heap); the file's header and SHA-256 are correct, "
                        "use `verify check-certificate`")
    g = list(values)
    for h, v in side:
        if g[h] != 255:
            raise Malformed(f"values file '{path}': side entry for heap {h}, which is not escaped")
        g[h] = v
    return g


def check_octal(doc, folder):
    top = fields(doc, ["game", "preperiod", "period", "saltus", "last_exceptional_value", "certificate"], "")
    code = top["game"][len("octal:"):]
    head, dot, tail = code.partition(".")
    if not dot or head not in ("0", "4") or not tail or any(c not in "01234567" for c in tail):
        raise Malformed(f"game '{top['game']}' is not a finite octal code")
    digits = [int(head)] + [int(c) for c in tail]
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    if code != head + "." + ("".join(map(str, digits[1:])) or "0"):
        raise Malformed(f"game '{top['game']}' is not written canonically")
    k = len(digits) - 1
    in_file = isinstance(top["certificate"], dict) and "values_file" in top["certificate"]
    c = fields(top["certificate"], ["certificate_version", "theorem", "bound",
                                    "values_file" if in_file else "values", "masks",
                                    "witness_hints", "checked", "checker"], "certificate")
    limit = 1 << 32 if in_file else 1 << 26
    e = integer(top["preperiod"], "preperiod", 0, limit)
    p = integer(top["period"], "period", 1, limit)
    integer(top["saltus"], "saltus")
    lev = top["last_exceptional_value"]
    if lev is not None:
        integer(lev, "last_exceptional_value")
    integer(c["bound"], "certificate.bound")
    if in_file:
        g = read_octal_values_file(c["values_file"], folder)
    else:
        g = [integer(v, f"certificate.values[{i}]", 0, 65535) for i, v in enumerate(array(c["values"], "certificate.values"))]
    for name in ("masks", "witness_hints"):
        pairs = array(c[name], "certificate." + name)
        for i, pair in enumerate(pairs):
            for j, x in enumerate(array(pair, f"certificate.{name}[{i}]", 2)):
                integer(x, f"certificate.{name}[{i}][{j}]", 0, 0xFFFFFFFF)
        need(all(a[0] < b[0] for a, b in zip(pairs, pairs[1:])), f"the {name} are not increasing")
    need(c["masks"] and c["masks"][0][0] == 0, "the mask schedule must start at heap 0")
    need(c["bound"] == len(g), f"certificate.bound is {c['bound']} but there are {len(g)} values")
    e1 = max(e, 1)
    need(len(g) >= 2 * e1 + 2 * p + k, f"only {len(g)} values; the Guy-Smith window needs {2 * e1 + 2 * p + k}")
    for n in range(len(g)):  # every value is the mex of its options
        options = set()
        for i in range(k + 1):
            d, rest = digits[i], n - i
            if d & 1 and rest == 0:
                options.add(0)
            if d & 2 and rest >= 1:
                options.add(g[rest])
            if d & 4:
                options.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1))
        need(g[n] == mex(options), f"G({n}) is {mex(options)}, not {g[n]}")
    for n in range(e, 2 * e1 + p + k):
        need(g[n + p] == g[n], f"G({n + p}) != G({n}) inside the window")
    least_period_and_preperiod(lambda n: g[n], e, p, "G")
    need(top["saltus"] == 0, "saltus must be 0")
    need(lev == (e - 1 if e > 0 else None), f"last_exceptional_value must be {e - 1 if e else None}")
    return f"G(0..{len(g) - 1}) recomputed; period {p} from {e} by Guy-Smith; both least", lambda n: g[n], e, p


# ------------------------------------------------------------------------------------------
# hexadecimal games: the periodicity theorem with three-way splits (ordinary periods only)
# ------------------------------------------------------------------------------------------
HEX_LIMIT = 1 << 11


def hex_values(digits, count):
    """G(0..count-1) from the rules: the mex of G(a)^G(b)^G(c) over every option."""
    g, two = [], []  # two[m]: the values G(a)^G(m-a) of the splits of m into two non-empty heaps
    for n in range(count):
        two.append({g[a] ^ g[n - a] for a in range(1, n // 2 + 1)})
        options = set()
        for i, d in enumerate(digits):
            rest = n - i
            if rest < 0:
                break
            if d & 1 and rest == 0 and i > 0:
                options.add(0)
            if d & 2 and rest >= 1 and i > 0:
                options.add(g[rest])
            if d & 4:
                options |= two[rest]
            if d & 8:  # three heaps a + (b + c): a is any part, b + c any two-way split of rest - a
                for a in range(1, rest - 1):
                    options.update(g[a] ^ x for x in two[rest - a])
        g.append(mex(options))
    return g


def check_hex(doc):
    top = fields(doc, ["game", "preperiod", "period", "saltus", "last_exceptional_value", "certificate"], "")
    code = top["game"][len("hex:"):]
    head, dot, tail = code.partition(".")
    hexdigits = "0123456789ABCDEF"
    if not dot or head not in ("0", "4", "8", "C") or not tail or any(c not in hexdigits for c in tail):
        raise Malformed(f"game '{top['game']}' is not a canonical finite hexadecimal code")
    digits = [int(head, 16)] + [int(c, 16) for c in tail]
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    if code != head + "." + ("".join(hexdigits[d] for d in digits[1:]) or "0"):
        raise Malformed(f"game '{top['game']}' is not written canonically")
    k = len(digits) - 1
    c = fields(top["certificate"], ["certificate_version", "theorem", "bound", "values", "checked", "checker"],
               "certificate")
    e = integer(top["preperiod"], "preperiod", 0, HEX_LIMIT)
    p = integer(top["period"], "period", 1, HEX_LIMIT)
    integer(top["saltus"], "saltus")
    lev = top["last_exceptional_value"]
    if lev is not None:
        integer(lev, "last_exceptional_value")
    integer(c["bound"], "certificate.bound")
    claimed = array(c["values"], "certificate.values")
    if len(claimed) > HEX_LIMIT:
        raise Malformed(f"certificate.values holds {len(claimed)} values, above the limit 2^11")
    claimed = [integer(v, f"certificate.values[{i}]", 0, 65535) for i, v in enumerate(claimed)]
    e1 = max(e, 1)
    need(len(claimed) == 3 * e1 + 3 * p + k,
         f"{len(claimed)} values; the theorem needs exactly 3*max(e,1)+3p+k = {3 * e1 + 3 * p + k}")
    need(c["bound"] == len(claimed), f"certificate.bound is {c['bound']} but there are {len(claimed)} values")
    g = hex_values(digits, len(claimed))
    for n, (mine, theirs) in enumerate(zip(g, claimed)):
        need(mine == theirs, f"G({n}) is {mine}, not {theirs}")
    for n in range(e, 3 * e1 + 2 * p + k):
        need(g[n + p] == g[n], f"G({n + p}) != G({n}) inside the window")
    least_period_and_preperiod(lambda n: g[n], e, p, "G")
    need(top["saltus"] == 0, "saltus must be 0")
    need(lev == (e - 1 if e > 0 else None), f"last_exceptional_value must be {e - 1 if e else None}")
    return f"G(0..{len(g) - 1}) recomputed; period {p} from {e} by the three-heap window; both least", lambda n: g[n], e, p


# ------------------------------------------------------------------------------------------
# hexadecimal games, arithmetic periodicity: Theorem A (saltus >= 1)
# ------------------------------------------------------------------------------------------
def check_hex_arithmetic(doc):
    """Theorem A (core/CERTIFICATES.md, "hexadecimal, arithmetic periodicity"): every value
    recomputed from the rules, hypotheses H0-H5 re-derived from them, G = G* on 0..N, e and p least."""
    top = fields(doc, ["game", "preperiod", "period", "saltus", "last_exceptional_value", "certificate"], "")
    code = top["game"][len("hex:"):] if isinstance(top["game"], str) else ""
    head, dot, tail = code.partition(".")
    hexdigits = "0123456789ABCDEF"
    if not dot or head not in ("0", "4", "8", "C") or not tail or any(c not in hexdigits for c in tail):
        raise Malformed(f"game '{top['game']}' is not a canonical finite hexadecimal code")
    digits = [int(head, 16)] + [int(c, 16) for c in tail]
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    if code != head + "." + ("".join(hexdigits[d] for d in digits[1:]) or "0"):
        raise Malformed(f"game '{top['game']}' is not written canonically")
    k = len(digits) - 1
    c = fields(top["certificate"], ["certificate_version", "theorem", "n0", "base_end", "bound", "values",
                                    "checked", "checker"], "certificate")
    e = integer(top["preperiod"], "preperiod", 0, HEX_LIMIT)
    p = integer(top["period"], "period", 1, HEX_LIMIT)
    s = integer(top["saltus"], "saltus", 1, 65535)
    lev = top["last_exceptional_value"]
    if lev is not None:
        integer(lev, "last_exceptional_value", 0, HEX_LIMIT)
    n0 = integer(c["n0"], "certificate.n0", 0, HEX_LIMIT)
    big_m = integer(c["base_end"], "certificate.base_end", 1, HEX_LIMIT)
    integer(c["bound"], "certificate.bound", 0, HEX_LIMIT)
    claimed = array(c["values"], "certificate.values")
    if len(claimed) > HEX_LIMIT:
        raise Malformed(f"certificate.values holds {len(claimed)} values, above the limit 2^11")
    claimed = [integer(v, f"certificate.values[{i}]", 0, 65535) for i, v in enumerate(claimed)]
    need(digits[0] == 0 and k >= 1, "Theorem A needs d0 = 0 and at least one move")
    need(e <= n0 and big_m >= n0 + p, "need e <= n0 and M >= n0 + p")
    need(s & (s - 1) == 0, f"H0: s = {s} is not a power of two")
    last = max(big_m, 3 * n0 + 3 * p + k - 2) + 2 * p - 1
    need(len(claimed) == last + 1, f"{len(claimed)} values; Theorem A needs exactly G(0..{last})")
    need(last + 1 <= HEX_LIMIT, "more than 2^11 values")
    need(c["bound"] == len(claimed), f"certificate.bound is {c['bound']} but there are {len(claimed)} values")
    g = hex_values(digits, last + 1)
    for n, (mine, theirs) in enumerate(zip(g, claimed)):
        need(mine == theirs, f"G({n}) is {mine}, not {theirs}")
    base = n0 + p
    need(all(g[h] < s for h in range(base)), "H1: some G(h) >= s for h < n0+p")

    def level(h):
        return (h - n0) // p if h >= n0 else 0

    def star(h):
        return g[h] if h < base else g[n0 + (h - n0) % p] + s * ((h - n0) // p)

    need(all(g[h] == star(h) for h in range(base, big_m)), "H2: G != G* below M")
    bit = lambda i, j: i < len(digits) and digits[i] >> j & 1
    for u in range(p):  # H5
        lam, reg, irr = g[n0 + u], set(), set()
        for i in range(1, k + 1):
            r = u - i
            if bit(i, 1) and r >= 0:
                reg.add(g[n0 + r])
            if bit(i, 2):
                reg |= {g[n0 + r - a] ^ g[a] for a in range(1, base) if r - a >= 0}
                irr |= {g[n0 + u1] ^ g[n0 + r - n0 - u1] for u1 in range(p) if 0 <= r - n0 - u1 < p}
            if bit(i, 3):
                reg |= {g[n0 + r - a - b] ^ g[a] ^ g[b] for a in range(1, base) for b in range(a, base)
                        if r - a - b >= 0}
                for u1 in range(p):
                    for u2 in range(p):
                        if 1 <= r - n0 - u1 - u2 < base:
                            irr.add(g[n0 + u1] ^ g[n0 + u2] ^ g[r - n0 - u1 - u2])
                        if 0 <= r - 2 * n0 - u1 - u2 < p:
                            irr.add(g[n0 + u1] ^ g[n0 + u2] ^ g[n0 + r - 2 * n0 - u1 - u2])
        need(all(v in reg for v in range(lam)) and lam not in reg and lam not in irr,
             f"H5 fails at residue {u}")

    def covered(m, low, high):
        """values (with G*) of the options of m with an anchor h in [low, high)."""
        out = set()
        for i in range(1, k + 1):
            rest = m - i
            splits = []
            if bit(i, 1) and rest >= 1:
                splits.append((rest,))
            if bit(i, 2):
                splits += [(a, rest - a) for a in range(1, rest // 2 + 1)]
            if bit(i, 3):
                splits += [(a, b, rest - a - b) for a in range(1, rest) for b in range(a, rest - a)
                           if rest - a - b >= b]
            for parts in splits:
                for q, h in enumerate(parts):
                    others = 0
                    for r2, x in enumerate(parts):
                        if r2 != q:
                            others ^= level(x)
                    if low <= h < high and others == 0:
                        v = 0
                        for x in parts:
                            v ^= star(x)
                        out.add(v)
                        break
        return out

    low = max(1, n0)
    for m in range(big_m - p, big_m):  # H3
        cov = covered(m, low, last + 1)
        need(all(v in cov for v in range(s * level(m))), f"H3 fails at m = {m}")
    for m in range(big_m, last + 1):  # H4
        cov = covered(m, low, base)
        need(all(v in cov for v in range(s)), f"H4 fails at m = {m}")
    need(all(g[h] == star(h) for h in range(last + 1)), "G != G* on the window although H0-H5 hold")
    need(all(g[n + p] == g[n] + s for n in range(e, n0)), f"G(n+p) != G(n)+s for some {e} <= n < n0")
    need(e == 0 or g[e - 1 + p] != g[e - 1] + s, f"preperiod {e} is not the least")
    for q in prime_factors(p):
        d = p // q
        need(len({g[n + d] - g[n] for n in range(n0, n0 + p)}) > 1, f"period {p} is not the least: {d} is one")
    need(lev == (e - 1 if e > 0 else None), f"last_exceptional_value must be {e - 1 if e else None}")
    at = lambda n: star(n) if n >= n0 else g[n]
    return (f"G(0..{last}) recomputed; Theorem A holds for (n0, p, s) = ({n0}, {p}, {s}), M = {big_m}; "
            f"G(n+{p}) = G(n)+{s} from {e}; both least"), at, e, p


# ------------------------------------------------------------------------------------------
# subtraction games: window lemma; powers of 2: mod-3 residue lemma
# ------------------------------------------------------------------------------------------
def subtraction_values(moves, misere, count):
    g = []
    for n in range(count):
        opts = [n - s for s in moves(n)]
        g.append(1 if misere and not opts else mex({g[m] for m in opts}))
    return g


def check_subtraction(doc):
    game = doc.get("game")
    misere = game.startswith("subtraction-misere:")
    text = game.split(":", 1)[1]
    if text == "powers-of-2":
        if misere:
            raise Malformed("no period theorem for misere play of the powers of 2")
        top = fields(doc, ["game", "preperiod", "period", "saltus", "certificate"], "")
        c = fields(top["certificate"], ["certificate_version", "theorem", "bound", "checked", "checker"], "certificate")
        for name in ("preperiod", "period", "saltus"):
            integer(top[name], name)
        integer(c["bound"], "certificate.bound")
        # The lemma's hypotheses: 1 and 2 are moves; 2^j mod 3 cycles 1, 2 and never meets 0.
        g = subtraction_values(lambda n: [1 << j for j in range(n.bit_length())], False, 3000)
        need(all(g[n] == n % 3 for n in range(3000)), "G(n) != n mod 3 below 3000")
        need(c["bound"] == 3000, "certificate.bound must be 3000")
        need((top["preperiod"], top["period"], top["saltus"]) == (0, 3, 0), "G = n mod 3: preperiod 0, period 3, saltus 0")
        return "mod-3 residue lemma: G(n) = n mod 3; preperiod 0, period 3", lambda n: g[n], 0, 3
    try:
        s = sorted({int(x) for x in text.split(",")})
    except ValueError:
        raise Malformed(f"game '{game}': expected a comma list of positive integers")
    if not s or s[0] < 1 or ",".join(map(str, s)) != text:
        raise Malformed(f"game '{game}' is not written canonically")
    top = fields(doc, ["game", "preperiod", "period", "saltus", "certificate"], "")
    c = fields(top["certificate"], ["certificate_version", "theorem", "window", "bound", "checked", "checker"], "certificate")
    l = integer(top["preperiod"], "preperiod")
    p = integer(top["period"], "period", 1)
    integer(top["saltus"], "saltus")
    integer(c["bound"], "certificate.bound")
    w = [integer(v, f"certificate.window[{i}]") for i, v in enumerate(array(c["window"], "certificate.window", s[-1] + 1))]
    count = l + p + s[-1] + 1
    if count > 1 << 25:
        raise Malformed(f"checking needs {count} values, above the limit 2^25")
    g = subtraction_values(lambda n: [x for x in s if x <= n], misere, count)
    need(g[l:l + s[-1] + 1] == w, "the window is not G(l .. l + s_k)")
    need(all(g[n] == g[n + p] for n in range(l, l + s[-1] + 1)), "G(n) != G(n + p) in the window")
    least_period_and_preperiod(lambda n: g[n] if n < count else g[l + (n - l) % p], l, p, "G")
    need(top["saltus"] == 0, "saltus must be 0")
    need(c["bound"] == count, f"certificate.bound must be l + p + s_k + 1 = {count}")
    return f"G(0..{count - 1}) recomputed; window lemma: period {p} from {l}, both least", lambda n: g[n], l, p


# ------------------------------------------------------------------------------------------
# Frolov's rows: g by Theorem 1's window, f by Theorem 3's inversion (Frolov 2012, section 4)
# ------------------------------------------------------------------------------------------
G_KEYS = ["function", "m", "base", "T", "k", "tau", "period", "preperiod", "checked_to"]
F_KEYS = ["function", "m", "inversion_bound", "period", "preperiod", "checked_to"]


def tail_checks(x, k, tau, period, preperiod, what):
    """x given on [0, k + tau) with x(n + tau) = x(n) for n >= k: period, preperiod least."""
    def at(n):
        return x[n] if n < k + tau else x[k + (n - k) % tau]
    need(tau % period == 0, f"{what}: period {period} does not divide {tau}")
    need(all(at(n) == at(n + period) for n in range(k, k + tau)), f"{what}: {period} is not a period")
    need(preperiod <= k, f"{what}: preperiod {preperiod} outside [0, k]")
    need(all(at(n) == at(n + period) for n in range(preperiod, k)), f"{what}: preperiod {preperiod} too small")
    least_period_and_preperiod(at, preperiod, period, what)


def check_frolov(doc):
    game = doc.get("game")
    family, _, row = game.partition(":")
    if not row.isdigit() or len(row) > 2:
        raise Malformed(f"game '{game}' has no row number 0..99")
    m, is_f = int(row), family == "digital-deletion"
    top = fields(doc, ["game", "preperiod", "period", "saltus", "convention", "certificate"], "")
    c = fields(top["certificate"], ["certificate_version", "theorem", "bound", "checked", "row", "chain", "checker"],
               "certificate", DESCRIPTIVE - {"checked"})
    chain = array(c["chain"], "certificate.chain", (2 if is_f else 1) * (m + 1))
    for name in ("preperiod", "period", "saltus"):
        integer(top[name], name)
    integer(c["bound"], "certificate.bound")
    if c["checked"] is not True:
        raise Malformed("field 'certificate.checked' must be true")
    for i, r in enumerate(chain):
        f_row = i > m
        fields(r, F_KEYS if f_row else G_KEYS, f"certificate.chain[{i}]")
        need(r["function"] == ("f" if f_row else "g") and r["m"] == (i - m - 1 if f_row else i),
             f"chain row {i} must be {'f' if f_row else 'g'} row {i - m - 1 if f_row else i}")
        for key in r:
            if key not in ("function", "base"):
                integer(r[key], f"certificate.chain[{i}].{key}", 1 if key in ("T", "tau", "period") else 0)
        if not f_row and not isinstance(r["base"], bool):
            raise Malformed(f"field 'certificate.chain[{i}].base' must be true or false")
    total = sum(1 if r.get("base") else r["k"] + r["tau"] + r["T"] + 1 for r in chain[:m + 1])
    total += sum(r["inversion_bound"] + chain[r["m"]]["tau"] for r in chain[m + 1:])
    if total > 1 << 28 or any(r["k"] + r["tau"] + r["T"] + 1 > 1 << 27 for r in chain[:m + 1] if not r["base"]):
        # Rows 13 and beyond: about 2 * 10^9 columns, days in pure Python.
        raise Malformed(f"too large to re-check in Python: the chain needs {total} columns, above this "
                        f"checker's limit of 2^28 (2^27 for one g row); re-check it with "
                        f"`verify check-certificate --max-columns N` (core/CERTIFICATES.md)")
    rows = []  # accepted g rows: (preperiod, period, h on [0, preperiod + period))
    for i, r in enumerate(chain[:m + 1]):
        what = f"g row {i}"
        if i == 0:
            need(r["base"] and (r["T"], r["k"], r["tau"], r["period"], r["preperiod"], r["checked_to"]) == (1, 0, 1, 1, 0, 1),
                 "g row 0 is the (G4) base case: base, T = k = tau = 1 - 0 - 1, period 1, preperiod 0, checked_to 1")
            rows.append((0, 1, [-1]))
            continue
        need(not r["base"], f"{what}: only row 0 is a base case")
        lcm, lower_pre = 1, 0
        for pre, per, _ in rows:
            lcm = lcm * per // __import__("math").gcd(lcm, per)
            lower_pre = max(lower_pre, pre)
        T, k, tau = r["T"], r["k"], r["tau"]
        need(T % lcm == 0 and T >= 2 * i, f"{what}: T = {T} must be a multiple of {lcm} and >= 2m")
        need(k >= lower_pre, f"{what}: k = {k} below a lower preperiod {lower_pre}")
        need(tau % T == 0, f"{what}: tau = {tau} is not a multiple of T")
        count = k + tau + T + 1
        lower = [(pre, per, h) for pre, per, h in rows]
        present, lowest, h = bytearray(count + i + 2), 0, []
        for n in range(count):  # (G2): g(m, n) = mex(row to the left, column above)
            column = {n + hl[n if n < pre + per else pre + (n - pre) % per] for pre, per, hl in lower}
            v = lowest
            while present[v] or v in column:
                v += 1
            h.append(v - n)
            present[v] = 1
            while present[lowest]:
                lowest += 1
        need(all(h[n + tau] == h[n] for n in range(k, k + T + 1)), f"{what}: h(m, n + tau) != h(m, n) on [k, k + T]")
        tail_checks(h, k, tau, r["period"], r["preperiod"], what)
        need(r["checked_to"] == count - 1, f"{what}: checked_to must be k + tau + T = {count - 1}")
        rows.append((r["preperiod"], r["period"], h[:r["preperiod"] + r["period"]]))
    last_values = lambda n: n + rows[m][2][n]  # noqa: E731 (g row m on [0, preperiod + period))
    for r in chain[m + 1:]:
        i, what = r["m"], f"f row {r['m']}"
        pre, t, hg = rows[i]

        def g_at(j):
            return j + hg[j if j < pre + t else pre + (j - pre) % t]
        K = r["inversion_bound"]
        need(K >= max([g_at(j) + 1 for j in range(pre)], default=0), f"{what}: K below max g(m, j) + 1, j < p")
        size = K + t
        inverse = [-1] * size
        for j in range(size + i + 1):  # f(m, g(m, j)) = j
            v = g_at(j)
            if 0 <= v < size:
                need(inverse[v] == -1, f"{what}: g takes the value {v} twice")
                inverse[v] = j
        need(-1 not in inverse, f"{what}: a value below K + t is not reached by the g row")
        tail_checks([j - x for x, j in enumerate(inverse)], K, t, r["period"], r["preperiod"], what)
        need(r["checked_to"] == size - 1, f"{what}: checked_to must be K + t - 1 = {size - 1}")
        last_values = inverse.__getitem__  # f row i on [0, K + t), which covers one period
    last = chain[-1]
    need({k: v for k, v in last.items() if k != "checked_to"} == c["row"], "certificate.row is not the chain's last row")
    need((top["preperiod"], top["period"], top["saltus"]) == (last["preperiod"], last["period"], last["period"]),
         "preperiod, period and saltus must be the last row's")
    need(c["bound"] == last["checked_to"], "certificate.bound must be the last row's checked_to")
    return (f"{'f' if is_f else 'g'} row {m}: period {last['period']} and saltus from {last['preperiod']}",
            last_values, last["preperiod"], last["period"])


BLOCK_CAP = 4096


def check(doc, folder=""):
    if not isinstance(doc, dict) or not isinstance(doc.get("game"), str):
        raise Malformed("not a certificate: no 'game'")
    doc = dict(doc)
    if "block" not in doc:
        raise Malformed("field 'block' is missing")
    block = array(doc.pop("block"), "block")
    if len(block) > BLOCK_CAP:
        raise Malformed(f"field 'block' holds more than {BLOCK_CAP} values")
    for j, v in enumerate(block):
        if not isinstance(v, int) or isinstance(v, bool):
            raise Malformed(f"field 'block[{j}]' must be an integer")
    message, at, e, p = check_family(doc, folder)
    need(len(block) == min(p, BLOCK_CAP), f"'block' holds {len(block)} values, not min(period, {BLOCK_CAP})")
    for j, v in enumerate(block):
        need(v == at(e + j), f"block[{j}] is {v}, but the value at n = {e} + {j} is {at(e + j)}")
    return message


def check_family(doc, folder=""):
    cert = doc.get("certificate")
    if not isinstance(cert, dict) or cert.get("certificate_version") != VERSION \
            or isinstance(cert.get("certificate_version"), bool):
        raise Malformed(f"'certificate.certificate_version' must be {VERSION}")
    family = doc["game"].split(":", 1)[0]
    if family == "octal":
        return check_octal(doc, folder)
    if family == "hex":
        return check_hex(doc) if doc.get("saltus") == 0 else check_hex_arithmetic(doc)
    if family in ("subtraction", "subtraction-misere"):
        return check_subtraction(doc)
    if family in ("rook-misere", "digital-deletion"):
        return check_frolov(doc)
    raise Malformed(f"no certificate format for game '{doc['game']}'")


def main(argv):
    if len(argv) != 2:
        print("verify: error: usage: check_certificate.py FILE.json", file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as f:
            doc = json.load(f)
        print("s VERIFIED\n" + check(doc, os.path.dirname(argv[1])))
        return 0
    except Rejected as e:
        print(f"s NOT VERIFIED: {e}")
        return 1
    except (Malformed, OSError, ValueError, KeyError, TypeError, IndexError) as e:
        print(f"verify: error: {argv[1]}: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
