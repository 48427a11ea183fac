// Checker of Ferguson §1.5, the SOS game (USAMO 1999) (004_2d19be0a5059ae39): (a) n = 4 after S
// in the first square, the second player wins; (b) n = 7, the first player wins; (c) n = 2000,
// the second player wins; (d) n = 14, who wins. SOS is not normal play: each position's outcome
// (win / loss / draw for the player to move) is computed by two routes, the base-3 table and the
// memoised search with mirror symmetry, and both must agree.
#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/ferguson/ferguson_sos.h"
#include "properties/base/check_helpers.h"

namespace igv {
namespace {

const char* for_first_player(SosOutcome mover, bool first_player_moves) {
  // Outcome of the player to move, turned into "who wins".
  if (mover == SosOutcome::draw) return "draw";
  const bool mover_wins = mover == SosOutcome::win;
  return mover_wins == first_player_moves ? "first player wins" : "second player wins";
}

Outcome check_sos(const Claim& c, const CheckContext& ctx) {
  const int length = param<int>(c, "length");
  const std::string board_text = param<std::string>(c, "board");
  const int naive_max = param<int>(c, "naive_max_length");
  Outcome o;
  // The work grows like 3^n, so the budget moves the reach by log_3(budget) squares: a budget
  // of 10 adds two squares, 0.1 removes two from the evidence strips (never from the table
  // limit, which must cover the notes' n = 14).
  const int budget_squares =
      static_cast<int>(std::floor(std::log(std::max(ctx.budget, 1e-9)) / std::log(3.0)));
  const int table_max =
      std::min(kSosMaxTableLength, param<int>(c, "table_max_length") + std::max(0, budget_squares));
  if (length > table_max) {
    // Beyond reach: report what was solved (every strip up to the table limit) and stop.
    nlohmann::json solved = nlohmann::json::array();
    const int evidence_max = std::max(
        1, std::min(table_max, param<int>(c, "evidence_max_length") +
                                   (stated(c, "evidence_max_length") ? 0 : budget_squares)));
    for (int n = 1; n <= evidence_max; ++n) {
      ctx.require_time("SOS strips");
      const auto t0 = std::chrono::steady_clock::now();
      const SosTable table(n);
      const auto result = table.outcome(SosBoard(static_cast<std::size_t>(n), '-'));
      solved.push_back(
          {{"n", n},
           {"outcome", for_first_player(result, true)},
           {"seconds",
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()}});
    }
    o.verdict = Finding::inconclusive;
    o.summary = "n = " + std::to_string(length) + " is beyond exhaustive reach (3^" +
                std::to_string(length) +
                " boards); strips solved exactly up to n = " + std::to_string(evidence_max) +
                "; no machine-checked proof for n = " + std::to_string(length);
    o.evidence = {
        {"reason", o.summary},
        {"solved_strips", solved},
        {"note",
         "the outcomes of the solved strips are evidence about the pattern, not a proof for n = " +
             std::to_string(length)}};
    return o;
  }
  const SosBoard board = parse_sos_board(board_text, length);
  const auto filled = std::count_if(board.begin(), board.end(), [](char x) { return x != '-'; });
  const bool first_player_moves = filled % 2 == 0;
  const SosTable table(length);
  const SosOutcome by_table = table.outcome(board);
  o.evidence = {{"board", board},
                {"player_to_move", first_player_moves ? "first" : "second"},
                {"outcome_for_player_to_move", to_string(by_table)},
                {"table_boards", table.boards()}};
  bool agree = true;
  if (length <= naive_max) {
    SosNaiveSolver naive;
    const SosOutcome by_naive = naive.outcome(board);
    agree = by_naive == by_table;
    o.evidence["naive_boards_stored"] = naive.boards_stored();
    o.evidence["routes"] =
        std::string("base-3 table and memoised search with mirror symmetry agree: ") +
        (agree ? "yes" : "no");
  } else {
    o.evidence["routes"] =
        "base-3 table only (the memoised search is cross-checked against it on every strip up to n "
        "= " +
        std::to_string(naive_max) + " in the test suite)";
  }
  nlohmann::json winning = nlohmann::json::array();
  for (const auto& [move, r] :
       sos_move_outcomes(board, [&](const SosBoard& b) { return table.outcome(b); })) {
    if (r == SosOutcome::win)
      winning.push_back(std::to_string(move.square) + ":" + std::string(1, move.letter));
  }
  o.evidence["winning_moves_of_player_to_move"] = winning;
  const std::string who = for_first_player(by_table, first_player_moves);
  o.evidence["answer"] = who;
  if (!agree) {
    o.verdict = Finding::error;
    o.summary = "the two solving routes disagree";
    return o;
  }
  const auto claimed = c.asserted.get<std::string>();
  o.summary = "n = " + std::to_string(length) + ", board " + board + ": " + who +
              " (exhaustive); the notes: " + claimed;
  if (claimed == who) {
    o.verdict = Finding::verified;
  } else {
    o.refute({{"board", board}, {"computed", who}, {"claimed", claimed}});
  }
  return o;
}

CheckerSchema sos_schema() {
  CheckerSchema s;
  s.establishes =
      "on the 1 x length strip from the stated board, with best play the asserted "
      "player wins (or it is a draw), solved exhaustively by two routes";
  s.params = {field::integer("length", "the strip's length n").at_least(1).needed(),
              field::string("board", "the board: 'empty', or one character per square (S, O or -)")
                  .nonempty()
                  .fallback("empty"),
              field::integer("naive_max_length", "longest strip also solved by the memoised search")
                  .in(1, 16)
                  .fallback(13),
              field::integer("table_max_length", "longest strip solved by the base-3 table")
                  .in(1, 20)
                  .fallback(16),
              field::integer("evidence_max_length",
                             "beyond reach: strips solved as evidence up to this length")
                  .in(1, 20)
                  .fallback(16)
                  .budget_scaled()};
  s.asserted = field::choice("", {"first player wins", "second player wins", "draw"},
                             "the outcome with best play");
  s.example_params = {{"length", 4}, {"board", "S---"}};
  s.example_asserted = "second player wins";
  return s;
}

}  // namespace

IGV_REGISTER_CHECKER("ferguson.sos", "SOS on a 1 x n strip: outcome with best play, by two routes",
                     check_sos, sos_schema());

}  // namespace igv
