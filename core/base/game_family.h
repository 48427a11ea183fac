// Game families and their registry: what `verify value`, `verify period` and
// `verify cross-check` reach through a game specification such as `subtraction:1,3,4`.
//
// A specification is `NAME` or `NAME:PARAMS` (verify/COMMANDS.md, "Game specifications and
// positions"). Each family registers once, in the .cpp file that implements it, with
// IGV_REGISTER_GAME; nothing else has to change to add a family.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/trusted/certificate.h"
#include "core/base/trusted/limits.h"
#include "core/base/trusted/position.h"
#include "core/base/trusted/primitives.h"

namespace igv {

/// A game specification cut once, at its first colon: `NAME` or `NAME:ARGUMENT`
/// (parse_game_spec). The registry finds the family by `family` and hands `argument` to its maker;
/// no other code cuts a specification (the checker library under core/*/trusted/ keeps its own).
struct GameSpec {
  std::string family;    ///< the text before the first ':', or the whole specification
  std::string argument;  ///< the text after the first ':' (empty when there is none)
};

/// `spec` cut at its first colon ("octal:0.07" is {"octal", "0.07"}, "nim" is {"nim", ""}).
/// Nothing is checked here: find_game_family and the family's maker judge the parts.
[[nodiscard]] GameSpec parse_game_spec(std::string_view spec);

/// How much of an answer `verify value` asks for.
struct ValueRequest {
  /// Winning moves listed at most; their number is always given (winning_moves_count).
  std::size_t max_moves = 1000;
};

/// The answer of GameInstance::value: a position's value or outcome and its winning moves,
/// typed. `verify value --format json` and the game.value claim's evidence write it with
/// to_json (the one place its JSON keys are spelled); the harness reads only the typed fields.
struct ValueAnswer {
  std::string game;      ///< the canonical specification ("game")
  std::string position;  ///< the position as the family writes it ("position")
  /// The Sprague–Grundy value ("value"); none when the family answers an outcome instead
  /// (misère Nim, octal-misere, SOS) or could not compute it (value_not_computed).
  std::optional<Value> value;
  /// A normal-play family that answers a position beyond its value table by its outcome alone:
  /// "value" is written null.
  bool value_not_computed = false;
  /// The outcome for the player to move ("outcome"): "P" / "N", or SOS's "win" / "loss" /
  /// "draw"; none when the family gives the value alone.
  std::optional<std::string> outcome;
  /// The positions the winning moves leave, as the family writes them ("winning_moves"); none
  /// when they are not listed (`--max-moves 0` on a sum of heaps, or too large to write).
  std::optional<std::vector<std::string>> winning_moves;
  /// How many winning moves there are, when the list was cut to a limit ("winning_moves_count",
  /// written with "winning_moves_listed", the list's length); none: the list is complete.
  std::optional<std::size_t> winning_moves_count;
  std::string kernel;  ///< the route that computed the answer ("kernel")
  std::string how;     ///< how, in one line ("how"; empty: not written)
  /// The value of each heap of a sum of heaps, in order ("heap_values"); none for other games
  /// (and for nim, whose heaps are their values).
  std::optional<std::vector<Value>> heap_values;
  /// Facts particular to the family, shown beside the answer: a JSON object whose keys are
  /// written as they are (e.g. subtraction's "play", chomp's "winning_bites", Welter's
  /// "winning_coin_moves"); never one of the keys above. Nothing in the harness reads them.
  nlohmann::json details = nlohmann::json::object();

  /// The number of winning moves: winning_moves_count, else the list's length (0 when none
  /// is listed).
  [[nodiscard]] std::size_t winning_moves_total() const {
    return winning_moves_count.value_or(winning_moves ? winning_moves->size() : 0);
  }
};

/// The JSON object `verify value --format json` prints for `answer`: {"game", "position",
/// "value", "outcome", "winning_moves", "winning_moves_count", "winning_moves_listed",
/// "kernel", "how", "heap_values", and the family's details}, each key only when its field is set.
nlohmann::json to_json(const ValueAnswer& answer);

/// `verify period --checkpoint DIR [--resume] [--checkpoint-every N]`, for a family that declares
/// checkpoints (PeriodOptions::checkpoint).
struct CheckpointRequest {
  std::string folder;      ///< where the checkpoints are written (never empty)
  bool resume = false;     ///< continue the run saved in `folder`
  std::int64_t every = 0;  ///< the interval in steps of the search (0: the family's default)
};

/// `verify period --certificate-out PATH [--binary-values]`, for a family that declares a values
/// file (PeriodOptions::values_file): values that exceed what the saved JSON holds inline (or all
/// of them, with `binary`) go to a binary file beside PeriodRequest::certificate_path, named in
/// the certificate (core/CERTIFICATES.md).
struct ValuesFileRequest {
  bool binary = false;  ///< the values go to the file even when they would fit the JSON
};

/// The limits of `verify period`: a family that supports them passes them to its producer. The
/// fields a family declares in its PeriodOptions come as optional parts, present only when the
/// caller asks for them and the family declares them (`verify period` refuses them otherwise), so
/// a family reads `if (request.checkpoint)`; the others are common to every family.
struct PeriodRequest {
  ComputeLimits limits;
  /// Checkpoints of a long search (PeriodOptions::checkpoint); none: no checkpoint.
  std::optional<CheckpointRequest> checkpoint;
  /// Called now and then with one line of progress (shown on a terminal by the caller).
  std::function<void(const std::string&)> progress;
  /// Scales the family's own search bound (PeriodOptions::budget says what it is).
  double budget = 1.0;
  /// Where the caller will save the certificate (`verify period --certificate-out`; empty: it is
  /// only printed). A family whose answer is no period but a certificate all the same (Frolov's
  /// lower bound of a row) writes it there itself.
  std::string certificate_path;
  /// The certificate's values in a binary file beside certificate_path (PeriodOptions::
  /// values_file); set only with a certificate_path.
  std::optional<ValuesFileRequest> values_file;
  /// The caller uses only the answer's numbers and how they were proved (`verify period`
  /// without --certificate-out, `verify plot`), not the document as a certificate file: a
  /// family may then leave the certificate's bulk (the octal values) out of the document and say
  /// so in it (it is checked as before; the document is then no certificate file).
  bool summary_only = false;
  /// The caller reads the proved values of one whole period (properties/kernels/proved_values.h:
  /// a kernel's cross-check, `verify value`): a family whose verdict keeps only the first values
  /// of a long period (Frolov rows: 4096 columns of the top row) keeps them all when this is set.
  bool whole_period_values = false;
  /// Called with the path of a side file the search writes under a temporary name before it
  /// renames it into place or removes it (so that an interrupt can remove it); may be empty.
  std::function<void(const std::string&)> temporary_file;
};

/// What one option a family declares means for it: shown in the commands' help and in the
/// refusal of the option for the games of other families.
struct OptionMeaning {
  std::string text;
};

/// What a family's `verify period` accepts beyond --time-limit and --memory-limit, and what its
/// certificate check accepts beyond the file. `verify period` and `verify check-certificate`
/// loop over these declarations (verify/ knows no family) and refuse, with one line, an option
/// the family does not declare. Each capability is present when the family accepts the option,
/// with what the option means for the family; absent (the default): not accepted.
struct PeriodOptions {
  /// The games of the family that have a period, as the help names them (e.g. "rook-misere:M");
  /// empty: the family's name.
  std::string games;
  /// --budget X: the family's own search bound, which PeriodRequest::budget scales.
  std::optional<OptionMeaning> budget;
  /// --checkpoint DIR, --resume, --checkpoint-every N (PeriodRequest::checkpoint): what a
  /// checkpoint saves and what N counts.
  std::optional<OptionMeaning> checkpoint;
  /// --binary-values (PeriodRequest::values_file): the binary values file a certificate may keep
  /// its values in.
  std::optional<OptionMeaning> values_file;
  /// check-certificate --max-columns N (CertificateCheckRequest::max_columns): the column budget
  /// of the family's checker.
  std::optional<OptionMeaning> column_budget;
};

/// How `verify check-certificate` (and a claim) asks for a certificate file to be checked.
struct CertificateCheckRequest {
  /// The folder side files named by the certificate are read from (octal: a binary values
  /// file; "" is the current folder); none: the certificate may name no side file.
  std::optional<std::string> folder;
  /// A larger column budget than the family's default (Frolov rows: `--max-columns`, for rows
  /// 13 and beyond); a family without such a budget refuses it (InputError).
  std::optional<std::int64_t> max_columns;
};

/// A family's checker's answer on a certificate file, and which checker gave it.
struct CertificateCheck {
  CertificateVerdict verdict;
  std::string checker;  ///< the checking function and its file, for people
};

/// A proved period, as GameInstance::period() answers. The numbers are the checker's: what the
/// accepted verdict established for the asked sequence (one of its ProvedPeriods). `document` is
/// the certificate file's JSON, opaque to the harness: `verify period` prints it, --certificate-out
/// saves it and check_certificate re-reads it; nothing reads the numbers back from it.
struct PeriodAnswer {
  std::int64_t preperiod = 0;
  std::int64_t period = 1;
  std::int64_t saltus = 0;
  nlohmann::json document;
  /// The checker's verdict on the certificate, accepted.
  CertificateVerdict verdict;
  /// Which of verdict.proved() is the asked sequence (the checker's preperiod, period, saltus
  /// and values: what a caller computes values from, in O(1) a position).
  std::size_t asked = 0;
  [[nodiscard]] const ProvedPeriod& proved() const { return verdict.proved().at(asked); }

  /// preperiod − 1, or none when the preperiod is 0.
  [[nodiscard]] std::optional<std::int64_t> last_exceptional_value() const {
    return preperiod > 0 ? std::optional<std::int64_t>(preperiod - 1) : std::nullopt;
  }

  /// The answer of an accepted verdict on `document`, whose proved()[asked] (default: the last)
  /// is the asked sequence; throws std::logic_error (a bug of the harness) when the verdict is
  /// not accepted or has no such sequence.
  static PeriodAnswer from_checked(nlohmann::json document, CertificateVerdict verdict,
                                   std::optional<std::size_t> asked = std::nullopt);
};

/// Throws InputError when `request` sets a column budget: for the families that have none.
void refuse_column_budget(const CertificateCheckRequest& request, const std::string& spec);

/// What a family's positions are, for the code that writes or builds positions without knowing
/// the family (properties/kernels/: an external kernel is fed heaps, sums of heaps or the
/// family's syntax). `heap`: one heap n, written "n"; `heap_sums`: also a sum of heaps {a, b, …},
/// written "a+b+…" (tests/all/test_all_kernel_regression.cpp checks that each family so declared
/// reads and writes them so); `pair`: two integers (Wythoff, rook); `board`: a board or strip;
/// `other`: anything else (the default).
enum class PositionShape { other, heap, heap_sums, pair, board };

/// What one instance's positions are where its family's declaration (GameFamily::position_shape)
/// is not true of every instance: a row M of Frolov's tables takes columns n (heaps) where the
/// whole table takes squares m,n (pairs). Read through instance_position_shape().
struct InstanceShape {
  PositionShape shape = PositionShape::other;
  /// The largest heap of a heap-shaped instance (Frolov's columns stop below 2^62).
  std::int64_t largest_heap = std::numeric_limits<std::int64_t>::max();
  /// Why the instance is not heap-shaped although its kind of game could be (for people: shown
  /// where a proof of its values is not used); empty otherwise.
  std::string note;
};

/// One game of a family, its parameters fixed (e.g. SUB({1,3,4}), row 9 of Frolov's g).
class GameInstance {
 public:
  virtual ~GameInstance() = default;

  /// The canonical specification, e.g. "subtraction:1,3,4".
  [[nodiscard]] virtual std::string spec() const = 0;

  /// Parses a position in this family's syntax (see position_syntax of the family);
  /// throws InputError. The default accepts the shared integer-list syntax.
  [[nodiscard]] virtual Position parse_position(std::string_view text) const;

  /// Writes a position in the family's syntax. Default: the integer list.
  [[nodiscard]] virtual std::string format_position(const Position& p) const;

  /// How many integers name a position where claims give positions by integers (the generic
  /// claims' `range = [a, b]`: the positions n in a..b, or with 2 every [x, y] with x and y in
  /// a..b), when the game fixes it: 2 for the games played on pairs (wythoff, rook,
  /// empty-and-divide, the squares m,n of Frolov's games). 0 (the default) when positions have no
  /// fixed number of integers (a heap, a sum of heaps, Welter's coins): a claim then says how many
  /// (`coordinates`, default 1: a heap n).
  [[nodiscard]] virtual int coordinates() const { return 0; }

  /// This instance's positions where they are not what its family declares for all its
  /// instances (InstanceShape); nullopt (the default): the family's position_shape, every heap
  /// up to 2^63 - 1. Read it through instance_position_shape() (below).
  [[nodiscard]] virtual std::optional<InstanceShape> instance_shape() const { return std::nullopt; }

  /// The value (or the outcome) of a position and every winning move (ValueAnswer).
  [[nodiscard]] virtual ValueAnswer value(const Position& p) const = 0;

  /// value(p) with at most `request.max_moves` winning moves listed: winning_moves_count gives
  /// their number. The default calls value(p) and cuts the list; a family whose move lists can
  /// be huge (nim, octal, welter) overrides it and never builds more than max_moves positions.
  [[nodiscard]] virtual ValueAnswer value_limited(const Position& p,
                                                  const ValueRequest& request) const;

  /// The shared cutting of value_limited: keeps the first `max_moves` of answer.winning_moves
  /// and records the count (`total` when known, else the list's length).
  static void limit_winning_moves(ValueAnswer& answer, const ValueRequest& request,
                                  std::optional<std::size_t> total = std::nullopt);

  /// The proved period (PeriodAnswer: the checked numbers, and the certificate file `verify
  /// period` prints: {"game", "preperiod", "period", "saltus", "certificate": {"theorem",
  /// "bound", "checked"}}). Families without a notion of period keep the default, which throws
  /// InputError.
  [[nodiscard]] virtual PeriodAnswer period() const;

  /// period() within `request.limits`: throws LimitReached (a BudgetExceeded naming the limit and
  /// what was reached) when the time or memory limit is reached, or when the answer cannot fit
  /// (then at once, before allocating). The default ignores the limits and calls period().
  [[nodiscard]] virtual PeriodAnswer period_limited(const PeriodRequest& request) const;

  /// Re-checks a period certificate read from a file: `period_json` is what period() printed
  /// (`verify period GAME --format json`), possibly edited by someone. The family's independent
  /// checker (the checker library) accepts or rejects it; the verdict, with what it established,
  /// comes back typed. A certificate that is malformed (missing or mistyped fields, wrong game),
  /// or a request the family cannot honour (a column budget where it has none), throws
  /// InputError naming the field. Families without certificates keep the default, which throws
  /// InputError.
  [[nodiscard]] virtual CertificateCheck check_certificate(
      const nlohmann::json& period_json, const CertificateCheckRequest& request = {}) const;

  /// Every position of "size" at most `size` (a finite exhaustive domain for cross-checks).
  /// Default throws InputError ("no exhaustive domain").
  [[nodiscard]] virtual std::vector<Position> domain(std::int64_t size) const;

  /// A pseudo-random position of about `size`, determined by `seed` (for random cross-checks
  /// beyond the exhaustive domain). Default throws InputError.
  [[nodiscard]] virtual Position sample(std::uint64_t seed, std::int64_t size) const;
};

/// What a family's kernels compute: Sprague–Grundy values (normal play, and misère values whose
/// 0 marks the P-positions), or outcome codes of a game that is not normal play (SOS: 0 loss and
/// 1 win for the player to move, 2 draw). The generic claims read it to know what a value means.
enum class ValueKind { grundy, outcome };

/// How the reports draw a family's values and name its games: reports/base/game_plot.cpp and
/// game_figures.cpp read this declaration and name no family themselves.
struct PlotHints {
  /// What a picture of the family's positions is: `automatic` a sequence G(n) when the family
  /// takes "0" or "1", else a grid G(x, y) when it takes "x,y", else its own enumeration
  /// (GameInstance::domain) in rows; `strips` a sequence whose n-th position is the strip of n
  /// free squares "0..n-1"; `enumeration` always the family's enumeration (a single integer
  /// that is not a size, like Thirteen's card); `three_row_boards` the P-positions of boards of
  /// at most three rows a >= b >= c (Chomp); `boards` every board of a strip, each square one of
  /// `board_symbols` (SOS); `own_module` drawn by the family's module from the claims' evidence (no
  /// game figure).
  enum class Shape { automatic, strips, enumeration, three_row_boards, boards, own_module };
  Shape shape = Shape::automatic;
  /// For `boards`: what a square may hold, the empty square first ("-SO"), and the words for
  /// the boards that are positions (the others have no value), as a title says it ("without
  /// SOS").
  std::string board_symbols = {};
  std::string board_positions = {};
  /// The values are misère Grundy values (their 0 marks the P-positions of misère play).
  bool misere = false;
  /// The largest size a report's figure draws (0: the picture's default).
  std::int64_t report_range = 0;
  /// The game's name in the literature for a canonical spec (parsed), with the spec in words
  /// ("Dawson's Kayles (octal 0.07)"); empty function or empty result: the family's words.
  std::function<std::string(const GameSpec& spec)> name = {};
};

/// A family whose period() proves the value of every heap (a proved period, checked by the
/// checker library): properties/kernels/proved_values.h gives the value of any heap up to
/// 2^63 - 1 from it. Empty `certificate`: the family proves no such period.
struct ProvedHeapValues {
  /// How the period is accepted, for the phrase that says how a value is known ("Guy–Smith
  /// certificate accepted by check_octal_period_certificate (core/octal/...)").
  std::string certificate = {};
  /// The same for a period with a saltus (arithmetic periodicity); empty: as `certificate`.
  std::string arithmetic_certificate = {};
  /// period()'s budget counts the heaps the search computes (octal: 2^25 at budget 1), so a
  /// caller that needs the values up to some heap scales it (proved_values_request_for).
  std::int64_t heaps_at_budget_one = 0;
  /// The budget of period() with which values are proved for a caller that asks no particular
  /// heap (`verify cross-check`), and for every caller when heaps_at_budget_one is 0: a fixed
  /// amount of work, so that whether a game's values count as proved depends on the game alone.
  double budget = 1.0 / 16;
  [[nodiscard]] bool declared() const { return !certificate.empty(); }
};

/// A family: its name, its parameters' syntax, how to make an instance.
struct GameFamily {
  std::string name;             ///< "subtraction"
  std::string summary;          ///< one line for `verify games`
  std::string spec_syntax;      ///< "subtraction:S (S a comma list of positive integers)"
  std::string position_syntax;  ///< "n (heap size)"
  /// Builds an instance from the specification's argument (GameSpec::argument: the text after the
  /// colon, empty when there is none); throws InputError on malformed parameters.
  std::function<std::unique_ptr<GameInstance>(std::string_view params)> make;
  /// Example specifications (e.g. {"subtraction:1,3,4"}) on which the test suite cross-checks
  /// every registered kernel of the family; empty means the bare name is an example.
  std::vector<std::string> examples = {};
  /// The exhaustive range (GameInstance::domain) of the automatic cross-check; random positions
  /// beyond it have sizes range+1 .. range+3. Keep the naive kernel's work small.
  std::int64_t cross_check_range = 8;
  /// What the kernels' values are (see ValueKind).
  ValueKind value_kind = ValueKind::grundy;
  /// What `verify period` and `verify check-certificate` accept for this family.
  PeriodOptions period_options = {};

  /// How a report draws its values and names its games (set after the family is made).
  PlotHints plot = {};
  /// What its positions are (set after the family is made; see PositionShape).
  PositionShape position_shape = PositionShape::other;
  /// Whether (and by which checker) its proved period gives every heap's value.
  ProvedHeapValues proved_heap_values = {};
};

/// Adds a family; a second family of the same name is a programming error (aborts when the
/// registry is first used).
void register_game_family(GameFamily family);
/// Registers a family made on first use: static registration (IGV_REGISTER_GAME) stores `name`
/// and `make` only. A lookup by name (find_game_family, make_game) makes the pending families of
/// that name alone; the list of all (game_families) makes every one. `make` must return a family
/// called `name` (the registry aborts otherwise). Making only what is asked for keeps a small
/// command from running, and so paging in, the code of every other family (issue 28: the peak
/// memory of a one-millisecond `verify period` is mostly program pages touched).
void register_game_family_maker(const char* name, GameFamily (*make)());

/// All families, sorted by name.
std::vector<const GameFamily*> game_families();

/// The family a specification names (GameSpec::family, the text before the colon); throws
/// InputError naming the spec when there is none.
const GameFamily& find_game_family(std::string_view spec);

/// What the positions of `game` are: its own InstanceShape where it declares one, else its
/// family's position_shape (the family named by its spec) with every heap up to 2^63 - 1.
[[nodiscard]] InstanceShape instance_position_shape(const GameInstance& game);

/// Parses a specification and builds the game; throws InputError naming the spec.
std::unique_ptr<GameInstance> make_game(std::string_view spec);

/// Static registration helper: `IGV_REGISTER_GAME("name", my_family_function)` where the
/// function returns the GameFamily called "name" (the text before the colon of its specs).
struct GameFamilyRegistrar {
  GameFamilyRegistrar(const char* name, GameFamily (*make)()) {
    register_game_family_maker(name, make);
  }
};
#define IGV_CONCAT_INNER(a, b) a##b
#define IGV_CONCAT(a, b) IGV_CONCAT_INNER(a, b)
#define IGV_REGISTER_GAME(name, fn) \
  static const ::igv::GameFamilyRegistrar IGV_CONCAT(igv_game_registrar_, __LINE__)(name, fn)

}  // namespace igv
