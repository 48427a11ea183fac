// Shared, computed-once results for the Frolov checkers (000_a85f04da58584fa6): sweep tables
// and proved row chains. Several claims read the same table (Fig. 2, G3–G8b, Theorem 2) or the
// same chain (Table 2's twenty rows, Theorems 1 and 3), so each is computed once per process,
// under a lock, and shared read-only.
#pragma once

#include <cstdint>
#include <memory>

#include "core/base/trusted/certificate.h"
#include "core/frolov/frolov_period.h"
#include "core/frolov/frolov_tables.h"
#include "core/frolov/trusted/frolov_certificate_check.h"

namespace igv {

/// The sweep table of `which` on rows × cols (computed once per shape).
std::shared_ptr<const FrolovGrid> cached_frolov_grid(FrolovFunction which, std::int64_t rows,
                                                     std::int64_t cols);

/// A produced chain of rows 0..max_row (g and f) and the independent checker's verdict on it.
struct CheckedFrolovChain {
  FrolovPeriodChain chain;
  CertificateVerdict verdict;  ///< its proved rows are what the claims report
  double produce_seconds = 0;
  double check_seconds = 0;
};

/// Chains up to this row keep every row and every proved residue; a longer chain (rows 13, 14)
/// keeps only what the Table 2 claims read: each proved row's period, preperiod and first 4096
/// residues (its rows and values beyond are not available).
inline constexpr int kLastStoredChainRow = 12;

/// Produces and checks rows 0..max_row once per process.
std::shared_ptr<const CheckedFrolovChain> cached_frolov_chain(int max_row);

}  // namespace igv
