#include "properties/octal_claim_support.h"

#include <chrono>
#include <stdexcept>

namespace igv {

Value ProvedOctalPeriod::value(std::int64_t n) const {
  const auto& c = certificate;
  if (n < c.bound()) return c.values[n];
  return c.values[c.preperiod + (n - c.preperiod) % c.period];
}

nlohmann::json ProvedOctalPeriod::evidence() const {
  const auto& c = certificate;
  return {{"game", "octal:" + c.code},
          {"preperiod", c.preperiod},
          {"period", c.period},
          {"last_exceptional_value",
           c.preperiod > 0 ? nlohmann::json(c.preperiod - 1) : nlohmann::json(nullptr)},
          {"theorem",
           "Guy–Smith periodicity theorem for finite octal games (Winning Ways 2nd ed., vol. 1, "
           "ch. 4): G(n+p) = G(n) for e <= n < 2·max(e,1)+p+k implies it for all n >= e"},
          {"bound", c.bound()},
          {"masks", c.mask_schedule},
          {"witness_hints", c.witness_depths.size()},
          {"checker", "check_octal_period_certificate"},
          {"checked", verdict.reason},
          {"seconds", seconds}};
}

ProvedOctalPeriod prove_octal_period(const OctalCode& code, const CheckContext& ctx,
                                     std::int64_t default_max_heaps) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::int64_t max_heaps = ctx.scaled(default_max_heaps, 1024);
  // One byte per value in the kernel and in the certificate, plus the period search window.
  ctx.require_memory(static_cast<std::uint64_t>(max_heaps) * 8,
                     "octal " + code.canonical() + " period search");
  const auto tick = [&ctx, &code] {
    ctx.require_time("octal " + code.canonical() + " period search");
  };
  ProvedOctalPeriod out;
  out.certificate = find_octal_period(code, {max_heaps, tick});
  out.verdict = check_octal_period_certificate(out.certificate, tick);
  if (!out.verdict.accepted) {
    throw std::runtime_error("the checker rejected the producer's certificate for octal " +
                             code.canonical() + ": " + out.verdict.reason);
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace igv
