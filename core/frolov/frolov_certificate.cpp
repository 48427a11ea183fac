#include "core/frolov/trusted/frolov_certificate.h"

#include <optional>
#include <string>

#include "core/base/trusted/certificate_json.h"
#include "core/base/trusted/errors.h"

namespace igv {

namespace {

using nlohmann::json;

std::string family_name(FrolovFunction which) {
  return which == FrolovFunction::g ? "rook-misere" : "digital-deletion";
}

constexpr const char* kCheckerName =
    "core/frolov/frolov_certificate_check.cpp (own incremental mex, independent of the producer's "
    "window "
    "kernel)";

// ---------------------------------------------------------------------------------------------
// Reading fields: every accessor names the field by its path in the file
// ("certificate.chain[3].k").
// ---------------------------------------------------------------------------------------------

const json& field(const json& object, const std::string& key, const std::string& path) {
  return cert_field(object, key, path);
}

std::string child(const std::string& path, const std::string& key) {
  return cert_child(path, key);
}

std::int64_t integer_field(const json& object, const std::string& key, const std::string& path,
                           std::int64_t least) {
  return cert_integer(field(object, key, path), child(path, key), least,
                      kFrolovCertificateNumberLimit);
}

bool bool_field(const json& object, const std::string& key, const std::string& path) {
  const json& v = field(object, key, path);
  if (!v.is_boolean())
    throw InputError("certificate: field '" + child(path, key) + "' must be true or false, got " +
                     v.dump());
  return v.get<bool>();
}

std::string string_field(const json& object, const std::string& key, const std::string& path) {
  const json& v = field(object, key, path);
  if (!v.is_string())
    throw InputError("certificate: field '" + child(path, key) + "' must be a string, got " +
                     v.dump());
  return v.get<std::string>();
}

// ---------------------------------------------------------------------------------------------
// Parsing the chain.
// ---------------------------------------------------------------------------------------------

struct ParsedChain {
  std::vector<GRowCertificate> g;
  std::vector<FRowCertificate> f;
  std::vector<std::int64_t> checked_to;
};

ParsedChain parse_chain(FrolovFunction which, int m, const json& certificate) {
  const json& chain = field(certificate, "chain", "certificate");
  const std::size_t rows = static_cast<std::size_t>(m + 1);
  const std::size_t want = which == FrolovFunction::g ? rows : 2 * rows;
  if (!chain.is_array())
    throw InputError("certificate: field 'certificate.chain' must be an array of rows");
  if (chain.size() != want) {
    throw InputError(
        "certificate: 'certificate.chain' has " + std::to_string(chain.size()) + " rows; " +
        family_name(which) + ":" + std::to_string(m) + " needs exactly " + std::to_string(want) +
        (which == FrolovFunction::g
             ? " (g rows 0.." + std::to_string(m) + ")"
             : " (g rows 0.." + std::to_string(m) + ", then f rows 0.." + std::to_string(m) + ")"));
  }
  ParsedChain out;
  for (std::size_t i = 0; i < chain.size(); ++i) {
    const std::string path = "certificate.chain[" + std::to_string(i) + "]";
    const json& row = chain[i];
    const bool g_row = i < rows;
    const std::string function = string_field(row, "function", path);
    if (function != (g_row ? "g" : "f")) {
      throw InputError("certificate: field '" + path + ".function' is '" + function +
                       "', expected '" + (g_row ? "g" : "f") + "'");
    }
    const std::int64_t index = static_cast<std::int64_t>(g_row ? i : i - rows);
    const std::int64_t row_m = integer_field(row, "m", path, 0);
    if (row_m != index) {
      throw InputError("certificate: field '" + path + ".m' is " + std::to_string(row_m) +
                       ", expected " + std::to_string(index) + " (rows 0.." + std::to_string(m) +
                       " in order)");
    }
    if (g_row) {
      out.g.push_back({static_cast<int>(row_m), bool_field(row, "base", path),
                       integer_field(row, "T", path, 1), integer_field(row, "k", path, 0),
                       integer_field(row, "tau", path, 1), integer_field(row, "period", path, 1),
                       integer_field(row, "preperiod", path, 0)});
    } else {
      out.f.push_back({static_cast<int>(row_m), integer_field(row, "inversion_bound", path, 0),
                       integer_field(row, "period", path, 1),
                       integer_field(row, "preperiod", path, 0)});
    }
    out.checked_to.push_back(integer_field(row, "checked_to", path, 0));
  }
  return out;
}

}  // namespace

json to_json(const GRowCertificate& c) {
  return {{"function", "g"}, {"m", c.m},     {"base", c.base},     {"T", c.T},
          {"k", c.k},        {"tau", c.tau}, {"period", c.period}, {"preperiod", c.preperiod}};
}

json to_json(const FRowCertificate& c) {
  return {{"function", "f"},
          {"m", c.m},
          {"inversion_bound", c.inversion_bound},
          {"period", c.period},
          {"preperiod", c.preperiod}};
}

GRowCertificate g_certificate_from_json(const json& j) {
  try {
    return {j.at("m").get<int>(),
            j.at("base").get<bool>(),
            j.at("T").get<std::int64_t>(),
            j.at("k").get<std::int64_t>(),
            j.at("tau").get<std::int64_t>(),
            j.at("period").get<std::int64_t>(),
            j.at("preperiod").get<std::int64_t>()};
  } catch (const json::exception& e) {
    throw InputError(
        std::string(
            "Frolov g-row certificate: expected fields m, base, T, k, tau, period, preperiod (") +
        e.what() + ")");
  }
}

json frolov_period_json(FrolovFunction which, int m, const std::vector<GRowCertificate>& g,
                        const std::vector<FRowCertificate>& f,
                        const std::vector<std::int64_t>& checked_to) {
  const bool is_f = which == FrolovFunction::f;
  json chain = json::array();
  for (const auto& c : g) chain.push_back(to_json(c));
  for (const auto& c : f) chain.push_back(to_json(c));
  for (std::size_t i = 0; i < chain.size(); ++i) chain[i]["checked_to"] = checked_to.at(i);
  const json row = is_f ? to_json(f.back()) : to_json(g.back());
  const std::int64_t period = row["period"];
  return {
      {"game", family_name(which) + ":" + std::to_string(m)},
      {"preperiod", row["preperiod"]},
      {"period", period},
      {"saltus", period},
      {"convention",
       "minimal p and t with value(n + t) = value(n) + t for every n >= p (Definition 5, s = t)"},
      {"certificate",
       {{"theorem",
         is_f ? "Frolov 2012, §4, Theorem 3 (f row = inverse of the proved g row); g rows by "
                "Theorem 1's window argument"
              : "Frolov 2012, §4, proof of Theorem 1: h(m, n + tau) = h(m, n) on [k, k + T], T >= "
                "2m a common multiple of the lower periods, k >= their preperiods"},
        {"certificate_version", kFrolovCertificateVersion},
        {"bound", checked_to.back()},
        {"checked", true},
        {"row", row},
        {"chain", chain},
        {"checker", kCheckerName}}}};
}

FrolovChainFile parse_frolov_period_json(FrolovFunction which, int m, const json& period_json) {
  const std::string spec = family_name(which) + ":" + std::to_string(m);
  if (!period_json.is_object())
    throw InputError("certificate for '" + spec + "' is not a JSON object");
  if (const std::string game = string_field(period_json, "game", ""); game != spec) {
    throw InputError("certificate: field 'game' is '" + game +
                     "', but the certificate is being checked for '" + spec + "'");
  }
  require_certificate_version(field(period_json, "certificate", ""), kFrolovCertificateVersion);
  // The claim and the bound: numbers in range, whatever else is wrong with the file.
  (void)integer_field(period_json, "preperiod", "", 0);
  (void)integer_field(period_json, "period", "", 1);
  (void)integer_field(period_json, "saltus", "", 1);
  (void)integer_field(field(period_json, "certificate", ""), "bound", "certificate", 0);
  ParsedChain parsed = parse_chain(which, m, field(period_json, "certificate", ""));
  // Every field must be present with its kind before anything is computed.
  require_same_shape(frolov_period_json(which, m, parsed.g, parsed.f, parsed.checked_to),
                     period_json, "");
  return {std::move(parsed.g), std::move(parsed.f), std::move(parsed.checked_to)};
}

std::pair<FrolovFunction, int> parse_frolov_row_spec(const std::string& spec) {
  const auto colon = spec.find(':');
  const std::string name = spec.substr(0, colon);
  if (colon == std::string::npos || (name != "rook-misere" && name != "digital-deletion"))
    throw InputError("certificate: game '" + spec +
                     "' is not a Frolov row (rook-misere:M or digital-deletion:M)");
  const std::string digits = spec.substr(colon + 1);
  if (digits.empty() || digits.size() > 2 ||
      digits.find_first_not_of("0123456789") != std::string::npos)
    throw InputError("certificate: game '" + spec + "' has no row number 0..99");
  return {name == "rook-misere" ? FrolovFunction::g : FrolovFunction::f, std::stoi(digits)};
}

}  // namespace igv
