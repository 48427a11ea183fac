#include "core/subtraction_proof.h"

#include <stdexcept>

#include "core/errors.h"
#include "core/subtraction_window.h"

namespace igv {

ProvedSubtractionPeriod prove_subtraction_period(const SubtractionSet& set, SubtractionPlay play,
                                                 std::uint64_t max_steps,
                                                 std::int64_t max_check_values) {
  ProvedSubtractionPeriod out;
  if (set.powers_of_two) {
    if (play != SubtractionPlay::normal) {
      throw InputError(
          "subtraction-misere:powers-of-2: no period theorem for misère play of "
          "the powers of 2 (only values by the naive kernel)");
    }
    const CertificateCheck check = check_powers_of_two_residue_lemma();
    if (!check.accepted) throw std::logic_error("residue lemma rejected: " + check.reason);
    out.preperiod = 0;
    out.period = 3;  // G = 012 repeated: three distinct values, so 3 is the least period
    out.theorem = kResidueLemmaTheorem;
    out.bound = check.values_checked;
    out.checked = check.reason;
    out.certificate.set = set;
    return out;
  }
  out.certificate = find_subtraction_period(set, play, max_steps, &out.stats);
  const CertificateCheck check = check_subtraction_certificate(out.certificate, max_check_values);
  if (!check.accepted) {
    throw std::logic_error("internal error: the checker rejected the certificate of {" +
                           set.to_string() + "}: " + check.reason);
  }
  out.preperiod = out.certificate.preperiod;
  out.period = out.certificate.period;
  out.theorem = kWindowLemmaTheorem;
  out.bound = check.values_checked;
  out.checked = check.reason;
  return out;
}

Value subtraction_value_by_period(const ProvedSubtractionPeriod& proved, std::int64_t n) {
  if (n < 0) throw InputError("subtraction position: heap " + std::to_string(n) + " is negative");
  if (proved.certificate.set.powers_of_two) return n % 3;
  const auto& set = proved.certificate.set;
  const std::int64_t width = set.largest();
  // Representative of n: same residue mod p, at least ℓ, at most ℓ + p - 1.
  std::int64_t target = n;
  if (n >= proved.preperiod + proved.period) {
    target = proved.preperiod + (n - proved.preperiod) % proved.period;
  }
  SubtractionWindow window(set, proved.certificate.play);
  if (target < width) return window.at(target);
  while (window.start() + width < target) window.advance();
  return window.next_value();
}

nlohmann::json subtraction_certificate_summary(const ProvedSubtractionPeriod& proved) {
  nlohmann::json j = {
      {"theorem", proved.theorem}, {"bound", proved.bound}, {"checked", proved.checked}};
  if (!proved.certificate.set.powers_of_two) {
    j["window"] = proved.certificate.window;
    j["checker"] =
        "check_subtraction_certificate (naive prefix, core/subtraction_certificate_check.cpp)";
    j["producer"] =
        "Brent cycle detection on windows with rolling hash (core/subtraction_period.cpp)";
    j["search_steps"] = proved.stats.steps;
    j["hash_matches_confirmed"] = proved.stats.hash_matches;
    j["hash_collisions"] = proved.stats.hash_collisions;
  } else {
    j["checker"] = "check_powers_of_two_residue_lemma (core/subtraction_certificate_check.cpp)";
  }
  return j;
}

}  // namespace igv
