#include "core/base/trusted/memory_budget.h"

#include <unistd.h>

#include <atomic>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/limits.h"

namespace igv {

namespace {

std::uint64_t physical_memory() {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return std::numeric_limits<std::uint64_t>::max();
  return saturated_product(static_cast<std::uint64_t>(pages), static_cast<std::uint64_t>(page));
}

std::atomic<std::uint64_t>& budget() {
  static std::atomic<std::uint64_t> bytes{0};  // 0: not set
  return bytes;
}

}  // namespace

std::uint64_t memory_budget() {
  const std::uint64_t set = budget().load(std::memory_order_relaxed);
  if (set != 0) return set;
  static const std::uint64_t machine = physical_memory();
  return machine;
}

void set_memory_budget(std::uint64_t bytes) {
  budget().store(bytes, std::memory_order_relaxed);
}

void require_memory_budget(std::uint64_t bytes, const std::string& what) {
  const std::uint64_t limit = memory_budget();
  if (bytes <= limit) return;
  const std::string need = bytes == std::numeric_limits<std::uint64_t>::max()
                               ? std::string("more than 2^64 bytes")
                               : "about " + mebibytes(bytes);
  throw BudgetExceeded(what + " needs " + need + ", above the memory limit of " + mebibytes(limit));
}

}  // namespace igv
