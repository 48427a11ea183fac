// The lower bound of a row out of reach (core/frolov/frolov_lower_bound_search.h and
// core/frolov/trusted/frolov_lower_bound_certificate_check.h), on rows whose period the chain
// proves: the streamed rows m − 1 and m agree with the proved rows, the producer's witnesses stop
// exactly at the least multiple of T that is a period, the checker accepts them and rejects forged
// ones, and the f witnesses agree with the proved f rows.
#include <unistd.h>

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <numeric>

#include "core/base/trusted/errors.h"
#include "core/frolov/frolov_lower_bound_search.h"
#include "core/frolov/frolov_pair_stream.h"
#include "core/frolov/frolov_period.h"
#include "core/frolov/trusted/frolov_certificate_check.h"
#include "core/frolov/trusted/frolov_lower_bound_certificate_check.h"

using namespace igv;

namespace {

const FrolovPeriodChain& chain_to_10() {
  static const FrolovPeriodChain chain = produce_frolov_chain(10, true, std::int64_t{1} << 30);
  return chain;
}

std::int64_t lower_lcm(int m) {
  std::int64_t T = 1;
  for (int i = 0; i <= m - 2; ++i)
    T = std::lcm(T, chain_to_10().g_rows[static_cast<std::size_t>(i)].period);
  return T;
}

/// The head W a row needs so that agreement on [W/2, W) means a period: W/2 at least its
/// preperiod plus its period (a stretch of one period past the preperiod decides a shift).
std::int64_t head_for(int m) {
  const PeriodicRow& r = chain_to_10().g_rows[static_cast<std::size_t>(m)];
  return std::max<std::int64_t>(4096, 2 * (r.preperiod + r.period) + 2);
}

FrolovLowerBoundSearch search(int m, FrolovFunction which, std::int64_t shifts,
                              std::string dir = {}, bool resume = false,
                              std::int64_t every = std::int64_t{1} << 30) {
  FrolovLowerBoundOptions o;
  o.shifts = shifts;
  o.head = head_for(m);
  o.checkpoint_dir = std::move(dir);
  o.resume = resume;
  o.checkpoint_every = every;
  return search_frolov_lower_bound(which, m, {}, o);
}

/// The least j with j·T a period of g row m (from its preperiod): lcm(t, T) / T.
std::int64_t least_multiple(int m) {
  const std::int64_t T = lower_lcm(m);
  return std::lcm(chain_to_10().g_rows[static_cast<std::size_t>(m)].period, T) / T;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(frolov_lower_bound)

BOOST_AUTO_TEST_CASE(streamed_rows_agree_with_the_proved_rows) {
  // Rows m − 1 and m, streamed from the periodic rows 0..m − 2 by the producer's kernel, equal
  // the rows the period chain proved (rows 2..10, over three periods past the preperiod).
  const auto& c = chain_to_10();
  for (int m = 2; m <= 10; ++m) {
    const std::span<const PeriodicRow> rows(c.g_rows.data(), static_cast<std::size_t>(m - 1));
    FrolovRowWindow below(FrolovFunction::g, m - 1, rows, 1);
    FrolovRowWindow top(FrolovFunction::g, m, rows, 1, 1);
    const PeriodicRow& want_top = c.g_rows[static_cast<std::size_t>(m)];
    const PeriodicRow& want_below = c.g_rows[static_cast<std::size_t>(m - 1)];
    const std::int64_t count =
        std::min<std::int64_t>(want_top.preperiod + 3 * want_top.period + 100, 1 << 22);
    std::vector<std::int8_t> a(static_cast<std::size_t>(count)), b(a.size());
    below.stream(a.data(), count);
    const std::int8_t* above[1] = {a.data()};
    top.stream_above(b.data(), count, above);
    for (std::int64_t n = 0; n < count; ++n) {
      BOOST_REQUIRE_EQUAL(n + a[static_cast<std::size_t>(n)], want_below.value(n));
      BOOST_REQUIRE_EQUAL(n + b[static_cast<std::size_t>(n)], want_top.value(n));
    }
  }
}

BOOST_AUTO_TEST_CASE(the_pair_kernel_gives_the_row_windows_bytes) {
  // FrolovRowPairStream (the lower rows through the periodic mask table, or some of them byte by
  // byte, or none through the table) gives the bytes of two FrolovRowWindow, rows m − 1 and m for
  // m = 2..12, in one loop or row by row, across the table's wrap, and after a restore() at an
  // odd column from the windows' masks.
  const auto& c = chain_to_10();
  for (int m = 2; m <= 12; ++m) {
    const std::span<const PeriodicRow> rows(c.g_rows.data(), static_cast<std::size_t>(m - 1));
    FrolovRowWindow below(FrolovFunction::g, m - 1, rows, 1);
    FrolovRowWindow top(FrolovFunction::g, m, rows, 1, 1);
    std::int64_t L = 1, P = 0;
    for (const auto& r : rows) {
      L = std::lcm(L, r.period);
      P = std::max(P, r.preperiod);
    }
    const std::int64_t count = std::min<std::int64_t>(P + 2 * L + 5000, 1 << 22);
    std::vector<std::int8_t> a(static_cast<std::size_t>(count)), b(a.size());
    below.stream(a.data(), count);
    const std::int8_t* above[1] = {a.data()};
    top.stream_above(b.data(), count, above);
    for (const std::int64_t table_bytes :
         {kPairMaskTableBytes, std::int64_t{8} * (P + L) / 7, std::int64_t{0}}) {
      BOOST_TEST_CONTEXT("rows " << m - 1 << " and " << m << ", table of at most " << table_bytes
                                 << " bytes") {
        FrolovRowPairStream pair(FrolovFunction::g, m, rows, table_bytes);
        if (table_bytes == 0) BOOST_TEST(pair.table_rows() == 0);
        if (table_bytes == kPairMaskTableBytes) BOOST_TEST(pair.table_rows() == m - 1);
        std::vector<std::int8_t> x(a.size()), y(a.size());
        const std::int64_t half = count / 2 + 1;
        pair.stream(x.data(), y.data(), half);
        pair.stream_below(x.data() + half, count - half);
        pair.stream_top(x.data() + half, y.data() + half, count - half);
        BOOST_TEST((x == a));
        BOOST_TEST((y == b));
        // Restored at an odd column from the row windows' masks there.
        FrolovRowWindow below2(FrolovFunction::g, m - 1, rows, 1);
        FrolovRowWindow top2(FrolovFunction::g, m, rows, 1, 1);
        const std::int64_t at = count / 3 | 1;
        std::vector<std::int8_t> skip(static_cast<std::size_t>(at));
        below2.stream(skip.data(), at);
        const std::int8_t* skip_above[1] = {skip.data()};
        std::vector<std::int8_t> skip_top(skip.size());
        top2.stream_above(skip_top.data(), at, skip_above);
        pair.restore(at, below2.row_mask(), top2.row_mask());
        pair.stream(x.data(), y.data(), count - at);
        BOOST_TEST(std::equal(x.begin(), x.begin() + (count - at), a.begin() + at));
        BOOST_TEST(std::equal(y.begin(), y.begin() + (count - at), b.begin() + at));
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(the_proof_unit_is_row_m_minus_1s_period_and_one_or_two_threads_agree) {
  // unit_from_row_below: u·T, u the least multiple of T that is a period of row m − 1, found by
  // the stream; the witnesses cover every multiple of T up to J·u·T (or stop at row m's period),
  // the same with one thread, two threads or no mask table; a stream stopped before the probe
  // and after it resumes to the same witnesses.
  for (int m = 4; m <= 9; ++m) {
    const std::int64_t T = lower_lcm(m);
    const std::int64_t u =
        std::lcm(chain_to_10().g_rows[static_cast<std::size_t>(m - 1)].period, T) / T;
    const std::int64_t r = least_multiple(m);
    BOOST_TEST_CONTEXT("g row " << m << ": T = " << T << ", u = " << u << ", r = " << r) {
      std::vector<std::vector<std::int64_t>> found;
      for (const int variant : {0, 1, 2}) {
        FrolovLowerBoundOptions o;
        o.shifts = 2;
        o.head = head_for(m);
        o.unit_from_row_below = true;
        o.threads = variant == 1 ? 1 : 2;
        if (variant == 2) o.mask_table_bytes = 0;
        const FrolovLowerBoundSearch s = search_frolov_lower_bound(FrolovFunction::g, m, {}, o);
        // A candidate shift r·T before the probe's column c0 + u·T stops the stream first.
        BOOST_TEST((s.unit_multiple == u || (s.unit_multiple == 0 && s.candidate_j == r)));
        BOOST_TEST_MESSAGE("g row " << m << ": u = " << s.unit_multiple << ", witnesses "
                                    << s.bound.witnesses.size() << ", candidate " << s.candidate_j);
        const std::int64_t want = s.unit_multiple > 0 ? std::min(2 * u, r - 1) : r - 1;
        BOOST_TEST(static_cast<std::int64_t>(s.bound.witnesses.size()) == want);
        if (r <= 2 * u) BOOST_TEST(s.candidate_j == r);
        std::vector<std::int64_t> ns;
        for (const auto& w : s.bound.witnesses) ns.push_back(w.n);
        found.push_back(ns);
        if (!s.bound.witnesses.empty())
          BOOST_TEST(check_frolov_lower_bound(s.bound, std::int64_t{1} << 30).accepted());
      }
      BOOST_TEST((found[0] == found[1]));
      BOOST_TEST((found[0] == found[2]));
      if (m == 9) {
        const auto dir = std::filesystem::temp_directory_path() /
                         ("igv-lower-bound-unit-" + std::to_string(::getpid()));
        std::filesystem::remove_all(dir);
        FrolovLowerBoundOptions o;
        o.shifts = 2;
        o.head = head_for(m);
        o.unit_from_row_below = true;
        o.checkpoint_dir = dir.string();
        o.checkpoint_every = 1 << 16;
        for (const std::int64_t stop : {std::int64_t{2} << 16, std::int64_t{4} << 16}) {
          o.stop_after = stop;
          BOOST_CHECK_THROW(search_frolov_lower_bound(FrolovFunction::g, m, {}, o), LimitReached);
          o.resume = true;
        }
        o.stop_after = 0;
        const FrolovLowerBoundSearch s = search_frolov_lower_bound(FrolovFunction::g, m, {}, o);
        std::vector<std::int64_t> ns;
        for (const auto& w : s.bound.witnesses) ns.push_back(w.n);
        BOOST_TEST((ns == found[0]));
        std::filesystem::remove_all(dir);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(witnesses_stop_at_the_least_multiple_that_is_a_period) {
  for (int m = 3; m <= 9; ++m) {
    const std::int64_t r = least_multiple(m);
    BOOST_TEST_CONTEXT("g row " << m << ", period " << chain_to_10().g_rows[m].period << " = " << r
                                << " T (T = " << lower_lcm(m) << ")") {
      const FrolovLowerBoundSearch s = search(m, FrolovFunction::g, r + 2);
      BOOST_TEST_MESSAGE("g row " << m << ": least multiple of T that is a period: " << r
                                  << ", witnesses " << s.bound.witnesses.size());
      BOOST_TEST(s.T == lower_lcm(m));
      BOOST_TEST(static_cast<std::int64_t>(s.bound.witnesses.size()) == r - 1);
      BOOST_TEST(s.candidate_j == r);
      if (r == 1) continue;  // no bound: the first shift is a period
      // The producer's file as it is (checked_to included) is what the checker accepts.
      const CertificateVerdict v = check_frolov_lower_bound(s.bound, std::int64_t{1} << 30);
      std::vector<std::int64_t> to;
      const CertificateVerdict chain = check_frolov_certificates(s.bound.chain, {});
      for (const auto& row : chain.details["rows"])
        to.push_back(row["checked_to"].get<std::int64_t>());
      BOOST_TEST(s.bound.checked_to == to);
      BOOST_TEST(v.accepted(), v.reason());
      BOOST_TEST(v.details["lower_bound"]["shifts"].get<std::int64_t>() == r - 1);
      BOOST_TEST(v.details["lower_bound"]["preperiod_at_most"].get<std::int64_t>() >=
                 head_for(m) / 2);
    }
  }
}

BOOST_AUTO_TEST_CASE(forged_witnesses_are_rejected) {
  const int m = 9;
  const std::int64_t r = least_multiple(m);
  BOOST_REQUIRE(r >= 2);
  FrolovLowerBoundSearch s = search(m, FrolovFunction::g, r);
  BOOST_REQUIRE(check_frolov_lower_bound(s.bound, 1 << 30).accepted());
  const PeriodicRow& row = chain_to_10().g_rows[m];
  // A witness for the true period (j = r), at any column past the preperiod: no difference.
  {
    FrolovLowerBound forged = s.bound;
    forged.witnesses.push_back({r, row.preperiod + 17});
    const auto v = check_frolov_lower_bound(forged, 1 << 30);
    BOOST_TEST(!v.accepted());
    BOOST_TEST(v.reason().find("no difference") != std::string::npos, v.reason());
  }
  // A witness moved to a column where the row agrees with its shift (found from the proved row).
  {
    FrolovLowerBound forged = s.bound;
    const std::int64_t T = s.T;
    std::int64_t n = 0;
    while (row.value(n + T) - T == row.value(n)) ++n;  // first difference at shift T
    // A column where the shift agrees: search from the preperiod for one.
    std::int64_t agree = -1;
    for (std::int64_t x = 0; x < 100000 && agree < 0; ++x)
      if (row.value(x + T) - T == row.value(x)) agree = x;
    BOOST_REQUIRE(agree >= 0);
    forged.witnesses[0].n = agree;
    BOOST_TEST(!check_frolov_lower_bound(forged, 1 << 30).accepted());
  }
  // Out of order, a lower row's edited certificate, a wrong checked_to: rejected.
  if (s.bound.witnesses.size() >= 2) {
    FrolovLowerBound forged = s.bound;
    std::swap(forged.witnesses[0], forged.witnesses[1]);
    BOOST_TEST(!check_frolov_lower_bound(forged, 1 << 30).accepted());
  }
  {
    FrolovLowerBound forged = s.bound;
    forged.chain[5].period *= 2;
    BOOST_TEST(!check_frolov_lower_bound(forged, 1 << 30).accepted());
  }
  {
    FrolovLowerBound forged = s.bound;
    forged.checked_to[3] += 1;
    BOOST_TEST(!check_frolov_lower_bound(forged, 1 << 30).accepted());
  }
  // A budget below the stream: rejected, never accepted.
  BOOST_TEST(!check_frolov_lower_bound(s.bound, r * s.T / 2).accepted());
}

BOOST_AUTO_TEST_CASE(the_file_round_trips_and_every_number_matters) {
  for (const FrolovFunction which : {FrolovFunction::g, FrolovFunction::f}) {
    const int m = 8;
    FrolovLowerBoundSearch s = search(m, which, 64);
    BOOST_REQUIRE(!s.bound.witnesses.empty());
    const CertificateVerdict v = check_frolov_lower_bound(s.bound, 1 << 30);
    BOOST_REQUIRE(v.accepted());
    const auto& lb = v.details["lower_bound"];
    const nlohmann::json file = frolov_lower_bound_json(
        s.bound, lb["unit"].get<std::int64_t>(), lb["preperiod_at_most"].get<std::int64_t>(),
        lb["bound"].get<std::int64_t>() + 1, lb["values"]);
    BOOST_TEST(check_frolov_lower_bound_json(which, m, file, 1 << 30).accepted());
    // IGV_LOWER_BOUND_OUT=DIR writes the two files (tests/data/certificates/frolov-lower-bound/
    // was made so, for the check-certificate e2e test).
    if (const char* out = std::getenv("IGV_LOWER_BOUND_OUT")) {
      std::ofstream(std::filesystem::path(out) /
                    (std::string(which == FrolovFunction::g ? "rook-misere" : "digital-deletion") +
                     "-8.json"))
          << file.dump(2) << "\n";
    }
    // Descriptive text asserts nothing.
    nlohmann::json text = file;
    text["certificate"]["theorem"] = "edited";
    BOOST_TEST(check_frolov_lower_bound_json(which, m, text, 1 << 30).accepted());
    // Every number moved by one: rejected or malformed, never accepted. A witness column n
    // moved onto another column where the row also differs (and not the least) would state a
    // bound as true as before, so n is left out; it is refuted above when the row agrees there.
    const nlohmann::json flat = file.flatten();
    int edits = 0;
    for (const auto& [key, value] : flat.items()) {
      if (!value.is_number_integer()) continue;
      if (key.size() >= 2 && key.substr(key.size() - 2) == "/n") continue;
      for (const int d : {-1, 1}) {
        nlohmann::json edited = flat;
        edited[key] = value.get<std::int64_t>() + d;
        bool accepted = false;
        try {
          accepted =
              check_frolov_lower_bound_json(which, m, edited.unflatten(), 1 << 30).accepted();
        } catch (const InputError&) {
        } catch (const BudgetExceeded&) {
        }
        ++edits;
        BOOST_TEST(!accepted, "the edit " << key << " " << d << " was accepted");
      }
    }
    BOOST_TEST(edits > 40);
  }
}

BOOST_AUTO_TEST_CASE(f_witnesses_agree_with_the_proved_f_rows) {
  const int m = 9;
  FrolovLowerBoundSearch s = search(m, FrolovFunction::f, 64);
  BOOST_REQUIRE(!s.bound.witnesses.empty());
  const CertificateVerdict v = check_frolov_lower_bound(s.bound, 1 << 30);
  BOOST_REQUIRE(v.accepted());
  const PeriodicRow& f = chain_to_10().f_rows[m];
  const PeriodicRow& g = chain_to_10().g_rows[m];
  std::int64_t least_x = std::numeric_limits<std::int64_t>::max();
  for (const auto& w : v.details["lower_bound"]["values"]) {
    const std::int64_t j = w["j"], n = w["n"], x = w["x"], c = w["f_shifted_column"];
    BOOST_TEST(x == g.value(n));
    BOOST_TEST(f.value(x) == n);
    BOOST_TEST(f.value(x + j * s.T) == c);
    BOOST_TEST(f.value(x + j * s.T) != f.value(x) + j * s.T);
    least_x = std::min(least_x, x);
  }
  BOOST_TEST(v.details["lower_bound"]["preperiod_at_most"].get<std::int64_t>() == least_x);
}

BOOST_AUTO_TEST_CASE(a_stream_resumed_from_its_checkpoint_finds_the_same_witnesses) {
  const int m = 9;
  const auto dir =
      std::filesystem::temp_directory_path() / ("igv-lower-bound-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const std::int64_t r = least_multiple(m);
  const FrolovLowerBoundSearch whole = search(m, FrolovFunction::g, r - 1);
  // Stop after a few checkpoints (a deadline in the past stops at the first block).
  {
    FrolovLowerBoundOptions o;
    o.shifts = r - 1;
    o.head = head_for(m);
    o.checkpoint_dir = dir.string();
    o.checkpoint_every = 1 << 16;
    o.stop_after = 3 << 16;
    BOOST_CHECK_THROW(search_frolov_lower_bound(FrolovFunction::g, m, {}, o), LimitReached);
    BOOST_TEST(std::filesystem::exists(dir / "stream.json"));
  }
  const FrolovLowerBoundSearch resumed =
      search(m, FrolovFunction::g, r - 1, dir.string(), true, 1 << 16);
  BOOST_REQUIRE_EQUAL(resumed.bound.witnesses.size(), whole.bound.witnesses.size());
  for (std::size_t i = 0; i < whole.bound.witnesses.size(); ++i)
    BOOST_TEST(resumed.bound.witnesses[i].n == whole.bound.witnesses[i].n);
  std::filesystem::remove_all(dir);
}

BOOST_AUTO_TEST_SUITE_END()
