// Benchmarks for Frolov (2012), 000_a85f04da58584fa6 (built, not run by ctest):
//   ./build-frolov/test_frolov_bench [-- max_row]
// prints, per row of Table 2, the proved period and preperiod of g and f, the time to produce
// and to check the certificates, and the peak resident memory; then the fast/naive ratio on
// the same cells.
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "core/frolov/frolov_period.h"
#include "core/frolov/frolov_tables.h"
#include "core/frolov/trusted/frolov_certificate_check.h"

using namespace igv;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// Peak resident set size of this process in MiB (Linux /proc/self/status, VmHWM).
double peak_rss_mib() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  }
  return -1;
}

int max_row_from_args() {
  const auto& args = boost::unit_test::framework::master_test_suite();
  for (int i = 1; i < args.argc; ++i) {
    const int v = std::atoi(args.argv[i]);
    if (v > 0) return v;
  }
  return 9;
}

}  // namespace

BOOST_AUTO_TEST_CASE(table2_proved) {
  const int max_row = max_row_from_args();
  const auto t0 = std::chrono::steady_clock::now();
  const FrolovPeriodChain chain = produce_frolov_chain(max_row, true, std::int64_t{1} << 36);
  const double produce = seconds_since(t0);
  const auto t1 = std::chrono::steady_clock::now();
  const auto verdict = check_frolov_certificates(chain.g_certificates, chain.f_certificates);
  const double check = seconds_since(t1);
  std::printf(
      "Table 2, rows 0..%d, g and f: produce %.3f s, check %.3f s, total %.3f s, peak RSS %.1f "
      "MiB, %s\n",
      max_row, produce, check, produce + check, peak_rss_mib(),
      verdict.accepted() ? "certificates accepted" : ("REJECTED: " + verdict.reason()).c_str());
  for (int m = 0; m <= max_row; ++m) {
    const auto& g = chain.g_certificates[static_cast<std::size_t>(m)];
    const auto& f = chain.f_certificates[static_cast<std::size_t>(m)];
    std::printf("m=%2d  g: t=%lld p=%lld (T=%lld k=%lld tau=%lld)   f: t=%lld p=%lld (K=%lld)\n", m,
                static_cast<long long>(g.period), static_cast<long long>(g.preperiod),
                static_cast<long long>(g.T), static_cast<long long>(g.k),
                static_cast<long long>(g.tau), static_cast<long long>(f.period),
                static_cast<long long>(f.preperiod), static_cast<long long>(f.inversion_bound));
  }
  BOOST_TEST(verdict.accepted());
}

BOOST_AUTO_TEST_CASE(fast_versus_naive_on_the_same_cells) {
  // The same 400 x 400 square of g and of f by the naive formula and by the sweep kernel.
  for (auto which : {FrolovFunction::g, FrolovFunction::f}) {
    const auto t0 = std::chrono::steady_clock::now();
    const FrolovGrid naive = frolov_grid_naive(which, 400, 400);
    const double naive_s = seconds_since(t0);
    const auto t1 = std::chrono::steady_clock::now();
    const FrolovGrid fast = frolov_grid_sweep(which, 400, 400);
    const double fast_s = seconds_since(t1);
    std::printf("%s on 400 x 400: naive %.3f s, sweep %.4f s, ratio %.0fx\n",
                std::string(to_string(which)).c_str(), naive_s, fast_s, naive_s / fast_s);
    BOOST_TEST(naive.cells == fast.cells);
  }
  // Row 9 of g to 161349 columns (what its certificate needs): the row kernel against the
  // checker's independent recomputation is measured in table2_proved (produce vs check).
}
