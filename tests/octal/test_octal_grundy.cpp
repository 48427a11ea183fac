// Grundy's game, a take-and-break code of the octal module (4u.: split a heap into two unequal
// non-empty heaps): its rules, the naive kernel against the published prefix of A002188, the one
// sparse kernel of take-and-break codes (core/octal/octal_fast_sparse.h) on the code 4u. against
// the naive kernel, with every value kept and in a window (its file of values read back), and the
// family's positions, guards and JSON.
#include <rapidcheck/boost_test.h>

#include <bit>
#include <boost/test/unit_test.hpp>
#include <chrono>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/naive_solver.h"
#include "core/base/trusted/errors.h"
#include "core/octal/octal_fast_sparse.h"
#include "core/octal/octal_grundy_naive.h"
#include "core/octal/octal_grundy_rules.h"
#include "properties/kernels/cross_check.h"

using namespace igv;

BOOST_AUTO_TEST_SUITE(octal_grundy, *boost::unit_test::label("octal"))

// ---------------------------------------------------------------------------------------------
// Grundy's game
// ---------------------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(grundy_splits_follow_the_rules) {
  BOOST_TEST(grundy_splits(0).empty());
  BOOST_TEST(grundy_splits(1).empty());
  BOOST_TEST(grundy_splits(2).empty());  // 1 + 1 is an equal split
  BOOST_TEST((grundy_splits(3) == std::vector<GrundySplit>{{1, 2}}));
  BOOST_TEST((grundy_splits(4) == std::vector<GrundySplit>{{1, 3}}));
  BOOST_TEST((grundy_splits(6) == std::vector<GrundySplit>{{1, 5}, {2, 4}}));
  BOOST_TEST((grundy_splits(7) == std::vector<GrundySplit>{{1, 6}, {2, 5}, {3, 4}}));
}

BOOST_AUTO_TEST_CASE(grundy_naive_values_match_the_checked_prefix_of_a002188) {
  // OEIS A002188, offset 0, as computed by the naive kernel. The list in the task brief agreed
  // on G(0..79) but repeated the block "3, 2, 4" once more at index 80 (it gives G(80) = 3; the
  // naive kernel gives G(80) = 5), so its terms from index 80 on are those of index 77 on.
  const std::vector<Value> a002188{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4,
                                   3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1,
                                   5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3,
                                   2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7,
                                   4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3, 5};
  BOOST_TEST(a002188.size() == 106U);
  BOOST_TEST(grundy_values_naive(105) == a002188);
  // The brief's list, term by term where it differs.
  BOOST_TEST(grundy_values_naive(80)[80] == 5);
}

BOOST_AUTO_TEST_CASE(grundy_sparse_equals_naive_up_to_6000) {
  const auto naive = grundy_values_naive(6000);
  OctalSparseSolver sparse(TakeBreakCode::grundy());
  sparse.extend_to(6001);
  for (std::int64_t n = 0; n <= 6000; ++n)
    BOOST_TEST_REQUIRE(sparse.value(n) == naive[static_cast<std::size_t>(n)], "n=" << n);
  BOOST_TEST(sparse.mask() != 0U);  // the rare/common split is in use
  BOOST_CHECK_THROW((void)sparse.value(6001), std::out_of_range);
  BOOST_CHECK_THROW((void)sparse.value(-1), std::out_of_range);
}

BOOST_AUTO_TEST_CASE(grundy_sparse_extends_in_steps_like_in_one_go) {
  OctalSparseSolver one(TakeBreakCode::grundy()), steps(TakeBreakCode::grundy());
  one.extend_to(3000);
  for (std::int64_t n : {1, 2, 3, 100, 257, 1024, 2999, 3000}) steps.extend_to(n);
  for (std::int64_t n = 0; n < 3000; ++n) BOOST_TEST_REQUIRE(one.value(n) == steps.value(n));
}

BOOST_AUTO_TEST_CASE(grundy_sparse_gives_the_published_terms_of_a002188) {
  // OEIS A002188, its data section (the %S, %T and %U lines of https://oeis.org/A002188/internal,
  // n = 0..104), against the sparse kernel through its registered route (a window solver).
  const std::vector<Value> oeis{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0,
                                4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5,
                                4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3,
                                2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5,
                                2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3};
  BOOST_TEST(oeis.size() == 105U);
  const auto game = make_game("grundy");
  std::vector<Position> heaps;
  for (std::int64_t n = 0; n < 105; ++n) heaps.push_back(game->parse_position(std::to_string(n)));
  BOOST_TEST(find_kernel("grundy", "sparse").values(*game, heaps) == oeis);
  std::vector<Value> streamed;
  find_kernel("grundy", "sparse")
      .range_values(*game, 0, 104, [&](std::int64_t, Value v) { streamed.push_back(v); }, {});
  BOOST_TEST(streamed == oeis);
}

BOOST_AUTO_TEST_CASE(grundy_sparse_finds_flammenkamps_sparse_values_up_to_231) {
  // Flammenkamp, "Sprague-Grundy Values of Grundy's Game"
  // (http://wwwhomes.uni-bielefeld.de/achim/grundy.html), "Known Sparse SGV": G(n) is sparse when
  // the number of ones of G(n) without its lowest binary digit is even; his list up to n = 231.
  const std::vector<std::pair<std::int64_t, Value>> sparse{
      {0, 0},    {1, 0},   {2, 0},    {3, 1},    {4, 0},    {6, 1},    {7, 0},    {9, 1},
      {10, 0},   {12, 1},  {15, 1},   {20, 0},   {23, 0},   {26, 0},   {28, 1},   {31, 1},
      {34, 1},   {37, 1},  {40, 1},   {43, 1},   {46, 1},   {49, 1},   {50, 0},   {52, 1},
      {53, 0},   {55, 1},  {58, 1},   {61, 1},   {87, 7},   {90, 7},   {93, 7},   {146, 6},
      {149, 6},  {152, 6}, {158, 11}, {161, 11}, {164, 11}, {167, 11}, {176, 7},  {179, 7},
      {181, 12}, {182, 7}, {185, 7},  {188, 7},  {190, 12}, {193, 12}, {196, 10}, {231, 10}};
  OctalSparseSolver solver(TakeBreakCode::grundy(), OctalSparseSolver::kDefaultWindow);
  std::vector<std::pair<std::int64_t, Value>> found;
  solver.extend_to(232, {}, [&](std::int64_t n, Value v) {
    if (std::popcount(static_cast<std::uint64_t>(v) >> 1) % 2 == 0) found.emplace_back(n, v);
  });
  BOOST_TEST((found == sparse));
}

BOOST_AUTO_TEST_CASE(grundy_sparse_window_agrees_with_every_value_kept) {
  // A window of 2^17 heaps (above the last rare heap, 82,860, and the deepest scan, 36,965)
  // slides at 2^18 and 3·2^17 (from then on heaps 2^17..2^18 - 1 are dropped but the rare ones);
  // the values it emits are those of the solver that keeps every value.
  constexpr std::int64_t kEnd = 400'000;
  OctalSparseSolver all(TakeBreakCode::grundy());
  all.extend_to(kEnd);
  OctalSparseSolver window(TakeBreakCode::grundy(), std::int64_t{1} << 17);
  std::int64_t next = 0;
  std::int64_t wrong = -1;
  window.extend_to(kEnd, {}, [&](std::int64_t n, Value v) {
    if (n != next++ || (wrong < 0 && v != all.value(n))) wrong = n;
  });
  BOOST_TEST(wrong == -1);
  BOOST_TEST(next == kEnd);
  BOOST_TEST(window.mask() == all.mask());
  BOOST_TEST(window.rare_count() == all.rare_count());
  BOOST_TEST(window.memory_bytes() < 4'000'000U);
  BOOST_CHECK_THROW((void)window.value(200'000), std::out_of_range);  // not kept
  BOOST_TEST(window.value(82'860) == all.value(82'860));              // a rare heap
  BOOST_TEST(window.value(kEnd - 1) == all.value(kEnd - 1));
  BOOST_CHECK_THROW((void)window.take_values(), std::logic_error);
}

BOOST_AUTO_TEST_CASE(grundy_sparse_small_window_reads_back_what_it_does_not_keep) {
  // A window of 256 heaps: rare heaps lie beyond it (they go on to 82,860) and scans go deeper,
  // so heaps need values the window dropped; those are read back from the solver's file of every
  // value, and every value is the naive kernel's.
  const auto naive = grundy_values_naive(20'000);
  OctalSparseSolver small(TakeBreakCode::grundy(), 256);
  std::int64_t next = 0;
  std::int64_t wrong = -1;
  small.extend_to(20'001, {}, [&](std::int64_t n, Value v) {
    if (n != next++ || (wrong < 0 && v != naive[static_cast<std::size_t>(n)])) wrong = n;
  });
  BOOST_TEST(wrong == -1);
  BOOST_TEST(next == 20'001);
  BOOST_TEST(small.deep_scans() > 0U);  // the file was read
  BOOST_TEST(small.value(20'000) == naive[20'000]);
}

BOOST_AUTO_TEST_CASE(grundy_sums_by_the_rules_are_nim_sums_of_heap_values) {
  // The naive solver on sums of heaps (moves of the whole sum, no Sprague–Grundy theorem).
  NaiveSolver<GrundySumRules> sums;
  const auto g = grundy_values_naive(14);
  for (std::int64_t a = 0; a <= 14; ++a) {
    for (std::int64_t b = 0; b <= 14; ++b) {
      BOOST_TEST(sums.value({a, b}) == (g[a] ^ g[b]), a << "+" << b);
      if (a + b <= 16) {
        for (std::int64_t c = 0; c <= 6; ++c)
          BOOST_TEST(sums.value({a, b, c}) == (g[a] ^ g[b] ^ g[c]), a << "+" << b << "+" << c);
      }
    }
  }
}

RC_BOOST_PROP(grundy_sparse_equals_naive_at_a_random_heap, ()) {
  const auto n = *rc::gen::inRange<std::int64_t>(0, 1500);
  OctalSparseSolver s(TakeBreakCode::grundy());
  s.extend_to(n + 1);
  RC_ASSERT(s.value(n) == grundy_values_naive(n).back());
}

// ---------------------------------------------------------------------------------------------
// The code and the family
// ---------------------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(grundys_game_is_the_code_4u) {
  const auto g = TakeBreakCode::grundy();
  BOOST_TEST(g.canonical() == "4u.0");
  BOOST_TEST(g.name() == "Grundy's game");
  BOOST_TEST(g.unequal(0));
  BOOST_TEST(!g.unequal(1));
  BOOST_TEST(g.has_unequal_splits());
  const TakeBreakCode octal(OctalCode::parse("4.6"));
  BOOST_TEST(!octal.has_unequal_splits());
  BOOST_TEST(octal.name() == "octal 4.6");
  const TakeBreakCode mixed(OctalCode::parse("4.6"), {0, 1});
  BOOST_TEST(mixed.canonical() == "4u.6u");
  BOOST_CHECK_THROW(TakeBreakCode(OctalCode::parse("4.3"), {1}), InputError);  // 3: no split
}

BOOST_AUTO_TEST_CASE(unequal_splits_of_other_codes_agree_with_a_mex_over_their_options) {
  // Codes other than Grundy's with unequal splits (removals 0, 1 and 2), by the one sparse
  // kernel and by a plain mex over every option the code allows.
  for (const auto& [text, unequal] : std::vector<std::pair<std::string, std::vector<int>>>{
           {"4.6", {0}}, {"0.4", {1}}, {"4.74", {0, 2}}, {"0.164", {2}}, {"0.06", {2}}}) {
    const TakeBreakCode code(OctalCode::parse(text), unequal);
    const std::int64_t n_end = 3000;
    std::vector<Value> g;
    MexSet seen;
    for (std::int64_t n = 0; n < n_end; ++n) {
      seen.clear();
      for_each_octal_option(code.digits(), n, [&](const HeapOption& o) {
        // A split into two equal heaps after a removal whose split must be unequal is no move.
        if (o.second != 0 && o.first == o.second && code.unequal(static_cast<int>(n - 2 * o.first)))
          return;
        seen.add(
            nim_sum(g[static_cast<std::size_t>(o.first)], g[static_cast<std::size_t>(o.second)]));
      });
      g.push_back(seen.mex());
    }
    OctalSparseSolver sparse(code);
    sparse.extend_to(n_end);
    OctalSparseSolver window(code, 300);
    std::int64_t wrong = -1;
    window.extend_to(n_end, {}, [&](std::int64_t n, Value v) {
      if (wrong < 0 && v != g[static_cast<std::size_t>(n)]) wrong = n;
    });
    BOOST_TEST(wrong == -1, code.canonical());
    for (std::int64_t n = 0; n < n_end; ++n)
      BOOST_TEST_REQUIRE(sparse.value(n) == g[static_cast<std::size_t>(n)], code.canonical()
                                                                                << " n=" << n);
  }
}

BOOST_AUTO_TEST_CASE(the_family_and_its_kernels_are_registered) {
  const auto ks = kernels("grundy");
  BOOST_TEST_REQUIRE(ks.size() == 2U);
  BOOST_TEST(ks.front()->reference);
  BOOST_TEST(ks.front()->name == "naive");
  BOOST_TEST((find_game_family("grundy").value_kind == ValueKind::grundy));
  BOOST_CHECK_THROW(make_game("grundy:3"), InputError);
  CrossCheckOptions options;
  options.random_cases = 50;
  options.range = 300;
  const auto game = make_game("grundy");
  const auto r = cross_check(*game, kernels("grundy"), options);
  BOOST_TEST(r.agree(), r.disagreement.dump());
  BOOST_TEST(r.exhaustive_positions > 0U);
}

BOOST_AUTO_TEST_CASE(malformed_and_hostile_positions_are_refused_at_once) {
  const auto start = std::chrono::steady_clock::now();
  const auto grundy = make_game("grundy");
  for (const char* bad : {"", "-3", "3+-1", "a", "3,,5", "3+", "1..", "99999999999999999999"})
    BOOST_CHECK_THROW((void)grundy->parse_position(bad), InputError);
  BOOST_TEST((grundy->parse_position("3+5") == Position{3, 5}));
  BOOST_TEST((grundy->parse_position("3,5") == Position{3, 5}));
  BOOST_TEST((grundy->parse_position("35") == Position{35}));
  BOOST_CHECK_THROW((void)grundy->value({1'000'000'000'000}), InputError);
  BOOST_CHECK_THROW((void)grundy->value({10'000'001}), InputError);
  const auto& naive = find_kernel("grundy", "naive");
  const std::vector<Position> big{{2'000'000'000}};
  BOOST_CHECK_THROW((void)naive.values(*grundy, big), BudgetExceeded);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  BOOST_TEST(seconds < 2.0);
}

BOOST_AUTO_TEST_CASE(value_json) {
  const auto grundy = make_game("grundy");
  {
    const auto j = grundy->value(grundy->parse_position("3+5"));
    BOOST_TEST(*j.value == (1 ^ 2));
    // From 3+5 (values 1 and 2): 5 -> 1+4 (values 0, 2) leaves 3+1+4 of value 1^0^2 = 3 … only
    // moves to value 0 count; check each listed move by the naive kernel.
    const auto g = grundy_values_naive(10);
    for (const auto& m : *j.winning_moves) {
      Value v = 0;
      for (auto h : grundy->parse_position(m)) v ^= g[h];
      BOOST_TEST(v == 0, m);
    }
    const auto p = grundy->value(grundy->parse_position("20"));
    BOOST_TEST(*p.value == 0);
    BOOST_TEST(p.winning_moves->empty());
  }
}

BOOST_AUTO_TEST_SUITE_END()
