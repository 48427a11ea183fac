// Benchmarks of the classic module (built, not run by ctest): run by hand as
//   ./build-classic/test_classic_bench
// Prints CPU times, peak memory and fast/naive ratios measured in one run. Sizes can be changed
// with CLASSIC_BENCH_WYTHOFF (side of the Wythoff naive/table comparison, default 150) and
// CLASSIC_BENCH_WYTHOFF_TABLE (side of the table run alone, default 4000). Grundy's game is
// benchmarked with the octal module (tests/octal/test_octal_bench.cpp).
#include <boost/test/unit_test.hpp>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>

#include "core/classic/classic_misere_nim_fast_bouton.h"
#include "core/classic/classic_misere_nim_naive.h"
#include "core/classic/classic_wythoff_fast_pairs.h"
#include "core/classic/classic_wythoff_fast_table.h"
#include "core/classic/classic_wythoff_naive.h"

namespace {

// The machine is shared: CPU time of this process is reported, not wall-clock time.
double cpu_now() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
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

std::int64_t env_or(const char* name, std::int64_t fallback) {
  const char* v = std::getenv(name);
  return v ? std::atoll(v) : fallback;
}

}  // namespace

BOOST_AUTO_TEST_CASE(bench_wythoff_table_vs_naive) {
  const std::int64_t n = env_or("CLASSIC_BENCH_WYTHOFF", 150);
  const double t0 = cpu_now();
  const auto naive = igv::wythoff_table_naive(n);
  const double naive_s = cpu_now() - t0;
  const double t1 = cpu_now();
  const igv::WythoffGrundyTable table(n + 1, n + 1);
  const double table_s = cpu_now() - t1;
  for (std::int64_t x = 0; x <= n; ++x)
    for (std::int64_t y = 0; y <= n; ++y)
      BOOST_TEST_REQUIRE(table.value(x, y) == naive[static_cast<std::size_t>(x * (n + 1) + y)]);
  std::printf("wythoff G on %lld x %lld: naive %.3fs, table %.4fs (CPU): table is %.0fx faster\n",
              static_cast<long long>(n + 1), static_cast<long long>(n + 1), naive_s, table_s,
              naive_s / table_s);
  const std::int64_t big = env_or("CLASSIC_BENCH_WYTHOFF_TABLE", 4000);
  const double t2 = cpu_now();
  const igv::WythoffGrundyTable large(big, big);
  std::printf("wythoff table %lld x %lld: %.2fs (CPU), G(%lld, %lld) = %lld, peak RSS %.1f MB\n",
              static_cast<long long>(big), static_cast<long long>(big), cpu_now() - t2,
              static_cast<long long>(big - 1), static_cast<long long>(big - 1),
              static_cast<long long>(large.value(big - 1, big - 1)), peak_rss_mb());
  const double t3 = cpu_now();
  const auto pairs = igv::wythoff_pairs_by_mex(10'000'000);
  const double mex_s = cpu_now() - t3;
  const double t4 = cpu_now();
  std::int64_t agree = 0;
  for (std::int64_t k = 0; k < 10'000'000; ++k)
    agree += igv::wythoff_pair(k) == pairs[static_cast<std::size_t>(k)] ? 1 : 0;
  std::printf("wythoff P-positions k < 10^7: by mex %.2fs, closed form %.2fs (CPU), %lld agree\n",
              mex_s, cpu_now() - t4, static_cast<long long>(agree));
  std::fflush(stdout);
}

BOOST_AUTO_TEST_CASE(bench_misere_nim_bouton_vs_naive) {
  const std::int64_t top = 9;
  igv::MisereNimNaiveSolver naive;
  std::vector<std::vector<std::int64_t>> positions;
  for (std::int64_t a = 0; a <= top; ++a)
    for (std::int64_t b = 0; b <= top; ++b)
      for (std::int64_t c = 0; c <= top; ++c)
        for (std::int64_t d = 0; d <= top; ++d) positions.push_back({a, b, c, d});
  const double t0 = cpu_now();
  std::int64_t losses = 0;
  for (const auto& p : positions) losses += naive.outcome(p) == igv::kMisereLoss ? 1 : 0;
  const double naive_s = cpu_now() - t0;
  const double t1 = cpu_now();
  std::int64_t bouton_losses = 0;
  for (const auto& p : positions)
    bouton_losses += igv::misere_nim_outcome_bouton(p) == igv::kMisereLoss ? 1 : 0;
  const double bouton_s = cpu_now() - t1;
  BOOST_TEST(losses == bouton_losses);
  std::printf("misere-nim, 4 heaps <= %lld: naive %.3fs, bouton %.6fs (CPU), %lld P-positions\n",
              static_cast<long long>(top), naive_s, bouton_s, static_cast<long long>(losses));
  std::fflush(stdout);
}
