// The SOS game (28th USAMO, 1999), Ferguson §1.5 (004_2d19be0a5059ae39): a row of n squares,
// initially empty. Players take turns choosing an empty square and writing S or O in it. The
// first player to complete S-O-S in consecutive squares wins; if the board fills with no SOS
// anywhere, the game is a draw.
//
// This is not normal play: the outcome of a position, for the player about to move, is win,
// loss or draw. A position never holds an SOS (the game ends when one appears). Cells are
// written '-' (empty), 'S', 'O'; in the base-3 index of a board, cell i is digit i (0 empty,
// 1 S, 2 O).
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace igv {

enum class SosOutcome : std::uint8_t { loss = 0, win = 1, draw = 2 };
const char* to_string(SosOutcome o);
inline std::ostream& operator<<(std::ostream& os, SosOutcome o) {
  return os << to_string(o);
}

/// The largest strip the base-3 table supports (3^20 boards; memory 2 bits each).
inline constexpr int kSosMaxTableLength = 20;

/// A board: one char per square, '-', 'S' or 'O'.
using SosBoard = std::string;

/// True when the board holds S, O, S in consecutive squares.
bool sos_contains_sos(const SosBoard& board);

/// True when writing `letter` in the empty square `cell` completes an SOS through that square.
bool sos_move_completes(const SosBoard& board, std::size_t cell, char letter);

/// Parses "S---", "s-o-", "____" or "empty:N"; throws InputError naming the text.
SosBoard parse_sos_board(const std::string& text, int expected_length);

/// A move: the square (1-based, as the notes count) and the letter.
struct SosMove {
  std::size_t square = 0;
  char letter = 'S';
};

/// Naive route, straight from the rules: depth-first search with a memo over boards, each
/// board stored once with its mirror image (reading the row from the other end is the same
/// game). Throws BudgetExceeded beyond `max_boards` memo entries.
class SosNaiveSolver {
 public:
  explicit SosNaiveSolver(std::size_t max_boards = 30'000'000) : max_boards_(max_boards) {}
  /// Outcome for the player to move. The board must hold no SOS.
  SosOutcome outcome(const SosBoard& board);
  [[nodiscard]] std::size_t boards_stored() const;

 private:
  std::size_t max_boards_;
  struct Memo;
  std::shared_ptr<Memo> memo_;
};

/// Fast route: the outcome of every board of a 1 x n strip, bottom-up over the base-3 index.
/// Writing a letter in an empty square raises the index, so scanning the indices from 3^n - 1
/// down to 0 solves every option before the board itself. Two bits per board.
class SosTable {
 public:
  explicit SosTable(int length);
  [[nodiscard]] int length() const { return length_; }
  [[nodiscard]] SosOutcome outcome(const SosBoard& board) const;
  [[nodiscard]] std::uint64_t boards() const { return boards_; }
  [[nodiscard]] std::uint64_t bytes() const { return packed_.size(); }

 private:
  [[nodiscard]] SosOutcome at(std::uint64_t index) const;
  int length_;
  std::uint64_t boards_;
  std::vector<std::uint8_t> packed_;
};

/// Every move of `board` and its result for the mover, from a solved outcome function.
template <class OutcomeOf>
std::vector<std::pair<SosMove, SosOutcome>> sos_move_outcomes(const SosBoard& board,
                                                              OutcomeOf&& outcome_of) {
  std::vector<std::pair<SosMove, SosOutcome>> out;
  for (std::size_t i = 0; i < board.size(); ++i) {
    if (board[i] != '-') continue;
    for (char letter : {'S', 'O'}) {
      SosOutcome result;
      if (sos_move_completes(board, i, letter)) {
        result = SosOutcome::win;
      } else {
        SosBoard next = board;
        next[i] = letter;
        const SosOutcome opponent = outcome_of(next);
        result = opponent == SosOutcome::loss  ? SosOutcome::win
                 : opponent == SosOutcome::win ? SosOutcome::loss
                                               : SosOutcome::draw;
      }
      out.push_back({SosMove{i + 1, letter}, result});
    }
  }
  return out;
}

}  // namespace igv
