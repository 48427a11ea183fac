#include "core/octal/trusted/octal_hex_arithmetic_certificate_check.h"

#include <algorithm>
#include <array>

#include "core/base/trusted/certificate_json.h"
#include "core/base/trusted/errors.h"
#include "core/base/trusted/least_period.h"
#include "core/octal/trusted/octal_certificate.h"
#include "core/octal/trusted/octal_certificate_check.h"
#include "core/octal/trusted/octal_naive.h"

namespace igv {
namespace {

TheoremAResult fails(std::string hypothesis, std::string detail) {
  return {false, std::move(hypothesis), std::move(detail)};
}

std::string str(std::int64_t x) {
  return std::to_string(x);
}

/// T, G* and the parts of an option, for one (n0, p, s) and the values G(0 .. n0 + p − 1).
struct Extension {
  const std::vector<Value>& g;
  std::int64_t n0, p, s;
  [[nodiscard]] std::int64_t level(std::int64_t h) const { return h >= n0 ? (h - n0) / p : 0; }
  [[nodiscard]] std::int64_t star(std::int64_t h) const {
    if (h < n0 + p) return g[static_cast<std::size_t>(h)];
    return g[static_cast<std::size_t>(n0 + (h - n0) % p)] + s * ((h - n0) / p);
  }
};

/// The non-empty heaps an option leaves (1 to 3 of them).
int parts_of(const HexHeapOption& o, std::array<std::int64_t, 3>& parts) {
  int count = 0;
  for (const std::int64_t h : {o.first, o.second, o.third}) {
    if (h > 0) parts[static_cast<std::size_t>(count++)] = h;
  }
  return count;
}

/// Whether the option has an anchor h in [low, high): a heap whose removal leaves heaps whose
/// levels XOR to 0.
bool anchored(const Extension& x, const std::array<std::int64_t, 3>& parts, int count,
              std::int64_t low, std::int64_t high) {
  for (int q = 0; q < count; ++q) {
    const std::int64_t h = parts[static_cast<std::size_t>(q)];
    if (h < low || h >= high) continue;
    std::int64_t others = 0;
    for (int r = 0; r < count; ++r) {
      if (r != q) others ^= x.level(parts[static_cast<std::size_t>(r)]);
    }
    if (others == 0) return true;
  }
  return false;
}

/// The least v < bound that is not the value (with G*) of an option of m anchored in
/// [low, high); bound when every one is.
std::int64_t first_uncovered(const HexCode& code, const Extension& x, std::int64_t m,
                             std::int64_t bound, std::int64_t low, std::int64_t high) {
  std::vector<char> seen(static_cast<std::size_t>(bound), 0);
  std::array<std::int64_t, 3> parts{};
  for_each_hex_option(code, m, [&](const HexHeapOption& o) {
    const int count = parts_of(o, parts);
    if (count == 0 || !anchored(x, parts, count, low, high)) return;
    std::int64_t v = 0;
    for (int q = 0; q < count; ++q) v ^= x.star(parts[static_cast<std::size_t>(q)]);
    if (v < bound) seen[static_cast<std::size_t>(v)] = 1;
  });
  for (std::int64_t v = 0; v < bound; ++v) {
    if (!seen[static_cast<std::size_t>(v)]) return v;
  }
  return bound;
}

/// H5 at residue u: {0 .. λ_u − 1} ⊆ REG(u), λ_u ∉ REG(u), λ_u ∉ IRR(u).
std::string top_level_fault(const HexCode& code, const std::vector<Value>& g, std::int64_t n0,
                            std::int64_t p, std::int64_t s, std::int64_t u) {
  const auto G = [&](std::int64_t h) {
    return static_cast<std::int64_t>(g[static_cast<std::size_t>(h)]);
  };
  const std::int64_t lambda = G(n0 + u);
  const std::int64_t small_end = n0 + p;                  // small heaps: 1 .. n0 + p − 1
  std::vector<char> reg(static_cast<std::size_t>(s), 0);  // every REG value is below s (H1)
  bool irr = false;
  for (int i = 1; i <= code.max_removal(); ++i) {
    const std::int64_t r = u - i;  // u − i − S must be >= 0
    if (code.leaves_one(i) && r >= 0) reg[static_cast<std::size_t>(G(n0 + r))] = 1;
    if (code.leaves_two(i)) {
      for (std::int64_t a = 1; a < small_end && r - a >= 0; ++a)
        reg[static_cast<std::size_t>(G(n0 + r - a) ^ G(a))] = 1;
      // IRR, L = 2: u1 + u2 = u − i − n0.
      const std::int64_t t = r - n0;
      for (std::int64_t u1 = 0; u1 < p && u1 <= t; ++u1) {
        const std::int64_t u2 = t - u1;
        if (u2 < p && (G(n0 + u1) ^ G(n0 + u2)) == lambda) irr = true;
      }
    }
    if (code.leaves_three(i)) {
      for (std::int64_t a = 1; a < small_end && r - a >= 0; ++a) {
        for (std::int64_t b = a; b < small_end && r - a - b >= 0; ++b)
          reg[static_cast<std::size_t>(G(n0 + r - a - b) ^ G(a) ^ G(b))] = 1;
      }
      // IRR, L = 2: u1 + u2 + σ = u − i − n0 with σ small; L = 3: u1 + u2 + u3 = u − i − 2·n0.
      const std::int64_t t2 = r - n0;
      const std::int64_t t3 = r - 2 * n0;
      for (std::int64_t u1 = 0; u1 < p; ++u1) {
        for (std::int64_t u2 = 0; u2 < p; ++u2) {
          const std::int64_t sigma = t2 - u1 - u2;
          if (sigma >= 1 && sigma < small_end && (G(n0 + u1) ^ G(n0 + u2) ^ G(sigma)) == lambda)
            irr = true;
          const std::int64_t u3 = t3 - u1 - u2;
          if (u3 >= 0 && u3 < p && (G(n0 + u1) ^ G(n0 + u2) ^ G(n0 + u3)) == lambda) irr = true;
        }
      }
    }
  }
  for (std::int64_t v = 0; v < lambda; ++v) {
    if (!reg[static_cast<std::size_t>(v)])
      return "residue u = " + str(u) + ": " + str(v) + " < λ_u = " + str(lambda) +
             " is not in REG(u)";
  }
  if (reg[static_cast<std::size_t>(lambda)])
    return "residue u = " + str(u) + ": λ_u = " + str(lambda) + " is in REG(u)";
  if (irr) return "residue u = " + str(u) + ": λ_u = " + str(lambda) + " is in IRR(u)";
  return "";
}

}  // namespace

TheoremAResult theorem_a_hypotheses(const HexCode& code, const std::vector<Value>& g,
                                    std::int64_t n0, std::int64_t p, std::int64_t s,
                                    std::int64_t base_end, const std::function<void()>& tick) {
  const int k = code.max_removal();
  if (code.digit(0) != 0)
    return fails("scope",
                 "a digit left of the point (splitting without taking) is outside Theorem A");
  if (k < 1) return fails("scope", "the code has no move");
  if (n0 < 0 || p < 1 || base_end < n0 + p)
    return fails("input", "need n0 >= 0, p >= 1 and M >= n0 + p");
  if (s < 1 || (s & (s - 1)) != 0) return fails("H0", "s = " + str(s) + " is not a power of two");
  const std::int64_t last = theorem_a_last_heap(n0, p, base_end, k);
  if (static_cast<std::int64_t>(g.size()) <= last)
    return fails("input", "the values G(0.." + str(last) + ") are needed");
  for (std::int64_t h = 0; h < n0 + p; ++h) {
    if (g[static_cast<std::size_t>(h)] >= s)
      return fails("H1", "G(" + str(h) + ") = " + str(g[static_cast<std::size_t>(h)]) +
                             " >= s = " + str(s) + " (h < n0 + p = " + str(n0 + p) + ")");
  }
  const Extension x{g, n0, p, s};
  for (std::int64_t h = n0 + p; h < base_end; ++h) {
    if (g[static_cast<std::size_t>(h)] != x.star(h))
      return fails("H2", "G(" + str(h) + ") = " + str(g[static_cast<std::size_t>(h)]) +
                             ", not G*(" + str(h) + ") = " + str(x.star(h)));
  }
  for (std::int64_t u = 0; u < p; ++u) {
    if (auto fault = top_level_fault(code, g, n0, p, s, u); !fault.empty())
      return fails("H5", fault);
  }
  const std::int64_t low = std::max<std::int64_t>(1, n0);
  for (std::int64_t m = base_end - p; m < base_end; ++m) {
    if (tick) tick();
    const std::int64_t bound = s * x.level(m);
    if (const auto v = first_uncovered(code, x, m, bound, low, last + 1); v < bound)
      return fails("H3", "m = " + str(m) + ": " + str(v) + " < s·T(m) = " + str(bound) +
                             " is the value of no anchored option");
  }
  for (std::int64_t m = base_end; m <= last; ++m) {
    if (tick) tick();
    if (const auto v = first_uncovered(code, x, m, s, low, n0 + p); v < s)
      return fails("H4", "m = " + str(m) + ": " + str(v) + " < s = " + str(s) +
                             " is the value of no option anchored in [max(1, n0), n0 + p)");
  }
  for (std::int64_t h = 0; h <= last; ++h) {
    if (g[static_cast<std::size_t>(h)] != x.star(h))
      return fails("cross-check", "H0-H5 hold but G(" + str(h) +
                                      ") = " + str(g[static_cast<std::size_t>(h)]) +
                                      " differs from G*(" + str(h) + ") = " + str(x.star(h)) +
                                      ": a fault somewhere, not a proof");
  }
  return {true, "", ""};
}

CertificateVerdict check_hex_arithmetic_certificate(const HexArithmeticCertificate& cert,
                                                    const std::function<void()>& tick) {
  const auto reject = [](std::string why) { return rejected_certificate(std::move(why)); };
  HexCode code;
  if (auto fault = hex_code_fault(cert.code, code)) return *fault;
  if (code.digit(0) != 0)
    return reject("a digit left of the point (splitting without taking) is outside Theorem A");
  const int k = code.max_removal();
  const std::int64_t e = cert.preperiod, p = cert.period, s = cert.saltus, n0 = cert.n0,
                     M = cert.base_end;
  if (p < 1 || p > kLargestHexFile || n0 < 0 || n0 > kLargestHexFile || e < 0 || e > n0 ||
      M < n0 + p || M > kLargestHexFile || s < 1)
    return reject("need 0 <= e <= n0, p >= 1, s >= 1 and n0 + p <= M, all at most " +
                  str(kLargestHexFile));
  const std::int64_t last = theorem_a_last_heap(n0, p, M, k);
  if (last + 1 > kLargestHexFile) return reject("more than " + str(kLargestHexFile) + " values");
  if (static_cast<std::int64_t>(cert.values.size()) != last + 1)
    return reject("the certificate holds " + str(static_cast<std::int64_t>(cert.values.size())) +
                  " values; Theorem A with n0 = " + str(n0) + ", p = " + str(p) + ", M = " +
                  str(M) + " and k = " + str(k) + " needs exactly G(0.." + str(last) + ")");
  if (tick) tick();
  // 1. The values, recomputed from the rules, every one.
  const std::vector<Value> g = hex_values_naive(code, last);
  if (auto fault = hex_values_fault(g, cert.values)) return *fault;
  // 2. Theorem A.
  const TheoremAResult a = theorem_a_hypotheses(code, g, n0, p, s, M, tick);
  if (!a.holds) return reject("Theorem A: " + a.hypothesis + " fails: " + a.detail);
  const auto at = [&](std::int64_t n) {
    return static_cast<std::int64_t>(g[static_cast<std::size_t>(n)]);
  };
  // 3. The least preperiod (n + p <= n0 + p − 1 <= N below).
  for (std::int64_t n = e; n < n0; ++n) {
    if (at(n + p) != at(n) + s)
      return reject("preperiod " + str(e) + ": G(" + str(n + p) + ") = " + str(at(n + p)) +
                    " != G(" + str(n) + ") + s = " + str(at(n) + s));
  }
  // 4. e and p least (core/base/least_period.h). G(n + d) − G(n) for d = p/q repeats with
  // period p from n0 on (G = G* there, proved), so d is a period (with some saltus) exactly when
  // it is constant on one period; n + d < n0 + 2p <= N + 1.
  const std::string least = least_period_fault(
      e, p,
      [&](std::int64_t d) {
        for (std::int64_t n = n0 + 1; n < n0 + p; ++n) {
          if (at(n + d) - at(n) != at(n0 + d) - at(n0)) return false;
        }
        return true;
      },
      [&](std::int64_t n) { return at(n + p) == at(n) + s; });
  if (!least.empty()) return reject(least);
  CertificateVerdict v = CertificateVerdict::acceptance(
      CheckerSeal{},
      "values G(0.." + str(last) +
          ") recomputed by the naive kernel; Theorem A's H0-H5 hold for "
          "(n0, p, s) = (" +
          str(n0) + ", " + str(p) + ", " + str(s) + ") with M = " + str(M) + ", and G = G* on 0.." +
          str(last) + "; G(n+" + str(p) + ") = G(n) + " + str(s) + " for every n >= " + str(e) +
          "; preperiod and period least",
      last + 1, {hex_proved_period(code, e, p, s, g)});
  v.details = {{"n0", n0}, {"base_end", M}, {"last_heap", last}};
  return v;
}

CertificateVerdict check_hex_arithmetic_json(const nlohmann::json& period_json) {
  const HexArithmeticCertificate cert = parse_hex_arithmetic_json(period_json);
  return verdict_on_written_file(
      check_hex_arithmetic_certificate(cert), period_json, [&](const std::string& checked) {
        return hex_arithmetic_json(cert, HexCode::parse(cert.code).max_removal(), checked);
      });
}

}  // namespace igv
