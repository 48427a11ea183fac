// igv_kernel.hpp: a C++ kernel for `verify cross-check GAME --plugin LIB.so`, on top of the C ABI
// of igv_kernel.h. Write the value of one position as a C++ function and register it:
//
//   #include <igv_kernel.hpp>
//   std::int64_t nim_value(std::span<const std::int64_t> heaps) { ... }
//   IGV_KERNEL("nim", "xor", "the nim-sum of the heaps", /*max_position=*/0, /*sums=*/true,
//              nim_value);
//   IGV_KERNEL_LIBRARY();   // once per library: exports igv_kernel_describe
//
// and build it with the installed CMake package: find_package(igv), igv_add_kernel(NAME SOURCES)
// (verify/CROSS_CHECK.md; example: verify/plugin/example/). A function that throws, or returns a
// negative value, makes the harness report the kernel as failing at that position.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <span>
#include <string>

#include "igv_kernel.h"

namespace igv_plugin {

using ValueFunction = std::function<std::int64_t(std::span<const std::int64_t> heaps)>;

struct Entry {
  std::string game, name, description;
  std::int64_t max_position = 0;
  bool sums = false;
  ValueFunction value;
  igv_kernel abi{};
};

inline std::deque<Entry>& entries() {
  static std::deque<Entry> all;
  return all;
}
inline const Entry*& selected() {
  static const Entry* entry = nullptr;
  return entry;
}

inline int call_selected(const int64_t* coords, size_t count, int64_t* value) {
  const Entry* e = selected();
  if (e == nullptr) return 2;
  try {
    const std::int64_t v = e->value(std::span<const std::int64_t>(coords, count));
    if (v < 0) return 3;
    *value = v;
    return 0;
  } catch (...) {
    return 1;
  }
}

/// The description of the kernel registered for `game`, or nullptr.
inline const igv_kernel* describe(const char* game) {
  for (auto& e : entries()) {
    if (e.game != game) continue;
    e.abi = igv_kernel{IGV_KERNEL_ABI_VERSION, e.name.c_str(), e.description.c_str(),
                       e.max_position,         e.sums ? 1 : 0, &call_selected};
    selected() = &e;
    return &e.abi;
  }
  return nullptr;
}

struct Registrar {
  Registrar(std::string game, std::string name, std::string description, std::int64_t max_position,
            bool sums, ValueFunction value) {
    entries().push_back(Entry{std::move(game), std::move(name), std::move(description),
                              max_position, sums, std::move(value)});
  }
};

}  // namespace igv_plugin

#define IGV_KERNEL_CONCAT_INNER(a, b) a##b
#define IGV_KERNEL_CONCAT(a, b) IGV_KERNEL_CONCAT_INNER(a, b)
/// Registers a kernel of GAME (a specification such as "octal:0.177").
#define IGV_KERNEL(GAME, NAME, DESCRIPTION, MAX_POSITION, SUMS, FUNCTION)                  \
  static const ::igv_plugin::Registrar IGV_KERNEL_CONCAT(igv_kernel_registrar_, __LINE__)( \
      GAME, NAME, DESCRIPTION, MAX_POSITION, SUMS, FUNCTION)
/// Exports igv_kernel_describe (once per library).
#define IGV_KERNEL_LIBRARY()                                                               \
  extern "C" __attribute__((visibility("default"))) const igv_kernel* igv_kernel_describe( \
      const char* game) {                                                                  \
    return ::igv_plugin::describe(game);                                                   \
  }                                                                                        \
  static_assert(true, "")
