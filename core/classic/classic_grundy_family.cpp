// The game family `grundy` (Grundy's game: a sum of heaps; a move splits one heap into two
// unequal non-empty heaps) and its kernels: "naive" (reference: mex over every split, O(n^2))
// and "sparse" (the sparse-space kernel, core/classic/classic_grundy_fast_sparse.h).
//
// Positions: heap sizes separated by '+' or ',' — "35", "3+5", "3,5"; "0" is the empty sum.
// Winning moves are written the same way: a move in heap h replaces h by the two heaps it leaves.
#include <algorithm>
#include <limits>
#include <random>

#include "core/base/errors.h"
#include "core/base/game_family.h"
#include "core/base/heap_sums.h"
#include "core/base/kernel_registry.h"
#include "core/classic/classic_grundy_fast_sparse.h"
#include "core/classic/classic_grundy_naive.h"
#include "core/classic/classic_grundy_rules.h"

namespace igv {
namespace {

/// `verify value` computes G(0..n) for the largest heap n of the position up to this heap
/// (two bytes per heap, a few seconds per million heaps); larger heaps are refused at once.
constexpr std::int64_t kMaxValueHeap = 10'000'000;
/// The kernels refuse heaps beyond these at once instead of allocating (the naive kernel is
/// O(n^2) in time).
constexpr std::int64_t kMaxNaiveKernelHeap = 1'000'000;
constexpr std::int64_t kMaxSparseKernelHeap = 200'000'000;
/// Heaps in one position at most.
constexpr std::size_t kMaxHeaps = 1'000'000;

class GrundyGame : public GameInstance {
 public:
  [[nodiscard]] std::string spec() const override { return "grundy"; }

  [[nodiscard]] Position parse_position(std::string_view text) const override {
    return parse_heap_sum(text, "grundy position", kMaxHeaps);
  }
  [[nodiscard]] std::string format_position(const Position& p) const override {
    return format_heap_sum(p);
  }

  [[nodiscard]] nlohmann::json value(const Position& p) const override {
    return value_limited(p, ValueRequest{std::numeric_limits<std::size_t>::max()});
  }

  [[nodiscard]] nlohmann::json value_limited(const Position& p,
                                             const ValueRequest& request) const override {
    const std::int64_t top = p.empty() ? 0 : *std::max_element(p.begin(), p.end());
    if (top > kMaxValueHeap) {
      throw InputError("verify value grundy: heap " + std::to_string(top) +
                       " is beyond the largest heap answered, " + std::to_string(kMaxValueHeap) +
                       " (every value up to the heap is computed, two bytes each)");
    }
    // The winning moves examine every split of every heap (about n/2 for a heap of n).
    constexpr std::int64_t kMaxOptionsExamined = 100'000'000;
    std::int64_t options = 0;
    for (auto h : p) options += h / 2 + 1;
    if (request.max_moves != 0 && options > kMaxOptionsExamined) {
      throw InputError("verify value grundy: the winning moves of this position need " +
                       std::to_string(options) + " splits examined, more than the " +
                       std::to_string(kMaxOptionsExamined) +
                       " that fit; ask for the value alone with --max-moves 0");
    }
    GrundySparseSolver solver;
    solver.extend_to(top + 1);
    const auto g = [&solver](std::int64_t n) { return solver.value(n); };
    Value total = 0;
    for (auto h : p) total = nim_sum(total, g(h));
    nlohmann::json moves = nlohmann::json::array();
    std::size_t count = 0;
    if (total != 0 && request.max_moves != 0) {
      for (std::size_t j = 0; j < p.size(); ++j) {
        if (j > 0 && std::find(p.begin(), p.begin() + static_cast<std::ptrdiff_t>(j), p[j]) !=
                         p.begin() + static_cast<std::ptrdiff_t>(j)) {
          continue;  // the same moves as in an equal heap listed before
        }
        const Value rest = nim_sum(total, g(p[j]));
        for_each_grundy_split(p[j], [&](const GrundySplit& s) {
          if (nim_sum(g(s.smaller), g(s.larger)) != rest) return;
          if (count++ >= request.max_moves) return;
          Position next;
          for (std::size_t m = 0; m < p.size(); ++m) {
            if (m != j) {
              next.push_back(p[m]);
            } else {
              next.push_back(s.smaller);
              next.push_back(s.larger);
            }
          }
          moves.push_back(format_heap_sum(next));
        });
      }
    }
    nlohmann::json heap_values = nlohmann::json::array();
    for (auto h : p) heap_values.push_back(g(h));
    nlohmann::json j = {
        {"game", spec()},
        {"position", format_heap_sum(p)},
        {"value", total},
        {"heap_values", heap_values},
        {"winning_moves", moves},
        {"kernel", "sparse"},
        {"how", "sparse-space kernel for G(0.." + std::to_string(top) + ") (mask " +
                    std::to_string(solver.mask()) + ", " + std::to_string(solver.rare_count()) +
                    " rare heaps); the value of a sum is the nim-sum of its heaps' values"}};
    if (request.max_moves == 0) {
      j.erase("winning_moves");
    } else if (request.max_moves != std::numeric_limits<std::size_t>::max()) {
      limit_winning_moves(j, request, count);
    }
    return j;
  }

  [[nodiscard]] std::vector<Position> domain(std::int64_t size) const override {
    std::vector<Position> out;
    for (std::int64_t n = 0; n <= size; ++n) out.push_back({n});
    const std::int64_t small = std::min<std::int64_t>(size, 12);
    for (std::int64_t a = 1; a <= small; ++a)
      for (std::int64_t b = a; b <= small; ++b) out.push_back({a, b});
    return out;
  }
  [[nodiscard]] Position sample(std::uint64_t seed, std::int64_t size) const override {
    std::mt19937_64 rng(seed);
    Position p(1 + rng() % 3);
    for (auto& h : p) h = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(size + 1));
    return p;
  }
};

GameFamily grundy_family() {
  return {"grundy",
          "Grundy's game: a move splits one heap into two unequal non-empty heaps",
          "grundy",
          "heap sizes joined by '+' or ',' (e.g. 35, 3+5, 3,5)",
          [](std::string_view params) -> std::unique_ptr<GameInstance> {
            if (!params.empty()) {
              throw InputError(
                  "game 'grundy' takes no parameters, got 'grundy:" + std::string(params) + "'");
            }
            return std::make_unique<GrundyGame>();
          },
          {"grundy"},
          300};
}
IGV_REGISTER_GAME(grundy_family);

void require_heap_at_most(std::int64_t top, std::int64_t limit, const char* kernel) {
  if (top > limit) {
    throw BudgetExceeded(std::string("grundy ") + kernel + " kernel: heap " + std::to_string(top) +
                         " beyond the largest heap it computes, " + std::to_string(limit));
  }
}

Kernel grundy_naive_kernel() {
  return {"grundy", "naive", true, "mex over every split of each heap, O(n^2); sums by nim-sum",
          [](const GameInstance&, std::span<const Position> ps) {
            const std::int64_t top = largest_heap(ps);
            require_heap_at_most(top, kMaxNaiveKernelHeap, "naive");
            const auto g = grundy_values_naive(top);
            std::vector<Value> out;
            for (const auto& p : ps) {
              Value v = 0;
              for (auto h : p) v = nim_sum(v, g.at(static_cast<std::size_t>(h)));
              out.push_back(v);
            }
            return out;
          }};
}
Kernel grundy_sparse_kernel() {
  return {"grundy", "sparse", false,
          "sparse-space method (common values from the rare heaps under a mask, rare ones searched "
          "among the splits); sums by nim-sum",
          [](const GameInstance&, std::span<const Position> ps) {
            const std::int64_t top = largest_heap(ps);
            require_heap_at_most(top, kMaxSparseKernelHeap, "sparse");
            GrundySparseSolver solver;
            solver.extend_to(top + 1);
            std::vector<Value> out;
            for (const auto& p : ps) {
              Value v = 0;
              for (auto h : p) v = nim_sum(v, solver.value(h));
              out.push_back(v);
            }
            return out;
          }};
}
IGV_REGISTER_KERNEL(grundy_naive_kernel);
IGV_REGISTER_KERNEL(grundy_sparse_kernel);

}  // namespace
}  // namespace igv
