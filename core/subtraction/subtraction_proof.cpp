#include "core/subtraction/subtraction_proof.h"

#include <stdexcept>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/limits.h"
#include "core/subtraction/trusted/subtraction_certificate_check.h"

namespace igv {

CheckedSubtractionCertificate prove_subtraction_period(const SubtractionSet& set,
                                                       SubtractionPlay play,
                                                       std::uint64_t max_steps,
                                                       std::int64_t max_check_values,
                                                       const ComputeLimits& limits) {
  CheckedSubtractionCertificate out;
  if (set.powers_of_two) {
    if (play != SubtractionPlay::normal) {
      throw InputError(
          "subtraction-misere:powers-of-2: no period theorem for misère play of "
          "the powers of 2 (only values by the naive kernel)");
    }
    out.verdict = check_powers_of_two_residue_lemma();
    if (!out.verdict.accepted())
      throw std::logic_error("residue lemma rejected: " + out.verdict.reason());
    out.theorem = kResidueLemmaTheorem;
    out.certificate.set = set;
    return out;
  }
  out.certificate = find_subtraction_period(set, play, max_steps, &out.stats, limits);
  // The checker replays G(0 .. ℓ + p + s_k): an estimate of 8 bytes a value.
  const auto replay = static_cast<std::uint64_t>(out.certificate.preperiod +
                                                 out.certificate.period + set.largest() + 1);
  if (!limits.fits(8 * replay)) {
    throw LimitReached("subtraction period of {" + set.to_string() + "}: found (preperiod " +
                           std::to_string(out.certificate.preperiod) + ", period " +
                           std::to_string(out.certificate.period) +
                           "), but the checker's replay of " + std::to_string(replay) +
                           " values needs about " + mebibytes(8 * replay) +
                           ", above the memory limit of " + mebibytes(limits.memory_bytes),
                       "memory",
                       {{"steps", out.stats.steps},
                        {"window_length", set.largest()},
                        {"candidate_preperiod", out.certificate.preperiod},
                        {"candidate_period", out.certificate.period}});
  }
  out.verdict = check_subtraction_certificate(out.certificate, max_check_values);
  if (!out.verdict.accepted()) {
    throw std::logic_error("internal error: the checker rejected the certificate of {" +
                           set.to_string() + "}: " + out.verdict.reason());
  }
  out.theorem = kWindowLemmaTheorem;
  return out;
}

Value subtraction_value_by_period(const CheckedSubtractionCertificate& proved, std::int64_t n) {
  if (n < 0) throw InputError("subtraction position: heap " + std::to_string(n) + " is negative");
  return proved.proved().value(n);
}

nlohmann::json subtraction_period_json(const CheckedSubtractionCertificate& proved) {
  nlohmann::json j = proved.certificate.set.powers_of_two
                         ? powers_of_two_period_json(proved.verdict.reason())
                         : subtraction_period_json(proved.certificate, proved.verdict.reason());
  j["block"] = period_block(proved.proved());
  return j;
}

}  // namespace igv
