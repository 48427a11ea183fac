// The printed form of a subtraction-game period certificate (`verify period subtraction:S` and
// `verify period subtraction-misere:S`, JSON) and its re-check from a file
// (`verify check-certificate FILE.json`).
//
// The printed object is built in one place (subtraction_period_json) so that what
// `verify period` prints and what a re-check expects cannot drift apart. For a finite S the
// re-check reads the claimed preperiod ℓ, period p and the window G(ℓ .. ℓ + s_k) back into a
// SubtractionPeriodCertificate and runs the existing independent checker
// (core/subtraction_certificate_check.h, the window lemma of 001_bc98b3364103fd4a,
// "周期和预周期 (续)"); for S = powers of 2 it re-runs the residue-lemma check
// (004_2d19be0a5059ae39, exercise 4(c)). Every other field of the file must then be exactly what
// the accepted certificate implies, so no single edited number passes. The producer's search
// statistics (search_steps, hash_matches_confirmed, hash_collisions) play no part in the proof;
// they are compared with a re-run of the producer only so that an edited statistic is noticed too.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "core/subtraction_proof.h"

namespace igv {

/// Values the re-check may recompute with the naive kernel: 2^25 (about 33.5 million values of
/// 8 bytes, 256 MiB). A certificate whose prefix ℓ + p + s_k + 1 is longer is BudgetExceeded
/// before any allocation. (`verify period` itself allows 400 million; such periods cannot be
/// re-checked from a file within this limit.)
inline constexpr std::int64_t kSubtractionCheckValueLimit = std::int64_t{1} << 25;

/// Every integer of a subtraction certificate file (ℓ, p, window entries) must lie in
/// [0, 2^40]; larger numbers cannot belong to a certificate this limit allows, and the bound
/// keeps ℓ + p + s_k far from overflowing.
inline constexpr std::int64_t kSubtractionCertificateNumberLimit = std::int64_t{1} << 40;

/// The JSON that `verify period` prints: {"game", "preperiod", "period", "saltus": 0,
/// "certificate": subtraction_certificate_summary(proved)}.
nlohmann::json subtraction_period_json(const std::string& spec,
                                       const ProvedSubtractionPeriod& proved);

/// Re-checks a certificate file (what subtraction_period_json printed, possibly edited) of
/// SUB(set) under `play`. Returns {"accepted", "reason", "game", "checker"}. Throws InputError
/// naming the field when the file is malformed (missing, unexpected or mistyped field, number
/// out of range, window of the wrong length, wrong game) and BudgetExceeded when the prefix to
/// recompute exceeds `max_values`.
nlohmann::json check_subtraction_period_json(const SubtractionSet& set, SubtractionPlay play,
                                             const nlohmann::json& period_json,
                                             std::int64_t max_values = kSubtractionCheckValueLimit);

}  // namespace igv
