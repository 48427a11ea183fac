#include "core/ferguson/ferguson_thirteen.h"

#include <algorithm>
#include <numeric>

#include "core/base/trusted/errors.h"
#include "core/ferguson/ferguson_labelling.h"

namespace igv {

std::int64_t thirteen_total(const ThirteenRules::Position& counts) {
  std::int64_t total = 0;
  for (std::size_t i = 0; i < counts.size(); ++i)
    total += static_cast<std::int64_t>(i + 1) * counts[i];
  return total;
}

ThirteenRules::Position thirteen_start() {
  return ThirteenRules::Position(kThirteenCardValues, 0);
}

std::vector<ThirteenRules::Position> ThirteenRules::moves(const Position& counts) const {
  std::vector<Position> out;
  const auto total = thirteen_total(counts);
  for (int v = 1; v <= kThirteenCardValues; ++v) {
    if (counts[v - 1] < kThirteenCopiesPerValue && total + v <= kThirteenLimit) {
      Position next = counts;
      ++next[v - 1];
      out.push_back(std::move(next));
    }
  }
  return out;
}

namespace {
constexpr int kCountBase = kThirteenCopiesPerValue + 1;  // counts 0..4

std::size_t table_size() {
  std::size_t size = 1;
  for (int v = 0; v < kThirteenCardValues; ++v) size *= kCountBase;
  return size;
}

/// Digit v-1 of `index` in base 5 is the count of value v.
std::array<int, kThirteenCardValues> decode(std::size_t index) {
  std::array<int, kThirteenCardValues> counts{};
  for (int v = 0; v < kThirteenCardValues; ++v) {
    counts[static_cast<std::size_t>(v)] = static_cast<int>(index % kCountBase);
    index /= kCountBase;
  }
  return counts;
}
}  // namespace

ThirteenTable::ThirteenTable() : values_(table_size(), -1) {
  const std::size_t size = values_.size();
  std::vector<int> totals(size);
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < size; ++i) {
    const auto c = decode(i);
    int t = 0;
    for (int v = 0; v < kThirteenCardValues; ++v) t += (v + 1) * c[static_cast<std::size_t>(v)];
    totals[i] = t;
    if (t <= kThirteenLimit) order.push_back(i);
  }
  positions_ = order.size();
  // Every move raises the total, so positions of larger total are solved first.
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return totals[a] > totals[b]; });
  MexSet options;
  for (std::size_t i : order) {
    const auto c = decode(i);
    options.clear();
    std::size_t place = 1;
    for (int v = 0; v < kThirteenCardValues; ++v, place *= kCountBase) {
      if (c[static_cast<std::size_t>(v)] < kThirteenCopiesPerValue &&
          totals[i] + v + 1 <= kThirteenLimit) {
        options.add(values_[i + place]);
      }
    }
    values_[i] = options.mex();
  }
}

Value ThirteenTable::value(const ThirteenRules::Position& counts) const {
  if (counts.size() != static_cast<std::size_t>(kThirteenCardValues)) {
    throw InputError("thirteen position: expected counts of 6 card values");
  }
  std::size_t index = 0;
  for (int v = kThirteenCardValues - 1; v >= 0; --v) {
    const auto c = counts[static_cast<std::size_t>(v)];
    if (c < 0 || c > kThirteenCopiesPerValue) {
      throw InputError("thirteen position: a card value is used " + std::to_string(c) +
                       " times; expected 0..4");
    }
    index = index * kCountBase + static_cast<std::size_t>(c);
  }
  if (values_[index] < 0) throw InputError("thirteen position: the total exceeds 31 (game over)");
  return values_[index];
}

namespace {
/// The subtraction game of exercise 2 (take 1..6 chips), written from its rules here so that
/// the strategy of exercise 3(a) is derived, not typed in.
struct TakeOneToSixRules {
  using Position = std::int64_t;
  [[nodiscard]] std::vector<Position> moves(Position heap) const {
    std::vector<Position> out;
    for (Position take = 1; take <= kThirteenCardValues && take <= heap; ++take)
      out.push_back(heap - take);
    return out;
  }
};
}  // namespace

ThirteenStrategyPlay thirteen_play_subtraction_strategy_vs_fours() {
  // P-positions of exercise 2's game on heaps 0..31, by the §1.3 labelling.
  const auto labels =
      label_reachable(TakeOneToSixRules{}, {kThirteenLimit}, PlayConvention::normal);
  auto is_p = [&](std::int64_t heap) { return labels.at(heap) == PnLabel::P; };
  constexpr int kOpponentCard = 4;  // exercise 3(a): "the opponent always chooses 4"

  ThirteenStrategyPlay play;
  ThirteenRules::Position counts = thirteen_start();
  ThirteenTable table;
  for (int turn = 0;; ++turn) {
    const auto total = thirteen_total(counts);
    const int player = turn % 2 == 0 ? 1 : 2;
    if (player == 1) {
      // The strategy: turn the card c with 31 - (total + c) a P-position of exercise 2's game.
      int wanted = 0;
      for (int c = 1; c <= kThirteenCardValues; ++c) {
        if (total + c <= kThirteenLimit && is_p(kThirteenLimit - total - c)) wanted = c;
      }
      if (wanted == 0) {
        play.turns.push_back({1, 0, total, "no card leaves 31 - total a P-position of S = {1..6}"});
        break;
      }
      if (counts[static_cast<std::size_t>(wanted - 1)] >= kThirteenCopiesPerValue) {
        play.strategy_broke = true;
        play.needed_card = wanted;
        play.position_at_break = counts;
        play.exact_value_at_break = table.value(counts);
        for (int c = 1; c <= kThirteenCardValues; ++c) {
          if (counts[static_cast<std::size_t>(c - 1)] < kThirteenCopiesPerValue &&
              total + c <= kThirteenLimit) {
            play.legal_cards_at_break.push_back(c);
          }
        }
        break;
      }
      ++counts[static_cast<std::size_t>(wanted - 1)];
      play.turns.push_back(
          {1, wanted, total + wanted,
           "31 - " + std::to_string(total + wanted) + " is a P-position of S = {1..6}"});
    } else {
      if (counts[kOpponentCard - 1] >= kThirteenCopiesPerValue ||
          total + kOpponentCard > kThirteenLimit) {
        play.turns.push_back({2, 0, total, "the opponent can no longer turn a 4"});
        break;
      }
      ++counts[kOpponentCard - 1];
      play.turns.push_back(
          {2, kOpponentCard, total + kOpponentCard, "the opponent always turns a 4"});
    }
  }
  return play;
}

}  // namespace igv
