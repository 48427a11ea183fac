// Proof steps as claims (issue #12, "Proof steps are claims"): a checkable intermediate
// assertion of a proof in a source document is a fixed statement, named by the enumerated `step`
// parameter of its module's `<module>.proof_step` checker and decided exhaustively on a stated
// finite domain. A refuted step reports the least counterexample (in the step's documented
// order, no random seed) and, in the evidence, whether the proof survives with the step
// repaired and the repair; the verdict of the theorem the step belongs to is never changed by it.
//
// A passage that cannot be checked (a lost formula, a cross-reference, a provenance) is a claim
// to `source.not_checkable`, whose required `why` says why; its verdict is `inconclusive`.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "properties/base/checker.h"

namespace igv {

/// What a step predicate found on its domain.
struct StepResult {
  std::string domain;                                 ///< the finite domain checked, in words
  std::uint64_t cases = 0;                            ///< cases checked
  nlohmann::json counterexample = nullptr;            ///< the least failing case, or null
  nlohmann::json details = nlohmann::json::object();  ///< computed values worth printing
};

/// One proof step of a document.
struct ProofStep {
  std::string name;            ///< the `step` choice, e.g. "G2.step2_R2_split_at_n"
  std::string statement;       ///< the finite statement decided (the reading, as a formula)
  std::string order;           ///< the order in which the least counterexample is the least
  bool proof_survives = true;  ///< for a step expected to fail: the proof survives a repair
  std::string repair;          ///< the repair (empty when the step needs none)
  std::function<StepResult(const Claim&, const CheckContext&)> fn;
};

/// Registers the steps of a `<module>.proof_step` checker (the test checks that every choice of
/// the schema's `step` has a predicate). Static registration stores `make` only; the steps are
/// made the first time a table is looked up, so that start-up builds none of them.
struct ProofStepTable {
  ProofStepTable(const char* checker, std::vector<ProofStep> (*make)());
};
/// The step `name` of `checker`, or nullptr.
const ProofStep* find_proof_step(const std::string& checker, const std::string& name);
/// Every step name of `checker`, in declaration order.
std::vector<std::string> proof_step_names(const std::string& checker);

/// Runs the claim's step: verified (the step holds on its whole domain) or refuted (least
/// counterexample), with the domain, the statement, the order and, when refuted,
/// `proof_survives` and `repair` in the evidence.
Outcome run_proof_step(const std::string& checker, const Claim& c, const CheckContext& ctx);

/// The schema of a proof_step checker: `step` (choice of the table's names, required) followed
/// by the module's domain parameters; no asserted value.
CheckerSchema proof_step_schema(const std::string& checker, std::string establishes,
                                std::vector<Field> domain_params, nlohmann::json example_params);

}  // namespace igv
