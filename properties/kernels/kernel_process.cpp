#include "properties/kernels/kernel_process.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <deque>
#include <iostream>
#include <limits>
#include <mutex>
#include <thread>
#include <utility>

#include "core/base/igv_kernel.h"
#include "core/base/process_supervisor.h"
#include "core/base/trusted/errors.h"

namespace igv {
namespace {

/// A running kernel, started by the process supervisor in its own process group (killed when
/// `verify` is stopped), and the three pipe ends we hold. The destructor kills the group and reaps
/// the child.
class Child {
 public:
  /// `shared`: a descriptor the child gets as its descriptor 3 (-1: none).
  explicit Child(const std::vector<std::string>& argv, int shared = -1)
      : process_(start(argv, shared)) {
    fcntl(in_, F_SETFL, fcntl(in_, F_GETFL) | O_NONBLOCK);
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  ~Child() {
    kill_and_reap();
    close_all();
  }

  void close_input() {
    if (in_ >= 0) close(in_);
    in_ = -1;
  }
  void close_all() {
    for (int* fd : {&in_, &out_, &err_})
      if (*fd >= 0) close(*fd), *fd = -1;
  }
  /// Kills the whole group (the kernel and anything it started) and reaps the child.
  void kill_and_reap() { process_.kill(); }
  /// Waits up to `seconds` for the child to exit; false if it is still running.
  bool wait_exit(double seconds) { return process_.wait_for(seconds).has_value(); }
  /// "exit status 3", "killed by signal 11 (Segmentation fault)".
  [[nodiscard]] std::string status_text() const { return process_.status().text(); }
  [[nodiscard]] bool exited_cleanly() const {
    return process_.reaped() && process_.status().success();
  }

  int in_ = -1, out_ = -1, err_ = -1;

 private:
  process::Child start(const std::vector<std::string>& argv, int shared) {
    int in[2], out[2], err[2];
    if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0) {
      throw std::runtime_error(std::string("cannot make a pipe for the kernel: ") +
                               std::strerror(errno));
    }
    in_ = in[1];
    out_ = out[0];
    err_ = err[0];
    process::SpawnOptions spawn;
    spawn.own_process_group = true;
    spawn.kill_when_stopped = true;
    spawn.in = process::Stream::descriptor(in[0]);
    spawn.out = process::Stream::descriptor(out[1]);
    spawn.err = process::Stream::descriptor(err[1]);
    if (shared >= 0) spawn.pass_to_child.push_back({shared, 3});
    // The caller's environment plus PYTHONUNBUFFERED=1, so that a Python kernel's answers come as
    // they are written (a crash or a hang is then located at once).
    const auto env = process::environment_with_defaults({"PYTHONUNBUFFERED=1"});
    const auto close_child_ends = [&] {
      for (int fd : {in[0], out[1], err[1]}) close(fd);
    };
    try {
      process::Child c = process::Child::exec(argv, env, spawn);
      close_child_ends();
      return c;
    } catch (const process::ExecFailed& e) {
      close_child_ends();
      close_all();
      throw InputError(e.what());
    } catch (...) {
      close_child_ends();
      close_all();
      throw;
    }
  }

  process::Child process_;
};

/// Printable text of a kernel's bytes for a message: control characters as '?', at most 60.
std::string shown_bytes(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, 60)) out += (c >= 32 && c < 127) ? c : '?';
  if (s.size() > 60) out += "…";
  return out;
}

/// The last non-empty line of what the kernel wrote on stderr, for messages.
std::string stderr_hint(const std::string& tail) {
  std::size_t end = tail.find_last_not_of("\r\n \t");
  if (end == std::string::npos) return "";
  const std::size_t start = tail.find_last_of('\n', end);
  const auto line = tail.substr(start == std::string::npos ? 0 : start + 1,
                                end + 1 - (start == std::string::npos ? 0 : start + 1));
  return "; its stderr ends: " + shown_bytes(line);
}

/// Parses one value line: optional spaces, an optional '-', 1 to 19 digits, optional spaces.
bool parse_value_line(std::string_view s, Value& v) {
  while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t'))
    s.remove_suffix(1);
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  // Any 64-bit value but the least (−2^63, the harness's mark of a position not answered): an
  // arithmetic period's values grow with the heap (a row of Frolov's tables: about n at column
  // n < 2^62, 19 digits).
  Value x = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
  if (s.empty() || ec != std::errc{} || end != s.data() + s.size() ||
      x == std::numeric_limits<Value>::min())
    return false;
  v = x;
  return true;
}

constexpr std::size_t kMaxLine = 40;
constexpr std::size_t kStderrTail = 4096;

/// The binary protocol's record of an answer: a status byte and an int64.
enum RecordStatus : unsigned char {
  kValue = 0,    ///< the value of the next position
  kError = 1,    ///< the value function failed at the next position (its code)
  kStdout = 2,   ///< the plugin wrote this many bytes on its standard output (the last record)
  kTrailer = 3,  ///< the nanoseconds spent in the value function (the last record)
  kShared = 4,   ///< shared memory: this many positions of the run are answered in their slots
};

/// A message of the shared-memory transport (harness to kernel-host): a slot's positions (the
/// binary records, at an offset of the memory, so many bytes) and where their values go (int64
/// each, in order, at an 8-aligned offset).
struct SlotMessage {
  std::uint64_t positions_offset = 0;
  std::uint64_t positions_bytes = 0;
  std::uint64_t values_offset = 0;
};

/// The harness's side of the shared memory of a plugin's run (KernelCommand::shared_memory): a
/// memfd of kSlots slots, each `slot_bytes` of positions then room for the values of as many
/// positions as fit (a position takes at least 4 bytes: 2 * slot_bytes of values). The kernel
/// reads positions and writes values there; the pipes say which slot and how many. Nothing but
/// values is read back from it (a plugin may scribble on it: its values are then wrong, which is
/// what the check reports); the positions the harness compares are its own.
class SharedSlots {
 public:
  static constexpr std::size_t kSlots = 4;
  static constexpr std::size_t kSlotBytes = std::size_t{1} << 18;

  /// The memory of an earlier run of this process (its kernel gone), else new memory; nullopt
  /// when it cannot be made (no memfd here): the pipes then carry everything.
  static std::optional<SharedSlots> take() {
    {
      const std::lock_guard<std::mutex> guard(pool_lock());
      auto& spare = pool();
      if (spare) {
        std::optional<SharedSlots> s(std::move(*spare));
        spare.reset();
        return s;
      }
    }
    return make();
  }
  /// Keeps `s` for the next run (its slots all free again).
  static void give_back(SharedSlots&& s) {
    if (s.base_ == nullptr) return;  // a failed growth left it unmapped
    s.free = {3, 2, 1, 0};
    s.flights.clear();
    const std::lock_guard<std::mutex> guard(pool_lock());
    auto& spare = pool();
    if (!spare) spare.emplace(std::move(s));
  }
  /// nullopt when the memory cannot be made (no memfd here): the pipes then carry everything.
  static std::optional<SharedSlots> make() {
    const int made = static_cast<int>(memfd_create("igv-kernel", MFD_CLOEXEC));
    if (made < 0) return std::nullopt;
    // Above the kernel's descriptor 3, so that it is passed by posix_spawn, not fork and exec.
    const int fd = fcntl(made, F_DUPFD_CLOEXEC, 10);
    close(made);
    if (fd < 0) return std::nullopt;
    SharedSlots s(fd);
    if (!s.map(kSlotBytes)) return std::nullopt;
    return s;
  }
  SharedSlots(SharedSlots&& o) noexcept
      : free(std::move(o.free)),
        flights(std::move(o.flights)),
        fd_(std::exchange(o.fd_, -1)),
        base_(std::exchange(o.base_, nullptr)),
        size_(o.size_),
        slot_bytes_(o.slot_bytes_) {}
  SharedSlots(const SharedSlots&) = delete;
  SharedSlots& operator=(const SharedSlots&) = delete;
  SharedSlots& operator=(SharedSlots&&) = delete;
  ~SharedSlots() {
    if (base_ != nullptr) munmap(base_, size_);
    if (fd_ >= 0) close(fd_);
  }

  [[nodiscard]] int fd() const { return fd_; }
  [[nodiscard]] std::size_t slot_bytes() const { return slot_bytes_; }
  [[nodiscard]] std::size_t positions_offset(std::size_t slot) const {
    return slot * 3 * slot_bytes_;
  }
  [[nodiscard]] std::size_t values_offset(std::size_t slot) const {
    return positions_offset(slot) + slot_bytes_;
  }
  [[nodiscard]] char* positions(std::size_t slot) const {
    return static_cast<char*>(base_) + positions_offset(slot);
  }
  [[nodiscard]] const Value* values(std::size_t slot) const {
    return reinterpret_cast<const Value*>(static_cast<const char*>(base_) + values_offset(slot));
  }
  /// Room for a position of `bytes` (larger than a slot): only with no slot in flight (the
  /// offsets change; the kernel maps the memory again when a message names more than it has).
  void grow(std::size_t bytes) {
    std::size_t want = slot_bytes_;
    while (want < bytes) want *= 2;
    munmap(base_, size_);
    base_ = nullptr;
    if (!map(want)) {
      throw std::runtime_error("cannot make " + std::to_string(3 * kSlots * want) +
                               " bytes of memory shared with the kernel: " + std::strerror(errno));
    }
  }

  struct Flight {
    std::size_t slot = 0;
    std::size_t first = 0;  ///< the run's index of its first position
    std::size_t count = 0;
  };
  std::vector<std::size_t> free{3, 2, 1, 0};  ///< slots not in flight
  std::deque<Flight> flights;                 ///< in the order they were sent

 private:
  explicit SharedSlots(int fd) : fd_(fd) {}
  static std::mutex& pool_lock() {
    static std::mutex m;
    return m;
  }
  static std::optional<SharedSlots>& pool() {
    static std::optional<SharedSlots> spare;
    return spare;
  }
  bool map(std::size_t slot_bytes) {
    const std::size_t size = 3 * kSlots * slot_bytes;
    if (ftruncate(fd_, static_cast<off_t>(size)) != 0) return false;
    // Populated at once (a few MiB touched by both processes: one fault a page would cost more).
    void* p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd_, 0);
    if (p == MAP_FAILED) return false;
    base_ = p;
    size_ = size;
    slot_bytes_ = slot_bytes;
    return true;
  }
  int fd_ = -1;
  void* base_ = nullptr;
  std::size_t size_ = 0;
  std::size_t slot_bytes_ = 0;
};

}  // namespace

void encode_position(const GameInstance& game, const Position& p, KernelProtocol protocol,
                     std::string& out) {
  if (protocol == KernelProtocol::lines) {
    out += game.format_position(p);
    out += '\n';
    return;
  }
  const auto count = static_cast<std::uint32_t>(p.size());
  out.append(reinterpret_cast<const char*>(&count), sizeof count);
  out.append(reinterpret_cast<const char*>(p.data()), p.size() * sizeof(std::int64_t));
}

KernelCommand external_command(const std::string& command) {
  return {{"/bin/sh", "-c", command}, KernelProtocol::lines, "the kernel `" + command + "`"};
}

KernelCommand external_binary_command(const std::string& command) {
  return {{"/bin/sh", "-c", command}, KernelProtocol::binary, "the kernel `" + command + "`"};
}

KernelCommand plugin_command(const std::string& library, const std::string& game_spec) {
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) throw std::runtime_error("cannot find the verify executable (/proc/self/exe)");
  self[n] = '\0';
  return {{self, "kernel-host", library, game_spec},
          KernelProtocol::binary,
          "the plugin '" + library + "'",
          /*shared_memory=*/true};
}

std::vector<Value> run_kernel(const KernelCommand& command, const GameInstance& game,
                              std::span<const Position> positions,
                              const KernelProcessOptions& options) {
  KernelBatch batch;
  batch.count = positions.size();
  batch.encode = [&](std::size_t i, KernelProtocol protocol, std::string& out) {
    encode_position(game, positions[i], protocol, out);
  };
  batch.name = [&](std::size_t i) { return game.format_position(positions[i]); };
  return run_kernel(command, batch, options);
}

std::vector<Value> run_kernel(const KernelCommand& command, const KernelBatch& batch,
                              const KernelProcessOptions& options, KernelRunStats* stats) {
  using clock = std::chrono::steady_clock;
  const std::size_t n = batch.count;
  // A plugin's positions and values go through shared memory when it can be made.
  std::optional<SharedSlots> shm =
      command.shared_memory && command.protocol == KernelProtocol::binary ? SharedSlots::take()
                                                                          : std::nullopt;
  // Given back when the run ends, whatever ends it (after `child`, declared below, is killed and
  // reaped): the next run of this process maps the same memory again instead of new memory.
  struct GiveBack {
    std::optional<SharedSlots>& slots;
    ~GiveBack() {
      if (slots) SharedSlots::give_back(std::move(*slots));
    }
  } give_back{shm};
  std::vector<std::string> argv = command.argv;
  if (shm) argv.insert(argv.end(), {"--shared-memory", "3"});
  Child child(argv, shm ? shm->fd() : -1);
  std::vector<Value> values;  // not handed over as read: the values in order
  const bool hand_over = static_cast<bool>(batch.take_values);
  if (!hand_over) values.reserve(n);
  std::size_t answered = 0;  // values read
  std::string line;          // lines: the partial line; binary: the partial record
  KernelRunStats local;
  KernelRunStats& st = stats != nullptr ? *stats : local;
  st = KernelRunStats{};
  std::string chunk;  // encoded positions not yet written (shared memory: not yet in a slot)
  std::size_t chunk_done = 0, next = 0;
  std::string messages;  // shared memory: the slot messages not yet written
  std::size_t messages_done = 0;
  std::size_t sent = 0;  // shared memory: positions placed in slots
  bool input_done = false;
  const auto start = clock::now();
  auto progress = start;
  bool trailer = false;  // binary: the kernel-host's trailer record came (the last one)
  const auto hint = [&]() {
    return stderr_hint(st.stderr_tail.empty() ? st.stderr_head : st.stderr_tail);
  };
  const auto fail = [&](const std::string& kind, const std::string& what) {
    child.kill_and_reap();
    KernelDefect d(command.shown + " " + what + hint(), kind, answered);
    d.detail = what + hint();
    d.received = std::move(values);
    throw d;
  };
  const auto where = [&](std::size_t i) {
    return i < n && n > 1 ? " (position " + batch.name(i) + ")" : std::string();
  };
  const auto after = [&]() {
    return n == 1 && answered == 0 ? std::string(" without a value")
                                   : " after " + std::to_string(answered) + " of " +
                                         std::to_string(n) + " values" + where(answered);
  };
  const auto too_many = [&]() {
    // At the first value beyond the positions: a kernel that keeps writing values is never read
    // to its end.
    fail("too-many", n == 1 ? std::string("wrote 2 values for 1 position")
                            : "wrote more than " + std::to_string(n) + " values for " +
                                  std::to_string(n) + " positions");
  };
  const auto not_a_value = [&]() {
    // The least 64-bit value marks a position not answered in the harness's tables.
    fail("garbage", "gave " + std::to_string(std::numeric_limits<Value>::min()) + " as value " +
                        std::to_string(answered + 1) + where(answered) +
                        ", the least 64-bit value, which is no value");
  };
  const auto take_value = [&](Value v) {
    if (trailer || answered >= n) too_many();
    if (v == std::numeric_limits<Value>::min()) not_a_value();
    if (answered == 0)
      st.first_value_seconds = std::chrono::duration<double>(clock::now() - start).count();
    if (hand_over) {
      (void)batch.take_values(answered, &v, 1);  // not the least value (refused above)
    } else {
      values.push_back(v);
    }
    ++answered;
  };
  const auto read_stderr = [&]() {
    char ebuf[65536];
    const ssize_t got = read(child.err_, ebuf, sizeof ebuf);
    if (got <= 0) {
      if (got < 0 && errno == EINTR) return;
      close(child.err_);
      child.err_ = -1;
      return;
    }
    const auto size = static_cast<std::size_t>(got);
    st.stderr_bytes += size;
    std::size_t used = 0;
    if (st.stderr_head.size() < options.stderr_kept_bytes) {
      used = std::min<std::size_t>(size, options.stderr_kept_bytes - st.stderr_head.size());
      st.stderr_head.append(ebuf, used);
    }
    if (used < size) {
      st.stderr_tail.append(ebuf + used, size - used);
      if (st.stderr_tail.size() > 2 * kStderrTail)
        st.stderr_tail.erase(0, st.stderr_tail.size() - kStderrTail);
    }
  };
  const auto encode_chunk = [&](std::size_t bytes) {
    chunk.clear();
    chunk_done = 0;
    if (command.protocol == KernelProtocol::binary && batch.encode_into) {
      chunk.resize(bytes);
      std::size_t used = 0;
      const std::size_t from = next;
      next = batch.encode_into(from, chunk.data(), bytes, &used);
      chunk.resize(used);
      // A position larger than the chunk goes alone.
      if (next == from && next < n) batch.encode(next++, command.protocol, chunk);
    } else {
      while (next < n && chunk.size() < bytes) batch.encode(next++, command.protocol, chunk);
    }
  };
  // Shared memory: whole positions of the chunk into the free slots, a message each.
  const auto fill_slots = [&]() {
    while (!input_done && !shm->free.empty()) {
      if (chunk_done == chunk.size() && batch.encode_into) {
        // Straight into the slot.
        const std::size_t slot = shm->free.back();
        std::size_t used = 0;
        const std::size_t from = next;
        next = batch.encode_into(from, shm->positions(slot), shm->slot_bytes(), &used);
        if (next > from) {
          shm->free.pop_back();
          shm->flights.push_back({slot, sent, next - from});
          sent += next - from;
          const SlotMessage m{shm->positions_offset(slot), used, shm->values_offset(slot)};
          if (messages_done == messages.size()) messages.clear(), messages_done = 0;
          messages.append(reinterpret_cast<const char*>(&m), sizeof m);
          continue;
        }
        if (next >= n) {
          input_done = true;
          break;
        }
        // Position `next` alone is larger than a slot: it goes by the chunk, which grows the
        // memory.
        encode_chunk(shm->slot_bytes());
      }
      if (chunk_done == chunk.size()) {
        encode_chunk(shm->slot_bytes());
        if (chunk.empty()) {
          input_done = true;
          break;
        }
      }
      const char* from = chunk.data() + chunk_done;
      const std::size_t left = chunk.size() - chunk_done;
      std::size_t used = 0, count = 0;
      for (;;) {
        std::uint32_t heaps = 0;
        if (used + sizeof heaps > left) break;
        std::memcpy(&heaps, from + used, sizeof heaps);
        const std::size_t record = sizeof heaps + std::size_t{heaps} * sizeof(std::int64_t);
        if (used + record > shm->slot_bytes()) break;
        used += record;
        ++count;
      }
      if (count == 0) {
        // One position larger than a slot: the memory grows once no slot is in flight.
        if (!shm->flights.empty()) break;
        std::uint32_t heaps = 0;
        std::memcpy(&heaps, from, sizeof heaps);
        shm->grow(sizeof heaps + std::size_t{heaps} * sizeof(std::int64_t));
        continue;
      }
      const std::size_t slot = shm->free.back();
      shm->free.pop_back();
      std::memcpy(shm->positions(slot), from, used);
      chunk_done += used;
      shm->flights.push_back({slot, sent, count});
      sent += count;
      const SlotMessage m{shm->positions_offset(slot), used, shm->values_offset(slot)};
      if (messages_done == messages.size()) messages.clear(), messages_done = 0;
      messages.append(reinterpret_cast<const char*>(&m), sizeof m);
    }
  };
  // Shared memory: the positions answered up to `upto` (a kShared record), from their slots.
  const auto take_shared = [&](Value upto) {
    if (trailer) too_many();
    if (upto < static_cast<Value>(answered) || upto > static_cast<Value>(sent))
      fail("garbage", "said " + std::to_string(upto) + " positions were answered, of the " +
                          std::to_string(sent) + " sent (" + std::to_string(answered) +
                          " answered before)");
    const auto until = static_cast<std::size_t>(upto);
    if (answered == 0 && until > 0)
      st.first_value_seconds = std::chrono::duration<double>(clock::now() - start).count();
    while (answered < until) {
      const auto f = shm->flights.front();
      const std::size_t local = answered - f.first;
      const std::size_t take = std::min(until - answered, f.count - local);
      const Value* v = shm->values(f.slot) + local;
      // Each value read once: the kernel may write into this memory while it is read.
      if (hand_over) {
        const std::size_t taken = batch.take_values(answered, v, take);
        if (taken < take) {
          answered += taken;
          not_a_value();
        }
      } else {
        for (std::size_t j = 0; j < take; ++j) {
          const Value x = v[j];
          if (x == std::numeric_limits<Value>::min()) {
            answered += j;
            not_a_value();
          }
          values.push_back(x);
        }
      }
      answered += take;
      if (answered == f.first + f.count) {
        shm->free.push_back(f.slot);
        shm->flights.pop_front();
      }
    }
  };
  char buf[65536];
  bool out_open = true;
  while (out_open) {
    if (child.in_ >= 0 && shm) {
      fill_slots();
      if (input_done && messages_done == messages.size()) child.close_input();
    } else if (child.in_ >= 0 && chunk_done == chunk.size()) {
      // Refill the chunk of encoded positions.
      encode_chunk(60000);
      if (chunk.empty()) child.close_input();
    }
    // What is written next: the slot messages (shared memory) or the encoded positions.
    std::string& pending = shm ? messages : chunk;
    std::size_t& pending_done = shm ? messages_done : chunk_done;
    const bool writing = child.in_ >= 0 && pending_done < pending.size();
    pollfd fds[3] = {{child.out_, POLLIN, 0},
                     {child.err_, POLLIN, 0},
                     {child.in_, static_cast<short>(writing ? POLLOUT : 0), 0}};
    const double silent = std::chrono::duration<double>(clock::now() - progress).count();
    // Until its first value the kernel has the start-up allowance (it may build a table first).
    const bool starting = answered == 0 && !trailer;
    const double allowance = starting ? std::max(options.startup_seconds, options.silence_seconds)
                                      : options.silence_seconds;
    double wait = allowance -
                  (starting ? std::chrono::duration<double>(clock::now() - start).count() : silent);
    if (options.deadline_seconds > 0)
      wait = std::min(wait, options.deadline_seconds -
                                std::chrono::duration<double>(clock::now() - start).count());
    if (wait <= 0) {
      const bool total =
          options.deadline_seconds > 0 &&
          std::chrono::duration<double>(clock::now() - start).count() >= options.deadline_seconds;
      if (total) fail("timeout", "did not finish within the time limit" + after());
      if (starting)
        fail("startup", "wrote nothing for " + std::to_string(static_cast<int>(allowance)) +
                            " s (before its first value: the start-up allowance, "
                            "--startup-timeout)" +
                            after());
      fail("timeout", "wrote nothing for " +
                          std::to_string(static_cast<int>(options.silence_seconds)) + " s" +
                          after());
    }
    const int r = poll(fds, 3, static_cast<int>(wait * 1000) + 1);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) throw std::runtime_error(std::string("poll: ") + std::strerror(errno));
    if (writing && (fds[2].revents & (POLLOUT | POLLERR | POLLHUP)) != 0) {
      const ssize_t w =
          write(child.in_, pending.data() + pending_done, pending.size() - pending_done);
      if (w > 0) {
        pending_done += static_cast<std::size_t>(w);
        if (!starting) progress = clock::now();
      } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
        child.close_input();  // it stopped reading (EPIPE): what it wrote still counts
      }
    }
    if (child.err_ >= 0 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR)) != 0) read_stderr();
    if ((fds[0].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
    const ssize_t got = read(child.out_, buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      out_open = false;
      break;
    }
    progress = clock::now();
    if (command.protocol == KernelProtocol::binary) {
      // The records are read where they lie in `buf`; only one cut by the read's end is carried
      // over (in `line`, at most 8 bytes) and completed from the next read.
      const auto size = static_cast<std::size_t>(got);
      std::size_t from = 0;  // the first byte of buf after the carried record
      if (!line.empty()) {
        from = std::min(size, 9 - line.size());
        line.append(buf, from);
      }
      const char* data = buf;
      std::size_t at = from;
      std::size_t end = size;
      const bool carried = line.size() == 9;
      for (int pass = carried ? 0 : 1; pass < 2; ++pass) {
        if (pass == 0) {
          data = line.data();
          at = 0;
          end = 9;
        } else {
          data = buf;
          at = from;
          end = size;
        }
        for (; at + 9 <= end; at += 9) {
          const auto status = static_cast<unsigned char>(data[at]);
          Value v = 0;
          std::memcpy(&v, data + at + 1, sizeof v);
          if (status == kShared && shm) {
            take_shared(v);
            continue;
          }
          if (trailer) too_many();
          if (status == kTrailer && v >= 0) {
            // kernel-host's trailer: the nanoseconds spent in the plugin's own code, its set-up and
            // its value function (the last record).
            trailer = true;
            st.own_seconds = static_cast<double>(v) * 1e-9;
            continue;
          }
          if (status == kStdout) {
            // kernel-host saw bytes on the plugin's standard output, the protocol's own channel
            // (it sends them on its stderr first): a defect whatever the values.
            for (int k = 0; k < 50 && child.err_ >= 0; ++k) {
              pollfd e{child.err_, POLLIN, 0};
              if (poll(&e, 1, 2) <= 0) break;
              read_stderr();
            }
            fail("stdout", "wrote " + std::to_string(v) +
                               " bytes on its standard output, which is the channel of the "
                               "protocol (a plugin writes nothing there: log to stderr)");
          }
          if (status != kValue) {
            const std::size_t i = answered;
            const std::string what = "could not compute position " +
                                     (i < n ? batch.name(i) : std::string("?")) +
                                     " (its value function returned " + std::to_string(v) + ")";
            auto defect = KernelDefect(command.shown + " " + what, "error", i);
            defect.detail = what;
            defect.received = std::move(values);
            child.kill_and_reap();
            throw defect;
          }
          take_value(v);
        }
      }
      if (carried) line.clear();
      if (at < size && at >= from) line.assign(buf + at, size - at);  // a cut record, carried
      continue;
    }
    for (ssize_t k = 0; k < got; ++k) {
      const char c = buf[k];
      if (c != '\n') {
        line += c;
        if (line.size() > kMaxLine)
          fail("garbage", "wrote a line longer than " + std::to_string(kMaxLine) +
                              " bytes for value " + std::to_string(answered + 1) + where(answered) +
                              ": '" + shown_bytes(line) + "'");
        continue;
      }
      Value v = 0;
      if (!parse_value_line(line, v))
        fail("garbage", "wrote '" + shown_bytes(line) + "', not a value, as value " +
                            std::to_string(answered + 1) + where(answered));
      take_value(v);
      line.clear();
    }
  }
  // Its output is closed: it must exit now (what is left on its stderr is read meanwhile).
  child.close_input();
  const auto until =
      clock::now() + std::chrono::duration<double>(std::min(options.silence_seconds, 5.0));
  while (!child.wait_exit(0)) {
    if (clock::now() > until) fail("timeout", "closed its output but did not exit");
    if (child.err_ >= 0) {
      pollfd e{child.err_, POLLIN, 0};
      if (poll(&e, 1, 2) > 0) read_stderr();
    } else {
      usleep(2000);
    }
  }
  while (child.err_ >= 0) {  // the rest of its stderr (its writers have exited)
    pollfd e{child.err_, POLLIN, 0};
    if (poll(&e, 1, 0) <= 0) break;
    read_stderr();
  }
  if (!line.empty() && command.protocol == KernelProtocol::lines) {
    Value v = 0;
    if (!parse_value_line(line, v))
      fail("garbage", "ended with '" + shown_bytes(line) + "', not a value" + where(answered));
    take_value(v);  // a last line without its newline
  }
  if (!line.empty() && command.protocol == KernelProtocol::binary) {
    // A reply that ends inside a record is no answer (found by the fuzz target's protocol mode).
    fail("garbage", "ended inside a record (" + std::to_string(line.size()) + " of its 9 bytes)" +
                        where(answered));
  }
  if (!child.exited_cleanly()) {
    fail("died", "ended (" + child.status_text() + ")" + after());
  }
  if (answered < n)
    fail("too-few", "wrote " + std::to_string(answered) + " values for " + std::to_string(n) +
                        (n == 1 ? " position" : " positions"));
  return values;
}

KernelDescription describe_plugin(const std::string& library, const std::string& game_spec,
                                  const KernelProcessOptions& options) {
  auto command = plugin_command(library, game_spec);
  command.argv.push_back("--describe");
  Child child(command.argv);
  child.close_input();
  std::string out, err;
  char buf[4096];
  const auto end =
      std::chrono::steady_clock::now() + std::chrono::duration<double>(options.silence_seconds);
  for (bool open_out = true, open_err = true; open_out || open_err;) {
    pollfd fds[2] = {{open_out ? child.out_ : -1, POLLIN, 0},
                     {open_err ? child.err_ : -1, POLLIN, 0}};
    const auto left = std::chrono::duration<double>(end - std::chrono::steady_clock::now());
    if (left.count() <= 0)
      throw KernelDefect(command.shown + " did not describe itself in time", "timeout", 0);
    if (poll(fds, 2, static_cast<int>(left.count() * 1000) + 1) < 0 && errno != EINTR)
      throw std::runtime_error(std::string("poll: ") + std::strerror(errno));
    for (int i = 0; i < 2; ++i) {
      if ((fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
      const ssize_t got = read(fds[i].fd, buf, sizeof buf);
      if (got <= 0) {
        (i == 0 ? open_out : open_err) = false;
        continue;
      }
      (i == 0 ? out : err).append(buf, static_cast<std::size_t>(got));
      if (out.size() + err.size() > 65536)
        throw KernelDefect(command.shown + " wrote too much when asked to describe itself",
                           "garbage", 0);
    }
  }
  if (!child.wait_exit(5) || !child.exited_cleanly()) {
    // kernel-host reports a library it cannot use as one `verify: error:` line: pass it on.
    const auto msg = err.rfind("verify: error: ", 0) == 0 ? err.substr(15) : err;
    throw InputError(shown_bytes(msg.substr(0, msg.find('\n'))).empty()
                         ? command.shown + " could not be loaded (" + child.status_text() + ")"
                         : msg.substr(0, std::min<std::size_t>(msg.find('\n'), 300)));
  }
  KernelDescription d;
  try {
    const auto j = nlohmann::json::parse(out);
    d.name = j.at("name").get<std::string>();
    d.description = j.at("description").get<std::string>();
    d.max_position = j.at("max_position").get<std::int64_t>();
    d.sums = j.at("sums").get<bool>();
  } catch (const std::exception& e) {
    throw KernelDefect(command.shown + ": kernel-host gave no description", "garbage", 0);
  }
  return d;
}

// ---------------------------------------------------------------------------------------------
// `verify kernel-host LIB GAME [--describe]`: the plugin's side of the binary protocol.
// ---------------------------------------------------------------------------------------------
namespace {

std::string sanitized(const char* s, std::size_t most) {
  std::string out;
  if (s == nullptr) return out;
  for (std::size_t i = 0; s[i] != '\0' && i < most; ++i) {
    const char c = s[i];
    out += (static_cast<unsigned char>(c) >= 32 && c != 127) ? c : '?';
  }
  return out;
}

/// The protocol's channel of `verify kernel-host`: its standard output as it was started, kept
/// apart before the plugin is loaded; fd 1 is then a pipe of its own, so that whatever the plugin
/// writes on its standard output is seen (and reported) instead of corrupting the answers.
int g_protocol_fd = 1;
int g_plugin_stdout = -1;  // the read end of the plugin's standard output

/// Moves the protocol off fd 1 (see g_protocol_fd).
void separate_plugin_stdout() {
  const int proto = fcntl(1, F_DUPFD_CLOEXEC, 3);
  int noise[2];
  if (proto < 0 || pipe2(noise, O_CLOEXEC) != 0)
    throw std::runtime_error(std::string("kernel-host: ") + std::strerror(errno));
  dup2(noise[1], 1);
  close(noise[1]);
  fcntl(noise[0], F_SETFL, fcntl(noise[0], F_GETFL) | O_NONBLOCK);
  std::setvbuf(stdout, nullptr, _IONBF, 0);  // a printf is seen at once
  g_protocol_fd = proto;
  g_plugin_stdout = noise[0];
}

/// What the plugin wrote on its standard output so far (at most `most` bytes kept; the count of
/// every byte read in *bytes).
std::string plugin_stdout(std::uint64_t* bytes, std::size_t most = 200) {
  std::string kept;
  if (g_plugin_stdout < 0) return kept;
  char b[4096];
  for (;;) {
    const ssize_t got = read(g_plugin_stdout, b, sizeof b);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    *bytes += static_cast<std::uint64_t>(got);
    if (kept.size() < most)
      kept.append(b, std::min(static_cast<std::size_t>(got), most - kept.size()));
  }
  return kept;
}

/// Writes all of `data` to the protocol's channel; false when it cannot (the harness stopped
/// reading).
bool write_all(const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t w = write(g_protocol_fd, data, size);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    data += w;
    size -= static_cast<std::size_t>(w);
  }
  return true;
}

/// Writes one record of the binary protocol on the protocol's channel.
bool write_record(unsigned char status, std::int64_t v) {
  char record[9];
  record[0] = static_cast<char>(status);
  std::memcpy(record + 1, &v, sizeof v);
  return write_all(record, sizeof record);
}

/// Bytes the plugin wrote on its standard output, the protocol's own channel: if there are any,
/// kernel-host says them on stderr, sends their count (a kStdout record) and ends (exit 4), the
/// values before them having been sent by the caller. `noise` counts them over the run.
void end_if_plugin_wrote_stdout(std::uint64_t& noise) {
  const auto text = plugin_stdout(&noise);
  if (noise == 0) return;
  const std::string said = "on stdout: '" + sanitized(text.c_str(), 48) + "'\n";
  (void)!write(2, said.data(), said.size());
  (void)write_record(kStdout, static_cast<std::int64_t>(noise));
  _exit(4);
}

/// Reads more of kernel-host's stdin after the `have` bytes kept at the front of `in`: the count
/// read (0 at its end, negative on an error); `have` grows by it.
ssize_t read_more(char* in, std::size_t size, std::size_t& have) {
  for (;;) {
    const ssize_t got = read(0, in + have, size - have);
    if (got < 0 && errno == EINTR) continue;
    if (got > 0) have += static_cast<std::size_t>(got);
    return got;
  }
}

/// kernel-host's watchdog: calls `stalled` (with `lock` held) after each 20 ms in which `computed`
/// did not move, that is while the plugin is inside one value (a hang, or a slow one), so that
/// what it answered before is sent and a hang or a crash is located at its position.
class Watchdog {
 public:
  Watchdog(const std::atomic<std::uint64_t>& computed, std::mutex& lock,
           std::function<void()> stalled)
      : thread_([this, &computed, &lock, stalled = std::move(stalled)] {
          std::uint64_t seen = computed.load();
          while (!done_.load()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            const std::uint64_t now = computed.load(std::memory_order_acquire);
            if (now == seen) {
              const std::lock_guard<std::mutex> guard(lock);
              stalled();
            }
            seen = now;
          }
        }) {}
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;
  ~Watchdog() {
    done_.store(true);
    thread_.join();
  }

 private:
  std::atomic<bool> done_{false};  // before thread_: set before the thread starts
  std::thread thread_;
};

/// The CPU time of the calling thread: what kernel-host counts as the plugin's own time (the
/// wall clock would count the time the host waits for a core on a loaded machine).
std::chrono::nanoseconds thread_cpu_now() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return std::chrono::seconds(t.tv_sec) + std::chrono::nanoseconds(t.tv_nsec);
}

/// The plugin's side of the shared-memory transport (`--shared-memory FD`): slot messages
/// (SlotMessage) on stdin; the values written in the memory; a kShared record with the count of
/// positions answered after each slot (and by a watchdog when the plugin has been inside one
/// value for 20 ms, so that a hang or a crash is located at once); a kError record when the value
/// function fails; the trailer at the end of the input.
int serve_shared_memory(const igv_kernel* k, int fd, std::chrono::nanoseconds set_up) {
  void* base = nullptr;
  std::size_t mapped = 0;
  // Maps the memory again when a message names more than is mapped (it grew).
  const auto cover = [&](std::uint64_t end) {
    if (end <= mapped) return true;
    struct stat sb {};
    if (fstat(fd, &sb) != 0 || static_cast<std::uint64_t>(sb.st_size) < end) return false;
    if (base != nullptr) munmap(base, mapped);
    base = mmap(nullptr, static_cast<std::size_t>(sb.st_size), PROT_READ | PROT_WRITE,
                MAP_SHARED | MAP_POPULATE, fd, 0);
    if (base == MAP_FAILED) {
      base = nullptr;
      mapped = 0;
      return false;
    }
    mapped = static_cast<std::size_t>(sb.st_size);
    return true;
  };
  std::mutex lock;
  std::atomic<std::uint64_t> computed{0};  // positions whose values are in the memory
  std::uint64_t reported = 0;              // with `lock`: the count last sent
  bool write_failed = false;               // with `lock`
  std::uint64_t noise = 0;
  const auto report = [&](std::uint64_t upto) {  // with `lock` held
    // The values answered go out first, then the plugin's bytes on stdout, if any, end the host.
    if (upto > reported && !write_failed)
      write_failed = !write_record(kShared, static_cast<std::int64_t>(upto));
    reported = std::max(reported, upto);
    end_if_plugin_wrote_stdout(noise);
  };
  const Watchdog watchdog(computed, lock,
                          [&] { report(computed.load(std::memory_order_acquire)); });
  std::array<char, sizeof(SlotMessage) * 64> in{};
  std::size_t have = 0;
  std::uint64_t total = 0;  // positions answered
  std::vector<std::int64_t> coords;
  std::chrono::nanoseconds own = set_up;  // the plugin's own time: its set-up, then its values
  for (;;) {
    const ssize_t got = read_more(in.data(), in.size(), have);
    if (got < 0) return 2;
    std::size_t at = 0;
    for (; at + sizeof(SlotMessage) <= have; at += sizeof(SlotMessage)) {
      SlotMessage m;
      std::memcpy(&m, in.data() + at, sizeof m);
      // A slot's positions take at least 4 bytes each: room for bytes / 4 values.
      constexpr std::uint64_t kMost = std::uint64_t{1} << 46;  // no sum below overflows
      if (m.values_offset % 8 != 0 || m.positions_offset > kMost || m.positions_bytes > kMost ||
          m.values_offset > kMost || !cover(m.positions_offset + m.positions_bytes) ||
          !cover(m.values_offset + m.positions_bytes / 4 * 8))
        return 2;
      const char* p = static_cast<const char*>(base) + m.positions_offset;
      const char* const end = p + m.positions_bytes;
      auto* out = reinterpret_cast<std::int64_t*>(static_cast<char*>(base) + m.values_offset);
      const auto slot_start = thread_cpu_now();
      for (std::uint64_t i = 0; p < end; ++i) {
        std::uint32_t count = 0;
        if (end - p < 4) return 2;
        std::memcpy(&count, p, sizeof count);
        const std::size_t need = 4 + std::size_t{count} * 8;
        if (static_cast<std::size_t>(end - p) < need) return 2;
        coords.resize(count);
        if (count != 0) std::memcpy(coords.data(), p + 4, std::size_t{count} * 8);
        std::int64_t v = 0;
        const int rc = k->value(coords.data(), count, &v);
        if (rc != 0) {
          const std::lock_guard<std::mutex> guard(lock);
          report(total + i);
          (void)write_record(kError, rc);
          return 3;
        }
        out[i] = v;
        p += need;
        computed.store(total + i + 1, std::memory_order_release);
      }
      own += thread_cpu_now() - slot_start;
      total = computed.load(std::memory_order_relaxed);
      const std::lock_guard<std::mutex> guard(lock);
      report(total);
      if (write_failed) return 2;
    }
    std::memmove(in.data(), in.data() + at, have - at);
    have -= at;
    if (got == 0) {
      if (have != 0) return 2;
      // The end: what the plugin may still hold in its stdio buffers, then the trailer (the
      // nanoseconds spent in its value function).
      std::fflush(stdout);
      const std::lock_guard<std::mutex> guard(lock);
      report(total);
      const auto ns = static_cast<std::int64_t>(
          std::chrono::duration_cast<std::chrono::nanoseconds>(own).count());
      return write_record(kTrailer, ns) ? 0 : 2;
    }
  }
}

}  // namespace

int kernel_host_main(const std::vector<std::string>& args) {
  const bool describing = args.size() == 3 && args[2] == "--describe";
  const bool shared = args.size() == 4 && args[2] == "--shared-memory";
  if (args.size() < 2 || (args.size() > 2 && !describing && !shared))
    throw InputError(
        "usage: verify kernel-host LIB.so GAME [--describe | --shared-memory FD] (used by "
        "cross-check)");
  int shared_fd = -1;
  if (shared) {
    const auto& text = args[3];
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), shared_fd);
    if (ec != std::errc{} || end != text.data() + text.size() || shared_fd < 3)
      throw InputError("kernel-host: --shared-memory takes a descriptor number of at least 3");
  }
  std::string path = args[0];
  if (path.find('/') == std::string::npos) path = "./" + path;  // never a search of the system
  separate_plugin_stdout();  // before the library's constructors run
  void* lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (lib == nullptr)
    throw InputError("cannot load the plugin '" + args[0] + "': " + sanitized(dlerror(), 300));
  void* sym = dlsym(lib, IGV_KERNEL_DESCRIBE_SYMBOL);
  if (sym == nullptr) {
    throw InputError("the plugin '" + args[0] + "' does not export " +
                     std::string(IGV_KERNEL_DESCRIBE_SYMBOL) + " (core/base/igv_kernel.h)");
  }
  const auto describe = reinterpret_cast<igv_kernel_describe_fn>(sym);
  // The plugin's own set-up (a table read, say) is its own time, as its values are.
  const auto set_up_start = thread_cpu_now();
  const igv_kernel* k = describe(args[1].c_str());
  const std::chrono::nanoseconds set_up = thread_cpu_now() - set_up_start;
  if (k == nullptr) throw InputError("the plugin '" + args[0] + "' does not compute " + args[1]);
  if (k->abi_version != IGV_KERNEL_ABI_VERSION) {
    throw InputError("the plugin '" + args[0] + "' was built for ABI version " +
                     std::to_string(k->abi_version) + ", this verify reads version " +
                     std::to_string(IGV_KERNEL_ABI_VERSION));
  }
  if (k->value == nullptr) throw InputError("the plugin '" + args[0] + "' has no value function");
  if (describing) {
    const nlohmann::json j = {{"name", sanitized(k->name, 100)},
                              {"description", sanitized(k->description, 300)},
                              {"max_position", std::max<std::int64_t>(k->max_position, 0)},
                              {"sums", k->sums != 0}};
    std::uint64_t noise = 0;
    const auto text = plugin_stdout(&noise);
    if (noise > 0) {
      throw InputError("the plugin '" + args[0] + "' wrote " + std::to_string(noise) +
                       " bytes on its standard output ('" + sanitized(text.c_str(), 60) +
                       "'), the channel of the protocol: a plugin writes nothing there (log to "
                       "stderr)");
    }
    const auto line = j.dump() + "\n";
    return write_all(line.data(), line.size()) ? 0 : 2;
  }
  std::signal(SIGPIPE, SIG_IGN);
  if (shared) return serve_shared_memory(k, shared_fd, set_up);
  // The answers go out in large writes, but a watchdog thread writes out what is computed when
  // the kernel has been inside one value for 20 ms: a kernel that hangs or crashes at a position
  // has then written every value before it, and the harness locates it at once.
  // The answers: records appended by the main thread without a lock (a record is written, then
  // `filled` published); `lock` guards the writing out of [written, filled), by the main thread
  // (then it also empties the buffer) or by the watchdog.
  std::mutex lock;
  std::vector<char> out(std::size_t{1} << 20);
  std::atomic<std::size_t> filled{0};
  std::size_t written = 0;
  bool write_failed = false;
  std::atomic<std::uint64_t> computed{0};
  std::uint64_t noise = 0;
  const auto flush = [&]() {  // with `lock` held
    const std::size_t f = filled.load(std::memory_order_acquire);
    if (!write_failed && f > written) write_failed = !write_all(out.data() + written, f - written);
    written = f;
    // Bytes on the plugin's standard output end the host (the values before them were written).
    end_if_plugin_wrote_stdout(noise);
  };
  const Watchdog watchdog(computed, lock, flush);
  std::vector<char> in(1 << 20);
  std::size_t have = 0;
  std::vector<std::int64_t> coords;
  std::chrono::nanoseconds own = set_up;  // the plugin's own time: its set-up, then its values
  for (;;) {
    const ssize_t got = read_more(in.data(), in.size(), have);
    if (got < 0) return 2;
    std::size_t at = 0;
    // The time inside the value function, measured per chunk of input (the writes excluded), for
    // the trailer record: the harness compares its own share of a run with it.
    const auto chunk_start = thread_cpu_now();
    std::chrono::nanoseconds writing{};
    while (at + 4 <= have) {
      std::uint32_t count = 0;
      std::memcpy(&count, in.data() + at, 4);
      const std::size_t need = 4 + std::size_t{count} * 8;
      if (need > in.size()) in.resize(need);  // a long position (at most 4 GiB of coordinates)
      if (at + need > have) break;
      coords.resize(count);
      if (count != 0) std::memcpy(coords.data(), in.data() + at + 4, std::size_t{count} * 8);
      std::int64_t v = 0;
      const int rc = k->value(coords.data(), count, &v);
      computed.fetch_add(1, std::memory_order_relaxed);
      char record[9];
      record[0] = rc == 0 ? 0 : 1;
      if (rc != 0) v = rc;
      std::memcpy(record + 1, &v, sizeof v);
      at += need;
      std::size_t f = filled.load(std::memory_order_relaxed);
      if (f + sizeof record > out.size()) {
        const auto t = thread_cpu_now();
        const std::lock_guard<std::mutex> guard(lock);
        flush();
        filled.store(0, std::memory_order_relaxed);
        written = 0;
        f = 0;
        writing += thread_cpu_now() - t;
      }
      std::memcpy(out.data() + f, record, sizeof record);
      filled.store(f + sizeof record, std::memory_order_release);
      if (rc != 0) {
        const std::lock_guard<std::mutex> guard(lock);
        flush();
        return 3;
      }
    }
    own += thread_cpu_now() - chunk_start - writing;
    std::memmove(in.data(), in.data() + at, have - at);
    have -= at;
    {
      const std::lock_guard<std::mutex> guard(lock);
      flush();  // before waiting for more input
      filled.store(0, std::memory_order_relaxed);
      written = 0;
      if (write_failed) return 2;
    }
    if (got == 0 && have != 0) return 2;
    if (got == 0) {
      // The end: what the plugin may still hold in its stdio buffers, then the trailer (status 3,
      // the nanoseconds spent in its value function).
      std::fflush(stdout);
      const std::lock_guard<std::mutex> guard(lock);
      flush();
      char record[9];
      record[0] = 3;
      const auto ns = static_cast<std::int64_t>(
          std::chrono::duration_cast<std::chrono::nanoseconds>(own).count());
      std::memcpy(record + 1, &ns, sizeof ns);
      return write_all(record, sizeof record) ? 0 : 2;
    }
  }
}

}  // namespace igv
