"""The proof boundary is kept by the types (core/README.md, "How the types enforce it").

1. tests/data/proof_boundary/leaking_checker.cpp compiles as the honest checker (LEAK=0) and
   fails to compile for each way of leaking (LEAK=1..5: `proved` said directly, a derivation
   capturing producer values, a forged acceptance, a verdict "read back", `refuted` said
   without the counterexample a Refutation holds).
2. Only the worker pool and the report reader include properties/base/verdict_read_back.h.
3. The trusted code is a place, core/<module>/trusted/ (the checker library, globbed by CMake):
   a file there includes only trusted/ headers, the standard library (and system headers) and
   nlohmann-json; every trusted header opens by saying so; core/base/trusted/seal.h, the one
   maker of a CheckerSeal, is included and called only there.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import verify_e2e as e2e  # noqa: E402

src, work = e2e.setup()
build = os.path.dirname(os.path.abspath(e2e._verify))
cache = open(os.path.join(build, "CMakeCache.txt"), encoding="utf-8").read()
compiler = re.search(r"^CMAKE_CXX_COMPILER:\w+=(.*)$", cache, re.M).group(1)
leaker = os.path.join(src, "tests", "data", "proof_boundary", "leaking_checker.cpp")
for leak in range(6):
    p = subprocess.run([compiler, "-std=c++20", "-fsyntax-only", f"-DLEAK={leak}", "-I", src,
                        "-I", os.path.join(build, "generated"), leaker],
                       capture_output=True, text=True, timeout=300)
    if leak == 0:
        e2e.check(p.returncode == 0, f"the honest checker compiles: {p.stderr[-600:]}")
    else:
        e2e.check(p.returncode != 0, f"leak {leak} must not compile")
        # It fails for the reason it is meant to, not for an unrelated one.
        e2e.check(re.search(r"OutcomeVerdict|Derive|CheckerSeal|private|verdict_read_back|Finding",
                            p.stderr) is not None,
                  f"leak {leak} fails on the proof boundary: {p.stderr[:600]}")

allowed_read_back = {"properties/base/worker_pool.cpp", "reports/base/report.cpp",
                     "properties/base/checker.h",
                     "properties/base/checker.cpp", "properties/base/verdict_read_back.h"}
trusted_include = re.compile(r'^#\s*include\s*"core/[a-z]+/trusted/[a-z_0-9]+\.h"$')
system_include = re.compile(r'^#\s*include\s*<(nlohmann/json\.hpp|[a-z_0-9]+(\.h)?|sys/[a-z_0-9/]+\.h)>$')
trusted_files = 0
for top in ("core", "properties", "reports", "verify", "tests"):
    for root, _, files in os.walk(os.path.join(src, top)):
        for name in files:
            if not name.endswith((".cpp", ".h", ".hpp")):
                continue
            path = os.path.join(root, name)
            rel = os.path.relpath(path, src).replace(os.sep, "/")
            text = open(path, encoding="utf-8").read()
            trusted = re.match(r"core/[a-z]+/trusted/[^/]+$", rel) is not None
            if "verdict_read_back" in text and top != "tests":
                e2e.check(rel in allowed_read_back, f"{rel} reaches verdict_read_back")
            if not trusted:
                e2e.check("trusted/seal.h" not in text and "make_checker_seal" not in text,
                          f"{rel} is outside trusted/ and reaches the seal")
                continue
            trusted_files += 1
            for line in text.splitlines():
                if line.lstrip().startswith("#include") or line.lstrip().startswith("# include"):
                    line = line.strip()
                    e2e.check(trusted_include.match(line) or system_include.match(line),
                              f"{rel}: a trusted file includes {line}")
            if name.endswith(".h"):
                e2e.check(text.startswith("// Trusted:"), f"{rel}: a trusted header that does "
                          "not open by saying so")
            if "class CheckerSeal {" in text:
                e2e.check(rel == "core/base/trusted/seal.h", f"{rel} defines a CheckerSeal")
e2e.check(trusted_files >= 40, f"the trusted files were found ({trusted_files})")
e2e.finish("e2e_proof_boundary")
