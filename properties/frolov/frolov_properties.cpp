#include "properties/frolov/frolov_properties.h"

#include <stdexcept>
#include <string>

namespace igv {

namespace {

std::string cell(std::string_view fn, std::int64_t m, std::int64_t n, Value v) {
  return std::string(fn) + "(" + std::to_string(m) + ", " + std::to_string(n) +
         ") = " + std::to_string(v);
}

/// Requires the value at (m, n) from `t`; marks the check unavailable when it is missing.
std::optional<Value> need(const FrolovLookup& t, std::int64_t m, std::int64_t n, CellCheck& c) {
  auto v = t(m, n);
  if (!v) c.available = false;
  return v;
}

/// "value must equal expected" in the property's domain.
CellCheck expect_equal(const FrolovLookup& t, std::string_view fn, std::int64_t m, std::int64_t n,
                       Value expected) {
  CellCheck c;
  c.applicable = true;
  if (auto v = need(t, m, n, c); v && *v != expected) {
    c.violation = cell(fn, m, n, *v) + ", expected " + std::to_string(expected);
  }
  return c;
}

CellCheck expect_relation(const FrolovLookup& t, std::string_view fn, std::int64_t m,
                          std::int64_t n, const std::function<bool(Value)>& ok,
                          const std::string& relation) {
  CellCheck c;
  c.applicable = true;
  if (auto v = need(t, m, n, c); v && !ok(*v))
    c.violation = cell(fn, m, n, *v) + ", expected " + relation;
  return c;
}

CellCheck check_g(std::string_view name, const FrolovLookup& g, std::int64_t m, std::int64_t n) {
  CellCheck c;
  if (name == "G3") {  // (G3) g(m, n) = g(n, m)
    c.applicable = true;
    auto a = need(g, m, n, c);
    auto b = need(g, n, m, c);
    if (a && b && *a != *b) c.violation = cell("g", m, n, *a) + " but " + cell("g", n, m, *b);
    return c;
  }
  if (name == "G4") {  // (G4) g(0, n) = n − 1, g(1, n) = n
    if (m == 0) return expect_equal(g, "g", m, n, n - 1);
    if (m == 1) return expect_equal(g, "g", m, n, n);
    return c;
  }
  if (name == "G5") {  // (G5) g(n, n) = 0, n ≥ 2
    if (m == n && n >= 2) return expect_equal(g, "g", m, n, 0);
    return c;
  }
  if (name == "G6") {
    // (G6) g(2k, 2k − 1) = g(2k − 1, 2k) = 1, g(2k, 2k + 1) = g(2k + 1, 2k) = 2, k ≥ 2.
    if (m - n != 1 && n - m != 1) return c;
    const std::int64_t lo = std::min(m, n), hi = std::max(m, n);
    if (hi % 2 == 0 && hi / 2 >= 2) return expect_equal(g, "g", m, n, 1);
    if (lo % 2 == 0 && lo / 2 >= 2) return expect_equal(g, "g", m, n, 2);
    return c;
  }
  if (name == "G6.exceptions") {  // (G6): the exceptions g(0, 1) = 0, g(1, 2) = 2, g(2, 3) = 4
    if (m == 0 && n == 1) return expect_equal(g, "g", m, n, 0);
    if (m == 1 && n == 2) return expect_equal(g, "g", m, n, 2);
    if (m == 2 && n == 3) return expect_equal(g, "g", m, n, 4);
    return c;
  }
  if (name == "G6.alternation") {
    // (G6), last sentence: on the diagonals next to the main one 1 and 2 alternate,
    // g(n, n + 1) = (3 + (−1)^n) / 2 — "further", i.e. beyond the exceptions: n ≥ 3.
    if (n == m + 1 && m >= 3) return expect_equal(g, "g", m, n, m % 2 == 0 ? 2 : 1);
    return c;
  }
  if (name == "G7")
    return expect_relation(
        g, "g", m, n, [&](Value v) { return v < m + n; }, "< m + n");
  if (name == "G8") {
    if (m < 1 || n < 1) return c;
    const std::int64_t d = m > n ? m - n : n - m;
    return expect_relation(
        g, "g", m, n, [&](Value v) { return v >= d; }, ">= |m - n|");
  }
  if (name == "G8a") {
    if (m < 1) return c;
    return expect_relation(
        g, "g", m, n, [&](Value v) { return v >= n - m; }, ">= n - m");
  }
  if (name == "G8b") {
    if (n < 1) return c;
    return expect_relation(
        g, "g", m, n, [&](Value v) { return v >= m - n; }, ">= m - n");
  }
  if (name == "P-positions") {
    // §4, proof of (G5): the P-positions of the misère rook game are exactly (0, 1), (1, 0)
    // and (n, n) for n ≥ 2. (0, 0) is not a position of the game.
    if (m == 0 && n == 0) return c;
    const bool listed = (m == 0 && n == 1) || (m == 1 && n == 0) || (m == n && n >= 2);
    return expect_relation(
        g, "g", m, n, [&](Value v) { return (v == 0) == listed; },
        listed ? "0 (a listed P-position)" : "non-zero (not a listed P-position)");
  }
  throw std::invalid_argument("unknown property of g: '" + std::string(name) + "'");
}

CellCheck check_f(std::string_view name, const FrolovLookup& f, std::int64_t m, std::int64_t n) {
  CellCheck c;
  if (name == "T2.symmetry") {  // f(m, n) = k ⟺ f(k, n) = m; f(f(m, n), n) = m
    c.applicable = true;
    auto k = need(f, m, n, c);
    if (!k) return c;
    auto back = need(f, *k, n, c);
    if (back && *back != m) c.violation = cell("f", m, n, *k) + " but " + cell("f", *k, n, *back);
    return c;
  }
  if (name == "T2.row0") {  // f(0, n) = n + 1, f(n + 1, n) = 0
    if (m == 0) return expect_equal(f, "f", m, n, n + 1);
    if (m == n + 1) return expect_equal(f, "f", m, n, 0);
    return c;
  }
  if (name == "T2.row1") {  // f(1, n) = n, f(n, n) = 1
    if (m == 1) return expect_equal(f, "f", m, n, n);
    if (m == n) return expect_equal(f, "f", m, n, 1);
    return c;
  }
  if (name == "T2.column0") {  // f(n, 0) = n, n ≥ 2
    if (n == 0 && m >= 2) return expect_equal(f, "f", m, n, m);
    return c;
  }
  if (name == "T2.column1") {  // f(2k, 1) = 2k − 1, f(2k − 1, 1) = 2k, k ≥ 2 (from the g side)
    if (n != 1) return c;
    if (m % 2 == 0 && m / 2 >= 2) return expect_equal(f, "f", m, n, m - 1);
    if (m % 2 == 1 && (m + 1) / 2 >= 2) return expect_equal(f, "f", m, n, m + 1);
    return c;
  }
  if (name == "T2.column2") {  // f(2k, 2) = 2k + 1, f(2k + 1, 2) = 2k, k ≥ 2 (from the g side)
    if (n != 2) return c;
    if (m % 2 == 0 && m / 2 >= 2) return expect_equal(f, "f", m, n, m + 1);
    if (m % 2 == 1 && (m - 1) / 2 >= 2) return expect_equal(f, "f", m, n, m - 1);
    return c;
  }
  if (name == "T2.upper") {  // f(m, n) ≤ m + n, m ≥ 1
    if (m < 1) return c;
    return expect_relation(
        f, "f", m, n, [&](Value v) { return v <= m + n; }, "<= m + n");
  }
  if (name == "T2.lower") {  // f(m, n) ≥ m − n, m > n + 1
    if (m <= n + 1) return c;
    return expect_relation(
        f, "f", m, n, [&](Value v) { return v >= m - n; }, ">= m - n");
  }
  if (name == "T2.zero") {  // §4, proof of Theorem 2: f(m, n) = 0 only when m = n + 1
    return expect_relation(
        f, "f", m, n, [&](Value v) { return (v == 0) == (m == n + 1); },
        m == n + 1 ? "0" : "non-zero (m != n + 1)");
  }
  if (name == "T2.strict") {  // f(m, n) > n − m
    return expect_relation(
        f, "f", m, n, [&](Value v) { return v > n - m; }, "> n - m");
  }
  throw std::invalid_argument("unknown property of f: '" + std::string(name) + "'");
}

}  // namespace

std::vector<std::string> frolov_g_property_names() {
  return {"G3", "G4", "G5",  "G6",  "G6.exceptions", "G6.alternation",
          "G7", "G8", "G8a", "G8b", "P-positions"};
}

std::vector<std::string> frolov_f_property_names() {
  return {"T2.symmetry", "T2.row0",  "T2.row1",  "T2.column0", "T2.column1",
          "T2.column2",  "T2.upper", "T2.lower", "T2.strict",  "T2.zero"};
}

CellCheck check_frolov_property(std::string_view name, const FrolovLookup& g, const FrolovLookup& f,
                                std::int64_t m, std::int64_t n) {
  if (name.starts_with("T2.")) return check_f(name, f, m, n);
  return check_g(name, g, m, n);
}

}  // namespace igv
