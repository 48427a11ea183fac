// The independent checker of subtraction-game period certificates. It knows the rules
// (SubtractionRules) and the naive kernel (mex over every move) and nothing of the producer:
// it recomputes the prefix G(0 .. ℓ + p + s_k) from the definition and replays the window lemma
// of 001_bc98b3364103fd4a ("周期和预周期 (续)": if G(n) = G(n + p) for ℓ <= n <= ℓ + s_k, then
// G(n) = G(n + p) for every n >= ℓ; for n > ℓ + s_k every option of n and of n + p lies in the
// already matched range, and every move is legal from both).
//
// Accepted means: (1) the window equals G(ℓ .. ℓ + s_k) and recurs at ℓ + p, so p is a period
// from ℓ on; (2) ℓ = 0 or G(ℓ - 1) != G(ℓ - 1 + p), so no smaller preperiod works for p (and
// every period shares the preperiod: if G were p'-periodic from some m < ℓ, it would be
// p-periodic from ℓ - 1); (3) for every prime q dividing p, p / q is not a period from ℓ (some
// n in [ℓ, ℓ + p) has G(n) != G(n + p/q)); since the minimal period divides every period, p is
// minimal.
//
// A second theorem serves the infinite set of all powers of 2 (004_2d19be0a5059ae39, exercise
// 4(c)), the mod-3 residue lemma: if 1 and 2 are in S and no element of S is divisible by 3,
// then G_S(n) = n mod 3 for every n. Proof, by induction on n: the options of n are n - s with
// s ≡ 1 or 2 (mod 3), whose values are (n - 1) mod 3 or (n - 2) mod 3, never n mod 3; when
// n mod 3 >= 1 the move s = 1 reaches value (n - 1) mod 3, and when n mod 3 = 2 the move s = 2
// reaches value 0, so the mex is n mod 3. The checker confirms the hypotheses for S = powers
// of 2: the moves 1 and 2 exist, and the residues 2^j mod 3 (r_0 = 1, r_{j+1} = 2 r_j mod 3)
// cycle without meeting 0.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

#include "core/base/trusted/certificate.h"
#include "core/subtraction/trusted/subtraction_certificate.h"

namespace igv {

/// Checks a period certificate of a finite set against the rules. Rejects (never throws on a
/// bad certificate); throws BudgetExceeded when the prefix would exceed `max_values`. When
/// accepted, `proved` holds G with its least preperiod and period and the naive values
/// G(0 .. ℓ + p - 1); `values_checked` is the prefix length ℓ + p + s_k + 1.
CertificateVerdict check_subtraction_certificate(const SubtractionPeriodCertificate& cert,
                                                 std::int64_t max_values = 400'000'000);

/// Checks the hypotheses of the mod-3 residue lemma for S = all powers of 2 under normal play,
/// and, as a sanity check of the lemma's conclusion, G(n) = n mod 3 for n < `sanity_bound`
/// with the naive kernel. When accepted, `proved` holds G = 0, 1, 2, … (preperiod 0, period 3).
CertificateVerdict check_powers_of_two_residue_lemma(
    std::int64_t sanity_bound = kResidueLemmaSanityBound);

/// Re-checks a certificate file (what `verify period subtraction…:S --certificate-out` saved,
/// possibly edited) from the file alone: the certificate is checked, then every other field
/// must be what the accepted certificate implies. Throws InputError naming the field when the
/// file is malformed (parse_subtraction_period_json) and BudgetExceeded when the prefix to
/// recompute exceeds `max_values`.
CertificateVerdict check_subtraction_period_json(
    const nlohmann::json& period_json, std::int64_t max_values = kSubtractionCheckValueLimit);

}  // namespace igv
