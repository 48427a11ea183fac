// Selecting claims and running their checkers: one run, one result set.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "properties/base/checker.h"
#include "properties/base/claim.h"

namespace igv {

/// A claim's result: its verdict, evidence and the time it took.
struct ClaimResult {
  Claim claim;
  Outcome outcome;
  double seconds = 0;
  std::uint64_t seed = 0;    ///< the RapidCheck seed this claim ran with
  std::size_t position = 0;  ///< index of the claim in the run's selection (before sharding)
  std::uint64_t peak_memory_bytes = 0;  ///< peak resident memory of the claim's worker (0: unknown)
  /// True when the verdict is the recorded one, or the claim is under first check.
  [[nodiscard]] bool as_expected() const {
    return !claim.expected_verdict || outcome.verdict == *claim.expected_verdict;
  }
};

struct RunOptions {
  std::uint64_t seed = 1;         ///< run seed; each claim's seed derives from it and its id
  double budget = 1.0;            ///< domain scale (1 = default)
  int random_cases = 1000;        ///< RapidCheck cases per property at budget 1
  unsigned jobs = 1;              ///< claims checked at once
  double time_limit_seconds = 0;  ///< per claim; 0 = none
  std::uint64_t memory_limit_bytes = 8ULL << 30;  ///< per claim
  /// Run claims in worker processes (properties/base/worker_pool.h) so that the limits hold
  /// without the checkers' cooperation and a crashing checker does not stop the run. Off: in
  /// this process, with threads (unit tests of checkers).
  bool isolate = true;
};

/// Selects claims by specs. A spec is an id glob (`frolov2012.*`, `*table*`), `tag:NAME`, or an
/// exclusion `!SPEC` / `~SPEC`. No include spec means every claim. Throws InputError when a
/// spec is malformed or the selection is empty.
std::vector<Claim> select_claims(const std::vector<Claim>& all,
                                 const std::vector<std::string>& specs);

/// Glob match with `*` and `?`.
bool glob_match(std::string_view pattern, std::string_view text);

/// The seed a claim runs with: a hash of the run seed and the claim id (so a claim's result
/// does not depend on which other claims run, in what order, or on which shard).
std::uint64_t claim_seed(std::uint64_t run_seed, const std::string& claim_id);

/// Runs one claim's checker, turning exceptions into verdicts (BudgetExceeded: inconclusive;
/// anything else: error).
ClaimResult run_claim(const Claim& claim, const RunOptions& options);

/// Runs every claim, `options.jobs` at once (in worker processes unless `options.isolate` is
/// off); results in the order of `claims`.
/// `progress(done, total, result)` is called after each claim (from the worker thread, under a
/// lock).
std::vector<ClaimResult> run_claims(
    const std::vector<Claim>& claims, const RunOptions& options,
    const std::function<void(std::size_t, std::size_t, const ClaimResult&)>& progress = {});

/// Names, in each proved result's evidence, the certificate file it rests on:
/// `certificate_file` = {"path": "certificates/NAME", "sha256": the SHA-256 of its bytes}
/// (CertificateFile::text). Claims resting on one certificate share its file; a second, different
/// certificate of the same name goes to "certificates/HASH/NAME" (HASH: 16 hexadecimal digits of
/// its SHA-256). run_claims calls it; write_report writes the files where it says.
void attach_certificate_references(std::vector<ClaimResult>& results);

}  // namespace igv
