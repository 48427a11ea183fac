#include "properties/base/checker.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>

#include "core/base/lazy_registry.h"
#include "core/base/trusted/errors.h"
#include "properties/base/verdict_read_back.h"

namespace igv {

namespace {
/// Checkers registered but not made yet (IGV_REGISTER_CHECKER), in registration order.
std::vector<CheckerInfo (*)()>& pending_checkers() {
  static std::vector<CheckerInfo (*)()> pending;
  return pending;
}
std::map<std::string, CheckerInfo, std::less<>>& made_checkers() {
  static std::map<std::string, CheckerInfo, std::less<>> table;
  return table;
}
void add_checker(CheckerInfo info) {
  auto name = info.name;
  if (!made_checkers().emplace(name, std::move(info)).second) {
    std::fprintf(stderr, "verify: internal error: checker '%s' registered twice\n", name.c_str());
    std::abort();
  }
}
/// Every checker, the pending ones made first (make_pending: under a lock).
std::map<std::string, CheckerInfo, std::less<>>& checker_table() {
  static std::recursive_mutex lock;
  make_pending(lock, pending_checkers(), add_checker);
  return made_checkers();
}
}  // namespace

std::int64_t CheckContext::scaled(std::int64_t default_bound, std::int64_t minimum) const {
  const double v = std::floor(static_cast<double>(default_bound) * budget);
  return std::max<std::int64_t>(minimum, static_cast<std::int64_t>(v));
}

void CheckContext::require_memory(std::uint64_t bytes, const std::string& what) const {
  if (bytes > memory_limit_bytes) {
    throw BudgetExceeded(what + " needs about " + std::to_string(bytes >> 20) +
                         " MiB, above the memory limit of " +
                         std::to_string(memory_limit_bytes >> 20) + " MiB");
  }
}

void CheckContext::require_time(const std::string& what) const {
  if (out_of_time()) throw BudgetExceeded("time limit reached during " + what);
}

std::string CertificateFile::text() const {
  return document.dump(-1, ' ', false, nlohmann::json::error_handler_t::strict) + "\n";
}

CertificateFile certificate_file(nlohmann::json document) {
  std::string name = document.at("game").get<std::string>();
  for (char& ch : name) {
    const bool plain = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                       (ch >= '0' && ch <= '9') || ch == '.' || ch == '-' || ch == '_';
    if (ch == ':') {
      ch = '-';
    } else if (!plain) {
      ch = '_';
    }
  }
  return {name + ".json", std::move(document), {}};
}

Outcome conclude_from_certificate(const CertificateVerdict& facts, CertificateFile certificate,
                                  const Claim& claim, const CheckContext& ctx, Derive derive) {
  if (!facts.accepted()) {
    throw std::logic_error(
        "claim " + claim.id +
        ": a conclusion was drawn from a certificate the checker rejected: " + facts.reason());
  }
  Derivation d = derive(facts, claim, ctx);
  Outcome o;
  o.summary = std::move(d.summary);
  o.evidence = std::move(d.evidence);
  if (d.holds) {
    o.set_detail(Proof{std::make_shared<const CertificateFile>(std::move(certificate))});
    return o;
  }
  if (d.counterexample.is_null()) {
    throw std::logic_error("claim " + claim.id + ": a derivation failed without a counterexample");
  }
  o.refute(std::move(d.counterexample));
  return o;
}

void Outcome::refute(nlohmann::json counterexample) {
  if (counterexample.is_null())
    throw std::logic_error("a refutation without a counterexample (" + summary + ")");
  set_detail(Refutation{std::move(counterexample)});
}

void Outcome::set_detail(Refutation r) {
  verdict = OutcomeVerdict(Verdict::refuted);
  detail_ = std::move(r);
}

void Outcome::set_detail(Proof p) {
  verdict = OutcomeVerdict(Verdict::proved);
  detail_ = std::move(p);
}

const Refutation* Outcome::refutation() const {
  return verdict == Verdict::refuted ? std::get_if<Refutation>(&detail_) : nullptr;
}

const Proof* Outcome::proof() const {
  return verdict == Verdict::proved ? std::get_if<Proof>(&detail_) : nullptr;
}

const nlohmann::json& Outcome::counterexample() const {
  static const nlohmann::json kNone = nullptr;
  const Refutation* r = refutation();
  return r != nullptr ? r->counterexample : kNone;
}

const std::shared_ptr<const CertificateFile>& Outcome::certificate() const {
  static const std::shared_ptr<const CertificateFile> kNone;
  const Proof* p = proof();
  return p != nullptr ? p->certificate : kNone;
}

void Outcome::attach_certificate(std::shared_ptr<const CertificateFile> file) {
  auto* p = verdict == Verdict::proved ? std::get_if<Proof>(&detail_) : nullptr;
  if (p == nullptr) throw std::logic_error("a certificate attached to an outcome that is no proof");
  p->certificate = std::move(file);
}

nlohmann::json outcome_json(const Outcome& o) {
  return {{"verdict", std::string(to_string(o.verdict))},
          {"summary", o.summary},
          {"evidence", o.evidence.is_object() ? o.evidence : nlohmann::json{{"value", o.evidence}}},
          {"counterexample", o.counterexample()}};
}

Outcome outcome_read_back(Verdict v, std::string summary, nlohmann::json evidence,
                          nlohmann::json counterexample,
                          std::shared_ptr<const CertificateFile> certificate) {
  Outcome o;
  o.summary = std::move(summary);
  o.evidence = std::move(evidence);
  if (v == Verdict::refuted) {
    o.set_detail(Refutation{std::move(counterexample)});
  } else if (v == Verdict::proved) {
    o.set_detail(Proof{std::move(certificate)});
  } else {
    o.verdict = verdict_read_back(v);
  }
  return o;
}

OutcomeVerdict verdict_read_back(Verdict v) {
  return OutcomeVerdict(v);
}

void register_checker(CheckerInfo info) {
  (void)checker_table();  // the pending ones first
  add_checker(std::move(info));
}

void register_checker_maker(CheckerInfo (*make)()) {
  pending_checkers().push_back(make);
}

const CheckerInfo* find_checker(std::string_view name) {
  auto it = checker_table().find(name);
  return it == checker_table().end() ? nullptr : &it->second;
}

namespace {
std::vector<std::pair<std::string, ClaimGamesFn>>& claim_games_table() {
  static std::vector<std::pair<std::string, ClaimGamesFn>> table;
  return table;
}
}  // namespace

void register_claim_games(std::string checker_prefix, ClaimGamesFn games) {
  claim_games_table().emplace_back(std::move(checker_prefix), games);
}

std::vector<std::string> claim_games(std::string_view checker, const nlohmann::json& params) {
  std::vector<std::string> out;
  if (params.is_object()) {
    const auto game = params.find("game");
    if (game != params.end() && game->is_string()) out.push_back(game->get<std::string>());
    const auto games = params.find("games");
    if (games != params.end() && games->is_array()) {
      for (const auto& g : *games) {
        if (g.is_string()) out.push_back(g.get<std::string>());
      }
    }
  }
  for (const auto& [prefix, fn] : claim_games_table()) {
    if (checker.substr(0, prefix.size()) != prefix) continue;
    for (auto& g : fn(params)) out.push_back(std::move(g));
  }
  return out;
}

std::vector<const CheckerInfo*> checkers() {
  std::vector<const CheckerInfo*> out;
  for (const auto& [n, c] : checker_table()) out.push_back(&c);
  return out;
}

}  // namespace igv
