// Helpers shared by checkers: comparing published tables and sequences cell by cell, reading
// parameters, building outcomes. A table check compares every cell, keeps both the printed and
// the computed value in the evidence, and is refuted by the first differing cell.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "properties/base/checker.h"

namespace igv {

/// The schema's declaration of parameter `key` of the claim's checker; throws std::logic_error
/// when the checker does not declare it (a programming error: the schema must list it).
const Field& declared_param(const Claim& c, const std::string& key);

/// The claim's parameter `key`, or the schema's default when the claim does not state it. The
/// loader has validated the type and range; a parameter without a default that the claim does
/// not state is a std::logic_error (declare it required, or give it a default).
template <class T>
T param(const Claim& c, const std::string& key) {
  const Field& f = declared_param(c, key);
  const nlohmann::json& v = c.params.contains(key) ? c.params.at(key) : f.default_value;
  if (v.is_null()) {
    throw std::logic_error("claim " + c.id + ": parameter '" + key +
                           "' is not stated and has no default");
  }
  return v.get<T>();
}

/// True when the claim states parameter `key` itself.
inline bool stated(const Claim& c, const std::string& key) {
  return c.params.contains(key);
}

/// A domain bound: the claim's own value, checked whole, when it states one; otherwise the
/// schema's default scaled by --budget (never below `minimum`). A stated domain is never scaled.
std::int64_t domain_param(const Claim& c, const CheckContext& ctx, const std::string& key,
                          std::int64_t minimum = 1);

/// Compares a printed table (rows of integers, or null for a printed dash) with `computed(r, c)`
/// for every cell. Row and column labels start at `row0`, `col0`. Verdict `verified` when every
/// cell agrees, else `refuted` with every disagreeing cell listed (the first as counterexample).
Outcome compare_table(const nlohmann::json& printed,
                      const std::function<nlohmann::json(std::int64_t, std::int64_t)>& computed,
                      std::int64_t row0 = 0, std::int64_t col0 = 0,
                      const std::string& what = "table");

/// Compares a printed sequence with computed(i) for i = index0, index0+1, ….
Outcome compare_sequence(const nlohmann::json& printed,
                         const std::function<nlohmann::json(std::int64_t)>& computed,
                         std::int64_t index0 = 0, const std::string& what = "sequence");

/// Outcome for an exhaustive check over a stated domain: `verified` with the domain and case
/// count, or `refuted` with the counterexample.
Outcome exhaustive_outcome(const nlohmann::json& domain, std::uint64_t cases,
                           const nlohmann::json& counterexample, const std::string& summary);

}  // namespace igv
