#include "core/base/heap_sums.h"

#include <algorithm>
#include <limits>
#include <random>

#include "core/base/trusted/errors.h"

namespace igv {

Position parse_heap_sum(std::string_view text, const std::string& what, std::size_t max_heaps) {
  std::string body(text);
  std::replace(body.begin(), body.end(), '+', ',');
  if (body.empty()) throw InputError(what + ": empty (expected heap sizes such as 35, 3+5 or 3,5)");
  Position p = parse_int_list(body, what + " (heap sizes such as 35, 3+5 or 3,5)", max_heaps);
  for (auto h : p) {
    if (h < 0) throw InputError(what + ": heap sizes must be >= 0, got " + std::to_string(h));
  }
  return p;
}

std::string format_heap_sum(const Position& p) {
  std::string s;
  for (auto h : p) {
    if (h == 0) continue;
    if (!s.empty()) s += '+';
    s += std::to_string(h);
  }
  return s.empty() ? "0" : s;
}

std::int64_t heaps_up_to(std::int64_t largest) {
  if (largest == std::numeric_limits<std::int64_t>::max())
    throw BudgetExceeded("heap " + std::to_string(largest) +
                         ": no kernel computes the 2^63 values of heaps 0.." +
                         std::to_string(largest));
  return largest + 1;
}

std::int64_t largest_heap(std::span<const Position> ps) {
  std::int64_t m = 0;
  for (const auto& p : ps)
    for (auto h : p) m = std::max(m, h);
  return m;
}

// ---------------------------------------------------------------------------------------------
// HeapSumGame
// ---------------------------------------------------------------------------------------------
Position HeapSumGame::parse_position(std::string_view text) const {
  return parse_heap_sum(text, spec() + " position", max_heaps_);
}

std::string HeapSumGame::format_position(const Position& p) const {
  return format_heap_sum(p);
}

ValueAnswer HeapSumGame::value(const Position& p) const {
  return value_limited(p, ValueRequest{std::numeric_limits<std::size_t>::max()});
}

std::vector<Position> HeapSumGame::domain(std::int64_t size) const {
  if (sampling_.whole_lists) {
    // Every list of at most three heaps, each at most `size`.
    std::vector<Position> out{{}};
    for (std::int64_t a = 0; a <= size; ++a) {
      out.push_back({a});
      for (std::int64_t b = 0; b <= size; ++b) {
        out.push_back({a, b});
        for (std::int64_t c = 0; c <= size; ++c) out.push_back({a, b, c});
      }
    }
    return out;
  }
  std::vector<Position> out;
  for (std::int64_t n = 0; n <= size; ++n) out.push_back({n});
  const std::int64_t small = std::min<std::int64_t>(size, sampling_.pairs_up_to);
  for (std::int64_t a = 1; a <= small; ++a)
    for (std::int64_t b = a; b <= small; ++b) out.push_back({a, b});
  return out;
}

Position HeapSumGame::sample(std::uint64_t seed, std::int64_t size) const {
  std::mt19937_64 rng(seed);
  Position p(1 + rng() % static_cast<std::uint64_t>(sampling_.most_heaps));
  for (auto& h : p) h = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(size + 1));
  return p;
}

void HeapSumGame::finish_winning_moves(ValueAnswer& answer, const ValueRequest& request,
                                       std::size_t count) {
  if (request.max_moves == 0) {
    answer.winning_moves.reset();
  } else if (request.max_moves != std::numeric_limits<std::size_t>::max()) {
    limit_winning_moves(answer, request, count);
  }
}

// ---------------------------------------------------------------------------------------------
// NimSumHeapGame
// ---------------------------------------------------------------------------------------------
ValueAnswer NimSumHeapGame::value_limited(const Position& p, const ValueRequest& request) const {
  const std::int64_t top = p.empty() ? 0 : *std::max_element(p.begin(), p.end());
  require_answerable(top);
  // Finding the winning moves examines every option of every heap (about n/2 splits of a heap
  // n): beyond kMaxOptionsExamined the answer cannot come in reasonable time, so it is refused
  // at once; --max-moves 0 asks for the value alone.
  constexpr std::int64_t kMaxOptionsExamined = 100'000'000;
  const std::int64_t options = options_examined(p);
  if (request.max_moves != 0 && options > kMaxOptionsExamined) {
    throw InputError("verify value " + spec() + ": the winning moves of this position need " +
                     std::to_string(options) + " " + answer_.options_name +
                     " examined, more than the " + std::to_string(kMaxOptionsExamined) +
                     " that fit; ask for the value alone with --max-moves 0");
  }
  const HeapValues values = heap_values(top);
  const HeapValueFn& g = values.of;
  Value total = 0;
  for (auto h : p) total = nim_sum(total, g(h));
  std::vector<std::string> moves;
  std::size_t count = 0;
  if (total != 0 && request.max_moves != 0) {
    for (std::size_t j = 0; j < p.size(); ++j) {
      const auto before = p.begin() + static_cast<std::ptrdiff_t>(j);
      if (answer_.skip_equal_heaps && std::find(p.begin(), before, p[j]) != before) continue;
      for_each_option_of_value(p[j], nim_sum(total, g(p[j])), g,
                               [&](std::span<const std::int64_t> left) {
                                 if (count++ >= request.max_moves) return;
                                 Position next;
                                 for (std::size_t m = 0; m < p.size(); ++m) {
                                   if (m != j) {
                                     next.push_back(p[m]);
                                   } else {
                                     next.insert(next.end(), left.begin(), left.end());
                                   }
                                 }
                                 moves.push_back(format_position(next));
                               });
    }
  }
  ValueAnswer a;
  a.game = spec();
  a.position = format_position(p);
  a.value = total;
  a.winning_moves = std::move(moves);
  a.kernel = values.kernel;
  a.how = values.how;
  if (answer_.heap_values) {
    std::vector<Value> heaps;
    heaps.reserve(p.size());
    for (auto h : p) heaps.push_back(g(h));
    a.heap_values = std::move(heaps);
  }
  finish_winning_moves(a, request, count);
  return a;
}

}  // namespace igv
