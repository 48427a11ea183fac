#include "properties/welter/welter_claim_support.h"

#include <stdexcept>

#include "core/base/trusted/position.h"
#include "core/welter/welter_start.h"

namespace igv::welter_claims {

using nlohmann::json;

std::string binary(std::int64_t n) {
  if (n == 0) return "0";
  std::string s;
  for (auto u = static_cast<std::uint64_t>(n); u != 0; u >>= 1)
    s.insert(s.begin(), (u & 1U) ? '1' : '0');
  return s;
}

json moves_json(const std::vector<WelterMove>& moves, const WelterCoins& from) {
  json out = json::array();
  for (const auto& m : moves) out.push_back(format_int_list(welter_apply_move(from, m.from, m.to)));
  return out;
}

// Every subset of {0, …, max_square}, as positions.
std::vector<WelterCoins> all_subsets(std::int64_t max_square) {
  std::vector<WelterCoins> out;
  const std::uint64_t count = std::uint64_t{1} << (max_square + 1);
  for (std::uint64_t mask = 0; mask < count; ++mask) {
    WelterCoins p;
    for (std::int64_t c = 0; c <= max_square; ++c) {
      if ((mask >> c) & 1U) p.push_back(c);
    }
    out.push_back(std::move(p));
  }
  return out;
}

// Attaches the random part's evidence to the exhaustive part; a refutation or fault of either
// decides the verdict.
Outcome combine(Outcome exhaustive, const Outcome& random) {
  if (exhaustive.verdict == Verdict::refuted) {
    exhaustive.evidence["random"] = random.evidence;
    return exhaustive;
  }
  if (random.verdict == Verdict::refuted || random.verdict == Verdict::error ||
      random.verdict == Verdict::inconclusive) {
    Outcome out = random;
    out.evidence = {{"exhaustive", exhaustive.evidence}, {"random", random.evidence}};
    return out;
  }
  exhaustive.evidence["random"] = random.evidence;
  exhaustive.summary += "; " + random.summary + " beyond the domain";
  return exhaustive;
}

WelterCoins block_position(const std::string& family, std::int64_t n) {
  if (family == "start") return welter_start_position(n);
  if (family == "lower") return welter_block(n, 2 * n - 1);
  if (family == "upper") return welter_block(n + 2, 2 * n);
  // The starting position after the move the document names (checked legal by welter_apply_move).
  if (family == "start_top_to_n") return welter_apply_move(welter_start_position(n), 2 * n, n);
  if (family == "start_empty_n_plus_1")
    return welter_apply_move(welter_start_position(n), n + 1, 0);
  throw std::invalid_argument("unknown welter block family '" + family + "'");
}

std::string block_name(const std::string& family) {
  if (family == "start") return "[n+1|…|2n]";
  if (family == "lower") return "[n|…|2n−1]";
  if (family == "upper") return "[n+2|…|2n]";
  if (family == "start_top_to_n") return "[n+1|…|2n] after moving the coin on 2n to n";
  return "[n+1|…|2n] after moving the coin on n+1 to 0 (emptying the glass of n+1)";
}

}  // namespace igv::welter_claims
