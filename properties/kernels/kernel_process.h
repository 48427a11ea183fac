// A kernel outside the harness, run as a separate process: a program in any language
// (`verify cross-check --external 'CMD'`) or a shared library loaded by `verify kernel-host`
// (`--plugin LIB.so`, C ABI in core/base/igv_kernel.h).
//
// The program is started once per run of positions and fed them through a pipe while its answers
// are read from another (no named file, no shell built by the harness: `CMD` is handed to
// /bin/sh -c as the user wrote it). It runs in its own process group, which is killed on a
// time-out, an error, a destruction and on SIGINT/SIGTERM/SIGHUP of `verify`. What it writes is
// read with bounded buffers: a value line of at most 40 bytes; its stderr is drained and kept
// (the first 64 KiB and the last 4 KiB), whatever its volume, never a defect.
#pragma once

#include <cstdint>
#include <functional>
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
  /// "died", "timeout", "startup", "garbage", "too-few", "too-many", "stdout", "error", …
  std::string kind;
  std::size_t answered = 0;     ///< values received before the defect
  std::string detail;           ///< what() without the kernel's name: "ended (exit status 1) …"
  std::vector<Value> received;  ///< the values it wrote before the defect (run_kernel)
};

/// The wire format between the harness and the kernel.
enum class KernelProtocol {
  lines,   ///< positions one per line in the family's syntax; one integer value per line
  binary,  ///< `verify kernel-host`: records of int64 coordinates; status byte + int64 value
};

struct KernelProcessOptions {
  /// A kernel that owes values and writes none for this long is stopped (a defect, "timeout"),
  /// once it has written its first value of the run.
  double silence_seconds = 10;
  /// Before its first value a kernel may stay silent this long (it may build a table first): a
  /// start-up allowance separate from silence_seconds (a defect, "startup").
  double startup_seconds = 60;
  /// The whole run of positions may take at most this long (0: no bound but the silence one).
  double deadline_seconds = 0;
  /// Bytes of the kernel's stderr kept for messages: the first ones and the last 4 KiB (the rest
  /// is read and counted).
  std::uint64_t stderr_kept_bytes = std::uint64_t{1} << 16;
};

/// What one run measured beside the values.
struct KernelRunStats {
  /// Seconds inside the kernel's own code (a plugin's igv_kernel_describe, where it sets up, and
  /// its value function), as `verify kernel-host` measured them (the binary protocol's trailer
  /// record); negative when the kernel did not say (a program).
  double own_seconds = -1;
  double first_value_seconds = -1;  ///< from its start to its first value (negative: none)
  std::uint64_t stderr_bytes = 0;   ///< bytes it wrote on stderr
  std::string stderr_head;          ///< its first stderr_kept_bytes
  std::string stderr_tail;          ///< its last 4 KiB (beyond the head)
};

/// The positions of one run, encoded on demand (no Position need be held per position): `count`
/// positions; `encode(i, protocol, out)` appends position i in the protocol's form; `name(i)` is
/// its text for messages.
struct KernelBatch {
  std::size_t count = 0;
  std::function<void(std::size_t, KernelProtocol, std::string&)> encode;
  std::function<std::string(std::size_t)> name;
  /// Optional, the binary protocol: writes the records of whole positions from i on into `out`
  /// while they fit in `capacity` bytes (*used: the bytes written) and returns the next position
  /// (i itself when position i alone is larger than `capacity`): one call a chunk or a slot of
  /// shared memory instead of one a position.
  std::function<std::size_t(std::size_t i, char* out, std::size_t capacity, std::size_t* used)>
      encode_into{};
  /// Optional: the values handed over as they are read, in runs: take_values(i, v, count) for
  /// the positions i..i+count-1 reads each value once (v may be memory the kernel shares) and
  /// returns count, or the index j of the first one that is the least 64-bit value, which is no
  /// value (those before it taken, v[j] not): run_kernel refuses it. No vector of the run's
  /// values is built: run_kernel returns an empty one, and a KernelDefect's `received` stays
  /// empty (its `answered` values were handed over). Unset: the values returned in order.
  std::function<std::size_t(std::size_t, const Value*, std::size_t)> take_values{};
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
  /// `verify kernel-host` only (a plugin): the positions and the values go through memory
  /// shared with it (a memfd, its descriptor 3, `--shared-memory 3`), the pipes carry one short
  /// message a slot of positions each way; the binary records otherwise. Where the memory cannot
  /// be made, the pipes carry everything.
  bool shared_memory = false;
};

/// `--external 'CMD'`: /bin/sh -c CMD, line protocol.
KernelCommand external_command(const std::string& command);
/// `--external 'CMD' --protocol binary`: /bin/sh -c CMD, the binary protocol of `kernel-host`.
KernelCommand external_binary_command(const std::string& command);
/// `--plugin LIB`: this executable's `kernel-host LIB GAME`, binary protocol, shared memory.
KernelCommand plugin_command(const std::string& library, const std::string& game_spec);

/// Starts the kernel, writes every position of `batch` (streamed while its values are read), closes
/// its input and reads until its end; returns one value per position, in order. Throws
/// KernelDefect (the process group is killed first) when it fails as a program.
std::vector<Value> run_kernel(const KernelCommand& command, const KernelBatch& batch,
                              const KernelProcessOptions& options, KernelRunStats* stats = nullptr);

/// The encoding of a position in either protocol: the family's syntax and a newline, or the
/// binary record (uint32 count, int64 coordinates).
void encode_position(const GameInstance& game, const Position& p, KernelProtocol protocol,
                     std::string& out);

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

/// `verify kernel-host LIB GAME [--describe | --shared-memory FD]`: loads the library and serves
/// the binary protocol on stdin/stdout, its positions and values in the memory of descriptor FD
/// with --shared-memory (or prints the description as one JSON line). Returns the exit code.
int kernel_host_main(const std::vector<std::string>& args);

}  // namespace igv
