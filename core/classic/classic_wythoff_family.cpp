// The game family `wythoff` (Wythoff's game: two heaps; take any number from one heap or the
// same number from both) and its kernels: "naive" (reference: memoised mex over every move of
// the rules) and "table" (the row-by-row bitset sweep, classic_wythoff_fast_table.h).
//
// Positions: `x,y`. `verify value` gives the Grundy value (by the sweep, which is refused at
// once when it would be too large) and the winning moves from the P-positions
// (a_k, b_k) = (floor(k φ), floor(k φ²)) in exact integer arithmetic
// (classic_wythoff_fast_pairs.h).
#include <algorithm>
#include <random>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "core/classic/classic_wythoff_fast_pairs.h"
#include "core/classic/classic_wythoff_fast_table.h"
#include "core/classic/classic_wythoff_naive.h"

namespace igv {
namespace {

/// The naive kernel stores every square below the position: refused beyond this many.
constexpr std::int64_t kMaxNaiveKernelSquares = 4'000'000;
/// The table kernel keeps the table of a batch (4 bytes a square): at most this many bytes.
constexpr std::uint64_t kMaxTableKernelBytes = std::uint64_t{1} << 30;

class WythoffGame : public GameInstance {
 public:
  [[nodiscard]] std::string spec() const override { return "wythoff"; }
  [[nodiscard]] int coordinates() const override { return 2; }
  [[nodiscard]] Position parse_position(std::string_view text) const override {
    Position p = parse_int_list(text, "wythoff position (x,y: the two heaps)", 3);
    if (p.size() != 2) {
      throw InputError("wythoff position: expected 'x,y' (two heaps), got '" + std::string(text) +
                       "'");
    }
    for (auto h : p) {
      if (h < 0)
        throw InputError("wythoff position: heap sizes must be >= 0, got " + std::to_string(h));
      if (h > kWythoffMaxHeap) {
        throw InputError("wythoff position: heap " + std::to_string(h) + " beyond " +
                         std::to_string(kWythoffMaxHeap));
      }
    }
    return p;
  }
  [[nodiscard]] ValueAnswer value(const Position& p) const override {
    if (p.size() != 2 || p[0] < 0 || p[1] < 0 || p[0] > kWythoffMaxHeap || p[1] > kWythoffMaxHeap) {
      throw InputError("wythoff position: expected two heaps in 0.." +
                       std::to_string(kWythoffMaxHeap) + ", got '" + format_position(p) + "'");
    }
    const std::int64_t x = p[0], y = p[1];
    // The Grundy value needs the sweep of (min + 1) x (max + 1) squares: refused at once
    // (BudgetExceeded, before allocating) beyond 2^27 squares or 256 MiB.
    const Value v = wythoff_grundy_value(x, y);
    const bool p_position = wythoff_is_p_position(x, y);
    if (p_position != (v == 0)) {
      throw std::logic_error("wythoff (" + std::to_string(x) + ", " + std::to_string(y) +
                             "): the sweep and the P-positions disagree");
    }
    std::vector<std::string> moves;
    for (const auto& [a, b] : wythoff_winning_moves(x, y)) moves.push_back(format_position({a, b}));
    const std::int64_t k = std::max(x, y) - std::min(x, y);
    const auto pair = wythoff_pair(k);
    ValueAnswer answer;
    answer.game = spec();
    answer.position = format_position(p);
    answer.value = v;
    answer.outcome = p_position ? "P" : "N";
    answer.winning_moves = std::move(moves);
    answer.kernel = "table";
    answer.how =
        "Grundy value by the row-by-row bitset sweep of the squares below the position; "
        "winning moves to the P-positions (floor(k phi), floor(k phi^2)), computed in exact "
        "integers as ((k + isqrt(5 k^2)) / 2, that + k)";
    answer.details = {{"outcome_for", "the player to move"},
                      {"p_position_with_difference", {{"k", k}, {"a_k", pair.a}, {"b_k", pair.b}}}};
    return answer;
  }
  [[nodiscard]] std::vector<Position> domain(std::int64_t size) const override {
    std::vector<Position> out;
    for (std::int64_t x = 0; x <= size; ++x)
      for (std::int64_t y = 0; y <= size; ++y) out.push_back({x, y});
    return out;
  }
  [[nodiscard]] Position sample(std::uint64_t seed, std::int64_t size) const override {
    std::mt19937_64 rng(seed);
    const auto s = static_cast<std::uint64_t>(size + 1);
    return {static_cast<std::int64_t>(rng() % s), static_cast<std::int64_t>(rng() % s)};
  }
};

GameFamily wythoff_family() {
  GameFamily family{"wythoff",
                    "Wythoff's game: two heaps; take from one heap, or the same number from both",
                    "wythoff",
                    "x,y (the two heaps)",
                    [](std::string_view params) -> std::unique_ptr<GameInstance> {
                      if (!params.empty()) {
                        throw InputError("game 'wythoff' takes no parameters, got 'wythoff:" +
                                         std::string(params) + "'");
                      }
                      return std::make_unique<WythoffGame>();
                    },
                    {"wythoff"},
                    14};
  family.plot.name = [](const GameSpec&) { return std::string("Wythoff's game"); };
  family.position_shape = PositionShape::pair;
  return family;
}
IGV_REGISTER_GAME("wythoff", wythoff_family);

/// The two heaps of a kernel's position, checked.
std::pair<std::int64_t, std::int64_t> heaps_of(const Position& p) {
  if (p.size() != 2 || p[0] < 0 || p[1] < 0) {
    throw InputError("wythoff kernel: a position is two heaps x,y >= 0, got " + format_int_list(p));
  }
  return {p[0], p[1]};
}

Kernel wythoff_naive_kernel() {
  return {"wythoff", "naive", true, "memoised mex over every move of the rules",
          [](const GameInstance&, std::span<const Position> ps) {
            WythoffNaiveSolver solver;
            std::vector<Value> out;
            for (const auto& p : ps) {
              const auto [x, y] = heaps_of(p);
              if ((x + 1) > kMaxNaiveKernelSquares / (y + 1)) {
                throw BudgetExceeded("wythoff naive kernel: more than " +
                                     std::to_string(kMaxNaiveKernelSquares) + " squares below (" +
                                     std::to_string(x) + ", " + std::to_string(y) + ")");
              }
              out.push_back(solver.value({x, y}));
            }
            return out;
          }};
}
Kernel wythoff_table_kernel() {
  return {"wythoff", "table", false,
          "row-by-row sweep with bitsets of the values in each row, column and diagonal",
          [](const GameInstance&, std::span<const Position> ps) {
            std::int64_t rows = 0, cols = 0;
            for (const auto& p : ps) {
              const auto [x, y] = heaps_of(p);
              rows = std::max(rows, x + 1);
              cols = std::max(cols, y + 1);
            }
            const WythoffGrundyTable table(rows, cols, kMaxTableKernelBytes);
            std::vector<Value> out;
            for (const auto& p : ps) out.push_back(table.value(p[0], p[1]));
            return out;
          }};
}
IGV_REGISTER_KERNEL(wythoff_naive_kernel);
IGV_REGISTER_KERNEL(wythoff_table_kernel);

}  // namespace
}  // namespace igv
