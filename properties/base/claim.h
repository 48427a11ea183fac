// The claim model (properties/CLAIMS.md, "Adding a claims file"): a claim is data with provenance.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace igv {

/// How strongly a claim was established (README.md, "Verdicts"), strongest first.
enum class Verdict {
  proved,        ///< infinite claim reduced to a finite certificate an independent checker accepted
  verified,      ///< checked exhaustively on a stated finite domain
  passed,        ///< N random cases (RapidCheck, with seed), no counterexample
  refuted,       ///< a counterexample, shrunk, reproducible
  inconclusive,  ///< the budget ran out first
  error          ///< the check itself failed
};

std::string_view to_string(Verdict v);
/// Parses a verdict name; std::nullopt when it is not one of the six.
std::optional<Verdict> parse_verdict(std::string_view s);
/// An expected verdict: one of the six, or "undecided" (a claim under first check).
std::string_view to_string(const std::optional<Verdict>& expected);

struct Claim {
  std::string id;              ///< "frolov2012.G3"
  std::string document;        ///< source file name without extension, "000_a85f04da58584fa6"
  std::string document_title;  ///< short human title of the document
  std::string locator;         ///< "§3, property (G3)"
  std::string statement;       ///< the statement as the source makes it
  std::string reading;         ///< where the text is damaged: the reading checked, and why
  std::vector<std::string> tags;
  std::string kind;     ///< "table", "identity", "period", "example", "question", "theorem", …
  std::string checker;  ///< registered checker that decides it
  nlohmann::json params = nlohmann::json::object();  ///< the checker's parameters (domain, …)
  nlohmann::json asserted;  ///< the value the source asserts (null when it asserts none)
  /// The verdict the claim is recorded to get; std::nullopt for a claim under first check
  /// (`expected_verdict` omitted or "undecided"): its verdict is reported and does not change
  /// the exit code.
  std::optional<Verdict> expected_verdict = Verdict::verified;
  std::string claims_file;  ///< where it was loaded from
};

}  // namespace igv
