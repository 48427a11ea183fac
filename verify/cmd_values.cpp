// verify values: the values of many positions in one call (a range of integer positions, the
// positions of a file, or positions given as arguments), as text, JSON, CSV or an OEIS b-file.
#include <boost/program_options.hpp>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/json_input.h"
#include "core/base/trusted/position.h"
#include "properties/base/game_values.h"
#include "properties/kernels/proved_values.h"
#include "reports/base/writers.h"
#include "verify/cli.h"

namespace po = boost::program_options;

namespace igv::cli {

namespace {

/// At most this many positions in one call when their values are held in memory: positions
/// given one by one, the JSON format (its values follow its positions), and a range whose kernel
/// offers no streamed route (streams_ranges). A streamed range has no cap.
constexpr std::int64_t kMaxValuesPositions = 20'000'000;

/// Refuses a range of more than kMaxValuesPositions positions.
void require_held_range(const std::pair<std::int64_t, std::int64_t>& range,
                        const std::string& why) {
  // b - a cannot overflow (0 <= a <= b); b - a + 1 can (0..2^63 - 1), so the count is compared
  // as b - a.
  if (range.second - range.first >= kMaxValuesPositions) {
    throw InputError("range " + std::to_string(range.first) + ".." + std::to_string(range.second) +
                     ": " +
                     std::to_string(static_cast<std::uint64_t>(range.second - range.first) + 1) +
                     " positions; at most " + std::to_string(kMaxValuesPositions) +
                     " in one call " + why + " (split the range)");
  }
}

/// "a..b" -> {a, b}, or nullopt when `text` is not a range.
std::optional<std::pair<std::int64_t, std::int64_t>> integer_range(const std::string& text) {
  const auto dots = text.find("..");
  if (dots == std::string::npos || text.find(',') != std::string::npos) return std::nullopt;
  const auto a = parse_int(text.substr(0, dots), "the range's first position");
  const auto b = parse_int(text.substr(dots + 2), "the range's last position");
  if (a < 0 || b < a) {
    throw InputError("range " + text + ": expected a..b with 0 <= a <= b");
  }
  return std::make_pair(a, b);
}

}  // namespace

std::vector<std::string> positions_from_arguments(const std::vector<std::string>& items,
                                                  std::size_t max_positions) {
  std::vector<std::string> out;
  for (const auto& item : items) {
    if (!item.empty() && item[0] == '@') {
      const std::string text =
          read_input_file(item.substr(1), "positions file '" + item.substr(1) + "'");
      std::istringstream in(text);
      std::string line;
      while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#') continue;
        out.push_back(line.substr(first));
        if (out.size() > max_positions)
          throw InputError("more than " + std::to_string(max_positions) + " positions");
      }
    } else {
      out.push_back(item);
      if (out.size() > max_positions)
        throw InputError("more than " + std::to_string(max_positions) + " positions");
    }
  }
  return out;
}

/// An OEIS b-file lists a(n) for consecutive n of a one-index sequence: `--format bfile` takes a
/// range a..b (one integer position per n), never positions one by one (which it would number
/// 0, 1, 2, … whatever they are), nor a two-index table. Throws InputError otherwise.
static void require_bfile_range(const std::string& format, bool is_range) {
  if (format == "bfile" && !is_range)
    throw InputError(
        "--format bfile needs a range a..b of a one-index sequence (a b-file lists a(n) for "
        "consecutive n); for positions one by one use --format csv or json");
}

namespace {

/// A disagreement between two kernels, found before anything is written (exit 1).
struct KernelDisagreement : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The writing of `verify values`' formats. text, csv and bfile are one line a position, written
/// as the values come; json holds them (its values follow its positions).
struct ValuesWriter {
  const GameKernels& gk;
  std::string format;
  bool outcomes = false;
  std::int64_t offset = 0;
  /// How the values are known (the proved period and its certificate, or the kernel).
  std::string known;

  [[nodiscard]] std::string word(Value v) const {
    if (!outcomes) return std::to_string(v);
    // As claims and `verify value` write outcomes (for the player to move): P (a loss), N (a
    // win), draw.
    return v == 0 ? "P" : v == 1 ? "N" : v == 2 ? "draw" : std::to_string(v);
  }
  /// The lines before the first position (bfile and csv).
  void header() const {
    if (format == "bfile") {
      std::cout << "# " << gk.game->spec() << ": " << (outcomes ? "outcome codes" : "values") << " "
                << known << " (verify values)\n";
    } else if (format == "csv") {
      std::cout << "position," << (outcomes ? "outcome" : "value") << "\n";
    }
  }
  /// Whether line() reads the label (a b-file's lines carry the index instead).
  [[nodiscard]] bool labels() const { return format != "bfile"; }
  /// The line of the i-th position (text, csv, bfile).
  void line(std::size_t i, const std::string& label, Value v) const {
    if (format == "bfile") {
      std::cout << offset + static_cast<std::int64_t>(i) << ' ' << v << '\n';
    } else if (format == "csv") {
      // Each cell through the reports' CSV escaping (formula injection: a cell that starts like
      // a formula is prefixed with a quote; numbers stay numbers); positions always in quotes.
      const std::string cell = csv_field(label);
      std::cout << (!cell.empty() && cell.front() == '"' ? cell : '"' + cell + '"') << ','
                << csv_field(word(v)) << '\n';
    } else {
      std::cout << label << ' ' << word(v) << '\n';
    }
  }
  /// The whole output of held values: `label(i)` the i-th position's.
  template <class Label>
  void all(const std::vector<Value>& values, std::size_t naive, const Label& label) const {
    if (format != "json") {
      header();
      for (std::size_t i = 0; i < values.size(); ++i) line(i, label(i), values[i]);
      return;
    }
    // Written as it goes (a document of 20 million positions held whole would need several
    // times their memory), in the layout and key order of nlohmann's dump(2).
    const auto array = [&](const char* key, const auto& item) {
      std::cout << ",\n  \"" << key << "\": [";
      for (std::size_t i = 0; i < values.size(); ++i)
        std::cout << (i == 0 ? "\n    " : ",\n    ") << item(i);
      std::cout << (values.empty() ? "]" : "\n  ]");
    };
    const auto value_item = [&](std::size_t i) {
      return outcomes ? nlohmann::json(word(values[i])).dump() : std::to_string(values[i]);
    };
    const auto position_item = [&](std::size_t i) { return nlohmann::json(label(i)).dump(); };
    std::cout << "{\n  \"game\": " << nlohmann::json(gk.game->spec()).dump()
              << ",\n  \"kernel\": " << nlohmann::json(gk.kernel->name).dump()
              << ",\n  \"known\": " << nlohmann::json(known).dump()
              << ",\n  \"naive_checked\": " << naive;
    if (outcomes) array("outcomes", value_item);
    array("positions", position_item);
    if (!outcomes) array("values", value_item);
    std::cout << "\n}\n";
  }
};

/// game_values with a disagreement as KernelDisagreement.
std::vector<Value> checked_values(const GameKernels& gk, const std::vector<Position>& positions,
                                  std::size_t check, std::size_t* naive) {
  try {
    return game_values(gk, positions, check, naive);
  } catch (const std::length_error& e) {
    // A size no container can hold (a table of 10^36 entries) is a limit, not a disagreement.
    throw BudgetExceeded(std::string("a table too large to hold: ") + e.what());
  } catch (const std::logic_error& e) {
    throw KernelDisagreement(e.what());
  }
}

/// The leading positions of a range (at most `check` of them; a range ending at 2^63 - 1 has no
/// n + 1, so its size is counted as b - a), computed by the kernel's ordinary route and
/// recomputed by the reference kernel: what a streamed or proved range is compared with.
struct LeadValues {
  std::vector<Value> values;
  std::size_t naive = 0;  ///< how many of them the naive kernel recomputed
};
LeadValues lead_values_of(const GameKernels& gk, std::int64_t first, std::int64_t last,
                          std::size_t check) {
  const std::size_t lead = static_cast<std::size_t>(
      std::min<std::uint64_t>(check, static_cast<std::uint64_t>(last - first) + 1));
  std::vector<Position> positions;
  for (std::size_t i = 0; i < lead; ++i)
    positions.push_back(integer_position(*gk.game, {first + static_cast<std::int64_t>(i)}));
  LeadValues out;
  out.values = checked_values(gk, positions, check, &out.naive);
  return out;
}

/// The values of a range through the kernel's streamed route (stream_range_values): no
/// Position and no label per position. The leading `check` positions are first computed by the
/// kernel's ordinary route and recomputed by the reference kernel (game_values), and the
/// streamed values of those positions are compared with them before any line is written. JSON
/// holds the values (at most kMaxValuesPositions); the other formats are written as they come.
void streamed_range_values(const GameKernels& gk, std::pair<std::int64_t, std::int64_t> range,
                           std::size_t check, const ValuesWriter& out) {
  const std::int64_t first = range.first;
  const std::int64_t last = range.second;
  const bool json = out.format == "json";
  if (json) require_held_range(range, "as JSON");
  // (Not a structured binding: the lambdas below capture them, which clang 14 refuses.)
  const LeadValues checked_lead = lead_values_of(gk, first, last, check);
  const std::vector<Value>& lead_values = checked_lead.values;
  const std::size_t naive = checked_lead.naive;
  const std::size_t lead = lead_values.size();
  std::vector<Value> values;  // json: every value; else the first `lead` until compared
  const auto compare_lead = [&] {
    for (std::size_t i = 0; i < lead; ++i) {
      if (values[i] != lead_values[i]) {
        throw KernelDisagreement(
            "kernel " + gk.kernel->name + " gives " + std::to_string(values[i]) + " at " +
            std::to_string(first + static_cast<std::int64_t>(i)) + " of " + gk.game->spec() +
            " streamed, " + std::to_string(lead_values[i]) + " position by position");
      }
    }
  };
  const auto label = [first](std::size_t i) {
    return std::to_string(first + static_cast<std::int64_t>(i));
  };
  if (json) values.reserve(static_cast<std::size_t>(last - first) + 1);
  bool writing = false;  // the lead compared and written
  if (!json && lead == 0) {
    out.header();
    writing = true;
  }
  std::size_t i = 0;
  stream_range_values(*gk.kernel, *gk.game, first, last, [&](std::int64_t n, Value v) {
    if (n != first + static_cast<std::int64_t>(i))
      throw std::logic_error("kernel " + gk.kernel->name + " streamed position " +
                             std::to_string(n) + " out of order");
    if (writing) {
      out.line(i, out.labels() ? label(i) : std::string(), v);
    } else {
      values.push_back(v);
      if (!json && values.size() == lead) {
        compare_lead();
        out.header();
        for (std::size_t k = 0; k < lead; ++k) out.line(k, label(k), values[k]);
        std::vector<Value>().swap(values);
        writing = true;
      }
    }
    ++i;
  });
  if (static_cast<std::uint64_t>(i) != static_cast<std::uint64_t>(last - first) + 1)
    throw std::logic_error("kernel " + gk.kernel->name + " streamed too few values");
  if (writing) return;
  compare_lead();
  out.all(values, naive, label);
}

/// The heaps up to which the lead of a proved range is also computed by the kernel. A kernel
/// computes every heap below the one asked (octal's sparse kernel: 2^20 heaps in about 0.3 s and
/// 20 MB); past it the values are the proof's alone, which gives any heap in O(1).
constexpr std::int64_t kProvedLeadReach = std::int64_t{1} << 20;

/// The values of a range from the game's proved period: the leading `check` positions are also
/// computed by the kernel (and its first ones by the naive kernel) and must be the same, where
/// they lie below kProvedLeadReach and the kernel does not refuse them as beyond its own limit.
void proved_range_values(const GameKernels& gk, const ProvedValues& proof,
                         std::pair<std::int64_t, std::int64_t> range, std::size_t check,
                         const ValuesWriter& out) {
  const std::int64_t first = range.first;
  const std::int64_t last = range.second;
  (void)integer_position(*gk.game, {last});  // the game's own refusal first (Frolov: 2^62)
  if (last > proof.largest) throw InputError(proof.beyond(last));
  LeadValues checked_lead;
  if (first <=
      kProvedLeadReach - static_cast<std::int64_t>(std::min<std::size_t>(check, 1'000'000))) {
    try {
      checked_lead = lead_values_of(gk, first, last, check);
    } catch (const BudgetExceeded&) {
      // The kernel's own limit (the hexadecimal kernel's word operations): the proof's alone.
      checked_lead = {};
    }
  }
  const std::vector<Value>& lead_values = checked_lead.values;
  const std::size_t naive = checked_lead.naive;
  for (std::size_t i = 0; i < lead_values.size(); ++i) {
    const std::int64_t n = first + static_cast<std::int64_t>(i);
    if (proof.heap(n) != lead_values[i])
      throw KernelDisagreement("kernel " + gk.kernel->name + " gives " +
                               std::to_string(lead_values[i]) + " at " + std::to_string(n) +
                               " of " + gk.game->spec() + ", the proved period " +
                               std::to_string(proof.heap(n)) + " (" + proof.how() + ")");
  }
  const auto label = [first](std::size_t i) {
    return std::to_string(first + static_cast<std::int64_t>(i));
  };
  if (out.format == "json") {
    require_held_range(range, "as JSON");
    std::vector<Value> values;
    values.reserve(static_cast<std::size_t>(last - first) + 1);
    for (std::int64_t n = first;; ++n) {
      values.push_back(proof.heap(n));
      if (n == last) break;
    }
    out.all(values, naive, label);
    return;
  }
  out.header();
  std::size_t i = 0;
  for (std::int64_t n = first;; ++n, ++i) {
    out.line(i, out.labels() ? label(i) : std::string(), proof.heap(n));
    if (n == last) break;
  }
}

/// The values of positions held in memory: a range whose kernel has no streamed route (its
/// positions are built for the kernel), or positions given one by one.
void held_values(const GameKernels& gk,
                 const std::optional<std::pair<std::int64_t, std::int64_t>>& range,
                 const std::vector<std::string>& items, std::size_t check,
                 const ValuesWriter& out) {
  std::vector<Position> positions;
  std::vector<std::string> labels;  // of positions given one by one; a range's are its numbers
  if (range) {
    require_held_range(*range, "with kernel " + gk.kernel->name + " (no streamed route)");
    // Counted, not compared with the last position: a range ending at 2^63 - 1 has no n + 1.
    const auto count = static_cast<std::size_t>(range->second - range->first) + 1;
    positions.reserve(count);
    for (std::size_t i = 0; i < count; ++i)
      positions.push_back(
          integer_position(*gk.game, {range->first + static_cast<std::int64_t>(i)}));
  } else {
    for (const auto& text :
         positions_from_arguments(items, static_cast<std::size_t>(kMaxValuesPositions))) {
      positions.push_back(gk.game->parse_position(text));
      labels.push_back(gk.game->format_position(positions.back()));
    }
  }
  std::size_t naive = 0;
  const auto values = checked_values(gk, positions, check, &naive);
  out.all(values, naive, [&](std::size_t i) {
    return range ? std::to_string(range->first + static_cast<std::int64_t>(i)) : labels[i];
  });
}

}  // namespace

int cmd_values(const std::vector<std::string>& args) {
  po::options_description opts("verify values options");
  add_format_option(opts, "text", "text, json, csv or bfile (OEIS b-file: `n a(n)` per line)");
  opts.add_options()(
      "offset", po::value<std::string>(),
      "bfile: the index of the first line (default: the first position of a range, else 0)")(
      "kernel", po::value<std::string>(),
      "the kernel the values come from (`verify kernels`; default: the family's first fast "
      "kernel)")("check", po::value<std::string>()->default_value("300"),
                 "how many leading positions the reference (naive) kernel recomputes; a "
                 "disagreement is an error (exit 1)")("args", po::value<std::vector<std::string>>(),
                                                      "GAME RANGE|POSITION…|@FILE");
  add_command_limit_options(opts);
  po::positional_options_description pos;
  pos.add("args", -1);
  const auto p =
      parse(args, opts, pos,
            "verify values GAME a..b | POSITION… | @FILE [--format text|json|csv|bfile] "
            "[--offset K] [--kernel NAME] [--check N] [--time-limit S] [--memory-limit M]");
  if (p.help) return 0;
  const auto rest = positional(p.vm, "args");
  if (rest.size() < 2) {
    throw InputError(
        "verify values takes GAME and a range a..b, positions, or @FILE, e.g. `verify values "
        "octal:0.07 0..100`");
  }
  const auto format = formats_from(p.vm, {"text", "json", "csv", "bfile"});
  const auto check = static_cast<std::size_t>(
      parse_int_in_range(p.vm["check"].as<std::string>(), "--check", 0, 1'000'000));
  const CommandLimits limits = command_limits_from(p.vm);

  std::int64_t offset = 0;
  const std::vector<std::string> items(rest.begin() + 1, rest.end());
  const auto range = items.size() == 1 ? integer_range(items[0]) : std::nullopt;
  if (range) offset = range->first;
  require_bfile_range(format.front(), range.has_value());
  if (p.vm.count("offset")) {
    offset = parse_int_in_range(p.vm["offset"].as<std::string>(), "--offset", -1'000'000'000,
                                1'000'000'000'000'000);
  }
  // Computed and printed in a child process under the limits (run_limited): making the game
  // may itself take long (a long octal code).
  return run_limited("values", limits, [&]() -> int {
    const auto gk = GameKernels::make(
        rest[0], p.vm.count("kernel") ? p.vm["kernel"].as<std::string>() : std::string());
    const bool outcomes = gk.family->value_kind == ValueKind::outcome;
    ValuesWriter out{gk, format.front(), outcomes, offset};
    // How the values are known: from the proved period where the game has one (its certificate
    // accepted by the checker library) and no other kernel is asked for, else the kernel's.
    const std::string family = GameKernels::family_name(rest[0]);
    std::optional<ProvedValues> proof;
    std::string why_not = "no period proof is used for this family";
    if (p.vm.count("kernel") == 0U && range && family_has_proved_heap_values(family)) {
      proof = proved_values(*gk.game, family, proved_values_request_for(family, range->second),
                            &why_not);
      why_not = "no period proved: " + why_not;
    }
    out.known = proof ? proof->how()
                      : "by kernel " + gk.kernel->name + " (the first " + std::to_string(check) +
                            " recomputed by the naive kernel where it is quick; " + why_not + ")";
    try {
      if (proof) {
        proved_range_values(gk, *proof, *range, check, out);
      } else if (range && streams_ranges(*gk.kernel)) {
        streamed_range_values(gk, *range, check, out);
      } else {
        held_values(gk, range, items, check, out);
      }
    } catch (const KernelDisagreement& e) {
      std::cerr << "verify: kernel disagreement: " << one_line(e.what()) << "\n";
      return 1;
    }
    return 0;
  });
}

}  // namespace igv::cli
