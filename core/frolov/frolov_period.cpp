#include "core/frolov/frolov_period.h"

#include <algorithm>
#include <cstring>
#include <list>
#include <numeric>
#include <optional>
#include <string>

#include "core/base/errors.h"
#include "core/base/limits.h"
#include "core/base/polyhash.h"
#include "core/base/primitives.h"
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

/// The streamed search of a row (FrolovRunOptions::stream_min_T): the row kept on
/// [0, P + 2T], every later column compared as it passes. See produce_frolov_chain.
///
/// Window j (shift jT) compares the columns n + jT with the kept n for n ∈ [P, P + 2T]:
///  - test (A), as the stored search: no difference on [P, P + T]; decided at column
///    P + jT + T, k = P;
///  - test (B′), the streamed form of (B): the least k with no difference on [k, P + 2T] is at
///    most P + T, i.e. a run of T + 1 equal columns reaching P + 2T; decided at column
///    P + jT + 2T, k = one past the last difference. It sees every row whose preperiod is at
///    most P + T (the stored (B) sees preperiods up to P + jT, but needs the row to 2jT).
/// Window j is decided no later than window j + 1, so the first window to succeed has the least
/// j: τ = jT is then a period from k (§4), and no j′T with j′ < j is a period of the row (its
/// window failed both tests, and a row periodic from k ≤ P + T would have passed (B′)).
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

  [[nodiscard]] std::int64_t head_columns() const { return P_ + 2 * T_ + 1; }
  [[nodiscard]] std::int64_t found_j() const { return found_.j; }
  /// The window's start k of the shift found (P by test (A), above P by test (B′)).
  [[nodiscard]] std::int64_t found_k() const {
    return found_.last_difference < 0 ? P_ : found_.last_difference + 1;
  }
  /// The least shift still being tried, and the columns its next test needs.
  [[nodiscard]] std::int64_t shift() const {
    return (windows_.empty() ? next_j_ : windows_.front().j) * T_;
  }
  [[nodiscard]] std::int64_t need() const {
    if (windows_.empty()) return P_ + next_j_ * T_ + T_ + 1;
    const Window& w = windows_.front();
    return P_ + w.j * T_ + (w.last_difference < 0 ? T_ : 2 * T_) + 1;
  }

  /// Columns [c0, c0 + n), in order; `head` is the stored row (it holds [0, c0 + n) ∩ [0, P + 2T]).
  void consume(std::int64_t c0, const std::int8_t* data, std::int64_t n, const std::int8_t* head) {
    const std::int64_t c1 = c0 + n;
    // Horner hash of [P, c), marked at every P + iG.
    for (std::int64_t c = std::max(c0, P_); c < c1;) {
      if ((c - P_) % G_ == 0) marks_.push_back(hash_);
      const std::int64_t end = std::min(c1, P_ + ((c - P_) / G_ + 1) * G_);
      std::uint64_t h = hash_;
      for (; c < end; ++c) h = horner61(h, kBase, data[c - c0]);
      hash_ = h;
    }
    // Window j opens at column jT (its columns [jT, jT + P) are kept: the preperiod is read
    // from them when test (A) decides) and compares [P + jT, P + jT + 2T] against [P, P + 2T],
    // in two parts: up to P + jT + T (test (A) is decided there), then the rest (B′). It is
    // dropped when a difference at n ≥ P + T leaves neither test possible.
    while (next_j_ * T_ < c1)
      windows_.push_back({next_j_++, std::vector<std::int8_t>(static_cast<std::size_t>(P_)), -1});
    for (auto it = windows_.begin(); it != windows_.end();) {
      const std::int64_t j = it->j, s = j * T_;
      {
        const std::int64_t lo = std::max(c0, s), hi = std::min(c1, s + P_);
        if (lo < hi)
          std::memcpy(it->head.data() + (lo - s), data + (lo - c0),
                      static_cast<std::size_t>(hi - lo));
      }
      // The last difference h(n + s) ≠ h(n) for columns n + s ∈ [lo, hi), if any.
      const auto compare = [&](std::int64_t from, std::int64_t to) {
        const std::int64_t lo = std::max(c0, from), hi = std::min(c1, to);
        if (lo >= hi) return;
        if (std::memcmp(data + (lo - c0), head + (lo - s), static_cast<std::size_t>(hi - lo)) == 0)
          return;
        for (std::int64_t i = hi - 1; i >= lo; --i) {
          if (data[i - c0] != head[i - s]) {
            it->last_difference = i - s;
            return;
          }
        }
      };
      const std::int64_t a_end = P_ + s + T_ + 1, b_end = P_ + s + 2 * T_ + 1;
      compare(P_ + s, a_end);
      if (it->last_difference < 0 && c1 >= a_end) {
        found_ = *it;  // (A)
        return;
      }
      compare(a_end, b_end);
      if (it->last_difference >= P_ + T_) {
        it = windows_.erase(it);
        continue;
      }
      if (c1 >= b_end) {
        found_ = *it;  // (B′): a run of at least T + 1 equal columns ends at P + 2T
        return;
      }
      ++it;
    }
  }

  /// The state after the columns consumed so far, for a checkpoint: the head kept, the hash,
  /// the next window and the windows still open (each with its saved columns and its last
  /// difference). The hash marks (marks()) are saved beside it, in a binary file.
  [[nodiscard]] nlohmann::json state() const {
    nlohmann::json windows = nlohmann::json::array();
    for (const Window& w : windows_) {
      std::string head;
      for (const std::int8_t b : w.head) head.push_back(static_cast<char>(b));
      windows.push_back(
          {{"j", w.j}, {"head", checkpoint_hex(head)}, {"last_difference", w.last_difference}});
    }
    return {{"P", P_},       {"T", T_},           {"head_columns", head_columns()},
            {"hash", hash_}, {"next_j", next_j_}, {"windows", windows}};
  }

  [[nodiscard]] const std::vector<std::uint64_t>& marks() const { return marks_; }

  /// Restores state() and marks() saved after `columns` columns; InputError when they cannot
  /// be that state.
  void restore(const nlohmann::json& s, std::vector<std::uint64_t> marks, std::int64_t columns) {
    const auto bad = [](const std::string& why) {
      return InputError("checkpoint: the streamed search's state " + why + " (corrupt checkpoint)");
    };
    try {
      if (s.at("P").get<std::int64_t>() != P_ || s.at("T").get<std::int64_t>() != T_ ||
          s.at("head_columns").get<std::int64_t>() != head_columns())
        throw bad("is for another row");
      hash_ = s.at("hash").get<std::uint64_t>();
      marks_ = std::move(marks);
      next_j_ = s.at("next_j").get<std::int64_t>();
      windows_.clear();
      for (const auto& w : s.at("windows")) {
        const std::string head = checkpoint_unhex(w.at("head").get<std::string>());
        if (static_cast<std::int64_t>(head.size()) != P_) throw bad("has a window of another size");
        windows_.push_back({w.at("j").get<std::int64_t>(),
                            std::vector<std::int8_t>(head.begin(), head.end()),
                            w.at("last_difference").get<std::int64_t>()});
      }
    } catch (const nlohmann::json::exception& e) {
      throw bad(std::string("is malformed (") + e.what() + ")");
    }
    // What the columns imply: one mark per G columns from P, windows opened up to `columns`,
    // open in the order of j, each still undecided with its last difference in [P, P + T).
    const std::int64_t expected_marks = columns <= P_ ? 0 : (columns - 1 - P_) / G_ + 1;
    if (static_cast<std::int64_t>(marks_.size()) != expected_marks || hash_ >= kMersenne61 ||
        next_j_ < 1 || (next_j_ - 1) * T_ >= columns || next_j_ * T_ < columns)
      throw bad("does not match its " + std::to_string(columns) + " columns");
    std::int64_t previous = 0;
    for (const Window& w : windows_) {
      if (w.j <= previous || w.j >= next_j_ || w.last_difference < -1 ||
          (w.last_difference >= 0 && (w.last_difference < P_ || w.last_difference >= P_ + T_)) ||
          P_ + w.j * T_ + (w.last_difference < 0 ? T_ : 2 * T_) + 1 <= columns)
        throw bad("has a window that does not match its " + std::to_string(columns) + " columns");
      previous = w.j;
    }
    for (const std::uint64_t v : marks_) {
      if (v >= kMersenne61) throw bad("has a hash out of range");
    }
  }

  /// After found_j(): the least period t | τ = jT and the least preperiod, from the saved
  /// columns and hashes; `head` the stored row [0, P + 2T].
  void minimise(const std::int8_t* head, std::int64_t& preperiod, std::int64_t& period) const {
    const std::int64_t tau = found_.j * T_, k = found_k();
    const auto mark = [&](std::int64_t at) -> std::optional<std::uint64_t> {
      const std::int64_t d = at - P_;
      if (d < 0 || d % G_ != 0 || d / G_ >= static_cast<std::int64_t>(marks_.size()))
        return std::nullopt;
      return marks_[static_cast<std::size_t>(d / G_)];
    };
    // The row is periodic from k, so d | τ is a period when the block [s, s + τ) equals its
    // rotation by d, for the first mark s ≥ k. Hashes of blocks from the prefix hashes:
    // H[a, b) = H[P, b) − H[P, a)·x^(b − a).
    const std::int64_t s = P_ + (k - P_ + G_ - 1) / G_ * G_;
    const auto block = [&](std::int64_t a, std::int64_t b) -> std::optional<std::uint64_t> {
      const auto ha = mark(a), hb = mark(b);
      if (!ha || !hb) return std::nullopt;
      return sub_mod61(*hb, mul_mod61(*ha, pow_mod61(kBase, static_cast<std::uint64_t>(b - a))));
    };
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
  static constexpr std::uint64_t kBase = 0x1d9f2c5a3b7e4u;  // any base: the checker draws its own
  std::int64_t P_, T_, G_ = 1;
  struct Window {
    std::int64_t j = 0;                 // 0: none
    std::vector<std::int8_t> head;      // the columns [jT, jT + P)
    std::int64_t last_difference = -1;  // the last n with h(n + jT) ≠ h(n) seen, or −1
  };
  std::int64_t next_j_ = 1;
  std::list<Window> windows_;  // opened, not failed, in the order of j
  Window found_;
  std::uint64_t hash_ = 0;
  std::vector<std::uint64_t> marks_;
};

/// prove_row's search for a streamed row: k = P and tau = jT, the least period and preperiod.
void search_streamed(FrolovRowWindow& row, FrolovFunction which, std::int64_t P, std::int64_t T,
                     std::int64_t max_columns, const ComputeLimits& limits, int m, FrolovRun& run,
                     std::int64_t& k, std::int64_t& tau, std::int64_t& preperiod,
                     std::int64_t& period, std::int64_t& first_column) {
  const std::string name = std::string(frolov_function_name(which)) + " row " + std::to_string(m);
  StreamedSearch search(P, T);
  const std::int64_t H = search.head_columns();
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
  // A resumed row: replay its saved columns (the first H are stored by the resume).
  if (const auto counters =
          run.resume_row(row, which, m, H, [&](std::int64_t c0, std::span<const std::int8_t> s) {
            if (search.found_j() == 0)
              search.consume(c0, s.data(), static_cast<std::int64_t>(s.size()), row.h().data());
          })) {
    (void)counters;  // a streamed search re-derives its state from the columns or the state
    if (const nlohmann::json state = run.take_resumed_stream(); !state.is_null())
      search.restore(state, run.take_resumed_marks(), row.computed());
  }
  run.start_row(which, m, row.computed());
  first_column = row.computed();
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
      throw LimitReached(
          name + ": time limit reached after " + std::to_string(row.computed()) +
              " columns (shifts tried up to " + std::to_string(search.shift() - T) + ")",
          "time",
          nlohmann::json{{"row", row_reached(which, m, row.computed(), search.shift(), need)}});
    }
    run.tick_streamed(row, search.shift(), need);
    // Pieces of 2^16 columns, never past max_columns: a window decided at a column above the
    // budget is never reached (the budget bounds the columns computed, not only those asked).
    const std::int64_t c0 = row.computed();
    const std::int64_t piece = std::min(kPiece, max_columns - c0);
    if (c0 < H) {
      row.extend_to(std::min(H, c0 + piece));
      const std::int64_t n = row.computed() - c0;
      run.stream_columns(c0, row.h().data() + c0, n);
      search.consume(c0, row.h().data() + c0, n, row.h().data());
    } else {
      row.stream(buf.data(), piece);
      run.stream_columns(c0, buf.data(), piece);
      search.consume(c0, buf.data(), piece, row.h().data());
    }
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
  if (!keep && T >= run.options().stream_min_T) {
    search_streamed(window, which, P, T, max_columns, limits, m, run, out.k, out.tau, out.preperiod,
                    out.period, first_column);
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
  for (std::int64_t j = 0; j < out.preperiod; ++j)
    out.f_bound = std::max(out.f_bound, j + window.h()[static_cast<std::size_t>(j)] + 1);
  out.row.which = which;
  out.row.m = m;
  out.row.preperiod = out.preperiod;
  out.row.period = out.period;
  // A streamed row is never kept (it does not hold its period).
  const auto kept =
      keep ? window.h().subspan(0, static_cast<std::size_t>(out.preperiod + out.period))
           : std::span<const std::int8_t>();
  if (keep) out.row.h.assign(kept.begin(), kept.end());
  out.cells = window.computed() - first_column;
  FrolovRowRecord record;
  record.which = which;
  if (which == FrolovFunction::g) {
    record.g = {m, m == 0, out.T, out.k, out.tau, out.period, out.preperiod};
  } else {
    record.f = {m, 0, out.period, out.preperiod};
  }
  record.f_bound = out.f_bound;
  record.cells = window.computed();
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
  for (int m = 0; m <= max_row; ++m) {
    // A row is kept when a later row needs it, or the caller asked for the rows.
    const bool keep_g = options.keep_rows || m < max_row;
    const FrolovRowRecord* gs = run.done(FrolovFunction::g, m);
    RowResult g =
        gs != nullptr ? saved(*gs, keep_g) : prove(FrolovFunction::g, m, chain.g_rows, keep_g);
    if (gs == nullptr) chain.cells_computed += g.cells;
    chain.g_certificates.push_back({m, m == 0, g.T, g.k, g.tau, g.period, g.preperiod});
    if (with_f) {
      const bool keep_f = options.keep_rows || m < max_row;
      const FrolovRowRecord* fs = run.done(FrolovFunction::f, m);
      RowResult f =
          fs != nullptr ? saved(*fs, keep_f) : prove(FrolovFunction::f, m, chain.f_rows, keep_f);
      if (fs == nullptr) chain.cells_computed += f.cells;
      // Theorem 3's bound: f(m, ·) is periodic beyond every value g takes before its preperiod.
      chain.f_certificates.push_back({m, g.f_bound, f.period, f.preperiod});
      if (keep_f) chain.f_rows.push_back(std::move(f.row));
    }
    if (keep_g) chain.g_rows.push_back(std::move(g.row));
  }
  if (!options.keep_rows) {
    chain.g_rows.clear();
    chain.f_rows.clear();
  }
  return chain;
}

}  // namespace igv
