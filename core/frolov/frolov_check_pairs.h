// The two-stream comparison of a row that is never stored (the checker's top row of a chain:
// rows 13 and 14 of Table 2, and beyond), inside the proof boundary: used only by
// core/frolov/frolov_certificate_check.cpp. Nothing of the producer is used here.
//
// A row is read as a *stream*: a small state (the checker's own row kernel, GRowStream, or that
// kernel followed by its inversion) that hands out x(0), x(1), … in order. A stream's state does
// not grow with the columns, and a copy of it continues exactly as the original would (the
// state is the whole of what the next values depend on: the lower rows are read-only and
// shared). So x(n + d) = x(n) on [from, to) is checked exactly by two copies of one stream, one
// at column from and one at from + d, run side by side: memory independent of d and of the row.
//
// Source: 000_a85f04da58584fa6 (Frolov 2012), §4.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/base/trusted/primitives.h"
#include "core/frolov/trusted/frolov_check_rows.h"

namespace igv::frolov_check {

/// h(m, n) = g(m, n) − n for n = 0, 1, … (GRowStream with the reason of its one failure).
class GValueStream {
 public:
  GValueStream(int m, const std::vector<AcceptedRow>& lower) : row_(m, lower) {}
  [[gnu::always_inline]] inline bool next(std::int8_t& out) { return row_.next(out); }
  [[nodiscard]] std::string failure() const { return "a value leaves the byte range of h"; }

 private:
  GRowStream row_;
};

/// f(m, x) − x for x = 0, 1, …: row m of g recomputed by GRowStream and inverted as it passes
/// (f(m, g(m, j)) = j). The inverse of the values not yet final lives in a ring of 256 bytes: a
/// column j sets a value v with j − v ≤ 127 (else it is rejected), so once column j is done
/// every x ≤ j − 128 is final — handed out, or rejected when no column reached it. A value set
/// twice is rejected.
class FValueStream {
 public:
  FValueStream(int m, const std::vector<AcceptedRow>& lower) : g_(m, lower) { ring_.fill(kUnset); }

  bool next(std::int8_t& out) {
    while (j_ < x_ + 129) {  // x_ is final once column x_ + 128 is done
      std::int8_t h;
      if (!g_.next(h)) return fail("a value of g leaves the byte range of h");
      const std::int64_t v = j_ + h;
      if (v >= 0) {
        const std::int64_t d = j_ - v;
        if (d <= kUnset || d > std::numeric_limits<std::int8_t>::max())
          return fail("f − n leaves the byte range");
        // v ≥ x_ and v ≤ j_ + 127 < x_ + 256: the ring holds every value not handed out.
        if (v < x_) return fail("g row takes the value " + std::to_string(v) + " twice");
        std::int8_t& slot = ring_[static_cast<std::size_t>(v & 255)];
        if (slot != kUnset) return fail("g row takes the value " + std::to_string(v) + " twice");
        slot = static_cast<std::int8_t>(d);
      }
      ++j_;
    }
    std::int8_t& slot = ring_[static_cast<std::size_t>(x_ & 255)];
    if (slot == kUnset) return fail("value " + std::to_string(x_) + " not reached by the g row");
    out = slot;
    slot = kUnset;
    ++x_;
    return true;
  }
  [[nodiscard]] std::string failure() const { return why_; }

 private:
  static constexpr std::int8_t kUnset = std::numeric_limits<std::int8_t>::min();
  bool fail(std::string why) {
    why_ = std::move(why);
    return false;
  }
  GRowStream g_;
  std::array<std::int8_t, 256> ring_{};
  std::int64_t j_ = 0;  // the next column of g
  std::int64_t x_ = 0;  // the next value handed out
  std::string why_;
};

/// One exact comparison of a streamed row with itself: x(n + shift) against x(n) for
/// n ∈ [from, to), stopped at the first difference. `equal`: the row must have none there
/// (else the certificate is rejected with `why`, "{n}" replaced by the first difference);
/// otherwise it must have one (else rejected with `why`).
struct PairCompare {
  std::int64_t shift, from, to;
  bool equal;
  std::string why;
};

/// Runs every comparison of `pairs` on the row `start` hands out (a stream at column 0): one
/// stream, the scout, goes from column 0 to the last column any pair starts a side at (and at
/// least to `cover`), and leaves a copy of itself at each such column; then each pair runs its
/// two copies side by side. The first `head` values are kept in `head_out`. Returns an empty
/// string when every comparison holds, else the first failure (in the order of `pairs`, or a
/// failure of the stream itself). Columns computed: the scout's reach plus twice each pair's
/// length up to its first difference. `tick` is called every 2^16 columns (it may throw).
template <class Stream>
std::string compare_pairs(const Stream& start, const std::vector<PairCompare>& pairs,
                          std::int64_t cover, std::int64_t head, std::vector<std::int8_t>& head_out,
                          const std::function<void()>& tick) {
  std::vector<std::int64_t> starts;
  for (const PairCompare& c : pairs) {
    if (c.from >= c.to) continue;
    starts.push_back(c.from);
    starts.push_back(c.from + c.shift);
  }
  std::sort(starts.begin(), starts.end());
  starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
  head_out.clear();
  head_out.reserve(static_cast<std::size_t>(head));

  // The scout, leaving a copy at each start.
  std::vector<std::pair<std::int64_t, Stream>> copies;
  copies.reserve(starts.size());
  Stream scout = start;
  std::int64_t n = 0;
  const auto advance_to = [&](std::int64_t end) {
    for (; n < end; ++n) {
      if (tick && (n & 0xFFFF) == 0) tick();
      std::int8_t v;
      if (!scout.next(v)) return false;
      if (n < head) head_out.push_back(v);
    }
    return true;
  };
  for (const std::int64_t s : starts) {
    if (!advance_to(s)) return scout.failure();
    copies.emplace_back(s, scout);
  }
  if (!advance_to(std::max(cover, head))) return scout.failure();
  const auto copy_at = [&](std::int64_t s) -> const Stream& {
    return std::lower_bound(copies.begin(), copies.end(), s,
                            [](const auto& c, std::int64_t v) { return c.first < v; })
        ->second;
  };

  // The pairs, each by its two copies side by side.
  for (const PairCompare& c : pairs) {
    std::int64_t difference = -1;
    if (c.from < c.to) {
      Stream a = copy_at(c.from), b = copy_at(c.from + c.shift);
      for (std::int64_t i = c.from; i < c.to; ++i) {
        if (tick && ((i - c.from) & 0xFFFF) == 0) tick();
        std::int8_t va, vb;
        if (!a.next(va)) return a.failure();
        if (!b.next(vb)) return b.failure();
        if (va != vb) {
          difference = i;
          break;
        }
      }
    }
    if (c.equal && difference >= 0) {
      std::string why = c.why;
      if (const auto at = why.find("{n}"); at != std::string::npos)
        why.replace(at, 3, std::to_string(difference));
      return why;
    }
    if (!c.equal && difference < 0) return c.why;
  }
  return {};
}

/// The comparisons that prove a streamed row's claims, given that x(n + tau) = x(n) for n ≥ k
/// once they hold (a g row: the §4 window, the first comparison here, with T > 0; an f row:
/// Theorem 3, T = 0). Claimed least period t | tau and preperiod p ≤ k (checked before):
///  - t is a period: t = tau; or t a multiple of T and x(n + t) = x(n) on [k, k + T] (§4 with
///    t as the shift); or x(n + t) = x(n) on [k, k + tau) (then for every n ≥ k, by tau);
///  - no t/q (q prime) is a period: x(n + t/q) ≠ x(n) somewhere in [k, k + T] when t/q is a
///    multiple of T (equal there would make it a period by §4), else in [k, k + t) (equal on a
///    whole period t would make it one); exactly, stopped at the first difference;
///  - p is the least preperiod: x(n + t) = x(n) on [p, k), and not at p − 1.
inline std::vector<PairCompare> period_pairs(std::int64_t k, std::int64_t tau, std::int64_t T,
                                             std::int64_t t, std::int64_t p) {
  std::vector<PairCompare> pairs;
  if (T > 0) pairs.push_back({tau, k, k + T + 1, true, "h(m, n + tau) != h(m, n) at n = {n}"});
  const std::string not_a_period = "period " + std::to_string(t) + " is not a period of the row";
  if (t != tau) {
    if (T > 0 && t % T == 0)
      pairs.push_back({t, k, k + T + 1, true, not_a_period});
    else
      pairs.push_back({t, k, k + tau, true, not_a_period});
  }
  for (const std::int64_t q : prime_factors(t)) {
    const std::int64_t d = t / q;
    pairs.push_back({d, k, T > 0 && d % T == 0 ? k + T + 1 : k + t, false,
                     "period " + std::to_string(t) + " is not the least: " + std::to_string(d) +
                         " is also a period from " + std::to_string(k)});
  }
  if (p < k)
    pairs.push_back({t, p, k, true, "preperiod " + std::to_string(p) + " too small: fails at {n}"});
  if (p > 0)
    pairs.push_back({t, p - 1, p, false,
                     "preperiod " + std::to_string(p) + " is not the least: the value at " +
                         std::to_string(p - 1) + " already repeats at " +
                         std::to_string(p - 1 + t)});
  return pairs;
}

}  // namespace igv::frolov_check
