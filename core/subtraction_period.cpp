#include "core/subtraction_period.h"

#include <nlohmann/json.hpp>

#include "core/errors.h"
#include "core/subtraction_window.h"

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

void step(SubtractionWindow& w, SubtractionPeriodSearchStats& stats, std::uint64_t max_steps,
          const SubtractionSet& set) {
  if (++stats.steps > max_steps) {
    throw BudgetExceeded("subtraction period of {" + set.to_string() + "}: more than " +
                         std::to_string(max_steps) + " window steps");
  }
  w.advance();
}

}  // namespace

SubtractionPeriodCertificate find_subtraction_period(const SubtractionSet& set,
                                                     SubtractionPlay play, std::uint64_t max_steps,
                                                     SubtractionPeriodSearchStats* stats_out) {
  SubtractionPeriodSearchStats stats;
  // Phase 1 (Brent): the tortoise waits at W_{2^i - 1}; the hare runs until it meets it.
  // The first meeting gives the cycle length λ, the minimal period.
  SubtractionWindow tortoise(set, play);
  SubtractionWindow hare = tortoise;
  step(hare, stats, max_steps, set);
  std::int64_t power = 1;
  std::int64_t cycle = 1;
  while (!same_state(tortoise, hare, stats)) {
    if (power == cycle) {
      tortoise = hare;
      power *= 2;
      cycle = 0;
    }
    step(hare, stats, max_steps, set);
    ++cycle;
  }
  // Phase 2: two windows λ apart from W_0; the first equal pair is at μ, the preperiod.
  SubtractionWindow behind(set, play);
  SubtractionWindow ahead = behind;
  for (std::int64_t i = 0; i < cycle; ++i) step(ahead, stats, max_steps, set);
  while (!same_state(behind, ahead, stats)) {
    step(behind, stats, max_steps, set);
    step(ahead, stats, max_steps, set);
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

std::string subtraction_certificate_json(const SubtractionPeriodCertificate& cert) {
  nlohmann::json j = {{"set", cert.set.to_string()},
                      {"play", cert.play == SubtractionPlay::normal ? "normal" : "misere"},
                      {"preperiod", cert.preperiod},
                      {"period", cert.period},
                      {"window", cert.window}};
  return j.dump();
}

}  // namespace igv
