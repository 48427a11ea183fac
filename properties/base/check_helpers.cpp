#include "properties/base/check_helpers.h"

#include <stdexcept>

namespace igv {

const Field& declared_param(const Claim& c, const std::string& key) {
  const CheckerInfo* info = find_checker(c.checker);
  const Field* f = info == nullptr ? nullptr : info->schema.param(key);
  if (f == nullptr) {
    throw std::logic_error("checker " + c.checker + " reads parameter '" + key +
                           "', which its schema does not declare");
  }
  return *f;
}

std::int64_t domain_param(const Claim& c, const CheckContext& ctx, const std::string& key,
                          std::int64_t minimum) {
  if (stated(c, key)) return param<std::int64_t>(c, key);
  return ctx.scaled(param<std::int64_t>(c, key), minimum);
}

Outcome compare_table(const nlohmann::json& printed,
                      const std::function<nlohmann::json(std::int64_t, std::int64_t)>& computed,
                      std::int64_t row0, std::int64_t col0, const std::string& what) {
  if (!printed.is_array())
    throw std::invalid_argument(what + ": printed table is not a list of rows");
  Outcome o;
  nlohmann::json mismatches = nlohmann::json::array();
  nlohmann::json computed_rows = nlohmann::json::array();
  std::uint64_t cells = 0;
  for (std::size_t r = 0; r < printed.size(); ++r) {
    nlohmann::json row_out = nlohmann::json::array();
    for (std::size_t c = 0; c < printed[r].size(); ++c) {
      const auto m = row0 + static_cast<std::int64_t>(r);
      const auto n = col0 + static_cast<std::int64_t>(c);
      const nlohmann::json got = computed(m, n);
      row_out.push_back(got);
      ++cells;
      if (got != printed[r][c]) {
        mismatches.push_back(
            {{"row", m}, {"column", n}, {"printed", printed[r][c]}, {"computed", got}});
      }
    }
    computed_rows.push_back(std::move(row_out));
  }
  o.evidence = {
      {"domain", what + ": rows " + std::to_string(row0) + ".." +
                     std::to_string(row0 + static_cast<std::int64_t>(printed.size()) - 1) +
                     ", every printed cell"},
      {"cells_compared", cells},
      {"cells_disagreeing", mismatches.size()},
      {"computed", computed_rows},
      {"printed", printed}};
  if (mismatches.empty()) {
    o.verdict = Finding::verified;
    o.summary = "all " + std::to_string(cells) + " cells agree";
  } else {
    o.evidence["mismatches"] = mismatches;
    o.refute(mismatches.front());
    o.summary = std::to_string(mismatches.size()) + " of " + std::to_string(cells) +
                " cells disagree; first at (" + mismatches.front()["row"].dump() + ", " +
                mismatches.front()["column"].dump() + "): printed " +
                mismatches.front()["printed"].dump() + ", computed " +
                mismatches.front()["computed"].dump();
  }
  return o;
}

Outcome compare_sequence(const nlohmann::json& printed,
                         const std::function<nlohmann::json(std::int64_t)>& computed,
                         std::int64_t index0, const std::string& what) {
  if (!printed.is_array()) throw std::invalid_argument(what + ": printed sequence is not a list");
  Outcome o;
  nlohmann::json mismatches = nlohmann::json::array();
  nlohmann::json got_all = nlohmann::json::array();
  for (std::size_t i = 0; i < printed.size(); ++i) {
    const auto n = index0 + static_cast<std::int64_t>(i);
    const nlohmann::json got = computed(n);
    got_all.push_back(got);
    if (got != printed[i]) {
      mismatches.push_back({{"index", n}, {"printed", printed[i]}, {"computed", got}});
    }
  }
  o.evidence = {
      {"domain", what + ": indices " + std::to_string(index0) + ".." +
                     std::to_string(index0 + static_cast<std::int64_t>(printed.size()) - 1)},
      {"terms_compared", printed.size()},
      {"terms_disagreeing", mismatches.size()},
      {"computed", got_all},
      {"printed", printed}};
  if (mismatches.empty()) {
    o.verdict = Finding::verified;
    o.summary = "all " + std::to_string(printed.size()) + " terms agree";
  } else {
    o.evidence["mismatches"] = mismatches;
    o.refute(mismatches.front());
    o.summary = std::to_string(mismatches.size()) + " of " + std::to_string(printed.size()) +
                " terms disagree; first at index " + mismatches.front()["index"].dump() +
                ": printed " + mismatches.front()["printed"].dump() + ", computed " +
                mismatches.front()["computed"].dump();
  }
  return o;
}

Outcome exhaustive_outcome(const nlohmann::json& domain, std::uint64_t cases,
                           const nlohmann::json& counterexample, const std::string& summary) {
  Outcome o;
  o.evidence = {{"domain", domain}, {"cases", cases}};
  if (counterexample.is_null()) {
    o.verdict = Finding::verified;
    o.summary = summary.empty() ? "holds on all " + std::to_string(cases) + " cases" : summary;
  } else {
    o.refute(counterexample);
    o.summary = summary.empty() ? "fails at " + counterexample.dump() : summary;
  }
  return o;
}

}  // namespace igv
