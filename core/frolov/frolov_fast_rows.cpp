#include "core/frolov/frolov_fast_rows.h"

#include <bit>
#include <stdexcept>
#include <string>

#include "core/base/errors.h"

namespace igv {

FrolovRowWindow::FrolovRowWindow(FrolovFunction which, int m, std::span<const PeriodicRow> lower)
    : which_(which), m_(m), offset_(m + 1), lower_(lower), cursor_(static_cast<std::size_t>(m), 0) {
  if (m < 0 || m > kFrolovWindowMaxRow) {
    throw InputError("Frolov row " + std::to_string(m) + ": the row kernel handles rows 0.." +
                     std::to_string(kFrolovWindowMaxRow));
  }
  if (lower.size() != static_cast<std::size_t>(m)) {
    throw std::logic_error("FrolovRowWindow: row " + std::to_string(m) + " needs " +
                           std::to_string(m) + " lower rows, got " + std::to_string(lower.size()));
  }
  for (int i = 0; i < m; ++i) {
    const auto& r = lower[static_cast<std::size_t>(i)];
    if (r.m != i || r.which != which)
      throw std::logic_error("FrolovRowWindow: lower rows out of order");
  }
  // At n = 0 the window starts at value −offset_: every negative value counts as present.
  row_mask_ = (std::uint64_t{1} << offset_) - 1;
  // Formula (1): row 0 of f never holds 0, so 0 counts as present in that row.
  if (which_ == FrolovFunction::f && m_ == 0) row_mask_ |= std::uint64_t{1} << offset_;
}

void FrolovRowWindow::extend_to(std::int64_t count, const std::function<void()>& tick) {
  h_.reserve(static_cast<std::size_t>(count));
  for (std::int64_t n = computed(); n < count; ++n) {
    if (tick && (n & 0xFFFF) == 0) tick();
    std::uint64_t taken = row_mask_;
    for (std::size_t i = 0; i < cursor_.size(); ++i) {
      const PeriodicRow& r = lower_[i];
      std::int64_t& c = cursor_[i];
      const int bit = r.h[static_cast<std::size_t>(c)] + offset_;
      if (++c == r.preperiod + r.period) c = r.preperiod;
      // A column value below the window is below n − offset_, already in the row: irrelevant.
      if (bit >= 0 && bit < 64) taken |= std::uint64_t{1} << bit;
    }
    int bit;
    if (which_ == FrolovFunction::g && m_ == 0 && n == 0) {
      bit = offset_ - 1;  // (G2): g(0, 0) = −1, a negative value already counted as present
    } else {
      bit = std::countr_one(taken);
      if (bit >= 64) {
        throw std::logic_error("Frolov row kernel: mex of row " + std::to_string(m_) +
                               " at column " + std::to_string(n) +
                               " lies above the 64-value window (would contradict (G7))");
      }
    }
    h_.push_back(static_cast<std::int8_t>(bit - offset_));
    row_mask_ |= std::uint64_t{1} << bit;
    // Moving to column n + 1 drops the value n − offset_ from the window: it must be in the row.
    if ((row_mask_ & 1U) == 0) {
      throw std::logic_error("Frolov row kernel: value " + std::to_string(n - offset_) +
                             " missing from row " + std::to_string(m_) + " after column " +
                             std::to_string(n) + " (would contradict (G8))");
    }
    row_mask_ >>= 1;
  }
}

}  // namespace igv
