// Checkers for the tables, examples and cell properties of Frolov (2012),
// 000_a85f04da58584fa6: Table 1 (right), Fig. 2, the 618034 example, formula (1) against the
// game's rules, (G1)–(G8b), the P-positions of §4 and Theorem 2's table.
#include <rapidcheck.h>

#include <atomic>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/naive_solver.h"
#include "core/frolov/frolov_fast_digits.h"
#include "core/frolov/frolov_tables.h"
#include "core/frolov/trusted/frolov_rules.h"
#include "properties/base/check_helpers.h"
#include "properties/base/property_runner.h"
#include "properties/frolov/frolov_cache.h"
#include "properties/frolov/frolov_properties.h"

namespace igv {

namespace {

FrolovFunction function_param(const Claim& c) {
  const auto name = param<std::string>(c, "function");
  if (name == "f") return FrolovFunction::f;
  if (name == "g") return FrolovFunction::g;
  throw std::invalid_argument("claim " + c.id + ": parameter 'function' must be \"f\" or \"g\"");
}

/// The `function` parameter shared by the Frolov checkers: which table the claim is about.
Field function_field() {
  return field::choice("function", {"f", "g"},
                       "f (Digital Deletion, formula (1)) or g (the misère rook game, (G2))")
      .needed();
}

// ---------------------------------------------------------------------------------------------
// Published tables (Table 1 right, Fig. 2): every printed cell against formula (1) / (G2) read
// literally, itself cross-checked with the sweep kernel on the same rectangle.
// ---------------------------------------------------------------------------------------------
Outcome check_table(const Claim& c, const CheckContext&) {
  const FrolovFunction which = function_param(c);
  const auto& printed = c.asserted;
  if (!printed.is_array() || printed.empty())
    throw std::invalid_argument("claim " + c.id + ": asserted must be a table");
  const auto rows = static_cast<std::int64_t>(printed.size());
  std::int64_t cols = 0;
  for (const auto& r : printed) cols = std::max(cols, static_cast<std::int64_t>(r.size()));
  const FrolovGrid naive = frolov_grid_naive(which, rows, cols);
  const FrolovGrid sweep = frolov_grid_sweep(which, rows, cols);
  if (naive.cells != sweep.cells)
    throw std::logic_error("naive and sweep kernels disagree on the table's rectangle");
  Outcome o = compare_table(
      printed,
      [&](std::int64_t m, std::int64_t n) -> nlohmann::json {
        const Value v = naive.at(m, n);
        // The paper prints g(0, 0) = −1 of (G2) as a dash.
        if (which == FrolovFunction::g && m == 0 && n == 0 && v == kFrolovGCorner) return "-";
        return v;
      },
      0, 0, std::string(to_string(which)) + " table");
  o.evidence["method"] = std::string(which == FrolovFunction::f ? "formula (1)" : "(G2)") +
                         " read literally (mex of the row to the left and the column above), "
                         "cross-checked with the sweep kernel";
  return o;
}

// ---------------------------------------------------------------------------------------------
// The worked example of §2: value and every winning move, by the naive search over strings and
// by f-composition; the two must agree, then they are compared with the paper.
// ---------------------------------------------------------------------------------------------
Outcome check_digits_example(const Claim& c, const CheckContext&) {
  const auto position = param<std::string>(c, "position");
  require_digit_string(position, "claim " + c.id + " position");
  NaiveSolver<DigitDeletionRules> solver;
  const Value naive_value = solver.value(position);
  std::vector<std::string> naive_moves = solver.winning_moves(position);
  DigitDeletionEvaluator eval;
  const Value fast_value = eval.value(position);
  const std::vector<std::string> fast_moves = eval.winning_moves(position);
  if (naive_value != fast_value || naive_moves != fast_moves) {
    throw std::logic_error("naive search and f-composition disagree on " + position);
  }
  Outcome o;
  const nlohmann::json computed = {{"value", naive_value}, {"winning_moves", naive_moves}};
  o.evidence = {{"domain", "the single position " + position},
                {"computed", computed},
                {"printed", c.asserted},
                {"suffix_values", eval.suffix_values(position)},
                {"positions_searched", solver.positions_stored()},
                {"method",
                 "NaiveSolver over digit strings (every option of every reachable string), "
                 "agreeing with f-composition"}};
  if (computed == c.asserted) {
    o.verdict = Finding::verified;
    o.summary = position + " has value " + std::to_string(naive_value) + "; winning moves " +
                nlohmann::json(naive_moves).dump();
  } else {
    o.refute({{"position", position}, {"computed", computed}, {"printed", c.asserted}});
    o.summary = "computed " + computed.dump() + ", printed " + c.asserted.dump();
  }
  return o;
}

// ---------------------------------------------------------------------------------------------
// Two kernels of a family agree on every position of its exhaustive domain (formula (1) against
// the game's rules; the string game against f-composition; (G1): the misère rook game's rules
// against (G2)).
// ---------------------------------------------------------------------------------------------
Outcome check_kernels_agree(const Claim& c, const CheckContext&) {
  const auto spec = param<std::string>(c, "game");
  // The family's domain(size) means different things per family: the claim states it, and a
  // stated domain is checked whole (never scaled by --budget).
  const auto size = param<std::int64_t>(c, "size");
  const auto game = make_game(spec);
  const auto family = parse_game_spec(spec).family;
  const Kernel& a = find_kernel(family, param<std::string>(c, "reference"));
  const Kernel& b = find_kernel(family, param<std::string>(c, "kernel"));
  const std::vector<Position> domain = game->domain(size);
  const std::vector<Value> va = a.values(*game, domain);
  const std::vector<Value> vb = b.values(*game, domain);
  nlohmann::json counterexample = nullptr;
  for (std::size_t i = 0; i < domain.size(); ++i) {
    if (va[i] != vb[i]) {
      counterexample = {
          {"position", game->format_position(domain[i])}, {a.name, va[i]}, {b.name, vb[i]}};
      break;
    }
  }
  Outcome o = exhaustive_outcome(spec + " domain(" + std::to_string(size) +
                                     "): " + std::to_string(domain.size()) + " positions",
                                 domain.size(), counterexample, "");
  o.evidence["kernels"] = {{"reference", a.name + ": " + a.description},
                           {"compared", b.name + ": " + b.description}};
  return o;
}

// ---------------------------------------------------------------------------------------------
// (G2): g, defined as the inverse of f in its second argument, is the mex of its row to the
// left and its column above, with g(0, 0) = −1.
// ---------------------------------------------------------------------------------------------
Outcome check_g_is_inverse_of_f(const Claim& c, const CheckContext& ctx) {
  const auto size = domain_param(c, ctx, "size", 2);
  const FrolovGrid g = frolov_grid_naive(FrolovFunction::g, size, size);  // (G2) read literally
  // f on 2·size columns holds every value k < size reached from rows < size (f(m, n) > n − m).
  const FrolovGrid f = frolov_grid_naive(FrolovFunction::f, size, 2 * size);
  std::uint64_t cases = 0;
  nlohmann::json counterexample = nullptr;
  for (std::int64_t m = 0; m < size && counterexample.is_null(); ++m) {
    std::vector<Value> inverse(static_cast<std::size_t>(size), kFrolovGCorner);
    for (std::int64_t k = 0; k < 2 * size; ++k) {
      const Value n = f.at(m, k);
      if (n < size) inverse[static_cast<std::size_t>(n)] = k;
    }
    for (std::int64_t n = 0; n < size; ++n) {
      ++cases;
      if (inverse[static_cast<std::size_t>(n)] == kFrolovGCorner && !(m == 0 && n == 0) &&
          counterexample.is_null()) {
        counterexample = {{"m", m}, {"n", n}, {"why", "n not reached by f(m, k) for k < 2 size"}};
      } else if (inverse[static_cast<std::size_t>(n)] != g.at(m, n) && counterexample.is_null()) {
        counterexample = {{"m", m},
                          {"n", n},
                          {"g_by_G2", g.at(m, n)},
                          {"inverse_of_f", inverse[static_cast<std::size_t>(n)]}};
      }
    }
  }
  Outcome o = exhaustive_outcome(
      "0 <= m, n < " + std::to_string(size) + " (f on " + std::to_string(2 * size) + " columns)",
      cases, counterexample, "");
  o.evidence["method"] =
      "g by (G2) read literally (g(0,0) = -1) against the inverse of each row of f by formula (1)";
  return o;
}

// ---------------------------------------------------------------------------------------------
// Cell properties ((G3)–(G8b), P-positions, Theorem 2): every cell of a square (sweep kernel,
// cells in order of m + n so that the first failure is a small one), then random cells far
// beyond it, in a strip of low rows and long columns and in its transpose (RapidCheck).
// ---------------------------------------------------------------------------------------------
/// A lookup into the first of several tables that holds (m, n).
FrolovLookup lookup_in(std::vector<const FrolovGrid*> grids) {
  return [grids](std::int64_t m, std::int64_t n) -> std::optional<Value> {
    for (const FrolovGrid* t : grids) {
      if (m >= 0 && n >= 0 && m < t->rows && n < t->cols) return t->at(m, n);
    }
    return std::nullopt;
  };
}

Outcome check_property(const Claim& c, const CheckContext& ctx) {
  const auto property = param<std::string>(c, "property");
  const auto square = domain_param(c, ctx, "square", 8);
  const auto strip_rows = param<std::int64_t>(c, "strip_rows");
  const auto strip_cols = domain_param(c, ctx, "strip_cols", square + 1);
  const bool random = param<bool>(c, "random");
  if (random && strip_cols <= square) {
    throw std::invalid_argument("claim " + c.id + ": strip_cols (" + std::to_string(strip_cols) +
                                ") must exceed square (" + std::to_string(square) +
                                ") for the random cells beyond the square");
  }
  const bool needs_f = property.starts_with("T2.");
  const FrolovFunction which = needs_f ? FrolovFunction::f : FrolovFunction::g;
  // f(m, n) ≤ m + n: the symmetry of Theorem 2 looks up f(f(m, n), n), up to row 2·square.
  const std::int64_t square_rows = property == "T2.symmetry" ? 2 * square : square;
  const auto sq = cached_frolov_grid(which, square_rows, square);
  const FrolovLookup on_square = lookup_in({sq.get()});
  const FrolovLookup none = [](std::int64_t, std::int64_t) -> std::optional<Value> {
    return std::nullopt;
  };
  const FrolovLookup& g_look = needs_f ? none : on_square;
  const FrolovLookup& f_look = needs_f ? on_square : none;

  std::uint64_t applicable = 0, unavailable = 0;
  nlohmann::json counterexample = nullptr;
  for (std::int64_t d = 0; d <= 2 * (square - 1) && counterexample.is_null(); ++d) {
    for (std::int64_t m = std::max<std::int64_t>(0, d - square + 1); m <= std::min(d, square - 1);
         ++m) {
      const std::int64_t n = d - m;
      const CellCheck r = check_frolov_property(property, g_look, f_look, m, n);
      if (!r.applicable) continue;
      if (!r.available) {
        ++unavailable;
        continue;
      }
      ++applicable;
      if (!r.violation.empty()) {
        counterexample = {{"m", m}, {"n", n}, {"violation", r.violation}};
        break;
      }
    }
  }
  Outcome o = exhaustive_outcome("every cell (m, n) with 0 <= m, n < " + std::to_string(square) +
                                     " in the property's domain (sweep kernel, cross-checked with "
                                     "the naive kernels on smaller squares)",
                                 applicable, counterexample, "");
  o.evidence["property"] = property;
  o.evidence["cells_needing_values_beyond_the_table"] = unavailable;
  if (o.verdict != Verdict::verified || !random) return o;

  // Random cells far beyond the square: rows < strip_rows with columns up to strip_cols, and
  // the transpose, each table computed by the sweep kernel.
  const auto rows_t = cached_frolov_grid(which, strip_rows, strip_cols);
  const auto cols_t = cached_frolov_grid(which, strip_cols, strip_rows);
  const FrolovLookup on_strips = lookup_in({sq.get(), rows_t.get(), cols_t.get()});
  const FrolovLookup& g_far = needs_f ? none : on_strips;
  const FrolovLookup& f_far = needs_f ? on_strips : none;
  auto counted = std::make_shared<std::atomic<std::uint64_t>>(0);
  const Outcome r =
      run_property(ctx, property + " at random cells beyond the square", [=, &g_far, &f_far] {
        const bool transposed = *rc::gen::arbitrary<bool>();
        const auto low = *rc::gen::inRange<std::int64_t>(0, strip_rows);
        const auto high = *rc::gen::inRange<std::int64_t>(square, strip_cols);
        const std::int64_t m = transposed ? high : low, n = transposed ? low : high;
        const CellCheck cc = check_frolov_property(property, g_far, f_far, m, n);
        if (cc.applicable && cc.available) ++*counted;
        RC_ASSERT(cc.violation.empty());
      });
  o.evidence["random"] = r.evidence;
  o.evidence["random"]["region"] = "rows < " + std::to_string(strip_rows) + " with " +
                                   std::to_string(square) + " <= n < " +
                                   std::to_string(strip_cols) + ", and the transpose";
  o.evidence["random"]["cases_in_domain"] = counted->load();
  if (r.verdict == Verdict::refuted) {
    o.refute(r.counterexample());
    o.summary = "square holds, but " + r.summary;
  } else {
    o.summary += "; and " + std::to_string(counted->load()) +
                 " random cells in the property's domain beyond the square";
  }
  return o;
}

// ---------------------------------------------------------------------------------------------
// Schemas.
// ---------------------------------------------------------------------------------------------
CheckerSchema table_schema() {
  return {
      .establishes =
          "every printed cell (m, n) of the table, rows and columns from 0, equals f or "
          "g by formula (1) / (G2) read literally (cross-checked with the sweep "
          "kernel); g(0, 0) = -1 is the printed dash",
      .params = {function_field()},
      .asserted = field::table("",
                               "the printed table: row m lists value(m, 0), value(m, 1), ...; "
                               "\"-\" for the dash at g(0, 0)",
                               true)
                      .items(1),
      .example_params = {{"function", "f"}},
      .example_asserted = {{1, 2, 3}, {0, 1, 2}, {2, 0, 1}},
  };
}

CheckerSchema digits_example_schema() {
  return {
      .establishes =
          "the Digital Deletion position has exactly the asserted value and the "
          "asserted list of winning moves (naive search over digit strings, agreeing "
          "with f-composition)",
      .params =
          {field::string("position", "the digit string, e.g. \"618034\"").nonempty().needed()},
      .asserted = field::object(
          "",
          {field::integer("value", "the Sprague–Grundy value of the position").at_least(0).needed(),
           field::list("winning_moves", field::string("", "a position").nonempty(),
                       "every winning move, in increasing order (empty when the value is 0)")
               .needed()},
          "the value and every winning move as printed"),
      .example_params = {{"position", "618034"}},
      .example_asserted = {{"value", 1}, {"winning_moves", {"612034"}}},
  };
}

CheckerSchema kernels_agree_schema() {
  return {
      .establishes =
          "the two named kernels of the game's family give the same value at every "
          "position of the family's domain(size)",
      .params = {field::game("game",
                             "the game, e.g. \"digital-deletion\", \"digits\", "
                             "\"rook-misere\" (see `verify games`)")
                     .needed(),
                 field::string("reference", "the reference kernel (see `verify kernels`)")
                     .nonempty()
                     .needed(),
                 field::string("kernel", "the kernel compared with it").nonempty().needed(),
                 field::integer(
                     "size",
                     "the family's domain bound (rows and columns, or digits); checked whole")
                     .in(1, 100000)
                     .needed()},
      .asserted = std::nullopt,
      .example_params = {{"game", "digits"},
                         {"reference", "naive"},
                         {"kernel", "f-composition"},
                         {"size", 3}},
  };
}

CheckerSchema g_inverse_of_f_schema() {
  return {
      .establishes =
          "(G2): g read literally (mex of its row to the left and column above, "
          "g(0, 0) = -1) is the inverse of f in its second argument on every cell "
          "0 <= m, n < size",
      .params = {field::integer("size", "side of the square checked")
                     .in(2, 20000)
                     .fallback(200)
                     .budget_scaled()},
      .asserted = std::nullopt,
      .example_params = {{"size", 50}},
  };
}

std::vector<std::string> property_names() {
  auto names = frolov_g_property_names();
  for (auto& n : frolov_f_property_names()) names.push_back(std::move(n));
  return names;
}

CheckerSchema property_schema() {
  return {
      .establishes =
          "the named property of g ((G3)–(G8b), the P-positions of §4) or of f "
          "(Theorem 2's rows, T2.*) holds at every cell of its domain in the square "
          "0 <= m, n < square (and at random cells of long strips beyond: a failure "
          "refutes)",
      .params =
          {field::choice("property", property_names(),
                         "the statement: a property of g (G3 … G8b, P-positions) or of f "
                         "(Theorem 2: T2.*)")
               .needed(),
           field::integer("square", "side of the square checked cell by cell")
               .in(8, 8192)
               .fallback(512)
               .budget_scaled(),
           field::integer("strip_rows",
                          "rows (and, transposed, columns) of the strips of "
                          "random cells")
               .in(1, 256)
               .fallback(24),
           field::integer("strip_cols",
                          "length of the strips of random cells (more than "
                          "square)")
               .in(9, 1 << 20)
               .fallback(4096)
               .budget_scaled(),
           field::boolean("random", "also check random cells beyond the square").fallback(true)},
      .asserted = std::nullopt,
      .example_params = {{"property", "G3"}, {"square", 64}, {"random", false}},
  };
}

}  // namespace

IGV_REGISTER_CHECKER("frolov.table", "a printed table of Frolov's f or g, cell by cell",
                     check_table, table_schema());
IGV_REGISTER_CHECKER("frolov.digits_example",
                     "value and winning moves of a Digital Deletion position", check_digits_example,
                     digits_example_schema());
IGV_REGISTER_CHECKER("frolov.kernels_agree",
                     "two kernels of a Frolov game family agree on its exhaustive domain",
                     check_kernels_agree, kernels_agree_schema());
IGV_REGISTER_CHECKER("frolov.g_inverse_of_f",
                     "(G2): g as the inverse of f is the mex of row and column",
                     check_g_is_inverse_of_f, g_inverse_of_f_schema());
IGV_REGISTER_CHECKER("frolov.property",
                     "a cell property of g or f on a square and at random cells beyond",
                     check_property, property_schema());

}  // namespace igv
