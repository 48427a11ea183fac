// Regression-testing a kernel written outside the harness (`verify cross-check GAME --external
// 'CMD'` or `--plugin LIB.so`) against the harness's values, on a coverage chosen to catch the
// usual ways a fast kernel is wrong (verify/CROSS_CHECK.md):
//
// - heap games whose period is proved (octal, hex, subtraction: proved_values.h): the values come
//   from the certificate the checker library accepted, for any heap up to 2^63 - 1, and the
//   coverage depends on the game and the seed only: every heap up to the preperiod + 2 periods
//   (at least 10^5, 10^6 for a plugin), every residue class modulo the period at several levels
//   up to the kernel's largest heap (both sides of 2^16, 2^31, 2^32, 2^53, and 2^63 - 1), the
//   heaps around powers of two, random heaps, and sums of 2 to 16 heaps when declared;
// - other heap games (grundy, an unsolved octal game): the harness's own values up to a bound
//   measured from the harness's cost, confirmed by a second route;
// - other games: the family's exhaustive domain and random positions beyond (GameInstance).
//
// Every position is asked twice, in separate runs: in increasing order, then (a second run) half
// of them in decreasing order and the other half shuffled. A position answered differently is
// named as nondeterminism or order dependence; a wrong value is searched down to the least wrong
// position of the covered set (and, far out, of its residue class), and said with both values
// and how the right one is known. A kernel that fails as a program is isolated to the least
// position it fails on.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/base/game_family.h"
#include "properties/kernels/kernel_process.h"

namespace igv {

/// How a game's positions are heaps, for the coverage: what the instance declares, else its
/// family (instance_position_shape, core/base/game_family.h: a row of Frolov's table is a heap
/// game, the whole table is not).
enum class HeapShape { other, one_heap, heap_sums };
HeapShape heap_shape(const GameInstance& game);

struct RegressionOptions {
  bool sums = false;              ///< the kernel takes sums of heaps (heap_sums families)
  std::int64_t max_position = 0;  ///< the largest heap the kernel computes (0: the default)
  /// max_position is the kernel's own declaration (a plugin's): lowered to what the harness
  /// computes instead of refused.
  bool max_position_lowered = false;
  std::int64_t exhaustive = -1;  ///< heap games: every heap 0..exhaustive (-1: from the cost)
  std::int64_t range = -1;       ///< other games: domain(range); heap games: as exhaustive
  std::int64_t cases = -1;       ///< random positions (-1: 10^4 for heap games, 200 otherwise)
  std::uint64_t seed = 1;
  double time_limit = 0;  ///< seconds for the whole check (0: none)
  /// Bytes the check may hold (0: no limit): about 160 a position and 2 a heap of the harness's
  /// table, estimated before anything is allocated.
  std::uint64_t memory_bytes = 0;
  KernelProcessOptions process;
};

/// The largest --max-position accepted where no proof gives the values (the harness holds a
/// table of values); with a proved period any heap up to 2^63 - 1.
constexpr std::int64_t kMaxRegressionHeap = 100'000'000;
/// The most positions of one check (exhaustive heaps, random ones and sums, or a domain): about
/// 150 bytes each are held.
constexpr std::int64_t kMaxRegressionPositions = 10'000'000;

struct RegressionPhase {
  std::string name;  ///< "exhaustive", "residues", "boundaries", "random", "sums", "domain"
  std::string what;  ///< one line: "every heap 0..100000"
  std::uint64_t positions = 0;
  int code = 0;                ///< the phase's tag on its positions
  std::uint64_t answered = 0;  ///< positions the kernel answered in the main run
  std::uint64_t wrong = 0;     ///< of which wrong
  /// "ok", "failed (N wrong)" or "not all answered" (the kernel failed as a program first).
  [[nodiscard]] std::string status() const {
    if (wrong > 0) return "failed (" + std::to_string(wrong) + " wrong)";
    return answered < positions ? "not all answered" : "ok";
  }
};

struct RegressionResult {
  std::string game;
  std::string kernel;          ///< how the kernel is named in messages
  std::string reference;       ///< the harness kernel the values come from
  std::string how_known;       ///< how the harness's values are known (the proof, or the kernels)
  bool proved = false;         ///< the values come from a proved period (certificate accepted)
  std::string orders;          ///< the runs and orders the positions were asked in
  KernelRunStats stderr_seen;  ///< the kernel's stderr over every run (bytes, head, tail)
  double kernel_own_seconds = -1;  ///< in the plugin's own code: set-up, values (negative: unknown)
  /// CPU seconds of the whole check (this process and the kernel's processes) less
  /// kernel_own_seconds when known: the harness's own share, measured in CPU time so that a
  /// loaded machine does not count its waiting.
  double harness_cpu_seconds = 0;
  /// Of harness_cpu_seconds, the CPU seconds spent proving the game's period (its certificate
  /// made and checked: once a check, whatever the kernel; 0 without a proof).
  double proof_cpu_seconds = 0;
  std::string kernel_shape;  ///< "one heap", "sums of heaps", "positions"
  std::int64_t max_position = 0;
  std::optional<std::pair<std::int64_t, std::int64_t>> period;  ///< (preperiod, period)
  std::vector<RegressionPhase> phases;
  std::uint64_t positions = 0;
  std::uint64_t asked = 0;  ///< positions sent in the two runs (each position twice)
  double kernel_seconds = 0, reference_seconds = 0, total_seconds = 0;
  std::string verdict = "agree";          ///< "agree", "wrong" (exit 1), "defect" (exit 2)
  nlohmann::json disagreement = nullptr;  ///< position, kernel, harness, found_by, confirmed_by
  nlohmann::json defect = nullptr;        ///< kind, message, position
  [[nodiscard]] int exit_code() const {
    return verdict == "agree" ? 0 : verdict == "wrong" ? 1 : 2;
  }
  [[nodiscard]] nlohmann::json to_json() const;
};

/// Checks the kernel run by `command` on `game`. Throws InputError on bad options; a kernel
/// defect is a result (verdict "defect"), not an exception.
RegressionResult regression_check(const GameInstance& game, const std::string& family,
                                  const KernelCommand& command, const RegressionOptions& options);

}  // namespace igv
