#!/usr/bin/env python3
"""End-to-end test of `verify period --checkpoint DIR` and `--resume` (Frolov rows).

A run of digital-deletion:11 (g and f rows 0..11, about 2.7 * 10^7 row cells) is killed with
SIGKILL in the middle of a row, twice, and resumed each time; its output (the certificate) must
be byte-identical to the output of an uninterrupted run without checkpoints, and both checkers
must accept it. A run stopped by its time limit resumes to the same output too. A corrupt or mismatched checkpoint, a --resume without a checkpoint and a
--checkpoint over an existing one are input errors (exit 2, one line), and so is a state.json
whose row in progress has garbage in `row_mask` or search counters (ja, jb) beyond its columns.
Usage (from ctest): e2e_period_checkpoint.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import verify_e2e
from verify_e2e import check, finish, run, setup

SRC, WORK = setup()
GAME = "digital-deletion:11"


def state(d):
    try:
        with open(os.path.join(d, "state.json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def kill_mid_row(d, resume, least_rows):
    """Starts `verify period GAME --checkpoint d` (with --resume when asked) and kills it with
    SIGKILL once the checkpoint holds `least_rows` proved rows and a row in progress. Returns
    True when it was killed that way (False: it ended first)."""
    args = [verify_e2e._verify, "period", GAME, "--format", "json", "--checkpoint", d,
            "--checkpoint-every", "1000000"] + (["--resume"] if resume else [])
    p = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 300
    while p.poll() is None and time.monotonic() < deadline:
        s = state(d)
        if s and s.get("current") and len(s.get("rows", [])) >= least_rows:
            p.send_signal(signal.SIGKILL)
            p.wait()
            print(f"killed with {len(s['rows'])} rows proved, row in progress: {s['current']['function']} "
                  f"{s['current']['m']} at column {s['current']['columns']}")
            return True
        time.sleep(0.002)
    p.wait()
    print(f"the run ended before it could be killed (exit {p.returncode}): {p.stderr.read()!r}")
    return False


def error_line(args, what, needle):
    r = run(["period"] + args)
    lines = r.stderr.splitlines()
    check(r.returncode == 2 and len(lines) == 1 and lines[0].startswith("verify: error: ")
          and needle in lines[0] and r.stdout == "",
          f"{what}: exit 2 and one error line naming {needle!r} expected, got {r.returncode} "
          f"{r.stderr!r}")


def main():
    plain = run(["period", GAME, "--format", "json"])
    check(plain.returncode == 0, f"{GAME}: exit {plain.returncode} {plain.stderr!r}")

    # Uninterrupted with checkpoints: the same output.
    d0 = os.path.join(WORK, "uninterrupted")
    r = run(["period", GAME, "--format", "json", "--checkpoint", d0, "--checkpoint-every", "1000000"])
    check(r.returncode == 0 and r.stdout == plain.stdout,
          f"with --checkpoint: exit {r.returncode}, same output: {r.stdout == plain.stdout}")
    # A finished checkpoint resumes at once to the same output.
    r = run(["period", GAME, "--format", "json", "--checkpoint", d0, "--resume"])
    check(r.returncode == 0 and r.stdout == plain.stdout,
          f"resume of a finished run: exit {r.returncode}, same output: {r.stdout == plain.stdout}")

    # Killed twice in the middle of a row, resumed each time.
    d = os.path.join(WORK, "killed")
    killed = kill_mid_row(d, False, 22)
    check(killed, "the first run was killed in the middle of a row")
    if killed:
        killed = kill_mid_row(d, True, 23)
        check(killed, "the resumed run was killed in the middle of a row")
    path = os.path.join(WORK, "resumed.json")
    r = run(["period", GAME, "--format", "json", "--checkpoint", d, "--resume",
             "--certificate-out", path])
    check(r.returncode == 0, f"resume: exit {r.returncode} {r.stderr!r}")
    plain_path = os.path.join(WORK, "plain.json")
    r_plain = run(["period", GAME, "--format", "json", "--certificate-out", plain_path])
    check(r_plain.returncode == 0, f"{GAME} with --certificate-out: exit {r_plain.returncode}")
    with open(path) as f1, open(plain_path) as f2:
        check(f1.read() == f2.read(), "the resumed run's certificate is byte-identical to the "
              "uninterrupted one")
    c = run(["check-certificate", path])
    check(c.returncode == 0 and c.stdout.startswith("s VERIFIED"), f"C++ checker: {c.stdout!r}")
    p = subprocess.run([sys.executable, os.path.join(SRC, "verify", "check_certificate.py"), path],
                       capture_output=True, text=True, timeout=600)
    check(p.returncode == 0 and p.stdout.startswith("s VERIFIED"), f"python checker: {p.stdout!r}")

    # Stopped by its time limit (exit 3, inconclusive), then resumed: the same output.
    dt = os.path.join(WORK, "timed")
    r = run(["period", GAME, "--format", "json", "--checkpoint", dt, "--time-limit", "0.3"])
    check(r.returncode in (0, 3), f"time-limited run: exit {r.returncode} {r.stderr!r}")
    if r.returncode == 3:
        r = run(["period", GAME, "--format", "json", "--checkpoint", dt, "--resume"])
    check(r.returncode == 0 and r.stdout == plain.stdout,
          f"resumed after the time limit: exit {r.returncode}, same output: {r.stdout == plain.stdout}")

    # Stopped by its memory limit (row 11 needs about 15 MB), resumed with none: the same output.
    dm = os.path.join(WORK, "memory")
    r = run(["period", "rook-misere:11", "--format", "json", "--checkpoint", dm,
             "--memory-limit", "4M"])
    check(r.returncode == 3 and json.loads(r.stdout or "{}").get("reached", {}).get("limit") == "memory",
          f"memory-limited run: exit {r.returncode} {r.stdout[:200]!r}")
    g11 = run(["period", "rook-misere:11", "--format", "json"])
    r = run(["period", "rook-misere:11", "--format", "json", "--checkpoint", dm, "--resume"])
    check(r.returncode == 0 and r.stdout == g11.stdout,
          f"resumed after the memory limit: exit {r.returncode}, same output: {r.stdout == g11.stdout}")

    # A corrupt row file, a corrupt row in progress, a damaged state: input errors.
    dc = os.path.join(WORK, "corrupt")
    if kill_mid_row(dc, False, 22):
        # The row in progress with garbage in row_mask, or search counters beyond its columns
        # (issue 27: "stoull", and exit 3 with a huge negative shift): one line, exit 2.
        saved = json.load(open(os.path.join(dc, "state.json")))
        for field, value, needle in (("row_mask", "12x", "row_mask"), ("row_mask", "", "row_mask"),
                                     ("row_mask", "99999999999999999999", "row_mask"),
                                     ("row_mask", "-1", "row_mask"),
                                     ("ja", 1 << 62, "search counters"), ("jb", 1 << 62, "search counters"),
                                     ("ja", saved["current"]["columns"] + 2, "search counters")):
            dt = os.path.join(WORK, "tampered")
            shutil.rmtree(dt, ignore_errors=True)
            shutil.copytree(dc, dt)
            tampered = json.loads(json.dumps(saved))
            tampered["current"][field] = value
            with open(os.path.join(dt, "state.json"), "w") as f:
                json.dump(tampered, f)
            error_line([GAME, "--checkpoint", dt, "--resume"], f"{field} = {value}", needle)
        shutil.rmtree(dt, ignore_errors=True)
        with open(os.path.join(dc, "current.bin"), "r+b") as f:
            f.seek(1000)
            b = f.read(1)
            f.seek(1000)
            f.write(bytes([(b[0] + 1) % 256]))
        error_line([GAME, "--checkpoint", dc, "--resume"], "corrupt current.bin", "corrupt")
        with open(os.path.join(dc, "g_9.bin"), "r+b") as f:
            f.truncate(100)
        error_line([GAME, "--checkpoint", dc, "--resume"], "truncated g_9.bin", "corrupt")
        # Mismatched: the checkpoint of another game.
        error_line(["rook-misere:11", "--checkpoint", dc, "--resume"], "another game", "mismatched")
        with open(os.path.join(dc, "state.json"), "w") as f:
            f.write("{\"format\": 1")
        error_line([GAME, "--checkpoint", dc, "--resume"], "damaged state.json", "corrupt")
    else:
        check(False, "the run for the corruption checks ended before it could be killed")

    # Usage: no checkpoint to resume, a checkpoint already there, a game without checkpoints.
    error_line([GAME, "--checkpoint", os.path.join(WORK, "empty"), "--resume"], "nothing to resume",
               "no checkpoint")
    error_line([GAME, "--checkpoint", d0], "existing checkpoint", "--resume")
    error_line([GAME, "--resume"], "--resume alone", "--checkpoint")
    # A family that declares no checkpoints (octal) refuses each of the three options with the
    # same line, which names the games that declare them (PeriodOptions::checkpoint).
    refusal = ("verify: error: --checkpoint: 'octal:0.07' has no checkpoints "
               "(only digital-deletion:M, rook-misere:M)")
    octal_dir = os.path.join(WORK, "octal")
    for extra in ([], ["--resume"], ["--checkpoint-every", "10"]):
        args = ["octal:0.07", "--checkpoint", octal_dir] + extra
        error_line(args, f"octal {extra}", "has no checkpoints")
        r = run(["period"] + args)
        check(r.stderr == refusal + "\n", f"octal {extra}: the refusal's line: {r.stderr!r}")
    check(not os.path.exists(octal_dir), "a refused --checkpoint creates no folder")
    error_line([GAME, "--checkpoint", os.path.join(WORK, "x"), "--checkpoint-every", "0"],
               "interval 0", "--checkpoint-every")


main()
finish("e2e_period_checkpoint")
