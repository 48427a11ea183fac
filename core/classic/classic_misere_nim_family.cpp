// The game family `misere-nim` (Nim in misère play: the last mover loses) and its kernels,
// which return outcome codes for the player to move (ValueKind::outcome: 0 = loss, a
// P-position; 1 = win, an N-position), not Sprague–Grundy values: "naive" (reference: memoised
// search over every move of the rules with the misère terminal condition) and "bouton"
// (Bouton's misère rule, classic_misere_nim_fast_bouton.h).
//
// Positions: a comma list of heap sizes, e.g. 3,5,6 (as for nim); an empty heap list is written
// "0".
#include "core/base/game_family.h"
#include "core/base/heap_sums.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "core/classic/classic_misere_nim_fast_bouton.h"
#include "core/classic/classic_misere_nim_naive.h"

namespace igv {
namespace {

/// Heaps in one position at most.
constexpr std::size_t kMaxHeaps = 1'000'000;
/// The naive kernel's search visits up to the product of (heap + 1) positions: refused beyond.
constexpr double kMaxNaivePositions = 20'000'000;

class MisereNimGame : public HeapSumGame {
 public:
  MisereNimGame() : HeapSumGame({.whole_lists = true, .most_heaps = 4}, kMaxHeaps) {}
  [[nodiscard]] std::string spec() const override { return "misere-nim"; }
  [[nodiscard]] Position parse_position(std::string_view text) const override {
    if (text.empty()) throw InputError("misere-nim position: empty (expected e.g. 3,5,6)");
    Position p = parse_int_list(text, "misere-nim position (heap sizes, e.g. 3,5,6)", kMaxHeaps);
    for (auto h : p) {
      if (h < 0)
        throw InputError("misere-nim position: heap sizes must be >= 0, got " + std::to_string(h));
    }
    return p;
  }
  [[nodiscard]] std::string format_position(const Position& p) const override {
    return p.empty() ? "0" : format_int_list(p);
  }
  [[nodiscard]] ValueAnswer value_limited(const Position& p,
                                          const ValueRequest& request) const override {
    for (auto h : p) {
      if (h < 0) throw InputError("misere-nim position: heap sizes must be >= 0");
    }
    const Value outcome = misere_nim_outcome_bouton(p);
    std::vector<std::string> moves;
    const std::size_t count =
        for_each_misere_nim_winning_move(p, [&](std::size_t i, std::int64_t target) {
          if (moves.size() >= request.max_moves) return;
          Position next = p;
          next[i] = target;
          moves.push_back(format_position(next));
        });
    Value nim = 0;
    bool big = false;
    for (auto h : p) {
      nim = nim_sum(nim, h);
      big = big || h > 1;
    }
    ValueAnswer a;
    a.game = spec();
    a.position = format_position(p);
    a.outcome = outcome == kMisereLoss ? "P" : "N";
    a.winning_moves = std::move(moves);
    a.kernel = "bouton";
    a.how = big ? "Bouton's misère rule: some heap exceeds 1, so P exactly when the nim-sum is 0"
                : "Bouton's misère rule: every heap is at most 1, so P exactly when the number of "
                  "heaps of size 1 is odd";
    a.details = {{"outcome_for", "the player to move (misère play: the last mover loses)"},
                 {"nim_sum", nim}};
    finish_winning_moves(a, request, count);
    return a;
  }
};

GameFamily misere_nim_family() {
  GameFamily family{"misere-nim",
                    "Nim in misère play (the last mover loses): outcomes P / N, not Grundy values",
                    "misere-nim",
                    "a comma list of heap sizes, e.g. 3,5,6",
                    [](std::string_view params) -> std::unique_ptr<GameInstance> {
                      if (!params.empty()) {
                        throw InputError("game 'misere-nim' takes no parameters, got 'misere-nim:" +
                                         std::string(params) + "'");
                      }
                      return std::make_unique<MisereNimGame>();
                    },
                    {"misere-nim"},
                    6,
                    ValueKind::outcome};
  family.plot.misere = true;
  family.plot.name = [](const GameSpec&) { return std::string("misère Nim"); };
  return family;
}
IGV_REGISTER_GAME("misere-nim", misere_nim_family);

Kernel misere_nim_naive_kernel() {
  return {"misere-nim", "naive", true,
          "outcome codes (0 loss, 1 win): memoised search over every move, misère terminal rule",
          [](const GameInstance&, std::span<const Position> ps) {
            MisereNimNaiveSolver solver;
            std::vector<Value> out;
            for (const auto& p : ps) {
              double positions = 1;
              for (auto h : p) {
                if (h < 0) throw InputError("misere-nim kernel: a negative heap");
                positions *= static_cast<double>(h) + 1;
              }
              if (positions > kMaxNaivePositions) {
                throw BudgetExceeded("misere-nim naive kernel: the search below " +
                                     format_int_list(p) + " may visit more than " +
                                     std::to_string(static_cast<std::int64_t>(kMaxNaivePositions)) +
                                     " positions");
              }
              out.push_back(solver.outcome(p));
            }
            return out;
          }};
}
Kernel misere_nim_bouton_kernel() {
  Kernel k{"misere-nim", "bouton", false,
           "outcome codes (0 loss, 1 win): Bouton's misère rule (all heaps <= 1: P iff an odd "
           "number of 1s; else P iff nim-sum 0)",
           [](const GameInstance&, std::span<const Position> ps) {
             std::vector<Value> out;
             for (const auto& p : ps) out.push_back(misere_nim_outcome_bouton(p));
             return out;
           }};
  k.independent_positions = true;  // a closed form per position
  return k;
}
IGV_REGISTER_KERNEL(misere_nim_naive_kernel);
IGV_REGISTER_KERNEL(misere_nim_bouton_kernel);

}  // namespace
}  // namespace igv
