// Checker `subtraction.eventually_linear`: evidence for the slides' conjecture
// (001_bc98b3364103fd4a, "主要猜想结论") that for fixed S the preperiod and period of SUB(S ∪ {c})
// are eventually linear in c on each residue class mod some q, and for the cases the slides state
// as a theorem.
//
// No finite computation proves or refutes an "eventually" statement, so this checker decides a
// scoped finite reading and says so: for each listed S, with ℓ_c and p_c proved for every c in
// (s_k, C], find the least N and a q <= q_max such that on every class c ≡ r (mod q) the values
// ℓ_c and p_c are linear in c for all c in [N, C], with at least four points per class
// (N <= C - 3q). The verdict is `verified` for that reading when every S has such a fit, and
// `inconclusive` otherwise; never `proved` or `refuted`. The evidence table lists, per S and
// class, the fitted forms αc + β and λc + μ, from which c they hold and up to which c checked.
#include <numeric>

#include "core/base/trusted/errors.h"
#include "properties/base/check_helpers.h"
#include "properties/subtraction/subtraction_claim_support.h"

namespace igv {

namespace {

struct ClassFit {
  std::int64_t residue = 0;
  std::int64_t from_c = 0;
  std::int64_t points = 0;
  std::string preperiod_form, period_form;
};

struct Fit {
  std::int64_t q = 0;
  std::int64_t from_c = 0;
  std::vector<ClassFit> classes;
};

std::string fraction(std::int64_t num, std::int64_t den) {
  if (den < 0) num = -num, den = -den;
  const std::int64_t g = std::gcd(num < 0 ? -num : num, den);
  num /= g, den /= g;
  return den == 1 ? std::to_string(num) : std::to_string(num) + "/" + std::to_string(den);
}

/// "αc + β" for the line through (c0, v0) with slope step/q.
std::string linear_form(std::int64_t step, std::int64_t q, std::int64_t c0, std::int64_t v0) {
  // β = v0 - (step/q) c0 = (q v0 - step c0) / q
  const std::string alpha = fraction(step, q);
  const std::string beta = fraction(q * v0 - step * c0, q);
  std::string s = alpha == "0" ? "" : (alpha == "1" ? "c" : alpha + "c");
  if (beta != "0" || s.empty()) {
    if (s.empty()) return beta;
    s += beta[0] == '-' ? " - " + beta.substr(1) : " + " + beta;
  }
  return s;
}

/// The best fit (least N, then least q) over q = 1..q_max with N <= C - 3q, if any.
std::optional<Fit> fit_linear(const std::vector<std::int64_t>& cs,
                              const std::vector<std::int64_t>& pre,
                              const std::vector<std::int64_t>& per, std::int64_t q_max) {
  std::optional<Fit> best;
  const std::int64_t last_c = cs.back();
  for (std::int64_t q = 1; q <= q_max; ++q) {
    Fit fit;
    fit.q = q;
    fit.from_c = cs.front();
    bool ok = true;
    for (std::int64_t r = 0; r < q && ok; ++r) {
      std::vector<std::size_t> idx;
      for (std::size_t i = 0; i < cs.size(); ++i) {
        if (cs[i] % q == r) idx.push_back(i);
      }
      if (idx.size() < 4) {
        ok = false;
        break;
      }
      const std::size_t m = idx.size();
      const std::int64_t dl = pre[idx[m - 1]] - pre[idx[m - 2]];
      const std::int64_t dp = per[idx[m - 1]] - per[idx[m - 2]];
      std::size_t start = m - 2;
      while (start > 0 && pre[idx[start]] - pre[idx[start - 1]] == dl &&
             per[idx[start]] - per[idx[start - 1]] == dp) {
        --start;
      }
      ClassFit cf;
      cf.residue = r;
      cf.from_c = cs[idx[start]];
      cf.points = static_cast<std::int64_t>(m - start);
      cf.preperiod_form = linear_form(dl, q, cs[idx[start]], pre[idx[start]]);
      cf.period_form = linear_form(dp, q, cs[idx[start]], per[idx[start]]);
      fit.from_c = std::max(fit.from_c, cf.from_c);
      fit.classes.push_back(cf);
    }
    if (!ok || fit.from_c > last_c - 3 * q) continue;
    if (!best || fit.from_c < best->from_c) best = fit;
  }
  return best;
}

Outcome check_eventually_linear(const Claim& claim, const CheckContext& ctx) {
  const std::int64_t c_to = domain_param(claim, ctx, "c_to", 40);
  const auto q_max = param<std::int64_t>(claim, "q_max");
  std::vector<SubtractionSet> bases;
  std::string domain;
  if (stated(claim, "sets") == stated(claim, "set")) {
    throw InputError("claim " + claim.id + ": state either 'sets' or 'set' (with 'vars')");
  }
  if (stated(claim, "sets")) {
    for (const auto& s : param<std::vector<std::string>>(claim, "sets"))
      bases.push_back(parse_subtraction_set(s));
    domain = "the listed sets";
  } else {
    domain = for_each_parameter(claim, ctx, [&](const FormulaVariables& vars) {
      if (auto set = subtraction_set_from_formulas(claim.params.at("set"), vars))
        bases.push_back(*set);
    });
  }
  nlohmann::json table = nlohmann::json::array();
  nlohmann::json no_fit = nlohmann::json::array();
  std::uint64_t games = 0;
  for (const auto& base : bases) {
    std::vector<std::int64_t> cs, pre, per;
    for (std::int64_t c = base.largest() + 1; c <= c_to; ++c) {
      ctx.require_time(claim.id);
      auto elements = base.elements;
      elements.push_back(c);
      const auto proved =
          prove_subtraction_period(make_subtraction_set(elements), SubtractionPlay::normal);
      ++games;
      cs.push_back(c);
      pre.push_back(proved.proved().preperiod);
      per.push_back(proved.proved().period);
    }
    const auto fit = cs.size() >= 8 ? fit_linear(cs, pre, per, q_max) : std::nullopt;
    if (!fit) {
      no_fit.push_back(
          {{"S", braces(base)},
           {"c_range", std::to_string(cs.empty() ? 0 : cs.front()) + ".." + std::to_string(c_to)}});
      continue;
    }
    for (const auto& cf : fit->classes) {
      table.push_back({{"S", braces(base)},
                       {"q", fit->q},
                       {"r", cf.residue},
                       {"preperiod_form", cf.preperiod_form},
                       {"period_form", cf.period_form},
                       {"holds_from_c", cf.from_c},
                       {"checked_to_c", c_to},
                       {"points", cf.points}});
    }
  }
  Outcome o;
  o.evidence = {
      {"domain",
       domain + "; c from s_k + 1 to " + std::to_string(c_to) + ", q <= " + std::to_string(q_max)},
      {"sets", bases.size()},
      {"games_proved", games},
      {"scoped_reading",
       "for each S: some q <= q_max and N <= C - 3q such that on every class mod q, l_c and p_c "
       "are linear in c for all c in [N, C] (at least four points per class). Evidence for, not "
       "proof of, an eventual statement."},
      {"table", table},
      {"table_columns",
       {"S", "q", "r", "preperiod_form", "period_form", "holds_from_c", "checked_to_c", "points"}}};
  if (!no_fit.empty()) {
    o.evidence["sets_without_fit"] = no_fit;
    o.verdict = Finding::inconclusive;
    o.summary = std::to_string(no_fit.size()) + " of " + std::to_string(bases.size()) +
                " sets show no per-class linear fit up to c = " + std::to_string(c_to) +
                " (first: " + no_fit.front()["S"].get<std::string>() +
                "); a larger budget may find one";
    return o;
  }
  o.verdict = Finding::verified;
  o.summary = "scoped finite reading verified: every one of the " + std::to_string(bases.size()) +
              " sets has per-class linear l_c, p_c up to c = " + std::to_string(c_to) +
              " (evidence for the statement, not a proof)";
  return o;
}

CheckerSchema eventually_linear_schema() {
  CheckerSchema s;
  s.establishes =
      "the scoped finite reading of the conjecture: for each S, some q <= q_max and N <= C - 3q "
      "such that on every class c ≡ r (mod q) the proved preperiod and period of SUB(S ∪ {c}) "
      "are linear in c for all c in [N, C = c_to] (verified or inconclusive, never proved)";
  s.params = {field::list("sets", field::string("", "a set, e.g. \"1,4\"").nonempty(),
                          "the listed sets S (or give set with vars)"),
              field::list("set", field::string("", "an element expression").nonempty(),
                          "S as expressions in the variables (with vars)")};
  for (auto& f : parameter_domain_fields()) s.params.push_back(std::move(f));
  s.params.push_back(
      field::integer("c_to", "largest c").in(10, 100000).fallback(300).budget_scaled());
  s.params.push_back(field::integer("q_max", "largest modulus q tried").in(1, 1000).fallback(40));
  s.example_params = {{"sets", {"1,4", "2,3"}}, {"c_to", 120}};
  return s;
}

}  // namespace

IGV_REGISTER_CHECKER(
    "subtraction.eventually_linear",
    "evidence table: preperiod and period of SUB(S u {c}) linear in c per residue class",
    check_eventually_linear, eventually_linear_schema());

}  // namespace igv
