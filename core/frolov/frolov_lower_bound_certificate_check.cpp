#include "core/frolov/trusted/frolov_lower_bound_certificate_check.h"

#include <algorithm>
#include <array>
#include <limits>
#include <numeric>
#include <string>

#include "core/base/trusted/certificate_json.h"
#include "core/base/trusted/errors.h"
#include "core/frolov/trusted/frolov_certificate_check.h"
#include "core/frolov/trusted/frolov_check_rows.h"

namespace igv {

namespace {

using frolov_check::AcceptedRow;
using frolov_check::GRowStream;
using nlohmann::json;

constexpr int kLowerBoundVersion = 1;
/// At most this many shifts j a file may list (each costs T columns of the stream anyway).
constexpr std::int64_t kMaxShifts = std::int64_t{1} << 16;
/// For f: the value x + j·T is looked for among the columns within this distance of n + j·T.
constexpr std::int64_t kInverseReach = 256;

std::string family_name(FrolovFunction which) {
  return which == FrolovFunction::g ? "rook-misere" : "digital-deletion";
}

constexpr const char* kCheckerName =
    "core/frolov/frolov_lower_bound_certificate_check.cpp (the chain by "
    "core/frolov/frolov_certificate_check.cpp; "
    "rows m - 1 and m streamed by the checker's own incremental mex)";

CertificateVerdict reject(const std::string& why) {
  return rejected_certificate(why);
}

/// The lcm of the accepted periods, or −1 above the number limit of the format.
std::int64_t lower_lcm(const std::vector<GRowCertificate>& chain) {
  std::int64_t T = 1;
  for (const auto& c : chain) {
    T = std::lcm(T, c.period);
    if (T > kFrolovCertificateNumberLimit) return -1;
  }
  return T;
}

}  // namespace

std::int64_t frolov_lower_bound_columns(const FrolovLowerBound& bound, std::int64_t T) {
  std::int64_t last = 0;
  for (const auto& w : bound.witnesses) last = std::max(last, w.n + w.j * T);
  return last + 1 + (bound.which == FrolovFunction::f ? kInverseReach : 0);
}

bool is_frolov_lower_bound_json(const json& file) {
  return file.is_object() && file.contains("lower_bound");
}

json frolov_lower_bound_json(const FrolovLowerBound& bound, std::int64_t T, std::int64_t Q,
                             std::int64_t columns, const json& values) {
  const bool is_f = bound.which == FrolovFunction::f;
  json chain = json::array();
  for (std::size_t i = 0; i < bound.chain.size(); ++i) {
    json row = to_json(bound.chain[i]);
    row["checked_to"] = i < bound.checked_to.size() ? bound.checked_to[i] : 0;
    chain.push_back(row);
  }
  const std::string fn = is_f ? "f" : "g";
  return {
      {"game", family_name(bound.which) + ":" + std::to_string(bound.m)},
      {"lower_bound",
       {{"function", fn},
        {"m", bound.m},
        {"unit", T},
        {"shifts", static_cast<std::int64_t>(bound.witnesses.size())},
        {"preperiod_at_most", Q}}},
      {"certificate",
       {{"certificate_version", kLowerBoundVersion},
        {"theorem",
         fn + " row " + std::to_string(bound.m) +
             " has no period j * unit (value(n + j * unit) = value(n) + j * unit for every n >= k) "
             "for j = 1..shifts from any preperiod k <= preperiod_at_most: each witness is a "
             "column at or above preperiod_at_most where the row differs from itself shifted by "
             "j * unit (for f: f(x) = n and f(x + j * unit) = f_shifted_column != n + j * unit, f "
             "the inverse of g, Frolov 2012 §4 Theorem 3). unit = lcm of the periods of the "
             "chain's rows 0..m-2; rows m-1 and m recomputed by (G2)"},
        {"chain", chain},
        {"streamed_rows", json::array({bound.m - 1, bound.m})},
        {"witnesses", values},
        {"bound", columns - 1},
        {"checker", kCheckerName}}}};
}

CertificateVerdict check_frolov_lower_bound(const FrolovLowerBound& bound, std::int64_t max_columns,
                                            const std::function<void()>& tick) {
  const int m = bound.m;
  const bool is_f = bound.which == FrolovFunction::f;
  const std::string row = std::string(is_f ? "f" : "g") + " row " + std::to_string(m) + ": ";
  if (m < 2 || m > 31) return reject(row + "a lower bound needs a row from 2 to 31");
  if (bound.chain.size() != static_cast<std::size_t>(m - 1))
    return reject(row + "the chain must hold g rows 0.." + std::to_string(m - 2));
  if (bound.checked_to.size() != bound.chain.size())
    return reject(row + "one checked_to per chain row");
  if (bound.witnesses.empty() || static_cast<std::int64_t>(bound.witnesses.size()) > kMaxShifts)
    return reject(row + "between 1 and " + std::to_string(kMaxShifts) + " witnesses");
  for (std::size_t i = 0; i < bound.witnesses.size(); ++i) {
    if (bound.witnesses[i].j != static_cast<std::int64_t>(i) + 1)
      return reject(row + "the witnesses must be for j = 1, 2, … in order");
    if (bound.witnesses[i].n < 0 || bound.witnesses[i].n > kFrolovCertificateNumberLimit)
      return reject(row + "a witness column outside [0, 2^40]");
  }
  // Row 0 is proved by (G4) alone; the only window its certificate may state is T = 1, k = 0,
  // tau = 1 (as check_frolov_period_json requires), so that no number of the file is idle.
  if (!bound.chain.front().base || bound.chain.front().T != 1 || bound.chain.front().k != 0 ||
      bound.chain.front().tau != 1)
    return reject(row +
                  "g row 0 is the (G4) base case: expected base = true, T = 1, k = 0, tau = 1");
  for (const auto& c : bound.chain) {
    if (!c.base && c.k + c.tau + c.T + 1 > max_columns)
      return reject(row + "g row " + std::to_string(c.m) + " of the chain needs " +
                    std::to_string(c.k + c.tau + c.T + 1) + " columns, above the limit of " +
                    std::to_string(max_columns));
  }
  // The chain, by the period checker; its rows kept whole (one period each), never streamed.
  std::vector<AcceptedRow> rows;
  CertificateVerdict chain_verdict = frolov_check::check_frolov_certificates_keeping(
      CheckerSeal{}, bound.chain, {}, max_columns, tick, kFrolovShortResidues,
      std::numeric_limits<std::int64_t>::max(), &rows);
  if (!chain_verdict.accepted())
    return reject(row + "the chain of rows 0.." + std::to_string(m - 2) +
                  " was rejected: " + chain_verdict.reason());
  std::vector<std::int64_t> checked_to;
  for (const auto& r : chain_verdict.details["rows"])
    checked_to.push_back(r["checked_to"].get<std::int64_t>());
  if (checked_to != bound.checked_to)
    return reject(row + "a chain row's checked_to is not the column the checker reached");
  const std::int64_t T = lower_lcm(bound.chain);
  if (T < 1) return reject(row + "the lcm of the lower periods exceeds 2^40");
  const std::int64_t J = static_cast<std::int64_t>(bound.witnesses.size());
  if (J > (kFrolovCertificateNumberLimit * 4) / T)
    return reject(row + "the last shift J * T is beyond the columns this checker can reach");
  const std::int64_t columns = frolov_lower_bound_columns(bound, T);
  if (columns > max_columns)
    return reject(row + "the witnesses need " + std::to_string(columns) +
                  " columns of rows m - 1 and m, above the limit of " +
                  std::to_string(max_columns));

  // What the stream reads: per witness, h at n (kind 0), h at n + jT (kind 1) and, for f, the
  // column near n + jT that holds the value x + jT (kind 2, read from the ring 256 columns on).
  struct Event {
    std::int64_t column;
    std::size_t witness;
    int kind;
  };
  std::vector<Event> events;
  for (std::size_t i = 0; i < bound.witnesses.size(); ++i) {
    const auto& w = bound.witnesses[i];
    events.push_back({w.n, i, 0});
    events.push_back({w.n + w.j * T, i, 1});
    if (is_f) events.push_back({w.n + w.j * T + kInverseReach, i, 2});
  }
  std::sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
    return a.column != b.column ? a.column < b.column : a.kind < b.kind;
  });
  struct Seen {
    std::int64_t h = 0, h_shifted = 0, f_column = -1;
    int f_found = 0;
  };
  std::vector<Seen> seen(bound.witnesses.size());
  std::array<std::int8_t, 1024> ring{};  // h(m, c) for the last 1024 columns c
  GRowStream below(m - 1, rows);
  GRowStream top(m, rows, 1);
  std::size_t next = 0;
  for (std::int64_t c = 0; c < columns; ++c) {
    if (tick && (c & 0xFFFF) == 0) tick();
    std::int8_t hb, h;
    if (!below.next(hb)) return reject(row + "a value of row m - 1 leaves the byte range of h");
    const std::int64_t above = c + hb;
    if (!top.next_above(h, &above)) return reject(row + "a value leaves the byte range of h");
    ring[static_cast<std::size_t>(c & 1023)] = h;
    for (; next < events.size() && events[next].column == c; ++next) {
      const Event& e = events[next];
      Seen& s = seen[e.witness];
      const auto& w = bound.witnesses[e.witness];
      if (e.kind == 0) {
        s.h = h;
      } else if (e.kind == 1) {
        s.h_shifted = h;
      } else {
        const std::int64_t target = w.n + s.h + w.j * T;  // x + jT
        const std::int64_t mid = w.n + w.j * T;
        for (std::int64_t d = std::max<std::int64_t>(0, mid - kInverseReach); d <= c; ++d) {
          if (d + ring[static_cast<std::size_t>(d & 1023)] == target) {
            ++s.f_found;
            s.f_column = d;
          }
        }
      }
    }
  }
  json values = json::array();
  std::int64_t Q = std::numeric_limits<std::int64_t>::max();
  for (std::size_t i = 0; i < bound.witnesses.size(); ++i) {
    const auto& w = bound.witnesses[i];
    const Seen& s = seen[i];
    const std::string at = "witness j = " + std::to_string(w.j) + " at n = " + std::to_string(w.n);
    if (s.h == s.h_shifted)
      return reject(row + at + ": h(m, n + j T) = h(m, n) = " + std::to_string(s.h) +
                    ", no difference");
    json v = {{"j", w.j}, {"n", w.n}, {"h", s.h}, {"h_shifted", s.h_shifted}};
    if (is_f) {
      const std::int64_t x = w.n + s.h;
      if (x < 0) return reject(row + at + ": g(m, n) is negative");
      // g(m, ·) takes each value at most once (the mex excludes the row's own values), so f(m, x)
      // = n and f(m, x + jT) is the one column found; it is not n + jT, where h differs.
      if (s.f_found != 1)
        return reject(row + at + ": the value x + j T is taken " + std::to_string(s.f_found) +
                      " times within " + std::to_string(kInverseReach) + " columns of n + j T");
      if (s.f_column == w.n + w.j * T)
        return reject(row + at + ": f(m, x + j T) = f(m, x) + j T");  // cannot happen: h differs
      v["x"] = x;
      v["f_shifted_column"] = s.f_column;
      Q = std::min(Q, x);
    } else {
      Q = std::min(Q, w.n);
    }
    values.push_back(v);
  }
  const std::string fn = is_f ? "f" : "g";
  std::string reason = "the independent checker accepted g rows 0.." + std::to_string(m - 2) +
                       " and recomputed rows " + std::to_string(m - 1) + " and " +
                       std::to_string(m) + " to column " + std::to_string(columns - 1) + ": " + fn +
                       " row " + std::to_string(m) + " has no period j * " + std::to_string(T) +
                       " (T, the lcm of the periods of rows 0.." + std::to_string(m - 2) +
                       ") for j = 1.." + std::to_string(J) +
                       " from any preperiod <= " + std::to_string(Q) +
                       "; so if its preperiod is <= " + std::to_string(Q) +
                       ", its least period t has lcm(t, T) > " + std::to_string(J) + " T";
  std::int64_t values_checked = chain_verdict.values_checked() + 2 * columns;
  CertificateVerdict verdict =
      CertificateVerdict::acceptance(CheckerSeal{}, reason, values_checked, {});
  verdict.details["lower_bound"] = {{"function", fn},
                                    {"m", m},
                                    {"unit", T},
                                    {"shifts", J},
                                    {"preperiod_at_most", Q},
                                    {"bound", columns - 1},
                                    {"checked_to", checked_to},
                                    {"values", values}};
  return verdict;
}

CertificateVerdict check_frolov_lower_bound_json(FrolovFunction which, int m, const json& file,
                                                 std::int64_t max_columns,
                                                 const std::function<void()>& tick) {
  const std::string spec = family_name(which) + ":" + std::to_string(m);
  if (!file.is_object()) throw InputError("certificate for '" + spec + "' is not a JSON object");
  require_certificate_game(file, spec);
  const json& certificate = cert_field(file, "certificate", "");
  require_certificate_version(certificate, kLowerBoundVersion);
  if (m < 2) throw InputError("certificate: a lower bound needs a row m >= 2");
  const json& chain = cert_field(certificate, "chain", "certificate");
  const json& witnesses = cert_field(certificate, "witnesses", "certificate");
  if (!chain.is_array() || chain.size() != static_cast<std::size_t>(m - 1))
    throw InputError("certificate: 'certificate.chain' must hold g rows 0.." +
                     std::to_string(m - 2));
  if (!witnesses.is_array() || witnesses.empty() ||
      witnesses.size() > static_cast<std::size_t>(kMaxShifts))
    throw InputError("certificate: 'certificate.witnesses' must be an array of 1 to " +
                     std::to_string(kMaxShifts) + " witnesses");
  FrolovLowerBound bound;
  bound.which = which;
  bound.m = m;
  const auto number = [](const json& object, const char* key, const std::string& path,
                         std::int64_t least) {
    return cert_integer(cert_field(object, key, path), cert_child(path, key), least,
                        kFrolovCertificateNumberLimit);
  };
  for (std::size_t i = 0; i < chain.size(); ++i) {
    const std::string path = "certificate.chain[" + std::to_string(i) + "]";
    const json& r = chain[i];
    const json& base = cert_field(r, "base", path);
    if (!base.is_boolean()) throw InputError("certificate: '" + path + ".base' must be a boolean");
    bound.chain.push_back({static_cast<int>(number(r, "m", path, 0)), base.get<bool>(),
                           number(r, "T", path, 1), number(r, "k", path, 0),
                           number(r, "tau", path, 1), number(r, "period", path, 1),
                           number(r, "preperiod", path, 0)});
    bound.checked_to.push_back(number(r, "checked_to", path, 0));
  }
  for (std::size_t i = 0; i < witnesses.size(); ++i) {
    const std::string path = "certificate.witnesses[" + std::to_string(i) + "]";
    bound.witnesses.push_back(
        {number(witnesses[i], "j", path, 1), number(witnesses[i], "n", path, 0)});
  }
  // The shape of the file is the shape of what the checker writes (placeholders for its numbers).
  json placeholder = json::array();
  for (const auto& w : bound.witnesses) {
    json v = {{"j", w.j}, {"n", w.n}, {"h", 0}, {"h_shifted", 0}};
    if (which == FrolovFunction::f) {
      v["x"] = 0;
      v["f_shifted_column"] = 0;
    }
    placeholder.push_back(v);
  }
  require_same_shape(frolov_lower_bound_json(bound, 1, 0, 1, placeholder), file, "");
  for (const auto& c : bound.chain)
    if (c.m < 0 || c.m > 31) throw InputError("certificate: a chain row outside 0..31");
  // Budget: a row of the chain or the stream above max_columns is refused before any work.
  for (const auto& c : bound.chain) {
    if (!c.base && c.k + c.tau + c.T + 1 > max_columns)
      throw BudgetExceeded("certificate: g row " + std::to_string(c.m) + " needs " +
                           std::to_string(c.k + c.tau + c.T + 1) +
                           " columns (k + tau + T + 1), above check-certificate's limit of " +
                           std::to_string(max_columns));
  }
  // The whole chain too, as for a period file (kFrolovCheckChainColumnFactor).
  std::int64_t total = 0;
  for (const auto& c : bound.chain) total += c.base ? 1 : c.k + c.tau + c.T + 1;
  if (total > kFrolovCheckChainColumnFactor * max_columns)
    throw BudgetExceeded("certificate: the chain needs " + std::to_string(total) +
                         " columns in all, above check-certificate's limit of " +
                         std::to_string(kFrolovCheckChainColumnFactor * max_columns));
  const std::int64_t T = lower_lcm(bound.chain);
  if (T >= 1) {
    const std::int64_t J = static_cast<std::int64_t>(bound.witnesses.size());
    if (J <= (kFrolovCertificateNumberLimit * 4) / T) {
      const std::int64_t columns = frolov_lower_bound_columns(bound, T);
      if (columns > max_columns)
        throw BudgetExceeded("certificate: the witnesses need " + std::to_string(columns) +
                             " columns of rows " + std::to_string(m - 1) + " and " +
                             std::to_string(m) + ", above check-certificate's limit of " +
                             std::to_string(max_columns));
    }
  }
  CertificateVerdict verdict = check_frolov_lower_bound(bound, max_columns, tick);
  if (!verdict.accepted()) return verdict;
  const json& lb = verdict.details["lower_bound"];
  const json expected = frolov_lower_bound_json(bound, lb["unit"].get<std::int64_t>(),
                                                lb["preperiod_at_most"].get<std::int64_t>(),
                                                lb["bound"].get<std::int64_t>() + 1, lb["values"]);
  if (auto difference = first_difference(expected, file, ""))
    return rejected_certificate("the witnesses were confirmed, but " + *difference);
  return verdict;
}

}  // namespace igv
