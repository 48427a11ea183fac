#!/usr/bin/env python3
"""Hostile input and faults (issue #13): one regression check per reproduction of the issue.

Nothing crashes (no exit by a signal), nothing false is accepted, no report set is mixed, no
answer is lost: each hostile input gets a clean answer, one `verify: error:` line and exit 2, or
the right verdict. The big inputs are generated here. The kill test (random signals during runs)
is tests/e2e/e2e_faults.py.
Usage (from ctest): e2e_hostile.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os
import subprocess
import time

import verify_e2e
from verify_e2e import check, finish, period_certificate, run, setup

SRC, WORK = setup()
FALSE_CLAIMS = os.path.join(SRC, "tests", "data", "false_claims.toml")


def clean_error(r, what, seconds=None):
    """Exit 2 with exactly one 'verify: error:' line on stderr (and within `seconds`)."""
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    check(r.returncode == 2, f"{what}: exit 2 expected, got {r.returncode}: {r.stderr[-300:]!r}")
    check(len(lines) == 1 and lines[0].startswith("verify: error: "),
          f"{what}: one 'verify: error:' line expected, got {r.stderr[-300:]!r}")


def timed(args, **kw):
    t0 = time.monotonic()
    r = run(args, **kw)
    return r, time.monotonic() - t0


def write(name, text):
    path = os.path.join(WORK, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def claims_file(name, checker, params, asserted=None, expected="verified"):
    body = ('[document]\nid = "hostile"\n\n[[claim]]\nid = "hostile.' + name + '"\n'
            'locator = "test"\nstatement = "test"\nkind = "example"\n'
            f'checker = "{checker}"\nexpected_verdict = "{expected}"\nparams = {params}\n')
    if asserted is not None:
        body += f"asserted = {asserted}\n"
    return write(name + ".toml", body)


def not_accepted(path, what):
    """A claim with out-of-range parameters: refused at load (exit 2, one line) or run to an
    `error` verdict; never verified or proved, never a crash."""
    out = os.path.join(WORK, "out-" + os.path.basename(path))
    r = run(["run", "--claims", path, "--out", out, "--jobs", "1"])
    check(r.returncode in (0, 1, 2), f"{what}: exit by signal {r.returncode}: {r.stderr[-300:]!r}")
    if r.returncode == 2:
        clean_error(r, what)
        return
    with open(os.path.join(out, "report.json")) as f:
        verdicts = [c["verdict"] for c in json.load(f)["claims"]]
    check(verdicts and all(v not in ("verified", "proved", "passed") for v in verdicts),
          f"{what}: out-of-range parameters must not be accepted, got {verdicts}")


def small_report(name, extra_args=()):
    out = os.path.join(WORK, name)
    r = run(["run", "--claims", FALSE_CLAIMS, "--out", out, "--jobs", "1", *extra_args])
    check(r.returncode == 0, f"run for {name}: {r.stderr[-300:]!r}")
    return os.path.join(out, "report.json")


def load(path):
    with open(path) as f:
        return json.load(f)


def dump(name, j):
    path = os.path.join(WORK, name)
    with open(path, "w") as f:
        json.dump(j, f, indent=1)
    return path


def main():
    # --- 1. out-of-bounds reads from claim parameters ------------------------------------------
    not_accepted(claims_file("octal_neg_two", "octal.published_values",
                             '{ code = "0.07", first_index = -1 }', "[33, 0]"),
                 "octal.published_values first_index = -1, asserted [33, 0]")
    not_accepted(claims_file("octal_neg_one", "octal.published_values",
                             '{ code = "0.07", first_index = -1 }', "[0]"),
                 "octal.published_values first_index = -1, asserted [0]")
    not_accepted(claims_file("frolov_from", "frolov.row_arithmetic",
                             '{ function = "f", row = 0, period = 1, from = -1000000, offset = 1 }',
                             expected="proved"),
                 "frolov.row_arithmetic from = -1000000")
    not_accepted(claims_file("frolov_row", "frolov.row_arithmetic",
                             '{ function = "f", row = 1000000, period = 1, from = 0, offset = 1 }',
                             expected="proved"),
                 "frolov.row_arithmetic row = 1000000 (no row beyond 12 is computed)")

    # --- 2. deep nesting ---------------------------------------------------------------------
    deep_key = ".".join(["k"] * 20000)
    path = write("deep.toml", '[document]\nid = "d"\n\n[[claim]]\nid = "deep"\nlocator = "x"\n'
                 'statement = "x"\nkind = "example"\nchecker = "rook.table"\n'
                 'expected_verdict = "verified"\nparams.' + deep_key + " = 1\n")
    clean_error(run(["list", "--claims", path]), "verify list of a 20,000-deep dotted key")
    base = small_report("deep-base")
    deep = write("deep.json", '{"schema_version": "1.0.0", "context": {}, "claims": [{"id": "a", '
                 '"verdict": "proved", "evidence": ' + "[" * 100000 + "]" * 100000 + "}]}")
    clean_error(run(["diff", base, deep]), "verify diff of a 100,000-deep array")
    clean_error(run(["merge", deep, "--out", os.path.join(WORK, "deep-merged")]),
                "verify merge of a 100,000-deep array")

    # --- 3. work that grows without bound: answered at once, or within a small memory cap ---------
    def capped(args, seconds, what):
        """Runs verify under a 4 GiB address-space cap; returns the process. A sanitized build
        (IGV_SANITIZED, set by tests/tests.cmake) reserves terabytes of shadow address space at
        start, so there the cap is left off and only the time bound holds."""
        t0 = time.monotonic()
        cap = "" if os.environ.get("IGV_SANITIZED") else "ulimit -v 4194304; "
        r = subprocess.run(["bash", "-c", cap + 'exec "$0" "$@"', verify_e2e._verify,
                            *args], capture_output=True, text=True, timeout=600)
        took = time.monotonic() - t0
        check(took < seconds, f"{what}: took {took:.1f} s (at most {seconds} s expected)")
        return r

    r = capped(["run", "welter.relation.translate", "--budget", "1.25", "--jobs", "1"], 180,
               "welter.relation.translate at --budget 1.25")
    check(r.returncode == 0 and "verified" in r.stdout, f"translate at budget 1.25: {r.stdout}{r.stderr}")
    clean_error(capped(["value", "octal:0.07", "1000000000"], 60, "octal:0.07 1000000000"),
                "verify value octal:0.07 1000000000")
    r = capped(["value", "octal:0.07", "1000000000", "--max-moves", "0", "--format", "json"], 30,
               "octal:0.07 1000000000 --max-moves 0")
    check(r.returncode == 0 and json.loads(r.stdout or "{}").get("value") == 3,
          f"the value alone of octal:0.07 at 10^9: {r.stdout[-300:]}{r.stderr}")
    r = capped(["value", "nim", "1..30000", "--format", "json"], 60, "nim 1..30000")
    j = json.loads(r.stdout) if r.returncode == 0 else {}
    check(j.get("winning_moves_count") == 13617 and len(j.get("winning_moves", [])) == 1000,
          f"nim 1..30000: 13617 winning moves counted, 1000 listed: {r.stderr}")
    r = capped(["value", "nim", "1..30000", "--max-moves", "5", "--format", "json"], 60, "nim --max-moves 5")
    check(r.returncode == 0 and len(json.loads(r.stdout)["winning_moves"]) == 5, "--max-moves 5")
    clean_error(run(["value", "nim", "3,4,5", "--max-moves", "-1"]), "--max-moves -1")
    r = capped(["value", "welter", "1..10000", "--format", "json"], 60, "welter 1..10000")
    check(r.returncode == 0 and json.loads(r.stdout or "{}").get("value") == 10000,
          f"welter 1..10000: {r.stderr[-300:]}")
    clean_error(capped(["value", "sos:17", "empty"], 60, "sos:17 empty"), "verify value sos:17 empty")

    # --- 4. merge trusts its shards ----------------------------------------------------------
    s1 = small_report("shard1", ["--shard", "1/2"])
    s2 = small_report("shard2", ["--shard", "2/2"])
    r = run(["merge", s1, s2, "--out", os.path.join(WORK, "merged")])
    check(r.returncode == 0 and f"{open(FALSE_CLAIMS, encoding='utf-8').read().count('[[claim]]')} claims merged" in r.stdout, f"merge of a whole set: {r.stdout}{r.stderr}")
    j1 = load(s1)
    removed = dict(j1, claims=j1["claims"][1:])
    clean_error(run(["merge", dump("removed.json", removed), s2,
                     "--out", os.path.join(WORK, "m-removed")]), "merge of a shard with a claim removed")
    removed["context"]["shard_claims"] = removed["context"]["shard_claims"][1:]
    clean_error(run(["merge", dump("removed2.json", removed), s2,
                     "--out", os.path.join(WORK, "m-removed2")]),
                "merge of a shard with a claim and its record removed")
    j2 = load(s2)
    twice = dict(j2, claims=j2["claims"] + [j1["claims"][0]])
    twice["context"] = dict(j2["context"], shard_claims=j2["context"]["shard_claims"] + [j1["claims"][0]["id"]])
    clean_error(run(["merge", s1, dump("twice.json", twice), "--out", os.path.join(WORK, "m-twice")]),
                "merge of a claim present in two shards")
    clean_error(run(["merge", s1, "--out", os.path.join(WORK, "m-one")]), "merge of an incomplete set")
    other_seed = small_report("shard2-seed", ["--shard", "2/2", "--seed", "7"])
    clean_error(run(["merge", s1, other_seed, "--out", os.path.join(WORK, "m-seed")]),
                "merge of shards of different seeds")
    other_limit = small_report("shard2-limit", ["--shard", "2/2", "--time-limit", "100"])
    clean_error(run(["merge", s1, other_limit, "--out", os.path.join(WORK, "m-limit")]),
                "merge of shards of different limits")

    # --- 5. one report set in --out ----------------------------------------------------------
    out = os.path.join(WORK, "set")
    r = run(["run", "--claims", FALSE_CLAIMS, "--out", out, "--format", "json,md,tex,csv"])
    check(r.returncode == 0, f"run with four formats: {r.stderr}")
    r = run(["run", "--claims", FALSE_CLAIMS, "--out", out, "--format", "json"])
    check(r.returncode == 0, f"run with one format: {r.stderr}")
    check(sorted(os.listdir(out)) == ["report.json"],
          f"stale files of an earlier run stay beside a new report: {sorted(os.listdir(out))}")
    check(not [n for n in os.listdir(WORK) if ".verify-" in n], "temporary folders left behind")
    foreign = os.path.join(WORK, "foreign")
    os.makedirs(foreign)
    write("foreign/notes.txt", "mine")
    clean_error(run(["run", "--claims", FALSE_CLAIMS, "--out", foreign]),
                "--out holding files that are not a report")
    check(os.listdir(foreign) == ["notes.txt"], "a refused --out is left as it was")
    # A file-size limit: exit 2 with the reason, the old set untouched.
    old = os.path.join(WORK, "fsize")
    r = run(["run", "--claims", FALSE_CLAIMS, "--out", old, "--format", "json,md"])
    before = {n: open(os.path.join(old, n)).read() for n in os.listdir(old)}
    r = subprocess.run(["bash", "-c", 'ulimit -f 4; exec "$0" "$@"', verify_e2e._verify,
                        "run", "--claims", FALSE_CLAIMS, "--out", old, "--format", "json,md"],
                       capture_output=True, text=True, timeout=600)
    clean_error(r, "a run under ulimit -f 4")
    after = {n: open(os.path.join(old, n)).read() for n in os.listdir(old)}
    check(before == after, "a failed write must leave the old report set as it was")
    check(not [n for n in os.listdir(WORK) if ".verify-" in n], "temporary folders left after EFBIG")

    # --- 6. duplicate keys -------------------------------------------------------------------
    r, cert = period_certificate(["subtraction:1,3,4"], os.path.join(WORK, "saved.json"))
    check(r.returncode == 0, f"verify period subtraction:1,3,4: {r.stderr}")
    good = write("cert.json", cert)
    check(run(["check-certificate", good]).returncode == 0, "the certificate as printed is accepted")
    # The last of two keys used to win: a wrong period first, the right one after it.
    dup = write("cert-dup.json", cert.replace('"period": 7', '"period": 19, "period": 7', 1))
    check('"period": 19, "period": 7' in open(dup).read(), "duplicate-key certificate written")
    clean_error(run(["check-certificate", dup]), "a certificate with a key given twice")
    text = open(base).read().replace('"schema_version"', '"schema_version": "1.0.0", "schema_version"', 1)
    clean_error(run(["diff", base, write("dup-report.json", text)]), "a report with a key given twice")
    clean_error(run(["merge", write("dup-shard.json", open(s1).read().replace(
        '"shard":', '"shard": "1/2", "shard":', 1)), s2, "--out", os.path.join(WORK, "m-dup")]),
        "a shard with a key given twice")

    # --- 7. write errors -----------------------------------------------------------------------
    if os.path.exists("/dev/full"):
        with open("/dev/full", "w") as full:
            for args in (["period", "octal:0.07", "--format", "json"], ["value", "nim", "3,4,5"],
                         ["list"], ["run", "--claims", FALSE_CLAIMS]):
                r = subprocess.run([verify_e2e._verify] + args, stdout=full,
                                   stderr=subprocess.PIPE, text=True, timeout=600)
                clean_error(r, "verify " + " ".join(args) + " > /dev/full")

    # --- 8. input checks -------------------------------------------------------------------------
    r, secs = timed(["value", "welter", "@/dev/zero"])
    clean_error(r, "a position read from @/dev/zero")
    check(secs < 60, f"@/dev/zero refused at once, took {secs:.1f} s")
    r, secs = timed(["list", "--claims", "/dev/zero"])
    clean_error(r, "--claims /dev/zero")
    check(secs < 60, f"--claims /dev/zero refused at once, took {secs:.1f} s")
    clean_error(run(["value", "welter", "@" + WORK]), "a position read from a folder")
    big = os.path.join(WORK, "big.txt")
    with open(big, "wb") as f:
        f.truncate(65 << 20)
    clean_error(run(["value", "welter", "@" + big]), "a 65 MiB position file")
    clean_error(run(["run", "--claims", FALSE_CLAIMS, "--time-limit", "nan"]), "--time-limit nan")
    clean_error(run(["run", "--claims", FALSE_CLAIMS, "--seed", "-1"]), "--seed -1")
    clean_error(run(["diff", base, base, "--timing-ratio", "-1"]), "--timing-ratio -1")
    clean_error(run(["diff", base, base, "--timing-ratio", "nan"]), "--timing-ratio nan")
    j = load(base)
    dup_ids = dict(j, claims=j["claims"] + j["claims"][:1])
    clean_error(run(["diff", base, dump("dup-ids.json", dup_ids)]), "a report with a claim id twice")
    clean_error(run(["diff", base, dump("schema9.json", dict(j, schema_version="9.0.0"))]),
                "a report of an unknown schema_version")
    broken = dict(j, claims=[dict(j["claims"][0])] + j["claims"][1:])
    del broken["claims"][0]["statement"]
    r = run(["show", j["claims"][0]["id"], "--report", dump("broken.json", broken)])
    clean_error(r, "verify show --report of a record without a statement")
    check(r.stdout == "", f"verify show prints nothing of a broken record, printed {r.stdout!r}")
    # A read-only --out is found before any claim runs.
    if os.geteuid() != 0:
        ro = os.path.join(WORK, "ro")
        os.makedirs(ro)
        os.chmod(ro, 0o555)
        target = os.path.join(ro, "out")
    else:
        target = "/proc/igv-hostile-out"  # nothing can be made there, not even by root
    r, secs = timed(["run", "--out", target])
    clean_error(r, "a read-only --out")
    check(secs < 60, f"a read-only --out is found at the start, took {secs:.1f} s")

    finish("e2e_hostile")


main()
