// Checkers: the C++ functions that decide claims, and their registry.
//
// A checker receives the claim (with its parameters and asserted value) and a CheckContext
// (seed, budget), and returns an Outcome: a verdict, the evidence (what was checked, how many
// cases, the computed values, a certificate) and a counterexample when refuted. A checker is
// registered once, in the file that defines it:
//
//   IGV_REGISTER_CHECKER("rook.table", "compares a published table of m xor n", check_rook_table,
//                        rook_table_schema());
//
// The schema (properties/base/schema.h) declares every parameter and the asserted value's shape;
// a claims file is validated against it when it loads, and `verify checkers NAME` prints it.
//
// Throwing BudgetExceeded from a checker makes the claim `inconclusive`; any other exception
// makes it `error`. Neither stops the run.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/base/game_family.h"  // IGV_CONCAT
#include "properties/base/claim.h"
#include "properties/base/schema.h"

namespace igv {

/// The run's settings as a checker sees them.
struct CheckContext {
  std::uint64_t seed = 0;  ///< RapidCheck seed for this claim (derived from the run seed and id)
  /// Budget scale: 1 is the default; checkers multiply their default domains by it (0.1 for a
  /// quick smoke run, 10 for a long evidence run). Domains actually checked go in the evidence.
  double budget = 1.0;
  int random_cases = 1000;  ///< RapidCheck cases for `passed` verdicts (scaled by budget)
  std::uint64_t memory_limit_bytes = 8ULL << 30;  ///< per claim
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();

  /// Scales a default domain bound by the budget (never below `minimum`).
  [[nodiscard]] std::int64_t scaled(std::int64_t default_bound, std::int64_t minimum = 1) const;
  /// True once the claim's time limit has passed.
  [[nodiscard]] bool out_of_time() const { return std::chrono::steady_clock::now() > deadline; }
  /// Throws BudgetExceeded when `bytes` exceed the memory limit; call before allocating.
  void require_memory(std::uint64_t bytes, const std::string& what) const;
  /// Throws BudgetExceeded when the time limit has passed; call in long loops.
  void require_time(const std::string& what) const;
};

struct Outcome {
  Verdict verdict = Verdict::error;
  std::string summary;  ///< one line for people: what was established
  nlohmann::json evidence = nlohmann::json::object();
  nlohmann::json counterexample = nullptr;
};

using CheckerFn = std::function<Outcome(const Claim&, const CheckContext&)>;

struct CheckerInfo {
  std::string name;
  std::string description;
  CheckerFn fn;
  CheckerSchema schema;
  bool declared = false;  ///< the schema is declared (every shipped checker: tested)
};

void register_checker(CheckerInfo info);
/// nullptr when no checker has that name.
const CheckerInfo* find_checker(std::string_view name);
std::vector<const CheckerInfo*> checkers();

struct CheckerRegistrar {
  CheckerRegistrar(const char* name, const char* description, CheckerFn fn, CheckerSchema schema) {
    register_checker(CheckerInfo{name, description, std::move(fn), std::move(schema), true});
  }
  /// Transitional: a checker without a declared schema (its claims are not validated).
  CheckerRegistrar(const char* name, const char* description, CheckerFn fn) {
    register_checker(CheckerInfo{name, description, std::move(fn), {}, false});
  }
};
/// IGV_REGISTER_CHECKER(name, description, fn, schema)
#define IGV_REGISTER_CHECKER(name, description, ...)                                 \
  static const ::igv::CheckerRegistrar IGV_CONCAT(igv_checker_registrar_, __LINE__)( \
      name, description, __VA_ARGS__)

}  // namespace igv
