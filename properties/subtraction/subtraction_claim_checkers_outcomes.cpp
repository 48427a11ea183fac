// Checkers for outcome statements about particular subtraction games: who wins from a heap,
// which heaps are P-positions, the take-away recursion and its strategy
// (001_bc98b3364103fd4a, the 1–3 take-away; 004_2d19be0a5059ae39, §1.1, §1.4, exercises 1, 2, 4).
//   subtraction.outcome_residues   "P-positions are n ≡ r (mod m)": proved through the period
//                                  (or, for a question, the answer computed and proved);
//   subtraction.outcome_table      a printed P/N table, cell by cell;
//   subtraction.position           the outcome and winning moves from given heaps (exact);
//   subtraction.takeaway_formula   P(n) = 1 - P(n-1)P(n-2)P(n-3) = [4 ∤ n] for every n;
//   subtraction.complement_strategy  answer x with m - x; from n ≢ 0 take n mod m.
// P(n) is the slides' 𝒫(n): 1 when the first player wins (N-position), 0 otherwise.
#include <numeric>
#include <set>

#include "core/base/trusted/errors.h"
#include "core/subtraction/subtraction_family.h"
#include "core/subtraction/trusted/subtraction_naive.h"
#include "properties/base/check_helpers.h"
#include "properties/subtraction/subtraction_claim_support.h"

namespace igv {

namespace {

std::unique_ptr<SubtractionGame> game_param(const Claim& claim, const std::string& spec) {
  const std::string& family = find_game_family(spec).name;  // an unknown game: its error
  if (family != "subtraction" && family != "subtraction-misere")
    throw InputError("claim " + claim.id + ": '" + spec + "' is not a subtraction game");
  return make_subtraction_game(spec);
}

/// G(0) .. G(count - 1) of the sequence the checker library proved (its values below the
/// preperiod and one period, then the period): never a producer's values.
std::vector<Value> values_of(const ProvedPeriod& g, std::int64_t count) {
  std::vector<Value> out;
  out.reserve(static_cast<std::size_t>(count));
  for (std::int64_t n = 0; n < count; ++n) out.push_back(g.value(n));
  return out;
}

/// The game of the claim's `game` parameter and the sequence its accepted certificate proved.
const ProvedPeriod& proved_g(const CertificateVerdict& facts) {
  return facts.proved().front();
}

nlohmann::json period_evidence(const SubtractionGame& game) {
  return game.period().document;
}

/// The P-positions of a game with proved period data, in the simplest form: the P-positions
/// below the preperiod, and the residues mod the least modulus m | p that describes the rest.
nlohmann::json describe_p_positions(const SubtractionGame& game, const ProvedPeriod& proved) {
  const std::int64_t pre = proved.preperiod, per = proved.period;
  const auto g = values_of(proved, pre + per);
  std::vector<std::int64_t> exceptional;
  for (std::int64_t n = 0; n < pre; ++n) {
    if (g[static_cast<std::size_t>(n)] == 0) exceptional.push_back(n);
  }
  // The least modulus m dividing p for which P-ness on [ℓ, ℓ + p) depends only on n mod m.
  std::int64_t modulus = per;
  for (std::int64_t m = 1; m <= per; ++m) {
    if (per % m != 0) continue;
    bool works = true;
    for (std::int64_t n = pre; n < pre + per && works; ++n) {
      const std::int64_t partner = pre + ((n - pre + m) % per);
      works = (g[static_cast<std::size_t>(n)] == 0) == (g[static_cast<std::size_t>(partner)] == 0);
    }
    if (works) {
      modulus = m;
      break;
    }
  }
  std::set<std::int64_t> residues;
  for (std::int64_t n = pre; n < pre + per; ++n) {
    if (g[static_cast<std::size_t>(n)] == 0) residues.insert(n % modulus);
  }
  // The winning takes by residue class (for N-positions beyond the preperiod and s_k).
  nlohmann::json strategy = nlohmann::json::object();
  if (!game.set().powers_of_two) {
    const std::int64_t from = pre + game.set().largest();
    const auto h = values_of(proved, from + per);
    for (std::int64_t n = from; n < from + per; ++n) {
      if (h[static_cast<std::size_t>(n)] == 0) continue;
      nlohmann::json takes = nlohmann::json::array();
      for (auto s : game.set().elements) {
        if (h[static_cast<std::size_t>(n - s)] == 0) takes.push_back(s);
      }
      strategy["n mod " + std::to_string(per) + " = " + std::to_string(n % per)] = takes;
    }
  }
  std::string text = "P-positions: ";
  if (!exceptional.empty()) text += format_int_list(exceptional, false) + " and ";
  text += "n >= " + std::to_string(pre) + " with n mod " + std::to_string(modulus) + " in {" +
          format_int_list(std::vector<std::int64_t>(residues.begin(), residues.end()), false) + "}";
  nlohmann::json j = {{"p_positions_below_preperiod", exceptional},
                      {"modulus", modulus},
                      {"p_residues_from_preperiod", residues},
                      {"text", text}};
  if (!strategy.empty()) j["winning_takes_by_residue"] = strategy;
  return j;
}

/// "P-positions are n ≡ r (mod m)", from the proved sequence: P-ness is periodic from ℓ with
/// period p, the printed rule with period m, so agreement on ℓ + lcm(p, m) heaps decides every n.
Derivation derive_outcome_residues(const CertificateVerdict& facts, const Claim& claim,
                                   const CheckContext&) {
  const ProvedPeriod& g = proved_g(facts);
  const auto modulus = claim.asserted.at("modulus").get<std::int64_t>();
  std::set<std::int64_t> residues;
  for (const auto& r : claim.asserted.at("p_residues")) residues.insert(r.get<std::int64_t>());
  const auto length = decisive_length(g.preperiod, g.period, 0, modulus);
  if (!length) throw BudgetExceeded("comparison too long for " + g.what);
  Derivation d;
  for (std::int64_t n = 0; n < *length; ++n) {
    const bool p_computed = g.value(n) == 0;
    const bool p_printed = residues.count(n % modulus) != 0;
    if (p_computed != p_printed) {
      d.counterexample = {
          {"n", n}, {"printed", p_printed ? "P" : "N"}, {"computed", p_computed ? "P" : "N"}};
      d.summary = "heap " + std::to_string(n) + " is " + (p_computed ? "P" : "N") +
                  ", the rule says " + (p_printed ? "P" : "N");
      return d;
    }
  }
  d.holds = true;
  d.evidence["heaps_compared"] = *length;
  d.evidence["method"] =
      "P-positions of the proved periodic sequence compared with the printed residues on "
      "l + lcm(p, m) heaps, which decides every n";
  d.summary = "P-positions are exactly n mod " + std::to_string(modulus) + " in " +
              claim.asserted.at("p_residues").dump();
  return d;
}

Outcome check_outcome_residues(const Claim& claim, const CheckContext& ctx) {
  const auto game = game_param(claim, param<std::string>(claim, "game"));
  const auto& certified = game->proved_period();
  Outcome o = conclude_from_certificate(certified.verdict, certificate_file(period_evidence(*game)),
                                        claim, ctx, derive_outcome_residues);
  o.evidence["period"] = period_evidence(*game);
  o.evidence["answer"] = describe_p_positions(*game, certified.proved());
  if (o.verdict == Verdict::proved) {
    o.summary = "proved for every n (" +
                std::string(game->set().powers_of_two ? "mod-3 residue lemma"
                                                      : "window-lemma certificate") +
                "): " + o.summary;
  }
  return o;
}

Outcome check_outcome_table(const Claim& claim, const CheckContext&) {
  const auto game = game_param(claim, param<std::string>(claim, "game"));
  const auto first = param<std::int64_t>(claim, "first");
  const auto count = static_cast<std::int64_t>(claim.asserted.size());
  const auto naive = subtraction_values_naive(game->set(), game->play(), first + count);
  Outcome o = compare_sequence(
      claim.asserted,
      [&](std::int64_t n) {
        return nlohmann::json(naive[static_cast<std::size_t>(n)] == 0 ? "P" : "N");
      },
      first, "P/N labels of " + game->spec() + " (naive kernel)");
  return o;
}

Outcome check_position(const Claim& claim, const CheckContext&) {
  const auto specs = param<std::vector<std::string>>(claim, "games");
  const auto n = param<std::int64_t>(claim, "n");
  if (claim.asserted.size() != specs.size()) {
    throw InputError("claim " + claim.id + ": asserted has " +
                     std::to_string(claim.asserted.size()) + " answers for " +
                     std::to_string(specs.size()) + " games (one answer per game)");
  }
  Outcome o;
  o.verdict = Finding::verified;
  nlohmann::json answers = nlohmann::json::array();
  std::string summary;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const auto game = game_param(claim, specs[i]);
    // Two routes: the naive table of every heap up to n, and the family's fast value.
    const auto naive = subtraction_values_naive(game->set(), game->play(), n + 1);
    const auto fast = game->value({n});
    if (fast.value != naive.back()) {
      o.verdict = Finding::error;
      o.summary = "kernels disagree at " + specs[i] + " heap " + std::to_string(n);
      return o;
    }
    nlohmann::json takes = nlohmann::json::array();
    nlohmann::json leaves = nlohmann::json::array();
    for (auto option : SubtractionRules{game->set()}.moves(n)) {
      if (naive[static_cast<std::size_t>(option)] == 0) {
        takes.push_back(n - option);
        leaves.push_back(option);
      }
    }
    const std::string outcome = naive.back() == 0 ? "P" : "N";
    nlohmann::json answer = {{"game", specs[i]},
                             {"n", n},
                             {"value", naive.back()},
                             {"outcome", outcome},
                             {"first_player_wins", outcome == "N"},
                             {"winning_takes", takes},
                             {"winning_moves_leave", leaves}};
    answers.push_back(answer);
    summary += (summary.empty() ? "" : "; ") + specs[i] + " from " + std::to_string(n) + ": " +
               (outcome == "N" ? "first player wins, winning takes " + takes.dump()
                               : "second player wins");
    // The printed answer for this game: its outcome, and its winning takes when stated.
    const nlohmann::json& printed = claim.asserted.at(i);
    if (o.verdict != Verdict::refuted) {
      for (const char* key : {"outcome", "winning_takes"}) {
        if (printed.contains(key) && printed.at(key) != answer.at(key)) {
          o.refute({{"game", specs[i]},
                    {"n", n},
                    {"field", key},
                    {"printed", printed.at(key)},
                    {"computed", answer.at(key)}});
          break;
        }
      }
    }
  }
  o.evidence = {
      {"domain", "the stated heap, every option, values by the naive kernel (every heap 0.." +
                     std::to_string(n) + ") and the family's fast kernel"},
      {"answers", answers}};
  o.summary = o.verdict == Verdict::refuted
                  ? "disagrees with the printed answer: " + o.counterexample().dump()
                  : summary;
  return o;
}

/// P(n) of the slides: 1 when the player to move wins.
std::vector<int> first_player_wins(const std::vector<Value>& g) {
  std::vector<int> p;
  for (auto v : g) p.push_back(v != 0 ? 1 : 0);
  return p;
}

/// P(n) = 1 − P(n−1)P(n−2)P(n−3) = [m ∤ n], from the proved sequence: both sides are periodic
/// with period lcm(p, m) from ℓ + s_k on, so that many more heaps decide every n.
Derivation derive_takeaway_formula(const CertificateVerdict& facts, const Claim& claim,
                                   const CheckContext&) {
  const auto game = game_param(claim, param<std::string>(claim, "game"));
  const auto modulus = param<std::int64_t>(claim, "modulus");
  const ProvedPeriod& g = proved_g(facts);
  const std::int64_t width = game->set().largest();
  const auto span = decisive_length(g.preperiod + width, g.period, 0, modulus);
  if (!span) throw BudgetExceeded("takeaway formula: comparison too long");
  const auto p = first_player_wins(values_of(g, *span));
  auto p_at = [&](std::int64_t n) { return n < 0 ? 1 : p[static_cast<std::size_t>(n)]; };
  Derivation d;
  for (std::int64_t n = 0; n < *span; ++n) {
    int product = 1;
    for (auto s : game->set().elements) product *= p_at(n - s);
    const int recursion = 1 - product;
    const int closed_form = n % modulus != 0 ? 1 : 0;
    if (p_at(n) != recursion || p_at(n) != closed_form) {
      d.counterexample = {
          {"n", n}, {"P(n)", p_at(n)}, {"recursion", recursion}, {"closed_form", closed_form}};
      d.summary = "fails at n = " + std::to_string(n);
      return d;
    }
  }
  d.holds = true;
  d.evidence = {
      {"heaps_compared", *span},
      {"convention", "P(m) = 1 for m < 0 (a move that does not exist never leads to a loss)"},
      {"method",
       "P(n) from the proved periodic Sprague-Grundy sequence; recursion and closed form "
       "compared on l + s_k + lcm(p, 4) heaps, which decides every n"}};
  d.summary = "proved for every n >= 0: P(n) = 1 - P(n-1)P(n-2)P(n-3) = [4 does not divide n]";
  return d;
}

Outcome check_takeaway_formula(const Claim& claim, const CheckContext& ctx) {
  const auto game = game_param(claim, param<std::string>(claim, "game"));
  Outcome o = conclude_from_certificate(game->proved_period().verdict,
                                        certificate_file(period_evidence(*game)), claim, ctx,
                                        derive_takeaway_formula);
  o.evidence["period"] = period_evidence(*game);
  return o;
}

/// The complement strategy: from a multiple of m every take x is answered by m − x; otherwise
/// take n mod m. Its moves depend on n mod m and P-ness is periodic, so ℓ + m + lcm(p, m) heaps
/// of the proved sequence decide every n.
Derivation derive_complement_strategy(const CertificateVerdict& facts, const Claim& claim,
                                      const CheckContext&) {
  const auto game = game_param(claim, param<std::string>(claim, "game"));
  const auto m = param<std::int64_t>(claim, "modulus");
  const ProvedPeriod& proved = proved_g(facts);
  const auto& s = game->set().elements;
  auto in_s = [&](std::int64_t x) { return std::find(s.begin(), s.end(), x) != s.end(); };
  const auto span = decisive_length(proved.preperiod + m, proved.period, 0, m);
  if (!span) throw BudgetExceeded("strategy check too long");
  const auto g = values_of(proved, *span);
  Derivation d;
  for (std::int64_t n = 0; n < *span; ++n) {
    nlohmann::json bad = nullptr;
    if (n % m == 0) {
      // Second player: every x the first player takes is answered by m - x, back to a
      // multiple of m, which is a P-position.
      for (auto x : s) {
        if (x > n) continue;
        if (!in_s(m - x) || m - x > n - x || g[static_cast<std::size_t>(n - m)] != 0) {
          bad = {{"n", n}, {"x", x}, {"answer", m - x}};
        }
      }
    } else if (!in_s(n % m) || g[static_cast<std::size_t>(n - n % m)] != 0) {
      bad = {{"n", n}, {"take", n % m}};
    }
    if (!bad.is_null()) {
      d.counterexample = bad;
      d.summary = "the strategy fails at " + bad.dump();
      return d;
    }
  }
  d.holds = true;
  d.evidence = {{"heaps_checked", *span},
                {"method",
                 "the strategy's moves depend on n mod m and P-ness is periodic; l + m + lcm(p, m) "
                 "heaps decide every n"}};
  d.summary = "proved for every n: from a multiple of " + std::to_string(m) +
              " the answer m - x returns to a "
              "multiple of m (a P-position); otherwise taking n mod m leaves one";
  return d;
}

Outcome check_complement_strategy(const Claim& claim, const CheckContext& ctx) {
  const auto game = game_param(claim, param<std::string>(claim, "game"));
  Outcome o = conclude_from_certificate(game->proved_period().verdict,
                                        certificate_file(period_evidence(*game)), claim, ctx,
                                        derive_complement_strategy);
  o.evidence["period"] = period_evidence(*game);
  return o;
}

Field subtraction_game_field() {
  return field::game("game", "a subtraction game (subtraction:S or subtraction-misere:S)").needed();
}

CheckerSchema outcome_residues_schema() {
  CheckerSchema s;
  s.establishes =
      "for every n, n is a P-position exactly when n mod modulus is one of the "
      "asserted residues (proved through the game's certified period)";
  s.params = {subtraction_game_field()};
  s.asserted = field::object("",
                             {field::integer("modulus", "the modulus m").in(1, 1000000).needed(),
                              field::list("p_residues", field::integer("", "").at_least(0),
                                          "the residues r of the P-positions, n ≡ r (mod m)")
                                  .needed()},
                             "the P-positions as residue classes");
  s.example_params = {{"game", "subtraction:1,3,4"}};
  s.example_asserted = {{"modulus", 7}, {"p_residues", {0, 2}}};
  return s;
}

CheckerSchema outcome_table_schema() {
  CheckerSchema s;
  s.establishes = "the asserted P/N labels are the outcomes of heaps first, first + 1, …";
  s.params = {subtraction_game_field(),
              field::integer("first", "the heap of the first label").at_least(0).fallback(0)};
  s.asserted = field::list("", field::choice("", {"P", "N"}, ""), "the printed labels").items(1);
  s.example_params = {{"game", "subtraction:1,3,4"}};
  s.example_asserted = {"P", "N", "P", "N"};
  return s;
}

CheckerSchema position_schema() {
  CheckerSchema s;
  s.establishes =
      "from a heap of n, each listed game has the asserted outcome (and exactly the "
      "asserted winning takes, when stated)";
  s.params = {
      field::list("games", field::game("", "a subtraction game"), "the games").items(1).needed(),
      field::integer("n", "the heap").in(0, 100000000).needed()};
  s.asserted = field::list(
      "",
      field::object("",
                    {field::choice("outcome", {"P", "N"}, "P: the second player wins").needed(),
                     field::integers("winning_takes", "every winning take, increasing")},
                    "the answer for one game"),
      "one answer per game, in order");
  s.example_params = {{"games", {"subtraction:1,2,3"}}, {"n", 21}};
  s.example_asserted = {{{"outcome", "N"}, {"winning_takes", {1}}}};
  return s;
}

CheckerSchema modulus_schema(const std::string& establishes) {
  CheckerSchema s;
  s.establishes = establishes;
  s.params = {
      field::game("game", "a take-away game subtraction:1,…,m-1").fallback("subtraction:1,2,3"),
      field::integer("modulus", "the modulus m of the statement").in(2, 10000).needed()};
  s.example_params = {{"game", "subtraction:1,2,3"}, {"modulus", 4}};
  return s;
}

}  // namespace

IGV_REGISTER_CHECKER("subtraction.outcome_residues",
                     "P-positions of SUB(S) by residue, proved via the period",
                     check_outcome_residues, outcome_residues_schema());
IGV_REGISTER_CHECKER("subtraction.outcome_table", "a printed P/N table of SUB(S)",
                     check_outcome_table, outcome_table_schema());
IGV_REGISTER_CHECKER("subtraction.position", "outcome and winning moves from a heap",
                     check_position, position_schema());
IGV_REGISTER_CHECKER("subtraction.takeaway_formula",
                     "P(n) = 1 - prod P(n-s) = [m does not divide n]", check_takeaway_formula,
                     modulus_schema("for every n, P(n) = 1 - P(n-1)P(n-2)…P(n-k) = [modulus does "
                                    "not divide n] (proved through the certified period)"));
IGV_REGISTER_CHECKER("subtraction.complement_strategy", "the take-away complement strategy",
                     check_complement_strategy,
                     modulus_schema("for every n: from a multiple of modulus, answering x with "
                                    "modulus - x returns to a multiple (a P-position); otherwise "
                                    "taking n mod modulus leaves one (proved)"));

}  // namespace igv
