// RapidCheck properties of the octal module, as plain functions (RC_ASSERT inside) so that the
// Boost.Test suite (RC_BOOST_PROP) and `verify` (igv::run_property) run the same code.
#pragma once

#include <string>

#include "core/octal/trusted/octal_rules.h"

namespace igv {

/// A random finite octal code: d0 in {0, 4}, one to four digits 0–7 (for generators).
OctalCode random_octal_code();

/// The sparse-space kernel equals the naive kernel on a random code for every heap up to a
/// random bound (at most 400).
void prop_sparse_matches_naive();

/// On a random code whose period is found within a few thousand heaps, the checker accepts the
/// producer's certificate, and rejects it once one value is changed.
void prop_checker_accepts_producer_and_rejects_corruption();

}  // namespace igv
