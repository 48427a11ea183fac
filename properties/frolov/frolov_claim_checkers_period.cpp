// Checkers for the periodicity claims of Frolov (2012), 000_a85f04da58584fa6: the row formulas
// of §2 (f_0 … f_3), Table 2 row by row, Theorems 1 and 3, and Table 2 extended beyond the paper.
// Every period used here comes from a certificate chain (core/frolov/frolov_period.h) that the
// independent checker (core/frolov/frolov_certificate_check.h) accepted; a rejected chain is an
// error, never a verdict.
#include <cstdio>
#include <sstream>

#include "core/base/trusted/errors.h"
#include "properties/base/check_helpers.h"
#include "properties/frolov/frolov_cache.h"

namespace igv {

namespace {

/// Rows of Table 2 in the paper: m = 0 … 9.
constexpr int kTable2LastRow = 9;
/// Rows proved at the default budget beyond the paper (m ≤ 11 takes a few seconds)…
constexpr int kDefaultExtensionRow = 11;
/// … and at --budget ≥ kLargeBudget (m = 12: about 40 s and 0.7 GiB on the reference machine),
/// and ≥ kHugeBudget (m = 14, streamed: core/REACH.md, "Rows 13 and 14 of Table 2").
constexpr int kLargeBudgetExtensionRow = 12;
constexpr double kLargeBudget = 10.0;
constexpr int kHugeBudgetExtensionRow = 14;
constexpr double kHugeBudget = 1000.0;
/// The largest row the certificate chain is run for (a claim may not ask for more).
constexpr int kLastProvableRow = 12;

FrolovFunction function_of(const Claim& c) {
  const auto name = param<std::string>(c, "function");
  if (name == "f") return FrolovFunction::f;
  if (name == "g") return FrolovFunction::g;
  throw std::invalid_argument("claim " + c.id + ": parameter 'function' must be \"f\" or \"g\"");
}

/// The accepted chain for rows 0..max(row, 9) (rows ≤ 9 share one chain).
std::shared_ptr<const CheckedFrolovChain> accepted_chain(int row) {
  // Row 12 (t = 50,803,200) is the last a claims file may name (core/REACH.md, "How far the
  // machine goes"); a row outside 0..12 is refused before any row is computed. Rows 13 and 14 come
  // only from the budget (rows_for_budget), whose chain keeps the first residues alone.
  constexpr int kLastFeasibleRow = kHugeBudgetExtensionRow;
  if (row < 0 || row > kLastFeasibleRow) {
    throw std::invalid_argument("row " + std::to_string(row) + " is outside 0.." +
                                std::to_string(kLastFeasibleRow) +
                                " (the rows whose periods can be proved here)");
  }
  auto chain = cached_frolov_chain(std::max(row, kTable2LastRow));
  if (!chain->verdict.accepted()) {
    throw std::logic_error("the certificate checker rejected the producer's chain: " +
                           chain->verdict.reason());
  }
  return chain;
}

/// Row m of g or f as the independent checker accepted it, found by its name ("g row 5") among
/// what the checker established: never the producer's row.
const ProvedPeriod& proved_row(const CertificateVerdict& facts, FrolovFunction which, int m) {
  const std::string name = std::string(to_string(which)) + " row " + std::to_string(m);
  for (const ProvedPeriod& r : facts.proved()) {
    if (r.what == name) return r;
  }
  throw std::logic_error("the accepted chain proves no " + name);
}

const ProvedPeriod& proved_row(const CheckedFrolovChain& chain, FrolovFunction which, int m) {
  return proved_row(chain.verdict, which, m);
}

nlohmann::json row_certificate_json(const CheckedFrolovChain& chain, FrolovFunction which, int m) {
  nlohmann::json out = which == FrolovFunction::g
                           ? to_json(chain.chain.g_certificates.at(static_cast<std::size_t>(m)))
                           : to_json(chain.chain.f_certificates.at(static_cast<std::size_t>(m)));
  for (const auto& r : chain.verdict.details["rows"]) {
    if (r["m"] == m && r["function"] == std::string(to_string(which))) out["checker"] = r;
  }
  out["checked_by"] = "core/frolov/frolov_certificate_check.cpp: accepted";
  return out;
}

// ---------------------------------------------------------------------------------------------
// §2 row formulas: value(row, x + period) = value(row, x) + period for x ≥ from, and optionally
// value(row, x) = x + offset for x ≥ from.
// ---------------------------------------------------------------------------------------------
Derivation derive_row_arithmetic(const CertificateVerdict& facts, const Claim& c,
                                 const CheckContext&) {
  const FrolovFunction which = function_of(c);
  const int row = param<int>(c, "row");
  const auto period = param<std::int64_t>(c, "period");
  const auto from = param<std::int64_t>(c, "from");
  const bool has_offset = stated(c, "offset");
  const auto offset = has_offset ? param<std::int64_t>(c, "offset") : 0;
  // Columns are 0 or more; the bound keeps x + period and x + offset far from overflow (the
  // schema bounds them too; this guards a direct call).
  constexpr std::int64_t kMaxColumn = std::int64_t{1} << 50;
  if (from < 0 || from > kMaxColumn || period < 1 || period > kMaxColumn || offset < -kMaxColumn ||
      offset > kMaxColumn) {
    throw std::invalid_argument("claim " + c.id +
                                ": parameters 'from' (a column, 0 or more), 'period' (1 or more) "
                                "and 'offset' must lie within ±2^50");
  }
  const ProvedPeriod& r = proved_row(facts, which, row);
  // Beyond max(from, p) one full period of the proved row decides both statements for all x.
  const std::int64_t end = std::max(from, r.preperiod) + r.period;
  const std::string fn = std::string(to_string(which)) + "_" + std::to_string(row);
  nlohmann::json counterexample = nullptr;
  for (std::int64_t x = from; x < end && counterexample.is_null(); ++x) {
    if (r.value(x + period) != r.value(x) + period) {
      counterexample = {{"x", x},
                        {fn + "(x)", r.value(x)},
                        {fn + "(x + " + std::to_string(period) + ")", r.value(x + period)}};
    } else if (has_offset && r.value(x) != x + offset) {
      counterexample = {{"x", x}, {fn + "(x)", r.value(x)}, {"expected", x + offset}};
    }
  }
  Derivation o;
  o.evidence = {
      {"domain", "every x >= " + std::to_string(from) + ": checked on [" + std::to_string(from) +
                     ", " + std::to_string(end) + "), which decides all x by the proved period"},
      {"proved_row", {{"period", r.period}, {"preperiod", r.preperiod}}}};
  if (counterexample.is_null()) {
    o.holds = true;
    o.summary = "holds for every x >= " + std::to_string(from) + " (row " + std::to_string(row) +
                " proved with period " + std::to_string(r.period) + ", preperiod " +
                std::to_string(r.preperiod) + ")";
  } else {
    o.counterexample = counterexample;
    o.summary = "fails at " + counterexample.dump();
  }
  return o;
}

Outcome check_row_arithmetic(const Claim& c, const CheckContext& ctx) {
  const FrolovFunction which = function_of(c);
  const int row = param<int>(c, "row");
  const auto chain = accepted_chain(row);
  Outcome o = conclude_from_certificate(chain->verdict, c, ctx, derive_row_arithmetic);
  o.evidence["certificate"] = row_certificate_json(*chain, which, row);
  return o;
}

/// t_m / t_{m−1} as the paper prints it: an integer when it divides, else a decimal.
nlohmann::json ratio_json(std::int64_t t, std::int64_t previous) {
  if (previous == 0) return "-";
  if (t % previous == 0) return t / previous;
  return static_cast<double>(t) / static_cast<double>(previous);
}

nlohmann::json computed_table2_row(const CertificateVerdict& facts, FrolovFunction which, int m) {
  const ProvedPeriod& r = proved_row(facts, which, m);
  const std::int64_t previous = m == 0 ? 0 : proved_row(facts, which, m - 1).period;
  return {{"t", r.period}, {"p", r.preperiod}, {"ratio", ratio_json(r.period, previous)}};
}

// ---------------------------------------------------------------------------------------------
// Table 2, one row of one side: t, p and t_m / t_{m−1} against the proved row.
// Convention (the one that reproduces the paper): t is the least period and p the least
// preperiod, i.e. the least p with value(m, n + t) = value(m, n) + t for every n ≥ p.
// ---------------------------------------------------------------------------------------------
Derivation derive_table2_row(const CertificateVerdict& facts, const Claim& c, const CheckContext&) {
  const FrolovFunction which = function_of(c);
  const int row = param<int>(c, "row");
  const nlohmann::json computed = computed_table2_row(facts, which, row);
  Derivation o;
  nlohmann::json mismatches = nlohmann::json::array();
  for (const auto& key : {"t", "p", "ratio"}) {
    if (!c.asserted.contains(key))
      throw std::invalid_argument("claim " + c.id + ": asserted needs t, p and ratio");
    // A printed ratio equals the computed one as a number (3 and 3.0 alike).
    const bool equal = c.asserted[key].is_number() && computed[key].is_number()
                           ? c.asserted[key].get<double>() == computed[key].get<double>()
                           : c.asserted[key] == computed[key];
    if (!equal)
      mismatches.push_back(
          {{"cell", key}, {"printed", c.asserted[key]}, {"computed", computed[key]}});
  }
  o.evidence = {{"printed", c.asserted},
                {"computed", computed},
                {"convention",
                 "least period t and least preperiod p with value(m, n + t) = value(m, n) + t for "
                 "all n >= p"},
                {"cells_compared", 3}};
  if (mismatches.empty()) {
    o.holds = true;
    o.summary = "t = " + computed["t"].dump() + ", p = " + computed["p"].dump() + ", ratio " +
                computed["ratio"].dump() +
                " as printed; the row's periodicity certificate was accepted";
  } else {
    o.evidence["mismatches"] = mismatches;
    o.counterexample = mismatches.front();
    o.summary = "printed " + c.asserted.dump() + ", computed " + computed.dump();
  }
  return o;
}

Outcome check_table2_row(const Claim& c, const CheckContext& ctx) {
  const FrolovFunction which = function_of(c);
  const int row = param<int>(c, "row");
  const auto chain = accepted_chain(row);
  Outcome o = conclude_from_certificate(chain->verdict, c, ctx, derive_table2_row);
  o.evidence["certificate"] = row_certificate_json(*chain, which, row);
  return o;
}

/// Rows 0..M checked: the claim's own M, checked whole, when it states one; otherwise 11, or 12
/// at --budget >= 10 (the default domain, the only one the budget changes).
int rows_for_budget(const Claim& c, const CheckContext& ctx) {
  if (stated(c, "rows")) return param<int>(c, "rows");
  if (ctx.budget >= kHugeBudget) return kHugeBudgetExtensionRow;
  return ctx.budget >= kLargeBudget ? kLargeBudgetExtensionRow : param<int>(c, "rows");
}

std::string large_budget_note(const Claim& c, int rows) {
  if (stated(c, "rows") || rows >= kHugeBudgetExtensionRow) return "";
  const std::string huge =
      "rows 13 and 14 at --budget >= " + std::to_string(static_cast<int>(kHugeBudget)) +
      " (streamed; README \"Rows 13 and 14 of Table 2\")";
  if (rows >= kLargeBudgetExtensionRow) return huge;
  return "row " + std::to_string(kLargeBudgetExtensionRow) +
         " is included at --budget >= " + std::to_string(static_cast<int>(kLargeBudget)) +
         " (about 40 s and 0.7 GiB), " + huge;
}

// ---------------------------------------------------------------------------------------------
// Theorems 1 and 3: every row is arithmetically periodic (and, for Theorem 3, with the same
// period as g). Checked for rows 0..M, each proved by an accepted certificate: `verified` on
// that finite set of rows, since the statement quantifies over every m.
// ---------------------------------------------------------------------------------------------
Outcome check_periodicity_theorem(const Claim& c, const CheckContext& ctx) {
  // Theorem 1: every row of g is arithmetically periodic. Theorem 3: every row of f is, with
  // the same period as the row of g.
  const bool theorem3 = param<std::string>(c, "theorem") == "3";
  const FrolovFunction which = theorem3 ? FrolovFunction::f : FrolovFunction::g;
  const bool same_periods = theorem3;
  const int rows = rows_for_budget(c, ctx);
  const auto chain = accepted_chain(rows);
  nlohmann::json table = nlohmann::json::array();
  nlohmann::json counterexample = nullptr;
  for (int m = 0; m <= rows; ++m) {
    const ProvedPeriod& r = proved_row(*chain, which, m);
    const ProvedPeriod& g = proved_row(*chain, FrolovFunction::g, m);
    table.push_back(
        {{"m", m}, {"period", r.period}, {"preperiod", r.preperiod}, {"g_period", g.period}});
    if (same_periods && r.period != g.period && counterexample.is_null()) {
      counterexample = {{"m", m}, {"f_period", r.period}, {"g_period", g.period}};
    }
  }
  Outcome o =
      exhaustive_outcome("rows m = 0.." + std::to_string(rows) +
                             ", each proved arithmetically periodic by an accepted certificate",
                         static_cast<std::uint64_t>(rows + 1), counterexample, "");
  o.evidence["rows"] = table;
  o.evidence["produce_seconds"] = chain->produce_seconds;
  o.evidence["check_seconds"] = chain->check_seconds;
  o.evidence["note"] = large_budget_note(c, rows);
  return o;
}

// ---------------------------------------------------------------------------------------------
// Beyond the paper: Table 2 for m = 10, 11 (and 12 at a large budget), every row proved; the
// evidence carries the whole table (paper's rows beside the computed ones) as evidence.table,
// which the report writers render in Markdown, LaTeX and CSV.
// ---------------------------------------------------------------------------------------------
Derivation derive_table2_extension(const CertificateVerdict& facts, const Claim& c,
                                   const CheckContext& ctx) {
  const int rows = rows_for_budget(c, ctx);
  const nlohmann::json& paper = c.asserted;  // {"g": [[t, p], …], "f": …}, rows 0..9
  for (const char* side : {"g", "f"}) {
    if (!paper.contains(side) || paper[side].size() != std::size_t{kTable2LastRow + 1}) {
      throw std::invalid_argument("claim " + c.id + ": asserted." + side + " must list the " +
                                  std::to_string(kTable2LastRow + 1) + " rows of Table 2");
    }
  }
  // Every printed row is compared (the chain covers rows 0..9 whatever M is).
  nlohmann::json mismatches = nlohmann::json::array();
  for (int m = 0; m <= kTable2LastRow; ++m) {
    for (const FrolovFunction which : {FrolovFunction::g, FrolovFunction::f}) {
      const std::string side(to_string(which));
      const nlohmann::json computed = computed_table2_row(facts, which, m);
      const nlohmann::json row = {computed["t"], computed["p"]};
      if (paper[side][m] != row) {
        mismatches.push_back(
            {{"function", side}, {"m", m}, {"printed", paper[side][m]}, {"computed", row}});
      }
    }
  }
  nlohmann::json table = nlohmann::json::array();
  for (int m = 0; m <= rows; ++m) {
    const nlohmann::json g = computed_table2_row(facts, FrolovFunction::g, m);
    const nlohmann::json f = computed_table2_row(facts, FrolovFunction::f, m);
    const bool printed = m <= kTable2LastRow;
    const std::string pg =
        printed ? paper["g"][m][0].dump() + ", " + paper["g"][m][1].dump() : "(new)";
    const std::string pf =
        printed ? paper["f"][m][0].dump() + ", " + paper["f"][m][1].dump() : "(new)";
    // One flat row per m: the report writers render evidence.table as Markdown, LaTeX and CSV.
    table.push_back({{"m", m},
                     {"t", g["t"]},
                     {"p (g)", g["p"]},
                     {"t_m/t_{m-1}", g["ratio"]},
                     {"t (f)", f["t"]},
                     {"p (f)", f["p"]},
                     {"paper: t, p (g)", pg},
                     {"paper: t, p (f)", pf}});
  }
  Derivation o;
  o.holds = mismatches.empty();
  o.summary = "Table 2 proved for m = 0.." + std::to_string(rows) + " (rows " +
              std::to_string(kTable2LastRow + 1) + ".." + std::to_string(rows) + " are new): t_" +
              std::to_string(rows) + " = " +
              std::to_string(proved_row(facts, FrolovFunction::g, rows).period);
  o.evidence = {
      {"domain", "rows m = 0.." + std::to_string(rows) +
                     " of g and f, each proved by an accepted certificate"},
      {"table", table},
      {"table_columns",
       {"m", "t", "p (g)", "t_m/t_{m-1}", "t (f)", "p (f)", "paper: t, p (g)", "paper: t, p (f)"}},
      {"budget_note", large_budget_note(c, rows)}};
  if (!mismatches.empty()) {
    o.evidence["mismatches"] = mismatches;
    o.counterexample = mismatches.front();
    o.summary = std::to_string(mismatches.size()) +
                " printed row(s) of Table 2 disagree with the proved rows; first " +
                mismatches.front().dump();
  }
  return o;
}

Outcome check_table2_extension(const Claim& c, const CheckContext& ctx) {
  const auto chain = accepted_chain(rows_for_budget(c, ctx));
  Outcome o = conclude_from_certificate(chain->verdict, c, ctx, derive_table2_extension);
  o.evidence["produce_seconds"] = chain->produce_seconds;
  o.evidence["check_seconds"] = chain->check_seconds;
  o.evidence["row_kernel_cells"] = chain->chain.cells_computed;
  return o;
}

// ---------------------------------------------------------------------------------------------
// Schemas.
// ---------------------------------------------------------------------------------------------
Field function_field() {
  return field::choice("function", {"f", "g"},
                       "f (Digital Deletion, formula (1)) or g (the misère rook game, (G2))")
      .needed();
}

Field row_field() {
  return field::integer("row", "the row m").in(0, kLastProvableRow).needed();
}

Field rows_field() {
  return field::integer("rows",
                        "rows 0..M checked, each proved by an accepted certificate; by default "
                        "11, or 12 at --budget >= 10 (a stated M is checked as stated)")
      .in(0, kLastProvableRow)
      .fallback(kDefaultExtensionRow);
}

CheckerSchema row_arithmetic_schema() {
  return {
      .establishes =
          "for every x >= from, value(row, x + period) = value(row, x) + period, and "
          "value(row, x) = x + offset when an offset is stated (decided for all x by "
          "the row's proved period)",
      .params = {function_field(), row_field(),
                 field::integer("period", "the stated period (and saltus)").at_least(1).needed(),
                 field::integer("from", "the first x of the statement").at_least(0).fallback(0),
                 field::integer("offset", "when stated: value(row, x) = x + offset for x >= from")},
      .asserted = std::nullopt,
      .example_params = {{"function", "f"}, {"row", 3}, {"period", 9}, {"from", 3}},
  };
}

CheckerSchema table2_row_schema() {
  return {
      .establishes =
          "the row's least period t, least preperiod p (value(m, n + t) = value(m, n) "
          "+ t for all n >= p) and t_m / t_(m-1) are the asserted ones, the row "
          "proved by an accepted certificate",
      .params = {function_field(), row_field()},
      .asserted = field::object("",
                                {field::integer("t", "the least period").at_least(1).needed(),
                                 field::integer("p", "the least preperiod").at_least(0).needed(),
                                 field::number("ratio", "t_m / t_(m-1) as printed; \"-\" for m = 0")
                                     .dash_allowed()
                                     .needed()},
                                "the printed cells of the row"),
      .example_params = {{"function", "g"}, {"row", 3}},
      .example_asserted = {{"t", 9}, {"p", 5}, {"ratio", 3}},
  };
}

CheckerSchema periodicity_theorem_schema() {
  return {
      .establishes =
          "Theorem 1 (every row of g is arithmetically periodic) or Theorem 3 (every "
          "row of f is, with the same least period as g's row) on rows 0..M, each row "
          "proved by an accepted certificate",
      .params = {field::choice("theorem", {"1", "3"},
                               "the statement: \"1\" (rows of g arithmetically periodic) or "
                               "\"3\" (rows of f arithmetically periodic, periods equal to g's)")
                     .needed(),
                 rows_field()},
      .asserted = std::nullopt,
      .example_params = {{"theorem", "1"}, {"rows", 6}},
  };
}

CheckerSchema table2_extension_schema() {
  return {
      .establishes =
          "the printed rows 0..9 of Table 2 (t, p of g and of f) equal the proved "
          "rows, and the rows beyond (to M) are proved and published as an evidence "
          "table",
      .params = {rows_field()},
      .asserted = field::object(
          "",
          {field::table("g", "Table 2 (left): [t, p] of g for m = 0..9").items(10, 10).needed(),
           field::table("f", "Table 2 (right): [t, p] of f for m = 0..9").items(10, 10).needed()},
          "the paper's Table 2, rows 0..9"),
      .example_params = {{"rows", 9}},
      .example_asserted = {{"g",
                            {{1, 0},
                             {1, 0},
                             {3, 0},
                             {9, 5},
                             {36, 10},
                             {144, 25},
                             {720, 25},
                             {5040, 21},
                             {10080, 68},
                             {151200, 68}}},
                           {"f",
                            {{1, 0},
                             {1, 0},
                             {3, 0},
                             {9, 3},
                             {36, 12},
                             {144, 22},
                             {720, 22},
                             {5040, 21},
                             {10080, 72},
                             {151200, 72}}}},
  };
}

}  // namespace

IGV_REGISTER_CHECKER("frolov.row_arithmetic",
                     "a row formula of f or g (arithmetic periodicity), by the proved row",
                     check_row_arithmetic, row_arithmetic_schema());
IGV_REGISTER_CHECKER("frolov.table2_row",
                     "one row of Table 2 (t, p, t_m/t_{m-1}) against the proved row",
                     check_table2_row, table2_row_schema());
IGV_REGISTER_CHECKER("frolov.periodicity_theorem", "Theorem 1 or 3 on rows 0..M, each row proved",
                     check_periodicity_theorem, periodicity_theorem_schema());
IGV_REGISTER_CHECKER("frolov.table2_extension",
                     "Table 2 extended beyond the paper's m <= 9, proved", check_table2_extension,
                     table2_extension_schema());

}  // namespace igv
