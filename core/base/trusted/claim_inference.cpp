#include "core/base/trusted/claim_inference.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <stdexcept>

namespace igv {

namespace {

std::map<std::string, InferenceRule, std::less<>>& rules() {
  static std::map<std::string, InferenceRule, std::less<>> table;
  return table;
}

/// game.period (properties/base/generic_claim_checkers_period.cpp): the asserted numbers are the
/// established sequence's (its last: the game's G, or the certificate's last row).
Inference game_period(const ClaimStatement& c, const std::string& game,
                      const std::vector<ProvedPeriod>& proved) {
  if (c.params.at("game").get<std::string>() != game)
    return not_inferred("the certificate is of " + game + ", the claim of " +
                        c.params.at("game").get<std::string>());
  if (proved.empty()) return not_inferred("the certificate establishes no sequence");
  const ProvedPeriod& s = proved.back();
  const auto& a = c.asserted;
  const auto differs = [](const char* what, const nlohmann::json& asserted, std::int64_t proved) {
    return not_inferred(std::string(what) + ": asserted " + asserted.dump() + ", established " +
                        std::to_string(proved));
  };
  if (a.contains("period") && claim_integer(a, "period") != s.period)
    return differs("period", a["period"], s.period);
  if (a.contains("preperiod") && claim_integer(a, "preperiod") != s.preperiod)
    return differs("preperiod", a["preperiod"], s.preperiod);
  if (a.contains("last_exceptional_value") &&
      claim_integer(a, "last_exceptional_value") != s.preperiod - 1)
    return differs("last_exceptional_value", a["last_exceptional_value"], s.preperiod - 1);
  if (claim_integer(a, "saltus", 0) != s.saltus) return differs("saltus", a["saltus"], s.saltus);
  if (a.contains("exceptions")) {
    std::vector<std::int64_t> found;
    for (std::int64_t n = 0; n < s.preperiod; ++n) {
      const std::int64_t jumps = (s.preperiod - n + s.period - 1) / s.period;
      if (established_value(s, n) != established_value(s, n + jumps * s.period) - jumps * s.saltus)
        found.push_back(n);
    }
    if (a["exceptions"].get<std::vector<std::int64_t>>() != found)
      return not_inferred("exceptions: asserted " + a["exceptions"].dump() + ", established " +
                          nlohmann::json(found).dump());
  }
  return inferred("period " + std::to_string(s.period) + ", preperiod " +
                  std::to_string(s.preperiod) + ", saltus " + std::to_string(s.saltus) +
                  " as asserted");
}
const InferenceRegistrar game_period_rule("game.period", game_period);

}  // namespace

InferenceRegistrar::InferenceRegistrar(const char* checker, InferenceRule rule) {
  rules()[checker] = rule;
}

std::vector<std::string> inference_rule_names() {
  std::vector<std::string> out;
  for (const auto& [name, rule] : rules()) out.push_back(name);
  return out;
}

Inference infer_claim(const ClaimStatement& claim, const std::string& game,
                      const CertificateVerdict& verdict) {
  if (!verdict.accepted()) return not_inferred("the certificate was rejected: " + verdict.reason());
  const auto it = rules().find(claim.checker);
  if (it == rules().end())
    return not_inferred("no inference rule from a certificate to a claim of '" + claim.checker +
                        "' (core/CERTIFICATES.md, \"From a certificate to a claim\")");
  try {
    return it->second(claim, game, verdict.proved());
  } catch (const std::exception& e) {
    return not_inferred(std::string("the rule of ") + claim.checker +
                        " cannot read the claim with this certificate: " + e.what());
  }
}

Value established_value(const ProvedPeriod& s, std::int64_t n) {
  if (n < 0) throw std::out_of_range("a negative index " + std::to_string(n));
  std::int64_t i = n;
  std::int64_t turns = 0;
  if (n >= s.preperiod + s.period) {
    turns = (n - s.preperiod) / s.period;
    i = s.preperiod + (n - s.preperiod) % s.period;
  }
  if (i >= static_cast<std::int64_t>(s.residues.size()))
    throw std::out_of_range(s.what + ": the checker kept " + std::to_string(s.residues.size()) +
                            " values, the rule needs index " + std::to_string(i));
  return s.slope * i + s.residues[static_cast<std::size_t>(i)] + turns * s.saltus;
}

const ProvedPeriod& established(const std::vector<ProvedPeriod>& proved, std::string_view what) {
  for (const auto& s : proved) {
    if (s.what == what) return s;
  }
  throw std::out_of_range("the certificate establishes no " + std::string(what));
}

std::int64_t claim_integer(const nlohmann::json& object, const char* key) {
  if (!object.is_object() || !object.contains(key))
    throw std::invalid_argument(std::string("no '") + key + "'");
  const auto& v = object.at(key);
  if (!v.is_number_integer())
    throw std::invalid_argument(std::string("'") + key + "' is not an integer");
  const auto x = v.get<std::int64_t>();
  constexpr std::int64_t kLimit = std::int64_t{1} << 50;
  if (x < -kLimit || x > kLimit)
    throw std::invalid_argument(std::string("'") + key + "' beyond 2^50");
  return x;
}

std::int64_t claim_integer(const nlohmann::json& object, const char* key, std::int64_t fallback) {
  if (!object.is_object() || !object.contains(key)) return fallback;
  return claim_integer(object, key);
}

std::int64_t inference_lcm(std::int64_t a, std::int64_t b) {
  if (a < 1 || b < 1) throw std::out_of_range("a period or modulus below 1");
  const std::int64_t l = a / std::gcd(a, b);
  if (l > kLongestInference / b) throw std::out_of_range("lcm beyond 2^26");
  return l * b;
}

}  // namespace igv
