#!/usr/bin/env python3
"""End-to-end test of period certificates as files, run as a user runs them.

`verify period GAME --certificate-out c.json && verify check-certificate c.json` says
`s VERIFIED` (exit 0) for the Frolov rows (rook-misere:0..9, digital-deletion:0..9) and for
subtraction games; a corrupted file gives `s NOT VERIFIED` (exit 1) or one `verify: error:`
line (exit 2), never `s VERIFIED`; a file that is not JSON gives exit 2.
Every file given to `verify check-certificate` here, the certificates produced and each
corrupted edit, is also given to the Python checker (`python3 verify/check_certificate.py FILE`),
which must give the same answer: accepted (exit 0, `s VERIFIED`) or rejected (exit 1 with
`s NOT VERIFIED: reason`, or exit 2 with one `verify: error:` line; the two checkers may differ
on 1 or 2, core/CERTIFICATES.md).
Usage (from ctest): e2e_certificates.py --verify PATH --source-dir DIR --work-dir DIR
"""
import copy
import json
import os
import subprocess
import sys

from verify_e2e import check, finish, period_certificate, run, setup

PYTHON_CHECKS = {"accepted": 0, "rejected": 0}


def python_check(path):
    """(exit code, stdout, stderr) of `python3 verify/check_certificate.py path`."""
    r = subprocess.run([sys.executable, os.path.join(SRC, "verify", "check_certificate.py"), path],
                       capture_output=True, text=True, timeout=600)
    return r.returncode, r.stdout, r.stderr


def same_answer(what, path, cpp_code):
    """The Python checker answers `path` as the C++ checker did (cpp_code): both accept or both
    reject, each in its documented form."""
    code, out, err = python_check(path)
    PYTHON_CHECKS["accepted" if code == 0 else "rejected"] += 1
    if code == 0:
        check(out.splitlines()[:1] == ["s VERIFIED"], f"{what}: python exit 0 without 's VERIFIED': {out!r}")
    elif code == 1:
        check(out.startswith("s NOT VERIFIED: "), f"{what}: python exit 1 without a reason: {out!r}")
    elif code == 2:
        lines = [l for l in err.splitlines() if l.strip()]
        check(len(lines) == 1 and lines[0].startswith("verify: error: "),
              f"{what}: python exit 2 needs one error line, got {err!r}")
    else:
        check(False, f"{what}: python checker exit {code}: {out!r} {err!r}")
    check((code == 0) == (cpp_code == 0),
          f"{what}: the checkers disagree: C++ exit {cpp_code}, python exit {code} {out!r} {err!r}")


def write(name, content):
    path = os.path.join(WORK, name)
    with open(path, "w") as f:
        f.write(content)
    return path


def check_file(path):
    """(exit code, stdout, stderr) of `verify check-certificate path`."""
    r = run(["check-certificate", path])
    return r.returncode, r.stdout, r.stderr


def expect_verified(game, path):
    code, out, err = check_file(path)
    check(code == 0 and out.splitlines()[:1] == ["s VERIFIED"], f"{game}: round trip not verified: {code} {out!r} {err!r}")
    same_answer(game, path, code)


def expect_not_verified(what, path):
    """Exit 1 with `s NOT VERIFIED`, or exit 2 with exactly one `verify: error:` line."""
    code, out, err = check_file(path)
    lines = [l for l in err.splitlines() if l.strip()]
    if code == 1:
        check(out.splitlines()[:1] == ["s NOT VERIFIED"], f"{what}: exit 1 without 's NOT VERIFIED': {out!r}")
    elif code == 2:
        check(len(lines) == 1 and lines[0].startswith("verify: error: "), f"{what}: exit 2 needs one error line, got {err!r}")
        check("VERIFIED" not in out, f"{what}: exit 2 but printed a verdict: {out!r}")
    else:
        check(False, f"{what}: expected exit 1 or 2, got {code}: {out!r} {err!r}")
    same_answer(what, path, code)
    return code


def integer_paths(j, at=()):
    """Paths of every integer in the document (booleans excluded)."""
    if isinstance(j, dict):
        for k, v in j.items():
            yield from integer_paths(v, at + (k,))
    elif isinstance(j, list):
        for i, v in enumerate(j):
            yield from integer_paths(v, at + (i,))
    elif isinstance(j, int) and not isinstance(j, bool):
        yield at


def set_path(j, path, value):
    for k in path[:-1]:
        j = j[k]
    j[path[-1]] = value


def get_path(j, path):
    for k in path:
        j = j[k]
    return j


def main():
    games = [f"rook-misere:{m}" for m in range(10)] + [f"digital-deletion:{m}" for m in range(10)]
    games += ["subtraction:1,3,4", "subtraction:3,7,11,12", "subtraction-misere:1,2,3", "subtraction:powers-of-2"]
    certificates = {}
    for game in games:
        path = os.path.join(WORK, game.replace(":", "_").replace(",", "-") + ".json")
        r, text = period_certificate([game], path)
        check(r.returncode == 0, f"verify period {game}: {r.stderr}")
        if r.returncode != 0:
            continue
        certificates[game] = json.loads(text)
        expect_verified(game, path)

    # `--max-columns N` (the budget for rows 13 and 14) checks the same file the same way: the
    # row certificate and its `block`; a block edited is refused, and a budget below a row's
    # window is an error (exit 2), not a pass.
    for game in ("rook-misere:9", "digital-deletion:9"):
        original = certificates.get(game)
        if original is None:
            continue
        path = write(game.replace(":", "_") + "_mc.json", json.dumps(original))
        r = run(["check-certificate", path, "--max-columns", "2000000"])
        check(r.returncode == 0 and r.stdout.splitlines()[:1] == ["s VERIFIED"],
              f"{game} --max-columns: not verified: {r.returncode} {r.stdout!r} {r.stderr!r}")
        r = run(["check-certificate", path, "--max-columns", "1000"])
        check(r.returncode == 2 and "VERIFIED" not in r.stdout
              and r.stderr.strip().startswith("verify: error: ") and "limit of 1000" in r.stderr,
              f"{game} --max-columns 1000: expected the limit's error: {r.returncode} {r.stdout!r} {r.stderr!r}")
        bad = copy.deepcopy(original)
        bad["block"][0] += 1
        path = write(game.replace(":", "_") + "_mc_block.json", json.dumps(bad))
        r = run(["check-certificate", path, "--max-columns", "2000000"])
        check(r.returncode == 1 and r.stdout.splitlines()[:1] == ["s NOT VERIFIED"]
              and "block" in r.stdout,
              f"{game} --max-columns, block edited: {r.returncode} {r.stdout!r} {r.stderr!r}")

    # Corruptions: every integer of two real certificates edited by +1 (and the first few by -1),
    # then structural damage. None may be verified.
    for game in ("rook-misere:6", "digital-deletion:4", "subtraction:3,7,11,12"):
        original = certificates.get(game)
        if original is None:
            continue
        paths = list(integer_paths(original))
        check(len(paths) > 5, f"{game}: certificate has integers to corrupt")
        for n, p in enumerate(paths):
            for delta in ((1, -1) if n < 8 else (1,)):
                c = copy.deepcopy(original)
                set_path(c, p, get_path(c, p) + delta)
                expect_not_verified(f"{game}: {'/'.join(map(str, p))} {delta:+d}", write("edited.json", json.dumps(c)))

    for game in ("rook-misere:6", "subtraction:1,3,4"):
        original = certificates.get(game)
        if original is None:
            continue
        c = copy.deepcopy(original)
        del c["certificate"]
        check(expect_not_verified(f"{game}: certificate removed", write("removed.json", json.dumps(c))) == 2,
              f"{game}: a removed certificate is an input error")
        c = copy.deepcopy(original)
        c["period"] = str(c["period"])
        check(expect_not_verified(f"{game}: period as a string", write("mistyped.json", json.dumps(c))) == 2,
              f"{game}: a mistyped period is an input error")
        c = copy.deepcopy(original)
        c["period"] = 10**15
        check(expect_not_verified(f"{game}: period 10^15", write("absurd.json", json.dumps(c))) == 2,
              f"{game}: an absurd period is an input error")
    chain = copy.deepcopy(certificates.get("rook-misere:6"))
    if chain is not None:
        chain["certificate"]["chain"].append(chain["certificate"]["chain"][-1])
        expect_not_verified("rook-misere:6: extra chain row", write("extra.json", json.dumps(chain)))
        chain["certificate"]["chain"] = chain["certificate"]["chain"][:3]
        expect_not_verified("rook-misere:6: truncated chain", write("truncated.json", json.dumps(chain)))

    # Not JSON, not an object, no game, unknown game, missing file: one error line, exit 2.
    for what, content in (("not JSON", "s VERIFIED\n"), ("a JSON array", "[1, 2]"), ("no game", '{"period": 3}'),
                          ("unknown game", '{"game": "no-such-game:1", "period": 3}'),
                          ("a game without certificates", '{"game": "nim", "period": 1}')):
        code = expect_not_verified(what, write("bad.json", content))
        check(code == 2, f"{what}: exit 2 expected, got {code}")
    code = expect_not_verified("missing file", os.path.join(WORK, "no-such-file.json"))
    check(code == 2, f"missing file: exit 2 expected, got {code}")


if __name__ == "__main__":
    SRC, WORK = setup(fresh=False)
    main()
    print(f"python checker: {PYTHON_CHECKS['accepted']} files accepted, {PYTHON_CHECKS['rejected']} rejected, "
          "each as the C++ checker answered")
    finish("e2e_certificates")
