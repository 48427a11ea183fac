#include "reports/base/game_plot.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/position.h"

namespace igv {

namespace {

void require_size(double cells, const std::string& what, std::int64_t most = kMaxPlotCells) {
  if (cells > static_cast<double>(most)) {
    std::ostringstream count;
    if (cells < 1e15)
      count << static_cast<std::int64_t>(cells);
    else
      count << std::setprecision(3) << cells;  // 1.22e+19
    throw InputError("verify plot: " + what + " would need " + count.str() +
                     " cells or positions; at most " + std::to_string(most) +
                     " in one picture (give a smaller RANGE)");
  }
}

/// The position the family reads from `text`, or nullopt when it does not take it.
std::optional<Position> try_parse(const GameInstance& game, const std::string& text) {
  try {
    return game.parse_position(text);
  } catch (const InputError&) {
    return std::nullopt;
  }
}

/// Values of the positions that exist (`positions[i]` set), in place; nullopt elsewhere.
std::vector<std::optional<Value>> values_of(const GameKernels& gk,
                                            const std::vector<std::optional<Position>>& positions,
                                            std::size_t check, std::size_t* naive) {
  std::vector<Position> present;
  for (const auto& p : positions) {
    if (p) present.push_back(*p);
  }
  const auto values = game_values(gk, present, check, naive);
  std::vector<std::optional<Value>> out(positions.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    if (positions[i]) out[i] = values[k++];
  }
  return out;
}

/// How the values were computed, in words for a reader of a paper: by a fast kernel or the naive
/// reference one, and what the reference kernel recomputed. The kernels' names, and the
/// checkers' functions and files, stay in report.json (a claim's evidence) and `verify kernels`.
std::string caption(const GameKernels& gk, std::size_t naive, std::size_t computed,
                    const std::string& computed_by, const std::string& more = "") {
  const bool fast = gk.reference != gk.kernel;
  std::string c = std::to_string(computed) + " values computed " + computed_by + " with " +
                  (fast ? "a fast algorithm" : "a search written straight from the rules");
  if (fast) {
    c += naive == 0 ? "; none lies where a search written straight from the rules is quick, so "
                      "none was recomputed"
                    : "; a search written straight from the rules recomputed the " +
                          std::to_string(naive) + " leading ones and agreed";
  }
  return c + more + ".";
}

/// The text of the n-th position of the family's natural sequence: the heap n, or for a family
/// of strips (PlotHints::Shape::strips) the strip 0..n-1 of n free squares.
/// Families drawn from their own enumeration (a card, not a position's size) have no
/// sequence.
std::string sequence_text(const GameFamily& family, std::int64_t n) {
  if (family.plot.shape == PlotHints::Shape::strips)
    return n == 0 ? "" : "0.." + std::to_string(n - 1);
  return std::to_string(n);
}
bool has_sequence(const GameFamily& family, const GameInstance& game) {
  if (family.plot.shape == PlotHints::Shape::enumeration) return false;
  return try_parse(game, sequence_text(family, 0)).has_value() ||
         try_parse(game, sequence_text(family, 1)).has_value();
}

/// What the values are, in words: "Sprague-Grundy values", "misère Grundy values", "outcomes".
std::string values_words(const GameFamily& family) {
  if (family.value_kind == ValueKind::outcome)
    return family.plot.misere ? "misère outcome (P or N)" : "outcome (P or N)";
  return family.plot.misere ? "misère Grundy values" : "Sprague–Grundy values";
}

std::string range_text(const PlotRange& r) {
  return std::to_string(r.lo) + ".." + std::to_string(r.hi);
}

}  // namespace

std::string game_display_name(const GameKernels& gk) {
  const std::string spec = gk.game->spec();
  if (gk.family->plot.name) {
    std::string name = gk.family->plot.name(parse_game_spec(spec));
    if (!name.empty()) return name;
  }
  return spec;
}

PlotRange parse_plot_range(const std::string& text) {
  const auto dots = text.find("..");
  PlotRange r;
  if (dots == std::string::npos) {
    r.hi = parse_int(text, "the plot range");
  } else {
    r.lo = parse_int(text.substr(0, dots), "the plot range's first value");
    r.hi = parse_int(text.substr(dots + 2), "the plot range's last value");
  }
  if (r.lo < 0 || r.hi < r.lo || r.hi > 1'000'000'000) {
    throw InputError("range " + text + ": expected a..b with 0 <= a <= b (or N for 0..N)");
  }
  return r;
}

GamePlot plot_game(const GameKernels& gk, const GamePlotRequest& request) {
  const GameInstance& game = *gk.game;
  const std::string spec = game.spec();
  const bool outcomes = gk.family->value_kind == ValueKind::outcome;
  const bool ranged = request.range.has_value();
  const PlotRange given = ranged ? *request.range : PlotRange{};
  const std::size_t check = request.check;
  const std::string& by = request.computed_by;
  GamePlot out;
  std::size_t naive = 0;
  const auto shape = gk.family->plot.shape;
  const std::string name = game_display_name(gk);
  const std::string words = values_words(*gk.family);
  if (shape == PlotHints::Shape::three_row_boards) {
    // Boards of at most three rows a >= b >= c (c = 0: two rows, b = 0: one row), a <= hi.
    const PlotRange r = ranged ? given : PlotRange{0, 60};
    const std::int64_t h = r.hi;
    // The count, a cube of h (up to 10^9), as a double: it would overflow 64 bits.
    const auto hd = static_cast<double>(h);
    require_size((hd + 1) * (hd + 2) * (hd + 3) / 6,
                 spec + " boards of three rows with a <= " + std::to_string(h));
    std::vector<std::optional<Position>> positions;
    std::vector<ThreeRowBoardsPlot::Point> points;
    for (std::int64_t c = 0; c <= h; ++c) {
      for (std::int64_t b = c; b <= h; ++b) {
        for (std::int64_t a = std::max({b, r.lo, std::int64_t{1}}); a <= h; ++a) {
          std::string text = std::to_string(a);
          if (b > 0) text += "," + std::to_string(b);
          if (c > 0) text += "," + std::to_string(c);
          positions.push_back(try_parse(game, text));
          points.push_back({a, b, c});
        }
      }
    }
    const auto values = values_of(gk, positions, check, &naive);
    ThreeRowBoardsPlot plot;
    plot.max_a = h;
    plot.max_b = h;
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (values[i] && *values[i] == 0) plot.p_positions.push_back(points[i]);
    }
    plot.text.title = name + ": P-positions (a, b, c), rows a ≥ b ≥ c, " + std::to_string(r.lo) +
                      " ≤ a ≤ " + std::to_string(h);
    plot.text.caption =
        caption(gk, naive, values.size(), by, "; a point: the a with value 0 for that b, c");
    out.svg = three_row_boards_svg(plot);
    out.title = plot.text.title;
    out.caption = plot.text.caption;
    out.summary = std::to_string(plot.p_positions.size()) + " P-positions among " +
                  std::to_string(values.size()) + " boards";
  } else if (shape == PlotHints::Shape::boards) {
    // Every board of the strip: the left half names the row, the right half the column.
    if (ranged) throw InputError("verify plot " + spec + ": every board is drawn; no RANGE");
    // The strip's length: the number of squares of the empty board the family accepts.
    const std::string& symbols = gk.family->plot.board_symbols;
    if (symbols.empty()) throw std::logic_error("a family drawn as boards declares no symbols");
    std::size_t length = 0;
    for (std::size_t k = 1; k <= 64 && length == 0; ++k) {
      if (try_parse(game, std::string(k, symbols.front()))) length = k;
    }
    if (length == 0) throw InputError("verify plot " + spec + ": no empty board found");
    const std::size_t left = (length + 1) / 2, right = length - left;
    const auto halves = [&](std::size_t k) {
      std::vector<std::string> res = {""};
      for (std::size_t i = 0; i < k; ++i) {
        std::vector<std::string> next;
        for (const auto& s : res) {
          for (char ch : symbols) next.push_back(s + ch);
        }
        res = std::move(next);
      }
      return res;
    };
    // 3^length compared as a double: 3^40 does not fit in 64 bits (its conversion was undefined,
    // and negative, so every board of a 40-square strip was enumerated).
    require_size(std::pow(3.0, static_cast<double>(length)), "every board of " + spec);
    const auto rows = halves(left), cols = halves(right);
    GridPlot plot;
    plot.width = static_cast<std::int64_t>(cols.size());
    plot.height = static_cast<std::int64_t>(rows.size());
    plot.outcomes = outcomes;
    std::vector<std::optional<Position>> positions;
    for (const auto& row : rows) {
      for (const auto& col : cols) {
        positions.push_back(try_parse(game, row + col));
        plot.cell_names.push_back(row + col);
      }
    }
    plot.cells = values_of(gk, positions, check, &naive);
    plot.x_names = cols;
    plot.y_names = rows;
    plot.x_label = "the right " + std::to_string(right) + " squares";
    plot.y_label = "the left " + std::to_string(left) + " squares";
    std::size_t computed = 0;
    for (const auto& v : plot.cells) computed += v ? 1 : 0;
    plot.text.title = name + ": outcome of every board (" + std::to_string(computed) + " " +
                      gk.family->plot.board_positions + "), for the player to move";
    plot.text.caption = caption(gk, naive, computed, by);
    out.svg = grid_plot_svg(plot);
    out.title = plot.text.title;
    out.caption = plot.text.caption;
    out.summary = std::to_string(computed) + " boards";
  } else if (has_sequence(*gk.family, game)) {
    // The proved period first: without a RANGE the picture shows what it is about, the
    // preperiod and two periods after it (at least n = 0..60).
    std::string why;
    std::optional<PlotPeriod> period;
    if (!outcomes && request.period) period = request.period(why);
    PlotRange r = ranged ? given : PlotRange{0, 200};
    if (!ranged && period) {
      r.hi = std::max<std::int64_t>(60, period->preperiod + 2 * period->period - 1);
      if (r.hi + 1 > kMaxSequenceValues) {
        // Too long to compute for a picture: the end of the preperiod and as much of the two
        // periods as fits.
        r.lo = std::max<std::int64_t>(0, period->preperiod - kMaxSequenceValues / 10);
        r.hi = r.lo + kMaxSequenceValues - 1;
      }
    }
    require_size(static_cast<double>(r.hi - r.lo + 1), "n = " + range_text(r), kMaxSequenceValues);
    std::vector<std::optional<Position>> positions;
    for (std::int64_t n = r.lo; n <= r.hi; ++n) {
      positions.push_back(try_parse(game, sequence_text(*gk.family, n)));
    }
    SequencePlot plot;
    plot.first = r.lo;
    plot.outcomes = outcomes;
    plot.misere = gk.family->plot.misere;
    plot.values = values_of(gk, positions, check, &naive);
    if (!ranged) {
      // The default window ends at the last position the family takes (a misère game may
      // be computed to n = 40 only): the title names what is drawn.
      while (plot.values.size() > 1 && !plot.values.back()) {
        plot.values.pop_back();
        --r.hi;
      }
    }
    plot.period = period;
    std::size_t computed = 0;
    for (const auto& v : plot.values) computed += v ? 1 : 0;
    plot.text.title = name + ": " + words +
                      (outcomes                 ? " of position n"
                       : gk.family->plot.misere ? " G⁻(n)"
                                                : " G(n)") +
                      ", n = " + range_text(r);
    if (shape == PlotHints::Shape::strips) plot.text.title += " (n: the strip of n free squares)";
    plot.text.caption =
        caption(gk, naive, computed, by, plot.period ? request.period_source : std::string());
    out.svg = sequence_plot_svg(plot);
    out.title = plot.text.title;
    out.caption = plot.text.caption;
    out.period = plot.period;
    out.summary = std::to_string(computed) + " values";
    if (plot.period) {
      out.summary += "; preperiod " + std::to_string(plot.period->preperiod) + ", period " +
                     std::to_string(plot.period->period) + " (proved)";
    } else if (!outcomes && !why.empty()) {
      out.summary += "; " + why;
    }
  } else if (try_parse(game, "0,0") || try_parse(game, "0,1") || try_parse(game, "1,1")) {
    PlotRange r = ranged ? given : PlotRange{0, 31};
    std::int64_t side = r.hi - r.lo + 1;
    require_size(static_cast<double>(side) * static_cast<double>(side), "x, y = " + range_text(r));
    if (!ranged) {
      // The default square ends at the largest x or y the family takes (a game of 36 cards
      // may lie in 0..5 x 0..5, not in 0..31).
      std::int64_t hi = r.lo;
      for (std::int64_t y = r.lo; y <= r.hi; ++y) {
        for (std::int64_t x = r.lo; x <= r.hi; ++x) {
          if (try_parse(game, std::to_string(x) + "," + std::to_string(y)))
            hi = std::max({hi, x, y});
        }
      }
      r.hi = hi;
      side = r.hi - r.lo + 1;
    }
    GridPlot plot;
    plot.x_first = plot.y_first = r.lo;
    plot.width = plot.height = side;
    plot.outcomes = outcomes;
    std::vector<std::optional<Position>> positions;
    for (std::int64_t y = r.lo; y <= r.hi; ++y) {
      for (std::int64_t x = r.lo; x <= r.hi; ++x) {
        positions.push_back(try_parse(game, std::to_string(x) + "," + std::to_string(y)));
      }
    }
    plot.cells = values_of(gk, positions, check, &naive);
    std::size_t computed = 0, zeros = 0;
    for (const auto& v : plot.cells) {
      computed += v ? 1 : 0;
      zeros += v && *v == 0 ? 1 : 0;
    }
    plot.text.title = name + ": " + words +
                      (outcomes                 ? " of position (x, y)"
                       : gk.family->plot.misere ? " G⁻(x, y)"
                                                : " G(x, y)") +
                      ", x, y = " + range_text(r);
    plot.text.caption = caption(gk, naive, computed, by);
    out.svg = grid_plot_svg(plot);
    out.title = plot.text.title;
    out.caption = plot.text.caption;
    out.summary = std::to_string(computed) + " values, " + std::to_string(zeros) + " P-positions";
  } else {
    // Neither n nor x,y: the family's own enumeration of its positions (domain), row by row.
    const std::int64_t size = ranged ? given.hi : gk.family->cross_check_range;
    const auto domain = game.domain(size);
    require_size(static_cast<double>(domain.size()),
                 "the positions of size <= " + std::to_string(size));
    const auto n = static_cast<std::int64_t>(domain.size());
    if (n == 0) {
      throw InputError("verify plot " + spec +
                       ": the family lists no position of size <= " + std::to_string(size));
    }
    GridPlot plot;
    plot.width = std::max<std::int64_t>(
        1, static_cast<std::int64_t>(std::ceil(std::sqrt(static_cast<double>(n)))));
    plot.height = std::max<std::int64_t>(1, (n + plot.width - 1) / plot.width);
    plot.outcomes = outcomes;
    std::vector<std::optional<Position>> positions(domain.begin(), domain.end());
    positions.resize(static_cast<std::size_t>(plot.width * plot.height));
    for (const auto& q : positions) plot.cell_names.push_back(q ? game.format_position(*q) : "");
    // Row 0 at the top: the grid draws y upwards, so the rows are given bottom first.
    std::vector<std::optional<Position>> flipped;
    std::vector<std::string> names;
    for (std::int64_t y = plot.height - 1; y >= 0; --y) {
      for (std::int64_t x = 0; x < plot.width; ++x) {
        flipped.push_back(positions[static_cast<std::size_t>(y * plot.width + x)]);
        names.push_back(plot.cell_names[static_cast<std::size_t>(y * plot.width + x)]);
      }
    }
    plot.cell_names = names;
    plot.cells = values_of(gk, flipped, check, &naive);
    plot.x_label = "position index mod " + std::to_string(plot.width);
    plot.y_label = "position index / " + std::to_string(plot.width) + " (from the top)";
    plot.text.title = name + ": " + words + " of its " + std::to_string(n) +
                      " positions of size ≤ " + std::to_string(size) + " (the family's order)";
    plot.text.caption = caption(gk, naive, static_cast<std::size_t>(n), by);
    out.svg = grid_plot_svg(plot);
    out.title = plot.text.title;
    out.caption = plot.text.caption;
    out.summary = std::to_string(n) + " values";
  }
  return out;
}

}  // namespace igv
