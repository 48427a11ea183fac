#include "core/subtraction/trusted/subtraction_certificate_check.h"

#include <set>
#include <vector>

#include "core/base/trusted/certificate_json.h"
#include "core/base/trusted/errors.h"
#include "core/base/trusted/least_period.h"
#include "core/base/trusted/proved_period.h"
#include "core/base/trusted/seal.h"
#include "core/subtraction/trusted/subtraction_naive.h"

namespace igv {

namespace {

CertificateVerdict reject(std::string why) {
  return rejected_certificate(std::move(why));
}

}  // namespace

CertificateVerdict check_subtraction_certificate(const SubtractionPeriodCertificate& cert,
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
  // (2) ℓ and p are least: no p / q is a period from ℓ, and G(ℓ − 1) != G(ℓ − 1 + p). Beyond the
  // prefix, values are read through the p-periodicity established in (1).
  auto periodic_at = [&](std::int64_t n) { return n < count ? at(n) : at(pre + (n - pre) % per); };
  // (ℓ − 1 + p < count: G(ℓ − 1 + p) is a value of the prefix, as at() reads it.)
  const std::string fault = least_period_fault_of(pre, per, periodic_at);
  if (!fault.empty()) return reject(fault);
  return CertificateVerdict::acceptance(
      make_checker_seal(),
      "naive prefix G(0.." + std::to_string(count - 1) +
          ") matches the window and G(n) = G(n+p) for ℓ <= n <= ℓ + s_k; ℓ and p minimal",
      count, {proved_period_of_values(subtraction_spec(set, cert.play), pre, per, 0, g)});
}

CertificateVerdict check_powers_of_two_residue_lemma(std::int64_t sanity_bound) {
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
  return CertificateVerdict::acceptance(
      make_checker_seal(),
      "1, 2 ∈ S; residues of 2^j mod 3 form the orbit {1, 2}; naive G(n) = n mod 3 for n < " +
          std::to_string(sanity_bound),
      sanity_bound,
      {proved_period_of_values(subtraction_spec(powers, SubtractionPlay::normal), 0, 3, 0,
                               std::vector<Value>{0, 1, 2})});
}

CertificateVerdict check_subtraction_period_json(const nlohmann::json& period_json,
                                                 std::int64_t max_values) {
  const SubtractionPeriodCertificate cert = parse_subtraction_period_json(period_json);
  if (cert.set.powers_of_two) {
    CertificateVerdict check = check_powers_of_two_residue_lemma();
    if (!check.accepted()) return reject("the residue lemma's check failed: " + check.reason());
    if (auto difference =
            first_difference(powers_of_two_period_json(check.reason()), period_json, ""))
      return reject("the residue lemma holds, but " + *difference);
    check.set_reason("mod-3 residue lemma: " + check.reason() + "; preperiod 0, period 3");
    return check;
  }
  const std::int64_t prefix = cert.preperiod + cert.period + cert.set.largest() + 1;
  if (prefix > max_values) {
    throw BudgetExceeded("certificate: checking preperiod " + std::to_string(cert.preperiod) +
                         " and period " + std::to_string(cert.period) + " needs " +
                         std::to_string(prefix) +
                         " values (l + p + s_k + 1), above check-certificate's limit of " +
                         std::to_string(max_values));
  }
  CertificateVerdict check = check_subtraction_certificate(cert, max_values);
  if (!check.accepted())
    return reject("the independent checker rejected the certificate: " + check.reason());
  if (auto difference =
          first_difference(subtraction_period_json(cert, check.reason()), period_json, ""))
    return reject("the period was proved, but " + *difference);
  check.set_reason("window lemma: " + check.reason() + "; preperiod " +
                   std::to_string(cert.preperiod) + ", period " + std::to_string(cert.period) +
                   ", saltus 0");
  return check;
}

}  // namespace igv
