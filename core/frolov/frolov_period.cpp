#include "core/frolov/frolov_period.h"

#include <algorithm>
#include <cstring>
#include <list>
#include <numeric>
#include <optional>
#include <string>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/limits.h"
#include "core/base/polyhash.h"
#include "core/base/trusted/primitives.h"
#include "core/frolov/frolov_checkpoint.h"

namespace igv {

namespace {

/// The `reached.row` of a LimitReached in a row's search: where the search stood.
nlohmann::json row_reached(FrolovFunction which, int m, std::int64_t columns, std::int64_t shift,
                           std::int64_t need) {
  return {{"function", frolov_function_name(which)},
          {"m", m},
          {"columns_computed", columns},
          {"shift", shift},
          {"columns_needed_next", need}};
}

/// True when d is a period of the tail from k of a sequence with period tau from k: h(n) =
/// h(k + (n − k + d) mod tau) for n in [k, k + tau), compared as two contiguous ranges.
bool is_tail_period(std::span<const std::int8_t> h, std::int64_t k, std::int64_t tau,
                    std::int64_t d) {
  const std::int8_t* x = h.data();
  const auto first = static_cast<std::size_t>(tau - d);
  if (std::memcmp(x + k, x + k + d, first) != 0) return false;
  return std::memcmp(x + k + (tau - d), x + k, static_cast<std::size_t>(d)) == 0;
}

/// The §4 window, streamed: see produce_frolov_chain. (ja, jb) are the next multiples of T of
/// tests (A) and (B); the first success sets k and tau.
void find_window(FrolovRowWindow& row, FrolovFunction which, std::int64_t P, std::int64_t T,
                 std::int64_t max_columns, const ComputeLimits& limits, int m, std::int64_t& ja,
                 std::int64_t& jb, FrolovRun& run, std::int64_t& k, std::int64_t& tau) {
  const std::string name = std::string(frolov_function_name(which)) + " row " + std::to_string(m);
  for (;;) {
    const std::int64_t need_a = P + ja * T + T + 1;
    const std::int64_t need_b = P + 2 * jb * T + T + 1;
    const bool a = need_a <= need_b;
    const std::int64_t need = a ? need_a : need_b;
    const std::int64_t shift = (a ? ja : jb) * T;
    if (need > max_columns) {
      throw BudgetExceeded("period search for row " + std::to_string(m) + " would need more than " +
                           std::to_string(max_columns) + " columns (tried shifts up to " +
                           std::to_string(shift - T) + ")");
    }
    const auto reached = [&] { return row_reached(which, m, row.computed(), shift, need); };
    if (!limits.fits(frolov_window_bytes(need))) {
      run.save(row, ja, jb);  // resumable with a larger --memory-limit
      throw LimitReached(name + ": the window of shift " + std::to_string(shift) + " needs " +
                             std::to_string(need) + " columns, about " +
                             mebibytes(frolov_window_bytes(need)) + ", above the memory limit of " +
                             mebibytes(limits.memory_bytes),
                         "memory", nlohmann::json{{"row", reached()}});
    }
    const auto tick = [&] {
      if (limits.out_of_time()) {
        run.save(row, ja, jb);  // a run stopped by its time limit resumes where it stopped
        throw LimitReached(name + ": time limit reached after " + std::to_string(row.computed()) +
                               " columns (shifts tried up to " + std::to_string(shift - T) + ")",
                           "time", nlohmann::json{{"row", reached()}});
      }
      run.tick(row, ja, jb, shift, need);
    };
    // The limit is looked at only while columns remain to compute: a window whose columns are
    // all there is decided first, so a stopped search always reports columns still needed.
    if (row.computed() < need) tick();
    row.extend_to(need, tick);
    const auto h = row.h();
    if (a) {
      // (A): [P, P + T] against [P + jT, P + jT + T].
      if (std::memcmp(h.data() + P, h.data() + P + shift, static_cast<std::size_t>(T + 1)) == 0) {
        tau = shift;
        k = P;
        return;
      }
      ++ja;
    } else {
      // (B): the least k with h(n + jT) = h(n) on [k, P + jT + T], a window of T + 1 at least.
      tau = shift;
      const std::int64_t top = P + tau + T;
      std::int64_t n = top;
      while (n >= P && h[static_cast<std::size_t>(n + tau)] == h[static_cast<std::size_t>(n)]) --n;
      k = n + 1;
      if (top - k >= T) return;
      ++jb;
    }
  }
}

/// A row stream's state in a checkpoint: its column and row mask (the cursors into the lower
/// rows follow from the column).
nlohmann::json stream_json(const FrolovRowStream& s) {
  return {{"column", s.computed()}, {"row_mask", s.row_mask()}};
}

/// The streamed search of a row (FrolovRunOptions::stream_min_T): only the row's first P
/// columns are kept; every later column is compared as it passes with columns the row had
/// earlier, recomputed beside it by copies of the row's own stream. See produce_frolov_chain.
///
/// Window j (shift s = jT) compares h(n + s) with h(n) for n ∈ [P, P + 2T]:
///  - test (A): no difference on [P, P + T]; decided at column P + s + T, k = P;
///  - test (B′): no difference on [P + T, P + 2T], i.e. the least k with no difference on
///    [k, P + 2T] is at most P + T (a run of T + 1 equal columns reaching P + 2T); decided at
///    column P + s + 2T, k = one past the last difference (it lies in [P, P + T) since (A)
///    failed). It sees every row whose preperiod is at most P + T (the stored (B) sees
///    preperiods up to P + jT, but needs the row to 2jT).
/// Window j is decided no later than window j + 1, so the first window to succeed has the least
/// j: τ = jT is then a period from k (§4), and no j′T with j′ < j is a period of the row (its
/// window failed both tests, and a row periodic from k ≤ P + T would have passed (B′)).
///
/// The side h(n) is never stored: copies of the row's stream are taken as the row passes
/// columns P and P + T. Window j's phase A runs a copy from P beside the row from P + s and
/// stops at the first difference (at n = P + T the window fails: neither test can pass);
/// phase B runs a copy from P + T beside the row from P + s + T and fails the window at its
/// first difference. When phase B reaches P + 2T, k comes from one more pass over [P, P + T),
/// to the last block of G columns whose hash differs τ later: a copy of the row's stream saved
/// at P + s beside one from P (locate_k). The search holds
/// the row's first P columns, two saved streams, and per open window (at most 2 + P/T) its
/// columns [s, s + P) and up to two streams: a few kilobytes beside the lower rows, whatever
/// T. Its cost beyond the row itself: each window's copies as far as their first difference
/// (a piece of at most 2^16 columns each) and twice that last block's end − P once, when (B′)
/// decides (row 14: 2 · 40,320).
class StreamedSearch {
 public:
  StreamedSearch(std::int64_t P, std::int64_t T) : P_(P), T_(T) {
    // Hash marks every G columns from P: G = T with each prime's exponent lowered by up to 2,
    // so that τ/q and τ/q² (q | T) are multiples of G for every τ = jT.
    G_ = T;
    for (const std::int64_t q : prime_factors(T)) {
      for (int e = 0; e < 2 && G_ % q == 0; ++e) G_ /= q;
    }
  }

  /// The columns kept: [0, P) (test (A)'s preperiod is read from them).
  [[nodiscard]] std::int64_t head_columns() const { return P_; }
  [[nodiscard]] std::int64_t found_j() const { return found_.j; }
  /// The window's start k of the shift found (P by test (A), above P by test (B′)): after
  /// locate_k() when (B′) decided.
  [[nodiscard]] std::int64_t found_k() const { return found_k_; }
  [[nodiscard]] bool needs_locate_k() const { return found_.j != 0 && found_k_ < 0; }
  /// The least shift still being tried, and the columns its next test needs.
  [[nodiscard]] std::int64_t shift() const {
    return (windows_.empty() ? next_j_ : windows_.front().j) * T_;
  }
  [[nodiscard]] std::int64_t need() const {
    if (windows_.empty()) return P_ + next_j_ * T_ + T_ + 1;
    const Window& w = windows_.front();
    return P_ + w.j * T_ + (w.phase == Phase::open || w.phase == Phase::a ? T_ : 2 * T_) + 1;
  }
  /// The least column above c at which the search needs the row's stream (P, then P + iT): a
  /// piece handed to consume() never contains one but at its start.
  [[nodiscard]] std::int64_t next_event(std::int64_t c) const {
    return c < P_ ? P_ : P_ + ((c - P_) / T_ + 1) * T_;
  }

  [[nodiscard]] bool is_event(std::int64_t c) const { return c >= P_ && (c - P_) % T_ == 0; }

  /// Columns [c0, c0 + n) of the row, in order, with no event column in (c0, c0 + n);
  /// `at_c0` is the row's stream at column c0 when c0 is an event column (else null).
  void consume(std::int64_t c0, const std::int8_t* data, std::int64_t n,
               const FrolovRowStream* at_c0) {
    const std::int64_t c1 = c0 + n;
    if (next_event(c0) < c1) throw std::logic_error("streamed search: a piece spans an event");
    // Horner hash of [P, c), marked at every P + iG.
    for (std::int64_t c = std::max(c0, P_); c < c1;) {
      if ((c - P_) % G_ == 0) marks_.push_back(hash_);
      const std::int64_t end = std::min(c1, P_ + ((c - P_) / G_ + 1) * G_);
      std::uint64_t h = hash_;
      for (; c < end; ++c) h = horner61(h, kBase, data[c - c0]);
      hash_ = h;
    }
    if (is_event(c0) != (at_c0 != nullptr) || (at_c0 != nullptr && at_c0->computed() != c0))
      throw std::logic_error("streamed search: the row's stream is not that of the piece");
    if (c0 == P_) at_P_ = *at_c0;
    if (c0 == P_ + T_) at_PT_ = *at_c0;
    // Window j opens at column jT (its columns [jT, jT + P) are kept: the preperiod is read
    // from them when test (A) decides), starts phase A at P + jT and phase B at P + jT + T.
    while (next_j_ * T_ < c1) {
      Window w;
      w.j = next_j_++;
      windows_.push_back(std::move(w));
    }
    for (auto it = windows_.begin(); it != windows_.end();) {
      Window& w = *it;
      const std::int64_t s = w.j * T_;
      {
        if (w.head.empty() && P_ > 0) w.head.resize(static_cast<std::size_t>(P_));
        const std::int64_t lo = std::max(c0, s), hi = std::min(c1, s + P_);
        if (lo < hi)
          std::memcpy(w.head.data() + (lo - s), data + (lo - c0),
                      static_cast<std::size_t>(hi - lo));
      }
      if (w.phase == Phase::open && P_ + s < c1) {
        if (c0 != P_ + s || !at_P_) throw std::logic_error("streamed search: window missed");
        w.start = *at_c0;
        w.side = *at_P_;
        w.phase = Phase::a;
      }
      // The first difference h(n + s) ≠ h(n) of the piece on columns n + s ∈ [from, to), or −1;
      // the side stream advances over the columns compared.
      const auto first_difference = [&](std::int64_t from, std::int64_t to) -> std::int64_t {
        const std::int64_t lo = std::max(c0, from), hi = std::min(c1, to);
        if (lo >= hi) return -1;
        side_.resize(static_cast<std::size_t>(hi - lo));
        w.side->stream(side_.data(), hi - lo);
        const std::int8_t* x = data + (lo - c0);
        if (std::memcmp(x, side_.data(), side_.size()) == 0) return -1;
        std::int64_t i = 0;
        while (x[i] == side_[static_cast<std::size_t>(i)]) ++i;
        return lo + i - s;
      };
      const std::int64_t a_end = P_ + s + T_ + 1, b_end = P_ + s + 2 * T_ + 1;
      if (w.phase == Phase::a) {
        const std::int64_t d = first_difference(P_ + s, a_end);
        if (d >= P_ + T_) {
          it = windows_.erase(it);
          continue;
        }
        if (d >= 0) {
          w.first_difference = d;
          w.side.reset();
          w.phase = Phase::wait_b;
        } else if (c1 >= a_end) {
          found_ = std::move(w);  // (A)
          found_k_ = P_;
          return;
        }
      }
      if (w.phase == Phase::wait_b && P_ + s + T_ < c1) {
        if (c0 != P_ + s + T_ || !at_PT_) throw std::logic_error("streamed search: phase B missed");
        w.side = *at_PT_;
        w.phase = Phase::b;
      }
      if (w.phase == Phase::b) {
        if (first_difference(P_ + s + T_, b_end) >= 0) {
          it = windows_.erase(it);
          continue;
        }
        if (c1 >= b_end) {
          found_ = std::move(w);  // (B′): no difference on [P + T, P + 2T]
          return;
        }
      }
      ++it;
    }
  }

  /// After (B′) decided: k = one past the last difference h(n + τ) ≠ h(n) on [P, P + T). The
  /// hash marks name the last block of G columns there whose hash differs from the block τ
  /// later (equal blocks have equal hashes; a collision could only hide a later difference,
  /// and the checker, which reads k exactly, would then reject the certificate); the row's
  /// stream saved at P + τ and a copy from P, run side by side from P to the end of that
  /// block, or of the block holding the first difference phase A saw if no later block
  /// differs, find the last difference exactly. `tick` is called every 2^16 columns (it may throw).
  void locate_k(const std::function<void()>& tick) {
    const std::int64_t tau = found_.j * T_;
    // The end of the block holding the first difference, or of a later block that differs.
    std::int64_t end = P_ + ((found_.first_difference - P_) / G_ + 1) * G_;
    for (std::int64_t a = P_ + T_ - G_; a >= end; a -= G_) {
      const auto here = block(a, a + G_), later = block(a + tau, a + tau + G_);
      if (!here || !later) throw std::logic_error("streamed search: no hash mark in [P, P + T]");
      if (*here != *later) {
        end = a + G_;
        break;
      }
    }
    FrolovRowStream x = *found_.start, y = *at_P_;
    constexpr std::int64_t kChunk = std::int64_t{1} << 16;
    std::vector<std::int8_t> a(static_cast<std::size_t>(kChunk)), b(a.size());
    std::int64_t last = -1;
    for (std::int64_t n = P_; n < end; n += kChunk) {
      tick();
      const std::int64_t len = std::min(kChunk, end - n);
      x.stream(a.data(), len);
      y.stream(b.data(), len);
      if (std::memcmp(a.data(), b.data(), static_cast<std::size_t>(len)) == 0) continue;
      for (std::int64_t i = len - 1; i >= 0; --i) {
        if (a[static_cast<std::size_t>(i)] != b[static_cast<std::size_t>(i)]) {
          last = n + i;
          break;
        }
      }
    }
    located_columns_ = 2 * (end - P_);
    // Phase A saw a difference at first_difference, so the pass must see one at or after it.
    if (last < found_.first_difference)
      throw std::logic_error("streamed search: the second pass disagrees with the first");
    found_k_ = last + 1;
  }
  /// Columns locate_k() computed (two streams).
  [[nodiscard]] std::int64_t located_columns() const { return located_columns_; }

  /// The state after the columns consumed so far, for a checkpoint: the hash, the two saved
  /// streams, the next window and the windows still open (each with its saved columns, its
  /// phase, its first difference and its streams). The hash marks (marks()) are saved beside
  /// it, in a binary file.
  [[nodiscard]] nlohmann::json state() const {
    nlohmann::json windows = nlohmann::json::array();
    const auto opt = [](const std::optional<FrolovRowStream>& s) -> nlohmann::json {
      return s ? stream_json(*s) : nlohmann::json(nullptr);
    };
    for (const Window& w : windows_) {
      std::string head;
      for (const std::int8_t b : w.head) head.push_back(static_cast<char>(b));
      windows.push_back({{"j", w.j},
                         {"head", checkpoint_hex(head)},
                         {"phase", phase_name(w.phase)},
                         {"first_difference", w.first_difference},
                         {"start", opt(w.start)},
                         {"side", opt(w.side)}});
    }
    return {{"P", P_},
            {"T", T_},
            {"head_columns", head_columns()},
            {"hash", hash_},
            {"at_P", opt(at_P_)},
            {"at_P_plus_T", opt(at_PT_)},
            {"next_j", next_j_},
            {"windows", windows}};
  }

  [[nodiscard]] const std::vector<std::uint64_t>& marks() const { return marks_; }

  /// Restores state() and marks() saved after `columns` columns, the streams from `row` (the
  /// row's own stream: a copy set to the saved column and mask); InputError when they cannot
  /// be that state.
  void restore(const nlohmann::json& s, std::vector<std::uint64_t> marks, std::int64_t columns,
               const FrolovRowStream& row) {
    const auto bad = [](const std::string& why) {
      return InputError("checkpoint: the streamed search's state " + why + " (corrupt checkpoint)");
    };
    const auto mismatch = [&] {
      return bad("does not match its " + std::to_string(columns) + " columns");
    };
    // A saved stream, which must stand at `column` (none when `column` is −1).
    const auto stream_at = [&](const nlohmann::json& j,
                               std::int64_t column) -> std::optional<FrolovRowStream> {
      if (column < 0) {
        if (!j.is_null()) throw mismatch();
        return std::nullopt;
      }
      if (!j.is_object() || j.at("column").get<std::int64_t>() != column) throw mismatch();
      FrolovRowStream out = row;
      out.restore(column, j.at("row_mask").get<std::uint64_t>());
      return out;
    };
    try {
      if (s.at("P").get<std::int64_t>() != P_ || s.at("T").get<std::int64_t>() != T_ ||
          s.at("head_columns").get<std::int64_t>() != head_columns())
        throw bad("is for another row");
      hash_ = s.at("hash").get<std::uint64_t>();
      marks_ = std::move(marks);
      next_j_ = s.at("next_j").get<std::int64_t>();
      if (next_j_ < 1 || (next_j_ - 1) * T_ >= columns || next_j_ * T_ < columns) throw mismatch();
      at_P_ = stream_at(s.at("at_P"), columns > P_ ? P_ : -1);
      at_PT_ = stream_at(s.at("at_P_plus_T"), columns > P_ + T_ ? P_ + T_ : -1);
      windows_.clear();
      std::int64_t previous = 0;
      for (const auto& jw : s.at("windows")) {
        Window w;
        w.j = jw.at("j").get<std::int64_t>();
        if (w.j <= previous || w.j >= next_j_) throw mismatch();
        previous = w.j;
        const std::int64_t at = P_ + w.j * T_;  // phase A's first column
        const std::string head = checkpoint_unhex(jw.at("head").get<std::string>());
        if (static_cast<std::int64_t>(head.size()) != P_) throw bad("has a window of another size");
        w.head.assign(head.begin(), head.end());
        const std::string phase = jw.at("phase").get<std::string>();
        w.first_difference = jw.at("first_difference").get<std::int64_t>();
        const bool differs = w.first_difference >= P_ && w.first_difference < P_ + T_ &&
                             w.first_difference < columns - w.j * T_;
        if (phase == phase_name(Phase::open) && columns <= at && w.first_difference == -1) {
          w.phase = Phase::open;
        } else if (phase == phase_name(Phase::a) && columns > at && columns <= at + T_ &&
                   w.first_difference == -1) {
          w.phase = Phase::a;
        } else if (phase == phase_name(Phase::wait_b) && columns > at && columns <= at + T_ &&
                   differs) {
          w.phase = Phase::wait_b;
        } else if (phase == phase_name(Phase::b) && columns > at + T_ && columns <= at + 2 * T_ &&
                   differs) {
          w.phase = Phase::b;
        } else {
          throw mismatch();
        }
        w.start = stream_at(jw.at("start"), w.phase == Phase::open ? -1 : at);
        w.side = stream_at(jw.at("side"),
                           w.phase == Phase::a || w.phase == Phase::b ? columns - w.j * T_ : -1);
        windows_.push_back(std::move(w));
      }
    } catch (const nlohmann::json::exception& e) {
      throw bad(std::string("is malformed (") + e.what() + ")");
    } catch (const std::out_of_range& e) {
      throw bad(std::string("names a column out of range (") + e.what() + ")");
    }
    // One mark per G columns from P.
    const std::int64_t expected_marks = columns <= P_ ? 0 : (columns - 1 - P_) / G_ + 1;
    if (static_cast<std::int64_t>(marks_.size()) != expected_marks || hash_ >= kMersenne61)
      throw mismatch();
    for (const std::uint64_t v : marks_) {
      if (v >= kMersenne61) throw bad("has a hash out of range");
    }
  }

  /// After found_j() (and locate_k()): the least period t | τ = jT and the least preperiod,
  /// from the saved columns and hashes; `head` the stored row [0, P).
  void minimise(const std::int8_t* head, std::int64_t& preperiod, std::int64_t& period) const {
    const std::int64_t tau = found_.j * T_, k = found_k();
    // The row is periodic from k, so d | τ is a period when the block [s, s + τ) equals its
    // rotation by d, for the first mark s ≥ k.
    const std::int64_t s = P_ + (k - P_ + G_ - 1) / G_ * G_;
    const std::optional<std::uint64_t> whole = block(s, s + tau);
    if (!whole) throw std::logic_error("streamed search: no hash mark at k + tau");
    const auto is_period = [&](std::int64_t d) {
      if (d % T_ == 0) return false;  // its window failed both tests (class comment)
      const auto h1 = block(s, s + d);
      if (!h1) {
        throw BudgetExceeded("streamed search: cannot decide whether " + std::to_string(d) +
                             " is a period of the row (no hash mark there)");
      }
      return !rotation_differs61(*h1, *whole, kBase, static_cast<std::uint64_t>(d),
                                 static_cast<std::uint64_t>(tau - d));
    };
    period = tau;
    for (const std::int64_t q : prime_factors(tau)) {
      while (period % q == 0 && is_period(period / q)) period /= q;
    }
    // The least start of the tail's period is that of τ (t | τ). (B′): h(k − 1 + τ) ≠ h(k − 1),
    // so it is k. (A): h(n) = h(n + τ) down from P, read against the saved columns [jT, jT + P).
    if (k > P_) {
      preperiod = k;
      return;
    }
    const auto& jh = found_.head;
    preperiod = P_;
    while (preperiod > 0 && head[preperiod - 1] == jh[static_cast<std::size_t>(preperiod - 1)])
      --preperiod;
  }

 private:
  /// The hash mark at column `at` (P + iG), if recorded.
  [[nodiscard]] std::optional<std::uint64_t> mark(std::int64_t at) const {
    const std::int64_t d = at - P_;
    if (d < 0 || d % G_ != 0 || d / G_ >= static_cast<std::int64_t>(marks_.size()))
      return std::nullopt;
    return marks_[static_cast<std::size_t>(d / G_)];
  }
  /// The hash of [a, b) from the prefix hashes: H[a, b) = H[P, b) − H[P, a)·x^(b − a).
  [[nodiscard]] std::optional<std::uint64_t> block(std::int64_t a, std::int64_t b) const {
    const auto ha = mark(a), hb = mark(b);
    if (!ha || !hb) return std::nullopt;
    return sub_mod61(*hb, mul_mod61(*ha, pow_mod61(kBase, static_cast<std::uint64_t>(b - a))));
  }

  static constexpr std::uint64_t kBase = 0x1d9f2c5a3b7e4u;  // any base: the checker draws its own
  enum class Phase { open, a, wait_b, b };
  static const char* phase_name(Phase p) {
    switch (p) {
      case Phase::open:
        return "open";
      case Phase::a:
        return "A";
      case Phase::wait_b:
        return "A failed";
      case Phase::b:
        return "B";
    }
    return "?";
  }
  std::int64_t P_, T_, G_ = 1;
  struct Window {
    std::int64_t j = 0;                    // 0: none
    std::vector<std::int8_t> head;         // the columns [jT, jT + P)
    Phase phase = Phase::open;             // open: before column P + jT
    std::int64_t first_difference = -1;    // phase A's first n with h(n + jT) ≠ h(n), or −1
    std::optional<FrolovRowStream> start;  // the row's stream at column P + jT
    std::optional<FrolovRowStream> side;   // phases A and B: the stream of h(n), beside the row
  };
  std::int64_t next_j_ = 1;
  std::list<Window> windows_;  // opened, not failed, in the order of j
  Window found_;
  std::int64_t found_k_ = -1;
  std::int64_t located_columns_ = 0;
  std::optional<FrolovRowStream> at_P_, at_PT_;  // the row's stream at P and at P + T
  std::vector<std::int8_t> side_;                // a piece of a side stream
  std::uint64_t hash_ = 0;
  std::vector<std::uint64_t> marks_;
};

/// The first `count` columns of the row `proto` starts (at column 0), by a copy of it: the
/// values of g up to a streamed row's preperiod (Theorem 3's bound), or a kept row's columns.
std::vector<std::int8_t> stream_prefix(const FrolovRowStream& proto, std::int64_t count,
                                       const std::function<void()>& tick) {
  FrolovRowStream s = proto;
  std::vector<std::int8_t> out(static_cast<std::size_t>(count));
  constexpr std::int64_t kChunk = std::int64_t{1} << 16;
  for (std::int64_t c = 0; c < count; c += kChunk) {
    tick();
    s.stream(out.data() + c, std::min(kChunk, count - c));
  }
  return out;
}

/// prove_row's search for a streamed row: k = P and tau = jT, the least period and preperiod.
void search_streamed(FrolovRowWindow& row, FrolovFunction which, std::int64_t P, std::int64_t T,
                     std::int64_t max_columns, const ComputeLimits& limits, int m, FrolovRun& run,
                     std::int64_t& k, std::int64_t& tau, std::int64_t& preperiod,
                     std::int64_t& period, std::int64_t& first_column, std::int64_t& extra) {
  const std::string name = std::string(frolov_function_name(which)) + " row " + std::to_string(m);
  StreamedSearch search(P, T);
  const std::int64_t H = search.head_columns();
  const FrolovRowStream at_zero = row.state();
  run.begin_streamed(
      H, [&search] { return search.state(); },
      [&search]() -> const std::vector<std::uint64_t>& { return search.marks(); });
  if (!limits.fits(frolov_window_bytes(H))) {
    throw LimitReached(name + ": the streamed row's window of " + std::to_string(H) +
                           " columns needs about " + mebibytes(frolov_window_bytes(H)) +
                           ", above the memory limit of " + mebibytes(limits.memory_bytes),
                       "memory",
                       nlohmann::json{{"row", row_reached(which, m, row.computed(), T, H)}});
  }
  // A resumed row: its first H columns from current.bin, the search's state from state.json.
  if (run.resume_row(row, which, m, H)) {
    if (const nlohmann::json state = run.take_resumed_stream(); !state.is_null())
      search.restore(state, run.take_resumed_marks(), row.computed(), at_zero);
  }
  run.start_row(which, m, row.computed());
  first_column = row.computed();
  const auto stopped = [&] {
    return LimitReached(
        name + ": time limit reached after " + std::to_string(row.computed()) +
            " columns (shifts tried up to " + std::to_string(search.shift() - T) + ")",
        "time",
        nlohmann::json{
            {"row", row_reached(which, m, row.computed(), search.shift(), search.need())}});
  };
  constexpr std::int64_t kPiece = std::int64_t{1} << 16;
  std::vector<std::int8_t> buf(static_cast<std::size_t>(kPiece));
  while (search.found_j() == 0) {
    const std::int64_t need = search.need();
    if (need > max_columns) {
      throw BudgetExceeded("period search for row " + std::to_string(m) + " would need more than " +
                           std::to_string(max_columns) + " columns (tried shifts up to " +
                           std::to_string(search.shift() - T) + ")");
    }
    if (limits.out_of_time()) {
      run.save(row, 1, 1);
      throw stopped();
    }
    run.tick_streamed(row, search.shift(), need);
    // Pieces of at most 2^16 columns, never past max_columns (a window decided at a column
    // above the budget is never reached: the budget bounds the columns computed, not only
    // those asked) nor past the search's next event column.
    const std::int64_t c0 = row.computed();
    const std::int64_t piece =
        std::min({kPiece, max_columns - c0, (c0 < H ? H : search.next_event(c0)) - c0});
    std::optional<FrolovRowStream> at_c0;
    if (search.is_event(c0)) at_c0 = row.state();
    const FrolovRowStream* at = at_c0 ? &*at_c0 : nullptr;
    if (c0 < H) {
      row.extend_to(c0 + piece);
      run.stream_columns(c0, row.h().data() + c0, piece);
      search.consume(c0, row.h().data() + c0, piece, at);
    } else {
      row.stream(buf.data(), piece);
      run.stream_columns(c0, buf.data(), piece);
      search.consume(c0, buf.data(), piece, at);
    }
  }
  // (B′): one more pass for k (at most 2T columns). A time limit here saves nothing: the last
  // checkpoint stands (the search's state after the window decided is not one to resume).
  const auto tick = [&] {
    if (limits.out_of_time()) throw stopped();
  };
  if (search.needs_locate_k()) {
    search.locate_k(tick);
    extra += search.located_columns();
  }
  k = search.found_k();
  tau = search.found_j() * T;
  search.minimise(row.h().data(), preperiod, period);
}

struct RowResult {
  std::int64_t T = 1, k = 0, tau = 1, preperiod = 0, period = 1;
  PeriodicRow row;           ///< h through preperiod + period (when kept)
  std::int64_t f_bound = 0;  ///< g rows: max{g(m, j) + 1 | j < preperiod}
  std::int64_t cells = 0;
};

RowResult prove_row(FrolovFunction which, int m, const std::vector<PeriodicRow>& lower,
                    std::int64_t max_columns, const ComputeLimits& limits, bool keep,
                    FrolovRun& run) {
  std::int64_t lcm = 1, P = 0;
  for (const auto& r : lower) {
    lcm = std::lcm(lcm, r.period);
    P = std::max(P, r.preperiod);
  }
  // T: the least multiple of the lower periods' lcm that is at least 2m (§4).
  const std::int64_t T = lcm * std::max<std::int64_t>(1, (2 * m + lcm - 1) / lcm);
  FrolovRowWindow window(which, m, lower, max_columns);
  RowResult out;
  out.T = T;
  std::int64_t first_column = 0;
  std::int64_t extra = 0;  // columns computed again beyond the row's own (a streamed row)
  // A streamed row's columns below its preperiod (kept: through one period), computed again
  // from column 0 once the search is done.
  std::vector<std::int8_t> again;
  const bool streamed = T >= run.options().stream_min_T;
  if (streamed) {
    const FrolovRowStream at_zero = window.state();
    search_streamed(window, which, P, T, max_columns, limits, m, run, out.k, out.tau, out.preperiod,
                    out.period, first_column, extra);
    const std::int64_t count = keep ? out.preperiod + out.period : out.preperiod;
    if (keep && !limits.fits(frolov_window_bytes(count))) {
      throw LimitReached(
          std::string(frolov_function_name(which)) + " row " + std::to_string(m) +
              ": keeping the proved row needs " + std::to_string(count) + " columns, about " +
              mebibytes(frolov_window_bytes(count)) + ", above the memory limit of " +
              mebibytes(limits.memory_bytes),
          "memory",
          nlohmann::json{{"row", row_reached(which, m, window.computed(), out.tau, count)}});
    }
    again = stream_prefix(at_zero, count, [&] {
      if (limits.out_of_time())
        throw LimitReached(
            std::string(frolov_function_name(which)) + " row " + std::to_string(m) +
                ": time limit reached while the proved row " + "is computed again",
            "time",
            nlohmann::json{{"row", row_reached(which, m, window.computed(), out.tau, count)}});
    });
    extra += count;
  } else {
    std::int64_t ja = 1, jb = 1;
    if (const auto counters = run.resume_row(window, which, m)) {
      ja = counters->first;
      jb = counters->second;
      // Shifts jT already tested fit in the columns saved; larger counters are not a saved search.
      if (ja > window.computed() / T + 1 || jb > window.computed() / (2 * T) + 1)
        throw InputError("checkpoint: the search counters ja = " + std::to_string(ja) +
                         ", jb = " + std::to_string(jb) + " go beyond the " +
                         std::to_string(window.computed()) + " columns saved (corrupt)");
    }
    run.start_row(which, m, window.computed());
    first_column = window.computed();
    find_window(window, which, P, T, max_columns, limits, m, ja, jb, run, out.k, out.tau);
    minimise_period(window.h(), out.k, out.tau, out.preperiod, out.period);
  }
  const std::span<const std::int8_t> h =
      streamed ? std::span<const std::int8_t>(again) : window.h();
  for (std::int64_t j = 0; j < out.preperiod; ++j)
    out.f_bound = std::max(out.f_bound, j + h[static_cast<std::size_t>(j)] + 1);
  out.row.which = which;
  out.row.m = m;
  out.row.preperiod = out.preperiod;
  out.row.period = out.period;
  if (keep && streamed) {
    out.row.h = std::move(again);  // exactly h[0, preperiod + period)
  } else if (keep) {
    out.row.h.assign(h.begin(), h.begin() + out.preperiod + out.period);
  }
  const auto kept = keep ? std::span<const std::int8_t>(out.row.h) : std::span<const std::int8_t>();
  out.cells = window.computed() + extra - first_column;
  FrolovRowRecord record;
  record.which = which;
  if (which == FrolovFunction::g) {
    record.g = {m, m == 0, out.T, out.k, out.tau, out.period, out.preperiod};
  } else {
    record.f = {m, 0, out.period, out.preperiod};
  }
  record.f_bound = out.f_bound;
  record.cells = window.computed() + extra;
  run.finish_row(std::move(record), kept, out.cells);
  return out;
}

}  // namespace

void minimise_period(std::span<const std::int8_t> h, std::int64_t k, std::int64_t tau,
                     std::int64_t& preperiod, std::int64_t& period) {
  period = tau;
  for (std::int64_t q : prime_factors(tau)) {
    while (period % q == 0 && is_tail_period(h, k, tau, period / q)) period /= q;
  }
  preperiod = k;
  while (preperiod > 0 && h[static_cast<std::size_t>(preperiod - 1)] ==
                              h[static_cast<std::size_t>(preperiod - 1 + period)]) {
    --preperiod;
  }
}

FrolovPeriodChain produce_frolov_chain(int max_row, bool with_f, std::int64_t max_columns,
                                       const ComputeLimits& limits,
                                       const FrolovRunOptions& options) {
  if (max_row < 0 || max_row > kFrolovWindowMaxRow) {
    throw InputError("Frolov row " + std::to_string(max_row) + ": expected a row 0.." +
                     std::to_string(kFrolovWindowMaxRow));
  }
  FrolovRun run(options, max_row, with_f);
  FrolovPeriodChain chain;
  // A limit reached in a row: add the rows proved before it, then pass it on.
  const auto prove = [&](FrolovFunction which, int m, const std::vector<PeriodicRow>& lower,
                         bool keep) {
    try {
      return prove_row(which, m, lower, max_columns, limits, keep, run);
    } catch (LimitReached& e) {
      nlohmann::json rows = nlohmann::json::array();
      for (const auto& r : chain.g_certificates) {
        rows.push_back(
            {{"function", "g"}, {"m", r.m}, {"period", r.period}, {"preperiod", r.preperiod}});
      }
      for (const auto& r : chain.f_certificates) {
        rows.push_back(
            {{"function", "f"}, {"m", r.m}, {"period", r.period}, {"preperiod", r.preperiod}});
      }
      e.reached["rows_found"] = rows;
      e.reached["cells_computed"] =
          run.cells() + e.reached["row"].value("columns_computed", std::int64_t{0});
      throw;
    }
  };
  // A row saved by the checkpoint: its result without computing it (the row itself is read
  // back only when a later row or the caller needs it).
  const auto saved = [&](const FrolovRowRecord& r, bool keep) {
    RowResult out;
    if (r.which == FrolovFunction::g) {
      out.T = r.g.T;
      out.k = r.g.k;
      out.tau = r.g.tau;
      out.period = r.g.period;
      out.preperiod = r.g.preperiod;
    } else {
      out.period = r.f.period;
      out.preperiod = r.f.preperiod;
    }
    out.f_bound = r.f_bound;
    if (keep) out.row = run.load_row(r);
    chain.cells_computed += r.cells;
    return out;
  };
  // The g rows first, then the f rows (each f row needs only the f rows below it and Theorem
  // 3's bound from the g row of its m): a run that does not keep its rows holds one function's
  // rows at a time.
  std::vector<std::int64_t> f_bounds;
  for (int m = 0; m <= max_row; ++m) {
    // A row is kept when a later row needs it, or the caller asked for the rows.
    const bool keep_g = options.keep_rows || m < max_row;
    const FrolovRowRecord* gs = run.done(FrolovFunction::g, m);
    RowResult g =
        gs != nullptr ? saved(*gs, keep_g) : prove(FrolovFunction::g, m, chain.g_rows, keep_g);
    if (gs == nullptr) chain.cells_computed += g.cells;
    chain.g_certificates.push_back({m, m == 0, g.T, g.k, g.tau, g.period, g.preperiod});
    f_bounds.push_back(g.f_bound);
    if (keep_g) chain.g_rows.push_back(std::move(g.row));
  }
  if (!options.keep_rows) std::vector<PeriodicRow>().swap(chain.g_rows);
  for (int m = 0; with_f && m <= max_row; ++m) {
    const bool keep_f = options.keep_rows || m < max_row;
    const FrolovRowRecord* fs = run.done(FrolovFunction::f, m);
    RowResult f =
        fs != nullptr ? saved(*fs, keep_f) : prove(FrolovFunction::f, m, chain.f_rows, keep_f);
    if (fs == nullptr) chain.cells_computed += f.cells;
    // Theorem 3's bound: f(m, ·) is periodic beyond every value g takes before its preperiod.
    chain.f_certificates.push_back(
        {m, f_bounds[static_cast<std::size_t>(m)], f.period, f.preperiod});
    if (keep_f) chain.f_rows.push_back(std::move(f.row));
  }
  if (!options.keep_rows) {
    chain.g_rows.clear();
    chain.f_rows.clear();
  }
  return chain;
}

}  // namespace igv
