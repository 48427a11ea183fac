#include "properties/kernels/proved_values.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <type_traits>

#include "core/base/proved_period_reach.h"
#include "core/base/trusted/errors.h"
#include "core/base/trusted/limits.h"

namespace igv {

namespace {

/// The family's declaration (nullptr for a name no family has).
const GameFamily* declared_family(const std::string& family) {
  try {
    return &find_game_family(family);
  } catch (const InputError&) {
    return nullptr;
  }
}

}  // namespace

ProvedValuesRequest proved_values_request_for(const std::string& family,
                                              std::int64_t largest_heap) {
  ProvedValuesRequest r;
  // A search whose work is fixed by the game (a row of Frolov's tables: row 12 in about 6 s of
  // CPU) is given a minute, so that a loaded machine does not decide whether a value is proved;
  // a search scaled to the heaps asked (octal, below) is quick.
  r.seconds = 60;
  const GameFamily* f = declared_family(family);
  if (f != nullptr && f->proved_heap_values.heaps_at_budget_one > 0) {
    const double heaps =
        std::clamp<double>(4.0 * static_cast<double>(std::max<std::int64_t>(largest_heap, 0)),
                           4096.0, static_cast<double>(1 << 21));
    r.budget = heaps / static_cast<double>(f->proved_heap_values.heaps_at_budget_one);
    r.seconds = 10;
  }
  return r;
}

bool family_has_proved_heap_values(const std::string& family) {
  const GameFamily* f = declared_family(family);
  return f != nullptr && f->proved_heap_values.declared();
}

Value ProvedValues::heap(std::int64_t n) const {
  if (n < 0 || n > largest) throw BudgetExceeded(beyond(n));
  return proved.value(n);
}

namespace {

/// "GAME: heap N is beyond LARGEST, …" for the heap written `n`.
std::string beyond_text(const ProvedValues& pv, const std::string& n) {
  return pv.game + ": heap " + n + " is beyond " + std::to_string(pv.largest) +
         (pv.largest_is_the_games ? ", the game's largest"
                                  : ", the largest whose value fits in 64 bits");
}

/// heap(first), heap(first + 1), … into `out`: one division for the whole run, then one step of
/// the period a heap; false as soon as a value cannot be held in T (`out` then partly written).
template <class T>
bool fill_from(const ProvedValues& pv, std::int64_t first, std::span<T> out) {
  if (out.empty()) return true;
  const auto count = static_cast<std::int64_t>(out.size());
  if (first < 0) throw BudgetExceeded(pv.game + ": heap " + std::to_string(first) + " is negative");
  if (first > pv.largest) throw BudgetExceeded(pv.beyond(first));
  if (count - 1 > pv.largest - first) {
    // The run's last heap, which may lie past 2^63 - 1.
    const auto last = static_cast<std::uint64_t>(first) + static_cast<std::uint64_t>(count - 1);
    throw BudgetExceeded(beyond_text(pv, std::to_string(last)));
  }
  const auto put = [&](std::size_t k, Value v) {
    if constexpr (!std::is_same_v<T, Value>) {
      if (v < std::numeric_limits<T>::min() || v > std::numeric_limits<T>::max()) return false;
    }
    out[k] = static_cast<T>(v);
    return true;
  };
  const std::int64_t e = pv.proved.preperiod, p = pv.proved.period;
  std::size_t k = 0;
  // Up to the end of the first period, each value as it is; past it, G(n) = G(i) + turns·saltus
  // for n = i + turns·period, e <= i < e + p.
  for (; k < out.size() && first - e < p - static_cast<std::int64_t>(k); ++k)
    if (!put(k, pv.proved.value(first + static_cast<std::int64_t>(k)))) return false;
  if (k == out.size()) return true;
  const std::int64_t n = first + static_cast<std::int64_t>(k);
  std::int64_t turns = (n - e) / p;
  std::int64_t i = e + (n - e) % p;
  for (; k < out.size() && k < static_cast<std::size_t>(p); ++k) {
    if (!put(k, pv.proved.value(i) + turns * pv.proved.saltus)) return false;
    if (++i == e + p) i = e, ++turns;
  }
  // A whole period in `out`: G(n) = G(n - period) + saltus from it.
  for (; k < out.size(); ++k)
    if (!put(k, static_cast<Value>(out[k - static_cast<std::size_t>(p)]) + pv.proved.saltus))
      return false;
  return true;
}

}  // namespace

bool ProvedValues::heaps_from_zero_in_bytes(std::span<std::uint8_t> out) const {
  return fill_from(*this, 0, out);
}

void ProvedValues::heaps_from(std::int64_t first, std::span<Value> out) const {
  (void)fill_from(*this, first, out);
}

std::string ProvedValues::beyond(std::int64_t n) const {
  return beyond_text(*this, std::to_string(n));
}

Value ProvedValues::position(std::span<const std::int64_t> p) const {
  if (p.size() != 1 && !sums)
    throw InputError(game + ": a position is one heap (got " + std::to_string(p.size()) + ")");
  Value v = 0;
  for (const auto h : p) v ^= heap(h);
  return v;
}

std::string ProvedValues::how() const {
  std::string s = "from the proved period " + std::to_string(proved.period) + " from heap " +
                  std::to_string(proved.preperiod);
  if (proved.saltus != 0) s += ", saltus " + std::to_string(proved.saltus);
  return s + " of " + game + " (" + certificate + ")";
}

std::optional<ProvedValues> proved_values(const GameInstance& game, const std::string& family,
                                          const ProvedValuesRequest& request,
                                          std::string* why_not) {
  const auto no = [&](const std::string& why) -> std::optional<ProvedValues> {
    if (why_not != nullptr) *why_not = why;
    return std::nullopt;
  };
  if (!family_has_proved_heap_values(family))
    return no("the family '" + family + "' proves no period of one heap's values");
  // The instance's own shape: a row of Frolov's table is a heap game, the whole table is not.
  const InstanceShape shape = instance_position_shape(game);
  if (shape.shape != PositionShape::heap && shape.shape != PositionShape::heap_sums)
    return no(shape.note.empty() ? game.spec() + ": its positions are not heaps" : shape.note);
  PeriodRequest pr;
  pr.summary_only = true;  // the numbers and the checker's values only
  pr.whole_period_values = true;
  pr.budget = request.budget.value_or(declared_family(family)->proved_heap_values.budget);
  pr.limits.deadline = std::chrono::steady_clock::now() +
                       std::chrono::milliseconds(static_cast<std::int64_t>(request.seconds * 1000));
  pr.limits.memory_bytes = request.memory_bytes;
  try {
    const PeriodAnswer answer = game.period_limited(pr);
    ProvedValues v;
    v.game = game.spec();
    v.proved = answer.proved();
    if (v.proved.residues.size() < static_cast<std::size_t>(v.proved.preperiod + v.proved.period))
      return no("the checker's values do not cover one period");
    const auto& declared = declared_family(family)->proved_heap_values;
    v.certificate = v.proved.saltus != 0 && !declared.arithmetic_certificate.empty()
                        ? declared.arithmetic_certificate
                        : declared.certificate;
    v.largest = proved_period_largest_heap(v.proved);
    if (shape.largest_heap < v.largest) {
      v.largest = shape.largest_heap;
      v.largest_is_the_games = true;
    }
    v.sums = shape.shape == PositionShape::heap_sums;
    return v;
  } catch (const BudgetExceeded& e) {
    std::string what = e.what();
    if (const auto cut = what.find("; "); cut != std::string::npos) what.resize(cut);
    return no(what);
  } catch (const InputError& e) {
    return no(e.what());
  }
}

}  // namespace igv
