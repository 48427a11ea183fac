// Game families and kernels of Frolov (2012), 000_a85f04da58584fa6:
//   rook-misere      positions "m,n": the misère rook game with the forbidden square (G1)
//   rook-misere:M    positions "n": row M of g (the rook standing on row M)
//   digital-deletion positions "a,x": H_a : *x, value f_a : x (§2, formula (1))
//   digital-deletion:M positions "x": row M of f
//   digits           positions "618034": Digital Deletion on a digit string (§2)
// `verify period rook-misere:M` / `digital-deletion:M` print the row's period and preperiod
// once core/frolov/trusted/frolov_certificate_check.h has accepted the producer's certificate
// chain; `verify check-certificate` re-checks that output
// (core/frolov/trusted/frolov_certificate.h).
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <memory>
#include <random>
#include <sstream>
#include <stdexcept>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/naive_solver.h"
#include "core/base/trusted/errors.h"
#include "core/frolov/frolov_fast_digits.h"
#include "core/frolov/frolov_fast_rows.h"
#include "core/frolov/frolov_lower_bound_search.h"
#include "core/frolov/frolov_period.h"
#include "core/frolov/frolov_tables.h"
#include "core/frolov/trusted/frolov_certificate.h"
#include "core/frolov/trusted/frolov_certificate_check.h"
#include "core/frolov/trusted/frolov_lower_bound_certificate_check.h"
#include "core/frolov/trusted/frolov_rules.h"

namespace igv {

namespace {

/// Largest rectangle (cells) the sweep kernel builds for `verify value`; beyond it a row
/// position is answered from the proved periodic rows.
constexpr std::int64_t kSweepCellLimit = 4'000'000;
/// Columns the period producer may compute per row for `verify period` (m ≤ 11 fits easily).
constexpr std::int64_t kPeriodColumnLimit = std::int64_t{1} << 40;

/// The first row `verify period` answers by a lower bound (the period search of row 15 would
/// keep a head of 2·t₁₄ bytes, 32 GB): core/frolov/frolov_lower_bound_search.h.
constexpr int kLowerBoundFromRow = 15;
/// The rows whose period a check (a kernel's cross-check, `verify value`) proves: row 12, the
/// largest, in about 5 s of CPU and 100 MB (t_12 = 50,803,200); row 13 takes minutes and 1.8 GB.
constexpr std::int64_t kQuickPeriodRow = 12;
/// Every coordinate of a square is below 2^62 (m + 1, n + 1 and their sums stay exact): what a
/// position may be, and so the largest heap of a row.
constexpr std::int64_t kColumnsBelow = std::int64_t{1} << 62;

[[noreturn]] void answer_lower_bound(FrolovFunction which, int m, const std::string& spec,
                                     const PeriodRequest& request);

/// The request's checkpoints (`verify period --checkpoint`, PeriodOptions::checkpoint), when
/// asked for, in the options of a row's search or of the lower-bound search.
template <class SearchOptions>
void use_checkpoint(const PeriodRequest& request, SearchOptions& options) {
  if (!request.checkpoint) return;
  options.checkpoint_dir = request.checkpoint->folder;
  options.resume = request.checkpoint->resume;
  if (request.checkpoint->every > 0) options.checkpoint_every = request.checkpoint->every;
}

std::int64_t parse_row_parameter(std::string_view family, std::string_view params) {
  const std::int64_t m = parse_int(params, std::string(family) + " row M");
  if (m < 0 || m > kFrolovWindowMaxRow) {
    throw InputError(std::string(family) + ":" + std::string(params) + ": row M must be in 0.." +
                     std::to_string(kFrolovWindowMaxRow));
  }
  return m;
}

/// A game whose positions are squares (m, n) of one of Frolov's tables, or one row of it.
class FrolovSquareGame : public GameInstance {
 public:
  FrolovSquareGame(FrolovFunction which, std::optional<std::int64_t> row)
      : which_(which), row_(row) {}

  [[nodiscard]] std::string family() const {
    return which_ == FrolovFunction::g ? "rook-misere" : "digital-deletion";
  }
  [[nodiscard]] std::string spec() const override {
    return family() + (row_ ? ":" + std::to_string(*row_) : "");
  }
  [[nodiscard]] FrolovFunction which() const { return which_; }
  [[nodiscard]] std::optional<std::int64_t> row() const { return row_; }
  /// A row's positions are its columns n; the whole game's are its squares m,n.
  [[nodiscard]] int coordinates() const override { return row_ ? 1 : 2; }

  /// A row whose period a check proves in seconds (rows 0..kQuickPeriodRow, the columns 0 to
  /// 2^62 - 1) is a heap game: its columns are heaps, and a kernel of it is checked against the
  /// proved period at every column (properties/kernels/proved_values.h). Row 0 of g is not (its
  /// column 0 is the shaded square), nor a row above kQuickPeriodRow (its proof is minutes to
  /// hours of search: core/REACH.md), nor the whole table (pairs: the family's declaration).
  [[nodiscard]] std::optional<InstanceShape> instance_shape() const override {
    if (!row_) return std::nullopt;
    InstanceShape s;
    s.largest_heap = kColumnsBelow - 1;
    if (which_ == FrolovFunction::g && *row_ == 0) {
      s.note = spec() + ": column 0 is the shaded square of (G1), not a position";
    } else if (*row_ > kQuickPeriodRow) {
      s.note = spec() + ": the period of a row above " + std::to_string(kQuickPeriodRow) +
               " is minutes to hours of search (core/REACH.md), beyond a check's reach";
    } else {
      s.shape = PositionShape::heap;
    }
    return s;
  }

  [[nodiscard]] Position parse_position(std::string_view text) const override {
    Position p = parse_int_list(text, spec() + " position");
    const auto want = static_cast<std::size_t>(coordinates());
    if (p.size() != want) {
      throw InputError(spec() + " position: expected " +
                       (row_ ? std::string("a column n") : std::string("a square m,n")) +
                       ", got '" + std::string(text) + "'");
    }
    for (auto x : p) {
      if (x < 0)
        throw InputError(spec() + " position: coordinates must be non-negative, got '" +
                         std::string(text) + "'");
      // Far beyond any kernel's reach, and m + 1, n + 1 and their sums stay exact.
      if (x >= kColumnsBelow)
        throw InputError(spec() + " position: coordinates must be below 2^62, got '" +
                         std::string(text) + "'");
    }
    if (which_ == FrolovFunction::g && square(p) == std::pair<std::int64_t, std::int64_t>{0, 0}) {
      throw InputError(
          spec() + " position: (0, 0) is the shaded square of (G1), not a position of the game");
    }
    return p;
  }

  /// The square (m, n) of a position.
  [[nodiscard]] std::pair<std::int64_t, std::int64_t> square(const Position& p) const {
    return row_ ? std::pair{*row_, p.at(0)} : std::pair{p.at(0), p.at(1)};
  }

  [[nodiscard]] ValueAnswer value(const Position& p) const override;
  [[nodiscard]] PeriodAnswer period() const override { return period_limited({}); }
  [[nodiscard]] PeriodAnswer period_limited(const PeriodRequest& request) const override;
  [[nodiscard]] CertificateCheck check_certificate(
      const nlohmann::json& period_json, const CertificateCheckRequest& request) const override;

  [[nodiscard]] std::vector<Position> domain(std::int64_t size) const override {
    std::vector<Position> out;
    if (row_) {
      for (std::int64_t n = 0; n <= size; ++n) {
        if (!(which_ == FrolovFunction::g && *row_ == 0 && n == 0)) out.push_back({n});
      }
    } else {
      for (std::int64_t m = 0; m <= size; ++m)
        for (std::int64_t n = 0; n <= size; ++n)
          if (!(which_ == FrolovFunction::g && m == 0 && n == 0)) out.push_back({m, n});
    }
    return out;
  }
  [[nodiscard]] Position sample(std::uint64_t seed, std::int64_t size) const override {
    std::mt19937_64 rng(seed);
    const auto s = static_cast<std::uint64_t>(std::max<std::int64_t>(size, 1) + 1);
    Position p =
        row_ ? Position{static_cast<std::int64_t>(rng() % s)}
             : Position{static_cast<std::int64_t>(rng() % s), static_cast<std::int64_t>(rng() % s)};
    if (which_ == FrolovFunction::g && square(p) == std::pair<std::int64_t, std::int64_t>{0, 0})
      p.back() = 1;
    return p;
  }

 private:
  FrolovFunction which_;
  std::optional<std::int64_t> row_;
};

/// Value of a square and the squares reachable from it with value 0, from a sweep rectangle
/// or, for far columns of a low row, from the proved periodic rows.
struct SquareAnswer {
  Value value = 0;
  std::vector<std::pair<std::int64_t, std::int64_t>> zero_options;
  bool deletion_wins = false;  // f row 0: deleting the empty heap reaches the empty game
  std::string kernel;
};

SquareAnswer answer_square(FrolovFunction which, std::int64_t m, std::int64_t n) {
  SquareAnswer a;
  if (m + 1 <= kSweepCellLimit / (n + 1)) {  // (m + 1)(n + 1) cells, without overflow
    const FrolovGrid grid = frolov_grid_sweep(which, m + 1, n + 1);
    a.value = grid.at(m, n);
    for (std::int64_t i = 0; i < m; ++i)
      if (grid.at(i, n) == 0) a.zero_options.emplace_back(i, n);
    for (std::int64_t j = 0; j < n; ++j)
      if (grid.at(m, j) == 0 && !(which == FrolovFunction::g && m == 0 && j == 0))
        a.zero_options.emplace_back(m, j);
    a.kernel = "sweep";
  } else if (m <= 12) {
    const FrolovPeriodChain chain =
        produce_frolov_chain(static_cast<int>(m), which == FrolovFunction::f, kPeriodColumnLimit);
    const auto verdict = check_frolov_certificates(chain.g_certificates, chain.f_certificates);
    if (!verdict.accepted()) throw std::runtime_error("certificate rejected: " + verdict.reason());
    // The rows as the checker accepted them: g rows 0..m, then (for f) f rows 0..m.
    const std::size_t first = which == FrolovFunction::g ? 0 : static_cast<std::size_t>(m) + 1;
    const auto row = [&](std::int64_t i) -> const ProvedPeriod& {
      return verdict.proved().at(first + static_cast<std::size_t>(i));
    };
    a.value = row(m).value(n);
    for (std::int64_t i = 0; i < m; ++i)
      if (row(i).value(n) == 0) a.zero_options.emplace_back(i, n);
    // A zero of the row lies below preperiod + 2·period: beyond, value(j) = value(j') + q·period
    // with q ≥ 2 and value(j') ≥ −1 (the accepted arithmetic period, saltus = period), so
    // value(j) ≥ 2·period − 1 > 0. The row is not walked to a far column n.
    const std::int64_t zeros_end = std::min(n, row(m).preperiod + 2 * row(m).period);
    for (std::int64_t j = 0; j < zeros_end; ++j)
      if (row(m).value(j) == 0) a.zero_options.emplace_back(m, j);
    a.kernel = "proved periodic rows (row kernel, certificate accepted)";
  } else {
    throw InputError("square (" + std::to_string(m) + ", " + std::to_string(n) +
                     ") is beyond the kernels' reach (area above " +
                     std::to_string(kSweepCellLimit) + " cells and row above 12)");
  }
  a.deletion_wins = which == FrolovFunction::f && m == 0;
  return a;
}

ValueAnswer FrolovSquareGame::value(const Position& p) const {
  const auto [m, n] = square(p);
  const SquareAnswer a = answer_square(which_, m, n);
  std::vector<std::string> moves;
  if (a.deletion_wins) moves.emplace_back("empty");
  for (const auto& [i, j] : a.zero_options)
    moves.push_back(std::to_string(i) + "," + std::to_string(j));
  ValueAnswer out;
  out.game = spec();
  out.position = format_position(p);
  out.value = a.value;
  out.winning_moves = std::move(moves);
  out.kernel = a.kernel;
  out.how = which_ == FrolovFunction::g
                ? "g(m, n) by (G2); winning moves are the options of value 0"
                : "f(m, n) by formula (1); winning moves are the options of value 0";
  out.details = {
      {"square", {m, n}},
      {"moves_syntax",
       which_ == FrolovFunction::g
           ? "m,n: the rook's square after the move (a move may leave the row)"
           : "a,x: H_a : *x after the move; 'empty': the empty heap deleted with all after it"}};
  return out;
}

PeriodAnswer FrolovSquareGame::period_limited(const PeriodRequest& request) const {
  if (!row_)
    throw InputError("game '" + spec() +
                     "' is two-dimensional; ask for the period of one row, e.g. '" + spec() +
                     ":9'");
  const int m = static_cast<int>(*row_);
  if (m >= kLowerBoundFromRow) answer_lower_bound(which_, m, spec(), request);
  // Below row 15 the budget is not read (the period search has no bound of its own to scale).
  FrolovRunOptions options;
  use_checkpoint(request, options);
  options.keep_rows = false;
  if (request.progress) {
    // Columns per second over the last interval; the ETA is for the test of the next shift.
    auto last = std::make_shared<std::pair<std::chrono::steady_clock::time_point, std::int64_t>>(
        std::chrono::steady_clock::now(), -1);
    options.progress = [last, progress = request.progress](const FrolovProgress& p) {
      const auto now = std::chrono::steady_clock::now();
      const double dt = std::chrono::duration<double>(now - last->first).count();
      std::ostringstream line;
      line << to_string(p.which) << " row " << p.m << ": column " << p.columns << " of "
           << p.columns_needed << " (test of shift " << p.shift << ")";
      if (last->second >= 0 && p.columns > last->second && dt > 0) {
        const double rate = static_cast<double>(p.columns - last->second) / dt;
        line << ", " << std::fixed << std::setprecision(1) << rate / 1e6 << " M cells/s, ETA "
             << std::setprecision(0) << static_cast<double>(p.columns_needed - p.columns) / rate
             << " s";
      }
      *last = {now, p.columns};
      progress(line.str());
    };
  }
  FrolovPeriodChain chain = produce_frolov_chain(m, which_ == FrolovFunction::f, kPeriodColumnLimit,
                                                 request.limits, options);
  // The checker sees only the deadline (a tick every 2^16 columns), never the producer; the
  // ticks also count the columns it has recomputed, for the progress line.
  std::int64_t ticks = 0;
  auto last_shown = std::chrono::steady_clock::now();
  const auto tick = [&] {
    ++ticks;
    if (request.progress && (ticks & 63) == 0) {
      const auto now = std::chrono::steady_clock::now();
      if (now - last_shown >= std::chrono::milliseconds(500)) {
        last_shown = now;
        request.progress("the independent checker re-checks the chain: " +
                         std::to_string(ticks << 16) + " columns recomputed");
      }
    }
    if (!request.limits.out_of_time()) return;
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& r : chain.g_certificates)
      rows.push_back(
          {{"function", "g"}, {"m", r.m}, {"period", r.period}, {"preperiod", r.preperiod}});
    for (const auto& r : chain.f_certificates)
      rows.push_back(
          {{"function", "f"}, {"m", r.m}, {"period", r.period}, {"preperiod", r.preperiod}});
    throw LimitReached(spec() + ": time limit reached while the checker re-checked the rows",
                       "time",
                       {{"rows_found", rows},
                        {"cells_computed", chain.cells_computed},
                        {"certificate_checked", false}});
  };
  if (request.progress) request.progress("the independent checker re-checks the chain");
  // The top row's values of one whole period when the caller reads them (proved_values.h), else
  // only its first 4096 columns (a streamed row 13 or 14 is never held).
  const std::int64_t residues = request.whole_period_values && m <= kQuickPeriodRow
                                    ? kPeriodColumnLimit
                                    : kFrolovShortResidues;
  const CertificateVerdict verdict = check_frolov_certificates(
      chain.g_certificates, chain.f_certificates, kPeriodColumnLimit, tick, residues);
  if (!verdict.accepted())
    throw std::runtime_error(spec() + ": certificate rejected by the checker: " + verdict.reason());
  std::vector<std::int64_t> checked_to;
  for (const auto& r : verdict.details["rows"])
    checked_to.push_back(r["checked_to"].get<std::int64_t>());
  nlohmann::json j =
      frolov_period_json(which_, m, chain.g_certificates, chain.f_certificates, checked_to);
  j["block"] = period_block(verdict.proved().back());
  return PeriodAnswer::from_checked(std::move(j), verdict);
}

CertificateCheck FrolovSquareGame::check_certificate(const nlohmann::json& period_json,
                                                     const CertificateCheckRequest& request) const {
  if (!row_)
    throw InputError("game '" + spec() + "' is two-dimensional; certificates are per row, e.g. '" +
                     spec() + ":9'");
  const int m = static_cast<int>(*row_);
  const std::int64_t max_columns = request.max_columns.value_or(kFrolovCheckColumnLimit);
  // 2^40: the certificate's number limit (core/CERTIFICATES.md).
  if (max_columns < 1 || max_columns > (std::int64_t{1} << 40)) {
    throw InputError("--max-columns must be a number of columns from 1 to 2^40");
  }
  if (is_frolov_lower_bound_json(period_json)) {
    return {check_frolov_lower_bound_json(which_, m, period_json, max_columns),
            "core/frolov/trusted/frolov_lower_bound_certificate_check.cpp (the chain by the period "
            "checker; "
            "rows M-1 and M streamed by its own incremental mex)"};
  }
  return {
      check_with_period_block(period_json,
                              [&](const nlohmann::json& j) {
                                return check_frolov_period_json(which_, m, j, max_columns);
                              }),
      "core/frolov/trusted/frolov_certificate_check.cpp (own incremental mex, independent of the "
      "producer's window kernel)"};
}

class DigitsGame : public GameInstance {
 public:
  [[nodiscard]] std::string spec() const override { return "digits"; }
  [[nodiscard]] Position parse_position(std::string_view text) const override {
    require_digit_string(text, "digits position");
    Position p;
    for (char c : text) p.push_back(c - '0');
    return p;
  }
  [[nodiscard]] std::string format_position(const Position& p) const override {
    std::string s;
    for (auto d : p) s += static_cast<char>('0' + d);
    return s;
  }
  [[nodiscard]] ValueAnswer value(const Position& p) const override {
    const std::string s = format_position(p);
    DigitDeletionEvaluator eval;
    ValueAnswer a;
    a.game = spec();
    a.position = s;
    a.value = eval.value(s);
    a.winning_moves.emplace();
    for (const auto& w : eval.winning_moves(s)) a.winning_moves->push_back(w);
    a.kernel = "f-composition";
    a.how =
        "value = f_{d1} : (f_{d2} : ... (f_{dL} : 0)) (Frolov 2012, §2); winning moves are "
        "the options of value 0";
    a.details = {{"suffix_values", eval.suffix_values(s)}};
    return a;
  }
  [[nodiscard]] std::vector<Position> domain(std::int64_t size) const override {
    if (size < 0 || size > 6)
      throw InputError("digits domain: string length must be 0..6, got " + std::to_string(size));
    std::vector<Position> out{{}};
    for (std::size_t begin = 0; out.back().size() < static_cast<std::size_t>(size);) {
      const std::size_t end = out.size();
      for (std::size_t i = begin; i < end; ++i) {
        for (std::int64_t d = 0; d <= 9; ++d) {
          Position q = out[i];
          q.push_back(d);
          out.push_back(std::move(q));
        }
      }
      begin = end;
    }
    return out;
  }
  [[nodiscard]] Position sample(std::uint64_t seed, std::int64_t size) const override {
    std::mt19937_64 rng(seed);
    Position p(static_cast<std::size_t>(
        rng() % static_cast<std::uint64_t>(std::max<std::int64_t>(size, 1) + 1)));
    for (auto& d : p) d = static_cast<std::int64_t>(rng() % 10);
    return p;
  }
};

std::unique_ptr<GameInstance> make_square_game(FrolovFunction which, std::string_view family,
                                               std::string_view params) {
  std::optional<std::int64_t> row;
  if (!params.empty()) row = parse_row_parameter(family, params);
  return std::make_unique<FrolovSquareGame>(which, row);
}

/// The lower-bound route of `verify period` for rows kLowerBoundFromRow and above: the witnesses
/// searched, checked by check_frolov_lower_bound, the file saved (request.certificate_path), and
/// the answer inconclusive (exit 3) with the proved bound and its certificate in `reached`.
[[noreturn]] void answer_lower_bound(FrolovFunction which, int m, const std::string& spec,
                                     const PeriodRequest& request) {
  const double J = std::floor(request.budget);
  if (!(J >= 1 && J <= 65536))
    throw InputError(spec + ": --budget J must be a whole number of shifts from 1 to 65536");
  FrolovLowerBoundOptions options;
  options.shifts = static_cast<std::int64_t>(J);
  // J multiples of the proof's unit: the lcm of the periods of rows 0..m − 1 (t₁₄ for row 15).
  options.unit_from_row_below = true;
  options.chain_max_columns = kPeriodColumnLimit;
  use_checkpoint(request, options);
  options.progress = request.progress;
  FrolovLowerBoundSearch found = search_frolov_lower_bound(which, m, request.limits, options);
  nlohmann::json reached = {{"columns_streamed", found.columns},
                            {"unit", found.T},
                            {"shifts_asked", options.shifts},
                            {"row_below_period_multiple", found.unit_multiple},
                            {"proof_unit", found.unit_multiple * found.T}};
  if (found.candidate_j > 0) {
    reached["candidate"] = {{"j", found.candidate_j},
                            {"shift", found.candidate_j * found.T},
                            {"last_difference_in_head", found.candidate_last_difference},
                            {"note",
                             "the row agrees with itself shifted by j T on [W/2, W): possibly a "
                             "period, not proved (nor refuted) here"}};
  }
  if (found.bound.witnesses.empty()) {
    throw LimitReached(spec + ": no shift j T refuted (the first shift agrees on the head)",
                       "budget", reached);
  }
  std::int64_t ticks = 0;
  const auto tick = [&] {
    ++ticks;
    if (request.progress && (ticks & 1023) == 0)
      request.progress("the independent checker streams rows " + std::to_string(m - 1) + " and " +
                       std::to_string(m) + ": " + std::to_string(ticks << 16) + " columns");
    if (request.limits.out_of_time())
      throw LimitReached(spec + ": time limit reached while the checker re-checked the bound",
                         "time", reached);
  };
  if (request.progress) request.progress("the independent checker re-checks the lower bound");
  const CertificateVerdict verdict =
      check_frolov_lower_bound(found.bound, std::int64_t{1} << 42, tick);
  if (!verdict.accepted())
    throw std::runtime_error(spec + ": lower bound rejected by the checker: " + verdict.reason());
  const nlohmann::json& lb = verdict.details["lower_bound"];
  found.bound.checked_to = lb["checked_to"].get<std::vector<std::int64_t>>();
  const nlohmann::json file = frolov_lower_bound_json(
      found.bound, lb["unit"].get<std::int64_t>(), lb["preperiod_at_most"].get<std::int64_t>(),
      lb["bound"].get<std::int64_t>() + 1, lb["values"]);
  if (!request.certificate_path.empty()) {
    const std::string tmp = request.certificate_path + ".tmp";
    {
      std::ofstream out(tmp, std::ios::trunc);
      out << file.dump(2) << "\n";
      out.flush();
      if (!out) throw InputError("--certificate-out: cannot write '" + tmp + "'");
    }
    std::filesystem::rename(tmp, request.certificate_path);
  }
  reached["lower_bound"] = file["lower_bound"];
  reached["lower_bound"]["statement"] = verdict.reason();
  // The producer's reading of the statement in the proof's unit (the checker's statement is per
  // multiple of T above; u is the stream's, and row m − 1's period is proved by its own search).
  const std::int64_t u = found.unit_multiple;
  const std::int64_t shifts_in_unit =
      u > 0 ? static_cast<std::int64_t>(found.bound.witnesses.size()) / u : 0;
  reached["lower_bound"]["in_the_proof_unit"] =
      u == 0 ? "row " + std::to_string(m - 1) +
                   "'s period was not found a multiple of T in the columns streamed (the stream "
                   "stopped first): the bound is in the unit T only"
             : "row " + std::to_string(m - 1) + " repeats with period " + std::to_string(u) +
                   " T = " + std::to_string(u * found.T) + " from column " +
                   std::to_string(found.unit_probe_column) +
                   " on (equal kernel states of the producer's stream, not re-checked here), so "
                   "the shifts j T above include j * " +
                   std::to_string(u * found.T) + " for j = 1.." + std::to_string(shifts_in_unit);
  reached["certificate_checked"] = true;
  reached["certificate"] = file;
  throw LimitReached(spec + ": the period is out of reach (a period search keeps a head of 2 t_" +
                         std::to_string(m - 1) + " bytes); proved instead: " + verdict.reason(),
                     "budget", reached);
}

/// How a row's proved values are known (ProvedHeapValues; the rows 0..kQuickPeriodRow).
std::string frolov_row_values_certificate() {
  return "Frolov's §4 row certificates accepted by check_frolov_certificates "
         "(core/frolov/trusted/frolov_certificate_check.cpp)";
}

/// What `verify period` and `verify check-certificate` accept for the rows of g or f.
PeriodOptions frolov_row_period_options(const std::string& family) {
  PeriodOptions o;
  o.games = family + ":M";
  o.budget = OptionMeaning{
      "rows 15 and above (other rows do not read it): the shifts J (default 1) of the proved lower "
      "bound 'no period j U for j <= J', U the lcm of the periods of rows 0..M-1 (the unit of "
      "Frolov's proof; t_14 for row 15), every multiple of T = lcm of rows 0..M-2 up to J U "
      "compared (core/CERTIFICATES.md, \"Lower bounds of a row\")"};
  o.checkpoint = OptionMeaning{
      "the row search, every N columns of the row being searched (2^28 by default) and after "
      "each proved row; rows 15 and above: the chain in DIR/chain and the two streamed rows in "
      "DIR/stream.json every N columns (2^30 by default)"};
  o.column_budget = OptionMeaning{
      "the most columns the checker may recompute for one row (default 2^27; row 13 needs "
      "1.9e9: about 2 bytes and 50 ns a column)"};
  return o;
}

GameFamily rook_misere_family() {
  GameFamily family{"rook-misere",
                    "Frolov's misère rook game with the forbidden square (0,0); g(m, n) (G1, G2)",
                    "rook-misere or rook-misere:M (row M of g)",
                    "m,n (a square), or n (a column of row M)",
                    [](std::string_view params) {
                      return make_square_game(FrolovFunction::g, "rook-misere", params);
                    },
                    {"rook-misere", "rook-misere:5"}};
  family.period_options = frolov_row_period_options(family.name);
  family.position_shape = PositionShape::pair;  // squares m,n; a row: instance_shape()
  family.proved_heap_values.certificate = frolov_row_values_certificate();
  family.plot.shape = PlotHints::Shape::own_module;
  return family;
}
GameFamily digital_deletion_family() {
  GameFamily family{"digital-deletion",
                    "Frolov's f(a, x) = f_a : x, the value of H_a : *x (formula (1))",
                    "digital-deletion or digital-deletion:M (row M of f)",
                    "a,x (H_a : *x), or x (with the heap H_M)",
                    [](std::string_view params) {
                      return make_square_game(FrolovFunction::f, "digital-deletion", params);
                    },
                    {"digital-deletion", "digital-deletion:5"}};
  family.period_options = frolov_row_period_options(family.name);
  family.position_shape = PositionShape::pair;  // squares m,n; a row: instance_shape()
  family.proved_heap_values.certificate = frolov_row_values_certificate();
  family.plot.shape = PlotHints::Shape::own_module;
  return family;
}
GameFamily digits_family() {
  GameFamily family{
      "digits",
      "Digital Deletion on a string of decimal digits (Conway, ONAG ch. 15; Frolov 2012, §2)",
      "digits",
      "a digit string, e.g. 618034",
      [](std::string_view params) -> std::unique_ptr<GameInstance> {
        if (!params.empty())
          throw InputError("game 'digits' takes no parameters, got 'digits:" + std::string(params) +
                           "'");
        return std::make_unique<DigitsGame>();
      },
      {"digits"},
      4};
  family.plot.name = [](const GameSpec&) {
    return std::string("Digital Deletion (the digit string of n)");
  };
  return family;
}
IGV_REGISTER_GAME("rook-misere", rook_misere_family);
IGV_REGISTER_GAME("digital-deletion", digital_deletion_family);
IGV_REGISTER_GAME("digits", digits_family);

// ---------------------------------------------------------------------------------------------
// Kernels.
// ---------------------------------------------------------------------------------------------

/// The rows and columns of the smallest rectangle from (0, 0) that holds every square of `ps`.
std::pair<std::int64_t, std::int64_t> enclosing_rectangle(const FrolovSquareGame& sg,
                                                          std::span<const Position> ps) {
  std::int64_t rows = 0, cols = 0;
  for (const auto& p : ps) {
    const auto [m, n] = sg.square(p);
    rows = std::max(rows, m + 1);
    cols = std::max(cols, n + 1);
  }
  return {rows, cols};
}

std::vector<Value> grid_values(const GameInstance& game, std::span<const Position> ps,
                               FrolovGrid (*route)(FrolovFunction, std::int64_t, std::int64_t)) {
  const auto& sg = instance_as<FrolovSquareGame>(game);
  const auto [rows, cols] = enclosing_rectangle(sg, ps);
  const FrolovGrid grid = route(sg.which(), rows, cols);
  std::vector<Value> out;
  for (const auto& p : ps) {
    const auto [m, n] = sg.square(p);
    out.push_back(grid.at(m, n));
  }
  return out;
}

/// The squares of a range first..last of integer positions: one row m, columns n0..n_last (a
/// row game's positions are its columns). `kernel` names the caller in a logic_error.
struct RowRun {
  std::int64_t m, n0, n_last;
};
RowRun row_run(const FrolovSquareGame& sg, std::int64_t first, std::int64_t last,
               const std::string& kernel) {
  const auto [m, n0] = sg.square(sg.parse_position(std::to_string(first)));
  const auto [m_last, n_last] = sg.square(sg.parse_position(std::to_string(last)));
  if (m_last != m || n_last - n0 != last - first)
    throw std::logic_error(kernel + ": a range of integers is not a run of one row");
  return {m, n0, n_last};
}

/// Emits the run's values from a grid that holds its row.
void emit_grid_run(const FrolovGrid& grid, const RowRun& run, std::int64_t first, std::int64_t last,
                   const RangeEmit& emit) {
  for (std::int64_t i = 0; i <= last - first; ++i) emit(first + i, grid.at(run.m, run.n0 + i));
}

/// A grid kernel: its values, and a range of integer positions (a run of one row) read from one
/// grid of that row's prefix, with no Position per column.
Kernel grid_kernel(const char* family, const char* name, const char* description,
                   FrolovGrid (*route)(FrolovFunction, std::int64_t, std::int64_t)) {
  Kernel k{family, name, false, description,
           [route](const GameInstance& game, std::span<const Position> ps) {
             return grid_values(game, ps, route);
           }};
  k.range_values = [route, kernel = std::string(family) + "/" + name](
                       const GameInstance& game, std::int64_t first, std::int64_t last,
                       const RangeEmit& emit, const std::function<void()>&) {
    const auto& sg = instance_as<FrolovSquareGame>(game);
    const RowRun run = row_run(sg, first, last, kernel);
    emit_grid_run(route(sg.which(), run.m + 1, run.n_last + 1), run, first, last, emit);
  };
  return k;
}

/// Values of Frolov's f or g at squares by the row kernel of `verify period`'s producer
/// (FrolovRowWindow: one byte a column, rows 0..max m held whole); squares in rows above
/// kFrolovWindowMaxRow by the sweep grid.
std::vector<Value> row_window_values(const GameInstance& game, std::span<const Position> ps) {
  const auto& sg = instance_as<FrolovSquareGame>(game);
  const auto [rows, cols] = enclosing_rectangle(sg, ps);
  if (rows > kFrolovWindowMaxRow + 1) return grid_values(game, ps, frolov_grid_sweep);
  std::vector<Value> out;
  if (rows == 0) return out;
  const auto table = frolov_rows_prefix(sg.which(), static_cast<int>(rows - 1), cols);
  for (const auto& p : ps) {
    const auto [m, n] = sg.square(p);
    out.push_back(n + table[static_cast<std::size_t>(m)].h[static_cast<std::size_t>(n)]);
  }
  return out;
}

/// The row kernel, the default of `verify values`, `plot` and `cross-check` for the family
/// (linear in the columns; the formulas read literally cost O(m + n) a cell, the sweep a bitset
/// of the column's values a column). Claims name their kernel.
Kernel row_window_kernel(const char* family) {
  Kernel k{family, "row-window", false,
           "row by row from the rows above, a 64-value window near n (the row kernel of verify "
           "period), one byte a column; rows above 31 by the sweep",
           row_window_values};
  k.preferred = true;
  k.range_values = [kernel = std::string(family) + "/row-window"](
                       const GameInstance& game, std::int64_t first, std::int64_t last,
                       const RangeEmit& emit, const std::function<void()>&) {
    const auto& sg = instance_as<FrolovSquareGame>(game);
    const RowRun run = row_run(sg, first, last, kernel);
    if (run.m > kFrolovWindowMaxRow) {
      emit_grid_run(frolov_grid_sweep(sg.which(), run.m + 1, run.n_last + 1), run, first, last,
                    emit);
      return;
    }
    const auto rows = frolov_rows_prefix(sg.which(), static_cast<int>(run.m), run.n_last + 1);
    const auto& h = rows[static_cast<std::size_t>(run.m)].h;
    for (std::int64_t i = 0; i <= last - first; ++i)
      emit(first + i, run.n0 + i + h[static_cast<std::size_t>(run.n0 + i)]);
  };
  return k;
}
Kernel rook_misere_row_window_kernel() {
  return row_window_kernel("rook-misere");
}
Kernel digital_deletion_row_window_kernel() {
  return row_window_kernel("digital-deletion");
}

Kernel rook_misere_naive_kernel() {
  return {"rook-misere", "naive", true,
          "NaiveSolver over the rook's moves, never onto (0,0) (G1's rules)",
          [](const GameInstance& game, std::span<const Position> ps) {
            const auto& sg = instance_as<FrolovSquareGame>(game);
            NaiveSolver<MisereRookRules> solver;
            std::vector<Value> out;
            for (const auto& p : ps) out.push_back(solver.value(sg.square(p)));
            return out;
          }};
}
Kernel rook_misere_formula_kernel() {
  return grid_kernel("rook-misere", "g2-formula",
                     "(G2) read literally: mex of the row to the left and the column above",
                     frolov_grid_naive);
}
Kernel rook_misere_sweep_kernel() {
  return grid_kernel("rook-misere", "sweep", "row and column bitsets with lowest-absent pointers",
                     frolov_grid_sweep);
}
Kernel digital_deletion_naive_kernel() {
  return {"digital-deletion", "naive", true,
          "NaiveSolver over the moves of H_a : *x (lower the heap, move in *x, delete H_0)",
          [](const GameInstance& game, std::span<const Position> ps) {
            const auto& sg = instance_as<FrolovSquareGame>(game);
            NaiveSolver<HeapThenNimRules> solver;
            std::vector<Value> out;
            for (const auto& p : ps) out.push_back(solver.value(sg.square(p)));
            return out;
          }};
}
Kernel digital_deletion_formula_kernel() {
  return grid_kernel(
      "digital-deletion", "formula-1",
      "formula (1) read literally: mex of the row to the left, the column above, and 0 in row 0",
      frolov_grid_naive);
}
Kernel digital_deletion_sweep_kernel() {
  return grid_kernel("digital-deletion", "sweep",
                     "row and column bitsets with lowest-absent pointers", frolov_grid_sweep);
}
Kernel digits_naive_kernel() {
  return {"digits", "naive", true,
          "NaiveSolver over digit strings (lower a digit; delete a 0 and what follows)",
          [](const GameInstance& game, std::span<const Position> ps) {
            NaiveSolver<DigitDeletionRules> solver;
            std::vector<Value> out;
            for (const auto& p : ps) out.push_back(solver.value(game.format_position(p)));
            return out;
          }};
}
Kernel digits_composition_kernel() {
  Kernel k{"digits", "f-composition", false,
           "f_{d1} : (f_{d2} : ... (f_{dL} : 0)) with a sweep table of f rows 0..9",
           [](const GameInstance& game, std::span<const Position> ps) {
             DigitDeletionEvaluator eval;
             std::vector<Value> out;
             for (const auto& p : ps) out.push_back(eval.value(game.format_position(p)));
             return out;
           }};
  // Each string on its own (the evaluator's table of f rows 0..9 is a cache, made per call).
  k.independent_positions = true;
  return k;
}
IGV_REGISTER_KERNEL(rook_misere_naive_kernel);
IGV_REGISTER_KERNEL(rook_misere_formula_kernel);
IGV_REGISTER_KERNEL(rook_misere_sweep_kernel);
IGV_REGISTER_KERNEL(rook_misere_row_window_kernel);
IGV_REGISTER_KERNEL(digital_deletion_naive_kernel);
IGV_REGISTER_KERNEL(digital_deletion_formula_kernel);
IGV_REGISTER_KERNEL(digital_deletion_sweep_kernel);
IGV_REGISTER_KERNEL(digital_deletion_row_window_kernel);
IGV_REGISTER_KERNEL(digits_naive_kernel);
IGV_REGISTER_KERNEL(digits_composition_kernel);

}  // namespace
}  // namespace igv
