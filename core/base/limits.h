// Time and memory limits handed to a producer (the period searches of `verify period`), and the
// exception a producer throws when one is reached.
//
// A producer checks `out_of_time()` now and then in its long loops and `fits(bytes)` before each
// large allocation; when a limit is reached it throws LimitReached, which names the limit and
// what the search had reached (heaps or columns computed, the candidate so far) as JSON.
// `verify period` turns it into the verdict `inconclusive` (exit 3). Only producers see these
// limits; the certificate checkers take at most a `tick` callback, never producer code.
#pragma once

#include <chrono>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "core/base/trusted/errors.h"

namespace igv {

struct ComputeLimits {
  /// No time limit when time_point::max().
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  /// Bytes the computation may hold (an estimate the producer compares before allocating).
  std::uint64_t memory_bytes = std::numeric_limits<std::uint64_t>::max();

  [[nodiscard]] bool out_of_time() const {
    return deadline != std::chrono::steady_clock::time_point::max() &&
           std::chrono::steady_clock::now() > deadline;
  }
  [[nodiscard]] bool fits(std::uint64_t bytes) const { return bytes <= memory_bytes; }
};

/// A producer stopped at a time or memory limit. `limit` is "time" or "memory"; `reached`
/// describes how far it got (family-specific fields, see `verify period --help`).
struct LimitReached : BudgetExceeded {
  LimitReached(const std::string& reason, std::string limit_kind, nlohmann::json reached_so_far)
      : BudgetExceeded(reason), limit(std::move(limit_kind)), reached(std::move(reached_so_far)) {}
  std::string limit;
  nlohmann::json reached;
};

/// "1.5 MiB"-style text for reasons.
inline std::string mebibytes(std::uint64_t bytes) {
  return std::to_string(bytes >> 20) + " MiB";
}

}  // namespace igv
