// The game family `octal:CODE` (a sum of heaps of one octal game) and its kernels:
// "naive" (reference: mex over every option, O(n^2)) and "sparse" (the sparse-space kernel).
//
// Positions: heap sizes separated by '+' or ',' — "35", "3+5", "3,5"; "0" is the empty sum.
// Winning moves are written the same way: a move in heap h replaces h by the heaps it leaves.
#include <algorithm>
#include <random>

#include "core/errors.h"
#include "core/game_family.h"
#include "core/kernel_registry.h"
#include "core/octal_code.h"
#include "core/octal_naive.h"
#include "core/octal_sparse.h"
#include "core/octal_values.h"

namespace igv {
namespace {

/// Heaps of `p` as the family writes them: "3+5", or "0" for the empty sum.
std::string join_heaps(const Position& p) {
  std::string s;
  for (auto h : p) {
    if (h == 0) continue;
    if (!s.empty()) s += '+';
    s += std::to_string(h);
  }
  return s.empty() ? "0" : s;
}

std::int64_t largest_heap(std::span<const Position> ps) {
  std::int64_t m = 0;
  for (const auto& p : ps)
    for (auto h : p) m = std::max(m, h);
  return m;
}

class OctalGame : public GameInstance {
 public:
  explicit OctalGame(OctalCode code) : code_(std::move(code)) {}
  [[nodiscard]] std::string spec() const override { return "octal:" + code_.canonical(); }
  [[nodiscard]] const OctalCode& code() const { return code_; }

  [[nodiscard]] Position parse_position(std::string_view text) const override {
    std::string body(text);
    std::replace(body.begin(), body.end(), '+', ',');
    if (body.empty()) {
      throw InputError(spec() + " position: empty (expected heap sizes such as 35, 3+5 or 3,5)");
    }
    Position p = parse_int_list(body, spec() + " position (heap sizes such as 35, 3+5 or 3,5)");
    for (auto h : p) {
      if (h < 0)
        throw InputError(spec() + " position: heap sizes must be >= 0, got " + std::to_string(h));
    }
    return p;
  }
  [[nodiscard]] std::string format_position(const Position& p) const override {
    return join_heaps(p);
  }

  [[nodiscard]] nlohmann::json value(const Position& p) const override {
    const std::int64_t top = p.empty() ? 0 : *std::max_element(p.begin(), p.end());
    const OctalValueOracle g(code_, top);
    Value total = 0;
    for (auto h : p) total = nim_sum(total, g(h));
    nlohmann::json moves = nlohmann::json::array();
    if (total != 0) {
      for (std::size_t j = 0; j < p.size(); ++j) {
        const Value rest = nim_sum(total, g(p[j]));
        for_each_octal_option(code_, p[j], [&](const HeapOption& o) {
          if (nim_sum(g(o.first), g(o.second)) != rest) return;
          Position next;
          for (std::size_t m = 0; m < p.size(); ++m) {
            if (m != j) {
              next.push_back(p[m]);
            } else {
              next.push_back(o.first);
              next.push_back(o.second);
            }
          }
          moves.push_back(join_heaps(next));
        });
      }
    }
    nlohmann::json heap_values = nlohmann::json::array();
    for (auto h : p) heap_values.push_back(g(h));
    return {{"game", spec()},
            {"position", join_heaps(p)},
            {"value", total},
            {"heap_values", heap_values},
            {"winning_moves", moves},
            {"kernel", "sparse"},
            {"how", g.how() + "; the value of a sum is the nim-sum of its heaps' values"}};
  }

  [[nodiscard]] nlohmann::json period() const override {
    // Up to 2^25 heaps (32 MB of values): enough for every record of the published file; the
    // search stops with BudgetExceeded beyond.
    const OctalPeriodCertificate cert = find_octal_period(code_, {std::int64_t{1} << 25, {}});
    const OctalCertificateVerdict verdict = check_octal_period_certificate(cert);
    if (!verdict.accepted) {
      throw std::runtime_error("octal period certificate rejected by the checker: " +
                               verdict.reason);
    }
    return {
        {"game", spec()},
        {"preperiod", cert.preperiod},
        {"period", cert.period},
        {"saltus", 0},
        {"last_exceptional_value",
         cert.preperiod > 0 ? nlohmann::json(cert.preperiod - 1) : nlohmann::json(nullptr)},
        {"certificate",
         {{"theorem",
           "Guy–Smith periodicity theorem for finite octal games (Winning Ways, 2nd ed., "
           "vol. 1, ch. 4): G(n+p) = G(n) for e <= n < 2·max(e,1)+p+k implies it for all n >= e; "
           "k = " +
               std::to_string(code_.max_removal())},
          {"bound", cert.bound()},
          {"checked", verdict.reason},
          {"checker", "check_octal_period_certificate (core/octal_period_check.cpp)"},
          {"masks", cert.mask_schedule},
          {"witness_hints", cert.witness_depths.size()}}}};
  }

  [[nodiscard]] std::vector<Position> domain(std::int64_t size) const override {
    std::vector<Position> out;
    for (std::int64_t n = 0; n <= size; ++n) out.push_back({n});
    const std::int64_t small = std::min<std::int64_t>(size, 12);
    for (std::int64_t a = 1; a <= small; ++a)
      for (std::int64_t b = a; b <= small; ++b) out.push_back({a, b});
    return out;
  }
  [[nodiscard]] Position sample(std::uint64_t seed, std::int64_t size) const override {
    std::mt19937_64 rng(seed);
    Position p(1 + rng() % 3);
    for (auto& h : p) h = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(size + 1));
    return p;
  }

 private:
  OctalCode code_;
};

GameFamily octal_family() {
  return {"octal",
          "octal games d0.d1d2...: take-and-break heap games (Winning Ways ch. 4)",
          "octal:CODE (e.g. octal:0.07, octal:.137, octal:4.7; d0 is 0 or 4, digits 0-7)",
          "heap sizes joined by '+' or ',' (e.g. 35, 3+5, 3,5)",
          [](std::string_view params) -> std::unique_ptr<GameInstance> {
            if (params.empty()) throw InputError("game 'octal' needs a code, e.g. octal:0.07");
            return std::make_unique<OctalGame>(OctalCode::parse(params));
          },
          {"octal:0.07", "octal:0.77", "octal:0.137", "octal:4.7", "octal:0.16", "octal:0.56"},
          300};
}
IGV_REGISTER_GAME(octal_family);

const OctalCode& code_of(const GameInstance& game) {
  const auto* octal = dynamic_cast<const OctalGame*>(&game);
  if (!octal) throw InputError("octal kernel given a game that is not octal: " + game.spec());
  return octal->code();
}

Kernel octal_naive_kernel() {
  return {"octal", "naive", true, "mex over every option of each heap, O(n^2); sums by nim-sum",
          [](const GameInstance& game, std::span<const Position> ps) {
            const auto g = octal_values_naive(code_of(game), largest_heap(ps));
            std::vector<Value> out;
            for (const auto& p : ps) {
              Value v = 0;
              for (auto h : p) v = nim_sum(v, g[static_cast<std::size_t>(h)]);
              out.push_back(v);
            }
            return out;
          }};
}
Kernel octal_sparse_kernel() {
  return {"octal", "sparse", false,
          "sparse-space method (rare/common values under a mask, bitset mex); sums by nim-sum",
          [](const GameInstance& game, std::span<const Position> ps) {
            OctalSparseSolver solver(code_of(game));
            solver.extend_to(largest_heap(ps) + 1);
            std::vector<Value> out;
            for (const auto& p : ps) {
              Value v = 0;
              for (auto h : p) v = nim_sum(v, solver.value(h));
              out.push_back(v);
            }
            return out;
          }};
}
IGV_REGISTER_KERNEL(octal_naive_kernel);
IGV_REGISTER_KERNEL(octal_sparse_kernel);

}  // namespace
}  // namespace igv
