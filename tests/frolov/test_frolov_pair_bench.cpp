// Benchmark of the kernel of a row's lower bound (built, not run by ctest): rows m − 1 and m
// streamed from the proved rows 0..m − 2 by today's pair kernel (FrolovRowPairStream: a periodic
// mask table of the lower rows, one loop, or row m − 1 on a second thread) against the kernel
// before it (two FrolovRowWindow, every lower row read one byte a column), in one run, the
// kernels interleaved over the same columns (the machine is shared: compare the ratios).
//
//   ./build/test_frolov_pair_bench                       rows 12 and 13 (the chain 0..11, ~10 s)
//   ./build/test_frolov_pair_bench -- [DIR] [COLUMNS]    rows 14 and 15, the chain of rows 0..13
//        read from DIR/chain (a checkpoint of `verify period rook-misere:15 --checkpoint DIR`)
//
// Each round streams COLUMNS columns (default 2^27) from column 0 by each kernel and checks that
// the three give the same bytes; it prints columns a second of wall and of CPU, and the ratios.
#include <time.h>

#include <boost/test/unit_test.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <future>
#include <string>
#include <vector>

#include "core/frolov/frolov_fast_rows.h"
#include "core/frolov/frolov_pair_stream.h"
#include "core/frolov/frolov_period.h"
#include "core/frolov/trusted/frolov_check_rows.h"

using namespace igv;

namespace {

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}
double wall_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
double peak_rss_mib() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  return -1;
}

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

struct Timing {
  double wall = 0, cpu = 0;
  double busier = 0;  // two threads: the CPU of the busier one (the wall on two free cores)
  std::uint64_t digest = 0;
};

std::uint64_t mix(std::uint64_t d, const std::int8_t* p, std::int64_t n) {
  for (std::int64_t i = 0; i < n; ++i) d = (d ^ static_cast<std::uint8_t>(p[i])) * 0x100000001b3ULL;
  return d;
}

constexpr std::int64_t kBlock = std::int64_t{1} << 16;

/// Today's kernel before this one: two FrolovRowWindow, row m reading row m − 1's block.
Timing old_kernel(int m, std::span<const PeriodicRow> rows, std::int64_t columns) {
  FrolovRowWindow below(FrolovFunction::g, m - 1, rows, 1);
  FrolovRowWindow top(FrolovFunction::g, m, rows, 1, 1);
  std::vector<std::int8_t> a(kBlock), b(kBlock);
  const std::int8_t* above[1] = {a.data()};
  Timing t;
  const double w0 = wall_seconds(), c0 = cpu_seconds();
  for (std::int64_t c = 0; c < columns; c += kBlock) {
    below.stream(a.data(), kBlock);
    top.stream_above(b.data(), kBlock, above);
    t.digest = mix(mix(t.digest, a.data(), kBlock), b.data(), kBlock);
  }
  t.wall = wall_seconds() - w0;
  t.cpu = cpu_seconds() - c0;
  return t;
}

Timing new_kernel(FrolovRowPairStream& pair, std::uint64_t below_mask, std::uint64_t top_mask,
                  int threads, std::int64_t columns) {
  pair.restore(0, below_mask, top_mask);  // from column 0 again, the table built once
  constexpr std::int64_t kPiece = 16 * kBlock;
  std::vector<std::int8_t> a[2] = {std::vector<std::int8_t>(kPiece),
                                   std::vector<std::int8_t>(kPiece)},
                           b(kPiece);
  Timing t;
  const double w0 = wall_seconds(), c0 = cpu_seconds();
  if (threads == 1) {
    for (std::int64_t c = 0; c < columns; c += kPiece) {
      pair.stream(a[0].data(), b.data(), kPiece);
      for (std::int64_t k = 0; k < kPiece; k += kBlock)
        t.digest = mix(mix(t.digest, a[0].data() + k, kBlock), b.data() + k, kBlock);
    }
  } else {
    int slot = 0;
    double worker = 0;
    const double main0 = thread_cpu_seconds();
    pair.stream_below(a[0].data(), kPiece);
    for (std::int64_t c = 0; c < columns; c += kPiece) {
      auto next = std::async(std::launch::async, [&pair, &a, slot] {
        const double w = thread_cpu_seconds();
        pair.stream_below(a[slot ^ 1].data(), kPiece);
        return thread_cpu_seconds() - w;
      });
      pair.stream_top(a[slot].data(), b.data(), kPiece);
      for (std::int64_t k = 0; k < kPiece; k += kBlock)
        t.digest = mix(mix(t.digest, a[slot].data() + k, kBlock), b.data() + k, kBlock);
      worker += next.get();
      slot ^= 1;
    }
    t.busier = std::max(worker, thread_cpu_seconds() - main0);
  }
  t.wall = wall_seconds() - w0;
  t.cpu = cpu_seconds() - c0;
  return t;
}

/// The checker's two rows (frolov_check_rows.h: GRowStream) on `columns` columns, without the
/// column table (the checker before) or with it, in one thread (the checker's second thread is
/// row m − 1 a piece ahead, as the producer's).
Timing checker_rows(int m, const std::vector<frolov_check::AcceptedRow>& rows,
                    const frolov_check::ColumnTable* table, std::int64_t columns) {
  frolov_check::GRowStream below(m - 1, rows, 0, table);
  frolov_check::GRowStream top(m, rows, 1, table);
  std::vector<std::int8_t> a(kBlock), b(kBlock);
  Timing t;
  const double w0 = wall_seconds(), c0 = cpu_seconds();
  for (std::int64_t c = 0; c < columns; c += kBlock) {
    for (std::int64_t i = 0; i < kBlock; ++i) {
      std::int8_t hb = 0, h = 0;
      if (!below.next(hb)) std::abort();
      const std::int64_t above = c + i + hb;
      if (!top.next_above(h, &above)) std::abort();
      a[static_cast<std::size_t>(i)] = hb;
      b[static_cast<std::size_t>(i)] = h;
    }
    t.digest = mix(mix(t.digest, a.data(), kBlock), b.data(), kBlock);
  }
  t.wall = wall_seconds() - w0;
  t.cpu = cpu_seconds() - c0;
  return t;
}

}  // namespace

BOOST_AUTO_TEST_CASE(pair_kernel_against_the_row_windows) {
  const auto& args = boost::unit_test::framework::master_test_suite();
  std::string dir;
  std::int64_t columns = std::int64_t{1} << 27;
  for (int i = 1; i < args.argc; ++i) {
    const std::string arg = args.argv[i];
    if (arg.empty() || arg[0] == '-') continue;
    if (arg.find_first_not_of("0123456789") == std::string::npos)
      columns = std::atoll(arg.c_str());
    else
      dir = arg;
  }
  columns = std::max<std::int64_t>(16 * kBlock, columns / (16 * kBlock) * (16 * kBlock));
  const int m = dir.empty() ? 13 : 15;
  FrolovRunOptions o;
  if (!dir.empty()) {
    o.checkpoint_dir = dir + "/chain";
    o.resume = true;
  }
  const double t0 = wall_seconds();
  const FrolovPeriodChain chain = produce_frolov_chain(m - 2, false, std::int64_t{1} << 40, {}, o);
  std::printf("chain of g rows 0..%d: %.1f s (wall)\n", m - 2, wall_seconds() - t0);
  const std::span<const PeriodicRow> rows(chain.g_rows.data(), static_cast<std::size_t>(m - 1));
  const double t1 = wall_seconds();
  FrolovRowPairStream fresh(FrolovFunction::g, m, rows);
  const std::uint64_t below_mask = fresh.below_mask(), top_mask = fresh.top_mask();
  std::printf("pair kernel's mask table: rows 0..%d, %lld columns (%.0f MB), built in %.1f s\n",
              fresh.table_rows() - 1, static_cast<long long>(fresh.table_columns()),
              8e-6 * static_cast<double>(fresh.table_columns()), wall_seconds() - t1);
  std::printf("rows %d and %d, %lld columns a round, peak RSS so far %.0f MiB\n", m - 1, m,
              static_cast<long long>(columns), peak_rss_mib());
  double sum_old = 0, sum_one = 0, sum_two = 0, cpu_old = 0, cpu_one = 0, cpu_two = 0,
         busier_two = 0;
  for (int round = 0; round < 3; ++round) {
    const Timing before = old_kernel(m, rows, columns);
    const Timing one = new_kernel(fresh, below_mask, top_mask, 1, columns);
    const Timing two = new_kernel(fresh, below_mask, top_mask, 2, columns);
    BOOST_TEST(one.digest == before.digest);
    BOOST_TEST(two.digest == before.digest);
    const auto rate = [&](double s) { return static_cast<double>(columns) / s / 1e6; };
    std::printf(
        "round %d: before %.1f M columns/s (wall; %.1f per CPU-s); pair, 1 thread %.1f (%.1f); "
        "pair, 2 threads %.1f (%.1f; %.1f per CPU-s of the busier thread); ratios (wall) %.2fx "
        "and %.2fx%s\n",
        round, rate(before.wall), rate(before.cpu), rate(one.wall), rate(one.cpu), rate(two.wall),
        rate(two.cpu), rate(two.busier), before.wall / one.wall, before.wall / two.wall,
        one.digest == before.digest && two.digest == before.digest ? ", same bytes" : ", DIFFER");
    std::fflush(stdout);
    sum_old += before.wall;
    sum_one += one.wall;
    sum_two += two.wall;
    cpu_old += before.cpu;
    cpu_one += one.cpu;
    cpu_two += two.cpu;
    busier_two += two.busier;
  }
  std::printf(
      "all rounds: columns a second of wall, pair 1 thread / before = %.2fx, pair 2 threads / "
      "before = %.2fx; columns a CPU-second, %.2fx and %.2fx; two threads on two free cores (the "
      "busier thread's CPU against the kernel before's) %.2fx; peak RSS %.0f MiB\n",
      sum_old / sum_one, sum_old / sum_two, cpu_old / cpu_one, cpu_old / cpu_two,
      cpu_old / busier_two, peak_rss_mib());

  // The checker's kernel, before and with its column table, on a quarter of the columns.
  std::vector<frolov_check::AcceptedRow> accepted;
  for (const auto& r : rows) accepted.push_back({r.preperiod, r.period, r.h, false});
  const frolov_check::ColumnTable table =
      frolov_check::build_column_table(accepted, m - 1, std::int64_t{1} << 30);
  std::printf("checker's column table: rows 0..%d, %zu columns\n", table.rows - 1,
              table.bits.size());
  const std::int64_t quarter = columns / 4 / kBlock * kBlock;
  double c_before = 0, c_table = 0;
  for (int round = 0; round < 2; ++round) {
    const Timing before = checker_rows(m, accepted, nullptr, quarter);
    const Timing with = checker_rows(m, accepted, &table, quarter);
    BOOST_TEST(before.digest == with.digest);
    const auto rate = [&](double s) { return static_cast<double>(quarter) / s / 1e6; };
    std::printf("checker round %d: before %.1f M columns a CPU-s, with the table %.1f (%.2fx)%s\n",
                round, rate(before.cpu), rate(with.cpu), before.cpu / with.cpu,
                before.digest == with.digest ? ", same bytes" : ", DIFFER");
    std::fflush(stdout);
    c_before += before.cpu;
    c_table += with.cpu;
  }
  std::printf("checker, all rounds: columns a CPU-second with the table / before = %.2fx\n",
              c_before / c_table);
}
