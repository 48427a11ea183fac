#include "core/octal/octal_fast_values.h"

#include "core/base/trusted/errors.h"
#include "core/octal/octal_fast_sparse.h"

namespace igv {

namespace {

OctalValueTable sparse_table(const OctalCode& code, std::int64_t n_end,
                             const std::function<void()>& tick) {
  OctalSparseSolver solver(code);
  solver.extend_to(n_end, tick);
  return solver.take_values();
}

/// A proved period for `code` within `heaps` heaps, or nothing when none is found or the
/// checker rejects the certificate (which would be a producer bug; the values are then computed
/// directly instead).
std::optional<OctalPeriodCertificate> proved_period(const OctalCode& code, std::int64_t heaps,
                                                    const std::function<void()>& tick) {
  try {
    OctalPeriodCertificate cert = find_octal_period(code, {heaps, tick, {}, {}, {}});
    if (check_octal_period_certificate(cert, tick).accepted()) return cert;
  } catch (const BudgetExceeded&) {
  }
  return std::nullopt;
}

Value periodic_value(const OctalPeriodCertificate& cert, std::int64_t n) {
  if (n < cert.bound()) return cert.values[n];
  return cert.values[cert.preperiod + (n - cert.preperiod) % cert.period];
}

}  // namespace

OctalValueOracle::OctalValueOracle(const OctalCode& code, std::int64_t max_heap,
                                   std::int64_t small_limit, std::int64_t direct_limit,
                                   std::int64_t period_search_heaps,
                                   const std::function<void()>& tick) {
  if (max_heap >= small_limit) {
    cert_ = proved_period(code, period_search_heaps, tick);
    if (cert_) {
      how_ = "proved period " + std::to_string(cert_->period) + " from heap " +
             std::to_string(cert_->preperiod) + " (Guy–Smith certificate with " +
             std::to_string(cert_->bound()) + " values, accepted by the checker)";
      return;
    }
    if (max_heap >= direct_limit) {
      throw BudgetExceeded("octal " + code.canonical() + ": heap " + std::to_string(max_heap) +
                           " is beyond the direct limit " + std::to_string(direct_limit) +
                           " and no period was proved within " +
                           std::to_string(period_search_heaps) + " heaps");
    }
  }
  table_ = sparse_table(code, max_heap + 1, tick);
  how_ = "sparse-space kernel, heaps 0.." + std::to_string(max_heap);
}

Value OctalValueOracle::operator()(std::int64_t n) const {
  return cert_ ? periodic_value(*cert_, n) : table_[n];
}

OctalValueTable octal_value_table(const OctalCode& code, std::int64_t n_end, bool use_proved_period,
                                  std::string* how, const std::function<void()>& tick) {
  if (use_proved_period) {
    if (auto cert = proved_period(code, std::min<std::int64_t>(n_end, 4'000'000), tick)) {
      if (cert->bound() < n_end) {
        const int width = cert->values.bytes_per_value();
        if (how) {
          *how = "sparse kernel to heap " + std::to_string(cert->bound() - 1) +
                 ", then the proved period " + std::to_string(cert->period) +
                 " (certificate accepted)";
        }
        if (width == 1) {
          std::vector<std::uint8_t> g(cert->values.narrow());
          g.resize(static_cast<std::size_t>(n_end));
          for (std::int64_t n = cert->bound(); n < n_end; ++n) {
            g[static_cast<std::size_t>(n)] = g[static_cast<std::size_t>(n - cert->period)];
          }
          return OctalValueTable(std::move(g));
        }
        std::vector<std::uint16_t> g(cert->values.wide());
        g.resize(static_cast<std::size_t>(n_end));
        for (std::int64_t n = cert->bound(); n < n_end; ++n) {
          g[static_cast<std::size_t>(n)] = g[static_cast<std::size_t>(n - cert->period)];
        }
        return OctalValueTable(std::move(g));
      }
    }
  }
  if (how) *how = "sparse-space kernel, every heap below " + std::to_string(n_end);
  return sparse_table(code, n_end, tick);
}

}  // namespace igv
