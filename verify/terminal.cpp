// The terminal filter of `verify` (cli.h, install_terminal_filter): std::cout and std::cerr
// write through a stream buffer that replaces control characters by '?'.
#include <array>
#include <iostream>
#include <streambuf>

#include "verify/cli.h"

namespace igv::cli {

namespace {

/// Buffers what is written and passes it on to `to` with every control character (C0 but '\n'
/// and '\t', DEL, and C1 encoded in UTF-8 as C2 80..C2 9F) replaced by '?'.
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
  /// Filters and forwards the buffer; a trailing C2 waits for the next byte unless `all`.
  bool drain(bool all) {
    std::string out;
    out.reserve(static_cast<std::size_t>(pptr() - pbase()) + 1);
    for (char* p = pbase(); p != pptr(); ++p) {
      const auto b = static_cast<unsigned char>(*p);
      if (pending_c2_) {
        pending_c2_ = false;
        if (b >= 0x80 && b <= 0x9F) {
          out += '?';
          continue;
        }
        out += '\xC2';
      }
      if (b == 0xC2) {
        pending_c2_ = true;
      } else if ((b < 0x20 && b != '\n' && b != '\t') || b == 0x7F) {
        out += '?';
      } else {
        out += static_cast<char>(b);
      }
    }
    if (all && pending_c2_) {
      pending_c2_ = false;
      out += '\xC2';
    }
    setp(buf_.data(), buf_.data() + buf_.size());
    return to_->sputn(out.data(), static_cast<std::streamsize>(out.size())) ==
           static_cast<std::streamsize>(out.size());
  }

  std::streambuf* to_;
  // Not zeroed: only the bytes written are read, and untouched pages cost no memory (value
  // initialisation wrote the two buffers' 128 KiB at start-up: a twentieth of a small run's peak).
  std::array<char, 1 << 16> buf_;
  bool pending_c2_ = false;
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
