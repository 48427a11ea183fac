#include "core/subtraction/subtraction_period.h"

#include <limits>
#include <string>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/limits.h"
#include "core/base/trusted/memory_budget.h"
#include "core/subtraction/subtraction_fast_window.h"

namespace igv {

namespace {

/// Equal states: the hashes agree and, confirmed value by value, so do the windows.
bool same_state(const SubtractionWindow& a, const SubtractionWindow& b,
                SubtractionPeriodSearchStats& stats) {
  if (a.hash() != b.hash()) return false;
  ++stats.hash_matches;
  if (a.same_window(b)) return true;
  ++stats.hash_collisions;
  return false;
}

/// The search's position, for a LimitReached.
struct SearchState {
  const ComputeLimits* limits = nullptr;
  const char* phase = "cycle length (Brent)";
  std::int64_t candidate_period = 0;  // 0 until phase 1 ends
};

void step(SubtractionWindow& w, SubtractionPeriodSearchStats& stats, std::uint64_t max_steps,
          const SubtractionSet& set, const SearchState& state) {
  if (++stats.steps > max_steps) {
    throw BudgetExceeded("subtraction period of {" + set.to_string() + "}: more than " +
                         std::to_string(max_steps) + " window steps");
  }
  if ((stats.steps & 0xFFFF) == 0 && state.limits->out_of_time()) {
    nlohmann::json reached = {{"steps", stats.steps},
                              {"window_length", set.largest()},
                              {"phase", state.phase},
                              {"candidate_period", nullptr}};
    if (state.candidate_period > 0) reached["candidate_period"] = state.candidate_period;
    throw LimitReached("subtraction period of {" + set.to_string() +
                           "}: time limit reached after " + std::to_string(stats.steps) +
                           " window steps",
                       "time", reached);
  }
  w.advance();
}

}  // namespace

SubtractionPeriodCertificate find_subtraction_period(const SubtractionSet& set,
                                                     SubtractionPlay play, std::uint64_t max_steps,
                                                     SubtractionPeriodSearchStats* stats_out,
                                                     const ComputeLimits& limits) {
  if (!limits.fits(subtraction_search_bytes(set))) {
    const std::uint64_t bytes = subtraction_search_bytes(set);  // saturated at 2^64 - 1
    const std::string need = bytes == std::numeric_limits<std::uint64_t>::max()
                                 ? std::string("more than 2^64 bytes")
                                 : "about " + mebibytes(bytes);
    throw LimitReached("subtraction period of {" + set.to_string() + "}: the search's windows of " +
                           std::to_string(set.largest()) + " values need " + need +
                           ", above the memory limit of " + mebibytes(limits.memory_bytes),
                       "memory",
                       {{"steps", 0},
                        {"window_length", set.largest()},
                        {"bytes_needed", subtraction_search_bytes(set)}});
  }
  // A caller without limits (a claim's checker) is held to the process's memory budget.
  require_memory_budget(subtraction_search_bytes(set),
                        "the subtraction period search's windows of s_k = " +
                            std::to_string(set.largest()) + " values");
  SearchState state;
  state.limits = &limits;
  SubtractionPeriodSearchStats stats;
  // Phase 1 (Brent): the tortoise waits at W_{2^i - 1}; the hare runs until it meets it.
  // The first meeting gives the cycle length λ, the minimal period.
  SubtractionWindow tortoise(set, play);
  SubtractionWindow hare = tortoise;
  step(hare, stats, max_steps, set, state);
  std::int64_t power = 1;
  std::int64_t cycle = 1;
  while (!same_state(tortoise, hare, stats)) {
    if (power == cycle) {
      tortoise = hare;
      power *= 2;
      cycle = 0;
    }
    step(hare, stats, max_steps, set, state);
    ++cycle;
  }
  // Phase 2: two windows λ apart from W_0; the first equal pair is at μ, the preperiod.
  state.phase = "preperiod";
  state.candidate_period = cycle;
  SubtractionWindow behind(set, play);
  SubtractionWindow ahead = behind;
  for (std::int64_t i = 0; i < cycle; ++i) step(ahead, stats, max_steps, set, state);
  while (!same_state(behind, ahead, stats)) {
    step(behind, stats, max_steps, set, state);
    step(ahead, stats, max_steps, set, state);
  }
  SubtractionPeriodCertificate cert;
  cert.set = set;
  cert.play = play;
  cert.preperiod = behind.start();
  cert.period = cycle;
  cert.window = behind.values();
  cert.window.push_back(behind.next_value());  // G(ℓ + s_k), the lemma's last window entry
  if (stats_out) *stats_out = stats;
  return cert;
}

}  // namespace igv
