#include "properties/base/game_values.h"

#include <set>
#include <span>
#include <stdexcept>

#include "core/base/trusted/errors.h"

namespace igv {

std::string GameKernels::family_name(const std::string& spec) {
  return parse_game_spec(spec).family;
}

GameKernels GameKernels::make(const std::string& spec, const std::string& kernel_name) {
  GameKernels gk;
  gk.game = make_game(spec);
  const std::string name = family_name(spec);
  for (const auto* f : game_families()) {
    if (f->name == name) gk.family = f;
  }
  if (gk.family == nullptr) throw InputError("unknown game '" + spec + "'");
  const auto ks = kernels(name);
  for (const auto* k : ks) {
    if (k->reference && gk.reference == nullptr) gk.reference = k;
  }
  if (gk.reference == nullptr) throw InputError("game '" + name + "' has no reference kernel");
  if (!kernel_name.empty()) {
    gk.kernel = &find_kernel(name, kernel_name);
  } else {
    for (const auto* k : ks) {
      if (k->preferred) gk.kernel = k;
    }
    for (const auto* k : ks) {
      if (!k->reference && gk.kernel == nullptr) gk.kernel = k;
    }
    if (gk.kernel == nullptr) gk.kernel = gk.reference;
  }
  return gk;
}

std::vector<Value> game_values(const GameKernels& gk, const std::vector<Position>& positions,
                               std::size_t naive_prefix, std::size_t* checked_by_naive) {
  const std::span<const Position> all(positions);
  auto values = gk.kernel->values(*gk.game, all);
  if (values.size() != positions.size()) {
    throw std::logic_error("kernel " + gk.kernel->name + " returned " +
                           std::to_string(values.size()) + " values for " +
                           std::to_string(positions.size()) + " positions");
  }
  // The reference kernel recomputes those of the leading positions that lie in the family's
  // exhaustive cross-check domain: the positions its naive kernel is known to reach quickly (a
  // naive kernel is exponential in some families, e.g. Chomp or Welter).
  std::size_t k = 0;
  const std::size_t lead = std::min(naive_prefix, positions.size());
  if (lead > 0 && gk.reference != gk.kernel) {
    std::set<std::string> reach;
    try {
      for (const auto& p : gk.game->domain(gk.family->cross_check_range))
        reach.insert(gk.game->format_position(p));
    } catch (const InputError&) {
      // no exhaustive domain: nothing is recomputed
    }
    std::vector<std::size_t> index;
    std::vector<Position> small;
    for (std::size_t i = 0; i < lead; ++i) {
      if (reach.count(gk.game->format_position(positions[i])) > 0) {
        index.push_back(i);
        small.push_back(positions[i]);
      }
    }
    const auto naive = gk.reference->values(*gk.game, small);
    if (naive.size() != small.size())
      throw std::logic_error("the reference kernel returned too few values");
    for (std::size_t j = 0; j < small.size(); ++j) {
      const std::size_t i = index[j];
      if (naive[j] != values[i]) {
        throw std::logic_error("kernels disagree at position " +
                               gk.game->format_position(positions[i]) + " of " + gk.game->spec() +
                               ": " + gk.kernel->name + " gives " + std::to_string(values[i]) +
                               ", " + gk.reference->name + " gives " + std::to_string(naive[j]));
      }
    }
    k = small.size();
  }
  if (checked_by_naive != nullptr) *checked_by_naive = k;
  return values;
}

std::string confirm_value(const GameKernels& gk, const Position& p, Value value) {
  if (gk.kernel == gk.reference) return "";
  std::vector<const Kernel*> routes{gk.reference};
  for (const Kernel* k : kernels(gk.family->name)) {
    if (k != gk.kernel && k != gk.reference) routes.push_back(k);
  }
  const std::vector<Position> one{p};
  std::string unreachable;
  for (const Kernel* k : routes) {
    std::vector<Value> second;
    try {
      second = k->values(*gk.game, one);
    } catch (const BudgetExceeded& e) {
      unreachable += std::string(unreachable.empty() ? "" : "; ") + k->name + ": " + e.what();
      continue;
    } catch (const InputError& e) {
      unreachable += std::string(unreachable.empty() ? "" : "; ") + k->name + ": " + e.what();
      continue;
    }
    if (second.size() != 1)
      throw std::logic_error("kernel " + k->name + " returned no value for one position");
    if (second[0] != value) {
      throw std::logic_error("kernels disagree at position " + gk.game->format_position(p) +
                             " of " + gk.game->spec() + ": " + gk.kernel->name + " gives " +
                             std::to_string(value) + ", " + k->name + " gives " +
                             std::to_string(second[0]));
    }
    return k->name;
  }
  throw BudgetExceeded("the value " + std::to_string(value) + " at " + gk.game->format_position(p) +
                       " of " + gk.game->spec() +
                       " refutes the claim, but no second kernel reaches that position to confirm "
                       "it (" +
                       unreachable + ")");
}

Position integer_position(const GameInstance& game, const std::vector<std::int64_t>& coords) {
  std::string text;
  for (std::size_t i = 0; i < coords.size(); ++i) {
    text += (i ? "," : "") + std::to_string(coords[i]);
  }
  return game.parse_position(text);
}

Position position_from_json(const GameInstance& game, const nlohmann::json& j) {
  if (j.is_string()) return game.parse_position(j.get<std::string>());
  if (j.is_number_integer()) return game.parse_position(std::to_string(j.get<std::int64_t>()));
  if (j.is_array()) {
    std::vector<std::int64_t> coords;
    for (const auto& x : j) {
      if (!x.is_number_integer())
        throw InputError("a position given as a list must hold integers, got " + j.dump());
      coords.push_back(x.get<std::int64_t>());
    }
    return integer_position(game, coords);
  }
  throw InputError("a position is a string in the game's syntax or a list of integers, got " +
                   j.dump());
}

}  // namespace igv
