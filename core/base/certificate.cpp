#include "core/base/certificate.h"

namespace igv {

Value ProvedPeriod::value(std::int64_t n) const {
  std::int64_t i = n;
  std::int64_t turns = 0;
  if (n >= preperiod + period) {
    turns = (n - preperiod) / period;
    i = preperiod + (n - preperiod) % period;
  }
  return slope * i + residues[static_cast<std::size_t>(i)] + turns * saltus;
}

nlohmann::json certificate_verdict_json(const CertificateVerdict& verdict, const std::string& game,
                                        const std::string& checker) {
  return {{"accepted", verdict.accepted},
          {"reason", verdict.reason},
          {"game", game},
          {"checker", checker}};
}

CertificateVerdict rejected_certificate(std::string reason) {
  CertificateVerdict v;
  v.reason = std::move(reason);
  return v;
}

}  // namespace igv
