// The classic module: Wythoff's game and misère Nim (Grundy's game is a take-and-break code of the
// octal module: tests/octal/test_octal_grundy.cpp). Naive against fast kernels
// on ranges, the published prefixes (as checked against the naive kernels), Wythoff's
// P-positions against the golden-ratio formula in exact integers, Bouton's misère rule against
// the naive search, the families' positions, JSON and size guards.
#include <rapidcheck/boost_test.h>

#include <bit>
#include <boost/test/unit_test.hpp>
#include <chrono>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/naive_solver.h"
#include "core/base/trusted/errors.h"
#include "core/classic/classic_misere_nim_fast_bouton.h"
#include "core/classic/classic_misere_nim_naive.h"
#include "core/classic/classic_wythoff_fast_pairs.h"
#include "core/classic/classic_wythoff_fast_table.h"
#include "core/classic/classic_wythoff_naive.h"
#include "properties/kernels/cross_check.h"

using namespace igv;

namespace {
__extension__ using u128 = unsigned __int128;

/// Whether a = floor(k φ), φ = (1 + √5) / 2, decided in exact integers without a square root:
/// a <= k φ < a + 1  <=>  2a - k <= k √5 < 2a + 2 - k  <=>  (2a - k)^2 <= 5k^2 < (2a + 2 - k)^2
/// (both sides are non-negative when 2a >= k).
bool is_floor_k_phi(std::int64_t k, std::int64_t a) {
  if (2 * static_cast<u128>(a) < static_cast<u128>(k)) return false;
  const u128 lo = 2 * static_cast<u128>(a) - static_cast<u128>(k);
  const u128 hi = lo + 2;
  const u128 five_k2 = 5 * static_cast<u128>(k) * static_cast<u128>(k);
  return lo * lo <= five_k2 && five_k2 < hi * hi;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(classic, *boost::unit_test::label("classic"))

// ---------------------------------------------------------------------------------------------
// Wythoff's game
// ---------------------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(wythoff_moves_follow_the_rules) {
  const WythoffRules rules;
  auto m = rules.moves({2, 1});
  std::sort(m.begin(), m.end());
  const std::vector<WythoffRules::Position> expected{{0, 1}, {1, 0}, {1, 1}, {2, 0}};
  BOOST_TEST((m == expected));
  BOOST_TEST(rules.moves({0, 0}).empty());
  BOOST_TEST(rules.moves({3, 3}).size() == 9U);
}

BOOST_AUTO_TEST_CASE(wythoff_naive_table_matches_the_published_antidiagonals_of_a004481) {
  // OEIS A004481: the Grundy table read by antidiagonals from G(0,0): as given in the brief.
  const std::vector<Value> a004481{0, 1, 1, 2, 2, 2, 3, 0, 0, 3, 4, 4, 1, 4,
                                   4, 5, 5, 5, 5, 5, 5, 6, 3, 3, 6, 3, 3, 6};
  WythoffNaiveSolver naive;
  std::vector<Value> antidiagonals;
  for (std::int64_t s = 0; antidiagonals.size() < a004481.size(); ++s)
    for (std::int64_t x = 0; x <= s; ++x) antidiagonals.push_back(naive.value({x, s - x}));
  BOOST_TEST(antidiagonals == a004481);
}

BOOST_AUTO_TEST_CASE(wythoff_table_kernel_equals_naive_up_to_48) {
  const std::int64_t n = 48;
  const auto naive = wythoff_table_naive(n);
  const WythoffGrundyTable table(n + 1, n + 1);
  for (std::int64_t x = 0; x <= n; ++x)
    for (std::int64_t y = 0; y <= n; ++y)
      BOOST_TEST_REQUIRE(table.value(x, y) == naive[static_cast<std::size_t>(x * (n + 1) + y)],
                         "(" << x << "," << y << ")");
  // Non-square tables and the single-value sweep agree with the square one.
  const WythoffGrundyTable wide(7, 49), tall(49, 7);
  for (std::int64_t x = 0; x < 7; ++x) {
    for (std::int64_t y = 0; y <= n; ++y) {
      BOOST_TEST_REQUIRE(wide.value(x, y) == table.value(x, y));
      BOOST_TEST_REQUIRE(tall.value(y, x) == table.value(y, x));
      BOOST_TEST_REQUIRE(wythoff_grundy_value(x, y) == table.value(x, y));
      BOOST_TEST_REQUIRE(wythoff_grundy_value(y, x) == table.value(y, x));
    }
  }
  BOOST_CHECK_THROW((void)table.value(n + 1, 0), std::out_of_range);
  // The single-value sweep (upper triangle, by symmetry) on every square.
  for (std::int64_t x = 0; x <= n; ++x)
    for (std::int64_t y = 0; y <= n; ++y)
      BOOST_TEST_REQUIRE(wythoff_grundy_value(x, y) == table.value(x, y),
                         "(" << x << "," << y << ")");
}

BOOST_AUTO_TEST_CASE(wythoff_table_kernel_is_symmetric_and_larger_tables_agree_with_sweeps) {
  const WythoffGrundyTable table(300, 300);
  for (std::int64_t x = 0; x < 300; x += 7)
    for (std::int64_t y = 0; y < 300; y += 5)
      BOOST_TEST_REQUIRE(table.value(x, y) == table.value(y, x));
  BOOST_TEST(wythoff_grundy_value(299, 151) == table.value(299, 151));
  BOOST_TEST(wythoff_grundy_value(5, 280) == table.value(5, 280));
}

BOOST_AUTO_TEST_CASE(wythoff_p_positions_by_mex_equal_the_golden_ratio_formula) {
  const auto by_mex = wythoff_pairs_by_mex(200'000);
  for (std::int64_t k = 0; k < 200'000; ++k) {
    const auto& p = by_mex[static_cast<std::size_t>(k)];
    BOOST_TEST_REQUIRE((wythoff_pair(k) == p), "k=" << k);
    BOOST_TEST_REQUIRE(is_floor_k_phi(k, p.a), "k=" << k);
    BOOST_TEST_REQUIRE(p.b == p.a + k);
  }
  // Known terms: A000201 (lower Wythoff) and A001950 (upper), from k = 1.
  const std::vector<std::int64_t> lower{1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24};
  const std::vector<std::int64_t> upper{2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39};
  for (std::size_t i = 0; i < lower.size(); ++i) {
    BOOST_TEST(by_mex[i + 1].a == lower[i]);
    BOOST_TEST(by_mex[i + 1].b == upper[i]);
  }
}

BOOST_AUTO_TEST_CASE(wythoff_p_positions_are_the_zeros_of_the_naive_table) {
  const std::int64_t n = 60;
  const auto naive = wythoff_table_naive(n);
  for (std::int64_t x = 0; x <= n; ++x) {
    for (std::int64_t y = 0; y <= n; ++y) {
      const bool zero = naive[static_cast<std::size_t>(x * (n + 1) + y)] == 0;
      BOOST_TEST_REQUIRE(wythoff_is_p_position(x, y) == zero, "(" << x << "," << y << ")");
    }
  }
}

BOOST_AUTO_TEST_CASE(wythoff_winning_moves_are_the_naive_moves_to_value_zero) {
  WythoffNaiveSolver naive;
  for (std::int64_t x = 0; x <= 30; ++x) {
    for (std::int64_t y = 0; y <= 30; ++y) {
      auto expected = naive.winning_moves({x, y});
      auto got = wythoff_winning_moves(x, y);
      std::sort(expected.begin(), expected.end());
      std::sort(got.begin(), got.end());
      BOOST_TEST_REQUIRE((got == expected), "(" << x << "," << y << ")");
    }
  }
}

RC_BOOST_PROP(isqrt_is_the_exact_integer_square_root, ()) {
  const auto high = *rc::gen::inRange<std::uint64_t>(0, std::uint64_t{1} << 62);
  const auto low = *rc::gen::arbitrary<std::uint64_t>();
  const auto small = *rc::gen::arbitrary<bool>();
  const u128 n = small ? u128{low} : (u128{high} << 64) | low;
  const u128 r = isqrt_u128(small ? 0 : high, low);
  RC_ASSERT(r * r <= n);
  RC_ASSERT((r + 1) * (r + 1) > n);
}

RC_BOOST_PROP(wythoff_closed_form_is_floor_k_phi_for_large_k, ()) {
  const auto k = *rc::gen::inRange<std::int64_t>(0, kWythoffMaxPairIndex);
  const auto p = wythoff_pair(k);
  RC_ASSERT(is_floor_k_phi(k, p.a));
  RC_ASSERT(p.b == p.a + k);
}

RC_BOOST_PROP(wythoff_partners_pair_up_every_heap, ()) {
  const auto n = *rc::gen::inRange<std::int64_t>(0, kWythoffMaxHeap / 2);  // partner <= 1.62 n
  const auto m = wythoff_partner(n);
  RC_ASSERT(wythoff_partner(m) == n);
  RC_ASSERT(wythoff_is_p_position(n, m));
  RC_ASSERT(wythoff_is_p_position(m, n));
  if (n > 0) {
    RC_ASSERT(!wythoff_is_p_position(n, m + 1));
    RC_ASSERT(m == n || !wythoff_is_p_position(n, n));
  }
}

// ---------------------------------------------------------------------------------------------
// Misère Nim
// ---------------------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(misere_nim_terminal_and_small_positions) {
  MisereNimNaiveSolver naive;
  BOOST_TEST(naive.outcome({}) == kMisereWin);      // no move: the opponent moved last
  BOOST_TEST(naive.outcome({0, 0}) == kMisereWin);  // the same
  BOOST_TEST(naive.outcome({1}) == kMisereLoss);    // must take the last token
  BOOST_TEST(naive.outcome({1, 1}) == kMisereWin);
  BOOST_TEST(naive.outcome({2}) == kMisereWin);  // take 1, leave {1}
  BOOST_TEST(naive.outcome({2, 2}) == kMisereLoss);
}

BOOST_AUTO_TEST_CASE(bouton_rule_equals_naive_on_every_position_of_four_heaps_up_to_6) {
  MisereNimNaiveSolver naive;
  std::size_t checked = 0;
  for (int heaps = 0; heaps <= 4; ++heaps) {
    std::vector<std::int64_t> p(static_cast<std::size_t>(heaps), 0);
    for (;;) {
      BOOST_TEST_REQUIRE(misere_nim_outcome_bouton(p) == naive.outcome(p), format_int_list(p));
      // Winning moves: exactly the moves to a loss.
      std::vector<std::vector<std::int64_t>> expected, got;
      for (const auto& o : MisereNimRules{}.moves(p))
        if (naive.outcome(o) == kMisereLoss) expected.push_back(o);
      for_each_misere_nim_winning_move(p, [&](std::size_t i, std::int64_t t) {
        auto next = p;
        next[i] = t;
        got.push_back(next);
      });
      std::sort(expected.begin(), expected.end());
      std::sort(got.begin(), got.end());
      BOOST_TEST_REQUIRE((got == expected), format_int_list(p));
      ++checked;
      int i = 0;
      while (i < heaps && p[static_cast<std::size_t>(i)] == 6) p[static_cast<std::size_t>(i++)] = 0;
      if (i == heaps) break;
      ++p[static_cast<std::size_t>(i)];
    }
  }
  BOOST_TEST(checked == 1U + 7U + 49U + 343U + 2401U);
}

RC_BOOST_PROP(bouton_rule_equals_naive_on_random_positions, ()) {
  const auto p = *rc::gen::container<std::vector<std::int64_t>>(
      *rc::gen::inRange<std::size_t>(0, 6), rc::gen::inRange<std::int64_t>(0, 8));
  double size = 1;
  for (auto h : p) size *= static_cast<double>(h + 1);
  RC_PRE(size <= 200'000);
  MisereNimNaiveSolver naive;
  RC_ASSERT(misere_nim_outcome_bouton(p) == naive.outcome(p));
}

// ---------------------------------------------------------------------------------------------
// The families: registration, positions, JSON, guards, cross-checks
// ---------------------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(families_and_kernels_are_registered) {
  for (const char* name : {"wythoff", "misere-nim"}) {
    const auto ks = kernels(name);
    BOOST_TEST_REQUIRE(ks.size() == 2U, name);
    BOOST_TEST(ks.front()->reference, name);
    BOOST_TEST(ks.front()->name == "naive");
  }
  for (const auto* f : game_families()) {
    if (f->name == "misere-nim") BOOST_TEST((f->value_kind == ValueKind::outcome));
    if (f->name == "wythoff") BOOST_TEST((f->value_kind == ValueKind::grundy));
  }
  BOOST_CHECK_THROW(make_game("wythoff:1"), InputError);
  BOOST_CHECK_THROW(make_game("misere-nim:x"), InputError);
}

BOOST_AUTO_TEST_CASE(every_kernel_agrees_with_the_reference_on_the_examples) {
  CrossCheckOptions options;
  options.random_cases = 50;
  for (const char* name : {"wythoff", "misere-nim"}) {
    const auto game = make_game(name);
    options.range = name == std::string("wythoff") ? 14 : 6;
    const auto r = cross_check(*game, kernels(name), options);
    BOOST_TEST(r.agree(), name << ": " << r.disagreement.dump());
    BOOST_TEST(r.exhaustive_positions > 0U);
  }
}

BOOST_AUTO_TEST_CASE(malformed_and_negative_positions_are_input_errors) {
  const auto wythoff = make_game("wythoff");
  const auto misere = make_game("misere-nim");
  for (const char* bad : {"", "3", "1,2,3", "-1,2", "2,x", "4611686018427387905,1"})
    BOOST_CHECK_THROW((void)wythoff->parse_position(bad), InputError);
  for (const char* bad : {"", "-1", "3,-5", "1;2", "0..2000000"})
    BOOST_CHECK_THROW((void)misere->parse_position(bad), InputError);
  BOOST_TEST((wythoff->parse_position("3,5") == Position{3, 5}));
  BOOST_TEST((misere->parse_position("3,5,6") == Position{3, 5, 6}));
}

BOOST_AUTO_TEST_CASE(hostile_positions_are_refused_at_once) {
  const auto start = std::chrono::steady_clock::now();
  const auto wythoff = make_game("wythoff");
  BOOST_CHECK_THROW((void)wythoff->value({1'000'000'000'000, 1'000'000'000'000}), BudgetExceeded);
  BOOST_CHECK_THROW((void)wythoff->value({1, 1'000'000'000'000}), BudgetExceeded);
  const auto& table = find_kernel("wythoff", "table");
  const std::vector<Position> huge{{3'000'000'000, 5}};
  BOOST_CHECK_THROW((void)table.values(*wythoff, huge), BudgetExceeded);
  const auto misere = make_game("misere-nim");
  const auto& mnaive = find_kernel("misere-nim", "naive");
  const std::vector<Position> wide{{100, 100, 100, 100, 100}};
  BOOST_CHECK_THROW((void)mnaive.values(*misere, wide), BudgetExceeded);
  // Bouton's rule answers any position at once.
  const auto j = misere->value({1'000'000'000'000'000'000, 1'000'000'000'000'000'000});
  BOOST_TEST(*j.outcome == "P");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  BOOST_TEST(seconds < 2.0);
}

BOOST_AUTO_TEST_CASE(value_json_of_each_family) {
  const auto wythoff = make_game("wythoff");
  {
    const auto j = wythoff->value({3, 5});
    BOOST_TEST(*j.value == 0);
    BOOST_TEST(*j.outcome == "P");
    BOOST_TEST(j.winning_moves->empty());
    const auto k = wythoff->value({4, 5});
    BOOST_TEST(*k.outcome == "N");
    WythoffNaiveSolver naive;
    BOOST_TEST(*k.value == naive.value({4, 5}));
    std::set<std::string> moves;
    for (const auto& m : *k.winning_moves) moves.insert(m);
    BOOST_TEST((moves == std::set<std::string>{"3,5", "1,2"}));
  }
  const auto misere = make_game("misere-nim");
  {
    const auto j = misere->value({1, 1, 1});
    BOOST_TEST(*j.outcome == "P");
    BOOST_TEST(j.winning_moves->empty());
    const auto k = misere->value({1, 1});
    BOOST_TEST(*k.outcome == "N");
    BOOST_TEST((*k.winning_moves == std::vector<std::string>{"0,1", "1,0"}));
    const auto l = misere->value({3, 5, 6});
    BOOST_TEST(*l.outcome == "P");
    const auto m = misere->value({2, 1});
    BOOST_TEST(*m.winning_moves == std::vector<std::string>{"0,1"});
    const auto limited = misere->value_limited(Position(1000, 7), ValueRequest{3});
    BOOST_TEST(limited.winning_moves->size() == 0U);  // 1000 heaps of 7: nim-sum 0, P
    const auto many = misere->value_limited({7, 3, 1, 1, 1, 1, 9, 9}, ValueRequest{1});
    BOOST_TEST(many.winning_moves->size() <= 1U);
  }
}

BOOST_AUTO_TEST_SUITE_END()
