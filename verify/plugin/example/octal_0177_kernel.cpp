// A C++ kernel of the octal games 0.177 and 0.07 (Dawson's Kayles), registered with
// igv_kernel.hpp and built outside the harness's tree (CMakeLists.txt beside it: one library, a
// test per game): the values from the rules up to a period proved by the Guy–Smith theorem, the
// period beyond; a sum of heaps is the nim-sum of their values.
#include <cstdint>
#include <igv_kernel.hpp>
#include <set>
#include <span>
#include <stdexcept>
#include <vector>

namespace {

struct Table {
  std::vector<std::int64_t> g;
  std::int64_t preperiod = 0, period = 0;

  /// The game 0.d1d2…: digits = {d1, d2, …}.
  explicit Table(std::vector<int> digits) {
    const auto t = static_cast<std::int64_t>(digits.size());
    for (std::int64_t n = 0; n < 4096; ++n) {
      std::set<std::int64_t> seen;
      for (int k = 1; k <= t; ++k) {
        const int d = digits[k - 1];
        if ((d & 1) != 0 && n == k) seen.insert(0);
        if ((d & 2) != 0 && n > k) seen.insert(g[n - k]);
        if ((d & 4) != 0 && n >= k + 2)
          for (std::int64_t a = 1; a <= (n - k) / 2; ++a) seen.insert(g[a] ^ g[n - k - a]);
      }
      std::int64_t m = 0;
      while (seen.count(m) != 0) ++m;
      g.push_back(m);
    }
    const auto size = static_cast<std::int64_t>(g.size());
    for (std::int64_t p = 1; p < size / 2; ++p) {
      std::int64_t e = size - p;
      while (e > 0 && g[e - 1] == g[e - 1 + p]) --e;
      if (2 * e + 2 * p + t <= size) {  // Guy–Smith
        preperiod = e;
        period = p;
        return;
      }
    }
    throw std::runtime_error("no period within the table");
  }

  [[nodiscard]] std::int64_t heap(std::int64_t n) const {
    if (n < 0) throw std::out_of_range("negative heap");
    if (n < static_cast<std::int64_t>(g.size())) return g[n];
    return g[preperiod + (n - preperiod) % period];
  }
};

std::int64_t value(std::span<const std::int64_t> heaps) {
  static const Table table({1, 7, 7});  // 0.177: d1 = 1, d2 = 7, d3 = 7
  std::int64_t v = 0;
  for (auto h : heaps) v ^= table.heap(h);
  return v;
}

std::int64_t dawson(std::span<const std::int64_t> heaps) {
  static const Table table({0, 7});  // 0.07: d1 = 0, d2 = 7
  std::int64_t v = 0;
  for (auto h : heaps) v ^= table.heap(h);
  return v;
}

}  // namespace

IGV_KERNEL("octal:0.177", "octal-0.177-cpp", "mex to 4096, the Guy-Smith period beyond; nim-sums",
           0, true, value);
IGV_KERNEL("octal:0.07", "octal-0.07-cpp", "mex to 4096, the Guy-Smith period beyond; nim-sums", 0,
           true, dawson);
IGV_KERNEL_LIBRARY();
