// The game family `octal:CODE` (a sum of heaps of one octal game) and its kernels:
// "naive" (reference: mex over every option, O(n^2)) and "sparse" (the sparse-space kernel).
//
// Positions: heap sizes separated by '+' or ',' — "35", "3+5", "3,5"; "0" is the empty sum.
// Winning moves are written the same way: a move in heap h replaces h by the heaps it leaves.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <sstream>

#include "core/base/game_family.h"
#include "core/base/heap_sums.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/certificate.h"
#include "core/base/trusted/certificate_json.h"
#include "core/base/trusted/errors.h"
#include "core/octal/octal_fast_sparse.h"
#include "core/octal/octal_fast_values.h"
#include "core/octal/octal_names.h"
#include "core/octal/octal_period.h"
#include "core/octal/trusted/octal_certificate_check.h"
#include "core/octal/trusted/octal_naive.h"
#include "core/octal/trusted/octal_rules.h"

namespace igv {

std::string octal_game_name(const GameSpec& spec) {
  const std::string& code = spec.argument;
  // Winning Ways, ch. 4 (Table 6) and ch. 15.
  static const std::map<std::string, std::string> named{{"0.07", "Dawson's Kayles"},
                                                        {"0.137", "Dawson's Chess"},
                                                        {"0.77", "Kayles"},
                                                        {"0.6", "Officers"},
                                                        {"0.15", "Guiles"}};
  const auto it = named.find(code);
  return it == named.end() ? "the octal game " + code : it->second + " (octal " + code + ")";
}

namespace {

/// Heaps from which the checker runs beside the search (OctalGame::period_limited).
constexpr std::int64_t kConcurrentCheckHeaps = std::int64_t{1} << 16;

class OctalGame : public NimSumHeapGame {
 public:
  explicit OctalGame(OctalCode code) : NimSumHeapGame({}, {}), code_(std::move(code)) {}
  [[nodiscard]] std::string spec() const override { return "octal:" + code_.canonical(); }
  [[nodiscard]] const OctalCode& code() const { return code_; }

  [[nodiscard]] PeriodAnswer period() const override { return period_limited({}); }

  [[nodiscard]] PeriodAnswer period_limited(const PeriodRequest& request) const override {
    // Up to 2^25 heaps at budget 1 (32 MB of values): enough for every record of the published
    // file but .1777; the search stops with LimitReached beyond, or at the request's limits.
    // The solver handles heaps below 2^32.
    const double heaps = std::ldexp(std::max(request.budget, 0.0), 25);
    const auto max_heaps = static_cast<std::int64_t>(std::min(heaps, 4'000'000'000.0));
    // Once the search passes kConcurrentCheckHeaps heaps, the checker runs beside it, on the
    // second core: it is handed a copy of the values so far, then of each stretch (with the
    // masks and hints so far) as they are computed, and verifies them heap by heap; finish()
    // compares the certificate with what it was handed (or checks it whole). The checker sees
    // only copies and the deadline (a tick), never the producer. A smaller search is checked
    // afterwards, in this thread, by check_octal_period_certificate: on a machine shared with
    // other work, handing a few milliseconds of work to another thread costs more wall time
    // than it saves, and the copy is not needed.
    std::optional<OctalConcurrentChecker> checker;
    std::vector<std::uint16_t> stretch;
    OctalPeriodSearch search{std::max<std::int64_t>(max_heaps, 1024), {}, request.limits, {}, {}};
    // A certificate saved to a file is checked from that file instead (period_with_values_file
    // for large ones; a small one is checked whole), so the checker beside the search is fed
    // only when nothing is saved.
    if (request.certificate_path.empty())
      search.on_values = [&](const OctalSparseSolver& solver) {
        if (!checker) {
          if (solver.size() < kConcurrentCheckHeaps) return;
          checker.emplace(code_.canonical());
        }
        const std::int64_t from = checker->handed();
        stretch.clear();
        for (std::int64_t n = from; n < solver.size(); ++n)
          stretch.push_back(static_cast<std::uint16_t>(solver.value(n)));
        checker->feed(stretch.data(), stretch.size(), solver.mask_schedule(),
                      solver.deep_witnesses());
        // The first hand-over (every value so far) is large; the later ones are 2^10 values.
        if (stretch.capacity() > 4096) std::vector<std::uint16_t>().swap(stretch);
      };
    if (request.progress) search.progress = progress_line(request.progress);
    OctalPeriodCertificate cert = find_octal_period(code_, search);
    if (request.progress)
      request.progress("the independent checker re-checks the certificate of " +
                       std::to_string(cert.values.size()) + " values");
    const std::int64_t bound = cert.values.size();
    const auto found = std::make_pair(cert.preperiod, cert.period);
    const auto tick = [&] {
      if (!request.limits.out_of_time()) return;
      nlohmann::json reached = octal_search_reached(code_, bound, found);
      reached["certificate_checked"] = false;
      throw LimitReached("octal " + code_.canonical() +
                             ": time limit reached while the checker re-checked the certificate",
                         "time", reached);
    };
    if (request.values_file && (request.values_file->binary || bound > kLargestSavedInline)) {
      // The values go to a file, which the checker reads back from disk and checks whole: the
      // checker beside the search is not asked for its verdict.
      return period_with_values_file(std::move(cert), request, tick);
    }
    // The document: the whole certificate, or (only the answer asked for) without its values.
    // It is returned only once the checker has accepted the certificate, with the checker's
    // account in "checked".
    const bool with_values = !request.summary_only || !request.certificate_path.empty();
    const int k = code_.max_removal();
    CertificateVerdict verdict;
    nlohmann::json j;
    if (checker && with_values) {
      // The JSON of every value is built while the checker finishes (on another thread: the
      // main one only waits).
      auto built = std::async(std::launch::async,
                              [&cert, k] { return octal_period_json(cert, k, "", true); });
      verdict = checker->finish(cert, tick);
      j = built.get();
    } else {
      verdict = checker ? checker->finish(cert, tick) : check_octal_period_certificate(cert, tick);
      j = octal_period_json(cert, k, "", with_values);
    }
    if (!verdict.accepted()) {
      throw std::runtime_error("octal period certificate rejected by the checker: " +
                               verdict.reason());
    }
    j["certificate"]["checked"] = verdict.reason();
    j["block"] = period_block(verdict.proved().back());
    return PeriodAnswer::from_checked(std::move(j), verdict);
  }

  /// The search's progress as lines: "heaps N/TOTAL", TOTAL the current candidate's window (or
  /// the heap limit while there is none), with the ETA at the rate so far; at most four lines a
  /// second.
  [[nodiscard]] static std::function<void(std::int64_t, std::int64_t, std::int64_t)> progress_line(
      const std::function<void(const std::string&)>& show) {
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    auto last = std::make_shared<clock::time_point>(start);
    return [show, start, last](std::int64_t computed, std::int64_t needed, std::int64_t most) {
      const auto now = clock::now();
      if (now - *last < std::chrono::milliseconds(250)) return;
      *last = now;
      const std::int64_t total = needed > 0 ? std::max(needed, computed) : most;
      std::ostringstream line;
      line << "heaps " << computed << "/" << total
           << (needed > 0 ? " (the candidate's window)" : " (the heap limit)");
      const double t = std::chrono::duration<double>(now - start).count();
      if (computed > 0 && total > computed && t > 0.5) {
        const auto rest = static_cast<std::int64_t>(
            std::ceil(t * static_cast<double>(total - computed) / static_cast<double>(computed)));
        line << ", ETA ";
        if (rest < 120) {
          line << rest << " s";
        } else {
          line << rest / 60 << " min";
        }
      }
      show(line.str());
    };
  }

  /// The certificate with its values in a binary values file next to `certificate_path` (its
  /// name without `.json`, plus `.values`): written to a temporary file, which the checker then
  /// reads back from disk (the producer's values are dropped first) and re-checks in full;
  /// renamed into place only when accepted, removed otherwise.
  [[nodiscard]] PeriodAnswer period_with_values_file(OctalPeriodCertificate cert,
                                                     const PeriodRequest& request,
                                                     const std::function<void()>& tick) const {
    namespace fs = std::filesystem;
    const fs::path json_path(request.certificate_path);
    const fs::path folder = json_path.parent_path();
    const std::string name = octal_values_file_name(json_path);
    const fs::path tmp = octal_values_temporary_path(json_path);
    if (request.temporary_file) request.temporary_file(tmp.string());
    struct RemoveUnlessKept {
      fs::path path;
      bool keep = false;
      ~RemoveUnlessKept() {
        std::error_code ec;
        if (!keep) fs::remove(path, ec);
      }
    } guard{tmp};
    cert.values_file = write_octal_values_file(cert.values, tmp, name);
    nlohmann::json j = octal_period_json(cert, code_.max_removal(), "");
    cert = OctalPeriodCertificate{};  // the checker reads its own values, from the file
    const CertificateVerdict verdict =
        check_octal_period_json(j, OctalValuesLocation{folder, tmp}, tick);
    if (!verdict.accepted()) {
      throw std::runtime_error("octal period certificate rejected by the checker: " +
                               verdict.reason());
    }
    j["certificate"]["checked"] = verdict.reason();
    j["block"] = period_block(verdict.proved().back());
    std::error_code ec;
    fs::rename(tmp, folder / name, ec);
    if (ec) {
      throw std::runtime_error("cannot move '" + tmp.string() + "' into place at '" +
                               (folder / name).string() + "': " + ec.message());
    }
    guard.keep = true;
    return PeriodAnswer::from_checked(std::move(j), verdict);
  }

  [[nodiscard]] CertificateCheck check_certificate(
      const nlohmann::json& period_json, const CertificateCheckRequest& request) const override {
    require_certificate_game(period_json, spec());
    refuse_column_budget(request, spec());
    std::optional<OctalValuesLocation> location;
    if (request.folder) location = OctalValuesLocation{*request.folder, std::nullopt};
    return {check_with_period_block(
                period_json,
                [&](const nlohmann::json& j) { return check_octal_period_json(j, location); }),
            "check_octal_period_certificate (core/octal/trusted/octal_certificate_check.cpp)"};
  }

 protected:
  /// About n/2 splits of a heap n, and the removals.
  [[nodiscard]] std::int64_t options_examined(const Position& p) const override {
    std::int64_t options = 0;
    for (auto h : p) options += h / 2 + 2;
    return options;
  }
  [[nodiscard]] HeapValues heap_values(std::int64_t top) const override {
    auto g = std::make_shared<const OctalValueOracle>(code_, top);
    return {[g](std::int64_t n) { return (*g)(n); }, "sparse",
            g->how() + "; the value of a sum is the nim-sum of its heaps' values"};
  }
  void for_each_option_of_value(std::int64_t heap, Value target, const HeapValueFn& g,
                                const OptionFn& fn) const override {
    for_each_octal_option(code_, heap, [&](const HeapOption& o) {
      if (nim_sum(g(o.first), g(o.second)) == target) fn(std::array{o.first, o.second});
    });
  }

 private:
  OctalCode code_;
};

GameFamily octal_family() {
  GameFamily family{
      "octal",
      "octal games d0.d1d2...: take-and-break heap games (Winning Ways ch. 4)",
      "octal:CODE (e.g. octal:0.07, octal:.137, octal:4.7; d0 is 0 or 4, digits 0-7)",
      "heap sizes joined by '+' or ',' (e.g. 35, 3+5, 3,5)",
      [](std::string_view params) -> std::unique_ptr<GameInstance> {
        if (params.empty()) throw InputError("game 'octal' needs a code, e.g. octal:0.07");
        return std::make_unique<OctalGame>(OctalCode::parse(params));
      },
      {"octal:0.07", "octal:0.77", "octal:0.137", "octal:4.7", "octal:0.16", "octal:0.56"},
      300};
  family.period_options.games = "octal:CODE";
  family.period_options.budget = OptionMeaning{"the heaps the search computes (2^25 at 1)"};
  static_assert(kLargestSavedInline == std::int64_t{1} << 20, "the help below says 2^20");
  family.period_options.values_file = OptionMeaning{
      "the values in a binary file beside the certificate, NAME.values (always "
      "beyond 2^20 values)"};
  family.plot.name = octal_game_name;
  family.position_shape = PositionShape::heap_sums;
  family.proved_heap_values.certificate =
      "Guy–Smith certificate accepted by check_octal_period_certificate "
      "(core/octal/trusted/octal_certificate_check.cpp)";
  family.proved_heap_values.heaps_at_budget_one = std::int64_t{1} << 25;
  return family;
}
IGV_REGISTER_GAME("octal", octal_family);

Kernel octal_naive_kernel() {
  return {"octal", "naive", true, "mex over every option of each heap, O(n^2); sums by nim-sum",
          [](const GameInstance& game, std::span<const Position> ps) {
            const auto g = octal_values_naive(instance_as<OctalGame>(game).code(),
                                              heaps_up_to(largest_heap(ps)) - 1);
            return nim_sums_of_heaps(
                ps, [&g](std::int64_t h) { return g[static_cast<std::size_t>(h)]; });
          }};
}
Kernel octal_sparse_kernel() {
  Kernel k{"octal", "sparse", false,
           "sparse-space method (rare/common values under a mask, bitset mex); sums by nim-sum",
           [](const GameInstance& game, std::span<const Position> ps) {
             OctalSparseSolver solver(instance_as<OctalGame>(game).code());
             solver.extend_to(heaps_up_to(largest_heap(ps)));
             return nim_sums_of_heaps(ps, [&solver](std::int64_t h) { return solver.value(h); });
           }};
  // A range: the solver's values (one byte a heap, or two) without a Position per heap.
  k.range_values = [](const GameInstance& game, std::int64_t first, std::int64_t last,
                      const std::function<void(std::int64_t, Value)>& emit,
                      const std::function<void()>& tick) {
    OctalSparseSolver solver(instance_as<OctalGame>(game).code());
    solver.extend_to(heaps_up_to(last), tick);
    for (std::int64_t n = first; n <= last; ++n) emit(n, solver.value(n));
  };
  return k;
}
IGV_REGISTER_KERNEL(octal_naive_kernel);
IGV_REGISTER_KERNEL(octal_sparse_kernel);

}  // namespace
}  // namespace igv
