// Kernels of Frolov (2012), 000_a85f04da58584fa6: naive and fast routes agree; the rules.
#include <boost/test/unit_test.hpp>

#include "core/frolov_tables.h"

using namespace igv;

BOOST_AUTO_TEST_SUITE(frolov_core)

BOOST_AUTO_TEST_CASE(naive_and_sweep_agree_on_square) {
  for (auto which : {FrolovFunction::f, FrolovFunction::g}) {
    const auto a = frolov_grid_naive(which, 60, 60);
    const auto b = frolov_grid_sweep(which, 60, 60);
    BOOST_TEST(a.cells == b.cells);
  }
}

BOOST_AUTO_TEST_SUITE_END()
