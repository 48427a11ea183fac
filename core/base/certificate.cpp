#include "core/base/trusted/certificate.h"

#include <algorithm>

#include "core/base/trusted/errors.h"

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
  return {{"accepted", verdict.accepted()},
          {"reason", verdict.reason()},
          {"game", game},
          {"checker", checker}};
}

CertificateVerdict CertificateVerdict::rejection(std::string reason) {
  CertificateVerdict v;
  v.reason_ = std::move(reason);
  return v;
}

CertificateVerdict CertificateVerdict::acceptance(CheckerSeal, std::string reason,
                                                  std::int64_t values_checked,
                                                  std::vector<ProvedPeriod> proved) {
  CertificateVerdict v;
  v.accepted_ = true;
  v.reason_ = std::move(reason);
  v.values_checked_ = values_checked;
  v.proved_ = std::move(proved);
  return v;
}

CertificateVerdict rejected_certificate(std::string reason) {
  return CertificateVerdict::rejection(std::move(reason));
}

nlohmann::json period_block(const ProvedPeriod& proved) {
  nlohmann::json block = nlohmann::json::array();
  const std::int64_t length = std::min(proved.period, kPeriodBlockCap);
  for (std::int64_t j = 0; j < length; ++j) block.push_back(proved.value(proved.preperiod + j));
  return block;
}

CertificateVerdict check_with_period_block(
    const nlohmann::json& period_json,
    const std::function<CertificateVerdict(const nlohmann::json&)>& check) {
  if (!period_json.is_object() || !period_json.contains("block")) {
    throw InputError("field 'block' is missing (the values of one period, core/CERTIFICATES.md)");
  }
  const nlohmann::json& block = period_json.at("block");
  if (!block.is_array() || block.size() > static_cast<std::size_t>(kPeriodBlockCap)) {
    throw InputError("field 'block' must be an array of at most " +
                     std::to_string(kPeriodBlockCap) + " integers");
  }
  for (std::size_t j = 0; j < block.size(); ++j) {
    if (!block[j].is_number_integer()) {
      throw InputError("field 'block[" + std::to_string(j) + "]' must be an integer");
    }
  }
  nlohmann::json rest = period_json;
  rest.erase("block");
  CertificateVerdict verdict = check(rest);
  if (!verdict.accepted()) return verdict;
  if (verdict.proved().empty()) {
    return rejected_certificate("the checker established no sequence to compare 'block' with");
  }
  const ProvedPeriod& proved = verdict.proved().back();
  const nlohmann::json expected = period_block(proved);
  if (block.size() != expected.size()) {
    return rejected_certificate("the period was verified, but 'block' holds " +
                                std::to_string(block.size()) + " values, not min(period, " +
                                std::to_string(kPeriodBlockCap) +
                                ") = " + std::to_string(expected.size()));
  }
  for (std::size_t j = 0; j < block.size(); ++j) {
    // Compare as signed 64-bit numbers: a huge unsigned entry is simply unequal.
    const bool same = block[j].is_number_unsigned()
                          ? block[j].get<std::uint64_t>() ==
                                    static_cast<std::uint64_t>(expected[j].get<std::int64_t>()) &&
                                expected[j].get<std::int64_t>() >= 0
                          : block[j].get<std::int64_t>() == expected[j].get<std::int64_t>();
    if (!same) {
      return rejected_certificate(
          "the period was verified, but block[" + std::to_string(j) + "] is " + block[j].dump() +
          ", while the verified value at n = " + std::to_string(proved.preperiod) + " + " +
          std::to_string(j) + " is " + expected[j].dump());
    }
  }
  return verdict;
}

}  // namespace igv
