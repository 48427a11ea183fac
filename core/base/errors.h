// Typed errors, caught once at the command's edge.
//
// InputError: the user gave something malformed (a game code, a position, a claims file, a
// certificate, an option). `verify` turns it into one line on stderr and exit code 2.
// BudgetExceeded: a computation would exceed the run's time or memory budget; a checker that
// sees it reports the claim `inconclusive` with the message as the reason.
#pragma once

#include <stdexcept>
#include <string>

namespace igv {

/// Malformed input from the user; message names the input and what was expected.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A computation would exceed the time or memory budget of the run.
struct BudgetExceeded : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace igv
