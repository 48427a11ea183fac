#include "core/octal/trusted/octal_certificate_check.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <limits>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "core/base/trusted/certificate_json.h"
#include "core/base/trusted/cpu_features.h"
#include "core/base/trusted/errors.h"
#include "core/base/trusted/least_period.h"
#include "core/base/trusted/proved_period.h"
#include "core/base/trusted/seal.h"
#include "core/octal/trusted/octal_naive.h"
#include "core/octal/trusted/octal_rules.h"
#include "core/octal/trusted/octal_split_values.h"

namespace igv {

namespace {

constexpr unsigned kWordBits = 64;
/// Values are at most 16 bits (OctalValueTable), so 2^16 / 64 words cover them.
constexpr std::size_t kWords = 65536 / kWordBits + 1;

/// Parity of the number of bits set in each byte.
constexpr std::array<std::uint8_t, 256> kByteParity = [] {
  std::array<std::uint8_t, 256> t{};
  for (unsigned v = 0; v < 256; ++v) t[v] = static_cast<std::uint8_t>(std::popcount(v) & 1);
  return t;
}();

/// popcount(v) mod 2 for a 16-bit v (a table: this build has no popcount instruction).
int odd_bits(std::uint32_t v) {
  return kByteParity[(v ^ (v >> 8)) & 0xFF];
}

/// The rare/common split in force: a value mask, and whether the heap's parity is added
/// (kHeapParityBit, used only when every two-heap removal has the same parity `split_parity`).
struct Split {
  std::uint32_t mask = 0;
  bool heap_parity = false;
  int split_parity = 0;
  /// Heap x is rare: popcount(G(x) & mask) (+ x - i) even.
  [[nodiscard]] bool heap_rare(std::int64_t x, Value v) const {
    const int parity = heap_parity ? static_cast<int>((x - split_parity) & 1) : 0;
    return ((odd_bits(static_cast<std::uint32_t>(v) & mask) + parity) & 1) == 0;
  }
  /// Value v at heap n comes only from splits with exactly one rare part: for a split
  /// a + b = n - i, popcount(v & mask) = [a common] + [b common] (+ a + b = n - i with the
  /// heap's parity: the two - i cancel) mod 2, so v needs a rare part when
  /// popcount(v & mask) (+ n - i) is odd.
  [[nodiscard]] bool needs_rare_part(std::int64_t n, Value v) const {
    const int parity = heap_parity ? static_cast<int>((n - split_parity) & 1) : 0;
    return ((odd_bits(static_cast<std::uint32_t>(v) & mask) + parity) & 1) == 1;
  }
};

CertificateVerdict reject(std::string why) {
  return rejected_certificate(std::move(why));
}

/// The values of the options of heap n, accumulated in a bitset.
class OptionValues {
 public:
  void clear(std::size_t words) {
    words_ = words;
    std::fill(bits_.begin(), bits_.begin() + static_cast<std::ptrdiff_t>(words), 0);
  }
  void add(Value v) {
    bits_[static_cast<std::size_t>(v) / kWordBits] |= std::uint64_t{1}
                                                      << (static_cast<std::size_t>(v) % kWordBits);
  }
  [[nodiscard]] bool has(Value v) const {
    return (bits_[static_cast<std::size_t>(v) / kWordBits] >>
            (static_cast<std::size_t>(v) % kWordBits)) &
           1;
  }
  /// The bit words (value v is bit v % 64 of word v / 64).
  [[nodiscard]] std::uint64_t* words() { return bits_.data(); }
  /// The least value below `limit` not present, or `limit`.
  [[nodiscard]] Value first_missing_below(Value limit) const {
    for (std::size_t w = 0; w < words_; ++w) {
      if (bits_[w] != ~std::uint64_t{0}) {
        const Value v =
            static_cast<Value>(w * kWordBits + static_cast<unsigned>(std::countr_one(bits_[w])));
        return std::min(v, limit);
      }
    }
    return limit;
  }

 private:
  std::vector<std::uint64_t> bits_ = std::vector<std::uint64_t>(kWords, 0);
  std::size_t words_ = 0;
};

std::string heap_text(std::int64_t n, Value claimed) {
  return "heap " + std::to_string(n) + " (claimed value " + std::to_string(claimed) + ")";
}

/// Whether G(a) xor G(rest - a) = v for some a0 <= a < a_end (a chunk of splits tested at a
/// time, in a loop that vectorises).
template <class T>
[[gnu::always_inline]] inline bool has_split_value_t(const T* g, std::int64_t a0,
                                                     std::int64_t a_end, std::int64_t rest,
                                                     std::uint32_t v) {
  constexpr std::int64_t kChunk = 512;
  const auto value = static_cast<T>(v);
  if (value != v) return false;  // above every value of the table
  for (std::int64_t c = a0; c < a_end; c += kChunk) {
    const std::int64_t e = std::min(a_end, c + kChunk);
    unsigned char hit = 0;
    for (std::int64_t a = c; a < e; ++a) hit |= static_cast<T>(g[a] ^ g[rest - a]) == value;
    if (hit != 0) return true;
  }
  return false;
}

// The split search is compiled twice, for AVX2 (where the reversed reads vectorise) and for the
// baseline; the one the processor runs is called (core/base/trusted/cpu_features.h).
IGV_AVX2_TARGET bool has_split_value_avx2(const std::uint8_t* g, std::int64_t a0,
                                          std::int64_t a_end, std::int64_t rest, std::uint32_t v) {
  return has_split_value_t(g, a0, a_end, rest, v);
}

IGV_AVX2_TARGET bool has_split_value_avx2(const std::uint16_t* g, std::int64_t a0,
                                          std::int64_t a_end, std::int64_t rest, std::uint32_t v) {
  return has_split_value_t(g, a0, a_end, rest, v);
}

bool has_split_value(const std::uint8_t* g, std::int64_t a0, std::int64_t a_end, std::int64_t rest,
                     std::uint32_t v) {
  if (cpu_has_avx2()) return has_split_value_avx2(g, a0, a_end, rest, v);
  return has_split_value_t(g, a0, a_end, rest, v);
}

bool has_split_value(const std::uint16_t* g, std::int64_t a0, std::int64_t a_end, std::int64_t rest,
                     std::uint32_t v) {
  if (cpu_has_avx2()) return has_split_value_avx2(g, a0, a_end, rest, v);
  return has_split_value_t(g, a0, a_end, rest, v);
}

using ScheduleEntry = std::pair<std::uint32_t, std::uint32_t>;

/// G(rare[j]) read from the table: the rare heaps' values as octal_split_values.h reads them.
template <class T>
struct RareValues {
  const T* g;
  const std::uint32_t* rare;
  [[gnu::always_inline]] T operator[](std::size_t j) const { return g[rare[j]]; }
};

/// Step 1 of the check, heap by heap in increasing order: G(n) is the mex of its options' values
/// (the rare/common argument under the mask in force at n, a witness for each smaller value).
/// `check` may be called again with a larger end to go on (the concurrent checker does).
class HeapChecker {
 public:
  explicit HeapChecker(OctalCode code) : code_(std::move(code)) {
    const auto& splits = code_.two_heap_removals();
    // The heap's parity may join the split only when every two-heap removal has one parity.
    parity_allowed_ = !splits.empty() && std::all_of(splits.begin(), splits.end(), [&](int i) {
      return (i & 1) == (splits.front() & 1);
    });
    split_.split_parity = splits.empty() ? 0 : (splits.front() & 1);
  }

  /// Checks heaps next() .. end - 1 of g under `masks` and `hints` (both increasing: the caller
  /// has checked). The reason for rejection, or nothing; next() is then the rejected heap.
  template <class T>
  std::optional<std::string> check(const T* g, std::int64_t end,
                                   const std::vector<ScheduleEntry>& masks,
                                   const std::vector<ScheduleEntry>& hints,
                                   const std::function<void()>& tick) {
    const int k = code_.max_removal();
    for (std::int64_t n = next_; n < end; ++n) {
      next_ = n;
      if (tick && (n & 0xFFFF) == 0) tick();
      if (next_mask_ < masks.size() && masks[next_mask_].first == n) {
        const std::uint32_t entry = masks[next_mask_++].second;
        split_.mask = entry & kValueMaskBits;
        split_.heap_parity = parity_allowed_ && (entry & kHeapParityBit) != 0;
        rare_heaps_.clear();
        for (std::int64_t r = 1; r < n; ++r) {
          if (split_.heap_rare(r, g[r])) rare_heaps_.push_back(static_cast<std::uint32_t>(r));
        }
      }
      const Value target = g[n];
      // Every option value is below the next power of two above the values so far.
      const std::uint64_t range =
          largest_ == 0 ? 1
                        : std::uint64_t{1} << std::bit_width(static_cast<std::uint64_t>(largest_));
      if (static_cast<std::uint64_t>(target) > range) {
        return heap_text(n, target) + ": above every possible option value, so not a mex";
      }
      seen_.clear(static_cast<std::size_t>(range / kWordBits + 1));
      // (1) Options leaving no heap or one heap.
      for (int i = 1; i <= k && i <= n; ++i) {
        if (code_.leaves_none(i) && n == i) seen_.add(0);
        if (code_.leaves_one(i) && n > i) seen_.add(g[n - i]);
      }
      if (seen_.has(target)) return heap_text(n, target) + ": an option has that value";
      if (!split_.needs_rare_part(n, target)) {
        // Every split: none has the value G(n), and every smaller value appears.
        ++full_scans_;
        const Value missing = search_splits(g, n, target, target, range, true,
                                            std::numeric_limits<std::int64_t>::max());
        if (missing == kOptionHasTarget) return heap_text(n, target) + ": an option has that value";
        if (missing < target)
          return heap_text(n, target) + ": no option has the smaller value " +
                 std::to_string(missing);
      } else {
        // (2) Splits with a rare part: every common option value is among them.
        add_rare_splits(g, n, range);
        if (seen_.has(target)) return heap_text(n, target) + ": an option has that value";
        // (3) Rare values below the target, by smaller part up to the hinted depth.
        std::int64_t depth = kDefaultWitnessDepth;
        while (next_hint_ < hints.size() && hints[next_hint_].first < n) ++next_hint_;
        if (next_hint_ < hints.size() && hints[next_hint_].first == n) {
          depth = std::max<std::int64_t>(depth, hints[next_hint_].second);
        }
        // A value that needs a rare part and was not found in (2) is absent, so only the
        // values below the least such (`absent`, or the target) are searched for; the least
        // value still missing after the search is the answer.
        Value absent = target;
        for (Value v = seen_.first_missing_below(target); v < target; ++v) {
          if (!seen_.has(v) && split_.needs_rare_part(n, v)) {
            absent = v;
            break;
          }
        }
        const Value missing = search_splits(g, n, target, absent, range, false, depth);
        if (missing < target) {
          return heap_text(n, target) + ": no option with the smaller value " +
                 std::to_string(missing) + " among the certificate's witnesses (split depth " +
                 std::to_string(depth) + ")";
        }
      }
      largest_ = std::max(largest_, target);
      if (n >= 1 && split_.heap_rare(n, target))
        rare_heaps_.push_back(static_cast<std::uint32_t>(n));
    }
    next_ = std::max(next_, end);
    return std::nullopt;
  }

  /// What search_splits answers when a split has the value G(n) itself.
  static constexpr Value kOptionHasTarget = -1;

  /// Adds the values of the splits of heap n with a rare part to seen_ (values below `range`).
  template <class T>
  void add_rare_splits(const T* g, std::int64_t n, std::uint64_t range) {
    const std::uint32_t* rare = rare_heaps_.data();
    const std::size_t count = rare_heaps_.size();
    std::uint64_t* words = seen_.words();
    for (int i : code_.two_heap_removals()) {
      const std::int64_t rest = n - i;
      // The rare heaps below `rest`: all but the last few (every rare heap is below n).
      std::size_t below = count;
      while (below > 0 && rare[below - 1] >= rest) --below;
      // The split-value loop is the producer's too (octal_split_values.h): the independent check
      // of this step is the Python checker's.
      const RareValues<T> rare_value{g, rare};
      const T* partner = g + rest;  // partner[-r] = G(rest - r)
      if (range <= kWordBits) {
        words[0] |= octal_splits::split_values_one_word(rare, rare_value, 0, below, partner);
      } else if (range <= 2 * kWordBits) {
        const auto [low, high] =
            octal_splits::split_values_two_words(rare, rare_value, 0, below, partner);
        words[0] |= low;
        words[1] |= high;
      } else {
        octal_splits::split_values_marked(rare, rare_value, 0, below, partner,
                                          [&](unsigned v) { seen_.add(static_cast<Value>(v)); });
      }
    }
  }

  /// Searches the splits of heap n with smaller part a <= `depth` for the values below `limit`
  /// not in seen_ (read only: seen_ is not changed), each value until a split has it. With
  /// `every`, every split is looked at (depth unbounded) and a split with the value `target` is
  /// answered kOptionHasTarget. Returns the least value below `limit` that no such split has,
  /// or `limit`.
  template <class T>
  Value search_splits(const T* g, std::int64_t n, Value target, Value limit, std::uint64_t range,
                      bool every, std::int64_t depth) {
    // The first kFirstSplits splits of each removal mark a byte per nim-sum (every value at
    // once); beyond, each value is searched alone (a vectorised loop, stopped when found).
    constexpr std::int64_t kFirstSplits = 64;
    mark_.assign(static_cast<std::size_t>(range) + 1, 0);
    // Through a local pointer: a store through mark_[] (bytes, which may alias anything) made
    // the compiler reload the vector's data pointer every split.
    std::uint8_t* const mark = mark_.data();
    for (int i : code_.two_heap_removals()) {
      const std::int64_t rest = n - i;
      const std::int64_t a_end = std::min({rest / 2, depth, kFirstSplits}) + 1;
      for (std::int64_t a = 1; a < a_end; ++a) mark[g[a] ^ g[rest - a]] = 1;
    }
    const auto has = [&](Value v) {
      if (mark[static_cast<std::size_t>(v)] != 0) return true;
      for (int i : code_.two_heap_removals()) {
        const std::int64_t rest = n - i;
        const std::int64_t a_end = std::min(rest / 2, depth) + 1;
        if (a_end > kFirstSplits + 1 &&
            has_split_value(g, kFirstSplits + 1, a_end, rest, static_cast<std::uint32_t>(v)))
          return true;
      }
      return false;
    };
    if (every && has(target)) return kOptionHasTarget;
    const std::size_t words = static_cast<std::size_t>(range / kWordBits + 1);
    const std::uint64_t* seen = seen_.words();
    for (std::size_t w = 0; w < words; ++w) {
      const std::uint64_t first = w * kWordBits;
      const auto lim = static_cast<std::uint64_t>(limit);
      if (lim <= first) break;
      const std::uint64_t below =
          lim - first >= kWordBits ? ~std::uint64_t{0} : (std::uint64_t{1} << (lim - first)) - 1;
      for (std::uint64_t bits = ~seen[w] & below; bits != 0; bits &= bits - 1) {
        const auto v = static_cast<Value>(first + static_cast<unsigned>(std::countr_zero(bits)));
        if (!has(v)) return v;
      }
    }
    return limit;
  }

  /// Heaps below `end` whose value needs no rare part under the masks (the full scans of a check
  /// of those heaps), counted afresh.
  template <class T>
  [[nodiscard]] std::uint64_t count_full_scans(const T* g, std::int64_t end,
                                               const std::vector<ScheduleEntry>& masks) const {
    Split split;
    split.split_parity = split_.split_parity;
    std::uint64_t count = 0;
    std::size_t next_mask = 0;
    for (std::int64_t n = 0; n < end; ++n) {
      if (next_mask < masks.size() && masks[next_mask].first == n) {
        const std::uint32_t entry = masks[next_mask++].second;
        split.mask = entry & kValueMaskBits;
        split.heap_parity = parity_allowed_ && (entry & kHeapParityBit) != 0;
      }
      if (!split.needs_rare_part(n, g[n])) ++count;
    }
    return count;
  }

  /// The next heap to check (the rejected one after a rejection).
  [[nodiscard]] std::int64_t next() const { return next_; }
  /// Heaps checked by looking at every split (a value that needs no rare part).
  [[nodiscard]] std::uint64_t full_scans() const { return full_scans_; }

 private:
  OctalCode code_;
  bool parity_allowed_ = false;
  Split split_;
  std::vector<std::uint32_t> rare_heaps_;  // rare heaps 1 <= r < n, increasing
  std::size_t next_mask_ = 0, next_hint_ = 0;
  Value largest_ = 0;
  OptionValues seen_;
  std::vector<std::uint8_t> mark_;  // nim-sums of the first splits (search_splits)
  std::int64_t next_ = 0;
  std::uint64_t full_scans_ = 0;
};

/// What is checked before the values: the code, e and p, the number of values for the window,
/// the mask schedule and the hints in order. Sets `code` when nothing is wrong.
std::optional<CertificateVerdict> check_shape(const OctalPeriodCertificate& cert, OctalCode& code) {
  try {
    code = OctalCode::parse(cert.code);
  } catch (const InputError& e) {
    return reject(std::string("the code is not a finite octal code: ") + e.what());
  }
  const int k = code.max_removal();
  const std::int64_t e = cert.preperiod;
  const std::int64_t p = cert.period;
  const std::int64_t n_values = cert.values.size();
  if (e < 0 || p < 1) return reject("preperiod must be >= 0 and period >= 1");
  const std::int64_t e1 = std::max<std::int64_t>(e, 1);
  if (n_values < 2 * e1 + 2 * p + k) {
    return reject("only " + std::to_string(n_values) + " values; the Guy–Smith window needs " +
                  std::to_string(2 * e1 + 2 * p + k));
  }
  if (cert.mask_schedule.empty() || cert.mask_schedule.front().first != 0) {
    return reject("the mask schedule must start at heap 0");
  }
  for (std::size_t j = 1; j < cert.mask_schedule.size(); ++j) {
    if (cert.mask_schedule[j].first <= cert.mask_schedule[j - 1].first)
      return reject("the mask schedule is not increasing");
  }
  for (std::size_t j = 1; j < cert.witness_depths.size(); ++j) {
    if (cert.witness_depths[j].first <= cert.witness_depths[j - 1].first)
      return reject("the witness hints are not increasing");
  }
  return std::nullopt;
}

/// Steps 2 and 3 once every value is verified: the theorem's window, e and p least.
CertificateVerdict check_window(CheckerSeal seal, const OctalPeriodCertificate& cert,
                                const OctalCode& code, std::uint64_t full_scans) {
  const int k = code.max_removal();
  const std::int64_t e = cert.preperiod;
  const std::int64_t p = cert.period;
  const OctalValueTable& g = cert.values;
  const std::int64_t n_values = g.size();
  const std::int64_t e1 = std::max<std::int64_t>(e, 1);
  // 2. The theorem's window.
  const std::int64_t window_end = 2 * e1 + p + k;
  for (std::int64_t n = e; n < window_end; ++n) {
    if (g[n + p] != g[n]) {
      return reject("G(" + std::to_string(n + p) + ") = " + std::to_string(g[n + p]) + " != G(" +
                    std::to_string(n) + ") = " + std::to_string(g[n]) + " inside the window");
    }
  }
  // 3. Least preperiod and least period.
  if (auto fault = least_period_fault_of(e, p, [&](std::int64_t n) { return g[n]; });
      !fault.empty())
    return reject(fault);
  ProvedPeriod proved = proved_period_of_values("octal:" + code.canonical(), e, p, 0, g);
  CertificateVerdict v = CertificateVerdict::acceptance(
      seal,
      "values G(0.." + std::to_string(n_values - 1) +
          ") verified (no option equal to each, by the rare/common parity argument under " +
          std::to_string(cert.mask_schedule.size()) +
          " mask(s); a witness for each smaller value); G(n+" + std::to_string(p) +
          ") = G(n) for " + std::to_string(e) + " <= n < " + std::to_string(window_end) +
          "; preperiod and period least",
      n_values, {std::move(proved)});
  v.details = {{"window_checked", window_end - e}, {"full_scans", full_scans}};
  return v;
}

}  // namespace

CertificateVerdict check_octal_period_certificate(const OctalPeriodCertificate& cert,
                                                  const std::function<void()>& tick) {
  OctalCode code;
  if (auto wrong = check_shape(cert, code)) return *wrong;
  // 1. The values are the Sprague–Grundy values, heap by heap.
  HeapChecker heaps(code);
  const std::int64_t n_values = cert.values.size();
  const auto why = cert.values.bytes_per_value() == 1
                       ? heaps.check(cert.values.narrow().data(), n_values, cert.mask_schedule,
                                     cert.witness_depths, tick)
                       : heaps.check(cert.values.wide().data(), n_values, cert.mask_schedule,
                                     cert.witness_depths, tick);
  if (why) return reject(*why);
  return check_window(make_checker_seal(), cert, code, heaps.full_scans());
}

struct OctalConcurrentChecker::State {
  std::string code_text;
  std::optional<HeapChecker> heaps;  // none when the code does not parse
  std::thread worker;
  std::atomic<bool> stopping{false};

  // Shared between feed/finish and the worker, under `m`.
  std::mutex m;
  std::condition_variable wake;      // to the worker: values, the bound, or stop
  std::condition_variable finished;  // to finish: the worker is done
  std::vector<std::uint16_t> pending;
  std::vector<Entry> pending_masks, pending_hints;
  std::int64_t handed = 0;
  std::size_t masks_handed = 0, hints_handed = 0;
  bool stop = false;
  bool bound_set = false;
  std::int64_t bound = 0;
  bool done = false;                   // the worker is done (then everything below is stable)
  bool broken = false;                 // the worker failed (an exception)
  std::int64_t verified = 0;           // G(0 .. verified - 1) verified
  std::optional<std::string> failure;  // why G(verified) is wrong

  // The worker's own copy of what was handed over.
  std::vector<std::uint8_t> narrow;
  std::vector<std::uint16_t> wide;
  bool is_wide = false;
  std::vector<Entry> masks, hints;

  [[nodiscard]] std::int64_t size() const {
    return static_cast<std::int64_t>(is_wide ? wide.size() : narrow.size());
  }

  /// Moves what was handed over into the worker's copy (under `m`).
  void pull() {
    if (!is_wide &&
        std::any_of(pending.begin(), pending.end(), [](std::uint16_t v) { return v > 255; })) {
      wide.assign(narrow.begin(), narrow.end());
      std::vector<std::uint8_t>().swap(narrow);
      is_wide = true;
    }
    if (is_wide) {
      wide.insert(wide.end(), pending.begin(), pending.end());
    } else {
      for (std::uint16_t v : pending) narrow.push_back(static_cast<std::uint8_t>(v));
    }
    pending.clear();
    masks.insert(masks.end(), pending_masks.begin(), pending_masks.end());
    pending_masks.clear();
    hints.insert(hints.end(), pending_hints.begin(), pending_hints.end());
    pending_hints.clear();
  }

  /// Checks heaps verified .. end - 1 (worker only). False on a rejection.
  bool check_to(std::int64_t end) {
    const auto why = is_wide ? heaps->check(wide.data(), end, masks, hints, {})
                             : heaps->check(narrow.data(), end, masks, hints, {});
    const std::lock_guard<std::mutex> lock(m);
    verified = heaps->next();
    if (why) failure = why;
    return !why;
  }

  void run() {
    // Heaps checked between two looks at what was handed over (and at `stopping`: a stopped
    // checker finishes at most one chunk).
    constexpr std::int64_t kChunk = 1024;
    try {
      std::unique_lock<std::mutex> lock(m);
      for (;;) {
        wake.wait(lock, [&] { return stop || !pending.empty() || bound_set; });
        if (stop) return;
        pull();
        const std::int64_t end = bound_set ? std::min(size(), bound) : size();
        while (heaps->next() < end && !stopping.load(std::memory_order_relaxed)) {
          const std::int64_t chunk_end = std::min(end, heaps->next() + kChunk);
          lock.unlock();
          const bool good = check_to(chunk_end);
          lock.lock();
          if (!good) break;
          if (!pending.empty()) break;  // take it first
        }
        if (failure || (bound_set && pending.empty() && heaps->next() >= end)) break;
      }
    } catch (...) {
      const std::lock_guard<std::mutex> lock(m);
      broken = true;
    }
    const std::lock_guard<std::mutex> lock(m);
    done = true;
    finished.notify_all();
  }

  void stop_worker() {
    {
      const std::lock_guard<std::mutex> lock(m);
      stop = true;
    }
    stopping.store(true);
    wake.notify_all();
    if (worker.joinable()) worker.join();
  }
};

OctalConcurrentChecker::OctalConcurrentChecker(const std::string& code)
    : state_(std::make_unique<State>()) {
  state_->code_text = code;
  try {
    state_->heaps.emplace(OctalCode::parse(code));
  } catch (const InputError&) {
    return;  // finish checks the certificate whole (and rejects the code)
  }
  state_->worker = std::thread([s = state_.get()] { s->run(); });
}

OctalConcurrentChecker::~OctalConcurrentChecker() {
  state_->stop_worker();
}

std::int64_t OctalConcurrentChecker::handed() const {
  const std::lock_guard<std::mutex> lock(state_->m);
  return state_->handed;
}

void OctalConcurrentChecker::feed(const std::uint16_t* values, std::size_t count,
                                  const std::vector<Entry>& masks,
                                  const std::vector<Entry>& hints) {
  State& s = *state_;
  {
    const std::lock_guard<std::mutex> lock(s.m);
    s.pending.insert(s.pending.end(), values, values + count);
    s.handed += static_cast<std::int64_t>(count);
    for (; s.masks_handed < masks.size(); ++s.masks_handed)
      s.pending_masks.push_back(masks[s.masks_handed]);
    for (; s.hints_handed < hints.size(); ++s.hints_handed)
      s.pending_hints.push_back(hints[s.hints_handed]);
  }
  s.wake.notify_one();
}

CertificateVerdict OctalConcurrentChecker::finish(const OctalPeriodCertificate& cert,
                                                  const std::function<void()>& tick) {
  State& s = *state_;
  const auto whole = [&] {
    s.stop_worker();
    return check_octal_period_certificate(cert, tick);
  };
  if (!s.worker.joinable()) return whole();
  OctalCode code;
  if (auto wrong = check_shape(cert, code)) {
    s.stop_worker();
    return *wrong;
  }
  const std::int64_t bound = cert.values.size();
  {
    std::unique_lock<std::mutex> lock(s.m);
    s.bound = bound;
    s.bound_set = true;
    s.wake.notify_one();
    while (!s.done) {
      s.finished.wait_for(lock, std::chrono::milliseconds(20));
      if (tick && !s.done) {
        lock.unlock();
        tick();
        lock.lock();
      }
    }
  }
  s.stop_worker();
  // The worker is done: its copy is what it verified. Is the certificate what was handed over?
  if (s.broken || cert.code != s.code_text || s.size() < bound) return whole();
  for (std::int64_t n = 0; n < bound; ++n) {
    const Value v =
        s.is_wide ? s.wide[static_cast<std::size_t>(n)] : s.narrow[static_cast<std::size_t>(n)];
    if (cert.values[n] != v) return whole();
  }
  const auto prefix = [bound](const std::vector<Entry>& entries) {
    std::vector<Entry> out;
    for (const auto& entry : entries) {
      if (static_cast<std::int64_t>(entry.first) < bound) out.push_back(entry);
    }
    return out;
  };
  if (prefix(s.masks) != cert.mask_schedule || prefix(s.hints) != cert.witness_depths)
    return whole();
  // G(0 .. verified - 1) passed; a rejected heap below the bound rejects the certificate.
  if (s.failure && s.verified < bound) return reject(*s.failure);
  if (s.verified < bound) return whole();
  const std::uint64_t full_scans =
      s.is_wide ? s.heaps->count_full_scans(s.wide.data(), bound, cert.mask_schedule)
                : s.heaps->count_full_scans(s.narrow.data(), bound, cert.mask_schedule);
  // The copy is equal to the certificate's values and no longer needed: the rest reads the
  // certificate, so the copy is not kept beside it while the proved values are gathered.
  std::vector<std::uint8_t>().swap(s.narrow);
  std::vector<std::uint16_t>().swap(s.wide);
  return check_window(make_checker_seal(), cert, code, full_scans);
}

CertificateVerdict check_octal_period_json(const nlohmann::json& period_json,
                                           const std::optional<OctalValuesLocation>& location,
                                           const std::function<void()>& tick) {
  const OctalPeriodCertificate cert = parse_octal_period_json(period_json, location);
  return verdict_on_written_file(
      check_octal_period_certificate(cert, tick), period_json, [&](const std::string& checked) {
        return octal_period_json(cert, OctalCode::parse(cert.code).max_removal(), checked);
      });
}

std::optional<CertificateVerdict> hex_code_fault(const std::string& text, HexCode& code) {
  try {
    code = HexCode::parse(text);
  } catch (const InputError& e) {
    return reject(std::string("the code is not a finite hexadecimal code: ") + e.what());
  }
  if (code.canonical() != text) return reject("the code is not written canonically");
  return std::nullopt;
}

std::optional<CertificateVerdict> hex_values_fault(const std::vector<Value>& g,
                                                   const std::vector<Value>& claimed) {
  for (std::size_t n = 0; n < g.size() && n < claimed.size(); ++n) {
    if (g[n] != claimed[n]) {
      return reject("G(" + std::to_string(n) + ") is " + std::to_string(g[n]) + ", not " +
                    std::to_string(claimed[n]) + " (recomputed by the naive kernel)");
    }
  }
  return std::nullopt;
}

ProvedPeriod hex_proved_period(const HexCode& code, std::int64_t e, std::int64_t p, std::int64_t s,
                               const std::vector<Value>& g) {
  return proved_period_of_values("hex:" + code.canonical(), e, p, s, g);
}

CertificateVerdict check_hex_period_certificate(const HexPeriodCertificate& cert,
                                                const std::function<void()>& tick) {
  HexCode code;
  if (auto fault = hex_code_fault(cert.code, code)) return *fault;
  const int k = code.max_removal();
  const std::int64_t e = cert.preperiod;
  const std::int64_t p = cert.period;
  if (e < 0 || p < 1) return reject("preperiod must be >= 0 and period >= 1");
  if (e > kLargestHexFile || p > kLargestHexFile) return reject("preperiod or period too large");
  const std::int64_t e1 = std::max<std::int64_t>(e, 1);
  const std::int64_t needed = 3 * e1 + 3 * p + k;
  const std::int64_t n_values = cert.bound();
  if (n_values != needed) {
    return reject("the certificate holds " + std::to_string(n_values) +
                  " values; the theorem's window for preperiod " + std::to_string(e) + ", period " +
                  std::to_string(p) + " and k = " + std::to_string(k) +
                  " needs exactly 3·max(e,1)+3p+k = " + std::to_string(needed));
  }
  if (n_values > kLargestHexFile) {
    return reject("more than " + std::to_string(kLargestHexFile) + " values");
  }
  if (tick) tick();
  // 1. The values are the Sprague–Grundy values: recomputed from the rules, every one.
  const std::vector<Value> g = hex_values_naive(code, n_values - 1);
  if (auto fault = hex_values_fault(g, cert.values)) return *fault;
  const auto at = [&](std::int64_t n) { return g[static_cast<std::size_t>(n)]; };
  // 2. The theorem's window.
  const std::int64_t window_end = 3 * e1 + 2 * p + k;
  for (std::int64_t n = e; n < window_end; ++n) {
    if (at(n + p) != at(n)) {
      return reject("G(" + std::to_string(n + p) + ") = " + std::to_string(at(n + p)) + " != G(" +
                    std::to_string(n) + ") = " + std::to_string(at(n)) + " inside the window");
    }
  }
  // 3. Least preperiod and least period.
  if (auto fault = least_period_fault_of(e, p, at); !fault.empty()) return reject(fault);
  CertificateVerdict v = CertificateVerdict::acceptance(
      make_checker_seal(),
      "values G(0.." + std::to_string(n_values - 1) + ") recomputed by the naive kernel; G(n+" +
          std::to_string(p) + ") = G(n) for " + std::to_string(e) + " <= n < " +
          std::to_string(window_end) + " (the three-heap window); preperiod and period least",
      n_values, {hex_proved_period(code, e, p, 0, g)});
  v.details = {{"window_checked", window_end - e}};
  return v;
}

CertificateVerdict check_hex_period_json(const nlohmann::json& period_json) {
  const HexPeriodCertificate cert = parse_hex_period_json(period_json);
  return verdict_on_written_file(
      check_hex_period_certificate(cert), period_json, [&](const std::string& checked) {
        return hex_period_json(cert, HexCode::parse(cert.code).max_removal(), checked);
      });
}

}  // namespace igv
