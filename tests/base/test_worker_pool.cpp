// Tests of properties/base/worker_pool.h: the runner enforces time and memory limits without the
// checkers' cooperation, a crashing checker is `error` with its signal, and the other claims of
// the run are unaffected.
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "properties/base/checker.h"
#include "properties/base/claims_file.h"
#include "properties/base/runner.h"

using namespace igv;

namespace {

Outcome ok(const Claim&, const CheckContext&) {
  return Outcome{Finding::verified, "fine", {{"domain", "nothing"}}, nullptr};
}
[[noreturn]] Outcome aborts(const Claim&, const CheckContext&) {
  std::abort();
}
[[noreturn]] Outcome segfaults(const Claim&, const CheckContext&) {
  std::raise(SIGSEGV);
  std::abort();
}
/// Ignores every deadline: only the runner can stop it.
Outcome spins(const Claim&, const CheckContext&) {
  volatile std::uint64_t x = 0;
  for (;;) x = x + 1;
}
/// Touches memory until stopped (never asks the context for permission).
Outcome hogs(const Claim&, const CheckContext&) {
  std::vector<char*> blocks;
  for (;;) {
    char* b = static_cast<char*>(std::malloc(16 << 20));
    if (b == nullptr) return Outcome{Finding::error, "malloc failed", {}, nullptr};
    std::memset(b, 1, 16 << 20);
    blocks.push_back(b);
  }
}

CheckerSchema none() {
  return CheckerSchema{.establishes = "nothing (a test checker)"};
}

IGV_REGISTER_CHECKER("test.pool.ok", "always verified", ok, none());
IGV_REGISTER_CHECKER("test.pool.abort", "calls abort()", aborts, none());
IGV_REGISTER_CHECKER("test.pool.segfault", "raises SIGSEGV", segfaults, none());
IGV_REGISTER_CHECKER("test.pool.spin", "loops for ever", spins, none());
IGV_REGISTER_CHECKER("test.pool.hog", "allocates until stopped", hogs, none());

std::vector<Claim> claims_of(const std::vector<std::string>& checkers) {
  std::string text = "[document]\nid = \"pool\"\n";
  for (std::size_t i = 0; i < checkers.size(); ++i) {
    text += "[[claim]]\nid = \"pool." + std::to_string(i) +
            "\"\nlocator = \"-\"\nstatement = \"-\"\nkind = \"test\"\nchecker = \"" + checkers[i] +
            "\"\nexpected_verdict = \"verified\"\n";
  }
  return parse_claims(text, "pool.toml");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(worker_pool)

BOOST_AUTO_TEST_CASE(crashes_are_errors_with_the_signal_and_the_run_goes_on) {
  const auto claims = claims_of(
      {"test.pool.ok", "test.pool.abort", "test.pool.ok", "test.pool.segfault", "test.pool.ok"});
  RunOptions options;
  options.jobs = 2;
  const auto results = run_claims(claims, options);
  BOOST_REQUIRE(results.size() == 5U);
  for (std::size_t i : {0U, 2U, 4U}) {
    BOOST_TEST((results[i].outcome.verdict == Verdict::verified), results[i].outcome.summary);
    BOOST_TEST(results[i].claim.id == claims[i].id);
  }
  BOOST_TEST((results[1].outcome.verdict == Verdict::error));
  BOOST_TEST(results[1].outcome.evidence.value("signal", 0) == SIGABRT);
  BOOST_TEST(results[1].outcome.summary.find("SIGABRT") != std::string::npos,
             results[1].outcome.summary);
  BOOST_TEST((results[3].outcome.verdict == Verdict::error));
  BOOST_TEST(results[3].outcome.evidence.value("signal", 0) == SIGSEGV);
}

BOOST_AUTO_TEST_CASE(the_runner_stops_a_claim_past_its_time_limit) {
  const auto claims = claims_of({"test.pool.spin", "test.pool.ok"});
  RunOptions options;
  options.jobs = 1;
  options.time_limit_seconds = 0.3;
  const auto start = std::chrono::steady_clock::now();
  const auto results = run_claims(claims, options);
  const double took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  BOOST_TEST((results[0].outcome.verdict == Verdict::inconclusive));
  BOOST_TEST(results[0].outcome.evidence.value("limit", "") == "time");
  BOOST_TEST((results[1].outcome.verdict == Verdict::verified));
  BOOST_TEST(took < 30.0);  // a bound on a hang, not a speed target
}

BOOST_AUTO_TEST_CASE(the_runner_stops_a_claim_past_its_memory_limit) {
  const auto claims = claims_of({"test.pool.hog", "test.pool.ok"});
  RunOptions options;
  options.jobs = 2;
  options.memory_limit_bytes = 200ULL << 20;
  const auto results = run_claims(claims, options);
  BOOST_TEST((results[0].outcome.verdict == Verdict::inconclusive), results[0].outcome.summary);
  BOOST_TEST(results[0].outcome.evidence.value("limit", "") == "memory");
  BOOST_TEST(results[0].peak_memory_bytes > (200ULL << 20));
  BOOST_TEST((results[1].outcome.verdict == Verdict::verified));
}

BOOST_AUTO_TEST_CASE(every_result_records_wall_time_and_peak_memory) {
  const auto claims = claims_of({"test.pool.ok", "test.pool.ok", "test.pool.ok"});
  RunOptions options;
  options.jobs = 2;
  for (const auto& r : run_claims(claims, options)) {
    BOOST_TEST(r.seconds >= 0.0);
    BOOST_TEST(r.peak_memory_bytes > 0U);
  }
}

BOOST_AUTO_TEST_SUITE_END()
