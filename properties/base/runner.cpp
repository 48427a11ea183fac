#include "properties/base/runner.h"

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <thread>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/memory_budget.h"
#include "core/base/trusted/sha256.h"
#include "properties/base/worker_pool.h"

namespace igv {

bool glob_match(std::string_view pattern, std::string_view text) {
  // Iterative matcher with backtracking on the last '*'.
  std::size_t p = 0, t = 0, star = std::string_view::npos, mark = 0;
  while (t < text.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p;
      ++t;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

namespace {
bool matches(const Claim& c, std::string_view spec) {
  if (spec.rfind("tag:", 0) == 0) {
    const auto tag = spec.substr(4);
    for (const auto& t : c.tags) {
      if (glob_match(tag, t)) return true;
    }
    return false;
  }
  return glob_match(spec, c.id);
}
}  // namespace

std::vector<Claim> select_claims(const std::vector<Claim>& all,
                                 const std::vector<std::string>& specs) {
  std::vector<std::string> include, exclude;
  for (const auto& s : specs) {
    if (s.empty()) throw InputError("empty claim selection spec");
    if (s[0] == '!' || s[0] == '~') {
      if (s.size() == 1) throw InputError("claim selection spec '" + s + "' excludes nothing");
      exclude.push_back(s.substr(1));
    } else {
      include.push_back(s);
    }
    if (s == "tag:" || s == "!tag:" || s == "~tag:")
      throw InputError("claim selection spec '" + s + "' names no tag");
  }
  std::vector<Claim> out;
  for (const auto& c : all) {
    bool in = include.empty();
    for (const auto& s : include) in = in || matches(c, s);
    for (const auto& s : exclude) in = in && !matches(c, s);
    if (in) out.push_back(c);
  }
  if (out.empty()) {
    std::string joined;
    for (const auto& s : specs) joined += (joined.empty() ? "" : " ") + s;
    throw InputError("the selection '" + joined + "' matches no claim (see `verify list`)");
  }
  return out;
}

std::uint64_t claim_seed(std::uint64_t run_seed, const std::string& claim_id) {
  // FNV-1a over the id, mixed with the run seed (splitmix64 finaliser).
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char ch : claim_id) {
    h ^= ch;
    h *= 1099511628211ULL;
  }
  std::uint64_t z = h ^ (run_seed + 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return (z ^ (z >> 31)) & 0x7fffffffffffffffULL;
}

ClaimResult run_claim(const Claim& claim, const RunOptions& options) {
  ClaimResult r;
  r.claim = claim;
  r.seed = claim_seed(options.seed, claim.id);
  CheckContext ctx;
  ctx.seed = r.seed;
  ctx.budget = options.budget;
  ctx.random_cases = std::max(1, static_cast<int>(options.random_cases * options.budget));
  ctx.memory_limit_bytes = options.memory_limit_bytes;
  set_memory_budget(options.memory_limit_bytes);  // kernels' needs known up front (limits.h)
  const auto start = std::chrono::steady_clock::now();
  if (options.time_limit_seconds > 0) {
    ctx.deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                               std::chrono::duration<double>(options.time_limit_seconds));
  }
  const CheckerInfo* checker = find_checker(claim.checker);
  try {
    if (checker == nullptr)
      throw std::runtime_error("checker '" + claim.checker + "' is not registered");
    r.outcome = checker->fn(claim, ctx);
  } catch (const BudgetExceeded& e) {
    r.outcome = Outcome{Finding::inconclusive,
                        std::string("budget exceeded: ") + e.what(),
                        {{"reason", e.what()}},
                        nullptr};
  } catch (const std::bad_alloc&) {
    r.outcome =
        Outcome{Finding::inconclusive, "out of memory", {{"reason", "std::bad_alloc"}}, nullptr};
  } catch (const std::exception& e) {
    r.outcome = Outcome{Finding::error,
                        std::string("the check failed: ") + e.what(),
                        {{"error", e.what()}},
                        nullptr};
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

std::vector<ClaimResult> run_claims(
    const std::vector<Claim>& claims, const RunOptions& options,
    const std::function<void(std::size_t, std::size_t, const ClaimResult&)>& progress) {
  if (options.isolate) {
    auto results = run_claims_in_workers(claims, options, progress);
    attach_certificate_references(results);
    return results;
  }
  std::vector<ClaimResult> results(claims.size());
  std::atomic<std::size_t> next{0};
  std::size_t done = 0;
  std::mutex lock;
  auto worker = [&]() {
    for (std::size_t i = next++; i < claims.size(); i = next++) {
      results[i] = run_claim(claims[i], options);
      results[i].position = i;
      std::lock_guard<std::mutex> g(lock);
      ++done;
      if (progress) progress(done, claims.size(), results[i]);
    }
  };
  const unsigned jobs =
      std::max(1U, std::min<unsigned>(options.jobs, static_cast<unsigned>(claims.size())));
  std::vector<std::thread> threads;
  for (unsigned j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  attach_certificate_references(results);
  return results;
}

void attach_certificate_references(std::vector<ClaimResult>& results) {
  std::map<std::string, std::string> taken;  // path in the folder -> the SHA-256 of its bytes
  for (auto& r : results) {
    if (!r.outcome.certificate()) continue;
    const CertificateFile& file = *r.outcome.certificate();
    const std::string sha = sha256_hex(file.text());
    std::string path = "certificates/" + file.name;
    if (const auto it = taken.find(path); it != taken.end() && it->second != sha) {
      // Another certificate of the same game: in a folder of its own (named by its hash), so
      // that the side files it names beside it keep their names.
      path = "certificates/" + sha.substr(0, 16) + "/" + file.name;
    }
    taken.emplace(path, sha);
    r.outcome.evidence["certificate_file"] = {{"path", path}, {"sha256", sha}};
  }
}

}  // namespace igv
