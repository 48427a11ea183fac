// Trusted: the checker library, core/base/trusted/ (core/README.md, "The proof boundary").
//
// Typed errors, caught once at the command's edge.
//
// InputError: the user gave something malformed (a game code, a position, a claims file, a
// certificate, an option). `verify` turns it into one line on stderr and exit code 2.
// BudgetExceeded: a computation would exceed the run's time or memory budget; a checker that
// sees it reports the claim `inconclusive` with the message as the reason.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace igv {

/// Malformed input from the user; message names the input and what was expected.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A computation would exceed the time or memory budget of the run.
/// Several input errors reported at once (every claim of a claims file that does not load): one
/// line each, printed as separate error lines; what() joins them with line breaks.
struct InputErrors : InputError {
  explicit InputErrors(std::vector<std::string> faults)
      : InputError(join(faults)), lines(std::move(faults)) {}
  std::vector<std::string> lines;

 private:
  static std::string join(const std::vector<std::string>& faults) {
    std::string out;
    for (const auto& l : faults) out += (out.empty() ? "" : "\n") + l;
    return out;
  }
};

struct BudgetExceeded : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace igv
