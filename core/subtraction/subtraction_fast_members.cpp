#include "core/subtraction/subtraction_fast_members.h"

#include <string>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/memory_budget.h"

namespace igv {

std::uint64_t subtraction_members_work(const std::vector<std::int64_t>& members,
                                       std::int64_t count) {
  std::uint64_t work = 0;
  for (auto s : members) {
    if (s < count) work += static_cast<std::uint64_t>(count - s);
  }
  return work;
}

std::vector<Value> subtraction_values_members(const SubtractionSet& set, SubtractionPlay play,
                                              std::int64_t count, std::uint64_t max_options) {
  if (count < 0) throw InputError("subtraction: negative prefix length " + std::to_string(count));
  if (count > kMostMemberKernelValues) {
    throw BudgetExceeded("subtraction member kernel: " + std::to_string(count) +
                         " values are more than the " + std::to_string(kMostMemberKernelValues) +
                         " it keeps");
  }
  std::vector<Value> out;
  if (count == 0) return out;
  const std::vector<std::int64_t> members = subtraction_members_up_to(set, count - 1);
  const std::uint64_t work = subtraction_members_work(members, count);
  if (work > max_options) {
    throw BudgetExceeded("subtraction member kernel on " + set.to_string() + ": " +
                         std::to_string(work) + " options to examine for heaps below " +
                         std::to_string(count) + ", more than the limit of " +
                         std::to_string(max_options));
  }
  // The 32-bit table and the answer (8 bytes a value) are held together at the end.
  require_memory_budget(
      (4 + sizeof(Value)) * static_cast<std::uint64_t>(count) + 8 * members.size(),
      "the subtraction member kernel's " + std::to_string(count) + " values");
  std::vector<std::uint32_t> g(static_cast<std::size_t>(count), 0);
  // A heap n has at most members.size() options, so its mex is at most members.size().
  std::vector<std::uint32_t> stamp(members.size() + 2, 0);
  for (std::int64_t n = 0; n < count; ++n) {
    const auto mark = static_cast<std::uint32_t>(n + 1);
    std::size_t moves = 0;
    for (auto s : members) {
      if (s > n) break;
      stamp[g[static_cast<std::size_t>(n - s)]] = mark;
      ++moves;
    }
    std::uint32_t v = 0;
    if (moves == 0 && play == SubtractionPlay::misere) {
      v = 1;  // misère: a heap with no move is won by the player to move
    } else {
      while (stamp[v] == mark) ++v;
    }
    g[static_cast<std::size_t>(n)] = v;
  }
  out.assign(g.begin(), g.end());
  return out;
}

}  // namespace igv
