// What every certificate checker returns, for every family: one verdict type and one
// proved-period type (core/CERTIFICATES.md specifies the certificate formats).
//
// A checker accepts or rejects a finite certificate. When it accepts, it also hands back what
// it established, sequence by sequence (an octal game's G, a subtraction game's G, each row of
// Frolov's g and f): the least preperiod, the least period, the saltus, and the values through
// one period as the checker itself recomputed or verified them. Whatever the harness reports as
// proved (table rows, periods, values) is read from here, never from the producer.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/base/trusted/primitives.h"

namespace igv {

/// A sequence proved ultimately periodic with saltus: value(n + period) = value(n) + saltus for
/// every n >= preperiod, preperiod and period the least such.
struct ProvedPeriod {
  std::string what;  ///< what the sequence is, e.g. "octal:0.07", "g row 5"
  std::int64_t preperiod = 0;
  std::int64_t period = 1;
  std::int64_t saltus = 0;
  /// value(i) = slope · i + residues[i] for 0 <= i < preperiod + period (slope 1 stores Frolov's
  /// rows in the narrow form h(m, n) = g(m, n) − n; slope 0 stores the values themselves).
  std::int64_t slope = 0;
  std::vector<std::int32_t> residues;

  /// The value at any n >= 0, by the period and saltus.
  [[nodiscard]] Value value(std::int64_t n) const;
};

struct SubtractionPeriodCertificate;
struct OctalPeriodCertificate;
struct HexPeriodCertificate;
struct HexArithmeticCertificate;
struct GRowCertificate;
struct FRowCertificate;
class OctalConcurrentChecker;
struct FrolovLowerBound;
class CertificateVerdict;

/// The key to accepting a certificate. Only the checker library's checking functions, named
/// here, can make one, so an accepted CertificateVerdict (and with it every ProvedPeriod that
/// a `proved` verdict rests on) exists only where such a function accepted a certificate
/// (core/README.md, "The proof boundary"). A helper of those functions receives the key as an
/// argument.
class CheckerSeal {
 public:
  CheckerSeal(const CheckerSeal&) = default;
  CheckerSeal& operator=(const CheckerSeal&) = default;

 private:
  CheckerSeal() = default;
  friend CertificateVerdict check_subtraction_certificate(const SubtractionPeriodCertificate&,
                                                          std::int64_t);
  friend CertificateVerdict check_powers_of_two_residue_lemma(std::int64_t);
  friend CertificateVerdict check_octal_period_certificate(const OctalPeriodCertificate&,
                                                           const std::function<void()>&);
  friend CertificateVerdict check_hex_period_certificate(const HexPeriodCertificate&,
                                                         const std::function<void()>&);
  friend CertificateVerdict check_hex_arithmetic_certificate(const HexArithmeticCertificate&,
                                                             const std::function<void()>&);
  friend CertificateVerdict check_frolov_certificates(const std::vector<GRowCertificate>&,
                                                      const std::vector<FRowCertificate>&,
                                                      std::int64_t, const std::function<void()>&,
                                                      std::int64_t, std::int64_t);
  friend CertificateVerdict check_frolov_lower_bound(const FrolovLowerBound&, std::int64_t,
                                                     const std::function<void()>&);
  friend class OctalConcurrentChecker;
};

/// A checker's answer on one certificate: rejected with its reason, or accepted with what was
/// established. Anyone may reject; only the holder of a CheckerSeal may accept, and what an
/// accepted verdict established (proved(), values_checked()) cannot be changed afterwards.
class CertificateVerdict {
 public:
  /// A rejection with an empty reason.
  CertificateVerdict() = default;
  /// A rejection with its reason (the first failed condition).
  static CertificateVerdict rejection(std::string reason);
  /// An acceptance: what was established, sequence by sequence, and how many values the checker
  /// recomputed or verified.
  static CertificateVerdict acceptance(CheckerSeal seal, std::string reason,
                                       std::int64_t values_checked,
                                       std::vector<ProvedPeriod> proved);

  [[nodiscard]] bool accepted() const { return accepted_; }
  /// Why rejected (the first failed condition), or what was established.
  [[nodiscard]] const std::string& reason() const { return reason_; }
  /// Re-words the reason (a caller naming the theorem or the file); what was established stays.
  void set_reason(std::string reason) { reason_ = std::move(reason); }
  /// Values the checker recomputed or verified (0 when rejected).
  [[nodiscard]] std::int64_t values_checked() const { return values_checked_; }
  /// What was established, when accepted (in certificate order); empty when rejected.
  [[nodiscard]] const std::vector<ProvedPeriod>& proved() const { return proved_; }

  /// Family-specific figures, for evidence only: nothing is ever concluded from them.
  nlohmann::json details = nlohmann::json::object();

 private:
  bool accepted_ = false;
  std::string reason_;
  std::int64_t values_checked_ = 0;
  std::vector<ProvedPeriod> proved_;
};

/// {"accepted", "reason", "game", "checker"}: what `verify check-certificate` prints.
nlohmann::json certificate_verdict_json(const CertificateVerdict& verdict, const std::string& game,
                                        const std::string& checker);

/// A rejection with its reason.
CertificateVerdict rejected_certificate(std::string reason);

/// The most values a certificate file's `block` holds (core/CERTIFICATES.md, "Common to every
/// family"): one period from the preperiod on, cut at this length.
inline constexpr std::int64_t kPeriodBlockCap = 4096;

/// The repeating block of a proved sequence: value(e), ..., value(e + min(p, kPeriodBlockCap) - 1)
/// with e its preperiod and p its period, as a JSON array. Read from what a checker established.
nlohmann::json period_block(const ProvedPeriod& proved);

/// Checks a certificate file that carries the top-level `block`: the file without `block` goes
/// to the family's `check`; when it accepts, `block` must equal period_block() of the last
/// sequence the checker proved (a different block is rejected, naming the first difference).
/// A missing `block`, or one that is not an array of at most kPeriodBlockCap integers, is
/// malformed: InputError.
CertificateVerdict check_with_period_block(
    const nlohmann::json& period_json,
    const std::function<CertificateVerdict(const nlohmann::json&)>& check);

}  // namespace igv
