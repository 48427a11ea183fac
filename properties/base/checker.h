// Checkers: the C++ functions that decide claims, and their registry.
//
// A checker receives the claim (with its parameters and asserted value) and a CheckContext
// (seed, budget), and returns an Outcome: a verdict, the evidence (what was checked, how many
// cases, the computed values, a certificate) and a counterexample when refuted. A checker is
// registered once, in the file that defines it:
//
//   IGV_REGISTER_CHECKER("rook.table", "compares a published table of m xor n", check_rook_table,
//                        rook_table_schema());
//
// The schema (properties/base/schema.h) declares every parameter and the asserted value's shape;
// a claims file is validated against it when it loads, and `verify checkers NAME` prints it.
//
// Throwing BudgetExceeded from a checker makes the claim `inconclusive`; any other exception
// makes it `error`. Neither stops the run.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/base/game_family.h"  // IGV_CONCAT
#include "core/base/trusted/certificate.h"
#include "properties/base/claim.h"
#include "properties/base/schema.h"

namespace igv {

/// The run's settings as a checker sees them.
struct CheckContext {
  std::uint64_t seed = 0;  ///< RapidCheck seed for this claim (derived from the run seed and id)
  /// Budget scale: 1 is the default; checkers multiply their default domains by it (0.1 for a
  /// quick smoke run, 10 for a long evidence run). Domains actually checked go in the evidence.
  double budget = 1.0;
  int random_cases = 1000;  ///< RapidCheck cases for `passed` verdicts (scaled by budget)
  std::uint64_t memory_limit_bytes = 8ULL << 30;  ///< per claim
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();

  /// Scales a default domain bound by the budget (never below `minimum`).
  [[nodiscard]] std::int64_t scaled(std::int64_t default_bound, std::int64_t minimum = 1) const;
  /// True once the claim's time limit has passed.
  [[nodiscard]] bool out_of_time() const { return std::chrono::steady_clock::now() > deadline; }
  /// Throws BudgetExceeded when `bytes` exceed the memory limit; call before allocating.
  void require_memory(std::uint64_t bytes, const std::string& what) const;
  /// Throws BudgetExceeded when the time limit has passed; call in long loops.
  void require_time(const std::string& what) const;
};

/// What a checker may decide by itself and state with no further data: every verdict but
/// `proved` (conclude_from_certificate) and `refuted` (Outcome::refute, with its counterexample).
enum class Finding { verified, passed, inconclusive, error };

/// The certificate a `proved` outcome rests on, as a certificate file of core/CERTIFICATES.md:
/// `verify run --out DIR` writes it to DIR/certificates/NAME (with its side files, such as an
/// octal binary values file, beside it), and the claim's evidence names it and its SHA-256
/// (`certificate_file`), so that `verify check-report DIR` and `verify/check_certificate.py
/// --report DIR` re-check the claim from the folder alone.
struct CertificateFile {
  std::string
      name;  ///< the file's name, from its game ("octal-0.16.json"): claims on one proof share it
  nlohmann::json document;  ///< the certificate file's JSON
  /// Files the document names beside it (name, bytes): the octal binary values file.
  std::vector<std::pair<std::string, std::string>> side_files;

  /// The bytes written: the document as compact JSON and a newline (its SHA-256 is the one the
  /// evidence names).
  [[nodiscard]] std::string text() const;
};

/// A certificate file for `document` (a certificate file's JSON, with its `block`), named after
/// its game: "octal:0.16" gives "octal-0.16.json" (every character other than a letter, a digit,
/// '.', '-' or '_' becomes '_').
CertificateFile certificate_file(nlohmann::json document);

class Outcome;
class OutcomeVerdict;
struct Derivation;
using Derive = Derivation (*)(const CertificateVerdict& facts, const Claim& claim,
                              const CheckContext& ctx);

/// The verdict of an Outcome. A checker sets it from a Finding (`o.verdict = Finding::verified`)
/// and reads it as a Verdict. There is no conversion from `Verdict::proved`: a proved outcome
/// is made only by conclude_from_certificate() from facts the checker library established
/// (core/README.md, "The proof boundary"); verdict_read_back() restores one the harness wrote
/// before (a worker's answer, a report file) and is declared only in
/// properties/base/verdict_read_back.h, which the worker pool and the report reader include.
class OutcomeVerdict {
 public:
  constexpr OutcomeVerdict() = default;
  constexpr OutcomeVerdict(Finding f) : v_(verdict_of(f)) {}  // NOLINT(google-explicit-constructor)
  constexpr operator Verdict() const { return v_; }           // NOLINT(google-explicit-constructor)

 private:
  constexpr explicit OutcomeVerdict(Verdict v) : v_(v) {}
  static constexpr Verdict verdict_of(Finding f) {
    switch (f) {
      case Finding::verified:
        return Verdict::verified;
      case Finding::passed:
        return Verdict::passed;
      case Finding::inconclusive:
        return Verdict::inconclusive;
      case Finding::error:
        break;
    }
    return Verdict::error;
  }
  Verdict v_ = Verdict::error;
  friend Outcome conclude_from_certificate(const CertificateVerdict&, CertificateFile, const Claim&,
                                           const CheckContext&, Derive);
  friend OutcomeVerdict verdict_read_back(Verdict v);
  friend class Outcome;
};

/// The verdict's name ("proved", …).
inline std::string_view to_string(OutcomeVerdict v) {
  return to_string(static_cast<Verdict>(v));
}

/// What a refuted outcome holds: the counterexample that refutes the claim as stated (an object
/// or a value, never null).
struct Refutation {
  nlohmann::json counterexample;
};

/// What a proved outcome holds: the certificate file the proof rests on, which the report folder
/// then holds (null only for a proof read back from a report, whose evidence names the file).
struct Proof {
  std::shared_ptr<const CertificateFile> certificate;
};

/// A checker's answer: the verdict, one line for people, the evidence, and what only some
/// verdicts have, as a type: a `Refutation` exactly when the verdict is `refuted`, a `Proof`
/// exactly when it is `proved`. A checker reaches `refuted` only through refute(counterexample)
/// (Finding has no `refuted`) and `proved` only through conclude_from_certificate().
class Outcome {
 public:
  Outcome() = default;
  /// A finding with no verdict-specific data (the last argument, if given, is nullptr: no
  /// counterexample, no certificate).
  Outcome(Finding finding, std::string summary,  // NOLINT(google-explicit-constructor)
          nlohmann::json evidence = nlohmann::json::object(), std::nullptr_t = nullptr)
      : verdict(finding), summary(std::move(summary)), evidence(std::move(evidence)) {}

  OutcomeVerdict verdict = Finding::error;
  std::string summary;  ///< one line for people: what was established
  nlohmann::json evidence = nlohmann::json::object();

  /// The verdict `refuted`, held with its counterexample (std::logic_error when it is null: a
  /// refutation without a counterexample is a bug of the checker).
  void refute(nlohmann::json counterexample);
  /// The refutation, when the verdict is `refuted`; else null.
  [[nodiscard]] const Refutation* refutation() const;
  /// The proof, when the verdict is `proved`; else null.
  [[nodiscard]] const Proof* proof() const;
  /// The counterexample of a refutation; JSON null for any other verdict.
  [[nodiscard]] const nlohmann::json& counterexample() const;
  /// The certificate file of a proof (null for any other verdict, and for a proof read back
  /// from a report).
  [[nodiscard]] const std::shared_ptr<const CertificateFile>& certificate() const;
  /// Gives a proof read back from a report the certificate file its evidence names, once the
  /// checker re-checked it (`verify merge`); std::logic_error for an outcome that is no proof.
  void attach_certificate(std::shared_ptr<const CertificateFile> file);

 private:
  /// Sets the verdict a Refutation or a Proof stands for, with its data; the others clear it.
  void set_detail(Refutation r);
  void set_detail(Proof p);

  std::variant<std::monostate, Refutation, Proof> detail_;

  friend Outcome conclude_from_certificate(const CertificateVerdict&, CertificateFile, const Claim&,
                                           const CheckContext&, Derive);
  friend Outcome outcome_read_back(Verdict v, std::string summary, nlohmann::json evidence,
                                   nlohmann::json counterexample,
                                   std::shared_ptr<const CertificateFile> certificate);
};

/// An outcome's fields of a claim's JSON, written by this one function (the report and the
/// worker processes' answers): `verdict`, `summary`, `evidence` (an object: any other value
/// is wrapped as {"value": …}) and `counterexample` (null unless refuted). The certificate's
/// reference is in the evidence (`certificate_file`, added by the runner).
nlohmann::json outcome_json(const Outcome& o);

/// What a derivation concludes from a certificate's checked facts about a claim: it holds, or
/// it fails with a counterexample. conclude_from_certificate() turns it into an Outcome.
struct Derivation {
  bool holds = false;
  std::string summary;  ///< one line for people
  nlohmann::json evidence = nlohmann::json::object();
  nlohmann::json counterexample = nullptr;  ///< required when the claim does not hold
};

/// The only way to a `proved` outcome. `facts` must be accepted (else std::logic_error: the
/// claim becomes `error`); `derive` is a plain function, with no captured state, of the checked
/// facts, the claim and the run's settings, so what it concludes can rest only on what the
/// checker library established (ProvedPeriod::value, the least preperiod and period, the
/// saltus) and on the claim itself. It holds: `proved`, carrying `certificate` (the file of the
/// certificate the facts were established from, which the report folder then holds); it fails:
/// `refuted` with its counterexample, which the facts then prove.
Outcome conclude_from_certificate(const CertificateVerdict& facts, CertificateFile certificate,
                                  const Claim& claim, const CheckContext& ctx, Derive derive);

using CheckerFn = std::function<Outcome(const Claim&, const CheckContext&)>;

struct CheckerInfo {
  std::string name;
  std::string description;
  CheckerFn fn;
  CheckerSchema schema;
};

void register_checker(CheckerInfo info);
/// Registers a checker made on first use: static registration stores `make` only, and the
/// registry makes every pending checker (its schema included) the first time it is asked for
/// one (`verify period` never builds the schemas).
void register_checker_maker(CheckerInfo (*make)());
/// nullptr when no checker has that name.
const CheckerInfo* find_checker(std::string_view name);
std::vector<const CheckerInfo*> checkers();

inline CheckerInfo checker_info(const char* name, const char* description, CheckerFn fn,
                                CheckerSchema schema) {
  return CheckerInfo{name, description, std::move(fn), std::move(schema)};
}
struct CheckerRegistrar {
  explicit CheckerRegistrar(CheckerInfo (*make)()) { register_checker_maker(make); }
};
/// The games a claim names beyond its params' "game" and "games", as a module declares them for
/// its checkers (those whose names start with the prefix it registers): an octal checker's
/// "code", the games a checker of boards is about. Shared code (the report's figures) reads
/// these declarations and names no family.
using ClaimGamesFn = std::vector<std::string> (*)(const nlohmann::json& params);
void register_claim_games(std::string checker_prefix, ClaimGamesFn games);
/// The game specifications a claim of `checker` with `params` names: params.game, each of
/// params.games, then what the module of `checker` declares (register_claim_games).
std::vector<std::string> claim_games(std::string_view checker, const nlohmann::json& params);
struct ClaimGamesRegistrar {
  ClaimGamesRegistrar(const char* checker_prefix, ClaimGamesFn games) {
    register_claim_games(checker_prefix, games);
  }
};

/// IGV_REGISTER_CHECKER(name, description, fn, schema): the arguments are evaluated when the
/// registry is first used, not at start-up.
#define IGV_REGISTER_CHECKER(name, description, ...)                                 \
  static const ::igv::CheckerRegistrar IGV_CONCAT(igv_checker_registrar_, __LINE__)( \
      [] { return ::igv::checker_info(name, description, __VA_ARGS__); })

}  // namespace igv
