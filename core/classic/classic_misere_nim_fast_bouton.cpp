#include "core/classic/classic_misere_nim_fast_bouton.h"

namespace igv {

Value misere_nim_outcome_bouton(const std::vector<std::int64_t>& heaps) {
  Value nim = 0;
  std::int64_t ones = 0;
  bool big = false;
  for (auto h : heaps) {
    nim = nim_sum(nim, h);
    ones += h == 1 ? 1 : 0;
    big = big || h > 1;
  }
  if (!big) return ones % 2 == 1 ? kMisereLoss : kMisereWin;
  return nim == 0 ? kMisereLoss : kMisereWin;
}

std::size_t for_each_misere_nim_winning_move(
    const std::vector<std::int64_t>& heaps,
    const std::function<void(std::size_t, std::int64_t)>& fn) {
  Value nim = 0;
  std::int64_t ones = 0, bigs = 0;
  for (auto h : heaps) {
    nim = nim_sum(nim, h);
    ones += h == 1 ? 1 : 0;
    bigs += h > 1 ? 1 : 0;
  }
  std::size_t count = 0;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    const std::int64_t h = heaps[i];
    // The other heaps: their nim-sum, their heaps of size 1 and above 1.
    const Value rest = nim_sum(nim, h);
    const std::int64_t rest_ones = ones - (h == 1 ? 1 : 0);
    const std::int64_t rest_bigs = bigs - (h > 1 ? 1 : 0);
    // Lowering heap i to t leaves a loss for the opponent when, by Bouton's rule, either every
    // heap is at most 1 and the heaps of size 1 are odd in number, or some heap exceeds 1 and
    // the nim-sum is 0 (t = rest).
    for (std::int64_t t = 0; t <= 1 && t < h; ++t) {
      if (rest_bigs == 0 && (rest_ones + t) % 2 == 1) {
        fn(i, t);
        ++count;
      }
    }
    if (rest < h && (rest_bigs > 0 || rest >= 2)) {
      fn(i, rest);
      ++count;
    }
  }
  return count;
}

}  // namespace igv
