// Benchmarks of the octal module (built, not run by ctest): run by hand as
//   ./build-octal/test_octal_bench
// Prints times, peak memory and the fast/naive ratio measured in one run. Figures go into the
// closing notes, never into timed tests.
#include <boost/test/unit_test.hpp>

#include <ctime>
#include <cstdio>
#include <fstream>
#include <string>

#include "core/octal_code.h"
#include "core/octal_naive.h"
#include "core/octal_period.h"
#include "core/octal_period_check.h"
#include "core/octal_sparse.h"
#include "core/octal_values.h"

namespace {

// The machine is shared: CPU time of this process is reported, not wall-clock time.
struct Clock {
  using time_point = double;
  static double now() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
  }
};

double seconds_since(double t0) { return Clock::now() - t0; }

/// Peak resident memory of this process so far (VmHWM), in MB.
double peak_rss_mb() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  }
  return -1;
}

void prove(const std::string& code_text, std::int64_t max_heaps) {
  const auto code = igv::OctalCode::parse(code_text);
  igv::OctalPeriodStats stats;
  const auto t0 = Clock::now();
  const auto cert = igv::find_octal_period(code, {max_heaps, {}}, &stats);
  const double produce = seconds_since(t0);
  const auto t1 = Clock::now();
  const auto verdict = igv::check_octal_period_certificate(cert);
  const double check = seconds_since(t1);
  std::printf("%-7s period %-8lld preperiod %-9lld bound %-9lld mask %-4u rare %-6zu maxval %-4lld "
              "produce %.3fs check %.3fs total %.3fs (CPU) accepted %d peakRSS %.1f MB\n",
              code_text.c_str(), static_cast<long long>(cert.period),
              static_cast<long long>(cert.preperiod), static_cast<long long>(cert.bound()), 0u,
              stats.rare_heaps, static_cast<long long>(stats.max_value), produce, check, produce + check,
              verdict.accepted ? 1 : 0, peak_rss_mb());
  std::fflush(stdout);
}

}  // namespace

BOOST_AUTO_TEST_CASE(bench_period_proofs) {
  const char* env = std::getenv("OCTAL_BENCH_CODES");
  const std::string codes = env ? env : "0.07,0.137,0.77,0.4,0.127,0.16,0.56";
  std::size_t start = 0;
  while (start < codes.size()) {
    auto end = codes.find(',', start);
    if (end == std::string::npos) end = codes.size();
    prove(codes.substr(start, end - start), 100'000'000);
    start = end + 1;
  }
}

// Progress of the sparse kernel on one code (OCTAL_PROGRESS_CODE, OCTAL_PROGRESS_HEAPS): rare
// heaps, mask and full scans at every power of two, to see where the time goes.
BOOST_AUTO_TEST_CASE(bench_sparse_progress) {
  const char* code_env = std::getenv("OCTAL_PROGRESS_CODE");
  if (!code_env) return;
  const char* heaps_env = std::getenv("OCTAL_PROGRESS_HEAPS");
  const std::int64_t heaps = heaps_env ? std::stoll(heaps_env) : 1'000'000;
  igv::OctalSparseSolver solver(igv::OctalCode::parse(code_env));
  const auto t0 = Clock::now();
  for (std::int64_t n = 1024; n <= heaps; n *= 2) {
    solver.extend_to(n);
    std::printf("%s n=%lld mask=%u rare=%zu full_scans=%llu max=%lld t=%.2fs\n", code_env,
                static_cast<long long>(n), solver.mask(), solver.rare_count(),
                static_cast<unsigned long long>(solver.full_scans()),
                static_cast<long long>(solver.max_value()), seconds_since(t0));
    std::fflush(stdout);
  }
}
