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
#include <iterator>
#include <set>
#include <vector>

#include "core/octal/octal_fast_sparse.h"
#include "core/octal/trusted/octal_naive.h"
#include "core/octal/trusted/octal_rules.h"
#include "properties/base/check_helpers.h"
#include "properties/octal/octal_claim_support.h"

namespace igv {
namespace {

/// The largest first index accepted: published tables start at 0 or 1; this keeps a typo from
/// asking for billions of values.
constexpr std::int64_t kMaxFirstIndex = 1'000'000;

/// The published period, preperiod, last exceptional value and exceptions against the sequence
/// the checker accepted.
Derivation derive_published_period(const CertificateVerdict& facts, const Claim& c,
                                   const CheckContext&) {
  const auto& published = c.asserted;
  const ProvedPeriod& cert = facts.proved().front();  // what the checker accepted
  nlohmann::json computed = {
      {"period", cert.period},
      {"preperiod", cert.preperiod},
      {"last_exceptional_value",
       cert.preperiod > 0 ? nlohmann::json(cert.preperiod - 1) : nlohmann::json(nullptr)}};
  if (published.contains("exceptions")) {
    nlohmann::json exceptions = nlohmann::json::array();
    for (std::int64_t n = 0; n < cert.preperiod; ++n) {
      const std::int64_t j = (cert.preperiod - n + cert.period - 1) / cert.period;
      if (cert.value(n) != cert.value(n + j * cert.period)) exceptions.push_back(n);
    }
    computed["exceptions"] = exceptions;
  }
  nlohmann::json mismatches = nlohmann::json::array();
  for (const auto& [key, value] : published.items()) {
    if (!computed.contains(key))
      throw std::invalid_argument("claim " + c.id + ": unknown asserted field '" + key + "'");
    if (computed[key] == value) continue;
    nlohmann::json mismatch = {{"field", key}, {"published", value}, {"proved", computed[key]}};
    if (key == "exceptions") {
      // The least heap listed by one side and not by the other.
      std::set<std::int64_t> a, b;
      for (const auto& n : value) a.insert(n.get<std::int64_t>());
      for (const auto& n : computed[key]) b.insert(n.get<std::int64_t>());
      std::vector<std::int64_t> diff;
      std::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(),
                                    std::back_inserter(diff));
      if (!diff.empty()) {
        mismatch["least_differing_heap"] = diff.front();
        mismatch["listed_by"] = a.count(diff.front()) > 0 ? "published" : "proved";
      }
    }
    mismatches.push_back(std::move(mismatch));
  }
  Derivation o;
  o.evidence = {
      {"published", published},
      {"proved", computed},
      {"conventions",
       "preperiod = least e with G(n+p) = G(n) for all n >= e; last exceptional value = e - 1"}};
  if (mismatches.empty()) {
    o.holds = true;
    o.summary = "proved: period " + std::to_string(cert.period) + ", preperiod " +
                std::to_string(cert.preperiod) + " (last exceptional value " +
                std::to_string(cert.preperiod - 1) + "), as published";
  } else {
    o.evidence["mismatches"] = mismatches;
    o.counterexample = mismatches.front();
    // The heap that tells the published and the proved value apart.
    if ((mismatches.front()["field"] == "last_exceptional_value" ||
         mismatches.front()["field"] == "preperiod") &&
        cert.preperiod > 0) {
      const std::int64_t n = cert.preperiod - 1;
      o.counterexample["witness"] = {{"n", n},
                                     {"G(n)", cert.value(n)},
                                     {"n+p", n + cert.period},
                                     {"G(n+p)", cert.value(n + cert.period)}};
    }
    o.summary = "published " + mismatches.front()["field"].get<std::string>() + " " +
                mismatches.front()["published"].dump() + ", proved " +
                mismatches.front()["proved"].dump();
  }
  return o;
}

Outcome check_published_period(const Claim& c, const CheckContext& ctx) {
  const OctalCode code = OctalCode::parse(param<std::string>(c, "code"));
  const auto& published = c.asserted;
  if (!published.is_object() || published.empty()) {
    throw std::invalid_argument("claim " + c.id +
                                ": asserted must be a table of period, preperiod, "
                                "last_exceptional_value and/or exceptions");
  }
  const CheckedOctalCertificate proved =
      prove_octal_period(code, ctx, domain_param(c, ctx, "max_heaps", 1024));
  Outcome o = conclude_from_certificate(proved.verdict, c, ctx, derive_published_period);
  o.evidence["period_proof"] = proved.evidence();
  return o;
}

Outcome check_published_values(const Claim& c, const CheckContext& ctx) {
  const OctalCode code = OctalCode::parse(param<std::string>(c, "code"));
  const auto first = param<std::int64_t>(c, "first_index");
  // The loader enforces these; a checker called directly must still never index outside the
  // values it computed.
  if (first < 0 || first > kMaxFirstIndex) {
    throw std::invalid_argument("claim " + c.id + ": first_index must be in [0, " +
                                std::to_string(kMaxFirstIndex) + "], got " + std::to_string(first));
  }
  if (!c.asserted.is_array() || c.asserted.empty())
    throw std::invalid_argument("claim " + c.id + ": asserted must be a non-empty list of values");
  // The naive kernel is quadratic: published initial values are a few hundred terms.
  constexpr std::int64_t kMaxPublishedHeap = 1'100'000;
  if (static_cast<std::int64_t>(c.asserted.size()) > kMaxPublishedHeap - first) {
    throw std::invalid_argument("claim " + c.id + ": first_index " + std::to_string(first) +
                                " with " + std::to_string(c.asserted.size()) +
                                " asserted values: heaps must lie in 0.." +
                                std::to_string(kMaxPublishedHeap));
  }
  const std::int64_t last = first + static_cast<std::int64_t>(c.asserted.size()) - 1;
  ctx.require_memory(static_cast<std::uint64_t>(last + 1) * 2 * sizeof(Value),
                     "the values of " + code.canonical() + " up to " + std::to_string(last));
  const auto naive = octal_values_naive(code, last);
  if (static_cast<std::int64_t>(naive.size()) <= last)
    throw std::logic_error("the naive kernel returned fewer values than asked");
  OctalSparseSolver sparse(code);
  sparse.extend_to(last + 1);
  for (std::int64_t n = 0; n <= last; ++n) {
    if (sparse.value(n) != naive.at(static_cast<std::size_t>(n)))
      throw std::logic_error("naive and sparse kernels disagree");
  }
  Outcome o = compare_sequence(
      c.asserted,
      [&](std::int64_t n) -> nlohmann::json { return naive.at(static_cast<std::size_t>(n)); },
      first, "G(n) of " + code.canonical());
  o.evidence["method"] = "naive octal kernel, cross-checked with the sparse kernel";
  return o;
}

CheckerSchema published_period_schema() {
  return {
      .establishes =
          "each asserted item (period, preperiod, last exceptional value, list of "
          "exceptions) equals the one of the period proved by a Guy–Smith certificate "
          "that the independent checker accepted",
      .params = {octal_code_field(), max_heaps_field(2'000'000)},
      .asserted = field::object(
          "",
          {field::integer("period", "the least period p").at_least(1),
           field::integer("preperiod", "the least preperiod e: G(n + p) = G(n) for all n >= e")
               .at_least(0),
           field::integer("last_exceptional_value", "e - 1 (Winning Ways; OEIS 'last exception')")
               .at_least(0),
           field::list("exceptions", field::integer("", "a heap").at_least(0),
                       "every heap n < e with G(n) != G(n + jp), jp the least multiple of p "
                       "reaching e")},
          "what the source publishes (at least one of the keys)"),
      .example_params = {{"code", "0.07"}},
      .example_asserted = {{"period", 34}, {"last_exceptional_value", 52}},
  };
}

CheckerSchema published_values_schema() {
  return {
      .establishes =
          "G(first_index), G(first_index + 1), … of the octal game equal the "
          "published values term by term (naive kernel, cross-checked with the sparse "
          "kernel)",
      .params = {octal_code_field(), field::integer("first_index",
                                                    "the heap of the first published value (OEIS "
                                                    "offset: 0, or 1 when G(0) is not listed)")
                                         .in(0, kMaxFirstIndex)
                                         .fallback(0)},
      .asserted = field::list("", field::integer("", "G(n)").at_least(0),
                              "the published values G(first_index), G(first_index + 1), …")
                      .items(1),
      .example_params = {{"code", "0.07"}, {"first_index", 1}},
      .example_asserted = {0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3},
  };
}

IGV_REGISTER_CHECKER("octal.published_period",
                     "a published period/preperiod against the proved one", check_published_period,
                     published_period_schema());
IGV_REGISTER_CHECKER("octal.published_values", "published initial values against the kernels",
                     check_published_values, published_values_schema());

}  // namespace
}  // namespace igv
