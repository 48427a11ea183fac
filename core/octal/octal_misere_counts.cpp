#include "core/octal/octal_misere_counts.h"

#include <algorithm>
#include <stdexcept>

#include "core/base/trusted/errors.h"

namespace igv {
namespace {

/// Every count vector (c[0] = 0, c[1..max_heap]) of `tokens` tokens, as strings of bytes,
/// appended to `out` with its number of heaps.
void partitions(std::int64_t tokens, std::int64_t max_heap, std::string& current, std::int64_t part,
                std::int64_t heaps, std::vector<std::pair<std::int64_t, std::string>>& out) {
  if (tokens == 0) {
    out.emplace_back(heaps, current);
    return;
  }
  // Choose the number of heaps of size `part` (largest part first), then go down.
  if (part == 0) return;
  for (std::int64_t k = 0; k * part <= tokens; ++k) {
    current[static_cast<std::size_t>(part)] = static_cast<char>(k);
    partitions(tokens - k * part, max_heap, current, part - 1, heaps + k, out);
  }
  current[static_cast<std::size_t>(part)] = 0;
}

}  // namespace

OctalMisereCountTable::OctalMisereCountTable(OctalCode code, std::int64_t max_tokens,
                                             std::int64_t max_heap, std::int64_t token_limit)
    : code_(std::move(code)), max_tokens_(max_tokens), max_heap_(max_heap) {
  if (max_tokens < 0 || max_heap < 0) {
    throw InputError("octal-misere counts kernel: negative bounds");
  }
  if (token_limit > 120) {
    throw InputError("octal-misere counts kernel: a token limit of " + std::to_string(token_limit) +
                     " (heap counts are kept one byte each; at most 120)");
  }
  if (max_tokens > token_limit) {
    throw InputError("octal-misere counts kernel: " + std::to_string(max_tokens) +
                     " tokens, more than the " + std::to_string(token_limit) + " searched");
  }
  max_heap_ = std::min(max_heap_, max_tokens_);
  const auto width = static_cast<std::size_t>(max_heap_) + 1;
  std::string current(width, '\0');
  std::string next;
  for (std::int64_t t = 0; t <= max_tokens_; ++t) {
    std::vector<std::pair<std::int64_t, std::string>> level;
    partitions(t, max_heap_, current, max_heap_, 0, level);
    // More heaps first: a split that removes no token (d0 = 4) adds one heap.
    std::stable_sort(level.begin(), level.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& entry : level) {
      // Not a structured binding: clang 14 cannot capture one in the lambda below.
      const std::string& c = entry.second;
      bool any_move = false;
      bool to_loss = false;
      for (std::int64_t h = 1; h <= max_heap_ && !to_loss; ++h) {
        if (c[static_cast<std::size_t>(h)] == 0) continue;
        for_each_octal_option(code_, h, [&](const HeapOption& o) {
          if (to_loss) return;
          any_move = true;
          next = c;
          --next[static_cast<std::size_t>(h)];
          if (o.first > 0) ++next[static_cast<std::size_t>(o.first)];
          if (o.second > 0) ++next[static_cast<std::size_t>(o.second)];
          const auto it = table_.find(next);
          if (it == table_.end()) {
            throw std::logic_error("octal-misere counts kernel: an option was not computed first");
          }
          if (it->second == 0) to_loss = true;
        });
      }
      // No move: the opponent moved last, a win in misère play. Else a win iff a move reaches a
      // loss.
      table_.emplace(c, (!any_move || to_loss) ? Value{1} : Value{0});
    }
  }
}

Value OctalMisereCountTable::outcome(std::span<const std::int64_t> heaps) const {
  std::string c(static_cast<std::size_t>(max_heap_) + 1, '\0');
  std::int64_t tokens = 0;
  for (auto h : heaps) {
    if (h < 0 || h > max_heap_) throw std::out_of_range("octal-misere counts: heap outside table");
    tokens += h;
    if (h > 0) ++c[static_cast<std::size_t>(h)];
  }
  if (tokens > max_tokens_) throw std::out_of_range("octal-misere counts: total outside table");
  return table_.at(c);
}

std::vector<Value> octal_misere_outcomes_counts(const OctalCode& code,
                                                std::span<const std::vector<std::int64_t>> ps,
                                                std::int64_t token_limit) {
  std::int64_t tokens = 0;
  std::int64_t heap = 0;
  for (const auto& p : ps) {
    std::int64_t t = 0;
    for (auto h : p) {
      if (h < 0) throw InputError("octal-misere counts kernel: a negative heap");
      if (h > token_limit) {
        throw InputError("octal-misere counts kernel: a heap of " + std::to_string(h) +
                         " tokens, more than the " + std::to_string(token_limit) + " searched");
      }
      t += h;
      if (t > token_limit) {
        throw InputError("octal-misere counts kernel: more than " + std::to_string(token_limit) +
                         " tokens in one position");
      }
      heap = std::max(heap, h);
    }
    tokens = std::max(tokens, t);
  }
  if (ps.empty()) return {};
  const OctalMisereCountTable table(code, tokens, heap, token_limit);
  std::vector<Value> out;
  out.reserve(ps.size());
  for (const auto& p : ps) out.push_back(table.outcome(p));
  return out;
}

}  // namespace igv
