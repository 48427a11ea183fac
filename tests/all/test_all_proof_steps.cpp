// Proof steps are claims (issue #12): every step claim of the five documents (checkers
// `<module>.proof_step` and `source.not_checkable`) gets the verdict its claims file records; a
// refuted step carries its least counterexample, `proof_survives` and `repair` and no seed; every
// step name a schema enumerates has a predicate; each proof_step checker's example claim loads.
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <cstdio>

#include "igv_build_info.h"
#include "properties/base/checker.h"
#include "properties/base/claims_file.h"
#include "properties/base/proof_steps.h"

using namespace igv;

namespace {

const char* const kStepCheckers[] = {"frolov.proof_step", "subtraction.proof_step",
                                     "welter.proof_step", "octal.proof_step",
                                     "ferguson.proof_step"};

const char* const kDocuments[] = {"000_a85f04da58584fa6", "001_bc98b3364103fd4a",
                                  "002_ae6d722b5ea2de0c", "003_44ff00b94ceef14c",
                                  "004_2d19be0a5059ae39"};

bool is_step_claim(const Claim& c) {
  return c.checker == "source.not_checkable" ||
         (c.checker.size() > 11 && c.checker.ends_with(".proof_step"));
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_step_name_has_a_predicate) {
  for (const char* name : kStepCheckers) {
    const CheckerInfo* info = find_checker(name);
    BOOST_TEST_REQUIRE(info != nullptr, name);
    BOOST_TEST(!info->schema.establishes.empty());
    BOOST_TEST(!info->schema.asserted.has_value());
    const Field* step = info->schema.param("step");
    BOOST_TEST_REQUIRE(step != nullptr);
    BOOST_TEST(step->required);
    BOOST_TEST(!step->choices.empty());
    for (const std::string& choice : step->choices) {
      BOOST_TEST(find_proof_step(name, choice) != nullptr, name << ": " << choice);
    }
    BOOST_TEST(step->choices == proof_step_names(name));
  }
  BOOST_TEST(find_checker("source.not_checkable") != nullptr);
}

BOOST_AUTO_TEST_CASE(example_claims_load) {
  for (const char* name : {"frolov.proof_step", "subtraction.proof_step", "welter.proof_step",
                           "octal.proof_step", "ferguson.proof_step", "source.not_checkable"}) {
    const CheckerInfo* info = find_checker(name);
    BOOST_TEST_REQUIRE(info != nullptr);
    const std::string text = "[document]\nid = \"example\"\ntitle = \"example\"\n\n" +
                             example_claim_toml(name, info->schema);
    BOOST_CHECK_NO_THROW(parse_claims(text, "example"));
  }
}

BOOST_AUTO_TEST_CASE(unknown_step_and_missing_why_fail_to_load) {
  const std::string head =
      "[document]\nid = \"x\"\ntitle = \"x\"\n\n[[claim]]\nid = \"x.1\"\n"
      "locator = \"-\"\nstatement = \"-\"\nkind = \"proof-step\"\n";
  BOOST_CHECK_THROW(parse_claims(head + "checker = \"frolov.proof_step\"\n"
                                        "params = { step = \"G2.step9\" }\n",
                                 "bad"),
                    std::exception);
  BOOST_CHECK_THROW(parse_claims(head + "checker = \"frolov.proof_step\"\n"
                                        "params = { step = \"G7.step1\", max_mm = 3 }\n",
                                 "bad"),
                    std::exception);
  BOOST_CHECK_THROW(parse_claims(head + "checker = \"source.not_checkable\"\nparams = {}\n", "bad"),
                    std::exception);
}

BOOST_AUTO_TEST_CASE(every_step_claim_has_its_expected_verdict) {
  int checked = 0;
  for (const char* doc : kDocuments) {
    const auto claims =
        load_claims_file(std::string(IGV_SOURCE_DIR) + "/properties/claims/" + doc + ".toml");
    int in_doc = 0;
    for (const Claim& c : claims) {
      if (!is_step_claim(c)) continue;
      ++in_doc;
      BOOST_TEST((std::find(c.tags.begin(), c.tags.end(), "proof-step") != c.tags.end()), c.id);
      const CheckerInfo* checker = find_checker(c.checker);
      BOOST_TEST_REQUIRE(checker != nullptr, c.checker);
      CheckContext ctx;
      const auto t0 = std::chrono::steady_clock::now();
      const Outcome o = checker->fn(c, ctx);
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      BOOST_TEST(to_string(o.verdict) == to_string(c.expected_verdict), c.id << ": " << o.summary);
      BOOST_TEST(!o.evidence.contains("seed"), c.id);
      if (o.verdict == Verdict::refuted) {
        BOOST_TEST(!o.counterexample().is_null(), c.id);
        BOOST_TEST(o.evidence.contains("proof_survives"), c.id);
        BOOST_TEST(o.evidence.contains("repair"), c.id);
        BOOST_TEST(o.evidence.contains("counterexample_order"), c.id);
      }
      std::printf("%-52s %-12s %7.3f s  %s\n", c.id.c_str(),
                  std::string(to_string(o.verdict)).c_str(), s, o.summary.substr(0, 100).c_str());
      ++checked;
    }
    BOOST_TEST(in_doc > 0, doc);
  }
  BOOST_TEST(checked >= 70);
}

// The least counterexamples of the refuted steps, as the independent scripts found them
// (/work/drafts/scripts, reproduced in the evidence).
BOOST_AUTO_TEST_CASE(least_counterexamples) {
  const auto claims = load_claims_files(
      {std::string(IGV_SOURCE_DIR) + "/properties/claims/000_a85f04da58584fa6.toml",
       std::string(IGV_SOURCE_DIR) + "/properties/claims/001_bc98b3364103fd4a.toml"});
  auto run = [&](const std::string& id) {
    for (const Claim& c : claims) {
      if (c.id == id) return find_checker(c.checker)->fn(c, CheckContext{});
    }
    BOOST_FAIL("no claim " + id);
    return Outcome{};
  };
  auto cex = [&](const std::string& id) { return run(id).counterexample(); };
  nlohmann::json x = cex("frolov2012.proof.G2.step2");
  BOOST_TEST((x["m"] == 0 && x["n"] == 1 && x["n1"] == 0));
  x = cex("frolov2012.proof.G2.step3");
  BOOST_TEST((x["m"] == 3 && x["n"] == 4 && x["n1"] == 0 && x["x"] == 3 && x["k"] == 2));
  x = cex("frolov2012.proof.G2.step4");
  BOOST_TEST((x["m"] == 3 && x["n"] == 1 && x["n1"] == 0 && x["x"] == 3 && x["k"] == 4));
  x = cex("frolov2012.proof.T1.step1_h_bounds");
  BOOST_TEST((x["m"] == 0 && x["n"] == 0 && x["h"] == -1));
  x = cex("frolov2012.proof.T1.step5_R_inclusion");
  BOOST_TEST(
      (x["m"] == 2 && x["n0"] == 5 && x["tau"] == 12 && x["k"] == 0 && x["least_missing"] == 15));
  x = cex("frolov2012.proof.T1.step5_R_inclusion_general");
  BOOST_TEST((x["m"] == 2 && x["n"] == 2));
  x = cex("zhang.winning_condition.step2");
  BOOST_TEST((x["S"] == nlohmann::json({1, 2, 3}) && x["n"] == 1));
  x = cex("zhang.sg.recursion_operator");
  BOOST_TEST(
      (x["S"] == nlohmann::json({1, 2, 3}) && x["n"] == 1 && x["max"] == 0 && x["mex"] == 1));
  x = cex("zhang.bipartite.theorem3.provenance");
  BOOST_TEST(x["a"] == 5);
  x = cex("zhang.bipartite.family1_table.row_k");
  BOOST_TEST((x["a"] == 3 && x["t"] == 1 && x["printed"] == "030101010101" &&
              x["computed"] == "020101010101"));
}
