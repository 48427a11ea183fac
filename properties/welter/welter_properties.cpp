#include "properties/welter/welter_properties.h"

#include <algorithm>

#include "core/welter/welter_fast_conway.h"
#include "core/welter/welter_fast_inverse.h"
#include "core/welter/welter_naive.h"
#include "core/welter/welter_relations.h"
#include "core/welter/welter_start.h"

namespace igv {

namespace {
// The properties share one naive memo per thread: RapidCheck revisits small positions often.
// The memo is started afresh once it holds this many positions, so that long runs stay small.
constexpr std::size_t kSharedNaiveMaxStored = 2'000'000;
WelterNaive& shared_naive() {
  thread_local WelterNaive naive(kWelterPropertyNaiveStates);
  if (naive.positions_stored() > kSharedNaiveMaxStored)
    naive = WelterNaive(kWelterPropertyNaiveStates);
  return naive;
}
bool naive_fits(const WelterCoins& coins) {
  return welter_naive_state_bound(coins) <= kWelterPropertyNaiveStates;
}
// The printed all-pairs algorithm is cubic; beyond this many coins it is skipped.
constexpr std::size_t kAsPrintedMaxCoins = 80;
}  // namespace

rc::Gen<WelterCoins> welter_gen_position(int max_coins, std::int64_t squares, CoinParity parity) {
  return rc::gen::map(
      rc::gen::container<std::vector<std::int64_t>>(rc::gen::inRange<std::int64_t>(0, squares)),
      [max_coins, parity](std::vector<std::int64_t> raw) {
        if (raw.size() > static_cast<std::size_t>(max_coins))
          raw.resize(static_cast<std::size_t>(max_coins));
        std::sort(raw.begin(), raw.end());
        raw.erase(std::unique(raw.begin(), raw.end()), raw.end());
        const bool odd = raw.size() % 2 == 1;
        if ((parity == CoinParity::even && odd) || (parity == CoinParity::odd && !odd)) {
          if (!raw.empty()) {
            raw.pop_back();
          } else {
            raw.push_back(0);
          }
        }
        return WelterCoins(raw);
      });
}

void prop_welter_routes_agree(const WelterCoins& coins) {
  const Value conway = welter_value_conway(coins);
  RC_ASSERT(welter_value_by_relations(coins) == conway);
  if (coins.size() <= kAsPrintedMaxCoins)
    RC_ASSERT(welter_value_conway_as_printed(coins) == conway);
  if (naive_fits(coins)) RC_ASSERT(shared_naive().value(coins) == conway);
}

void prop_welter_moves_agree(const WelterCoins& coins) {
  const auto inverse = welter_winning_moves_inverse(coins);
  if (naive_fits(coins)) {
    RC_ASSERT(inverse == shared_naive().winning_moves(coins));
  } else {
    RC_ASSERT(inverse == welter_winning_moves_by_trial(
                             coins, [](const WelterCoins& c) { return welter_value_conway(c); }));
  }
}

void prop_welter_relation_zero(const WelterCoins& shifted) {
  WelterCoins with_zero{0};
  for (auto c : shifted) with_zero.push_back(c + 1);
  RC_ASSERT(welter_value_conway(with_zero) == welter_value_conway(shifted));
  if (naive_fits(with_zero)) {
    RC_ASSERT(shared_naive().value(with_zero) == shared_naive().value(shifted));
  }
}

void prop_welter_relation_translate(const WelterCoins& coins, Value x) {
  WelterCoins translated;
  for (auto c : coins) translated.push_back(c ^ x);
  std::sort(translated.begin(), translated.end());
  const Value spat = coins.size() % 2 == 1 ? x : 0;
  RC_ASSERT(welter_value_conway(translated) == nim_sum(welter_value_conway(coins), spat));
  if (naive_fits(coins) && naive_fits(translated)) {
    RC_ASSERT(shared_naive().value(translated) == nim_sum(shared_naive().value(coins), spat));
  }
}

void prop_welter_start_recursion(std::int64_t n) {
  RC_ASSERT(welter_start_value_by_digits(n) == welter_start_value(n));
}

}  // namespace igv
