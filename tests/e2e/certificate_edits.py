"""Edits of certificate files shared by the tests that compare the two certificate checkers
(e2e_certificates_python.py, e2e_certificates_differential.py): running both on one file, and the
byte-level edits a JSON serialiser cannot write (a key given twice, a byte order mark, deep
nesting, a lone surrogate, non-canonical game names, numbers of another kind or size).

Not a test itself: its name does not match e2e_*.py.
"""
import contextlib
import io
import json
import os
import subprocess
import sys

DESCRIPTIVE = {"theorem", "checked", "checker", "convention", "producer"}


class Checkers:
    """Runs `verify check-certificate` (C++) and verify/check_certificate.py on one file."""

    def __init__(self, verify, source_dir, in_process=True):
        self.verify = verify
        self.script = os.path.join(source_dir, "verify", "check_certificate.py")
        self.in_process = in_process
        if in_process:
            sys.path.insert(0, os.path.dirname(self.script))
            import check_certificate  # noqa: E402  (run in this process to save time)
            self.module = check_certificate

    def cpp(self, path):
        r = subprocess.run([self.verify, "check-certificate", path], capture_output=True, text=True, errors="replace", timeout=600)
        return r.returncode, r.stdout, r.stderr

    def python(self, path):
        if not self.in_process:
            r = subprocess.run([sys.executable, self.script, path], capture_output=True, text=True, errors="replace", timeout=600)
            return r.returncode, r.stdout, r.stderr
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = self.module.main(["check_certificate.py", path])
        return code, out.getvalue(), err.getvalue()

    def both(self, path):
        """(C++ exit code, Python exit code, problems): problems lists answers not of the
        documented form (exit 1 without `s NOT VERIFIED`, exit 2 without exactly one
        `verify: error:` line, any other exit code)."""
        problems = []
        codes = []
        for name, (code, out, err) in (("C++", self.cpp(path)), ("Python", self.python(path))):
            codes.append(code)
            if code == 0 and not out.startswith("s VERIFIED\n"):
                problems.append(f"{name} exit 0 without 's VERIFIED': {out[:200]!r}")
            elif code == 1 and not out.startswith("s NOT VERIFIED"):
                problems.append(f"{name} exit 1 without 's NOT VERIFIED': {out[:200]!r}")
            elif code == 2 and not (err.startswith("verify: error: ") and err.count("\n") == 1 and not out):
                problems.append(f"{name} exit 2 without one 'verify: error:' line: {err[:300]!r}")
            elif code not in (0, 1, 2):
                problems.append(f"{name} exit {code}: {err[-300:]!r}")
        return codes[0], codes[1], problems


def dump(doc, indent=2):
    return json.dumps(doc, indent=indent, ensure_ascii=False)


def _members(doc, at=()):
    """(path of keys, object) for every object of the document."""
    if isinstance(doc, dict):
        yield at, doc
        for k, v in doc.items():
            yield from _members(v, at + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _members(v, at + (i,))


def with_duplicate(doc, at, key, first, second):
    """The document's text with `key` of the object at `at` written twice: `first`, then `second`
    (json.dumps cannot write it: a marker value is replaced in the text)."""
    marker = "\u2063DUPLICATE\u2063"
    edited = json.loads(json.dumps(doc))
    obj = edited
    for k in at:
        obj = obj[k]
    rest = {k: v for k, v in obj.items() if k != key}
    obj.clear()
    obj[key] = marker
    obj.update(rest)
    text = dump(edited)
    pair = f"{json.dumps(key)}: {json.dumps(first)}, {json.dumps(key)}: {json.dumps(second)}"
    return text.replace(f"{json.dumps(key)}: {json.dumps(marker, ensure_ascii=False)}", pair, 1)


def _replace_value(doc, at, raw):
    """The document's text with the value at path `at` written as the raw text `raw`."""
    marker = "\u2063RAW\u2063"
    edited = json.loads(json.dumps(doc))
    obj = edited
    for k in at[:-1]:
        obj = obj[k]
    obj[at[-1]] = marker
    return dump(edited).replace(json.dumps(marker, ensure_ascii=False), raw, 1)


def _number_paths(doc):
    """Paths of a few integer leaves worth editing: the claim, and the first integers inside the
    certificate object."""
    paths = [("period",), ("preperiod",)]
    cert = doc["certificate"]
    for key in ("bound", "certificate_version"):
        if key in cert:
            paths.append(("certificate", key))
    if isinstance(cert.get("chain"), list) and len(cert["chain"]) > 1:
        paths.append(("certificate", "chain", 1, "period"))
    if isinstance(cert.get("values"), list):
        paths.append(("certificate", "values", len(cert["values"]) // 2))
    if isinstance(cert.get("window"), list):
        paths.append(("certificate", "window", 0))
    return paths


def hostile_edits(doc):
    """(name, file bytes, expected) for the byte-level edits of one certificate that a strict
    reader must refuse ("malformed": both checkers exit 2) or that keep it true ("accepted")."""
    game = doc["game"]
    family = game.split(":")[0]
    text = dump(doc)
    b = text.encode()
    out = []
    # A key given twice: false value first, true first, equal values; at the top level, in the
    # certificate object, in a chain row. Whatever the values, the file is ambiguous.
    rows = len(doc["certificate"].get("chain", [])) if isinstance(doc.get("certificate"), dict) else 0
    for at, obj in list(_members(doc)):
        if not obj or len(at) > 3 or (len(at) == 3 and at[2] not in (1, rows - 1)):  # chain rows 1 and last
            continue
        for key, value in list(obj.items())[:8]:
            if isinstance(value, bool) or not isinstance(value, int):
                continue
            where = "/".join(map(str, at + (key,)))
            out.append((f"{where} twice, false value first", with_duplicate(doc, at, key, value + 10, value).encode(), "malformed"))
            out.append((f"{where} twice, false value last", with_duplicate(doc, at, key, value, value + 10).encode(), "malformed"))
            out.append((f"{where} twice, equal values", with_duplicate(doc, at, key, value, value).encode(), "malformed"))
    for key in ("theorem", "game"):
        at = () if key == "game" else ("certificate",)
        obj = doc if key == "game" else doc["certificate"]
        if key in obj:
            out.append((f"{key} twice, equal values", with_duplicate(doc, at, key, obj[key], obj[key]).encode(), "malformed"))
    # Encoding.
    out.append(("byte order mark", b"\xef\xbb\xbf" + b, "malformed"))
    out.append(("UTF-16", text.encode("utf-16"), "malformed"))
    out.append(("invalid UTF-8 in the theorem", _replace_value(doc, ("certificate", "theorem"), '"\xff"').encode("latin-1")
                if text.isascii() else b.replace(b'"theorem": "', b'"theorem": "\xff', 1), "malformed"))
    for esc in ("\\ud800", "\\udc00", "\\ud800x", "\\udbff\\ud800"):
        out.append((f"lone surrogate {esc} in the theorem",
                    _replace_value(doc, ("certificate", "theorem"), f'"{esc}"').encode(), "malformed"))
    out.append(("a surrogate pair (valid) in the theorem", _replace_value(doc, ("certificate", "theorem"), '"\\ud83d\\ude00 \\u00e9"').encode(), "accepted"))
    out.append(("NUL escaped in the theorem (valid JSON)", _replace_value(doc, ("certificate", "theorem"), '"a\\u0000b"').encode(), "accepted"))
    out.append(("raw control character in the theorem", _replace_value(doc, ("certificate", "theorem"), '"a\tb"').encode(), "malformed"))
    out.append(("CRLF and tabs between tokens", text.replace("\n", "\r\n").replace("  ", "\t").encode(), "accepted"))
    out.append(("trailing garbage", b + b" x", "malformed"))
    out.append(("a NUL byte after the document", b + b"\x00", "malformed"))
    out.append(("a second document after a NUL byte", b + b"\x00" + dump(dict(doc, period=doc["period"] + 1)).encode(), "malformed"))
    out.append(("a NUL byte in the theorem", b.replace(b'"theorem": "', b'"theorem": "\x00', 1), "malformed"))
    out.append(("two documents", b + b"\n{}", "malformed"))
    out.append(("truncated", b[:len(b) // 2], "malformed"))
    out.append(("empty file", b"", "malformed"))
    out.append(("a comment", b"// certificate\n" + b, "malformed"))
    # Nesting.
    for depth in (129, 1000, 100000):
        out.append((f"the theorem nested {depth} deep",
                    _replace_value(doc, ("certificate", "theorem"), "[" * depth + "]" * depth).encode(), "malformed"))
    out.append(("nested 128 deep in total (a mistyped theorem)",
                _replace_value(doc, ("certificate", "theorem"), "[" * 126 + "]" * 126).encode(), "malformed"))
    # Numbers of another kind or size.
    for at in _number_paths(doc):
        value = doc
        for k in at:
            value = value[k]
        where = "/".join(map(str, at))
        for raw in (f"{value}.0", f"{value}e0", f"{value}E+0", "1e400", "-1e400", "9" * 30, "-" + "9" * 30,
                    "18446744073709551616", "NaN", "Infinity", "-Infinity", "0x10", "+1", "01", "1_0", "true", "null",
                    "\"1\"", "[1]"):
            if raw in (str(value),):
                continue
            out.append((f"{where} = {raw[:24]}", _replace_value(doc, at, raw).encode(), "rejected"))
    # Game names: a row or code written otherwise, digits of other scripts.
    spec = game.split(":", 1)[1]
    variants = ["0" + spec, "+" + spec, " " + spec, spec + " ", spec + "\u0000", spec + "\n1", "\r" + spec, spec + "\u007f",
                spec.upper() if spec != spec.upper() else spec.lower(),
                "".join(chr(0x660 + int(c)) if c.isdigit() else c for c in spec),
                "".join(chr(0xFF10 + int(c)) if c.isdigit() else c for c in spec)]
    for v in variants:
        if v != spec:
            edited = dict(doc)
            edited["game"] = f"{family}:{v}"
            out.append((f"game {edited['game']!r}", dump(edited).encode(), "rejected"))
    return out
