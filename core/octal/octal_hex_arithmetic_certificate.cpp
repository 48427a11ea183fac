#include "core/octal/trusted/octal_hex_arithmetic_certificate.h"

#include <algorithm>

#include "core/base/trusted/certificate_json.h"
#include "core/base/trusted/errors.h"
#include "core/octal/trusted/octal_certificate.h"
#include "core/octal/trusted/octal_rules.h"

namespace igv {

using json = nlohmann::json;

namespace {
constexpr std::int64_t kLargestOctalValue = 65535;  // values are 16-bit, as in every octal file
}  // namespace

std::int64_t theorem_a_last_heap(std::int64_t n0, std::int64_t period, std::int64_t base_end,
                                 int last_digit) {
  const std::int64_t theta = 3 * n0 + 3 * period + last_digit - 2;
  return std::max(base_end, theta) + 2 * period - 1;
}

json hex_arithmetic_json(const HexArithmeticCertificate& cert, int last_digit,
                         const std::string& checked) {
  return {{"game", "hex:" + cert.code},
          {"preperiod", cert.preperiod},
          {"period", cert.period},
          {"saltus", cert.saltus},
          {"last_exceptional_value", cert.preperiod > 0 ? json(cert.preperiod - 1) : json(nullptr)},
          {"certificate",
           {{"certificate_version", kHexArithmeticCertificateVersion},
            {"theorem",
             "Theorem A (arithmetic periodicity of hexadecimal games, core/CERTIFICATES.md): H0-H5 "
             "on G(0..N) with n0 = " +
                 std::to_string(cert.n0) + ", M = " + std::to_string(cert.base_end) +
                 ", k = " + std::to_string(last_digit) + " imply G(n+p) = G(n)+s for all n >= n0"},
            {"n0", cert.n0},
            {"base_end", cert.base_end},
            {"bound", static_cast<std::int64_t>(cert.values.size())},
            {"values", cert.values},
            {"checked", checked},
            {"checker",
             "check_hex_arithmetic_certificate "
             "(core/octal/octal_hex_arithmetic_certificate_check.cpp)"}}}};
}

HexArithmeticCertificate parse_hex_arithmetic_json(const json& period_json) {
  const auto code =
      read_certificate_code<HexCode>(period_json, "hex", kHexArithmeticCertificateVersion);
  const json& certificate = cert_field(period_json, "certificate", "");
  HexArithmeticCertificate cert;
  cert.code = code.canonical();
  cert.preperiod =
      cert_integer(cert_field(period_json, "preperiod", ""), "preperiod", 0, kLargestHexFile);
  cert.period = cert_integer(cert_field(period_json, "period", ""), "period", 1, kLargestHexFile);
  cert.saltus =
      cert_integer(cert_field(period_json, "saltus", ""), "saltus", 1, kLargestOctalValue);
  cert.n0 = cert_integer(cert_field(certificate, "n0", "certificate"), "certificate.n0", 0,
                         kLargestHexFile);
  cert.base_end = cert_integer(cert_field(certificate, "base_end", "certificate"),
                               "certificate.base_end", 1, kLargestHexFile);
  (void)cert_integer(cert_field(certificate, "bound", "certificate"), "certificate.bound", 0,
                     kLargestHexFile);
  cert.values = read_hex_certificate_values(certificate);
  const json& lev = cert_field(period_json, "last_exceptional_value", "");
  if (!lev.is_null()) (void)cert_integer(lev, "last_exceptional_value", 0, kLargestHexFile);
  // Every field present, with its kind (the descriptive text is compared by kind only).
  require_same_shape(hex_arithmetic_json(cert, code.max_removal(), ""), period_json, "");
  return cert;
}

}  // namespace igv
