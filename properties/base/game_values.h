// Values of many positions of any registered game, through the family's kernels: what the
// generic claims (`game.values`, `game.p_positions`, `game.formula`) and `verify values` compute.
//
// The values come from one kernel (the family's first fast kernel unless another is named); the
// family's reference kernel (the naive one, from the rules) recomputes a stated number of leading
// positions as an independent check, and a disagreement between the two is an error, never a
// verdict.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"

namespace igv {

/// A game with the kernels that compute its values.
struct GameKernels {
  std::unique_ptr<GameInstance> game;
  const GameFamily* family = nullptr;
  const Kernel* kernel = nullptr;     ///< the kernel the values come from
  const Kernel* reference = nullptr;  ///< the naive kernel (may equal `kernel`)

  /// Builds the game of `spec` with kernel `kernel_name` (empty: the family's preferred kernel,
  /// else its first fast kernel, else the reference); throws InputError.
  static GameKernels make(const std::string& spec, const std::string& kernel_name = "");

  /// The family name of a specification ("octal" for "octal:0.07").
  static std::string family_name(const std::string& spec);
};

/// Values of `positions` by gk.kernel. Those of the first `naive_prefix` positions that lie in
/// the family's exhaustive cross-check domain (GameInstance::domain(cross_check_range): where
/// its naive kernel is known to be quick) are recomputed by the reference kernel; throws
/// std::logic_error naming the first position where the two disagree. `checked_by_naive`
/// receives how many were recomputed.
std::vector<Value> game_values(const GameKernels& gk, const std::vector<Position>& positions,
                               std::size_t naive_prefix, std::size_t* checked_by_naive = nullptr);

/// Confirms `value`, which gk.kernel gave at `p` and which refutes a claim, by a second route:
/// the reference kernel, else another kernel of the family. A refutation never rests on one fast
/// kernel alone: when the routes disagree this throws std::logic_error naming both values (the
/// claim is an `error`), and when no second route reaches `p` it throws BudgetExceeded (the claim
/// is `inconclusive`). Returns the name of the kernel that confirmed it (empty when gk.kernel is
/// itself the reference).
std::string confirm_value(const GameKernels& gk, const Position& p, Value value);

/// The position of an integer coordinate list in the family's syntax ("7", "3,5"), parsed by the
/// game (throws InputError when the family does not take it).
Position integer_position(const GameInstance& game, const std::vector<std::int64_t>& coords);

/// A position given in a claims file: a string in the family's syntax, or a list of integers
/// (joined by commas). Throws InputError.
Position position_from_json(const GameInstance& game, const nlohmann::json& j);

}  // namespace igv
