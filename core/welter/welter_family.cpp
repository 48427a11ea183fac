// The game family "welter" and its kernels (core/README.md, "A module's rooms": rules, naive, fast,
// registered beside each other). Source: 002_ae6d722b5ea2de0c.
#include <algorithm>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "core/welter/welter_fast_conway.h"
#include "core/welter/welter_fast_inverse.h"
#include "core/welter/welter_naive.h"
#include "core/welter/welter_relations.h"

namespace igv {
namespace {

// `verify value` also runs the naive route when the position is this small, and reports both.
constexpr std::uint64_t kValueCrossCheckStates = 200'000;
// … and the coins those positions hold together (about 25 MB of coins).
constexpr std::uint64_t kValueCrossCheckCoinsStored = 3'200'000;
// Winning moves are written out as whole positions up to this many coins in all; beyond it only
// the coin moves are listed (a million-coin position would make gigabytes of JSON).
constexpr std::size_t kMaxCoinsWritten = 20'000'000;
// The exhaustive domain for cross-checks: all subsets of {0, …, size}; 2^17 subsets at most.
constexpr std::int64_t kMaxDomainSize = 16;
// Random positions for cross-checks keep the naive kernel's reachable set below this.
constexpr std::uint64_t kSampleNaiveStates = 30'000;

class WelterGame : public GameInstance {
 public:
  [[nodiscard]] std::string spec() const override { return "welter"; }

  [[nodiscard]] Position parse_position(std::string_view text) const override {
    return parse_welter_position(text);
  }

  [[nodiscard]] ValueAnswer value(const Position& p) const override {
    return value_limited(p, ValueRequest{std::numeric_limits<std::size_t>::max()});
  }

  [[nodiscard]] ValueAnswer value_limited(const Position& p,
                                          const ValueRequest& request) const override {
    const WelterCoins coins = welter_position(p);
    const Value v = welter_value_conway(coins);
    const auto moves = welter_winning_moves_inverse(coins);
    nlohmann::json coin_moves = nlohmann::json::array();
    for (const auto& m : moves) coin_moves.push_back({{"from", m.from}, {"to", m.to}});
    ValueAnswer out;
    out.game = spec();
    out.position = format_position(coins);
    out.value = v;
    out.kernel = "conway";
    out.how =
        "value: Conway's mating of the pairs agreeing in the most low-order binary digits "
        "(binary trie), nim-sum of the mates (a xor b) - 1; winning moves: the inverse "
        "of the Welter function (each coin's unique zero partner below it)";
    out.details = {{"coins", coins.size()}, {"winning_coin_moves", coin_moves}};
    // Each winning move is written as a whole position: only the first max_moves are, and only
    // while the coins written stay below kMaxCoinsWritten.
    const std::size_t listed = std::min(moves.size(), request.max_moves);
    if (listed * coins.size() <= kMaxCoinsWritten) {
      std::vector<std::string> positions;
      positions.reserve(listed);
      for (std::size_t i = 0; i < listed; ++i) {
        positions.push_back(format_position(welter_apply_move(coins, moves[i].from, moves[i].to)));
      }
      out.winning_moves = std::move(positions);
      if (request.max_moves != std::numeric_limits<std::size_t>::max())
        limit_winning_moves(out, request, moves.size());
    } else {
      out.details["winning_moves_omitted"] = "more than " + std::to_string(kMaxCoinsWritten) +
                                             " coins to write; see winning_coin_moves";
    }
    // The naive route stores every reachable position whole: its memory is states × coins, so
    // both bound the cross-check (1..10000 has only 10,001 states, of 10,000 coins each).
    const std::uint64_t states = welter_naive_state_bound(coins);
    if (states <= kValueCrossCheckStates &&
        states * std::max<std::uint64_t>(coins.size(), 1) <= kValueCrossCheckCoinsStored) {
      WelterNaive naive;
      const Value nv = naive.value(coins);
      const auto nmoves = naive.winning_moves(coins);
      if (nv != v || nmoves != moves) {
        throw std::logic_error("welter: the naive and Conway routes disagree on " +
                               format_position(coins));
      }
      out.details["cross_check"] = {
          {"kernel", "naive"}, {"value", nv}, {"winning_moves_agree", true}};
    }
    return out;
  }

  [[nodiscard]] std::vector<Position> domain(std::int64_t size) const override {
    if (size < 0 || size > kMaxDomainSize) {
      throw InputError("welter domain: size must be in 0.." + std::to_string(kMaxDomainSize) +
                       " (all subsets of {0..size}), got " + std::to_string(size));
    }
    std::vector<Position> out;
    const std::uint64_t subsets = std::uint64_t{1} << (size + 1);
    for (std::uint64_t mask = 0; mask < subsets; ++mask) {
      Position p;
      for (std::int64_t c = 0; c <= size; ++c) {
        if ((mask >> c) & 1U) p.push_back(c);
      }
      out.push_back(std::move(p));
    }
    return out;
  }

  /// Coins on the strip {0, …, size}, the top square always occupied, and as many coins as keep
  /// the naive reference within kSampleNaiveStates reachable positions (so that cross-checks
  /// against the naive kernel stay feasible beyond the exhaustive domain).
  [[nodiscard]] Position sample(std::uint64_t seed, std::int64_t size) const override {
    if (size < 1) throw InputError("welter sample: size must be positive");
    std::mt19937_64 rng(seed);
    std::size_t max_coins = 1;
    while (max_coins < static_cast<std::size_t>(size) &&
           welter_naive_state_bound(welter_block(size - static_cast<std::int64_t>(max_coins),
                                                 size)) <= kSampleNaiveStates) {
      ++max_coins;
    }
    const std::size_t wanted = 1 + static_cast<std::size_t>(rng() % max_coins);
    Position p{size};
    while (p.size() < wanted) {
      const auto c = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(size));
      if (std::find(p.begin(), p.end(), c) == p.end()) p.push_back(c);
    }
    std::sort(p.begin(), p.end());
    return p;
  }
};

GameFamily welter_family() {
  GameFamily family{
      "welter", "Welter's game: coins on a strip, a move slides one coin left to a free square",
      "welter",
      "a comma list of distinct non-negative coin squares; ranges a..b and @FILE accepted, "
      "e.g. 1,3,6,10 or 500001..1000000",
      [](std::string_view params) -> std::unique_ptr<GameInstance> {
        if (!params.empty()) {
          throw InputError("game 'welter' takes no parameters, got 'welter:" + std::string(params) +
                           "'");
        }
        return std::make_unique<WelterGame>();
      }};
  family.plot.shape = PlotHints::Shape::own_module;
  return family;
}
IGV_REGISTER_GAME("welter", welter_family);

template <class Fn>
std::vector<Value> each_position(std::span<const Position> ps, Fn&& fn) {
  std::vector<Value> out;
  out.reserve(ps.size());
  for (const auto& p : ps) out.push_back(fn(welter_position(p)));
  return out;
}

Kernel welter_naive_kernel() {
  return {"welter", "naive", true, "memoised mex over every move of the rules",
          [](const GameInstance&, std::span<const Position> ps) {
            WelterNaive naive;
            return each_position(ps, [&](const WelterCoins& c) { return naive.value(c); });
          }};
}
Kernel welter_conway_kernel() {
  Kernel k{"welter", "conway", false,
           "Conway's mating, pairs found with a binary trie on the low-order bits, O(n log n)",
           [](const GameInstance&, std::span<const Position> ps) {
             return each_position(ps, [](const WelterCoins& c) { return welter_value_conway(c); });
           }};
  k.independent_positions = true;  // each position on its own
  return k;
}
Kernel welter_conway_as_printed_kernel() {
  Kernel k{"welter", "conway-as-printed", false,
           "the document's Mathematica welter[x]: all-pairs search for the mate, O(n^3)",
           [](const GameInstance&, std::span<const Position> ps) {
             return each_position(
                 ps, [](const WelterCoins& c) { return welter_value_conway_as_printed(c); });
           }};
  k.independent_positions = true;  // each position on its own
  return k;
}
Kernel welter_relations_kernel() {
  Kernel k{"welter", "relations", false,
           "the two relations: translate a coin to 0 (nim-add x), drop it, repeat, O(n^2)",
           [](const GameInstance&, std::span<const Position> ps) {
             return each_position(
                 ps, [](const WelterCoins& c) { return welter_value_by_relations(c); });
           }};
  k.independent_positions = true;  // each position on its own
  return k;
}
IGV_REGISTER_KERNEL(welter_naive_kernel);
IGV_REGISTER_KERNEL(welter_conway_kernel);
IGV_REGISTER_KERNEL(welter_conway_as_printed_kernel);
IGV_REGISTER_KERNEL(welter_relations_kernel);

}  // namespace
}  // namespace igv
