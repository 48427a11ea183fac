#include "core/subtraction/trusted/subtraction_certificate.h"

#include "core/base/trusted/certificate_json.h"
#include "core/base/trusted/errors.h"

namespace igv {

using nlohmann::json;

namespace {

constexpr const char* kWindowChecker =
    "check_subtraction_certificate (naive prefix, "
    "core/subtraction/subtraction_certificate_check.cpp)";
constexpr const char* kResidueChecker =
    "check_powers_of_two_residue_lemma (core/subtraction/subtraction_certificate_check.cpp)";

std::int64_t integer_value(const json& v, const std::string& where, std::int64_t least) {
  return cert_integer(v, where, least, kSubtractionCertificateNumberLimit);
}

}  // namespace

json subtraction_period_json(const SubtractionPeriodCertificate& cert, const std::string& checked) {
  return {{"game", subtraction_spec(cert.set, cert.play)},
          {"preperiod", cert.preperiod},
          {"period", cert.period},
          {"saltus", 0},
          {"certificate",
           {{"certificate_version", kSubtractionCertificateVersion},
            {"theorem", kWindowLemmaTheorem},
            {"window", cert.window},
            {"bound", cert.preperiod + cert.period +
                          (cert.set.elements.empty() ? 0 : cert.set.largest()) + 1},
            {"checked", checked},
            {"checker", kWindowChecker}}}};
}

json powers_of_two_period_json(const std::string& checked) {
  SubtractionSet powers;
  powers.powers_of_two = true;
  return {{"game", subtraction_spec(powers, SubtractionPlay::normal)},
          {"preperiod", 0},
          {"period", 3},
          {"saltus", 0},
          {"certificate",
           {{"certificate_version", kSubtractionCertificateVersion},
            {"theorem", kResidueLemmaTheorem},
            {"bound", kResidueLemmaSanityBound},
            {"checked", checked},
            {"checker", kResidueChecker}}}};
}

SubtractionPeriodCertificate parse_subtraction_period_json(const json& period_json) {
  if (!period_json.is_object()) throw InputError("certificate: not a JSON object");
  const json& game = cert_field(period_json, "game", "");
  if (!game.is_string())
    throw InputError("certificate: field 'game' must be a string, got " + game.dump());
  const std::string spec = game.get<std::string>();
  SubtractionPeriodCertificate cert;
  if (spec.rfind("subtraction:", 0) == 0) {
    cert.play = SubtractionPlay::normal;
    cert.set = parse_subtraction_set(spec.substr(12));
  } else if (spec.rfind("subtraction-misere:", 0) == 0) {
    cert.play = SubtractionPlay::misere;
    cert.set = parse_subtraction_set(spec.substr(19));
  } else {
    throw InputError("certificate: game '" + spec + "' is not a subtraction game");
  }
  if (subtraction_spec(cert.set, cert.play) != spec) {
    throw InputError("certificate: game '" + spec + "' is not written canonically (expected '" +
                     subtraction_spec(cert.set, cert.play) + "')");
  }
  if (cert.set.rule_defined()) {
    throw InputError("certificate: " + spec + " has no period certificate (S = " +
                     cert.set.to_string() + " is infinite and no period theorem applies)");
  }
  const json& certificate = cert_field(period_json, "certificate", "");
  require_certificate_version(certificate, kSubtractionCertificateVersion);
  // The claim and the bound: numbers in range, whatever else is wrong with the file.
  cert.preperiod = integer_value(cert_field(period_json, "preperiod", ""), "preperiod", 0);
  cert.period = integer_value(cert_field(period_json, "period", ""), "period", 1);
  (void)integer_value(cert_field(period_json, "saltus", ""), "saltus", 0);
  (void)integer_value(cert_field(certificate, "bound", "certificate"), "certificate.bound", 0);
  if (cert.set.powers_of_two) {
    if (cert.play != SubtractionPlay::normal) {
      throw InputError("certificate: " + spec +
                       " has no period theorem (misère play of the powers of 2), so no "
                       "certificate");
    }
    require_same_shape(powers_of_two_period_json(""), period_json, "");
    return cert;
  }
  const json& window = cert_field(certificate, "window", "certificate");
  if (!window.is_array())
    throw InputError("certificate: field 'certificate.window' must be an array of Grundy values");
  const std::int64_t width = cert.set.largest();
  if (static_cast<std::int64_t>(window.size()) != width + 1) {
    throw InputError("certificate: 'certificate.window' has " + std::to_string(window.size()) +
                     " values; the window lemma for S = {" + cert.set.to_string() +
                     "} needs s_k + 1 = " + std::to_string(width + 1));
  }
  for (std::size_t i = 0; i < window.size(); ++i) {
    cert.window.push_back(
        integer_value(window[i], "certificate.window[" + std::to_string(i) + "]", 0));
  }
  // Every field present, with its kind, before anything is computed.
  require_same_shape(subtraction_period_json(cert, ""), period_json, "");
  return cert;
}

}  // namespace igv
