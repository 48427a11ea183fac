#include "core/frolov/frolov_lower_bound_search.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <numeric>
#include <sstream>
#include <vector>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/json_input.h"
#include "core/frolov/frolov_checkpoint.h"
#include "core/frolov/frolov_period.h"

namespace igv {

namespace {

using nlohmann::json;
constexpr const char* kStreamFormat = "igv lower-bound stream checkpoint (Frolov rows)";
constexpr std::int64_t kBlock = std::int64_t{1} << 16;

/// What stream.json holds (core/CERTIFICATES.md, "Checkpoints of a lower-bound search").
struct StreamState {
  std::int64_t columns = 0;
  std::uint64_t mask_below = 0, mask_top = 0;
  std::vector<std::int64_t> last_difference;  // per j = 1..J
};

void write_file_atomically(const std::filesystem::path& path, const std::string& bytes) {
  const std::filesystem::path tmp = path.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.flush();
    if (!out) throw InputError("checkpoint: cannot write '" + tmp.string() + "'");
  }
  std::filesystem::rename(tmp, path);
}

void save_stream(const std::filesystem::path& dir, FrolovFunction which, int m, std::int64_t T,
                 std::int64_t W, const StreamState& s, const std::vector<std::int8_t>& head) {
  const std::int64_t kept = std::min<std::int64_t>(s.columns, W);
  Fnv1a fnv;
  fnv.add(head.data(), kept);
  // The head first (its name does not change; state.json names its length and fingerprint).
  write_file_atomically(dir / "stream.head", std::string(reinterpret_cast<const char*>(head.data()),
                                                         static_cast<std::size_t>(kept)));
  const json state = {{"format", kStreamFormat},
                      {"version", 1},
                      {"function", frolov_function_name(which)},
                      {"m", m},
                      {"unit", T},
                      {"head", W},
                      {"columns", s.columns},
                      {"mask_below", std::to_string(s.mask_below)},
                      {"mask_top", std::to_string(s.mask_top)},
                      {"last_difference", s.last_difference},
                      {"head_bytes", kept},
                      {"head_fnv1a64", fnv.hex()}};
  write_file_atomically(dir / "stream.json", state.dump(1) + "\n");
}

std::uint64_t parse_mask(const json& v, const char* key) {
  if (!v.is_string()) throw InputError(std::string("stream.json: '") + key + "' must be a string");
  const std::string s = v.get<std::string>();
  if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789") != std::string::npos)
    throw InputError(std::string("stream.json: '") + key + "' is not a 64-bit decimal number");
  try {
    return std::stoull(s);
  } catch (const std::exception&) {
    throw InputError(std::string("stream.json: '") + key + "' is not a 64-bit decimal number");
  }
}

/// Reads stream.json and stream.head back; InputError when they do not belong to this search or
/// are damaged.
StreamState load_stream(const std::filesystem::path& dir, FrolovFunction which, int m,
                        std::int64_t T, std::int64_t W, std::vector<std::int8_t>& head) {
  const json s =
      read_json_file_strict((dir / "stream.json").string(), "the lower-bound stream checkpoint");
  try {
    if (s.at("format") != kStreamFormat || s.at("version") != 1)
      throw InputError("stream.json: not a lower-bound stream checkpoint of version 1");
    if (s.at("function") != frolov_function_name(which) || s.at("m") != m)
      throw InputError("stream.json: saved for another row");
    if (s.at("unit") != T || s.at("head") != W)
      throw InputError("stream.json: saved with another unit T or head W");
    StreamState st;
    st.columns = s.at("columns").get<std::int64_t>();
    st.mask_below = parse_mask(s.at("mask_below"), "mask_below");
    st.mask_top = parse_mask(s.at("mask_top"), "mask_top");
    st.last_difference = s.at("last_difference").get<std::vector<std::int64_t>>();
    const std::int64_t kept = s.at("head_bytes").get<std::int64_t>();
    if (st.columns < 0 || st.columns % kBlock != 0 || kept != std::min(st.columns, W))
      throw InputError("stream.json: columns and head_bytes disagree");
    std::ifstream in(dir / "stream.head", std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (static_cast<std::int64_t>(bytes.size()) != kept)
      throw InputError("stream.head: " + std::to_string(bytes.size()) + " bytes, " +
                       std::to_string(kept) + " expected");
    std::memcpy(head.data(), bytes.data(), bytes.size());
    Fnv1a fnv;
    fnv.add(head.data(), kept);
    if (fnv.hex() != s.at("head_fnv1a64").get<std::string>())
      throw InputError("stream.head: its fingerprint differs from stream.json's (corrupt)");
    for (std::size_t i = 0; i < st.last_difference.size(); ++i) {
      const std::int64_t d = st.last_difference[i];
      if (d < -1 || d >= W) throw InputError("stream.json: a last_difference outside [-1, W)");
    }
    return st;
  } catch (const json::exception& e) {
    throw InputError(std::string("stream.json: malformed (") + e.what() + ")");
  }
}

}  // namespace

FrolovLowerBoundSearch search_frolov_lower_bound(FrolovFunction which, int m,
                                                 const ComputeLimits& limits,
                                                 const FrolovLowerBoundOptions& options) {
  if (m < 2 || m > kFrolovWindowMaxRow)
    throw InputError("a lower bound is searched for rows 2.." +
                     std::to_string(kFrolovWindowMaxRow));
  const std::int64_t W = options.head;
  const std::int64_t J = options.shifts;
  if (W < 2 || W > (std::int64_t{1} << 34))
    throw InputError("lower bound: head W outside [2, 2^34]");
  if (J < 1 || J > (std::int64_t{1} << 16)) throw InputError("lower bound: shifts outside 1..2^16");
  const std::filesystem::path dir = options.checkpoint_dir;
  FrolovRunOptions chain_options;
  if (!dir.empty()) {
    std::filesystem::create_directories(dir / "chain");
    chain_options.checkpoint_dir = (dir / "chain").string();
    chain_options.resume = options.resume && std::filesystem::exists(dir / "chain" / "state.json");
  }
  chain_options.keep_rows = true;
  if (options.progress) {
    chain_options.progress = [&](const FrolovProgress& p) {
      options.progress("the chain: " + std::string(frolov_function_name(p.which)) + " row " +
                       std::to_string(p.m) + ", column " + std::to_string(p.columns) + " of " +
                       std::to_string(p.columns_needed));
    };
  }
  FrolovPeriodChain chain =
      produce_frolov_chain(m - 2, false, options.chain_max_columns, limits, chain_options);
  FrolovLowerBoundSearch out;
  out.bound.which = which;
  out.bound.m = m;
  out.bound.chain = chain.g_certificates;
  // The columns the checker recomputes per chain row (k + tau + T; 1 for row 0), stated in the
  // file and re-derived by the checker.
  for (const auto& c : chain.g_certificates)
    out.bound.checked_to.push_back(c.base ? 1 : c.k + c.tau + c.T);
  out.cells = chain.cells_computed;
  std::int64_t T = 1;
  for (const auto& r : chain.g_rows) T = std::lcm(T, r.period);
  out.T = T;
  if (J > (std::int64_t{1} << 42) / T) throw InputError("lower bound: J * T beyond 2^42 columns");

  const std::span<const PeriodicRow> rows(chain.g_rows);
  FrolovRowWindow below(FrolovFunction::g, m - 1, rows, 1);
  FrolovRowWindow top(FrolovFunction::g, m, rows, 1, 1);
  std::vector<std::int8_t> head(static_cast<std::size_t>(W), 0);
  StreamState st;
  st.last_difference.assign(static_cast<std::size_t>(J), -1);
  if (options.resume && !dir.empty() && std::filesystem::exists(dir / "stream.json")) {
    StreamState saved = load_stream(dir, which, m, T, W, head);
    // More shifts than were saved: each new window must still be ahead of the saved columns.
    const auto saved_j = static_cast<std::int64_t>(saved.last_difference.size());
    if (saved_j < J && saved.columns > (saved_j + 1) * T)
      throw InputError("--resume: the stream is at column " + std::to_string(saved.columns) +
                       ", past the start of shift " + std::to_string(saved_j + 1) +
                       " * T; resume with at most " + std::to_string(saved_j) + " shifts");
    saved.last_difference.resize(static_cast<std::size_t>(std::max(saved_j, J)), -1);
    st = saved;
    below.skip_restored(st.columns);
    below.finish_restore(st.mask_below);
    top.skip_restored(st.columns);
    top.finish_restore(st.mask_top);
  }
  const auto shifts = static_cast<std::int64_t>(st.last_difference.size());
  const std::int64_t end = J * T + W;
  std::vector<std::int8_t> a(static_cast<std::size_t>(kBlock)), b(static_cast<std::size_t>(kBlock));
  const std::int8_t* above[1] = {a.data()};
  const std::int64_t every = std::max(kBlock, options.checkpoint_every / kBlock * kBlock);
  std::int64_t decided = 0;  // shifts j ≤ decided have their window complete
  // A shift whose window is complete is decided in order; one without a witness in [W/2, W)
  // stops the run (true).
  const auto decide = [&](std::int64_t columns) {
    while (decided < J && columns >= (decided + 1) * T + W) {
      const std::int64_t d = st.last_difference[static_cast<std::size_t>(decided)];
      if (d < W / 2) {
        out.candidate_j = decided + 1;
        out.candidate_last_difference = d;
        return true;
      }
      ++decided;
    }
    return false;
  };
  const auto t0 = std::chrono::steady_clock::now();
  const std::int64_t c_start = st.columns;
  auto last_shown = t0;
  std::int64_t c = st.columns;
  while (c < end) {
    if (limits.out_of_time() || (options.stop_after > 0 && c >= options.stop_after)) {
      st.columns = c;
      st.mask_below = below.row_mask();
      st.mask_top = top.row_mask();
      if (!dir.empty()) save_stream(dir, which, m, T, W, st, head);
      throw LimitReached("rows " + std::to_string(m - 1) + " and " + std::to_string(m) +
                             ": time limit reached while streaming",
                         "time",
                         {{"row", {{"m", m}, {"columns_streamed", c}, {"columns_needed", end}}},
                          {"checkpoint_saved", !dir.empty()}});
    }
    const std::int64_t n = kBlock;  // whole blocks: the checkpoints fall on multiples of 2^16
    below.stream(a.data(), n);
    top.stream_above(b.data(), n, above);
    out.cells += 2 * n;
    if (c < W) {
      const std::int64_t take = std::min(c + n, W) - c;
      std::memcpy(head.data() + c, b.data(), static_cast<std::size_t>(take));
    }
    for (std::int64_t j = 1; j <= shifts; ++j) {
      const std::int64_t lo = std::max(c, j * T), hi = std::min(c + n, j * T + W);
      if (lo >= hi) continue;
      std::int64_t& last = st.last_difference[static_cast<std::size_t>(j - 1)];
      for (std::int64_t i = hi - 1; i >= lo; --i) {
        if (b[static_cast<std::size_t>(i - c)] != head[static_cast<std::size_t>(i - j * T)]) {
          last = std::max(last, i - j * T);
          break;
        }
      }
    }
    c += n;
    if (decide(c)) break;
    if (!dir.empty() && c % every == 0) {
      st.columns = c;
      st.mask_below = below.row_mask();
      st.mask_top = top.row_mask();
      save_stream(dir, which, m, T, W, st, head);
    }
    if (options.progress) {
      const auto now = std::chrono::steady_clock::now();
      if (now - last_shown >= std::chrono::seconds(2)) {
        last_shown = now;
        const double dt = std::chrono::duration<double>(now - t0).count();
        const double rate = static_cast<double>(c - c_start) / std::max(dt, 1e-9);
        std::ostringstream line;
        line << "rows " << (m - 1) << " and " << m << " streamed: column " << c << " of " << end
             << " (shift " << std::min(J, c / T + 1) << " of " << J << " times T = " << T << "), "
             << std::fixed << std::setprecision(1) << rate / 1e6 << " M columns/s, ETA "
             << std::setprecision(0) << static_cast<double>(end - c) / std::max(rate, 1.0) << " s";
        options.progress(line.str());
      }
    }
  }
  decide(c);
  st.columns = c;
  st.mask_below = below.row_mask();
  st.mask_top = top.row_mask();
  if (!dir.empty()) save_stream(dir, which, m, T, W, st, head);
  out.columns = c;
  for (std::int64_t j = 1; j <= decided; ++j)
    out.bound.witnesses.push_back({j, st.last_difference[static_cast<std::size_t>(j - 1)]});
  return out;
}

}  // namespace igv
