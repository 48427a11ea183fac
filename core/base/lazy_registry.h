// Registries made on first use (IGV_REGISTER_GAME, IGV_REGISTER_KERNEL, IGV_REGISTER_CHECKER
// store their maker functions only, so that start-up builds nothing a command does not ask for).
#pragma once

#include <mutex>
#include <vector>

namespace igv {

/// Makes the pending entries that `wanted(entry)` selects, in registration order, each by
/// `make_one(entry)`; the others stay pending. Under `lock`: the first use may come from several
/// threads at once (`verify run`'s worker threads), and a thread that finds nothing pending must
/// wait until the thread making them has finished. Recursive: a maker may look an entry up (what
/// it finds is made already, or still pending and made then).
template <class Pending, class Wanted, class MakeOne>
void make_pending_if(std::recursive_mutex& lock, std::vector<Pending>& pending, Wanted wanted,
                     MakeOne make_one) {
  const std::lock_guard guard(lock);
  if (pending.empty()) return;
  std::vector<Pending> chosen;
  std::vector<Pending> rest;
  for (auto& entry : pending) (wanted(entry) ? chosen : rest).push_back(entry);
  pending = std::move(rest);
  for (const auto& entry : chosen) make_one(entry);
}

/// Makes every pending entry (a maker function each) and hands it to `add`; nothing when none is
/// pending (make_pending_if).
template <class Entry, class Add>
void make_pending(std::recursive_mutex& lock, std::vector<Entry (*)()>& pending, Add add) {
  make_pending_if(
      lock, pending, [](Entry (*)()) { return true; }, [&](Entry (*make)()) { add(make()); });
}

}  // namespace igv
