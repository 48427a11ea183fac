// Kernels: the routes that compute values for a game family, registered beside each other.
//
// Every family has a reference kernel (the naive one, from the rules) and one or more fast
// kernels. `verify cross-check GAME --kernels A,B` and the test suite compare every registered
// kernel with the reference. A new kernel is one IGV_REGISTER_KERNEL line in the file that
// implements it; nothing else changes.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "core/base/game_family.h"

namespace igv {

/// The instance a kernel is given, as its family's own type: the one place a kernel turns a
/// GameInstance back into the game it computes (only the family's make() builds its instances,
/// so another type means a kernel asked about another family's game: InputError).
template <class Game>
const Game& instance_as(const GameInstance& game) {
  const auto* g = dynamic_cast<const Game*>(&game);
  if (g == nullptr) {
    throw InputError("a kernel of one family given the game '" + game.spec() + "' of another");
  }
  return *g;
}

struct Kernel {
  std::string family;       ///< the game family it computes, e.g. "subtraction"
  std::string name;         ///< unique within the family, e.g. "naive", "window"
  bool reference = false;   ///< true for the naive kernel straight from the rules
  std::string description;  ///< one line: how it computes
  /// Values of a batch of positions of one instance (batching lets sequence kernels compute a
  /// prefix once). Returns one value per position, in order.
  std::function<std::vector<Value>(const GameInstance&, std::span<const Position>)> values;
  /// The kernel `verify values` and the generic claims use by default (at most one a family;
  /// without one, the family's first fast kernel).
  bool preferred = false;
  /// Optional: the values of the integer positions first..last (0 <= first <= last), passed in
  /// order to `emit(n, value)` as they are computed, without a Position per position (`verify
  /// values GAME a..b` streams through it; see stream_range_values). The kernel holds what its
  /// method needs (a window, or its own array of values) and nothing per position beyond it.
  /// `tick` (if set) is called now and then so that a caller can stop a long run. Empty: not
  /// offered.
  std::function<void(const GameInstance&, std::int64_t first, std::int64_t last,
                     const std::function<void(std::int64_t, Value)>& emit,
                     const std::function<void()>& tick)>
      range_values{};
  /// True when values() costs what its positions cost one by one (a closed form, or a
  /// computation per position that shares nothing with the rest of the batch): a range is then
  /// streamed through values() in batches (stream_range_values), with no range_values of its
  /// own. False for a kernel that computes a prefix per call: batches would repeat it.
  bool independent_positions = false;
  /// Optional: the outcomes of the one-heap positions first..last (0 <= first <= last), P or
  /// not, passed in order to `emit(n, is_p)`, by a method that keeps one bit a heap and no value
  /// (a sieve: each P-position marks the heaps that move to it). What a P-position claim needs,
  /// far past what the values would hold (game.p_positions, properties/CLAIMS.md). Empty: not
  /// offered. Only for games of normal play whose kernel's values are Sprague–Grundy values.
  std::function<void(const GameInstance&, std::int64_t first, std::int64_t last,
                     const std::function<void(std::int64_t, bool)>& emit,
                     const std::function<void()>& tick)>
      range_outcomes{};
  /// The bytes range_outcomes needs for heaps up to `last` (checked against the memory limit
  /// before it starts); empty: (last + 1) / 8.
  std::function<std::uint64_t(const GameInstance&, std::int64_t last)> range_outcomes_bytes{};
  /// The largest heap the kernel computes, when it has such a cap known before any work (the
  /// bitset kernel's 2^24 values): a claim past it is refused at load, naming the cap. 0: none.
  std::int64_t largest_heap = 0;
};

using RangeEmit = std::function<void(std::int64_t, Value)>;

/// Whether `kernel` gives the values of a range of integer positions without a Position per
/// position: it has range_values, or its positions are independent.
[[nodiscard]] bool streams_ranges(const Kernel& kernel);

/// Positions in one batch of stream_range_values for a kernel with independent positions.
inline constexpr std::int64_t kRangeBatch = 4096;

/// The values of the integer positions first..last by `kernel` (streams_ranges(kernel)), in
/// order to `emit`: through range_values, else through values() on batches of at most
/// kRangeBatch positions (each made by game.parse_position of the integer's decimal text).
/// Throws std::logic_error when the kernel has no streamed route.
void stream_range_values(const Kernel& kernel, const GameInstance& game, std::int64_t first,
                         std::int64_t last, const RangeEmit& emit,
                         const std::function<void()>& tick = {});

/// range_values for a kernel of a one-heap sequence whose method computes G(0 .. count - 1) in
/// one pass (`prefix(game, count)`, the kernel's own array of values): the range is read from
/// it, position n being the heap n.
decltype(Kernel::range_values) range_values_from_prefix(
    std::function<std::vector<Value>(const GameInstance&, std::int64_t count)> prefix);

/// Adds a kernel; (family, name) must be unique.
void register_kernel(Kernel kernel);
/// Registers a kernel made on first use: static registration stores `make` only, and the
/// registry makes every pending kernel the first time it is asked for one.
void register_kernel_maker(Kernel (*make)());

/// All kernels of a family (reference first), or of every family when `family` is empty.
std::vector<const Kernel*> kernels(std::string_view family = {});

/// The kernel named `name` of `family`; throws InputError listing the known names.
const Kernel& find_kernel(std::string_view family, std::string_view name);

struct KernelRegistrar {
  explicit KernelRegistrar(Kernel (*make)()) { register_kernel_maker(make); }
};
#define IGV_REGISTER_KERNEL(fn) \
  static const ::igv::KernelRegistrar IGV_CONCAT(igv_kernel_registrar_, __LINE__)(fn)

}  // namespace igv
