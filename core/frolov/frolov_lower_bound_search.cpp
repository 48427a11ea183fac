#include "core/frolov/frolov_lower_bound_search.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <future>
#include <iomanip>
#include <limits>
#include <numeric>
#include <sstream>
#include <vector>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/json_input.h"
#include "core/frolov/frolov_checkpoint.h"
#include "core/frolov/frolov_pair_stream.h"
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
  // Row m − 1's least period as a multiple of T (the proof's unit u·T), probed by its kernel
  // state: at probe_column and at probe_column + j·T for j = probe_j, probe_j + 1, …
  std::int64_t probe_column = 0;
  bool probe_have_mask = false;
  std::uint64_t probe_mask = 0;
  std::int64_t probe_j = 1;
  std::int64_t unit_multiple = 0;  // u, or 0 while not found
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
                      {"row_below_period",
                       {{"probe_column", s.probe_column},
                        {"probe_mask", s.probe_have_mask ? std::to_string(s.probe_mask) : ""},
                        {"probe_j", s.probe_j},
                        {"multiple_of_unit", s.unit_multiple}}},
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
    if (s.contains("row_below_period")) {  // absent from the files of earlier builds
      const json& p = s.at("row_below_period");
      st.probe_column = p.at("probe_column").get<std::int64_t>();
      const std::string mask = p.at("probe_mask").get<std::string>();
      st.probe_have_mask = !mask.empty();
      if (st.probe_have_mask) st.probe_mask = parse_mask(p.at("probe_mask"), "probe_mask");
      st.probe_j = p.at("probe_j").get<std::int64_t>();
      st.unit_multiple = p.at("multiple_of_unit").get<std::int64_t>();
      if (st.probe_column < 0 || st.probe_j < 1 || st.unit_multiple < 0)
        throw InputError("stream.json: 'row_below_period' out of range");
    } else {
      st.probe_column = -1;  // unknown: a search that needs it starts again
    }
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
  // Rows m − 1 and m by the pair kernel: the lower rows' columns through a periodic mask table
  // (core/frolov/frolov_pair_stream.h); with two threads row m − 1 runs a piece ahead of row m.
  FrolovRowPairStream pair(FrolovFunction::g, m, rows, options.mask_table_bytes);
  std::vector<std::int8_t> head(static_cast<std::size_t>(W), 0);
  std::int64_t lower_preperiod = 0;
  for (const auto& r : chain.g_rows) lower_preperiod = std::max(lower_preperiod, r.preperiod);
  StreamState st;
  // The probe of row m − 1's period: from a block boundary past the head and the lower rows'
  // preperiods (from there the lower rows repeat with T, so equal kernel states of row m − 1 at
  // c0 and c0 + jT make jT a period of row m − 1 from c0).
  st.probe_column = std::max(W, lower_preperiod + kBlock);
  st.probe_column = (st.probe_column + kBlock - 1) / kBlock * kBlock;
  const bool in_unit = options.unit_from_row_below;
  st.last_difference.assign(static_cast<std::size_t>(in_unit ? 0 : J), -1);
  if (options.resume && !dir.empty() && std::filesystem::exists(dir / "stream.json")) {
    StreamState saved = load_stream(dir, which, m, T, W, head);
    if (saved.probe_column < 0 && saved.columns <= st.probe_column) {
      saved.probe_column = st.probe_column;  // an earlier build's file, the probe still ahead
      saved.probe_j = 1;
      saved.probe_have_mask = false;
      saved.unit_multiple = 0;
    }
    if (in_unit && saved.unit_multiple == 0 &&
        (saved.probe_column != st.probe_column ||
         (!saved.probe_have_mask && saved.columns > st.probe_column)))
      throw InputError("--resume: the stream was saved at column " + std::to_string(saved.columns) +
                       " without the probe of row m - 1's period this search needs; start the "
                       "stream again (remove stream.json, keep chain/)");
    // More shifts than were saved: each new window must still be ahead of the saved columns.
    const std::int64_t want = in_unit ? J * std::max<std::int64_t>(saved.unit_multiple, 1) : J;
    const auto saved_j = static_cast<std::int64_t>(saved.last_difference.size());
    if ((!in_unit || saved.unit_multiple > 0) && saved_j < want &&
        saved.columns > (saved_j + 1) * T)
      throw InputError("--resume: the stream is at column " + std::to_string(saved.columns) +
                       ", past the start of shift " + std::to_string(saved_j + 1) +
                       " * T; resume with at most " + std::to_string(saved_j) + " shifts");
    if (!in_unit) {
      saved.last_difference.resize(static_cast<std::size_t>(std::max(saved_j, J)), -1);
    } else if (saved.unit_multiple > 0) {
      saved.last_difference.resize(static_cast<std::size_t>(std::max(saved_j, want)), -1);
    }
    st = saved;
    pair.restore(st.columns, st.mask_below, st.mask_top);
  }
  // The shifts j·T compared: J of them (or J·u once row m − 1's multiple u is known; until then
  // every shift the stream reaches). More than kMaxProbedShifts without u: out of reach.
  constexpr std::int64_t kMaxShifts = std::int64_t{1} << 16;
  const auto total_shifts = [&]() -> std::int64_t {
    if (!in_unit) return J;
    return st.unit_multiple > 0 ? J * st.unit_multiple : -1;
  };
  const auto stream_end = [&] {
    const std::int64_t shifts = total_shifts();
    return shifts < 0 ? std::numeric_limits<std::int64_t>::max() : shifts * T + W;
  };
  // What the thread computing row m − 1 knows of the probe (st's copy is taken after each piece).
  StreamState probe = st;
  if (!in_unit) probe.unit_multiple = 1;  // no probe: the unit is T
  // Row m − 1's next `count` columns (with row m's when `top` is set: one loop), stopping at the
  // probe's columns to compare row m − 1's kernel state there.
  const auto advance = [&pair, &probe, T](std::int8_t* below, std::int8_t* top,
                                          std::int64_t count) {
    std::int64_t done = 0;
    while (done < count) {
      const std::int64_t at = pair.below_computed();
      std::int64_t step = count - done;
      if (probe.unit_multiple == 0) {
        const std::int64_t next =
            probe.probe_have_mask ? probe.probe_column + probe.probe_j * T : probe.probe_column;
        if (next < at) throw std::logic_error("lower bound: the probe of row m - 1 was passed");
        if (next < at + step) step = next - at;
        if (next == at) {
          if (!probe.probe_have_mask) {
            probe.probe_have_mask = true;
            probe.probe_mask = pair.below_mask();
          } else if (pair.below_mask() == probe.probe_mask) {
            probe.unit_multiple = probe.probe_j;
          } else {
            ++probe.probe_j;
          }
          continue;
        }
      }
      if (top != nullptr)
        pair.stream(below + done, top + done, step);
      else
        pair.stream_below(below + done, step);
      done += step;
    }
  };
  // A piece of kPieces blocks is computed at once (by one or two threads), then consumed block by
  // block: compared, decided and saved exactly as if each block were computed when consumed (the
  // masks at each block's start are recorded for that).
  constexpr int kPieces = 16;
  const bool two_threads = options.threads >= 2;
  std::vector<std::int8_t> a[2], b(static_cast<std::size_t>(kPieces * kBlock));
  for (auto& v : a) v.resize(static_cast<std::size_t>(kPieces * kBlock));
  std::uint64_t below_masks[2][kPieces + 1], top_masks[kPieces + 1];
  StreamState probes[2];  // the probe after each slot's piece of row m − 1
  const auto compute_below = [&](int slot) {
    for (int k = 0; k < kPieces; ++k) {
      below_masks[slot][k] = pair.below_mask();
      advance(a[slot].data() + k * kBlock, nullptr, kBlock);
    }
    below_masks[slot][kPieces] = pair.below_mask();
    probes[slot] = probe;
  };
  const std::int64_t every = std::max(kBlock, options.checkpoint_every / kBlock * kBlock);
  std::int64_t decided = 0;  // shifts j ≤ decided have their window complete
  // A shift whose window is complete is decided in order; one without a witness in [W/2, W)
  // stops the run (true).
  const auto decide = [&](std::int64_t columns) {
    const std::int64_t shifts = total_shifts();
    while ((shifts < 0 || decided < shifts) &&
           decided < static_cast<std::int64_t>(st.last_difference.size()) &&
           columns >= (decided + 1) * T + W) {
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
  const auto save = [&](std::int64_t columns) {
    st.columns = columns;
    if (!dir.empty()) save_stream(dir, which, m, T, W, st, head);
  };
  const auto t0 = std::chrono::steady_clock::now();
  const std::int64_t c_start = st.columns;
  auto last_shown = t0;
  std::int64_t c = st.columns;
  int slot = 0;
  if (two_threads && c < stream_end()) compute_below(slot);
  bool stop = false;
  while (c < stream_end() && !stop) {
    // The piece [c, c + kPieces·kBlock): row m − 1 into a[slot] (already there with two threads,
    // whose worker now computes the next piece's), row m into b.
    std::future<void> next;
    if (two_threads) {
      next = std::async(std::launch::async, [&compute_below, slot] { compute_below(slot ^ 1); });
      for (int k = 0; k < kPieces; ++k) {
        top_masks[k] = pair.top_mask();
        pair.stream_top(a[slot].data() + k * kBlock, b.data() + k * kBlock, kBlock);
      }
    } else {
      for (int k = 0; k < kPieces; ++k) {
        below_masks[slot][k] = pair.below_mask();
        top_masks[k] = pair.top_mask();
        advance(a[slot].data() + k * kBlock, b.data() + k * kBlock, kBlock);
      }
      below_masks[slot][kPieces] = pair.below_mask();
      probes[slot] = probe;
    }
    top_masks[kPieces] = pair.top_mask();
    // What the piece of row m − 1 found of its period (facts of the row, valid wherever the
    // stream stands; the probe's next column is never behind the consumed columns).
    st.probe_have_mask = probes[slot].probe_have_mask;
    st.probe_mask = probes[slot].probe_mask;
    st.probe_j = probes[slot].probe_j;
    if (in_unit && st.unit_multiple == 0) st.unit_multiple = probes[slot].unit_multiple;
    for (int k = 0; k < kPieces && c < stream_end(); ++k) {
      st.mask_below = below_masks[slot][k];
      st.mask_top = top_masks[k];
      if (limits.out_of_time() || (options.stop_after > 0 && c >= options.stop_after)) {
        save(c);
        throw LimitReached(
            "rows " + std::to_string(m - 1) + " and " + std::to_string(m) +
                ": time limit reached while streaming",
            "time",
            {{"row", {{"m", m}, {"columns_streamed", c}, {"columns_needed", stream_end()}}},
             {"checkpoint_saved", !dir.empty()}});
      }
      const std::int64_t n = kBlock;  // whole blocks: the checkpoints fall on multiples of 2^16
      const std::int8_t* piece = b.data() + k * kBlock;
      out.cells += 2 * n;
      if (c < W) {
        const std::int64_t take = std::min(c + n, W) - c;
        std::memcpy(head.data() + c, piece, static_cast<std::size_t>(take));
      }
      // Every shift whose window starts in this block is compared from now on.
      const std::int64_t reach = total_shifts() < 0 ? (c + n - 1) / T : total_shifts();
      if (reach > kMaxShifts)
        throw LimitReached("rows " + std::to_string(m - 1) + " and " + std::to_string(m) + ": " +
                               std::to_string(kMaxShifts) + " shifts of T compared and row " +
                               std::to_string(m - 1) + "'s period not yet found a multiple of T",
                           "budget", {{"row", {{"m", m}, {"columns_streamed", c}}}});
      if (static_cast<std::int64_t>(st.last_difference.size()) < reach)
        st.last_difference.resize(static_cast<std::size_t>(reach), -1);
      const auto shifts = static_cast<std::int64_t>(st.last_difference.size());
      for (std::int64_t j = 1; j <= shifts; ++j) {
        const std::int64_t lo = std::max(c, j * T), hi = std::min(c + n, j * T + W);
        if (lo >= hi) continue;
        std::int64_t& last = st.last_difference[static_cast<std::size_t>(j - 1)];
        for (std::int64_t i = hi - 1; i >= lo; --i) {
          if (piece[i - c] != head[static_cast<std::size_t>(i - j * T)]) {
            last = std::max(last, i - j * T);
            break;
          }
        }
      }
      c += n;
      st.mask_below = below_masks[slot][k + 1];
      st.mask_top = top_masks[k + 1];
      if (decide(c)) {
        stop = true;
        break;
      }
      if (c % every == 0) save(c);
      if (options.progress) {
        const auto now = std::chrono::steady_clock::now();
        if (now - last_shown >= std::chrono::seconds(2)) {
          last_shown = now;
          const double dt = std::chrono::duration<double>(now - t0).count();
          const double rate = static_cast<double>(c - c_start) / std::max(dt, 1e-9);
          std::ostringstream line;
          line << "rows " << (m - 1) << " and " << m << " streamed: column " << c;
          if (total_shifts() > 0) {
            line << " of " << stream_end() << " (shift " << std::min(total_shifts(), c / T + 1)
                 << " of " << total_shifts() << " times T = " << T << "), " << std::fixed
                 << std::setprecision(1) << rate / 1e6 << " M columns/s, ETA "
                 << std::setprecision(0)
                 << static_cast<double>(stream_end() - c) / std::max(rate, 1.0) << " s";
          } else {
            line << " (shift " << c / T + 1 << " times T = " << T << "; row " << (m - 1)
                 << "'s period as a multiple of T not found yet), " << std::fixed
                 << std::setprecision(1) << rate / 1e6 << " M columns/s";
          }
          options.progress(line.str());
        }
      }
    }
    if (next.valid()) next.get();  // the worker's exception, if any, is the run's
    slot ^= 1;
  }
  decide(c);
  save(c);
  out.columns = c;
  out.unit_multiple = st.unit_multiple;
  out.unit_probe_column = st.probe_column;
  for (std::int64_t j = 1; j <= decided; ++j)
    out.bound.witnesses.push_back({j, st.last_difference[static_cast<std::size_t>(j - 1)]});
  return out;
}

}  // namespace igv
