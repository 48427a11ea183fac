#!/usr/bin/env python3
"""The command line as people expect it (issue 25): `--version`, a bare `verify`, `COMMAND
--help` for every command, `--format` without `--out`, the `period` answer (a summary; the
certificate only in --certificate-out; `verdict` always in its JSON), b-files only for ranges,
the documented regeneration of reports/published/, and the progress line: drawn on a terminal
(never glued to an output line), absent otherwise.
Usage (from ctest): e2e_cli_usage.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os
import pty
import re
import shutil
import subprocess

import verify_e2e
from verify_e2e import check, finish, run, setup

SRC, WORK = setup()

# Every command `verify help` lists (kernel-host is internal and not listed).
COMMANDS = ["run", "list", "show", "value", "values", "period", "cross-check", "plot",
            "check-certificate", "check-report", "diff", "merge", "migrate", "games", "checkers",
            "kernels"]


def one_error_line(r, what, needle=""):
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    check(r.returncode == 2, f"{what}: exit 2 expected, got {r.returncode}: {r.stderr!r}")
    check(len(lines) == 1 and lines[0].startswith("verify: error: ") and needle in lines[0],
          f"{what}: one 'verify: error:' line with {needle!r} expected, got {r.stderr!r}")
    check(r.stdout == "", f"{what}: nothing on stdout, got {r.stdout[:200]!r}")


def on_terminal(args, both=False):
    """Runs verify with stderr on a pseudo-terminal (and stdout too when `both`); returns (exit
    code, the bytes the terminal received, stdout when it was a pipe)."""
    master, slave = pty.openpty()
    out = slave if both else subprocess.PIPE
    p = subprocess.Popen([verify_e2e._verify] + args, stdout=out, stderr=slave)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the other side closed
            break
        if not chunk:
            break
        seen += chunk
    stdout = b"" if both else p.stdout.read()
    code = p.wait(timeout=600)
    os.close(master)
    return code, seen.decode("utf-8", "replace"), stdout.decode()


def screen(text):
    """The lines a terminal shows for `text`: carriage return, erase to end of line, newline."""
    lines, cur, col = [], [], 0
    i = 0
    while i < len(text):
        if text.startswith("\x1b[K", i):
            del cur[col:]
            i += 3
            continue
        c = text[i]
        if c == "\r":
            col = 0
        elif c == "\n":
            lines.append("".join(cur))
            cur, col = [], 0
        else:
            if col < len(cur):
                cur[col] = c
            else:
                cur.append(c)
            col += 1
        i += 1
    if cur:
        lines.append("".join(cur))
    return lines


def main():
    # --- --version, bare verify, --help --------------------------------------------------------
    r = run(["--version"])
    check(r.returncode == 0 and r.stderr == "", f"--version: {r.returncode} {r.stderr!r}")
    lines = r.stdout.splitlines()
    check(len(lines) >= 2 and re.fullmatch(r"verify \d+\.\d+\.\d+", lines[0]) is not None,
          f"--version names the version: {r.stdout!r}")
    m = re.fullmatch(r"commit ([0-9a-f]{40})(-dirty)?|commit unknown", lines[1] if len(lines) > 1 else "")
    check(m is not None, f"--version names the commit: {r.stdout!r}")
    if m and m.group(1) and shutil.which("git") and os.path.exists(os.path.join(SRC, ".git")):
        known = subprocess.run(["git", "-C", SRC, "cat-file", "-e", m.group(1) + "^{commit}"],
                               capture_output=True)
        check(known.returncode == 0, f"--version's commit {m.group(1)} is a commit of the sources")
    r = run([])
    check(r.returncode == 2 and r.stdout == "" and r.stderr.startswith("usage: verify COMMAND"),
          f"bare verify: usage on stderr, exit 2: {r.returncode} {r.stderr[:100]!r}")
    r = run(["--help"])
    check(r.returncode == 0 and r.stdout.startswith("usage: verify COMMAND") and r.stderr == "",
          f"verify --help: {r.returncode} {r.stderr!r}")
    listed = set(re.findall(r"^  ([a-z][a-z-]+)", r.stdout, re.M))
    check(listed - {"help"} <= set(COMMANDS) | {"games"},
          f"this test knows every command `verify help` lists: {sorted(listed - set(COMMANDS))}")
    one_error_line(run(["--quiet"]), "an option before any command", "a command comes first")
    one_error_line(run(["--version", "x"]), "--version with an argument")

    # --- COMMAND --help: that command's help, exit 0, for every command -----------------------
    for cmd in COMMANDS:
        r = run([cmd, "--help"])
        check(r.returncode == 0 and r.stderr == "", f"{cmd} --help: exit {r.returncode} {r.stderr!r}")
        check(r.stdout.startswith("usage: verify " + cmd), f"{cmd} --help prints its usage: {r.stdout[:120]!r}")
        r2 = run([cmd, "-h"])
        check(r2.returncode == 0 and r2.stdout == r.stdout, f"{cmd} -h is --help")
        # The options that only carry positional arguments are the usage line's GAME, RANGE, FILE.
        internal = re.findall(r"^  --(args|claim|file|game|reports|spec) ", r.stdout, re.M)
        check(not internal, f"{cmd} --help shows no internal positional option, got {internal}")

    # --- --format without --out ---------------------------------------------------------------
    before = set(os.listdir(WORK))
    one_error_line(run(["run", "frolov2012.s1.nim_sum", "--format", "html"]), "run --format without --out",
                   "--out")
    check(set(os.listdir(WORK)) == before, "nothing written")

    # --- period: a summary; the certificate only in --certificate-out; verdict in every JSON ---
    r = run(["period", "subtraction:1,3,4"])
    check(r.returncode == 0, f"period text: {r.returncode} {r.stderr!r}")
    fields = dict(l.split(":", 1) for l in r.stdout.splitlines() if ":" in l)
    fields = {k.strip(): v.strip() for k, v in fields.items()}
    for key, want in (("game", "subtraction:1,3,4"), ("verdict", "proved"), ("preperiod", "0"),
                      ("period", "7"), ("saltus", "0")):
        check(fields.get(key) == want, f"period text {key}: {fields.get(key)!r}, expected {want!r}")
    check("checker" in fields and "theorem" in fields and "checked" in fields, f"how it was proved: {r.stdout!r}")
    check("{" not in r.stdout and len(r.stdout.splitlines()) <= 12, f"no certificate dump: {r.stdout!r}")
    cert = os.path.join(WORK, "s134.json")
    r = run(["period", "subtraction:1,3,4", "--format", "json", "--certificate-out", cert])
    a = json.loads(r.stdout) if r.returncode == 0 else {}
    check(a.get("verdict") == "proved" and (a.get("preperiod"), a.get("period")) == (0, 7),
          f"period json: {a}")
    check(a.get("certificate_file") == cert and "certificate" not in a, f"the answer names the file: {a}")
    c = run(["check-certificate", cert])
    check(c.returncode == 0 and c.stdout.startswith("s VERIFIED"), f"the saved certificate checks: {c.stdout!r}")
    r = run(["period", "octal:0.777", "--time-limit", "0.3", "--format", "json"])
    j = json.loads(r.stdout) if r.returncode == 3 else {}
    check(j.get("verdict") == "inconclusive", f"inconclusive json has its verdict: {r.returncode} {r.stdout[:200]!r}")

    # --- b-files: one-index ranges only ------------------------------------------------------
    r = run(["values", "octal:0.07", "3..5", "--format", "bfile"])
    check(r.returncode == 0 and r.stdout.splitlines()[1:] == ["3 1", "4 2", "5 0"], f"bfile of a range: {r.stdout!r}")
    one_error_line(run(["values", "wythoff", "0,0", "1,2", "--format", "bfile"]),
                   "bfile of two-index positions", "a..b")
    one_error_line(run(["values", "octal:0.07", "3", "5", "--format", "bfile"]),
                   "bfile of positions one by one", "a..b")

    # --- the documented regeneration of reports/published/ is not refused -------------------
    # (README, reports/REPORTS.md: `verify run --out reports/published …`): the folder holds a
    # report set and nothing else, so a run may replace it. Tried on a copy, with one claim.
    copy = os.path.join(WORK, "published")
    shutil.copytree(os.path.join(SRC, "reports", "published"), copy)
    r = run(["run", "frolov2012.s1.nim_sum", "--out", copy, "--format", "json,md,tex,csv,svg,html", "-q"])
    check(r.returncode == 0, f"run --out (a copy of) reports/published: {r.returncode} {r.stderr[-300:]!r}")

    # --- progress: on a terminal only, never glued to an output line ---------------------------
    r = run(["run", "frolov2012.s1.nim_sum", "frolov2012.table1.left"])
    check(r.returncode == 0 and "\r" not in r.stderr and "ETA" not in r.stderr,
          f"no progress when stderr is not a terminal: {r.stderr!r}")
    code, seen, _ = on_terminal(["run", "frolov2012.s1.nim_sum", "frolov2012.table1.left"], both=True)
    check(code == 0, f"run on a terminal: exit {code}: {seen[-300:]!r}")
    check("run: 0/2 claims done" in seen and "\x1b[K" in seen, f"the progress line is drawn: {seen!r}")
    shown = [l for l in screen(seen) if l.strip()]
    check(len(shown) == 3 and shown[0].startswith("verified") and shown[1].startswith("verified")
          and shown[2].startswith("2 claims:"), f"per-claim lines not glued to the progress: {shown!r}")
    code, seen, out = on_terminal(["period", "octal:0.16"])
    check(code == 0 and "verdict:    proved" in out, f"period on a terminal: {code} {out[-200:]!r}")
    check("period octal:0.16: " in seen and screen(seen) in ([], [""]),
          f"the period's progress is drawn, then erased: {seen[-300:]!r}")
    r = run(["period", "octal:0.16"])
    check(r.returncode == 0 and r.stderr == "", f"no progress off a terminal: {r.stderr[-200:]!r}")
    finish("e2e_cli_usage")


main()
