#include "core/subtraction_certificate_json.h"

#include <optional>
#include <vector>

#include "core/certificate_json.h"
#include "core/errors.h"
#include "core/subtraction_certificate_check.h"
#include "core/subtraction_period.h"

namespace igv {

namespace {

using nlohmann::json;

// ---------------------------------------------------------------------------------------------
// Reading fields: every message names the field by its path in the file
// ("certificate.window[2]").
// ---------------------------------------------------------------------------------------------

const json& field(const json& object, const std::string& key, const std::string& path) {
  return cert_field(object, key, path);
}

std::int64_t integer_value(const json& v, const std::string& where, std::int64_t least) {
  return cert_integer(v, where, least, kSubtractionCertificateNumberLimit);
}

json verdict_json(const std::string& spec, const char* checker, bool accepted,
                  const std::string& reason) {
  return {{"accepted", accepted}, {"reason", reason}, {"game", spec}, {"checker", checker}};
}

constexpr const char* kWindowChecker =
    "check_subtraction_certificate (core/subtraction_certificate_check.cpp)";
constexpr const char* kResidueChecker =
    "check_powers_of_two_residue_lemma (core/subtraction_certificate_check.cpp)";

/// S = all powers of 2: the certificate holds no data of its own; the residue lemma's
/// hypotheses are checked again and the file must be what that check prints.
json check_powers_of_two(const std::string& spec, const SubtractionSet& set,
                         const json& period_json) {
  ProvedSubtractionPeriod proved;
  proved.preperiod = 0;
  proved.period = 3;  // G = 0, 1, 2 repeated (subtraction_proof.cpp): three values, least period 3
  proved.theorem = kResidueLemmaTheorem;
  proved.certificate.set = set;
  require_same_shape(subtraction_period_json(spec, proved), period_json, "");
  const CertificateCheck check = check_powers_of_two_residue_lemma();
  if (!check.accepted)
    return verdict_json(spec, kResidueChecker, false,
                        "the residue lemma's check failed: " + check.reason);
  proved.bound = check.values_checked;
  proved.checked = check.reason;
  if (auto difference = first_difference(subtraction_period_json(spec, proved), period_json, "")) {
    return verdict_json(spec, kResidueChecker, false,
                        "the residue lemma holds, but " + *difference);
  }
  return verdict_json(spec, kResidueChecker, true,
                      "mod-3 residue lemma: " + check.reason + "; preperiod 0, period 3");
}

}  // namespace

json subtraction_period_json(const std::string& spec, const ProvedSubtractionPeriod& proved) {
  return {{"game", spec},
          {"preperiod", proved.preperiod},
          {"period", proved.period},
          {"saltus", 0},
          {"certificate", subtraction_certificate_summary(proved)}};
}

json check_subtraction_period_json(const SubtractionSet& set, SubtractionPlay play,
                                   const json& period_json, std::int64_t max_values) {
  const std::string spec = subtraction_spec(set, play);
  if (!period_json.is_object())
    throw InputError("certificate for '" + spec + "' is not a JSON object");
  const json& game = field(period_json, "game", "");
  if (!game.is_string())
    throw InputError("certificate: field 'game' must be a string, got " + game.dump());
  if (game.get<std::string>() != spec) {
    throw InputError("certificate: field 'game' is '" + game.get<std::string>() +
                     "', but the certificate is being checked for '" + spec + "'");
  }
  // The claim and the bound: numbers in range, whatever else is wrong with the file.
  const std::int64_t claimed_preperiod =
      integer_value(field(period_json, "preperiod", ""), "preperiod", 0);
  const std::int64_t claimed_period = integer_value(field(period_json, "period", ""), "period", 1);
  (void)integer_value(field(period_json, "saltus", ""), "saltus", 0);
  (void)integer_value(field(field(period_json, "certificate", ""), "bound", "certificate"),
                      "certificate.bound", 0);
  if (set.powers_of_two) {
    if (play != SubtractionPlay::normal) {
      throw InputError(
          "certificate: " + spec +
          " has no period theorem (misère play of the powers of 2), so no certificate");
    }
    return check_powers_of_two(spec, set, period_json);
  }

  // Read the claim: ℓ, p and the window G(ℓ .. ℓ + s_k).
  ProvedSubtractionPeriod proved;
  SubtractionPeriodCertificate& cert = proved.certificate;
  cert.set = set;
  cert.play = play;
  cert.preperiod = claimed_preperiod;
  cert.period = claimed_period;
  const json& window = field(field(period_json, "certificate", ""), "window", "certificate");
  if (!window.is_array())
    throw InputError("certificate: field 'certificate.window' must be an array of Grundy values");
  const std::int64_t width = set.largest();
  if (static_cast<std::int64_t>(window.size()) != width + 1) {
    throw InputError("certificate: 'certificate.window' has " + std::to_string(window.size()) +
                     " values; the window lemma for S = {" + set.to_string() +
                     "} needs s_k + 1 = " + std::to_string(width + 1));
  }
  for (std::size_t i = 0; i < window.size(); ++i) {
    cert.window.push_back(
        integer_value(window[i], "certificate.window[" + std::to_string(i) + "]", 0));
  }
  proved.preperiod = cert.preperiod;
  proved.period = cert.period;
  proved.theorem = kWindowLemmaTheorem;
  // Every field present, with its kind, before anything is computed.
  require_same_shape(subtraction_period_json(spec, proved), period_json, "");
  const std::int64_t prefix = cert.preperiod + cert.period + width + 1;
  if (prefix > max_values) {
    throw BudgetExceeded("certificate: checking preperiod " + std::to_string(cert.preperiod) +
                         " and period " + std::to_string(cert.period) + " needs " +
                         std::to_string(prefix) +
                         " values (l + p + s_k + 1), above check-certificate's limit of " +
                         std::to_string(max_values));
  }

  const CertificateCheck check = check_subtraction_certificate(cert, max_values);
  if (!check.accepted)
    return verdict_json(spec, kWindowChecker, false,
                        "the independent checker rejected the certificate: " + check.reason);
  proved.bound = check.values_checked;
  proved.checked = check.reason;
  // The producer's statistics are informational; they are reproduced by running the producer
  // again, which is cheap now that the period is known to be short enough to check.
  const SubtractionPeriodCertificate again =
      find_subtraction_period(set, play, 4'000'000'000ULL, &proved.stats);
  if (again.preperiod != cert.preperiod || again.period != cert.period) {
    return verdict_json(
        spec, kWindowChecker, false,
        "internal disagreement: the checker accepted preperiod " + std::to_string(cert.preperiod) +
            " and period " + std::to_string(cert.period) + ", the producer finds " +
            std::to_string(again.preperiod) + " and " + std::to_string(again.period));
  }
  if (auto difference = first_difference(subtraction_period_json(spec, proved), period_json, "")) {
    return verdict_json(spec, kWindowChecker, false, "the period was proved, but " + *difference);
  }
  return verdict_json(spec, kWindowChecker, true,
                      "window lemma: " + check.reason + "; preperiod " +
                          std::to_string(cert.preperiod) + ", period " +
                          std::to_string(cert.period) + ", saltus 0");
}

}  // namespace igv
