// game.p_positions: the P-positions of any game in a range, listed or as residues modulo m
// (properties/CLAIMS.md, "Generic claims"); the least counterexample in the order the domain is
// stated (increasing n; for two coordinates, increasing x then y).
#include <set>

#include "core/base/trusted/errors.h"
#include "properties/base/generic_claim_support.h"
#include "properties/base/generic_other_games.h"

namespace igv::generic_claims {
namespace {

Outcome check_p_positions(const Claim& c, const CheckContext& ctx) {
  const auto gk = GameKernels::make(param<std::string>(c, "game"), kernel_name(c));
  const int coords = coordinates_of(*gk.game, c.params);
  const auto [a, b] = range_of(c.params);
  OtherGames others(ctx, b);
  const GameValueFn other = [&](const std::string& spec, const std::vector<std::int64_t>& p) {
    return others(spec, p);
  };
  const GameValueFn other_outcome = [&](const std::string& spec,
                                        const std::vector<std::int64_t>& p) {
    return others.outcome(spec, p);
  };
  std::size_t skipped = 0;
  const auto points = domain_points(c, a, b, coords, ctx, other, other_outcome, &skipped);
  const std::set<std::vector<std::int64_t>> in_domain(points.begin(), points.end());
  std::size_t naive = 0;
  const auto values = values_of_points(gk, points, c, ctx, &naive);
  const bool residues = c.asserted.is_object();
  std::set<std::vector<std::int64_t>> listed;
  std::int64_t m = 1;
  std::set<std::int64_t> rs;
  nlohmann::json outside = nlohmann::json::array();
  if (residues) {
    m = c.asserted.at("modulus").get<std::int64_t>();
    for (const auto& r : c.asserted.at("residues")) rs.insert(r.get<std::int64_t>());
  } else {
    for (const auto& e : c.asserted) {
      std::vector<std::int64_t> p =
          e.is_array() ? e.get<std::vector<std::int64_t>>() : std::vector<std::int64_t>{e};
      bool in_range = true;
      for (auto x : p) {
        if (x < a || x > b) outside.push_back(point_json(p));
        in_range = in_range && x >= a && x <= b;
      }
      // in the range, but not where the condition holds: outside the domain too
      if (in_range && stated(c, "where") && in_domain.count(p) == 0)
        outside.push_back(point_json(p));
      listed.insert(std::move(p));
    }
  }
  Outcome o;
  nlohmann::json found = nlohmann::json::array();
  nlohmann::json faults = nlohmann::json::array();
  for (std::size_t i = 0; i < points.size(); ++i) {
    const bool p_pos = values[i] == 0;
    if (p_pos) found.push_back(point_json(points[i]));
    const bool claimed =
        residues ? rs.count(((points[i][0] % m) + m) % m) > 0 : listed.count(points[i]) > 0;
    if (p_pos != claimed) {
      faults.push_back({{"position", point_json(points[i])},
                        {"asserted", claimed ? "P" : "N"},
                        {"computed", p_pos ? "P" : "N"},
                        {"value", values[i]}});
    }
  }
  const std::string domain =
      (coords == 1 ? "n in " + std::to_string(a) + ".." + std::to_string(b)
                   : "x, y in " + std::to_string(a) + ".." + std::to_string(b)) +
      (stated(c, "where") ? " where " + c.params.at("where").get<std::string>() : std::string());
  o.evidence = {{"game", gk.game->spec()},    {"domain", domain},
                {"positions", points.size()}, {"p_positions_found", found.size()},
                {"naive_checked", naive},     {"method", method_text(gk, naive)}};
  if (found.size() <= 2000) o.evidence["p_positions"] = found;
  if (stated(c, "where")) {
    o.evidence["where"] = c.params.at("where");
    o.evidence["skipped"] = skipped;
  }
  if (!outside.empty()) {
    o.verdict = Finding::refuted;
    o.counterexample = {{"position", outside.front()}, {"what", "listed, but outside the range"}};
    o.summary = "a listed P-position lies outside the range: " + outside.front().dump();
    return o;
  }
  if (faults.empty()) {
    o.verdict = Finding::verified;
    o.summary = "the " + std::to_string(found.size()) + " P-positions with " + domain +
                " are exactly the asserted ones";
  } else {
    // The first disagreement is confirmed by a second kernel before anything is refuted.
    for (std::size_t i = 0; i < points.size(); ++i) {
      if (point_json(points[i]) == faults.front()["position"]) {
        o.evidence["confirmed_by"] =
            confirm_value(gk, integer_position(*gk.game, points[i]), values[i]);
        break;
      }
    }
    o.verdict = Finding::refuted;
    o.counterexample = faults.front();
    if (faults.size() > 100) faults.erase(faults.begin() + 100, faults.end());
    o.evidence["disagreements"] = faults;
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
  if (asserted.is_object()) {
    if (coords != 1) return "asserted: residues modulo m are for one coordinate only";
    for (const auto& [k, v] : asserted.items()) {
      if (k != "modulus" && k != "residues")
        return "asserted: unknown key '" + k + "' (accepted: modulus, residues)";
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
    return "asserted: a list of P-positions, or { modulus = m, residues = [...] }";
  for (std::size_t i = 0; i < asserted.size(); ++i) {
    const auto& e = asserted[i];
    const bool ok = coords == 1 ? e.is_number_integer()
                                : e.is_array() && e.size() == 2 && e[0].is_number_integer() &&
                                      e[1].is_number_integer();
    if (!ok) {
      return "asserted[" + std::to_string(i) + "]: " +
             (coords == 1 ? std::string("an integer position n expected")
                          : std::string("a position [x, y] expected (the game's positions are "
                                        "pairs)"));
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
          "the P-positions (the player to move loses) in the range are exactly the "
          "asserted ones, or exactly those n with n mod m among the residues",
      .params = {game_field(), range_field(), coordinates_field(), kernel_field(),
                 naive_prefix_field(), where_field()},
      .asserted = field::any(
          "",
          "the P-positions in the range: integers n in increasing order, each once, or "
          "[x, y] pairs, each once, for a game on pairs such as wythoff; or { modulus = m, "
          "residues = [r, ...] }"),
      .example_params = {{"game", "subtraction:1,3,4"}, {"range", {0, 100}}},
      .example_asserted = {{"modulus", 7}, {"residues", {0, 2}}},
      .validate = validate_p_positions,
  };
}

IGV_REGISTER_CHECKER("game.p_positions",
                     "the P-positions of any game in a range, listed or by "
                     "residues",
                     check_p_positions, p_positions_schema());

}  // namespace
}  // namespace igv::generic_claims
