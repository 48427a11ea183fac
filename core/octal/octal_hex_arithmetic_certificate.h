// Arithmetic periodicity of hexadecimal games: the certificate of Theorem A and its file format
// (`verify period hex:CODE --certificate-out F` when the values grow; core/CERTIFICATES.md,
// "hexadecimal, arithmetic periodicity", certificate_version 1).
//
// Theorem A (../shared/theorems/arithmetic-periodicity.md, re-derived in core/CERTIFICATES.md):
// for a code 0.d1…dk (no digit left of the point), n0 >= 0, p >= 1, s >= 1 and a base-window
// end M >= n0 + p, hypotheses H0–H5 on G(0 .. M − 1) and on the extension G* imply
// G(n + p) = G(n) + s for every n >= n0. The hypotheses involve the heaps up to
// N = max(M, 3·n0 + 3p + k − 2) + 2p − 1; the certificate holds G(0 .. N), which the checker
// (core/octal/octal_hex_arithmetic_certificate_check.h) recomputes with the naive kernel.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/base/trusted/primitives.h"

namespace igv {

/// Version of the hexadecimal arithmetic-periodicity certificate format (core/CERTIFICATES.md).
inline constexpr int kHexArithmeticCertificateVersion = 1;

struct HexArithmeticCertificate {
  std::string code;            ///< canonical hexadecimal code, e.g. "0.8"
  std::int64_t preperiod = 0;  ///< claimed least e with G(n + p) = G(n) + s for all n >= e
  std::int64_t period = 1;     ///< claimed least p
  std::int64_t saltus = 1;     ///< s, a power of two
  std::int64_t n0 = 0;         ///< where Theorem A is applied (n0 >= e)
  std::int64_t base_end = 1;   ///< M >= n0 + p
  std::vector<Value> values;   ///< claimed G(0 .. N)
};

/// N = max(M, 3·n0 + 3p + k − 2) + 2p − 1: the largest heap Theorem A's hypotheses inspect.
std::int64_t theorem_a_last_heap(std::int64_t n0, std::int64_t period, std::int64_t base_end,
                                 int last_digit);

/// The JSON that `verify period hex:CODE --format json` prints for an arithmetic period;
/// `checked` is descriptive.
nlohmann::json hex_arithmetic_json(const HexArithmeticCertificate& cert, int last_digit,
                                   const std::string& checked);

/// Reads a certificate file back (the inverse of hex_arithmetic_json). Throws InputError naming
/// the field when the file is malformed (a field missing, unexpected or of the wrong kind, a
/// number out of range, more than kLargestHexFile values, another version, a game that is not
/// a canonical hexadecimal code).
HexArithmeticCertificate parse_hex_arithmetic_json(const nlohmann::json& period_json);

}  // namespace igv
