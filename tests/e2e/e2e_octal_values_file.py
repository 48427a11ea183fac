#!/usr/bin/env python3
"""End-to-end test of octal certificates whose values live in a binary values file.

`verify period octal:CODE --format json --certificate-out DIR --binary-values` writes
DIR/octal-CODE.json, which names DIR/octal-CODE.values (core/CERTIFICATES.md, "The binary values
file"); `verify check-certificate` re-checks it from the two files (from any working folder), and
so does the Python checker. Damage to the values file (a flipped byte, a truncation, an absent
file) or to its reference (a path leaving the folder, a wrong hash) is an input error: one line,
exit 2. A value rewritten consistently (hashes recomputed) is a false claim: s NOT VERIFIED, exit
1. Small certificates stay as they were: without --binary-values the saved file is what
`--format json` prints, values inline. Above 2^26 values the Python checker answers exit 2 "too
large to re-check in Python" once the file's header and hash are checked.
Usage (from ctest): e2e_octal_values_file.py --verify PATH --source-dir DIR --work-dir DIR
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys

from verify_e2e import check, finish, run, setup

SRC, WORK = setup()
PYCHECK = os.path.join(SRC, "verify", "check_certificate.py")


def python_check(path):
    return subprocess.run([sys.executable, PYCHECK, path], capture_output=True, text=True, timeout=600)


def one_error_line(r, what, needle):
    lines = r.stderr.strip().splitlines()
    check(r.returncode == 2, f"{what}: exit 2 expected, got {r.returncode}: {r.stdout!r} {r.stderr!r}")
    check(len(lines) == 1 and needle in r.stderr, f"{what}: one error line with {needle!r}: {r.stderr!r}")
    check("VERIFIED" not in r.stdout, f"{what}: no verdict expected: {r.stdout!r}")


def reseal(values_path, json_path):
    """Recomputes the file's trailing SHA-256 and the certificate's length and hash."""
    data = open(values_path, "rb").read()
    body = data[:-32]
    data = body + hashlib.sha256(body).digest()
    open(values_path, "wb").write(data)
    j = json.load(open(json_path))
    j["certificate"]["values_file"]["bytes"] = len(data)
    j["certificate"]["values_file"]["sha256"] = hashlib.sha256(data).hexdigest()
    json.dump(j, open(json_path, "w"), indent=2)


def main():
    out = os.path.join(WORK, "out")
    # 1. A small game, values in the binary file on request.
    r = run(["period", "octal:0.07", "--format", "json", "--certificate-out", out, "--binary-values"])
    check(r.returncode == 0, f"period .07 --binary-values: exit {r.returncode}: {r.stderr!r}")
    json_path = os.path.join(out, "octal-0.07.json")
    values_path = os.path.join(out, "octal-0.07.values")
    check(sorted(os.listdir(out)) == ["octal-0.07.json", "octal-0.07.values"],
          f"files written: {sorted(os.listdir(out))} (no temporary file left)")
    j = json.load(open(json_path))
    a = json.loads(r.stdout)  # the answer: the certificate's numbers and where it was saved
    check(a["certificate_file"] == json_path and a["verdict"] == "proved" and
          (a["preperiod"], a["period"], a["saltus"]) == (j["preperiod"], j["period"], j["saltus"]),
          f"the answer and the saved certificate differ: {a}")
    ref = j["certificate"].get("values_file", {})
    check("values" not in j["certificate"] and ref.get("path") == "octal-0.07.values",
          f"the certificate names its values file: {j['certificate'].keys()}")
    data = open(values_path, "rb").read()
    check(data[:8] == b"IGVOCTAL" and ref.get("bytes") == len(data)
          and ref.get("sha256") == hashlib.sha256(data).hexdigest(), "magic, length and hash")
    check(data[-32:] == hashlib.sha256(data[:-32]).digest(), "trailing hash")
    # Re-checked from another working folder: the values file is found beside the JSON.
    r = run(["check-certificate", os.path.abspath(json_path)], cwd="/")
    check(r.returncode == 0 and r.stdout.startswith("s VERIFIED"), f"check-certificate: {r.stdout!r} {r.stderr!r}")
    r = python_check(json_path)
    check(r.returncode == 0 and r.stdout.startswith("s VERIFIED"), f"python checker: {r.stdout!r} {r.stderr!r}")
    # 2. Without --binary-values a small certificate is unchanged: values inline, the same bytes
    # as `--format json` prints.
    plain = os.path.join(WORK, "plain.json")
    r1 = run(["period", "octal:0.07", "--format", "json", "--certificate-out", plain])
    r2 = run(["period", "octal:0.07", "--format", "json"])
    check(r1.returncode == 0 and r2.returncode == 0, "period .07 plain")
    a1, a2 = json.loads(r1.stdout), json.loads(r2.stdout)
    check(a1["certificate_file"] == plain and a2["certificate_file"] is None,
          f"the answer names the saved certificate: {a1.get('certificate_file')}, {a2.get('certificate_file')}")
    a1.pop("certificate_file"), a2.pop("certificate_file")
    check(a1 == a2 and a1["verdict"] == "proved", "the same answer with and without --certificate-out")
    check("values" in json.load(open(plain))["certificate"], "values inline below the limit")
    check(not os.path.exists(os.path.join(WORK, "plain.values")), "no values file below the limit")
    # 3. A moderate game (.16: 509,624 values) through the binary file, re-checked from disk.
    r = run(["period", "octal:0.16", "--format", "text", "--certificate-out",
             os.path.join(WORK, "c16.json"), "--binary-values"])
    check(r.returncode == 0 and "verdict:    proved" in r.stdout, f"period .16: {r.stdout[-300:]!r} {r.stderr!r}")
    r = run(["check-certificate", "c16.json"], cwd=WORK)
    check(r.returncode == 0 and r.stdout.startswith("s VERIFIED"), f"check .16: {r.stdout!r} {r.stderr!r}")
    # 4. Damage: each is an input error (exit 2, one line), in both checkers.
    good = open(values_path, "rb").read()
    good_json = open(json_path).read()

    def damaged(what, needle, values=None, edit=None):
        open(values_path, "wb").write(good if values is None else values)
        jj = json.loads(good_json)
        if edit:
            edit(jj)
        open(json_path, "w").write(json.dumps(jj, indent=2))
        one_error_line(run(["check-certificate", json_path]), what, needle)
        r = python_check(json_path)
        check(r.returncode == 2 and "NOT VERIFIED" not in r.stdout, f"python, {what}: {r.returncode} {r.stdout!r}")

    flipped = bytearray(good)
    flipped[40] ^= 1
    damaged("one byte flipped", "SHA-256", bytes(flipped))
    damaged("truncated", "bytes", good[:-1])
    damaged("extended", "bytes", good + b"\0")
    damaged("wrong hash in the certificate", "SHA-256",
            edit=lambda jj: jj["certificate"]["values_file"].update(sha256="0" * 64))
    damaged("path upwards", "relative path",
            edit=lambda jj: jj["certificate"]["values_file"].update(path="../out/octal-0.07.values"))
    damaged("absolute path", "relative path",
            edit=lambda jj: jj["certificate"]["values_file"].update(path=os.path.abspath(values_path)))
    damaged("absent file", "no such file",
            edit=lambda jj: jj["certificate"]["values_file"].update(path="absent.values"))
    # A symbolic link that leads out of the folder, the file's or a folder's on the way (issue
    # 27: both checkers read it): as a path climbing out, an input error in both.
    outside = os.path.join(WORK, "outside")
    os.makedirs(outside, exist_ok=True)
    open(os.path.join(outside, "octal-0.07.values"), "wb").write(good)
    link = os.path.join(out, "link.values")
    os.symlink(os.path.join(outside, "octal-0.07.values"), link)
    damaged("a link to a file outside the folder", "out of the certificate's folder",
            edit=lambda jj: jj["certificate"]["values_file"].update(path="link.values"))
    os.symlink(outside, os.path.join(out, "sub"))
    damaged("a folder linked outside", "out of the certificate's folder",
            edit=lambda jj: jj["certificate"]["values_file"].update(path="sub/octal-0.07.values"))
    os.remove(link)
    os.remove(os.path.join(out, "sub"))
    # A link that stays inside the folder is followed: accepted by both.
    os.symlink("octal-0.07.values", link)
    open(values_path, "wb").write(good)
    jj = json.loads(good_json)
    jj["certificate"]["values_file"]["path"] = "link.values"
    open(json_path, "w").write(json.dumps(jj, indent=2))
    r = run(["check-certificate", json_path])
    check(r.returncode == 0 and r.stdout.startswith("s VERIFIED"), f"a link inside the folder: {r.stdout!r} {r.stderr!r}")
    r = python_check(json_path)
    check(r.returncode == 0 and r.stdout.startswith("s VERIFIED"), f"python, a link inside: {r.stdout!r} {r.stderr!r}")
    os.remove(link)
    shutil.rmtree(outside)
    # A header edit made consistent (hashes recomputed): still malformed (the format refuses it).
    bad_version = bytearray(good)
    bad_version[8] = 2
    open(values_path, "wb").write(bytes(bad_version))
    open(json_path, "w").write(good_json)
    reseal(values_path, json_path)
    one_error_line(run(["check-certificate", json_path]), "version 2, resealed", "version 2")
    # 5. A value rewritten consistently: well formed, false: s NOT VERIFIED, exit 1, both checkers.
    wrong = bytearray(good)
    wrong[32 + 20] ^= 1  # G(20)
    open(values_path, "wb").write(bytes(wrong))
    open(json_path, "w").write(good_json)
    reseal(values_path, json_path)
    r = run(["check-certificate", json_path])
    check(r.returncode == 1 and r.stdout.startswith("s NOT VERIFIED"), f"wrong value: {r.returncode} {r.stdout!r}")
    r = python_check(json_path)
    check(r.returncode == 1 and r.stdout.startswith("s NOT VERIFIED"), f"python, wrong value: {r.returncode} {r.stdout!r}")
    # 6. Above 2^26 values the Python checker checks the header and hash, then exit 2.
    big = (1 << 26) + 1
    body = b"IGVOCTAL" + (1).to_bytes(4, "little") + (0).to_bytes(4, "little") + big.to_bytes(8, "little") \
        + (0).to_bytes(8, "little") + bytes(big)
    data = body + hashlib.sha256(body).digest()
    big_path = os.path.join(WORK, "big.values")
    open(big_path, "wb").write(data)
    jj = json.loads(good_json)
    jj["certificate"]["values_file"] = {"path": "big.values", "bytes": len(data),
                                        "sha256": hashlib.sha256(data).hexdigest()}
    jj["certificate"]["bound"] = big
    open(os.path.join(WORK, "big.json"), "w").write(json.dumps(jj))
    r = python_check(os.path.join(WORK, "big.json"))
    check(r.returncode == 2 and "too large to re-check in Python" in r.stderr, f"python, 2^26+1: {r.stderr!r}")
    os.remove(big_path)
    # 7. Usage errors.
    for args, needle in [(["octal:0.07", "--binary-values"], "--certificate-out"),
                         (["subtraction:1,3,4", "--certificate-out", os.path.join(WORK, "s.json"),
                           "--binary-values"], "has no binary values file")]:
        r = run(["period"] + args)
        check(r.returncode == 2 and needle in r.stderr, f"period {args}: {r.returncode} {r.stderr!r}")
    # An option a family does not declare (PeriodOptions) is refused with one line naming the
    # games that declare it; no certificate is saved.
    for args, line in [(["period", "subtraction:1,3,4", "--certificate-out",
                         os.path.join(WORK, "s.json"), "--binary-values"],
                        "--binary-values: 'subtraction:1,3,4' has no binary values file "
                        "(only octal:CODE)"),
                       (["check-certificate", json_path, "--max-columns", "1000"],
                        "--max-columns: 'octal:0.07' has no column budget "
                        "(only digital-deletion:M, rook-misere:M)")]:
        r = run(args)
        check(r.returncode == 2 and r.stderr == "verify: error: " + line + "\n" and r.stdout == "",
              f"{args}: {r.returncode} {r.stderr!r}")
    check(not os.path.exists(os.path.join(WORK, "s.json")), "a refused period saves nothing")
    shutil.rmtree(out, ignore_errors=True)
    finish("e2e_octal_values_file")


main()
