// Claims run in worker processes, so that the runner enforces the limits without the checker's
// cooperation: a claim past its time limit, or whose worker's resident memory passes the memory
// limit, is killed and recorded `inconclusive` with the reason; a checker that crashes (abort,
// segfault, a fatal signal) is recorded `error` with the signal, and the run goes on with the
// other claims in a fresh worker.
//
// A worker is a child of the runner (fork), so it has every registered game and checker; it reads
// claim indexes from a pipe and writes each result back as JSON. Workers live for many claims (a
// module's caches of proved rows or values stay warm), and one that is killed is replaced. The
// parent stays single-threaded while workers run. Verdicts do not depend on --jobs or on the order:
// every claim's seed derives from the run seed and its id, and caches change only the speed.
#pragma once

#include <functional>
#include <vector>

#include "properties/base/runner.h"

namespace igv {

/// Runs `claims` in min(options.jobs, claims.size()) worker processes; results in the order of
/// `claims`, each with its wall time and its worker's peak resident memory.
std::vector<ClaimResult> run_claims_in_workers(
    const std::vector<Claim>& claims, const RunOptions& options,
    const std::function<void(std::size_t, std::size_t, const ClaimResult&)>& progress);

}  // namespace igv
