// Regression-testing outside kernels (properties/kernels/kernel_regression.h): the heap families'
// positions are what the coverage assumes, and small shell kernels of Nim (whose value is the
// heap itself: `cat` is a right one-heap kernel) are judged right, wrong at the least failing
// heap, or defective, with their process stopped. The Python and plugin kernels of octal:0.177
// are tested end to end (tests/e2e/e2e_kernel_regression.py, e2e_kernel_plugin.py).
#include <boost/test/unit_test.hpp>
#include <limits>

#include "core/base/game_family.h"
#include "core/base/trusted/errors.h"
#include "properties/kernels/kernel_regression.h"
#include "properties/kernels/proved_values.h"

using namespace igv;

namespace {

RegressionResult check_nim(const std::string& command, RegressionOptions options = {}) {
  const auto game = make_game("nim");
  options.exhaustive = options.exhaustive < 0 ? 2000 : options.exhaustive;
  options.cases = options.cases < 0 ? 300 : options.cases;
  options.process.silence_seconds = 2;
  options.process.startup_seconds = 2;
  return regression_check(*game, "nim", external_command(command), options);
}

}  // namespace

BOOST_AUTO_TEST_CASE(heap_families_take_heaps) {
  // Every family the coverage treats as heaps takes a heap n written "n" and (sums) reads a sum
  // of heaps back as it writes it.
  for (const auto* family : game_families()) {
    std::vector<std::string> specs = family->examples;
    if (specs.empty()) specs.push_back(family->name);
    for (const auto& spec : specs) {
      const auto game = make_game(spec);
      const auto shape = heap_shape(*game);
      if (shape == HeapShape::other) continue;
      BOOST_TEST_CONTEXT(spec) {
        for (std::int64_t n = 0; n <= 5; ++n) {
          BOOST_TEST(game->format_position({n}) == std::to_string(n));
          BOOST_TEST(game->parse_position(std::to_string(n)) == Position{n});
        }
        if (shape == HeapShape::heap_sums) {
          BOOST_TEST(game->parse_position(game->format_position({2, 3})) == (Position{2, 3}));
        }
      }
    }
  }
  for (const char* spec :
       {"octal:0.07", "hex:0.F", "grundy", "nim", "octal-misere:0.07", "subtraction:1,3,4",
        "rook-misere:5", "digital-deletion:12", "digital-deletion:0"})
    BOOST_TEST_CONTEXT(spec) {
      BOOST_TEST((heap_shape(*make_game(spec)) != HeapShape::other));
    }
  // Not heap games: Welter's coins, Frolov's whole tables (squares m,n), row 0 of g (its column 0
  // is not a position) and the rows whose period is beyond a check's reach.
  for (const char* spec : {"welter", "rook-misere", "digital-deletion", "rook-misere:0",
                           "rook-misere:13", "digital-deletion:15"})
    BOOST_TEST_CONTEXT(spec) {
      BOOST_TEST((heap_shape(*make_game(spec)) == HeapShape::other));
    }
  // A row's columns stop below 2^62.
  BOOST_TEST(instance_position_shape(*make_game("rook-misere:7")).largest_heap ==
             (std::int64_t{1} << 62) - 1);
  BOOST_TEST(instance_position_shape(*make_game("octal:0.07")).largest_heap ==
             std::numeric_limits<std::int64_t>::max());
}

BOOST_AUTO_TEST_CASE(a_right_kernel_passes) {
  const auto r = check_nim("cat");
  BOOST_TEST(r.verdict == "agree");
  BOOST_TEST(r.exit_code() == 0);
  BOOST_TEST(r.positions >= 2001U);
  // A kernel that closes its stderr first, and one that reads all its input before answering.
  BOOST_TEST(check_nim("exec 2>&-; cat").verdict == "agree");
  BOOST_TEST(
      check_nim("awk '{ a[NR] = $1 } END { for (i = 1; i <= NR; ++i) print a[i] }'").verdict ==
      "agree");
}

BOOST_AUTO_TEST_CASE(a_wrong_kernel_is_caught_at_the_least_failing_heap) {
  // Wrong at 777 and at every heap from 1500 on: the least is 777.
  const auto r = check_nim("awk '{ print ($1 == 777 || $1 >= 1500) ? 0 : $1; fflush() }'");
  BOOST_TEST(r.verdict == "wrong");
  BOOST_TEST(r.exit_code() == 1);
  BOOST_TEST(r.disagreement["position"] == "777");
  BOOST_TEST(r.disagreement["kernel"] == 0);
  BOOST_TEST(r.disagreement["harness"] == 777);
}

BOOST_AUTO_TEST_CASE(a_large_heap_bug_is_shrunk) {
  // Wrong from heap 5000 on, beyond the exhaustive heaps (0..2000): found among the random heaps
  // and shrunk to 5000 exactly.
  const auto r = check_nim("awk '{ print ($1 >= 5000) ? 0 : $1; fflush() }'");
  BOOST_TEST(r.verdict == "wrong");
  BOOST_TEST(r.disagreement["position"] == "5000");
}

BOOST_AUTO_TEST_CASE(sums_are_asked_only_when_declared) {
  RegressionOptions o;
  o.sums = true;
  const auto r = check_nim("cat", o);  // `cat` answers "1,1" with "1,1": not a value
  BOOST_TEST(r.verdict == "defect");
  BOOST_TEST(r.exit_code() == 2);
  BOOST_TEST(r.defect["kind"] == "garbage");
  BOOST_TEST(r.defect["position"] == "1,1");
}

BOOST_AUTO_TEST_CASE(defects_are_reported) {
  // Too few values: no single position fails alone, so no position is named.
  auto r = check_nim("head -n 5");
  BOOST_TEST(r.verdict == "defect");
  BOOST_TEST(r.defect["kind"] == "too-few");
  // A non-zero exit, and a kernel that never answers (stopped after 2 s of silence).
  r = check_nim("cat; exit 3");
  BOOST_TEST(r.verdict == "defect");
  BOOST_TEST(r.defect["kind"] == "died");
  // Silent from its start: the start-up allowance (2 s here) ends it, no position named.
  r = check_nim("sleep 100");
  BOOST_TEST(r.verdict == "defect");
  BOOST_TEST(r.defect["kind"] == "startup");
  BOOST_TEST(r.defect["message"].get<std::string>().find("before its first value") !=
             std::string::npos);
  // Silent after its first values: the --timeout, and the position it stopped at.
  r = check_nim("head -n 3; sleep 100");
  BOOST_TEST(r.verdict == "defect");
  BOOST_TEST(r.defect["kind"] == "timeout");
  BOOST_TEST(r.defect["position"] == "3");
}

BOOST_AUTO_TEST_CASE(proved_values_by_steps_are_the_proofs) {
  // heaps_from and heaps_from_zero_in_bytes step a heap at a time past the first window: each
  // value must be heap(n), the proof's own, on both sides of the preperiod and the first
  // periods, far out and up to the largest heap. The proof of octal:0.07 (period 34 from 53), and
  // the same proof made arithmetic (saltus 1; saltus 3 with slope 1, as Frolov's rows are kept).
  const auto game = make_game("octal:0.07");
  std::string why_not;
  const auto dawson = proved_values(*game, "octal", {}, &why_not);
  BOOST_REQUIRE_MESSAGE(dawson.has_value(), why_not);
  std::vector<ProvedValues> proofs{*dawson, *dawson, *dawson};
  proofs[1].proved.saltus = 1;
  proofs[2].proved.saltus = 3;
  proofs[2].proved.slope = 1;
  for (auto* p : {&proofs[1], &proofs[2]}) p->largest = std::int64_t{1} << 50;
  for (std::size_t which = 0; which < proofs.size(); ++which) {
    const ProvedValues& proof = proofs[which];
    BOOST_TEST_CONTEXT("proof " << which) {
      const std::int64_t e = proof.proved.preperiod, p = proof.proved.period;
      const std::int64_t largest = proof.largest;
      for (const std::int64_t first :
           {std::int64_t{0}, std::int64_t{1}, e - 1, e, e + p - 1, e + p, e + p + 1, 2 * e + 3 * p,
            std::int64_t{1'000'003}, std::int64_t{1} << 40, largest - 299, largest - p}) {
        // At most 300 heaps, none past the largest (largest - first + 1 may overflow).
        std::vector<Value> out(
            static_cast<std::size_t>(largest - first < 299 ? largest - first + 1 : 300));
        proof.heaps_from(first, out);
        for (std::size_t k = 0; k < out.size(); ++k)
          BOOST_TEST(out[k] == proof.heap(first + static_cast<std::int64_t>(k)),
                     "heap " << first + static_cast<std::int64_t>(k));
      }
      std::vector<Value> two(2, 0);
      BOOST_CHECK_THROW(proof.heaps_from(largest, two), BudgetExceeded);
      if (largest < std::numeric_limits<std::int64_t>::max())
        BOOST_CHECK_THROW(proof.heaps_from(largest + 1, two), BudgetExceeded);
      BOOST_CHECK_THROW(proof.heaps_from(-1, two), BudgetExceeded);
      std::vector<Value> zero(10000);
      proof.heaps_from(0, zero);
      std::vector<std::uint8_t> bytes(zero.size());
      const bool fit = proof.heaps_from_zero_in_bytes(bytes);
      bool all_fit = true;
      for (std::size_t n = 0; n < zero.size(); ++n) {
        BOOST_TEST(zero[n] == proof.heap(static_cast<std::int64_t>(n)), "heap " << n);
        all_fit = all_fit && zero[n] >= 0 && zero[n] <= 255;
        if (fit) BOOST_TEST(Value{bytes[n]} == zero[n], "heap " << n);
      }
      BOOST_TEST(fit == all_fit);
      BOOST_TEST(fit == (which == 0));  // the arithmetic ones grow past 255 by heap 10,000
    }
  }
}
