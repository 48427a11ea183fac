// The `verify` command: one file per sub-command (verify/cmd_<name>.cpp) and the helpers they
// share (verify/cli_common.cpp).
#pragma once

#include <boost/program_options.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/base/game_family.h"
#include "properties/base/runner.h"

namespace igv::cli {

/// Each sub-command takes the arguments after its name and returns the exit code:
/// 0 all as expected, 1 a verdict not as expected, 2 usage or input error (thrown as InputError),
/// 3 inconclusive (`verify period` only: a time or memory limit reached first).
int cmd_run(const std::vector<std::string>& args);
int cmd_list(const std::vector<std::string>& args);
int cmd_show(const std::vector<std::string>& args);
int cmd_value(const std::vector<std::string>& args);
int cmd_values(const std::vector<std::string>& args);
int cmd_period(const std::vector<std::string>& args);
int cmd_cross_check(const std::vector<std::string>& args);
int cmd_check_certificate(const std::vector<std::string>& args);
int cmd_check_report(const std::vector<std::string>& args);
int cmd_merge(const std::vector<std::string>& args);
int cmd_diff(const std::vector<std::string>& args);
int cmd_plot(const std::vector<std::string>& args);
int cmd_migrate(const std::vector<std::string>& args);
int cmd_catalogue(const std::string& what, const std::vector<std::string>& args);

// ---------------------------------------------------------------------------------------------
// Shared helpers (verify/cli_common.cpp)
// ---------------------------------------------------------------------------------------------

/// A command's parsed options; `help` is set when --help was given (and the help printed).
struct Parsed {
  boost::program_options::variables_map vm;
  bool help = false;
};

/// Parses a command's arguments against `opts` (which gains --help) and `pos`.
Parsed parse(const std::vector<std::string>& args,
             boost::program_options::options_description& opts,
             const boost::program_options::positional_options_description& pos,
             const std::string& usage);

/// The values of a repeatable option, or empty.
std::vector<std::string> positional(const boost::program_options::variables_map& vm,
                                    const char* name);

/// The --claims files, or the shipped ones when none is given.
std::vector<std::string> claims_files_from(const boost::program_options::variables_map& vm);

/// This machine's memory (0 when unknown).
std::uint64_t physical_memory_bytes();

/// --format: the option (default `default_value`, `help` naming the formats) and its value, each
/// name checked against `known` (split_formats).
void add_format_option(boost::program_options::options_description& opts,
                       const std::string& default_value, const std::string& help);
std::vector<std::string> formats_from(const boost::program_options::variables_map& vm,
                                      const std::vector<std::string>& known);

/// The limit options, declared and validated here only (one wording for every command):
/// --time-limit S: seconds, 0 (none) to 10^6 (kMaxTimeLimitSeconds);
/// --memory-limit M: a size (parse_size), at most this machine's memory;
/// --budget X: a scale, more than 0 and at most 10^6 (kMaxBudget).
inline constexpr double kMaxTimeLimitSeconds = 1e6;
inline constexpr double kMaxBudget = 1e6;
void add_time_limit_option(boost::program_options::options_description& opts,
                           double default_seconds, const std::string& help);
double time_limit_from(const boost::program_options::variables_map& vm);
/// `default_text` empty: no default (memory_limit_from then returns `fallback`).
void add_memory_limit_option(boost::program_options::options_description& opts,
                             const std::string& default_text, const std::string& help);
std::uint64_t memory_limit_from(const boost::program_options::variables_map& vm,
                                std::uint64_t fallback = 0);
void add_budget_option(boost::program_options::options_description& opts, const std::string& help);

/// The default --memory-limit of the commands that compute (values, value, plot, cross-check,
/// period): two thirds of this machine's memory (8 GiB when unknown).
std::uint64_t default_memory_limit();
/// The default --time-limit of those commands, in seconds.
inline constexpr double kDefaultTimeLimitSeconds = 600;

/// --time-limit (default kDefaultTimeLimitSeconds) and --memory-limit (default
/// default_memory_limit()) of a command that runs under run_limited, in the one wording they
/// share: `stops` is what stops at the time limit ("the command"), `holds` what holds the memory
/// ("the computation"); `time_note` follows the time limit's help (e.g. where part of the time
/// goes).
void add_command_limit_options(boost::program_options::options_description& opts,
                               const std::string& stops = "the command",
                               const std::string& holds = "the computation",
                               const std::string& time_note = "");

/// The limits a command runs under (run_limited); 0: none.
struct CommandLimits {
  double seconds = kDefaultTimeLimitSeconds;
  std::uint64_t memory_bytes = 0;
};
/// --time-limit and --memory-limit (declared with add_time_limit_option and
/// add_memory_limit_option) as CommandLimits; the memory defaults to default_memory_limit().
CommandLimits command_limits_from(const boost::program_options::variables_map& vm);

/// Runs `body` (a command's computation and printing) in a child process under `limits`, as
/// `verify run` runs claims: the parent kills the child once the time limit passes or its
/// resident memory passes the memory limit (the child's address space is also capped, so that a
/// large allocation fails at once), and says so in one line on stderr (exit 3). The child's
/// standard output goes to a temporary file that is copied to stdout only when the body returns 0
/// or 1: a command stopped at a limit or by an error writes nothing on stdout. In the child, an
/// InputError is one error line (exit 2), a BudgetExceeded or std::bad_alloc one limit line
/// (exit 3). `command` names the command in those lines ("values"). `written_file`: the file the
/// body writes with atomic_write, whose temporary a killed child leaves is removed.
int run_limited(const std::string& command, const CommandLimits& limits,
                const std::function<int()>& body, const std::string& written_file = "");

/// A message on one line: terminal_text (core/base/terminal_text.h): line breaks, tabs, control,
/// bidirectional and invisible characters written as escapes.
std::string one_line(const std::string& message);
double budget_from(const boost::program_options::variables_map& vm);

/// A capability a family may declare in its PeriodOptions (e.g. &PeriodOptions::checkpoint).
using PeriodOptionField = std::optional<OptionMeaning> PeriodOptions::*;

/// One of the options a family declares in its PeriodOptions (core/base/game_family.h), as the
/// commands name it: `verify period` and `verify check-certificate` loop over these.
struct PeriodOptionDeclaration {
  PeriodOptionField field;
  const char* option;  ///< "--checkpoint"
  const char* what;    ///< "checkpoints", for the refusal
};

/// "GAMES: TEXT; GAMES: TEXT" over the families that declare `field` (the games sharing a text
/// together), for a command's help; "no game" when none does. When `args` do not ask for help
/// (help_requested), "see --help": the listing makes every game family, which only --help needs.
std::string declared_period_option_help(PeriodOptionField field,
                                        const std::vector<std::string>& args);

/// Whether `args` ask for the command's help (-h or --help, as the command's parser reads them).
/// A command builds help texts that make every game family (declared_period_option_help) only
/// then: a lookup of one game makes that family alone (core/base/game_family.h).
bool help_requested(const std::vector<std::string>& args);

/// Throws InputError (one line: the option, the game, the games that have it) unless the family
/// of `spec` declares the option.
void require_period_option(const GameFamily& family, const std::string& spec,
                           const PeriodOptionDeclaration& declaration);

/// The default --time-limit of `run` and `show`, per claim, at --budget 1 or less (times the
/// budget above 1, at most kMaxTimeLimitSeconds); a claim past it is inconclusive.
inline constexpr double kDefaultClaimTimeLimitSeconds = 600;

/// The options `run` and `show` share (budget, seed, jobs, limits, claims files).
void add_run_options(boost::program_options::options_description& opts);

/// RunOptions from the parsed options; throws InputError on out-of-range values.
RunOptions run_options_from(const boost::program_options::variables_map& vm);

/// "refuted", or "refuted (expected verified)" when not as expected.
std::string verdict_cell(const ClaimResult& r);

/// "json,md" -> {"json", "md"}; rejects unknown names.
std::vector<std::string> split_formats(const std::string& text,
                                       const std::vector<std::string>& known);

/// An integer option in [least, most]; throws InputError naming `what`.
std::int64_t parse_int_in_range(const std::string& text, const std::string& what,
                                std::int64_t least, std::int64_t most);

/// A --seed: decimal digits, 0 … 2^64 − 1 (no sign); throws InputError.
std::uint64_t parse_seed(const std::string& text);

/// Positions given on a command line: each argument is a position, or @FILE for a file of
/// positions, one per line ('#' comments and blank lines skipped); throws InputError past
/// `max_positions` (verify/cmd_values.cpp).
std::vector<std::string> positions_from_arguments(const std::vector<std::string>& items,
                                                  std::size_t max_positions);

/// "8G", "512M", "1024" (bytes) -> bytes; throws InputError.
std::uint64_t parse_size(const std::string& text, const std::string& what);

/// Makes std::cout and std::cerr terminal-safe: every control character but newline and tab (C0,
/// DEL, C1), every bidirectional or invisible format character and every byte that is not UTF-8
/// is written as an escape ("\x1b", "\u202e": core/base/terminal_text.h), so that no text from
/// a claims file, a report or a certificate can move the cursor, retitle the terminal, ring its
/// bell or reorder a line. Newlines are the harness's own: a text from input is printed through
/// terminal_text (or one_line), which escapes its newlines too, so that it stays on its line.
/// Call once, at the start of `verify`.
void install_terminal_filter();

/// The commit `verify` was built from ("unknown" outside a git checkout; "-dirty" appended when
/// tracked files had changes), generated at build time (verify/build_commit.cmake).
const char* build_commit();

/// The standard error stream unfiltered: for the progress lines the harness itself draws on a
/// terminal (carriage return, erase line). Never for text read from input.
std::ostream& raw_stderr();

/// The progress line of a long command (verify/progress.cpp): drawn on stderr only when stderr is
/// a terminal (never into a file or a pipe, whose output tests compare), rewritten in place at
/// most four times a second, erased by clear() (and at destruction). Whatever else the command
/// prints on the terminal calls clear() first, so that no line is glued to the progress.
class ProgressLine {
 public:
  /// `what` starts the line ("run", "period octal:0.376").
  explicit ProgressLine(std::string what);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  [[nodiscard]] bool active() const { return active_; }
  /// "WHAT: done/total UNIT (P%), elapsed, ETA t" (the ETA at the rate so far); `force` draws even
  /// when the last drawing is recent (after a clear()).
  void count(std::uint64_t done, std::uint64_t total, const std::string& unit, bool force = false);
  /// "WHAT: LINE (elapsed)", for a step without a count.
  void text(const std::string& line);
  /// "WHAT [TIME]: STEP" (the ticker's line: the time first, so that a long step is what is cut).
  void timed(const std::string& time, const std::string& step);
  void clear();
  [[nodiscard]] double elapsed() const;
  /// Seconds since the last drawing (or since the start).
  [[nodiscard]] double quiet_for() const;
  /// The last line given to text(), drawn or not ("" before any).
  [[nodiscard]] std::string last_text() const;

 private:
  bool due();
  void draw(const std::string& line);
  static void put(const std::string& bytes);
  std::string what_;
  std::string last_text_;
  bool active_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_{};
  mutable std::mutex mutex_;  // count, text and clear may come from a ticker and the work
};

/// A thread that keeps a ProgressLine alive while the work reports nothing (a search or a check
/// without a count): after a second without a drawing, "WHAT [ELAPSED of LIMIT]: STEP", STEP the
/// work's last text() line or else `activity`. Stopped (and joined) at
/// destruction.
class ProgressTicker {
 public:
  ProgressTicker(ProgressLine& line, std::string activity, double time_limit_seconds);
  ~ProgressTicker();
  ProgressTicker(const ProgressTicker&) = delete;
  ProgressTicker& operator=(const ProgressTicker&) = delete;

 private:
  ProgressLine& line_;
  std::string activity_;
  double limit_;
  std::mutex mutex_;
  std::condition_variable stop_signal_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace igv::cli
