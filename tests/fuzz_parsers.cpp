// libFuzzer target for every text parser the user reaches: positions, game specifications with
// their positions, claims files, reports (diff/merge input) and size/shard arguments. The first
// input byte picks the parser. A parser may reject input only with InputError; any other
// exception, crash, leak or undefined behaviour is a finding (built with ASan + UBSan). Inputs
// for the sixth parser, certificates, are seeded in tests/fuzz/fuzz_parsers/ from `verify period`.
//
// Built only with -DIGV_FUZZ=ON and clang (see README.md, "Hardening"); the corpus of inputs that
// once failed is kept in tests/fuzz/ and replayed by every fuzz run.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "core/errors.h"
#include "core/game_family.h"
#include "properties/claims_file.h"
#include "reports/report.h"
#include "reports/report_tools.h"

namespace {
bool small_numbers(const nlohmann::json& j) {
  if (j.is_number())
    return j.is_number_integer() ? (j.get<std::int64_t>() > -5000 && j.get<std::int64_t>() < 5000)
                                 : true;
  if (j.is_array() || j.is_object()) {
    if (j.size() > 2000) return false;
    for (const auto& x : j) {
      if (!small_numbers(x)) return false;
    }
  }
  return true;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const int which = data[0] % 6;
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  if (text.size() > 4096) return 0;
  try {
    switch (which) {
      case 0: {
        // Integer lists; ranges bounded so the fuzzer cannot ask for a billion items.
        const auto p = igv::parse_int_list(text, "fuzz position", 100000);
        const auto again = igv::parse_int_list(igv::format_int_list(p), "round trip", 100000);
        if (again != p) __builtin_trap();
        break;
      }
      case 1: {
        // "SPEC POSITION": a game specification, then a position in its syntax.
        const auto space = text.find(' ');
        const auto game = igv::make_game(text.substr(0, space));
        if (space != std::string::npos) (void)game->parse_position(text.substr(space + 1));
        break;
      }
      case 2:
        (void)igv::parse_claims(text, "fuzz.toml");
        break;
      case 3: {
        // A report: as read_report validates it, then re-rendered and diffed with itself.
        nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
        if (j.is_discarded()) break;
        if (!j.is_object() || !j.contains("claims") || !j["claims"].is_array()) break;
        const auto report = igv::report_from_json(j);
        (void)igv::report_to_markdown(report);
        break;
      }
      case 4:
        (void)igv::parse_shard(text);
        break;
      default: {
        // A period certificate, as `verify check-certificate` reads it. Numbers are kept small so
        // that each check stays fast (the checkers' own limits guard large ones; see the tests).
        nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
        if (j.is_discarded() || !j.is_object() || !j.contains("game") || !j["game"].is_string())
          break;
        if (!small_numbers(j)) break;
        (void)igv::make_game(j["game"].get<std::string>())->check_certificate(j);
        break;
      }
    }
  } catch (const igv::InputError&) {
    // The one way a parser may refuse input.
  } catch (const igv::BudgetExceeded&) {
    // A certificate too large to re-check: refused before any allocation.
  }
  return 0;
}
