#include "core/octal/octal_certificate_check.h"

#include <algorithm>
#include <bit>
#include <vector>

#include "core/base/certificate_json.h"
#include "core/base/errors.h"
#include "core/octal/octal_naive.h"
#include "core/octal/octal_rules.h"

namespace igv {

namespace {

constexpr unsigned kWordBits = 64;
/// Values are at most 16 bits (OctalValueTable), so 2^16 / 64 words cover them.
constexpr std::size_t kWords = 65536 / kWordBits + 1;

/// The rare/common split in force: a value mask, and whether the heap's parity is added
/// (kHeapParityBit, used only when every two-heap removal has the same parity `split_parity`).
struct Split {
  std::uint32_t mask = 0;
  bool heap_parity = false;
  int split_parity = 0;
  /// Heap x is rare: popcount(G(x) & mask) (+ x - i) even.
  [[nodiscard]] bool heap_rare(std::int64_t x, Value v) const {
    const int parity = heap_parity ? static_cast<int>((x - split_parity) & 1) : 0;
    return ((std::popcount(static_cast<std::uint32_t>(v) & mask) + parity) & 1) == 0;
  }
  /// Value v at heap n comes only from splits with exactly one rare part: for a split
  /// a + b = n - i, popcount(v & mask) = [a common] + [b common] (+ a + b = n - i with the
  /// heap's parity: the two - i cancel) mod 2, so v needs a rare part when
  /// popcount(v & mask) (+ n - i) is odd.
  [[nodiscard]] bool needs_rare_part(std::int64_t n, Value v) const {
    const int parity = heap_parity ? static_cast<int>((n - split_parity) & 1) : 0;
    return ((std::popcount(static_cast<std::uint32_t>(v) & mask) + parity) & 1) == 1;
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

}  // namespace

CertificateVerdict check_octal_period_certificate(const OctalPeriodCertificate& cert,
                                                  const std::function<void()>& tick) {
  OctalCode code;
  try {
    code = OctalCode::parse(cert.code);
  } catch (const InputError& e) {
    return reject(std::string("the code is not a finite octal code: ") + e.what());
  }
  const int k = code.max_removal();
  const std::int64_t e = cert.preperiod;
  const std::int64_t p = cert.period;
  const OctalValueTable& g = cert.values;
  const std::int64_t n_values = g.size();
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

  // 1. The values are the Sprague–Grundy values, heap by heap.
  std::vector<std::uint32_t> rare_heaps;  // rare heaps 1 <= r < n, increasing
  const auto& splits = code.two_heap_removals();
  Split split;
  // The heap's parity may join the split only when every two-heap removal has one parity.
  const bool parity_allowed =
      !splits.empty() && std::all_of(splits.begin(), splits.end(),
                                     [&](int i) { return (i & 1) == (splits.front() & 1); });
  split.split_parity = splits.empty() ? 0 : (splits.front() & 1);
  std::size_t next_mask = 0, next_hint = 0;
  std::uint64_t full_scans = 0;
  Value largest = 0;
  OptionValues seen;
  for (std::int64_t n = 0; n < n_values; ++n) {
    if (tick && (n & 0xFFFF) == 0) tick();
    if (next_mask < cert.mask_schedule.size() && cert.mask_schedule[next_mask].first == n) {
      const std::uint32_t entry = cert.mask_schedule[next_mask++].second;
      split.mask = entry & kValueMaskBits;
      split.heap_parity = parity_allowed && (entry & kHeapParityBit) != 0;
      rare_heaps.clear();
      for (std::int64_t r = 1; r < n; ++r) {
        if (split.heap_rare(r, g[r])) rare_heaps.push_back(static_cast<std::uint32_t>(r));
      }
    }
    const Value target = g[n];
    // Every option value is below the next power of two above the values so far.
    const std::uint64_t range =
        largest == 0 ? 1 : std::uint64_t{1} << std::bit_width(static_cast<std::uint64_t>(largest));
    if (static_cast<std::uint64_t>(target) > range) {
      return reject(heap_text(n, target) + ": above every possible option value, so not a mex");
    }
    seen.clear(static_cast<std::size_t>(range / kWordBits + 1));
    // (1) Options leaving no heap or one heap.
    for (int i = 1; i <= k && i <= n; ++i) {
      if (code.leaves_none(i) && n == i) seen.add(0);
      if (code.leaves_one(i) && n > i) seen.add(g[n - i]);
    }
    if (!split.needs_rare_part(n, target)) {
      // Every split.
      ++full_scans;
      for (int i : splits) {
        const std::int64_t rest = n - i;
        for (std::int64_t a = 1; a <= rest - a; ++a) seen.add(g[a] ^ g[rest - a]);
      }
      if (seen.has(target)) return reject(heap_text(n, target) + ": an option has that value");
      const Value missing = seen.first_missing_below(target);
      if (missing < target)
        return reject(heap_text(n, target) + ": no option has the smaller value " +
                      std::to_string(missing));
    } else {
      // (2) Splits with a rare part: every common option value is among them.
      for (int i : splits) {
        const std::int64_t rest = n - i;
        for (std::uint32_t r : rare_heaps) {
          if (r >= rest) break;
          seen.add(g[r] ^ g[rest - r]);
        }
      }
      if (seen.has(target)) return reject(heap_text(n, target) + ": an option has that value");
      // (3) Rare values below the target, by smaller part up to the hinted depth.
      std::int64_t depth = kDefaultWitnessDepth;
      while (next_hint < cert.witness_depths.size() && cert.witness_depths[next_hint].first < n)
        ++next_hint;
      if (next_hint < cert.witness_depths.size() && cert.witness_depths[next_hint].first == n) {
        depth = std::max<std::int64_t>(depth, cert.witness_depths[next_hint].second);
      }
      Value missing = seen.first_missing_below(target);
      // A value that needs a rare part and was not found in (2) is absent: no search.
      bool absent = missing < target && split.needs_rare_part(n, missing);
      for (std::int64_t a = 1; a <= depth && missing < target && !absent; ++a) {
        bool any = false;
        for (int i : splits) {
          const std::int64_t b = n - i - a;
          if (b < a) continue;
          any = true;
          seen.add(g[a] ^ g[b]);
        }
        if (!any) break;
        if (seen.has(missing)) {
          missing = seen.first_missing_below(target);
          absent = missing < target && split.needs_rare_part(n, missing);
        }
      }
      if (missing < target) {
        return reject(heap_text(n, target) + ": no option with the smaller value " +
                      std::to_string(missing) + " among the certificate's witnesses (split depth " +
                      std::to_string(depth) + ")");
      }
    }
    largest = std::max(largest, target);
    if (n >= 1 && split.heap_rare(n, target)) rare_heaps.push_back(static_cast<std::uint32_t>(n));
  }

  // 2. The theorem's window.
  const std::int64_t window_end = 2 * e1 + p + k;
  for (std::int64_t n = e; n < window_end; ++n) {
    if (g[n + p] != g[n]) {
      return reject("G(" + std::to_string(n + p) + ") = " + std::to_string(g[n + p]) + " != G(" +
                    std::to_string(n) + ") = " + std::to_string(g[n]) + " inside the window");
    }
  }
  // 3. Least preperiod and least period.
  if (e > 0 && g[e - 1] == g[e - 1 + p]) {
    return reject("preperiod " + std::to_string(e) + " is not the least: G(" +
                  std::to_string(e - 1) + ") = G(" + std::to_string(e - 1 + p) + ")");
  }
  for (std::int64_t q : prime_factors(p)) {
    const std::int64_t shorter = p / q;
    bool differs = false;
    for (std::int64_t n = e; n < e + p && !differs; ++n) differs = g[n] != g[n + shorter];
    if (!differs) {
      return reject("period " + std::to_string(p) + " is not the least: " +
                    std::to_string(shorter) + " is also a period from " + std::to_string(e));
    }
  }
  CertificateVerdict v;
  v.accepted = true;
  v.values_checked = n_values;
  v.details = {{"window_checked", window_end - e}, {"full_scans", full_scans}};
  ProvedPeriod proved;
  proved.what = "octal:" + code.canonical();
  proved.preperiod = e;
  proved.period = p;
  for (std::int64_t n = 0; n < e + p; ++n)
    proved.residues.push_back(static_cast<std::int32_t>(g[n]));
  v.proved.push_back(std::move(proved));
  v.reason = "values G(0.." + std::to_string(n_values - 1) +
             ") verified (no option equal to each, by the rare/common parity argument under " +
             std::to_string(cert.mask_schedule.size()) +
             " mask(s); a witness for each smaller value); G(n+" + std::to_string(p) +
             ") = G(n) for " + std::to_string(e) + " <= n < " + std::to_string(window_end) +
             "; preperiod and period least";
  return v;
}

CertificateVerdict check_octal_period_json(const nlohmann::json& period_json,
                                           const std::optional<OctalValuesLocation>& location,
                                           const std::function<void()>& tick) {
  const OctalPeriodCertificate cert = parse_octal_period_json(period_json, location);
  CertificateVerdict verdict = check_octal_period_certificate(cert, tick);
  if (!verdict.accepted) return verdict;
  const OctalCode code = OctalCode::parse(cert.code);
  const nlohmann::json expected = octal_period_json(cert, code.max_removal(), verdict.reason);
  if (auto difference = first_difference(expected, period_json, "")) {
    return reject("the values and the period were verified, but " + *difference);
  }
  return verdict;
}

CertificateVerdict check_hex_period_certificate(const HexPeriodCertificate& cert,
                                                const std::function<void()>& tick) {
  HexCode code;
  try {
    code = HexCode::parse(cert.code);
  } catch (const InputError& e) {
    return reject(std::string("the code is not a finite hexadecimal code: ") + e.what());
  }
  if (code.canonical() != cert.code) return reject("the code is not written canonically");
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
  for (std::int64_t n = 0; n < n_values; ++n) {
    if (g[static_cast<std::size_t>(n)] != cert.values[static_cast<std::size_t>(n)]) {
      return reject("G(" + std::to_string(n) + ") is " +
                    std::to_string(g[static_cast<std::size_t>(n)]) + ", not " +
                    std::to_string(cert.values[static_cast<std::size_t>(n)]) +
                    " (recomputed by the naive kernel)");
    }
  }
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
  if (e > 0 && at(e - 1) == at(e - 1 + p)) {
    return reject("preperiod " + std::to_string(e) + " is not the least: G(" +
                  std::to_string(e - 1) + ") = G(" + std::to_string(e - 1 + p) + ")");
  }
  for (std::int64_t q : prime_factors(p)) {
    const std::int64_t shorter = p / q;
    bool differs = false;
    for (std::int64_t n = e; n < e + p && !differs; ++n) differs = at(n) != at(n + shorter);
    if (!differs) {
      return reject("period " + std::to_string(p) + " is not the least: " +
                    std::to_string(shorter) + " is also a period from " + std::to_string(e));
    }
  }
  CertificateVerdict v;
  v.accepted = true;
  v.values_checked = n_values;
  v.details = {{"window_checked", window_end - e}};
  ProvedPeriod proved;
  proved.what = "hex:" + code.canonical();
  proved.preperiod = e;
  proved.period = p;
  for (std::int64_t n = 0; n < e + p; ++n)
    proved.residues.push_back(static_cast<std::int32_t>(at(n)));
  v.proved.push_back(std::move(proved));
  v.reason = "values G(0.." + std::to_string(n_values - 1) +
             ") recomputed by the naive kernel; G(n+" + std::to_string(p) + ") = G(n) for " +
             std::to_string(e) + " <= n < " + std::to_string(window_end) +
             " (the three-heap window); preperiod and period least";
  return v;
}

CertificateVerdict check_hex_period_json(const nlohmann::json& period_json) {
  const HexPeriodCertificate cert = parse_hex_period_json(period_json);
  CertificateVerdict verdict = check_hex_period_certificate(cert);
  if (!verdict.accepted) return verdict;
  const HexCode code = HexCode::parse(cert.code);
  const nlohmann::json expected = hex_period_json(cert, code.max_removal(), verdict.reason);
  if (auto difference = first_difference(expected, period_json, "")) {
    return reject("the values and the period were verified, but " + *difference);
  }
  return verdict;
}

}  // namespace igv
