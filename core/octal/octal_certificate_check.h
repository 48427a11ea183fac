// The independent checker of octal periodicity certificates (see core/octal/octal_period.h for the
// theorem, core/octal/octal_certificate.h and core/CERTIFICATES.md for the certificate format). It
// shares nothing with the producer but the rules (OctalCode and its digits) and the certificate
// format; it never calls the sparse kernel.
//
// What it establishes, for the claimed values G(0..N-1):
//  1. each G(n) is the true Sprague–Grundy value, by induction on n:
//     (a) no option has the value G(n): options leaving at most one heap are all looked at; for
//         splits, the rare/common parity argument — with the certificate's mask M in force at
//         n, call v rare when popcount(v & M) is even; a split a + b has value G(a) xor G(b),
//         whose parity is the sum of the parts' parities, so when G(n) is common a split with
//         that value has exactly one rare part, and only splits with a rare part are looked at
//         (this also yields every common value among the options); when G(n) is rare every
//         split is looked at. The argument holds for every mask; the mask only makes it fast.
//     (b) every value below G(n) is the value of an option: the common ones were all found in
//         (a); the rare ones are searched in the certificate's witness order, to the hinted
//         depth.
//  2. the theorem's window: G(n + p) = G(n) for e <= n < 2·max(e, 1) + p + k, with
//     N >= 2·max(e, 1) + 2p + k, and the game is a finite octal game (d0 in {0, 4});
//  3. e and p are the least: G(e - 1) != G(e - 1 + p) when e > 0, and for every prime q
//     dividing p, p / q is not a period of G(e), G(e + 1), … (one full period is compared).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/base/trusted/certificate.h"
#include "core/octal/trusted/octal_certificate.h"
#include "core/octal/trusted/octal_rules.h"

namespace igv {

/// Accepts or rejects a certificate. `tick` (if set) is called now and then; it may throw
/// BudgetExceeded, which propagates. When accepted, `proved` holds G with its least preperiod
/// and period and the values G(0 .. e + p - 1) the checker verified; `details` holds
/// window_checked (n with G(n + p) = G(n) checked) and full_scans (heaps with a rare value).
CertificateVerdict check_octal_period_certificate(const OctalPeriodCertificate& cert,
                                                  const std::function<void()>& tick = {});

/// The same check, run on a thread of its own while the values are produced (the producer is
/// never called: values, masks and hints are handed over, copied). feed() hands over the next
/// values and the mask schedule and witness hints so far; the thread verifies every value
/// handed over (step 1, heap by heap, as check_octal_period_certificate does). finish(cert)
/// then compares the certificate with what was handed over (its values, and the mask entries
/// and hints for heaps below its bound), waits for the values below its bound to be verified,
/// and checks the rest (the shape, the window, e and p least). When the certificate differs
/// from what was handed over, or the thread did not verify its values (it failed, or values are
/// missing), finish checks the certificate whole, with check_octal_period_certificate. Either
/// way the verdict is the one check_octal_period_certificate gives on the certificate.
class OctalConcurrentChecker {
 public:
  using Entry = std::pair<std::uint32_t, std::uint32_t>;
  explicit OctalConcurrentChecker(const std::string& code);
  ~OctalConcurrentChecker();  ///< stops the thread
  OctalConcurrentChecker(const OctalConcurrentChecker&) = delete;
  OctalConcurrentChecker& operator=(const OctalConcurrentChecker&) = delete;

  /// Values handed over so far (G(0 .. handed() - 1)).
  [[nodiscard]] std::int64_t handed() const;
  /// Hands over G(handed() .. handed() + count - 1), and every mask entry and hint so far (the
  /// ones not yet handed over are copied; the earlier ones must not change).
  void feed(const std::uint16_t* values, std::size_t count, const std::vector<Entry>& masks,
            const std::vector<Entry>& hints);
  /// The verdict on `cert`. `tick` (if set) is called while waiting; it may throw
  /// BudgetExceeded (the thread is stopped by the destructor).
  CertificateVerdict finish(const OctalPeriodCertificate& cert,
                            const std::function<void()>& tick = {});

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// Re-checks a certificate file (what `verify period octal:CODE --format json` printed, possibly
/// edited): the certificate is checked, then every other field must be what it implies.
/// Throws InputError naming the field when the file is malformed. A certificate that names a
/// binary values file reads it from `location` (core/CERTIFICATES.md; every fault of that file
/// is an InputError); `tick` as for check_octal_period_certificate.
CertificateVerdict check_octal_period_json(const nlohmann::json& period_json,
                                           const std::optional<OctalValuesLocation>& location = {},
                                           const std::function<void()>& tick = {});

/// The checker of hexadecimal periodicity certificates (core/CERTIFICATES.md, "hexadecimal"):
///  1. the code is a finite hexadecimal code, the certificate holds exactly
///     N = 3·max(e,1) + 3p + k values (k its last non-zero digit), at most kLargestHexFile;
///  2. every value equals the naive kernel's G(n) (hex_values_naive: a mex over every option
///     the rules list — nothing of the producer or the fast kernel);
///  3. the theorem's window: G(n + p) = G(n) for e <= n < 3·max(e,1) + 2p + k;
///  4. e and p least (as for octal certificates).
/// `tick` (if set) is called before the recomputation; it may throw BudgetExceeded.
CertificateVerdict check_hex_period_certificate(const HexPeriodCertificate& cert,
                                                const std::function<void()>& tick = {});

/// Re-checks a hexadecimal certificate file: the certificate is checked, then every other field
/// must be what it implies. Throws InputError naming the field when the file is malformed.
CertificateVerdict check_hex_period_json(const nlohmann::json& period_json);

// What the two hexadecimal checkers share (check_hex_period_certificate here and
// check_hex_arithmetic_certificate, core/octal/octal_hex_arithmetic_certificate_check.h):

/// The rejection of a certificate whose code `text` is not a finite hexadecimal code written
/// canonically; none (and `code` set) otherwise.
std::optional<CertificateVerdict> hex_code_fault(const std::string& text, HexCode& code);

/// The rejection naming the first value of `claimed` that is not the naive kernel's `g` (both
/// of one length); none when every one is.
std::optional<CertificateVerdict> hex_values_fault(const std::vector<Value>& g,
                                                   const std::vector<Value>& claimed);

/// What an accepted certificate of `code` proved: G with preperiod e, period p and saltus s, and
/// its values G(0 .. e + p - 1) from `g`.
ProvedPeriod hex_proved_period(const HexCode& code, std::int64_t e, std::int64_t p, std::int64_t s,
                               const std::vector<Value>& g);

}  // namespace igv
