// game.values: the values of any game at positions first, first+1, … or at listed positions,
// term by term (properties/CLAIMS.md, "Generic claims"); the reference kernel recomputes the
// leading positions, and a disagreement is confirmed by a second kernel before it refutes.
#include "core/base/trusted/errors.h"
#include "properties/base/generic_claim_support.h"

namespace igv::generic_claims {
namespace {

Outcome check_values(const Claim& c, const CheckContext& ctx) {
  const auto gk = GameKernels::make(param<std::string>(c, "game"), kernel_name(c));
  std::vector<Position> ps;
  nlohmann::json labels = nlohmann::json::array();
  ctx.require_memory(c.asserted.size() * 64, "the positions of " + gk.game->spec());
  if (stated(c, "positions")) {
    for (const auto& p : c.params.at("positions")) {
      ps.push_back(position_from_json(*gk.game, p));
      labels.push_back(gk.game->format_position(ps.back()));
    }
  } else {
    const auto first = param<std::int64_t>(c, "first");
    for (std::size_t i = 0; i < c.asserted.size(); ++i) {
      const std::int64_t n = first + static_cast<std::int64_t>(i);
      ps.push_back(integer_position(*gk.game, {n}));
      labels.push_back(n);
    }
  }
  if (ps.size() != c.asserted.size())
    throw std::invalid_argument("claim " + c.id + ": one asserted value per position");
  std::size_t naive = 0;
  const auto values = game_values(
      gk, ps, static_cast<std::size_t>(domain_param(c, ctx, "naive_prefix", 0)), &naive);
  Outcome o;
  nlohmann::json computed = nlohmann::json::array();
  nlohmann::json mismatches = nlohmann::json::array();
  for (std::size_t i = 0; i < ps.size(); ++i) {
    computed.push_back(values[i]);
    if (c.asserted[i].get<Value>() != values[i]) {
      mismatches.push_back(
          {{"position", labels[i]}, {"asserted", c.asserted[i]}, {"computed", values[i]}});
    }
  }
  o.evidence = {
      {"game", gk.game->spec()},
      {"domain", stated(c, "positions")
                     ? "the " + std::to_string(ps.size()) + " listed positions"
                     : "positions " + labels.front().dump() + ".." + labels.back().dump()},
      {"positions", labels},
      {"computed", computed},
      {"terms_compared", ps.size()},
      {"terms_disagreeing", mismatches.size()},
      {"naive_checked", naive},
      {"method", method_text(gk, naive)}};
  if (mismatches.empty()) {
    o.verdict = Finding::verified;
    o.summary = "all " + std::to_string(ps.size()) + " values agree";
  } else {
    // The first disagreement is confirmed by a second kernel before anything is refuted.
    for (std::size_t i = 0; i < ps.size(); ++i) {
      if (c.asserted[i].get<Value>() != values[i]) {
        o.evidence["confirmed_by"] = confirm_value(gk, ps[i], values[i]);
        break;
      }
    }
    o.evidence["mismatches"] = mismatches;
    o.refute(mismatches.front());
    o.summary = std::to_string(mismatches.size()) + " of " + std::to_string(ps.size()) +
                " values disagree; first at position " + mismatches.front()["position"].dump() +
                ": asserted " + mismatches.front()["asserted"].dump() + ", computed " +
                mismatches.front()["computed"].dump();
  }
  return o;
}

std::string validate_values(const nlohmann::json& params, const nlohmann::json& asserted) {
  if (auto e = check_game(params, true); !e.empty()) return e;
  const auto gk = GameKernels::make(
      params.at("game").get<std::string>(),
      params.contains("kernel") ? params.at("kernel").get<std::string>() : std::string());
  try {
    if (params.contains("positions")) {
      if (params.contains("first"))
        return "states both 'first' and 'positions': a claim lists its positions one way";
      const auto& ps = params.at("positions");
      if (ps.size() != asserted.size()) {
        return "parameter 'positions': " + std::to_string(ps.size()) + " positions but " +
               std::to_string(asserted.size()) + " asserted values (one value per position)";
      }
      for (std::size_t i = 0; i < ps.size(); ++i) {
        try {
          (void)position_from_json(*gk.game, ps[i]);
        } catch (const InputError& e) {
          return "parameter 'positions[" + std::to_string(i) + "]': " + e.what();
        }
      }
    } else {
      const std::int64_t first =
          params.contains("first") ? params.at("first").get<std::int64_t>() : 0;
      if (static_cast<double>(first) + static_cast<double>(asserted.size()) >
          static_cast<double>(kMaxDomain)) {
        return "parameter 'first': positions beyond " + std::to_string(kMaxDomain) +
               " (list them in 'positions')";
      }
      try {
        (void)integer_position(*gk.game, {first});
      } catch (const InputError& e) {
        return "parameter 'first': " + gk.family->name +
               " does not take integer positions n (list them in 'positions'): " + e.what();
      }
    }
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

CheckerSchema values_schema() {
  return {
      .establishes =
          "the game's values at the stated positions equal the asserted list, term by "
          "term (fast kernel; the naive kernel recomputes the leading positions)",
      .params = {game_field(),
                 field::integer("first",
                                "the first integer position: the values are those of first, "
                                "first+1, … (an OEIS offset); not with 'positions'")
                     .at_least(0)
                     .fallback(0),
                 field::list("positions",
                             field::any("",
                                        "a position: a string in the game's syntax, or a "
                                        "list of integers"),
                             "the positions, one per asserted value; not with 'first'")
                     .items(1),
                 kernel_field(), naive_prefix_field()},
      .asserted = field::list("", field::integer("", "a value").at_least(0),
                              "the values, in the order of the positions")
                      .items(1),
      .example_params = {{"game", "octal:0.07"}, {"first", 1}},
      .example_asserted = {0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3},
      .validate = validate_values,
  };
}

IGV_REGISTER_CHECKER("game.values",
                     "the values of any game at positions first, first+1, … or "
                     "at listed positions",
                     check_values, values_schema());

}  // namespace
}  // namespace igv::generic_claims
