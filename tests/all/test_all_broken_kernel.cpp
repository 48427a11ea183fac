// A deliberately broken kernel, registered like any other, must be caught by the same routine
// that cross-checks every registered kernel in the test suite.
#include <boost/test/unit_test.hpp>

#include "core/base/kernel_registry.h"
#include "core/base/nim.h"
#include "properties/kernels/cross_check.h"

using namespace igv;

namespace {
// Right on small positions, wrong once a heap reaches 10: beyond nim's exhaustive range (8), so
// only the random cross-check can catch it.
Kernel broken_nim_kernel() {
  return {"nim", "broken-for-test", false, "xor, but off by one when a heap is 10 or more",
          [](const GameInstance&, std::span<const Position> ps) {
            std::vector<Value> out;
            for (const auto& p : ps) {
              Value v = nim_value_xor(p);
              for (auto h : p) {
                if (h >= 10) {
                  v ^= 1;
                  break;
                }
              }
              out.push_back(v);
            }
            return out;
          }};
}
IGV_REGISTER_KERNEL(broken_nim_kernel);
}  // namespace

BOOST_AUTO_TEST_CASE(a_broken_registered_kernel_is_caught) {
  CrossCheckOptions options;
  options.range = 1'000'000;  // each family's cross_check_range decides
  options.random_cases = 200;
  const auto results = cross_check_all_registered(options);
  bool caught = false;
  for (const auto& r : results) {
    if (r.game == "nim") {
      BOOST_TEST(!r.agree());
      caught = !r.agree();
      BOOST_TEST(r.disagreement.dump().find("broken-for-test") != std::string::npos,
                 r.disagreement.dump());
      BOOST_TEST(r.disagreement.contains("seed"),
                 "the disagreement carries the seed that reproduces it");
    }
  }
  BOOST_TEST(caught);
}
