"""A build with only some game modules configures, links and works (issue 23: `verify/` holds no
game knowledge).

1. No file of verify/ includes a module's header (`core/<module>/`, `properties/<module>/`,
   `reports/<module>/` for a module other than base; `properties/kernels/`, the external-kernel
   wing, is shared like base).
2. A scratch build with -DIGV_ENABLED_MODULES="frolov;welter" (beside the main build, so that a
   compiler cache the main build filled is shared: same compiler, build type and relative
   paths) builds `verify` and test_welter; test_welter passes.
3. That `verify` knows the two modules' games only, proves and re-checks a Frolov row, refuses a
   game it does not have and an option no game of the build declares, each with one line and
   exit 2.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import verify_e2e as e2e  # noqa: E402

MODULES = "frolov;welter"

src, work = e2e.setup()
if os.environ.get("IGV_SANITIZED"):
    # The hardening pass (.ci/hardening) runs the suite again under ASan: a second, unsanitized
    # compiler build of the subset there would only cost time; the main suite runs this test.
    print("e2e_subset_build: not repeated under the sanitizers (the main suite runs it)")
    sys.exit(0)
build = os.path.dirname(os.path.abspath(e2e._verify))

# 1. verify/ includes no module's header.
module_include = re.compile(r'#include\s+"(core|properties|reports)/(\w+)/')
for name in sorted(os.listdir(os.path.join(src, "verify"))):
    if not name.endswith((".cpp", ".h")):
        continue
    for n, line in enumerate(open(os.path.join(src, "verify", name), encoding="utf-8"), 1):
        m = module_include.search(line)
        # Shared layers, not modules: each layer's base/, and the external-kernel wing
        # properties/kernels/ (kernel processes, cross-check, proved values), which names no game.
        if m and m.group(2) != "base" and (m.group(1), m.group(2)) != ("properties", "kernels"):
            e2e.check(False, f"verify/{name}:{n} includes a module header: {line.strip()}")

# 2. The scratch build, with the main build's compiler, build type and compiler cache.
cache = open(os.path.join(build, "CMakeCache.txt"), encoding="utf-8").read()


def cached(key):
    m = re.search(rf"^{key}:\w+=(.*)$", cache, re.M)
    return m.group(1) if m else ""


scratch = os.path.join(os.path.dirname(build), os.path.basename(build) + "-subset")
configure = ["cmake", "-S", src, "-B", scratch, f"-DIGV_ENABLED_MODULES={MODULES}",
             f"-DCMAKE_BUILD_TYPE={cached('CMAKE_BUILD_TYPE') or 'Release'}",
             f"-DCMAKE_CXX_COMPILER={cached('CMAKE_CXX_COMPILER')}"]
for option in ("IGV_WERROR", "IGV_GLIBCXX_ASSERTIONS"):
    if cached(option):
        configure.append(f"-D{option}={cached(option)}")
if cached("Python3_EXECUTABLE"):
    configure.append(f"-DPython3_EXECUTABLE={cached('Python3_EXECUTABLE')}")
launcher = cached("CMAKE_CXX_COMPILER_LAUNCHER") or shutil.which("ccache") or ""
if launcher:
    configure.append(f"-DCMAKE_CXX_COMPILER_LAUNCHER={launcher}")
env = dict(os.environ)
# The cache is shared only if paths are rewritten relative to the build folder, which lies at the
# same depth as the main one.
env.setdefault("CCACHE_BASEDIR", os.path.dirname(src))
env.setdefault("CCACHE_NOHASHDIR", "1")
started = time.monotonic()
p = subprocess.run(configure, capture_output=True, text=True, env=env, timeout=600)
e2e.check(p.returncode == 0, f"configure {MODULES}: {p.stdout[-800:]} {p.stderr[-1500:]}")
if p.returncode == 0:
    p = subprocess.run(["cmake", "--build", scratch, "-j2", "--target", "verify", "test_welter"],
                       capture_output=True, text=True, env=env, timeout=1800)
    e2e.check(p.returncode == 0, f"build {MODULES}: {p.stdout[-1500:]} {p.stderr[-2500:]}")
print(f"configure and build of {MODULES}: {time.monotonic() - started:.1f} s "
      f"(compiler launcher: {launcher or 'none'})")
if e2e.failures:
    e2e.finish("e2e_subset_build")

p = subprocess.run([os.path.join(scratch, "test_welter"), "--report_level=short"],
                   capture_output=True, text=True, timeout=600)
e2e.check(p.returncode == 0, f"test_welter in the subset build: {p.stdout[-800:]} {p.stderr[-800:]}")

# 3. The subset's verify.
sub = os.path.join(scratch, "verify")


def run(args):
    return subprocess.run([sub] + args, capture_output=True, text=True, timeout=600)


def one_error_line(r, needle, what):
    lines = r.stderr.strip().splitlines()
    e2e.check(r.returncode == 2 and len(lines) == 1 and lines[0].startswith("verify: error: ")
              and needle in lines[0], f"{what}: exit {r.returncode}, stderr {r.stderr!r}")


r = run(["games"])
e2e.check(r.returncode == 0, f"verify games: {r.returncode} {r.stderr!r}")
for game in ("rook-misere", "digital-deletion", "digits", "welter"):
    e2e.check(re.search(rf"^\s*{game}\b", r.stdout, re.M) is not None, f"games lists {game}")
for game in ("octal", "subtraction", "chomp", "wythoff"):
    e2e.check(re.search(rf"^\s*{game}\b", r.stdout, re.M) is None, f"games does not list {game}")

path = os.path.join(work, "rook-misere-5.json")
r = run(["period", "rook-misere:5", "--format", "json", "--certificate-out", path])
e2e.check(r.returncode == 0, f"period rook-misere:5: {r.returncode} {r.stderr!r}")
if r.returncode == 0:
    doc = json.loads(r.stdout)
    e2e.check(doc.get("game") == "rook-misere:5" and doc.get("verdict") == "proved",
              f"period rook-misere:5 names its game and its verdict: {doc}")
    c = run(["check-certificate", path])
    e2e.check(c.returncode == 0 and c.stdout.startswith("s VERIFIED"),
              f"check-certificate in the subset build: {c.returncode} {c.stdout!r} {c.stderr!r}")

one_error_line(run(["period", "octal:0.07"]), "unknown game", "a game of a module left out")
# No family of this build declares --binary-values (octal's): the refusal says so. (--budget is
# declared by the Frolov rows since their lower bound of rows 15 and above.)
one_error_line(run(["period", "rook-misere:5", "--binary-values", "--certificate-out",
                    os.path.join(work, "binary.json")]), "no game of this build has one",
               "--binary-values with no family declaring it")
h = run(["period", "--help"])
e2e.check(h.returncode == 0 and "digital-deletion:M, rook-misere:M" in h.stdout
          and "octal" not in h.stdout, f"period --help lists the build's declarations: {h.stdout!r}")
e2e.finish("e2e_subset_build")
