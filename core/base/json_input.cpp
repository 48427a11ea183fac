#include "core/base/trusted/json_input.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <set>
#include <vector>

#include "core/base/trusted/errors.h"

namespace igv {

namespace {

std::string mib(std::size_t bytes) {
  return std::to_string(bytes >> 20) + " MiB";
}

/// Closes a file descriptor on every exit path.
struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) close(fd);
  }
};

}  // namespace

std::string read_input_file(const std::string& path, const std::string& what,
                            std::size_t max_bytes) {
  if (path.empty()) throw InputError(what + ": no file named");
  // O_NONBLOCK: opening a FIFO without a writer must not hang; it is refused below anyway.
  Fd f{open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)};
  if (f.fd < 0) throw InputError(what + ": cannot read it: " + std::strerror(errno));
  struct stat st {};
  if (fstat(f.fd, &st) != 0) throw InputError(what + ": cannot read it: " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw InputError(what + " is a folder, not a file");
  if (!S_ISREG(st.st_mode)) {
    throw InputError(what + " is not a regular file (devices, pipes and sockets are not read)");
  }
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes) {
    throw InputError(what + " is " + std::to_string(st.st_size) + " bytes, more than the " +
                     mib(max_bytes) + " an input may have");
  }
  std::string out;
  out.reserve(static_cast<std::size_t>(st.st_size));
  std::vector<char> buf(1 << 16);
  for (;;) {
    const ssize_t got = read(f.fd, buf.data(), buf.size());
    if (got < 0) {
      if (errno == EINTR) continue;
      throw InputError(what + ": cannot read it: " + std::strerror(errno));
    }
    if (got == 0) break;
    out.append(buf.data(), static_cast<std::size_t>(got));
    // The file may grow while it is read: the cap holds for what is read, not what was stat'ed.
    if (out.size() > max_bytes) {
      throw InputError(what + " is more than the " + mib(max_bytes) + " an input may have");
    }
  }
  return out;
}

nlohmann::json parse_json_strict(std::string_view text, const std::string& what, int max_depth) {
  if (text.size() > kMaxInputBytes) {
    throw InputError(what + ": more than the " + mib(kMaxInputBytes) + " an input may have");
  }
  // nlohmann::json skips a byte order mark; RFC 8259 lets a reader refuse it, and the Python
  // certificate checker does (core/CERTIFICATES.md, "What a certificate file must be").
  if (text.starts_with("\xEF\xBB\xBF")) {
    throw InputError(what + ": starts with a byte order mark (U+FEFF); a JSON input is UTF-8 " +
                     "without one");
  }
  // nlohmann::json also takes a NUL byte for the end of the input, so that `{…}\0anything`
  // would parse: JSON text never holds one (not even inside a string), so it is refused.
  if (text.find('\0') != std::string_view::npos) {
    throw InputError(what + ": holds a NUL byte at offset " + std::to_string(text.find('\0')) +
                     " (not JSON text)");
  }
  // The parser is iterative; the callback sees every object's keys in order, so a stack of the
  // keys seen so far per open object finds a key given twice (which nlohmann::json would
  // otherwise resolve silently, the last one winning).
  std::vector<std::set<std::string>> keys;
  int depth = 0;
  const auto callback = [&](int /*parser_depth*/, nlohmann::json::parse_event_t event,
                            nlohmann::json& parsed) {
    using E = nlohmann::json::parse_event_t;
    switch (event) {
      case E::object_start:
      case E::array_start:
        if (++depth > max_depth) {
          throw InputError(what + ": nested more than " + std::to_string(max_depth) +
                           " levels deep");
        }
        if (event == E::object_start) keys.emplace_back();
        break;
      case E::object_end:
        keys.pop_back();
        --depth;
        break;
      case E::array_end:
        --depth;
        break;
      case E::key: {
        auto name = parsed.get<std::string>();
        if (!keys.empty() && !keys.back().insert(name).second) {
          throw InputError(what + ": the key '" + name +
                           "' appears twice in one object (which one is meant is ambiguous)");
        }
        break;
      }
      case E::value:
        break;
    }
    return true;
  };
  try {
    return nlohmann::json::parse(text.begin(), text.end(), callback);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(what + ": not valid JSON: " + e.what());
  }
}

nlohmann::json read_json_file_strict(const std::string& path, const std::string& what) {
  return parse_json_strict(read_input_file(path, what), what);
}

}  // namespace igv
