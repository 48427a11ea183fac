#include <optional>
#include <string>

#include "core/certificate_json.h"
#include "core/errors.h"
#include "core/frolov_certificate_check.h"
#include "core/frolov_certificate_json.h"
#include "core/frolov_rows.h"

namespace igv {

namespace {

using nlohmann::json;

std::string family_name(FrolovFunction which) {
  return which == FrolovFunction::g ? "rook-misere" : "digital-deletion";
}

constexpr const char* kCheckerName =
    "core/frolov_certificate_check.cpp (own incremental mex, independent of the producer's window "
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

json verdict_json(FrolovFunction which, int m, bool accepted, const std::string& reason) {
  return {{"accepted", accepted},
          {"reason", reason},
          {"game", family_name(which) + ":" + std::to_string(m)},
          {"checker", kCheckerName}};
}

}  // namespace

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
        {"bound", checked_to.back()},
        {"checked", true},
        {"row", row},
        {"chain", chain},
        {"checker", kCheckerName}}}};
}

json check_frolov_period_json(FrolovFunction which, int m, const json& period_json,
                              std::int64_t max_columns) {
  const std::string spec = family_name(which) + ":" + std::to_string(m);
  if (!period_json.is_object())
    throw InputError("certificate for '" + spec + "' is not a JSON object");
  if (const std::string game = string_field(period_json, "game", ""); game != spec) {
    throw InputError("certificate: field 'game' is '" + game +
                     "', but the certificate is being checked for '" + spec + "'");
  }
  // The claim and the bound: numbers in range, whatever else is wrong with the file.
  (void)integer_field(period_json, "preperiod", "", 0);
  (void)integer_field(period_json, "period", "", 1);
  (void)integer_field(period_json, "saltus", "", 1);
  (void)integer_field(field(period_json, "certificate", ""), "bound", "certificate", 0);
  const ParsedChain parsed = parse_chain(which, m, field(period_json, "certificate", ""));
  // Every field must be present with its kind before anything is computed; the template has
  // the parsed rows and placeholder values where the checker's results will go.
  require_same_shape(frolov_period_json(which, m, parsed.g, parsed.f, parsed.checked_to),
                     period_json, "");
  for (const auto& c : parsed.g) {
    if (!c.base && c.k + c.tau + c.T + 1 > max_columns) {
      throw BudgetExceeded("certificate: g row " + std::to_string(c.m) + " needs " +
                           std::to_string(c.k + c.tau + c.T + 1) +
                           " columns (k + tau + T + 1), above check-certificate's limit of " +
                           std::to_string(max_columns));
    }
  }
  for (const auto& c : parsed.f) {
    const std::int64_t columns = c.inversion_bound + parsed.g[static_cast<std::size_t>(c.m)].tau;
    if (columns > kFrolovCheckInversionColumnLimit) {
      throw BudgetExceeded("certificate: f row " + std::to_string(c.m) + " may need " +
                           std::to_string(columns) +
                           " columns (inversion bound K plus tau of g row " + std::to_string(c.m) +
                           "), above check-certificate's limit of " +
                           std::to_string(kFrolovCheckInversionColumnLimit));
    }
  }
  // The whole chain is bounded too, so that a file of many long rows cannot keep the checker
  // busy for long: an f row costs K + t columns with t dividing tau of its g row.
  std::int64_t total = 0;
  for (const auto& c : parsed.g) total += c.base ? 1 : c.k + c.tau + c.T + 1;
  for (const auto& c : parsed.f)
    total += c.inversion_bound + parsed.g[static_cast<std::size_t>(c.m)].tau;
  if (total > kFrolovCheckChainColumnFactor * max_columns) {
    throw BudgetExceeded("certificate: the chain needs " + std::to_string(total) +
                         " columns in all, above check-certificate's limit of " +
                         std::to_string(kFrolovCheckChainColumnFactor * max_columns));
  }
  // Row 0 is proved by (G4) alone, so the checker reads none of its window fields; the only
  // window the producer can state for the constant row h(0, ·) = −1 is T = 1, k = 0, tau = 1.
  const GRowCertificate& base = parsed.g.front();
  if (!base.base || base.T != 1 || base.k != 0 || base.tau != 1) {
    return verdict_json(
        which, m, false,
        "g row 0 is the (G4) base case: expected base = true, T = 1, k = 0, tau = 1");
  }
  const FrolovCertificateVerdict verdict =
      check_frolov_certificates(parsed.g, parsed.f, max_columns);
  if (!verdict.accepted)
    return verdict_json(which, m, false,
                        "the independent checker rejected the chain: " + verdict.reason);
  std::vector<std::int64_t> checked_to;
  for (const auto& r : verdict.rows) checked_to.push_back(r["checked_to"].get<std::int64_t>());
  const json expected = frolov_period_json(which, m, parsed.g, parsed.f, checked_to);
  for (const char* key : {"preperiod", "period", "saltus"}) {
    if (period_json[key] != expected[key]) {
      return verdict_json(which, m, false,
                          std::string("top-level ") + key + " " + period_json[key].dump() +
                              " disagrees with the certificate's last row, which gives " +
                              expected[key].dump());
    }
  }
  if (auto difference = first_difference(expected, period_json, "")) {
    return verdict_json(which, m, false, "the chain was accepted, but " + *difference);
  }
  const std::string function = which == FrolovFunction::g ? "g" : "f";
  return verdict_json(
      which, m, true,
      "the independent checker accepted g rows 0.." + std::to_string(m) +
          (which == FrolovFunction::f ? " and f rows 0.." + std::to_string(m) : std::string()) +
          "; " + function + " row " + std::to_string(m) + " has preperiod " +
          expected["preperiod"].dump() + ", period " + expected["period"].dump() + " and saltus " +
          expected["saltus"].dump() + " (columns recomputed up to " +
          expected["certificate"]["bound"].dump() + ")");
}

}  // namespace igv
