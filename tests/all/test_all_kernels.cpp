// Every registered kernel of every game family against the family's reference kernel, on each
// example specification: exhaustively on the family's domain and on random positions beyond.
// A new kernel is cross-checked here without any change to this file.
#include <boost/test/unit_test.hpp>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "properties/base/cross_check.h"

using namespace igv;

BOOST_AUTO_TEST_CASE(every_registered_kernel_agrees_with_its_reference) {
  CrossCheckOptions options;
  options.range = 1'000'000;  // each family's cross_check_range decides
  options.random_cases = 100;
  const auto results = cross_check_all_registered(options);
  BOOST_TEST(!results.empty());
  std::size_t kernels_checked = 0;
  for (const auto& r : results) {
    kernels_checked += r.kernels.size();
    BOOST_TEST(r.agree(), r.game << ": " << r.disagreement.dump());
    BOOST_TEST(r.exhaustive_positions > 0U, r.game);
  }
  BOOST_TEST_MESSAGE(results.size()
                     << " games, " << kernels_checked << " kernel runs cross-checked");
}

BOOST_AUTO_TEST_CASE(every_family_with_kernels_has_a_reference) {
  for (const auto* f : game_families()) {
    const auto ks = kernels(f->name);
    if (ks.empty()) continue;
    BOOST_TEST(ks.front()->reference, f->name << " has no reference kernel");
    int refs = 0;
    for (const auto* k : ks) refs += k->reference ? 1 : 0;
    BOOST_TEST(refs == 1, f->name << " has " << refs << " reference kernels");
  }
}
