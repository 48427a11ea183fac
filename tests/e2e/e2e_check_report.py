"""A report a referee re-checks alone (issue 35; reports/REPORTS.md, "Re-checking a report").

`verify run --out DIR` on claims of every checker that proves but the Table 2 extension (in
e2e_shipped_claims), game.period from tests/data/generic_claims.toml included (one rule each of
core/CERTIFICATES.md, "From a certificate to a claim") writes each proved claim's certificate under
DIR/certificates/ and names it with its SHA-256; `verify check-report DIR` and
`python3 verify/check_certificate.py --report DIR` both accept every one (exit 0), and both refuse
(exit 1, naming the claim) each tampered copy: a certificate edited, removed or swapped with
another claim's, a report hash edited, a proved claim's statement changed so that its certificate
no longer implies it. Then the Python side on the committed reports/published/ (the default run's
folder itself is re-checked by both in e2e_shipped_claims).
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import verify_e2e as e2e  # noqa: E402

src, work = e2e.setup()
python_checker = os.path.join(src, "verify", "check_certificate.py")

# One claim or more of every checker that can prove, the octal values file (.127: 93,000 values)
# included; the Table 2 extension (rows 0..11, 15 s in Python) is in e2e_shipped_claims.
CLAIMS = ["frolov2012.s2.f0", "frolov2012.s2.f3", "frolov2012.table2.g.m5", "frolov2012.table2.f.m9",
          "zhang.G1", "zhang.2357.sequence", "zhang.three.14c.r0_c5", "zhang.takeaway.formula",
          "zhang.takeaway.strategy", "ferguson.s1_4.p_positions", "ferguson.ex1.misere_takeaway",
          "ferguson.ex4c.powers_of_two", "dawson.p_positions", "dawson.even.first_player_wins",
          "dawson.lemma.application", "octal-records.kayles.077", "octal-records.127"]
out = os.path.join(work, "out")
r = e2e.run(["run"] + CLAIMS + ["--out", out, "--quiet", "--format", "json"])
e2e.check(r.returncode == 0, f"verify run exits 0: {r.stdout[-800:]} {r.stderr[-800:]}")
with open(os.path.join(out, "report.json")) as f:
    report = json.load(f)
proved = [c for c in report["claims"] if c["verdict"] == "proved"]
e2e.check(len(proved) == len(CLAIMS), f"every selected claim is proved ({len(proved)} of {len(CLAIMS)})")
checkers = {c["checker"] for c in proved}
e2e.check(len(checkers) == 9, f"nine checkers that prove are covered: {sorted(checkers)}")
for c in proved:
    ref = c["evidence"].get("certificate_file")
    e2e.check(isinstance(ref, dict) and os.path.isfile(os.path.join(out, ref.get("path", "-"))),
              f"{c['id']} names a certificate file in the folder: {ref}")
    if isinstance(ref, dict) and os.path.isfile(os.path.join(out, ref["path"])):
        with open(os.path.join(out, ref["path"]), "rb") as f:
            e2e.check(hashlib.sha256(f.read()).hexdigest() == ref["sha256"], f"{c['id']}: the named hash is the file's")
names = sorted(os.listdir(os.path.join(out, "certificates")))
e2e.check("octal-0.127.values" in names and "digital-deletion-9.json" in names,
          f"the values file and the shared chain are written: {names}")


def both(folder):
    """(C++ process, Python process) of the two re-checks of `folder`."""
    cpp = e2e.run(["check-report", folder])
    py = subprocess.run([sys.executable, python_checker, "--report", folder], capture_output=True, text=True,
                        timeout=600)
    return cpp, py


cpp, py = both(out)
for name, p in (("verify check-report", cpp), ("check_certificate.py --report", py)):
    e2e.check(p.returncode == 0, f"{name} accepts the fresh folder: {p.stdout[-1500:]} {p.stderr[-500:]}")
    e2e.check(f"{len(CLAIMS)} proved claims" in p.stdout and f"{len(CLAIMS)} accepted, 0 not accepted" in p.stdout,
              f"{name} counts them all: {p.stdout[-300:]}")
    e2e.check(p.stdout.count("accepted ") >= len(CLAIMS), f"{name}: one line per claim")


def tampered(label, edit, expect):
    """A copy of the fresh folder changed by `edit(folder, report)`; both re-checks must exit 1 and
    name every claim of `expect` as not accepted."""
    folder = os.path.join(work, label)
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(out, folder)
    with open(os.path.join(folder, "report.json")) as f:
        rep = json.load(f)
    edit(folder, rep)
    with open(os.path.join(folder, "report.json"), "w") as f:
        json.dump(rep, f, indent=2)
    for name, p in zip(("verify check-report", "check_certificate.py --report"), both(folder)):
        e2e.check(p.returncode == 1, f"{label}: {name} exits 1, not {p.returncode}: {p.stdout[-600:]} {p.stderr[-300:]}")
        for cid in expect:
            e2e.check(f"not accepted: {cid}:" in p.stdout, f"{label}: {name} names {cid}: {p.stdout[-600:]}")


def claim(rep, cid):
    return next(c for c in rep["claims"] if c["id"] == cid)


def cert_path(cid):
    return claim(report, cid)["evidence"]["certificate_file"]["path"]


def rewrite(folder, rel, change):
    path = os.path.join(folder, rel)
    with open(path) as f:
        doc = json.load(f)
    change(doc)
    with open(path, "w") as f:
        f.write(json.dumps(doc, separators=(",", ":")) + "\n")


def users(cid):
    """Every proved claim resting on the same certificate file as `cid`."""
    return [c["id"] for c in proved if c["evidence"]["certificate_file"]["path"] == cert_path(cid)]


# A certificate edited (a descriptive text: still a true certificate, but not the one named).
tampered("edited", lambda d, r: rewrite(d, cert_path("octal-records.kayles.077"),
                                        lambda doc: doc["certificate"].update(theorem="edited")),
         users("octal-records.kayles.077"))
# A certificate removed.
tampered("removed", lambda d, r: os.remove(os.path.join(d, cert_path("zhang.G1"))), users("zhang.G1"))
# The octal values file removed (the JSON names it with its own hash).
tampered("values_removed", lambda d, r: os.remove(os.path.join(d, "certificates", "octal-0.127.values")),
         ["octal-records.127"])


def swap(d, r):
    a, b = cert_path("ferguson.s1_4.p_positions"), cert_path("zhang.takeaway.formula")
    pa, pb = os.path.join(d, a), os.path.join(d, b)
    os.rename(pa, pa + ".tmp")
    os.rename(pb, pa)
    os.rename(pa + ".tmp", pb)


# Two claims' certificates swapped (the files), and swapped with their references (the game).
tampered("swapped_files", swap, users("ferguson.s1_4.p_positions") + users("zhang.takeaway.formula"))


def swap_references(d, r):
    a, b = claim(r, "ferguson.s1_4.p_positions"), claim(r, "dawson.p_positions")
    a["evidence"]["certificate_file"], b["evidence"]["certificate_file"] = \
        b["evidence"]["certificate_file"], a["evidence"]["certificate_file"]


tampered("swapped_references", swap_references, ["ferguson.s1_4.p_positions", "dawson.p_positions"])
# A hash in the report edited.
tampered("hash", lambda d, r: claim(r, "dawson.lemma.application")["evidence"]["certificate_file"].update(
    sha256="0" * 64), ["dawson.lemma.application"])
# Statements changed so that the certificate no longer implies them.
tampered("period", lambda d, r: claim(r, "octal-records.kayles.077")["asserted"].update(period=24),
         ["octal-records.kayles.077"])
tampered("residues", lambda d, r: claim(r, "ferguson.s1_4.p_positions")["asserted"].update(p_residues=[0, 3]),
         ["ferguson.s1_4.p_positions"])
tampered("table2", lambda d, r: claim(r, "frolov2012.table2.g.m5")["asserted"].update(p=24),
         ["frolov2012.table2.g.m5"])
tampered("row_formula", lambda d, r: claim(r, "frolov2012.s2.f3")["params"].update(offset=7), ["frolov2012.s2.f3"])
tampered("cycle", lambda d, r: claim(r, "zhang.2357.sequence")["asserted"].update(cycle="0^21^22^23^25"),
         ["zhang.2357.sequence"])
tampered("lemma", lambda d, r: claim(r, "dawson.lemma.application")["params"].update(i=40),
         ["dawson.lemma.application"])
tampered("outcome_rule", lambda d, r: claim(r, "dawson.p_positions")["asserted"].update(exceptions=[0, 1, 15]),
         ["dawson.p_positions"])
tampered("game", lambda d, r: claim(r, "zhang.takeaway.strategy")["params"].update(game="subtraction:1,2,4"),
         ["zhang.takeaway.strategy"])

# game.period, the generic claim (tests/data/generic_claims.toml), from the family's own certificate.
generic_out = os.path.join(work, "generic")
r = e2e.run(["run", "--claims", os.path.join(src, "tests", "data", "generic_claims.toml"), "generic.kayles.period",
             "generic.sub134.period", "generic.sub134.exceptions", "--out", generic_out, "--quiet", "--format", "json"])
e2e.check(r.returncode == 0, f"the generic period claims are proved: {r.stdout[-600:]}")
for name, p in zip(("verify check-report", "check_certificate.py --report"), both(generic_out)):
    e2e.check(p.returncode == 0 and "3 accepted, 0 not accepted" in p.stdout, f"{name} on game.period: {p.stdout[-600:]}")
out = generic_out
tampered("generic_period", lambda d, r: claim(r, "generic.sub134.period")["asserted"].update(period=14),
         ["generic.sub134.period"])

# Not a report: exit 2, one line, for both.
empty = os.path.join(work, "empty")
os.makedirs(empty, exist_ok=True)
for name, p in zip(("verify check-report", "check_certificate.py --report"), both(empty)):
    e2e.check(p.returncode == 2 and p.stderr.startswith("verify: error:") and p.stderr.count("\n") == 1,
              f"{name} on a folder without report.json: exit 2, one line: {p.returncode} {p.stderr!r}")

# CI: the Python side on the committed reports/published/ (re-generated with certificates by the
# command in reports/REPORTS.md, "Published reports").
published = os.path.join(src, "reports", "published")
with open(os.path.join(published, "report.json")) as f:
    committed = json.load(f)
named = [c for c in committed["claims"] if c["verdict"] == "proved" and "certificate_file" in c["evidence"]]
if not named:
    print("NOTE: reports/published/ predates the certificates (no proved claim names one); "
          "regenerate it (reports/REPORTS.md) and this part re-checks it")
else:
    p = subprocess.run([sys.executable, python_checker, "--report", published, "--quiet"], capture_output=True,
                       text=True, timeout=900)
    e2e.check(p.returncode == 0, f"the Python checker accepts reports/published/: {p.stdout[-1500:]} {p.stderr[-300:]}")
e2e.finish("e2e_check_report")
