// Game family "sos:N" (Ferguson §1.5, USAMO 1999) and its kernels. SOS is not normal play, so
// these kernels return outcome codes for the player to move, not Sprague–Grundy values:
// 0 = loss, 1 = win, 2 = draw (SosOutcome). naive: memoised search with mirror symmetry;
// table: the base-3 array of SosTable.
#include <algorithm>
#include <random>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "core/ferguson/ferguson_sos.h"

namespace igv {
namespace {

/// `verify value` uses the base-3 table up to this length (3^16 boards, about 11 MB), the
/// memoised search beyond.
constexpr int kValueTableLength = 16;

Position to_position(const SosBoard& b) {
  Position p;
  for (char c : b) p.push_back(c == 'S' ? 1 : c == 'O' ? 2 : 0);
  return p;
}
SosBoard to_board(const Position& p) {
  SosBoard b;
  for (auto x : p) b += x == 1 ? 'S' : x == 2 ? 'O' : '-';
  return b;
}

class SosGame : public GameInstance {
 public:
  explicit SosGame(int length) : length_(length) {}
  [[nodiscard]] std::string spec() const override { return "sos:" + std::to_string(length_); }
  [[nodiscard]] Position parse_position(std::string_view text) const override {
    return to_position(parse_sos_board(std::string(text), length_));
  }
  [[nodiscard]] std::string format_position(const Position& p) const override {
    return to_board(p);
  }
  [[nodiscard]] ValueAnswer value(const Position& p) const override {
    const SosBoard board = to_board(p);
    // The memoised search beyond the table's length visits up to 3^e boards for e empty
    // squares: more than the table's 3^16 does not fit in memory or time, so it is refused at
    // once instead of failing after minutes and gigabytes.
    const auto empty = std::count(board.begin(), board.end(), '-');
    if (length_ > kValueTableLength && empty > kValueTableLength) {
      throw InputError("verify value " + spec() + ": a board with " + std::to_string(empty) +
                       " empty squares needs up to 3^" + std::to_string(empty) +
                       " boards; boards with at most " + std::to_string(kValueTableLength) +
                       " empty squares (or strips up to sos:" + std::to_string(kValueTableLength) +
                       ") are answered");
    }
    std::unique_ptr<SosTable> table;
    SosNaiveSolver naive;
    if (length_ <= kValueTableLength) table = std::make_unique<SosTable>(length_);
    auto outcome_of = [&](const SosBoard& b) {
      return table ? table->outcome(b) : naive.outcome(b);
    };
    const SosOutcome result = outcome_of(board);
    nlohmann::json moves = nlohmann::json::array();
    std::vector<std::string> wins;
    for (const auto& [move, r] : sos_move_outcomes(board, outcome_of)) {
      SosBoard next = board;
      next[move.square - 1] = move.letter;
      moves.push_back({{"square", move.square},
                       {"letter", std::string(1, move.letter)},
                       {"result", to_string(r)}});
      if (r == SosOutcome::win) wins.push_back(next);
    }
    ValueAnswer a;
    a.game = spec();
    a.position = board;
    a.outcome = to_string(result);
    a.winning_moves = std::move(wins);
    a.kernel = table ? "table" : "naive";
    a.how = table ? "outcome of every board of the strip, bottom-up over the base-3 index"
                  : "memoised search from the rules, boards identified with their mirror images";
    a.details = {{"outcome_for", "the player to move"}, {"moves", moves}};
    return a;
  }
  [[nodiscard]] std::vector<Position> domain(std::int64_t) const override {
    std::vector<Position> out;
    std::uint64_t count = 1;
    for (int i = 0; i < length_; ++i) count *= 3;
    for (std::uint64_t index = 0; index < count; ++index) {
      Position p;
      for (std::uint64_t rest = index, i = 0; i < static_cast<std::uint64_t>(length_);
           ++i, rest /= 3) {
        p.push_back(static_cast<std::int64_t>(rest % 3));
      }
      if (!sos_contains_sos(to_board(p))) out.push_back(p);
    }
    return out;
  }
  [[nodiscard]] Position sample(std::uint64_t seed, std::int64_t size) const override {
    std::mt19937_64 rng(seed);
    SosBoard b(static_cast<std::size_t>(length_), '-');
    for (std::int64_t t = 0; t < size; ++t) {
      const auto i = rng() % b.size();
      const char letter = rng() % 2 ? 'S' : 'O';
      if (b[i] == '-' && !sos_move_completes(b, i, letter)) b[i] = letter;
    }
    return to_position(b);
  }

 private:
  int length_;
};

GameFamily sos_family() {
  GameFamily family{
      "sos",
      "SOS on a 1 x N strip (USAMO 1999; Ferguson §1.5): outcomes win / loss / draw, not normal "
      "play",
      "sos:N (N the number of squares, 1..40)",
      "the squares left to right, '-' empty, 'S' or 'O', e.g. S--- ; 'empty' for the empty strip",
      [](std::string_view params) -> std::unique_ptr<GameInstance> {
        if (params.empty())
          throw InputError("game 'sos' needs the strip length: sos:N, e.g. sos:7");
        const auto n = parse_int(params, "sos strip length");
        if (n < 1 || n > 40)
          throw InputError("sos strip length " + std::to_string(n) + ": expected 1..40");
        return std::make_unique<SosGame>(static_cast<int>(n));
      },
      {"sos:4", "sos:7"},
      4,
      ValueKind::outcome};
  family.plot.shape = PlotHints::Shape::boards;
  family.position_shape = PositionShape::board;
  family.plot.board_symbols = "-SO";
  family.plot.board_positions = "without SOS";
  family.plot.name = [](const GameSpec& spec) {
    return "SOS on a strip of " + spec.argument + " squares";
  };
  return family;
}
IGV_REGISTER_GAME("sos", sos_family);

Kernel sos_naive_kernel() {
  return {"sos", "naive", true,
          "outcome codes (0 loss, 1 win, 2 draw): memoised search, mirror symmetry",
          [](const GameInstance&, std::span<const Position> ps) {
            SosNaiveSolver solver;
            std::vector<Value> out;
            for (const auto& p : ps) out.push_back(static_cast<Value>(solver.outcome(to_board(p))));
            return out;
          }};
}
Kernel sos_table_kernel() {
  return {"sos", "table", false, "outcome codes (0 loss, 1 win, 2 draw): base-3 table of the strip",
          [](const GameInstance&, std::span<const Position> ps) {
            std::unique_ptr<SosTable> table;
            std::vector<Value> out;
            for (const auto& p : ps) {
              if (!table || table->length() != static_cast<int>(p.size())) {
                table = std::make_unique<SosTable>(static_cast<int>(p.size()));
              }
              out.push_back(static_cast<Value>(table->outcome(to_board(p))));
            }
            return out;
          }};
}
IGV_REGISTER_KERNEL(sos_naive_kernel);
IGV_REGISTER_KERNEL(sos_table_kernel);

}  // namespace
}  // namespace igv
