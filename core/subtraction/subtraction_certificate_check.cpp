#include "core/subtraction_certificate_check.h"

#include <set>
#include <vector>

#include "core/errors.h"
#include "core/subtraction_naive.h"

namespace igv {

namespace {

std::vector<std::int64_t> prime_divisors(std::int64_t n) {
  std::vector<std::int64_t> primes;
  for (std::int64_t q = 2; q * q <= n; ++q) {
    if (n % q == 0) {
      primes.push_back(q);
      while (n % q == 0) n /= q;
    }
  }
  if (n > 1) primes.push_back(n);
  return primes;
}

CertificateCheck reject(std::string why) {
  return {false, std::move(why), 0};
}

}  // namespace

CertificateCheck check_subtraction_certificate(const SubtractionPeriodCertificate& cert,
                                               std::int64_t max_values) {
  const auto& set = cert.set;
  if (set.powers_of_two || set.elements.empty()) {
    return reject("the window lemma needs a finite non-empty set");
  }
  const std::int64_t width = set.largest();
  const std::int64_t pre = cert.preperiod;
  const std::int64_t per = cert.period;
  if (per < 1) return reject("period " + std::to_string(per) + " is not positive");
  if (pre < 0) return reject("preperiod " + std::to_string(pre) + " is negative");
  if (static_cast<std::int64_t>(cert.window.size()) != width + 1) {
    return reject("window has " + std::to_string(cert.window.size()) +
                  " values, expected s_k + 1 = " + std::to_string(width + 1));
  }
  const std::int64_t count = pre + per + width + 1;
  if (count > max_values) {
    throw BudgetExceeded("certificate check of {" + set.to_string() +
                         "}: " + std::to_string(count) + " values exceed the limit of " +
                         std::to_string(max_values));
  }
  const std::vector<Value> g = subtraction_values_naive(set, cert.play, count);
  auto at = [&](std::int64_t n) { return g[static_cast<std::size_t>(n)]; };
  // (1) The window is G(ℓ .. ℓ + s_k) and recurs p later: the lemma's hypothesis.
  for (std::int64_t i = 0; i <= width; ++i) {
    if (at(pre + i) != cert.window[static_cast<std::size_t>(i)]) {
      return reject("window entry " + std::to_string(i) + " is " +
                    std::to_string(cert.window[static_cast<std::size_t>(i)]) + " but G(" +
                    std::to_string(pre + i) + ") = " + std::to_string(at(pre + i)));
    }
    if (at(pre + i) != at(pre + per + i)) {
      return reject("G(" + std::to_string(pre + i) + ") = " + std::to_string(at(pre + i)) +
                    " differs from G(" + std::to_string(pre + per + i) +
                    ") = " + std::to_string(at(pre + per + i)));
    }
  }
  // (2) The preperiod is least.
  if (pre > 0 && at(pre - 1) == at(pre - 1 + per)) {
    return reject("preperiod not minimal: G(" + std::to_string(pre - 1) + ") = G(" +
                  std::to_string(pre - 1 + per) + ")");
  }
  // (3) The period is least: no p / q is a period from ℓ. Beyond the prefix, values are read
  // through the p-periodicity established in (1).
  auto periodic_at = [&](std::int64_t n) { return n < count ? at(n) : at(pre + (n - pre) % per); };
  for (std::int64_t q : prime_divisors(per)) {
    const std::int64_t shorter = per / q;
    bool differs = false;
    for (std::int64_t n = pre; n < pre + per && !differs; ++n) {
      differs = periodic_at(n) != periodic_at(n + shorter);
    }
    if (!differs) {
      return reject("period not minimal: " + std::to_string(shorter) + " is also a period");
    }
  }
  CertificateCheck ok;
  ok.accepted = true;
  ok.values_checked = count;
  ok.reason = "naive prefix G(0.." + std::to_string(count - 1) +
              ") matches the window and G(n) = G(n+p) for ℓ <= n <= ℓ + s_k; ℓ and p minimal";
  return ok;
}

CertificateCheck check_powers_of_two_residue_lemma(std::int64_t sanity_bound) {
  SubtractionSet powers;
  powers.powers_of_two = true;
  const SubtractionRules rules{powers};
  // 1 ∈ S and 2 ∈ S: from a heap of 2 the moves reach 1 (s = 1) and 0 (s = 2).
  const auto from_two = rules.moves(2);
  if (from_two.size() != 2 || from_two[0] != 1 || from_two[1] != 0) {
    return reject("the moves from 2 are not {1, 0}: 1 or 2 missing from S");
  }
  // No power of 2 is divisible by 3: the residues r_j = 2^j mod 3 follow r_{j+1} = 2 r_j mod 3
  // from r_0 = 1, a map on {0, 1, 2}; its orbit from 1 is finite and is checked whole.
  std::set<int> orbit;
  for (int r = 1; orbit.insert(r).second; r = (2 * r) % 3) {
  }
  if (orbit.count(0) != 0) return reject("some power of 2 is divisible by 3");
  const auto g = subtraction_values_naive(powers, SubtractionPlay::normal, sanity_bound);
  for (std::int64_t n = 0; n < sanity_bound; ++n) {
    if (g[static_cast<std::size_t>(n)] != n % 3) {
      return reject("naive G(" + std::to_string(n) +
                    ") = " + std::to_string(g[static_cast<std::size_t>(n)]) + ", not n mod 3");
    }
  }
  CertificateCheck ok;
  ok.accepted = true;
  ok.values_checked = sanity_bound;
  ok.reason =
      "1, 2 ∈ S; residues of 2^j mod 3 form the orbit {1, 2}; naive G(n) = n mod 3 for n < " +
      std::to_string(sanity_bound);
  return ok;
}

}  // namespace igv
