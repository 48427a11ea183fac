// Frolov-row period certificates as files (core/frolov/frolov_certificate.h): what
// `verify period rook-misere:M / digital-deletion:M --certificate-out F` saves is accepted by
// check_certificate; every single-number edit, flipped flag, edited string and structural edit
// is rejected or an InputError, never accepted; absurd numbers are InputError or BudgetExceeded
// before any allocation.
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/trusted/errors.h"
#include "core/base/game_family.h"
#include "core/frolov/trusted/frolov_certificate.h"
#include "core/frolov/trusted/frolov_certificate_check.h"
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

/// Every single edit of a real certificate: each integer ±1, each flag flipped, each string
/// changed; none may be accepted. Returns the number of edits tried.
int check_every_single_edit(const std::string& game) {
  const json original = make_game(game)->period().document;
  std::vector<json::json_pointer> leaves;
  collect_leaves(original, json::json_pointer(), leaves);
  int tried = 0;
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
    } else if (v.is_boolean()) {
      edits.push_back(!v.get<bool>());
    } else if (v.is_string()) {
      edits.push_back(v.get<std::string>() + " (edited)");
    }
    for (const json& e : edits) {
      json edited = original;
      edited[leaf] = e;
      const Outcome o = outcome(game, edited);
      BOOST_TEST((o != Outcome::accepted),
                 game << ": edit " << leaf.to_string() << " = " << e.dump() << " was accepted");
      ++tried;
    }
  }
  return tried;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(frolov_certificate_files)

BOOST_AUTO_TEST_CASE(round_trip_rows_0_to_9) {
  for (const char* family : {"rook-misere", "digital-deletion"}) {
    for (int m = 0; m <= 9; ++m) {
      const std::string game = std::string(family) + ":" + std::to_string(m);
      const json printed = make_game(game)->period().document;
      // What the command writes and reads back: text, not the in-memory object.
      const json reread = json::parse(printed.dump(2));
      const json verdict =
          certificate_verdict_json(make_game(game)->check_certificate(reread).verdict, game, "");
      BOOST_TEST(verdict.at("accepted").get<bool>(), game << ": " << verdict.dump());
      BOOST_TEST(reread["certificate"]["chain"].size() ==
                 (std::string(family) == "rook-misere" ? 1U : 2U) * (m + 1));
    }
  }
}

BOOST_AUTO_TEST_CASE(every_single_edit_is_caught) {
  // Row 9 of g has ten chain rows; row 6 of f has fourteen (g and f rows 0..6).
  BOOST_TEST(check_every_single_edit("rook-misere:9") > 150);
  BOOST_TEST(check_every_single_edit("digital-deletion:6") > 150);
}

BOOST_AUTO_TEST_CASE(a_lower_row_with_another_valid_window_is_caught) {
  // k + 1 on g row 5 still satisfies Theorem 1's window condition; the row's checked_to
  // (k + tau + T) no longer matches, so the edit is not accepted.
  json c = make_game("rook-misere:7")->period().document;
  c["certificate"]["chain"][5]["k"] = c["certificate"]["chain"][5]["k"].get<std::int64_t>() + 1;
  const json verdict = certificate_verdict_json(
      make_game("rook-misere:7")->check_certificate(c).verdict, "rook-misere:7", "");
  BOOST_TEST(!verdict["accepted"].get<bool>());
  BOOST_TEST(verdict["reason"].get<std::string>().find("checked_to") != std::string::npos,
             verdict.dump());
}

BOOST_AUTO_TEST_CASE(structural_edits_are_input_errors) {
  const std::string game = "digital-deletion:4";
  const json original = make_game(game)->period().document;
  std::vector<json::json_pointer> members;
  collect_members(original, json::json_pointer(), members);
  for (const auto& member : members) {
    json removed = original;
    removed[member.parent_pointer()].erase(member.back());
    BOOST_TEST((outcome(game, removed) == Outcome::input_error),
               "removed " << member.to_string() << ": " << to_string(outcome(game, removed)));
  }
  std::vector<json::json_pointer> leaves;
  collect_leaves(original, json::json_pointer(), leaves);
  for (const auto& leaf : leaves) {
    json wrong = original;
    wrong[leaf] = original.at(leaf).is_string()
                      ? json(5)
                      : json(original.at(leaf).dump());  // a string for a number, and back
    BOOST_TEST((outcome(game, wrong) == Outcome::input_error), "mistyped " << leaf.to_string());
    if (original.at(leaf).is_number_integer()) {
      wrong[leaf] = original.at(leaf).get<double>() + 0.5;
      BOOST_TEST((outcome(game, wrong) == Outcome::input_error), "fractional " << leaf.to_string());
    }
  }
  json extra_row = original;
  extra_row["certificate"]["chain"].push_back(original["certificate"]["chain"].back());
  BOOST_TEST((outcome(game, extra_row) == Outcome::input_error));
  json truncated = original;
  truncated["certificate"]["chain"].erase(truncated["certificate"]["chain"].size() - 1);
  BOOST_TEST((outcome(game, truncated) == Outcome::input_error));
  json swapped = original;
  std::swap(swapped["certificate"]["chain"][2], swapped["certificate"]["chain"][3]);
  BOOST_TEST((outcome(game, swapped) == Outcome::input_error));
  json unknown = original;
  unknown["certificate"]["note"] = "trust me";
  BOOST_TEST((outcome(game, unknown) == Outcome::input_error));
  json chain_object = original;
  chain_object["certificate"]["chain"] = json::object();
  BOOST_TEST((outcome(game, chain_object) == Outcome::input_error));
  BOOST_TEST((outcome(game, json::array()) == Outcome::input_error));
  BOOST_TEST((outcome(game, json("digital-deletion:4")) == Outcome::input_error));
}

BOOST_AUTO_TEST_CASE(a_certificate_of_another_game_is_an_input_error) {
  const json g4 = make_game("rook-misere:4")->period().document;
  BOOST_CHECK_THROW((void)make_game("rook-misere:5")->check_certificate(g4), InputError);
  BOOST_CHECK_THROW((void)make_game("digital-deletion:4")->check_certificate(g4), InputError);
  BOOST_CHECK_THROW((void)make_game("rook-misere")->check_certificate(g4), InputError);
  BOOST_CHECK_THROW((void)make_game("digits")->check_certificate(g4), InputError);
  // Renaming the game in the file does not make the chain fit another row.
  json renamed = g4;
  renamed["game"] = "rook-misere:5";
  BOOST_TEST((outcome("rook-misere:5", renamed) == Outcome::input_error));
}

BOOST_AUTO_TEST_CASE(absurd_numbers_fail_before_allocation) {
  const std::string game = "rook-misere:5";
  const json original = make_game(game)->period().document;
  auto edited = [&](const std::string& pointer, const json& value) {
    json c = original;
    c[json::json_pointer(pointer)] = value;
    return c;
  };
  const auto peta = std::int64_t{1'000'000'000'000'000};
  // Beyond 2^40: InputError, whatever the field.
  BOOST_TEST((outcome(game, edited("/period", peta)) == Outcome::input_error));
  BOOST_TEST((outcome(game, edited("/certificate/chain/5/period", peta)) == Outcome::input_error));
  BOOST_TEST((outcome(game, edited("/certificate/chain/5/tau", peta)) == Outcome::input_error));
  BOOST_TEST((
      outcome(game, edited("/certificate/chain/3/k", std::uint64_t{18'000'000'000'000'000'000U})) ==
      Outcome::input_error));
  BOOST_TEST((outcome(game, edited("/certificate/bound", peta)) == Outcome::input_error));
  // Negative or zero where a positive number is needed: InputError.
  BOOST_TEST((outcome(game, edited("/certificate/chain/4/k", -5)) == Outcome::input_error));
  BOOST_TEST((outcome(game, edited("/certificate/chain/4/T", 0)) == Outcome::input_error));
  BOOST_TEST((outcome(game, edited("/certificate/chain/4/period", 0)) == Outcome::input_error));
  BOOST_TEST((outcome(game, edited("/saltus", -1)) == Outcome::input_error));
  // Within 2^40 but above the column limit: BudgetExceeded before the row is recomputed.
  BOOST_CHECK_THROW((void)make_game(game)->check_certificate(
                        edited("/certificate/chain/5/tau", std::int64_t{1} << 39)),
                    BudgetExceeded);
  BOOST_CHECK_THROW((void)make_game(game)->check_certificate(
                        edited("/certificate/chain/2/k", kFrolovCheckColumnLimit)),
                    BudgetExceeded);
  // Each row within the per-row limit, the chain as a whole beyond it.
  json long_chain = original;
  for (int row = 1; row <= 5; ++row)
    long_chain["certificate"]["chain"][row]["k"] = std::int64_t{1} << 26;
  BOOST_CHECK_THROW((void)make_game(game)->check_certificate(long_chain), BudgetExceeded);
  const json f = make_game("digital-deletion:2")->period().document;
  json far_bound = f;
  far_bound["certificate"]["chain"][5]["inversion_bound"] = std::int64_t{1} << 35;
  BOOST_CHECK_THROW((void)make_game("digital-deletion:2")->check_certificate(far_bound),
                    BudgetExceeded);
}

BOOST_AUTO_TEST_SUITE_END()
