// Derivation steps of the Welter document, 002_ae6d722b5ea2de0c, as claims (issue #12): one step
// of the reduction by the two relations, nim-addition as binary addition without carry, the
// "copied to the right and up" description of the starting values, why their non-vanishing is
// "immediate", and the reading of the lost rules sentence. Values from the rules by the naive
// solver (core/welter/welter_naive.h); starting values w(n) by Conway's mating
// (core/welter/welter_start.h).
#include <algorithm>
#include <bit>

#include "core/welter/welter_naive.h"
#include "core/welter/welter_start.h"
#include "properties/base/check_helpers.h"
#include "properties/base/proof_steps.h"

namespace igv {

namespace {

using nlohmann::json;

constexpr const char* kChecker = "welter.proof_step";

/// Every position with 1..max_coins coins on squares [0, squares), in lexicographic order.
std::vector<WelterCoins> positions(std::int64_t squares, std::int64_t max_coins) {
  std::vector<WelterCoins> out;
  WelterCoins cur;
  std::function<void(std::int64_t)> rec = [&](std::int64_t from) {
    if (!cur.empty()) out.push_back(cur);
    if (static_cast<std::int64_t>(cur.size()) == max_coins) return;
    for (std::int64_t s = from; s < squares; ++s) {
      cur.push_back(s);
      rec(s + 1);
      cur.pop_back();
    }
  };
  rec(0);
  return out;
}

StepResult reduction_step(const Claim& c, const CheckContext& ctx) {
  const auto S = domain_param(c, ctx, "squares", 2);
  const auto K = domain_param(c, ctx, "max_coins");
  WelterNaive naive;
  StepResult r;
  r.domain = "every position of 1.." + std::to_string(K) + " coins on squares [0, " +
             std::to_string(S) + ") (lexicographic order)";
  for (const auto& P : positions(S, K)) {
    ++r.cases;
    const std::int64_t a = P[0];
    WelterCoins rest;
    for (std::size_t i = 1; i < P.size(); ++i) rest.push_back((P[i] ^ a) - 1);
    std::sort(rest.begin(), rest.end());
    Value red = rest.empty() ? 0 : naive.value(rest);
    if (P.size() % 2 == 1) red ^= a;
    const Value direct = naive.value(P);
    if (red != direct) {
      r.counterexample = {{"position", P}, {"value", direct}, {"reduced", red}};
      return r;
    }
  }
  return r;
}

StepResult nim_no_carry(const Claim& c, const CheckContext& ctx) {
  const auto B = domain_param(c, ctx, "max_value");
  StepResult r;
  r.domain = "0 <= a, b <= " + std::to_string(B);
  for (std::int64_t a = 0; a <= B; ++a) {
    for (std::int64_t b = 0; b <= B; ++b) {
      ++r.cases;
      std::int64_t s = 0;
      for (int i = 0; i < 62; ++i) s |= (((a >> i & 1) + (b >> i & 1)) % 2) << i;
      if (s != (a ^ b)) {
        r.counterexample = {{"a", a}, {"b", b}};
        return r;
      }
    }
  }
  return r;
}

StepResult fractal_copy(const Claim& c, const CheckContext& ctx) {
  const auto Lmax = domain_param(c, ctx, "max_bits");
  StepResult r;
  r.domain = "n = 2^L + r, 1 <= L <= " + std::to_string(Lmax) + ", 0 <= r < 2^L";
  auto w = [](std::int64_t n) { return n == 0 ? Value{0} : welter_start_value(n); };
  for (std::int64_t L = 1; L <= Lmax; ++L) {
    for (std::int64_t rr = 0; rr < (std::int64_t{1} << L); ++rr) {
      ++r.cases;
      const std::int64_t n = (std::int64_t{1} << L) + rr;
      const Value expected =
          rr < (std::int64_t{1} << (L - 1))
              ? 3 * (std::int64_t{1} << L) + w(rr)
              : (std::int64_t{1} << (L + 1)) + w((std::int64_t{1} << L) - 1 - rr);
      if (w(n) != expected) {
        r.counterexample = {{"n", n}, {"w", w(n)}, {"copy", expected}};
        return r;
      }
    }
  }
  return r;
}

StepResult start_nonzero(const Claim& c, const CheckContext& ctx) {
  const auto N = domain_param(c, ctx, "max_n");
  StepResult r;
  r.domain = "1 <= n <= " + std::to_string(N);
  for (std::int64_t n = 1; n <= N; ++n) {
    ++r.cases;
    const Value w = welter_start_value(n);
    const int b = std::bit_width(static_cast<std::uint64_t>(n));
    if (!(w >= (Value{1} << b) && w < (Value{1} << (b + 1)))) {
      r.counterexample = {{"n", n}, {"w", w}};
      return r;
    }
  }
  return r;
}

StepResult glasses_reading(const Claim&, const CheckContext&) {
  WelterNaive naive;
  const WelterCoins p = {1, 3, 6, 10};
  const Value v = naive.value(p);
  const auto moves = naive.winning_moves(p);
  StepResult r;
  r.domain = "the position 1, 3, 6, 10 and all its moves";
  r.cases = 1;
  json mv = json::array();
  for (const auto& m : moves) mv.push_back({{"from", m.from}, {"to", m.to}});
  r.details = {{"value", v}, {"winning_moves", mv}};
  if (!(v == 10 && moves.size() == 1 && moves[0].from == 10 && moves[0].to == 4))
    r.counterexample = r.details;
  return r;
}

// Made on first use (ProofStepTable stores the maker): start-up runs none of this.
std::vector<ProofStep> make_steps() {
  return {
      {"RULES.glasses_reading",
       "reading of the lost rules sentence (a glass may be lowered to any count no other glass "
       "holds = a coin moves to any lower free square): [1|3|6|10] = 10 and the only winning "
       "move takes 6 balls from the glass of 10",
       "-", true, "", glasses_reading},
      {"DER.reduction_step",
       "one step of the two relations with x = a, the least coin: [a|b|c|...] = [(b xor a)-1 | "
       "(c xor a)-1 | ...] xor (a if the number of coins is odd)",
       "lexicographic position", true, "", reduction_step},
      {"DER.nim_addition_no_carry",
       "Si desactiva ... llevar dígitos, se llevará a cabo Nim adición: a xor b = sum of ((a_i + "
       "b_i) mod 2) 2^i",
       "(a, b)", true, "", nim_no_carry},
      {"DER.fractal_copy",
       "reading of 'patterns from the previous two lengths are copied to the right and up': "
       "w(2^L + r) = 3 2^L + w(r) for r < 2^(L-1), = 2^(L+1) + w(2^L - 1 - r) otherwise",
       "n", true, "", fractal_copy},
      {"DER.start_nonzero_immediate",
       "why 'it is immediate' that w(n) != 0: w(n) has exactly one more binary digit than n", "n",
       true, "", start_nonzero},
  };
}

const ProofStepTable kSteps(kChecker, make_steps);

CheckerSchema schema() {
  return proof_step_schema(
      kChecker,
      "the named derivation step of the Welter document holds on the stated finite domain",
      {field::integer("squares", "positions on squares [0, squares)").in(2, 16).fallback(12),
       field::integer("max_coins", "positions of at most this many coins").in(1, 5).fallback(4),
       field::integer("max_value", "nim-sums of a, b <= max_value").in(1, 4096).fallback(255),
       field::integer("max_bits", "w(2^L + r) for L <= max_bits").in(1, 14).fallback(7),
       field::integer("max_n", "w(n) for n <= max_n").in(1, 100000).fallback(256).budget_scaled()},
      {{"step", "DER.nim_addition_no_carry"}, {"max_value", 63}});
}

Outcome check_proof_step(const Claim& c, const CheckContext& ctx) {
  return run_proof_step(kChecker, c, ctx);
}

}  // namespace

IGV_REGISTER_CHECKER("welter.proof_step",
                     "a named derivation step of the Welter document, on a finite domain",
                     check_proof_step, schema());

}  // namespace igv
