// The one process supervisor: every child process the harness starts (a claim's worker, an
// external kernel, a command under its time and memory limits, pdflatex and rsvg-convert) is
// started, limited, watched, killed and reaped here, so that the rules are written once:
//
// - a child is made by fork (running a function of the parent's program) or, for a program,
//   by posix_spawn where its options allow (no copy of a large parent's page tables, no
//   copy-on-write faults in the parent afterwards) and fork + exec otherwise, with everything it
//   needs built before: the child calls only async-signal-safe functions between fork and exec;
// - it may have its own process group (then a kill reaches everything it started), die with its
//   parent (PR_SET_PDEATHSIG), have its address space capped (RLIMIT_AS), its standard streams on
//   given descriptors or /dev/null, and a working folder;
// - a group started with `kill_when_stopped` is killed when `verify` itself is stopped (SIGINT,
//   SIGTERM, SIGHUP) and the signal is then delivered as before;
// - `supervise` waits for the child under a deadline and a resident-memory limit, read from
//   /proc/PID/statm, and kills it (its group) when it passes one;
// - an exit status is decoded in one place (`ExitStatus::text`).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace igv::process {

/// A standard stream of the child: inherited, /dev/null, or a descriptor of the parent's.
struct Stream {
  enum class Kind { inherit, null, descriptor };
  Kind kind = Kind::inherit;
  int fd = -1;
  static Stream inherit() { return {}; }
  static Stream null() { return {Kind::null, -1}; }
  static Stream descriptor(int fd) { return {Kind::descriptor, fd}; }
};

/// How a child is started.
struct SpawnOptions {
  /// Its own process group (its pid): a kill then reaches everything it started.
  bool own_process_group = false;
  /// Killed (SIGKILL) when the parent process ends, whatever ends it.
  bool die_with_parent = false;
  /// Killed with its group when `verify` is stopped by SIGINT, SIGTERM or SIGHUP (needs
  /// own_process_group); also makes a write to a child that stopped reading fail with EPIPE
  /// instead of ending `verify`.
  bool kill_when_stopped = false;
  /// The cap on the child's address space (RLIMIT_AS) in bytes; 0: none.
  std::uint64_t address_space_bytes = 0;
  /// Signal dispositions back to the default and the signal mask emptied in the child (the
  /// parent's handlers are not the child's: a fatal signal must end it so that it is seen).
  bool default_signals = true;
  Stream in, out, err;
  /// The child's working folder (exec only); empty: the parent's.
  std::string working_directory;
  /// Descriptors the child closes before it runs (another child's pipe ends, say).
  std::vector<int> close_in_child;
  /// Descriptors handed to the child beyond its standard streams: the parent's `from` is the
  /// child's `to` (at least 3; a kernel's shared memory, say), open across its exec.
  struct Passed {
    int from = -1;
    int to = -1;
  };
  std::vector<Passed> pass_to_child;
};

/// A child's end, decoded once.
struct ExitStatus {
  int raw = 0;
  [[nodiscard]] bool exited() const;
  [[nodiscard]] int code() const;  ///< the exit code; -1 when ended by a signal
  [[nodiscard]] bool signaled() const;
  [[nodiscard]] int signal() const;  ///< the signal that ended it; 0 when it exited
  [[nodiscard]] bool success() const { return exited() && code() == 0; }
  /// "exit status 3", "killed by signal 11 (Segmentation fault)".
  [[nodiscard]] std::string text() const;
  /// "SIGSEGV (11)" for a signal number.
  static std::string signal_name(int sig);
};

/// The program of an exec could not be run (not found, not executable): its errno.
class ExecFailed : public std::runtime_error {
 public:
  ExecFailed(const std::string& program, int error);
  int error;
};

/// A running (or ended, not yet destroyed) child. Destroying it kills and reaps it.
class Child {
 public:
  /// Forks; the child runs `body` and exits with its return value (std::_Exit: no destructors,
  /// no atexit handlers of the parent's).
  static Child fork_function(const std::function<int()>& body, const SpawnOptions& options);
  /// Runs argv[0] (with PATH search when `search_path`) with `environment` ("NAME=value"), by
  /// posix_spawn unless the options need fork + exec (death with the parent, an address-space
  /// cap, a working folder, descriptors to close); throws ExecFailed when the program cannot be
  /// run.
  static Child exec(const std::vector<std::string>& argv,
                    const std::vector<std::string>& environment, const SpawnOptions& options,
                    bool search_path = false);

  Child(Child&& other) noexcept;
  Child& operator=(Child&& other) noexcept;
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  ~Child();

  [[nodiscard]] pid_t pid() const { return pid_; }
  [[nodiscard]] bool reaped() const { return reaped_; }
  /// The status once reaped (exited 0 before).
  [[nodiscard]] const ExitStatus& status() const { return status_; }

  /// Reaps the child if it has ended; its status, or nothing while it runs.
  std::optional<ExitStatus> poll();
  /// Waits for the child to end.
  ExitStatus wait();
  /// Waits up to `seconds` for the child to end; nothing if it is still running then.
  std::optional<ExitStatus> wait_for(double seconds);
  /// Kills the child (its whole group when it has one) with SIGKILL and reaps it.
  ExitStatus kill();

  /// The child's resident memory now (/proc/PID/statm), in bytes; 0 when unknown.
  [[nodiscard]] std::uint64_t resident_bytes() const;

 private:
  /// The parent's hold on a started child: its pid, its own process group (set here as well
  /// when `set_group`: a forked child races its own setpgid), its slot among the groups killed
  /// when `verify` is stopped.
  static Child adopt(pid_t pid, const SpawnOptions& options, bool set_group);
  Child() = default;
  void forget_group();

  pid_t pid_ = -1;
  bool group_ = false;
  bool reaped_ = false;
  ExitStatus status_;
  int slot_ = -1;  ///< its place in the table of groups killed when `verify` is stopped
};

/// The limits `supervise` enforces; 0: none.
struct Limits {
  double seconds = 0;
  std::uint64_t resident_bytes = 0;
};

/// How a supervised child ended.
struct Supervision {
  enum class Stop { exited, time_limit, memory_limit };
  Stop stop = Stop::exited;
  ExitStatus status;
  double seconds = 0;               ///< wall time from the start of supervise
  std::uint64_t peak_resident = 0;  ///< the largest resident size seen
};

/// Waits for `child` to end, killing it (and its group) when it passes a limit. Checks the clock
/// and the memory every few milliseconds, at most every 50 ms.
Supervision supervise(Child& child, const Limits& limits);

/// This process's peak resident memory since its start or the last reset_peak_resident()
/// (VmHWM of /proc/self/status), in bytes; 0 when unknown.
std::uint64_t own_peak_resident_bytes();
/// Starts this process's peak resident memory afresh (Linux: "5" to /proc/self/clear_refs).
void reset_own_peak_resident();

/// The parent's environment plus `extra` entries ("NAME=value") for names it does not set.
std::vector<std::string> environment_with_defaults(const std::vector<std::string>& extra);

}  // namespace igv::process
