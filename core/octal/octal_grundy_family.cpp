// The game family `grundy` (Grundy's game: a sum of heaps; a move splits one heap into two
// unequal non-empty heaps) and its kernels: "naive" (reference: mex over every split, O(n^2))
// and "sparse" (the sparse kernel of take-and-break games, core/octal/octal_fast_sparse.h, on the
// code 4u.: Grundy's game is the octal game 4. whose split must leave two unequal heaps).
//
// Positions: heap sizes separated by '+' or ',' — "35", "3+5", "3,5"; "0" is the empty sum.
// Winning moves are written the same way: a move in heap h replaces h by the two heaps it leaves.
#include <algorithm>
#include <array>
#include <memory>

#include "core/base/game_family.h"
#include "core/base/heap_sums.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "core/octal/octal_fast_sparse.h"
#include "core/octal/octal_grundy_naive.h"
#include "core/octal/octal_grundy_rules.h"

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

class GrundyGame : public NimSumHeapGame {
 public:
  GrundyGame()
      : NimSumHeapGame({}, {.skip_equal_heaps = true, .options_name = "splits"}, kMaxHeaps) {}
  [[nodiscard]] std::string spec() const override { return "grundy"; }

 protected:
  void require_answerable(std::int64_t top) const override {
    if (top > kMaxValueHeap) {
      throw InputError("verify value grundy: heap " + std::to_string(top) +
                       " is beyond the largest heap answered, " + std::to_string(kMaxValueHeap) +
                       " (every value up to the heap is computed, two bytes each)");
    }
  }
  /// About n/2 splits of a heap n.
  [[nodiscard]] std::int64_t options_examined(const Position& p) const override {
    std::int64_t options = 0;
    for (auto h : p) options += h / 2 + 1;
    return options;
  }
  [[nodiscard]] HeapValues heap_values(std::int64_t top) const override {
    auto solver = std::make_shared<OctalSparseSolver>(TakeBreakCode::grundy());
    solver->extend_to(top + 1);
    return {[solver](std::int64_t n) { return solver->value(n); }, "sparse",
            "sparse-space kernel for G(0.." + std::to_string(top) + ") (mask " +
                std::to_string(solver->mask()) + ", " + std::to_string(solver->rare_count()) +
                " rare heaps); the value of a sum is the nim-sum of its heaps' values"};
  }
  void for_each_option_of_value(std::int64_t heap, Value target, const HeapValueFn& g,
                                const OptionFn& fn) const override {
    for_each_grundy_split(heap, [&](const GrundySplit& s) {
      if (nim_sum(g(s.smaller), g(s.larger)) == target) fn(std::array{s.smaller, s.larger});
    });
  }
};

GameFamily grundy_family() {
  GameFamily family{"grundy",
                    "Grundy's game: a move splits one heap into two unequal non-empty heaps",
                    "grundy",
                    "heap sizes joined by '+' or ',' (e.g. 35, 3+5, 3,5)",
                    [](std::string_view params) -> std::unique_ptr<GameInstance> {
                      if (!params.empty()) {
                        throw InputError("game 'grundy' takes no parameters, got 'grundy:" +
                                         std::string(params) + "'");
                      }
                      return std::make_unique<GrundyGame>();
                    },
                    {"grundy"},
                    300};
  family.position_shape = PositionShape::heap_sums;
  return family;
}
IGV_REGISTER_GAME("grundy", grundy_family);

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
            return nim_sums_of_heaps(
                ps, [&g](std::int64_t h) { return g.at(static_cast<std::size_t>(h)); });
          }};
}
Kernel grundy_sparse_kernel() {
  Kernel k{"grundy", "sparse", false,
           "sparse-space method of take-and-break codes on 4u. (common values from the rare "
           "heaps under a mask, rare ones searched among the splits) over a sliding window; sums "
           "by nim-sum",
           [](const GameInstance&, std::span<const Position> ps) {
             const std::int64_t top = largest_heap(ps);
             require_heap_at_most(top, kMaxSparseKernelHeap, "sparse");
             // Only the heaps the positions name are kept (the solver keeps a window).
             std::vector<std::int64_t> heaps;
             for (const auto& p : ps) heaps.insert(heaps.end(), p.begin(), p.end());
             std::sort(heaps.begin(), heaps.end());
             heaps.erase(std::unique(heaps.begin(), heaps.end()), heaps.end());
             std::vector<Value> g(heaps.size());
             std::size_t next = 0;
             OctalSparseSolver solver(TakeBreakCode::grundy(), OctalSparseSolver::kDefaultWindow);
             solver.extend_to(top + 1, {}, [&](std::int64_t n, Value v) {
               while (next < heaps.size() && heaps[next] == n) g[next++] = v;
             });
             return nim_sums_of_heaps(ps, [&](std::int64_t h) {
               const auto it = std::lower_bound(heaps.begin(), heaps.end(), h);
               return g[static_cast<std::size_t>(it - heaps.begin())];
             });
           }};
  k.range_values = [](const GameInstance&, std::int64_t first, std::int64_t last,
                      const std::function<void(std::int64_t, Value)>& emit,
                      const std::function<void()>& tick) {
    OctalSparseSolver solver(TakeBreakCode::grundy(), OctalSparseSolver::kDefaultWindow);
    solver.extend_to(last + 1, tick, [&](std::int64_t n, Value v) {
      if (n >= first) emit(n, v);
    });
  };
  return k;
}
IGV_REGISTER_KERNEL(grundy_naive_kernel);
IGV_REGISTER_KERNEL(grundy_sparse_kernel);

}  // namespace
}  // namespace igv
