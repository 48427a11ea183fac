// The progress line of the long commands (cli.h, ProgressLine): on a terminal only.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "verify/cli.h"

namespace igv::cli {

namespace {

/// "1.2 s", "3 min 4 s", "2 h 5 min".
std::string duration_text(double seconds) {
  std::ostringstream s;
  if (seconds < 10) {
    s << std::fixed << std::setprecision(1) << seconds << " s";
  } else if (seconds < 60) {
    s << static_cast<long>(seconds) << " s";
  } else if (seconds < 3600) {
    const auto t = static_cast<long>(seconds);
    s << t / 60 << " min " << t % 60 << " s";
  } else {
    const auto t = static_cast<long>(seconds);
    s << t / 3600 << " h " << (t % 3600) / 60 << " min";
  }
  return s.str();
}

/// 1234567 -> "1,234,567".
std::string grouped(std::uint64_t n) {
  std::string digits = std::to_string(n);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3)
    digits.insert(static_cast<std::size_t>(i), ",");
  return digits;
}

}  // namespace

ProgressLine::ProgressLine(std::string what)
    : what_(std::move(what)),
      active_(::isatty(STDERR_FILENO) == 1),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

ProgressLine::~ProgressLine() {
  clear();
}

double ProgressLine::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

std::string ProgressLine::last_text() const {
  const std::lock_guard lock(mutex_);
  return last_text_;
}

double ProgressLine::quiet_for() const {
  const std::lock_guard lock(mutex_);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - last_).count();
}

bool ProgressLine::due() {
  if (!active_) return false;
  const auto now = std::chrono::steady_clock::now();
  if (shown_ && now - last_ < std::chrono::milliseconds(250)) return false;
  last_ = now;
  return true;
}

void ProgressLine::count(std::uint64_t done, std::uint64_t total, const std::string& unit,
                         bool force) {
  const std::lock_guard lock(mutex_);
  if (!active_) return;
  if (!due() && !force) return;
  std::ostringstream s;
  s << what_ << ": " << grouped(done) << "/" << grouped(total);
  if (!unit.empty()) s << " " << unit;
  const double t = elapsed();
  if (total > 0) {
    s << " (" << std::min<std::uint64_t>(100, done * 100 / total) << "%), " << duration_text(t);
    if (done > 0 && done < total && t > 0.5) {
      const double rest = t * static_cast<double>(total - done) / static_cast<double>(done);
      s << ", ETA " << duration_text(rest);
    }
  }
  draw(s.str());
}

void ProgressLine::text(const std::string& line) {
  const std::lock_guard lock(mutex_);
  last_text_ = line;
  if (!due()) return;
  draw(what_ + ": " + line);
}

void ProgressLine::timed(const std::string& time, const std::string& step) {
  const std::lock_guard lock(mutex_);
  if (!due()) return;
  draw(what_ + " [" + time + "]: " + step);
}

void ProgressLine::draw(const std::string& line) {
  // One terminal line: longer text is cut (a wrapped line could not be rewritten in place).
  constexpr std::size_t kWidth = 78;
  std::string shown = line.size() > kWidth ? line.substr(0, kWidth - 1) + "~" : line;
  for (char& c : shown) {  // written unfiltered: no control character gets through
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
  }
  // Straight to the descriptor (std::cerr is unit-buffered, so nothing of it waits in a buffer):
  // a ticker thread draws too, and the streams' filter is not shared between threads.
  put("\r\033[K" + shown);
  shown_ = true;
}

void ProgressLine::put(const std::string& bytes) {
  std::size_t at = 0;
  while (at < bytes.size()) {
    const ssize_t n = ::write(STDERR_FILENO, bytes.data() + at, bytes.size() - at);
    if (n <= 0) return;  // a terminal that went away: the progress is not worth an error
    at += static_cast<std::size_t>(n);
  }
}

void ProgressLine::clear() {
  const std::lock_guard lock(mutex_);
  if (active_ && shown_) put("\r\033[K");
  shown_ = false;
}

ProgressTicker::ProgressTicker(ProgressLine& line, std::string activity, double time_limit_seconds)
    : line_(line), activity_(std::move(activity)), limit_(time_limit_seconds) {
  if (!line_.active()) return;
  thread_ = std::thread([this] {
    std::unique_lock lock(mutex_);
    while (!stop_signal_.wait_for(lock, std::chrono::milliseconds(500), [this] { return stop_; })) {
      if (line_.quiet_for() < 1.0) continue;
      // The work's last step (a checker after a search), else the activity, and the time.
      const std::string last = line_.last_text();
      std::string time = duration_text(line_.elapsed());
      if (limit_ > 0) time += " of " + duration_text(limit_);
      line_.timed(time, last.empty() ? activity_ : last);
    }
  });
}

ProgressTicker::~ProgressTicker() {
  {
    const std::lock_guard lock(mutex_);
    stop_ = true;
  }
  stop_signal_.notify_all();
  if (thread_.joinable()) thread_.join();
}

}  // namespace igv::cli
