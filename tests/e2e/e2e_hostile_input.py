#!/usr/bin/env python3
"""Hostile input, third probe (issue 37): one regression check per reproduction of the issue.

- every field of a hostile claim (newlines, carriage returns, escape sequences, bidi overrides,
  line separators, C1 controls) printed through `run`, `list`, `show`, `diff` and `merge`: one
  line per claim, no raw control or bidi character on stdout or stderr;
- `merge` refuses each edited shard (a table, an asserted value, a seed, a claims file changed
  since the shards ran), marks the proved verdicts it cannot re-check, and draws no period from
  them (a forged period of 10^15 ends at once);
- no abort (`subtraction-misere:powers-of-2`), no lost report (a 45-element subtraction set's
  figure), a well-formed junit.xml whatever the text, a FIFO checkpoint refused, a closed stdout
  an error, a size error not called a kernel disagreement, the default time limit of `run`.
Usage (from ctest): e2e_hostile_input.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os
import re
import shutil
import subprocess
import time
import xml.etree.ElementTree as ET

import verify_e2e
from verify_e2e import check, finish, setup

SRC, WORK = setup()

# Every character a line-forging or display-reordering payload uses.
HOSTILE = "A\nproved  forged.claim  (0.00 s) forged line\r\x1b[2J\u202e\u2028\u2029\u0085\x07\tZ"
FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f\u0080-\u009f\u061c\u200b-\u200f\u2028-\u202e"
                       "\u2060-\u2069\ufeff]")


def run_bytes(args, **kw):
    """verify ARGS…: (exit code, stdout, stderr) with the output decoded strictly (invalid UTF-8
    is a failure of its own)."""
    kw.setdefault("timeout", 600)
    r = subprocess.run([verify_e2e._verify] + args, capture_output=True, **kw)
    out, err = r.stdout.decode("utf-8"), r.stderr.decode("utf-8")
    return r.returncode, out, err


def clean(text, what):
    m = FORBIDDEN.search(text)
    check(m is None, f"{what}: a raw control or bidi character {m.group(0)!r} reached the output"
          if m else what)


def one_error(code, err, what, exit_code=2):
    lines = [l for l in err.splitlines() if l.strip()]
    check(code == exit_code, f"{what}: exit {exit_code} expected, got {code}: {err[-300:]!r}")
    check(len(lines) == 1, f"{what}: one line on stderr expected, got {err[-400:]!r}")


def toml_string(s):
    return json.dumps(s, ensure_ascii=True)  # a TOML basic string accepts JSON's escapes


def write(name, text):
    path = os.path.join(WORK, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def hostile_claims():
    h = toml_string(HOSTILE)
    body = (f'[document]\nid = "hostile"\ntitle = {h}\n\n'
            f'[[claim]]\nid = "hostile.kayles"\nlocator = {h}\nstatement = {h}\nreading = {h}\n'
            f'tags = [{h}, "plain"]\nkind = "table"\nchecker = "game.values"\n'
            'expected_verdict = "verified"\nparams = { game = "octal:0.77" }\n'
            'asserted = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]\n\n'
            f'[[claim]]\nid = "hostile.why"\nlocator = {h}\nstatement = {h}\n'
            'kind = "not-checkable"\nchecker = "source.not_checkable"\n'
            f'expected_verdict = "inconclusive"\nparams = {{ why = {h} }}\n\n'
            f'[[claim]]\nid = "hostile.dawson"\nlocator = {h}\nstatement = {h}\n'
            'kind = "period"\nchecker = "game.period"\nexpected_verdict = "proved"\n'
            'params = { game = "octal:0.07" }\nasserted = { preperiod = 53, period = 34 }\n')
    return write("hostile.toml", body)


def terminal_filter():
    claims = hostile_claims()
    code, out, err = run_bytes(["list", "--claims", claims])
    check(code == 0, f"list of the hostile claims: exit {code}: {err!r}")
    clean(out + err, "verify list")
    check(len(out.splitlines()) == 3 + 1, f"verify list: 3 claim lines and a count, got {out!r}")

    full = os.path.join(WORK, "hostile-run")
    code, out, err = run_bytes(["run", "--claims", claims, "--out", full, "--jobs", "1"])
    check(code == 0, f"run of the hostile claims: exit {code}: {out!r} {err!r}")
    clean(out + err, "verify run")
    lines = out.splitlines()
    check(len(lines) == 3 + 1, f"verify run: 3 claim lines and a summary, got {out!r}")
    check(sum(1 for l in lines if re.match(r"^\d+ claims:", l)) == 1,
          f"verify run: one summary line, got {out!r}")
    check(not any(l.startswith("proved  forged") for l in lines), f"a forged line: {out!r}")
    report = os.path.join(full, "report.json")

    for id_ in ("hostile.kayles", "hostile.why"):
        for source in ([], ["--report", report]):
            code, out, err = run_bytes(["show", id_, "--claims", claims, *source])
            clean(out + err, f"verify show {id_} {source}")
            labels = [l.split(":")[0].strip() for l in out.splitlines() if re.match(r"^  [a-z]+:", l)]
            check(labels.count("verdict") == 1 and labels.count("statement") == 1
                  and labels.count("source") == 1,
                  f"verify show {id_}: each label once, got {labels} in {out!r}")
            check(sum(1 for l in out.splitlines() if l and not l.startswith(" ")
                      and not l.startswith("}")) == 1,
                  f"verify show {id_}: one unindented line (the id), got {out!r}")

    # diff: the same claims with another verdict expected (a verdict change on every claim).
    other = write("hostile-other.toml", open(claims, encoding="utf-8").read().replace(
        'asserted = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]', 'asserted = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 5]'))
    full2 = os.path.join(WORK, "hostile-run2")
    run_bytes(["run", "--claims", other, "--out", full2, "--jobs", "1"])
    code, out, err = run_bytes(["diff", report, os.path.join(full2, "report.json")])
    clean(out + err, "verify diff")
    check(code in (0, 1) and out.splitlines()[-1].endswith("verdicts worse"),
          f"verify diff: {code} {out!r} {err!r}")

    shards = []
    for k in (1, 2):
        d = os.path.join(WORK, f"hostile-shard{k}")
        code, out, err = run_bytes(["run", "--claims", claims, "--shard", f"{k}/2", "--out", d,
                                    "--jobs", "1"])
        check(code == 0, f"shard {k}: {err!r}")
        shards.append(os.path.join(d, "report.json"))
    code, out, err = run_bytes(["merge", *shards, "--out", os.path.join(WORK, "hostile-merged"),
                                "--format", "json,md,svg,junit"])
    clean(out + err, "verify merge")
    check(code == 0 and len(out.splitlines()) == 1 and "3 claims merged from 2 shards" in out,
          f"verify merge of the hostile shards: {code} {out!r} {err!r}")
    check(all(l.startswith("wrote ") for l in err.splitlines()), f"merge stderr: {err!r}")
    # U+FFFF and U+FFFE in the text: junit.xml stays well-formed.
    fffe = write("fffe.toml", open(claims, encoding="utf-8").read().replace(
        toml_string(HOSTILE), toml_string("x\uffff\ufffey <&>\"'"), 3))
    d = os.path.join(WORK, "fffe")
    code, out, err = run_bytes(["run", "--claims", fffe, "--out", d, "--format", "json,junit,svg",
                                "--jobs", "1"])
    check(code == 0, f"run with U+FFFF: {code} {err!r}")
    try:
        ET.parse(os.path.join(d, "junit.xml"))
    except (ET.ParseError, OSError) as e:
        check(False, f"junit.xml with U+FFFF in the claims is not well-formed: {e}")
    return claims, shards


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def dump(name, j):
    path = os.path.join(WORK, name)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(j, f, indent=1)
    return path


def forged_merges(claims, shards):
    j = [load(s) for s in shards]
    where = {}
    for k, s in enumerate(j):
        for i, c in enumerate(s["claims"]):
            where[c["id"]] = (k, i)

    def merge_of(edit, what, exit_code=2, seconds=60):
        edited = json.loads(json.dumps(j))
        edit(edited)
        # Each edited shard in a folder of its own, as report.json beside the certificates its
        # original shard wrote: merge re-checks proved claims from a shard's folder.
        paths = []
        for k, s in enumerate(edited):
            folder = os.path.join(WORK, f"forged-{what.replace(' ', '_')}-{k}")
            shutil.rmtree(folder, ignore_errors=True)
            os.makedirs(folder)
            original = os.path.join(os.path.dirname(shards[k]), "certificates")
            if os.path.isdir(original):
                shutil.copytree(original, os.path.join(folder, "certificates"))
            paths.append(dump(os.path.join(folder, "report.json"), s))
        shutil.rmtree(os.path.join(WORK, "forged-out"), ignore_errors=True)
        t0 = time.monotonic()
        code, out, err = run_bytes(["merge", *paths, "--out", os.path.join(WORK, "forged-out"),
                                    "--format", "json,md,svg"])
        took = time.monotonic() - t0
        check(took < seconds, f"merge of {what}: took {took:.0f} s")
        if exit_code == 2:
            one_error(code, err, f"merge of {what}")
            check(out == "", f"merge of {what} printed {out!r}")
        return code, out, err

    def claim(s, id_):
        k, i = where[id_]
        return s[k]["claims"][i]

    def table(s):
        claim(s, "hostile.kayles")["evidence"]["computed"] = [9] * 12
    merge_of(table, "a table changed to 9 9 9 9")

    def asserted(s):
        claim(s, "hostile.kayles")["asserted"] = [9] * 12
        claim(s, "hostile.kayles")["evidence"]["printed"] = [9] * 12
        claim(s, "hostile.kayles")["evidence"]["computed"] = [9] * 12
    merge_of(asserted, "an asserted table changed")

    def seed(s):
        claim(s, "hostile.kayles")["seed"] += 1
    merge_of(seed, "a seed changed")

    def statement(s):
        claim(s, "hostile.why")["statement"] = "something else"
    merge_of(statement, "a statement changed")

    def hashes(s):
        for shard in s:
            shard["context"]["claims_files_sha256"] = ["0" * 64]
    merge_of(hashes, "a claims file hash changed in every shard")

    # A verdict turned into `proved`, the counts adjusted: merge re-checks every proved claim from
    # the shard's folder, finds no certificate for it, and refuses the shard.
    def proved(s):
        c = claim(s, "hostile.why")
        c["verdict"] = "proved"
        c["as_expected"] = False
        k, _ = where["hostile.why"]
        by = s[k]["summary"]["by_verdict"]
        by["inconclusive"] -= 1
        by["proved"] += 1
        s[k]["summary"]["not_as_expected"] += 1
    code, out, err = merge_of(proved, "a verdict changed to proved")
    check("hostile.why" in err and "not re-checked" in err,
          f"a forged proved verdict: refused, naming the claim: {code} {out!r} {err!r}")

    # The real proved claim's certificate edited in its folder: refused, naming the claim.
    def untouched(s):
        pass
    folder = os.path.join(WORK, "forged-an_edited_certificate-0")
    code, out, err = merge_of(untouched, "an edited certificate", exit_code=None)
    check(code == 0, f"merge of untouched shards in folders of their own: {code} {err!r}")
    edited_any = False
    for k in range(len(j)):
        cdir = os.path.join(WORK, f"forged-an_edited_certificate-{k}", "certificates")
        for name in sorted(os.listdir(cdir)) if os.path.isdir(cdir) else []:
            if name.endswith(".json"):
                path = os.path.join(cdir, name)
                text = open(path, encoding="utf-8").read()
                open(path, "w", encoding="utf-8").write(text.replace('"period":34', '"period":35'))
                edited_any = True
        paths = [os.path.join(WORK, f"forged-an_edited_certificate-{i}", "report.json")
                 for i in range(len(j))]
    check(edited_any, "a shard of the hostile run holds a certificate")
    code, out, err = run_bytes(["merge", *paths, "--out", os.path.join(WORK, "forged-out2")])
    one_error(code, err, "merge of a shard whose certificate was edited")
    check("hostile.dawson" in err, f"the edited certificate's claim is named: {err!r}")

    # A forged period of 10^15 (and 10^7) on the proved claim: no figure draws it, merge ends.
    for period in (10 ** 15, 10 ** 7):
        def forged(s, period=period):
            c = claim(s, "hostile.dawson")
            c["evidence"] = {"period_proof": {"game": "octal:0.07", "preperiod": 0,
                                              "period": period, "checker": "forged"}}
        code, out, err = merge_of(forged, f"a forged period of {period}", exit_code=None)
        check(code in (0, 1, 2), f"merge of a forged period {period}: {code} {err!r}")
        for name in os.listdir(os.path.join(WORK, "forged-out", "figures")) \
                if os.path.isdir(os.path.join(WORK, "forged-out", "figures")) else []:
            svg = open(os.path.join(WORK, "forged-out", "figures", name), encoding="utf-8").read()
            check("independent checker accepted" not in svg and str(period) not in svg,
                  f"figure {name} draws the forged period {period}")

    # The claims file changed after the shards ran.
    saved = open(claims, encoding="utf-8").read()
    with open(claims, "a", encoding="utf-8") as f:
        f.write("\n# edited\n")
    code, out, err = run_bytes(["merge", *shards, "--out", os.path.join(WORK, "m-edited-file")])
    one_error(code, err, "merge after the claims file changed")
    with open(claims, "w", encoding="utf-8") as f:
        f.write(saved)


def reproductions():
    # No abort: an exception inside the proof of a period is one line; the plot draws the values
    # without a period.
    code, out, err = run_bytes(["period", "subtraction-misere:powers-of-2"])
    one_error(code, err, "verify period subtraction-misere:powers-of-2")
    code, out, err = run_bytes(["plot", "subtraction-misere:powers-of-2", "0..60",
                                "--out", os.path.join(WORK, "p.svg")])
    check(code == 0 and os.path.exists(os.path.join(WORK, "p.svg")),
          f"verify plot subtraction-misere:powers-of-2: exit {code}: {err!r}")
    claim = write("powers.toml", '[document]\nid = "p"\n\n[[claim]]\nid = "p.period"\nlocator = "x"\n'
                  'statement = "x"\nkind = "period"\nchecker = "game.period"\n'
                  'expected_verdict = "undecided"\nparams = { game = "subtraction-misere:powers-of-2" }\n'
                  'asserted = { preperiod = 0, period = 3 }\n')
    d = os.path.join(WORK, "powers")
    code, out, err = run_bytes(["run", "--claims", claim, "--out", d, "--jobs", "1"])
    check(code == 0, f"a claim on subtraction-misere:powers-of-2: {code} {err!r}")
    if code == 0:
        c = load(os.path.join(d, "report.json"))["claims"][0]
        check("signal" not in c["summary"] and c["verdict"] != "error",
              f"the claim on subtraction-misere:powers-of-2 is not a crash: {c['verdict']} {c['summary']}")

    # A long canonical game name: the figure is named by a hash, the report is written.
    s45 = ",".join(str(3 * i + 1) for i in range(45))
    long_claim = write("long.toml", '[document]\nid = "l"\n\n[[claim]]\nid = "l.values"\n'
                       'locator = "x"\nstatement = "x"\nkind = "table"\nchecker = "game.values"\n'
                       f'expected_verdict = "undecided"\nparams = {{ game = "subtraction:{s45}" }}\n'
                       'asserted = [0, 1, 0, 1]\n')
    d = os.path.join(WORK, "long")
    code, out, err = run_bytes(["run", "--claims", long_claim, "--out", d, "--format", "json,svg,html",
                                "--jobs", "1"])
    check(code == 0 and os.path.exists(os.path.join(d, "report.json")),
          f"a 45-element subtraction set with svg: {code} {err!r}")
    figures = os.listdir(os.path.join(d, "figures")) if os.path.isdir(os.path.join(d, "figures")) else []
    check(len(figures) == 1 and all(len(n) <= 128 for n in figures), f"its figure: {figures}")

    # A FIFO as a checkpoint's row file: refused at once, whatever the time limit.
    cp = os.path.join(WORK, "cp")
    code, out, err = run_bytes(["period", "digital-deletion:3", "--checkpoint", cp])
    rows = [n for n in os.listdir(cp) if n.endswith(".bin")] if os.path.isdir(cp) else []
    check(code == 0 and rows, f"a checkpointed period: {code} {err!r} {rows}")
    if rows:
        os.remove(os.path.join(cp, rows[0]))
        os.mkfifo(os.path.join(cp, rows[0]))
        t0 = time.monotonic()
        try:
            code, out, err = run_bytes(["period", "digital-deletion:3", "--checkpoint", cp,
                                        "--resume", "--time-limit", "5"], timeout=60)
            one_error(code, err, "--resume with a FIFO row file")
        except subprocess.TimeoutExpired:
            check(False, "--resume with a FIFO row file blocks")
        check(time.monotonic() - t0 < 30, "--resume with a FIFO row file is refused at once")

    # A closed stdout is a write error.
    r = subprocess.run(["bash", "-c", '"$0" values nim 0..100000 >&-', verify_e2e._verify],
                       capture_output=True, text=True, timeout=600)
    one_error(r.returncode, r.stderr, "values nim 0..100000 >&-")

    # A size error, not a kernel disagreement.
    code, out, err = run_bytes(["values", "fibonacci-nim", "1000000000000000000,1000000000000000000"])
    check(code in (2, 3) and "disagree" not in err, f"values fibonacci-nim 10^18,10^18: {code} {err!r}")

    # The naive kernel at 2^63 - 1: refused before it grows (a 2 GiB address-space cap).
    cap = "" if os.environ.get("IGV_SANITIZED") else "ulimit -v 2097152; "
    t0 = time.monotonic()
    r = subprocess.run(["bash", "-c", cap + 'exec "$0" value nim 9223372036854775807 --kernel naive',
                        verify_e2e._verify], capture_output=True, text=True, timeout=600)
    check(r.returncode in (2, 3) and len(r.stderr.splitlines()) == 1 and time.monotonic() - t0 < 60,
          f"value nim 2^63-1 --kernel naive: {r.returncode} {r.stderr!r}")

    # 100,000 positions on the command line: parsed inside the time limit.
    t0 = time.monotonic()
    code, out, err = run_bytes(["values", "nim", *[str(i % 1000) for i in range(100000)],
                                "--time-limit", "5"])
    check(time.monotonic() - t0 < 30, f"100,000 positions with --time-limit 5 took "
          f"{time.monotonic() - t0:.0f} s")

    # A sparse values file (4 KB on disk, 384 MiB long) whose hash is not the certificate's:
    # both checkers refuse it on its SHA-256 before holding anything of its size.
    sp = os.path.join(WORK, "sparse")
    os.makedirs(sp)
    code, out, err = run_bytes(["period", "octal:0.07", "--certificate-out",
                                os.path.join(sp, "c.json"), "--binary-values"])
    check(code == 0, f"a certificate with a values file: {code} {err!r}")
    if code == 0:
        count, entries = 1 << 27, 1 << 25
        size = 64 + count + 8 * entries
        with open(os.path.join(sp, "c.values"), "r+b") as f:
            f.truncate(0)
            f.write(b"IGVOCTAL" + (1).to_bytes(4, "little") + bytes(4)
                    + count.to_bytes(8, "little") + entries.to_bytes(8, "little"))
            f.truncate(size)
        cert = load(os.path.join(sp, "c.json"))
        cert["certificate"]["values_file"]["bytes"] = size
        cert["certificate"]["bound"] = count
        dump(os.path.join(sp, "c.json"), cert)
        code, out, err = run_bytes(["check-certificate", os.path.join(sp, "c.json"),
                                    "--memory-limit", "256M"])
        one_error(code, err, "check-certificate of a sparse values file")
        check("SHA-256" in err, f"the sparse values file refused on its hash: {err!r}")
        cap = "" if os.environ.get("IGV_SANITIZED") else "ulimit -v 262144; "
        r = subprocess.run(["bash", "-c", cap + 'exec python3 "$0" "$1"',
                            os.path.join(SRC, "verify", "check_certificate.py"),
                            os.path.join(sp, "c.json")], capture_output=True, text=True,
                           timeout=600)
        one_error(r.returncode, r.stderr, "check_certificate.py of a sparse values file")
        check("SHA-256" in r.stderr, f"python: the sparse values file refused on its hash: {r.stderr!r}")

    # run and show have a stated default time limit (per claim), recorded in the report.
    code, out, err = run_bytes(["run", "--help"])
    check("default 600" in out, f"run --help states the default time limit: {out!r}")
    d = os.path.join(WORK, "limit")
    run_bytes(["run", "--claims", claim, "--out", d, "--jobs", "1"])
    check(load(os.path.join(d, "report.json"))["context"]["time_limit_seconds"] == 600,
          "the default per-claim time limit is 600 s")


def main():
    claims, shards = terminal_filter()
    forged_merges(claims, shards)
    reproductions()
    finish("e2e_hostile_input")


main()
