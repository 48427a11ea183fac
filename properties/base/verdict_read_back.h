// Restoring a verdict the harness itself wrote before: a worker process's answer
// (properties/base/worker_pool.cpp) and a report file read back (reports/base/report.cpp).
// Nothing else includes this header (tests/e2e/e2e_proof_boundary.py checks it): a claim
// checker reaches `proved` only through conclude_from_certificate() (properties/base/checker.h).
#pragma once

#include "properties/base/checker.h"

namespace igv {

/// The verdict `v`, as recorded earlier by this harness.
OutcomeVerdict verdict_read_back(Verdict v);

/// An outcome as recorded earlier by this harness (outcome_json): a refuted one holds its
/// counterexample, a proved one its certificate (null when read back from a report).
Outcome outcome_read_back(Verdict v, std::string summary, nlohmann::json evidence,
                          nlohmann::json counterexample,
                          std::shared_ptr<const CertificateFile> certificate);

}  // namespace igv
