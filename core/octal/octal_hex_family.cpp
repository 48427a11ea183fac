// The game family `hex:CODE` (a sum of heaps of one hexadecimal game, Winning Ways ch. 4: the
// octal codes with a fourth bit, 8 = leave three non-empty heaps) and its kernels: "naive"
// (reference: mex over every option, O(n^3) with three-way splits) and "sets" (the option-set
// kernel of core/octal/octal_fast_hex.h, O(n^2)).
//
// Positions: heap sizes separated by '+' or ',' — "35", "3+5", "3,5"; "0" is the empty sum.
// Winning moves are written the same way: a move in heap h replaces h by the heaps it leaves.
// `verify period hex:CODE` proves ordinary periods (saltus 0) with a certificate re-checked by
// check_hex_period_certificate (core/octal/octal_hex_period.h, core/CERTIFICATES.md), and
// arithmetic periods by Theorem A with a certificate re-checked by
// check_hex_arithmetic_certificate (core/octal/trusted/octal_hex_arithmetic_certificate_check.h); a
// code outside Theorem A is inconclusive, naming the hypothesis that fails.
#include <algorithm>
#include <array>
#include <limits>
#include <memory>
#include <optional>

#include "core/base/game_family.h"
#include "core/base/heap_sums.h"
#include "core/base/kernel_registry.h"
#include "core/base/proved_period_reach.h"
#include "core/base/trusted/certificate.h"
#include "core/base/trusted/certificate_json.h"
#include "core/base/trusted/errors.h"
#include "core/base/trusted/limits.h"
#include "core/octal/octal_fast_hex.h"
#include "core/octal/octal_hex_period.h"
#include "core/octal/trusted/octal_certificate_check.h"
#include "core/octal/trusted/octal_hex_arithmetic_certificate_check.h"
#include "core/octal/trusted/octal_naive.h"
#include "core/octal/trusted/octal_rules.h"

namespace igv {
namespace {

class HexGame : public NimSumHeapGame {
 public:
  explicit HexGame(HexCode code)
      : NimSumHeapGame({.pairs_up_to = 10}, {}), code_(std::move(code)) {}
  [[nodiscard]] std::string spec() const override { return "hex:" + code_.canonical(); }
  [[nodiscard]] const HexCode& code() const { return code_; }

  [[nodiscard]] PeriodAnswer period() const override { return period_limited({}); }

  [[nodiscard]] PeriodAnswer period_limited(const PeriodRequest& request) const override {
    // The producer (option-set kernel) proposes; the checker (naive recomputation, in the
    // checker library) decides. Arithmetic periodicity is never claimed: the producer throws
    // LimitReached (inconclusive) for it.
    HexPeriodCertificate cert;
    try {
      // --budget scales the values the search computes (PeriodOptions::budget), up to what a
      // certificate may hold.
      const double most = std::max(request.budget, 0.0) * static_cast<double>(kLargestHexFile);
      cert = find_hex_period(code_, request.limits,
                             most >= static_cast<double>(kLargestHexFile)
                                 ? kLargestHexFile
                                 : static_cast<std::int64_t>(most));
    } catch (const LimitReached& reached) {
      if (reached.limit != "certificate size" ||
          !reached.reached.contains("observed_arithmetic_period"))
        throw;
      return arithmetic_period(request);
    }
    const CertificateVerdict verdict = check_hex_period_certificate(cert, checker_tick(request));
    return answer(verdict, "hexadecimal period certificate",
                  [&] { return hex_period_json(cert, code_.max_removal(), verdict.reason()); });
  }

  /// The checker's tick: a time limit reached while it re-checks is inconclusive (LimitReached).
  [[nodiscard]] std::function<void()> checker_tick(const PeriodRequest& request) const {
    return [this, &request] {
      if (request.limits.out_of_time()) {
        throw LimitReached("hex " + code_.canonical() +
                               ": time limit reached before the checker re-checked the "
                               "certificate",
                           "time", {{"certificate_checked", false}});
      }
    };
  }

  /// The answer of an accepted verdict: the certificate file `document()` prints and its block;
  /// a rejection of the producer's own certificate is a bug of the harness (std::logic_error).
  template <class Document>
  static PeriodAnswer answer(const CertificateVerdict& verdict, const char* what,
                             Document document) {
    if (!verdict.accepted())
      throw std::logic_error(std::string(what) + " rejected by the checker: " + verdict.reason());
    nlohmann::json j = document();
    j["block"] = period_block(verdict.proved().back());
    return PeriodAnswer::from_checked(std::move(j), verdict);
  }

  /// Theorem A (core/octal/trusted/octal_hex_arithmetic_certificate.h): the producer proposes n0,
  /// p, s and M; check_hex_arithmetic_certificate decides on the values it recomputes.
  [[nodiscard]] PeriodAnswer arithmetic_period(const PeriodRequest& request) const {
    const HexArithmeticCertificate cert = find_hex_arithmetic_period(code_, request.limits);
    const CertificateVerdict verdict =
        check_hex_arithmetic_certificate(cert, checker_tick(request));
    return answer(verdict, "arithmetic-periodicity certificate",
                  [&] { return hex_arithmetic_json(cert, code_.max_removal(), verdict.reason()); });
  }

  [[nodiscard]] CertificateCheck check_certificate(
      const nlohmann::json& period_json, const CertificateCheckRequest& request) const override {
    require_certificate_game(period_json, spec());
    refuse_column_budget(request, spec());
    // A saltus other than 0 is the arithmetic-periodicity format (Theorem A).
    if (period_json.contains("saltus") && !(period_json.at("saltus").is_number_integer() &&
                                            period_json.at("saltus").get<std::int64_t>() == 0)) {
      return {
          check_with_period_block(
              period_json, [](const nlohmann::json& j) { return check_hex_arithmetic_json(j); }),
          "check_hex_arithmetic_certificate "
          "(core/octal/trusted/octal_hex_arithmetic_certificate_check.cpp)"};
    }
    return {check_with_period_block(
                period_json, [](const nlohmann::json& j) { return check_hex_period_json(j); }),
            "check_hex_period_certificate (core/octal/trusted/octal_certificate_check.cpp)"};
  }

 protected:
  void require_answerable(std::int64_t top) const override {
    const HexSetSolver solver(code_);
    if (beyond_kernel(top) && !far_values(top)) {
      const std::int64_t end = top == std::numeric_limits<std::int64_t>::max() ? top : top + 1;
      throw InputError("verify value " + spec() + ": heap " + std::to_string(top) +
                       " needs about " + std::to_string(solver.estimated_work(end)) +
                       " word operations, more than the " +
                       std::to_string(HexSetSolver::kMostWork) +
                       " the hexadecimal kernel does (no period proved on the 2048 values a "
                       "certificate holds shortens it)");
    }
  }
  /// About n/2 two-way and n^2/12 three-way splits of a heap n, and the removals.
  [[nodiscard]] std::int64_t options_examined(const Position& p) const override {
    const auto threes = static_cast<std::int64_t>(code_.three_heap_removals().size());
    std::int64_t options = 0;
    for (auto h : p) {
      options += h / 2 + 2 +
                 (threes > 0 ? std::min<std::int64_t>(h, 1'000'000) *
                                   std::min<std::int64_t>(h, 1'000'000) / 12 * threes
                             : 0);
      options = std::min<std::int64_t>(options, std::int64_t{1} << 60);
    }
    return options;
  }
  [[nodiscard]] HeapValues heap_values(std::int64_t top) const override {
    if (beyond_kernel(top)) {
      // Past the kernel's reach: the period proved on the values a certificate holds.
      if (const auto& far = far_values(top)) {
        const ProvedPeriod& g = far->proved();
        return {[g](std::int64_t n) { return g.value(n); }, "sets",
                "proved period " + std::to_string(g.period) + " from heap " +
                    std::to_string(g.preperiod) + ", saltus " + std::to_string(g.saltus) + " (" +
                    std::string(g.saltus != 0 ? "arithmetic-periodicity" : "hexadecimal period") +
                    " certificate, accepted by the checker); the value of a sum is the nim-sum "
                    "of its heaps' values"};
      }
    }
    auto solver = std::make_shared<HexSetSolver>(code_);
    solver->extend_to(top + 1);
    return {[solver](std::int64_t n) { return solver->value(n); }, "sets",
            "option-value sets (core/octal/octal_fast_hex.h) for heaps 0.." + std::to_string(top) +
                "; the value of a sum is the nim-sum of its heaps' values"};
  }
  void for_each_option_of_value(std::int64_t heap, Value target, const HeapValueFn& g,
                                const OptionFn& fn) const override {
    for_each_hex_option(code_, heap, [&](const HexHeapOption& o) {
      if (nim_sum(nim_sum(g(o.first), g(o.second)), g(o.third)) == target)
        fn(std::array{o.first, o.second, o.third});
    });
  }

 private:
  /// Whether the option-set kernel refuses the heaps 0..top (2^63 - 1 has no top + 1).
  [[nodiscard]] bool beyond_kernel(std::int64_t top) const {
    return top == std::numeric_limits<std::int64_t>::max() ||
           HexSetSolver(code_).estimated_work(top + 1) > HexSetSolver::kMostWork;
  }

  /// The period proved on the values a certificate holds (budget 1: 2048 values, at most about
  /// 0.1 s), when it gives every heap up to `top` a value that fits in 64 bits; nullopt when no
  /// period is proved or `top` is past that.
  [[nodiscard]] std::optional<PeriodAnswer> far_values(std::int64_t top) const {
    PeriodRequest request;
    request.budget = 1;
    request.summary_only = true;
    request.whole_period_values = true;
    try {
      PeriodAnswer answer = period_limited(request);
      const ProvedPeriod& g = answer.proved();
      if (g.slope != 0 || g.period <= 0 ||
          g.residues.size() < static_cast<std::size_t>(g.preperiod + g.period))
        return std::nullopt;
      if (top > proved_period_largest_heap(g)) return std::nullopt;  // past 64-bit values
      return answer;
    } catch (const BudgetExceeded&) {  // LimitReached too: no period within the window
      return std::nullopt;
    }
  }

  HexCode code_;
};

GameFamily hex_family() {
  GameFamily family{
      "hex",
      "hexadecimal games d0.d1d2...: take-and-break heap games leaving up to three heaps "
      "(Winning Ways ch. 4)",
      "hex:CODE (e.g. hex:0.F, hex:0.B, hex:4.33F; d0 is 0, 4, 8 or C, digits 0-9, A-F, "
      "either case)",
      "heap sizes joined by '+' or ',' (e.g. 35, 3+5, 3,5)",
      [](std::string_view params) -> std::unique_ptr<GameInstance> {
        if (params.empty()) throw InputError("game 'hex' needs a code, e.g. hex:0.F");
        return std::make_unique<HexGame>(HexCode::parse(params));
      },
      {"hex:0.F", "hex:0.B", "hex:0.33F", "hex:0.8", "hex:4.9", "hex:C.1", "hex:0.07", "hex:0.A3"},
      60};
  family.plot.name = [](const GameSpec& spec) { return "the hexadecimal game " + spec.argument; };
  family.position_shape = PositionShape::heap_sums;
  family.proved_heap_values.certificate =
      "hexadecimal period certificate accepted by check_hex_period_certificate "
      "(core/octal/trusted/octal_certificate_check.cpp)";
  family.proved_heap_values.arithmetic_certificate =
      "arithmetic-periodicity certificate (Theorem A) accepted by "
      "check_hex_arithmetic_certificate "
      "(core/octal/trusted/octal_hex_arithmetic_certificate_check.cpp)";
  // The values of a heap are proved on the whole window a certificate holds (2048 values, at
  // most about 0.1 s: hex:4.9, hex:C.1), not on the 128 of the octal default's 1/16, which
  // proves neither hex:0.07 (period 34 from heap 53) nor hex:0.8 (period 3, saltus 1).
  family.proved_heap_values.budget = 1;
  family.period_options.budget =
      OptionMeaning{"the values the search computes (2048 at 1, the most a certificate holds)"};
  return family;
}
IGV_REGISTER_GAME("hex", hex_family);

std::vector<Value> sums(const std::vector<Value>& g, std::span<const Position> ps) {
  return nim_sums_of_heaps(ps, [&g](std::int64_t h) { return g[static_cast<std::size_t>(h)]; });
}

Kernel hex_naive_kernel() {
  return {"hex", "naive", true,
          "mex over every option of each heap (three-way splits: O(n^3)); sums by nim-sum",
          [](const GameInstance& game, std::span<const Position> ps) {
            return sums(hex_values_naive(instance_as<HexGame>(game).code(),
                                         heaps_up_to(largest_heap(ps)) - 1),
                        ps);
          }};
}
Kernel hex_sets_kernel() {
  Kernel k{"hex", "sets", false,
           "option-value sets: two-way split sets kept per total, three-way splits by value "
           "class and xor-permutation, O(n^2) word operations; sums by nim-sum",
           [](const GameInstance& game, std::span<const Position> ps) {
             return sums(
                 hex_values_fast(instance_as<HexGame>(game).code(), heaps_up_to(largest_heap(ps))),
                 ps);
           }};
  k.range_values = range_values_from_prefix([](const GameInstance& game, std::int64_t count) {
    return hex_values_fast(instance_as<HexGame>(game).code(), count);
  });
  return k;
}
IGV_REGISTER_KERNEL(hex_naive_kernel);
IGV_REGISTER_KERNEL(hex_sets_kernel);

}  // namespace
}  // namespace igv
