// Trusted: the checker library, core/base/trusted/ (core/README.md, "The proof boundary").
//
// The last step of a proof: from what an accepted certificate established (the checker's
// ProvedPeriods) to the claim as the paper states it, one stated rule per claim checker that can
// return `proved` (core/CERTIFICATES.md, "From a certificate to a claim"). `verify check-report`
// applies them to every proved claim of a report folder; verify/check_certificate.py --report
// applies its own implementation of the same rules. Each rule reads only the claim's checker,
// parameters (as stated) and asserted value, the certificate's game and the established
// sequences: no producer, no claim checker.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/trusted/certificate.h"

namespace igv {

/// A claim as report.json states it.
struct ClaimStatement {
  std::string id;
  std::string checker;
  nlohmann::json params = nlohmann::json::object();  ///< the parameters as stated (no defaults)
  nlohmann::json asserted;
};

/// A rule's answer: the claim follows from the certificate, or the first reason it does not.
struct Inference {
  bool holds = false;
  std::string reason;
};

/// A rule: the claim, the certificate's `game`, and what the checker established (in the
/// certificate's order). Throws std::exception on parameters the rule cannot read (infer_claim
/// turns that into a failed inference).
using InferenceRule = Inference (*)(const ClaimStatement& claim, const std::string& game,
                                    const std::vector<ProvedPeriod>& proved);

/// Registers the rule of one claim checker (at static initialisation, in the module's
/// trusted/<m>_claim_inference.cpp).
struct InferenceRegistrar {
  InferenceRegistrar(const char* checker, InferenceRule rule);
};

/// The claim checkers that have a rule, sorted.
std::vector<std::string> inference_rule_names();

/// Applies the claim checker's rule to an accepted verdict. Not holding: no rule for that checker,
/// a rejected verdict, parameters the rule cannot read, or the rule's own reason.
Inference infer_claim(const ClaimStatement& claim, const std::string& game,
                      const CertificateVerdict& verdict);

// Helpers of the rules.

/// value(n) of an established sequence; std::out_of_range when n < 0 or the checker kept fewer
/// values than n needs (a streamed Frolov row keeps its first 4096 residues a period).
Value established_value(const ProvedPeriod& s, std::int64_t n);

/// The sequence named `what` ("g row 5"); std::out_of_range when the certificate proves none.
const ProvedPeriod& established(const std::vector<ProvedPeriod>& proved, std::string_view what);

/// An integer of the claim: params or asserted `key`, or `fallback` when absent (no fallback:
/// std::invalid_argument). Must lie within ±2^50.
std::int64_t claim_integer(const nlohmann::json& object, const char* key);
std::int64_t claim_integer(const nlohmann::json& object, const char* key, std::int64_t fallback);

/// The longest stretch of values a rule compares (2^26): longer is not inferred here.
inline constexpr std::int64_t kLongestInference = std::int64_t{1} << 26;

/// lcm(a, b) for a, b >= 1, or std::out_of_range beyond kLongestInference.
std::int64_t inference_lcm(std::int64_t a, std::int64_t b);

/// "holds" with `reason`, or not.
inline Inference inferred(std::string reason) {
  return {true, std::move(reason)};
}
inline Inference not_inferred(std::string reason) {
  return {false, std::move(reason)};
}

}  // namespace igv
