// Checker `subtraction.formula`: a published formula for the Sprague–Grundy sequence, the
// preperiod ℓ and the period p of SUB(S), where S and the formula depend on parameters
// (001_bc98b3364103fd4a: the two-element formula, the three-element tables, {2,3,5,7} ∪ {c},
// the ultimately bipartite families and the sequence table of family (1)).
//
// For every parameter assignment of the stated domain, the period of SUB(S) is found by the
// window producer and proved by the independent certificate checker
// (core/subtraction/subtraction_proof.h); then each printed row that applies is compared:
//   preperiod / period        expressions, equal to the proved ℓ / p;
//   period_any_of             a list of expressions, one of which equals p;
//   prefix + cycle            the sequence prefix·cycle·cycle·…, equal to G for every n: both
//                             are eventually periodic, so agreement on max(ℓ, |prefix|) +
//                             lcm(p, |cycle|) values decides every n;
//   start + pattern           G(start + j) = pattern[j] for every j (a printed stretch).
// With no parameters (one game) an agreeing claim is `proved`; over a parameter domain it is
// `verified` on that domain (each case holding for every n).
#include <map>

#include "core/base/trusted/errors.h"
#include "properties/base/check_helpers.h"
#include "properties/subtraction/subtraction_claim_support.h"

namespace igv {

namespace {

using Blocks = std::map<std::string, std::string, std::less<>>;

struct RowStats {
  std::string label;
  std::uint64_t cases = 0;
  std::uint64_t agree = 0;
};

struct GroupStats {
  std::uint64_t cases = 0;
  std::uint64_t agree = 0;
  std::int64_t min_inner = 0, max_inner = 0;
  nlohmann::json first_mismatch = nullptr;
};

Blocks blocks_of(const Claim& claim) {
  Blocks blocks;
  for (const auto* source : {&claim.params, &claim.asserted}) {
    if (source->is_object() && source->contains("blocks")) {
      for (const auto& [name, pattern] : source->at("blocks").items())
        blocks[name] = pattern.get<std::string>();
    }
  }
  return blocks;
}

/// Compares one printed row with the proved period and the sequence of one game. Returns the
/// list of disagreements (empty when the row holds). Throws FormulaError when a formula cannot
/// be evaluated, BudgetExceeded when the decisive prefix is too long.
nlohmann::json compare_row(const nlohmann::json& row, const FormulaVariables& vars,
                           const Blocks& blocks, const SubtractionSet& set, const ProvedPeriod& g,
                           nlohmann::json& computed_cells) {
  nlohmann::json bad = nlohmann::json::array();
  if (row.contains("preperiod")) {
    const auto printed = evaluate_expression(row.at("preperiod").get<std::string>(), vars);
    computed_cells["preperiod_formula"] = printed;
    if (printed != g.preperiod) {
      bad.push_back({{"what", "preperiod"}, {"printed", printed}, {"computed", g.preperiod}});
    }
  }
  if (row.contains("period")) {
    const auto printed = evaluate_expression(row.at("period").get<std::string>(), vars);
    computed_cells["period_formula"] = printed;
    if (printed != g.period) {
      bad.push_back({{"what", "period"}, {"printed", printed}, {"computed", g.period}});
    }
  }
  if (row.contains("period_any_of")) {
    nlohmann::json options = nlohmann::json::array();
    bool found = false;
    for (const auto& e : row.at("period_any_of")) {
      const auto v = evaluate_expression(e.get<std::string>(), vars);
      options.push_back(v);
      found = found || v == g.period;
    }
    computed_cells["period_formula"] = options;
    if (!found)
      bad.push_back({{"what", "period"}, {"printed_any_of", options}, {"computed", g.period}});
  }
  if (row.contains("cycle")) {
    const auto prefix = row.contains("prefix")
                            ? expand_pattern(row.at("prefix").get<std::string>(), vars, blocks)
                            : std::vector<Value>{};
    const auto cycle = expand_pattern(row.at("cycle").get<std::string>(), vars, blocks);
    if (cycle.empty()) throw FormulaError("empty cycle for " + variables_json(vars).dump());
    const auto pre = static_cast<std::int64_t>(prefix.size());
    const auto per = static_cast<std::int64_t>(cycle.size());
    const auto length = decisive_length(g.preperiod, g.period, pre, per);
    if (!length) throw BudgetExceeded("sequence comparison longer than the cap for " + braces(set));
    for (std::int64_t n = 0; n < *length; ++n) {
      const Value printed = n < pre ? prefix[static_cast<std::size_t>(n)]
                                    : cycle[static_cast<std::size_t>((n - pre) % per)];
      if (printed != g.value(n)) {
        bad.push_back(
            {{"what", "sequence"}, {"n", n}, {"printed", printed}, {"computed", g.value(n)}});
        break;
      }
    }
  }
  if (row.contains("pattern")) {
    const auto start = evaluate_expression(row.at("start").get<std::string>(), vars);
    const auto stretch = expand_pattern(row.at("pattern").get<std::string>(), vars, blocks);
    for (std::size_t j = 0; j < stretch.size(); ++j) {
      const Value got = g.value(start + static_cast<std::int64_t>(j));
      if (got != stretch[j]) {
        bad.push_back({{"what", "stretch"},
                       {"n", start + static_cast<std::int64_t>(j)},
                       {"offset_in_row", j},
                       {"printed", stretch[j]},
                       {"computed", got}});
        break;
      }
    }
  }
  return bad;
}

/// The comparison over every case of the parameter domain. Each case's values are those of the
/// sequence the checker library proved for it: `single` when given (the claim's one game, whose
/// accepted certificate the caller holds), else prove_subtraction_period's for the case. An
/// agreeing run is `verified` here; check_formula turns the one-game run into `proved`.
Outcome run_formula(const Claim& claim, const CheckContext& ctx, const CertificateVerdict* single) {
  const SubtractionPlay play = subtraction_play_param(claim);
  const Blocks blocks = blocks_of(claim);
  const auto& a = claim.asserted;
  if (!a.contains("preperiod") && !a.contains("period") && !a.contains("period_any_of") &&
      !a.contains("cycle") && !a.contains("rows")) {
    throw InputError("claim " + claim.id +
                     ": asserted states none of preperiod, period, period_any_of, cycle, rows");
  }
  if (a.contains("prefix") && !a.contains("cycle")) {
    throw InputError("claim " + claim.id + ": asserted states a prefix without its cycle");
  }
  nlohmann::json rows = claim.asserted.contains("rows") ? claim.asserted.at("rows")
                                                        : nlohmann::json::array({claim.asserted});
  std::vector<RowStats> row_stats(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    row_stats[i].label = rows[i].value("label", "row " + std::to_string(i + 1));
  }
  const bool has_vars = claim.params.contains("vars") && !claim.params.at("vars").empty();
  const std::string group_by =
      stated(claim, "group_by")
          ? param<std::string>(claim, "group_by")
          : (has_vars ? claim.params.at("vars").at(0).at("name").get<std::string>() : "");
  const std::string inner_name = has_vars && claim.params.at("vars").size() > 1
                                     ? claim.params.at("vars").at(1).at("name").get<std::string>()
                                     : "";
  const bool case_rows = param<bool>(claim, "evidence_per_case");

  std::map<std::int64_t, GroupStats> groups;
  nlohmann::json case_table = nlohmann::json::array();
  nlohmann::json mismatches = nlohmann::json::array();
  std::uint64_t cases = 0, agreeing = 0, not_a_set = 0, mismatch_count = 0;
  std::string formula_error;

  const std::string domain = for_each_parameter(claim, ctx, [&](const FormulaVariables& vars) {
    if (!formula_error.empty()) return;
    const auto set = subtraction_set_from_formulas(claim.params.at("set"), vars);
    if (!set) {
      ++not_a_set;
      return;
    }
    std::optional<CheckedSubtractionCertificate> certified;
    if (single == nullptr) certified = prove_subtraction_period(*set, play);
    const ProvedPeriod& g = single != nullptr ? single->proved().front() : certified->proved();
    if (g.what != subtraction_spec(*set, play)) {
      throw std::logic_error("the certificate proves " + g.what + ", not the claim's " +
                             subtraction_spec(*set, play));
    }
    bool case_agrees = true;
    bool any_row = false;
    nlohmann::json cells = {{"S", braces(*set)}, {"preperiod", g.preperiod}, {"period", g.period}};
    nlohmann::json first_bad = nullptr;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const auto& row = rows[i];
      try {
        if (row.contains("where") &&
            evaluate_expression(row.at("where").get<std::string>(), vars) == 0)
          continue;
        any_row = true;
        ++row_stats[i].cases;
        const auto bad = compare_row(row, vars, blocks, *set, g, cells);
        if (bad.empty()) {
          ++row_stats[i].agree;
        } else {
          case_agrees = false;
          if (first_bad.is_null()) {
            first_bad = {{"row", row_stats[i].label},
                         {"S", braces(*set)},
                         {"parameters", variables_json(vars)},
                         {"preperiod", g.preperiod},
                         {"period", g.period},
                         {"disagreements", bad}};
          }
        }
      } catch (const FormulaError& e) {
        formula_error = std::string(e.what()) + " at " + variables_json(vars).dump();
        return;
      }
    }
    if (!any_row) return;
    ++cases;
    if (case_agrees) {
      ++agreeing;
    } else {
      ++mismatch_count;
      if (mismatches.size() < 25) mismatches.push_back(first_bad);
    }
    if (has_vars) {
      auto& g = groups[vars.at(group_by)];
      const std::int64_t inner = inner_name.empty() ? 0 : vars.at(inner_name);
      if (g.cases == 0) g.min_inner = g.max_inner = inner;
      g.min_inner = std::min(g.min_inner, inner);
      g.max_inner = std::max(g.max_inner, inner);
      ++g.cases;
      if (case_agrees) ++g.agree;
      if (!case_agrees && g.first_mismatch.is_null()) g.first_mismatch = first_bad;
    }
    if (case_rows) {
      nlohmann::json r = variables_json(vars);
      for (const auto& [k, v] : cells.items()) r[k] = v;
      r["agree"] = case_agrees;
      case_table.push_back(std::move(r));
    }
  });

  Outcome o;
  nlohmann::json row_json = nlohmann::json::array();
  for (const auto& r : row_stats)
    row_json.push_back({{"row", r.label}, {"cases", r.cases}, {"agree", r.agree}});
  nlohmann::json table = nlohmann::json::array();
  if (case_rows) {
    table = case_table;
  } else {
    for (const auto& [key, g] : groups) {
      nlohmann::json r = {
          {group_by, key}, {"cases", g.cases}, {"agree", g.agree}, {"disagree", g.cases - g.agree}};
      if (!inner_name.empty())
        r[inner_name + "_range"] = std::to_string(g.min_inner) + ".." + std::to_string(g.max_inner);
      if (!g.first_mismatch.is_null()) r["first_mismatch"] = g.first_mismatch;
      table.push_back(std::move(r));
    }
  }
  o.evidence = {{"domain", domain},
                {"play", play == SubtractionPlay::normal ? "normal" : "misere"},
                {"cases", cases},
                {"cases_agreeing", agreeing},
                {"cases_disagreeing", mismatch_count},
                {"parameter_values_not_a_set", not_a_set},
                {"rows", row_json},
                {"method",
                 "each case: period by Brent window detection, proved by the naive "
                 "certificate checker (window lemma); sequences compared on "
                 "max(l, |prefix|) + lcm(p, |cycle|) values (decides every n)"}};
  if (!table.empty()) o.evidence["table"] = table;
  if (!case_rows && !table.empty()) {
    // Column order for the report writers: the group, its inner range, then the counts.
    nlohmann::json cols = {group_by};
    if (!inner_name.empty()) cols.push_back(inner_name + "_range");
    for (const char* k : {"cases", "agree", "disagree", "first_mismatch"}) cols.push_back(k);
    o.evidence["table_columns"] = cols;
  } else if (case_rows && !table.empty()) {
    // The case's parameters come first (S and c for the {2,3,5,7,c} table), then the cells.
    nlohmann::json cols = nlohmann::json::array();
    for (const char* k : {"S", "c", "preperiod", "preperiod_formula", "period", "period_formula"}) {
      if (table[0].contains(k)) cols.push_back(k);
    }
    o.evidence["table_columns"] = cols;
  }
  if (!formula_error.empty()) {
    o.verdict = Finding::error;
    o.summary = "a printed formula could not be evaluated: " + formula_error;
    return o;
  }
  if (mismatch_count > 0) {
    o.evidence["mismatches_first_25"] = mismatches;
    o.refute(mismatches.front());
    o.summary = std::to_string(mismatch_count) + " of " + std::to_string(cases) +
                " cases disagree; first: " + mismatches.front()["S"].get<std::string>() + " " +
                mismatches.front()["disagreements"][0].dump();
    return o;
  }
  if (cases == 0) {
    o.verdict = Finding::error;
    o.summary = "the parameter domain holds no case";
    return o;
  }
  o.verdict = Finding::verified;
  o.summary =
      has_vars ? "all " + std::to_string(cases) + " cases agree, each for every n (" + domain + ")"
               : "proved: the printed formula holds for every n (period certificate accepted)";
  return o;
}

/// A run of the one-game claim that ended in `error` (a formula that cannot be evaluated).
struct FormulaRunError : std::runtime_error {
  explicit FormulaRunError(Outcome o) : std::runtime_error(o.summary), outcome(std::move(o)) {}
  Outcome outcome;
};

/// The one-game claim, from its accepted certificate alone.
Derivation derive_formula(const CertificateVerdict& facts, const Claim& claim,
                          const CheckContext& ctx) {
  Outcome run = run_formula(claim, ctx, &facts);
  if (run.verdict == Verdict::error) throw FormulaRunError(std::move(run));
  return {run.verdict == Verdict::verified, std::move(run.summary), std::move(run.evidence),
          run.counterexample()};
}

Outcome check_formula(const Claim& claim, const CheckContext& ctx) {
  const bool has_vars = claim.params.contains("vars") && !claim.params.at("vars").empty();
  if (has_vars) return run_formula(claim, ctx, nullptr);
  const auto set = subtraction_set_from_formulas(claim.params.at("set"), FormulaVariables{});
  if (!set) return run_formula(claim, ctx, nullptr);  // no case: the run says so (error)
  const auto certified = prove_subtraction_period(*set, subtraction_play_param(claim));
  try {
    return conclude_from_certificate(certified.verdict,
                                     certificate_file(subtraction_period_json(certified)), claim,
                                     ctx, derive_formula);
  } catch (const FormulaRunError& e) {
    return e.outcome;
  }
}

CheckerSchema formula_schema() {
  CheckerSchema s;
  s.establishes =
      "for every case of the parameter domain, SUB(S) has the asserted preperiod, period and "
      "sequence for every n (periods proved by certificate); with no variables: proved";
  s.params = {
      field::list(
          "set",
          field::string("", "an element: an expression, or \"EXPR for v in A..B\"").nonempty(),
          "S as expressions in the variables")
          .items(1)
          .needed(),
      play_field()};
  for (auto& f : parameter_domain_fields()) s.params.push_back(std::move(f));
  s.params.push_back(field::string("group_by",
                                   "the variable grouping the evidence table (default: "
                                   "the first variable)")
                         .nonempty());
  s.params.push_back(field::boolean("evidence_per_case",
                                    "evidence table: one row per case (default: one per group)")
                         .fallback(false));
  const auto expression = [](const char* name, const char* meaning) {
    return field::string(name, meaning).nonempty();
  };
  s.asserted = field::object(
      "",
      {expression("preperiod", "the preperiod l as an expression"),
       expression("period", "the period p as an expression"),
       field::list("period_any_of", field::string("", "").nonempty(),
                   "expressions, one of which is p")
           .items(1),
       expression("prefix", "the values before the cycle, as a pattern"),
       expression("cycle", "the repeating values, as a pattern"),
       field::any("blocks", "named patterns used in prefix, cycle and pattern (a table)"),
       field::list("rows",
                   field::object("",
                                 {field::string("label", "the row's name"),
                                  expression("where", "the cases the row applies to"),
                                  expression("start", "the first n of the stretch").needed(),
                                  expression("pattern", "the printed values from start").needed()},
                                 "a printed stretch of the sequence"),
                   "printed stretches of the sequence")
           .items(1)},
      "the printed formula (at least one of its keys)");
  s.example_params = {{"set", {"1", "4"}}};
  s.example_asserted = {{"cycle", "01012"}, {"preperiod", "0"}, {"period", "5"}};
  return s;
}

}  // namespace

IGV_REGISTER_CHECKER(
    "subtraction.formula",
    "a printed sequence / preperiod / period formula of SUB(S) over a parameter domain",
    check_formula, formula_schema());

}  // namespace igv
