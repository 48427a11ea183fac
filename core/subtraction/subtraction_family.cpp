#include "core/subtraction/subtraction_family.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <random>

#include "core/base/heap_sums.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/certificate_json.h"
#include "core/base/trusted/errors.h"
#include "core/subtraction/subtraction_fast_bitset.h"
#include "core/subtraction/subtraction_fast_members.h"
#include "core/subtraction/subtraction_fast_window.h"
#include "core/subtraction/subtraction_proof.h"
#include "core/subtraction/trusted/subtraction_certificate.h"
#include "core/subtraction/trusted/subtraction_certificate_check.h"
#include "core/subtraction/trusted/subtraction_naive.h"

namespace igv {

namespace {
/// Heaps up to this size are evaluated by running the window kernel from 0; larger ones
/// through the proved period (which costs about ℓ + p steps once per game).
constexpr std::int64_t kDirectWindowLimit = 20'000'000;
/// The naive kernel keeps every value; it refuses prefixes longer than this.
constexpr std::int64_t kNaiveLimit = 50'000'000;
/// The largest heap `verify value` evaluates for squares, fibonacci, primes (the member kernel,
/// from 0: about 2·10^9 options for the squares, a few seconds; the primes stop earlier, at the
/// member kernel's option limit, around heap 3·10^5).
constexpr std::int64_t kMemberKernelHeapLimit = 2'000'000;

std::string play_name(SubtractionPlay play) {
  return play == SubtractionPlay::normal ? "normal" : "misere";
}
}  // namespace

SubtractionGame::SubtractionGame(SubtractionSet set, SubtractionPlay play)
    : set_(std::move(set)), play_(play) {}

std::string SubtractionGame::spec() const {
  return subtraction_spec(set_, play_);
}

Position SubtractionGame::parse_position(std::string_view text) const {
  const auto n = parse_int(text, spec() + " position (a heap size n >= 0)");
  if (n < 0) {
    throw InputError(spec() + " position: heap size " + std::to_string(n) +
                     " is negative (expected n >= 0)");
  }
  return {n};
}

const CheckedSubtractionCertificate& SubtractionGame::proved_period() const {
  if (set_.rule_defined()) {
    throw InputError(spec() + ": no period is claimed: S = " + set_.to_string() +
                     " is infinite, so no window lemma applies, and no period theorem for this "
                     "set is known to the harness (values only: verify value " +
                     spec() + " N)");
  }
  const std::lock_guard<std::mutex> lock(period_mutex_);
  if (!period_) period_ = prove_subtraction_period(set_, play_);  // a throw leaves it unset
  return *period_;
}

namespace {
/// G(0 .. count − 1) for an infinite rule-defined S: by the member kernel or the word-parallel
/// one (core/subtraction/subtraction_fast_bitset.h), whichever has less work (the primes below
/// 10^6: bitsets; the squares and the Fibonacci numbers: members).
std::vector<Value> rule_defined_values(const SubtractionSet& set, SubtractionPlay play,
                                       std::int64_t count) {
  if (count <= 0) return {};
  // Beyond what either kernel computes, the member kernel's refusal, before the members up to
  // count are listed (the primes' sieve alone would take half a minute at 10^9).
  if (count > kMostMemberKernelValues) return subtraction_values_members(set, play, count);
  const auto members = subtraction_members_up_to(set, count - 1);
  const std::int64_t least = members.empty() ? count : members.front();
  const std::uint64_t member_options = subtraction_members_work(members, count);
  if (member_options <= kMostMemberKernelOptions &&
      member_options <= 2 * subtraction_bitset_work(least, count))
    return subtraction_values_members(set, play, count);
  return subtraction_values_bitset(set, play, count);
}
}  // namespace

Value SubtractionGame::fast_value(std::int64_t n) const {
  if (n < 0) throw InputError(spec() + ": heap " + std::to_string(n) + " (heaps are 0 or more)");
  if (set_.rule_defined()) return rule_defined_values(set_, play_, n + 1).back();
  if (set_.powers_of_two) {
    if (play_ == SubtractionPlay::misere) return subtraction_value_naive(set_, play_, n);
    return subtraction_value_by_period(proved_period(), n);
  }
  if (n < kDirectWindowLimit) {
    SubtractionWindow window(set_, play_);
    if (n < window.length()) return window.at(n);
    while (window.start() + window.length() < n) window.advance();
    return window.next_value();
  }
  return subtraction_value_by_period(proved_period(), n);
}

ValueAnswer SubtractionGame::value(const Position& p) const {
  if (p.size() != 1) throw InputError(spec() + " position: expected one heap size");
  const std::int64_t n = p[0];
  if (n < 0) throw InputError(spec() + ": heap " + std::to_string(n) + " (heaps are 0 or more)");
  std::vector<std::string> moves;
  Value v = 0;
  if (set_.rule_defined()) {
    // No window and no period: every value up to n, once, by the member kernel (which refuses,
    // before computing, a heap whose options are too many to examine).
    if (n > kMemberKernelHeapLimit) {
      throw InputError("verify value " + spec() + ": heap " + std::to_string(n) +
                       " is above the largest heap evaluated for an infinite S (" +
                       std::to_string(kMemberKernelHeapLimit) +
                       "): every value below it is needed and no period is known");
    }
    const auto g = rule_defined_values(set_, play_, n + 1);
    v = g.back();
    for (auto option : SubtractionRules{set_}.moves(n)) {
      if (g[static_cast<std::size_t>(option)] == 0) moves.push_back(format_position({option}));
    }
  } else {
    v = fast_value(n);
    for (auto option : SubtractionRules{set_}.moves(n)) {
      if (fast_value(option) == 0) moves.push_back(format_position({option}));
    }
  }
  std::string how = play_ == SubtractionPlay::normal
                        ? "G(n) = mex{G(n-s) : s in S, s <= n}"
                        : "misère Grundy value: 1 at a terminal heap, else mex of the options; 0 "
                          "exactly at misère P-positions";
  ValueAnswer a;
  a.game = spec();
  a.position = format_position(p);
  a.value = v;
  a.outcome = v == 0 ? "P" : "N";
  a.winning_moves = std::move(moves);
  a.kernel = set_.rule_defined()                                      ? "members"
             : set_.powers_of_two && play_ == SubtractionPlay::normal ? "residue-lemma"
                                                                      : "window";
  a.how = how;
  a.details = {{"play", play_name(play_)}};
  return a;
}

namespace {
/// The answer of a checked subtraction certificate: G is the verdict's first proved sequence.
PeriodAnswer subtraction_period_answer(const CheckedSubtractionCertificate& proved) {
  return PeriodAnswer::from_checked(subtraction_period_json(proved), proved.verdict, 0);
}
}  // namespace

PeriodAnswer SubtractionGame::period() const {
  return subtraction_period_answer(proved_period());
}

PeriodAnswer SubtractionGame::period_limited(const PeriodRequest& request) const {
  if (set_.rule_defined()) return period();  // InputError: no period is claimed
  if (set_.powers_of_two) return period();
  // --budget scales the search's two bounds (the steps of the cycle search, the values the
  // checker recomputes; PeriodOptions::budget), each at least 1000.
  const auto scaled = [&](double at_one) {
    return std::max(1000.0, std::floor(at_one * std::max(request.budget, 0.0)));
  };
  return subtraction_period_answer(
      prove_subtraction_period(set_, play_, static_cast<std::uint64_t>(scaled(4'000'000'000.0)),
                               static_cast<std::int64_t>(scaled(400'000'000.0)), request.limits));
}

CertificateCheck SubtractionGame::check_certificate(const nlohmann::json& period_json,
                                                    const CertificateCheckRequest& request) const {
  require_certificate_game(period_json, spec());
  refuse_column_budget(request, spec());
  return {
      check_with_period_block(
          period_json, [](const nlohmann::json& j) { return check_subtraction_period_json(j); }),
      set_.powers_of_two ? "check_powers_of_two_residue_lemma "
                           "(core/subtraction/trusted/subtraction_certificate_check.cpp)"
                         : "check_subtraction_certificate "
                           "(core/subtraction/trusted/subtraction_certificate_check.cpp)"};
}

std::vector<Position> SubtractionGame::domain(std::int64_t size) const {
  std::vector<Position> out;
  for (std::int64_t n = 0; n <= size; ++n) out.push_back({n});
  return out;
}

Position SubtractionGame::sample(std::uint64_t seed, std::int64_t size) const {
  std::mt19937_64 rng(seed);
  return {static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(size + 1))};
}

// ---------------------------------------------------------------------------------------------
// Registration: the two families and their kernels.
// ---------------------------------------------------------------------------------------------
namespace {

std::int64_t largest_heap(std::span<const Position> ps) {
  std::int64_t most = -1;
  for (const auto& p : ps) most = std::max(most, p.at(0));
  return most;
}

/// The length of the prefix G(0 .. the largest heap of ps); BudgetExceeded at heap 2^63 − 1 (a
/// prefix of 2^63 values, whose length would overflow).
std::int64_t prefix_length(std::span<const Position> ps) {
  const std::int64_t most = largest_heap(ps);
  if (most == std::numeric_limits<std::int64_t>::max())
    throw BudgetExceeded("heap " + std::to_string(most) + ": a prefix of 2^63 values");
  return most + 1;
}

std::function<std::unique_ptr<GameInstance>(std::string_view)> maker(SubtractionPlay play) {
  return [play](std::string_view params) -> std::unique_ptr<GameInstance> {
    return std::make_unique<SubtractionGame>(parse_subtraction_set(params), play);
  };
}

/// "the subtraction game S = {1, 3, 4}" (or S = the powers of 2) for a canonical spec.
std::string subtraction_game_name(const GameSpec& spec) {
  std::string set = spec.argument;
  if (!set.empty() && std::isdigit(static_cast<unsigned char>(set[0])) != 0) {
    std::string out = "{";
    for (const char c : set) out += c == ',' ? std::string(", ") : std::string(1, c);
    return "the subtraction game S = " + out + "}";
  }
  for (auto& c : set) c = c == '-' ? ' ' : c;
  return "the subtraction game S = the " + set;
}

/// What --budget scales in a subtraction game's period search.
constexpr const char* kSubtractionBudget =
    "the steps of the search (4·10^9 at 1) and the values the checker recomputes (4·10^8 at 1)";

GameFamily normal_family() {
  GameFamily family{
      "subtraction",
      "SUB(S): remove s in S chips from one heap; last mover wins",
      "subtraction:S (S a comma list of distinct positive integers, or powers-of-2, squares, "
      "fibonacci, primes)",
      "n (heap size)",
      maker(SubtractionPlay::normal),
      {"subtraction:1,3,4", "subtraction:2,3,5,7,11", "subtraction:3,5,9",
       "subtraction:powers-of-2", "subtraction:squares", "subtraction:fibonacci",
       "subtraction:primes"},
      2000};
  family.plot.name = [](const GameSpec& spec) { return subtraction_game_name(spec); };
  family.position_shape = PositionShape::heap;
  family.proved_heap_values.certificate =
      "subtraction period certificate accepted by check_subtraction_certificate "
      "(core/subtraction/trusted/subtraction_certificate_check.cpp)";
  family.period_options.budget = OptionMeaning{kSubtractionBudget};
  return family;
}
GameFamily misere_family() {
  GameFamily family{
      "subtraction-misere",
      "SUB(S) in misère play: last mover loses",
      "subtraction-misere:S (S a comma list of distinct positive integers, or powers-of-2, "
      "squares, fibonacci, primes)",
      "n (heap size)",
      maker(SubtractionPlay::misere),
      {"subtraction-misere:1,2,3", "subtraction-misere:2,5", "subtraction-misere:squares",
       "subtraction-misere:primes"},
      2000};
  family.plot.misere = true;
  family.period_options.budget = OptionMeaning{kSubtractionBudget};
  family.plot.name = [](const GameSpec& spec) {
    return "the misère " + subtraction_game_name(spec).substr(4);  // "the subtraction game ..."
  };
  family.position_shape = PositionShape::heap;
  return family;
}
IGV_REGISTER_GAME("subtraction", normal_family);
IGV_REGISTER_GAME("subtraction-misere", misere_family);

/// The values G(p) of one-heap positions read from a prefix G(0 .. largest).
std::vector<Value> read_heaps(const std::vector<Value>& prefix, std::span<const Position> ps) {
  std::vector<Value> out;
  out.reserve(ps.size());
  for (const auto& p : ps) out.push_back(prefix[static_cast<std::size_t>(p.at(0))]);
  return out;
}

/// A kernel computing G(0 .. count - 1) in one pass: its values and its streamed range.
Kernel prefix_kernel(const char* family, const char* name, bool reference, const char* description,
                     std::vector<Value> (*prefix)(const GameInstance&, std::int64_t count)) {
  Kernel k{family, name, reference, description,
           [prefix](const GameInstance& g, std::span<const Position> ps) {
             return read_heaps(prefix(g, prefix_length(ps)), ps);
           }};
  k.range_values = range_values_from_prefix(prefix);
  return k;
}

std::vector<Value> naive_prefix(const GameInstance& g, std::int64_t count) {
  const auto& sub = instance_as<SubtractionGame>(g);
  if (count > kNaiveLimit) {
    throw BudgetExceeded("naive subtraction kernel: heap " + std::to_string(count - 1) +
                         " needs more than " + std::to_string(kNaiveLimit) + " values");
  }
  return subtraction_values_naive(sub.set(), sub.play(), count);
}

Kernel naive_kernel(const char* family) {
  Kernel k = prefix_kernel(
      family, "naive", true,
      "bottom-up mex over every move of the rules (core/subtraction/trusted/subtraction_naive.cpp)",
      naive_prefix);
  k.largest_heap = kNaiveLimit - 1;  // its cap, known before any work
  return k;
}

Kernel window_kernel(const char* family) {
  Kernel k{family, "window", false,
           "incremental mex over a window of the last s_k values (O(s_k) memory); beyond a few "
           "million, the proved period; for the powers of 2, the mod-3 residue lemma",
           [](const GameInstance& g, std::span<const Position> ps) {
             const auto& sub = instance_as<SubtractionGame>(g);
             const std::int64_t most = largest_heap(ps);
             if (sub.set().rule_defined()) {
               // No finite window for an infinite S: the member or the bitset kernel's exact mex.
               return read_heaps(rule_defined_values(sub.set(), sub.play(), prefix_length(ps)), ps);
             }
             if (!sub.set().powers_of_two && most < kDirectWindowLimit)
               return read_heaps(subtraction_values_window(sub.set(), sub.play(), most + 1), ps);
             std::vector<Value> out;
             for (const auto& p : ps) out.push_back(sub.fast_value(p.at(0)));
             return out;
           }};
  // A range as the window passes it (a ring of s_k values, nothing held per heap) below
  // kDirectWindowLimit, and through the proved period from there; an infinite S as above.
  k.range_values = [rule_defined =
                        range_values_from_prefix([](const GameInstance& g, std::int64_t count) {
                          const auto& sub = instance_as<SubtractionGame>(g);
                          return rule_defined_values(sub.set(), sub.play(), count);
                        })](const GameInstance& g, std::int64_t first, std::int64_t last,
                            const RangeEmit& emit, const std::function<void()>& tick) {
    const auto& sub = instance_as<SubtractionGame>(g);
    if (sub.set().rule_defined()) {
      rule_defined(g, first, last, emit, tick);
      return;
    }
    std::int64_t n = first;  // the next heap to emit
    if (!sub.set().powers_of_two && first < kDirectWindowLimit) {
      const std::int64_t window_last = std::min(last, kDirectWindowLimit - 1);
      SubtractionWindow window(sub.set(), sub.play());
      // G(start + i) for i < length; then G(start + length) before each advance.
      for (; n <= window_last && n < window.length(); ++n) emit(n, window.at(n));
      while (n <= window_last) {
        while (window.start() + window.length() < n) window.advance();
        emit(n, window.next_value());
        window.advance();
        if (tick && (n & 0xfffff) == 0) tick();
        ++n;
      }
      if (window_last == last) return;
    }
    for (;; ++n) {
      emit(n, sub.fast_value(n));
      if (tick && (n & 0xfffff) == 0) tick();
      if (n == last) return;
    }
  };
  return k;
}

/// The outcomes of heaps first..last of SUB(S) in normal play, one bit a heap (issue 36): a heap
/// no P-position marked is a P-position, and marks every heap n + s, s in S (those are N). Work
/// (P-positions) × |S ∩ [1, last]|, memory (last + 1) / 8 bytes and the members: for an
/// infinite S (squares, primes, Fibonacci numbers, powers of 2). A finite S streams its values
/// through the window (and the proved period), whose P-positions are its zeros.
void normal_range_outcomes(const GameInstance& g, std::int64_t first, std::int64_t last,
                           const std::function<void(std::int64_t, bool)>& emit,
                           const std::function<void()>& tick,
                           const decltype(Kernel::range_values)& values) {
  const auto& sub = instance_as<SubtractionGame>(g);
  if (sub.play() != SubtractionPlay::normal)
    throw std::logic_error("the outcome sieve is for normal play only");
  if (sub.set().finite()) {
    values(
        g, first, last, [&](std::int64_t n, Value v) { emit(n, v == 0); }, tick);
    return;
  }
  const std::int64_t count = heaps_up_to(last);
  const auto members = subtraction_members_up_to(sub.set(), last);
  std::vector<std::uint64_t> marked(static_cast<std::size_t>(count / 64 + 1), 0);
  for (std::int64_t n = 0; n <= last; ++n) {
    const bool p = ((marked[static_cast<std::size_t>(n >> 6)] >> (n & 63)) & 1U) == 0;
    if (p) {
      for (const std::int64_t m : members) {
        if (m > last - n) break;
        const std::int64_t t = n + m;
        marked[static_cast<std::size_t>(t >> 6)] |= std::uint64_t{1} << (t & 63);
      }
    }
    if (n >= first) emit(n, p);
    if (tick && (n & 0xfffff) == 0) tick();
  }
}

Kernel members_kernel(const char* family) {
  Kernel k = prefix_kernel(
      family, "members", false,
      "incremental mex over the members of S up to n, listed once (a sieve for the primes); "
      "exact for every S (core/subtraction/subtraction_fast_members.cpp)",
      [](const GameInstance& g, std::int64_t count) {
        const auto& sub = instance_as<SubtractionGame>(g);
        return subtraction_values_members(sub.set(), sub.play(), count);
      });
  k.largest_heap = kMostMemberKernelValues - 1;  // its cap, known before any work
  return k;
}

Kernel bitset_kernel(const char* family) {
  Kernel k = prefix_kernel(
      family, "bitset", false,
      "word-parallel: one bitset per value of the heaps with an option of that value, the "
      "set's bitset shifted and OR-ed in (core/subtraction/subtraction_fast_bitset.cpp)",
      [](const GameInstance& g, std::int64_t count) {
        const auto& sub = instance_as<SubtractionGame>(g);
        return subtraction_values_bitset(sub.set(), sub.play(), count);
      });
  k.largest_heap = kMostBitsetKernelValues - 1;  // its cap, known before any work
  return k;
}

Kernel normal_naive() {
  return naive_kernel("subtraction");
}
Kernel normal_window() {
  Kernel k = window_kernel("subtraction");
  k.range_outcomes = [values = k.range_values](const GameInstance& g, std::int64_t first,
                                               std::int64_t last,
                                               const std::function<void(std::int64_t, bool)>& emit,
                                               const std::function<void()>& tick) {
    normal_range_outcomes(g, first, last, emit, tick, values);
  };
  k.range_outcomes_bytes = [](const GameInstance& g, std::int64_t last) -> std::uint64_t {
    const auto& sub = instance_as<SubtractionGame>(g);
    if (sub.set().finite()) return 0;  // the window's ring
    // the bits, and the members (the squares up to 4·10^7: 6,324; the primes: a sieve of bits)
    return static_cast<std::uint64_t>(last) / 8 + 64 +
           (sub.set().rule == SubtractionRuleSet::primes
                ? static_cast<std::uint64_t>(last) / 8 + static_cast<std::uint64_t>(last) / 2
                : 0);
  };
  return k;
}
Kernel misere_naive() {
  return naive_kernel("subtraction-misere");
}
Kernel misere_window() {
  return window_kernel("subtraction-misere");
}
IGV_REGISTER_KERNEL(normal_naive);
IGV_REGISTER_KERNEL(normal_window);
IGV_REGISTER_KERNEL(misere_naive);
IGV_REGISTER_KERNEL(misere_window);
Kernel normal_members() {
  return members_kernel("subtraction");
}
Kernel misere_members() {
  return members_kernel("subtraction-misere");
}
IGV_REGISTER_KERNEL(normal_members);
IGV_REGISTER_KERNEL(misere_members);

Kernel normal_bitset() {
  return bitset_kernel("subtraction");
}
Kernel misere_bitset() {
  return bitset_kernel("subtraction-misere");
}
IGV_REGISTER_KERNEL(normal_bitset);
IGV_REGISTER_KERNEL(misere_bitset);

}  // namespace

std::unique_ptr<SubtractionGame> make_subtraction_game(std::string_view spec) {
  const GameSpec parsed = parse_game_spec(spec);
  if (parsed.family == "subtraction")
    return std::make_unique<SubtractionGame>(parse_subtraction_set(parsed.argument),
                                             SubtractionPlay::normal);
  if (parsed.family == "subtraction-misere")
    return std::make_unique<SubtractionGame>(parse_subtraction_set(parsed.argument),
                                             SubtractionPlay::misere);
  throw InputError("'" + std::string(spec) + "' is not a subtraction game");
}

}  // namespace igv
