#!/usr/bin/env python3
"""A second, independent checker of period certificates, written from core/CERTIFICATES.md alone.

    python3 verify/check_certificate.py FILE.json
    python3 verify/check_certificate.py --report DIR [--quiet] [--time-limit SECONDS]

prints `s VERIFIED` (exit 0) or `s NOT VERIFIED: reason` (exit 1); a malformed file (not read
one way only: a key given twice, a byte order mark, a NUL byte, invalid UTF-8 or a lone
surrogate, nesting beyond 128 levels, a number with a fraction or beyond 64 bits; a field
missing, unexpected or of the wrong kind, a number out of range, an unknown game or version, a
check beyond the limits) prints one line `verify: error: ...` on stderr (exit 2).
With --report, every `proved` claim of DIR/report.json is re-checked from the folder alone: its
certificate file (the report names it and its SHA-256), then the rule from the certificate to the
claim (core/CERTIFICATES.md, "From a certificate to a claim"); one line per claim, exit 0 when
every one is accepted, 1 naming each that is not, 3 at the time limit (600 s by default).
Python 3 standard library only; it shares no code with the C++ harness. Every check is linear in
what it re-derives (octal values by the rare/common argument with the certificate's masks and
witness depths, Frolov rows until their state repeats): `.16` and `.56` in about 5 s.
"""
import array as array_module
import hashlib
import json
import math
import os
import re
import stat
import sys
from bisect import bisect_left
from itertools import chain, cycle
from operator import add, itemgetter, sub

VERSION = 1
DESCRIPTIVE = {"theorem", "checked", "checker", "convention", "producer"}


class Malformed(Exception):
    pass


class Rejected(Exception):
    pass


def need(cond, why):
    if not cond:
        raise Rejected(why)


def shown(v):
    return repr(v) if isinstance(v, Number) else json.dumps(v)[:60]


def integer(v, where, least=0, limit=1 << 40):
    if not isinstance(v, int) or isinstance(v, bool):
        raise Malformed(f"field '{where}' must be an integer, got {shown(v)}")
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


def least_period_and_preperiod(seq, e, p, what):
    """With x(n + p) = x(n) established for n >= e (seq(lo, hi) is the list x[lo:hi], anywhere):
    e and p least. Slices compared in C: linear in p."""
    need(e == 0 or seq(e - 1, e) != seq(e - 1 + p, e + p), f"{what}: preperiod {e} is not the least")
    primes = prime_factors(p)
    if primes:
        window = seq(e, e + 2 * p)
        for q in primes:
            need(window[:p] != window[p // q:p // q + p], f"{what}: period {p} is not the least: {p // q} is also a period")


def periodic(x, k, tau):
    """seq(lo, hi) of x given on [0, k + tau) with x(n + tau) = x(n) for n >= k."""
    def seq(lo, hi):
        end = k + tau
        if hi <= end:
            return x[lo:hi]
        head = x[lo:end] if lo < end else x[:0]
        start = max(lo, end)
        off = (start - k) % tau
        block = x[k:end]
        reps = (hi - start + off) // tau + 1
        return head + (block * reps)[off:off + hi - start]
    return seq


def same(a, b):
    """JSON equality with kinds: true is not 1, 1 is not 1.0."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[key], b[key]) for key in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


# ------------------------------------------------------------------------------------------
# octal games: Guy-Smith periodicity theorem
# ------------------------------------------------------------------------------------------
OCTAL_LIMIT = 1 << 26  # values re-checked (about 10 microseconds a heap: minutes at the limit)
VALUES_MAGIC = b"IGVOCTAL"


def read_octal_values_file(ref, folder):
    """The values of a binary values file (core/CERTIFICATES.md, "The binary values file"):
    path, length, SHA-256, header, side table and trailing hash checked strictly (exit 2 on any
    fault); above OCTAL_LIMIT values, exit 2 "too large to re-check in Python" once they are."""
    fields(ref, ["path", "bytes", "sha256"], "certificate.values_file", text=set())
    path = ref["path"]
    if not isinstance(path, str) or not path or path.startswith("/") or "\\" in path or "\0" in path \
            or any(part in ("", ".", "..") for part in path.split("/")):
        raise Malformed(f"'certificate.values_file.path' {shown(path)} must be a relative path "
                        "inside the certificate's folder")
    size = integer(ref["bytes"], "certificate.values_file.bytes", 64, 1 << 40)
    digest = ref["sha256"]
    if not isinstance(digest, str) or len(digest) != 64 or any(ch not in "0123456789abcdef" for ch in digest):
        raise Malformed("'certificate.values_file.sha256' must be 64 lower-case hexadecimal digits")
    full = os.path.join(folder, path)
    if not os.path.isfile(full):
        raise Malformed(f"values file '{path}': no such file")
    inside = os.path.realpath(folder or ".")
    if not os.path.realpath(full).startswith(inside.rstrip("/") + "/"):
        raise Malformed(f"values file '{path}' leads out of the certificate's folder (through a symbolic link)")
    if os.path.getsize(full) != size:
        raise Malformed(f"values file '{path}' has {os.path.getsize(full)} bytes, the certificate says {size}")
    # Both hashes first, one chunk held at a time (issue 37): a file that is not the certificate's
    # (a sparse file of 12 KB announcing 10^9 values) is refused before anything of its size is
    # held; then the escape bytes are counted before the side table is read.
    whole, inner = hashlib.sha256(), hashlib.sha256()
    with open(full, "rb") as f:
        left = size - 32
        while left > 0:
            chunk = f.read(min(left, 1 << 20))
            if not chunk:
                raise Malformed(f"values file '{path}' is truncated")
            whole.update(chunk)
            inner.update(chunk)
            left -= len(chunk)
        trailer = f.read(32)
        whole.update(trailer)
    if whole.hexdigest() != digest:
        raise Malformed(f"values file '{path}': SHA-256 differs from the certificate's")
    if inner.digest() != trailer:
        raise Malformed(f"values file '{path}': its trailing SHA-256 does not match")
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
        keep = count <= OCTAL_LIMIT
        values, escapes, left = bytearray(), 0, count
        while left:
            chunk = f.read(min(left, 1 << 20))
            if not chunk:
                raise Malformed(f"values file '{path}' is truncated")
            escapes += chunk.count(255)
            if keep:
                values += chunk
            left -= len(chunk)
        if escapes != entries:
            raise Malformed(f"values file '{path}': the side table does not match the escaped heaps")
        side, previous, left = [], -1, entries
        while left:
            table = f.read(8 * min(left, 1 << 17))
            if len(table) % 8 or not table:
                raise Malformed(f"values file '{path}' is truncated")
            for j in range(len(table) // 8):
                h = int.from_bytes(table[8 * j:8 * j + 4], "little")
                v = int.from_bytes(table[8 * j + 4:8 * j + 8], "little")
                if h <= previous or not 255 <= v <= 65535 or h >= count:
                    raise Malformed(f"values file '{path}': the side table does not match the escaped heaps")
                previous = h
                if keep:
                    side.append((h, v))
            left -= len(table) // 8
        if f.read(32) != trailer:
            raise Malformed(f"values file '{path}' changed while it was read")
    if not keep:
        raise Malformed(f"too large to re-check in Python: {count} values, above this checker's limit of "
                        f"2^26 (about 10 microseconds a heap in Python); the file's header and SHA-256 are correct, "
                        "use `verify check-certificate`")
    g = list(values)
    for h, v in side:
        if g[h] != 255:
            raise Malformed(f"values file '{path}': side entry for heap {h}, which is not escaped")
        g[h] = v
    return g


DEFAULT_WITNESS_DEPTH = 4096
HEAP_PARITY_BIT = 1 << 16
FIRST_SPLITS = 64
BYTE_RANGES = [bytes(range(v)) for v in range(257)]


def octal_values_are_mex(values, digits, masks, hints):
    """Every G(n) is the mex of the values of its options, heap by heap (core/CERTIFICATES.md,
    octal): a value that needs no rare part under the mask in force is compared with every split;
    any other with the splits that have a rare part (which hold every value that needs one), and
    each smaller value missing from those needs no rare part and has a witness among the splits
    whose smaller part is at most max(4096, the heap's hint). Linear in the heaps for a game whose
    rare heaps are few: the splits are gathered and XORed as byte strings, their values looked up
    in C."""
    k = len(digits) - 1
    leaves_none = [i for i in range(1, k + 1) if digits[i] & 1]
    leaves_one = [i for i in range(1, k + 1) if digits[i] & 2]
    two = [i for i in range(k + 1) if digits[i] & 4]
    parity_allowed = bool(two) and all(i % 2 == two[0] % 2 for i in two)
    split_parity = two[0] % 2 if two else 0
    top, size = max(values, default=0), len(values)
    width = 1 if top < 256 else 2
    if width == 1:
        g = bytes(values)

        def raw(seq):
            return bytes(seq)

        def box(b):
            return b
    else:
        g = array_module.array("H", values)

        def raw(seq):
            return array_module.array("H", seq).tobytes()

        def box(b):
            return array_module.array("H", b)
    reverse = memoryview(g[::-1])  # reverse[size - 1 - x] = G(x)

    def split_values(rest, depth):
        """G(a) ^ G(rest - a) for a = 1 .. min(rest // 2, depth)."""
        h = min(rest // 2, depth)
        if h < 1:
            return b""
        x = int.from_bytes(raw(g[1:h + 1]), "little") ^ int.from_bytes(raw(g[rest - h:rest][::-1]), "little")
        return box(x.to_bytes(width * h, "little"))

    rare, rare_values = [], []  # the rare heaps under the mask in force (increasing), their values
    fast = None  # the same for the common case: (count, gatherer, the values XORed, bytes)
    built = None  # (count, gatherer of G(rest - r) for the first count rare heaps r, their values XORed)
    left = int.from_bytes(raw(g[1:FIRST_SPLITS + 1] * len(two)), "little")  # G(a), a = 1 .. 64, per removal
    hint_at = dict((h, d) for h, d in hints)
    schedule = dict((h, m) for h, m in masks)
    odd = even = [0] * (top + 1)
    heap_parity = False
    largest = 0
    for n, target in enumerate(values):
        if n in schedule:  # a new mask: which values are odd under it, and the rare heaps so far
            mask = schedule[n] & (HEAP_PARITY_BIT - 1)
            heap_parity = parity_allowed and bool(schedule[n] & HEAP_PARITY_BIT)
            odd = [bin(v & mask).count("1") & 1 for v in range(top + 1)]
            even = [1 - x for x in odd]
            rare = [r for r in range(1, n) if (odd[values[r]] + (((r - split_parity) & 1) if heap_parity else 0)) % 2 == 0]
            rare_values = [values[r] for r in rare]
            built = fast = None
        # needs[v]: an option value v of heap n needs a rare part (popcount(v & M), plus the heap's
        # parity when it counts, odd)
        needs = even if heap_parity and (n - split_parity) & 1 else odd
        bound = 1 if largest == 0 else 1 << largest.bit_length()  # every option value is below it
        need(target <= bound, f"heap {n} (claimed value {target}): above every possible option value, so not a mex")
        seen = set()
        for i in leaves_none:
            if n == i:
                seen.add(0)
        for i in leaves_one:
            if n > i:
                seen.add(values[n - i])
        need(target not in seen, f"heap {n} (claimed value {target}): an option has that value")
        if not needs[target]:  # every split
            every = [split_values(n - i, n) for i in two]
            need(not any(target in x for x in every), f"heap {n} (claimed value {target}): an option has that value")
            missing = set(range(target)).difference(seen, *every)
            need(not missing, f"heap {n} (claimed value {target}): no option has the smaller value {min(missing or [0])}")
        else:
            # The splits with a rare part hold every value that needs one: G(r) ^ G(rest - r) for
            # the rare heaps r < rest, gathered for every removal at once.
            rests = [n - i for i in two]
            count = bisect_left(rare, rests[-1]) if rests else 0
            if width == 1 and rests and rests[-1] >= 2 * FIRST_SPLITS and count == bisect_left(rare, rests[0]):
                # The common case in one pass: the rare splits and the splits with a <= 64 side by
                # side in one byte string, G(r) or G(a) XOR G(rest - r) or G(rest - a).
                if fast is None or fast[0] != count:
                    at = [r + i - two[0] for i in two for r in rare[:count]]
                    pick = itemgetter(*at) if len(at) > 1 else (lambda w, at=at: tuple(w[x] for x in at))
                    mine = bytes(rare_values[:count] * len(two)) + g[1:FIRST_SPLITS + 1] * len(two)
                    fast = (count, pick, int.from_bytes(mine, "little"), len(mine))
                partners = bytes(fast[1](reverse[size - 1 - n + two[0]:])) + b"".join(
                    reverse[size - rest:size - rest + FIRST_SPLITS] for rest in rests)
                found = (int.from_bytes(partners, "little") ^ fast[2]).to_bytes(fast[3], "little")
                need(target not in found, f"heap {n} (claimed value {target}): an option has that value")
                missing = BYTE_RANGES[target].translate(None, found + bytes(seen))
                if missing:
                    depth = max(DEFAULT_WITNESS_DEPTH, hint_at.get(n, 0))
                    near = [split_values(rest, min(depth, 8 * FIRST_SPLITS)) for rest in rests]
                    deep = None
                    for v in missing:
                        need(not needs[v], f"heap {n} (claimed value {target}): no option has the smaller value {v}")
                        if any(v in x for x in near):
                            continue
                        if deep is None:
                            deep = [split_values(rest, depth) for rest in rests]
                        need(any(v in x for x in deep), f"heap {n} (claimed value {target}): no option with the "
                             f"smaller value {v} among the certificate's witnesses (split depth {depth})")
                largest = max(largest, target)  # (a value that needs a rare part: heap n is not rare)
                continue
            if built is None or built[0] != count:
                gather = itemgetter(*rare[:count]) if count > 1 else (lambda w, r=rare[:count]: tuple(w[x] for x in r))
                built = (count, gather, int.from_bytes(raw(rare_values[:count] * len(rests)), "little"))
            them = ()
            for rest in rests:
                them += built[1](reverse[size - 1 - rest:])
            found = box((int.from_bytes(raw(them), "little") ^ built[2]).to_bytes(width * len(them), "little"))
            extra = {values[r] ^ values[rest - r] for rest in rests for r in rare[count:bisect_left(rare, rest)]}
            need(target not in found and target not in extra,
                 f"heap {n} (claimed value {target}): an option has that value")
            missing = set(range(target)).difference(seen, found, extra)
            if missing:
                depth = max(DEFAULT_WITNESS_DEPTH, hint_at.get(n, 0))
                if rests and rests[-1] >= 2 * FIRST_SPLITS and depth >= FIRST_SPLITS:  # G(a) ^ G(rest - a), a <= 64
                    right = b"".join(raw(reverse[size - rest:size - rest + FIRST_SPLITS]) for rest in rests)
                    first = [box((left ^ int.from_bytes(right, "little")).to_bytes(len(right), "little"))]
                else:
                    first = [split_values(rest, min(depth, FIRST_SPLITS)) for rest in rests]
                deep = None
                for v in sorted(missing):
                    need(not needs[v], f"heap {n} (claimed value {target}): no option has the smaller value {v}")
                    if any(v in x for x in first):
                        continue
                    if deep is None:
                        deep = [split_values(rest, depth) for rest in rests]
                    need(any(v in x for x in deep), f"heap {n} (claimed value {target}): no option with the smaller "
                         f"value {v} among the certificate's witnesses (split depth {depth})")
        largest = max(largest, target)
        if n >= 1 and not needs[target]:
            rare.append(n)
            rare_values.append(target)


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
    # What the claimed values imply first (slices, fast), then that they are the values (slower).
    window_end = 2 * e1 + p + k
    need(g[e:window_end] == g[e + p:window_end + p], "G(n + p) != G(n) inside the window")
    least_period_and_preperiod(lambda lo, hi: g[lo:hi], e, p, "G")
    need(top["saltus"] == 0, "saltus must be 0")
    need(lev == (e - 1 if e > 0 else None), f"last_exceptional_value must be {e - 1 if e else None}")
    octal_values_are_mex(g, digits, c["masks"], c["witness_hints"])
    return (f"G(0..{len(g) - 1}) verified, each the mex of its options (rare/common argument); period {p} from {e} "
            "by Guy-Smith; both least", lambda n: g[n], e, p)


# ------------------------------------------------------------------------------------------
# hexadecimal games: the periodicity theorem with three-way splits (ordinary periods only)
# ------------------------------------------------------------------------------------------
HEX_LIMIT = 1 << 11


def hex_values(digits, claimed):
    """G(0..) from the rules, the mex of G(a)^G(b)^G(c) over every option, each compared with the
    claimed value as soon as it is known (the first wrong one rejects)."""
    g, two, three = [], [], []  # two[m], three[m]: the values of the splits of m into 2, 3 heaps
    for n, theirs in enumerate(claimed):
        two.append({g[a] ^ g[n - a] for a in range(1, n // 2 + 1)})
        # Three heaps a + (b + c): a any part, b + c a two-way split of n - a; the parts a of
        # one value c are gathered first (set unions in C), then XORed with c once.
        by_value = {}
        for a in range(1, n - 1):
            by_value.setdefault(g[a], []).append(two[n - a])
        three.append(set().union(*(set().union(*s) if c == 0 else {c ^ x for x in set().union(*s)}
                                   for c, s in by_value.items())))
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
            if d & 8:
                options |= three[rest]
        g.append(mex(options))
        need(g[n] == theirs, f"G({n}) is {g[n]}, not {theirs}")
    return g


def hex_header(doc):
    """The top fields of a hexadecimal certificate and the digits of its game's code (canonical,
    finite: the last digit nonzero), or Malformed."""
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
    return top, digits


def check_hex(doc):
    top, digits = hex_header(doc)
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
    g = hex_values(digits, claimed)
    window_end = 3 * e1 + 2 * p + k
    need(g[e:window_end] == g[e + p:window_end + p], "G(n + p) != G(n) inside the window")
    least_period_and_preperiod(lambda lo, hi: g[lo:hi], e, p, "G")
    need(top["saltus"] == 0, "saltus must be 0")
    need(lev == (e - 1 if e > 0 else None), f"last_exceptional_value must be {e - 1 if e else None}")
    return f"G(0..{len(g) - 1}) recomputed; period {p} from {e} by the three-heap window; both least", lambda n: g[n], e, p


# ------------------------------------------------------------------------------------------
# hexadecimal games, arithmetic periodicity: Theorem A (saltus >= 1)
# ------------------------------------------------------------------------------------------
def check_hex_arithmetic(doc):
    """Theorem A (core/CERTIFICATES.md, "hexadecimal, arithmetic periodicity"): every value
    recomputed from the rules, hypotheses H0-H5 re-derived from them, G = G* on 0..N, e and p least."""
    top, digits = hex_header(doc)
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
    g = hex_values(digits, claimed)  # each value compared as soon as it is known
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


def finite_subtraction_values(s, misere, count):
    """G(0..count-1) of SUB(S), S finite and increasing. From n >= s_k every move is open, so G(n)
    depends only on the s_k values before it: once those s_k values repeat (at L and L + d, both
    >= s_k; Brent's cycle search compares them at doubling distances), G(n + d) = G(n) for every
    n >= L - s_k and the rest is that block repeated (the C++ checker computes every value; both
    give the same list)."""
    sk, top = s[-1], len(s) + 1  # a mex of at most |S| values is at most |S|; misere adds 1
    g = bytearray() if top < 256 else array_module.array("H") if top < 65536 else []
    for n in range(min(count, sk)):
        opts = [n - x for x in s if x <= n]
        g.append(1 if misere and not opts else mex({g[y] for y in opts}))
    saved, saved_at, power = None, 0, 1
    for n in range(len(g), count):
        taken = set(map(g.__getitem__, map(n.__sub__, s)))
        v = 0
        while v in taken:
            v += 1
        g.append(v)
        size = n + 1
        if size < 2 * sk or sk > 4096:  # (a state longer than 4096 values: every value computed)
            continue
        state = g[size - sk:size]
        if state == saved:
            d = size - saved_at
            block = g[size - d:size]
            g += block * ((count - size) // d + 1)
            del g[count:]
            break
        if saved is None or size - saved_at >= power:
            saved, saved_at, power = state, size, 2 * power
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
    g = finite_subtraction_values(s, misere, count)
    need(list(g[l:l + s[-1] + 1]) == w, "the window is not G(l .. l + s_k)")
    need(all(g[n] == g[n + p] for n in range(l, l + s[-1] + 1)), "G(n) != G(n + p) in the window")
    least_period_and_preperiod(periodic(g, l, p), l, p, "G")
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
    need(tau % period == 0, f"{what}: period {period} does not divide {tau}")
    block = x[k:k + tau]
    need(block[period:] + block[:period] == block, f"{what}: {period} is not a period")
    need(preperiod <= k, f"{what}: preperiod {preperiod} outside [0, k]")
    need(x[preperiod:k] == x[preperiod + period:k + period], f"{what}: preperiod {preperiod} too small")
    least_period_and_preperiod(periodic(x, k, tau), preperiod, period, what)


def g_row(lower, count, m, lcm, start):
    """h(m, n) = g(m, n) - n on [0, count) by (G2): g(m, n) = mex(row to the left, column above),
    from the accepted lower rows (preperiod, period, h on [0, preperiod + period)).

    From column `start` (every lower row's preperiod) the column above repeats with period
    `lcm`. Column n's value depends only on the column above and on the values the row has taken
    from the lowest one it has not, relative to n: when two columns n1 < n2 of the same phase
    (n2 - n1 a multiple of lcm) see the same such values, the row computes the same from both, so
    h(n + n2 - n1) = h(n) for every n >= n1 and the rest of the row is copied. The check is the
    same as computing every column (and much faster when the file claims a long window)."""
    columns = zip(*(chain(hl[:pre], cycle(hl[pre:pre + per])) for pre, per, hl in lower))
    present, lowest, h = bytearray(count + m + 2), 0, array_module.array("h")
    append = h.append
    states, sample, largest, measured = {}, start, 0, 0
    for n, above in zip(range(count), columns):  # above: the lower rows' h at column n
        if n == sample:
            if n > measured:
                largest = max(largest, max(h[measured:n]))
                measured = n
            state = (lowest - n, bytes(present[lowest:n + largest + 1]).rstrip(b"\0"))
            if state in states:
                shift = n - states[state]
                left = count - n
                h.extend((h[n - shift:n] * (left // shift + 1))[:left])
                return h
            states[state] = n
            sample = n + lcm if len(states) < 1 << 20 else count
        d = lowest - n
        while present[n + d] or d in above:
            d += 1
        append(d)
        present[n + d] = 1
        if n + d == lowest:
            lowest = present.find(0, lowest)
    return h


def invert_row(h, size, what):
    """f - v on [0, size) for the row g(j) = j + h[j] (h given on the columns j that can reach a
    value below size): f(g(j)) = j, every value below size taken exactly once. In C: h as bytes
    (h mod 256, |h| < 128), and for each offset e the columns with h = e as a 0/1 byte string,
    moved by e onto their values; summed, every value must be counted once."""
    need(len(h) == 0 or -128 <= min(h) and max(h) < 128, f"{what}: the g row leaves the range of the inversion")
    low = array_module.array("h", h).tobytes()[::2]  # h mod 256, one byte a column (little-endian)
    counts = values = 0
    for e in set(low):
        offset = e - 256 if e >= 128 else e
        hits = low.translate(bytes(1 if x == e else 0 for x in range(256)))
        moved = bytes(offset) + hits[:max(0, size - offset)] if offset >= 0 else hits[-offset:size - offset]
        moved = int.from_bytes(moved[:size], "little")
        counts += moved
        values += moved * (-offset % 256)  # f - v = j - g(j) = -e at v = g(j)
    need(counts == int.from_bytes(b"\1" * size, "little"), f"{what}: the g row does not take every value below K + t exactly once")
    return array_module.array("b", values.to_bytes(size, "little"))


def check_frolov(doc):
    game = doc.get("game")
    family, _, row = game.partition(":")
    if not re.fullmatch(r"0|[1-9][0-9]?", row, re.ASCII):  # canonical: no sign, no leading zero, ASCII
        raise Malformed(f"game '{game}' has no row number 0..99 written canonically")
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
    if total > 1 << 28 or any(r["k"] + r["tau"] + r["T"] + 1 > 1 << 27 for r in chain[:m + 1] if not r["base"]) \
            or any(r["inversion_bound"] + chain[r["m"]]["tau"] > 1 << 26 for r in chain[m + 1:]):
        # Rows 13 and beyond: about 2 * 10^9 columns, days in pure Python.
        raise Malformed(f"too large to re-check in Python: the chain needs {total} columns, above this "
                        f"checker's limit of 2^28 (2^27 for one g row, 2^26 for K + tau of an f row); re-check it with "
                        f"`verify check-certificate --max-columns N` (core/CERTIFICATES.md)")
    rows = []  # accepted g rows: (preperiod, period, h on [0, preperiod + period))
    for i, r in enumerate(chain[:m + 1]):
        what = f"g row {i}"
        if i == 0:
            need(r["base"] and (r["T"], r["k"], r["tau"], r["period"], r["preperiod"], r["checked_to"]) == (1, 0, 1, 1, 0, 1),
                 "g row 0 is the (G4) base case: base, T = k = tau = 1 - 0 - 1, period 1, preperiod 0, checked_to 1")
            rows.append((0, 1, array_module.array("h", [-1])))
            continue
        need(not r["base"], f"{what}: only row 0 is a base case")
        lcm, lower_pre = 1, 0
        for pre, per, _ in rows:
            lcm = lcm * per // math.gcd(lcm, per)
            lower_pre = max(lower_pre, pre)
        T, k, tau = r["T"], r["k"], r["tau"]
        need(T % lcm == 0 and T >= 2 * i, f"{what}: T = {T} must be a multiple of {lcm} and >= 2m")
        need(k >= lower_pre, f"{what}: k = {k} below a lower preperiod {lower_pre}")
        need(tau % T == 0, f"{what}: tau = {tau} is not a multiple of T")
        count = k + tau + T + 1
        h = g_row(rows, count, i, lcm, lower_pre)
        need(h[k:k + T + 1] == h[k + tau:k + tau + T + 1], f"{what}: h(m, n + tau) != h(m, n) on [k, k + T]")
        tail_checks(h, k, tau, r["period"], r["preperiod"], what)
        need(r["checked_to"] == count - 1, f"{what}: checked_to must be k + tau + T = {count - 1}")
        rows.append((r["preperiod"], r["period"], h[:r["preperiod"] + r["period"]]))
    last_values = lambda n: n + rows[m][2][n]  # noqa: E731 (g row m on [0, preperiod + period))
    # Every row established, for the rules from a certificate to a claim (--report): name ->
    # (values on [0, preperiod + period), preperiod, period, saltus = period).
    established = {f"g row {i}": ((lambda h: lambda n: n + h[n])(h), pre, per, per)
                   for i, (pre, per, h) in enumerate(rows)}
    for r in chain[m + 1:]:
        i, what = r["m"], f"f row {r['m']}"
        pre, t, hg = rows[i]

        K = r["inversion_bound"]
        need(K >= max([j + hg[j] + 1 for j in range(pre)], default=0), f"{what}: K below max g(m, j) + 1, j < p")
        size = K + t
        hf = invert_row(periodic(hg, pre, t)(0, size + i + 1), size, what)
        tail_checks(hf, K, t, r["period"], r["preperiod"], what)
        need(r["checked_to"] == size - 1, f"{what}: checked_to must be K + t - 1 = {size - 1}")
        last_values = (lambda hf: lambda v: v + hf[v])(hf)  # f row i on [0, K + t), which covers one period
        established[what] = (last_values, r["preperiod"], r["period"], r["period"])
    last = chain[-1]
    need(same({k: v for k, v in last.items() if k != "checked_to"}, c["row"]), "certificate.row is not the chain's last row")
    need((top["preperiod"], top["period"], top["saltus"]) == (last["preperiod"], last["period"], last["period"]),
         "preperiod, period and saltus must be the last row's")
    need(c["bound"] == last["checked_to"], "certificate.bound must be the last row's checked_to")
    ESTABLISHED.clear()
    ESTABLISHED.update(established)
    return (f"{'f' if is_f else 'g'} row {m}: period {last['period']} and saltus from {last['preperiod']}",
            last_values, last["preperiod"], last["period"])


BLOCK_CAP = 4096
# The sequences the last accepted Frolov chain established, by name ("g row 5"): set by
# check_frolov for the rules from a certificate to a claim (--report).
ESTABLISHED = {}


def check(doc, folder=""):
    return check_full(doc, folder)[0]


def check_full(doc, folder=""):
    """check(), returning (message, value at n, preperiod, period) of the sequence established."""
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
    return message, at, e, p


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


# ------------------------------------------------------------------------------------------
# What a file must be (core/CERTIFICATES.md, "What a certificate file must be"): a regular file
# of at most 64 MiB, UTF-8 without a byte order mark, one JSON value (RFC 8259, no NaN or
# Infinity) with no key given twice in an object, nested at most 128 levels, every string valid
# Unicode (no lone surrogate, even escaped), every integer of at most 20 digits. Anything else is
# malformed (exit 2): the checker never decides on a file two readers could read differently.
# ------------------------------------------------------------------------------------------
MAX_BYTES = 64 << 20
MAX_DEPTH = 128
MAX_DIGITS = 20  # an integer beyond 64 bits is not an integer of any field
STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
NOT_BRACKET = re.compile(r"[^][{}]+")


class Number:
    """A JSON number with a fraction or an exponent: of no integer kind, equal to no integer."""

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


def unique_keys(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise Malformed(f"the key '{key}' appears twice in one object (which one is meant is ambiguous)")
        out[key] = value
    return out


def bounded_int(text):
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise Malformed(f"the number {text[:24]}... has more than {MAX_DIGITS} digits")
    return int(text)


def no_constant(name):
    raise Malformed(f"'{name}' is not JSON")


def valid_strings(doc):
    """Every key and string is valid Unicode: no lone surrogate (json accepts an escaped one)."""
    stack = [doc]
    while stack:
        x = stack.pop()
        items = x.items() if isinstance(x, dict) else enumerate(x) if isinstance(x, list) else ()
        for key, value in items:
            for s in (key, value):
                if isinstance(s, str):
                    try:
                        s.encode("utf-8")
                    except UnicodeEncodeError:
                        raise Malformed(f"the string {json.dumps(s)[:40]} holds a lone surrogate (not Unicode text)")
            if isinstance(value, (dict, list)):
                stack.append(value)


def load(path):
    """The certificate file, read strictly (every fault is Malformed or OSError: exit 2)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO without a writer must not hang
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Malformed("not a regular file (a folder, device, pipe or socket is not read)")
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise Malformed(f"more than the {MAX_BYTES >> 20} MiB an input may have")
    if data.startswith(b"\xef\xbb\xbf"):
        raise Malformed("the file starts with a byte order mark (U+FEFF); a certificate is UTF-8 without one")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Malformed(f"not UTF-8 text (byte {e.start})")
    depth = 0
    for ch in NOT_BRACKET.sub("", STRING.sub("", text)):
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise Malformed(f"nested more than {MAX_DEPTH} levels deep")
        elif ch in "]}":
            depth -= 1
    try:
        doc = json.loads(text, object_pairs_hook=unique_keys, parse_int=bounded_int, parse_float=Number,
                         parse_constant=no_constant)
    except json.JSONDecodeError as e:
        raise Malformed(f"not valid JSON: {e}")
    valid_strings(doc)
    return doc


# ------------------------------------------------------------------------------------------
# A report folder (--report DIR): every `proved` claim of DIR/report.json names the certificate
# file it rests on (evidence.certificate_file: {path, sha256}); the file's bytes must have that
# SHA-256, the certificate must be accepted as above, and the claim must follow from what it
# established by the rule of its checker (core/CERTIFICATES.md, "From a certificate to a claim").
# ------------------------------------------------------------------------------------------
class Unreadable(Exception):
    """A claim the rule cannot read (a parameter missing or of the wrong kind)."""


LONGEST = 1 << 26  # the longest stretch of values a rule compares
CERT_PATH = re.compile(r"certificates/(?:[0-9a-f]{16}/)?(?![.])[A-Za-z0-9._-]{1,200}\.(?:json|values)", re.ASCII)


class Sequence:
    """An established sequence: values on [0, e + p) and value(n + p) = value(n) + s from e."""

    def __init__(self, at, e, p, s, what):
        self.at, self.e, self.p, self.s, self.what = at, e, p, s, what

    def __call__(self, n):
        if n < 0:
            raise Unreadable(f"a negative index {n}")
        if n < self.e + self.p:
            return self.at(n)
        turns, r = divmod(n - self.e, self.p)
        return self.at(self.e + r) + turns * self.s


def check_established(doc, folder):
    """check(), returning also every sequence established: name -> Sequence."""
    _, at, e, p = check_full(doc, folder)  # raises on any fault
    if doc["game"].split(":", 1)[0] in ("rook-misere", "digital-deletion"):
        return {name: Sequence(at, e, p, sal, name) for name, (at, e, p, sal) in ESTABLISHED.items()}
    return {"G": Sequence(at, e, p, doc["saltus"], "G")}


def num(obj, key, default=None):
    if not isinstance(obj, dict) or key not in obj:
        if default is None:
            raise Unreadable(f"no '{key}'")
        return default
    v = obj[key]
    if not isinstance(v, int) or isinstance(v, bool) or abs(v) > 1 << 50:
        raise Unreadable(f"'{key}' is not an integer within 2^50")
    return v


def lcm_within(a, b):
    if a < 1 or b < 1:
        raise Unreadable("a period or modulus below 1")
    out = a * b // math.gcd(a, b)
    if out > LONGEST:
        raise Unreadable("lcm beyond 2^26")
    return out


def only_g(seqs, game, claimed):
    if claimed != game:
        return None, f"the certificate is of {game}, the claim of {claimed}"
    if list(seqs) != ["G"]:
        return None, "the certificate does not establish one G"
    return seqs["G"], None


def rule_game_period(c, game, seqs):
    a = c.get("asserted") or {}
    if c["params"].get("game") != game:
        return False, f"the certificate is of {game}, the claim of {c['params'].get('game')}"
    g = seqs["G"] if "G" in seqs else seqs[sorted(seqs, key=lambda k: (k[0] == "f", int(k.split()[-1])))[-1]]
    for key, value in (("period", g.p), ("preperiod", g.e), ("last_exceptional_value", g.e - 1)):
        if key in a and num(a, key) != value:
            return False, f"{key}: asserted {a[key]}, established {value}"
    if num(a, "saltus", 0) != g.s:
        return False, f"saltus: asserted {a.get('saltus', 0)}, established {g.s}"
    if "exceptions" in a:
        found = [n for n in range(g.e) if g(n) != g(n + -(-(g.e - n) // g.p) * g.p) - (-(-(g.e - n) // g.p)) * g.s]
        if a["exceptions"] != found:
            return False, f"exceptions: asserted {a['exceptions']}, established {found}"
    return True, f"period {g.p}, preperiod {g.e}, saltus {g.s}"


def octal_game(c):
    code = c["params"].get("code")
    if not isinstance(code, str) or not re.fullmatch(r"[04]?\.[0-7]+|[04]", code):
        raise Unreadable(f"code {code!r} is not an octal code")
    head, _, tail = code.partition(".")
    tail = tail.rstrip("0")
    return f"octal:{head or '0'}.{tail or '0'}"


def rule_published_period(c, game, seqs):
    g, why = only_g(seqs, game, octal_game(c))
    if g is None:
        return False, why
    a = c.get("asserted")
    if not isinstance(a, dict) or not a:
        raise Unreadable("asserted is not a table")
    known = {"period": g.p, "preperiod": g.e, "last_exceptional_value": g.e - 1 if g.e > 0 else None}
    if "exceptions" in a:
        known["exceptions"] = [n for n in range(g.e) if g(n) != g(n + -(-(g.e - n) // g.p) * g.p)]
    for key, value in a.items():
        if key not in known:
            raise Unreadable(f"unknown asserted field '{key}'")
        if value != known[key] or isinstance(value, bool):
            return False, f"{key}: published {json.dumps(value)}, established {json.dumps(known[key])}"
    return True, f"period {g.p}, preperiod {g.e} as published"


def rule_outcome_rule(c, game, seqs):
    g, why = only_g(seqs, game, octal_game(c))
    if g is None:
        return False, why
    a = c.get("asserted") or {}
    kind, m, start = a.get("kind"), num(a, "modulus"), num(a, "from", 0)
    if kind not in ("first_player_wins", "p_positions_exactly") or m < 1 or start < 0:
        raise Unreadable("kind, modulus or from out of range")
    residues = set(a.get("residues", []))
    exceptions = set(a.get("exceptions", []))
    if any(not 0 <= r < m for r in residues) or any(not 0 <= x <= LONGEST for x in exceptions):
        raise Unreadable("a residue or an exception out of range")
    end = max([g.e, start] + [x + 1 for x in exceptions]) + lcm_within(g.p, m)
    for n in range(start if kind == "first_player_wins" else 0, end):
        said = n in exceptions or n % m in residues
        p_position = g(n) == 0
        if (said and p_position) if kind == "first_player_wins" else (said != p_position):
            return False, f"heap {n} is {'P' if p_position else 'N'}, against the rule"
    return True, f"the rule holds below {end}, hence for every n"


def rule_lemma_application(c, game, seqs):
    g, why = only_g(seqs, game, octal_game(c))
    if g is None:
        return False, why
    i, p = num(c["params"], "i"), num(c["params"], "p")
    if p < 1 or i < 0:
        raise Unreadable("p below 1 or i below 0")
    if p % g.p or g.e > i:
        return False, f"period {g.p} from {g.e} does not give period {p} from {i}"
    return True, f"G(n + {p}) = G(n) for every n >= {i}"


def subtraction_set(game):
    text = game.split(":", 1)[1]
    if not re.fullmatch(r"[0-9]{1,12}(,[0-9]{1,12})*", text):
        raise Unreadable(f"{game} has no finite set")
    return [int(x) for x in text.split(",")]


def rule_outcome_residues(c, game, seqs):
    g, why = only_g(seqs, game, c["params"].get("game"))
    if g is None:
        return False, why
    a = c.get("asserted") or {}
    m = num(a, "modulus")
    residues = set(a.get("p_residues", []))
    end = g.e + lcm_within(g.p, m)
    for n in range(end):
        if (g(n) == 0) != (n % m in residues):
            return False, f"heap {n} is {'P' if g(n) == 0 else 'N'}, the residues say otherwise"
    return True, f"P-positions are n mod {m} in {sorted(residues)}"


def rule_takeaway_formula(c, game, seqs):
    g, why = only_g(seqs, game, c["params"].get("game"))
    if g is None:
        return False, why
    s, m = subtraction_set(game), num(c["params"], "modulus")
    wins = lambda n: n < 0 or g(n) != 0  # noqa: E731
    end = g.e + max(s) + lcm_within(g.p, m)
    for n in range(end):
        recursion = not all(wins(n - x) for x in s)
        if wins(n) != recursion or wins(n) != (n % m != 0):
            return False, f"heap {n}: the recursion or the closed form fails"
    return True, f"W(n) = [{m} does not divide n] on {end} heaps"


def rule_complement_strategy(c, game, seqs):
    g, why = only_g(seqs, game, c["params"].get("game"))
    if g is None:
        return False, why
    s, m = set(subtraction_set(game)), num(c["params"], "modulus")
    end = g.e + m + lcm_within(g.p, m)
    for n in range(end):
        if n % m == 0:
            for x in s:
                if x <= n and (m - x not in s or m - x > n - x or g(n - m) != 0):
                    return False, f"from heap {n} the take {x} has no answer"
        elif n % m not in s or g(n - n % m) != 0:
            return False, f"from heap {n} the take {n % m} does not leave a P-position"
    return True, f"the complement strategy works on {end} heaps"


def expression(text):
    """An integer expression of numbers, + - * / (exact) // %, parentheses (no variables)."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    if not isinstance(text, str) or not re.fullmatch(r"[0-9+\-*/%() ]+", text) or re.search(r"[0-9]{16}", text):
        raise Unreadable(f"the expression {text!r} is not read by the rule")
    tokens = re.findall(r"//|[0-9]+|[-+*/%()]", text)
    pos = 0

    def peek():
        return tokens[pos] if pos < len(tokens) else None

    def take():
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def atom():
        t = take() if peek() is not None else None
        if t == "-":
            return -atom()
        if t == "(":
            v = total()
            if take() != ")":
                raise Unreadable("unbalanced parentheses")
            return v
        if t is None or not t.isdigit():
            raise Unreadable(f"a number was expected in {text!r}")
        return int(t)

    def product():
        v = atom()
        while peek() in ("*", "/", "//", "%"):
            op, w = take(), atom()
            if op == "*":
                v *= w
            elif w == 0:
                raise Unreadable("division by zero")
            elif op == "/":
                if v % w:
                    raise Unreadable("an inexact division")
                v = v // w
            elif op == "//":
                v = v // w
            else:
                v = v % abs(w)
        return v

    def total():
        v = product()
        while peek() in ("+", "-"):
            v = v + product() if take() == "+" else v - product()
        return v

    v = total()
    if pos != len(tokens) or abs(v) > 1 << 50:
        raise Unreadable(f"the expression {text!r} is not read by the rule")
    return v


def pattern(text, blocks, depth=0):
    """Digits are values, an upper-case letter a block, (...) and [...] group, ^ a power (a digit
    or {expression})."""
    if depth > 16 or not isinstance(text, str):
        raise Unreadable("blocks nested too deep")
    text = text.replace(" ", "")
    stack, i = [[]], 0
    while i < len(text):
        ch = text[i]
        i += 1
        if ch.isdigit():
            item = [int(ch)]
        elif "A" <= ch <= "Z":
            if ch not in blocks:
                raise Unreadable(f"no block {ch}")
            item = pattern(blocks[ch], blocks, depth + 1)
        elif ch in "([":
            stack.append([ch])
            continue
        elif ch in ")]":
            if len(stack) < 2 or stack[-1][0] != "([" [")]".index(ch)]:
                raise Unreadable("unbalanced brackets")
            item = stack.pop()[1:]
        else:
            raise Unreadable(f"the pattern character {ch!r} is not read by the rule")
        power = 1
        if i < len(text) and text[i] == "^":
            if i + 1 < len(text) and text[i + 1].isdigit():
                power, i = int(text[i + 1]), i + 2
            elif i + 1 < len(text) and text[i + 1] == "{" and "}" in text[i + 2:]:
                close = text.index("}", i + 2)
                power, i = expression(text[i + 2:close]), close + 1
            else:
                raise Unreadable("a power that is neither a digit nor {expression}")
            if power < 0:
                raise Unreadable("a negative power")
        if sum(len(x) if isinstance(x, list) else 1 for x in stack[-1]) + len(item) * power > LONGEST:
            raise Unreadable("a pattern beyond 2^26 values")
        stack[-1].extend(item * power)
    if len(stack) != 1:
        raise Unreadable("unbalanced brackets")
    return stack[0]


def rule_formula(c, game, seqs):
    params, a = c.get("params") or {}, c.get("asserted") or {}
    for key in ("vars", "let", "where"):
        if params.get(key):
            return False, f"a formula with '{key}' is verified case by case, never proved"
    if "rows" in a or "pattern" in a:
        raise Unreadable("asserted rows or pattern are not read by the rule")
    s = sorted({expression(x) for x in params.get("set", [])})
    if not s or s[0] < 1:
        raise Unreadable("no set S of positive integers")
    family = "subtraction-misere" if params.get("play", "normal") == "misere" else "subtraction"
    g, why = only_g(seqs, game, family + ":" + ",".join(map(str, s)))
    if g is None:
        return False, why
    if "preperiod" in a and expression(a["preperiod"]) != g.e:
        return False, f"preperiod printed {a['preperiod']}, established {g.e}"
    if "period" in a and expression(a["period"]) != g.p:
        return False, f"period printed {a['period']}, established {g.p}"
    if "period_any_of" in a and g.p not in [expression(x) for x in a["period_any_of"]]:
        return False, f"period {g.p} is none of {a['period_any_of']}"
    if "cycle" in a:
        blocks = {**(params.get("blocks") or {}), **(a.get("blocks") or {})}
        prefix = pattern(a["prefix"], blocks) if "prefix" in a else []
        cyc = pattern(a["cycle"], blocks)
        if not cyc:
            raise Unreadable("an empty cycle")
        end = max(g.e, len(prefix)) + lcm_within(g.p, len(cyc))
        for n in range(end):
            printed = prefix[n] if n < len(prefix) else cyc[(n - len(prefix)) % len(cyc)]
            if printed != g(n):
                return False, f"G({n}) = {g(n)}, the pattern says {printed}"
    elif not any(k in a for k in ("preperiod", "period", "period_any_of")):
        raise Unreadable("asserted states none of preperiod, period, period_any_of, cycle")
    return True, f"the printed sequence is G of {game}"


def frolov_row(c, seqs, game):
    if not game.startswith(("rook-misere:", "digital-deletion:")):
        raise Unreadable(f"the certificate is of {game}, not a row chain")
    function, m = c["params"].get("function"), num(c["params"], "row")
    if function not in ("f", "g"):
        raise Unreadable("function is not f or g")
    name = f"{function} row {m}"
    if name not in seqs:
        raise Unreadable(f"the certificate establishes no {name}")
    return name, m, seqs[name]


def rule_row_arithmetic(c, game, seqs):
    name, _, r = frolov_row(c, seqs, game)
    params = c["params"]
    period, start = num(params, "period"), num(params, "from", 0)
    offset = num(params, "offset") if "offset" in params else None
    if period < 1 or start < 0:
        raise Unreadable("period below 1 or from below 0")
    end = max(start, r.e) + r.p
    if end - start > LONGEST:
        raise Unreadable("more than 2^26 columns")
    for x in range(start, end):
        if r(x + period) != r(x) + period:
            return False, f"{name}: value({x + period}) is not value({x}) + {period}"
        if offset is not None and r(x) != x + offset:
            return False, f"{name}: value({x}) = {r(x)}, not x + {offset}"
    return True, f"{name}: the relation holds on [{start}, {end}), hence for every x"


def rule_table2_row(c, game, seqs):
    name, m, r = frolov_row(c, seqs, game)
    if m == 0:
        ratio = "-"
    else:
        below = seqs.get(f"{name[0]} row {m - 1}")
        if below is None:
            raise Unreadable(f"the certificate establishes no {name[0]} row {m - 1}")
        ratio = r.p // below.p if r.p % below.p == 0 else r.p / below.p
    a = c.get("asserted") or {}
    for key, value in (("t", r.p), ("p", r.e), ("ratio", ratio)):
        if key not in a:
            raise Unreadable(f"no asserted {key}")
        printed = a[key]
        if isinstance(printed, Number):  # a number with a fraction, as load() reads it
            printed = float(printed.text)
        if isinstance(printed, bool) or isinstance(printed, str) != isinstance(value, str) or printed != value:
            return False, f"{name}: {key} printed {printed!r}, established {value!r}"
    return True, f"{name}: t = {r.p}, p = {r.e}, ratio {ratio} as printed"


def rule_table2_extension(c, game, seqs):
    if not game.startswith("digital-deletion:"):
        raise Unreadable(f"the certificate is of {game}, not a chain of g and f rows")
    top = -1
    while f"f row {top + 1}" in seqs:
        top += 1
    rows = num(c.get("params") or {}, "rows", 9)
    if top < max(rows, 9):
        return False, f"the chain proves rows 0..{top}, the claim needs 0..{max(rows, 9)}"
    a = c.get("asserted") or {}
    for side in ("g", "f"):
        printed = a.get(side)
        if not isinstance(printed, list) or len(printed) != 10:
            raise Unreadable(f"asserted.{side} does not list 10 rows")
        for m in range(10):
            r = seqs[f"{side} row {m}"]
            if printed[m] != [r.p, r.e]:
                return False, f"{side} row {m}: printed {printed[m]}, established {[r.p, r.e]}"
    return True, f"the printed rows 0..9 of g and f are the established ones; rows 0..{top} proved"


RULES = {
    "game.period": rule_game_period,
    "octal.published_period": rule_published_period,
    "octal.outcome_rule": rule_outcome_rule,
    "octal.lemma_application": rule_lemma_application,
    "subtraction.outcome_residues": rule_outcome_residues,
    "subtraction.takeaway_formula": rule_takeaway_formula,
    "subtraction.complement_strategy": rule_complement_strategy,
    "subtraction.formula": rule_formula,
    "frolov.row_arithmetic": rule_row_arithmetic,
    "frolov.table2_row": rule_table2_row,
    "frolov.table2_extension": rule_table2_extension,
}


def recheck_claim(c, folder, files):
    """(accepted, reason) for one proved claim of a report."""
    ref = (c.get("evidence") or {}).get("certificate_file") if isinstance(c.get("evidence"), dict) else None
    if not isinstance(ref, dict) or not isinstance(ref.get("path"), str) or not isinstance(ref.get("sha256"), str):
        return False, "the evidence names no certificate file (evidence.certificate_file {path, sha256})"
    rel = ref["path"]
    if not CERT_PATH.fullmatch(rel):
        return False, f"the certificate path {rel!r} is not certificates/NAME"
    if rel not in files:
        path = os.path.join(folder, rel)
        entry = {"sha256": None}
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
            with os.fdopen(fd, "rb") as f:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    raise Malformed("not a regular file")
                entry["sha256"] = hashlib.sha256(f.read(MAX_BYTES + 1)).hexdigest()
            doc = load(path)
            entry["game"] = doc.get("game") if isinstance(doc, dict) else None
            entry["seqs"] = check_established(doc, os.path.dirname(path))
        except Rejected as e:
            entry["fault"] = f"rejected: {e}"
        except (Malformed, OSError, ValueError, KeyError, TypeError, IndexError, AttributeError, OverflowError,
                MemoryError) as e:
            entry["fault"] = f"malformed: {e}"
        files[rel] = entry
    entry = files[rel]
    if entry["sha256"] is None:
        return False, f"certificate {rel} cannot be read: {entry.get('fault')}"
    if entry["sha256"] != ref["sha256"]:
        return False, f"certificate {rel} has SHA-256 {entry['sha256']}, the report names {ref['sha256']}"
    if "fault" in entry:
        return False, f"certificate {rel} {entry['fault']}"
    rule = RULES.get(c.get("checker"))
    if rule is None:
        return False, f"no inference rule from a certificate to a claim of {c.get('checker')!r}"
    if not isinstance(c.get("params"), dict):
        return False, "the claim has no parameters"
    try:
        holds, why = rule(c, entry["game"], entry["seqs"])
    except (Unreadable, KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as e:
        return False, f"the certificate does not imply the claim: the rule cannot read it: {e}"
    return (True, why) if holds else (False, f"the certificate does not imply the claim: {why}")


def printable(text):
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in str(text))


def report_main(folder, quiet, time_limit):
    if time_limit > 0:
        import signal

        def stop(*_):
            sys.stdout.flush()
            print(f"verify: limit: the re-check reached --time-limit {time_limit:g} s", file=sys.stderr)
            os._exit(3)
        signal.signal(signal.SIGALRM, stop)
        signal.setitimer(signal.ITIMER_REAL, time_limit)
    try:
        report = load(os.path.join(folder, "report.json"))
        claims = report["claims"]
        if not isinstance(claims, list):
            raise Malformed("no list of claims")
    except (Malformed, OSError, ValueError, KeyError, TypeError) as e:
        print(f"verify: error: {printable(folder)}/report.json: {printable(e)}", file=sys.stderr)
        return 2
    proved = [c for c in claims if isinstance(c, dict) and c.get("verdict") == "proved"]
    files, failures = {}, []
    tty = sys.stderr.isatty()
    for done, c in enumerate(proved, 1):
        ok, why = recheck_claim(c, folder, files)
        if not ok:
            failures.append((c.get("id"), why))
        if tty:
            sys.stderr.write("\r\x1b[K")
        if not quiet or not ok:
            print(f"{'accepted    ' if ok else 'NOT ACCEPTED'} {printable(c.get('id'))}  ({printable(c.get('checker'))}) "
                  f"{printable(why)}", flush=True)
        if tty:
            sys.stderr.write(f"check-report: {done}/{len(proved)} proved claims re-checked")
            sys.stderr.flush()
    if tty:
        sys.stderr.write("\r\x1b[K")
    print(f"{len(proved)} proved claims, {len(files)} certificate files: {len(proved) - len(failures)} accepted, "
          f"{len(failures)} not accepted")
    for cid, why in failures:
        print(f"  not accepted: {printable(cid)}: {printable(why)}")
    return 0 if not failures else 1


def main(argv):
    if len(argv) >= 2 and argv[1] == "--report":
        rest, quiet, limit = argv[2:], False, 600.0
        if "--quiet" in rest:
            rest.remove("--quiet")
            quiet = True
        if "--time-limit" in rest:
            i = rest.index("--time-limit")
            try:
                limit = float(rest[i + 1])
                if not limit >= 0:
                    raise ValueError
            except (IndexError, ValueError):
                print("verify: error: --time-limit takes a number of seconds (0: none)", file=sys.stderr)
                return 2
            del rest[i:i + 2]
        if len(rest) != 1:
            print("verify: error: usage: check_certificate.py --report DIR [--quiet] [--time-limit S]", file=sys.stderr)
            return 2
        return report_main(rest[0], quiet, limit)
    if len(argv) != 2:
        print("verify: error: usage: check_certificate.py FILE.json", file=sys.stderr)
        return 2
    try:
        doc = load(argv[1])
        print("s VERIFIED\n" + check(doc, os.path.dirname(argv[1])))
        return 0
    except Rejected as e:
        print("s NOT VERIFIED: " + "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in str(e)))
        return 1
    except (Malformed, OSError, ValueError, KeyError, TypeError, IndexError, AttributeError, OverflowError,
            MemoryError) as e:
        message = f"{argv[1]}: {e}"  # on one line: a control character from the input is escaped
        print("verify: error: " + "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in message), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
