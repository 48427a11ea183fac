#!/usr/bin/env python3
"""The LaTeX fragments drop into a paper as they are: every tables/*.tex (evidence tables) and
tables/documents/*.tex (claims per document) that `verify run --format tex` writes compiles ALONE,
with only the packages its own first lines name, in article, two-column article, amsart,
elsarticle, revtex4-2, IEEEtran, llncs and acmart, under pdflatex and lualatex
(reports/REPORTS.md, "Fragments for a paper"). It fails on

- any LaTeX error in any class and engine (a fragment that uses a T1 symbol without naming
  fontenc: "\\guillemotleft unavailable in encoding OT1"; a bitmap font under acmart's microtype:
  "auto expansion is only possible with scalable fonts"), a bitmap (Type 3) font in the PDF,
  Cyrillic that is not in the PDF's text as Cyrillic, a missing glyph, an overfull box wider
  than 1 pt, a float too large for the page, an output loop (revtex's "dead cycles");
- a page ejected by a table of fewer than 20 rows: each fragment sits between two paragraphs,
  and the page the paragraph after it ends on must be the one the paragraph before it is on (a
  longtable, which switches a two-column class to one column, ejects the page);
- a short caption that is not braced (`\\caption[...]` with a `]` inside ends early).

"Alone" is exact and cheap: fragments whose headers name the same packages are compiled together
in one document (each with precisely its own packages), one document per group, class and
engine; the documents run two at a time. Classes not installed (svjour3: in no Debian package)
are skipped and named.

The fragments are those of the published report (reports/published/report.json, re-rendered by
this build with `verify merge`, so the test reads what the current writer writes), plus those of
tests/data/latex_claims.toml (Chinese, Japanese, Cyrillic with guillemets, TeX specials).
Usage (from ctest): e2e_latex_fragments.py --verify PATH --source-dir DIR --work-dir DIR
"""
import concurrent.futures
import json
import os
import re
import shutil
import subprocess

from verify_e2e import check, finish, run, setup

SRC, WORK = setup()
ENGINES = ["pdflatex", "lualatex"]
MAX_OVERFULL_PT = 1.0
SHORT_TABLE_ROWS = 20
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
TEXT = ("A paragraph of the paper around the table, long enough to fill a few lines of a column "
        "so that the table has text before and after it as it would in a journal article. ")


def installed(cls):
    return subprocess.run(["kpsewhich", cls + ".cls"], capture_output=True, text=True).stdout.strip() != ""


def fragments_of(report_dir):
    docs = sorted(os.path.join("tables", "documents", f)
                  for f in os.listdir(os.path.join(report_dir, "tables", "documents")) if f.endswith(".tex"))
    tables = sorted(os.path.join("tables", f)
                    for f in os.listdir(os.path.join(report_dir, "tables")) if f.endswith(".tex"))
    return docs, tables


def header_preamble(path, engine):
    """The preamble a fragment's header lines name, for ENGINE: its \\usepackage lines (the
    pdflatex-only ones only under pdflatex)."""
    text = open(path, encoding="utf-8").read()
    head = text.split("\n\\", 1)[0]
    out = []
    pdflatex_only = False
    for line in head.splitlines():
        if "under pdflatex only" in line:
            pdflatex_only = True
        for names in re.findall(r"\\usepackage(?:\[[^]]*\])?\{[^}]*\}", line):
            if pdflatex_only and engine != "pdflatex":
                continue
            out.append(names)
    return "".join(out)


def rows_of(report_json):
    """Rows of each fragment's table: evidence tables by claim id, document tables by document."""
    evidence, documents = {}, {}
    for c in report_json["claims"]:
        ev = c.get("evidence")
        if isinstance(ev, dict) and isinstance(ev.get("table"), list):
            evidence[c["id"]] = len(ev["table"])
        documents[c["source"]["document"]] = documents.get(c["source"]["document"], 0) + 1
    return evidence, documents


def fragment_rows(report_dir, f, evidence, documents):
    text = open(os.path.join(report_dir, f), encoding="utf-8").read()
    m = re.match(r"% Claims of the document (\S+),", text)
    if m:
        return documents.get(m.group(1))
    return evidence.get(os.path.basename(f)[:-4])


def compile_one(folder, name, engine):
    r = subprocess.run([engine, "-interaction=nonstopmode", "-halt-on-error", name], cwd=folder,
                       capture_output=True, text=True, errors="replace", timeout=600)
    log_path = os.path.join(folder, os.path.splitext(name)[0] + ".log")
    log = open(log_path, encoding="utf-8", errors="replace").read() if os.path.exists(log_path) else ""
    return r.returncode, r.stdout, log


# Cyrillic is set in T2A (latex_text's \\igvru{\\CYRSH\\cyrp...}): the letters of each run, read
# back, must be in the PDF's text under both engines (not transliterated, not lost).
CYRILLIC_UPPER = ("A B V G D E ZH Z I ISHRT K L M N O P R S T U F H C CH SH SHCH HRDSN ERY SFTSN "
                  "EREV YU YA").split()
CYRILLIC_LETTERS = {**{"CYR" + n: chr(0x410 + i) for i, n in enumerate(CYRILLIC_UPPER)},
                    **{"cyr" + n.lower(): chr(0x430 + i) for i, n in enumerate(CYRILLIC_UPPER)},
                    "CYRYO": "Ё", "cyryo": "ё", "CYRII": "І", "cyrii": "і", "CYRYI": "Ї",
                    "cyryi": "ї", "CYRIE": "Є", "cyrie": "є", "CYRGUP": "Ґ", "cyrgup": "ґ"}


def cyrillic_words(text):
    """The Cyrillic runs of a fragment (\\igvru{...}) as Unicode, the longer ones first."""
    words = {"".join(CYRILLIC_LETTERS[n] for n in re.findall(r"\\([A-Za-z]+)", run))
             for run in re.findall(r"\\igvru\{((?:\\[A-Za-z]+)+)\}", text)}
    return sorted(words, key=lambda w: (-len(w), w))


def check_log(code, stdout, log, what):
    errors = [l for l in log.splitlines() if l.startswith("! ")]
    check(code == 0 and not errors,
          f"{what}: exits 0 without LaTeX errors, got {code}: {errors[:3]} {stdout[-500:]!r}")
    wide = [float(m.group(1)) for m in re.finditer(r"Overfull \\hbox \(([0-9.]+)pt too wide", log)]
    check(not [w for w in wide if w > MAX_OVERFULL_PT],
          f"{what}: no overfull hbox wider than {MAX_OVERFULL_PT} pt, got {sorted(wide)[-5:]}")
    missing = re.findall(r"Missing character: There is no .*", log)
    check(not missing, f"{what}: no missing glyph, got {missing[:3]}")
    check("Float too large" not in log, f"{what}: no float too large for the page")
    check("dead cycles" not in log, f"{what}: no output loop")
    return True


compiled = []
cyrillic_checked = []


def jobs_for(report_dir, label, fragments, rows):
    """The documents to compile: one per group of fragments naming the same packages, class and
    engine. Returns (folder, engine, what, fragments)."""
    jobs = []
    for engine in ENGINES:
        groups = {}
        for f in fragments:
            groups.setdefault(header_preamble(os.path.join(report_dir, f), engine), []).append(f)
        for g, (preamble, members) in enumerate(sorted(groups.items())):
            for cls, options, what in TEX_CLASSES:
                if not installed(cls):
                    continue
                folder = os.path.join(WORK, f"{label}-g{g}-{cls}-{options.replace(',', '_')}-{engine}")
                shutil.rmtree(folder, ignore_errors=True)
                shutil.copytree(report_dir, folder, ignore=shutil.ignore_patterns("*.json", "*.md", "*.csv"))
                body = ""
                for i, f in enumerate(members):
                    body += (f"\\clearpage\n{TEXT}\\igvmark{{before}}{{{i}}}\n\n\\input{{{f}}}\n\n"
                             f"{TEXT}\\igvmark{{after}}{{{i}}}\n\n")
                text = (f"\\documentclass[{options}]{{{cls}}}\n" + preamble + "\n" +
                        FRONT_MATTER.get(cls, "") +
                        "\\newcommand\\igvmark[2]{\\write-1{IGVMARK #1 #2 \\thepage}}\n"
                        "\\begin{document}\n" + body + "\\end{document}\n")
                with open(os.path.join(folder, "paper.tex"), "w", encoding="utf-8") as fh:
                    fh.write(text)
                jobs.append((folder, engine, f"{label}: {what}, {engine}, packages {preamble or '(none)'}",
                             members, preamble))
    return jobs


def run_jobs(jobs, rows):
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda j: compile_one(j[0], "paper.tex", j[1]), jobs))
    for (folder, engine, what, members, _), (code, stdout, log) in zip(jobs, results):
        if not check_log(code, stdout, log, what):
            continue
        compiled.append(what)
        pdf = os.path.join(folder, "paper.pdf")
        fonts = subprocess.run(["pdffonts", pdf], capture_output=True, text=True).stdout
        check("Type 3" not in fonts, f"{what}: no bitmap (Type 3) font in the PDF, got {fonts[-400:]!r}")
        words = []
        # revtex4-2 sends footnotes to the bibliography, which needs BibTeX: their text is not in
        # this PDF, so the Cyrillic is read back in the other classes.
        for f in (members if "revtex" not in what else []):
            words += cyrillic_words(open(os.path.join(folder, f), encoding="utf-8").read())[:3]
        if words:
            text = subprocess.run(["pdftotext", "-enc", "UTF-8", pdf, "-"], capture_output=True,
                                  text=True).stdout
            flat = re.sub(r"-?\s+", "", text)  # a word broken at a line end reads whole
            missing = [w for w in words if w not in flat]
            check(not missing, f"{what}: the Cyrillic is in the PDF as Cyrillic, missing {missing[:5]}")
            cyrillic_checked.append(what)
        pages = {}
        for m in re.finditer(r"^IGVMARK (before|after) (\d+) (\S+)$", log, re.M):
            pages[(m.group(1), int(m.group(2)))] = m.group(3)
        for i, f in enumerate(members):
            n = rows.get(f)
            if n is None or n >= SHORT_TABLE_ROWS:
                continue
            before, after = pages.get(("before", i)), pages.get(("after", i))
            check(before is not None and before == after,
                  f"{what}: {f} ({n} rows) ejects no page: the text before it is on page {before}, "
                  f"after it on page {after}")


def check_report(report_dir, label, report_json, need_tables=True):
    docs, tables = fragments_of(report_dir)
    check(docs and (tables or not need_tables), f"{label}: the fragments are written")
    evidence, documents = rows_of(report_json)
    rows = {f: fragment_rows(report_dir, f, evidence, documents) for f in docs + tables}
    check(all(v is not None for v in rows.values()),
          f"{label}: every fragment's rows are known, got {[f for f, v in rows.items() if v is None][:3]}")
    for f in docs + tables:
        text = open(os.path.join(report_dir, f), encoding="utf-8").read()
        check(not re.search(r"\\caption\[(?!\{)", text), f"{f}: every short caption is braced")
        n = rows.get(f) or 0
        check(("\\begin{longtable}" in text) == (n >= (SHORT_TABLE_ROWS if f in docs else 41)),
              f"{label}: {f}: a longtable exactly when it is long ({n} rows)")
        caption = " ".join(re.findall(r"\\caption(?:\[\{.*?\}\])?\{(.*)\}\\label", text))
        for bad in ["&&", "==", "<=", "\\textless{}=", "\\&\\&", "\\texttt{", ".tex", ".svg"]:
            check(bad not in caption, f"{label}: {f}: no {bad!r} in its caption: {caption[:300]!r}")
    run_jobs(jobs_for(report_dir, label, docs + tables, rows), rows)


# --- the fragments themselves --------------------------------------------------------------
missing_classes = [what for cls, _, what in TEX_CLASSES if not installed(cls)]
print("classes tested:", [what for cls, _, what in TEX_CLASSES if installed(cls)])
print("classes not installed (skipped):", missing_classes)

shard = json.load(open(os.path.join(SRC, "reports", "published", "report.json"), encoding="utf-8"))
shard["context"]["shard"] = "1/1"
shard["context"]["shard_claims"] = [c["id"] for c in shard["claims"]]
# merge re-checks the proved claims from the shard's folder: the report.json beside a copy of the
# published certificates.
shard_dir = os.path.join(WORK, "published-shard")
shutil.rmtree(shard_dir, ignore_errors=True)
shutil.copytree(os.path.join(SRC, "reports", "published", "certificates"),
                os.path.join(shard_dir, "certificates"))
shard_path = os.path.join(shard_dir, "report.json")
json.dump(shard, open(shard_path, "w", encoding="utf-8"))
published = os.path.join(WORK, "published")
r = run(["merge", shard_path, "--out", published, "--format", "tex"])
check(r.returncode == 0, f"verify merge of the published report: exit 0, got {r.returncode}: {r.stderr[-300:]!r}")

docs, tables = fragments_of(published)
evidence_rows, _ = rows_of(shard)
for f in tables:
    text = open(os.path.join(published, f), encoding="utf-8").read()
    claim = os.path.basename(f)[:-4]
    check("\\directlua" not in text and "CJK" not in text.split("\n\\", 1)[1],
          f"{f}: no Lua or CJK macros in a table without CJK text")
    if evidence_rows.get(claim, 0) <= 40:
        check(re.search(r"\\begin\{table\*?\}", text) and "\\begin{tabular}" in text, f"{f}: a table float")
        check("%   \\usepackage{booktabs}\n" in text, f"{f}: needs booktabs alone")
    body = text.split("\\midrule\n", 1)[-1]
    check(not re.search(r"(^|& )-?\d+, -?\d+ *(&|\\\\)", body, re.M), f"{f}: one number per cell")
    check("_\\igvbreak" not in text.split("\\toprule", 1)[-1].split("\\midrule", 1)[0],
          f"{f}: headers as words and math, not identifiers")
frolov = open(os.path.join(published, "tables", "frolov2012.table2.extension.tex"), encoding="utf-8").read()
check("$t_m/t_{m-1}$" in frolov and "$m$ & $t$" in frolov, "Table 2's headers are math")

check_report(published, "published", shard)

# --- Chinese, Japanese, Cyrillic and TeX's specials in the document tables --------------------
unicode_dir = os.path.join(WORK, "unicode")
r = run(["run", "--claims", os.path.join(SRC, "tests", "data", "latex_claims.toml"), "--out", unicode_dir,
         "--format", "json,tex"])
check(r.returncode == 0, f"run latex_claims.toml: exit 0, got {r.returncode}: {r.stderr[-300:]!r}")
check_report(unicode_dir, "unicode", json.load(open(os.path.join(unicode_dir, "report.json"), encoding="utf-8")),
             need_tables=False)

check(any("pdflatex" in w for w in cyrillic_checked) and any("lualatex" in w for w in cyrillic_checked),
      f"some fragment's Cyrillic was read back under both engines, got {cyrillic_checked[:4]}")
print("compiled:", *compiled, sep="\n  ")
print("classes not installed (skipped):", missing_classes)
finish("e2e_latex_fragments")
