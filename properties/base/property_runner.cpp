#include "properties/base/property_runner.h"

#include <rapidcheck/detail/TestListenerAdapter.h>

#include <iostream>
#include <mutex>
#include <sstream>

namespace igv::detail {

namespace {
std::mutex& rapidcheck_mutex() {
  static std::mutex m;
  return m;
}
// RapidCheck prints "Using configuration: seed=…" on stderr the first time its configuration
// (RC_PARAMS) is loaded. Our seed is set per claim and recorded in the report, so the banner would
// only mislead: load the configuration once with stderr muted.
void silence_configuration_banner() {
  static const bool done = [] {
    std::streambuf* saved = std::cerr.rdbuf(nullptr);
    (void)rc::detail::configuration();
    std::cerr.rdbuf(saved);
    return true;
  }();
  (void)done;
}

}  // namespace

Outcome run_rc_property(const CheckContext& ctx, const std::string& description,
                        const rc::detail::Property& property, int cases, int max_size) {
  rc::detail::TestParams params;
  params.seed = ctx.seed;
  params.maxSuccess = cases > 0 ? cases : ctx.random_cases;
  params.maxSize = max_size;
  rc::detail::TestMetadata meta;
  meta.id = description;
  meta.description = description;

  // RapidCheck's implicit parameters are process-wide: one property at a time.
  std::unique_lock<std::mutex> lock(rapidcheck_mutex());
  silence_configuration_banner();
  rc::detail::TestListenerAdapter quiet;
  const rc::detail::TestResult result = rc::detail::checkProperty(property, meta, params, quiet);
  lock.unlock();

  Outcome o;
  o.evidence = {{"method", "RapidCheck"},
                {"property", description},
                {"seed", ctx.seed},
                {"max_size", max_size},
                {"cases_requested", params.maxSuccess}};
  if (result.is<rc::detail::SuccessResult>()) {
    const auto& s = result.get<rc::detail::SuccessResult>();
    o.verdict = Finding::passed;
    o.evidence["cases"] = s.numSuccess;
    o.summary = std::to_string(s.numSuccess) + " random cases, no counterexample";
  } else if (result.is<rc::detail::FailureResult>() &&
             result.get<rc::detail::FailureResult>().description.rfind("Exception thrown", 0) ==
                 0) {
    // An exception out of the property's own computation (kernels that disagree, a certificate
    // the checker rejected, a budget) is no counterexample: the check failed.
    const auto& f = result.get<rc::detail::FailureResult>();
    o.verdict = Finding::error;
    o.evidence["cases"] = f.numSuccess + 1;
    o.evidence["exception"] = f.description;
    o.summary = "the property's check failed: " + f.description;
  } else if (result.is<rc::detail::FailureResult>()) {
    const auto& f = result.get<rc::detail::FailureResult>();
    o.evidence["cases"] = f.numSuccess + 1;
    nlohmann::json values = nlohmann::json::array();
    for (const auto& [type, value] : f.counterExample) {
      values.push_back({{"type", type}, {"value", value}});
    }
    std::ostringstream repro;
    repro << f.reproduce;
    o.refute({{"values", values},
              {"description", f.description},
              {"seed", ctx.seed},
              {"cases_before_failure", f.numSuccess},
              {"shrink_steps", f.reproduce.shrinkPath.size()},
              {"reproduce", "RC_PARAMS=\"seed=" + std::to_string(ctx.seed) + "\""}});
    o.summary = "counterexample after " + std::to_string(f.numSuccess) + " cases (shrunk): " +
                (values.empty() ? f.description : values.front()["value"].get<std::string>());
  } else if (result.is<rc::detail::GaveUpResult>()) {
    const auto& g = result.get<rc::detail::GaveUpResult>();
    o.verdict = Finding::inconclusive;
    o.evidence["cases"] = g.numSuccess;
    o.summary = "RapidCheck gave up: " + g.description;
  } else {
    o.verdict = Finding::error;
    o.summary = "RapidCheck error: " + result.get<rc::detail::Error>().description;
  }
  return o;
}

}  // namespace igv::detail
