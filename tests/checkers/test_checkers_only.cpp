// The certificate checkers alone: this program links igv_checkers (rules, naive kernels,
// certificate formats and checkers; tests/tests.cmake) and no producer, so it both shows that
// the checkers need no producer code and re-checks real certificates from their files
// (tests/data/certificates/, written by `verify period GAME --certificate-out`).
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/base/trusted/certificate.h"
#include "core/base/trusted/errors.h"
#include "core/frolov/trusted/frolov_certificate_check.h"
#include "core/octal/trusted/octal_certificate_check.h"
#include "core/subtraction/trusted/subtraction_certificate_check.h"
#include "igv_build_info.h"

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

const fs::path kCertificates = fs::path(IGV_SOURCE_DIR) / "tests" / "data" / "certificates";

json read(const fs::path& file) {
  std::ifstream in(file);
  return json::parse(in);
}

/// The family's checker on a file (without its `block`), by the family its `game` names.
igv::CertificateVerdict check_family(const json& j) {
  const std::string game = j.at("game").get<std::string>();
  if (game.rfind("octal:", 0) == 0) return igv::check_octal_period_json(j);
  if (game.rfind("hex:", 0) == 0) return igv::check_hex_period_json(j);
  if (game.rfind("subtraction", 0) == 0) return igv::check_subtraction_period_json(j);
  const auto [which, m] = igv::parse_frolov_row_spec(game);
  return igv::check_frolov_period_json(which, m, j);
}

/// The whole file, `block` included, as `verify check-certificate` checks it.
igv::CertificateVerdict check(const json& j) {
  return igv::check_with_period_block(j, check_family);
}

/// Accepted, rejected, or malformed (InputError).
std::string answer(const json& j) {
  try {
    return check(j).accepted() ? "accepted" : "rejected";
  } catch (const igv::InputError&) {
    return "malformed";
  }
}

std::vector<fs::path> certificate_files() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(kCertificates))
    if (e.path().extension() == ".json") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

/// Every integer leaf of j, by JSON pointer.
void integer_leaves(const json& j, const json::json_pointer& at,
                    std::vector<json::json_pointer>& out) {
  if (j.is_number_integer()) {
    out.push_back(at);
  } else if (j.is_object()) {
    for (const auto& [k, v] : j.items()) integer_leaves(v, at / k, out);
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) integer_leaves(j[i], at / i, out);
  }
}

/// Edits that keep an octal certificate true: the masks and witness hints only steer the
/// checker's search (core/CERTIFICATES.md, "octal"), so another mask value asserts nothing false.
bool keeps_true(const json& j, const json::json_pointer& at) {
  const std::string path = at.to_string();
  return j.at("game").get<std::string>().rfind("octal:", 0) == 0 &&
         path.rfind("/certificate/masks/", 0) == 0 && path.size() >= 2 &&
         path.substr(path.size() - 2) == "/1";
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_certificate_file_is_accepted) {
  const auto files = certificate_files();
  BOOST_REQUIRE(!files.empty());
  for (const auto& f : files) {
    const auto verdict = check(read(f));
    BOOST_TEST(verdict.accepted(), f.filename() << ": " << verdict.reason());
    BOOST_TEST(!verdict.proved().empty());
  }
}

BOOST_AUTO_TEST_CASE(every_changed_number_is_rejected) {
  for (const auto& f : certificate_files()) {
    const json original = read(f);
    std::vector<json::json_pointer> leaves;
    integer_leaves(original, json::json_pointer(), leaves);
    int rejected = 0, malformed = 0, kept = 0;
    for (const auto& at : leaves) {
      for (const std::int64_t delta : {1, -1}) {
        json edited = original;
        const std::int64_t v = edited[at].get<std::int64_t>() + delta;
        edited[at] = v;
        const std::string a = answer(edited);
        if (keeps_true(original, at)) {
          ++kept;
          continue;
        }
        BOOST_TEST(a != "accepted",
                   f.filename() << ": " << at.to_string() << " " << delta << " was accepted");
        (a == "rejected" ? rejected : malformed) += 1;
      }
    }
    BOOST_TEST_MESSAGE(f.filename()
                       << ": " << leaves.size() << " numbers, " << rejected << " edits rejected, "
                       << malformed << " malformed, " << kept << " kept true");
  }
}

BOOST_AUTO_TEST_CASE(proved_values_are_the_checkers) {
  // Dawson's Kayles (octal 0.07): preperiod 53, period 34; G(1) = 0, G(2) = 1 (Winning Ways).
  const auto verdict = check(read(kCertificates / "octal_0.07.json"));
  BOOST_REQUIRE(verdict.accepted());
  const igv::ProvedPeriod& g = verdict.proved().front();
  BOOST_TEST(g.preperiod == 53);
  BOOST_TEST(g.period == 34);
  BOOST_TEST(g.value(2) == 1);
  BOOST_TEST(g.value(1'000'000) == g.value(1'000'000 - 34));
}
