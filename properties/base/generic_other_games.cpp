#include "properties/base/generic_other_games.h"

#include <algorithm>

#include "core/base/trusted/errors.h"
#include "properties/base/formula.h"
#include "properties/base/generic_claim_support.h"

namespace igv::generic_claims {

std::int64_t OtherGames::operator()(const std::string& spec,
                                    const std::vector<std::int64_t>& coords) {
  auto it = games_.find(spec);
  if (it == games_.end()) {
    it = games_.emplace(spec, GameKernels::make(spec)).first;
    kinds_[spec] = it->second.family->value_kind;
  }
  const GameKernels& gk = it->second;
  for (auto x : coords) {
    if (x < 0) throw FormulaError("G(\"" + spec + "\", …) of a negative position");
  }
  if (confirm_) {
    const Position p = integer_position(*gk.game, coords);
    const auto v = game_values(gk, {p}, 0).at(0);
    (void)confirm_value(gk, p, v);
    return v;
  }
  if (coords.size() == 1) {
    auto& cache = prefix_[spec];
    const std::int64_t n = coords[0];
    if (n >= static_cast<std::int64_t>(cache.size())) {
      const std::int64_t want = std::max<std::int64_t>(n + 1, 2 * cache.size());
      if (want > kMaxDomain)
        throw FormulaError("G(\"" + spec + "\", " + std::to_string(n) + "): beyond " +
                           std::to_string(kMaxDomain));
      ctx_.require_memory(static_cast<std::uint64_t>(want) * 64, "the values of " + spec);
      std::vector<Position> ps;
      for (std::int64_t k = 0; k < want; ++k) ps.push_back(integer_position(*gk.game, {k}));
      cache = game_values(gk, ps, 0);
    }
    return cache[static_cast<std::size_t>(n)];
  }
  if (auto v = from_square(spec, gk, coords[0], coords[1])) return *v;
  const auto key = spec + "|" + std::to_string(coords[0]) + "," + std::to_string(coords[1]);
  auto hit = single_.find(key);
  if (hit != single_.end()) return hit->second;
  const std::vector<Position> one{integer_position(*gk.game, coords)};
  const auto v = game_values(gk, one, 0).at(0);
  single_[key] = v;
  return v;
}

std::optional<std::int64_t> OtherGames::from_square(const std::string& spec, const GameKernels& gk,
                                                    std::int64_t x, std::int64_t y) {
  Square& sq = square_[spec];
  if (x >= sq.side || y >= sq.side) {
    const std::int64_t side =
        std::max({range_end_ + 1, std::max(x, y) + 1, 2 * sq.side, std::int64_t{1}});
    if (side > kMaxDomain / side) return std::nullopt;
    ctx_.require_memory(static_cast<std::uint64_t>(side * side) * 64, "the values of " + spec);
    ctx_.require_time("the values of " + spec);
    if (no_square_.count(spec) > 0) return std::nullopt;
    std::vector<Position> ps;
    ps.reserve(static_cast<std::size_t>(side * side));
    try {
      for (std::int64_t a = 0; a < side; ++a)
        for (std::int64_t b = 0; b < side; ++b) ps.push_back(integer_position(*gk.game, {a, b}));
    } catch (const InputError&) {
      no_square_.insert(spec);  // some (a, b) is not a position of it: one by one
      return std::nullopt;
    }
    sq.values = game_values(gk, ps, 0);
    sq.side = side;
  }
  return sq.values[static_cast<std::size_t>(x * sq.side + y)];
}

}  // namespace igv::generic_claims
