#!/usr/bin/env python3
"""The LaTeX report compiles: report.tex as a complete document and its tables as fragments, with
pdflatex and lualatex as Debian's TeX Live ships them (.ci/setup installs them).

- A report of tests/data/latex_claims.toml (Russian, Chinese and Japanese quotations, ⊕ ≤ φ,
  a very long locator and id, TeX's special characters, characters with no mapping) and the
  published reports/published/report.tex compile with both engines with no LaTeX error, no
  overfull box wider than MAX_OVERFULL_PT and no missing glyph (parsed from the log).
- The PDF holds the text: the Russian in Cyrillic (T2A, both engines), the Chinese and Japanese characters, the
  unmapped characters as their code points; report.json keeps every text as the claims file has
  it.
- Every fragment (tables/documents/*.tex, tables/*.tex) compiles when \\input into a minimal
  document that loads the packages reports/REPORTS.md names.
- Figures: with rsvg-convert on the PATH each figures/X.svg has its figures/X.pdf and the PDF
  includes it; without it there is no PDF, the document still compiles and says how to make it.
Usage (from ctest): e2e_latex.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os
import re
import shutil
import subprocess
import tomllib
import zlib

from verify_e2e import check, finish, run, setup

SRC, WORK = setup()
MAX_OVERFULL_PT = 3.0
ENGINES = ["pdflatex", "lualatex"]

# The packages reports/REPORTS.md ("The LaTeX report") tells a user to load before \input-ing a fragment.
PREAMBLE = {
    "pdflatex": "\\usepackage[T2A,T1]{fontenc}\\usepackage{lmodern,CJKutf8}\n",
    "lualatex": "\\usepackage[T2A,TU]{fontenc}\n",
}
COMMON = "\\usepackage{amssymb,array,booktabs,longtable}\n"


def compile_tex(folder, name, engine, what):
    """Runs ENGINE on FOLDER/NAME once; checks the exit code and the log. Returns the log."""
    for tool in ENGINES:
        if shutil.which(tool) is None:
            check(False, f"{tool} is on the PATH (.ci/setup installs TeX Live)")
            return ""
    r = subprocess.run([engine, "-interaction=nonstopmode", "-halt-on-error", name], cwd=folder,
                       capture_output=True, text=True, errors="replace", timeout=300)
    log_path = os.path.join(folder, os.path.splitext(name)[0] + ".log")
    log = open(log_path, encoding="utf-8", errors="replace").read() if os.path.exists(log_path) else ""
    errors = [l for l in log.splitlines() if l.startswith("! ")]
    check(r.returncode == 0 and not errors,
          f"{what}: {engine} exits 0 without errors, got {r.returncode}: {errors[:3]} {r.stdout[-600:]!r}")
    wide = [float(m.group(1)) for m in re.finditer(r"Overfull \\[hv]box \(([0-9.]+)pt too (?:wide|high)", log)]
    too_wide = [w for w in wide if w > MAX_OVERFULL_PT]
    check(not too_wide, f"{what}: {engine}: no overfull box wider than {MAX_OVERFULL_PT} pt, got {too_wide[:10]}")
    missing = re.findall(r"Missing character: There is no .*", log)
    check(not missing, f"{what}: {engine}: no missing glyph, got {missing[:5]}")
    check(os.path.exists(os.path.join(folder, os.path.splitext(name)[0] + ".pdf")), f"{what}: {engine} wrote a PDF")
    return log


def pdf_text(path):
    r = subprocess.run(["pdftotext", "-enc", "UTF-8", path, "-"], capture_output=True, text=True)
    check(r.returncode == 0, f"pdftotext {path}: {r.stderr[-300:]!r}")
    return r.stdout


def each_engine(report_dir, what):
    """Compiles REPORT_DIR/report.tex with every engine, each in its own copy of the folder."""
    logs = {}
    for engine in ENGINES:
        folder = os.path.join(WORK, os.path.basename(report_dir) + "-" + engine)
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(report_dir, folder)
        logs[engine] = (folder, compile_tex(folder, "report.tex", engine, what))
    return logs


# --- a report of the Unicode test claims, with figures ----------------------------------------
claims_file = os.path.join(SRC, "tests", "data", "latex_claims.toml")
out = os.path.join(WORK, "unicode")
r = run(["run", "--claims", claims_file, "--out", out, "--format", "json,md,tex,csv,svg"])
check(r.returncode == 0, f"run latex_claims.toml: exit 0, got {r.returncode}: {r.stderr[-400:]!r}")

source = tomllib.load(open(claims_file, "rb"))
report = json.load(open(os.path.join(out, "report.json"), encoding="utf-8"))
by_id = {c["id"]: c for c in report["claims"]}
for c in source["claim"]:
    got = by_id.get(c["id"], {})
    check(got.get("statement") == c["statement"] and got.get("source", {}).get("locator") == c["locator"],
          f"report.json keeps the statement and locator of {c['id']} as written")

tex = ""  # report.tex and its fragments
for folder, _, files in os.walk(out):
    for f in files:
        if f.endswith(".tex"):
            tex += open(os.path.join(folder, f), encoding="utf-8").read()
non_ascii = {ch for ch in re.sub(r"\\igv(zh|ja)\{[^}]*\}", "", tex) if ord(ch) > 127}
check(not non_ascii, f"the .tex files are ASCII outside the CJK runs, got {sorted(non_ascii)[:10]}")
check("$\\oplus $" in tex and "$\\le $" in tex and "\\varphi" in tex, "⊕, ≤, φ are math")

svgs = sorted(f for f in os.listdir(os.path.join(out, "figures")) if f.endswith(".svg"))
check(svgs, "--format svg wrote figures")
if shutil.which("rsvg-convert"):
    for f in svgs:
        check(os.path.exists(os.path.join(out, "figures", f[:-4] + ".pdf")), f"figures/{f} has its PDF")

for engine, (folder, log) in each_engine(out, "Unicode report").items():
    text = pdf_text(os.path.join(folder, "report.pdf"))
    flat = re.sub(r"\s+", "", text)
    for want in ["Шпрага–Гранди", "затабулировать", "русский", "抓石子游戏中的数学问题", "値につい", "定理", "日本語", "[U+2603]",
                 "[U+1F600]", "[U+D55C]", "[U+3400]", "鴨", "latex.kayles.specials_refuted"]:
        check(re.sub(r"\s+", "", want) in flat, f"{engine}: the PDF holds {want!r}")
    if shutil.which("rsvg-convert"):
        for f in svgs:
            check(f[:-4] + ".pdf" in log, f"{engine}: the PDF includes figures/{f[:-4]}.pdf")

# --- a PDF a referee can navigate: title page, contents, bookmarks, links -----------------------
def pdf_streams(path):
    """Every stream of the PDF, inflated where it is compressed (object streams hold the outline)."""
    data = open(path, "rb").read()
    out = [data]
    for m in re.finditer(rb"stream\r?\n(.*?)endstream", data, re.S):
        try:
            out.append(zlib.decompress(m.group(1)))
        except zlib.error:
            pass
    return b"\n".join(out)


for engine, (folder, _) in each_engine(out, "Unicode report, second pass").items():
    # The second pass reads the table of contents and the bookmarks the first one wrote.
    compile_tex(folder, "report.tex", engine, "Unicode report, second pass")
    pdf = os.path.join(folder, "report.pdf")
    text = re.sub(r"\s+", " ", pdf_text(pdf))
    for want in ["Verification report", "Commit", "Budget", "Contents", "1 Summary",
                 "Claims by document", "LaTeX test claims"]:
        check(want in text, f"{engine}: the navigable PDF shows {want!r}")
    # Last occurrences: the headings in the body (the contents name them first).
    check(0 <= text.rfind("Refuted, inconclusive, unexpected") < text.rfind("Claims by document"),
          f"{engine}: the refuted claims come before the claims by document")
    raw = pdf_streams(pdf)
    check(b"/Outlines" in raw and raw.count(b"/Title") >= 4, f"{engine}: the PDF has bookmarks (an outline)")
    check(b"/Link" in raw, f"{engine}: the PDF has links")
    dests = subprocess.run(["pdfinfo", "-dests", pdf], capture_output=True, text=True).stdout
    check("section.1" in dests and "subsection.3.1" in dests, f"{engine}: sections are link targets")
    check("\\BOOKMARK" in open(os.path.join(folder, "report.out"), encoding="utf-8", errors="replace").read(),
          f"{engine}: hyperref wrote the bookmarks")


# --- every fragment, \\input into a minimal document ------------------------------------------
def fragments_compile(report_dir, what):
    """\\inputs every fragment of REPORT_DIR into a minimal document with the documented packages."""
    fragments = sorted(
        [os.path.join("tables", "documents", f)
         for f in os.listdir(os.path.join(report_dir, "tables", "documents"))]
        + [os.path.join("tables", f) for f in os.listdir(os.path.join(report_dir, "tables"))
           if f.endswith(".tex")])
    check(fragments, f"{what}: fragments written")
    for engine in ENGINES:
        folder = os.path.join(WORK, os.path.basename(report_dir) + "-fragments-" + engine)
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(report_dir, folder)
        body = "".join(f"\\input{{{f}}}\n" for f in fragments)
        with open(os.path.join(folder, "paper.tex"), "w", encoding="utf-8") as fh:
            fh.write("\\documentclass{article}\n" + PREAMBLE[engine] + COMMON +
                     "\\begin{document}\n" + body + "\\end{document}\n")
        compile_tex(folder, "paper.tex", engine, what)
    return fragments


fragments_compile(out, "fragments of the Unicode report")

# --- without rsvg-convert: no PDF figures, the document compiles and says how ------------------
bare = os.path.join(WORK, "no-rsvg")
env = dict(os.environ, PATH="/nonexistent")
r = run(["run", "--claims", claims_file, "--out", bare, "--format", "tex,svg", "--jobs", "1"], env=env)
check(r.returncode == 0, f"run without rsvg-convert: exit 0, got {r.returncode}: {r.stderr[-400:]!r}")
check(not [f for f in os.listdir(os.path.join(bare, "figures")) if f.endswith(".pdf")],
      "without rsvg-convert no PDF figure is written")
bare_tex = open(os.path.join(bare, "report.tex"), encoding="utf-8").read()
check("rsvg-convert -f pdf -o" in bare_tex, "report.tex says how to convert the figures")
folder = os.path.join(WORK, "no-rsvg-pdflatex")
shutil.rmtree(folder, ignore_errors=True)
shutil.copytree(bare, folder)
compile_tex(folder, "report.tex", "pdflatex", "report without figure PDFs")
check("is missing: make it from" in re.sub(r"\s+", " ", pdf_text(os.path.join(folder, "report.pdf"))),
      "the PDF says how to make the missing figures")

# --- --format pdf: the run compiles report.tex itself; a title of 3,500 bytes (issue 37) -------
pdf_dir = os.path.join(WORK, "pdf-run")
shutil.rmtree(pdf_dir, ignore_errors=True)
long_title = ("Очень «длинное» название — 很长的标题 ⊕ ≤ a title [with] {braces} % # & ") * 40
check(len(long_title.encode()) >= 3500, "the long title has at least 3,500 bytes")
long_claims = os.path.join(WORK, "long-title.toml")
with open(long_claims, "w", encoding="utf-8") as fh:
    fh.write(f'[document]\nid = "long-title"\ntitle = "{long_title}"\n\n'
             '[[claim]]\nid = "long.title.rook"\nlocator = "§1"\n'
             'statement = "g(m, n) = m ⊕ n for 0 ≤ m, n ≤ 7; 𝒢_S = \\\\underline{01}, (k+1)^{s_k}"\n'
             'kind = "formula"\nchecker = "game.formula"\nexpected_verdict = "verified"\n'
             'params = { game = "rook", range = [0, 7], coordinates = 2 }\nasserted = "x xor y"\n')
r = run(["run", "--claims", long_claims, "--out", pdf_dir, "--format", "json,tex,svg,pdf"])
check(r.returncode == 0, f"run --format pdf: exit 0, got {r.returncode}: {r.stderr[-400:]!r}")
pdf_path = os.path.join(pdf_dir, "report.pdf")
check(os.path.exists(pdf_path) and open(pdf_path, "rb").read(5) == b"%PDF-", "--format pdf wrote report.pdf")
byproducts = [f for f in os.listdir(pdf_dir) if os.path.splitext(f)[1] in (".aux", ".log", ".toc", ".out")]
check(not byproducts, f"no LaTeX by-product reaches DIR, got {byproducts}")
if os.path.exists(pdf_path):
    text = re.sub(r"\s+", " ", pdf_text(pdf_path))
    check("Очень «длинное» название" in text, "the long title is in the PDF, in Cyrillic")
    check("underline" not in text and "s_k" not in text, "the statement's markup is typeset, not printed")
# Compiled by hand in DIR (as REPORTS.md says), then run again: the by-products do not block it.
compile_tex(pdf_dir, "report.tex", "pdflatex", "report.tex of the long title, by hand in DIR")
check(os.path.exists(os.path.join(pdf_dir, "report.aux")), "compiling by hand left report.aux in DIR")
r = run(["run", "--claims", long_claims, "--out", pdf_dir, "--format", "json,tex,pdf"])
check(r.returncode == 0, f"run again over a hand-compiled DIR: exit 0, got {r.returncode}: {r.stderr[-400:]!r}")
check(not os.path.exists(os.path.join(pdf_dir, "report.aux")), "the next run replaced the by-products")
for engine in ENGINES:
    folder = os.path.join(WORK, "long-title-" + engine)
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(pdf_dir, folder)
    compile_tex(folder, "report.tex", engine, "report.tex with a 3,500-byte title")
# No LaTeX engine on the PATH: one line, exit 2, before any claim runs; DIR as it was.
r = run(["run", "--claims", long_claims, "--out", os.path.join(WORK, "pdf-none"), "--format", "json,pdf"],
        env=dict(os.environ, PATH="/nonexistent"))
check(r.returncode == 2 and r.stderr.count("\n") == 1 and "--format pdf needs pdflatex or lualatex" in r.stderr,
      f"--format pdf without an engine: one line and exit 2, got {r.returncode}: {r.stderr!r}")
check(not os.path.exists(os.path.join(WORK, "pdf-none")), "--format pdf without an engine writes nothing")

# --- the published report ------------------------------------------------------------------
published = os.path.join(SRC, "reports", "published")
each_engine(published, "published report.tex")
fragments = fragments_compile(published, "fragments of the published report")
check(any(f.startswith(os.path.join("tables", "documents")) for f in fragments)
      and any(os.path.dirname(f) == "tables" for f in fragments),
      "the published report has document and evidence-table fragments")
# Rows 13 and 14 of Table 2 (`verify run frolov2012.table2.extension --budget 1000`, committed).
each_engine(os.path.join(SRC, "reports", "evidence", "table2-budget-1000"),
            "Table 2 at --budget 1000 report.tex")

finish("e2e_latex")
