#include "properties/base/claim.h"

#include <array>

namespace igv {

namespace {
constexpr std::array<std::pair<Verdict, std::string_view>, 6> kVerdictNames{{
    {Verdict::proved, "proved"},
    {Verdict::verified, "verified"},
    {Verdict::passed, "passed"},
    {Verdict::refuted, "refuted"},
    {Verdict::inconclusive, "inconclusive"},
    {Verdict::error, "error"},
}};
}  // namespace

std::string_view to_string(Verdict v) {
  for (const auto& [verdict, name] : kVerdictNames) {
    if (verdict == v) return name;
  }
  return "error";
}

std::string_view to_string(const std::optional<Verdict>& expected) {
  return expected ? to_string(*expected) : std::string_view("undecided");
}

std::optional<Verdict> parse_verdict(std::string_view s) {
  for (const auto& [verdict, name] : kVerdictNames) {
    if (name == s) return verdict;
  }
  return std::nullopt;
}

}  // namespace igv
