// Proof steps of the subtraction-game slides (Zhang Shenxing), 001_bc98b3364103fd4a, as claims
// (issue #12): the two-line winning-condition argument (必胜条件), the printed recursion of the
// Sprague–Grundy sequence (max printed for mex), the pigeonhole proof of ultimate periodicity,
// the provenance of the bipartite families and the table of family (1) row by row. Outcomes are
// computed from the rules alone (SubtractionRules::moves), Sprague–Grundy values by the naive
// kernel (core/subtraction/subtraction_naive.h).
#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "core/base/trusted/errors.h"
#include "core/subtraction/trusted/subtraction_naive.h"
#include "core/subtraction/trusted/subtraction_rules.h"
#include "properties/base/check_helpers.h"
#include "properties/base/proof_steps.h"

namespace igv {

namespace {

using nlohmann::json;

constexpr const char* kChecker = "subtraction.proof_step";

std::vector<Value> sg(const std::vector<std::int64_t>& S, std::int64_t count) {
  return subtraction_values_naive(make_subtraction_set(S), SubtractionPlay::normal, count);
}

/// true = the player to move wins (N), from the rules alone.
std::vector<bool> outcomes(const std::vector<std::int64_t>& S, std::int64_t count) {
  SubtractionRules rules{make_subtraction_set(S)};
  std::vector<bool> win;
  std::vector<std::int64_t> moves;
  for (std::int64_t n = 0; n < count; ++n) {
    rules.moves(n, moves);
    bool w = false;
    for (auto x : moves) w = w || !win[static_cast<std::size_t>(x)];
    win.push_back(w);
  }
  return win;
}

/// {1,2,3} first, then every S ⊆ {1..e} with 1 <= |S| <= 6 ordered by (max, size, elements).
std::vector<std::vector<std::int64_t>> small_sets(std::int64_t e, std::size_t max_size) {
  std::vector<std::vector<std::int64_t>> out;
  for (std::uint32_t mask = 1; mask < (1u << e); ++mask) {
    std::vector<std::int64_t> s;
    for (std::int64_t i = 0; i < e; ++i)
      if (mask >> i & 1) s.push_back(i + 1);
    if (s.size() <= max_size) out.push_back(s);
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    if (a.back() != b.back()) return a.back() < b.back();
    if (a.size() != b.size()) return a.size() < b.size();
    return a < b;
  });
  out.insert(out.begin(), std::vector<std::int64_t>{1, 2, 3});
  return out;
}

std::string sets_domain(const Claim& c, const CheckContext& ctx) {
  return "S = {1,2,3}, then every S of {1.." + std::to_string(domain_param(c, ctx, "max_element")) +
         "} with |S| <= 6 (order: max, size, elements), n < " +
         std::to_string(domain_param(c, ctx, "max_n"));
}

/// The winning-condition steps: ∀ S, n: hyp(options' outcomes) ⇒ outcome(n) == concl.
StepResult winning_condition(const Claim& c, const CheckContext& ctx, bool needs_p_option,
                             bool literal) {
  const auto e = domain_param(c, ctx, "max_element");
  const auto N = domain_param(c, ctx, "max_n");
  StepResult r;
  r.domain = sets_domain(c, ctx);
  for (const auto& S : small_sets(e, 6)) {
    const auto win = outcomes(S, N);
    for (std::int64_t n = 0; n < N; ++n) {
      ++r.cases;
      bool some_p = false, some_n = false;
      for (auto s : S) {
        if (s > n) continue;
        (win[static_cast<std::size_t>(n - s)] ? some_n : some_p) = true;
      }
      bool ok;
      if (needs_p_option) {
        ok = !some_p || win[static_cast<std::size_t>(n)];  // some option P ⇒ N
      } else if (literal) {
        ok = some_n || !win[static_cast<std::size_t>(n)];  // no option N ⇒ P
      } else {
        ok = some_p || !win[static_cast<std::size_t>(n)];  // no option P ⇒ P
      }
      if (!ok) {
        r.counterexample = {
            {"S", S}, {"n", n}, {"outcome", win[static_cast<std::size_t>(n)] ? "N" : "P"}};
        return r;
      }
    }
  }
  return r;
}

StepResult recursion(const Claim& c, const CheckContext& ctx, bool literal_max) {
  const auto e = domain_param(c, ctx, "max_element");
  const auto N = domain_param(c, ctx, "max_n");
  StepResult r;
  r.domain = sets_domain(c, ctx);
  for (const auto& S : small_sets(e, 6)) {
    const auto G = sg(S, N);
    if (literal_max) {
      std::vector<Value> gmax;
      for (std::int64_t n = 0; n < N; ++n) {
        ++r.cases;
        Value v = 0;  // max of the empty set read as 0
        for (auto s : S)
          if (s <= n) v = std::max(v, gmax[static_cast<std::size_t>(n - s)]);
        gmax.push_back(v);
        if (v != G[static_cast<std::size_t>(n)]) {
          r.counterexample = {
              {"S", S}, {"n", n}, {"max", v}, {"mex", G[static_cast<std::size_t>(n)]}};
          return r;
        }
      }
    } else {
      const auto win = outcomes(S, N);
      for (std::int64_t n = 0; n < N; ++n) {
        ++r.cases;
        if ((G[static_cast<std::size_t>(n)] == 0) == win[static_cast<std::size_t>(n)]) {
          r.counterexample = {{"S", S}, {"n", n}, {"G", G[static_cast<std::size_t>(n)]}};
          return r;
        }
      }
    }
  }
  return r;
}

/// Least p, then least l, with G(n) = G(n + p) on [l, l + s_k], confirmed on the whole tail.
std::optional<std::pair<std::int64_t, std::int64_t>> window_period(const std::vector<Value>& g,
                                                                   std::int64_t sk) {
  const auto L = static_cast<std::int64_t>(g.size());
  for (std::int64_t p = 1; p < L / 3; ++p) {
    for (std::int64_t l = 0; l < L - p - sk - 1; ++l) {
      bool w = true;
      for (std::int64_t n = l; n <= l + sk && w; ++n) w = g[n] == g[n + p];
      if (!w) continue;
      bool tail = true;
      for (std::int64_t n = l; n < L - p && tail; ++n) tail = g[n] == g[n + p];
      if (tail) return std::make_pair(l, p);
      break;
    }
  }
  return std::nullopt;
}

StepResult pigeonhole(const Claim& c, const CheckContext& ctx, bool bound_step) {
  const auto e = domain_param(c, ctx, "max_element");
  const std::int64_t L = 4000;
  StepResult r;
  r.domain = "every non-empty S of {1.." + std::to_string(e) +
             "} (order: size, elements), G to n < 4000, the first repeated window pair (i, j)";
  std::vector<std::vector<std::int64_t>> sets;
  for (std::uint32_t mask = 1; mask < (1u << e); ++mask) {
    std::vector<std::int64_t> s;
    for (std::int64_t i = 0; i < e; ++i)
      if (mask >> i & 1) s.push_back(i + 1);
    sets.push_back(s);
  }
  std::sort(sets.begin(), sets.end(), [](const auto& a, const auto& b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  });
  for (const auto& S : sets) {
    ++r.cases;
    ctx.require_time("pigeonhole step");
    const std::int64_t sk = S.back();
    const auto k = static_cast<std::int64_t>(S.size());
    const auto g = sg(S, L);
    std::map<std::vector<Value>, std::int64_t> seen;
    std::int64_t i0 = -1, j0 = -1;
    for (std::int64_t i = 0; i + sk < L; ++i) {
      std::vector<Value> w(g.begin() + i, g.begin() + i + sk);
      auto [it, fresh] = seen.emplace(w, i);
      if (!fresh) {
        i0 = it->second;
        j0 = i;
        break;
      }
    }
    if (i0 < 0) throw BudgetExceeded("no repeated window below 4000");
    if (!bound_step) {
      for (std::int64_t d = 0; j0 + d < L; ++d) {
        if (g[i0 + d] != g[j0 + d]) {
          r.counterexample = {{"S", S}, {"i", i0}, {"j", j0}, {"d", d}};
          return r;
        }
      }
    } else {
      const auto lp = window_period(g, sk);
      if (!lp) throw BudgetExceeded("no period found below 4000");
      const auto [l, p] = *lp;
      double cap = 1;
      for (std::int64_t q = 0; q < sk; ++q) cap *= static_cast<double>(k + 1);
      if (!(l <= i0 && (j0 - i0) % p == 0 && static_cast<double>(l + p) <= cap)) {
        r.counterexample = {{"S", S}, {"l", l}, {"p", p}, {"i", i0}, {"j", j0}};
        return r;
      }
    }
  }
  return r;
}

std::set<std::int64_t> family(int no, std::int64_t a, std::int64_t t) {
  if (no == 1) return {a, a + 2, (2 * a + 2) * t + 1};
  if (no == 2) return {a, 2 * a + 1, (3 * a + 1) * t - 1};
  return {a, 2 * a - 1, (3 * a - 1) * t + a - 2};
}
std::set<std::int64_t> printed_base(int no, std::int64_t a) {
  if (no == 2) return {a, 2 * a + 1, 3 * a};
  return {a, a + 2, 2 * a + 3};  // (1), and (3) as printed: "来自 {a, a+2, 2a+3}"
}

StepResult provenance(const Claim& c, const CheckContext& ctx, std::vector<int> families) {
  const auto A = domain_param(c, ctx, "max_a", 3);
  StepResult r;
  r.domain = "odd 3 <= a <= " + std::to_string(A) + ", 0 <= t < 50";
  for (int no : families) {
    for (std::int64_t a = 3; a <= A; a += 2) {
      ++r.cases;
      bool member = false;
      for (std::int64_t t = 0; t < 50 && !member; ++t)
        member = family(no, a, t) == printed_base(no, a);
      if (!member) {
        r.counterexample = {{"family", no},
                            {"a", a},
                            {"base", printed_base(no, a)},
                            {"t1_member", family(no, a, 1)}};
        return r;
      }
    }
  }
  return r;
}

std::string rep(const std::string& s, std::int64_t e) {
  std::string out;
  for (std::int64_t i = 0; i < e; ++i) out += s;
  return out;
}

/// The slides' table of family (1), S = {a, a+2, (2a+2)t+1}, row by row (row i = G on
/// [i w, (i+1) w), w = (a+1)(2t+1), k = (a-1)/2); "row1" parsed as 0 3 0^{a-2} 1 ... 0 2 0
/// 2^{a-5} 3 2 1.
std::map<std::string, std::string> printed_row(std::int64_t a, std::int64_t t, std::int64_t i,
                                               const std::string& kind) {
  const std::int64_t k = (a - 1) / 2;
  std::map<std::string, std::string> out;
  if (kind == "row0") {
    out["0"] = rep("0", a) + "1" + rep(rep("1", a - 1) + "22" + rep("0", a) + "1", t - 1) +
               rep("1", a - 1) + "22" + "0" + rep("2", a - 3) + "331";
  } else if (kind == "row1") {
    out["1"] = "03" + rep("0", a - 2) + "1" +
               rep("0" + rep("1", a - 2) + "21" + "020" + rep("0", a - 3) + "1", t - 1) + "0" +
               rep("1", a - 2) + "21" + "020" + rep("2", a - 5) + "321";
  } else if (kind == "general") {
    const std::string q = rep("01", i - 1);
    out[std::to_string(i)] =
        q + "03" + rep("0", a - 2 * i) + "1" +
        rep(q + "0" + rep("1", a - 2 * i) + "21" + q + "02" + rep("0", a - 2 * i) + "1", t - 1) +
        q + "0" + rep("1", a - 2 * i) + "21" + q + "020" + rep("2", a - 2 * i - 3) + "321";
  } else if (kind == "k-1") {
    const std::string q = rep("01", k - 2);
    out[std::to_string(k - 1)] = q + "03" + "000" + "1" +
                                 rep(q + "0111" + "21" + q + "02" + "000" + "1", t - 1) + q +
                                 "0111" + "21" + q + "020321";
  } else if (kind == "k") {
    const std::string q = rep("01", k - 1);
    out[std::to_string(k)] =
        q + "0301" + rep(q + "0121" + q + "0301", t - 1) + q + "0101" + q + "0101";
  }
  return out;
}

StepResult family1_row(const Claim& c, const CheckContext& ctx, const std::string& kind) {
  const auto A = domain_param(c, ctx, "max_a", 3);
  const auto Tm = domain_param(c, ctx, "max_t", 1);
  StepResult r;
  r.domain = "odd 3 <= a <= " + std::to_string(A) + ", 1 <= t <= " + std::to_string(Tm) +
             (kind == "row1" ? ", a >= 5" : "") + (kind == "k-1" ? ", k >= 2" : "");
  for (std::int64_t a = 3; a <= A; a += 2) {
    for (std::int64_t t = 1; t <= Tm; ++t) {
      const std::int64_t k = (a - 1) / 2;
      const std::int64_t w = (a + 1) * (2 * t + 1);
      const std::int64_t c3 = (2 * a + 2) * t + 1;
      const auto g = sg({a, a + 2, c3}, w * (k + 4));
      auto actual_row = [&](std::int64_t i) {
        std::string s;
        for (std::int64_t n = i * w; n < (i + 1) * w; ++n) s += std::to_string(g[n]);
        return s;
      };
      if (kind == "tail") {
        ++r.cases;
        for (std::int64_t n = (k + 1) * w; n + 2 < static_cast<std::int64_t>(g.size()); ++n) {
          if (g[n] != g[n + 2]) {
            r.counterexample = {{"a", a}, {"t", t}, {"n", n}};
            return r;
          }
        }
        continue;
      }
      if (kind == "row1" && a < 5) continue;
      if (kind == "k-1" && k < 2) continue;
      std::vector<std::int64_t> idx;
      if (kind == "general") {
        for (std::int64_t i = 1; i < k; ++i) idx.push_back(i);
      } else {
        idx.push_back(0);
      }
      for (std::int64_t i : idx) {
        ++r.cases;
        for (const auto& [row, printed] : printed_row(a, t, i, kind)) {
          const std::string actual = actual_row(std::stoll(row));
          if (printed != actual) {
            r.counterexample = {{"a", a},
                                {"t", t},
                                {"row", std::stoll(row)},
                                {"printed", printed},
                                {"computed", actual}};
            return r;
          }
        }
      }
    }
  }
  return r;
}

// Made on first use (ProofStepTable stores the maker): start-up runs none of this.
std::vector<ProofStep> make_steps() {
  return {
      {"WC.step1",
       "只要 A 能将游戏状态变成后手必胜, 那么原来的游戏就是先手必胜: some option P => N",
       "the order of the domain's sets, then n", true, "",
       [](const Claim& c, const CheckContext& ctx) {
         return winning_condition(c, ctx, true, false);
       }},
      {"WC.step2_as_printed",
       "as printed: 都不能将游戏变成先手必胜 => 后手必胜: no option N (all options P, or none) "
       "=> P",
       "the order of the domain's sets, then n", true,
       "read 后手必胜 for 先手必胜 ('cannot turn it into a second-player win'): no option P => P "
       "(step WC.step2_reading, verified); the argument is then the rule P(n) = 1 - "
       "P(n-1)P(n-2)P(n-3)",
       [](const Claim& c, const CheckContext& ctx) {
         return winning_condition(c, ctx, false, true);
       }},
      {"WC.step2_reading", "reading: no option P => P (后手必胜)",
       "the order of the domain's sets, then n", true, "",
       [](const Claim& c, const CheckContext& ctx) {
         return winning_condition(c, ctx, false, false);
       }},
      {"SG.recursion_as_printed",
       "as printed: G_S(n) = max{G_S(n-s) : s in S} (max of the empty set read as 0) equals "
       "the Sprague-Grundy value",
       "the order of the domain's sets, then n", true,
       "read mex for max: the next clause defines mex, and with mex the zeros of G_S are the "
       "second-player wins (step SG.recursion_mex_reading, verified)",
       [](const Claim& c, const CheckContext& ctx) { return recursion(c, ctx, true); }},
      {"SG.recursion_mex_reading",
       "reading: G_S(n) = mex{G_S(n-s)}; its zeros are exactly the second-player wins (from "
       "the rules)",
       "the order of the domain's sets, then n", true, "",
       [](const Claim& c, const CheckContext& ctx) { return recursion(c, ctx, false); }},
      {"PER.step_window_determines",
       "而 G(n) 仅由它之前的 s_k 项决定: equal windows of s_k terms at i < j give G(i+d) = "
       "G(j+d) for every d >= 0 (first repeated window pair)",
       "sets by (size, elements)", true, "",
       [](const Claim& c, const CheckContext& ctx) { return pigeonhole(c, ctx, false); }},
      {"PER.step_pigeonhole_bound",
       "for the first repeated window pair (i, j): l <= i, p | j - i and l + p <= (k+1)^{s_k}",
       "sets by (size, elements)", true, "",
       [](const Claim& c, const CheckContext& ctx) { return pigeonhole(c, ctx, true); }},
      {"BIP.provenance_families_1_2",
       "(1) 来自 {a, a+2, 2a+3} and (2) 来自 {a, 2a+1, 3a}: the source set is a member of "
       "the family (some t >= 0)",
       "family, then a", true, "",
       [](const Claim& c, const CheckContext& ctx) {
         return provenance(c, ctx, {1, 2});
       }},
      {"BIP.theorem3_provenance",
       "as printed: (3) S = {a, 2a-1, (3a-1)t + a - 2} 来自 {a, a+2, 2a+3}: that set is a "
       "member of family (3)",
       "a", true,
       "the provenance of (1) was copied into (3); the t = 1 member of (3) is {a, 2a-1, 4a-3} "
       "({3,5,9} at a = 3). Theorem (3) itself is unaffected",
       [](const Claim& c, const CheckContext& ctx) { return provenance(c, ctx, {3}); }},
      {"BIP.family1_table.row0", "family (1) table, row 0 as printed", "(a, t)", true, "",
       [](const Claim& c, const CheckContext& ctx) { return family1_row(c, ctx, "row0"); }},
      {"BIP.family1_table.row1", "family (1) table, row 1 as printed (a >= 5)", "(a, t)", true, "",
       [](const Claim& c, const CheckContext& ctx) { return family1_row(c, ctx, "row1"); }},
      {"BIP.family1_table.row_general", "family (1) table, the general row i for 1 <= i <= k-1",
       "(a, t, i)", true, "",
       [](const Claim& c, const CheckContext& ctx) { return family1_row(c, ctx, "general"); }},
      {"BIP.family1_table.row_k_minus_1", "family (1) table, row k-1 (k >= 2)", "(a, t)", true, "",
       [](const Claim& c, const CheckContext& ctx) { return family1_row(c, ctx, "k-1"); }},
      {"BIP.family1_table.row_k", "family (1) table, row k as printed", "(a, t)", true,
       "the row is right for every a >= 5; state the table for a >= 5 (k >= 2) or give the "
       "a = 3 row separately (0201 [0131 0201]^{t-1} 0101 0101). The theorem is unaffected",
       [](const Claim& c, const CheckContext& ctx) { return family1_row(c, ctx, "k"); }},
      {"BIP.family1.tail", "after row k the sequence is (01)^inf (G(n) = G(n+2))", "(a, t, n)",
       true, "",
       [](const Claim& c, const CheckContext& ctx) { return family1_row(c, ctx, "tail"); }},
  };
}

const ProofStepTable kSteps(kChecker, make_steps);

CheckerSchema schema() {
  return proof_step_schema(
      kChecker,
      "the named step of a proof or derivation in the subtraction-game slides holds on the "
      "stated finite domain (a refuted step does not change the verdict of its theorem)",
      {field::integer("max_element", "subtraction sets are subsets of {1..max_element}")
           .in(1, 12)
           .fallback(8),
       field::integer("max_n", "heaps n < max_n").in(1, 100000).fallback(80).budget_scaled(),
       field::integer("max_a", "largest odd a of the bipartite families").in(3, 1001).fallback(31),
       field::integer("max_t", "largest t of the bipartite families").in(1, 100).fallback(8)},
      {{"step", "WC.step1"}, {"max_element", 5}, {"max_n", 30}});
}

Outcome check_proof_step(const Claim& c, const CheckContext& ctx) {
  return run_proof_step(kChecker, c, ctx);
}

}  // namespace

IGV_REGISTER_CHECKER("subtraction.proof_step",
                     "a named step of a proof in the subtraction-game slides, on a finite domain",
                     check_proof_step, schema());

}  // namespace igv
