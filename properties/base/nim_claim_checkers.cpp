// Checkers for Nim and the rook game (000_a85f04da58584fa6 §1 and Table 1, left).
#include <rapidcheck.h>

#include <optional>

#include "core/base/nim.h"
#include "properties/base/check_helpers.h"
#include "properties/base/property_runner.h"

namespace igv {

namespace {

Value combine_heaps(const Position& heaps, const std::string& operation) {
  Value v = 0;
  for (auto h : heaps) {
    if (operation == "xor") {
      v = nim_sum(v, h);
    } else if (operation == "plus") {
      v += h;
    } else {
      throw std::invalid_argument("unknown operation '" + operation + "' (expected xor or plus)");
    }
  }
  return v;
}

// The counterexample with the fewest chips (then fewest heaps) among lists of at most
// `max_heaps` heaps with at most `max_total` chips in all; nullopt when there is none.
std::optional<Position> least_counterexample(const std::string& op, std::int64_t max_total,
                                             std::size_t max_heaps) {
  NaiveSolver<NimRules> solver;
  for (std::int64_t total = 0; total <= max_total; ++total) {
    for (std::size_t k = 1; k <= max_heaps; ++k) {
      // Every composition of `total` into k non-negative parts.
      Position q(k, 0);
      q[0] = total;
      while (true) {
        if (solver.value(q) != combine_heaps(q, op)) return q;
        // Next composition: move one unit from the first non-zero part (not the last) rightwards.
        std::size_t i = 0;
        while (i + 1 < k && q[i] == 0) ++i;
        if (i + 1 >= k) break;
        const auto carry = q[i] - 1;
        q[i] = 0;
        ++q[i + 1];
        q[0] = carry;
      }
    }
  }
  return std::nullopt;
}

// g(H_a + H_b + …) = a ⊕ b ⊕ …: the left side by the naive solver on Nim's rules, every list
// of up to `exhaustive_heaps` heaps of at most `exhaustive_max_heap`, then random lists.
Outcome check_nim_sum_formula(const Claim& c, const CheckContext& ctx) {
  const std::string op = param<std::string>(c, "operation");
  const int heaps = param<int>(c, "exhaustive_heaps");
  const auto max_heap = domain_param(c, ctx, "exhaustive_max_heap", 0);
  const int random_heaps = param<int>(c, "random_max_heaps");
  const int random_max = param<int>(c, "random_max_heap");
  NaiveSolver<NimRules> solver;
  std::uint64_t cases = 0;
  Position p(static_cast<std::size_t>(heaps), 0);
  // Odometer over {0..max_heap}^k for k = 0..heaps (shorter lists first, so the first failure
  // found is a smallest one).
  for (int k = 0; k <= heaps; ++k) {
    Position q(static_cast<std::size_t>(k), 0);
    while (true) {
      ++cases;
      const Value got = solver.value(q);
      if (got != combine_heaps(q, op)) {
        return exhaustive_outcome(
            {{"heaps", "every list of 0.." + std::to_string(heaps) + " heaps of size 0.." +
                           std::to_string(max_heap)}},
            cases, {{"heaps", q}, {"naive_value", got}, {"formula", combine_heaps(q, op)}}, "");
      }
      std::size_t i = 0;
      while (i < q.size() && q[i] == max_heap) q[i++] = 0;
      if (i == q.size()) break;
      ++q[i];
    }
  }
  Outcome o =
      exhaustive_outcome({{"heaps", "every list of 0.." + std::to_string(heaps) +
                                        " heaps, each of size 0.." + std::to_string(max_heap)}},
                         cases, nullptr,
                         "naive value equals the " + op + " of the heaps on all " +
                             std::to_string(cases) + " positions");
  o.evidence["method"] = "naive solver (memoised mex over every Nim move) against the formula";
  const Outcome r = run_property(
      ctx, "g(H_a + H_b + ...) = a " + op + " b " + op + " ... (random heaps)",
      [op, random_heaps, random_max]() {
        const auto q = *rc::gen::resize(
            random_heaps,
            rc::gen::container<Position>(rc::gen::inRange<std::int64_t>(0, random_max + 1)));
        NaiveSolver<NimRules> s;
        RC_ASSERT(s.value(q) == combine_heaps(q, op));
      },
      std::max(1, ctx.random_cases / 10));
  o.evidence["random"] = r.evidence;
  if (r.verdict == Verdict::refuted) {
    Outcome bad = r;
    bad.evidence["exhaustive"] = o.evidence;
    // RapidCheck's shrink is local; search every position of smaller total below it for the
    // least counterexample (fewest chips, then fewest heaps).
    if (auto least = least_counterexample(op, 24, static_cast<std::size_t>(random_heaps))) {
      nlohmann::json counterexample = bad.counterexample();
      counterexample["minimal"] = {
          {"heaps", *least},
          {"naive_value", NaiveSolver<NimRules>{}.value(*least)},
          {"formula", combine_heaps(*least, op)},
          {"how", "exhaustive search by total heap size after the RapidCheck failure"}};
      bad.refute(std::move(counterexample));
      bad.summary += "; least counterexample " + format_int_list(*least, false);
    }
    return bad;
  }
  o.summary += "; " + r.summary + " with up to " + std::to_string(random_heaps) +
               " heaps of size <= " + std::to_string(random_max);
  return o;
}

// g(m, n) = m ⊕ n for the rook game, every square of [0, max]^2, by the naive solver.
Outcome check_rook_formula(const Claim& c, const CheckContext& ctx) {
  const auto max = domain_param(c, ctx, "max", 1);
  NaiveSolver<RookRules> solver;
  std::uint64_t cases = 0;
  for (std::int64_t s = 0; s <= 2 * max; ++s) {  // by anti-diagonals: smallest m + n first
    for (std::int64_t m = std::max<std::int64_t>(0, s - max); m <= std::min(s, max); ++m) {
      const std::int64_t n = s - m;
      ++cases;
      const Value got = solver.value({m, n});
      if (got != nim_sum(m, n)) {
        return exhaustive_outcome(
            {{"squares", "0 <= m, n <= " + std::to_string(max)}}, cases,
            {{"m", m}, {"n", n}, {"naive_value", got}, {"m_xor_n", nim_sum(m, n)}}, "");
      }
    }
  }
  Outcome o = exhaustive_outcome(
      {{"squares", "0 <= m, n <= " + std::to_string(max)}}, cases, nullptr,
      "naive rook-game value equals m xor n on all " + std::to_string(cases) + " squares");
  o.evidence["method"] = "naive solver over the rook's moves (left or up any number of squares)";
  return o;
}

// Table 1 (left): every printed cell against the naive rook-game value.
Outcome check_rook_table(const Claim& c, const CheckContext&) {
  NaiveSolver<RookRules> solver;
  Outcome o = compare_table(
      c.asserted,
      [&](std::int64_t m, std::int64_t n) {
        return solver.value({m, n});
      },
      0, 0, "Table 1 (left)");
  o.evidence["method"] = "naive solver over the rook's moves; cross-checked with m xor n";
  return o;
}

CheckerSchema nim_sum_formula_schema() {
  return {
      .establishes =
          "g(H_a + H_b + ...), by the naive solver on Nim's rules, equals the named "
          "operation of the heaps on every list of at most `exhaustive_heaps` heaps "
          "of size <= `exhaustive_max_heap` (and on random lists beyond: passed)",
      .params =
          {field::choice("operation", {"xor", "plus"},
                         "the stated formula: the nim-sum (xor) or ordinary addition (plus) "
                         "of the heaps")
               .needed(),
           field::integer("exhaustive_heaps", "most heaps in the exhaustive lists")
               .in(0, 6)
               .fallback(3),
           field::integer("exhaustive_max_heap", "largest heap in the exhaustive lists")
               .in(0, 1000)
               .fallback(7)
               .budget_scaled(),
           field::integer("random_max_heaps", "most heaps in a random list").in(1, 20).fallback(5),
           field::integer("random_max_heap", "largest heap in a random list")
               .in(0, 10000)
               .fallback(40)},
      .asserted = std::nullopt,
      .example_params = {{"operation", "xor"}},
  };
}

CheckerSchema rook_formula_schema() {
  return {
      .establishes =
          "the rook game (a rook moving left or up) has g(m, n) = m xor n on every "
          "square 0 <= m, n <= max, by the naive solver",
      .params = {field::integer("max", "largest coordinate checked")
                     .in(1, 4096)
                     .fallback(63)
                     .budget_scaled()},
      .asserted = std::nullopt,
      .example_params = {{"max", 15}},
  };
}

CheckerSchema rook_table_schema() {
  return {
      .establishes =
          "every printed cell (m, n) of the table, rows and columns from 0, equals the "
          "rook game's value by the naive solver",
      .params = {},
      .asserted = field::table("", "the printed table: row m lists g(m, 0), g(m, 1), ...").items(1),
      .example_params = nlohmann::json::object(),
      .example_asserted = {{0, 1}, {1, 0}},
  };
}

}  // namespace

IGV_REGISTER_CHECKER("nim.sum_formula", "g(H_a + H_b + ...) against a formula of the heaps",
                     check_nim_sum_formula, nim_sum_formula_schema());
IGV_REGISTER_CHECKER("rook.formula", "rook game g(m, n) = m xor n on a square", check_rook_formula,
                     rook_formula_schema());
IGV_REGISTER_CHECKER("rook.table", "a printed table of the rook game, cell by cell",
                     check_rook_table, rook_table_schema());

}  // namespace igv
