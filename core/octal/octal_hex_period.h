// Periods of hexadecimal games: the theorem, and the producer of its certificates.
//
// The theorem (the Guy–Smith periodicity theorem, Winning Ways 2nd ed., vol. 1, ch. 4, with its
// argument carried over to moves that leave up to three heaps; proof in core/CERTIFICATES.md,
// section "hexadecimal"): for a hexadecimal code whose last non-zero digit is d_k, with
// e' = max(e, 1), if G(n + p) = G(n) for every e <= n < 3e' + 2p + k, then G(n + p) = G(n) for
// every n >= e. The certificate therefore carries G(0 .. 3e' + 3p + k - 1).
//
// Ordinary periodicity only: a code whose values grow (arithmetic periodicity, G(n + p) =
// G(n) + s) is not proved by this theorem; find_hex_arithmetic_period tries Theorem A for it
// (core/octal/trusted/octal_hex_arithmetic_certificate.h), and `verify period` answers
// inconclusive, naming the failing hypothesis, when Theorem A does not apply.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

#include "core/base/trusted/limits.h"
#include "core/octal/trusted/octal_certificate.h"
#include "core/octal/trusted/octal_hex_arithmetic_certificate.h"
#include "core/octal/trusted/octal_rules.h"

namespace igv {

/// Computes values with the option-set kernel (core/octal/octal_fast_hex.h) on growing prefixes
/// up to kLargestHexFile values until a least preperiod and period are found whose window fits,
/// and returns the certificate (unchecked). Throws LimitReached when none fits within
/// kLargestHexFile values (the reason says so, and, when the computed values look
/// arithmetic-periodic, with which period and saltus — not a claim) or when `limits` are
/// reached first.
/// `max_values` (at most kLargestHexFile) bounds the values computed (`--budget` scales it).
HexPeriodCertificate find_hex_period(const HexCode& code, const ComputeLimits& limits = {},
                                     std::int64_t max_values = kLargestHexFile);

/// Arithmetic periodicity by Theorem A (core/octal/trusted/octal_hex_arithmetic_certificate.h):
/// computes G(0 .. kLargestHexFile − 1) with the option-set kernel, takes the least p (and its
/// saltus s) for which G(n + p) − G(n) is constant on the second half, and tries Theorem A's
/// hypotheses for n0 from the least e the values show and M = n0 + p, …, n0 + 7p. Returns the first
/// certificate whose hypotheses hold on the fast kernel's values (unchecked: the checker
/// recomputes them). Throws LimitReached when the values do not look arithmetic-periodic, or
/// when no tried (n0, M) satisfies Theorem A (the reason names the first failing hypothesis),
/// or when `limits` are reached first.
HexArithmeticCertificate find_hex_arithmetic_period(const HexCode& code,
                                                    const ComputeLimits& limits = {});

}  // namespace igv
