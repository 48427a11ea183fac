#include "properties/frolov/frolov_cache.h"

#include <chrono>
#include <limits>
#include <map>
#include <mutex>
#include <tuple>

namespace igv {

namespace {
/// Columns a single row's period search may use (rows ≤ 12 need below 2^28; row 14 about 2^34.3,
/// allowed up to 2^36 as in `verify period`).
constexpr std::int64_t kChainColumnLimit = std::int64_t{1} << 36;
}  // namespace

std::shared_ptr<const FrolovGrid> cached_frolov_grid(FrolovFunction which, std::int64_t rows,
                                                     std::int64_t cols) {
  static std::mutex mutex;
  static std::map<std::tuple<int, std::int64_t, std::int64_t>, std::shared_ptr<const FrolovGrid>>
      cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto& slot = cache[{static_cast<int>(which), rows, cols}];
  if (!slot) slot = std::make_shared<const FrolovGrid>(frolov_grid_sweep(which, rows, cols));
  return slot;
}

std::shared_ptr<const CheckedFrolovChain> cached_frolov_chain(int max_row) {
  static std::mutex mutex;
  static std::map<int, std::shared_ptr<const CheckedFrolovChain>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto& slot = cache[max_row];
  if (!slot) {
    auto result = std::make_shared<CheckedFrolovChain>();
    const auto t0 = std::chrono::steady_clock::now();
    // Rows 13 and 14 (a very large budget) are proved as `verify period` proves them: the top
    // row not kept (row 14 is then streamed by the producer and the checker), and only the
    // first 4096 values of each proved period kept, which is all the Table 2 claims read.
    const bool long_chain = max_row > kLastStoredChainRow;
    FrolovRunOptions options;
    options.keep_rows = !long_chain;
    result->chain = produce_frolov_chain(max_row, true, kChainColumnLimit, {}, options);
    const auto t1 = std::chrono::steady_clock::now();
    result->verdict = check_frolov_certificates(
        result->chain.g_certificates, result->chain.f_certificates, kChainColumnLimit, {},
        long_chain ? kFrolovShortResidues : std::numeric_limits<std::int64_t>::max());
    const auto t2 = std::chrono::steady_clock::now();
    result->produce_seconds = std::chrono::duration<double>(t1 - t0).count();
    result->check_seconds = std::chrono::duration<double>(t2 - t1).count();
    slot = std::move(result);
  }
  return slot;
}

}  // namespace igv
