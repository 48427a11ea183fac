// Octal games: the code parser, the naive and sparse kernels, the strip game, the periodicity
// certificates (accepted, and rejected when corrupted), the game family's JSON.
#include <rapidcheck/boost_test.h>

#include <algorithm>
#include <bit>
#include <boost/test/unit_test.hpp>
#include <optional>
#include <random>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "core/octal/octal_fast_sparse.h"
#include "core/octal/octal_period.h"
#include "core/octal/octal_strip.h"
#include "core/octal/trusted/octal_certificate_check.h"
#include "core/octal/trusted/octal_naive.h"
#include "core/octal/trusted/octal_rules.h"
#include "properties/octal/octal_properties.h"

using namespace igv;

BOOST_AUTO_TEST_SUITE(octal, *boost::unit_test::label("octal"))

BOOST_AUTO_TEST_CASE(codes_parse_to_canonical_form) {
  const std::vector<std::pair<std::string, std::string>> table{
      {"0.07", "0.07"}, {".07", "0.07"}, {".137", "0.137"}, {"4.7", "4.7"}, {"0.77", "0.77"},
      {".160", "0.16"}, {".0", "0.0"},   {"4.0", "4.0"},    {".4", "0.4"}};
  for (const auto& [text, canonical] : table)
    BOOST_TEST(OctalCode::parse(text).canonical() == canonical);
  const OctalCode dawson = OctalCode::parse("0.07");
  BOOST_TEST(dawson.max_removal() == 2);
  BOOST_TEST(dawson.leaves_none(2));
  BOOST_TEST(dawson.leaves_one(2));
  BOOST_TEST(dawson.leaves_two(2));
  BOOST_TEST(!dawson.leaves_one(1));
  BOOST_TEST(OctalCode::parse("4.7").two_heap_removals() == std::vector<int>({0, 1}));
}

BOOST_AUTO_TEST_CASE(malformed_codes_are_one_input_error) {
  for (const char* bad : {"", "07", "0.08", "0.9", "1.07", "2.7", "44.7", "0.", ".", "0.0a7",
                          "0..7", "-0.07", "0.07 "}) {
    BOOST_CHECK_THROW(OctalCode::parse(bad), InputError);
  }
  BOOST_CHECK_THROW(make_game("octal:0.18"), InputError);
  BOOST_CHECK_THROW(make_game("octal"), InputError);
  try {
    OctalCode::parse("0.08");
  } catch (const InputError& e) {
    BOOST_TEST(std::string(e.what()).find("'0.08'") != std::string::npos);
  }
}

BOOST_AUTO_TEST_CASE(options_follow_the_digits) {
  // 0.07 from a heap of 4: remove 2 leaving one heap (2) or two heaps (1+1).
  const auto opts = octal_options(OctalCode::parse("0.07"), 4);
  BOOST_TEST(opts.size() == 2u);
  BOOST_TEST((opts[0] == HeapOption{2, 0}));
  BOOST_TEST((opts[1] == HeapOption{1, 1}));
  // 0.07 from 2: remove both (no heap left).
  BOOST_TEST((octal_options(OctalCode::parse("0.07"), 2) == std::vector<HeapOption>{{0, 0}}));
  // 4.0: split without removal, 5 -> 1+4, 2+3.
  BOOST_TEST(octal_options(OctalCode::parse("4.0"), 5).size() == 2u);
}

BOOST_AUTO_TEST_CASE(naive_values_match_published_prefixes) {
  // OEIS A002186 (Kayles), A002187 (Dawson's chess .137), offset 0.
  const std::vector<Value> kayles{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6,
                                  4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7};
  const std::vector<Value> chess{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2,
                                 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3};
  BOOST_TEST(octal_values_naive(OctalCode::parse(".77"), 23) == kayles);
  BOOST_TEST(octal_values_naive(OctalCode::parse(".137"), 23) == chess);
  // Dawson's Kayles is Dawson's chess one heap later.
  const auto dawson = octal_values_naive(OctalCode::parse("0.07"), 24);
  for (std::size_t n = 1; n < 24; ++n) BOOST_TEST(dawson[n] == chess[n - 1]);
}

BOOST_AUTO_TEST_CASE(sparse_equals_naive_on_known_games) {
  for (const char* text :
       {"0.07", "0.137", "0.77", "0.16", "0.56", "0.127", "0.376", "4.7", "0.6", "0.4"}) {
    const OctalCode code = OctalCode::parse(text);
    const auto naive = octal_values_naive(code, 3000);
    OctalSparseSolver sparse(code);
    sparse.extend_to(3001);
    for (std::int64_t n = 0; n <= 3000; ++n)
      BOOST_TEST_REQUIRE(sparse.value(n) == naive[static_cast<std::size_t>(n)], text << " n=" << n);
  }
}

RC_BOOST_PROP(sparse_kernel_equals_naive_kernel_on_random_codes, ()) {
  prop_sparse_matches_naive();
}

RC_BOOST_PROP(checker_accepts_producer_and_rejects_a_changed_value, ()) {
  prop_checker_accepts_producer_and_rejects_corruption();
}

namespace {

/// Hands `values` (with `masks` and `hints`) to a concurrent checker in stretches of random
/// length, then asks its verdict on `cert`.
CertificateVerdict check_concurrently(
    const OctalPeriodCertificate& cert, const std::vector<std::uint16_t>& values,
    const std::vector<std::pair<std::uint32_t, std::uint32_t>>& masks,
    const std::vector<std::pair<std::uint32_t, std::uint32_t>>& hints, std::mt19937_64& rng) {
  OctalConcurrentChecker checker(cert.code);
  std::size_t at = 0;
  while (at < values.size()) {
    const std::size_t count = std::min<std::size_t>(values.size() - at, 1 + rng() % 700);
    checker.feed(values.data() + at, count, masks, hints);
    at += count;
    BOOST_TEST_REQUIRE(checker.handed() == static_cast<std::int64_t>(at));
  }
  return checker.finish(cert);
}

std::vector<std::uint16_t> values_of(const OctalPeriodCertificate& cert) {
  std::vector<std::uint16_t> out;
  for (std::int64_t n = 0; n < cert.bound(); ++n)
    out.push_back(static_cast<std::uint16_t>(cert.values[n]));
  return out;
}

}  // namespace

RC_BOOST_PROP(concurrent_checker_gives_the_whole_checkers_verdict, ()) {
  // Whatever is handed over (the values, a corrupted copy, too few, more than the bound, with a
  // mask entry beyond the bound), the concurrent checker's verdict on a certificate (honest or
  // corrupted) is check_octal_period_certificate's: accepted or not, the same reason and details.
  const OctalCode code = random_octal_code();
  RC_TAG(code.canonical());
  OctalPeriodCertificate cert;
  try {
    cert = find_octal_period(code, {4096, {}, {}, {}, {}});
  } catch (const BudgetExceeded&) {
    RC_DISCARD("no period within 4096 heaps");
  }
  const std::int64_t bound = cert.bound();
  const auto more = *rc::gen::inRange<std::int64_t>(0, 300);
  const auto naive = octal_values_naive(code, bound + more - 1);
  std::vector<std::uint16_t> values;
  for (auto v : naive) values.push_back(static_cast<std::uint16_t>(v));
  auto masks = cert.mask_schedule;
  if (more > 0 && *rc::gen::arbitrary<bool>())
    masks.emplace_back(static_cast<std::uint32_t>(bound), 3);  // beyond the bound: not used
  const int mode = *rc::gen::inRange(0, 6);
  RC_TAG(mode);
  const auto n = *rc::gen::inRange<std::int64_t>(0, bound);
  const auto delta = *rc::gen::inRange<Value>(1, 4);
  const auto changed = static_cast<std::uint16_t>((cert.values[n] + delta) % 256);
  OctalPeriodCertificate given = cert;
  switch (mode) {
    case 1:  // the same wrong value handed over and in the certificate
      values[static_cast<std::size_t>(n)] = changed;
      given.values.set(n, changed);
      break;
    case 2:  // a wrong value handed over, the certificate right
      values[static_cast<std::size_t>(n)] = changed;
      break;
    case 3:  // the certificate wrong, the values handed over right
      given.values.set(n, changed);
      break;
    case 4:  // too few values handed over
      values.resize(static_cast<std::size_t>(n));
      break;
    case 5:  // a wrong value beyond the bound (not part of the certificate)
      if (more > 0) values.back() = static_cast<std::uint16_t>((values.back() + delta) % 256);
      break;
    default:
      break;
  }
  std::mt19937_64 rng(static_cast<std::uint64_t>(n) * 7919 + static_cast<std::uint64_t>(mode));
  const auto whole = check_octal_period_certificate(given);
  const auto concurrent = check_concurrently(given, values, masks, cert.witness_depths, rng);
  RC_ASSERT(concurrent.accepted() == whole.accepted());
  RC_ASSERT(concurrent.reason() == whole.reason());
  RC_ASSERT(concurrent.details == whole.details);
  if (mode == 0 || mode == 2 || mode == 4 || mode == 5) RC_ASSERT(concurrent.accepted());
}

BOOST_AUTO_TEST_CASE(concurrent_checker_rejects_a_corrupted_value) {
  // .16: half a million values; one changed deep inside, in what is handed over and in the
  // certificate alike, is found by the checker's thread (the reason names the heap).
  const auto cert = find_octal_period(OctalCode::parse("0.16"), {});
  std::mt19937_64 rng(16);
  auto values = values_of(cert);
  const std::int64_t n = 400'001;
  BOOST_TEST_REQUIRE(n < cert.bound());
  auto bad = cert;
  const auto changed = static_cast<std::uint16_t>(cert.values[n] ^ 1);
  bad.values.set(n, changed);
  values[static_cast<std::size_t>(n)] = changed;
  const auto verdict =
      check_concurrently(bad, values, cert.mask_schedule, cert.witness_depths, rng);
  BOOST_TEST(!verdict.accepted());
  BOOST_TEST(verdict.reason().find("heap 400001 ") != std::string::npos, verdict.reason());
  BOOST_TEST(verdict.reason() == check_octal_period_certificate(bad).reason());
  // The honest certificate is accepted, with the whole checker's reason.
  const auto good =
      check_concurrently(cert, values_of(cert), cert.mask_schedule, cert.witness_depths, rng);
  BOOST_TEST(good.accepted(), good.reason());
  BOOST_TEST(good.reason() == check_octal_period_certificate(cert).reason());
  // A checker dropped before finish() stops its thread (the destructor joins it).
  OctalConcurrentChecker dropped(cert.code);
  dropped.feed(values.data(), values.size(), cert.mask_schedule, cert.witness_depths);
}

RC_BOOST_PROP(mask_choice_is_the_fewest_rare_heaps, ()) {
  // The solver chooses its masks by a Walsh–Hadamard transform of the values' histogram; every
  // mask it adopts is the one an exhaustive count picks (fewest rare heaps among heaps
  // 1 .. S-1, plain masks first, then with the heap's parity, the least mask among equals).
  const OctalCode code = random_octal_code();
  RC_TAG(code.canonical());
  OctalSparseSolver solver(code);
  solver.extend_to(*rc::gen::inRange<std::int64_t>(300, 5000));
  const auto& splits = code.two_heap_removals();
  const bool parity_allowed =
      !splits.empty() && std::all_of(splits.begin(), splits.end(),
                                     [&](int i) { return (i & 1) == (splits.front() & 1); });
  const int split_parity = splits.empty() ? 0 : (splits.front() & 1);
  const auto& schedule = solver.mask_schedule();
  for (std::size_t j = 1; j < schedule.size(); ++j) {
    const std::int64_t s = schedule[j].first;
    Value largest = 0;
    for (std::int64_t x = 0; x < s; ++x) largest = std::max(largest, solver.value(x));
    const std::uint32_t range =
        largest == 0 ? 1 : std::uint32_t{1} << std::bit_width(static_cast<std::uint64_t>(largest));
    std::uint64_t best_rare = ~std::uint64_t{0};
    std::uint32_t best = 0;
    for (int with_parity = 0; with_parity <= (parity_allowed ? 1 : 0); ++with_parity) {
      for (std::uint32_t m = with_parity != 0 ? 0 : 1; m < range; ++m) {
        std::uint64_t rare = 0;
        for (std::int64_t x = 1; x < s; ++x) {
          const int parity = with_parity != 0 ? static_cast<int>((x - split_parity) & 1) : 0;
          const auto v = static_cast<std::uint32_t>(solver.value(x));
          if (((std::popcount(v & m) + parity) & 1) == 0) ++rare;
        }
        if (rare < best_rare) {
          best_rare = rare;
          best = m | (with_parity != 0 ? kHeapParityBit : 0);
        }
      }
    }
    RC_ASSERT(schedule[j].second == best);
  }
}

BOOST_AUTO_TEST_CASE(strip_game_is_dawsons_kayles_for_every_n_up_to_24) {
  NaiveSolver<DawsonStripRules> strip;
  const auto g = octal_values_naive(OctalCode::parse("0.07"), 24);
  for (std::int64_t n = 0; n <= 24; ++n)
    BOOST_TEST(strip.value(empty_strip(n)) == g[static_cast<std::size_t>(n)], "n=" << n);
}

BOOST_AUTO_TEST_CASE(dawsons_kayles_period_is_proved) {
  const auto cert = find_octal_period(OctalCode::parse("0.07"), {});
  BOOST_TEST(cert.period == 34);
  BOOST_TEST(cert.preperiod == 53);
  BOOST_TEST(cert.bound() == guy_smith_bound(53, 34, 2));
  BOOST_TEST(cert.bound() == 176);
  BOOST_TEST(check_octal_period_certificate(cert).accepted());
}

BOOST_AUTO_TEST_CASE(corrupted_certificates_are_rejected) {
  const auto good = find_octal_period(OctalCode::parse("0.77"), {});
  BOOST_TEST_REQUIRE(check_octal_period_certificate(good).accepted());
  const auto rejected = [](const OctalPeriodCertificate& c) {
    return !check_octal_period_certificate(c).accepted();
  };
  {  // Every single changed value.
    for (std::int64_t n = 0; n < good.bound(); ++n) {
      auto bad = good;
      bad.values.set(n, good.values[n] == 0 ? 1 : good.values[n] - 1);
      BOOST_TEST(rejected(bad), "value " << n);
    }
  }
  {  // A preperiod one too small, one too large (not least), a wrong period, a multiple.
    auto bad = good;
    bad.preperiod -= 1;
    BOOST_TEST(rejected(bad));
    bad = good;
    bad.preperiod += 1;
    BOOST_TEST(rejected(bad));
    bad = good;
    bad.period = 11;
    BOOST_TEST(rejected(bad));
    bad = good;
    bad.period = 24;
    BOOST_TEST(rejected(bad));
  }
  {  // Too few values for the window.
    auto bad = good;
    bad.values.resize(good.bound() - 1);
    BOOST_TEST(rejected(bad));
  }
  {  // Not an octal code; a broken mask schedule.
    auto bad = good;
    bad.code = "0.78";
    BOOST_TEST(rejected(bad));
    bad = good;
    bad.mask_schedule = {{5, 3}};
    BOOST_TEST(rejected(bad));
  }
  {  // Another game's values under this game's code.
    auto bad = find_octal_period(OctalCode::parse("0.07"), {});
    bad.code = "0.137";
    BOOST_TEST(rejected(bad));
  }
}

BOOST_AUTO_TEST_CASE(any_mask_is_sound) {
  // The parity argument holds for every mask: another mask changes the work, not the verdict.
  // With the heap-parity bit too: used by .07 and .137 (every split removal of one parity),
  // ignored by .77 (removals 1 and 2 split).
  for (const char* text : {"0.07", "0.77", "0.137"}) {
    auto cert = find_octal_period(OctalCode::parse(text), {});
    for (std::uint32_t m = 0; m < 32; ++m) {
      const std::uint32_t mask = (m & 15) | ((m & 16) != 0 ? kHeapParityBit : 0);
      cert.mask_schedule = {{0, mask}, {100, mask ^ 5}};
      BOOST_TEST(check_octal_period_certificate(cert).accepted(), text << " mask " << mask);
      auto bad = cert;
      bad.values.set(120, cert.values[120] ^ 2);
      BOOST_TEST(!check_octal_period_certificate(bad).accepted(), text << " mask " << mask);
    }
  }
}

BOOST_AUTO_TEST_CASE(rare_split_may_use_the_heap_parity) {
  // The solver also tries the heap's parity (.127 splits only after removing 3): that leaves
  // fewer rare heaps than any plain mask (rare: popcount of G & mask even), and the checker
  // accepts the certificate.
  OctalPeriodStats stats;
  const auto cert = find_octal_period(OctalCode::parse("0.127"), {}, &stats);
  BOOST_TEST(check_octal_period_certificate(cert).accepted());
  const std::uint32_t mask = stats.mask & kValueMaskBits;
  const int parity = (stats.mask & kHeapParityBit) != 0 ? 1 : 0;
  BOOST_TEST(parity == 1);
  std::size_t chosen = 0;
  std::vector<std::size_t> plain(256, 0);
  for (std::int64_t n = 1; n < cert.bound(); ++n) {
    const auto v = static_cast<std::uint32_t>(cert.values[n]);
    chosen += ((std::popcount(v & mask) + parity * (n - 3)) & 1) == 0 ? 1 : 0;
    for (std::uint32_t m = 1; m < 256; ++m) plain[m] += (std::popcount(v & m) & 1) == 0 ? 1 : 0;
  }
  BOOST_TEST(chosen < *std::min_element(plain.begin() + 1, plain.end()));
  // A code whose split removals have both parities never gets the parity bit.
  OctalPeriodStats mixed;
  (void)find_octal_period(OctalCode::parse("0.77"), {}, &mixed);
  BOOST_TEST((mixed.mask & kHeapParityBit) == 0U);
}

BOOST_AUTO_TEST_CASE(witness_hints_bound_the_search) {
  // Under mask 1 the rare values of .127 are found only deep among the splits: without hints
  // the checker does not search beyond the default depth and rejects; with hints it accepts.
  auto cert = find_octal_period(OctalCode::parse("0.127"), {});
  cert.mask_schedule = {{0, 1}};
  cert.witness_depths.clear();
  const auto without = check_octal_period_certificate(cert);
  BOOST_TEST(!without.accepted());
  BOOST_TEST(without.reason().find("witnesses") != std::string::npos, without.reason());
  for (std::int64_t n = kDefaultWitnessDepth; n < cert.bound(); ++n) {
    cert.witness_depths.emplace_back(static_cast<std::uint32_t>(n),
                                     static_cast<std::uint32_t>(n / 2));
  }
  const auto with = check_octal_period_certificate(cert);
  BOOST_TEST(with.accepted(), with.reason());
  cert.witness_depths = {{10, 5000}, {9, 5000}};
  BOOST_TEST(!check_octal_period_certificate(cert).accepted());  // hints out of order
}

BOOST_AUTO_TEST_CASE(no_period_within_the_budget_is_budget_exceeded) {
  BOOST_CHECK_THROW(find_octal_period(OctalCode::parse("0.16"), {100'000, {}, {}, {}, {}}),
                    BudgetExceeded);
}

namespace {

/// The least (preperiod, period) by brute force: every period p <= n/2 with its least
/// preperiod consistent with every value, the shortest Guy–Smith window kept (least p among
/// equals), among shifts that repeat over two whole periods.
std::optional<std::pair<std::int64_t, std::int64_t>> brute_best(const std::vector<std::uint8_t>& g,
                                                                int k) {
  const auto n = static_cast<std::int64_t>(g.size());
  std::optional<std::pair<std::int64_t, std::int64_t>> best;
  for (std::int64_t p = 1; p <= n / 2; ++p) {
    std::int64_t e = n - p;
    while (e > 0 && g[static_cast<std::size_t>(e - 1)] == g[static_cast<std::size_t>(e - 1 + p)])
      --e;
    if (n - p - e < p) continue;
    if (!best || guy_smith_bound(e, p, k) < guy_smith_bound(best->first, best->second, k))
      best = std::make_pair(e, p);
  }
  return best;
}

/// `e` arbitrary values, then a block of `p` values repeated up to `n` values in all.
std::vector<std::uint8_t> eventually_periodic(std::int64_t e, std::int64_t p, std::int64_t n,
                                              unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint8_t> g(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < e + p && i < n; ++i)
    g[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(rng() % 7);
  for (std::int64_t i = e + p; i < n; ++i)
    g[static_cast<std::size_t>(i)] = g[static_cast<std::size_t>(i - p)];
  return g;
}

}  // namespace

BOOST_AUTO_TEST_CASE(period_detection_sees_every_shift) {
  // Sequences of a few values, where spurious short repeats are common: the Z-function search
  // must pick what the brute force picks (then reduced to the least period when certifiable).
  std::mt19937 rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    const std::int64_t e = rng() % 40, p = 1 + rng() % 30, n = 1 + rng() % 200;
    const auto g = eventually_periodic(e, p, n, static_cast<unsigned>(trial));
    const int k = 1 + static_cast<int>(rng() % 4);
    const auto got = octal_detect_period(g, k);
    const auto want = brute_best(g, k);
    BOOST_REQUIRE(got.has_value() == want.has_value());
    if (!got) continue;
    if (guy_smith_bound(want->first, want->second, k) > n) {
      BOOST_TEST(got->first == want->first);
      BOOST_TEST(got->second == want->second);
    } else {
      // Certifiable: the least period of the tail and its least preperiod.
      BOOST_TEST(got->second <= want->second);
      BOOST_TEST(want->second % got->second == 0);
      for (std::int64_t m = got->first; m + got->second < n; ++m)
        BOOST_TEST(g[static_cast<std::size_t>(m)] == g[static_cast<std::size_t>(m + got->second)]);
      if (got->first > 0) {
        BOOST_TEST(g[static_cast<std::size_t>(got->first - 1)] !=
                   g[static_cast<std::size_t>(got->first - 1 + got->second)]);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(period_detection_sees_periods_of_millions) {
  // A period of 5,000,001 after a preperiod of 1,234,567: beyond the 2^22 that the earlier
  // tail-window search could see, found exactly once the Guy–Smith window fits.
  const std::int64_t e = 1'234'567, p = 5'000'001, k = 3;
  const std::int64_t need = guy_smith_bound(e, p, k);
  auto g = eventually_periodic(e, p, need, 11);
  g[static_cast<std::size_t>(e - 1)] =
      static_cast<std::uint8_t>(g[static_cast<std::size_t>(e - 1 + p)] + 1);
  const auto found = octal_detect_period(g, k);
  BOOST_REQUIRE(found.has_value());
  BOOST_TEST(found->first == e);
  BOOST_TEST(found->second == p);
  // One value short of the window: still the candidate (e, p), which needs one more heap.
  g.pop_back();
  const auto candidate = octal_detect_period(g, k);
  BOOST_REQUIRE(candidate.has_value());
  BOOST_TEST(candidate->first == e);
  BOOST_TEST(candidate->second == p);
  BOOST_TEST(guy_smith_bound(candidate->first, candidate->second, k) ==
             static_cast<std::int64_t>(g.size()) + 1);
}

BOOST_AUTO_TEST_CASE(heap_limit_names_what_the_search_could_certify) {
  try {
    (void)find_octal_period(OctalCode::parse("0.16"), {100'000, {}, {}, {}, {}});
    BOOST_FAIL("no LimitReached");
  } catch (const LimitReached& e) {
    const std::string why = e.what();
    BOOST_TEST(why.find("every shift up to 50000 was compared") != std::string::npos, why);
    BOOST_TEST(why.find("periods up to 49998 with preperiod <= 1") != std::string::npos, why);
    BOOST_TEST(e.reached["largest_certifiable_period"] == 49998);
    BOOST_TEST(e.reached["largest_certifiable_preperiod"] == 49998);
    BOOST_TEST(e.reached["heaps_computed"] == 100'000);
  }
}

BOOST_AUTO_TEST_CASE(family_value_json_and_positions) {
  const auto game = make_game("octal:.07");
  BOOST_TEST(game->spec() == "octal:0.07");
  const auto p35 = game->parse_position("35");
  const auto v35 = game->value(p35);
  BOOST_TEST(*v35.value == 0);
  BOOST_TEST(v35.winning_moves->empty());
  const auto v4 = game->value(game->parse_position("4"));
  BOOST_TEST(*v4.value == 2);
  // From a heap of 4 the options are 2 (value 1) and 1+1 (value 0): the winning move is 1+1.
  BOOST_TEST(*v4.winning_moves == std::vector<std::string>{"1+1"});
  const auto sum = game->value(game->parse_position("3+5"));
  BOOST_TEST(*sum.value == 1);  // G(3) = 1, G(5) = 0
  BOOST_TEST(game->parse_position("3,5") == game->parse_position("3+5"));
  BOOST_CHECK_THROW(game->parse_position("3+-5"), InputError);
  BOOST_CHECK_THROW(game->parse_position("x"), InputError);
  BOOST_CHECK_THROW(game->parse_position(""), InputError);
  // Every winning move leads to a position of value 0.
  const auto v = game->value(game->parse_position("20+9+7"));
  for (const auto& m : *v.winning_moves)
    BOOST_TEST(*game->value(game->parse_position(m)).value == 0);
  // Heaps far beyond the direct limit go through the proved period; 99999989 = 5 (mod 34) is a
  // P-position of Dawson's Kayles.
  const auto big = game->value(game->parse_position("99999989"));
  BOOST_TEST(big.how.find("proved period 34") != std::string::npos);
  BOOST_TEST(*big.value == 0);
  const auto big2 = game->value(game->parse_position("99999990+3"));
  BOOST_TEST((*big2.heap_values)[0] == *game->value(game->parse_position("74")).value);
}

BOOST_AUTO_TEST_CASE(family_period_json) {
  const PeriodAnswer answer = make_game("octal:0.07")->period();
  BOOST_TEST(answer.period == 34);
  BOOST_TEST(answer.preperiod == 53);
  BOOST_TEST(answer.saltus == 0);
  BOOST_TEST(answer.last_exceptional_value().value_or(-1) == 52);
  BOOST_TEST(answer.verdict.accepted());
  // The document (the certificate file) says the same as the typed answer.
  const auto& period = answer.document;
  BOOST_TEST(period["period"].get<std::int64_t>() == answer.period);
  BOOST_TEST(period["preperiod"].get<std::int64_t>() == answer.preperiod);
  BOOST_TEST(period["saltus"].get<std::int64_t>() == answer.saltus);
  BOOST_TEST(period["last_exceptional_value"].get<std::int64_t>() == 52);
  BOOST_TEST(period["certificate"]["bound"].get<std::int64_t>() == 176);
  BOOST_TEST(period["certificate"].contains("theorem"));
}

BOOST_AUTO_TEST_CASE(kernels_agree_with_the_reference_on_the_domain) {
  for (const char* spec : {"octal:0.07", "octal:4.7", "octal:0.16", "dawson-strip"}) {
    const auto game = make_game(spec);
    const auto domain = game->domain(20);
    const auto ks = kernels(parse_game_spec(spec).family);
    BOOST_TEST_REQUIRE(ks.size() >= 2u);
    BOOST_TEST_REQUIRE(ks.front()->reference);
    const auto reference = ks.front()->values(*game, domain);
    for (const Kernel* k : ks)
      BOOST_TEST(k->values(*game, domain) == reference, spec << " kernel " << k->name);
  }
}

BOOST_AUTO_TEST_CASE(strip_family_positions) {
  const auto strip = make_game("dawson-strip");
  const auto v = strip->value(strip->parse_position("0..9"));
  BOOST_TEST(*v.value == octal_values_naive(OctalCode::parse("0.07"), 10)[10]);
  // The blog's example: a tile in the middle of K_10 leaves K_4 + K_4 (value 0), a winning move.
  bool centre = false;
  for (const auto& m : *v.winning_moves) centre = centre || m == "0..3,6..9";
  BOOST_TEST(centre);
  BOOST_CHECK_THROW(strip->parse_position("1,1"), InputError);
  BOOST_CHECK_THROW(make_game("dawson-strip:3"), InputError);
}

BOOST_AUTO_TEST_CASE(values_above_255_go_to_the_side_table_and_agree_with_the_naive_kernel) {
  // .6 (remove one, leaving two heaps): G grows without bound; first above 255 at heap 10344.
  const OctalCode code = OctalCode::parse("0.6");
  const std::int64_t n_max = 32000;
  const auto naive = octal_values_naive(code, n_max);
  OctalSparseSolver solver(code);
  solver.extend_to(10344);
  BOOST_TEST(solver.side_table().empty());
  solver.extend_to(10400);
  // One byte a heap: the large values are escaped bytes with (heap, value) beside.
  BOOST_TEST(solver.value_bytes() == 1);
  BOOST_TEST(!solver.side_table().empty());
  BOOST_TEST(solver.side_table().front().first == 10344u);
  BOOST_TEST(solver.side_table().front().second == 256);
  BOOST_TEST(solver.narrow_values()[10344] == OctalSparseSolver::kEscape);
  for (std::int64_t n = 0; n < solver.size(); ++n) {
    if (solver.value(n) != naive[static_cast<std::size_t>(n)]) {
      BOOST_TEST(solver.value(n) == naive[static_cast<std::size_t>(n)], "G(" << n << ")");
      break;
    }
  }
  // At 24001 heaps, 730 values are 255 or more: still one byte a heap.
  solver.extend_to(24001);
  BOOST_TEST(solver.value_bytes() == 1);
  BOOST_TEST(solver.side_table().size() == 730u);
  for (std::int64_t n = 0; n < solver.size(); ++n) {
    if (solver.value(n) != naive[static_cast<std::size_t>(n)]) {
      BOOST_TEST(solver.value(n) == naive[static_cast<std::size_t>(n)], "G(" << n << ")");
      break;
    }
  }
  // Further on (heap 30812) they stop being rare (1024 + one in 64 heaps) and the values widen
  // to two bytes a heap; they stay exact.
  solver.extend_to(n_max + 1);
  BOOST_TEST(solver.value_bytes() == 2);
  BOOST_TEST(solver.side_table().empty());
  const OctalValueTable table = solver.take_values();
  BOOST_REQUIRE(table.size() == n_max + 1);
  for (std::int64_t n = 0; n <= n_max; ++n) {
    if (table[n] != naive[static_cast<std::size_t>(n)]) {
      BOOST_TEST(table[n] == naive[static_cast<std::size_t>(n)], "G(" << n << ")");
      break;
    }
  }
}

BOOST_AUTO_TEST_CASE(side_table_values_through_the_period_search) {
  // A period search over escaped bytes reads the values through the side table: .6 has no
  // period, so every shift compares values above 255 too; the answer is the heap limit.
  BOOST_CHECK_THROW((void)find_octal_period(OctalCode::parse("0.6"), {16384}), BudgetExceeded);
}

BOOST_AUTO_TEST_SUITE_END()
