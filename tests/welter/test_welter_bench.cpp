// Benchmarks for Welter's game (002_ae6d722b5ea2de0c), run by hand, not by ctest:
//   ./build-welter/test_welter_bench
// Prints: Conway's mating on 10^6-coin positions (target well under 1 s) and the inverse's
// winning moves there; naive vs Conway on the same positions (ratio); all claims of the document
// at the default budget (target under 10 s); peak resident memory.
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>

#include "core/welter/welter_fast_conway.h"
#include "core/welter/welter_fast_inverse.h"
#include "core/welter/welter_naive.h"
#include "core/welter/welter_relations.h"
#include "core/welter/welter_start.h"
#include "igv_build_info.h"
#include "properties/base/claims_file.h"
#include "properties/base/runner.h"

using namespace igv;

namespace {
double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
/// Peak resident set size of this process in MiB (Linux /proc/self/status, VmHWM).
double peak_rss_mib() {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  }
  return -1;
}
WelterCoins random_position(std::size_t coins, std::int64_t squares, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  WelterCoins p;
  while (p.size() < coins) {
    for (std::size_t i = p.size(); i < coins; ++i)
      p.push_back(static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(squares)));
    std::sort(p.begin(), p.end());
    p.erase(std::unique(p.begin(), p.end()), p.end());
  }
  return p;
}
}  // namespace

BOOST_AUTO_TEST_CASE(conway_on_a_million_coins) {
  const std::vector<std::pair<std::string, WelterCoins>> cases = {
      {"1..1000000", welter_block(1, 1'000'000)},
      {"w(10^6) = [1000001..2000000]", welter_start_position(1'000'000)},
      {"10^6 random coins below 2^40", random_position(1'000'000, std::int64_t{1} << 40, 7)}};
  for (const auto& [name, coins] : cases) {
    auto t0 = std::chrono::steady_clock::now();
    const Value v = welter_value_conway(coins);
    const double value_s = seconds_since(t0);
    t0 = std::chrono::steady_clock::now();
    const auto moves = welter_winning_moves_inverse(coins);
    const double moves_s = seconds_since(t0);
    std::printf(
        "%-32s %zu coins: value %lld by Conway in %.3f s; %zu winning moves by the inverse in %.3f "
        "s\n",
        name.c_str(), coins.size(), static_cast<long long>(v), value_s, moves.size(), moves_s);
    BOOST_TEST(moves.empty() == (v == 0), name);
  }
  // The relations route is quadratic: 10^4 coins for scale.
  const auto mid = random_position(10'000, std::int64_t{1} << 40, 8);
  auto t0 = std::chrono::steady_clock::now();
  const Value r = welter_value_by_relations(mid);
  const double rel_s = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  const Value c = welter_value_conway(mid);
  const double con_s = seconds_since(t0);
  std::printf("10^4 random coins: relations %.3f s, Conway %.5f s (agree: %s)\n", rel_s, con_s,
              r == c ? "yes" : "NO");
  BOOST_TEST(r == c);
  std::printf("peak RSS %.1f MiB\n", peak_rss_mib());
}

BOOST_AUTO_TEST_CASE(naive_versus_conway_on_the_same_positions) {
  // Every subset of {0..13}: 16384 positions, the naive solver starting from an empty memo.
  std::vector<WelterCoins> positions;
  for (std::uint32_t mask = 0; mask < (1U << 14); ++mask) {
    WelterCoins p;
    for (std::int64_t c = 0; c < 14; ++c)
      if ((mask >> c) & 1U) p.push_back(c);
    positions.push_back(std::move(p));
  }
  auto t0 = std::chrono::steady_clock::now();
  WelterNaive naive(1U << 20);
  Value sum_naive = 0;
  for (const auto& p : positions) sum_naive ^= naive.value(p);
  const double naive_s = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  Value sum_conway = 0;
  for (const auto& p : positions) sum_conway ^= welter_value_conway(p);
  const double conway_s = seconds_since(t0);
  std::printf(
      "all 16384 subsets of {0..13}: naive %.3f s, Conway %.4f s, ratio naive/Conway %.0f (agree: "
      "%s)\n",
      naive_s, conway_s, naive_s / conway_s, sum_naive == sum_conway ? "yes" : "NO");
  BOOST_TEST(sum_naive == sum_conway);
  // Starting positions w(n), n = 1..9, each from a fresh naive memo.
  for (std::int64_t n = 6; n <= 9; ++n) {
    const auto p = welter_start_position(n);
    t0 = std::chrono::steady_clock::now();
    WelterNaive fresh(1U << 22);
    const Value nv = fresh.value(p);
    const double ns = seconds_since(t0);
    t0 = std::chrono::steady_clock::now();
    const Value cv = welter_value_conway(p);
    const double cs = seconds_since(t0);
    std::printf("w(%lld): naive %.4f s (%zu positions), Conway %.7f s, ratio %.0f (agree: %s)\n",
                static_cast<long long>(n), ns, fresh.positions_stored(), cs, ns / cs,
                nv == cv ? "yes" : "NO");
    BOOST_TEST(nv == cv);
  }
}

BOOST_AUTO_TEST_CASE(all_claims_of_the_document) {
  const auto all = load_claims_file(std::string(IGV_SOURCE_DIR) +
                                    "/properties/claims/002_ae6d722b5ea2de0c.toml");
  RunOptions options;  // the defaults of `verify run`
  const auto t0 = std::chrono::steady_clock::now();
  std::size_t as_expected = 0;
  std::size_t count = 0;
  for (const Claim& c : all) {
    if (c.id.rfind("welter.", 0) != 0) continue;
    const ClaimResult r = run_claim(c, options);
    ++count;
    as_expected += r.as_expected() ? 1 : 0;
    std::printf("  %-48s %-9s %.3f s\n", c.id.c_str(),
                std::string(to_string(r.outcome.verdict)).c_str(), r.seconds);
  }
  std::printf(
      "all %zu claims of 002_ae6d722b5ea2de0c: %.2f s, %zu as expected; peak RSS %.1f MiB\n", count,
      seconds_since(t0), as_expected, peak_rss_mib());
  BOOST_TEST(as_expected == count);
}
