// The checker's own row computation, shared by the two checkers of Frolov rows inside the proof
// boundary (core/frolov/frolov_certificate_check.cpp: the period chain;
// core/frolov/frolov_lower_bound_certificate_check.cpp: the lower bound of a row out of reach).
// Nothing of the producer (core/frolov/frolov_fast_rows.h) is used here: the rows are recomputed
// from (G2) by an incremental mex with a lowest-absent pointer.
//
// Source: 000_a85f04da58584fa6 (Frolov 2012), §4.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "core/base/trusted/certificate.h"
#include "core/frolov/trusted/frolov_certificate.h"

namespace igv::frolov_check {

/// A row accepted by this checker: values are n + h[index(n)].
struct AcceptedRow {
  std::int64_t preperiod = 0;
  std::int64_t period = 1;
  std::vector<std::int8_t> h;  // [0, preperiod + period), or the head of a streamed row
  bool streamed = false;       // a streamed top row: h holds only its first columns
  [[nodiscard]] std::int64_t index(std::int64_t n) const {
    return n < preperiod + period ? n : preperiod + (n - preperiod) % period;
  }
};

/// Row m of g from (G2), column by column: the mex of the row so far and the column above. The
/// column above is read through one cursor per accepted row (its index for the next column),
/// so no division is done per cell; the row's values are a bitset with a lowest-absent pointer,
/// kept over a sliding range of kSpan values from the lowest absent one (the values below it
/// are all in the row; a value beyond the range is reported, never assumed away).
///
/// The rows below may also be *streamed* (rows that are not known periodic, recomputed column by
/// column beside this one): the first `m − streamed_below` rows are read from `lower`, the last
/// `streamed_below` are handed to next_above() at each column, as values g(i, n).
class GRowStream {
 public:
  GRowStream(int m, const std::vector<AcceptedRow>& lower, int streamed_below = 0)
      : m_(m),
        read_(m - streamed_below),
        lower_(lower),
        column_(static_cast<std::size_t>(m)),
        cursor_(static_cast<std::size_t>(read_), 0) {}

  /// h(m, n) = g(m, n) − n of the next column n into `out`; false when a value leaves the byte
  /// range of h or the sliding range (then the certificate cannot be checked and is rejected).
  [[gnu::always_inline]] inline bool next(std::int8_t& out) { return step(out, nullptr); }

  /// The same, with the values g(i, n) of the streamed rows i = m − streamed_below … m − 1 at
  /// this column in `above` (in that order).
  [[gnu::always_inline]] inline bool next_above(std::int8_t& out, const std::int64_t* above) {
    return step(out, above);
  }

  /// The next column's index n.
  [[nodiscard]] std::int64_t column() const { return n_; }

 private:
  [[gnu::always_inline]] inline bool step(std::int8_t& out, const std::int64_t* above) {
    const std::int64_t n = n_++;
    // Raw pointers: with _GLIBCXX_ASSERTIONS the checked operator[] is not always inlined here.
    const AcceptedRow* rows = lower_.data();
    std::int64_t* cursor = cursor_.data();
    std::int64_t* column = column_.data();
    for (int i = 0; i < read_; ++i) {
      const AcceptedRow& r = rows[i];
      std::int64_t& c = cursor[i];
      column[i] = n + r.h.data()[c];
      if (++c == r.preperiod + r.period) c = r.preperiod;
    }
    for (int i = read_; i < m_; ++i) column[i] = above[i - read_];
    std::int64_t v;
    if (m_ == 0 && n == 0) {
      v = -1;  // (G2): g(0, 0) = −1
    } else {
      // The 64 values from lowest_absent on: taken in the row or in the column above; the mex
      // is the first value not taken. Beyond them the values are tried one by one.
      std::uint64_t taken = bits_at(lowest_absent_);
      for (const std::int64_t c : column_) {
        const std::int64_t d = c - lowest_absent_;
        if (d >= 0 && d < 64) taken |= std::uint64_t{1} << d;
      }
      if (~taken != 0) {
        v = lowest_absent_ + std::countr_one(taken);
      } else {
        v = lowest_absent_ + 64;
        for (;;) {
          if (v - lowest_absent_ >= kSpan) return false;
          bool in = contains(v);
          for (std::size_t i = 0; !in && i < column_.size(); ++i) in = column_[i] == v;
          if (!in) break;
          ++v;
        }
      }
    }
    const std::int64_t diff = v - n;
    if (diff < std::numeric_limits<std::int8_t>::min() ||
        diff > std::numeric_limits<std::int8_t>::max())
      return false;
    out = static_cast<std::int8_t>(diff);
    if (v >= 0) {
      if (v - lowest_absent_ >= kSpan) return false;
      word(v) |= std::uint64_t{1} << (v & 63);
      while (contains(lowest_absent_)) {
        ++lowest_absent_;
        // A word left wholly below the lowest absent value is cleared for reuse.
        if ((lowest_absent_ & 63) == 0) word(lowest_absent_ - 64) = 0;
      }
    }
    return true;
  }

  static constexpr std::int64_t kWords = 64, kSpan = 64 * (kWords - 1);
  // Values here are never negative: the word of v is (v / 64) mod kWords, by shifts.
  std::uint64_t& word(std::int64_t v) {
    return bits_[(static_cast<std::uint64_t>(v) >> 6) & (kWords - 1)];
  }
  [[nodiscard]] bool contains(std::int64_t v) {
    return v - lowest_absent_ < kSpan && ((word(v) >> (v & 63)) & 1U) != 0;
  }
  /// The 64 bits of the values [v, v + 64) that are in the row (v ≥ lowest_absent).
  std::uint64_t bits_at(std::int64_t v) {
    const int off = static_cast<int>(v & 63);
    std::uint64_t b = word(v) >> off;
    if (off != 0) b |= word(v + 64) << (64 - off);
    return b;
  }

  int m_;
  int read_;  // rows 0..read_ − 1 come from lower_, the rest from next_above()
  const std::vector<AcceptedRow>& lower_;
  std::vector<std::int64_t> column_;
  std::vector<std::int64_t> cursor_;
  std::int64_t n_ = 0;
  std::int64_t lowest_absent_ = 0;
  std::array<std::uint64_t, kWords> bits_{};
};

/// check_frolov_certificates (core/frolov/frolov_certificate_check.h), which also hands back the
/// accepted g rows when `accepted_g` is not null (each through preperiod + period, one byte a
/// column; a streamed top row only its first preperiod + min(period, residue_cap) columns). The
/// rows are what this checker recomputed. Its caller, a checking function of the checker library,
/// hands it the key to accept.
CertificateVerdict check_frolov_certificates_keeping(
    CheckerSeal, const std::vector<GRowCertificate>& g, const std::vector<FRowCertificate>& f,
    std::int64_t max_columns, const std::function<void()>& tick, std::int64_t residue_cap,
    std::int64_t stream_above_columns, std::vector<AcceptedRow>* accepted_g);

}  // namespace igv::frolov_check
