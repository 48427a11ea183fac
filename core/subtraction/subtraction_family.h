// The game families `subtraction:S` (normal play) and `subtraction-misere:S` (misère play), S a
// comma list of distinct positive integers, `powers-of-2`, or one of the infinite rule-defined
// sets `squares`, `fibonacci`, `primes` (values by the member kernel; no period is claimed for
// them); positions are heap sizes n >= 0. `verify value`, `verify period` and
// `verify check-certificate` reach SUB(S) through SubtractionGame.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "core/base/game_family.h"
#include "core/subtraction/subtraction_proof.h"

namespace igv {

class SubtractionGame : public GameInstance {
 public:
  SubtractionGame(SubtractionSet set, SubtractionPlay play);

  [[nodiscard]] std::string spec() const override;
  [[nodiscard]] Position parse_position(std::string_view text) const override;
  /// A heap n: one coordinate, always.
  [[nodiscard]] int coordinates() const override { return 1; }
  [[nodiscard]] ValueAnswer value(const Position& p) const override;
  [[nodiscard]] PeriodAnswer period() const override;
  /// period() within request.limits: a fresh search (period() caches its proof; this does not).
  [[nodiscard]] PeriodAnswer period_limited(const PeriodRequest& request) const override;
  /// Re-checks what period() printed (core/subtraction/trusted/subtraction_certificate.h).
  [[nodiscard]] CertificateCheck check_certificate(
      const nlohmann::json& period_json, const CertificateCheckRequest& request) const override;
  [[nodiscard]] std::vector<Position> domain(std::int64_t size) const override;
  [[nodiscard]] Position sample(std::uint64_t seed, std::int64_t size) const override;

  [[nodiscard]] const SubtractionSet& set() const { return set_; }
  [[nodiscard]] SubtractionPlay play() const { return play_; }
  /// The proved period, computed once per instance.
  [[nodiscard]] const CheckedSubtractionCertificate& proved_period() const;
  /// G(n) by the fast route: the window kernel for n below a few million, else the period.
  [[nodiscard]] Value fast_value(std::int64_t n) const;

 private:
  SubtractionSet set_;
  SubtractionPlay play_;
  // A mutex and an optional, not std::call_once: an exception thrown inside call_once (a set
  // whose period cannot be proved) ended the process by std::terminate (issue 37).
  mutable std::mutex period_mutex_;
  mutable std::optional<CheckedSubtractionCertificate> period_;
};

/// The game a specification "subtraction:S" or "subtraction-misere:S" names, as its own type (the
/// module's claim checkers read its set, its play and its proved period), made as make_game makes
/// it; throws InputError when `spec` names another family or a malformed set.
std::unique_ptr<SubtractionGame> make_subtraction_game(std::string_view spec);

}  // namespace igv
