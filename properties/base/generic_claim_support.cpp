#include "properties/base/generic_claim_support.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <tuple>

#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"

namespace igv::generic_claims {

Field game_field() {
  return field::game("game", "the game: any specification `verify games` lists, e.g. octal:0.07")
      .needed();
}
Field kernel_field() {
  return field::string("kernel",
                       "the kernel the values come from (`verify kernels`); default: the "
                       "family's first fast kernel")
      .nonempty();
}
Field naive_prefix_field() {
  return field::integer("naive_prefix",
                        "how many leading positions the reference (naive) kernel recomputes as "
                        "an independent check, those within the family's cross-check domain (a "
                        "disagreement is an error)")
      .in(0, 1'000'000)
      .fallback(300)
      .budget_scaled();
}
Field range_field() {
  return field::list("range", field::integer("", "a bound").at_least(0),
                     "[a, b]: the integer positions a..b (both ends included); with two "
                     "coordinates, every [x, y] with x and y in a..b")
      .items(2, 2)
      .needed();
}
Field coordinates_field() {
  return field::integer("coordinates",
                        "how many heaps (or integers) a position is: 1 (n, the default), 2 (x, "
                        "y), 3 (x, y, z), k (x1 … xk), for a game whose positions are sums or "
                        "lists of heaps (nim, misere-nim, octal, hex, grundy, welter, chomp); a "
                        "game played on pairs says it (wythoff, rook: 2), so a stated one is only "
                        "checked")
      .in(1, kMaxCoordinates);
}

Field order_field() {
  return field::choice("order",
                       {"any", "nondecreasing", "nonincreasing", "increasing", "decreasing"},
                       "with several coordinates: every tuple of the box [a, b]^k (any), or only "
                       "the sorted ones, x1 <= x2 <= … (nondecreasing), x1 >= x2 >= … "
                       "(nonincreasing: Chomp's rows), x1 < x2 < … (increasing: Welter's "
                       "coins), x1 > x2 > … (decreasing)")
      .fallback("any");
}

Field where_field() {
  return field::string("where",
                       "a condition in n (or x, y, z, x1 … xk), e.g. \"x != y\": only the "
                       "positions of the "
                       "range where it is not 0 are checked (the others are skipped, and counted "
                       "in the evidence); without it every position of the range must exist")
      .nonempty();
}

/// The formula names of a domain of `coords` coordinates.
FormulaNames formula_variables(int coords) {
  return FormulaNames::heaps(coords);
}

/// The claim's `where` condition, when it states one.
std::optional<Formula> where_of(const nlohmann::json& params, int coords) {
  if (!params.contains("where")) return std::nullopt;
  return Formula::parse(params.at("where").get<std::string>(), formula_variables(coords));
}

std::string kernel_name(const Claim& c) {
  return stated(c, "kernel") ? c.params.at("kernel").get<std::string>() : std::string();
}

/// Load-time check shared by the checkers: the game (and the kernel, when named) exist, and the
/// game's kernels give Sprague–Grundy values when `need_grundy`.
std::string check_game(const nlohmann::json& params, bool need_grundy) {
  try {
    const auto gk =
        GameKernels::make(params.at("game").get<std::string>(),
                          params.contains("kernel") ? params.at("kernel").get<std::string>() : "");
    if (need_grundy && gk.family->value_kind != ValueKind::grundy) {
      return "parameter 'game': " + gk.family->name +
             " has outcomes, not Sprague-Grundy values: state its outcomes with game.value "
             "(asserted.outcome) or game.p_positions";
    }
  } catch (const InputError& e) {
    return std::string(params.contains("kernel") ? "parameter 'kernel': " : "parameter 'game': ") +
           e.what();
  }
  return "";
}

std::pair<std::int64_t, std::int64_t> range_of(const nlohmann::json& params) {
  const auto& r = params.at("range");
  return {r.at(0).get<std::int64_t>(), r.at(1).get<std::int64_t>()};
}

/// The number of coordinates of a claim's positions: the game's when it fixes one
/// (GameInstance::coordinates), else the claim's `coordinates` (default 1).
int coordinates_of(const GameInstance& game, const nlohmann::json& params) {
  if (const int fixed = game.coordinates(); fixed > 0) return fixed;
  return params.contains("coordinates") ? params.at("coordinates").get<int>() : 1;
}

int coordinates_of(const nlohmann::json& params) {
  return coordinates_of(*GameKernels::make(params.at("game").get<std::string>()).game, params);
}

/// Load-time check of a stated `coordinates`: it must be the game's when the game fixes one.
std::string check_coordinates(const nlohmann::json& params) {
  if (!params.contains("coordinates")) return "";
  const int stated = params.at("coordinates").get<int>();
  const int game = GameKernels::make(params.at("game").get<std::string>()).game->coordinates();
  if (game == 0 || stated == game) return "";
  return "parameter 'coordinates': the positions of " + params.at("game").get<std::string>() +
         " have " + std::to_string(game) + " coordinate" + (game == 1 ? "" : "s") + ", not " +
         std::to_string(stated) + " (the game says it; the parameter may be left out)";
}

namespace {

Order order_of(const nlohmann::json& params) {
  const std::string o = params.contains("order") ? params.at("order").get<std::string>() : "any";
  if (o == "nondecreasing") return Order::nondecreasing;
  if (o == "nonincreasing") return Order::nonincreasing;
  if (o == "increasing") return Order::increasing;
  if (o == "decreasing") return Order::decreasing;
  return Order::any;
}

const char* order_name(Order o) {
  switch (o) {
    case Order::any:
      return "any";
    case Order::nondecreasing:
      return "nondecreasing";
    case Order::nonincreasing:
      return "nonincreasing";
    case Order::increasing:
      return "increasing";
    case Order::decreasing:
      return "decreasing";
  }
  return "any";
}

/// C(n, k) in long double, saturating.
long double binomial(long double n, int k) {
  if (n < k) return 0;
  long double c = 1;
  for (int i = 1; i <= k; ++i) {
    c = c * (n - k + i) / i;
    if (c > 1e30L) return 1e30L;
  }
  return c;
}

std::string count_text(long double c) {
  if (c < 1e18L) return std::to_string(static_cast<std::uint64_t>(c + 0.5L));
  char buf[64];
  std::snprintf(buf, sizeof buf, "about %.3Le", c);
  return buf;
}

}  // namespace

long double Domain::count() const {
  const long double side = static_cast<long double>(b - a) + 1.0L;
  if (coords == 1) return side;
  switch (order) {
    case Order::any: {
      long double c = 1;
      for (int i = 0; i < coords && c < 1e30L; ++i) c *= side;
      return std::min(c, 1e30L);
    }
    case Order::nondecreasing:
    case Order::nonincreasing:
      return binomial(side + coords - 1, coords);
    case Order::increasing:
    case Order::decreasing:
      return binomial(side, coords);
  }
  return side;
}

std::string Domain::text() const {
  const std::string r = std::to_string(a) + ".." + std::to_string(b);
  std::string s;
  if (coords == 1) {
    s = "n in " + r;
  } else if (coords == 2 && order == Order::any) {
    s = "x, y in " + r;
  } else {
    s = (coords == 2   ? std::string("x, y")
         : coords == 3 ? std::string("x, y, z")
                       : "x1.." + std::string("x") + std::to_string(coords)) +
        " in " + r;
    if (order != Order::any) s += std::string(", ") + order_name(order);
  }
  if (where) s += " where " + where_text;
  return s;
}

bool Domain::first(std::vector<std::int64_t>& p) const {
  p.assign(static_cast<std::size_t>(coords), a);
  const auto k = static_cast<std::int64_t>(coords);
  if (order == Order::increasing || order == Order::decreasing) {
    if (b - a + 1 < k) return false;
    for (std::int64_t i = 0; i < k; ++i)
      p[static_cast<std::size_t>(i)] = order == Order::increasing ? a + i : a + (k - 1 - i);
  }
  return true;
}

bool Domain::next(std::vector<std::int64_t>& p) const {
  const auto k = static_cast<std::size_t>(coords);
  for (std::size_t j = k; j-- > 0;) {
    // the largest value coordinate j may take, given those before it
    std::int64_t top = b;
    if (order == Order::increasing) top = b - static_cast<std::int64_t>(k - 1 - j);
    if (order == Order::nonincreasing && j > 0) top = p[j - 1];
    if (order == Order::decreasing && j > 0) top = p[j - 1] - 1;
    if (p[j] >= top) continue;
    ++p[j];
    for (std::size_t i = j + 1; i < k; ++i) {
      switch (order) {
        case Order::any:
        case Order::nonincreasing:
          p[i] = a;
          break;
        case Order::nondecreasing:
          p[i] = p[j];
          break;
        case Order::increasing:
          p[i] = p[i - 1] + 1;
          break;
        case Order::decreasing:
          p[i] = a + static_cast<std::int64_t>(k - 1 - i);
          break;
      }
    }
    return true;
  }
  return false;
}

bool Domain::holds(const std::vector<std::int64_t>& p) const {
  if (p.size() != static_cast<std::size_t>(coords)) return false;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] < a || p[i] > b) return false;
    if (i == 0) continue;
    switch (order) {
      case Order::any:
        break;
      case Order::nondecreasing:
        if (p[i - 1] > p[i]) return false;
        break;
      case Order::nonincreasing:
        if (p[i - 1] < p[i]) return false;
        break;
      case Order::increasing:
        if (p[i - 1] >= p[i]) return false;
        break;
      case Order::decreasing:
        if (p[i - 1] <= p[i]) return false;
        break;
    }
  }
  return true;
}

Domain domain_of(const nlohmann::json& params, int coords) {
  Domain d;
  std::tie(d.a, d.b) = range_of(params);
  d.coords = coords;
  d.order = coords == 1 ? Order::any : order_of(params);
  d.where = where_of(params, coords);
  if (d.where) d.where_text = params.at("where").get<std::string>();
  return d;
}

/// Load-time check of `range`, `order` and the domain's size, and that the domain's positions are
/// the game's.
std::string check_range(const nlohmann::json& params, int coords) {
  const auto [a, b] = range_of(params);
  if (a > b)
    return "parameter 'range': [" + std::to_string(a) + ", " + std::to_string(b) +
           "] is empty (a must be at most b)";
  if (coords == 1 && params.contains("order") && params.at("order").get<std::string>() != "any")
    return "parameter 'order': for positions of several coordinates (coordinates = 2 or more)";
  Domain d;
  try {
    d = domain_of(params, coords);
  } catch (const FormulaError&) {
    d = domain_of(nlohmann::json{{"range", params.at("range")},
                                 {"order", params.value("order", std::string("any"))}},
                  coords);
  }
  const long double count = d.count();
  if (count < 1) {
    return "parameter 'range': no " + std::to_string(coords) + " " + order_name(d.order) +
           " coordinates in " + std::to_string(a) + ".." + std::to_string(b);
  }
  const auto gk = GameKernels::make(
      params.at("game").get<std::string>(),
      params.contains("kernel") ? params.at("kernel").get<std::string>() : std::string());
  if (coords == 1 && gk.kernel->largest_heap > 0 && b > gk.kernel->largest_heap) {
    return "parameter 'range': kernel '" + gk.kernel->name + "' of " + gk.family->name +
           " computes heaps up to " + std::to_string(gk.kernel->largest_heap) +
           " only (its cap), not " + std::to_string(b) + " (another kernel, or a smaller range)";
  }
  const bool streams =
      coords == 1 && (streams_ranges(*gk.kernel) || static_cast<bool>(gk.kernel->range_outcomes));
  if (!streams && count > static_cast<long double>(kMaxDomain)) {
    return "parameter 'range': the domain has " + count_text(count) + " positions, more than the " +
           std::to_string(kMaxDomain) + " a claim checks" +
           (coords == 1 ? " with kernel '" + gk.kernel->name +
                              "', which does not stream its values (they are held in memory)"
                        : std::string(" (positions of several coordinates are checked one by "
                                      "one; narrow the range, or use order = \"nondecreasing\")"));
  }
  // The first and the last tuples the condition keeps (the condition read without other games'
  // values; one that needs them is checked when the claim runs), among the first 4096 of each end.
  std::vector<std::vector<std::int64_t>> ends;
  const auto kept = [&](const std::vector<std::int64_t>& p) {
    if (!d.where) return true;
    try {
      return d.where->evaluate(p) != 0;
    } catch (const FormulaError&) {
      return false;
    }
  };
  std::vector<std::int64_t> p;
  bool more = d.first(p);
  for (int i = 0; more && i < 4096; ++i, more = d.next(p)) {
    if (kept(p)) {
      ends.push_back(p);
      break;
    }
  }
  std::vector<std::int64_t> last(static_cast<std::size_t>(coords), b);
  if (d.order == Order::increasing || d.order == Order::nondecreasing) {
    for (int i = 0; i < coords; ++i)
      last[static_cast<std::size_t>(i)] = d.order == Order::increasing ? b - (coords - 1 - i) : b;
  } else if (d.order == Order::decreasing) {
    for (int i = 0; i < coords; ++i) last[static_cast<std::size_t>(i)] = b - i;
  }
  if (d.holds(last) && kept(last)) ends.push_back(last);
  try {
    for (const auto& e : ends) (void)integer_position(*gk.game, e);
  } catch (const InputError& e) {
    return "parameter 'range': " + gk.family->name + " does not take these positions with " +
           std::to_string(coords) + " coordinate(s): " + e.what();
  }
  return "";
}

nlohmann::json point_json(const std::vector<std::int64_t>& p) {
  return p.size() == 1 ? nlohmann::json(p[0]) : nlohmann::json(p);
}

std::string method_text(const GameKernels& gk, std::size_t naive) {
  std::string s = "kernel '" + gk.kernel->name + "' of " + gk.family->name + " (" +
                  gk.kernel->description + ")";
  if (gk.kernel != gk.reference) {
    s += "; the reference kernel '" + gk.reference->name + "' recomputed the first " +
         std::to_string(naive) + " and agreed";
  }
  return s;
}

namespace {
struct StopWalk {};

bool kept_by(const Domain& d, const std::vector<std::int64_t>& p, const GameValueFn& value,
             const GameValueFn& outcome) {
  if (!d.where) return true;
  try {
    return d.where->evaluate(p, value, outcome) != 0;
  } catch (const FormulaError& e) {
    throw std::invalid_argument("the condition 'where' cannot be evaluated at " +
                                point_json(p).dump() + ": " + e.what());
  }
}
/// The reference kernel's values of the first min(naive_prefix, size) positions of a
/// one-coordinate range, which a streamed range is compared with.
std::vector<Value> leading_values(const GameKernels& gk, const Domain& d, std::size_t naive_prefix,
                                  WalkStats& stats) {
  const auto lead = static_cast<std::size_t>(
      std::min<long double>(static_cast<long double>(naive_prefix), d.count()));
  std::vector<Position> lead_positions;
  for (std::size_t i = 0; i < lead; ++i)
    lead_positions.push_back(integer_position(*gk.game, {d.a + static_cast<std::int64_t>(i)}));
  return game_values(gk, lead_positions, naive_prefix, &stats.naive);
}

/// Walks a one-coordinate range a kernel produces in order (`produce(each, tick)` calls
/// each(n, v) for n = a, a + 1, …, b): every position must come, in order (`verb` says what the
/// kernel did, `noun` what it gave), `check_lead(i, n, v)` compares the i-th with the reference
/// kernel, and the positions the domain keeps are visited until `visit` says stop.
template <class Produce, class CheckLead>
void walk_in_order(const GameKernels& gk, const Domain& d, const CheckContext& ctx,
                   const std::string& what, const std::string& verb, const std::string& noun,
                   const GameValueFn& value, const GameValueFn& outcome,
                   const std::function<bool(const std::vector<std::int64_t>&, Value)>& visit,
                   WalkStats& stats, Produce produce, CheckLead check_lead) {
  std::uint64_t i = 0;
  std::vector<std::int64_t> p(1);
  try {
    produce(
        [&](std::int64_t n, Value v) {
          if (n != d.a + static_cast<std::int64_t>(i))
            throw std::logic_error("kernel " + gk.kernel->name + " " + verb + " position " +
                                   std::to_string(n) + " out of order");
          check_lead(static_cast<std::size_t>(i), n, v);
          ++i;
          if ((i & 0xFFFF) == 0) ctx.require_time(what);
          p[0] = n;
          if (!kept_by(d, p, value, outcome)) {
            ++stats.skipped;
            return;
          }
          ++stats.positions;
          if (!visit(p, v)) throw StopWalk{};
        },
        [&] { ctx.require_time(what); });
  } catch (const StopWalk&) {
    return;
  }
  if (i != static_cast<std::uint64_t>(d.b - d.a) + 1)
    throw std::logic_error("kernel " + gk.kernel->name + " " + verb + " too few " + noun);
}

}  // namespace

void walk_domain(const Claim& c, const GameKernels& gk, const Domain& d, const CheckContext& ctx,
                 const GameValueFn& value, const GameValueFn& outcome,
                 const std::function<bool(const std::vector<std::int64_t>&, Value)>& visit,
                 WalkStats& stats, bool outcomes_only) {
  const auto naive_prefix = static_cast<std::size_t>(domain_param(c, ctx, "naive_prefix", 0));
  const std::string what = "the positions of " + gk.game->spec();
  if (d.a < 0 || d.b < d.a)
    throw std::invalid_argument("range [" + std::to_string(d.a) + ", " + std::to_string(d.b) +
                                "] outside 0 <= a <= b");
  const long double count = d.count();
  if (outcomes_only && d.coords == 1 && gk.kernel->range_outcomes &&
      gk.family->value_kind == ValueKind::grundy) {
    stats.streamed = true;
    stats.outcomes = true;
    const std::uint64_t bytes = gk.kernel->range_outcomes_bytes
                                    ? gk.kernel->range_outcomes_bytes(*gk.game, d.b)
                                    : static_cast<std::uint64_t>(d.b) / 8 + 64;
    ctx.require_memory(bytes,
                       "the outcome sieve of " + gk.game->spec() + " up to " + std::to_string(d.b));
    const auto lead_values = leading_values(gk, d, naive_prefix, stats);
    walk_in_order(
        gk, d, ctx, what, "sieved", "positions", value, outcome, visit, stats,
        [&](const auto& each, const auto& tick) {
          gk.kernel->range_outcomes(
              *gk.game, d.a, d.b, [&](std::int64_t n, bool is_p) { each(n, is_p ? 0 : 1); }, tick);
        },
        [&](std::size_t i, std::int64_t n, Value v) {
          if (i < lead_values.size() && (lead_values[i] == 0) != (v == 0)) {
            throw std::logic_error("kernel " + gk.kernel->name + "'s outcome sieve gives " +
                                   (v == 0 ? "P" : "N") + " at " + std::to_string(n) + " of " +
                                   gk.game->spec() + ", its values " +
                                   std::to_string(lead_values[i]));
          }
        });
    return;
  }
  if (d.coords == 1 && streams_ranges(*gk.kernel)) {
    stats.streamed = true;
    // The leading positions, position by position, recomputed by the reference kernel.
    const auto lead_values = leading_values(gk, d, naive_prefix, stats);
    walk_in_order(
        gk, d, ctx, what, "streamed", "values", value, outcome, visit, stats,
        [&](const auto& each, const auto& tick) {
          stream_range_values(*gk.kernel, *gk.game, d.a, d.b, each, tick);
        },
        [&](std::size_t i, std::int64_t n, Value v) {
          if (i < lead_values.size() && lead_values[i] != v) {
            throw std::logic_error("kernel " + gk.kernel->name + " gives " + std::to_string(v) +
                                   " at " + std::to_string(n) + " of " + gk.game->spec() +
                                   " streamed, " + std::to_string(lead_values[i]) +
                                   " position by position");
          }
        });
    return;
  }
  // Held: in batches (one batch for one heap: a kernel that computes a prefix per call would
  // repeat it for every batch).
  if (count > static_cast<long double>(kMaxDomain))
    throw std::invalid_argument("the domain has " + count_text(count) + " positions, more than " +
                                std::to_string(kMaxDomain));
  const std::size_t batch = d.coords == 1
                                ? static_cast<std::size_t>(count)
                                : std::max<std::size_t>(std::size_t{1} << 16, naive_prefix);
  ctx.require_memory(static_cast<std::uint64_t>(std::min<long double>(count, batch)) *
                         (96 + 8 * static_cast<std::uint64_t>(d.coords)),
                     what);
  std::vector<std::int64_t> p;
  bool more = d.first(p);
  bool first_batch = true;
  while (more) {
    std::vector<std::vector<std::int64_t>> points;
    std::vector<Position> positions;
    while (more && points.size() < batch) {
      if (kept_by(d, p, value, outcome)) {
        points.push_back(p);
        positions.push_back(integer_position(*gk.game, p));
      } else {
        ++stats.skipped;
      }
      more = d.next(p);
      if ((stats.skipped & 0xFFFF) == 0xFFFF) ctx.require_time(what);
    }
    ctx.require_time(what);
    std::size_t naive = 0;
    const auto values = game_values(gk, positions, first_batch ? naive_prefix : 0, &naive);
    if (first_batch) stats.naive = naive;
    first_batch = false;
    for (std::size_t i = 0; i < points.size(); ++i) {
      ++stats.positions;
      if ((i & 0xFFFF) == 0xFFFF) ctx.require_time(what);
      if (!visit(points[i], values[i])) return;
    }
  }
}

/// The games a formula names: G("SPEC", …) needs values, O("SPEC", …) any game. "" or the fault,
/// prefixed by `where`.
std::string check_formula_games(const Formula& f, const std::string& where) {
  for (const auto& spec : f.games()) {
    nlohmann::json p = {{"game", spec}};
    if (auto e = check_game(p, true); !e.empty())
      return where + ": in G(\"" + spec + "\"): " + e + " (its outcomes: O(\"" + spec + "\", …))";
  }
  for (const auto& spec : f.outcome_games()) {
    nlohmann::json p = {{"game", spec}};
    if (auto e = check_game(p, false); !e.empty()) return where + ": in O(\"" + spec + "\"): " + e;
  }
  return "";
}

std::vector<std::pair<std::string, std::string>> claim_formulas(const nlohmann::json& params,
                                                                const nlohmann::json& asserted) {
  std::vector<std::pair<std::string, std::string>> out;
  if (params.contains("where") && params.at("where").is_string())
    out.emplace_back("parameter 'where'", params.at("where").get<std::string>());
  if (asserted.is_string()) out.emplace_back("asserted", asserted.get<std::string>());
  if (asserted.is_object() && asserted.contains("condition") &&
      asserted.at("condition").is_string())
    out.emplace_back("asserted.condition", asserted.at("condition").get<std::string>());
  return out;
}

/// Load-time check of `where`: it parses in the domain's variables and names known games.
std::string check_where(const nlohmann::json& params, int coords) {
  if (!params.contains("where")) return "";
  try {
    const auto f = where_of(params, coords);
    return check_formula_games(*f, "parameter 'where'");
  } catch (const FormulaError& e) {
    return std::string("parameter 'where': ") + e.what();
  }
}

}  // namespace igv::generic_claims
