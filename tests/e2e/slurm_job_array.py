#!/usr/bin/env python3
"""The Slurm job array of verify/DISTRIBUTED.md, run for real on a one-node cluster here.

Registered only with -DIGV_SLURM_TESTS=ON (label "slurm"; tests/README.md, "The Slurm test");
needs root. It

1. installs Debian's slurm-wlm and munge when they are missing (apt-get);
2. starts a private munged (its own key and socket in a temporary folder) and a one-node cluster
   (slurmctld and slurmd, SlurmUser=root, proctrack/linuxproc, task/none, no accounting) whose
   configuration, state, spool and ports are its own, so no system daemon is used or touched;
3. takes the job-array script from verify/DISTRIBUTED.md, between the markers `<!-- slurm-job-array` and
   `<!-- /slurm-job-array -->`, and submits it as it is printed with `sbatch`, from a folder laid
   out as the repository root (`./build` is the build folder of the `verify` under test);
4. waits for every array task (scontrol polling: no accounting database), requires each to be
   COMPLETED with exit code 0, runs the merge command the script's comment prints, and compares
   the merged report with an unsharded `verify run` of the same options (the script's run line
   without --shard, --jobs and --out), volatile fields (date, host, commit, timings, jobs, the
   shard fields) aside;
5. cancels what is left, stops the daemons it started and removes the temporary folder, whatever
   happens (also on SIGINT, SIGTERM, SIGHUP).

Each failure is one line `FAIL: …`; the daemons' logs and the array's outputs stay in the work
folder. IGV_SLURM_TIMEOUT (seconds, 1800) bounds the wait for the array.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

import jsonschema

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_shipped_claims import normalise_json, normalise_md  # noqa: E402

PACKAGES = ["slurm-wlm", "munge"]
DOC = "verify/DISTRIBUTED.md"  # the page that prints the job array
BEGIN = "<!-- slurm-job-array"
END = "<!-- /slurm-job-array -->"
# Job states after which a job runs no more (squeue/scontrol names).
ACTIVE = {"PENDING", "CONFIGURING", "RUNNING", "COMPLETING", "SUSPENDED", "REQUEUED",
          "REQUEUE_HOLD", "REQUEUE_FED", "RESIZING", "SIGNALING", "STAGE_OUT", "STOPPED",
          "RESV_DEL_HOLD"}
# Fields of a shard or merged report that an unsharded run does not have or sets otherwise.
SHARD_FIELDS = {"shard", "shard_claims"}


class Failure(Exception):
    """One failed step: its message is the test's one-line failure."""


def log(msg):
    print(msg, flush=True)


def readme_script(src):
    """The job-array script as verify/DISTRIBUTED.md prints it, and the merge command its comment gives."""
    with open(os.path.join(src, DOC), encoding="utf-8") as f:
        text = f.read()
    start = text.find(BEGIN)
    end = text.find(END, start + 1)
    if start < 0 or end < 0:
        raise Failure(f"{DOC} has no job-array script between '{BEGIN}' and '{END}'")
    block = re.search(r"```sh\n(.*?)```", text[start:end], re.S)
    if not block:
        raise Failure(f"{DOC}: no ```sh block between the job-array markers")
    script = block.group(1)
    merge = re.search(r"^# afterwards, once: (.*)$", script, re.M)
    if not merge:
        raise Failure(f"{DOC}: the job-array script has no '# afterwards, once: …' merge line")
    runs = [line for line in script.splitlines() if re.search(r"\bverify run\b", line)]
    if len(runs) != 1:
        raise Failure(f"{DOC}: the job-array script should have one 'verify run' line, has {len(runs)}")
    return script, merge.group(1).strip(), runs[0]


def unsharded_args(run_line):
    """The script's `verify run` arguments without --shard, --jobs and --out (and their values)."""
    words = shlex.split(run_line, comments=True)
    i = words.index("run") + 1
    args = []
    while i < len(words):
        w = words[i]
        name = w.split("=", 1)[0]
        if name in ("--shard", "--jobs", "-j", "--out", "-o"):
            i += 1 if "=" in w else 2
            continue
        args.append(w)
        i += 1
    return args


def installed(pkg):
    r = subprocess.run(["dpkg-query", "-W", "-f=${Status}", pkg], capture_output=True, text=True)
    return r.returncode == 0 and "install ok installed" in r.stdout


def install_packages():
    missing = [p for p in PACKAGES if not installed(p)]
    if not missing:
        return
    log(f"installing {' '.join(missing)} (apt-get)")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    # No daemon may start from the packages' scripts: this test starts its own. policy-rc.d
    # (invoke-rc.d's standard hook) is written only when absent, and removed afterwards.
    policy = "/usr/sbin/policy-rc.d"
    made_policy = not os.path.exists(policy)
    if made_policy:
        with open(policy, "w") as f:
            f.write("#!/bin/sh\nexit 101\n")
        os.chmod(policy, 0o755)
    try:
        for cmd in (["apt-get", "update", "-qq"],
                    ["apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing]):
            r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=1200)
            if r.returncode != 0:
                last = (r.stderr.strip() or r.stdout.strip() or "no output").splitlines()[-1]
                raise Failure(f"'{' '.join(cmd)}' exited {r.returncode}: {last}")
    finally:
        if made_policy:
            os.remove(policy)
    for p in PACKAGES:
        if not installed(p):
            raise Failure(f"{p} is still not installed after apt-get")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def memory_mib():
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) // 1024
    raise Failure("no MemTotal in /proc/meminfo")


def wait_for(what, cond, timeout, step=0.5):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return
        time.sleep(step)
    raise Failure(f"{what} within {timeout} s")


def tail(path, n=3):
    try:
        with open(path, errors="replace") as f:
            lines = [line.rstrip() for line in f if line.strip()]
        return " | ".join(lines[-n:])
    except OSError:
        return f"({path} missing)"


class Cluster:
    """munged, slurmctld and slurmd, started in the foreground as this process's children."""

    def __init__(self, runtime, logs):
        self.runtime = runtime
        self.logs = logs
        self.procs = []  # (name, Popen), in start order
        self.env = None
        self.job = None

    def start(self, name, cmd, log_name):
        out = open(os.path.join(self.logs, log_name), "w")
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        out.close()
        self.procs.append((name, p))
        return p

    def alive(self, name, p, log_name):
        if p.poll() is not None:
            raise Failure(f"{name} exited {p.returncode} at start: "
                          + tail(os.path.join(self.logs, log_name)))

    def up(self):
        rt = self.runtime
        # munge: the key in a folder only root reads; the socket in a folder everyone can enter
        # (munged checks both, and the socket's parents, before it starts).
        os.chmod(rt, 0o711)
        keydir, sockdir = os.path.join(rt, "munge-key"), os.path.join(rt, "munge-run")
        os.mkdir(keydir, 0o700)
        os.mkdir(sockdir, 0o755)
        key = os.path.join(keydir, "munge.key")
        fd = os.open(key, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o400)
        os.write(fd, os.urandom(1024))
        os.close(fd)
        sock = os.path.join(sockdir, "munge.socket")
        munged = self.start("munged", [
            "munged", "--foreground", f"--key-file={key}", f"--socket={sock}",
            f"--pid-file={os.path.join(sockdir, 'munged.pid')}",
            f"--log-file={os.path.join(self.logs, 'munged.log')}",
            f"--seed-file={os.path.join(keydir, 'munged.seed')}"], "munged.out")
        wait_for("munged did not create its socket", lambda: munged.poll() is not None
                 or os.path.exists(sock), 20)
        self.alive("munged", munged, "munged.out")
        cred = subprocess.run(["munge", "-n", "-S", sock], capture_output=True, timeout=30)
        check = subprocess.run(["unmunge", "-S", sock], input=cred.stdout, capture_output=True,
                               timeout=30)
        if cred.returncode != 0 or check.returncode != 0:
            raise Failure("munge cannot encode and decode a credential: "
                          + (cred.stderr + check.stderr).decode(errors="replace").strip())

        # slurm: a one-node cluster whose files are all in the temporary folder.
        host = socket.gethostname().split(".")[0]
        cpus = len(os.sched_getaffinity(0))
        sl = os.path.join(rt, "slurm")
        for d in ("", "state", "spool"):
            os.makedirs(os.path.join(sl, d), mode=0o755, exist_ok=True)
        conf = os.path.join(sl, "slurm.conf")
        with open(conf, "w") as f:
            f.write("\n".join([
                "ClusterName=igvtest",
                f"SlurmctldHost={host}(127.0.0.1)",
                "SlurmUser=root",
                "SlurmdUser=root",
                f"SlurmctldPort={free_port()}",
                f"SlurmdPort={free_port()}",
                "AuthType=auth/munge",
                "CredType=cred/munge",
                f"AuthInfo=socket={sock}",
                f"StateSaveLocation={os.path.join(sl, 'state')}",
                f"SlurmdSpoolDir={os.path.join(sl, 'spool')}",
                f"SlurmctldPidFile={os.path.join(sl, 'slurmctld.pid')}",
                f"SlurmdPidFile={os.path.join(sl, 'slurmd.pid')}",
                f"SlurmctldLogFile={os.path.join(self.logs, 'slurmctld.log')}",
                f"SlurmdLogFile={os.path.join(self.logs, 'slurmd.log')}",
                "ProctrackType=proctrack/linuxproc",
                "TaskPlugin=task/none",
                "JobAcctGatherType=jobacct_gather/none",
                "AccountingStorageType=accounting_storage/none",
                "JobCompType=jobcomp/none",
                "SchedulerType=sched/builtin",
                "SelectType=select/cons_tres",
                "SelectTypeParameters=CR_CPU",
                "MpiDefault=none",
                "ReturnToService=2",
                # the node is what this file says (CPUs from nproc), whatever slurmd detects
                "SlurmdParameters=config_overrides",
                # finished jobs stay visible to scontrol for an hour (there is no accounting)
                "MinJobAge=3600",
                f"NodeName={host} NodeAddr=127.0.0.1 CPUs={cpus} RealMemory={memory_mib()} State=UNKNOWN",
                f"PartitionName=igv Nodes={host} Default=YES MaxTime=INFINITE State=UP",
                ""]))
        shutil.copy(conf, os.path.join(self.logs, "slurm.conf"))
        # The clients read this cluster's configuration, and no SLURM_*/SBATCH_* setting of a
        # surrounding job (a test run inside a Slurm job) reaches sbatch.
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("SLURM_", "SBATCH_", "SALLOC_", "SRUN_"))}
        self.env["SLURM_CONF"] = conf
        ctld = self.start("slurmctld", ["slurmctld", "-D", "-f", conf], "slurmctld.out")
        slurmd = self.start("slurmd", ["slurmd", "-D", "-f", conf, "-N", host], "slurmd.out")

        def idle():
            self.alive("slurmctld", ctld, "slurmctld.out")
            self.alive("slurmd", slurmd, "slurmd.out")
            r = self.slurm(["sinfo", "-h", "-n", host, "-o", "%T"], check=False)
            return r.returncode == 0 and r.stdout.strip() == "idle"

        wait_for(f"node {host} did not become idle (" + self.node_state(host) + ")", idle, 60, 1)
        log(f"cluster up: node {host}, {cpus} CPUs, {memory_mib()} MiB")

    def node_state(self, host):
        r = self.slurm(["scontrol", "-o", "show", "node", host], check=False)
        m = re.search(r"State=(\S+).*?(Reason=.*)?$", r.stdout)
        return (m.group(1) + (" " + m.group(2) if m.group(2) else "")) if m else r.stderr.strip()

    def slurm(self, cmd, check=True, **kw):
        r = subprocess.run(cmd, capture_output=True, text=True, env=self.env, timeout=60, **kw)
        if check and r.returncode != 0:
            raise Failure(f"'{' '.join(cmd)}' exited {r.returncode}: {r.stderr.strip()}")
        return r

    def down(self):
        for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):  # the clean-up runs to its end
            signal.signal(s, signal.SIG_IGN)
        if self.job is not None and self.env is not None:
            try:
                self.slurm(["scancel", self.job], check=False)
                wait_for("", lambda: not self.active_tasks(), 30, 1)
            except (Failure, subprocess.SubprocessError, OSError):
                pass
        for name, p in reversed(self.procs):
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()

    def tasks(self):
        """Every record of the array: {task: (state, exit code)}; a pending range is one record."""
        r = self.slurm(["scontrol", "-o", "show", "job", self.job], check=False)
        out = {}
        for line in r.stdout.splitlines():
            f = dict(kv.split("=", 1) for kv in line.split() if "=" in kv)
            out[f.get("ArrayTaskId", f.get("JobId"))] = (f.get("JobState", "?"), f.get("ExitCode", "?"))
        return out

    def active_tasks(self):
        return [t for t, (state, _) in self.tasks().items() if state in ACTIVE]


def compare(unsharded, merged):
    """The claims and summary on which the two reports differ, volatile fields aside."""
    def norm(rep):
        rep = normalise_json(rep)
        for k in SHARD_FIELDS:
            rep["context"].pop(k, None)
        return rep
    a, b = norm(unsharded), norm(merged)
    diffs = []
    ca = {c["id"]: c for c in a["claims"]}
    cb = {c["id"]: c for c in b["claims"]}
    diffs += [i for i in sorted(set(ca) | set(cb)) if ca.get(i) != cb.get(i)]
    if [c["id"] for c in a["claims"]] != [c["id"] for c in b["claims"]]:
        diffs.append("(the order of the claims)")
    for k in ("schema_version", "summary", "context"):
        if a.get(k) != b.get(k):
            keys = sorted(x for x in set(a[k]) | set(b[k]) if a[k].get(x) != b[k].get(x)) \
                if isinstance(a.get(k), dict) and isinstance(b.get(k), dict) else []
            diffs.append(f"({k}{': ' + ', '.join(keys) if keys else ''})")
    if a != b and not diffs:
        diffs.append("(top-level fields: " + ", ".join(
            sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))) + ")")
    return diffs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--verify", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    a = ap.parse_args()
    verify = os.path.abspath(a.verify)
    work = os.path.abspath(a.work_dir)
    started = time.monotonic()

    def on_signal(signum, _frame):
        raise Failure(f"stopped by signal {signum}")

    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, on_signal)

    if os.geteuid() != 0:
        raise Failure("the Slurm test runs as root (apt-get, munged, slurmd with SlurmUser=root)")
    if os.path.basename(verify) != "verify":
        raise Failure(f"the binary under test must be named 'verify' (the script runs ./build/verify), not '{verify}'")
    script, merge_cmd, run_line = readme_script(a.source_dir)
    shutil.rmtree(work, ignore_errors=True)
    logs = os.path.join(work, "logs")
    root = os.path.join(work, "root")  # laid out as the repository root: ./build/verify
    os.makedirs(logs)
    os.makedirs(root)
    os.symlink(os.path.dirname(verify), os.path.join(root, "build"))
    install_packages()
    runtime = tempfile.mkdtemp(prefix="igv-slurm-")
    cluster = Cluster(runtime, logs)
    try:
        cluster.up()
        script_path = os.path.join(root, "shards.sh")
        with open(script_path, "w") as f:
            f.write(script)
        t0 = time.monotonic()
        r = cluster.slurm(["sbatch", "--parsable", "shards.sh"], cwd=root)
        cluster.job = r.stdout.strip().split(";")[0]
        log(f"submitted the documented job array as job {cluster.job}")
        timeout = float(os.environ.get("IGV_SLURM_TIMEOUT", "1800"))
        deadline = t0 + timeout
        last = None
        while True:
            tasks = cluster.tasks()
            if not tasks:
                raise Failure(f"scontrol knows no job {cluster.job}")
            summary = " ".join(f"{t}:{s}" for t, (s, _) in sorted(tasks.items()))
            if summary != last:
                log(f"  {time.monotonic() - t0:6.0f} s  {summary}")
                last = summary
            if not any(s in ACTIVE for s, _ in tasks.values()):
                break
            if time.monotonic() > deadline:
                raise Failure(f"the job array did not finish within {timeout:.0f} s: {summary}")
            time.sleep(2)
        array_seconds = time.monotonic() - t0
        for t, (state, code) in sorted(tasks.items()):
            if state != "COMPLETED" or code != "0:0":
                out = os.path.join(root, f"slurm-{cluster.job}_{t}.out")
                raise Failure(f"array task {t}: {state}, exit code {code}: {tail(out)}")
        log(f"the array ran {len(tasks)} tasks in {array_seconds:.0f} s")

        t1 = time.monotonic()
        r = subprocess.run(["bash", "-c", merge_cmd], cwd=root, capture_output=True, text=True,
                           timeout=600)
        if r.returncode != 0:
            raise Failure(f"the documented merge command exited {r.returncode}: "
                          + (r.stderr.strip().splitlines() or ["no output"])[-1])
        log(f"merge: {r.stdout.strip()} ({time.monotonic() - t1:.1f} s)")
        merged_dir = re.search(r"--out\s+(\S+)", merge_cmd)
        if not merged_dir:
            raise Failure("the documented merge command has no --out DIR")
        merged_dir = os.path.join(root, merged_dir.group(1))

        t2 = time.monotonic()
        args = unsharded_args(run_line)
        r = subprocess.run([verify, "run", *args, "--out", os.path.join(work, "unsharded"),
                            "--quiet"], capture_output=True, text=True, timeout=1200)
        if r.returncode != 0:
            raise Failure(f"the unsharded 'verify run {' '.join(args)}' exited {r.returncode}: "
                          + (r.stderr.strip().splitlines() or r.stdout.strip().splitlines() or [""])[-1])
        log(f"unsharded run: {r.stdout.strip().splitlines()[-1]} ({time.monotonic() - t2:.0f} s)")
    finally:
        cluster.down()
        shutil.rmtree(runtime, ignore_errors=True)

    with open(os.path.join(a.source_dir, "reports", "report.schema.json")) as f:
        schema = json.load(f)
    with open(os.path.join(merged_dir, "report.json")) as f:
        merged = json.load(f)
    with open(os.path.join(work, "unsharded", "report.json")) as f:
        unsharded = json.load(f)
    try:
        jsonschema.Draft202012Validator(schema).validate(merged)
    except jsonschema.ValidationError as e:
        raise Failure(f"the merged report is not valid against report.schema.json: {e.message}")
    diffs = compare(unsharded, merged)
    if diffs:
        raise Failure(f"the merged report differs from the unsharded run in {len(diffs)} places: "
                      + ", ".join(diffs[:10]))
    with open(os.path.join(merged_dir, "report.md")) as f:
        merged_md = f.read()
    with open(os.path.join(work, "unsharded", "report.md")) as f:
        unsharded_md = f.read()
    if normalise_md(merged_md) != normalise_md(unsharded_md):
        raise Failure("the merged report.md differs from the unsharded run's")
    log(f"{len(merged['claims'])} claims: the merged shards equal the unsharded run "
        f"(whole test {time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    try:
        main()
    except Failure as e:
        print(f"FAIL: {e}", flush=True)
        sys.exit(1)
    except subprocess.TimeoutExpired as e:
        cmd = e.cmd if isinstance(e.cmd, str) else " ".join(e.cmd)
        print(f"FAIL: '{cmd}' did not finish within {e.timeout:.0f} s", flush=True)
        sys.exit(1)
    except OSError as e:
        print(f"FAIL: {e}", flush=True)
        sys.exit(1)
