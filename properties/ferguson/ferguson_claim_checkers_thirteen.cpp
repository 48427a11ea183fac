// Checkers of Ferguson §1.5 exercise 3, Thirteen (004_2d19be0a5059ae39). Every position is
// solved three ways — NaiveSolver from the rules, the base-5 table, and the §1.3 labelling —
// and the three must agree before an answer is given.
#include "core/base/naive_solver.h"
#include "core/ferguson/ferguson_labelling.h"
#include "core/ferguson/ferguson_thirteen.h"
#include "properties/base/check_helpers.h"

namespace igv {
namespace {

std::string cards_text(const ThirteenRules::Position& counts) {
  std::string s;
  for (std::size_t v = 0; v < counts.size(); ++v) {
    for (std::int64_t k = 0; k < counts[v]; ++k)
      s += (s.empty() ? "" : ",") + std::to_string(v + 1);
  }
  return s.empty() ? "none" : s;
}

/// Solves every position reachable from the start by the three routes; returns the table and
/// writes the agreement (or the first disagreement) into `evidence`.
struct ThirteenSolution {
  ThirteenTable table;
  NaiveSolver<ThirteenRules> naive;
  std::unordered_map<ThirteenRules::Position, PnLabel, IntVectorHash> labels;
  nlohmann::json disagreement = nullptr;
  std::size_t positions = 0;
};

std::unique_ptr<ThirteenSolution> solve_thirteen() {
  auto s = std::make_unique<ThirteenSolution>();
  s->labels = label_reachable(ThirteenRules{}, {thirteen_start()}, PlayConvention::normal);
  s->positions = s->labels.size();
  for (const auto& [pos, label] : s->labels) {
    const Value naive = s->naive.value(pos), fast = s->table.value(pos);
    if ((naive != fast || (naive == 0) != (label == PnLabel::P)) && s->disagreement.is_null()) {
      s->disagreement = {{"cards", cards_text(pos)},
                         {"naive", naive},
                         {"table", fast},
                         {"label", to_string(label)}};
    }
  }
  return s;
}

nlohmann::json routes_evidence(const ThirteenSolution& s) {
  return {
      {"positions_reachable", s.positions},
      {"routes",
       "NaiveSolver (mex from the rules), base-5 table (bottom-up), §1.3 labelling (Steps 1-4)"},
      {"routes_agree", s.disagreement.is_null()}};
}

// ferguson.thirteen with what = "opponent_always_4" (exercise 3(a)).
Outcome check_opponent_always_4(const Claim&, ThirteenSolution& s) {
  const auto play = thirteen_play_subtraction_strategy_vs_fours();
  nlohmann::json turns = nlohmann::json::array();
  for (const auto& t : play.turns) {
    turns.push_back({{"player", t.player == 1 ? "first" : "opponent"},
                     {"card", t.card},
                     {"total", t.total},
                     {"why", t.note}});
  }
  Outcome o;
  o.evidence = routes_evidence(s);
  o.evidence["play"] = turns;
  o.evidence["strategy"] =
      "exercise 2's strategy, derived by the §1.3 labelling of S = {1..6}: turn the card that "
      "leaves 31 - total a P-position of that game";
  if (!play.strategy_broke) {
    o.verdict = Finding::inconclusive;
    o.summary =
        "the simulated play never reached a point where the strategy's card was unavailable";
    return o;
  }
  const Value naive_at_break = s.naive.value(play.position_at_break);
  nlohmann::json replies = nlohmann::json::array();
  for (int card : play.legal_cards_at_break) {
    ThirteenRules::Position next = play.position_at_break;
    ++next[static_cast<std::size_t>(card - 1)];
    nlohmann::json winning_replies = nlohmann::json::array();
    for (int reply = 1; reply <= kThirteenCardValues; ++reply) {
      ThirteenRules::Position after = next;
      if (after[static_cast<std::size_t>(reply - 1)] >= kThirteenCopiesPerValue ||
          thirteen_total(next) + reply > kThirteenLimit)
        continue;
      ++after[static_cast<std::size_t>(reply - 1)];
      if (s.table.value(after) == 0) winning_replies.push_back(reply);
    }
    replies.push_back({{"first_player_turns", card},
                       {"total", thirteen_total(next)},
                       {"opponent_wins_with", winning_replies}});
  }
  const auto total = thirteen_total(play.position_at_break);
  o.evidence["answer"] =
      "The first player reaches total " + std::to_string(total) + " facing cards " +
      cards_text(play.position_at_break) + ": the strategy needs a " +
      std::to_string(play.needed_card) + " but all four are used. The position is a " +
      (play.exact_value_at_break == 0 ? "P" : "N") + "-position for the first player (value " +
      std::to_string(play.exact_value_at_break) + "), so against best play the first player loses.";
  o.evidence["value_at_break"] = {{"table", play.exact_value_at_break}, {"naive", naive_at_break}};
  o.evidence["first_player_options_at_break"] = replies;
  if (!s.disagreement.is_null() || naive_at_break != play.exact_value_at_break) {
    o.verdict = Finding::error;
    o.summary = "the solving routes disagree";
    o.evidence["disagreement"] = s.disagreement;
    return o;
  }
  o.verdict = Finding::verified;
  o.summary = o.evidence["answer"].get<std::string>();
  return o;
}

// ferguson.thirteen with what = "first_player_wins" (exercise 3(b)).
Outcome check_first_player_wins(const Claim&, ThirteenSolution& s) {
  const auto start = thirteen_start();
  nlohmann::json winning_cards = nlohmann::json::array();
  for (int card = 1; card <= kThirteenCardValues; ++card) {
    ThirteenRules::Position next = start;
    ++next[static_cast<std::size_t>(card - 1)];
    if (s.table.value(next) == 0) winning_cards.push_back(card);
  }
  Outcome o;
  o.evidence = routes_evidence(s);
  o.evidence["start_value"] = s.table.value(start);
  o.evidence["winning_first_cards"] = winning_cards;
  o.evidence["how_to_win"] =
      "turn one of the winning first cards, then always turn a card leading to a position of value "
      "0 (the table "
      "lists it; `verify value thirteen CARDS` prints the winning cards of any position)";
  if (!s.disagreement.is_null()) {
    o.verdict = Finding::error;
    o.summary = "the solving routes disagree";
    o.evidence["disagreement"] = s.disagreement;
    return o;
  }
  if (s.table.value(start) == 0) {
    o.refute({{"start_value", 0}});
    o.summary = "the start is a P-position: the first player loses against best play";
    return o;
  }
  o.verdict = Finding::verified;
  o.summary =
      "the start is an N-position (value " + std::to_string(s.table.value(start)) + ", all " +
      std::to_string(s.positions) +
      " reachable positions solved by three routes); winning first cards: " + winning_cards.dump();
  return o;
}

Outcome check_thirteen(const Claim& c, const CheckContext&) {
  const auto what = param<std::string>(c, "what");
  const auto solution = solve_thirteen();
  if (what == "opponent_always_4") return check_opponent_always_4(c, *solution);
  return check_first_player_wins(c, *solution);
}

CheckerSchema thirteen_schema() {
  CheckerSchema s;
  s.establishes =
      "Thirteen solved exactly from the rules: 'opponent_always_4': the previous exercise's "
      "strategy against an opponent who always plays 4 reaches a position where it needs a card "
      "that is used up, and that position loses against best play; 'first_player_wins': the "
      "start is an N-position (with the winning first cards)";
  s.params = {field::choice("what", {"opponent_always_4", "first_player_wins"},
                            "the statement decided (a fixed statement of exercise 3)")
                  .needed()};
  s.example_params = {{"what", "first_player_wins"}};
  return s;
}

}  // namespace

IGV_REGISTER_CHECKER("ferguson.thirteen",
                     "Thirteen (exercise 3) solved exactly from the rules by three routes",
                     check_thirteen, thirteen_schema());

}  // namespace igv
