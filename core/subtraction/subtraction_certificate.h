// The subtraction-game period certificate and its file format: `verify period subtraction:S`,
// `verify period subtraction-misere:S` and `verify period subtraction:powers-of-2` (JSON;
// specified in core/CERTIFICATES.md, section "subtraction games", certificate_version 1).
//
// For a finite S the certificate is the claimed preperiod ℓ, period p and the window
// G(ℓ .. ℓ + s_k) of the window lemma (001_bc98b3364103fd4a, "周期和预周期 (续)"); for S = all
// powers of 2 it names the mod-3 residue lemma (004_2d19be0a5059ae39, exercise 4(c)) and holds no
// data of its own. The producer (core/subtraction/subtraction_period.h) writes the certificate,
// the checker (core/subtraction/subtraction_certificate_check.h) reads it back; neither includes
// the other.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/base/trusted/primitives.h"
#include "core/subtraction/trusted/subtraction_rules.h"

namespace igv {

/// Version of the subtraction certificate file format (core/CERTIFICATES.md).
inline constexpr int kSubtractionCertificateVersion = 1;

/// What the producer claims: from ℓ on, G has period p, and p and ℓ are the least such.
struct SubtractionPeriodCertificate {
  SubtractionSet set;
  SubtractionPlay play = SubtractionPlay::normal;
  std::int64_t preperiod = 0;  ///< ℓ
  std::int64_t period = 1;     ///< p
  /// The lemma's window: G(ℓ), ..., G(ℓ + s_k) (s_k + 1 values), which must recur at ℓ + p.
  std::vector<Value> window;
};

/// The theorem names written into certificates.
inline constexpr const char* kWindowLemmaTheorem =
    "window lemma (001_bc98b3364103fd4a, 周期和预周期 (续)): G(n) = G(n+p) for "
    "l <= n <= l + s_k implies period p from l";
inline constexpr const char* kResidueLemmaTheorem =
    "mod-3 residue lemma: 1, 2 in S and 3 divides no element of S imply G_S(n) = n mod 3";

/// Values the residue lemma's checker compares with n mod 3 by the naive kernel (a sanity check
/// of the lemma's conclusion; the lemma itself needs none). Fixed in certificate_version 1.
inline constexpr std::int64_t kResidueLemmaSanityBound = 3000;

/// Values the re-check may recompute with the naive kernel: 2^25 (about 33.5 million values of
/// 8 bytes, 256 MiB). A certificate whose prefix ℓ + p + s_k + 1 is longer is BudgetExceeded
/// before any allocation. (`verify period` itself allows 400 million; such periods cannot be
/// re-checked from a file within this limit.)
inline constexpr std::int64_t kSubtractionCheckValueLimit = std::int64_t{1} << 25;

/// Every integer of a subtraction certificate file (ℓ, p, window entries) must lie in
/// [0, 2^40]; larger numbers cannot belong to a certificate this limit allows, and the bound
/// keeps ℓ + p + s_k far from overflowing.
inline constexpr std::int64_t kSubtractionCertificateNumberLimit = std::int64_t{1} << 40;

/// The JSON that `verify period` prints for a finite set: {"game", "preperiod", "period",
/// "saltus": 0, "certificate": {"certificate_version", "theorem", "window", "bound", "checked",
/// "checker"}}; `bound` = ℓ + p + s_k + 1 (values the checker recomputes), `checked` the
/// checker's account (descriptive).
nlohmann::json subtraction_period_json(const SubtractionPeriodCertificate& cert,
                                       const std::string& checked);

/// The same for S = all powers of 2 under normal play (preperiod 0, period 3, no data).
nlohmann::json powers_of_two_period_json(const std::string& checked);

/// Reads a certificate file of SUB(S) back, for the set and play its `game` names. Throws
/// InputError naming the field when the file is malformed (a field missing, unexpected or
/// mistyped, a number out of range, a window of the wrong length, an unsupported
/// certificate_version, a game that is not a subtraction game with a period theorem). For the
/// powers of 2 the returned certificate has `set.powers_of_two` and no window.
SubtractionPeriodCertificate parse_subtraction_period_json(const nlohmann::json& period_json);

}  // namespace igv
