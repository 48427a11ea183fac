// game.p_positions: the P-positions of any game in a range, listed or as residues modulo m
// (properties/CLAIMS.md, "Generic claims"); the least counterexample in the order the domain is
// stated (increasing n; for two coordinates, increasing x then y).
#include <optional>
#include <set>

#include "core/base/trusted/errors.h"
#include "properties/base/generic_claim_support.h"
#include "properties/base/generic_other_games.h"

namespace igv::generic_claims {
namespace {

Outcome check_p_positions(const Claim& c, const CheckContext& ctx) {
  const auto gk = GameKernels::make(param<std::string>(c, "game"), kernel_name(c));
  const int coords = coordinates_of(*gk.game, c.params);
  const auto b = range_of(c.params).second;
  OtherGames others(ctx, b);
  const GameValueFn other = [&](const std::string& spec, const std::vector<std::int64_t>& p) {
    return others(spec, p);
  };
  const GameValueFn other_outcome = [&](const std::string& spec,
                                        const std::vector<std::int64_t>& p) {
    return others.outcome(spec, p);
  };
  const Domain d = domain_of(c.params, coords);
  const bool residues = c.asserted.is_object() && c.asserted.contains("modulus");
  const bool by_condition = c.asserted.is_object() && c.asserted.contains("condition");
  std::optional<Formula> condition;
  if (by_condition)
    condition =
        Formula::parse(c.asserted.at("condition").get<std::string>(), formula_variables(coords));
  std::set<std::vector<std::int64_t>> listed;
  std::int64_t m = 1;
  std::set<std::int64_t> rs;
  nlohmann::json outside = nlohmann::json::array();
  if (residues) {
    m = c.asserted.at("modulus").get<std::int64_t>();
    for (const auto& r : c.asserted.at("residues")) rs.insert(r.get<std::int64_t>());
  } else if (!by_condition) {
    for (const auto& e : c.asserted) {
      std::vector<std::int64_t> p =
          e.is_array() ? e.get<std::vector<std::int64_t>>() : std::vector<std::int64_t>{e};
      // outside the range, out of order, or where the condition does not hold: not in the domain
      bool inside = d.holds(p);
      if (inside && d.where) {
        try {
          inside = d.where->evaluate(p, other, other_outcome) != 0;
        } catch (const FormulaError& err) {
          throw std::invalid_argument("the condition 'where' cannot be evaluated at " +
                                      point_json(p).dump() + ": " + err.what());
        }
      }
      if (!inside) outside.push_back(point_json(p));
      listed.insert(std::move(p));
    }
  }
  Outcome o;
  nlohmann::json found = nlohmann::json::array();
  std::uint64_t found_count = 0;
  nlohmann::json faults = nlohmann::json::array();
  std::uint64_t fault_count = 0;
  std::vector<std::int64_t> first_fault;
  Value first_fault_value = 0;
  WalkStats st;
  if (outside.empty()) {
    walk_domain(
        c, gk, d, ctx, other, other_outcome,
        [&](const std::vector<std::int64_t>& p, Value v) {
          const bool p_pos = v == 0;
          if (p_pos && ++found_count <= 2000) found.push_back(point_json(p));
          bool claimed = false;
          if (residues) {
            claimed = rs.count(((p[0] % m) + m) % m) > 0;
          } else if (by_condition) {
            try {
              claimed = condition->evaluate(p, other, other_outcome) != 0;
            } catch (const FormulaError& e) {
              throw std::invalid_argument("the condition cannot be evaluated at " +
                                          point_json(p).dump() + ": " + e.what());
            }
          } else {
            claimed = listed.count(p) > 0;
          }
          if (p_pos != claimed) {
            if (fault_count == 0) {
              first_fault = p;
              first_fault_value = v;
            }
            if (++fault_count <= 100) {
              nlohmann::json f = {{"position", point_json(p)},
                                  {"asserted", claimed ? "P" : "N"},
                                  {"computed", p_pos ? "P" : "N"}};
              if (!st.outcomes) f["value"] = v;
              faults.push_back(std::move(f));
            }
          }
          return true;
        },
        st, /*outcomes_only=*/true);
  }
  const std::string domain = d.text();
  o.evidence = {{"game", gk.game->spec()},
                {"domain", domain},
                {"positions", st.positions},
                {"p_positions_found", found_count},
                {"naive_checked", st.naive},
                {"method", method_text(gk, st.naive) +
                               (st.outcomes   ? "; the outcomes by its sieve, one bit a heap"
                                : st.streamed ? "; the values streamed, none held"
                                              : "")}};
  if (found_count <= 2000) o.evidence["p_positions"] = found;
  if (d.where) {
    o.evidence["where"] = c.params.at("where");
    o.evidence["skipped"] = st.skipped;
  }
  if (!outside.empty()) {
    o.refute({{"position", outside.front()}, {"what", "listed, but outside the range"}});
    o.summary = "a listed P-position lies outside the range: " + outside.front().dump();
    return o;
  }
  if (fault_count == 0) {
    o.verdict = Finding::verified;
    o.summary = "the " + std::to_string(found_count) + " P-positions with " + domain +
                " are exactly the asserted ones";
  } else {
    // The first disagreement is confirmed by a second kernel before anything is refuted.
    const Position at = integer_position(*gk.game, first_fault);
    if (st.outcomes) {
      // the sieve gave the outcome alone: the value by the kernel's own route, then confirmed
      first_fault_value = game_values(gk, {at}, 0).at(0);
      if ((first_fault_value == 0) != (faults.front()["computed"] == "P"))
        throw std::logic_error("kernel " + gk.kernel->name +
                               "'s outcome sieve and its values "
                               "disagree at " +
                               point_json(first_fault).dump());
      faults.front()["value"] = first_fault_value;
    }
    o.evidence["confirmed_by"] = confirm_value(gk, at, first_fault_value);
    o.refute(faults.front());
    o.evidence["disagreements"] = faults;
    o.evidence["disagreements_count"] = fault_count;
    o.summary = "position " + faults.front()["position"].dump() + " is " +
                faults.front()["computed"].get<std::string>() + " (value " +
                faults.front()["value"].dump() + "), asserted " +
                faults.front()["asserted"].get<std::string>();
  }
  return o;
}

std::string validate_p_positions(const nlohmann::json& params, const nlohmann::json& asserted) {
  if (auto e = check_game(params, false); !e.empty()) return e;
  if (auto e = check_coordinates(params); !e.empty()) return e;
  const int coords = coordinates_of(params);
  if (auto e = check_where(params, coords); !e.empty()) return e;
  if (auto e = check_range(params, coords); !e.empty()) return e;
  if (asserted.is_object() && asserted.contains("condition")) {
    if (asserted.size() != 1) return "asserted: { condition = \"…\" } holds the condition alone";
    if (!asserted.at("condition").is_string())
      return "asserted.condition: a formula in quotes expected";
    try {
      const Formula f =
          Formula::parse(asserted.at("condition").get<std::string>(), formula_variables(coords));
      return check_formula_games(f, "asserted.condition");
    } catch (const FormulaError& e) {
      return std::string("asserted.condition: ") + e.what();
    }
  }
  if (asserted.is_object()) {
    if (coords != 1) return "asserted: residues modulo m are for one coordinate only";
    for (const auto& [k, v] : asserted.items()) {
      if (k != "modulus" && k != "residues")
        return "asserted: unknown key '" + k + "' (accepted: modulus, residues; or condition)";
    }
    if (!asserted.contains("modulus") || !asserted.at("modulus").is_number_integer() ||
        asserted.at("modulus").get<std::int64_t>() < 1)
      return "asserted.modulus: a positive integer expected";
    const auto m = asserted.at("modulus").get<std::int64_t>();
    if (!asserted.contains("residues") || !asserted.at("residues").is_array())
      return "asserted.residues: a list of residues expected";
    std::int64_t last = -1;
    for (const auto& r : asserted.at("residues")) {
      if (!r.is_number_integer() || r.get<std::int64_t>() < 0 || r.get<std::int64_t>() >= m)
        return "asserted.residues: each residue is an integer in 0.." + std::to_string(m - 1);
      if (r.get<std::int64_t>() <= last) return "asserted.residues: in increasing order, each once";
      last = r.get<std::int64_t>();
    }
    return "";
  }
  if (!asserted.is_array())
    return "asserted: a list of P-positions, { modulus = m, residues = [...] } or { condition = "
           "\"…\" }";
  for (std::size_t i = 0; i < asserted.size(); ++i) {
    const auto& e = asserted[i];
    bool ok = coords == 1 ? e.is_number_integer()
                          : e.is_array() && e.size() == static_cast<std::size_t>(coords);
    if (ok && coords > 1) {
      for (const auto& x : e) ok = ok && x.is_number_integer();
    }
    if (!ok) {
      return "asserted[" + std::to_string(i) + "]: " +
             (coords == 1 ? std::string("an integer position n expected")
              : coords == 2
                  ? std::string("a position [x, y] expected (the claim's positions are "
                                "pairs)")
                  : "a position of " + std::to_string(coords) +
                        " integers expected (coordinates = " + std::to_string(coords) + ")");
    }
  }
  // The list is the claim: one that repeats a position, or (integers) is not increasing, is not
  // the set the checker compares, and is refused rather than read as one.
  if (coords == 1) {
    for (std::size_t i = 1; i < asserted.size(); ++i) {
      if (asserted[i].get<std::int64_t>() <= asserted[i - 1].get<std::int64_t>())
        return "asserted[" + std::to_string(i) + "]: " + asserted[i].dump() + " after " +
               asserted[i - 1].dump() + " (the P-positions in increasing order, each once)";
    }
  } else {
    std::set<std::vector<std::int64_t>> seen;
    for (std::size_t i = 0; i < asserted.size(); ++i) {
      if (!seen.insert(asserted[i].get<std::vector<std::int64_t>>()).second)
        return "asserted[" + std::to_string(i) + "]: " + asserted[i].dump() +
               " is listed twice (each P-position once)";
    }
  }
  return "";
}

CheckerSchema p_positions_schema() {
  return {
      .establishes =
          "the P-positions (the player to move loses) in the domain are exactly the "
          "asserted ones, or exactly those n with n mod m among the residues, or exactly those "
          "where the asserted condition holds",
      .params = {game_field(), range_field(), coordinates_field(), order_field(), kernel_field(),
                 naive_prefix_field(), where_field()},
      .asserted = field::any(
          "",
          "the P-positions in the range: integers n in increasing order, each once, or "
          "[x, y] pairs (or [x1, …, xk] tuples), each once; or { modulus = m, residues = [r, "
          "...] }; or { condition = \"…\" }, a formula in the domain's variables that is not 0 "
          "exactly at the P-positions"),
      .example_params = {{"game", "subtraction:1,3,4"}, {"range", {0, 100}}},
      .example_asserted = {{"modulus", 7}, {"residues", {0, 2}}},
      .validate = validate_p_positions,
      .formulas = claim_formulas,
  };
}

IGV_REGISTER_CHECKER("game.p_positions",
                     "the P-positions of any game in a range, listed or by "
                     "residues",
                     check_p_positions, p_positions_schema());

}  // namespace
}  // namespace igv::generic_claims
