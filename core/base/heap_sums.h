// Games whose positions are sums of heaps (nim, misere-nim, grundy, octal, hex, octal-misere):
// the heap-sum syntax ("35", "3+5" or "3,5"; "0" is the empty sum), and the game-instance base
// these families share: `value` through value_limited, the cross-check positions (domain,
// sample) and, for the normal-play ones (NimSumHeapGame), the value of a sum as the nim-sum of
// its heaps' values with its winning moves.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/game_family.h"
#include "core/base/trusted/position.h"
#include "core/base/trusted/primitives.h"

namespace igv {

/// Parses a sum of heaps: non-negative sizes joined by '+' or ',', at most `max_heaps` of them.
/// Throws InputError naming `what` ("octal:0.07 position").
Position parse_heap_sum(std::string_view text, const std::string& what,
                        std::size_t max_heaps = 100'000'000);

/// A sum of heaps as these families write it: "3+5" (empty heaps left out), "0" for none.
std::string format_heap_sum(const Position& p);

/// The largest heap of any of the positions (0 when there is none).
std::int64_t largest_heap(std::span<const Position> ps);

/// The number of heaps 0..largest, the prefix a sequence kernel computes for heaps up to
/// `largest`; throws BudgetExceeded for largest = 2^63 − 1 (no prefix of 2^63 values is
/// computed, and largest + 1 would overflow).
std::int64_t heaps_up_to(std::int64_t largest);

/// The value of each sum of heaps in `ps`: the nim-sum of its heaps' values g(h) (what the
/// kernels of the normal-play heap-sum families return).
template <class G>
std::vector<Value> nim_sums_of_heaps(std::span<const Position> ps, G&& g) {
  std::vector<Value> out;
  out.reserve(ps.size());
  for (const auto& p : ps) {
    Value v = 0;
    for (auto h : p) v = nim_sum(v, g(h));
    out.push_back(v);
  }
  return out;
}

/// The cross-check positions of a heap-sum family (GameInstance::domain and sample).
struct HeapSumSampling {
  /// domain(size): false — every heap 0..size alone, then every pair a <= b of non-empty heaps
  /// up to min(size, pairs_up_to) (families whose kernels value each heap: grundy, octal, hex);
  /// true — the empty sum and every list of one to three heaps of 0..size (kernels of the whole
  /// sum: nim, misere-nim).
  bool whole_lists = false;
  std::int64_t pairs_up_to = 12;
  /// sample(seed, size): 1 to `most_heaps` heaps, each of 0..size.
  int most_heaps = 3;
};

/// The instance base of the heap-sum families: positions in the heap-sum syntax (at most
/// `max_heaps` heaps; nim and misere-nim keep their comma lists by overriding parse_position and
/// format_position), value(p) = value_limited(p) with every winning move, and domain/sample as
/// `sampling` says (octal-misere, whose sums are bounded in tokens, overrides both).
class HeapSumGame : public GameInstance {
 public:
  explicit HeapSumGame(HeapSumSampling sampling, std::size_t max_heaps = 100'000'000)
      : sampling_(sampling), max_heaps_(max_heaps) {}

  [[nodiscard]] Position parse_position(std::string_view text) const override;
  [[nodiscard]] std::string format_position(const Position& p) const override;
  [[nodiscard]] ValueAnswer value(const Position& p) const final;
  [[nodiscard]] std::vector<Position> domain(std::int64_t size) const override;
  [[nodiscard]] Position sample(std::uint64_t seed, std::int64_t size) const override;

 protected:
  /// The end of every value_limited answer: `--max-moves 0` leaves the winning moves out, any
  /// other limit cuts the list and records `count`, the winning moves there are.
  static void finish_winning_moves(ValueAnswer& answer, const ValueRequest& request,
                                   std::size_t count);

 private:
  HeapSumSampling sampling_;
  std::size_t max_heaps_;
};

/// G(h) of every heap of a position, for one answer of NimSumHeapGame::value_limited.
struct HeapValues {
  std::function<Value(std::int64_t)> of;  ///< G(h) for 0 <= h <= the largest heap asked for
  std::string kernel;                     ///< the answer's kernel
  std::string how;                        ///< the answer's how
};

/// What tells the answers of the normal-play heap-sum families apart.
struct NimSumAnswer {
  /// List G of each heap (ValueAnswer::heap_values): false for nim, whose heaps are their values.
  bool heap_values = true;
  /// Moves in a heap equal to one before it are left out (the same positions, written in
  /// another order): grundy.
  bool skip_equal_heaps = false;
  /// What the refusal of a position with too many options to examine calls them.
  const char* options_name = "options";
};

/// A normal-play heap-sum game: the value of a sum is the nim-sum of its heaps' values, and a
/// winning move replaces one heap h by an option of value G(h) xor the sum's value. value_limited
/// refuses at once (InputError) a position beyond require_answerable, or whose winning moves
/// need more than 10^8 options examined (unless `--max-moves 0` asks for the value alone).
class NimSumHeapGame : public HeapSumGame {
 public:
  NimSumHeapGame(HeapSumSampling sampling, NimSumAnswer answer, std::size_t max_heaps = 100'000'000)
      : HeapSumGame(sampling, max_heaps), answer_(answer) {}

  [[nodiscard]] ValueAnswer value_limited(const Position& p,
                                          const ValueRequest& request) const final;

 protected:
  using HeapValueFn = std::function<Value(std::int64_t)>;
  /// An option of a heap: the heaps it leaves, 0 standing for none.
  using OptionFn = std::function<void(std::span<const std::int64_t>)>;

  /// Throws InputError when the values of heaps up to `top` are beyond what is answered.
  virtual void require_answerable(std::int64_t /*top*/) const {}
  /// How many options finding the winning moves of `p` examines (0: not bounded).
  [[nodiscard]] virtual std::int64_t options_examined(const Position& /*p*/) const { return 0; }
  /// G(h) for every heap up to `top`, and how it was computed.
  [[nodiscard]] virtual HeapValues heap_values(std::int64_t top) const = 0;
  /// Calls fn for every option of `heap` whose value (the nim-sum of what it leaves) is `target`.
  virtual void for_each_option_of_value(std::int64_t heap, Value target, const HeapValueFn& g,
                                        const OptionFn& fn) const = 0;

 private:
  NimSumAnswer answer_;
};

}  // namespace igv
