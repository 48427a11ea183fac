// A claim checker that tries to conclude `proved` without the checker library's facts
// (core/README.md, "How the types enforce it"). tests/e2e/e2e_proof_boundary.py compiles this
// file once per LEAK value: LEAK=0 is the honest checker and must compile; every other value is
// one way of leaking and must not.
#include <nlohmann/json.hpp>

#include "core/base/trusted/certificate.h"
#include "properties/base/checker.h"

namespace igv {

// The honest route: a plain function of the checked facts.
Derivation derive_from_facts(const CertificateVerdict& facts, const Claim&, const CheckContext&) {
  Derivation d;
  d.holds = facts.proved().front().value(7) == 3;
  d.counterexample = {{"n", 7}};
  return d;
}

Outcome leaking_checker(const Claim& claim, const CheckContext& ctx,
                        const CertificateVerdict& facts, const std::vector<Value>& producer) {
#if LEAK == 0
  (void)producer;
  return conclude_from_certificate(facts, CertificateFile{}, claim, ctx, derive_from_facts);
#elif LEAK == 1
  // Saying `proved` directly.
  (void)facts;
  Outcome o;
  o.verdict = producer.at(7) == 3 ? Verdict::proved : Verdict::refuted;
  return o;
#elif LEAK == 2
  // A derivation that reads the producer's values through a capture.
  return conclude_from_certificate(
      facts, CertificateFile{}, claim, ctx,
      [&producer](const CertificateVerdict&, const Claim&, const CheckContext&) {
        Derivation d;
        d.holds = producer.at(7) == 3;
        return d;
      });
#elif LEAK == 3
  // Forging an accepted certificate from the producer's values.
  (void)facts;
  ProvedPeriod fake;
  for (auto v : producer) fake.residues.push_back(static_cast<std::int32_t>(v));
  const auto forged = CertificateVerdict::acceptance(CheckerSeal{}, "forged", 0, {fake});
  return conclude_from_certificate(forged, CertificateFile{}, claim, ctx, derive_from_facts);
#elif LEAK == 4
  // Restoring a `proved` verdict as if read back from a report.
  (void)facts;
  (void)producer;
  Outcome o;
  o.verdict = verdict_read_back(Verdict::proved);
  return o;
#elif LEAK == 5
  // Saying `refuted` without a counterexample: a refutation is a type that holds one
  // (Outcome::refute), and Finding has no `refuted`.
  (void)facts;
  (void)producer;
  Outcome o;
  o.verdict = Finding::refuted;
  return o;
#endif
}

}  // namespace igv
