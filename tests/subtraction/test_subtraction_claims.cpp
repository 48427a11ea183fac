// Every claim of the subtraction issue (001_bc98b3364103fd4a and the subtraction section of
// 004_2d19be0a5059ae39) gets the verdict recorded as expected, with the default budget.
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <iostream>

#include "properties/base/checker.h"
#include "properties/base/claims_file.h"
#include "tests/subtraction/test_subtraction_claims_loader.h"

using namespace igv;

BOOST_AUTO_TEST_SUITE(subtraction_claims, *boost::unit_test::label("subtraction"))

BOOST_AUTO_TEST_CASE(every_claim_gets_its_expected_verdict) {
  const auto claims = test::load_subtraction_issue_claims();
  BOOST_TEST(claims.size() >= 60u);
  CheckContext ctx;
  ctx.seed = 20240501;
  double total = 0;
  for (const auto& claim : claims) {
    const auto* checker = find_checker(claim.checker);
    BOOST_REQUIRE_MESSAGE(checker != nullptr, claim.id << ": no checker " << claim.checker);
    const auto start = std::chrono::steady_clock::now();
    Outcome o;
    try {
      o = checker->fn(claim, ctx);
    } catch (const std::exception& e) {
      o.verdict = Finding::error;
      o.summary = e.what();
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    total += seconds;
    if (std::getenv("IGV_SHOW_CLAIMS") != nullptr) {
      std::cout << to_string(o.verdict) << "\t" << claim.id << "\t" << seconds << " s\t"
                << o.summary << "\n";
      if (std::string(std::getenv("IGV_SHOW_CLAIMS")) == "evidence")
        std::cout << o.evidence.dump() << "\n";
    }
    BOOST_TEST_CONTEXT(claim.id << ": " << o.summary) {
      BOOST_TEST(to_string(o.verdict) == to_string(claim.expected_verdict));
    }
  }
  if (std::getenv("IGV_SHOW_CLAIMS") != nullptr) std::cout << "total " << total << " s\n";
}

BOOST_AUTO_TEST_SUITE_END()
