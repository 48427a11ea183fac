#include "properties/octal/octal_claim_support.h"

#include <chrono>
#include <stdexcept>

#include "core/base/trusted/errors.h"
#include "core/octal/octal_fast_values.h"
#include "core/octal/trusted/octal_naive.h"

namespace igv {

nlohmann::json CheckedOctalCertificate::evidence() const {
  const auto& c = certificate;
  const ProvedPeriod& p = proved();
  return {{"game", "octal:" + c.code},
          {"preperiod", p.preperiod},
          {"period", p.period},
          {"last_exceptional_value",
           p.preperiod > 0 ? nlohmann::json(p.preperiod - 1) : nlohmann::json(nullptr)},
          {"theorem",
           "Guy–Smith periodicity theorem for finite octal games (Winning Ways 2nd ed., vol. 1, "
           "ch. 4): G(n+p) = G(n) for e <= n < 2·max(e,1)+p+k implies it for all n >= e"},
          {"bound", c.bound()},
          {"masks", c.mask_schedule},
          {"witness_hints", c.witness_depths.size()},
          {"checker", "check_octal_period_certificate"},
          {"checked", verdict.reason()},
          {"seconds", seconds}};
}

namespace {

/// Throws std::logic_error when the sparse kernel and the naive kernel disagree on one of the
/// first kSpotCheckHeaps heaps of `code`.
void require_producer_agrees_with_naive(const OctalCode& code) {
  constexpr std::int64_t kSpotCheckHeaps = 4096;
  const auto naive = octal_values_naive(code, kSpotCheckHeaps - 1);
  const auto fast = octal_value_table(code, kSpotCheckHeaps, false);
  for (std::int64_t n = 0; n < kSpotCheckHeaps && n < fast.size(); ++n) {
    if (fast[n] != naive[static_cast<std::size_t>(n)]) {
      throw std::logic_error(
          "kernels disagree at heap " + std::to_string(n) + " of octal:" + code.canonical() +
          ": the period search's kernel gives " + std::to_string(fast[n]) + ", the naive kernel " +
          std::to_string(naive[static_cast<std::size_t>(n)]));
    }
  }
}

}  // namespace

CheckedOctalCertificate prove_octal_period(const OctalCode& code, const CheckContext& ctx,
                                           std::int64_t max_heaps) {
  const auto t0 = std::chrono::steady_clock::now();
  // One byte per value in the kernel and in the certificate, plus the period search window.
  ctx.require_memory(static_cast<std::uint64_t>(max_heaps) * 8,
                     "octal " + code.canonical() + " period search");
  const auto tick = [&ctx, &code] {
    ctx.require_time("octal " + code.canonical() + " period search");
  };
  CheckedOctalCertificate out;
  // The search's kernel against the naive one on the first heaps (about 20 ms): a wrong kernel
  // may never find the period, and would then run to the budget before anyone noticed.
  require_producer_agrees_with_naive(code);
  out.certificate = find_octal_period(code, {max_heaps, tick, {}, {}, {}});
  out.verdict = check_octal_period_certificate(out.certificate, tick);
  if (!out.verdict.accepted()) {
    throw std::runtime_error("the checker rejected the producer's certificate for octal " +
                             code.canonical() + ": " + out.verdict.reason());
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

Field max_heaps_field(std::int64_t default_max_heaps) {
  return field::integer("max_heaps", "most heaps computed while searching for the period")
      .in(1024, 4'000'000'000)
      .fallback(default_max_heaps)
      .budget_scaled();
}

Field octal_code_field() {
  return field::string("code", "the octal code, e.g. \"0.07\" (Dawson's Kayles) or \".137\"")
      .nonempty()
      .needed();
}

}  // namespace igv
