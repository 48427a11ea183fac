// Proof steps as claims: the step registry, the shared outcome, and `source.not_checkable`.
#include "properties/base/proof_steps.h"

#include <map>
#include <mutex>
#include <stdexcept>

#include "core/base/lazy_registry.h"
#include "properties/base/check_helpers.h"

namespace igv {

namespace {

struct PendingSteps {
  const char* checker;
  std::vector<ProofStep> (*make)();
};
std::vector<PendingSteps>& pending_steps() {
  static std::vector<PendingSteps> pending;
  return pending;
}
std::recursive_mutex& pending_steps_mutex() {
  static std::recursive_mutex m;
  return m;
}

/// Every table, the pending ones made first (under a lock: `verify run` looks steps up from
/// several threads).
std::map<std::string, std::vector<ProofStep>>& step_tables() {
  static std::map<std::string, std::vector<ProofStep>> tables;
  make_pending_if(
      pending_steps_mutex(), pending_steps(), [](const PendingSteps&) { return true; },
      [](const PendingSteps& e) {
        auto& table = tables[e.checker];
        for (auto& s : e.make()) table.push_back(std::move(s));
      });
  return tables;
}

}  // namespace

ProofStepTable::ProofStepTable(const char* checker, std::vector<ProofStep> (*make)()) {
  pending_steps().push_back({checker, make});
}

const ProofStep* find_proof_step(const std::string& checker, const std::string& name) {
  const auto it = step_tables().find(checker);
  if (it == step_tables().end()) return nullptr;
  for (const ProofStep& s : it->second) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

std::vector<std::string> proof_step_names(const std::string& checker) {
  std::vector<std::string> names;
  const auto it = step_tables().find(checker);
  if (it == step_tables().end()) return names;
  for (const ProofStep& s : it->second) names.push_back(s.name);
  return names;
}

Outcome run_proof_step(const std::string& checker, const Claim& c, const CheckContext& ctx) {
  const auto name = param<std::string>(c, "step");
  const ProofStep* step = find_proof_step(checker, name);
  if (step == nullptr) throw std::logic_error(checker + ": step '" + name + "' has no predicate");
  const StepResult r = step->fn(c, ctx);
  Outcome o;
  o.evidence = {{"step", name},
                {"checked_statement", step->statement},
                {"domain", r.domain},
                {"cases", r.cases},
                {"method", "exhaustive over the stated finite domain; no random cases"}};
  if (!r.details.empty()) o.evidence["computed"] = r.details;
  if (r.counterexample.is_null()) {
    o.verdict = Finding::verified;
    o.summary =
        "step " + name + " holds on " + r.domain + " (" + std::to_string(r.cases) + " cases)";
    if (!step->repair.empty()) o.evidence["note"] = step->repair;
  } else {
    o.refute(r.counterexample);
    o.evidence["counterexample_order"] = step->order;
    o.evidence["proof_survives"] = step->proof_survives;
    o.evidence["repair"] = step->repair;
    o.summary =
        "step " + name + " fails; least counterexample " + r.counterexample.dump() +
        (step->proof_survives ? "; the proof survives the repair" : "; the proof does not survive");
  }
  return o;
}

CheckerSchema proof_step_schema(const std::string& checker, std::string establishes,
                                std::vector<Field> domain_params, nlohmann::json example_params) {
  CheckerSchema s;
  s.establishes = std::move(establishes);
  s.params.push_back(field::choice("step", proof_step_names(checker),
                                   "the proof step decided (a fixed statement of the document)")
                         .needed());
  for (auto& f : domain_params) s.params.push_back(std::move(f));
  s.asserted = std::nullopt;
  s.example_params = std::move(example_params);
  return s;
}

namespace {

Outcome check_not_checkable(const Claim& c, const CheckContext&) {
  Outcome o;
  o.verdict = Finding::inconclusive;
  const auto why = param<std::string>(c, "why");
  o.summary = "not checkable: " + why;
  o.evidence = {{"not_checkable", true}, {"why", why}};
  if (!c.reading.empty()) o.evidence["reading"] = c.reading;
  return o;
}

CheckerSchema not_checkable_schema() {
  CheckerSchema s;
  s.establishes =
      "nothing: the passage cannot be decided by computation (a lost formula, a "
      "cross-reference, a provenance, a logical form); the verdict is always inconclusive";
  s.params = {field::string("why", "why the passage cannot be checked, and what is recorded")
                  .nonempty()
                  .needed()};
  s.asserted = std::nullopt;
  s.example_params = {{"why", "the formula after '则' is lost; no reading can be chosen"}};
  return s;
}

}  // namespace

IGV_REGISTER_CHECKER("source.not_checkable",
                     "a damaged or non-mathematical passage recorded with why it cannot be checked",
                     check_not_checkable, not_checkable_schema());

}  // namespace igv
