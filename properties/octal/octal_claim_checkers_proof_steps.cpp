// Proof steps of the Dawson's Kayles blog, 003_44ff00b94ceef14c, as claims (issue #12): the proof
// that g(G) = 0 exactly at second-player wins, the steps of the proof of the Sprague–Grundy sum
// theorem, the steps of the proof of the periodicity lemma on the blog's instance (i = 53,
// p = 34), and the K_10 centre-tile example. H_n by the naive octal kernel
// (core/octal/trusted/octal_naive.h), the strip by the naive solver over free squares
// (core/octal/octal_strip.h). Game graphs for the sum theorem: every DAG on at most
// `max_nodes` nodes (node v may move to any set of nodes u < v), exhaustively.
#include <algorithm>
#include <bit>
#include <set>

#include "core/base/naive_solver.h"
#include "core/octal/octal_strip.h"
#include "core/octal/trusted/octal_naive.h"
#include "core/octal/trusted/octal_rules.h"
#include "properties/base/check_helpers.h"
#include "properties/base/proof_steps.h"

namespace igv {

namespace {

using nlohmann::json;

constexpr const char* kChecker = "octal.proof_step";

Value mex_of(const std::set<Value>& s) {
  Value x = 0;
  while (s.count(x)) ++x;
  return x;
}

StepResult sg_zero(const Claim&, const CheckContext&) {
  StepResult r;
  r.domain = "every subset S of {0..7}";
  for (std::uint32_t mask = 0; mask < 256; ++mask) {
    ++r.cases;
    std::set<Value> s;
    for (int i = 0; i < 8; ++i)
      if (mask >> i & 1) s.insert(i);
    if ((mex_of(s) != 0) != (s.count(0) == 1)) {
      r.counterexample = {{"S", s}};
      break;
    }
  }
  return r;
}

/// A game graph: options[v] ⊆ {0..v-1}; values by mex.
struct Dag {
  std::vector<std::vector<int>> options;
  std::vector<Value> g;
};

std::vector<Dag> all_dags(int max_nodes) {
  std::vector<Dag> out;
  for (int n = 1; n <= max_nodes; ++n) {
    const int edges = n * (n - 1) / 2;
    for (std::uint32_t mask = 0; mask < (1u << edges); ++mask) {
      Dag d;
      d.options.resize(static_cast<std::size_t>(n));
      int bit = 0;
      for (int v = 0; v < n; ++v)
        for (int u = 0; u < v; ++u, ++bit)
          if (mask >> bit & 1) d.options[static_cast<std::size_t>(v)].push_back(u);
      for (int v = 0; v < n; ++v) {
        std::set<Value> s;
        for (int u : d.options[static_cast<std::size_t>(v)])
          s.insert(d.g[static_cast<std::size_t>(u)]);
        d.g.push_back(mex_of(s));
      }
      out.push_back(std::move(d));
    }
  }
  return out;
}

StepResult sum_steps(const Claim& c, const CheckContext& ctx, bool option_exists) {
  const auto N = static_cast<int>(domain_param(c, ctx, "max_nodes"));
  const auto dags = all_dags(N);
  StepResult r;
  r.domain = "every pair of game graphs on 1.." + std::to_string(N) + " nodes (" +
             std::to_string(dags.size()) + " graphs), every pair of positions";
  for (std::size_t i = 0; i < dags.size(); ++i) {
    for (std::size_t j = 0; j < dags.size(); ++j) {
      const Dag& A = dags[i];
      const Dag& B = dags[j];
      for (std::size_t v1 = 0; v1 < A.g.size(); ++v1) {
        for (std::size_t v2 = 0; v2 < B.g.size(); ++v2) {
          ++r.cases;
          std::set<Value> S;
          for (int u : A.options[v1]) S.insert(A.g[static_cast<std::size_t>(u)] ^ B.g[v2]);
          for (int u : B.options[v2]) S.insert(A.g[v1] ^ B.g[static_cast<std::size_t>(u)]);
          const Value y = A.g[v1] ^ B.g[v2];
          bool ok = true;
          if (!option_exists) {
            ok = !S.count(y);
          } else {
            for (Value x = 0; x < y && ok; ++x) ok = S.count(x) == 1;
          }
          if (!ok) {
            r.counterexample = {{"graph1", i}, {"graph2", j}, {"v1", v1}, {"v2", v2}};
            return r;
          }
        }
      }
    }
  }
  return r;
}

/// The bit argument: for g1, g2 <= max_value and x < g1 xor g2, with m the number of binary
/// digits of g1 xor g2 xor x.
StepResult bit_steps(const Claim& c, const CheckContext& ctx, int which) {
  const auto B = domain_param(c, ctx, "max_value");
  StepResult r;
  r.domain = "0 <= g1, g2 <= " + std::to_string(B) + ", 0 <= x < g1 xor g2";
  for (Value g1 = 0; g1 <= B; ++g1) {
    for (Value g2 = 0; g2 <= B; ++g2) {
      const Value y = g1 ^ g2;
      for (Value x = 0; x < y; ++x) {
        ++r.cases;
        const int m = std::bit_width(static_cast<std::uint64_t>(y ^ x));
        auto bit = [&](Value a) { return (a >> (m - 1)) & 1; };
        bool ok;
        if (which == 2) {
          ok = bit(y ^ x) == 1;
        } else if (which == 3) {
          ok = bit(x) == 0 && bit(y) == 1 && bit(g1) + bit(g2) == 1;
        } else {
          const Value lo = bit(g1) == 0 ? g1 : g2;
          const Value hi = bit(g1) == 0 ? g2 : g1;
          ok = (lo ^ x) < hi;
        }
        if (!ok) {
          r.counterexample = {{"g1", g1}, {"g2", g2}, {"x", x}};
          return r;
        }
      }
    }
  }
  return r;
}

/// The periodicity lemma's proof on the instance (i, p), for 2i + p + 2 <= n < max_n - p.
StepResult lemma_step(const Claim& c, const CheckContext& ctx, int which) {
  const auto i = domain_param(c, ctx, "i", 0);
  const auto p = domain_param(c, ctx, "p");
  const auto NN = domain_param(c, ctx, "max_n", 16);
  const auto H = octal_values_naive(OctalCode::parse("0.07"), NN - 1);
  StepResult r;
  r.domain = "Dawson's Kayles (0.07), i = " + std::to_string(i) + ", p = " + std::to_string(p) +
             ", " + std::to_string(2 * i + p + 2) + " <= n < " + std::to_string(NN - p);
  if (which == 2) {
    NaiveSolver<DawsonStripRules> strip;
    for (std::int64_t n = 0; n <= std::min<std::int64_t>(16, NN - 1); ++n, ++r.cases) {
      if (strip.value(empty_strip(n)) != H[static_cast<std::size_t>(n)]) {
        r.counterexample = {{"n", n}, {"why", "strip from its rules differs from H_n"}};
        return r;
      }
    }
  }
  for (std::int64_t n = 2 * i + p + 2; n < NN - p; ++n) {
    ++r.cases;
    auto Hv = [&](std::int64_t x) { return H[static_cast<std::size_t>(x)]; };
    bool ok = true;
    json extra = nullptr;
    if (which == 2) {
      std::set<Value> s;
      for (std::int64_t a = 0; a <= n + p - 2; ++a) s.insert(Hv(a) ^ Hv(n + p - 2 - a));
      ok = Hv(n + p) == mex_of(s);
    } else if (which == 3) {
      for (std::int64_t a = 0; a <= n + p - 2 && ok; ++a) ok = std::max(a, n + p - 2 - a) >= i + p;
    } else if (which == 4) {
      for (std::int64_t a = 0; a <= n + p - 2 && ok; ++a) {
        const std::int64_t b = n + p - 2 - a;
        if (b >= i + p) ok = Hv(b) == Hv(b - p);
      }
    } else {
      std::set<Value> A, B;
      for (std::int64_t cc = i; cc <= n - 2; ++cc) A.insert(Hv(n - 2 - cc) ^ Hv(cc));
      for (std::int64_t a = 0; a <= n - 2; ++a) B.insert(Hv(a) ^ Hv(n - 2 - a));
      if (which == 5) ok = Hv(n + p) == mex_of(A);
      if (which == 6) ok = A == B;
      if (which == 7) ok = mex_of(B) == Hv(n);
    }
    if (!ok) {
      r.counterexample = {{"n", n}};
      return r;
    }
  }
  return r;
}

StepResult k10_centre(const Claim&, const CheckContext&) {
  NaiveSolver<DawsonStripRules> strip;
  const auto H = octal_values_naive(OctalCode::parse("0.07"), 10);
  const Value v = strip.value({0, 1, 2, 3, 6, 7, 8, 9});
  StepResult r;
  r.domain = "the strip of 10 with squares 4, 5 covered, solved from its rules";
  r.cases = 1;
  r.details = {{"value", v}, {"H4_xor_H4", H[4] ^ H[4]}};
  if (v != (H[4] ^ H[4])) r.counterexample = r.details;
  return r;
}

// Made on first use (ProofStepTable stores the maker): start-up runs none of this.
std::vector<ProofStep> make_steps() {
  return {
      {"SG0.step1", "Gが先手必勝 ⇔ g(G')=0なるG'が存在 ⇔ mexが0にならない: mex S != 0 iff 0 in S",
       "S", true, "", sg_zero},
      {"SUM.step1_not_in_S",
       "g(G1) xor g(G2) is not in S = {g(G1') xor g(G2)} u {g(G1) xor "
       "g(G2')}",
       "(graph1, graph2, v1, v2)", true, "",
       [](const Claim& c, const CheckContext& ctx) { return sum_steps(c, ctx, false); }},
      {"SUM.step2_digit", "[g1 xor g2 xor x]_m = 1, m the number of binary digits", "(g1, g2, x)",
       true, "", [](const Claim& c, const CheckContext& ctx) { return bit_steps(c, ctx, 2); }},
      {"SUM.step3_wlog",
       "x < g1 xor g2 gives [x]_m = 0, [g1 xor g2]_m = 1, and exactly one of [g1]_m, [g2]_m "
       "is 1",
       "(g1, g2, x)", true, "",
       [](const Claim& c, const CheckContext& ctx) { return bit_steps(c, ctx, 3); }},
      {"SUM.step4_less", "with [g1]_m = 0 (w.l.o.g.): g1 xor x < g2", "(g1, g2, x)", true, "",
       [](const Claim& c, const CheckContext& ctx) { return bit_steps(c, ctx, 4); }},
      {"SUM.step5_option_exists",
       "some G2' has g(G2') = g(G1) xor x: every x < g(G1) xor g(G2) is in S",
       "(graph1, graph2, v1, v2)", true, "",
       [](const Claim& c, const CheckContext& ctx) { return sum_steps(c, ctx, true); }},
      {"LEMMA.step2_recursion",
       "H_{n+p} = mex_{a+b=n+p-2} H_a xor H_b (and the strip from its rules equals H_n for n "
       "<= 16)",
       "n", true, "",
       [](const Claim& c, const CheckContext& ctx) { return lemma_step(c, ctx, 2); }},
      {"LEMMA.step3_one_large", "a + b = n + p - 2 >= 2(i + p) gives max(a, b) >= i + p", "n", true,
       "", [](const Claim& c, const CheckContext& ctx) { return lemma_step(c, ctx, 3); }},
      {"LEMMA.step4_ih", "for b >= i + p (b <= n + p - 2): H_b = H_{b-p}", "n", true, "",
       [](const Claim& c, const CheckContext& ctx) { return lemma_step(c, ctx, 4); }},
      {"LEMMA.step5_shifted_mex", "H_{n+p} = mex{H_{n-2-c} xor H_c : i <= c <= n-2}", "n", true, "",
       [](const Claim& c, const CheckContext& ctx) { return lemma_step(c, ctx, 5); }},
      {"LEMMA.step6_wlog",
       "n - 2 >= 2i: {H_a xor H_c : a + c = n-2, c >= i} = {H_a xor H_c : a + c = n-2}", "n", true,
       "", [](const Claim& c, const CheckContext& ctx) { return lemma_step(c, ctx, 6); }},
      {"LEMMA.step7_conclusion", "mex_{a+c=n-2} H_a xor H_c = H_n", "n", true, "",
       [](const Claim& c, const CheckContext& ctx) { return lemma_step(c, ctx, 7); }},
      {"EX.k10_centre",
       "K_10の中央にタイルを置いた局面はK_4+K_4: the strip of 10 with the centre covered has "
       "the value H_4 xor H_4",
       "-", true, "", k10_centre},
  };
}

const ProofStepTable kSteps(kChecker, make_steps);

CheckerSchema schema() {
  return proof_step_schema(
      kChecker,
      "the named step of a proof in the Dawson's Kayles blog holds on the stated finite domain",
      {field::integer("max_nodes", "sum theorem: every game graph on at most this many nodes")
           .in(1, 5)
           .fallback(4),
       field::integer("max_value", "bit argument: g1, g2 <= max_value").in(1, 1023).fallback(127),
       field::integer("i", "periodicity lemma: the instance's i").in(0, 1000).fallback(53),
       field::integer("p", "periodicity lemma: the instance's p").in(1, 1000).fallback(34),
       field::integer("max_n", "periodicity lemma: H_n for n < max_n")
           .in(17, 100000)
           .fallback(3000)
           .budget_scaled()},
      {{"step", "SUM.step2_digit"}, {"max_value", 31}});
}

Outcome check_proof_step(const Claim& c, const CheckContext& ctx) {
  return run_proof_step(kChecker, c, ctx);
}

}  // namespace

IGV_REGISTER_CHECKER("octal.proof_step",
                     "a named step of a proof in the Dawson's Kayles blog, on a finite domain",
                     check_proof_step, schema());

}  // namespace igv
