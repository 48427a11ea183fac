// The rules from an accepted Frolov chain (rook-misere:M or digital-deletion:M) to the claims of
// properties/frolov/frolov_claim_checkers_period.cpp (core/CERTIFICATES.md, "From a certificate
// to a claim"). The chain's checker establishes every row it re-derived, named "g row m" and
// "f row m"; the rules read them by name.
#include <algorithm>
#include <string>

#include "core/base/trusted/claim_inference.h"

namespace igv {

namespace {

/// The row the claim names ("g row 5"), after checking the function.
std::string row_name(const ClaimStatement& c) {
  const auto function = c.params.at("function").get<std::string>();
  if (function != "f" && function != "g") throw std::invalid_argument("function is not f or g");
  return function + " row " + std::to_string(claim_integer(c.params, "row"));
}

/// The certificate must be a Frolov chain (rook-misere:M or digital-deletion:M).
bool frolov_game(const std::string& game) {
  return game.starts_with("rook-misere:") || game.starts_with("digital-deletion:");
}

Inference row_arithmetic(const ClaimStatement& c, const std::string& game,
                         const std::vector<ProvedPeriod>& proved) {
  if (!frolov_game(game))
    return not_inferred("the certificate is of " + game + ", not a row chain");
  const std::string name = row_name(c);
  const ProvedPeriod& r = established(proved, name);
  const std::int64_t period = claim_integer(c.params, "period");
  const std::int64_t from = claim_integer(c.params, "from", 0);
  const bool has_offset = c.params.contains("offset");
  const std::int64_t offset = claim_integer(c.params, "offset", 0);
  if (period < 1 || from < 0) throw std::invalid_argument("period below 1 or from below 0");
  // value(x + period) - value(x) - period and value(x) - x repeat with the row's period t from
  // its preperiod on (value(x + t) = value(x) + t): [from, max(from, e) + t) decides every x.
  const std::int64_t end = std::max(from, r.preperiod) + r.period;
  if (end - from > kLongestInference) return not_inferred("more than 2^26 columns to compare");
  for (std::int64_t x = from; x < end; ++x) {
    const Value v = established_value(r, x);
    if (established_value(r, x + period) != v + period)
      return not_inferred(name + ": value(" + std::to_string(x + period) + ") is not value(" +
                          std::to_string(x) + ") + " + std::to_string(period));
    if (has_offset && v != x + offset)
      return not_inferred(name + ": value(" + std::to_string(x) + ") = " + std::to_string(v) +
                          ", not x + " + std::to_string(offset));
  }
  return inferred(name + " (period " + std::to_string(r.period) + " from " +
                  std::to_string(r.preperiod) + "): the relation holds on [" +
                  std::to_string(from) + ", " + std::to_string(end) + "), hence for every x");
}
const InferenceRegistrar row_arithmetic_rule("frolov.row_arithmetic", row_arithmetic);

/// t_m / t_{m-1} as Table 2 prints it: "-" for m = 0, an integer when it divides, else a number.
nlohmann::json ratio(const std::vector<ProvedPeriod>& proved, const std::string& function,
                     std::int64_t m) {
  if (m == 0) return "-";
  const std::int64_t t = established(proved, function + " row " + std::to_string(m)).period;
  const std::int64_t previous =
      established(proved, function + " row " + std::to_string(m - 1)).period;
  if (t % previous == 0) return t / previous;
  return static_cast<double>(t) / static_cast<double>(previous);
}

bool same_cell(const nlohmann::json& printed, const nlohmann::json& computed) {
  if (printed.is_number() && computed.is_number())
    return printed.get<double>() == computed.get<double>();
  return printed == computed;
}

Inference table2_row(const ClaimStatement& c, const std::string& game,
                     const std::vector<ProvedPeriod>& proved) {
  if (!frolov_game(game))
    return not_inferred("the certificate is of " + game + ", not a row chain");
  const std::string name = row_name(c);
  const std::int64_t m = claim_integer(c.params, "row");
  const ProvedPeriod& r = established(proved, name);
  const nlohmann::json computed = {
      {"t", r.period}, {"p", r.preperiod}, {"ratio", ratio(proved, name.substr(0, 1), m)}};
  for (const char* key : {"t", "p", "ratio"}) {
    if (!c.asserted.contains(key)) throw std::invalid_argument(std::string("no asserted ") + key);
    if (!same_cell(c.asserted[key], computed[key]))
      return not_inferred(name + ": " + key + " printed " + c.asserted[key].dump() +
                          ", established " + computed[key].dump());
  }
  return inferred(name + ": t = " + computed["t"].dump() + ", p = " + computed["p"].dump() +
                  ", ratio " + computed["ratio"].dump() + " as printed");
}
const InferenceRegistrar table2_row_rule("frolov.table2_row", table2_row);

Inference table2_extension(const ClaimStatement& c, const std::string& game,
                           const std::vector<ProvedPeriod>& proved) {
  if (!game.starts_with("digital-deletion:"))
    return not_inferred("the certificate is of " + game + ", not a chain of g and f rows");
  constexpr std::int64_t kPrintedRows = 10;  // Table 2: m = 0..9
  std::int64_t top = -1;
  while (top + 1 < 64 && std::any_of(proved.begin(), proved.end(), [&](const ProvedPeriod& s) {
           return s.what == "f row " + std::to_string(top + 1);
         }))
    ++top;
  const std::int64_t rows = claim_integer(c.params, "rows", kPrintedRows - 1);
  if (top < std::max(rows, kPrintedRows - 1))
    return not_inferred("the chain proves rows 0.." + std::to_string(top) +
                        ", the claim needs 0.." + std::to_string(std::max(rows, kPrintedRows - 1)));
  for (const char* side : {"g", "f"}) {
    const auto& printed = c.asserted.at(side);
    if (!printed.is_array() || printed.size() != static_cast<std::size_t>(kPrintedRows))
      throw std::invalid_argument(std::string("asserted.") + side + " does not list 10 rows");
    for (std::int64_t m = 0; m < kPrintedRows; ++m) {
      const ProvedPeriod& r = established(proved, std::string(side) + " row " + std::to_string(m));
      const nlohmann::json row = {r.period, r.preperiod};
      if (printed[static_cast<std::size_t>(m)] != row)
        return not_inferred(std::string(side) + " row " + std::to_string(m) + ": printed " +
                            printed[static_cast<std::size_t>(m)].dump() + ", established " +
                            row.dump());
    }
  }
  return inferred("the printed rows 0..9 of g and f are the established ones; rows 0.." +
                  std::to_string(top) + " proved");
}
const InferenceRegistrar table2_extension_rule("frolov.table2_extension", table2_extension);

}  // namespace

}  // namespace igv
