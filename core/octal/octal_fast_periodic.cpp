// The octal kernel "periodic": the sparse kernel up to the window of a proved period, and the
// period beyond it. The period is used only after the independent checker accepted its
// certificate (octal_value_table, core/octal/octal_fast_values.h): G(n) = G(e + (n - e) mod p)
// for n >= e is then the Guy–Smith theorem, not an extrapolation. Without a proved period the
// values are the sparse kernel's. `verify values` and the generic claims use it by default.
#include <algorithm>
#include <span>

#include "core/base/game_family.h"
#include "core/base/heap_sums.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "core/octal/octal_fast_values.h"

namespace igv {
namespace {

Kernel octal_periodic_kernel() {
  Kernel k{"octal", "periodic", false,
           "sparse kernel up to a proved period's window, the checked period beyond; sums by "
           "nim-sum",
           [](const GameInstance& game, std::span<const Position> ps) {
             const auto code = OctalCode::parse(parse_game_spec(game.spec()).argument);
             const auto table = octal_value_table(code, heaps_up_to(largest_heap(ps)), true);
             return nim_sums_of_heaps(ps, [&table](std::int64_t h) { return table[h]; });
           }};
  k.preferred = true;
  // A range: the table (one byte a heap, or two) without a Position or a value per heap.
  k.range_values = [](const GameInstance& game, std::int64_t first, std::int64_t last,
                      const std::function<void(std::int64_t, Value)>& emit,
                      const std::function<void()>& tick) {
    const auto code = OctalCode::parse(parse_game_spec(game.spec()).argument);
    const auto table = octal_value_table(code, heaps_up_to(last), true, nullptr, tick);
    for (std::int64_t n = first; n <= last; ++n) emit(n, table[n]);
  };
  return k;
}
IGV_REGISTER_KERNEL(octal_periodic_kernel);

}  // namespace
}  // namespace igv
