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
  /// Optional: the values of the one-heap positions first..last (integers, 0 <= first <= last),
  /// passed in order to `emit(n, value)` as they are computed, without a Position per heap and
  /// without holding the values (`verify values GAME a..b` streams through it). `tick` (if set)
  /// is called now and then so that a caller can stop a long run. Empty: not offered.
  std::function<void(const GameInstance&, std::int64_t first, std::int64_t last,
                     const std::function<void(std::int64_t, Value)>& emit,
                     const std::function<void()>& tick)>
      range_values{};
};

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
