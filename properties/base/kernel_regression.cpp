#include "properties/base/kernel_regression.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <set>

#include "core/base/trusted/errors.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/limits.h"
#include "properties/base/game_values.h"

namespace igv {

HeapShape heap_shape(const std::string& family) {
  // Families whose positions are heap sizes: a position {n} is one heap of n, written "n", and
  // (sums) a position {a, b, …} the sum of heaps a, b, … (tests/all/test_all_kernel_regression.cpp
  // checks that each reads and writes them so).
  static const std::set<std::string> sums = {"octal", "hex", "grundy", "nim", "octal-misere"};
  static const std::set<std::string> one = {"subtraction", "subtraction-misere"};
  if (sums.count(family) != 0) return HeapShape::heap_sums;
  if (one.count(family) != 0) return HeapShape::one_heap;
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
  nlohmann::json j = {{"game", game},
                      {"kernel", kernel},
                      {"kernel_takes", kernel_shape},
                      {"reference", reference},
                      {"max_position", max_position},
                      {"coverage", phases_json},
                      {"positions", positions},
                      {"kernel_seconds", kernel_seconds},
                      {"reference_seconds", reference_seconds},
                      {"total_seconds", total_seconds},
                      {"kernel_positions_per_second",
                       kernel_seconds > 0 ? static_cast<double>(positions) / kernel_seconds : 0.0},
                      {"agree", verdict == "agree"},
                      {"verdict", verdict},
                      {"disagreement", disagreement},
                      {"defect", defect}};
  j["period"] = period ? nlohmann::json{{"preperiod", period->first}, {"period", period->second}}
                       : nlohmann::json(nullptr);
  return j;
}

namespace {

using clock_type = std::chrono::steady_clock;

double since(clock_type::time_point t) {
  return std::chrono::duration<double>(clock_type::now() - t).count();
}

std::int64_t top(const Position& p) {
  return p.empty() ? 0 : *std::max_element(p.begin(), p.end());
}

/// The order in which positions are asked and "least" is meant: largest heap, then number of
/// heaps, then the heaps themselves.
bool less_position(const Position& a, const Position& b) {
  const auto ta = top(a), tb = top(b);
  if (ta != tb) return ta < tb;
  if (a.size() != b.size()) return a.size() < b.size();
  return a < b;
}

struct Item {
  Position p;
  int phase = 0;
};

/// The check in progress: the game, the kernel, the harness's routes, the clock.
struct Checker {
  const GameInstance& game;
  std::string family;
  KernelCommand command;
  RegressionOptions options;
  GameKernels gk;
  clock_type::time_point start = clock_type::now();
  RegressionResult result;

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

  /// The harness's values of `ps` by the fast route (gk.kernel), timed.
  std::vector<Value> harness(const std::vector<Position>& ps) {
    const auto t = clock_type::now();
    auto v = gk.kernel->values(game, ps);
    result.reference_seconds += since(t);
    if (v.size() != ps.size()) throw std::logic_error("harness kernel gave a short answer");
    return v;
  }

  /// The kernel's values of `ps` in one fresh run, timed; KernelDefect on failure.
  std::vector<Value> kernel(const std::vector<Position>& ps) {
    check_time();
    const auto t = clock_type::now();
    try {
      auto v = run_kernel(command, game, ps, process_options());
      result.kernel_seconds += since(t);
      return v;
    } catch (...) {
      result.kernel_seconds += since(t);
      throw;
    }
  }

  /// The second route for a position the fast route computed: the naive kernel where it is
  /// cheap, another fast kernel otherwise; nullptr when the fast route is the naive kernel.
  const Kernel* second_route(const Position& p) const {
    if (gk.kernel == gk.reference) return nullptr;
    const bool heaps = heap_shape(family) != HeapShape::other;
    if (!heaps || top(p) <= std::max<std::int64_t>(20'000, gk.family->cross_check_range))
      return gk.reference;
    for (const auto* k : kernels(family))
      if (!k->reference && k != gk.kernel) return k;
    return gk.reference;
  }

  // ---------------------------------------------------------------------------------------
  // Coverage
  // ---------------------------------------------------------------------------------------

  /// The proved period, when the family has one within a small search (else nullopt).
  std::optional<std::pair<std::int64_t, std::int64_t>> proved_period(std::int64_t heaps) {
    PeriodRequest request;
    request.summary_only = true;  // only the numbers are used
    request.budget = std::max(1.0 / 32, static_cast<double>(heaps) / (1 << 25));
    request.limits.deadline = clock_type::now() + std::chrono::seconds(2);
    request.limits.memory_bytes = std::uint64_t{1} << 30;
    try {
      const auto answer = game.period_limited(request);
      if (answer.saltus != 0) return std::nullopt;
      return std::make_pair(answer.preperiod, answer.period);
    } catch (const std::exception&) {
      return std::nullopt;  // no period, or not within the small search: no boundary heaps
    }
  }

  void require_memory(std::uint64_t bytes) const {
    if (options.memory_bytes != 0 && bytes > options.memory_bytes) {
      throw InputError("the check needs about " + mebibytes(bytes) + ", more than --memory-limit " +
                       mebibytes(options.memory_bytes) + ": lower --exhaustive, --cases or " +
                       "--max-position");
    }
  }

  /// Whether the harness computes the values of `ps` (it may refuse them as input or budget).
  bool harness_takes(const std::vector<Position>& ps) {
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

  std::vector<Item> heap_coverage() {
    const auto shape = heap_shape(family);
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
    // Heaps the harness computes within the budget (quadratic growth assumed beyond the probe).
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
    result.period = proved_period(std::max(options.max_position, std::max(probed, feasible)));
    // The most heaps the harness is asked for: what it computes in about 4 x 5 s (quadratic
    // growth), or any number up to 10^8 beyond a proved period's window (the values there are the
    // period's). Past it the command would not end: a stated bound is refused, a plugin's own
    // declaration is lowered.
    const bool periodic = result.period && probed >= 1'000'000;
    const std::int64_t most = refused || periodic
                                  ? (periodic ? kMaxRegressionHeap : probed)
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
                         ")");
      }
    }
    std::int64_t m = options.max_position > 0 ? std::min(options.max_position, most) : 0;
    if (m <= 0) {
      m = std::max(probed, feasible);
      // With a proved period the harness's values beyond its window are the period's: four
      // windows at least, so that a kernel is tested well past its preperiod.
      if (result.period && m >= 1'000'000)
        m = std::max(m, 4 * (result.period->first + result.period->second));
      m = std::min(m, kMaxRegressionHeap);
    }
    b = std::min(b, m);
    result.max_position = m;
    const std::int64_t cases = options.cases >= 0 ? options.cases : 10'000;
    const std::int64_t total = b + 1 + cases + (options.sums ? cases / 4 + 1300 : 0);
    if (total > kMaxRegressionPositions) {
      throw InputError("a check holds at most " + std::to_string(kMaxRegressionPositions) +
                       " positions: lower --exhaustive or --cases");
    }
    require_memory(static_cast<std::uint64_t>(total) * 160 + static_cast<std::uint64_t>(m) * 2);
    std::vector<Item> items;
    for (std::int64_t n = 0; n <= b; ++n) items.push_back({{n}, 0});
    result.phases.push_back(
        {"exhaustive", "every heap 0.." + std::to_string(b), static_cast<std::uint64_t>(b + 1), 0});
    // Boundaries: around the proved preperiod e and period p (e, e + p, e + 2p, 2e + 2p), around
    // powers of two, and the largest heap.
    std::set<std::int64_t> edges;
    const auto around = [&](std::int64_t c) {
      for (std::int64_t d = -3; d <= 3; ++d)
        if (c + d > b && c + d <= m) edges.insert(c + d);
    };
    if (result.period) {
      const auto [e, p] = *result.period;
      for (std::int64_t c : {e, e + p, e + 2 * p, 2 * (e + p), e + 3 * p}) around(c);
    }
    for (int k = 1; k < 63 && (std::int64_t{1} << k) <= m + 1; ++k) around(std::int64_t{1} << k);
    around(m);
    for (auto n : edges) items.push_back({{n}, 1});
    result.phases.push_back(
        {"boundaries",
         result.period
             ? "heaps around the proved preperiod " + std::to_string(result.period->first) +
                   " and period " + std::to_string(result.period->second) +
                   ", powers of two and the largest heap, above " + std::to_string(b)
             : "heaps around powers of two and the largest heap, above " + std::to_string(b),
         edges.size(), 1});
    // Random heaps, log-uniform on (b, m].
    std::mt19937_64 rng(options.seed);
    const auto log_uniform = [&](std::int64_t lo, std::int64_t hi) {
      std::uniform_real_distribution<double> u(std::log(static_cast<double>(lo)),
                                               std::log(static_cast<double>(hi) + 1));
      return std::clamp<std::int64_t>(static_cast<std::int64_t>(std::exp(u(rng))), lo, hi);
    };
    std::uint64_t randoms = 0;
    if (m > b) {
      for (std::int64_t i = 0; i < cases; ++i, ++randoms)
        items.push_back({{log_uniform(b + 1, m)}, 2});
      result.phases.push_back({"random",
                               std::to_string(cases) + " heaps drawn log-uniformly from " +
                                   std::to_string(b + 1) + ".." + std::to_string(m) + " (seed " +
                                   std::to_string(options.seed) + ")",
                               randoms, 2});
    }
    if (options.sums && shape == HeapShape::heap_sums) {
      std::vector<Position> sums;
      for (std::int64_t a = 1; a <= std::min<std::int64_t>(m, 40); ++a)
        for (std::int64_t c = a; c <= std::min<std::int64_t>(m, 40); ++c) sums.push_back({a, c});
      for (std::int64_t a = 1; a <= std::min<std::int64_t>(m, 12); ++a)
        for (std::int64_t c = a; c <= std::min<std::int64_t>(m, 12); ++c)
          for (std::int64_t d = c; d <= std::min<std::int64_t>(m, 12); ++d)
            sums.push_back({a, c, d});
      for (std::int64_t i = 0; i < std::max<std::int64_t>(cases / 4, 1); ++i) {
        Position p(2 + rng() % 3);
        for (auto& h : p) h = log_uniform(1, m);
        std::sort(p.begin(), p.end());
        sums.push_back(p);
      }
      // A family may bound a sum as a whole (octal-misere: 40 tokens in all): then only the sums
      // of at most m tokens are asked, or none when the harness refuses even those.
      std::string what = "every sum of two heaps up to 40 and three up to 12, " +
                         std::to_string(std::max<std::int64_t>(cases / 4, 1)) +
                         " random sums of 2 to 4 heaps up to " + std::to_string(m);
      if (!harness_takes(sums)) {
        std::erase_if(sums, [&](const Position& p) {
          std::int64_t total = 0;
          for (auto h : p) total += h;
          return total > m;
        });
        what += ", those of at most " + std::to_string(m) + " in all";
        if (!harness_takes(sums)) {
          sums.clear();
          what = "none: the harness refuses the sums of " + game.spec();
        }
      }
      for (auto& p : sums) items.push_back({std::move(p), 3});
      result.phases.push_back({"sums", what, sums.size(), 3});
    }
    std::stable_sort(items.begin(), items.end(),
                     [](const Item& x, const Item& y) { return less_position(x.p, y.p); });
    items.erase(std::unique(items.begin(), items.end(),
                            [](const Item& x, const Item& y) { return x.p == y.p; }),
                items.end());
    for (auto& ph : result.phases) {  // the distinct positions each phase adds
      ph.positions = static_cast<std::uint64_t>(std::count_if(
          items.begin(), items.end(), [&](const Item& it) { return it.phase == ph.code; }));
    }
    return items;
  }

  std::vector<Item> domain_coverage() {
    const std::int64_t range = options.range >= 0 ? options.range : gk.family->cross_check_range;
    std::vector<Item> items;
    for (auto& p : game.domain(range)) {
      if (static_cast<std::int64_t>(items.size()) >= kMaxRegressionPositions)
        throw InputError("the domain of range " + std::to_string(range) + " holds more than " +
                         std::to_string(kMaxRegressionPositions) + " positions");
      items.push_back({std::move(p), 0});
    }
    require_memory(items.size() * 160);
    result.phases.push_back({"domain",
                             "every position of the family's domain(" + std::to_string(range) + ")",
                             items.size(), 0});
    const std::int64_t cases = options.cases >= 0 ? options.cases : 200;
    std::mt19937_64 rng(options.seed);
    for (std::int64_t i = 0; i < cases; ++i)
      items.push_back({game.sample(rng(), range + 1 + static_cast<std::int64_t>(rng() % 3)), 2});
    if (cases > 0) {
      result.phases.push_back({"random",
                               std::to_string(cases) + " random positions of sizes " +
                                   std::to_string(range + 1) + ".." + std::to_string(range + 3) +
                                   " (seed " + std::to_string(options.seed) + ")",
                               static_cast<std::uint64_t>(cases), 2});
    }
    return items;
  }

  // ---------------------------------------------------------------------------------------
  // Failures: shrinking a wrong value, isolating a defect
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
        out.insert({n * k / 257});
        out.insert({lo + (n - lo) * k / 257});
      }
      for (std::int64_t d = 2; d <= n; d *= 2) out.insert({n / d});
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

  /// Shrinks a failing position: rounds of smaller candidates not yet asked (`asked`, sorted:
  /// they passed), each round in one fresh run; the least failing one found is kept. A run that
  /// fails as a program ends the shrinking.
  Position shrink(Position p, const std::vector<Position>& asked, Value& kernel_value,
                  Value& harness_value, int& rounds) {
    if (heap_shape(family) == HeapShape::other) return p;
    std::int64_t lo = 0;  // one heap: the largest heap below p known to pass
    for (const auto& q : asked) {
      if (!less_position(q, p)) break;
      if (q.size() == 1) lo = std::max(lo, q[0]);
    }
    for (rounds = 0; rounds < 12; ++rounds) {
      std::vector<Position> candidates;
      for (auto& q : smaller(p, lo))
        if (!std::binary_search(asked.begin(), asked.end(), q, less_position))
          candidates.push_back(std::move(q));
      if (candidates.empty()) break;
      std::vector<Value> kv;
      try {
        kv = kernel(candidates);
      } catch (const KernelDefect&) {
        break;
      }
      const auto hv = harness(candidates);
      std::size_t i = 0;
      while (i < candidates.size() && kv[i] == hv[i]) ++i;
      if (i == candidates.size()) break;
      for (std::size_t j = 0; j < i; ++j)
        if (candidates[j].size() == 1) lo = std::max(lo, candidates[j][0]);
      p = candidates[i];
      kernel_value = kv[i];
      harness_value = hv[i];
    }
    return p;
  }

  /// The least position of items[from..] that the kernel fails on alone (or in a prefix run).
  std::optional<std::pair<Position, KernelDefect>> isolate(const std::vector<Position>& ps,
                                                           std::size_t from) {
    const auto fails = [&](std::size_t a, std::size_t b) -> std::optional<KernelDefect> {
      try {
        (void)kernel(std::vector<Position>(ps.begin() + static_cast<std::ptrdiff_t>(a),
                                           ps.begin() + static_cast<std::ptrdiff_t>(b)));
      } catch (const KernelDefect& d) {
        if (d.kind == "timeout" && options.time_limit > 0 && since(start) > options.time_limit)
          throw;
        return d;
      }
      return std::nullopt;
    };
    // Most kernels fail at once on the position after the last value they wrote.
    for (std::size_t i = from; i < std::min(ps.size(), from + 2); ++i) {
      if (auto d = fails(i, i + 1)) return std::make_pair(ps[i], *d);
    }
    // Else the shortest failing prefix of the rest (bisection, at most ~25 runs).
    std::size_t lo = std::min(ps.size(), from + 2), hi = ps.size();
    if (lo >= hi || !fails(lo, hi)) return std::nullopt;
    std::size_t good = lo;  // ps[lo..good) runs cleanly; ps[lo..hi) fails
    while (hi - good > 1) {
      const std::size_t mid = good + (hi - good) / 2;
      if (fails(lo, mid)) {
        hi = mid;
      } else {
        good = mid;
      }
    }
    if (auto d = fails(hi - 1, hi)) return std::make_pair(ps[hi - 1], *d);
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

  RegressionResult run() {
    result.game = game.spec();
    result.kernel = command.shown;
    result.reference = gk.kernel->name;
    const auto shape = heap_shape(family);
    result.kernel_shape = shape == HeapShape::other ? "positions"
                          : options.sums            ? "sums of heaps"
                                                    : "one heap";
    const auto items = shape == HeapShape::other ? domain_coverage() : heap_coverage();
    std::vector<Position> ps;
    ps.reserve(items.size());
    for (const auto& it : items) ps.push_back(it.p);
    result.positions = ps.size();
    const auto hv = harness(ps);
    std::vector<Value> kv;
    std::optional<KernelDefect> defect;
    try {
      kv = kernel(ps);
    } catch (const KernelDefect& d) {
      defect = d;
      kv = d.received;
    }
    for (std::size_t j = 0; j < kv.size() && j < ps.size(); ++j) {
      for (auto& ph : result.phases) {
        if (ph.code != items[j].phase) continue;
        ++ph.answered;
        if (kv[j] != hv[j]) ++ph.wrong;
      }
    }
    std::size_t i = 0;
    while (i < kv.size() && i < ps.size() && kv[i] == hv[i]) ++i;
    if (i < kv.size() && i < ps.size()) {
      wrong(items, ps, i, kv[i], hv[i]);
    } else if (defect) {
      auto at = defect->kind == "too-many" ? std::nullopt : isolate(ps, i);
      if (at) {
        record_defect(at->second, at->first);
      } else {
        record_defect(*defect, std::nullopt);
      }
    }
    result.total_seconds = since(start);
    return result;
  }

  void wrong(const std::vector<Item>& items, const std::vector<Position>& ps, std::size_t i,
             Value kernel_value, Value harness_value) {
    std::string found_by;
    for (const auto& ph : result.phases)
      if (ph.code == items[i].phase) found_by = ph.name + " (" + ph.what + ")";
    int rounds = 0;
    const Value streamed = kernel_value;
    Position p = shrink(ps[i], ps, kernel_value, harness_value, rounds);
    // Asked alone, the kernel must give the same wrong value: otherwise its answers were out of
    // step with the positions (a missing or an extra line), a defect.
    std::vector<Value> alone;
    try {
      alone = kernel({p});
    } catch (const KernelDefect& d) {
      record_defect(d, p);
      return;
    }
    if (alone.at(0) != kernel_value) {
      if (i > 0 && p == ps[i]) {
        try {
          (void)kernel({ps[i - 1]});
        } catch (const KernelDefect& d) {
          record_defect(d, ps[i - 1]);
          return;
        }
      }
      record_defect(KernelDefect(command.shown + " answered position " + game.format_position(p) +
                                     " with " + std::to_string(kernel_value) +
                                     " among the others and " + std::to_string(alone.at(0)) +
                                     " alone: its answers are out of step with the positions (a "
                                     "missing or extra line before it?)",
                                 "out-of-step", 0),
                    std::nullopt);
      result.defect["position"] = game.format_position(p);
      return;
    }
    (void)streamed;
    // A second route confirms the harness's value before the kernel is called wrong.
    std::string confirmed = gk.kernel->name + " (the naive kernel, from the rules)";
    if (const Kernel* second = second_route(p)) {
      const Value v = second->values(game, std::vector<Position>{p}).at(0);
      if (v != harness_value) {
        throw std::logic_error("the harness's kernels disagree at " + game.format_position(p) +
                               ": " + gk.kernel->name + " = " + std::to_string(harness_value) +
                               ", " + second->name + " = " + std::to_string(v) +
                               " (a bug of the harness; please report it)");
      }
      confirmed = gk.kernel->name + ", confirmed by " + second->name;
    }
    result.verdict = "wrong";
    result.disagreement = {{"position", game.format_position(p)},
                           {"kernel", kernel_value},
                           {"harness", harness_value},
                           {"harness_kernels", confirmed},
                           {"found_by", found_by},
                           {"first_found", game.format_position(ps[i])},
                           {"shrink_rounds", rounds}};
  }
};

}  // namespace

RegressionResult regression_check(const GameInstance& game, const std::string& family,
                                  const KernelCommand& command, const RegressionOptions& options) {
  Checker c{game, family, command, options, GameKernels::make(game.spec())};
  if (options.sums && heap_shape(family) != HeapShape::heap_sums)
    throw InputError("--sums: the positions of '" + family + "' are not sums of heaps");
  return c.run();
}

}  // namespace igv
