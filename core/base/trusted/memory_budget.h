// Trusted: the checker library, core/base/trusted/ (core/README.md, "The proof boundary").
//
// The process's memory budget, for the computations that get no ComputeLimits (kernels, tables,
// move lists): an allocation sized by a user's number (a subtraction set's s_k, a heap, a box) is
// compared with it before it is made, so that a need no limit allows is one line at once instead
// of gigabytes allocated first (issue 27). A command's child (`run_limited`, --memory-limit), a
// claim's run (its memory limit) and `verify period` set it; it is the machine's physical memory
// until then.
#pragma once

#include <cstdint>
#include <limits>
#include <string>

namespace igv {

/// The bytes the process may hold.
std::uint64_t memory_budget();
/// Sets memory_budget() (0: back to the machine's physical memory).
void set_memory_budget(std::uint64_t bytes);
/// Throws BudgetExceeded("WHAT needs about N MiB, above the memory limit of M MiB") when `bytes`
/// exceed memory_budget(); call before allocating.
void require_memory_budget(std::uint64_t bytes, const std::string& what);
/// a · b, saturated at the largest uint64 (a need too large to count is too large to hold).
inline std::uint64_t saturated_product(std::uint64_t a, std::uint64_t b) {
  std::uint64_t out = 0;
  return __builtin_mul_overflow(a, b, &out) ? std::numeric_limits<std::uint64_t>::max() : out;
}

}  // namespace igv
