// Periods of hexadecimal games: the theorem, and the producer of its certificates.
//
// The theorem (the Guy–Smith periodicity theorem, Winning Ways 2nd ed., vol. 1, ch. 4, with its
// argument carried over to moves that leave up to three heaps; proof in core/CERTIFICATES.md,
// section "hexadecimal"): for a hexadecimal code whose last non-zero digit is d_k, with
// e' = max(e, 1), if G(n + p) = G(n) for every e <= n < 3e' + 2p + k, then G(n + p) = G(n) for
// every n >= e. The certificate therefore carries G(0 .. 3e' + 3p + k - 1).
//
// Ordinary periodicity only: a code whose values grow (arithmetic periodicity, G(n + p) =
// G(n) + s) is not proved by this theorem, and the harness has no checked arithmetic-
// periodicity theorem, so `verify period` answers inconclusive for it (and says what the
// values looked like).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

#include "core/base/limits.h"
#include "core/octal/octal_certificate.h"
#include "core/octal/octal_rules.h"

namespace igv {

/// Computes values with the option-set kernel (core/octal/octal_fast_hex.h) on growing prefixes
/// up to kLargestHexFile values until a least preperiod and period are found whose window fits,
/// and returns the certificate (unchecked). Throws LimitReached when none fits within
/// kLargestHexFile values (the reason says so, and, when the computed values look
/// arithmetic-periodic, with which period and saltus — not a claim) or when `limits` are
/// reached first.
HexPeriodCertificate find_hex_period(const HexCode& code, const ComputeLimits& limits = {});

}  // namespace igv
