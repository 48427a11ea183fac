// The game family `octal-misere:CODE` (a sum of heaps of one octal game in misère play: the
// player who makes the last move loses) and its kernels, which return outcome codes for the
// player to move (ValueKind::outcome: 0 = loss, a P-position; 1 = win, an N-position), not
// Grundy values: "naive" (reference: memoised search over sorted multisets of heaps,
// octal_misere_naive.h) and "counts" (a bottom-up table over heap-count vectors,
// octal_misere_counts.h).
//
// Positions: heap sizes joined by '+' or ',' — "7", "3+4", "3,4"; "0" is the empty sum. At most
// kOctalMisereMaxTokens (40) tokens in all: misère sums are searched whole, so larger sums are
// refused at once. Winning moves are written the same way: a move in heap h replaces h by the
// heaps it leaves.
#include <algorithm>
#include <random>

#include "core/base/game_family.h"
#include "core/base/heap_sums.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "core/octal/octal_misere_counts.h"
#include "core/octal/octal_misere_naive.h"
#include "core/octal/octal_misere_rules.h"
#include "core/octal/octal_names.h"

namespace igv {
namespace {

/// Entries (heaps, 0 included) of one position's list at most.
constexpr std::size_t kMaxListedHeaps = 1000;

/// Heaps of `p` as the family writes them: "3+4", or "0" for the empty sum.
/// Throws InputError unless every heap is >= 0 and the heaps hold at most
/// kOctalMisereMaxTokens tokens in all (checked without overflow).
void require_small(const std::string& spec, const Position& p) {
  std::int64_t tokens = 0;
  for (auto h : p) {
    if (h < 0) {
      throw InputError(spec + " position: heap sizes must be >= 0, got " + std::to_string(h));
    }
    if (h > kOctalMisereMaxTokens || tokens + h > kOctalMisereMaxTokens) {
      std::string shown = format_heap_sum(p);
      if (shown.size() > 60) shown = shown.substr(0, 57) + "...";
      throw InputError(spec + " position " + shown + ": more than " +
                       std::to_string(kOctalMisereMaxTokens) +
                       " tokens in all; misère sums are searched whole, so the family takes "
                       "sums of at most " +
                       std::to_string(kOctalMisereMaxTokens) + " tokens");
    }
    tokens += h;
  }
  if (p.size() > kMaxListedHeaps) {
    throw InputError(spec + " position: more than " + std::to_string(kMaxListedHeaps) +
                     " heaps listed");
  }
}

class OctalMisereGame : public HeapSumGame {
 public:
  explicit OctalMisereGame(OctalCode code)
      : HeapSumGame({}, kMaxListedHeaps), code_(std::move(code)) {}
  [[nodiscard]] std::string spec() const override { return "octal-misere:" + code_.canonical(); }
  [[nodiscard]] const OctalCode& code() const { return code_; }

  [[nodiscard]] Position parse_position(std::string_view text) const override {
    Position p = HeapSumGame::parse_position(text);
    require_small(spec(), p);
    return p;
  }

  [[nodiscard]] ValueAnswer value_limited(const Position& p,
                                          const ValueRequest& request) const override {
    require_small(spec(), p);
    OctalMisereNaiveSolver solver(code_);
    const Value outcome = solver.outcome(p);
    std::vector<std::string> moves;
    std::size_t count = 0;
    std::size_t options = 0;
    for_each_octal_misere_move(code_, p, [&](std::size_t j, const HeapOption& o) {
      ++options;
      const Position next = octal_misere_after(p, j, o);
      if (solver.outcome(next) != kOctalMisereLoss) return;
      if (count++ >= request.max_moves) return;
      moves.push_back(format_heap_sum(next));
    });
    ValueAnswer a;
    a.game = spec();
    a.position = format_heap_sum(p);
    a.outcome = outcome == kOctalMisereLoss ? "P" : "N";
    a.winning_moves = std::move(moves);
    a.kernel = "naive";
    a.how = options == 0
                ? "no move: under misère play the opponent made the last move, so the player "
                  "to move wins"
                : "memoised search over every sum of heaps reachable (misère terminal rule: a "
                  "player with no move wins); a move wins when it leads to a P-position";
    a.details = {{"outcome_for", "the player to move (misère play: the last mover loses)"},
                 {"positions_searched", solver.positions_stored()}};
    finish_winning_moves(a, request, count);
    return a;
  }

  [[nodiscard]] std::vector<Position> domain(std::int64_t size) const override {
    // Every sum of non-empty heaps of at most `size` tokens in all (the partitions of 0..size),
    // heaps in decreasing order; the empty sum first.
    if (size < 0) throw InputError(spec() + ": a negative domain size");
    if (size > kOctalMisereMaxTokens) {
      throw InputError(spec() + ": domain of sums of up to " + std::to_string(size) +
                       " tokens; the family takes sums of at most " +
                       std::to_string(kOctalMisereMaxTokens) + " tokens");
    }
    std::vector<Position> out;
    Position current;
    const auto rec = [&](auto&& self, std::int64_t left, std::int64_t largest) -> void {
      out.push_back(current);
      for (std::int64_t h = std::min(left, largest); h >= 1; --h) {
        current.push_back(h);
        self(self, left - h, h);
        current.pop_back();
      }
    };
    rec(rec, size, size);
    return out;
  }
  [[nodiscard]] Position sample(std::uint64_t seed, std::int64_t size) const override {
    // About `size` tokens (at most kOctalMisereMaxTokens) cut into 1 to 4 heaps, some of which
    // may be empty, in random order.
    std::mt19937_64 rng(seed);
    const std::int64_t tokens = std::clamp<std::int64_t>(size, 0, kOctalMisereMaxTokens);
    Position p(1 + rng() % 4, 0);
    for (std::int64_t t = 0; t < tokens; ++t) ++p[rng() % p.size()];
    return p;
  }

 private:
  OctalCode code_;
};

GameFamily octal_misere_family() {
  GameFamily family{
      "octal-misere",
      "octal games in misère play (the last mover loses): outcomes P / N of sums of small "
      "heaps, by search",
      "octal-misere:CODE (e.g. octal-misere:0.07, octal-misere:0.77; the octal code as for "
      "octal:CODE)",
      "heap sizes joined by '+' or ',' (e.g. 7, 3+4, 3,4), at most 40 tokens in all",
      [](std::string_view params) -> std::unique_ptr<GameInstance> {
        if (params.empty()) {
          throw InputError("game 'octal-misere' needs a code, e.g. octal-misere:0.77");
        }
        return std::make_unique<OctalMisereGame>(OctalCode::parse(params));
      },
      {"octal-misere:0.07", "octal-misere:0.77", "octal-misere:0.33", "octal-misere:0.137",
       "octal-misere:4.7"},
      12,
      ValueKind::outcome};
  family.plot.misere = true;
  family.position_shape = PositionShape::heap_sums;
  family.plot.name = [](const GameSpec& spec) {
    const std::string name = octal_game_name(spec);
    // "the octal game 0.16" or "Dawson's Kayles (octal 0.07)", in misère play.
    return name.rfind("the ", 0) == 0 ? "the misère " + name.substr(4) : "misère " + name;
  };
  return family;
}
IGV_REGISTER_GAME("octal-misere", octal_misere_family);

Kernel octal_misere_naive_kernel() {
  return {"octal-misere", "naive", true,
          "outcome codes (0 loss, 1 win): memoised search over sorted multisets of heaps, every "
          "move in one heap, misère terminal rule",
          [](const GameInstance& game, std::span<const Position> ps) {
            OctalMisereNaiveSolver solver(instance_as<OctalMisereGame>(game).code());
            std::vector<Value> out;
            out.reserve(ps.size());
            for (const auto& p : ps) {
              require_small(game.spec(), p);
              out.push_back(solver.outcome(p));
            }
            return out;
          }};
}
Kernel octal_misere_counts_kernel() {
  return {"octal-misere", "counts", false,
          "outcome codes (0 loss, 1 win): bottom-up table over heap-count vectors, fewer tokens "
          "first, misère terminal rule",
          [](const GameInstance& game, std::span<const Position> ps) {
            for (const auto& p : ps) require_small(game.spec(), p);
            return octal_misere_outcomes_counts(instance_as<OctalMisereGame>(game).code(), ps,
                                                kOctalMisereMaxTokens);
          }};
}
IGV_REGISTER_KERNEL(octal_misere_naive_kernel);
IGV_REGISTER_KERNEL(octal_misere_counts_kernel);

}  // namespace
}  // namespace igv
