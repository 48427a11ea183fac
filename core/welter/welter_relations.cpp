#include "core/welter/welter_relations.h"

namespace igv {

Value welter_value_by_relations(const WelterCoins& coins) {
  std::vector<std::int64_t> current(coins.begin(), coins.end());
  std::vector<std::int64_t> next;
  Value spat_out = 0;
  while (!current.empty()) {
    // Translate by x, the first coin: by (R2), [current] = [current ⊕ x] ⊕ (x if the count is odd).
    const std::int64_t x = current.front();
    if (current.size() % 2 == 1) spat_out = nim_sum(spat_out, x);
    // current ⊕ x has a coin on 0; by (R1) drop it and move every other coin down one square.
    next.clear();
    for (std::size_t i = 1; i < current.size(); ++i) next.push_back((current[i] ^ x) - 1);
    current.swap(next);
  }
  return spat_out;
}

}  // namespace igv
