// Every claim of 000_a85f04da58584fa6 (Frolov 2012) decided by a frolov.* checker gets the
// verdict its claims file expects.
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <cstdio>

#include "properties/checker.h"
#include "properties/claims_file.h"

using namespace igv;

BOOST_AUTO_TEST_CASE(every_frolov_claim_has_its_expected_verdict) {
  const auto claims = load_claims_file(std::string(IGV_SOURCE_DIR) +
                                       "/properties/claims/000_a85f04da58584fa6.toml");
  int checked = 0;
  for (const Claim& c : claims) {
    if (c.checker.rfind("frolov.", 0) != 0) continue;
    const CheckerInfo* checker = find_checker(c.checker);
    BOOST_TEST_REQUIRE(checker != nullptr, c.checker);
    CheckContext ctx;
    ctx.seed = 12345;
    ctx.random_cases = 200;
    const auto t0 = std::chrono::steady_clock::now();
    const Outcome o = checker->fn(c, ctx);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    BOOST_TEST(to_string(o.verdict) == to_string(c.expected_verdict), c.id << ": " << o.summary);
    std::printf("%-32s %-9s %6.3f s  %s\n", c.id.c_str(), std::string(to_string(o.verdict)).c_str(),
                s, o.summary.substr(0, 110).c_str());
    ++checked;
  }
  BOOST_TEST(checked >= 50);
}
