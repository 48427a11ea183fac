// The terminal filter of `verify` (cli.h, install_terminal_filter): std::cout and std::cerr
// write through a stream buffer that escapes control and bidirectional characters
// (core/base/terminal_text.h).
#include <array>
#include <iostream>
#include <streambuf>
#include <string>

#include "core/base/terminal_text.h"
#include "verify/cli.h"

namespace igv::cli {

namespace {

/// Buffers what is written and passes it on to `to` through append_terminal_text with the line
/// breaks kept (core/base/terminal_text.h): every other control character (C0, DEL, C1), every
/// bidirectional or invisible format character and every byte that is not UTF-8 is written as an
/// escape ("\x1b", "\u202e"). A UTF-8 sequence cut at the end of the buffer waits for its rest.
class FilterBuf : public std::streambuf {
 public:
  explicit FilterBuf(std::streambuf* to) : to_(to) { setp(buf_.data(), buf_.data() + buf_.size()); }
  std::streambuf* target() const { return to_; }

 protected:
  int_type overflow(int_type ch) override {
    if (!drain(false)) return traits_type::eof();
    if (!traits_type::eq_int_type(ch, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(ch);
      pbump(1);
    }
    return traits_type::not_eof(ch);
  }
  int sync() override { return drain(true) && to_->pubsync() == 0 ? 0 : -1; }

 private:
  /// Filters and forwards the buffer (after the bytes a previous drain left unread); a UTF-8
  /// sequence cut short at its end is kept for the next drain unless `all`.
  bool drain(bool all) {
    pending_.append(pbase(), static_cast<std::size_t>(pptr() - pbase()));
    setp(buf_.data(), buf_.data() + buf_.size());
    std::string out;
    out.reserve(pending_.size() + 8);
    const std::size_t read = append_terminal_text(pending_, true, all, out);
    pending_.erase(0, read);
    return to_->sputn(out.data(), static_cast<std::streamsize>(out.size())) ==
           static_cast<std::streamsize>(out.size());
  }

  std::streambuf* to_;
  // Not zeroed: only the bytes written are read, and untouched pages cost no memory (value
  // initialisation wrote the two buffers' 128 KiB at start-up: a twentieth of a small run's peak).
  std::array<char, 1 << 16> buf_;
  std::string pending_;  // at most 3 bytes: the start of a UTF-8 sequence
};

FilterBuf* g_out = nullptr;  // kept here too: reachable to the end (leak checkers)
FilterBuf* g_err = nullptr;

}  // namespace

void install_terminal_filter() {
  // Never destroyed: the streams flush through them at exit, after static objects are gone.
  auto* out = new FilterBuf(std::cout.rdbuf());
  auto* err = new FilterBuf(std::cerr.rdbuf());
  std::cout.rdbuf(out);
  std::cerr.rdbuf(err);
  g_out = out;
  g_err = err;
}

std::ostream& raw_stderr() {
  static std::ostream raw(g_err != nullptr ? g_err->target() : std::cerr.rdbuf());
  std::cerr.flush();
  return raw;
}

}  // namespace igv::cli
