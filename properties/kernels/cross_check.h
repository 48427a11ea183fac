// Cross-checking kernels: a new kernel against the reference, exhaustively on a game's finite
// domain and by RapidCheck on random positions beyond it, with each kernel's time on the same
// work. Used by `verify cross-check` and by the test suite (every registered kernel, every
// family, automatically).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"

namespace igv {

struct CrossCheckOptions {
  std::int64_t range = 12;        ///< exhaustive domain: game.domain(range)
  int random_cases = 200;         ///< RapidCheck cases beyond the domain (0: none)
  std::int64_t random_extra = 2;  ///< random positions have sizes range+1 .. range+1+random_extra
  std::uint64_t seed = 1;
};

struct CrossCheckResult {
  std::string game;
  std::vector<std::string> kernels;  ///< the first is the one the others are compared with
  std::uint64_t exhaustive_positions = 0;
  int random_cases = 0;
  std::vector<double> seconds;            ///< each kernel's time on the exhaustive domain
  nlohmann::json disagreement = nullptr;  ///< the first (shrunk) disagreement, or null
  [[nodiscard]] bool agree() const { return disagreement.is_null(); }
  [[nodiscard]] nlohmann::json to_json() const;
};

/// Compares `kernels` (at least two; the first is the baseline) on `game`.
CrossCheckResult cross_check(const GameInstance& game, const std::vector<const Kernel*>& kernels,
                             const CrossCheckOptions& options);

/// Every family with two or more registered kernels, on each of its example specifications:
/// the reference kernel against every other, with the range capped by the family's
/// cross_check_range. Returns the results (the tests require agree()).
std::vector<CrossCheckResult> cross_check_all_registered(const CrossCheckOptions& options);

}  // namespace igv
