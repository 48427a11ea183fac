// A kernel outside the harness, run as a separate process: a program in any language
// (`verify cross-check --external 'CMD'`) or a shared library loaded by `verify kernel-host`
// (`--plugin LIB.so`, C ABI in verify/plugin/igv_kernel.h).
//
// The program is started once per run of positions and fed them through a pipe while its answers
// are read from another (no named file, no shell built by the harness: `CMD` is handed to
// /bin/sh -c as the user wrote it). It runs in its own process group, which is killed on a
// time-out, an error, a destruction and on SIGINT/SIGTERM/SIGHUP of `verify`. What it writes is
// read with bounded buffers: a value line of at most 40 bytes, at most 1 MiB on stderr.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/base/game_family.h"

namespace igv {

/// A kernel that failed as a program: it died, hung, wrote a line that is not a value, too few or
/// too many values, or flooded stderr. `verify cross-check` reports it in one line, exit 2.
struct KernelDefect : std::runtime_error {
  KernelDefect(const std::string& what, std::string kind_, std::size_t answered_)
      : std::runtime_error(what), kind(std::move(kind_)), answered(answered_) {}
  std::string kind;          ///< "died", "timeout", "garbage", "too-few", "too-many", "stderr", …
  std::size_t answered = 0;  ///< values received before the defect
  std::string detail;        ///< what() without the kernel's name: "ended (exit status 1) …"
  std::vector<Value> received;  ///< the values it wrote before the defect (run_kernel)
};

/// The wire format between the harness and the kernel.
enum class KernelProtocol {
  lines,   ///< positions one per line in the family's syntax; one integer value per line
  binary,  ///< `verify kernel-host`: records of int64 coordinates; status byte + int64 value
};

struct KernelProcessOptions {
  /// A kernel that owes values and writes none for this long is stopped (a defect, "timeout").
  double silence_seconds = 10;
  /// The whole run of positions may take at most this long (0: no bound but the silence one).
  double deadline_seconds = 0;
  std::uint64_t max_stderr_bytes = std::uint64_t{1} << 20;
};

/// A description of a loaded kernel (`verify kernel-host` says it first): name, description,
/// largest position (0: not said) and whether it takes sums.
struct KernelDescription {
  std::string name;
  std::string description;
  std::int64_t max_position = 0;
  bool sums = false;
};

/// A command that runs a kernel: the program and its arguments (no shell unless it is one).
struct KernelCommand {
  std::vector<std::string> argv;
  KernelProtocol protocol = KernelProtocol::lines;
  std::string shown;  ///< how messages name it: "`python3 k.py`", "the plugin 'lib.so'"
};

/// `--external 'CMD'`: /bin/sh -c CMD, line protocol.
KernelCommand external_command(const std::string& command);
/// `--plugin LIB`: this executable's `kernel-host LIB GAME`, binary protocol.
KernelCommand plugin_command(const std::string& library, const std::string& game_spec);

/// Starts the kernel, writes every position (streamed while its values are read), closes its
/// input and reads until its end; returns one value per position, in order. Throws KernelDefect
/// (the process group is killed first) when it fails as a program.
std::vector<Value> run_kernel(const KernelCommand& command, const GameInstance& game,
                              std::span<const Position> positions,
                              const KernelProcessOptions& options);

/// The description a plugin gives (`verify kernel-host LIB GAME --describe`); throws
/// KernelDefect or InputError (no such library, not a kernel of this game).
KernelDescription describe_plugin(const std::string& library, const std::string& game_spec,
                                  const KernelProcessOptions& options);

/// `verify kernel-host LIB GAME [--describe]`: loads the library and serves the binary protocol
/// on stdin/stdout (or prints the description as one JSON line). Returns the exit code.
int kernel_host_main(const std::vector<std::string>& args);

}  // namespace igv
