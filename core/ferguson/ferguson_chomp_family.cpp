// Game family "chomp" (Ferguson §1.5) and its kernels: naive (NaiveSolver over diagrams) and
// box (ChompBoxTable over the diagrams of the smallest box holding the positions).
#include <algorithm>
#include <random>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "core/ferguson/ferguson_chomp.h"
#include "core/ferguson/ferguson_family.h"

namespace igv {
namespace {

/// `verify value` solves the diagrams of the position's box; beyond this many it refuses.
constexpr std::uint64_t kValueBoxDiagramLimit = 3'000'000;

std::uint64_t diagrams_in_box(std::int64_t rows, std::int64_t columns) {
  // binom(rows + columns, rows), saturating.
  // In long double throughout: columns + i may not fit in 64 bits for a hostile position.
  long double c = 1;
  for (std::int64_t i = 1; i <= rows && c <= 1e18L; ++i)
    c = c * (static_cast<long double>(columns) + static_cast<long double>(i)) /
        static_cast<long double>(i);
  return c > 1e18L ? ~0ULL : static_cast<std::uint64_t>(c + 0.5L);
}

class ChompGame : public GameInstance {
 public:
  [[nodiscard]] std::string spec() const override { return "chomp"; }
  /// "8,5,1" (row lengths, bottom row first) or "8x3" (8 columns, 3 rows).
  [[nodiscard]] Position parse_position(std::string_view text) const override {
    const auto x = text.find_first_of("xX");
    Position rows;
    if (x != std::string_view::npos) {
      const auto columns = parse_int(text.substr(0, x), "chomp board columns");
      const auto height = parse_int(text.substr(x + 1), "chomp board rows");
      if (columns < 1 || height < 1)
        throw InputError("chomp board '" + std::string(text) + "': expected C x R with C, R >= 1");
      rows = chomp_rectangle(columns, height);
    } else {
      rows = parse_int_list(text, "chomp position");
    }
    chomp_require_diagram(rows, "chomp position '" + std::string(text) + "'");
    return rows;
  }
  [[nodiscard]] ValueAnswer value(const Position& rows) const override {
    const auto height = static_cast<std::int64_t>(rows.size());
    if (diagrams_in_box(height, rows.front()) > kValueBoxDiagramLimit) {
      throw InputError("chomp position " + format_position(rows) + ": its " +
                       std::to_string(rows.front()) + " x " + std::to_string(height) +
                       " box has more than " + std::to_string(kValueBoxDiagramLimit) +
                       " diagrams; too large for `verify value`");
    }
    const ChompBoxTable table(static_cast<int>(height), static_cast<int>(rows.front()));
    std::vector<std::string> wins;
    nlohmann::json bites = nlohmann::json::array();
    for (std::size_t r = 0; r < rows.size(); ++r) {
      for (std::int64_t c = 1; c <= rows[r]; ++c) {
        if (r == 0 && c == 1) continue;
        const auto next = chomp_bite(rows, c, static_cast<std::int64_t>(r) + 1);
        if (table.value(next) == 0) {
          wins.push_back(format_position(next));
          bites.push_back({{"square", {c, static_cast<std::int64_t>(r) + 1}},
                           {"removes", chomp_squares(rows) - chomp_squares(next)}});
        }
      }
    }
    auto out =
        ferguson_value_report(spec(), format_position(rows), table.value(rows), wins, "box",
                              "Sprague-Grundy values of every Young diagram in the position's box, "
                              "bottom-up in combinatorial-number-system order");
    out.details["winning_bites"] = bites;
    out.details["coordinates"] = "(column, row), (1,1) the poisoned square";
    return out;
  }
  /// Every diagram with at most `size` rows and columns.
  [[nodiscard]] std::vector<Position> domain(std::int64_t size) const override {
    std::vector<Position> out;
    Position rows;
    auto extend = [&](auto&& self, std::int64_t max_length) -> void {
      if (!rows.empty()) out.push_back(rows);
      if (static_cast<std::int64_t>(rows.size()) == size) return;
      for (std::int64_t len = 1; len <= max_length; ++len) {
        rows.push_back(len);
        self(self, len);
        rows.pop_back();
      }
    };
    extend(extend, size);
    return out;
  }
  [[nodiscard]] Position sample(std::uint64_t seed, std::int64_t size) const override {
    std::mt19937_64 rng(seed);
    const auto s = static_cast<std::uint64_t>(std::max<std::int64_t>(size, 1));
    Position rows(1 + rng() % s);
    std::int64_t len = 1 + static_cast<std::int64_t>(rng() % s);
    for (auto& r : rows) {
      r = len;
      len = 1 + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(len));
    }
    return rows;
  }
};

GameFamily chomp_family() {
  GameFamily family{
      "chomp",
      "Chomp (Schuh 1952, Gale 1974): bite a square and all squares right of and above it; "
      "(1,1) is poisoned",
      "chomp",
      "row lengths, bottom row (the poisoned one) first, non-increasing, e.g. 8,5,1; or CxR "
      "for the full "
      "board of C columns and R rows, e.g. 8x3",
      [](std::string_view params) -> std::unique_ptr<GameInstance> {
        if (!params.empty()) throw InputError("game 'chomp' takes no parameters");
        return std::make_unique<ChompGame>();
      },
      {"chomp"},
      4};
  family.plot.shape = PlotHints::Shape::three_row_boards;
  family.position_shape = PositionShape::board;
  family.plot.report_range = 40;
  family.plot.name = [](const GameSpec&) { return std::string("Chomp"); };
  return family;
}
IGV_REGISTER_GAME("chomp", chomp_family);

Kernel chomp_naive_kernel() {
  return {"chomp", "naive", true, "memoised mex over every bite, diagrams in a hash map",
          [](const GameInstance&, std::span<const Position> ps) {
            NaiveSolver<ChompRules> solver;
            std::vector<Value> out;
            for (const auto& p : ps) out.push_back(solver.value(p));
            return out;
          }};
}
Kernel chomp_box_kernel() {
  return {"chomp", "box", false,
          "array over every diagram of the enclosing box (combinatorial number system)",
          [](const GameInstance&, std::span<const Position> ps) {
            std::int64_t height = 1, width = 1;
            for (const auto& p : ps) {
              height = std::max<std::int64_t>(height, static_cast<std::int64_t>(p.size()));
              if (!p.empty()) width = std::max(width, p.front());
            }
            const ChompBoxTable table(static_cast<int>(height), static_cast<int>(width));
            std::vector<Value> out;
            for (const auto& p : ps) out.push_back(table.value(p));
            return out;
          }};
}
IGV_REGISTER_KERNEL(chomp_naive_kernel);
IGV_REGISTER_KERNEL(chomp_box_kernel);

}  // namespace
}  // namespace igv
