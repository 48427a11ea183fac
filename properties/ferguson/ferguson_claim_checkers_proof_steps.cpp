// Argument steps of Ferguson, Game Theory Part I (Chinese), 004_2d19be0a5059ae39, as claims
// (issue #12): the backward induction of §1.1 (take-away 1–3), the derivation of the P-positions
// of S = {1, 3, 4} in §1.4 with every reason it gives, and the argument of §1.3 that moving to
// P-positions wins. Labels by the labelling algorithm of §1.3 (core/ferguson/ferguson_labelling.h)
// on the game graph; game graphs for §1.3: every DAG on at most `max_nodes` nodes, exhaustively.
#include <algorithm>
#include <functional>

#include "core/ferguson/ferguson_labelling.h"
#include "properties/base/check_helpers.h"
#include "properties/base/proof_steps.h"

namespace igv {

namespace {

using nlohmann::json;

constexpr const char* kChecker = "ferguson.proof_step";

/// Labels of SUB(S) on heaps 0..n_max by the labelling algorithm.
std::vector<PnLabel> sub_labels(const std::vector<std::uint32_t>& S, std::uint32_t n_max) {
  GameOptions options(n_max + 1);
  for (std::uint32_t n = 0; n <= n_max; ++n)
    for (auto s : S)
      if (s <= n) options[n].push_back(n - s);
  return label_positions(options, PlayConvention::normal);
}

/// Checks a list of named reasons; the first false one is the counterexample.
StepResult reasons(const std::string& domain,
                   const std::vector<std::pair<std::string, bool>>& list) {
  StepResult r;
  r.domain = domain;
  for (const auto& [what, ok] : list) {
    ++r.cases;
    if (!ok) {
      r.counterexample = {{"reason", what}};
      break;
    }
  }
  return r;
}

StepResult backward_21(const Claim&, const CheckContext&) {
  const auto T = sub_labels({1, 2, 3}, 30);
  auto N = [&](int n) { return T[static_cast<std::size_t>(n)] == PnLabel::N; };
  auto P = [&](int n) { return T[static_cast<std::size_t>(n)] == PnLabel::P; };
  return reasons("take-away 1-3, heaps 0..30, labels by the labelling algorithm",
                 {{"1, 2, 3 are N (take all to 0)", N(1) && N(2) && N(3) && P(0)},
                  {"4 is P (every move leaves 1, 2 or 3)", P(4) && N(3) && N(2) && N(1)},
                  {"5, 6, 7 are N (a move to 4)", N(5) && N(6) && N(7) && P(4)},
                  {"8 is P (every move leaves 7, 6 or 5)", P(8) && N(7) && N(6) && N(5)}});
}

StepResult derivation_134(const Claim&, const CheckContext&) {
  const auto U = sub_labels({1, 3, 4}, 30);
  auto lab = [&](int n) { return U[static_cast<std::size_t>(n)] == PnLabel::P ? 'P' : 'N'; };
  std::string s;
  for (int n = 8; n <= 14; ++n) s += lab(n);
  return reasons(
      "S = {1, 3, 4}, heaps 0..30, labels by the labelling algorithm",
      {{"1, 3, 4 are N (they can move to 0)", lab(1) == 'N' && lab(3) == 'N' && lab(4) == 'N'},
       {"2 is P (its only move is to 1, an N)", lab(2) == 'P' && lab(1) == 'N'},
       {"5 and 6 are N (they can move to 2)",
        lab(5) == 'N' && lab(6) == 'N' && 5 - 3 == 2 && 6 - 4 == 2},
       {"7 is P (its moves are to 6, 4 or 3, all N)",
        lab(7) == 'P' && lab(6) == 'N' && lab(4) == 'N' && lab(3) == 'N'},
       {"8, 10, 11 N; 9 P; 12, 13 N; 14 P", s == "NPNNNNP"}});
}

StepResult p_strategy(const Claim& c, const CheckContext& ctx) {
  const auto max_nodes = static_cast<int>(domain_param(c, ctx, "max_nodes"));
  StepResult r;
  std::uint64_t graphs = 0;
  for (int n = 1; n <= max_nodes && r.counterexample.is_null(); ++n) {
    const int edges = n * (n - 1) / 2;
    for (std::uint32_t mask = 0; mask < (1u << edges); ++mask) {
      ++graphs;
      GameOptions opt(static_cast<std::size_t>(n));
      int bit = 0;
      for (int v = 0; v < n; ++v)
        for (int u = 0; u < v; ++u, ++bit)
          if (mask >> bit & 1)
            opt[static_cast<std::size_t>(v)].push_back(static_cast<std::uint32_t>(u));
      const auto lab = label_positions(opt, PlayConvention::normal);
      // A (to move at an N-position) always moves to the first P option; B tries every reply.
      std::function<bool(std::uint32_t)> a_wins = [&](std::uint32_t v) {
        const auto& o = opt[v];
        const auto it =
            std::find_if(o.begin(), o.end(), [&](std::uint32_t u) { return lab[u] == PnLabel::P; });
        if (it == o.end()) return false;
        for (std::uint32_t w : opt[*it])
          if (!a_wins(w)) return false;
        return true;  // no reply left: A moved last
      };
      for (std::uint32_t v = 0; v < static_cast<std::uint32_t>(n); ++v) {
        ++r.cases;
        bool ok = true;
        if (lab[v] == PnLabel::P) {
          for (std::uint32_t u : opt[v]) ok = ok && lab[u] != PnLabel::P;
        } else {
          ok = a_wins(v);
        }
        if (!ok) {
          r.counterexample = {{"nodes", n}, {"edge_mask", mask}, {"position", v}};
          break;
        }
      }
      if (!r.counterexample.is_null()) break;
    }
  }
  r.domain = "every game graph on 1.." + std::to_string(max_nodes) + " nodes (" +
             std::to_string(graphs) +
             " graphs, node v moves to any set of nodes u < v), "
             "every position";
  return r;
}

// Made on first use (ProofStepTable stores the maker): start-up runs none of this.
std::vector<ProofStep> make_steps() {
  return {
      {"S1_1.backward_induction",
       "1, 2, 3 are N; 4 is P (every move leaves 1-3); 5, 6, 7 are N via a move to 4; 8 is P",
       "the text's order of reasons", true, "", backward_21},
      {"S1_4.derivation",
       "S = {1,3,4}: 1, 3, 4 N (move to 0); 2 P (only move to 1); 5, 6 N (move to 2); 7 P "
       "(moves to 6, 4, 3); 8, 10, 11 N, 9 P, 12, 13 N, 14 P",
       "the text's order of reasons", true, "", derivation_134},
      {"S1_3.p_strategy",
       "from a P-position every move goes to an N-position, and from an N-position the player "
       "who always moves to a P-position makes the last move against every reply",
       "(nodes, edge mask, position)", true, "", p_strategy},
  };
}

const ProofStepTable kSteps(kChecker, make_steps);

CheckerSchema schema() {
  return proof_step_schema(
      kChecker, "the named argument step of Ferguson's Part I holds on the stated finite domain",
      {field::integer("max_nodes", "§1.3: every game graph on at most this many nodes")
           .in(1, 7)
           .fallback(6)},
      {{"step", "S1_1.backward_induction"}});
}

Outcome check_proof_step(const Claim& c, const CheckContext& ctx) {
  return run_proof_step(kChecker, c, ctx);
}

}  // namespace

IGV_REGISTER_CHECKER("ferguson.proof_step",
                     "a named argument step of Ferguson's Part I, on a finite domain",
                     check_proof_step, schema());

}  // namespace igv
