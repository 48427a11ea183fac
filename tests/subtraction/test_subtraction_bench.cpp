// Benchmarks of the subtraction module (built, not run by ctest): run by hand as
//   ./build-subtraction/test_subtraction_bench --log_level=message
// It prints the time of every claim of the issue with the default budget, the {2,3,5,7,c}
// table for c <= 5000, a game with a period above 10^6 found and proved (time and peak
// memory), and the fast/naive ratio on the same prefix.
#include <sys/resource.h>

#include <boost/test/unit_test.hpp>
#include <chrono>
#include <iostream>

#include "core/subtraction/subtraction_fast_window.h"
#include "core/subtraction/subtraction_period.h"
#include "core/subtraction/subtraction_proof.h"
#include "core/subtraction/trusted/subtraction_certificate_check.h"
#include "core/subtraction/trusted/subtraction_naive.h"
#include "properties/base/checker.h"
#include "properties/base/claims_file.h"
#include "tests/subtraction/test_subtraction_claims_loader.h"

using namespace igv;

namespace {
double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}
long peak_rss_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024;  // Linux reports KiB
}
}  // namespace

BOOST_AUTO_TEST_CASE(all_claims_default_budget) {
  double total = 0;
  CheckContext ctx;
  for (const auto& claim : test::load_subtraction_issue_claims()) {
    const auto start = std::chrono::steady_clock::now();
    const auto o = find_checker(claim.checker)->fn(claim, ctx);
    total += seconds_since(start);
    BOOST_TEST(to_string(o.verdict) == to_string(claim.expected_verdict));
  }
  std::cout << "all subtraction claims, default budget, one core: " << total << " s\n";
}

BOOST_AUTO_TEST_CASE(table_2357c_to_5000) {
  const auto start = std::chrono::steady_clock::now();
  std::int64_t largest_preperiod = 0, largest_period = 0, formula_disagreements = 0;
  for (std::int64_t c = 11; c <= 5000; ++c) {
    const auto proved =
        prove_subtraction_period(make_subtraction_set({2, 3, 5, 7, c}), SubtractionPlay::normal);
    largest_preperiod = std::max(largest_preperiod, proved.proved().preperiod);
    largest_period = std::max(largest_period, proved.proved().period);
    const std::int64_t r = c % 18;
    const std::int64_t l = r == 1 ? 2 * c - 4 : (r == 10 ? c + 5 : 0);
    const std::int64_t p =
        (r == 0 || r == 8 || r == 9 || r == 10 || r == 17) ? c + 2 : (r == 1 ? 4 : 9);
    if (l != proved.proved().preperiod || p != proved.proved().period) ++formula_disagreements;
  }
  std::cout << "{2,3,5,7,c}, c = 11..5000, every period proved: " << seconds_since(start)
            << " s; largest preperiod " << largest_preperiod << ", largest period "
            << largest_period
            << "; cases where the slide's formulas (stated for c <= 500) disagree: "
            << formula_disagreements << "\n";
}

BOOST_AUTO_TEST_CASE(period_above_a_million) {
  // SUB({1, 3, 1000000}): 1 and 3 odd, c even, so by the slides' {1, b, c} table the period
  // is c + b = 1000003; the harness finds and proves it without being told.
  const auto set = make_subtraction_set({1, 3, 1'000'000});
  const long rss_before = peak_rss_mib();
  auto start = std::chrono::steady_clock::now();
  SubtractionPeriodSearchStats stats;
  const auto cert = find_subtraction_period(set, SubtractionPlay::normal, 4'000'000'000ULL, &stats);
  const double find_s = seconds_since(start);
  const long rss_after_find = peak_rss_mib();
  start = std::chrono::steady_clock::now();
  const auto check = check_subtraction_certificate(cert);
  const double check_s = seconds_since(start);
  BOOST_TEST(check.accepted());
  BOOST_TEST(cert.period == 1'000'003);
  std::cout << "{1,3,1000000}: preperiod " << cert.preperiod << ", period " << cert.period
            << "; found in " << find_s << " s (" << stats.steps << " window steps, "
            << stats.hash_matches << " hash matches confirmed, " << stats.hash_collisions
            << " collisions), peak RSS " << rss_after_find << " MiB (before: " << rss_before
            << " MiB); certificate checked by the naive kernel in " << check_s << " s over "
            << check.values_checked() << " values, peak RSS " << peak_rss_mib() << " MiB\n";

  // A larger one: period 10^7 + 3, found with O(s_k) memory.
  const auto big = make_subtraction_set({1, 3, 10'000'000});
  start = std::chrono::steady_clock::now();
  const auto big_cert = find_subtraction_period(big, SubtractionPlay::normal);
  std::cout << "{1,3,10000000}: period " << big_cert.period << " found in " << seconds_since(start)
            << " s (window of 10^7 values)\n";
}

BOOST_AUTO_TEST_CASE(fast_versus_naive) {
  const auto set = make_subtraction_set({2, 3, 5, 7, 19, 47, 101});
  const std::int64_t n = 20'000'000;
  auto start = std::chrono::steady_clock::now();
  const auto naive = subtraction_values_naive(set, SubtractionPlay::normal, n);
  const double naive_s = seconds_since(start);
  start = std::chrono::steady_clock::now();
  const auto fast = subtraction_values_window(set, SubtractionPlay::normal, n);
  const double fast_s = seconds_since(start);
  BOOST_TEST((naive == fast));
  std::cout << "prefix of 2*10^7 values of {2,3,5,7,19,47,101}: naive " << naive_s << " s, window "
            << fast_s << " s, ratio " << naive_s / fast_s << "\n";
}
