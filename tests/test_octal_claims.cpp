// Every claim decided by an octal.* checker (003_44ff00b94ceef14c, section "octal issue", and
// published_octal_records.toml) gets the verdict its claims file expects, at the default budget.
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <cstdio>

#include "core/errors.h"
#include "properties/checker.h"
#include "properties/claims_file.h"

using namespace igv;

BOOST_AUTO_TEST_CASE(every_octal_claim_has_its_expected_verdict,
                     *boost::unit_test::label("octal")) {
  int checked = 0;
  for (const char* file : {"003_44ff00b94ceef14c.toml", "published_octal_records.toml"}) {
    for (const Claim& c :
         load_claims_file(std::string(IGV_SOURCE_DIR) + "/properties/claims/" + file)) {
      if (c.checker.rfind("octal.", 0) != 0) continue;
      const CheckerInfo* checker = find_checker(c.checker);
      BOOST_TEST_REQUIRE(checker != nullptr, c.checker);
      CheckContext ctx;
      ctx.seed = 2024;
      ctx.random_cases = 100;
      const auto t0 = std::chrono::steady_clock::now();
      Outcome o;
      try {
        o = checker->fn(c, ctx);
      } catch (const BudgetExceeded& e) {
        o.verdict = Verdict::inconclusive;
        o.summary = e.what();
      }
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      BOOST_TEST(to_string(o.verdict) == to_string(c.expected_verdict), c.id << ": " << o.summary);
      std::printf("%-40s %-12s %7.3f s  %s\n", c.id.c_str(),
                  std::string(to_string(o.verdict)).c_str(), s, o.summary.substr(0, 150).c_str());
      ++checked;
    }
  }
  BOOST_TEST(checked >= 15);
}
