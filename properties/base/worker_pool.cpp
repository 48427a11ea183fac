#include "properties/base/worker_pool.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>

#include "core/base/process_supervisor.h"
#include "core/base/trusted/errors.h"
#include "properties/base/verdict_read_back.h"

namespace igv {

namespace {

using Clock = std::chrono::steady_clock;

/// How often the parent looks at its workers' clocks and memory.
constexpr int kPollMilliseconds = 20;
/// Time a claim is given past its limit to report `inconclusive` by itself (the checkers'
/// cooperative deadline) before the runner kills it.
constexpr double kGraceSeconds = 0.25;

bool write_all(int fd, const void* data, std::size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = ::write(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

bool read_exact(int fd, void* data, std::size_t size) {
  char* p = static_cast<char*>(data);
  while (size > 0) {
    const ssize_t n = ::read(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

std::string megabytes(std::uint64_t bytes) {
  return std::to_string(bytes >> 20) + " MiB";
}

struct Worker {
  std::optional<process::Child> process;
  int commands = -1;  ///< parent's write end: claim indexes
  int results = -1;   ///< parent's read end: length-prefixed JSON results
  bool busy = false;
  std::size_t claim = 0;
  Clock::time_point started;
  std::uint64_t sampled_peak = 0;  ///< the largest resident size the parent saw for this claim
  std::string buffer;
};

/// A proved outcome's certificate file as the worker sends it (side files' bytes in hexadecimal:
/// JSON strings must be UTF-8), and back.
nlohmann::json certificate_to_wire(const CertificateFile* file) {
  if (file == nullptr) return nullptr;
  static constexpr char kHex[] = "0123456789abcdef";
  nlohmann::json sides = nlohmann::json::array();
  for (const auto& [name, bytes] : file->side_files) {
    std::string hex;
    hex.reserve(bytes.size() * 2);
    for (const char ch : bytes) {
      const auto b = static_cast<unsigned char>(ch);
      hex.push_back(kHex[b >> 4]);
      hex.push_back(kHex[b & 15]);
    }
    sides.push_back({name, std::move(hex)});
  }
  return {{"name", file->name}, {"document", file->document}, {"side_files", std::move(sides)}};
}

std::shared_ptr<const CertificateFile> certificate_from_wire(const nlohmann::json& j) {
  if (j.is_null()) return nullptr;
  CertificateFile f;
  f.name = j.at("name").get<std::string>();
  f.document = j.at("document");
  const auto nibble = [](char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    throw std::runtime_error("a side file's bytes are not hexadecimal");
  };
  for (const auto& side : j.at("side_files")) {
    const auto hex = side.at(1).get<std::string>();
    std::string bytes(hex.size() / 2, '\0');
    for (std::size_t i = 0; i < bytes.size(); ++i)
      bytes[i] = static_cast<char>(nibble(hex[2 * i]) * 16 + nibble(hex[2 * i + 1]));
    f.side_files.emplace_back(side.at(0).get<std::string>(), std::move(bytes));
  }
  return std::make_shared<const CertificateFile>(std::move(f));
}

/// The worker's loop: read a claim index, run the claim in this process, write the result.
/// The supervisor starts it with the default signal dispositions (the parent's handlers, such as
/// report clean-up or a test framework's crash reports, are not the worker's: a fatal signal must
/// end the worker so that the runner sees it), and it dies with the runner.
int worker_main(int commands, int results, const std::vector<Claim>& claims,
                const RunOptions& options) {
  for (;;) {
    std::uint64_t index = 0;
    if (!read_exact(commands, &index, sizeof index) || index >= claims.size()) return 0;
    // Reset the peak resident size so that VmHWM is this claim's.
    process::reset_own_peak_resident();
    const ClaimResult r = run_claim(claims[index], options);
    nlohmann::json j = outcome_json(r.outcome);
    j["certificate"] = certificate_to_wire(r.outcome.certificate().get());
    j["seconds"] = r.seconds;
    j["peak_memory_bytes"] = process::own_peak_resident_bytes();
    const std::string text = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    const std::uint64_t size = text.size();
    if (!write_all(results, &size, sizeof size) || !write_all(results, text.data(), size)) {
      return 3;
    }
  }
}

class Pool {
 public:
  Pool(const std::vector<Claim>& claims, const RunOptions& options)
      : claims_(claims), options_(options) {}

  Worker spawn() {
    int commands[2], results[2];
    if (::pipe(commands) != 0 || ::pipe(results) != 0) {
      throw std::runtime_error(std::string("cannot create a worker pipe: ") + std::strerror(errno));
    }
    std::cout.flush();
    std::cerr.flush();
    // The child keeps only its own two ends: another worker's pipe ends held there would keep
    // that worker from seeing the end of its commands, and its parent from seeing it exit.
    process::SpawnOptions spawn;
    spawn.die_with_parent = true;
    for (const auto& w : workers_) {
      if (w.commands >= 0) spawn.close_in_child.push_back(w.commands);
      if (w.results >= 0) spawn.close_in_child.push_back(w.results);
    }
    spawn.close_in_child.push_back(commands[1]);
    spawn.close_in_child.push_back(results[0]);
    const int child_commands = commands[0], child_results = results[1];
    process::Child child = process::Child::fork_function(
        [&] { return worker_main(child_commands, child_results, claims_, options_); }, spawn);
    ::close(commands[0]);
    ::close(results[1]);
    Worker w;
    w.process.emplace(std::move(child));
    w.commands = commands[1];
    w.results = results[0];
    return w;
  }

  void retire(Worker& w, bool kill_it) {
    if (kill_it) w.process->kill();
    ::close(w.commands);
    ::close(w.results);
    w.process->wait();
    w = Worker{};
  }

  std::vector<ClaimResult> run(
      const std::function<void(std::size_t, std::size_t, const ClaimResult&)>& progress) {
    const std::size_t n = claims_.size();
    results_.assign(n, ClaimResult{});
    const std::size_t count = std::max<std::size_t>(1, std::min<std::size_t>(options_.jobs, n));
    workers_.reserve(count);
    for (std::size_t i = 0; i < count; ++i) workers_.push_back(spawn());
    std::size_t next = 0, done = 0;
    const auto dispatch = [&](Worker& w) {
      if (next >= n) return;
      if (!w.process) w = spawn();
      const std::uint64_t index = next++;
      if (!write_all(w.commands, &index, sizeof index)) {
        throw std::runtime_error("cannot send a claim to a worker");
      }
      w.busy = true;
      w.claim = index;
      w.started = Clock::now();
      w.sampled_peak = 0;
      w.buffer.clear();
    };
    for (auto& w : workers_) dispatch(w);
    while (done < n) {
      std::vector<pollfd> fds;
      std::vector<std::size_t> owner;
      for (std::size_t i = 0; i < workers_.size(); ++i) {
        if (workers_[i].busy) {
          fds.push_back(pollfd{workers_[i].results, POLLIN, 0});
          owner.push_back(i);
        }
      }
      const int ready = ::poll(fds.data(), fds.size(), kPollMilliseconds);
      if (ready < 0 && errno != EINTR) {
        throw std::runtime_error(std::string("poll failed: ") + std::strerror(errno));
      }
      for (std::size_t k = 0; ready > 0 && k < fds.size(); ++k) {
        if ((fds[k].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
        Worker& w = workers_[owner[k]];
        char chunk[65536];
        const ssize_t got = ::read(w.results, chunk, sizeof chunk);
        if (got < 0 && errno == EINTR) continue;
        if (got > 0) {
          w.buffer.append(chunk, static_cast<std::size_t>(got));
          complete(w, done, progress, dispatch);
        } else {
          crashed(w, done, progress);
          dispatch(w);
        }
      }
      enforce_limits(done, progress, dispatch);
    }
    for (auto& w : workers_) {
      if (w.process) retire(w, false);
    }
    return std::move(results_);
  }

 private:
  void record(Worker& w, ClaimResult r, std::size_t& done,
              const std::function<void(std::size_t, std::size_t, const ClaimResult&)>& progress) {
    const std::size_t index = w.claim;
    r.claim = claims_[index];
    r.seed = claim_seed(options_.seed, r.claim.id);
    r.position = index;
    results_[index] = std::move(r);
    w.busy = false;
    ++done;
    if (progress) progress(done, claims_.size(), results_[index]);
  }

  template <class Dispatch>
  void complete(Worker& w, std::size_t& done,
                const std::function<void(std::size_t, std::size_t, const ClaimResult&)>& progress,
                Dispatch& dispatch) {
    if (w.buffer.size() < sizeof(std::uint64_t)) return;
    std::uint64_t size = 0;
    std::memcpy(&size, w.buffer.data(), sizeof size);
    if (w.buffer.size() < sizeof size + size) return;
    ClaimResult r;
    try {
      const auto j = nlohmann::json::parse(w.buffer.substr(sizeof size, size));
      const auto v = parse_verdict(j.at("verdict").get<std::string>());
      r.outcome = outcome_read_back(v.value_or(Verdict::error), j.at("summary").get<std::string>(),
                                    j.at("evidence"), j.at("counterexample"),
                                    certificate_from_wire(j.at("certificate")));
      r.seconds = j.at("seconds").get<double>();
      r.peak_memory_bytes =
          std::max(j.at("peak_memory_bytes").get<std::uint64_t>(), w.sampled_peak);
    } catch (const std::exception& e) {
      r.outcome = Outcome{Finding::error,
                          std::string("the worker's result is unreadable: ") + e.what(),
                          {{"error", e.what()}},
                          nullptr};
    }
    w.buffer.erase(0, sizeof size + size);
    record(w, std::move(r), done, progress);
    dispatch(w);
  }

  void crashed(Worker& w, std::size_t& done,
               const std::function<void(std::size_t, std::size_t, const ClaimResult&)>& progress) {
    ::close(w.commands);
    ::close(w.results);
    const process::ExitStatus status = w.process->wait();
    std::string how;
    if (status.signaled()) {
      how = "the checker crashed: signal " + process::ExitStatus::signal_name(status.signal());
    } else {
      how = "the checker's worker exited with status " + std::to_string(status.code());
    }
    ClaimResult r;
    r.seconds = std::chrono::duration<double>(Clock::now() - w.started).count();
    r.peak_memory_bytes = w.sampled_peak;
    r.outcome = Outcome{Finding::error, how, {{"error", how}}, nullptr};
    if (status.signaled()) r.outcome.evidence["signal"] = status.signal();
    const std::size_t claim = w.claim;
    w = Worker{};
    w.claim = claim;
    record(w, std::move(r), done, progress);
  }

  template <class Dispatch>
  void enforce_limits(
      std::size_t& done,
      const std::function<void(std::size_t, std::size_t, const ClaimResult&)>& progress,
      Dispatch& dispatch) {
    const auto now = Clock::now();
    for (auto& w : workers_) {
      if (!w.busy) continue;
      const double elapsed = std::chrono::duration<double>(now - w.started).count();
      const std::uint64_t resident = w.process->resident_bytes();
      w.sampled_peak = std::max(w.sampled_peak, resident);
      std::string reason;
      nlohmann::json evidence;
      if (options_.time_limit_seconds > 0 &&
          elapsed > options_.time_limit_seconds + kGraceSeconds) {
        reason = "time limit of " + std::to_string(options_.time_limit_seconds) +
                 " s reached; the runner stopped the claim after " + std::to_string(elapsed) + " s";
        evidence = {{"reason", reason},
                    {"limit", "time"},
                    {"time_limit_seconds", options_.time_limit_seconds}};
      } else if (resident > options_.memory_limit_bytes) {
        reason = "memory limit of " + megabytes(options_.memory_limit_bytes) +
                 " exceeded (resident " + megabytes(resident) + "); the runner stopped the claim";
        evidence = {{"reason", reason},
                    {"limit", "memory"},
                    {"memory_limit_bytes", options_.memory_limit_bytes}};
      } else {
        continue;
      }
      ClaimResult r;
      r.seconds = elapsed;
      r.peak_memory_bytes = w.sampled_peak;
      r.outcome = Outcome{Finding::inconclusive, reason, evidence, nullptr};
      const std::size_t claim = w.claim;
      retire(w, true);
      w.claim = claim;
      record(w, std::move(r), done, progress);
      dispatch(w);
    }
  }

  const std::vector<Claim>& claims_;
  const RunOptions& options_;
  std::vector<Worker> workers_;
  std::vector<ClaimResult> results_;
};

}  // namespace

std::vector<ClaimResult> run_claims_in_workers(
    const std::vector<Claim>& claims, const RunOptions& options,
    const std::function<void(std::size_t, std::size_t, const ClaimResult&)>& progress) {
  if (claims.empty()) return {};
  Pool pool(claims, options);
  return pool.run(progress);
}

}  // namespace igv
