#include "core/base/process_supervisor.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>
#include <utility>

extern char** environ;

namespace igv::process {

namespace {

using Clock = std::chrono::steady_clock;

// ---------------------------------------------------------------------------------------------
// Process groups to kill when `verify` itself is stopped (SIGINT, SIGTERM, SIGHUP): a handler
// may only call async-signal-safe functions, so the groups sit in a fixed array of atomics.
// ---------------------------------------------------------------------------------------------
constexpr int kSlots = 8;
std::atomic<pid_t> g_groups[kSlots];
struct sigaction g_previous[3];
const int kStopSignals[3] = {SIGINT, SIGTERM, SIGHUP};
std::atomic<bool> g_installed{false};

extern "C" void kill_groups_and_reraise(int sig) {
  for (auto& g : g_groups) {
    const pid_t pg = g.load();
    if (pg > 0) ::kill(-pg, SIGKILL);
  }
  for (int i = 0; i < 3; ++i)
    if (kStopSignals[i] == sig) ::sigaction(sig, &g_previous[i], nullptr);
  ::raise(sig);
}

void install_stop_handlers() {
  if (g_installed.exchange(true)) return;
  struct sigaction sa {};
  sa.sa_handler = kill_groups_and_reraise;
  sigemptyset(&sa.sa_mask);
  for (int i = 0; i < 3; ++i) ::sigaction(kStopSignals[i], &sa, &g_previous[i]);
  // A child that stops reading makes a write fail with EPIPE instead of ending `verify`.
  std::signal(SIGPIPE, SIG_IGN);
}

int take_slot(pid_t group) {
  for (int i = 0; i < kSlots; ++i) {
    pid_t empty = 0;
    if (g_groups[i].compare_exchange_strong(empty, group)) return i;
  }
  return -1;
}

/// Puts `stream` on descriptor `target` in the child (async-signal-safe calls only).
void child_stream(const Stream& stream, int target) {
  if (stream.kind == Stream::Kind::null) {
    const int null = ::open("/dev/null", O_RDWR);
    if (null >= 0 && null != target) {
      ::dup2(null, target);
      ::close(null);
    }
  } else if (stream.kind == Stream::Kind::descriptor) {
    if (stream.fd == target) {
      ::fcntl(target, F_SETFD, ::fcntl(target, F_GETFD) & ~FD_CLOEXEC);
    } else {
      ::dup2(stream.fd, target);
    }
  }
}

/// What every child does first, before its body or exec (async-signal-safe calls only); false
/// when the parent is already gone.
bool child_setup(const SpawnOptions& options, pid_t parent) {
  if (options.own_process_group) ::setpgid(0, 0);
  if (options.die_with_parent) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) return false;  // it died before the prctl
  }
  for (const int fd : options.close_in_child) ::close(fd);
  child_stream(options.in, 0);
  child_stream(options.out, 1);
  child_stream(options.err, 2);
  for (const auto& passed : options.pass_to_child)
    child_stream(Stream::descriptor(passed.from), passed.to);
  if (options.default_signals) {
    for (int sig = 1; sig < NSIG; ++sig) {
      if (sig == SIGKILL || sig == SIGSTOP) continue;
      ::signal(sig, SIG_DFL);
    }
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
  }
  if (options.address_space_bytes > 0) {
    rlimit r{};
    r.rlim_cur = r.rlim_max = options.address_space_bytes;
    ::setrlimit(RLIMIT_AS, &r);
  }
  return true;
}

void flush_parent_streams() {
  std::fflush(nullptr);
}

/// Starts argv by posix_spawn (a vfork-like clone: no copy of the parent's page tables and no
/// copy-on-write faults in the parent afterwards, which a large parent starting many kernels
/// pays for) when the options need nothing posix_spawn cannot do: no death with the parent, no
/// address-space cap, no working folder, nothing to close, no stream or passed descriptor already
/// on its own number.
/// nullopt: those options need the fork path. Throws ExecFailed when the program cannot be run.
std::optional<pid_t> spawn_without_fork(std::vector<char*>& args, std::vector<char*>& env,
                                        const SpawnOptions& options, bool search_path) {
  if (options.die_with_parent || options.address_space_bytes > 0 ||
      !options.working_directory.empty() || !options.close_in_child.empty())
    return std::nullopt;
  const Stream* streams[3] = {&options.in, &options.out, &options.err};
  for (int target = 0; target < 3; ++target) {
    const Stream& st = *streams[target];
    if (st.kind == Stream::Kind::descriptor && st.fd >= 0 && st.fd <= 2) return std::nullopt;
  }
  for (const auto& passed : options.pass_to_child)
    if (passed.from == passed.to || passed.from <= 2) return std::nullopt;
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  if (::posix_spawn_file_actions_init(&actions) != 0) return std::nullopt;
  if (::posix_spawnattr_init(&attr) != 0) {
    ::posix_spawn_file_actions_destroy(&actions);
    return std::nullopt;
  }
  struct Cleanup {
    posix_spawn_file_actions_t& a;
    posix_spawnattr_t& t;
    ~Cleanup() {
      ::posix_spawn_file_actions_destroy(&a);
      ::posix_spawnattr_destroy(&t);
    }
  } cleanup{actions, attr};
  int rc = 0;
  for (int target = 0; target < 3 && rc == 0; ++target) {
    const Stream& st = *streams[target];
    if (st.kind == Stream::Kind::null) {
      rc = ::posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDWR, 0);
    } else if (st.kind == Stream::Kind::descriptor) {
      rc = ::posix_spawn_file_actions_adddup2(&actions, st.fd, target);
    }
  }
  // After the streams (a stream's descriptor may be the number a passed one takes).
  for (const auto& passed : options.pass_to_child)
    if (rc == 0) rc = ::posix_spawn_file_actions_adddup2(&actions, passed.from, passed.to);
  short flags = 0;
  if (rc == 0 && options.own_process_group) {
    flags |= POSIX_SPAWN_SETPGROUP;
    rc = ::posix_spawnattr_setpgroup(&attr, 0);
  }
  if (rc == 0 && options.default_signals) {
    // As child_setup: every disposition back to the default, the mask emptied.
    sigset_t all, none;
    sigfillset(&all);
    sigdelset(&all, SIGKILL);
    sigdelset(&all, SIGSTOP);
    sigemptyset(&none);
    flags |= POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK;
    rc = ::posix_spawnattr_setsigdefault(&attr, &all);
    if (rc == 0) rc = ::posix_spawnattr_setsigmask(&attr, &none);
  }
  if (rc == 0) rc = ::posix_spawnattr_setflags(&attr, flags);
  if (rc != 0) return std::nullopt;  // the fork path then does it
  pid_t pid = -1;
  rc = search_path ? ::posix_spawnp(&pid, args[0], &actions, &attr, args.data(), env.data())
                   : ::posix_spawn(&pid, args[0], &actions, &attr, args.data(), env.data());
  if (rc != 0) throw ExecFailed(args[0], rc);
  return pid;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// ExitStatus
// ---------------------------------------------------------------------------------------------
bool ExitStatus::exited() const {
  return WIFEXITED(raw);
}
int ExitStatus::code() const {
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}
bool ExitStatus::signaled() const {
  return WIFSIGNALED(raw);
}
int ExitStatus::signal() const {
  return WIFSIGNALED(raw) ? WTERMSIG(raw) : 0;
}

std::string ExitStatus::text() const {
  if (signaled()) {
    return "killed by signal " + std::to_string(signal()) + " (" + strsignal(signal()) + ")";
  }
  return "exit status " + std::to_string(WEXITSTATUS(raw));
}

std::string ExitStatus::signal_name(int sig) {
  const char* name = sigabbrev_np(sig);
  return (name != nullptr ? std::string("SIG") + name : std::string("?")) + " (" +
         std::to_string(sig) + ")";
}

ExecFailed::ExecFailed(const std::string& program, int e)
    : std::runtime_error("cannot run '" + program + "': " + std::strerror(e)), error(e) {}

// ---------------------------------------------------------------------------------------------
// Child
// ---------------------------------------------------------------------------------------------
Child Child::fork_function(const std::function<int()>& body, const SpawnOptions& options) {
  if (options.kill_when_stopped) install_stop_handlers();
  flush_parent_streams();
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error(std::string("cannot fork: ") + std::strerror(errno));
  if (pid == 0) {
    if (!child_setup(options, parent)) std::_Exit(2);
    std::_Exit(body());
  }
  return adopt(pid, options, true);
}

Child Child::adopt(pid_t pid, const SpawnOptions& options, bool set_group) {
  Child c;
  c.pid_ = pid;
  c.group_ = options.own_process_group;
  // Also in the parent: no race with a kill before the child's own setpgid.
  if (c.group_ && set_group) ::setpgid(pid, pid);
  if (options.kill_when_stopped && c.group_) c.slot_ = take_slot(pid);
  return c;
}

Child Child::exec(const std::vector<std::string>& argv, const std::vector<std::string>& environment,
                  const SpawnOptions& options, bool search_path) {
  if (argv.empty()) throw std::invalid_argument("exec: no program");
  if (options.kill_when_stopped) install_stop_handlers();
  // Everything the child needs is made before fork.
  std::vector<std::string> args_text = argv, env_text = environment;
  std::vector<char*> args, env;
  for (auto& a : args_text) args.push_back(a.data());
  args.push_back(nullptr);
  for (auto& e : env_text) env.push_back(e.data());
  env.push_back(nullptr);
  const std::string where = options.working_directory;
  // posix_spawn set the group before the program ran.
  if (auto spawned = spawn_without_fork(args, env, options, search_path))
    return adopt(*spawned, options, false);
  int status[2];
  if (::pipe2(status, O_CLOEXEC) != 0)
    throw std::runtime_error(std::string("cannot make a pipe: ") + std::strerror(errno));
  flush_parent_streams();
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int e = errno;
    ::close(status[0]);
    ::close(status[1]);
    throw std::runtime_error(std::string("cannot start '") + argv[0] + "': " + std::strerror(e));
  }
  if (pid == 0) {
    if (!child_setup(options, parent)) ::_exit(127);
    int e = 0;
    if (!where.empty() && ::chdir(where.c_str()) != 0) {
      e = errno;
    } else {
      if (search_path) {
        ::execvpe(args[0], args.data(), env.data());
      } else {
        ::execve(args[0], args.data(), env.data());
      }
      e = errno;
    }
    (void)!::write(status[1], &e, sizeof e);
    ::_exit(127);
  }
  Child c = adopt(pid, options, true);
  ::close(status[1]);
  int e = 0;
  ssize_t got;
  do got = ::read(status[0], &e, sizeof e);
  while (got < 0 && errno == EINTR);
  ::close(status[0]);
  if (got == static_cast<ssize_t>(sizeof e)) {
    c.kill();
    throw ExecFailed(argv[0], e);
  }
  return c;
}

Child::Child(Child&& other) noexcept
    : pid_(std::exchange(other.pid_, -1)),
      group_(other.group_),
      reaped_(other.reaped_),
      status_(other.status_),
      slot_(std::exchange(other.slot_, -1)) {}

Child& Child::operator=(Child&& other) noexcept {
  if (this != &other) {
    if (pid_ > 0) kill();
    pid_ = std::exchange(other.pid_, -1);
    group_ = other.group_;
    reaped_ = other.reaped_;
    status_ = other.status_;
    slot_ = std::exchange(other.slot_, -1);
  }
  return *this;
}

Child::~Child() {
  if (pid_ > 0 && (!reaped_ || group_)) kill();
  forget_group();
}

void Child::forget_group() {
  if (slot_ >= 0) g_groups[slot_].store(0);
  slot_ = -1;
}

std::optional<ExitStatus> Child::poll() {
  if (reaped_) return status_;
  int st = 0;
  pid_t r;
  do r = ::waitpid(pid_, &st, WNOHANG);
  while (r < 0 && errno == EINTR);
  if (r == pid_) {
    status_.raw = st;
    reaped_ = true;
    return status_;
  }
  if (r < 0) throw std::runtime_error("lost a child process (" + std::to_string(pid_) + ")");
  return std::nullopt;
}

ExitStatus Child::wait() {
  if (reaped_) return status_;
  int st = 0;
  while (::waitpid(pid_, &st, 0) < 0) {
    if (errno != EINTR)
      throw std::runtime_error("lost a child process (" + std::to_string(pid_) + ")");
  }
  status_.raw = st;
  reaped_ = true;
  return status_;
}

std::optional<ExitStatus> Child::wait_for(double seconds) {
  const auto end = Clock::now() + std::chrono::duration<double>(seconds);
  for (;;) {
    if (auto s = poll()) return s;
    if (Clock::now() > end) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

ExitStatus Child::kill() {
  if (pid_ > 0) {
    // The group too, when it has one, even once the child is reaped: what it started may live on.
    if (group_) ::kill(-pid_, SIGKILL);
    if (!reaped_) {
      ::kill(pid_, SIGKILL);
      wait();
    }
  }
  forget_group();
  return status_;
}

std::uint64_t Child::resident_bytes() const {
  if (pid_ <= 0 || reaped_) return 0;
  std::ifstream in("/proc/" + std::to_string(pid_) + "/statm");
  std::uint64_t size = 0, resident = 0;
  if (!(in >> size >> resident)) return 0;
  return resident * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
}

// ---------------------------------------------------------------------------------------------
// supervise
// ---------------------------------------------------------------------------------------------
Supervision supervise(Child& child, const Limits& limits) {
  Supervision s;
  const auto start = Clock::now();
  auto pause = std::chrono::milliseconds(2);
  for (;;) {
    if (auto st = child.poll()) {
      s.status = *st;
      break;
    }
    s.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    const std::uint64_t resident = child.resident_bytes();
    s.peak_resident = std::max(s.peak_resident, resident);
    if (limits.seconds > 0 && s.seconds > limits.seconds) {
      s.stop = Supervision::Stop::time_limit;
    } else if (limits.resident_bytes > 0 && resident > limits.resident_bytes) {
      s.stop = Supervision::Stop::memory_limit;
    }
    if (s.stop != Supervision::Stop::exited) {
      s.status = child.kill();
      break;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(50));
  }
  s.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return s;
}

// ---------------------------------------------------------------------------------------------
// This process
// ---------------------------------------------------------------------------------------------
std::uint64_t own_peak_resident_bytes() {
  std::ifstream in("/proc/self/status");
  std::string line;
  const std::string prefix = "VmHWM:";
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

void reset_own_peak_resident() {
  std::ofstream clear("/proc/self/clear_refs");
  clear << "5";
}

std::vector<std::string> environment_with_defaults(const std::vector<std::string>& extra) {
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) env.emplace_back(*e);
  for (const auto& x : extra) {
    const std::string name = x.substr(0, x.find('=') + 1);
    const bool set = std::any_of(env.begin(), env.end(),
                                 [&](const std::string& e) { return e.rfind(name, 0) == 0; });
    if (!set) env.push_back(x);
  }
  return env;
}

}  // namespace igv::process
