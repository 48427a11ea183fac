// The rules from an accepted octal certificate (octal:CODE) to the claims of
// properties/octal/octal_claim_checkers_{records,dawson}.cpp (core/CERTIFICATES.md, "From a
// certificate to a claim"): the checker establishes G with its least preperiod e and period p.
#include <algorithm>
#include <set>
#include <string>

#include "core/base/trusted/claim_inference.h"
#include "core/octal/trusted/octal_rules.h"

namespace igv {

namespace {

/// G, when the certificate is of the claim's game (`code` written canonically); else nullptr
/// and `why`.
const ProvedPeriod* octal_g(const ClaimStatement& c, const std::string& game,
                            const std::vector<ProvedPeriod>& proved, std::string& why) {
  const std::string claimed =
      "octal:" + OctalCode::parse(c.params.at("code").get<std::string>()).canonical();
  if (claimed != game) {
    why = "the certificate is of " + game + ", the claim of " + claimed;
    return nullptr;
  }
  if (proved.size() != 1) {
    why = "the certificate establishes " + std::to_string(proved.size()) + " sequences, not G";
    return nullptr;
  }
  return &proved.front();
}

Inference published_period(const ClaimStatement& c, const std::string& game,
                           const std::vector<ProvedPeriod>& proved) {
  std::string why;
  const ProvedPeriod* g = octal_g(c, game, proved, why);
  if (g == nullptr) return not_inferred(why);
  nlohmann::json computed = {
      {"period", g->period},
      {"preperiod", g->preperiod},
      {"last_exceptional_value",
       g->preperiod > 0 ? nlohmann::json(g->preperiod - 1) : nlohmann::json(nullptr)}};
  if (c.asserted.contains("exceptions")) {
    // n < e whose value differs from the periodic pattern: G(n) != G(n + jp), j least with
    // n + jp >= e.
    nlohmann::json exceptions = nlohmann::json::array();
    for (std::int64_t n = 0; n < g->preperiod; ++n) {
      const std::int64_t j = (g->preperiod - n + g->period - 1) / g->period;
      if (established_value(*g, n) != established_value(*g, n + j * g->period))
        exceptions.push_back(n);
    }
    computed["exceptions"] = exceptions;
  }
  if (!c.asserted.is_object() || c.asserted.empty())
    throw std::invalid_argument("asserted is not a table of the period's numbers");
  for (const auto& [key, value] : c.asserted.items()) {
    if (!computed.contains(key))
      throw std::invalid_argument("unknown asserted field '" + key + "'");
    if (computed[key] != value)
      return not_inferred(key + ": published " + value.dump() + ", established " +
                          computed[key].dump());
  }
  return inferred("period " + std::to_string(g->period) + ", preperiod " +
                  std::to_string(g->preperiod) + " as published");
}
const InferenceRegistrar published_period_rule("octal.published_period", published_period);

Inference outcome_rule(const ClaimStatement& c, const std::string& game,
                       const std::vector<ProvedPeriod>& proved) {
  std::string why;
  const ProvedPeriod* g = octal_g(c, game, proved, why);
  if (g == nullptr) return not_inferred(why);
  const auto& rule = c.asserted;
  const std::string kind = rule.at("kind").get<std::string>();
  const std::int64_t modulus = claim_integer(rule, "modulus");
  const std::int64_t from = claim_integer(rule, "from", 0);
  if (kind != "first_player_wins" && kind != "p_positions_exactly")
    throw std::invalid_argument("kind is not first_player_wins or p_positions_exactly");
  if (modulus < 1 || from < 0) throw std::invalid_argument("modulus below 1 or from below 0");
  std::set<std::int64_t> residues, exceptions;
  for (const auto& r : rule.at("residues")) {
    const auto x = r.get<std::int64_t>();
    if (x < 0 || x >= modulus) throw std::invalid_argument("a residue outside [0, modulus)");
    residues.insert(x);
  }
  if (rule.contains("exceptions")) {
    for (const auto& e : rule.at("exceptions")) {
      const auto x = e.get<std::int64_t>();
      if (x < 0 || x > kLongestInference)
        throw std::invalid_argument("an exception outside [0, 2^26]");
      exceptions.insert(x);
    }
  }
  const auto named = [&](std::int64_t n) {
    return exceptions.count(n) > 0 || residues.count(n % modulus) > 0;
  };
  // G(n) = 0 repeats with p from e, the rule with the modulus m from its last exception:
  // n < max(e, from, last exception + 1) + lcm(p, m) decides every n.
  std::int64_t start = std::max(g->preperiod, from);
  if (!exceptions.empty()) start = std::max(start, *exceptions.rbegin() + 1);
  const std::int64_t end = start + inference_lcm(g->period, modulus);
  const bool first_wins = kind == "first_player_wins";
  for (std::int64_t n = first_wins ? from : 0; n < end; ++n) {
    const bool p_position = established_value(*g, n) == 0;
    if (first_wins ? (named(n) && p_position) : (p_position != named(n)))
      return not_inferred("heap " + std::to_string(n) + " is " + (p_position ? "P" : "N") +
                          ", against the rule");
  }
  return inferred("the rule holds for n < " + std::to_string(end) + ", hence for every n");
}
const InferenceRegistrar outcome_rule_rule("octal.outcome_rule", outcome_rule);

Inference lemma_application(const ClaimStatement& c, const std::string& game,
                            const std::vector<ProvedPeriod>& proved) {
  std::string why;
  const ProvedPeriod* g = octal_g(c, game, proved, why);
  if (g == nullptr) return not_inferred(why);
  const std::int64_t i = claim_integer(c.params, "i");
  const std::int64_t p = claim_integer(c.params, "p");
  if (p < 1 || i < 0) throw std::invalid_argument("p below 1 or i below 0");
  // G(n + p) = G(n) for every n >= i exactly when p is a multiple of the least period and
  // i is at least the least preperiod.
  if (p % g->period != 0 || g->preperiod > i)
    return not_inferred("established period " + std::to_string(g->period) + " from " +
                        std::to_string(g->preperiod) + " does not give period " +
                        std::to_string(p) + " from " + std::to_string(i));
  return inferred("G(n + " + std::to_string(p) + ") = G(n) for every n >= " + std::to_string(i));
}
const InferenceRegistrar lemma_application_rule("octal.lemma_application", lemma_application);

}  // namespace

}  // namespace igv
