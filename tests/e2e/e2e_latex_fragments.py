#!/usr/bin/env python3
"""The LaTeX fragments drop into a paper: every tables/*.tex (evidence tables) and
tables/documents/*.tex (claims per document) that `verify run --format tex` writes, \\input all at
once into one document per class and engine, compiles with no LaTeX error, no missing glyph and no
overfull box (so a `table` fits \\columnwidth, a `table*` the page), loading only the packages the
fragments' first lines name (reports/REPORTS.md, "Fragments for a paper").

Classes: article, two-column article, amsart, and each journal class of TEX_CLASSES that this
TeX Live has (kpsewhich); a class that is not installed is skipped and named. .ci/setup installs
Debian's texlive-publishers (elsarticle, revtex4-2, IEEEtran, llncs, acmart), texlive-fonts-
recommended (IEEEtran's Times) and texlive-latex-extra (acmart's xstring, totpages, ...), so in CI
all of them are compiled; svjour3 (Springer) is in no Debian package and is tested only where a
user has installed it. The test prints the classes and engines it compiled. Engines: pdflatex
and lualatex.

The fragments are those of the published report (reports/published/report.json, re-rendered by
this build with `verify merge`, so the test reads what the current writer writes, in under a
second), plus those of tests/data/latex_claims.toml (Chinese, Japanese, Cyrillic, TeX specials).
Usage (from ctest): e2e_latex_fragments.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os
import re
import shutil
import subprocess

from verify_e2e import check, finish, run, setup

SRC, WORK = setup()
ENGINES = ["pdflatex", "lualatex"]
MAX_OVERFULL_PT = 1.0
# (class, options, what); those not installed are skipped and said so.
TEX_CLASSES = [
    ("article", "", "article"),
    ("article", "twocolumn", "two-column article"),
    ("amsart", "", "amsart"),
    ("elsarticle", "twocolumn", "elsarticle (two-column)"),
    ("revtex4-2", "aps,twocolumn", "revtex4-2 (two-column)"),
    ("IEEEtran", "journal", "IEEEtran (two-column)"),
    ("llncs", "", "llncs"),
    ("acmart", "sigconf", "acmart sigconf (two-column)"),
    ("svjour3", "twocolumn", "svjour3 (two-column)"),
]
# What a paper in the class cannot do without, before \begin{document}: acmart's running heads
# print \shorttitle, which only \title defines.
FRONT_MATTER = {"acmart": "\\title{Evidence}\n"}


def installed(cls):
    return subprocess.run(["kpsewhich", cls + ".cls"], capture_output=True, text=True).stdout.strip() != ""


def fragments_of(report_dir):
    docs = sorted(os.path.join("tables", "documents", f)
                  for f in os.listdir(os.path.join(report_dir, "tables", "documents")) if f.endswith(".tex"))
    tables = sorted(os.path.join("tables", f)
                    for f in os.listdir(os.path.join(report_dir, "tables")) if f.endswith(".tex"))
    return docs, tables


def preamble(report_dir, fragments, engine):
    """The packages the fragments' header lines name (the union), for ENGINE."""
    packages, cjk, color = [], False, False
    for f in fragments:
        head = open(os.path.join(report_dir, f), encoding="utf-8").read().split("\n\\", 1)[0]
        for names in re.findall(r"^%\s+\\usepackage\{([^}]*)\}$", head, re.M):
            for p in names.split(","):
                if p not in packages:
                    packages.append(p)
        cjk |= "CJKutf8" in head
        color |= "xcolor" in head
    out = "\\usepackage{" + ",".join(packages) + "}\n"
    if color:
        out += "\\usepackage{xcolor}\n"
    if cjk and engine == "pdflatex":
        out += "\\usepackage[T1]{fontenc}\\usepackage{lmodern,CJKutf8}\n"
    return out


def compile_tex(folder, name, engine, what):
    r = subprocess.run([engine, "-interaction=nonstopmode", "-halt-on-error", name], cwd=folder,
                       capture_output=True, text=True, errors="replace", timeout=300)
    log_path = os.path.join(folder, os.path.splitext(name)[0] + ".log")
    log = open(log_path, encoding="utf-8", errors="replace").read() if os.path.exists(log_path) else ""
    errors = [l for l in log.splitlines() if l.startswith("! ")]
    check(r.returncode == 0 and not errors,
          f"{what}: exits 0 without LaTeX errors, got {r.returncode}: {errors[:3]} {r.stdout[-500:]!r}")
    wide = [float(m.group(1)) for m in re.finditer(r"Overfull \\hbox \(([0-9.]+)pt too wide", log)]
    check(not [w for w in wide if w > MAX_OVERFULL_PT],
          f"{what}: no overfull hbox wider than {MAX_OVERFULL_PT} pt, got {sorted(wide)[-5:]}")
    missing = re.findall(r"Missing character: There is no .*", log)
    check(not missing, f"{what}: no missing glyph, got {missing[:3]}")
    return log


compiled = []


def compile_all(report_dir, label, need_tables=True):
    docs, tables = fragments_of(report_dir)
    check(docs and (tables or not need_tables), f"{label}: the fragments are written")
    for cls, options, what in TEX_CLASSES:
        if not installed(cls):
            continue
        for engine in ENGINES:
            folder = os.path.join(WORK, f"{label}-{cls}-{options.replace(',', '_')}-{engine}")
            shutil.rmtree(folder, ignore_errors=True)
            shutil.copytree(report_dir, folder)
            # \clearpage between fragments: a paper has a few floats, not forty in a row.
            body = "".join(f"\\input{{{f}}}\n\\clearpage\n" for f in tables + docs)
            text = (f"\\documentclass[{options}]{{{cls}}}\n" + preamble(folder, tables + docs, engine) +
                    FRONT_MATTER.get(cls, "") + "\\begin{document}\n" + body + "\\end{document}\n")
            with open(os.path.join(folder, "paper.tex"), "w", encoding="utf-8") as fh:
                fh.write(text)
            compile_tex(folder, "paper.tex", engine, f"{label}: {what}, {engine}")
            compiled.append(f"{label}: {what}, {engine}")
            if engine == "pdflatex" and os.path.exists(os.path.join(folder, "paper.pdf")):
                pdf = subprocess.run(["pdftotext", "paper.pdf", "-"], cwd=folder, capture_output=True,
                                     text=True).stdout
                check(pdf.count("Evidence of") >= len(tables),
                      f"{label}: {what}: every evidence table is in the PDF")


# --- the fragments themselves --------------------------------------------------------------
missing_classes = [what for cls, _, what in TEX_CLASSES if not installed(cls)]
print("classes tested:", [what for cls, _, what in TEX_CLASSES if installed(cls)])
print("classes not installed (skipped):", missing_classes)

shard = json.load(open(os.path.join(SRC, "reports", "published", "report.json"), encoding="utf-8"))
shard["context"]["shard"] = "1/1"
shard["context"]["shard_claims"] = [c["id"] for c in shard["claims"]]
shard_path = os.path.join(WORK, "published-shard.json")
json.dump(shard, open(shard_path, "w", encoding="utf-8"))
published = os.path.join(WORK, "published")
r = run(["merge", shard_path, "--out", published, "--format", "tex"])
check(r.returncode == 0, f"verify merge of the published report: exit 0, got {r.returncode}: {r.stderr[-300:]!r}")

docs, tables = fragments_of(published)
rows_of = {c["id"]: len(c["evidence"]["table"]) for c in shard["claims"]
           if isinstance(c.get("evidence"), dict) and isinstance(c["evidence"].get("table"), list)}
for f in tables:
    text = open(os.path.join(published, f), encoding="utf-8").read()
    claim = os.path.basename(f)[:-4]
    check("\\directlua" not in text and "CJK" not in text.split("\n\\", 1)[1],
          f"{f}: no Lua or CJK macros in a table without CJK text")
    long = rows_of.get(claim, 0) > 40
    check(("\\begin{longtable}" in text) == long,
          f"{f}: a longtable exactly when it has more than 40 rows ({rows_of.get(claim)})")
    if not long:
        check(re.search(r"\\begin\{table\*?\}", text) and "\\begin{tabular}" in text, f"{f}: a table float")
        check("%   \\usepackage{booktabs}\n" in text, f"{f}: needs booktabs alone")
    body = text.split("\\midrule\n", 1)[-1]
    check(not re.search(r"(^|& )-?\d+, -?\d+ *(&|\\\\)", body, re.M), f"{f}: one number per cell")
    check("_\\igvbreak" not in text.split("\\toprule", 1)[-1].split("\\midrule", 1)[0],
          f"{f}: headers as words and math, not identifiers")
frolov = open(os.path.join(published, "tables", "frolov2012.table2.extension.tex"), encoding="utf-8").read()
check("$t_m/t_{m-1}$" in frolov and "$m$ & $t$" in frolov, "Table 2's headers are math")

compile_all(published, "published")

# --- Chinese, Japanese, Cyrillic and TeX's specials in the document tables --------------------
unicode_dir = os.path.join(WORK, "unicode")
r = run(["run", "--claims", os.path.join(SRC, "tests", "data", "latex_claims.toml"), "--out", unicode_dir,
         "--format", "json,tex"])
check(r.returncode == 0, f"run latex_claims.toml: exit 0, got {r.returncode}: {r.stderr[-300:]!r}")
compile_all(unicode_dir, "unicode", need_tables=False)

print("compiled:", *compiled, sep="\n  ")
print("classes not installed (skipped):", missing_classes)
finish("e2e_latex_fragments")
