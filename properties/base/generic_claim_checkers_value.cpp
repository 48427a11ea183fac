// game.value: the value (or the outcome) of one position of any game and, when listed, its
// winning moves, from the family's GameInstance::value (properties/CLAIMS.md, "Generic claims").
#include <set>

#include "core/base/trusted/errors.h"
#include "properties/base/generic_claim_support.h"

namespace igv::generic_claims {
namespace {

/// "P"/"loss" and "N"/"win" name the same outcomes (for the player to move).
std::string normal_outcome(const std::string& s) {
  if (s == "P" || s == "loss") return "loss";
  if (s == "N" || s == "win") return "win";
  return s;
}

Outcome check_value(const Claim& c, const CheckContext& ctx) {
  (void)ctx;
  const auto gk = GameKernels::make(param<std::string>(c, "game"));
  const Position p = position_from_json(*gk.game, c.params.at("position"));
  ValueRequest request;
  request.max_moves = 100'000;
  const ValueAnswer answer = gk.game->value_limited(p, request);
  Outcome o;
  o.evidence = {{"game", gk.game->spec()},
                {"position", gk.game->format_position(p)},
                {"computed", to_json(answer)},
                {"method", answer.how + " (kernel " +
                               (answer.kernel.empty() ? std::string("?") : answer.kernel) + ")"}};
  nlohmann::json faults = nlohmann::json::array();
  if (c.asserted.contains("value")) {
    if (!answer.value) {
      if (!answer.value_not_computed) throw std::logic_error("the family computed no value");
      throw BudgetExceeded(
          "the value of this position is beyond what the family computes (its outcome alone is "
          "given)");
    }
    if (c.asserted.at("value") != *answer.value) {
      faults.push_back(
          {{"what", "value"}, {"asserted", c.asserted.at("value")}, {"computed", *answer.value}});
    }
  }
  if (c.asserted.contains("outcome")) {
    std::string computed;
    if (answer.outcome) {
      computed = *answer.outcome;
    } else if (answer.value) {
      computed = *answer.value == 0 ? "loss" : "win";
    } else {
      throw std::logic_error("the family computed neither a value nor an outcome");
    }
    const std::string asserted = c.asserted.at("outcome").get<std::string>();
    if (normal_outcome(asserted) != normal_outcome(computed)) {
      faults.push_back({{"what", "outcome (for the player to move)"},
                        {"asserted", asserted},
                        {"computed", normal_outcome(computed) == "loss"  ? "P (loss)"
                                     : normal_outcome(computed) == "win" ? "N (win)"
                                                                         : computed}});
    }
  }
  if (c.asserted.contains("winning_moves")) {
    if (!answer.winning_moves)
      throw BudgetExceeded("the winning moves of this position are too large to list");
    const std::size_t count = answer.winning_moves_total();
    if (count > answer.winning_moves->size()) {
      throw BudgetExceeded(std::to_string(count) + " winning moves: more than the " +
                           std::to_string(request.max_moves) + " compared at most");
    }
    std::set<std::string> computed, asserted;
    for (const auto& m : *answer.winning_moves) {
      computed.insert(gk.game->format_position(gk.game->parse_position(m)));
    }
    for (const auto& m : c.asserted.at("winning_moves")) {
      asserted.insert(gk.game->format_position(position_from_json(*gk.game, m)));
    }
    if (computed != asserted) {
      nlohmann::json missing = nlohmann::json::array(), extra = nlohmann::json::array();
      for (const auto& m : computed)
        if (!asserted.count(m)) missing.push_back(m);
      for (const auto& m : asserted)
        if (!computed.count(m)) extra.push_back(m);
      faults.push_back({{"what", "winning moves"},
                        {"asserted", asserted},
                        {"computed", computed},
                        {"not_listed", missing},
                        {"not_winning", extra}});
    }
  }
  if (faults.empty()) {
    o.verdict = Finding::verified;
    const bool moves = c.asserted.contains("winning_moves");
    o.summary = "the asserted " + std::string(c.asserted.contains("value") ? "value" : "outcome") +
                std::string(moves ? " and winning moves" : "") + " of " +
                gk.game->format_position(p) + (moves ? " agree" : " agrees");
  } else {
    // A value that refutes is confirmed by a second kernel first.
    if (answer.value) o.evidence["confirmed_by"] = confirm_value(gk, p, *answer.value);
    o.refute(faults.front());
    o.evidence["disagreements"] = faults;
    o.summary = faults.front()["what"].get<std::string>() + ": asserted " +
                faults.front()["asserted"].dump() + ", computed " +
                faults.front()["computed"].dump();
  }
  return o;
}

std::string validate_value(const nlohmann::json& params, const nlohmann::json& asserted) {
  if (auto e = check_game(params, false); !e.empty()) return e;
  if (asserted.contains("value") == asserted.contains("outcome"))
    return "asserted: exactly one of 'value' and 'outcome'";
  const auto gk = GameKernels::make(params.at("game").get<std::string>());
  if (asserted.contains("value") && gk.family->value_kind != ValueKind::grundy)
    return "asserted 'value': " + gk.family->name + " has outcomes, not values: assert 'outcome'";
  if (asserted.contains("outcome") && asserted.at("outcome") == "draw" &&
      gk.family->value_kind == ValueKind::grundy)
    return "asserted 'outcome': a game of " + gk.family->name + " ends, it has no draws";
  try {
    (void)position_from_json(*gk.game, params.at("position"));
  } catch (const InputError& e) {
    return std::string("parameter 'position': ") + e.what();
  }
  if (asserted.contains("winning_moves")) {
    const auto& ms = asserted.at("winning_moves");
    for (std::size_t i = 0; i < ms.size(); ++i) {
      try {
        (void)position_from_json(*gk.game, ms[i]);
      } catch (const InputError& e) {
        return "asserted 'winning_moves[" + std::to_string(i) + "]': " + e.what();
      }
    }
  }
  return "";
}

CheckerSchema value_schema() {
  return {
      .establishes =
          "the position's value (or outcome for the player to move) is the asserted "
          "one and, when listed, its winning moves are exactly the asserted ones",
      .params = {game_field(),
                 field::any("position",
                            "the position: a string in the game's syntax, or a list of integers")
                     .needed()},
      .asserted = field::object(
          "",
          {field::integer("value", "the Sprague–Grundy value").at_least(0),
           field::choice("outcome", {"P", "N", "win", "loss", "draw"},
                         "the outcome for the player to move: P (= loss), N (= win), draw"),
           field::list("winning_moves",
                       field::any("", "the position after a winning move, in the game's syntax"),
                       "every winning move, as the position it leaves (optional)")},
          "the value or the outcome (exactly one), and optionally the winning moves"),
      .example_params = {{"game", "digits"}, {"position", "618034"}},
      .example_asserted = {{"value", 1}, {"winning_moves", {"612034"}}},
      .validate = validate_value,
  };
}

IGV_REGISTER_CHECKER("game.value",
                     "the value or outcome of one position of any game, and its "
                     "winning moves",
                     check_value, value_schema());

}  // namespace
}  // namespace igv::generic_claims
