// Registries made on first use (IGV_REGISTER_GAME, IGV_REGISTER_KERNEL, IGV_REGISTER_CHECKER
// store their maker functions only, so that start-up builds nothing a command does not ask for).
#pragma once

#include <mutex>
#include <vector>

namespace igv {

/// Makes every pending entry, in registration order, and hands each to `add`; nothing when none
/// is pending. Under `lock`: the first use may come from several threads at once (`verify run`'s
/// worker threads), and a thread that finds nothing pending must wait until the thread making
/// them has finished. Recursive: a maker may look an entry up.
template <class Entry, class Add>
void make_pending(std::recursive_mutex& lock, std::vector<Entry (*)()>& pending, Add add) {
  const std::lock_guard guard(lock);
  if (pending.empty()) return;
  const auto makers = std::move(pending);
  pending.clear();
  for (auto* make : makers) add(make());
}

}  // namespace igv
