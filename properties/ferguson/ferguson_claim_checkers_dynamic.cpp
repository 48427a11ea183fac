// Checkers of Ferguson §1.5, dynamic subtraction (a) and Fibonacci Nim (b)
// (004_2d19be0a5059ae39): the best move from 44 and from 43, the n for which the second player
// wins, the closed forms (largest power of 2 dividing the heap; smallest Zeckendorf term), and
// Zeckendorf's theorem with the notes' example 43 = 34 + 8 + 1.
#include <algorithm>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/base/naive_solver.h"
#include "core/base/trusted/errors.h"
#include "core/ferguson/ferguson_dynamic.h"
#include "properties/base/check_helpers.h"

namespace igv {
namespace {

DynamicRule rule_param(const Claim& c) {
  return param<std::string>(c, "rule") == "a" ? DynamicRule::at_most_previous
                                              : DynamicRule::at_most_twice_previous;
}

Field rule_field() {
  return field::choice("rule", {"a", "b"},
                       "'a': at most the previous take (dynamic subtraction); 'b': at most twice "
                       "the previous take (Fibonacci Nim)")
      .needed();
}

// The characterisations of "the second player wins exactly when n is …" that a claim may state,
// each computed here from its own definition, independently of the game.
const std::vector<std::string>& characterisations() {
  static const std::vector<std::string> names{"powers_of_two", "fibonacci", "lucas",
                                              "odd",           "even",      "triangular"};
  return names;
}

bool in_characterisation(const std::string& name, std::int64_t n) {
  if (name == "powers_of_two") return n > 0 && (n & (n - 1)) == 0;
  if (name == "odd") return n % 2 == 1;
  if (name == "even") return n % 2 == 0;
  if (name == "triangular") {
    for (std::int64_t k = 1, t = 1; t <= n; ++k, t += k)
      if (t == n) return true;
    return false;
  }
  // Fibonacci as the notes index it (F1 = 1, F2 = 2, F(k+1) = F(k) + F(k-1)); Lucas from
  // L0 = 2, L1 = 1, L(k+1) = L(k) + L(k-1).
  std::int64_t a = name == "fibonacci" ? 1 : 2, b = name == "fibonacci" ? 2 : 1;
  for (; a <= n || b <= n; std::tie(a, b) = std::pair{b, a + b})
    if (a == n || b == n) return true;
  return false;
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

Outcome check_best_move(const Claim& c, const CheckContext&) {
  const DynamicRule rule = rule_param(c);
  const std::int64_t n = param<std::int64_t>(c, "n");
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
    o.verdict = Finding::error;
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
  o.summary = answer;
  const nlohmann::json& printed = c.asserted.at("winning_takes");
  nlohmann::json printed_sorted = printed;
  std::sort(printed_sorted.begin(), printed_sorted.end());
  if (printed_sorted != takes) {
    o.refute({{"heap", n}, {"printed_winning_takes", printed}, {"computed", takes}});
    o.summary = "from " + std::to_string(n) + " the winning first takes are " + takes.dump() +
                ", not " + printed.dump();
    return o;
  }
  if (predicted_wins || takes.empty()) {
    o.verdict = Finding::verified;
  } else {
    o.refute({{"heap", n}, {"closed_form_take", predicted}});
  }
  return o;
}

Outcome check_second_player_n(const Claim& c, const CheckContext& ctx) {
  const DynamicRule rule = rule_param(c);
  const std::string stated_set = param<std::string>(c, "second_player_wins");
  const std::int64_t max_n = domain_param(c, ctx, "max_n", 2);
  const std::int64_t naive_max = std::min(max_n, domain_param(c, ctx, "naive_max_n", 2));
  const std::int64_t closed_max = std::min(max_n, domain_param(c, ctx, "closed_form_max_heap", 2));
  const DynamicSubtractionTable table(rule, max_n);
  NaiveSolver<DynamicSubtractionRules> naive(DynamicSubtractionRules{rule});
  // The statement the claim makes, decided for every n <= max_n (the least failing n first).
  auto finding = [&](std::int64_t n) { return in_characterisation(stated_set, n); };
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
      "the second player wins exactly when n is in '" + stated_set + "'";
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
  if (counterexample.contains("finding_predicts")) {
    const bool p = counterexample["second_player_wins"].get<bool>();
    o.summary = "the statement fails first at n = " + counterexample["n"].dump() + ": the " +
                (p ? "second" : "first") + " player wins there, but " + counterexample["n"].dump() +
                (p ? " is not" : " is") + " in '" + stated_set + "'";
  }
  o.evidence["finding"] = finding_text;
  o.evidence["second_player_n"] = second_player;
  o.evidence["not_proved"] = "checked up to the stated bounds only";
  return o;
}

Outcome check_zeckendorf(const Claim& c, const CheckContext& ctx) {
  const std::int64_t max = domain_param(c, ctx, "max");
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

Outcome check_example_43(const Claim& c, const CheckContext&) {
  const std::int64_t n = param<std::int64_t>(c, "n");
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
    o.verdict = Finding::verified;
    o.summary = std::to_string(n) + " has " + std::to_string(all.size()) +
                " representations as sums of distinct Fibonacci numbers; exactly one, " +
                nlohmann::json(unique).dump() + ", has no adjacent terms; " +
                nlohmann::json(adjacent_example).dump() + " is one with adjacent terms";
  } else {
    o.refute({{"non_adjacent", non_adjacent}, {"adjacent_example_ok", example_is_representation}});
    o.summary = "the example does not hold as printed";
  }
  return o;
}

Outcome check_fibonacci_sequence(const Claim& c, const CheckContext&) {
  const auto fib = fibonacci_numbers_up_to(std::int64_t{1} << 60);
  if (c.asserted.size() > fib.size())
    throw BudgetExceeded("more printed Fibonacci numbers than fit in 64 bits");
  return compare_sequence(
      c.asserted,
      [&](std::int64_t i) { return nlohmann::json(fib.at(static_cast<std::size_t>(i - 1))); }, 1,
      "F_1, F_2, … with F1 = 1, F2 = 2, F(n+1) = F(n) + F(n-1)");
}

CheckerSchema second_player_schema() {
  CheckerSchema s;
  s.establishes =
      "in dynamic subtraction (rule a) or Fibonacci Nim (rule b) from a heap of n, the second "
      "player wins exactly for the n in the stated set, for every n = 1..max_n; and the closed "
      "form decides every position with heap <= closed_form_max_heap";
  s.params = {
      rule_field(),
      field::choice("second_player_wins", characterisations(),
                    "the stated set of n for which the second player wins (each set computed from "
                    "its definition; fibonacci as F1 = 1, F2 = 2, lucas from L0 = 2, L1 = 1)")
          .needed(),
      field::integer("max_n", "largest starting heap n checked")
          .at_least(2)
          .fallback(3000)
          .budget_scaled(),
      field::integer("naive_max_n", "starting heaps also solved by the naive solver")
          .at_least(2)
          .fallback(200)
          .budget_scaled(),
      field::integer("closed_form_max_heap", "largest heap on which the closed form is checked")
          .at_least(2)
          .fallback(1500)
          .budget_scaled()};
  s.example_params = {{"rule", "b"}, {"second_player_wins", "fibonacci"}, {"max_n", 300}};
  return s;
}

CheckerSchema best_move_schema() {
  CheckerSchema s;
  s.establishes =
      "from a heap of n (the first move may take up to n - 1), the winning first "
      "takes are exactly the asserted ones";
  s.params = {rule_field(), field::integer("n", "the starting heap").in(2, 2000).needed()};
  s.asserted = field::object(
      "",
      {field::integers("winning_takes", "every winning first take (empty: a P-position)").needed()},
      "the winning first moves");
  s.example_params = {{"rule", "a"}, {"n", 44}};
  s.example_asserted = {{"winning_takes", {4, 12}}};
  return s;
}

CheckerSchema zeckendorf_schema() {
  CheckerSchema s;
  s.establishes =
      "every n = 1..max has exactly one representation as a sum of non-adjacent "
      "Fibonacci numbers, the greedy one (Zeckendorf)";
  s.params = {
      field::integer("max", "largest n checked").at_least(1).fallback(100000).budget_scaled()};
  s.example_params = {{"max", 1000}};
  return s;
}

CheckerSchema example_43_schema() {
  CheckerSchema s;
  s.establishes =
      "n has exactly one non-adjacent Fibonacci representation, the asserted one, and "
      "the asserted example is a representation with adjacent terms";
  s.params = {field::integer("n", "the number represented").in(1, 1000000).needed()};
  s.asserted = field::object(
      "",
      {field::integers("unique", "the unique non-adjacent representation, largest term first")
           .needed(),
       field::integers("adjacent_example", "a representation with adjacent terms").needed()},
      "the printed representations");
  s.example_params = {{"n", 43}};
  s.example_asserted = {{"unique", {34, 8, 1}}, {"adjacent_example", {34, 5, 3, 1}}};
  return s;
}

CheckerSchema fibonacci_sequence_schema() {
  CheckerSchema s;
  s.establishes = "the asserted list is F_1, F_2, … with F1 = 1, F2 = 2, F(n+1) = F(n) + F(n-1)";
  s.asserted = field::integers("", "the printed Fibonacci numbers from F_1").items(1);
  s.example_asserted = {1, 2, 3, 5, 8};
  return s;
}

}  // namespace

IGV_REGISTER_CHECKER("ferguson.dynamic",
                     "dynamic subtraction (a) and Fibonacci Nim (b): the stated set of n where the "
                     "second player wins, and the closed forms",
                     check_second_player_n, second_player_schema());
IGV_REGISTER_CHECKER("ferguson.dynamic.best_move",
                     "dynamic subtraction (a) and Fibonacci Nim (b): the winning first moves",
                     check_best_move, best_move_schema());
IGV_REGISTER_CHECKER("ferguson.fibonacci.zeckendorf",
                     "Zeckendorf's theorem, exhaustively for n <= max", check_zeckendorf,
                     zeckendorf_schema());
IGV_REGISTER_CHECKER("ferguson.fibonacci.example",
                     "a printed Zeckendorf example: the unique representation and an adjacent one",
                     check_example_43, example_43_schema());
IGV_REGISTER_CHECKER("ferguson.fibonacci.sequence", "the printed Fibonacci numbers F1 = 1, F2 = 2",
                     check_fibonacci_sequence, fibonacci_sequence_schema());

}  // namespace igv
