// Values of other games for G("SPEC", …) and O("SPEC", …) in the formulas of the generic claims
// (game.formula, and the `where` condition of game.p_positions and game.formula).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "properties/base/check_helpers.h"
#include "properties/base/game_values.h"

namespace igv::generic_claims {

/// Values of other games for G("SPEC", …) in a formula, computed once per game and range: integer
/// positions of one coordinate in a batch up to the largest asked (doubling); of two coordinates
/// as a table of the square [0, side)² (side at least the claim's range end + 1, doubling when a
/// larger coordinate is asked), one by one only beyond kMaxDomain positions.
class OtherGames {
 public:
  /// `range_end`: the claim's largest coordinate (the first table covers it). With `confirm`,
  /// every value is computed alone and confirmed by a second kernel (confirm_value).
  OtherGames(const CheckContext& ctx, std::int64_t range_end, bool confirm = false)
      : ctx_(ctx), range_end_(range_end), confirm_(confirm) {}

  /// O("SPEC", …): 0 for P, 1 for N (a value's outcome), or the outcome code of a game of
  /// outcomes (0 loss = P, 1 win = N, 2 draw).
  std::int64_t outcome(const std::string& spec, const std::vector<std::int64_t>& coords) {
    const std::int64_t v = (*this)(spec, coords);
    return kinds_.at(spec) == ValueKind::grundy ? (v != 0 ? 1 : 0) : v;
  }

  /// G("SPEC", …): the value of the position of `spec` with these integer coordinates.
  std::int64_t operator()(const std::string& spec, const std::vector<std::int64_t>& coords);

 private:
  struct Square {
    std::int64_t side = 0;
    std::vector<Value> values;  ///< (x, y) at x · side + y
  };

  /// G(x, y) from the table of the square, grown (doubling) to hold it; nullopt when the square
  /// would exceed kMaxDomain positions.
  std::optional<std::int64_t> from_square(const std::string& spec, const GameKernels& gk,
                                          std::int64_t x, std::int64_t y);

  const CheckContext& ctx_;
  std::int64_t range_end_ = 0;
  bool confirm_ = false;
  std::map<std::string, GameKernels> games_;
  std::map<std::string, ValueKind> kinds_;
  std::map<std::string, std::vector<Value>> prefix_;
  std::map<std::string, Square> square_;
  std::set<std::string> no_square_;
  std::map<std::string, Value> single_;
};

}  // namespace igv::generic_claims
