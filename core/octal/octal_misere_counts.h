// The second kernel of `octal-misere:CODE` ("counts"): a bottom-up table of outcomes over
// heap-count vectors, sharing nothing with the naive kernel but the octal game's heap options
// (for_each_octal_option in core/octal/octal_rules.h).
//
// A sum of heaps is written as its count vector c[1..M] (c[h] heaps of size h, M the largest
// heap). Every option of a heap is smaller than the heap, so every position reached from a sum
// of at most T tokens with heaps at most M is another such count vector. The table holds all of
// them (the partitions of 0..T into parts at most M), filled in an order in which every option
// comes first: fewer tokens first, and among equal tokens more heaps first (a move removes
// tokens, or, for d0 = 4, removes none and adds one heap). A position is a loss when it has a
// move and every move leads to a win; with no move it is a win (misère play). Each position's
// moves are generated in count form, not through OctalMisereRules.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/base/trusted/primitives.h"
#include "core/octal/trusted/octal_rules.h"

namespace igv {

class OctalMisereCountTable {
 public:
  /// Builds the outcome of every sum of at most `max_tokens` tokens with heaps at most
  /// `max_heap`. Throws InputError for negative bounds or max_tokens above `token_limit`.
  OctalMisereCountTable(OctalCode code, std::int64_t max_tokens, std::int64_t max_heap,
                        std::int64_t token_limit);

  /// 0 (loss for the player to move) or 1 (win) for a list of heap sizes (0 = no heap).
  /// Throws std::out_of_range when the position is outside the table's bounds.
  [[nodiscard]] Value outcome(std::span<const std::int64_t> heaps) const;

  /// How many positions the table holds.
  [[nodiscard]] std::size_t size() const { return table_.size(); }

 private:
  OctalCode code_;
  std::int64_t max_tokens_;
  std::int64_t max_heap_;
  /// Count vector c[0..M] (c[0] unused, always 0) packed one byte a size, to its outcome.
  std::unordered_map<std::string, Value> table_;
};

/// Outcome codes of a batch of positions: one table for the largest total and heap of the batch.
std::vector<Value> octal_misere_outcomes_counts(const OctalCode& code,
                                                std::span<const std::vector<std::int64_t>> ps,
                                                std::int64_t token_limit);

}  // namespace igv
