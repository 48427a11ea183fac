// Regression-testing a kernel written outside the harness (`verify cross-check GAME --external
// 'CMD'` or `--plugin LIB.so`) against the harness's values, on a coverage chosen to catch the
// usual ways a fast kernel is wrong (verify/CROSS_CHECK.md):
//
// - heap games (octal, hex, grundy, nim, octal-misere, subtraction): every heap up to a bound
//   chosen from the game's cost (at least 10^4), the heaps around the proved preperiod and period
//   and around powers of two, then heaps drawn log-uniformly up to the largest the kernel declares
//   (at least 10^6 and four proved windows by default); sums of heaps only when declared;
// - other games: the family's exhaustive domain and random positions beyond (GameInstance).
//
// The harness's values come from the family's preferred kernel (octal: the sparse kernel and the
// checked period); a disagreement is shrunk to the least failing position found, re-asked of the
// kernel alone (a kernel whose answers are out of step is a defect, not a wrong value), and
// confirmed by a second route (the naive kernel, or another fast one) before the kernel is
// called wrong. A kernel that fails as a program is isolated to the least position it fails on.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/base/game_family.h"
#include "properties/base/kernel_process.h"

namespace igv {

/// How a family's positions are heaps, for the coverage (see the .cpp for the list).
enum class HeapShape { other, one_heap, heap_sums };
HeapShape heap_shape(const std::string& family);

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

/// The largest --max-position and --exhaustive accepted (the harness holds a table of values).
constexpr std::int64_t kMaxRegressionHeap = 100'000'000;
/// The most positions of one check (exhaustive heaps, random ones and sums, or a domain): about
/// 150 bytes each are held.
constexpr std::int64_t kMaxRegressionPositions = 10'000'000;

struct RegressionPhase {
  std::string name;  ///< "exhaustive", "boundaries", "random", "sums", "domain"
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
  std::string kernel;        ///< how the kernel is named in messages
  std::string reference;     ///< the harness kernel the values come from
  std::string kernel_shape;  ///< "one heap", "sums of heaps", "positions"
  std::int64_t max_position = 0;
  std::optional<std::pair<std::int64_t, std::int64_t>> period;  ///< (preperiod, period)
  std::vector<RegressionPhase> phases;
  std::uint64_t positions = 0;
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
