// Benchmarks of the octal module (built, not run by ctest): run by hand as
//   ./build-octal/test_octal_bench
// Prints times, peak memory and the fast/naive ratio measured in one run. Figures go into the
// closing notes, never into timed tests.
#include <boost/test/unit_test.hpp>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <string>

#include "core/octal/trusted/octal_certificate_check.h"
#include "core/octal/octal_fast_sparse.h"
#include "core/octal/octal_fast_values.h"
#include "core/octal/trusted/octal_naive.h"
#include "core/octal/octal_period.h"
#include "core/octal/trusted/octal_rules.h"

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

double seconds_since(double t0) {
  return Clock::now() - t0;
}

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
  const auto cert = igv::find_octal_period(code, {max_heaps, {}, {}, {}, {}}, &stats);
  const double produce = seconds_since(t0);
  const auto t1 = Clock::now();
  const auto verdict = igv::check_octal_period_certificate(cert);
  const double check = seconds_since(t1);
  std::printf(
      "%-7s period %-8lld preperiod %-9lld bound %-9lld mask %-4u rare %-6zu maxval %-4lld "
      "produce %.4fs check %.4fs total %.4fs (CPU) accepted %d peakRSS %.1f MB\n",
      code_text.c_str(), static_cast<long long>(cert.period),
      static_cast<long long>(cert.preperiod), static_cast<long long>(cert.bound()), 0u,
      stats.rare_heaps, static_cast<long long>(stats.max_value), produce, check, produce + check,
      verdict.accepted() ? 1 : 0, peak_rss_mb());
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

// Fast vs naive on the same work: values of every heap below OCTAL_RATIO_HEAPS (default 10^5)
// for each code in OCTAL_RATIO_CODES, both kernels in this run; they must agree.
BOOST_AUTO_TEST_CASE(bench_fast_vs_naive) {
  const char* codes_env = std::getenv("OCTAL_RATIO_CODES");
  if (!codes_env) return;
  const char* heaps_env = std::getenv("OCTAL_RATIO_HEAPS");
  const std::int64_t heaps = heaps_env ? std::stoll(heaps_env) : 100'000;
  const std::string codes = codes_env;
  std::size_t start = 0;
  while (start < codes.size()) {
    auto end = codes.find(',', start);
    if (end == std::string::npos) end = codes.size();
    const auto code = igv::OctalCode::parse(codes.substr(start, end - start));
    start = end + 1;
    const auto t0 = Clock::now();
    igv::OctalSparseSolver sparse(code);
    sparse.extend_to(heaps);
    const double fast = seconds_since(t0);
    const auto t1 = Clock::now();
    const auto naive = igv::octal_values_naive(code, heaps - 1);
    const double slow = seconds_since(t1);
    std::int64_t last_exception = -1, disagreements = 0;
    for (std::int64_t n = 0; n < heaps; ++n)
      disagreements += sparse.value(n) != naive[static_cast<std::size_t>(n)];
    (void)last_exception;
    std::printf(
        "%-7s heaps %lld: sparse %.3fs, naive %.3fs (CPU), ratio %.1f, disagreements %lld, rare "
        "%zu\n",
        code.canonical().c_str(), static_cast<long long>(heaps), fast, slow, slow / fast,
        static_cast<long long>(disagreements), sparse.rare_count());
    std::fflush(stdout);
    BOOST_TEST(disagreements == 0);
  }
}

// Values of one code to OCTAL_TABLE_HEAPS heaps (default 10^8) by the sparse kernel plus the
// proved period (OCTAL_TABLE_CODE, default 0.137), and by the sparse kernel alone to
// OCTAL_TABLE_DIRECT heaps (default 10^5).
BOOST_AUTO_TEST_CASE(bench_value_table) {
  const char* code_env = std::getenv("OCTAL_TABLE_CODE");
  if (!code_env) return;
  const char* heaps_env = std::getenv("OCTAL_TABLE_HEAPS");
  const char* direct_env = std::getenv("OCTAL_TABLE_DIRECT");
  const std::int64_t heaps = heaps_env ? std::stoll(heaps_env) : 100'000'000;
  const std::int64_t direct = direct_env ? std::stoll(direct_env) : 100'000;
  const auto code = igv::OctalCode::parse(code_env);
  std::string how;
  const auto t0 = Clock::now();
  const auto table = igv::octal_value_table(code, heaps, true, &how);
  std::printf("%s: %lld values in %.3fs CPU (%s), peak RSS %.1f MB\n", code_env,
              static_cast<long long>(table.size()), seconds_since(t0), how.c_str(), peak_rss_mb());
  const auto t1 = Clock::now();
  igv::OctalSparseSolver solver(code);
  solver.extend_to(direct);
  std::printf("%s: sparse kernel alone, %lld values in %.3fs CPU (rare heaps %zu)\n", code_env,
              static_cast<long long>(direct), seconds_since(t1), solver.rare_count());
  std::int64_t disagreements = 0;
  for (std::int64_t n = 0; n < direct; ++n) disagreements += solver.value(n) != table[n];
  BOOST_TEST(disagreements == 0);
}
