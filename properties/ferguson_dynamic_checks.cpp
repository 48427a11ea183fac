// Checkers of Ferguson §1.5, dynamic subtraction (a) and Fibonacci Nim (b)
// (004_2d19be0a5059ae39): the best move from 44 and from 43, the n for which the second player
// wins, the closed forms (largest power of 2 dividing the heap; smallest Zeckendorf term), and
// Zeckendorf's theorem with the notes' example 43 = 34 + 8 + 1.
#include <algorithm>

#include "core/ferguson_dynamic.h"
#include "core/naive_solver.h"
#include "properties/check_helpers.h"

namespace igv {
namespace {

DynamicRule rule_param(const Claim& c) {
  const auto r = require_param(c, "rule").get<std::string>();
  if (r == "a") return DynamicRule::at_most_previous;
  if (r == "b") return DynamicRule::at_most_twice_previous;
  throw std::invalid_argument(
      "claim " + c.id + ": rule must be 'a' (at most the previous take) or 'b' (Fibonacci Nim)");
}

bool closed_form_p(DynamicRule rule, std::int64_t heap, std::int64_t max_take) {
  return rule == DynamicRule::at_most_previous ? dynamic_a_is_p_closed_form(heap, max_take)
                                               : fibonacci_nim_is_p_closed_form(heap, max_take);
}
std::int64_t closed_form_take(DynamicRule rule, std::int64_t heap) {
  return rule == DynamicRule::at_most_previous ? largest_power_of_two_dividing(heap)
                                               : zeckendorf_greedy(heap).back();
}
const char* closed_form_text(DynamicRule rule) {
  return rule == DynamicRule::at_most_previous
             ? "take the largest power of 2 dividing the heap"
             : "take the smallest term of the heap's Zeckendorf representation";
}

Outcome check_best_move(const Claim& c, DynamicRule rule) {
  const std::int64_t n = require_param(c, "n").get<std::int64_t>();
  const auto start = dynamic_start(n);
  NaiveSolver<DynamicSubtractionRules> naive(DynamicSubtractionRules{rule});
  const DynamicSubtractionTable table(rule, n);
  const std::int64_t multiplier = static_cast<std::int64_t>(rule);
  nlohmann::json takes = nlohmann::json::array();
  bool agree = naive.value(start) == table.value(start.first, start.second);
  for (std::int64_t t = 1; t <= start.second; ++t) {
    const Value v = naive.value({n - t, multiplier * t});
    agree = agree && v == table.value(n - t, multiplier * t);
    if (v == 0) takes.push_back(t);
  }
  const std::int64_t predicted = closed_form_take(rule, n);
  const bool predicted_wins =
      std::find(takes.begin(), takes.end(), nlohmann::json(predicted)) != takes.end();
  Outcome o;
  o.evidence = {
      {"start", {{"heap", n}, {"largest_take", n - 1}}},
      {"value", naive.value(start)},
      {"winning_first_takes", takes},
      {"closed_form",
       {{"rule", closed_form_text(rule)},
        {"take", predicted},
        {"is_a_winning_take", predicted_wins}}},
      {"routes",
       std::string("NaiveSolver and the bottom-up table agree on the start and every option: ") +
           (agree ? "yes" : "no")}};
  if (rule == DynamicRule::at_most_twice_previous) {
    o.evidence["zeckendorf"] = zeckendorf_greedy(n);
  }
  if (!agree) {
    o.verdict = Verdict::error;
    o.summary = "the two solving routes disagree";
    return o;
  }
  std::string answer;
  if (takes.empty()) {
    answer = "from " + std::to_string(n) + " the first player has no winning move (a P-position)";
  } else {
    answer =
        "from " + std::to_string(n) + " the winning first moves take " + takes.dump() +
        " chips; the closed form (" + closed_form_text(rule) + ") gives " +
        std::to_string(predicted) +
        (takes.size() > 1 ? ", and the other listed takes win as well" : ", the only winning move");
  }
  o.evidence["answer"] = answer;
  o.verdict = predicted_wins || takes.empty() ? Verdict::verified : Verdict::refuted;
  if (o.verdict == Verdict::refuted)
    o.counterexample = {{"heap", n}, {"closed_form_take", predicted}};
  o.summary = answer;
  return o;
}

Outcome check_second_player_n(const Claim& c, const CheckContext& ctx, DynamicRule rule) {
  const std::int64_t max_n = ctx.scaled(param<std::int64_t>(c, "max_n", 3000), 2);
  const std::int64_t naive_max =
      std::min(max_n, ctx.scaled(param<std::int64_t>(c, "naive_max_n", 200), 2));
  const std::int64_t closed_max =
      std::min(max_n, ctx.scaled(param<std::int64_t>(c, "closed_form_max_heap", 1500), 2));
  const DynamicSubtractionTable table(rule, max_n);
  NaiveSolver<DynamicSubtractionRules> naive(DynamicSubtractionRules{rule});
  const auto fib = fibonacci_numbers_up_to(max_n);
  auto finding = [&](std::int64_t n) {
    return rule == DynamicRule::at_most_previous
               ? (n & (n - 1)) == 0
               : std::find(fib.begin(), fib.end(), n) != fib.end();
  };
  nlohmann::json counterexample = nullptr, second_player = nlohmann::json::array();
  for (std::int64_t n = 1; n <= max_n && counterexample.is_null(); ++n) {
    const auto [h, k] = dynamic_start(n);
    const bool p = table.value(h, k) == 0;
    if (p) second_player.push_back(n);
    if (n <= naive_max && (naive.value({h, k}) == 0) != p) {
      counterexample = {{"n", n}, {"failure", "naive and table disagree"}};
    } else if (p != finding(n)) {
      counterexample = {{"n", n}, {"second_player_wins", p}, {"finding_predicts", finding(n)}};
    }
  }
  std::uint64_t closed_positions = 0;
  for (std::int64_t h = 0; h <= closed_max && counterexample.is_null(); ++h) {
    for (std::int64_t k = 0; k <= h; ++k) {
      ++closed_positions;
      const bool p = table.value(h, k) == 0;
      if (p != closed_form_p(rule, h, k)) {
        counterexample = {{"heap", h},
                          {"largest_take", k},
                          {"computed", p ? "P" : "N"},
                          {"closed_form_failure", true}};
        break;
      }
      if (!p && table.value(h - closed_form_take(rule, h),
                            std::min(h, static_cast<std::int64_t>(rule) *
                                            closed_form_take(rule, h))) != 0) {
        counterexample = {
            {"heap", h}, {"largest_take", k}, {"failure", "the closed-form take does not win"}};
        break;
      }
    }
  }
  const std::string finding_text =
      rule == DynamicRule::at_most_previous
          ? "the second player wins exactly when n is a power of 2"
          : "the second player wins exactly when n is a Fibonacci number";
  Outcome o = exhaustive_outcome(
      {{"starts", "n = 1.." + std::to_string(max_n) + " (bottom-up table), n <= " +
                      std::to_string(naive_max) + " also by NaiveSolver"},
       {"closed_form", "every (heap, largest take) with heap <= " + std::to_string(closed_max)}},
      static_cast<std::uint64_t>(max_n) + closed_positions, counterexample,
      counterexample.is_null()
          ? "finding: " + finding_text + " (n <= " + std::to_string(max_n) +
                "); the closed form (" + closed_form_text(rule) +
                ") decides every position with heap <= " + std::to_string(closed_max)
          : "");
  o.evidence["finding"] = finding_text;
  o.evidence["second_player_n"] = second_player;
  o.evidence["not_proved"] = "checked up to the stated bounds only";
  return o;
}

Outcome check_zeckendorf(const Claim& c, const CheckContext& ctx) {
  const std::int64_t max = ctx.scaled(param<std::int64_t>(c, "max", 100000));
  nlohmann::json counterexample = nullptr;
  for (std::int64_t h = 1; h <= max && counterexample.is_null(); ++h) {
    const auto count = count_nonadjacent_fibonacci_representations(h);
    const auto greedy = zeckendorf_greedy(h);
    const auto fib = fibonacci_numbers_up_to(h);
    std::int64_t sum = 0;
    bool adjacent = false;
    for (std::size_t i = 0; i < greedy.size(); ++i) {
      sum += greedy[i];
      if (i > 0) {
        const auto a = std::find(fib.begin(), fib.end(), greedy[i - 1]) - fib.begin();
        const auto b = std::find(fib.begin(), fib.end(), greedy[i]) - fib.begin();
        adjacent = adjacent || a - b <= 1;
      }
    }
    if (count != 1 || sum != h || adjacent) {
      counterexample = {{"n", h}, {"non_adjacent_representations", count}, {"greedy", greedy}};
    }
  }
  Outcome o = exhaustive_outcome(
      "every n = 1.." + std::to_string(max), static_cast<std::uint64_t>(max), counterexample,
      counterexample.is_null()
          ? "every n <= " + std::to_string(max) +
                " has exactly one representation as a sum of non-adjacent Fibonacci numbers "
                "(counted by exhaustive search), and the greedy one is it"
          : "");
  o.evidence["not_proved"] = "checked up to the stated bound only";
  return o;
}

Outcome check_example_43(const Claim& c) {
  const std::int64_t n = require_param(c, "n").get<std::int64_t>();
  const auto unique = c.asserted.at("unique").get<std::vector<std::int64_t>>();
  const auto adjacent_example = c.asserted.at("adjacent_example").get<std::vector<std::int64_t>>();
  const auto all = fibonacci_representations(n);
  const auto fib = fibonacci_numbers_up_to(n);
  auto index_of = [&](std::int64_t f) {
    return std::find(fib.begin(), fib.end(), f) - fib.begin();
  };
  auto has_adjacent = [&](const std::vector<std::int64_t>& r) {
    for (std::size_t i = 1; i < r.size(); ++i)
      if (index_of(r[i - 1]) - index_of(r[i]) == 1) return true;
    return false;
  };
  nlohmann::json non_adjacent = nlohmann::json::array();
  for (const auto& r : all)
    if (!has_adjacent(r)) non_adjacent.push_back(r);
  const bool example_is_representation =
      std::find(all.begin(), all.end(), adjacent_example) != all.end();
  const bool unique_ok = non_adjacent.size() == 1 && non_adjacent[0] == nlohmann::json(unique) &&
                         zeckendorf_greedy(n) == unique;
  Outcome o;
  o.evidence = {{"representations_as_distinct_fibonacci_numbers", all},
                {"non_adjacent", non_adjacent},
                {"adjacent_example_is_a_representation", example_is_representation},
                {"adjacent_example_has_adjacent_terms", has_adjacent(adjacent_example)}};
  if (unique_ok && example_is_representation && has_adjacent(adjacent_example)) {
    o.verdict = Verdict::verified;
    o.summary = std::to_string(n) + " has " + std::to_string(all.size()) +
                " representations as sums of distinct Fibonacci numbers; exactly one, " +
                nlohmann::json(unique).dump() + ", has no adjacent terms; " +
                nlohmann::json(adjacent_example).dump() + " is one with adjacent terms";
  } else {
    o.verdict = Verdict::refuted;
    o.counterexample = {{"non_adjacent", non_adjacent},
                        {"adjacent_example_ok", example_is_representation}};
    o.summary = "the example does not hold as printed";
  }
  return o;
}

Outcome check_dynamic(const Claim& c, const CheckContext& ctx) {
  const auto what = require_param(c, "what").get<std::string>();
  if (what == "best_move") return check_best_move(c, rule_param(c));
  if (what == "second_player_n") return check_second_player_n(c, ctx, rule_param(c));
  if (what == "zeckendorf") return check_zeckendorf(c, ctx);
  if (what == "example_43") return check_example_43(c);
  if (what == "fibonacci_sequence") {
    const auto fib = fibonacci_numbers_up_to(1000);
    return compare_sequence(
        c.asserted,
        [&](std::int64_t i) { return nlohmann::json(fib.at(static_cast<std::size_t>(i - 1))); }, 1,
        "F_1, F_2, … with F1 = 1, F2 = 2, F(n+1) = F(n) + F(n-1)");
  }
  throw std::invalid_argument("claim " + c.id + ": unknown what '" + what + "'");
}

}  // namespace

IGV_REGISTER_CHECKER(
    "ferguson.dynamic",
    "dynamic subtraction (a) and Fibonacci Nim (b): best moves, second-player n, closed forms, "
    "Zeckendorf",
    check_dynamic);

}  // namespace igv
