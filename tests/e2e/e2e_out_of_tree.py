"""End-to-end: a kernel built outside the tree against the installed package.

Installs the build (`cmake --install BUILD --prefix WORK/prefix`: verify, igv_kernel.h,
igv_kernel.hpp, lib/cmake/igv), configures verify/plugin/example/ (a C++ kernel of octal:0.177 with
find_package(igv) and igv_add_kernel) against that prefix alone, builds it, and runs its ctest test
(`verify cross-check octal:0.177 --plugin …` with the installed verify), which must pass; the same
kernel with a bug slipped into its source must fail that test. As root, the install is also run as
the user nobody, to whom the build folder is read-only: it must install everything and exit 0.
Usage (from ctest): e2e_out_of_tree.py --verify PATH --source-dir DIR --work-dir DIR
"""
import os
import shutil
import subprocess
import sys

from verify_e2e import check, finish, setup

SRC, WORK = setup()
VERIFY = sys.argv[sys.argv.index("--verify") + 1]
BUILD = os.path.dirname(os.path.abspath(VERIFY))
PREFIX = os.path.join(WORK, "prefix")
CMAKE = shutil.which("cmake")


def sh(args, **kw):
    r = subprocess.run(args, capture_output=True, text=True, timeout=900, **kw)
    return r


r = sh([CMAKE, "--install", BUILD, "--prefix", PREFIX])
check(r.returncode == 0, f"cmake --install: {r.stdout[-800:]}{r.stderr[-800:]}")
for f in ("bin/verify", "include/igv_kernel.h", "include/igv_kernel.hpp",
          "lib/cmake/igv/igvConfig.cmake", "lib/cmake/igv/igvConfigVersion.cmake"):
    check(os.path.exists(os.path.join(PREFIX, f)), f"installed: {f}")


# From a build folder that is read-only to the installer (issue 34): as root, the same install run
# as the user nobody into a prefix of its own; the build folder (root's) is then not writable, and
# CMake's install_manifest.txt cannot be written there. It must install everything and exit 0.
SETPRIV = shutil.which("setpriv")
AS_NOBODY = [SETPRIV, "--reuid=nobody", "--regid=nogroup", "--clear-groups"] if SETPRIV else []
if os.geteuid() != 0 or not SETPRIV:
    print("read-only build folder: not checked (needs root and setpriv)")
elif sh(AS_NOBODY + ["test", "-r", os.path.join(BUILD, "cmake_install.cmake")]).returncode != 0:
    print("read-only build folder: not checked (the user nobody cannot read the build folder)")
else:
    ro_prefix = os.path.join(WORK, "prefix-read-only-build")
    os.makedirs(ro_prefix)
    shutil.chown(ro_prefix, user="nobody")
    r = sh(AS_NOBODY + [CMAKE, "--install", BUILD, "--prefix", ro_prefix])
    check(r.returncode == 0, f"cmake --install from a read-only build folder: exit {r.returncode}: "
          f"{r.stdout[-800:]}{r.stderr[-800:]}")
    check("Not written" in r.stdout, f"the manifest it could not write is said: {r.stdout[-400:]}")
    for f in ("bin/verify", "include/igv_kernel.h", "include/igv_kernel.hpp",
              "lib/cmake/igv/igvConfig.cmake"):
        check(os.path.exists(os.path.join(ro_prefix, f)), f"installed from a read-only build: {f}")


def example(name, source_edit=None):
    src = os.path.join(WORK, name + "-src")
    shutil.copytree(os.path.join(SRC, "verify", "plugin", "example"), src)
    if source_edit:
        path = os.path.join(src, "octal_0177_kernel.cpp")
        text = open(path, encoding="utf-8").read()
        old, new = source_edit
        assert old in text
        open(path, "w", encoding="utf-8").write(text.replace(old, new))
    build = os.path.join(WORK, name + "-build")
    r = sh([CMAKE, "-S", src, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
            f"-DCMAKE_PREFIX_PATH={PREFIX}"])
    check(r.returncode == 0, f"{name}: configure: {r.stdout[-800:]}{r.stderr[-800:]}")
    r = sh([CMAKE, "--build", build])
    check(r.returncode == 0, f"{name}: build: {r.stdout[-800:]}{r.stderr[-800:]}")
    return build, sh(["ctest", "--test-dir", build, "--output-on-failure"])


build, r = example("right")
check(r.returncode == 0 and "octal_0177_kernel_cross_check" in r.stdout,
      f"the out-of-tree kernel passes its cross-check: {r.stdout[-1500:]}{r.stderr[-500:]}")
check("octal_0177_kernel_cross_check_octal_0_07" in r.stdout,
      f"a second test (game) for the same plugin: {r.stdout[-1500:]}")
check(os.path.exists(os.path.join(build, "octal_0177_kernel.junit.xml")) and
      os.path.exists(os.path.join(build, "octal_0177_kernel_octal_0_07.junit.xml")),
      "their JUnit files")
# The same kernel, wrong beyond its table (4096) on the heaps n mod 11 = 5: its test must fail.
_, r = example("wrong", ("return g[preperiod + (n - preperiod) % period];",
                         "return g[preperiod + (n - preperiod) % period] ^ (n % 11 == 5 ? 1 : 0);"))
check(r.returncode != 0 and "wrong at" in r.stdout,
      f"a wrong out-of-tree kernel fails its test: {r.stdout[-1500:]}")
finish("e2e_out_of_tree")
