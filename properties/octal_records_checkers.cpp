// Checkers for published octal-game records (properties/claims/published_octal_records.toml):
// a published period and preperiod (or last exceptional value, or list of exceptions) against
// the period the harness proves, and published initial values against the kernels.
//
// Conventions. The harness proves the least preperiod e (G(n + p) = G(n) for every n >= e and
// not for n = e - 1) and the least period p. Winning Ways and OEIS state "the last exceptional
// value" (OEIS: "the last exception is at n = …"), which is e - 1; a list of exceptions is
// the heaps n < e whose value differs from the periodic pattern, i.e. G(n) != G(n + jp) for
// the least j with n + jp >= e.
#include <algorithm>

#include "core/octal_code.h"
#include "core/octal_naive.h"
#include "core/octal_sparse.h"
#include "properties/check_helpers.h"
#include "properties/octal_claim_support.h"

namespace igv {
namespace {

Outcome check_published_period(const Claim& c, const CheckContext& ctx) {
  const OctalCode code = OctalCode::parse(require_param(c, "code").get<std::string>());
  const auto& published = c.asserted;
  if (!published.is_object() || published.empty()) {
    throw std::invalid_argument("claim " + c.id +
                                ": asserted must be a table of period, preperiod, "
                                "last_exceptional_value and/or exceptions");
  }
  const ProvedOctalPeriod proved =
      prove_octal_period(code, ctx, param<std::int64_t>(c, "max_heaps", 2'000'000));
  const auto& cert = proved.certificate;
  nlohmann::json computed = {
      {"period", cert.period},
      {"preperiod", cert.preperiod},
      {"last_exceptional_value",
       cert.preperiod > 0 ? nlohmann::json(cert.preperiod - 1) : nlohmann::json(nullptr)}};
  if (published.contains("exceptions")) {
    nlohmann::json exceptions = nlohmann::json::array();
    for (std::int64_t n = 0; n < cert.preperiod; ++n) {
      const std::int64_t j = (cert.preperiod - n + cert.period - 1) / cert.period;
      if (cert.values[n] != cert.values[n + j * cert.period]) exceptions.push_back(n);
    }
    computed["exceptions"] = exceptions;
  }
  nlohmann::json mismatches = nlohmann::json::array();
  for (const auto& [key, value] : published.items()) {
    if (!computed.contains(key))
      throw std::invalid_argument("claim " + c.id + ": unknown asserted field '" + key + "'");
    if (computed[key] != value)
      mismatches.push_back({{"field", key}, {"published", value}, {"proved", computed[key]}});
  }
  Outcome o;
  o.evidence = {
      {"published", published},
      {"proved", computed},
      {"period_proof", proved.evidence()},
      {"conventions",
       "preperiod = least e with G(n+p) = G(n) for all n >= e; last exceptional value = e - 1"}};
  if (mismatches.empty()) {
    o.verdict = Verdict::proved;
    o.summary = "proved: period " + std::to_string(cert.period) + ", preperiod " +
                std::to_string(cert.preperiod) + " (last exceptional value " +
                std::to_string(cert.preperiod - 1) + "), as published";
  } else {
    o.verdict = Verdict::refuted;
    o.evidence["mismatches"] = mismatches;
    o.counterexample = mismatches.front();
    // The heap that tells the published and the proved value apart.
    if (mismatches.front()["field"] == "last_exceptional_value" ||
        mismatches.front()["field"] == "preperiod") {
      const std::int64_t n = cert.preperiod - 1;
      o.counterexample["witness"] = {{"n", n},
                                     {"G(n)", cert.values[n]},
                                     {"n+p", n + cert.period},
                                     {"G(n+p)", cert.values[n + cert.period]}};
    }
    o.summary = "published " + mismatches.front()["field"].get<std::string>() + " " +
                mismatches.front()["published"].dump() + ", proved " +
                mismatches.front()["proved"].dump();
  }
  return o;
}

Outcome check_published_values(const Claim& c, const CheckContext&) {
  const OctalCode code = OctalCode::parse(require_param(c, "code").get<std::string>());
  const auto first = param<std::int64_t>(c, "first_index", 0);
  if (!c.asserted.is_array())
    throw std::invalid_argument("claim " + c.id + ": asserted must be a list of values");
  const std::int64_t last = first + static_cast<std::int64_t>(c.asserted.size()) - 1;
  const auto naive = octal_values_naive(code, last);
  OctalSparseSolver sparse(code);
  sparse.extend_to(last + 1);
  for (std::int64_t n = 0; n <= last; ++n) {
    if (sparse.value(n) != naive[static_cast<std::size_t>(n)])
      throw std::logic_error("naive and sparse kernels disagree");
  }
  Outcome o = compare_sequence(
      c.asserted,
      [&](std::int64_t n) -> nlohmann::json { return naive[static_cast<std::size_t>(n)]; }, first,
      "G(n) of " + code.canonical());
  o.evidence["method"] = "naive octal kernel, cross-checked with the sparse kernel";
  return o;
}

IGV_REGISTER_CHECKER("octal.published_period",
                     "a published period/preperiod against the proved one", check_published_period);
IGV_REGISTER_CHECKER("octal.published_values", "published initial values against the kernels",
                     check_published_values);

}  // namespace
}  // namespace igv
