#include "properties/kernels/kernel_regression.h"

#include <sys/mman.h>
#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>
#include <random>
#include <set>
#include <span>
#include <utility>

#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "core/base/trusted/limits.h"
#include "properties/base/game_values.h"
#include "properties/kernels/proved_values.h"

namespace igv {

HeapShape heap_shape(const GameInstance& game) {
  const PositionShape shape = instance_position_shape(game).shape;
  if (shape == PositionShape::heap_sums) return HeapShape::heap_sums;
  if (shape == PositionShape::heap) return HeapShape::one_heap;
  return HeapShape::other;
}

nlohmann::json RegressionResult::to_json() const {
  nlohmann::json phases_json = nlohmann::json::array();
  for (const auto& p : phases) {
    phases_json.push_back({{"phase", p.name},
                           {"what", p.what},
                           {"positions", p.positions},
                           {"answered", p.answered},
                           {"wrong", p.wrong},
                           {"status", p.status()}});
  }
  nlohmann::json j = {
      {"game", game},
      {"kernel", kernel},
      {"kernel_takes", kernel_shape},
      {"reference", reference},
      {"how_known", how_known},
      {"proved", proved},
      {"orders", orders},
      {"kernel_own_seconds", kernel_own_seconds},
      {"harness_cpu_seconds", harness_cpu_seconds},
      {"proof_cpu_seconds", proof_cpu_seconds},
      {"stderr_bytes", stderr_seen.stderr_bytes},
      {"max_position", max_position},
      {"coverage", phases_json},
      {"positions", positions},
      {"kernel_seconds", kernel_seconds},
      {"reference_seconds", reference_seconds},
      {"total_seconds", total_seconds},
      {"asked", asked},
      {"kernel_positions_per_second",
       kernel_seconds > 0 ? static_cast<double>(asked) / kernel_seconds : 0.0},
      {"kernel_own_positions_per_second",
       kernel_own_seconds > 0 ? static_cast<double>(asked) / kernel_own_seconds : 0.0},
      {"agree", verdict == "agree"},
      {"verdict", verdict},
      {"disagreement", disagreement},
      {"defect", defect}};
  j["period"] = period ? nlohmann::json{{"preperiod", period->first}, {"period", period->second}}
                       : nlohmann::json(nullptr);
  return j;
}

namespace {

__extension__ using Wide = __int128;

using clock_type = std::chrono::steady_clock;

double since(clock_type::time_point t) {
  return std::chrono::duration<double>(clock_type::now() - t).count();
}

/// A position's heaps where they lie (a Position, or one of a PositionList).
using Heaps = std::span<const std::int64_t>;

std::int64_t top(Heaps p) {
  return p.empty() ? 0 : *std::max_element(p.begin(), p.end());
}

/// The order in which positions are asked and "least" is meant: largest heap, then number of
/// heaps, then the heaps themselves.
bool less_position(Heaps a, Heaps b) {
  const auto ta = top(a), tb = top(b);
  if (ta != tb) return ta < tb;
  if (a.size() != b.size()) return a.size() < b.size();
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
}

constexpr std::int64_t kLargest = std::numeric_limits<std::int64_t>::max();

/// "2^31", "2^63 - 1", "2^62 - 1" (Frolov's columns) or the number, for the coverage lines.
std::string heap_text(std::int64_t n) {
  if (n == kLargest) return "2^63 - 1";
  if (n == kLargest / 2) return "2^62 - 1";
  if (n > 1 && (n & (n - 1)) == 0)
    return "2^" + std::to_string(std::countr_zero(static_cast<std::uint64_t>(n)));
  return std::to_string(n);
}

/// The allocator of a check's large arrays (the harness's values, each run's answers by id, the
/// orders, the sums): blocks of 1 MiB or more rounded up to whole huge pages of 2 MiB, aligned
/// and advised onto them (a fresh small page costs about as much as clearing a huge one: 16 MB
/// took 10 ms in small pages and 1.5 ms in huge ones on the machine this was measured on), and
/// new elements left uninitialised, each being written before it is read (a fill of 8 MB is a
/// pass of its own over memory the system has just cleared).
template <class T>
struct BigArray : std::allocator<T> {
  using value_type = T;
  template <class U>
  struct rebind {
    using other = BigArray<U>;
  };
  static constexpr std::size_t kHuge = std::size_t{2} << 20;
  BigArray() = default;
  template <class U>
  explicit BigArray(const BigArray<U>& /*other*/) noexcept {}
  T* allocate(std::size_t n) {
    if (n > std::numeric_limits<std::size_t>::max() / sizeof(T) - kHuge) throw std::bad_alloc();
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kHuge / 2) return std::allocator<T>::allocate(n);
    const std::size_t whole = (bytes + kHuge - 1) / kHuge * kHuge;
    void* p = std::aligned_alloc(kHuge, whole);
    if (p == nullptr) throw std::bad_alloc();
    (void)madvise(p, whole, MADV_HUGEPAGE);  // a hint only
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) noexcept {
    if (n * sizeof(T) < kHuge / 2) return std::allocator<T>::deallocate(p, n);
    std::free(p);
  }
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;  // default-initialised: no value written
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};
template <class T, class U>
bool operator==(const BigArray<T>& /*a*/, const BigArray<U>& /*b*/) {
  return true;
}
/// Positions' ids in an order, and values by id (BigArray).
using Ids = std::vector<std::uint32_t, BigArray<std::uint32_t>>;
using ById = std::vector<Value, BigArray<Value>>;

/// Positions side by side, their heaps in one array: a vector a position would be an
/// allocation each (the 20,000 random sums of a check cost more to allocate than to check).
class PositionList {
 public:
  [[nodiscard]] std::size_t size() const { return starts_.size() - 1; }
  [[nodiscard]] bool empty() const { return size() == 0; }
  [[nodiscard]] Heaps operator[](std::size_t i) const {
    return {heaps_.data() + starts_[i], starts_[i + 1] - starts_[i]};
  }
  /// Position i as a Position of its own.
  [[nodiscard]] Position at(std::size_t i) const {
    const Heaps p = (*this)[i];
    return {p.begin(), p.end()};
  }
  void push_back(Heaps p) {
    heaps_.insert(heaps_.end(), p.begin(), p.end());
    starts_.push_back(heaps_.size());
  }
  void reserve(std::size_t positions, std::size_t heaps) {
    starts_.reserve(positions + 1);
    heaps_.reserve(heaps);
  }
  [[nodiscard]] std::size_t heap_total() const { return heaps_.size(); }

 private:
  std::vector<std::int64_t, BigArray<std::int64_t>> heaps_;
  std::vector<std::size_t, BigArray<std::size_t>> starts_{0};
};
/// A run's answers that are not the harness's values: (j, value) for the j-th position asked.
using Differing = std::vector<std::pair<std::size_t, Value>>;

/// The harness's value of each id: a byte each when every one lies in 0..255 (Grundy values
/// mostly do: a million of them then take 1 MB, not 8 MB the system must clear and the runs'
/// comparisons read), else 8 bytes each.
class RefValues {
 public:
  [[nodiscard]] std::size_t size() const { return narrow_ ? bytes_.size() : wide_.size(); }
  [[nodiscard]] Value operator[](std::size_t id) const {
    return narrow_ ? Value{bytes_[id]} : wide_[id];
  }
  /// f(values), values a const std::uint8_t* or a const Value* (loops over many ids).
  template <class F>
  decltype(auto) visit(F&& f) const {
    return narrow_ ? f(bytes_.data()) : f(wide_.data());
  }
  /// Every value in 8 bytes.
  [[nodiscard]] ById widened() const {
    ById out(size());
    visit([&](const auto* v) { std::copy(v, v + size(), out.begin()); });
    return out;
  }
  /// In bytes when they fit: the first `head` values written by fill_head(span) (false when one
  /// does not fit), then `rest`. False, nothing kept, when a value does not fit.
  template <class Fill>
  bool narrow(std::size_t head, std::span<const Value> rest, Fill&& fill_head) {
    const auto fits = [](Value v) { return v >= 0 && v <= 255; };
    if (!std::all_of(rest.begin(), rest.end(), fits)) return false;
    bytes_.resize(head + rest.size());
    if (!fill_head(std::span<std::uint8_t>(bytes_.data(), head))) {
      bytes_ = {};
      return false;
    }
    std::transform(rest.begin(), rest.end(), bytes_.begin() + static_cast<std::ptrdiff_t>(head),
                   [](Value v) { return static_cast<std::uint8_t>(v); });
    narrow_ = true;
    return true;
  }
  /// In 8 bytes each: room for n values, to be written.
  Value* wide(std::size_t n) {
    narrow_ = false;
    bytes_ = {};
    wide_.resize(n);
    return wide_.data();
  }

 private:
  bool narrow_ = false;
  std::vector<std::uint8_t, BigArray<std::uint8_t>> bytes_;
  ById wide_;
};

/// The phases, in the order a position shared by several is counted in the first.
enum PhaseCode : std::uint8_t { kExhaustive, kResidues, kBoundaries, kRandom, kSums, kDomain };
constexpr std::size_t kPhaseCodes = 6;

/// The positions of a check: the heaps 0..exhaustive_end (held implicitly), further heaps, and
/// other positions (sums, or the positions of a game that is not a heap game). An id numbers
/// them: first the heaps (implicit ones, then `heaps`), then `others`.
struct Coverage {
  std::int64_t exhaustive_end = -1;
  std::vector<std::int64_t, BigArray<std::int64_t>> heaps;  ///< increasing, each > exhaustive_end
  std::vector<std::uint8_t, BigArray<std::uint8_t>> heap_phase;
  PositionList others;  ///< increasing (less_position)
  std::vector<std::uint8_t> other_phase;
  Ids increasing;  ///< every id, in increasing order

  [[nodiscard]] std::size_t heap_count() const {
    return static_cast<std::size_t>(exhaustive_end + 1) + heaps.size();
  }
  [[nodiscard]] std::size_t size() const { return heap_count() + others.size(); }
  [[nodiscard]] bool is_heap(std::size_t id) const { return id < heap_count(); }
  [[nodiscard]] std::int64_t heap(std::size_t id) const {
    const auto e = static_cast<std::size_t>(exhaustive_end + 1);
    return id < e ? static_cast<std::int64_t>(id) : heaps[id - e];
  }
  [[nodiscard]] Position position(std::size_t id) const {
    return is_heap(id) ? Position{heap(id)} : others.at(id - heap_count());
  }
  [[nodiscard]] int phase(std::size_t id) const {
    const auto e = static_cast<std::size_t>(exhaustive_end + 1);
    if (id < e) return kExhaustive;
    if (id < heap_count()) return heap_phase[id - e];
    return other_phase[id - heap_count()];
  }
  /// Whether p is one of the positions.
  [[nodiscard]] bool holds(const Position& p) const {
    if (p.size() == 1 && p[0] >= 0 && p[0] <= exhaustive_end) return true;
    if (p.size() == 1 && std::binary_search(heaps.begin(), heaps.end(), p[0])) return true;
    // The first of others not less than p, by bisection: others is no range of Positions, and
    // std::ranges::partition_point over std::views::iota does not compile with clang 14 and
    // libstdc++ 12 (the hardening build), so the ids are bisected by hand.
    std::size_t lo = 0, hi = others.size();
    while (lo < hi) {
      const std::size_t mid = lo + (hi - lo) / 2;
      if (less_position(others[mid], p)) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo < others.size() && std::ranges::equal(others[lo], p);
  }

  /// Sorts and deduplicates what was added (a position keeps its first phase) and makes the
  /// increasing order of ids.
  void finish() {
    {
      // The heaps sorted, each kept once with its least phase (the first added). Most come in
      // long runs of consecutive heaps of one phase (the residue windows, up to two million
      // heaps): those are taken as intervals, joined where they meet, and merged with the rest
      // (boundaries, random heaps) sorted. Intervals of two phases that meet: all sorted.
      using HeapPhase = std::pair<std::int64_t, std::uint8_t>;
      struct Interval {
        std::int64_t lo, hi;  // the heaps lo..hi
        std::uint8_t phase;
      };
      std::vector<HeapPhase> loose;
      std::vector<Interval> intervals;
      bool as_intervals = true;
      constexpr std::size_t kLongRun = 1024;
      for (std::size_t i = 0; i < heaps.size();) {
        // A run: consecutive heaps of one phase.
        std::size_t j = i + 1;
        while (j < heaps.size() && heaps[j - 1] < kLargest && heaps[j] == heaps[j - 1] + 1 &&
               heap_phase[j] == heap_phase[i])
          ++j;
        if (j - i >= kLongRun) {
          intervals.push_back({heaps[i], heaps[j - 1], heap_phase[i]});
        } else {
          for (std::size_t k = i; k < j; ++k) loose.emplace_back(heaps[k], heap_phase[k]);
        }
        i = j;
      }
      std::sort(intervals.begin(), intervals.end(),
                [](const Interval& x, const Interval& y) { return x.lo < y.lo; });
      std::vector<Interval> joined;
      for (const auto& v : intervals) {
        if (!joined.empty() && v.lo - 1 <= joined.back().hi) {
          if (v.phase != joined.back().phase) {
            as_intervals = false;  // two phases over the same heaps: sorted as pairs
            break;
          }
          joined.back().hi = std::max(joined.back().hi, v.hi);
          continue;
        }
        joined.push_back(v);
      }
      if (!as_intervals) {
        loose.clear();
        joined.clear();
        for (std::size_t k = 0; k < heaps.size(); ++k) loose.emplace_back(heaps[k], heap_phase[k]);
      }
      std::sort(loose.begin(), loose.end());
      std::vector<std::int64_t, BigArray<std::int64_t>> h2(heaps.size());
      std::vector<std::uint8_t, BigArray<std::uint8_t>> p2(heaps.size());
      std::size_t out = 0, l = 0;
      // In (heap, phase) order: a heap's least phase comes first, and is the one kept.
      const auto put = [&](std::int64_t heap, std::uint8_t phase) {
        if (heap <= exhaustive_end || (out > 0 && h2[out - 1] == heap)) return;
        h2[out] = heap;
        p2[out++] = phase;
      };
      for (const auto& v : joined) {
        for (std::int64_t n = v.lo;; ++n) {
          while (l < loose.size() && loose[l] < HeapPhase(n, v.phase))
            put(loose[l].first, loose[l].second), ++l;
          put(n, v.phase);
          if (n == v.hi) break;
        }
      }
      for (; l < loose.size(); ++l) put(loose[l].first, loose[l].second);
      h2.resize(out);
      p2.resize(out);
      heaps = std::move(h2);
      heap_phase = std::move(p2);
    }
    {
      // less_position with each position's largest heap and size computed once, sorted as keys
      // side by side (the positions are compared only on a tie of both).
      struct Key {
        std::int64_t top;
        std::size_t size;
        std::size_t i;
      };
      std::vector<Key, BigArray<Key>> keys(others.size());
      for (std::size_t i = 0; i < others.size(); ++i)
        keys[i] = {top(others[i]), others[i].size(), i};
      std::stable_sort(keys.begin(), keys.end(), [&](const Key& a, const Key& b) {
        if (a.top != b.top) return a.top < b.top;
        if (a.size != b.size) return a.size < b.size;
        return std::ranges::lexicographical_compare(others[a.i], others[b.i]);
      });
      PositionList o;
      std::vector<std::uint8_t> op;
      o.reserve(others.size(), others.heap_total());
      op.reserve(others.size());
      for (const auto& key : keys) {
        const std::size_t i = key.i;
        if (!o.empty() && std::ranges::equal(o[o.size() - 1], others[i])) continue;
        o.push_back(others[i]);
        op.push_back(other_phase[i]);
      }
      others = std::move(o);
      other_phase = std::move(op);
    }
    // Merge the heaps (in order) with the others (in order) by less_position: a heap {n}
    // precedes a position of larger top, or of the same top and more heaps.
    // The heaps that precede the next other position go in one tight loop.
    increasing.resize(size());
    std::uint32_t* out = increasing.data();
    std::size_t h = 0, k = 0;
    const std::size_t hc = heap_count();
    const auto heap_first = [&](std::int64_t n, Heaps q) {
      const std::int64_t t = top(q);
      if (n != t) return n < t;
      return q.size() > 1 || (q.size() == 1 && n < q[0]);
    };
    for (std::size_t o = 0; o <= others.size(); ++o) {
      if (o == others.size()) {
        while (h < hc) out[k++] = static_cast<std::uint32_t>(h++);
        break;
      }
      const Heaps q = others[o];
      // The exhaustive heaps 0..exhaustive_end are the ids 0..exhaustive_end themselves.
      if (h <= static_cast<std::size_t>(exhaustive_end) && q.size() > 1) {
        const auto t = static_cast<std::size_t>(std::max<std::int64_t>(top(q), 0));
        const std::size_t stop = std::min(t + 1, static_cast<std::size_t>(exhaustive_end + 1));
        while (h < stop) out[k++] = static_cast<std::uint32_t>(h++);
      }
      while (h < hc && heap_first(heap(h), q)) out[k++] = static_cast<std::uint32_t>(h++);
      out[k++] = static_cast<std::uint32_t>(hc + o);
    }
  }
};

/// The check in progress: the game, the kernel, the harness's routes, the clock.
struct Checker {
  const GameInstance& game;
  std::string family;
  KernelCommand command;
  RegressionOptions options;
  GameKernels gk;
  clock_type::time_point start = clock_type::now();
  RegressionResult result{};
  std::optional<ProvedValues> proof{};
  Coverage cov{};
  RefValues ref{};                 ///< the harness's value of each id
  bool startup_known = false;      ///< a run has measured the kernel's start-up
  const ById* answers1 = nullptr;  ///< the increasing run's answers, by id
  const ById* answers2 = nullptr;  ///< the second run's answers, by id

  [[nodiscard]] KernelProcessOptions process_options() const {
    KernelProcessOptions o = options.process;
    if (options.time_limit > 0) {
      o.deadline_seconds = std::max(0.001, options.time_limit - since(start));
    }
    return o;
  }
  void check_time() const {
    if (options.time_limit > 0 && since(start) > options.time_limit) {
      throw KernelDefect("the check did not finish within the time limit (" +
                             std::to_string(static_cast<int>(options.time_limit)) + " s)",
                         "timeout", 0);
    }
  }

  /// The harness's values of `ps`: from the proof, else by the fast route (gk.kernel), timed.
  std::vector<Value> harness(const std::vector<Position>& ps) {
    const auto t = clock_type::now();
    std::vector<Value> v;
    if (proof) {
      v.reserve(ps.size());
      for (const auto& p : ps) v.push_back(proof->position(p));
    } else {
      v = gk.kernel->values(game, ps);
    }
    result.reference_seconds += since(t);
    if (v.size() != ps.size()) throw std::logic_error("harness kernel gave a short answer");
    return v;
  }

  void add_stats(const KernelRunStats& st) {
    auto& s = result.stderr_seen;
    if (s.stderr_head.size() < options.process.stderr_kept_bytes)
      s.stderr_head +=
          st.stderr_head.substr(0, options.process.stderr_kept_bytes - s.stderr_head.size());
    if (!st.stderr_tail.empty()) s.stderr_tail = st.stderr_tail;
    s.stderr_bytes += st.stderr_bytes;
    if (st.own_seconds >= 0)
      result.kernel_own_seconds = std::max(0.0, result.kernel_own_seconds) + st.own_seconds;
  }

  /// The kernel's values of the ids `order` in one fresh run, timed; KernelDefect on failure.
  std::vector<Value> kernel_ids(const Ids& order) { return run_ids(order, nullptr); }

  /// The same run, each value compared with the harness's (ref) as it is read: only the answers
  /// that differ are kept, (j, value) for order[j], in *differing (no array of a run's answers
  /// is written; a right run keeps nothing). On a defect, its `answered` values came.
  void kernel_ids_compared(const Ids& order, Differing* differing) {
    (void)run_ids(order, differing);
  }

  /// kernel_ids (differing null: the values returned) and kernel_ids_compared (an empty vector
  /// returned).
  std::vector<Value> run_ids(const Ids& order, Differing* differing) {
    KernelBatch batch;
    batch.count = order.size();
    if (differing != nullptr) {
      // Each value compared with the harness's as it is read (and read once: a plugin's values
      // lie in memory it shares); the least 64-bit value, never the harness's, is handed back.
      batch.take_values = [&order, differing, this](std::size_t first, const Value* v,
                                                    std::size_t count) {
        const std::uint32_t* ids = order.data() + first;
        return ref.visit([&](const auto* r) {
          for (std::size_t j = 0; j < count; ++j) {
            const Value x = v[j];
            if (x == static_cast<Value>(r[ids[j]])) [[likely]]
              continue;
            if (x == std::numeric_limits<Value>::min()) return j;
            differing->emplace_back(first + j, x);
          }
          return count;
        });
      };
    }
    const bool heaps = heap_shape(game) != HeapShape::other;
    batch.encode = [&](std::size_t i, KernelProtocol protocol, std::string& out) {
      const std::size_t id = order[i];
      if (cov.is_heap(id) && heaps) {
        const std::int64_t n = cov.heap(id);
        if (protocol == KernelProtocol::lines) {
          char text[24];
          const auto r = std::to_chars(text, text + sizeof text, n);
          out.append(text, r.ptr);
          out += '\n';
        } else {
          const std::uint32_t one = 1;
          out.append(reinterpret_cast<const char*>(&one), sizeof one);
          out.append(reinterpret_cast<const char*>(&n), sizeof n);
        }
        return;
      }
      // Another position (a sum) encoded where it lies, not copied.
      if (!cov.is_heap(id))
        return encode_position(game, cov.others.at(id - cov.heap_count()), protocol, out);
      encode_position(game, cov.position(id), protocol, out);
    };
    batch.name = [&](std::size_t i) { return game.format_position(cov.position(order[i])); };
    // The binary records written in bulk, straight into a plugin's shared memory or the
    // chunk a pipe is fed from (the harness's share of a fast plugin's run is mostly this).
    batch.encode_into = [&](std::size_t i, char* out, std::size_t capacity, std::size_t* used) {
      // Everything read in the loop is a local: a store through `out` (a char*) may alias any
      // object, and would make the compiler read the vectors' fields again after each one.
      const std::uint32_t* const ids = order.data();
      const std::size_t size = order.size();
      const auto exhaustive = static_cast<std::size_t>(cov.exhaustive_end + 1);
      const std::size_t hc = heaps ? cov.heap_count() : 0;
      const std::int64_t* const far = cov.heaps.data();
      constexpr std::size_t kHeapRecord = sizeof(std::uint32_t) + sizeof(std::int64_t);
      const std::uint32_t one = 1;
      std::size_t at = 0;
      std::string record;
      while (i < size) {
        if (ids[i] < hc) {
          // A run of single heaps, as many as fit.
          const std::size_t last = std::min(size, i + (capacity - at) / kHeapRecord);
          if (last == i) break;
          char* w = out + at;
          std::size_t j = i;
          for (; j < last; ++j, w += kHeapRecord) {
            const std::size_t id = ids[j];
            if (id >= hc) break;
            const std::int64_t n =
                id < exhaustive ? static_cast<std::int64_t>(id) : far[id - exhaustive];
            std::memcpy(w, &one, sizeof one);
            std::memcpy(w + sizeof one, &n, sizeof n);
          }
          at += (j - i) * kHeapRecord;
          i = j;
          continue;
        }
        if (ids[i] >= cov.heap_count()) {
          // Another position (a sum): its record as encode_position writes it, in place.
          const Heaps q = cov.others[ids[i] - cov.heap_count()];
          const auto count = static_cast<std::uint32_t>(q.size());
          const std::size_t bytes = sizeof count + q.size() * sizeof(std::int64_t);
          if (at + bytes > capacity) break;
          std::memcpy(out + at, &count, sizeof count);
          if (!q.empty()) std::memcpy(out + at + sizeof count, q.data(), bytes - sizeof count);
          at += bytes;
          ++i;
          continue;
        }
        record.clear();
        batch.encode(i, KernelProtocol::binary, record);
        if (at + record.size() > capacity) break;
        std::memcpy(out + at, record.data(), record.size());
        at += record.size();
        ++i;
      }
      *used = at;
      return i;
    };
    return run_batch(batch);
  }

  /// The kernel's values of `ps` in one fresh run, timed; KernelDefect on failure.
  std::vector<Value> kernel(const std::vector<Position>& ps) {
    KernelBatch batch;
    batch.count = ps.size();
    batch.encode = [&](std::size_t i, KernelProtocol protocol, std::string& out) {
      encode_position(game, ps[i], protocol, out);
    };
    batch.name = [&](std::size_t i) { return game.format_position(ps[i]); };
    return run_batch(batch);
  }

  std::vector<Value> run_batch(const KernelBatch& batch) {
    check_time();
    const auto t = clock_type::now();
    KernelRunStats st;
    // What a run measured, whether it answered or failed.
    const auto account = [&]() {
      result.kernel_seconds += since(t);
      add_stats(st);
      // Once the kernel has shown how long it takes to start, later runs (the second order, the
      // searches, a position alone) allow three times that (and the --timeout at least) before
      // their first value, so that a hang is located without waiting for the whole allowance.
      if (st.first_value_seconds >= 0 && !startup_known) {
        startup_known = true;
        options.process.startup_seconds =
            std::min(options.process.startup_seconds,
                     std::max(options.process.silence_seconds, 3 * st.first_value_seconds + 1));
      }
    };
    try {
      auto v = run_kernel(command, batch, process_options(), &st);
      account();
      return v;
    } catch (...) {
      account();
      throw;
    }
  }

  /// The second route for a position the fast route computed: the naive kernel where it is
  /// cheap, another fast kernel otherwise; nullptr when the fast route is the naive kernel.
  const Kernel* second_route(const Position& p) const {
    if (gk.kernel == gk.reference) return nullptr;
    const bool heaps = heap_shape(game) != HeapShape::other;
    if (!heaps || top(p) <= std::max<std::int64_t>(20'000, gk.family->cross_check_range))
      return gk.reference;
    for (const auto* k : kernels(family))
      if (!k->reference && k != gk.kernel) return k;
    return gk.reference;
  }

  // ---------------------------------------------------------------------------------------
  // Coverage
  // ---------------------------------------------------------------------------------------

  void require_memory(std::uint64_t bytes) const {
    if (options.memory_bytes != 0 && bytes > options.memory_bytes) {
      throw InputError("the check needs about " + mebibytes(bytes) + ", more than --memory-limit " +
                       mebibytes(options.memory_bytes) + ": lower --exhaustive, --cases or " +
                       "--max-position");
    }
  }

  /// Whether the harness computes the values of `ps` (it may refuse them as input or budget).
  bool harness_takes(const PositionList& list) {
    if (proof) return true;
    std::vector<Position> ps;
    ps.reserve(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) ps.push_back(list.at(i));
    try {
      (void)gk.kernel->values(game, ps);
      return true;
    } catch (const InputError&) {
      return false;
    } catch (const BudgetExceeded&) {
      return false;
    }
  }

  /// Seconds the harness takes on the heaps 0..size, or nullopt when it refuses them.
  std::optional<double> probe(std::int64_t size) {
    if (options.memory_bytes != 0 && static_cast<std::uint64_t>(size) * 160 > options.memory_bytes)
      return std::nullopt;
    std::vector<Position> ps;
    ps.reserve(static_cast<std::size_t>(size) + 1);
    for (std::int64_t n = 0; n <= size; ++n) ps.push_back({n});
    const auto t = clock_type::now();
    try {
      (void)gk.kernel->values(game, ps);
    } catch (const InputError&) {
      return std::nullopt;
    } catch (const BudgetExceeded&) {
      return std::nullopt;
    }
    return since(t);
  }

  void add_heap(std::int64_t n, PhaseCode phase) {
    cov.heaps.push_back(n);
    cov.heap_phase.push_back(phase);
  }
  void add_other(Heaps p, PhaseCode phase) {
    cov.others.push_back(p);
    cov.other_phase.push_back(phase);
  }

  /// Fisher–Yates with a small generator seeded from `seed` (splitmix64, each index drawn by a
  /// multiply-shift of 64 bits: bias below 2^-32 for a million positions), much cheaper than
  /// std::shuffle with the Mersenne twister on a million ids; the order depends on the seed only.
  static void shuffle(std::span<std::uint32_t> v, std::uint64_t seed) {
    std::uint64_t state = seed;
    const auto next = [&state]() {
      std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      return z ^ (z >> 31);
    };
    std::uint32_t* d = v.data();
    // Each draw made one step ahead, and the entry it names fetched meanwhile (the swaps are
    // random accesses into megabytes): the same draws, the same order.
    std::uint64_t r = next();
    for (std::size_t i = v.size(); i > 1; --i) {
      const auto j = static_cast<std::size_t>((static_cast<Wide>(r) * i) >> 64);
      r = next();
      __builtin_prefetch(d + static_cast<std::size_t>((static_cast<Wide>(r) * (i - 1)) >> 64), 1);
      std::swap(d[i - 1], d[j]);
    }
  }

  /// Heaps drawn log-uniformly from lo..hi (their logarithms computed once: the same draws as
  /// one distribution made per heap, at a third of the cost).
  struct LogUniform {
    LogUniform(std::int64_t lo_, std::int64_t hi_)
        : lo(lo_),
          hi(hi_),
          u(std::log(static_cast<double>(std::max<std::int64_t>(lo_, 1))),
            std::log(static_cast<double>(hi_) + 1)) {}
    std::int64_t operator()(std::mt19937_64& rng) {
      const double x = std::exp(u(rng));
      if (x >= static_cast<double>(hi)) return hi;
      return std::clamp<std::int64_t>(static_cast<std::int64_t>(x), lo, hi);
    }
    std::int64_t lo, hi;
    std::uniform_real_distribution<double> u;
  };

  /// The coverage of a heap game whose values a proof gives: depends on the game, the kernel's
  /// declarations, the protocol and the seed, never on timing.
  void proved_coverage() {
    const std::int64_t e = proof->proved.preperiod, p = proof->proved.period;
    result.period = std::make_pair(e, p);
    std::int64_t m = options.max_position > 0 ? options.max_position : proof->largest;
    if (m > proof->largest) {
      if (!options.max_position_lowered)
        throw InputError("--max-position " + std::to_string(m) + ": " + proof->beyond(m));
      m = proof->largest;
    }
    result.max_position = m;
    // Every heap up to the preperiod + 2 periods, and at least 10^5 (10^6 for a native kernel
    // behind the binary protocol, which answers millions a second).
    const std::int64_t floor_heaps =
        command.protocol == KernelProtocol::binary ? 1'000'000 : 100'000;
    // A period so long that two of them do not fit a check (subtraction:1,5000000, Frolov's rows 11
    // and 12) gets the first kMostExhaustiveByDefault heaps, and the output says so.
    constexpr std::int64_t kMostExhaustiveByDefault = 8'000'000;
    std::int64_t b = options.exhaustive >= 0 ? options.exhaustive : options.range;
    const bool by_default = b < 0;
    const std::int64_t two_periods =
        p > kLargest / 2 || e > kLargest - 2 * p ? kLargest : e + 2 * p - 1;
    if (by_default) b = std::min(std::max(two_periods, floor_heaps), kMostExhaustiveByDefault);
    b = std::min(b, m);
    if (b > kMaxRegressionPositions)
      throw InputError("--exhaustive " + std::to_string(b) + ": a check holds at most " +
                       std::to_string(kMaxRegressionPositions) + " positions");
    cov.exhaustive_end = b;
    const std::string below_bound = "every heap 0.." + std::to_string(b);
    std::string why_bound;
    if (b >= two_periods) {
      why_bound = " (the proved preperiod + 2 periods: " + std::to_string(two_periods) + ")";
    } else if (by_default && b < m) {
      why_bound = " (the most a check takes by default; the proved preperiod + 2 periods is " +
                  std::to_string(two_periods) + ")";
    }
    result.phases.push_back({"exhaustive", below_bound + why_bound, 0, kExhaustive});
    // Every residue class modulo the period, at several levels: windows of p consecutive heaps
    // (one heap of each class) on both sides of 2^16, 2^31, 2^32, 2^53, the window ending at the
    // largest heap, then windows at 10^6, 10^9, ... and at the other powers of two while the
    // residues hold at most 2·10^6 positions (at least the required windows).
    const std::int64_t width = std::min<std::int64_t>(p, 1'000'000);
    std::vector<std::pair<std::int64_t, std::string>> windows;  // (first heap, name)
    const auto add_window = [&](std::int64_t first, const std::string& name) {
      if (first - b <= width - 1) {  // the window's last heap is in the exhaustive range
        if (first <= b - (width - 1)) return;
        first = b + 1;
      }
      if (first > m) return;
      windows.emplace_back(first, name);
    };
    for (int k : {16, 31, 32, 53}) {
      const std::int64_t t = std::int64_t{1} << k;
      add_window(t - width, "below 2^" + std::to_string(k));
      add_window(t, "from 2^" + std::to_string(k));
    }
    add_window(m - width + 1, "to " + heap_text(m));
    const std::size_t required = windows.size();
    std::vector<std::pair<std::int64_t, std::string>> extra;
    for (std::int64_t t = 1'000'000; t <= kLargest / 1000; t *= 1000)
      extra.emplace_back(t, "from " + std::to_string(t));
    for (int k = 17; k <= 62; ++k)
      if (k != 31 && k != 32 && k != 53)
        extra.emplace_back(std::int64_t{1} << k, "from 2^" + std::to_string(k));
    for (const auto& [first, name] : extra) {
      if (static_cast<std::int64_t>(windows.size() + 1) * width > 2'000'000 &&
          windows.size() >= required)
        break;
      add_window(first, name);
    }
    std::int64_t levels = 0;
    std::int64_t residue_positions = 0;
    {
      // Room for every heap of this coverage at once (up to two million: no copy as it grows).
      const std::size_t most =
          windows.size() * static_cast<std::size_t>(width) + 1000 +
          static_cast<std::size_t>(std::max<std::int64_t>(options.cases, 10'000));
      cov.heaps.reserve(cov.heaps.size() + most);
      cov.heap_phase.reserve(cov.heap_phase.size() + most);
    }
    for (const auto& [first, name] : windows) {
      // first + (width - 1) is formed only when it is at most m: no overflow at 2^63 - 1.
      const std::int64_t last = m - first <= width - 1 ? m : first + (width - 1);
      for (std::int64_t n = first;; ++n) {
        add_heap(n, kResidues);
        ++residue_positions;
        if (n == last) break;
      }
      ++levels;
    }
    if (levels > 0) {
      result.phases.push_back(
          {"residues",
           (width == p
                ? "every residue modulo " + std::to_string(p)
                : "the first " + std::to_string(width) + " residues modulo " + std::to_string(p)) +
               " at " + std::to_string(levels) + " levels to " + heap_text(m) + " (windows of " +
               std::to_string(width) +
               " heaps on both sides of 2^16, 2^31, 2^32, 2^53 and ending at " + heap_text(m) +
               ", as far as they lie above " + std::to_string(b) + ")",
           0, kResidues});
    }
    // Boundaries: around the proved preperiod and period, powers of two and the largest heap.
    std::size_t edges = 0;
    const auto around = [&](std::int64_t c) {
      for (std::int64_t d = -3; d <= 3; ++d) {
        if (d > 0 && c > kLargest - d) break;
        if (c + d > b && c + d <= m) add_heap(c + d, kBoundaries), ++edges;
      }
    };
    for (std::int64_t c : {e, e + p, e + 2 * p, 2 * (e + p), e + 3 * p}) around(c);
    for (int k = 1; k < 63 && (std::int64_t{1} << k) <= m; ++k) around(std::int64_t{1} << k);
    around(m);
    if (edges > 0)
      result.phases.push_back({"boundaries",
                               "heaps around the proved preperiod " + std::to_string(e) +
                                   " and period " + std::to_string(p) +
                                   ", powers of two and the largest heap, above " +
                                   std::to_string(b),
                               0, kBoundaries});
    std::mt19937_64 rng(options.seed);
    const std::int64_t cases = options.cases >= 0 ? options.cases : 10'000;
    if (m > b && cases > 0) {
      LogUniform far(b + 1, m);
      for (std::int64_t i = 0; i < cases; ++i) add_heap(far(rng), kRandom);
      result.phases.push_back({"random",
                               std::to_string(cases) + " heaps drawn log-uniformly from " +
                                   std::to_string(b + 1) + ".." + heap_text(m) + " (seed " +
                                   std::to_string(options.seed) + ")",
                               0, kRandom});
    }
    if (options.sums && heap_shape(game) == HeapShape::heap_sums) add_sums(rng, m, b, cases);
    (void)residue_positions;
  }

  /// Sums of heaps: every sum of two heaps up to 40 and of three up to 12, then 2·cases sums of
  /// 2 to 16 heaps, each heap small (1..64) or large (log-uniform up to m) at random.
  void add_sums(std::mt19937_64& rng, std::int64_t m, std::int64_t b, std::int64_t cases) {
    PositionList sums;
    const std::int64_t random_sums = std::max<std::int64_t>(2 * cases, 1);
    sums.reserve(static_cast<std::size_t>(random_sums) + 40 * 41 / 2 + 12 * 13 * 14 / 6,
                 static_cast<std::size_t>(random_sums) * 9 + 40 * 41 + 12 * 13 * 14 / 2);
    for (std::int64_t a = 1; a <= std::min<std::int64_t>(m, 40); ++a)
      for (std::int64_t c = a; c <= std::min<std::int64_t>(m, 40); ++c)
        sums.push_back(std::array<std::int64_t, 2>{a, c});
    for (std::int64_t a = 1; a <= std::min<std::int64_t>(m, 12); ++a)
      for (std::int64_t c = a; c <= std::min<std::int64_t>(m, 12); ++c)
        for (std::int64_t d = c; d <= std::min<std::int64_t>(m, 12); ++d)
          sums.push_back(std::array<std::int64_t, 3>{a, c, d});
    LogUniform large(1, m);
    const std::uint64_t small = std::min<std::uint64_t>(64, static_cast<std::uint64_t>(m));
    // A number below k by a multiply-shift of one draw (no division).
    const auto below = [&rng](std::uint64_t k) {
      return static_cast<std::uint64_t>((static_cast<Wide>(rng()) * k) >> 64);
    };
    std::array<std::int64_t, 16> p{};
    for (std::int64_t i = 0; i < random_sums; ++i) {
      const std::size_t size = 2 + below(15);
      // One draw decides for every heap whether it is small (1..64) or log-uniform to m.
      const std::uint64_t kinds = rng();
      for (std::size_t j = 0; j < size; ++j) {
        p[j] = ((kinds >> j) & 1) != 0 ? static_cast<std::int64_t>(1 + below(small)) : large(rng);
      }
      // In the order drawn, not sorted: a kernel must not assume an order of a sum's heaps.
      sums.push_back(Heaps(p.data(), size));
    }
    // A family may bound a sum as a whole (octal-misere: 40 tokens in all): then only the sums
    // of at most m tokens are asked, or none when the harness refuses even those.
    std::string what = "every sum of two heaps up to 40 and three up to 12, " +
                       std::to_string(random_sums) +
                       " random sums of 2 to 16 heaps (each 1..64 or up to " + heap_text(m) +
                       ", in the order drawn)";
    if (!harness_takes(sums)) {
      PositionList within;
      for (std::size_t i = 0; i < sums.size(); ++i) {
        std::int64_t total = 0;
        for (auto h : sums[i]) total += h;
        if (total <= m) within.push_back(sums[i]);
      }
      sums = std::move(within);
      what += ", those of at most " + std::to_string(m) + " in all";
      if (!harness_takes(sums)) {
        sums = PositionList();
        what = "none: the harness refuses the sums of " + game.spec();
      }
    }
    (void)b;
    if (cov.others.empty()) {
      cov.others = std::move(sums);  // the list itself, not a copy
      cov.other_phase.assign(cov.others.size(), kSums);
    } else {
      cov.others.reserve(cov.others.size() + sums.size(),
                         cov.others.heap_total() + sums.heap_total());
      for (std::size_t i = 0; i < sums.size(); ++i) add_other(sums[i], kSums);
    }
    result.phases.push_back({"sums", what, 0, kSums});
  }

  /// The coverage of a heap game whose values no proof gives: the harness's own values up to a
  /// bound measured from its cost (verify/CROSS_CHECK.md).
  void measured_coverage() {
    // What the harness can compute: its kernel timed on the heaps 0..P for P = 10^4, 10^5, 10^6
    // while the next probe is expected (quadratically) to take at most kBudget; fewer heaps when
    // even 10^4 is refused or slow.
    constexpr double kBudget = 5.0;
    std::int64_t probed = 0;
    double probe_seconds = 0;
    bool refused = false;  // the harness refused a larger probe: no extrapolation beyond
    for (std::int64_t size : {10'000, 100'000, 1'000'000}) {
      if (probed > 0 && probe_seconds * 100 > kBudget) break;
      const auto t = probe(size);
      refused = !t;
      if (!t) break;
      probed = size;
      probe_seconds = *t;
    }
    if (probed == 0) {
      for (std::int64_t size : {3000, 1000, 300, 100, 40, 20, 10}) {
        if (const auto t = probe(size)) {
          probed = size;
          probe_seconds = *t;
          break;
        }
      }
      if (probed == 0)
        throw InputError("the harness cannot compute the first 10 heaps of " + game.spec());
    }
    const auto feasible =
        refused ? probed
                : std::min<std::int64_t>(
                      1'000'000, probe_seconds <= 0
                                     ? 1'000'000
                                     : static_cast<std::int64_t>(
                                           static_cast<double>(probed) *
                                           std::sqrt(kBudget / std::max(probe_seconds, 1e-9))));
    std::int64_t b = options.exhaustive >= 0 ? options.exhaustive : options.range;
    if (b < 0)
      b = std::min<std::int64_t>(std::max(probed, std::min<std::int64_t>(feasible, 10'000)),
                                 100'000);
    const std::int64_t most = refused
                                  ? probed
                                  : static_cast<std::int64_t>(std::min(
                                        static_cast<double>(kMaxRegressionHeap),
                                        2.0 * static_cast<double>(probed) *
                                            std::sqrt(kBudget / std::max(probe_seconds, 1e-9))));
    for (const auto& [value, name] :
         {std::pair{b, "--exhaustive"}, std::pair{options.max_position, "--max-position"}}) {
      if (value > most &&
          !(name == std::string("--max-position") && options.max_position_lowered)) {
        throw InputError(std::string(name) + " " + std::to_string(value) +
                         ": the harness computes at most about " + std::to_string(most) +
                         " heaps of " + game.spec() +
                         " in reasonable time (measured on the first " + std::to_string(probed) +
                         "; no period of it is proved)");
      }
    }
    std::int64_t m = options.max_position > 0 ? std::min(options.max_position, most) : 0;
    if (m <= 0) m = std::min(std::max(probed, feasible), kMaxRegressionHeap);
    b = std::min(b, m);
    result.max_position = m;
    const std::int64_t cases = options.cases >= 0 ? options.cases : 10'000;
    const std::int64_t total = b + 1 + cases + (options.sums ? 2 * cases + 1300 : 0);
    if (total > kMaxRegressionPositions) {
      throw InputError("a check holds at most " + std::to_string(kMaxRegressionPositions) +
                       " positions: lower --exhaustive or --cases");
    }
    require_memory(static_cast<std::uint64_t>(total) * 160 + static_cast<std::uint64_t>(m) * 2);
    cov.exhaustive_end = b;
    result.phases.push_back({"exhaustive",
                             "every heap 0.." + std::to_string(b) +
                                 " (bound measured from the harness's cost: no period proved)",
                             0, kExhaustive});
    std::size_t edges = 0;
    const auto around = [&](std::int64_t c) {
      for (std::int64_t d = -3; d <= 3; ++d)
        if (c + d > b && c + d <= m) add_heap(c + d, kBoundaries), ++edges;
    };
    for (int k = 1; k < 63 && (std::int64_t{1} << k) <= m + 1; ++k) around(std::int64_t{1} << k);
    around(m);
    if (edges > 0)
      result.phases.push_back(
          {"boundaries",
           "heaps around powers of two and the largest heap, above " + std::to_string(b), 0,
           kBoundaries});
    std::mt19937_64 rng(options.seed);
    if (m > b && cases > 0) {
      LogUniform far(b + 1, m);
      for (std::int64_t i = 0; i < cases; ++i) add_heap(far(rng), kRandom);
      result.phases.push_back({"random",
                               std::to_string(cases) + " heaps drawn log-uniformly from " +
                                   std::to_string(b + 1) + ".." + std::to_string(m) + " (seed " +
                                   std::to_string(options.seed) + ")",
                               0, kRandom});
    }
    if (options.sums && heap_shape(game) == HeapShape::heap_sums) add_sums(rng, m, b, cases);
  }

  void domain_coverage() {
    const std::int64_t range = options.range >= 0 ? options.range : gk.family->cross_check_range;
    std::size_t count = 0;
    for (auto& p : game.domain(range)) {
      if (static_cast<std::int64_t>(++count) > kMaxRegressionPositions)
        throw InputError("the domain of range " + std::to_string(range) + " holds more than " +
                         std::to_string(kMaxRegressionPositions) + " positions");
      add_other(std::move(p), kDomain);
    }
    require_memory(count * 160);
    result.phases.push_back({"domain",
                             "every position of the family's domain(" + std::to_string(range) + ")",
                             0, kDomain});
    const std::int64_t cases = options.cases >= 0 ? options.cases : 200;
    std::mt19937_64 rng(options.seed);
    for (std::int64_t i = 0; i < cases; ++i)
      add_other(game.sample(rng(), range + 1 + static_cast<std::int64_t>(rng() % 3)), kRandom);
    if (cases > 0) {
      result.phases.push_back({"random",
                               std::to_string(cases) + " random positions of sizes " +
                                   std::to_string(range + 1) + ".." + std::to_string(range + 3) +
                                   " (seed " + std::to_string(options.seed) + ")",
                               static_cast<std::uint64_t>(cases), kRandom});
    }
  }

  // ---------------------------------------------------------------------------------------
  // Failures: the least wrong position, isolating a defect
  // ---------------------------------------------------------------------------------------

  /// Positions below `p` to try: for one heap n, the 64 heaps below it, 256 spread over
  /// lo..n (lo: the largest heap below n known to pass) and over 0..n, and n/2, n/4, …; for a
  /// sum, the sum without each heap, and each heap lowered.
  static std::vector<Position> smaller(const Position& p, std::int64_t lo) {
    std::set<Position> out;
    if (p.size() == 1) {
      const std::int64_t n = p[0];
      for (std::int64_t d = 1; d <= 64 && n - d >= 0; ++d) out.insert({n - d});
      for (std::int64_t k = 1; k <= 256; ++k) {
        out.insert({static_cast<std::int64_t>(static_cast<Wide>(n) * k / 257)});
        out.insert({lo + static_cast<std::int64_t>(static_cast<Wide>(n - lo) * k / 257)});
      }
      for (std::int64_t d = 2; d <= n && d > 0; d *= 2) out.insert({n / d});
    } else {
      for (std::size_t i = 0; i < p.size(); ++i) {
        Position q = p;
        q.erase(q.begin() + static_cast<std::ptrdiff_t>(i));
        out.insert(q);
        for (std::int64_t lower : {p[i] / 2, p[i] - 1, std::int64_t{1}}) {
          if (lower < 1 || lower >= p[i]) continue;
          Position r = p;
          r[i] = lower;
          std::sort(r.begin(), r.end());
          out.insert(r);
        }
      }
    }
    std::vector<Position> v;
    for (const auto& q : out)
      if (!q.empty() && less_position(q, p)) v.push_back(q);
    std::sort(v.begin(), v.end(), less_position);
    return v;
  }

  /// Shrinks a failing position: rounds of smaller candidates not in the coverage (those below
  /// it passed), each round in one fresh run; the least failing one found is kept. A run that
  /// fails as a program ends the shrinking.
  Position shrink(Position p, Value& kernel_value, Value& harness_value, int& rounds) {
    if (heap_shape(game) == HeapShape::other) return p;
    std::int64_t lo = 0;  // one heap: the largest heap below p known to pass
    if (p.size() == 1) lo = std::min(p[0], std::max<std::int64_t>(cov.exhaustive_end, 0));
    for (rounds = 0; rounds < 12; ++rounds) {
      std::vector<Position> candidates;
      for (auto& q : smaller(p, lo))
        if (!cov.holds(q)) candidates.push_back(std::move(q));
      if (candidates.empty()) break;
      const auto i = first_wrong(candidates, kernel_value, harness_value);
      if (!i || *i == candidates.size()) break;
      for (std::size_t j = 0; j < *i; ++j)
        if (candidates[j].size() == 1) lo = std::max(lo, candidates[j][0]);
      p = candidates[*i];
    }
    return p;
  }

  /// One round of a search: `candidates` asked in one fresh run and compared with the harness.
  /// Returns the index of the first wrong answer (its values in kernel_value and harness_value),
  /// candidates.size() when every answer is right, or nullopt when the run fails as a program.
  std::optional<std::size_t> first_wrong(const std::vector<Position>& candidates,
                                         Value& kernel_value, Value& harness_value) {
    std::vector<Value> kv;
    try {
      kv = kernel(candidates);
    } catch (const KernelDefect&) {
      return std::nullopt;
    }
    const auto hv = harness(candidates);
    std::size_t i = 0;
    while (i < candidates.size() && kv[i] == hv[i]) ++i;
    if (i < candidates.size()) {
      kernel_value = kv[i];
      harness_value = hv[i];
    }
    return i;
  }

  /// The least wrong heap of the residue class of n (modulo the proved period) above the
  /// exhaustive range that a search finds: rounds of 160 heaps of the class between the largest
  /// known right and the least known wrong (spread evenly, and the 32 just below), each in a
  /// fresh run, until they are adjacent in the class. Exact when the class is wrong from some heap
  /// on; otherwise the least wrong one the rounds met.
  std::int64_t residue_search(std::int64_t n, Value& kernel_value, Value& harness_value,
                              int& rounds) {
    const std::int64_t p = proof->proved.period;
    const std::int64_t b = cov.exhaustive_end;
    // Heaps of the class: y(k) = first + k p, k = 0..kn.
    const std::int64_t first = b + 1 + ((n - (b + 1)) % p + p) % p;
    std::int64_t khi = (n - first) / p;
    std::int64_t klo = -1;  // y(-1) <= b: in the exhaustive range, right
    for (rounds = 0; rounds < 40 && khi - klo > 1; ++rounds) {
      std::set<std::int64_t> ks;
      for (std::int64_t j = 1; j <= 128; ++j)
        ks.insert(klo + static_cast<std::int64_t>(static_cast<Wide>(khi - klo) * j / 129));
      for (std::int64_t d = 1; d <= 32 && khi - d > klo; ++d) ks.insert(khi - d);
      std::vector<Position> candidates;
      for (auto k : ks)
        if (k > klo && k < khi) candidates.push_back({first + k * p});
      if (candidates.empty()) break;
      const auto i = first_wrong(candidates, kernel_value, harness_value);
      if (!i) break;
      if (*i > 0) klo = (candidates[*i - 1][0] - first) / p;
      if (*i == candidates.size()) break;  // every candidate right: khi stays
      khi = (candidates[*i][0] - first) / p;
    }
    return first + khi * p;
  }

  /// The least position of run[from..] that the kernel fails on alone (or in a prefix run).
  std::optional<std::pair<Position, KernelDefect>> isolate(const Ids& run, std::size_t from) {
    const auto fails = [&](std::size_t a, std::size_t b) -> std::optional<KernelDefect> {
      try {
        (void)kernel_ids(Ids(run.begin() + static_cast<std::ptrdiff_t>(a),
                             run.begin() + static_cast<std::ptrdiff_t>(b)));
      } catch (const KernelDefect& d) {
        if (d.kind == "timeout" && options.time_limit > 0 && since(start) > options.time_limit)
          throw;
        return d;
      }
      return std::nullopt;
    };
    // Most kernels fail at once on the position after the last value they wrote.
    for (std::size_t i = from; i < std::min(run.size(), from + 2); ++i) {
      if (auto d = fails(i, i + 1)) return std::make_pair(cov.position(run[i]), *d);
    }
    // Else the shortest failing prefix of the rest (bisection, at most ~25 runs).
    std::size_t lo = std::min(run.size(), from + 2), hi = run.size();
    if (lo >= hi || !fails(lo, hi)) return std::nullopt;
    std::size_t good = lo;  // run[lo..good) runs cleanly; run[lo..hi) fails
    while (hi - good > 1) {
      const std::size_t mid = good + (hi - good) / 2;
      if (fails(lo, mid)) {
        hi = mid;
      } else {
        good = mid;
      }
    }
    if (auto d = fails(hi - 1, hi)) return std::make_pair(cov.position(run[hi - 1]), *d);
    return std::nullopt;
  }

  void record_defect(const KernelDefect& d, const std::optional<Position>& at) {
    result.verdict = "defect";
    result.defect = {{"kind", d.kind}, {"message", d.what()}};
    if (at) {
      // Isolated: the kernel fails on this position asked alone (d is that run's defect).
      const auto where = game.format_position(*at);
      result.defect["position"] = where;
      result.defect["message"] = command.shown + " fails at position " + where +
                                 " (asked alone, it " +
                                 (d.detail.empty() ? std::string(d.what()) : d.detail) + ")";
    }
  }

  /// A defect found by comparing answers (no run failed): its kind, position and message.
  void record_answer_defect(const std::string& kind, const Position& at, const std::string& what) {
    result.verdict = "defect";
    result.defect = {{"kind", kind},
                     {"position", game.format_position(at)},
                     {"message", command.shown + " " + what}};
  }

  /// One run of the ids in `order`; a defect is isolated and recorded (false).
  bool run_order(const Ids& order, ById& by_id) {
    result.asked += order.size();
    // The kernel's values are compared with the harness's as they are read; on a defect, the
    // first `answered` of them came.
    std::size_t answered = order.size();
    std::optional<KernelDefect> defect;
    Differing differing;
    try {
      kernel_ids_compared(order, &differing);
    } catch (const KernelDefect& d) {
      if (d.kind == "timeout" && options.time_limit > 0 && since(start) > options.time_limit) throw;
      defect = d;
      answered = std::min(d.answered, order.size());
    }
    by_id.clear();
    if (!defect && differing.empty()) return true;  // every answer the harness's value
    // The answers by id, as the searches below read them: the harness's value where the answer
    // was the same, the kernel's where it was not, and the positions it did not answer marked.
    by_id = ref.widened();
    for (const auto& [j, v] : differing) by_id[order[j]] = v;
    if (!defect) return true;
    for (std::size_t j = answered; j < order.size(); ++j)
      by_id[order[j]] = std::numeric_limits<Value>::min();
    const auto kv = [&](std::size_t j) { return by_id[order[j]]; };
    // Wrong values before the defect come first (the least wrong position is then reported),
    // but not before too many values or output on a plugin's stdout: those are the cause.
    const bool cause = defect->kind == "too-many" || defect->kind == "stdout";
    for (std::size_t j = 0; !cause && j < answered; ++j)
      if (kv(j) != ref[order[j]]) return true;
    if (cause) {
      // Too many values: from the first wrong one its answers are out of step; asked alone, the
      // position there shows the defect (two answers for a line too long for the kernel).
      for (std::size_t j = 0; defect->kind == "too-many" && j < answered; ++j) {
        if (kv(j) == ref[order[j]]) continue;
        // The extra value is the second answer of the position before the first wrong one, or
        // of that one (a line the kernel reads as two).
        for (std::size_t k = j > 0 ? j - 1 : j; k <= j; ++k) {
          const Position p = cov.position(order[k]);
          try {
            (void)kernel({p});
          } catch (const KernelDefect& d) {
            record_defect(d, p);
            return false;
          }
        }
        break;
      }
      record_defect(*defect, std::nullopt);
      return false;
    }
    auto at = defect->kind == "startup" ? std::nullopt : isolate(order, answered);
    if (at) {
      record_defect(at->second, at->first);
    } else {
      record_defect(*defect, std::nullopt);
    }
    return false;
  }

  RegressionResult run() {
    result.game = game.spec();
    result.kernel = command.shown;
    const auto shape = heap_shape(game);
    result.kernel_shape = shape == HeapShape::other ? "positions"
                          : options.sums            ? "sums of heaps"
                                                    : "one heap";
    if (shape != HeapShape::other && family_has_proved_heap_values(family)) {
      std::string why_not;
      const double proof_start = cpu_now();
      proof = proved_values(game, family, {}, &why_not);
      result.proof_cpu_seconds = cpu_now() - proof_start;
      if (!proof) result.how_known = "no proved period (" + why_not + ")";
    }
    if (proof) {
      result.proved = true;
      result.reference = "the proved period";
      result.how_known = proof->how();
      proved_coverage();
    } else {
      result.reference = gk.kernel->name;
      const std::string why = result.how_known;
      result.how_known = "the harness's kernel " + gk.kernel->name +
                         ", a disagreement confirmed by a second route" +
                         (why.empty() ? std::string() : "; " + why);
      if (shape == HeapShape::other) {
        domain_coverage();
      } else {
        measured_coverage();
      }
    }
    cov.finish();
    const std::size_t n = cov.size();
    result.positions = n;
    {
      std::array<std::uint64_t, kPhaseCodes> count{};
      count[kExhaustive] = static_cast<std::uint64_t>(cov.exhaustive_end + 1);
      for (const auto code : cov.heap_phase) ++count[code];
      for (const auto code : cov.other_phase) ++count[code];
      for (auto& ph : result.phases) ph.positions = count[static_cast<std::size_t>(ph.code)];
    }
    require_memory(static_cast<std::uint64_t>(n) * 40);
    // The harness's values.
    {
      const auto t = clock_type::now();
      if (proof) {
        const auto exhaustive = static_cast<std::size_t>(cov.exhaustive_end + 1);
        ById rest(cov.heap_count() - exhaustive);  // the further heaps' values
        // A run of consecutive heaps (a residue window) by one step of the period a heap.
        for (std::size_t k = 0; k < rest.size();) {
          std::size_t j = k + 1;
          while (j < rest.size() && cov.heaps[j] == cov.heaps[j - 1] + 1) ++j;
          proof->heaps_from(cov.heaps[k], std::span<Value>(rest.data() + k, j - k));
          k = j;
        }
        rest.reserve(n - exhaustive);  // then the other positions' values
        for (std::size_t j = 0; j < cov.others.size(); ++j)
          rest.push_back(proof->position(cov.others[j]));
        const bool bytes = ref.narrow(exhaustive, rest, [&](std::span<std::uint8_t> head) {
          return proof->heaps_from_zero_in_bytes(head);
        });
        if (!bytes) {
          Value* w = ref.wide(n);
          proof->heaps_from(0, std::span<Value>(w, exhaustive));
          std::copy(rest.begin(), rest.end(), w + exhaustive);
        }
      } else {
        std::vector<Position> all;
        all.reserve(n);
        for (std::size_t id = 0; id < n; ++id) all.push_back(cov.position(id));
        const auto values = gk.kernel->values(game, all);
        if (values.size() != n) throw std::logic_error("harness kernel gave a short answer");
        if (!ref.narrow(0, values, [](std::span<std::uint8_t>) { return true; }))
          std::copy(values.begin(), values.end(), ref.wide(n));
      }
      result.reference_seconds += since(t);
    }
    // Two runs: every position in increasing order; then half of them (a seeded choice) in
    // decreasing order followed by the other half shuffled.
    Ids second;
    {
      std::mt19937_64 rng(options.seed ^ 0x9e3779b97f4a7c15ULL);
      // One draw of the generator for 64 positions: bit j%64 of draw j/64 sends position j down.
      std::vector<std::uint64_t> bits((n + 63) / 64);
      std::size_t half = 0;
      for (auto& b : bits) b = rng();
      for (std::size_t k = 0; k < bits.size(); ++k) {
        // The bits of positions beyond n in the last draw do not count.
        const std::uint64_t mask = k + 1 < bits.size() || n % 64 == 0
                                       ? ~std::uint64_t{0}
                                       : (std::uint64_t{1} << (n % 64)) - 1;
        half += static_cast<std::size_t>(std::popcount(bits[k] & mask));
      }
      // Built in place: the chosen ones decreasing at the front, the others after them.
      second.resize(n);
      std::size_t d = half, m = half;
      // Without a branch (the bits are random: a branch on them is mispredicted half the time).
      const std::uint32_t* inc = cov.increasing.data();
      std::uint32_t* out = second.data();
      for (std::size_t j = 0; j < n; ++j) {
        const std::size_t down = (bits[j / 64] >> (j % 64)) & 1;
        d -= down;
        out[down != 0 ? d : m] = inc[j];
        m += 1 - down;
      }
      shuffle(std::span<std::uint32_t>(second).subspan(half), rng());
      result.orders = "each position asked twice, in separate runs: increasing (" +
                      std::to_string(n) + "), then decreasing (" + std::to_string(half) +
                      ") followed by shuffled (" + std::to_string(n - half) + ")";
    }
    constexpr Value kUnanswered = std::numeric_limits<Value>::min();
    // Each run's answers by id (run_order): empty when every one was the harness's value, else
    // every entry written, kUnanswered where no answer came.
    ById a1, a2;
    const bool first_ran = run_order(cov.increasing, a1);
    if (command.protocol == KernelProtocol::lines) {
      // Over the positions before the first wrong answer of the increasing run (after it, a
      // kernel out of step may be right by chance).
      for (const auto id : cov.increasing) {
        if (!a1.empty() && a1[id] != ref[id]) break;
        longest_right_line = std::max(
            longest_right_line, cov.is_heap(id) ? std::to_string(cov.heap(id)).size() + 1
                                                : line_bytes(cov.others.at(id - cov.heap_count())));
      }
    }
    if (!first_ran) {
      if (result.defect.contains("position"))
        line_hint(game.parse_position(result.defect["position"].get<std::string>()));
      return finish();
    }
    bool any_wrong = false;
    for (std::size_t id = 0; id < a1.size() && !any_wrong; ++id) any_wrong = a1[id] != ref[id];
    // The second run only when the first is right (a wrong value is searched at once).
    if (any_wrong) a2.assign(n, kUnanswered);
    if (!any_wrong && !run_order(second, a2)) {
      if (result.defect.contains("position"))
        line_hint(game.parse_position(result.defect["position"].get<std::string>()));
      return finish();
    }
    if (a1.empty() && a2.empty()) {
      // Every position answered twice, with the harness's value each time.
      for (auto& ph : result.phases) ph.answered += ph.positions;
      return finish();
    }
    if (a1.empty()) a1 = ref.widened();
    if (a2.empty()) a2 = ref.widened();
    if (!count_phases(a1, a2)) return finish();  // every answer right
    // The least position (increasing order) with an answer that is not the harness's: a single
    // heap first (a wrong heap is the simpler failure; a sum is taken when no heap is wrong).
    std::size_t least = n;
    for (int pass = 0; pass < 2 && least == n; ++pass) {
      for (auto id : cov.increasing) {
        if (pass == 0 && !cov.is_heap(id) && cov.others[id - cov.heap_count()].size() != 1)
          continue;
        if ((a1[id] != kUnanswered && a1[id] != ref[id]) ||
            (a2[id] != kUnanswered && a2[id] != ref[id])) {
          least = id;
          break;
        }
      }
    }
    if (least == n) return finish();
    answers1 = &a1;
    answers2 = &a2;
    diagnose(least, a1[least], a2[least], second, kUnanswered);
    if (result.verdict == "defect" && result.defect.contains("position"))
      line_hint(game.parse_position(result.defect["position"].get<std::string>()));
    return finish();
  }

  /// CPU seconds of this process and its reaped children (the kernel's runs).
  static double cpu_now() {
    double t = 0;
    for (int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
      rusage u{};
      getrusage(who, &u);
      t += static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
    }
    return t;
  }
  double cpu_start = cpu_now();

  RegressionResult finish() {
    // "agree" needs every position answered (a value the transport cannot tell from "not
    // answered" once let a kernel pass: the least 64-bit value is refused as a value since).
    if (result.verdict == "agree") {
      for (const auto& ph : result.phases) {
        if (ph.answered < ph.positions)
          throw std::logic_error("cross-check: no wrong answer, but " +
                                 std::to_string(ph.positions - ph.answered) + " of the " + ph.name +
                                 " positions were not answered");
      }
    }
    result.total_seconds = since(start);
    result.harness_cpu_seconds =
        std::max(0.0, cpu_now() - cpu_start - std::max(0.0, result.kernel_own_seconds));
    return result;
  }

  /// Counts each phase's answered and wrong positions; returns whether any answer is wrong.
  bool count_phases(const ById& a1, const ById& a2) {
    constexpr Value kUnanswered = std::numeric_limits<Value>::min();
    // Counted by phase code, then handed to the phases (a code names at most one phase): the
    // exhaustive heaps, then the further heaps and the other positions with their codes.
    std::array<std::uint64_t, kPhaseCodes> answered{}, wrong{};
    const Value* x = a1.data();
    const Value* y = a2.data();
    const auto count = [&](std::size_t from, std::size_t to, const std::uint8_t* codes) {
      for (std::size_t id = from; id < to; ++id) {
        const auto code = codes != nullptr ? codes[id - from] : std::uint8_t{kExhaustive};
        const Value r = ref[id];
        answered[code] += x[id] != kUnanswered ? 1 : 0;
        wrong[code] +=
            ((x[id] != kUnanswered && x[id] != r) || (y[id] != kUnanswered && y[id] != r)) ? 1 : 0;
      }
    };
    const auto exhaustive = static_cast<std::size_t>(cov.exhaustive_end + 1);
    count(0, exhaustive, nullptr);
    count(exhaustive, cov.heap_count(), cov.heap_phase.data());
    count(cov.heap_count(), cov.size(), cov.other_phase.data());
    std::uint64_t any = 0;
    for (auto& ph : result.phases) {
      ph.answered += answered[static_cast<std::size_t>(ph.code)];
      ph.wrong += wrong[static_cast<std::size_t>(ph.code)];
    }
    for (const auto w : wrong) any += w;
    return any > 0;
  }

  /// The position before `id` in `order` (for messages), or nullopt.
  std::optional<Position> before(const Ids& order, std::uint32_t id) {
    const auto it = std::find(order.begin(), order.end(), id);
    if (it == order.begin() || it == order.end()) return std::nullopt;
    return cov.position(*(it - 1));
  }

  /// The answers of `order` up to and including id again, in a fresh run (the last 4,096 of
  /// them): the answer at id, or nullopt when the run fails.
  std::optional<Value> replay(const Ids& order, std::uint32_t id) {
    const auto it = std::find(order.begin(), order.end(), id);
    if (it == order.end()) return std::nullopt;
    const auto from = it - order.begin() > 4096 ? it - 4096 : order.begin();
    try {
      return kernel_ids(Ids(from, it + 1)).back();
    } catch (const KernelDefect&) {
      return std::nullopt;
    }
  }

  /// Names what is wrong at the least position with an answer not the harness's: a wrong value
  /// (its least wrong position searched), nondeterminism, or order dependence.
  void diagnose(std::size_t id, Value v1, Value v2, const Ids& second, Value unanswered) {
    const Position p = cov.position(id);
    const Value right = ref[id];
    const std::string where = game.format_position(p);
    // Asked alone, twice.
    Value alone1 = 0, alone2 = 0;
    try {
      alone1 = kernel({p}).at(0);
      alone2 = kernel({p}).at(0);
    } catch (const KernelDefect& d) {
      record_defect(d, p);
      return;
    }
    const auto says = [](Value v) { return std::to_string(v); };
    if (alone1 != alone2) {
      record_answer_defect("nondeterministic", p,
                           "is nondeterministic: asked position " + where +
                               " alone twice, it answered " + says(alone1) + " and " +
                               says(alone2) + " (the harness: " + says(right) + ", " +
                               result.how_known + ")");
      return;
    }
    const bool first_wrong = v1 != unanswered && v1 != right;
    const bool second_wrong = v2 != unanswered && v2 != right;
    if (alone1 != right) {
      if ((first_wrong && v1 != alone1) || (second_wrong && v2 != alone1) ||
          (v2 != unanswered && v1 != v2)) {
        record_answer_defect(
            "nondeterministic", p,
            "answers position " + where + " differently: " + says(v1) + " in the increasing run, " +
                (v2 == unanswered ? std::string("-") : says(v2)) + " in the second run, " +
                says(alone1) + " alone (the harness: " + says(right) + ", " + result.how_known +
                "): its answers depend on chance or on the positions asked before");
        return;
      }
      wrong_value(id, alone1, right);
      return;
    }
    // Right alone, wrong in a run: out of step, order dependence, or nondeterminism.
    const bool in_first = first_wrong;
    const Ids& order = in_first ? cov.increasing : second;
    const Value wrong = in_first ? v1 : v2;
    const auto prev = before(order, static_cast<std::uint32_t>(id));
    if (command.protocol == KernelProtocol::lines) {
      // Out of step: the wrong answer is the harness's value of a neighbour in the run.
      // Out of step: from here on the answers are the harness's values of the positions one
      // before (an extra line) or one after (a missing line), for three positions at least.
      const auto it = std::find(order.begin(), order.end(), static_cast<std::uint32_t>(id));
      const auto& answers = in_first ? *answers1 : *answers2;
      const auto shifted = [&](std::ptrdiff_t delta) {
        const std::ptrdiff_t k = it - order.begin();
        const auto size = static_cast<std::ptrdiff_t>(order.size());
        if (k + delta < 0 || k + 2 + std::max<std::ptrdiff_t>(delta, 0) >= size) return false;
        for (std::ptrdiff_t j = k; j <= k + 2; ++j)
          if (answers[order[static_cast<std::size_t>(j)]] !=
              ref[order[static_cast<std::size_t>(j + delta)]])
            return false;
        return true;
      };
      const bool prev_value = shifted(-1);
      const bool next_value = !prev_value && shifted(1);
      if ((prev_value || next_value) && replay(order, static_cast<std::uint32_t>(id)) == wrong) {
        record_answer_defect(
            "out-of-step", p,
            "answered position " + where + " with " + says(wrong) + ", the value of the position " +
                (prev_value ? "before" : "after") + " it in the run, and " + says(alone1) +
                " alone: its answers are out of step with the positions (a missing or an extra "
                "line before it)");
        return;
      }
    }
    const auto again = replay(order, static_cast<std::uint32_t>(id));
    if (again && *again == wrong) {
      record_answer_defect("order", p,
                           "depends on the order of the positions: position " + where +
                               " is answered " + says(wrong) + " when asked after " +
                               (prev ? game.format_position(*prev) : std::string("the others")) +
                               " in the " +
                               (in_first ? "increasing" : "second (decreasing, then shuffled)") +
                               " run (again when " + "replayed), and " + says(right) + " alone" +
                               (!in_first ? " and in increasing order" : "") +
                               " (the harness: " + says(right) + ", " + result.how_known + ")");
      return;
    }
    record_answer_defect("nondeterministic", p,
                         "is nondeterministic: position " + where + " was answered " + says(wrong) +
                             " in the " + (in_first ? "increasing" : "second") + " run and " +
                             (again ? says(*again) : std::string("nothing")) +
                             " when the same positions were asked again, " + says(alone1) +
                             " alone (the harness: " + says(right) + ", " + result.how_known + ")");
  }

  /// A wrong value at p (the kernel's answer alone): the least wrong position searched below it,
  /// confirmed, recorded.
  void wrong_value(std::size_t first_id, Value kernel_value, Value harness_value) {
    const Position first = cov.position(first_id);
    std::string found_by;
    for (const auto& ph : result.phases)
      if (ph.code == cov.phase(first_id)) found_by = ph.name + " (" + ph.what + ")";
    int rounds = 0;
    Position p = first;
    std::string least_how;
    if (p.size() == 1 && p[0] <= cov.exhaustive_end) {
      least_how = "the least wrong heap: every heap below it was checked";
    } else if (p.size() == 1 && proof) {
      p = {residue_search(p[0], kernel_value, harness_value, rounds)};
      least_how = "the least wrong heap of the coverage" +
                  std::string(p == first ? "" : " (" + game.format_position(first) + ")") +
                  ", then the least of its residue class modulo " +
                  std::to_string(proof->proved.period) + " above " +
                  std::to_string(cov.exhaustive_end) + " that a bisection of the class finds";
    } else {
      p = shrink(p, kernel_value, harness_value, rounds);
      least_how = p == first
                      ? "the least wrong position of the coverage"
                      : "the least wrong position of the coverage (" + game.format_position(first) +
                            "), shrunk to the least failing position found";
      if (p.size() == 1 && proof && p[0] > cov.exhaustive_end) {
        int more = 0;
        const Position shrunk = p;
        p = {residue_search(p[0], kernel_value, harness_value, more)};
        rounds += more;
        if (p != shrunk)
          least_how += " (" + game.format_position(shrunk) +
                       "), then the least of its residue class modulo " +
                       std::to_string(proof->proved.period) + " that a bisection finds";
      }
    }
    // Asked alone, the kernel gives the same wrong value (else its answers depend on the run).
    std::vector<Value> alone{kernel_value};  // p == first: asked alone twice already
    if (p != first) {
      try {
        alone = kernel({p});
      } catch (const KernelDefect& d) {
        record_defect(d, p);
        return;
      }
    }
    if (alone.at(0) != kernel_value) {
      record_answer_defect("nondeterministic", p,
                           "answered position " + game.format_position(p) + " with " +
                               std::to_string(kernel_value) + " among the others and " +
                               std::to_string(alone.at(0)) +
                               " alone: its answers depend on chance or on the positions asked "
                               "before");
      return;
    }
    std::string confirmed;
    if (proof) {
      confirmed = proof->how();
    } else {
      confirmed = gk.kernel->name + " (the naive kernel, from the rules)";
      if (const Kernel* second = second_route(p)) {
        const Value v = second->values(game, std::vector<Position>{p}).at(0);
        if (v != harness_value) {
          throw std::logic_error("the harness's kernels disagree at " + game.format_position(p) +
                                 ": " + gk.kernel->name + " = " + std::to_string(harness_value) +
                                 ", " + second->name + " = " + std::to_string(v) +
                                 " (a bug of the harness; please report it)");
        }
        confirmed = "the harness's kernel " + gk.kernel->name + ", confirmed by " + second->name +
                    " (no period of " + game.spec() + " proved)";
      }
    }
    result.verdict = "wrong";
    result.disagreement = {{"position", game.format_position(p)},
                           {"kernel", kernel_value},
                           {"harness", harness_value},
                           {"harness_kernels", confirmed},
                           {"how_known", confirmed},
                           {"found_by", found_by},
                           {"least", least_how},
                           {"first_found", game.format_position(first)},
                           {"shrink_rounds", rounds}};
    line_hint(p);
  }

  /// Bytes of the line of p in the line protocol.
  [[nodiscard]] std::size_t line_bytes(const Position& p) const {
    return game.format_position(p).size() + 1;
  }

  /// A line longer than every line the kernel answered right (in the increasing run): said in
  /// the result as a likely cause (a buffer too short for the line).
  void line_hint(const Position& p) {
    if (command.protocol != KernelProtocol::lines || longest_right_line == 0) return;
    const auto len = line_bytes(p);
    if (len <= longest_right_line) return;
    const std::string hint = "its line is " + std::to_string(len) +
                             " bytes, longer than every line it answered right (at most " +
                             std::to_string(longest_right_line) +
                             "): a line too long for the kernel?";
    nlohmann::json& j = result.verdict == "wrong" ? result.disagreement : result.defect;
    if (!j.is_object()) return;
    j["cause"] = hint;
    if (result.verdict != "wrong")
      j["message"] = j["message"].get<std::string>() + " (" + hint + ")";
  }
  std::size_t longest_right_line = 0;
};

}  // namespace

RegressionResult regression_check(const GameInstance& game, const std::string& family,
                                  const KernelCommand& command, const RegressionOptions& options) {
  Checker c{game, family, command, options, GameKernels::make(game.spec())};
  if (options.sums && heap_shape(game) != HeapShape::heap_sums)
    throw InputError("--sums: the positions of '" + game.spec() + "' are not sums of heaps");
  return c.run();
}

}  // namespace igv
