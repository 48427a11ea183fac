// Benchmarks of the Ferguson kernels (004_2d19be0a5059ae39): the largest Chomp boxes, SOS strips
// and the Thirteen state space solved, with time and peak memory, and fast vs naive on the same
// work. Built, not run by ctest: ./build-ferguson/test_ferguson_bench [--run_test=NAME].
#include <sys/resource.h>

#include <boost/test/unit_test.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/base/naive_solver.h"
#include "core/ferguson/ferguson_chomp.h"
#include "core/ferguson/ferguson_dynamic.h"
#include "core/ferguson/ferguson_sos.h"
#include "core/ferguson/ferguson_thirteen.h"

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
/// Peak resident memory of the process so far, in MiB (a high-water mark: benchmarks run in
/// increasing size so that each line's figure is its own).
double peak_mib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;
}
/// Largest size from the environment (FERGUSON_BENCH_<NAME>), else the default.
int bench_limit(const char* name, int fallback) {
  const std::string var = std::string("FERGUSON_BENCH_") + name;
  const char* v = std::getenv(var.c_str());
  return v ? std::atoi(v) : fallback;
}

}  // namespace

BOOST_AUTO_TEST_CASE(thirteen_state_space) {
  auto t0 = std::chrono::steady_clock::now();
  const igv::ThirteenTable table;
  const double fast = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  igv::NaiveSolver<igv::ThirteenRules> naive;
  const auto v = naive.value(igv::thirteen_start());
  const double slow = seconds_since(t0);
  std::printf(
      "thirteen: %zu positions with total <= 31 (table), %zu reached by naive; start value %lld; "
      "table %.4f s, naive %.4f s, naive/table %.1f; peak %.1f MiB\n",
      table.positions(), naive.positions_stored(), static_cast<long long>(v), fast, slow,
      slow / fast, peak_mib());
  BOOST_TEST(table.value(igv::thirteen_start()) == v);
}

BOOST_AUTO_TEST_CASE(sos_strips) {
  const int max_length = bench_limit("SOS", 16);
  for (int n = 4; n <= max_length; ++n) {
    auto t0 = std::chrono::steady_clock::now();
    const igv::SosTable table(n);
    const double fast = seconds_since(t0);
    const auto result = table.outcome(igv::SosBoard(static_cast<std::size_t>(n), '-'));
    std::printf(
        "sos n=%d: %llu boards, %.1f MiB table, %.3f s, empty strip: %s for the first player; peak "
        "%.1f MiB\n",
        n, static_cast<unsigned long long>(table.boards()),
        static_cast<double>(table.bytes()) / 1048576.0, fast, igv::to_string(result), peak_mib());
    if (n <= bench_limit("SOS_NAIVE", 13)) {
      t0 = std::chrono::steady_clock::now();
      igv::SosNaiveSolver naive;
      const auto r2 = naive.outcome(igv::SosBoard(static_cast<std::size_t>(n), '-'));
      const double slow = seconds_since(t0);
      std::printf(
          "    naive (memo + mirror): %zu boards stored, %.3f s, naive/table %.2f; peak %.1f MiB\n",
          naive.boards_stored(), slow, slow / fast, peak_mib());
      BOOST_TEST(r2 == result);
    }
    std::fflush(stdout);
  }
}

BOOST_AUTO_TEST_CASE(chomp_boxes) {
  const int max_side = bench_limit("CHOMP", 12);
  for (int side = 4; side <= max_side; ++side) {
    auto t0 = std::chrono::steady_clock::now();
    const igv::ChompBoxTable outcome(side, side, true);
    const double t_outcome = seconds_since(t0);
    t0 = std::chrono::steady_clock::now();
    const igv::ChompBoxTable values(side, side, false);
    const double t_values = seconds_since(t0);
    std::printf(
        "chomp %dx%d box: %llu diagrams; outcome-only %.3f s, full values %.3f s; peak %.1f MiB\n",
        side, side, static_cast<unsigned long long>(outcome.diagrams()), t_outcome, t_values,
        peak_mib());
    if (side <= bench_limit("CHOMP_NAIVE", 7)) {
      t0 = std::chrono::steady_clock::now();
      igv::NaiveSolver<igv::ChompRules> naive;
      const auto v = naive.value(igv::chomp_rectangle(side, side));
      const double slow = seconds_since(t0);
      std::printf("    naive: %zu diagrams, %.3f s, naive/box %.1f\n", naive.positions_stored(),
                  slow, slow / t_values);
      BOOST_TEST(v == values.value(igv::chomp_rectangle(side, side)));
    }
    std::fflush(stdout);
  }
}

BOOST_AUTO_TEST_CASE(dynamic_tables) {
  const int max_heap = bench_limit("DYNAMIC", 4000);
  auto t0 = std::chrono::steady_clock::now();
  const igv::DynamicSubtractionTable table(igv::DynamicRule::at_most_twice_previous, max_heap);
  const double fast = seconds_since(t0);
  const int naive_heap = 300;
  t0 = std::chrono::steady_clock::now();
  igv::NaiveSolver<igv::DynamicSubtractionRules> naive(
      igv::DynamicSubtractionRules{igv::DynamicRule::at_most_twice_previous});
  for (int h = 0; h <= naive_heap; ++h) naive.value({h, h});
  const double slow = seconds_since(t0);
  std::printf("fibonacci nim: table to heap %d %.3f s; naive to heap %d %.3f s; peak %.1f MiB\n",
              max_heap, fast, naive_heap, slow, peak_mib());
}
