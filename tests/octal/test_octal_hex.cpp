// Hexadecimal games (`hex:CODE`): the code's syntax, the rules' options, the naive kernel
// against the option-set kernel, octal codes read as hexadecimal codes (the same game, so the
// same values as the octal kernels), a few values worked out by hand, `verify value`'s winning
// moves; period certificates (proved, re-checked, every edit caught, the Python checker
// agreeing) and arithmetic periodicity outside Theorem A never claimed.
#include <sys/wait.h>

#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>

#include "core/base/trusted/errors.h"
#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/octal/trusted/octal_certificate_check.h"
#include "core/octal/octal_fast_hex.h"
#include "core/octal/octal_fast_sparse.h"
#include "core/octal/octal_hex_period.h"
#include "core/octal/trusted/octal_naive.h"
#include "core/octal/trusted/octal_rules.h"
#include "igv_build_info.h"
#include "tests/base/certificate_edits.h"

using namespace igv;
using nlohmann::json;

namespace {
/// Codes with a proved ordinary period (the three-heap window fits in the certificate limit):
/// with preperiod 0 and with a preperiod, with and without three-way splits in the last digit.
const std::vector<std::string> kPeriodic = {"hex:0.F",  "hex:0.B",  "hex:0.33F", "hex:0.F1",
                                            "hex:0.B1", "hex:0.A2", "hex:0.A"};

/// A certificate file without its top-level `block`, as the family's own checker reads it
/// (check_with_period_block takes the block off before calling it).
json without_block(json j) {
  j.erase("block");
  return j;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(octal_hex, *boost::unit_test::label("octal"))

BOOST_AUTO_TEST_CASE(codes_parse_case_insensitively_and_print_canonically) {
  BOOST_TEST(HexCode::parse("0.F").canonical() == "0.F");
  BOOST_TEST(HexCode::parse(".b").canonical() == "0.B");
  BOOST_TEST(HexCode::parse("4.33f").canonical() == "4.33F");
  BOOST_TEST(HexCode::parse("c.1").canonical() == "C.1");
  BOOST_TEST(HexCode::parse("0.F00").canonical() == "0.F");
  BOOST_TEST(HexCode::parse("0.0").canonical() == "0.0");
  BOOST_TEST(HexCode::parse("0.0a").max_removal() == 2);
  BOOST_TEST(make_game("hex:.33f")->spec() == "hex:0.33F");
  for (const char* bad : {"0.G", "1.F", "2.1", "0F", "0.", "", "00.1", "0.1.2", "0.-1"}) {
    BOOST_TEST_CONTEXT(bad) {
      BOOST_CHECK_THROW((void)HexCode::parse(bad), InputError);
    }
  }
  BOOST_CHECK_THROW((void)make_game("hex:"), InputError);
  BOOST_CHECK_THROW((void)HexCode::parse("0." + std::string(HexCode::kMaxDigits + 1, '1')),
                    InputError);
}

BOOST_AUTO_TEST_CASE(options_follow_the_digits) {
  // 0.8: remove one token and leave exactly three non-empty heaps.
  const auto code = HexCode::parse("0.8");
  BOOST_TEST(hex_options(code, 3).empty());
  BOOST_TEST(hex_options(code, 4) == (std::vector<HexHeapOption>{{1, 1, 1}}));
  BOOST_TEST(hex_options(code, 6) == (std::vector<HexHeapOption>{{1, 1, 3}, {1, 2, 2}}));
  // 0.F from a heap of 4: take it (no), leave 3; leave {1,2}; leave {1,1,1}.
  BOOST_TEST(hex_options(HexCode::parse("0.F"), 4) ==
             (std::vector<HexHeapOption>{{3, 0, 0}, {1, 2, 0}, {1, 1, 1}}));
  BOOST_TEST(hex_options(HexCode::parse("0.F"), 1) == (std::vector<HexHeapOption>{{0, 0, 0}}));
  // C.0: split into two or three heaps without removing anything.
  BOOST_TEST(hex_options(HexCode::parse("C.0"), 4) ==
             (std::vector<HexHeapOption>{{1, 3, 0}, {2, 2, 0}, {1, 1, 2}}));
}

BOOST_AUTO_TEST_CASE(values_worked_out_by_hand) {
  // 0.8: heaps 1..3 have no move; 4 -> {1,1,1} (value 0); 5 -> {1,1,2}; 6 -> {1,1,3}, {1,2,2};
  // 7 -> {1,1,4} (value 1), {1,2,3}, {2,2,2} (0): mex {0, 1} = 2.
  const std::vector<Value> g08{0, 0, 0, 0, 1, 1, 1, 2};
  BOOST_TEST(hex_values_naive(HexCode::parse("0.8"), 7) == g08, boost::test_tools::per_element());
  BOOST_TEST(hex_values_fast(HexCode::parse("0.8"), 8) == g08, boost::test_tools::per_element());
  // 0.F: any heap may lose one token and be left as 0..3 heaps. G(1) = 1 (take it), G(2) =
  // mex{G(1)} = 0, G(3) = mex{G(2), G(1)^G(1)} = mex{0} = 1, G(4) = mex{G(3) = 1, G(1)^G(2) = 1,
  // G(1)^G(1)^G(1) = 1} = 0.
  const std::vector<Value> g0f{0, 1, 0, 1, 0};
  BOOST_TEST(hex_values_naive(HexCode::parse("0.F"), 4) == g0f, boost::test_tools::per_element());
  BOOST_TEST(hex_values_fast(HexCode::parse("0.F"), 5) == g0f, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(octal_codes_read_as_hex_codes_have_the_octal_values) {
  std::vector<std::string> codes{"0.07", "0.77", "0.137", "4.7", "0.16", "0.56",
                                 "0.6",  "0.4",  "0.51",  "4.0", "0.3"};
  std::mt19937_64 rng(20261123);
  for (int r = 0; r < 20; ++r) {
    std::string c = rng() % 2 ? "0." : "4.";
    const int len = 1 + static_cast<int>(rng() % 4);
    for (int i = 0; i < len; ++i) c += static_cast<char>('0' + rng() % 8);
    codes.push_back(c);
  }
  for (const auto& c : codes) {
    const auto octal = OctalCode::parse(c);
    const auto hex = HexCode::parse(c);
    BOOST_TEST_CONTEXT(c) {
      BOOST_TEST(hex.canonical() == octal.canonical());
      const auto naive_octal = octal_values_naive(octal, 150);
      BOOST_TEST(hex_values_naive(hex, 150) == naive_octal, boost::test_tools::per_element());
      OctalSparseSolver sparse(octal);
      sparse.extend_to(600);
      const auto fast_hex = hex_values_fast(hex, 600);
      for (std::int64_t n = 0; n < 600; ++n) BOOST_REQUIRE(fast_hex[n] == sparse.value(n));
    }
  }
}

BOOST_AUTO_TEST_CASE(set_kernel_equals_naive_on_hex_codes) {
  std::vector<std::string> codes{"0.F",  "0.B", "0.33F", "0.8", "4.9", "C.1",  "8.0", "0.A3",
                                 "0.FF", "4.F", "0.9",   "0.D", "0.E", "0.1F", "0.0C"};
  std::mt19937_64 rng(42);
  for (int r = 0; r < 25; ++r) {
    static constexpr char kHead[] = "048C";
    std::string c(1, kHead[rng() % 4]);
    c += '.';
    const int len = 1 + static_cast<int>(rng() % 3);
    for (int i = 0; i < len; ++i) c += "0123456789ABCDEF"[rng() % 16];
    codes.push_back(c);
  }
  for (const auto& c : codes) {
    const auto code = HexCode::parse(c);
    BOOST_TEST_CONTEXT(c) {
      BOOST_TEST(hex_values_fast(code, 91) == hex_values_naive(code, 90),
                 boost::test_tools::per_element());
    }
  }
}

BOOST_AUTO_TEST_CASE(set_kernel_widens_its_value_range) {
  // 0.C, 8.0 and 0.0F have values growing like n/2: past 64 and 128 within 300 heaps, so the
  // sets are re-laid out twice; the naive kernel decides.
  for (const char* c : {"0.C", "8.0", "0.0F"}) {
    const auto code = HexCode::parse(c);
    const auto fast = hex_values_fast(code, 301);
    const auto naive = hex_values_naive(code, 300);
    BOOST_TEST_CONTEXT(c) {
      BOOST_TEST(*std::max_element(fast.begin(), fast.end()) >= 128);
      BOOST_TEST(fast == naive, boost::test_tools::per_element());
    }
  }
}

BOOST_AUTO_TEST_CASE(value_lists_winning_moves_that_lead_to_zero) {
  const auto game = make_game("hex:0.F");
  const auto code = HexCode::parse("0.F");
  const auto g = hex_values_naive(code, 40);
  for (const char* pos : {"7", "11+4", "20", "3+5+9"}) {
    const auto j = game->value(game->parse_position(pos));
    const Position p = game->parse_position(pos);
    Value total = 0;
    for (auto h : p) total ^= g[static_cast<std::size_t>(h)];
    BOOST_TEST_CONTEXT(pos) {
      BOOST_TEST(*j.value == total);
      BOOST_TEST(j.winning_moves->empty() == (total == 0));
      for (const auto& m : *j.winning_moves) {
        Value after = 0;
        for (auto h : game->parse_position(m)) after ^= g[static_cast<std::size_t>(h)];
        BOOST_TEST(after == 0);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(periods_are_proved_and_checked) {
  // Computed here (the brief's reference tables were not available to compare with): 0.F and
  // 0.B are n mod 2, 0.33F is n mod 4 (preperiod 0, saltus 0); 0.F1 has preperiod 3, period 2.
  const auto f = make_game("hex:0.F")->period().document;
  BOOST_TEST(f.at("preperiod").get<int>() == 0);
  BOOST_TEST(f.at("period").get<int>() == 2);
  BOOST_TEST(f.at("saltus").get<int>() == 0);
  const auto t = make_game("hex:0.33F")->period().document;
  BOOST_TEST(t.at("period").get<int>() == 4);
  BOOST_TEST(t.at("preperiod").get<int>() == 0);
  const auto f1 = make_game("hex:0.F1")->period().document;
  BOOST_TEST(f1.at("preperiod").get<int>() == 3);
  BOOST_TEST(f1.at("period").get<int>() == 2);
  for (const auto& spec : kPeriodic) {
    const json j = json::parse(make_game(spec)->period().document.dump(2));
    BOOST_TEST_CONTEXT(spec) {
      BOOST_TEST(make_game(spec)->check_certificate(j).verdict.accepted());
      BOOST_TEST(check_hex_period_json(without_block(j)).accepted());
      // The proved period agrees with the naive kernel far beyond the certificate.
      const auto cert = parse_hex_period_json(without_block(j));
      const auto g = hex_values_naive(HexCode::parse(cert.code), 400);
      for (std::int64_t n = cert.preperiod; n + cert.period <= 400; ++n)
        BOOST_REQUIRE(g[n] == g[n + cert.period]);
    }
  }
}

BOOST_AUTO_TEST_CASE(certificate_files_in_the_test_data_are_accepted) {
  const auto dir =
      std::filesystem::path(IGV_SOURCE_DIR) / "tests" / "data" / "certificates" / "hex";
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    std::ifstream in(entry.path());
    const json j = json::parse(in);
    BOOST_TEST_CONTEXT(entry.path().filename()) {
      BOOST_TEST(check_hex_period_json(without_block(j)).accepted());
      BOOST_TEST(
          make_game(j.at("game").get<std::string>())->check_certificate(j).verdict.accepted());
    }
    ++files;
  }
  BOOST_TEST(files >= 2);
}

BOOST_AUTO_TEST_CASE(every_single_edit_of_a_certificate_is_caught) {
  for (const auto& spec : kPeriodic) {
    const json original = make_game(spec)->period().document;
    std::vector<json::json_pointer> leaves;
    test::collect_leaves(original, json::json_pointer(), leaves);
    for (const auto& at : leaves) {
      const json& v = original.at(at);
      std::vector<json> edits;
      if (v.is_number_integer()) {
        edits.push_back(v.get<std::int64_t>() + 1);
        edits.push_back(v.get<std::int64_t>() - 1);
      } else if (v.is_string()) {
        edits.push_back(v.get<std::string>() + " (edited)");
      } else if (v.is_null()) {
        edits.push_back(0);
      }
      for (const json& e : edits) {
        json edited = original;
        edited[at] = e;
        const auto got = test::certificate_outcome(spec, edited);
        BOOST_TEST_CONTEXT(spec << " " << at.to_string() << " = " << e.dump()) {
          if (test::is_descriptive_leaf(original, at)) {
            BOOST_TEST(test::to_string(got) == "accepted");
          } else {
            BOOST_TEST(test::to_string(got) != "accepted");
          }
        }
      }
    }
    // Structural edits: a member dropped, the values cut or lengthened, the period doubled,
    // the preperiod moved up by one period: never accepted.
    std::vector<json::json_pointer> members;
    test::collect_members(original, json::json_pointer(), members);
    for (const auto& at : members) {
      json edited = original;
      edited[at.parent_pointer()].erase(at.back());
      BOOST_TEST(test::to_string(test::certificate_outcome(spec, edited)) != "accepted");
    }
    json shorter = original;
    shorter["certificate"]["values"].erase(shorter["certificate"]["values"].size() - 1);
    shorter["certificate"]["bound"] = shorter["certificate"]["values"].size();
    BOOST_TEST(test::to_string(test::certificate_outcome(spec, shorter)) != "accepted");
    // A doubled period with the values its window needs (true values, so only minimality fails).
    const auto cert = parse_hex_period_json(without_block(original));
    const auto code = HexCode::parse(cert.code);
    for (const auto& [e, p] : {std::pair{cert.preperiod, 2 * cert.period},
                               std::pair{cert.preperiod + cert.period, cert.period},
                               std::pair{cert.preperiod + 1, cert.period}}) {
      HexPeriodCertificate other = cert;
      other.preperiod = e;
      other.period = p;
      const auto n = hex_period_bound(e, p, code.max_removal());
      other.values = hex_values_naive(code, n - 1);
      json j = hex_period_json(other, code.max_removal(), "");
      j["block"] = json::array();  // true values: only the minimality of e and p is false
      for (std::int64_t i = 0; i < p; ++i) j["block"].push_back(other.values[e + i]);
      BOOST_TEST_CONTEXT(spec << " e = " << e << ", p = " << p) {
        BOOST_TEST(!check_hex_period_certificate(other).accepted());
        BOOST_TEST(test::to_string(test::certificate_outcome(spec, j)) != "accepted");
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(the_block_is_one_verified_period) {
  const json original = make_game("hex:0.F1")->period().document;  // preperiod 3, period 2
  BOOST_TEST(original.at("block") ==
             json({original["certificate"]["values"][3], original["certificate"]["values"][4]}));
  const auto outcome = [](const json& j) {
    return test::to_string(test::certificate_outcome("hex:0.F1", j));
  };
  json shorter = original;
  shorter["block"].erase(1);
  BOOST_TEST(outcome(shorter) == "rejected");
  json longer = original;
  longer["block"].push_back(original["block"][0]);
  BOOST_TEST(outcome(longer) == "rejected");
  json text = original;
  text["block"][0] = "1";
  BOOST_TEST(outcome(text) == "InputError");
  json missing = original;
  missing.erase("block");
  BOOST_TEST(outcome(missing) == "InputError");
}

BOOST_AUTO_TEST_CASE(false_periods_are_rejected_with_true_values) {
  // 0.8 grows (G(n+3) = G(n) + 1): no period holds, whatever the window asserts.
  const auto code = HexCode::parse("0.8");
  for (std::int64_t p = 1; p <= 6; ++p) {
    HexPeriodCertificate cert;
    cert.code = code.canonical();
    cert.preperiod = 1;
    cert.period = p;
    cert.values = hex_values_naive(code, hex_period_bound(1, p, 1) - 1);
    BOOST_TEST(!check_hex_period_certificate(cert).accepted());
  }
  // A certificate for another game, or of another version, is malformed.
  json j = make_game("hex:0.F")->period().document;
  BOOST_CHECK_THROW((void)make_game("hex:0.B")->check_certificate(j), InputError);
  j["certificate"]["certificate_version"] = 2;
  BOOST_CHECK_THROW((void)make_game("hex:0.F")->check_certificate(j), InputError);
  json lower = without_block(make_game("hex:0.F")->period().document);
  lower["game"] = "hex:0.f";
  BOOST_CHECK_THROW((void)check_hex_period_json(lower), InputError);
  json big = without_block(make_game("hex:0.F")->period().document);
  big["certificate"]["values"] = json::array();
  for (int i = 0; i < 3000; ++i) big["certificate"]["values"].push_back(i % 2);
  BOOST_CHECK_THROW((void)check_hex_period_json(big), InputError);
}

BOOST_AUTO_TEST_CASE(arithmetic_periodicity_outside_theorem_a_is_inconclusive_not_proved) {
  // 4.9 splits without taking (d0 = 4): outside Theorem A (tests/octal/test_octal_hex_arithmetic
  // covers the codes it proves, such as 0.8 and 0.C).
  for (const char* spec : {"hex:4.9"}) {
    BOOST_TEST_CONTEXT(spec) {
      try {
        (void)make_game(spec)->period();
        BOOST_FAIL("a period was claimed");
      } catch (const LimitReached& e) {
        BOOST_TEST(e.reached.contains("observed_arithmetic_period"));
        BOOST_TEST(std::string(e.what()).find("Theorem A does not prove it") != std::string::npos);
      }
    }
  }
  try {
    (void)find_hex_period(HexCode::parse("0.8"));
    BOOST_FAIL("a period was found");
  } catch (const LimitReached& e) {
    const auto& a = e.reached.at("observed_arithmetic_period");
    BOOST_TEST(a.at("period").get<int>() == 3);
    BOOST_TEST(a.at("saltus").get<int>() == 1);
  }
}

BOOST_AUTO_TEST_CASE(the_python_checker_agrees_on_edited_certificates) {
  // verify/check_certificate.py (written from core/CERTIFICATES.md) against the C++ checker on
  // real certificates and on edits: both accept, or both reject (exit 1 or 2).
  if (std::system("python3 -c 'import json' > /dev/null 2>&1") != 0) {
    BOOST_TEST_MESSAGE("python3 not available: skipped");
    return;
  }
  const auto script = std::filesystem::path(IGV_SOURCE_DIR) / "verify" / "check_certificate.py";
  const auto dir = std::filesystem::temp_directory_path() /
                   ("igv_hex_python_" + std::to_string(std::random_device{}()));
  std::filesystem::create_directories(dir);
  const auto python_exit = [&](const json& doc) {
    const auto file = dir / "certificate.json";
    std::ofstream(file) << doc.dump(2);
    const int status = std::system(
        ("python3 '" + script.string() + "' '" + file.string() + "' > /dev/null 2>&1").c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  for (const std::string spec : {"hex:0.F1", "hex:0.A2"}) {
    const json original = make_game(spec)->period().document;
    BOOST_TEST(python_exit(original) == 0);
    std::vector<std::pair<std::string, json>> edits;
    for (const char* key : {"preperiod", "period"}) {
      json e = original;
      e[key] = e[key].get<int>() + 1;
      edits.emplace_back(key, e);
    }
    for (std::size_t i = 0; i < original["certificate"]["values"].size(); i += 5) {
      json e = original;
      e["certificate"]["values"][i] = e["certificate"]["values"][i].get<int>() + 1;
      edits.emplace_back("values[" + std::to_string(i) + "]", e);
    }
    json dropped = original;
    dropped["certificate"].erase("bound");
    edits.emplace_back("no bound", dropped);
    json lev = original;
    lev["last_exceptional_value"] = 7;
    edits.emplace_back("last_exceptional_value", lev);
    json saltus = original;
    saltus["saltus"] = 2;
    edits.emplace_back("saltus", saltus);
    for (const auto& [what, doc] : edits) {
      BOOST_TEST_CONTEXT(spec << " " << what) {
        BOOST_TEST(test::to_string(test::certificate_outcome(spec, doc)) != "accepted");
        const int py = python_exit(doc);
        BOOST_TEST((py == 1 || py == 2));
      }
    }
    json text = original;
    text["certificate"]["theorem"] = "edited";
    BOOST_TEST(python_exit(text) == 0);
    BOOST_TEST(test::to_string(test::certificate_outcome(spec, text)) == "accepted");
  }
  std::filesystem::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(every_kernel_agrees_with_the_reference_on_the_examples) {
  const GameFamily* family = nullptr;
  for (const auto* f : game_families())
    if (f->name == "hex") family = f;
  BOOST_REQUIRE(family != nullptr);
  for (const auto& spec : family->examples) {
    const auto game = make_game(spec);
    const auto positions = game->domain(family->cross_check_range);
    const auto ks = kernels("hex");
    BOOST_REQUIRE(ks.size() >= 2U);
    const auto expected = ks.front()->values(*game, positions);
    for (const auto* k : ks) {
      BOOST_TEST_CONTEXT(spec << " kernel " << k->name) {
        BOOST_TEST(k->values(*game, positions) == expected, boost::test_tools::per_element());
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(huge_heaps_are_refused_before_computing) {
  HexSetSolver solver(HexCode::parse("0.F"));
  BOOST_CHECK_THROW(solver.extend_to(std::int64_t{1} << 30), BudgetExceeded);
  BOOST_TEST(solver.size() == 0);
  const auto game = make_game("hex:0.F");
  BOOST_CHECK_THROW((void)game->value(game->parse_position("100000000")), InputError);
}

BOOST_AUTO_TEST_SUITE_END()
