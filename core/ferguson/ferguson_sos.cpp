#include "core/ferguson/ferguson_sos.h"

#include <algorithm>
#include <array>
#include <unordered_map>

#include "core/base/trusted/errors.h"

namespace igv {

const char* to_string(SosOutcome o) {
  switch (o) {
    case SosOutcome::win:
      return "win";
    case SosOutcome::loss:
      return "loss";
    case SosOutcome::draw:
      break;
  }
  return "draw";
}

bool sos_contains_sos(const SosBoard& board) {
  for (std::size_t i = 0; i + 2 < board.size(); ++i) {
    if (board[i] == 'S' && board[i + 1] == 'O' && board[i + 2] == 'S') return true;
  }
  return false;
}

bool sos_move_completes(const SosBoard& board, std::size_t cell, char letter) {
  auto at = [&](std::size_t i) { return i == cell ? letter : board[i]; };
  // The three windows of three squares that contain `cell`.
  for (std::size_t start = cell >= 2 ? cell - 2 : 0; start <= cell && start + 2 < board.size();
       ++start) {
    if (at(start) == 'S' && at(start + 1) == 'O' && at(start + 2) == 'S') return true;
  }
  return false;
}

SosBoard parse_sos_board(const std::string& text, int expected_length) {
  SosBoard board;
  if (text.rfind("empty", 0) == 0 || text == "start") {
    board.assign(static_cast<std::size_t>(expected_length), '-');
    return board;
  }
  for (char c : text) {
    if (c == '-' || c == '_' || c == '.')
      board += '-';
    else if (c == 'S' || c == 's')
      board += 'S';
    else if (c == 'O' || c == 'o' || c == '0')
      board += 'O';
    else
      throw InputError("sos position '" + text + "': expected squares written '-', 'S' or 'O'");
  }
  if (expected_length > 0 && static_cast<int>(board.size()) != expected_length) {
    throw InputError("sos position '" + text + "': expected " + std::to_string(expected_length) +
                     " squares, got " + std::to_string(board.size()));
  }
  if (board.empty()) throw InputError("sos position: the strip has no squares");
  if (sos_contains_sos(board)) {
    throw InputError("sos position '" + text + "': it already holds SOS, so the game is over");
  }
  return board;
}

// ---------------------------------------------------------------------------------------------
// Naive route: depth-first search from the rules, memo keyed by the board or its mirror image.
// ---------------------------------------------------------------------------------------------
struct SosNaiveSolver::Memo {
  std::unordered_map<std::string, SosOutcome> outcome;
};

std::size_t SosNaiveSolver::boards_stored() const {
  return memo_ ? memo_->outcome.size() : 0;
}

SosOutcome SosNaiveSolver::outcome(const SosBoard& board) {
  if (!memo_) memo_ = std::make_shared<Memo>();
  SosBoard mirror(board.rbegin(), board.rend());
  const SosBoard& key = std::min(board, mirror);
  if (auto it = memo_->outcome.find(key); it != memo_->outcome.end()) return it->second;
  bool some_draw = false;
  bool some_empty = false;
  SosOutcome result = SosOutcome::loss;
  SosBoard next = board;
  for (std::size_t i = 0; i < board.size() && result != SosOutcome::win; ++i) {
    if (board[i] != '-') continue;
    some_empty = true;
    for (char letter : {'S', 'O'}) {
      if (sos_move_completes(board, i, letter)) {
        result = SosOutcome::win;  // the mover completes SOS and wins at once
        break;
      }
      next[i] = letter;
      const SosOutcome opponent = outcome(next);
      next[i] = '-';
      if (opponent == SosOutcome::loss) {
        result = SosOutcome::win;
        break;
      }
      if (opponent == SosOutcome::draw) some_draw = true;
    }
  }
  // A full board without SOS is a draw; otherwise a draw is the best a non-winner can force.
  if (!some_empty)
    result = SosOutcome::draw;
  else if (result != SosOutcome::win && some_draw)
    result = SosOutcome::draw;
  if (memo_->outcome.size() >= max_boards_) {
    throw BudgetExceeded("SOS naive solver: more than " + std::to_string(max_boards_) +
                         " boards stored");
  }
  memo_->outcome.emplace(key, result);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Fast route: the base-3 table.
// ---------------------------------------------------------------------------------------------
namespace {
constexpr std::uint8_t kEmpty = 0, kS = 1, kO = 2;
}

SosTable::SosTable(int length) : length_(length), boards_(1) {
  if (length < 1 || length > kSosMaxTableLength) {
    throw InputError("SOS table: strip length " + std::to_string(length) + " outside 1.." +
                     std::to_string(kSosMaxTableLength));
  }
  std::array<std::uint64_t, kSosMaxTableLength + 1> power{};
  power[0] = 1;
  for (int i = 1; i <= length; ++i)
    power[static_cast<std::size_t>(i)] = power[static_cast<std::size_t>(i - 1)] * 3;
  boards_ = power[static_cast<std::size_t>(length)];
  packed_.assign((boards_ + 3) / 4, 0);
  const auto n = static_cast<std::size_t>(length);
  std::array<std::uint8_t, kSosMaxTableLength + 2> cell{};
  auto completes = [&](std::size_t c, std::uint8_t letter) {
    auto at = [&](std::size_t i) { return i == c ? letter : cell[i]; };
    for (std::size_t start = c >= 2 ? c - 2 : 0; start <= c && start + 2 < n; ++start) {
      if (at(start) == kS && at(start + 1) == kO && at(start + 2) == kS) return true;
    }
    return false;
  };
  for (std::uint64_t index = boards_; index-- > 0;) {
    std::uint64_t rest = index;
    for (std::size_t i = 0; i < n; ++i) {
      cell[i] = static_cast<std::uint8_t>(rest % 3);
      rest /= 3;
    }
    // Boards that already hold SOS are never asked for (the game ended); their entries are
    // computed like any other and never read.
    bool some_empty = false, some_draw = false, win = false;
    for (std::size_t i = 0; i < n && !win; ++i) {
      if (cell[i] != kEmpty) continue;
      some_empty = true;
      for (std::uint8_t letter : {kS, kO}) {
        if (completes(i, letter)) {
          win = true;
          break;
        }
        const SosOutcome opponent = at(index + letter * power[i]);
        if (opponent == SosOutcome::loss) {
          win = true;
          break;
        }
        if (opponent == SosOutcome::draw) some_draw = true;
      }
    }
    const SosOutcome result = win                          ? SosOutcome::win
                              : (!some_empty || some_draw) ? SosOutcome::draw
                                                           : SosOutcome::loss;
    packed_[index / 4] = static_cast<std::uint8_t>(
        packed_[index / 4] | (static_cast<unsigned>(result) << (2 * (index % 4))));
  }
}

SosOutcome SosTable::at(std::uint64_t index) const {
  return static_cast<SosOutcome>((packed_[index / 4] >> (2 * (index % 4))) & 3U);
}

SosOutcome SosTable::outcome(const SosBoard& board) const {
  if (static_cast<int>(board.size()) != length_) {
    throw InputError("SOS table: board of " + std::to_string(board.size()) + " squares, table of " +
                     std::to_string(length_));
  }
  std::uint64_t index = 0;
  for (std::size_t i = board.size(); i-- > 0;) {
    index = index * 3 + (board[i] == 'S' ? kS : board[i] == 'O' ? kO : kEmpty);
  }
  return at(index);
}

}  // namespace igv
