#include "properties/base/worker_pool.h"

#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

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

/// A field of /proc/PID/status in bytes (VmHWM, VmRSS); 0 when unknown.
std::uint64_t proc_status_bytes(const std::string& pid, const char* key) {
  std::ifstream in("/proc/" + pid + "/status");
  std::string line;
  const std::string prefix = std::string(key) + ":";
  while (std::getline(in, line)) {
    if (line.rfind(prefix, 0) == 0) {
      std::istringstream fields(line.substr(prefix.size()));
      std::uint64_t kib = 0;
      fields >> kib;
      return kib * 1024;
    }
  }
  return 0;
}

std::uint64_t resident_bytes(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/statm");
  std::uint64_t size = 0, resident = 0;
  if (!(in >> size >> resident)) return 0;
  return resident * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

std::string signal_text(int sig) {
  const char* name = sigabbrev_np(sig);
  return std::string("signal ") + (name != nullptr ? std::string("SIG") + name : "?") + " (" +
         std::to_string(sig) + ")";
}

std::string megabytes(std::uint64_t bytes) {
  return std::to_string(bytes >> 20) + " MiB";
}

struct Worker {
  pid_t pid = -1;
  int commands = -1;  ///< parent's write end: claim indexes
  int results = -1;   ///< parent's read end: length-prefixed JSON results
  bool busy = false;
  std::size_t claim = 0;
  Clock::time_point started;
  std::uint64_t sampled_peak = 0;  ///< the largest resident size the parent saw for this claim
  std::string buffer;
};

/// The worker's loop: read a claim index, run the claim in this process, write the result.
[[noreturn]] void worker_main(int commands, int results, const std::vector<Claim>& claims,
                              const RunOptions& options) {
  // The parent's handlers (report clean-up, a test framework's crash reports) are not the
  // worker's: a fatal signal must end the worker so that the runner sees it.
  for (int sig : {SIGINT, SIGTERM, SIGPIPE, SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL}) {
    std::signal(sig, SIG_DFL);
  }
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  for (;;) {
    std::uint64_t index = 0;
    if (!read_exact(commands, &index, sizeof index) || index >= claims.size()) ::_exit(0);
    // Reset the peak resident size so that VmHWM is this claim's (Linux: "5" to clear_refs).
    {
      std::ofstream clear("/proc/self/clear_refs");
      clear << "5";
    }
    const ClaimResult r = run_claim(claims[index], options);
    const nlohmann::json j = {{"verdict", std::string(to_string(r.outcome.verdict))},
                              {"summary", r.outcome.summary},
                              {"evidence", r.outcome.evidence},
                              {"counterexample", r.outcome.counterexample},
                              {"seconds", r.seconds},
                              {"peak_memory_bytes", proc_status_bytes("self", "VmHWM")}};
    const std::string text = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    const std::uint64_t size = text.size();
    if (!write_all(results, &size, sizeof size) || !write_all(results, text.data(), size)) {
      ::_exit(3);
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
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0)
      throw std::runtime_error(std::string("cannot start a worker: ") + std::strerror(errno));
    if (pid == 0) {
      // The child keeps only its own two ends: another worker's pipe ends held here would keep
      // that worker from seeing the end of its commands, and its parent from seeing it exit.
      for (const auto& w : workers_) {
        if (w.commands >= 0) ::close(w.commands);
        if (w.results >= 0) ::close(w.results);
      }
      ::close(commands[1]);
      ::close(results[0]);
      worker_main(commands[0], results[1], claims_, options_);
    }
    ::close(commands[0]);
    ::close(results[1]);
    Worker w;
    w.pid = pid;
    w.commands = commands[1];
    w.results = results[0];
    return w;
  }

  void retire(Worker& w, bool kill_it) {
    if (kill_it) ::kill(w.pid, SIGKILL);
    ::close(w.commands);
    ::close(w.results);
    int status = 0;
    while (::waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
    }
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
      if (w.pid < 0) w = spawn();
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
      if (w.pid >= 0) retire(w, false);
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
      r.outcome.verdict = verdict_read_back(v.value_or(Verdict::error));
      r.outcome.summary = j.at("summary").get<std::string>();
      r.outcome.evidence = j.at("evidence");
      r.outcome.counterexample = j.at("counterexample");
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
    int status = 0;
    ::close(w.commands);
    ::close(w.results);
    while (::waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
    }
    std::string how;
    if (WIFSIGNALED(status)) {
      how = "the checker crashed: " + signal_text(WTERMSIG(status));
    } else {
      how = "the checker's worker exited with status " + std::to_string(WEXITSTATUS(status));
    }
    ClaimResult r;
    r.seconds = std::chrono::duration<double>(Clock::now() - w.started).count();
    r.peak_memory_bytes = w.sampled_peak;
    r.outcome = Outcome{Finding::error, how, {{"error", how}}, nullptr};
    if (WIFSIGNALED(status)) r.outcome.evidence["signal"] = WTERMSIG(status);
    Worker dead = w;
    w = Worker{};
    w.claim = dead.claim;
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
      const std::uint64_t resident = resident_bytes(w.pid);
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
