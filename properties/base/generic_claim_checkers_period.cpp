// game.period: the least period, preperiod and saltus of any game with period certificates,
// proved from what the family's independent checker accepted (conclude_from_certificate), or
// refuted from the reference values when no certificate can be had (properties/CLAIMS.md).
#include <optional>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/limits.h"
#include "properties/base/generic_claim_support.h"

namespace igv::generic_claims {
namespace {

/// The asserted period, preperiod, saltus, last exceptional value and exceptions against the
/// sequence the family's checker accepted (its last proved sequence: the one the certificate is
/// about). Exceptions are every n < e with G(n) != G(n + jp) - js, jp the least multiple of p
/// reaching e: values the checker established, since it keeps G(0 .. e + p - 1).
/// The asserted preperiod e (from preperiod or last_exceptional_value), when the claim states one.
std::optional<std::int64_t> asserted_preperiod(const Claim& c) {
  if (c.asserted.contains("preperiod")) return c.asserted.at("preperiod").get<std::int64_t>();
  if (c.asserted.contains("last_exceptional_value"))
    return c.asserted.at("last_exceptional_value").get<std::int64_t>() + 1;
  return std::nullopt;
}

/// The most n a derivation scans for the least failure of an asserted relation.
constexpr std::int64_t kMostRelationScan = 10'000'000;

Derivation derive_period(const CertificateVerdict& facts, const Claim& c, const CheckContext&) {
  const ProvedPeriod& g = facts.proved().back();
  const std::int64_t period = g.period, preperiod = g.preperiod, saltus = g.saltus;
  Derivation d;
  d.evidence = {{"period", period}, {"preperiod", preperiod}, {"saltus", saltus}};
  nlohmann::json faults = nlohmann::json::array();
  // The asserted relation G(n + p) = G(n) + s for n >= e, read on the proved values: for
  // n >= max(e, e0) the difference G(n + p) - G(n) - s repeats with the proved period p0, so
  // n in [e, max(e, e0) + p0) covers every n (when that fits the scan).
  if (c.asserted.contains("period")) {
    if (const auto e = asserted_preperiod(c)) {
      const std::int64_t p = c.asserted.at("period").get<std::int64_t>();
      const std::int64_t s = c.asserted.value("saltus", std::int64_t{0});
      const std::int64_t end = std::max(*e, preperiod) + period;
      if (end - *e <= kMostRelationScan) {
        for (std::int64_t n = *e; n < end; ++n) {
          if (g.value(n + p) != g.value(n) + s) {
            faults.push_back(
                {{"what", "relation"},
                 {"n", n},
                 {"asserted", "G(" + std::to_string(n + p) + ") = G(" + std::to_string(n) + ") + " +
                                  std::to_string(s) + " = " + std::to_string(g.value(n) + s)},
                 {"proved",
                  "G(" + std::to_string(n + p) + ") = " + std::to_string(g.value(n + p))}});
            break;
          }
        }
      }
    }
  }
  const auto compare = [&](const char* key, std::int64_t computed) {
    if (!c.asserted.contains(key)) return;
    if (c.asserted.at(key).get<std::int64_t>() != computed) {
      faults.push_back({{"what", key}, {"asserted", c.asserted.at(key)}, {"proved", computed}});
    }
  };
  compare("period", period);
  compare("preperiod", preperiod);
  compare("last_exceptional_value", preperiod - 1);
  if (c.asserted.value("saltus", std::int64_t{0}) != saltus) {
    faults.push_back({{"what", "saltus"},
                      {"asserted", c.asserted.value("saltus", std::int64_t{0})},
                      {"proved", saltus}});
  }
  if (faults.empty() && c.asserted.contains("exceptions")) {
    std::vector<std::int64_t> found;
    for (std::int64_t n = 0; n < preperiod; ++n) {
      const std::int64_t jumps = (preperiod - n + period - 1) / period;
      if (g.value(n) != g.value(n + jumps * period) - jumps * saltus) found.push_back(n);
    }
    const auto asserted = c.asserted.at("exceptions").get<std::vector<std::int64_t>>();
    d.evidence["exceptions"] = found;
    d.evidence["exceptions_method"] =
        "the values G(0 .. e + p - 1) the certificate checker established";
    if (asserted != found) {
      faults.push_back({{"what", "exceptions"}, {"asserted", asserted}, {"proved", found}});
    }
  }
  if (faults.empty()) {
    d.holds = true;
    d.summary = "period " + std::to_string(period) + ", preperiod " + std::to_string(preperiod) +
                ", saltus " + std::to_string(saltus) + " proved (certificate accepted)" +
                (c.asserted.contains("exceptions") ? "; the exceptions agree" : "");
  } else {
    d.counterexample = faults.front();
    d.evidence["disagreements"] = faults;
    if (faults.front()["what"] == "relation") {
      d.summary = "the asserted relation fails at n = " + faults.front()["n"].dump() + ": " +
                  faults.front()["proved"].get<std::string>() + ", not " +
                  faults.front()["asserted"].get<std::string>();
    } else {
      d.summary = faults.front()["what"].get<std::string>() + ": asserted " +
                  faults.front()["asserted"].dump() + ", proved " + faults.front()["proved"].dump();
    }
  }
  return d;
}

/// When no certificate can be had: the asserted relation G(n + p) = G(n) + s (n >= e) against
/// computed values. The fast kernel looks for the least failing n on a prefix; the reference
/// (naive) kernel then recomputes G(0 .. n + p) and must agree with it there (a disagreement is
/// an error), and the refutation rests on the reference values. Without a failure, a preperiod
/// e > 0 whose n = e - 1 satisfies the relation is not the least (either the relation fails
/// further on, or it holds from e - 1): refuted too. Nothing found: nullopt (the claim stays
/// undecided). `why` says why no certificate was had.
std::optional<Outcome> refute_from_values(const GameKernels& gk, const Claim& c,
                                          const CheckContext& ctx, const std::string& why,
                                          std::int64_t fixed_length = 0,
                                          std::int64_t* holds_below = nullptr) {
  const auto e = asserted_preperiod(c);
  if (!c.asserted.contains("period") || !e) return std::nullopt;
  const std::int64_t p = c.asserted.at("period").get<std::int64_t>();
  const std::int64_t s = c.asserted.value("saltus", std::int64_t{0});
  // The values compared are held in memory: a preperiod and period beyond a few million (a
  // Frolov row's) are not compared this way.
  constexpr std::int64_t kMostCompared = std::int64_t{1} << 22;
  if (*e + p > kMostCompared) return std::nullopt;
  // A fixed length (the values a producer computed before it found no theorem): no budget can
  // change what is established, so none is spent.
  const std::int64_t most = fixed_length > 0
                                ? std::min(kMostCompared, fixed_length)
                                : std::min(kMostCompared, *e + p + ctx.scaled(4096, 64));
  const auto positions = [&](std::int64_t count) {
    std::vector<Position> ps;
    for (std::int64_t n = 0; n < count; ++n) ps.push_back(integer_position(*gk.game, {n}));
    return ps;
  };
  std::vector<Value> g;
  std::optional<std::int64_t> failing;
  try {
    for (std::int64_t len = std::min<std::int64_t>(most, *e + p + 256);;
         len = std::min(most, 2 * len)) {
      ctx.require_time("the values of " + gk.game->spec());
      ctx.require_memory(static_cast<std::uint64_t>(len) * 160, "the values of " + gk.game->spec());
      g = game_values(gk, positions(len), 0);
      for (std::int64_t n = *e; n + p < len && !failing; ++n) {
        if (g[static_cast<std::size_t>(n + p)] != g[static_cast<std::size_t>(n)] + s) failing = n;
      }
      if (failing || len == most) break;
    }
  } catch (const InputError&) {
    return std::nullopt;  // positions that are not one integer: nothing to compare
  } catch (const BudgetExceeded&) {
    return std::nullopt;
  }
  const auto at = [&](std::int64_t n) { return g[static_cast<std::size_t>(n)]; };
  if (!failing && holds_below != nullptr) *holds_below = static_cast<std::int64_t>(g.size()) - p;
  const std::int64_t upto = failing ? *failing + p : *e - 1 + p;
  if (!failing && (*e == 0 || upto >= static_cast<std::int64_t>(g.size()) ||
                   at(*e - 1 + p) != at(*e - 1) + s)) {
    return std::nullopt;
  }
  // The reference kernel's values decide.
  const auto ps = positions(upto + 1);
  const auto naive = gk.reference->values(*gk.game, ps);
  if (static_cast<std::int64_t>(naive.size()) != upto + 1)
    throw std::logic_error("the reference kernel returned too few values");
  for (std::int64_t n = 0; n <= upto; ++n) {
    if (naive[static_cast<std::size_t>(n)] != at(n)) {
      throw std::logic_error("kernels disagree at position " + std::to_string(n) + " of " +
                             gk.game->spec() + ": " + gk.kernel->name + " gives " +
                             std::to_string(at(n)) + ", " + gk.reference->name + " gives " +
                             std::to_string(naive[static_cast<std::size_t>(n)]));
    }
  }
  Outcome o;
  o.evidence = {
      {"game", gk.game->spec()},
      {"no_certificate", why},
      {"values_compared", static_cast<std::int64_t>(g.size())},
      {"method", "values by " + gk.kernel->name + " on G(0.." + std::to_string(g.size() - 1) +
                     "); G(0.." + std::to_string(upto) + ") recomputed by the reference kernel " +
                     gk.reference->name + ", which the refutation rests on"}};
  const auto rel = [&](std::int64_t n) {
    return "G(" + std::to_string(n + p) + ") = " + std::to_string(at(n + p)) + ", G(" +
           std::to_string(n) + ") + " + std::to_string(s) + " = " + std::to_string(at(n) + s);
  };
  if (failing) {
    o.refute({{"n", *failing},
              {"G(n)", at(*failing)},
              {"G(n+p)", at(*failing + p)},
              {"asserted", "G(n + " + std::to_string(p) + ") = G(n) + " + std::to_string(s) +
                               " for n >= " + std::to_string(*e)}});
    o.summary = "the asserted relation fails at n = " + std::to_string(*failing) + ": " +
                rel(*failing) + " (the least such n >= " + std::to_string(*e) + ")";
  } else {
    o.refute({{"n", *e - 1}, {"G(n)", at(*e - 1)}, {"G(n+p)", at(*e - 1 + p)}});
    o.summary = "preperiod " + std::to_string(*e) +
                " is not the least: the relation holds at n = " + std::to_string(*e - 1) + " (" +
                rel(*e - 1) + "), so either it fails further on or it holds from " +
                std::to_string(*e - 1);
  }
  return o;
}

/// No theorem the harness checks reaches the game's (arithmetic) period: refuted when the values
/// the producer computed contradict the claim, else inconclusive, saying which hypothesis fails
/// and what the values establish (no budget is involved, and none is spent).
Outcome beyond_theorems(const GameKernels& gk, const Claim& c, const CheckContext& ctx,
                        const LimitReached& e) {
  const std::int64_t computed = e.reached.value("heaps_computed", std::int64_t{0});
  std::int64_t holds_below = -1;
  if (auto o = refute_from_values(gk, c, ctx, e.what(), computed, &holds_below)) return *o;
  Outcome o;
  o.verdict = Finding::inconclusive;
  o.evidence = {{"game", gk.game->spec()}, {"no_theorem", e.what()}, {"reached", e.reached}};
  std::string established;
  if (holds_below >= 0 && c.asserted.contains("period")) {
    const auto pre = asserted_preperiod(c);
    const std::int64_t p = c.asserted.at("period").get<std::int64_t>();
    const std::int64_t s = c.asserted.value("saltus", std::int64_t{0});
    established = "G(n + " + std::to_string(p) + ") = G(n) + " + std::to_string(s) +
                  " verified for " + std::to_string(*pre) + " <= n < " +
                  std::to_string(holds_below) + " (values by " + gk.kernel->name + ")";
    o.evidence["verified"] = established;
    o.evidence["verified_below"] = holds_below;
  } else if (e.reached.contains("verified")) {
    established = "the values show " + e.reached.at("verified").get<std::string>();
  }
  const std::string h = e.reached.value("failing_hypothesis", std::string());
  o.summary = "no theorem the harness checks proves it" +
              (h.empty() ? std::string()
                         : ": Theorem A's " + h + " fails (" +
                               e.reached.value("hypothesis_meaning", std::string()) + ")") +
              (established.empty() ? std::string() : "; " + established);
  return o;
}

Outcome check_period(const Claim& c, const CheckContext& ctx) {
  const auto gk = GameKernels::make(param<std::string>(c, "game"));
  PeriodRequest request;
  request.limits.deadline = ctx.deadline;
  request.limits.memory_bytes = ctx.memory_limit_bytes;
  // --budget reaches the family's own search bound (octal games: the heaps searched).
  request.budget = ctx.budget;
  PeriodAnswer answer;
  try {
    answer = gk.game->period_limited(request);
  } catch (const LimitReached& e) {
    if (e.limit == "theorem") return beyond_theorems(gk, c, ctx, e);
    // inconclusive, with the reason and what was reached, unless the values contradict the claim
    if (auto o = refute_from_values(gk, c, ctx, e.what())) return *o;
    throw;
  } catch (const InputError& e) {
    const std::string why =
        std::string("no period can be proved for ") + gk.game->spec() + ": " + e.what();
    if (auto o = refute_from_values(gk, c, ctx, why)) return *o;
    throw BudgetExceeded(why);
  }
  // The certificate is re-checked from the printed JSON alone by the family's independent
  // checker: `proved` rests on what that checker established, not on the producer.
  const CertificateCheck check = gk.game->check_certificate(answer.document);
  if (!check.verdict.accepted()) {
    throw std::logic_error("the producer's certificate for " + gk.game->spec() +
                           " was rejected by the checker: " + check.verdict.reason());
  }
  Outcome o = conclude_from_certificate(check.verdict, certificate_file(answer.document), c, ctx,
                                        derive_period);
  o.evidence["game"] = gk.game->spec();
  o.evidence["certificate"] = answer.document.at("certificate");
  o.evidence["checker"] = check.verdict.reason();
  return o;
}

std::string validate_period(const nlohmann::json& params, const nlohmann::json& asserted) {
  if (auto e = check_game(params, true); !e.empty()) return e;
  if (!asserted.contains("period") && !asserted.contains("preperiod") &&
      !asserted.contains("last_exceptional_value"))
    return "asserted: at least one of period, preperiod, last_exceptional_value";
  if (asserted.contains("preperiod") && asserted.contains("last_exceptional_value"))
    return "asserted: preperiod or last_exceptional_value, not both (e = last + 1)";
  return "";
}

CheckerSchema period_schema() {
  return {
      .establishes =
          "the least period, preperiod and saltus of the game's values are the "
          "asserted ones (proved: a certificate its family's independent checker "
          "accepted; with exceptions listed, verified)",
      .params = {game_field()},
      .asserted = field::object(
          "",
          {field::integer("period", "the least period p").at_least(1),
           field::integer("preperiod", "the least preperiod e: G(n + p) = G(n) + s for n >= e")
               .at_least(0),
           field::integer("last_exceptional_value", "e - 1 (Winning Ways; OEIS)").at_least(-1),
           field::integer("saltus", "s (0 for ordinary periodicity; absent: 0)").at_least(0),
           field::list("exceptions", field::integer("", "a position").at_least(0),
                       "every n < e with G(n) != G(n + jp) - js, jp the least multiple of p "
                       "reaching e (optional)")},
          "what the source publishes (period, and preperiod or last exceptional value)"),
      .example_params = {{"game", "octal:0.07"}},
      .example_asserted = {{"period", 34}, {"last_exceptional_value", 52}},
      .validate = validate_period,
  };
}

IGV_REGISTER_CHECKER("game.period",
                     "the least period, preperiod and saltus of any game with period "
                     "certificates",
                     check_period, period_schema());

}  // namespace
}  // namespace igv::generic_claims
