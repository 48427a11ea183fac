#include "core/octal/octal_certificate.h"

#include <algorithm>

#include "core/base/certificate_json.h"
#include "core/base/errors.h"
#include "core/octal/octal_rules.h"

namespace igv {

using nlohmann::json;

void OctalValueTable::set(std::int64_t n, Value v) {
  if (is_wide_) {
    wide_.at(static_cast<std::size_t>(n)) = static_cast<std::uint16_t>(v);
  } else {
    narrow_.at(static_cast<std::size_t>(n)) = static_cast<std::uint8_t>(v);
  }
}

void OctalValueTable::resize(std::int64_t n) {
  if (is_wide_) {
    wide_.resize(static_cast<std::size_t>(n));
    wide_.shrink_to_fit();
  } else {
    narrow_.resize(static_cast<std::size_t>(n));
    narrow_.shrink_to_fit();
  }
}

std::int64_t guy_smith_bound(std::int64_t preperiod, std::int64_t period, int last_digit) {
  return 2 * std::max<std::int64_t>(preperiod, 1) + 2 * period + last_digit;
}

namespace {

/// Octal values are stored in at most 16 bits (OctalValueTable).
constexpr std::int64_t kLargestOctalValue = 65535;
/// Heaps, masks and depths are 32-bit in the certificate.
constexpr std::int64_t kLargest32 = 0xFFFFFFFF;

json pairs_json(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs) {
  json out = json::array();
  for (const auto& [a, b] : pairs) out.push_back({a, b});
  return out;
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> parse_pairs(const json& v,
                                                                 const std::string& path) {
  if (!v.is_array()) throw InputError("certificate: field '" + path + "' must be an array");
  std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const std::string where = path + "[" + std::to_string(i) + "]";
    if (!v[i].is_array() || v[i].size() != 2)
      throw InputError("certificate: field '" + where + "' must be a pair [a, b]");
    out.emplace_back(
        static_cast<std::uint32_t>(cert_integer(v[i][0], where + "[0]", 0, kLargest32)),
        static_cast<std::uint32_t>(cert_integer(v[i][1], where + "[1]", 0, kLargest32)));
  }
  return out;
}

}  // namespace

json octal_period_json(const OctalPeriodCertificate& cert, int last_digit,
                       const std::string& checked) {
  json values = json::array();
  const bool file = cert.values.size() <= kLargestOctalFile;
  if (file) {
    for (std::int64_t n = 0; n < cert.values.size(); ++n) values.push_back(cert.values[n]);
  }
  json out = {
      {"game", "octal:" + cert.code},
      {"preperiod", cert.preperiod},
      {"period", cert.period},
      {"saltus", 0},
      {"last_exceptional_value", cert.preperiod > 0 ? json(cert.preperiod - 1) : json(nullptr)},
      {"certificate",
       {{"certificate_version", kOctalCertificateVersion},
        {"theorem",
         "Guy–Smith periodicity theorem for finite octal games (Winning Ways, 2nd ed., "
         "vol. 1, ch. 4): G(n+p) = G(n) for e <= n < 2·max(e,1)+p+k implies it for all n >= e; "
         "k = " +
             std::to_string(last_digit)},
        {"bound", cert.bound()},
        {"values", values},
        {"masks", pairs_json(cert.mask_schedule)},
        {"witness_hints", pairs_json(cert.witness_depths)},
        {"checked", checked},
        {"checker", "check_octal_period_certificate (core/octal/octal_certificate_check.cpp)"}}}};
  if (!file) {
    // Above both checkers' file limit: the certificate was checked in the producing process;
    // what is printed says so and is not a certificate file (both checkers refuse it).
    out["certificate"].erase("values");
    out["certificate"]["values_not_written"] =
        std::to_string(cert.values.size()) +
        " values, above the certificate file limit of 2^26: checked in memory by the checker "
        "named here, in the process that produced them";
  }
  return out;
}

OctalPeriodCertificate parse_octal_period_json(const json& period_json) {
  if (!period_json.is_object()) throw InputError("certificate: not a JSON object");
  const json& game = cert_field(period_json, "game", "");
  if (!game.is_string()) throw InputError("certificate: field 'game' must be a string");
  const std::string spec = game.get<std::string>();
  if (spec.rfind("octal:", 0) != 0)
    throw InputError("certificate: game '" + spec + "' is not octal");
  const OctalCode code = OctalCode::parse(spec.substr(6));
  if (code.canonical() != spec.substr(6)) {
    throw InputError("certificate: game '" + spec +
                     "' is not written canonically (expected 'octal:" + code.canonical() + "')");
  }
  const json& certificate = cert_field(period_json, "certificate", "");
  require_certificate_version(certificate, kOctalCertificateVersion);
  OctalPeriodCertificate cert;
  cert.code = code.canonical();
  cert.preperiod =
      cert_integer(cert_field(period_json, "preperiod", ""), "preperiod", 0, kLargestOctalFile);
  cert.period = cert_integer(cert_field(period_json, "period", ""), "period", 1, kLargestOctalFile);
  const json& values = cert_field(certificate, "values", "certificate");
  if (!values.is_array())
    throw InputError("certificate: field 'certificate.values' must be an array");
  if (static_cast<std::int64_t>(values.size()) > kLargestOctalFile)
    throw InputError("certificate: 'certificate.values' holds more than 2^26 values");
  std::vector<std::uint16_t> wide;
  wide.reserve(values.size());
  Value largest = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const Value v = cert_integer(values[i], "certificate.values[" + std::to_string(i) + "]", 0,
                                 kLargestOctalValue);
    largest = std::max(largest, v);
    wide.push_back(static_cast<std::uint16_t>(v));
  }
  if (largest < 256) {
    cert.values = OctalValueTable(std::vector<std::uint8_t>(wide.begin(), wide.end()));
  } else {
    cert.values = OctalValueTable(std::move(wide));
  }
  cert.mask_schedule =
      parse_pairs(cert_field(certificate, "masks", "certificate"), "certificate.masks");
  cert.witness_depths = parse_pairs(cert_field(certificate, "witness_hints", "certificate"),
                                    "certificate.witness_hints");
  // Every field present, with its kind (the descriptive text is compared by kind only).
  require_same_shape(octal_period_json(cert, code.max_removal(), ""), period_json, "");
  return cert;
}

std::int64_t hex_period_bound(std::int64_t preperiod, std::int64_t period, int last_digit) {
  return 3 * std::max<std::int64_t>(preperiod, 1) + 3 * period + last_digit;
}

json hex_period_json(const HexPeriodCertificate& cert, int last_digit, const std::string& checked) {
  return {{"game", "hex:" + cert.code},
          {"preperiod", cert.preperiod},
          {"period", cert.period},
          {"saltus", 0},
          {"last_exceptional_value", cert.preperiod > 0 ? json(cert.preperiod - 1) : json(nullptr)},
          {"certificate",
           {{"certificate_version", kHexCertificateVersion},
            {"theorem",
             "periodicity theorem for hexadecimal games (Guy–Smith's argument with three-way "
             "splits, core/CERTIFICATES.md): G(n+p) = G(n) for e <= n < 3·max(e,1)+2p+k implies it "
             "for all n >= e; k = " +
                 std::to_string(last_digit)},
            {"bound", cert.bound()},
            {"values", cert.values},
            {"checked", checked},
            {"checker", "check_hex_period_certificate (core/octal/octal_certificate_check.cpp)"}}}};
}

HexPeriodCertificate parse_hex_period_json(const json& period_json) {
  if (!period_json.is_object()) throw InputError("certificate: not a JSON object");
  const json& game = cert_field(period_json, "game", "");
  if (!game.is_string()) throw InputError("certificate: field 'game' must be a string");
  const std::string spec = game.get<std::string>();
  if (spec.rfind("hex:", 0) != 0) throw InputError("certificate: game '" + spec + "' is not hex");
  const HexCode code = HexCode::parse(spec.substr(4));
  if (code.canonical() != spec.substr(4)) {
    throw InputError("certificate: game '" + spec +
                     "' is not written canonically (expected 'hex:" + code.canonical() + "')");
  }
  const json& certificate = cert_field(period_json, "certificate", "");
  require_certificate_version(certificate, kHexCertificateVersion);
  HexPeriodCertificate cert;
  cert.code = code.canonical();
  cert.preperiod =
      cert_integer(cert_field(period_json, "preperiod", ""), "preperiod", 0, kLargestHexFile);
  cert.period = cert_integer(cert_field(period_json, "period", ""), "period", 1, kLargestHexFile);
  (void)cert_integer(cert_field(period_json, "saltus", ""), "saltus", 0, kLargestOctalValue);
  (void)cert_integer(cert_field(certificate, "bound", "certificate"), "certificate.bound", 0,
                     kLargestHexFile);
  const json& values = cert_field(certificate, "values", "certificate");
  if (!values.is_array())
    throw InputError("certificate: field 'certificate.values' must be an array");
  if (static_cast<std::int64_t>(values.size()) > kLargestHexFile) {
    throw InputError("certificate: 'certificate.values' holds more than " +
                     std::to_string(kLargestHexFile) + " values (the checker's limit)");
  }
  for (std::size_t i = 0; i < values.size(); ++i) {
    cert.values.push_back(cert_integer(values[i], "certificate.values[" + std::to_string(i) + "]",
                                       0, kLargestOctalValue));
  }
  const json& lev = cert_field(period_json, "last_exceptional_value", "");
  if (!lev.is_null()) (void)cert_integer(lev, "last_exceptional_value", 0, kLargestHexFile);
  // Every field present, with its kind (the descriptive text is compared by kind only).
  require_same_shape(hex_period_json(cert, code.max_removal(), ""), period_json, "");
  return cert;
}

}  // namespace igv
