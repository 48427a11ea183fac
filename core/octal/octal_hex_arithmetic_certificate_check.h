// The checker of Theorem A (arithmetic periodicity of hexadecimal games; statement and proof in
// core/CERTIFICATES.md, "hexadecimal, arithmetic periodicity"). Part of the checker library: it
// reads the rules (HexCode, for_each_hex_option) and the naive kernel (hex_values_naive) and
// nothing of the producer or the fast kernels.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/base/trusted/certificate.h"
#include "core/octal/trusted/octal_hex_arithmetic_certificate.h"
#include "core/octal/trusted/octal_rules.h"

namespace igv {

/// Whether Theorem A's hypotheses hold, and if not the first that fails: "scope" (a digit left
/// of the point, or no removal), "input" (n0, p, M out of range, too few values), "H0" … "H5",
/// or "cross-check" (G(h) != G*(h) for some h <= N although H0–H5 hold: a bug somewhere, never
/// a proof).
struct TheoremAResult {
  bool holds = false;
  std::string hypothesis;  ///< the first failed hypothesis ("" when it holds)
  std::string detail;      ///< one line: where it fails
};

/// Theorem A's hypotheses H0–H5 for (n0, p, s, M), evaluated on `g` = G(0 .. N) or more, N =
/// theorem_a_last_heap(n0, p, M, k): in the order H0, H1, H2, H5, H3, H4, then the cross-check
/// G(h) = G*(h) for every h <= N. A plain function of its arguments: it accepts nothing (only
/// check_hex_arithmetic_certificate turns its answer into a verdict, on values it recomputed).
/// `tick` (if set) is called now and then; it may throw.
TheoremAResult theorem_a_hypotheses(const HexCode& code, const std::vector<Value>& g,
                                    std::int64_t n0, std::int64_t period, std::int64_t saltus,
                                    std::int64_t base_end, const std::function<void()>& tick = {});

/// Accepts or rejects an arithmetic-periodicity certificate:
///  1. the code is canonical, with no digit left of the point; the certificate holds exactly
///     G(0 .. N), N = max(M, 3·n0 + 3p + k − 2) + 2p − 1, at most kLargestHexFile values;
///  2. every value equals the naive kernel's (hex_values_naive: a mex over every option);
///  3. Theorem A's hypotheses (theorem_a_hypotheses) hold on those values;
///  4. e <= n0 is the least preperiod: G(n + p) = G(n) + s for e <= n < n0, and not at e − 1;
///  5. p is the least period: for every prime q dividing p, G(n + p/q) − G(n) is not constant
///     on n0 <= n < n0 + p (it repeats with period p from n0 on, so it is not constant from any
///     point on).
/// When accepted, `proved` holds G with preperiod e, period p, saltus s and G(0 .. e + p − 1).
CertificateVerdict check_hex_arithmetic_certificate(const HexArithmeticCertificate& cert,
                                                    const std::function<void()>& tick = {});

/// Re-checks a certificate file: the certificate is checked, then every other field must be what
/// it implies. Throws InputError naming the field when the file is malformed.
CertificateVerdict check_hex_arithmetic_json(const nlohmann::json& period_json);

}  // namespace igv
