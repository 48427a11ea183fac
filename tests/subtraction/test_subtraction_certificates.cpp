// Subtraction-game period certificates as files (core/subtraction/subtraction_certificate.h): what
// `verify period subtraction:S / subtraction-misere:S --certificate-out F` saves is accepted by
// check_certificate; every single-number edit, edited string and structural edit is rejected or
// an InputError, never accepted; absurd numbers are InputError or BudgetExceeded before any
// allocation.
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/trusted/errors.h"
#include "core/base/game_family.h"
#include "core/subtraction/trusted/subtraction_certificate.h"
#include "tests/base/certificate_edits.h"

using namespace igv;
using nlohmann::json;

namespace {

using test::collect_leaves;
using test::collect_members;
using Outcome = test::CertificateOutcome;

Outcome outcome(const std::string& game, const json& certificate) {
  return test::certificate_outcome(game, certificate);
}

/// Games whose certificates the tests edit: finite sets under both conventions (with a
/// preperiod and without), and the powers of 2 (residue lemma).
const std::vector<std::string> kGames = {"subtraction:1,3,4",      "subtraction:2,5,7",
                                         "subtraction:3,7,11,12",  "subtraction-misere:1,2,3",
                                         "subtraction-misere:2,5", "subtraction:powers-of-2"};

}  // namespace

BOOST_AUTO_TEST_SUITE(subtraction_certificate_files)

BOOST_AUTO_TEST_CASE(round_trip) {
  for (const auto& game : kGames) {
    const json reread = json::parse(make_game(game)->period().document.dump(2));
    const json verdict =
        certificate_verdict_json(make_game(game)->check_certificate(reread).verdict, game, "");
    BOOST_TEST(verdict.at("accepted").get<bool>(), game << ": " << verdict.dump());
  }
  // At least one of the games has a non-zero preperiod, so the minimality of ℓ is exercised.
  BOOST_TEST(
      make_game("subtraction:3,7,11,12")->period().document["preperiod"].get<std::int64_t>() > 0);
}

BOOST_AUTO_TEST_CASE(every_single_edit_is_caught) {
  for (const auto& game : kGames) {
    const json original = make_game(game)->period().document;
    std::vector<json::json_pointer> leaves;
    collect_leaves(original, json::json_pointer(), leaves);
    for (const auto& leaf : leaves) {
      const json& v = original.at(leaf);
      if (igv::test::is_descriptive_leaf(original, leaf)) {
        json edited = original;
        edited[leaf] = v.get<std::string>() + " (edited)";
        BOOST_TEST((outcome(game, edited) == Outcome::accepted),
                   game << ": descriptive text " << leaf.to_string() << " is not asserted");
        continue;
      }
      std::vector<json> edits;
      if (v.is_number_integer()) {
        edits.push_back(v.get<std::int64_t>() + 1);
        edits.push_back(v.get<std::int64_t>() - 1);
      } else if (v.is_string()) {
        edits.push_back(v.get<std::string>() + " (edited)");
      }
      for (const json& e : edits) {
        json edited = original;
        edited[leaf] = e;
        BOOST_TEST((outcome(game, edited) != Outcome::accepted),
                   game << ": edit " << leaf.to_string() << " = " << e.dump() << " was accepted");
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(structural_edits_are_input_errors) {
  for (const std::string game : {"subtraction:2,5,7", "subtraction:powers-of-2"}) {
    const json original = make_game(game)->period().document;
    std::vector<json::json_pointer> members;
    collect_members(original, json::json_pointer(), members);
    for (const auto& member : members) {
      json removed = original;
      removed[member.parent_pointer()].erase(member.back());
      BOOST_TEST((outcome(game, removed) == Outcome::input_error),
                 game << ": removed " << member.to_string());
    }
    std::vector<json::json_pointer> leaves;
    collect_leaves(original, json::json_pointer(), leaves);
    for (const auto& leaf : leaves) {
      json wrong = original;
      wrong[leaf] = original.at(leaf).is_string() ? json(5) : json(original.at(leaf).dump());
      BOOST_TEST((outcome(game, wrong) == Outcome::input_error),
                 game << ": mistyped " << leaf.to_string());
    }
    json unknown = original;
    unknown["certificate"]["note"] = "trust me";
    BOOST_TEST((outcome(game, unknown) == Outcome::input_error));
  }
  const std::string game = "subtraction:2,5,7";
  const json original = make_game(game)->period().document;
  json longer = original;
  longer["certificate"]["window"].push_back(0);
  BOOST_TEST((outcome(game, longer) == Outcome::input_error));
  json shorter = original;
  shorter["certificate"]["window"].erase(shorter["certificate"]["window"].size() - 1);
  BOOST_TEST((outcome(game, shorter) == Outcome::input_error));
  json fractional = original;
  fractional["period"] = 22.5;
  BOOST_TEST((outcome(game, fractional) == Outcome::input_error));
  BOOST_TEST((outcome(game, json::array()) == Outcome::input_error));
}

BOOST_AUTO_TEST_CASE(a_certificate_of_another_game_is_an_input_error) {
  const json c = make_game("subtraction:1,3,4")->period().document;
  BOOST_CHECK_THROW((void)make_game("subtraction-misere:1,3,4")->check_certificate(c), InputError);
  BOOST_CHECK_THROW((void)make_game("subtraction:1,3,5")->check_certificate(c), InputError);
  json renamed = c;
  renamed["game"] = "subtraction:1,3,5";
  BOOST_TEST((outcome("subtraction:1,3,5", renamed) != Outcome::accepted));
  BOOST_CHECK_THROW(
      (void)make_game("subtraction-misere:powers-of-2")
          ->check_certificate(make_game("subtraction:powers-of-2")->period().document),
      InputError);
}

BOOST_AUTO_TEST_CASE(absurd_numbers_fail_before_allocation) {
  const std::string game = "subtraction:2,5,7";
  const json original = make_game(game)->period().document;
  auto edited = [&](const std::string& pointer, const json& value) {
    json c = original;
    c[json::json_pointer(pointer)] = value;
    return c;
  };
  const auto peta = std::int64_t{1'000'000'000'000'000};
  BOOST_TEST((outcome(game, edited("/period", peta)) == Outcome::input_error));
  BOOST_TEST((outcome(game, edited("/preperiod", peta)) == Outcome::input_error));
  BOOST_TEST((outcome(game, edited("/period", std::uint64_t{18'000'000'000'000'000'000U})) ==
              Outcome::input_error));
  BOOST_TEST((outcome(game, edited("/period", 0)) == Outcome::input_error));
  BOOST_TEST((outcome(game, edited("/preperiod", -3)) == Outcome::input_error));
  BOOST_TEST((outcome(game, edited("/certificate/window/2", -1)) == Outcome::input_error));
  BOOST_TEST((outcome(game, edited("/certificate/window/2", peta)) == Outcome::input_error));
  BOOST_CHECK_THROW(
      (void)make_game(game)->check_certificate(edited("/period", std::int64_t{1} << 39)),
      BudgetExceeded);
  BOOST_CHECK_THROW(
      (void)make_game(game)->check_certificate(edited("/preperiod", kSubtractionCheckValueLimit)),
      BudgetExceeded);
}

BOOST_AUTO_TEST_SUITE_END()
