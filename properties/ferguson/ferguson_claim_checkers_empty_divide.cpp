// Checker of Ferguson §1.5, Empty and Divide (004_2d19be0a5059ae39): "Find all P-positions."
// The harness computes the P-positions on a square of (m, n) by NaiveSolver (value 0) and by the
// §1.3 labelling, and tests the characterisation it found — (m, n) is a P-position iff m and n
// are both odd — on every position of that square. It also tests the closed form of the
// Sprague–Grundy value used by the fast kernel (lowest 0 bit of (m-1)|(n-1)).
#include "core/base/naive_solver.h"
#include "core/ferguson/ferguson_empty_divide.h"
#include "core/ferguson/ferguson_labelling.h"
#include "properties/base/check_helpers.h"

namespace igv {
namespace {

Outcome check_empty_divide_p_positions(const Claim& c, const CheckContext& ctx) {
  const std::int64_t max = domain_param(c, ctx, "max", 2);
  const std::int64_t listed = std::min<std::int64_t>(max, param<std::int64_t>(c, "list_up_to"));
  const std::string stated_rule = param<std::string>(c, "p_positions");
  const auto finding_of = [&](std::int64_t m, std::int64_t n) {
    if (stated_rule == "both_odd") return m % 2 == 1 && n % 2 == 1;
    if (stated_rule == "both_even") return m % 2 == 0 && n % 2 == 0;
    if (stated_rule == "equal") return m == n;
    return (m + n) % 2 == 0;  // "sum_even"
  };
  std::vector<EmptyDivideRules::Position> starts;
  for (std::int64_t m = 1; m <= max; ++m)
    for (std::int64_t n = 1; n <= max; ++n) starts.emplace_back(m, n);
  const auto labels = label_reachable(EmptyDivideRules{}, starts, PlayConvention::normal);
  NaiveSolver<EmptyDivideRules> naive;
  const auto table = empty_divide_value_table(max);
  nlohmann::json counterexample = nullptr, disagreement = nullptr;
  nlohmann::json small_p = nlohmann::json::array();
  std::uint64_t p_count = 0, closed_form_agrees = 0;
  for (const auto& [m, n] : starts) {
    const Value v = naive.value({m, n});
    const bool p = labels.at({m, n}) == PnLabel::P;
    if (((v == 0) != p || table[static_cast<std::size_t>((m - 1) * max + (n - 1))] != v) &&
        disagreement.is_null()) {
      disagreement = {{"m", m}, {"n", n}, {"naive_value", v}, {"label", p ? "P" : "N"}};
    }
    closed_form_agrees += empty_divide_value_lowest_zero_bit(m, n) == v;
    p_count += p;
    if (p && m <= listed && n <= listed) small_p.push_back({m, n});
    const bool finding = finding_of(m, n);
    if (finding != p && counterexample.is_null()) {
      counterexample = {{"m", m},
                        {"n", n},
                        {"computed", p ? "P" : "N"},
                        {"finding_predicts", finding ? "P" : "N"}};
    }
  }
  // starts run m-major, so the first counterexample is the least (m, n) in that order.
  Outcome o = exhaustive_outcome(
      "every (m, n) with 1 <= m, n <= " + std::to_string(max), starts.size(), counterexample,
      counterexample.is_null()
          ? "finding: (m, n) is a P-position iff " + stated_rule + "; holds on all " +
                std::to_string(starts.size()) + " positions with m, n <= " + std::to_string(max) +
                " (" + std::to_string(p_count) + " P-positions)"
          : "");
  o.evidence["finding"] = "(m, n) is a P-position iff " + stated_rule;
  o.evidence["why_it_holds"] =
      "(observed reason, not machine-checked beyond the domain) an even box can be split into two "
      "odd boxes, "
      "while every split of an odd box has an even part, and (1, 1) is terminal";
  o.evidence["p_positions_listed"] = {{"up_to", listed}, {"positions", small_p}};
  o.evidence["routes"] = "NaiveSolver value 0, §1.3 labelling, bottom-up table: all agree = " +
                         std::string(disagreement.is_null() ? "yes" : "no");
  o.evidence["sprague_grundy_closed_form"] = {
      {"formula", "g(m, n) = index of the lowest 0 bit of (m-1) | (n-1)"},
      {"positions_agreeing", closed_form_agrees},
      {"positions", starts.size()}};
  if (!disagreement.is_null()) {
    o.verdict = Finding::error;
    o.summary = "the solving routes disagree";
    o.evidence["disagreement"] = disagreement;
  }
  return o;
}

CheckerSchema empty_divide_schema() {
  CheckerSchema s;
  s.establishes =
      "on every (m, n) with 1 <= m, n <= max, (m, n) is a P-position exactly when the "
      "stated rule holds (NaiveSolver, the §1.3 labelling and a table agree)";
  s.params = {field::choice("p_positions", {"both_odd", "both_even", "equal", "sum_even"},
                            "the stated characterisation of the P-positions")
                  .needed(),
              field::integer("max", "largest m and n").in(2, 2000).fallback(100).budget_scaled(),
              field::integer("list_up_to", "P-positions listed in the evidence up to this m, n")
                  .in(1, 100)
                  .fallback(9)};
  s.example_params = {{"p_positions", "both_odd"}, {"max", 20}};
  return s;
}

}  // namespace

IGV_REGISTER_CHECKER(
    "ferguson.empty_divide.p_positions",
    "Empty and Divide: the P-positions on a square, and the characterisation found",
    check_empty_divide_p_positions, empty_divide_schema());

}  // namespace igv
