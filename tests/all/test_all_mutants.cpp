// The claim mutation test: a checker must decide exactly the statement its claim makes, so a
// mutant of a claim — one number of its asserted value changed, or an enumerated statement
// parameter swapped for another — must not keep a `proved`, `verified` or `passed` verdict.
//
// For every shipped claim and every claim of the test claims files with an asserted value or a
// stated `choice` parameter, the mutants are:
//   - up to three numbers of the asserted value (the first, the middle and the last number in
//     document order), each increased by one;
//   - up to three other values of each stated choice parameter;
//   - for a formula (a string asserted value), its first and last integer literals (outside
//     quoted game specifications), each increased by one.
// A mutant that stays true is accepted only when it is shown true elsewhere:
//   - an enumerated swap that names a statement another shipped claim of the same checker makes
//     and is recorded true for (that claim is checked on its own in the same run), or
//   - an entry of tests/data/equivalent_mutants.txt (claim id, mutation, and why the mutant is a
//     true statement); the test fails when a listed mutant is no longer true, so the list stays
//     exact.
// The score (mutants killed / mutants) is printed.
#include <boost/test/unit_test.hpp>
#include <cctype>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "igv_build_info.h"
#include "properties/base/checker.h"
#include "properties/base/claims_file.h"
#include "properties/base/runner.h"

using namespace igv;

namespace {

struct Mutant {
  Claim claim;
  std::string label;   ///< "asserted/3/1 +1" or "choice step=T1.step3"
  std::string origin;  ///< the id of the claim it mutates
  std::string choice_key, choice_value;
};

bool true_verdict(Verdict v) {
  return v == Verdict::proved || v == Verdict::verified || v == Verdict::passed;
}

void number_paths(const nlohmann::json& v, const std::string& path, std::vector<std::string>& out) {
  if (v.is_number_integer()) {
    out.push_back(path);
  } else if (v.is_array()) {
    for (std::size_t i = 0; i < v.size(); ++i)
      number_paths(v[i], path + "/" + std::to_string(i), out);
  } else if (v.is_object()) {
    for (const auto& [k, x] : v.items()) number_paths(x, path + "/" + k, out);
  }
}

std::vector<Mutant> mutants_of(const Claim& c) {
  std::vector<Mutant> out;
  const CheckerInfo* info = find_checker(c.checker);
  if (info == nullptr) return out;
  std::vector<std::string> paths;
  number_paths(c.asserted, "", paths);
  std::set<std::size_t> picks;
  if (!paths.empty()) picks = {0, paths.size() / 2, paths.size() - 1};
  for (std::size_t i : picks) {
    Mutant m{c, "asserted" + paths[i] + " +1", c.id, "", ""};
    const nlohmann::json::json_pointer ptr(paths[i]);
    m.claim.asserted[ptr] = m.claim.asserted[ptr].get<std::int64_t>() + 1;
    m.claim.id = c.id + "#" + std::to_string(out.size());
    out.push_back(std::move(m));
  }
  // A formula (game.formula): its first and last integer literals outside quoted game
  // specifications, each increased by one.
  if (c.asserted.is_string()) {
    const std::string text = c.asserted.get<std::string>();
    std::vector<std::pair<std::size_t, std::size_t>> literals;  // (start, length)
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '"') quoted = !quoted;
      if (quoted || !std::isdigit(static_cast<unsigned char>(text[i]))) continue;
      if (i > 0 && (std::isalnum(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '_'))
        continue;
      std::size_t j = i;
      while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
      literals.emplace_back(i, j - i);
      i = j - 1;
    }
    std::set<std::size_t> at;
    if (!literals.empty()) at = {0, literals.size() - 1};
    for (std::size_t k : at) {
      const auto [start, length] = literals[k];
      const auto bumped = std::to_string(std::stoll(text.substr(start, length)) + 1);
      Mutant m{c, "formula literal " + std::to_string(k) + " +1", c.id, "", ""};
      m.claim.asserted = text.substr(0, start) + bumped + text.substr(start + length);
      m.claim.id = c.id + "#" + std::to_string(out.size());
      out.push_back(std::move(m));
    }
  }
  for (const auto& f : info->schema.params) {
    if (f.kind != FieldKind::choice || !c.params.contains(f.name)) continue;
    const auto current = c.params.at(f.name).get<std::string>();
    std::vector<std::string> others;
    for (const auto& v : f.choices) {
      if (v != current) others.push_back(v);
    }
    std::set<std::size_t> at;
    if (!others.empty()) at = {0, others.size() / 2, others.size() - 1};
    for (std::size_t i : at) {
      Mutant m{c, "choice " + f.name + "=" + others[i], c.id, f.name, others[i]};
      m.claim.params[f.name] = others[i];
      m.claim.id = c.id + "#" + std::to_string(out.size());
      out.push_back(std::move(m));
    }
  }
  return out;
}

/// "checker|key=value" for every statement a shipped claim makes and is recorded true for.
std::set<std::string> recorded_true_statements(const std::vector<Claim>& claims) {
  std::set<std::string> out;
  for (const auto& c : claims) {
    if (!c.expected_verdict || !true_verdict(*c.expected_verdict)) continue;
    const CheckerInfo* info = find_checker(c.checker);
    for (const auto& f : info->schema.params) {
      if (f.kind == FieldKind::choice && c.params.contains(f.name)) {
        out.insert(c.checker + "|" + f.name + "=" + c.params.at(f.name).get<std::string>());
      }
    }
  }
  return out;
}

/// tests/data/equivalent_mutants.txt: "claim-id<TAB>mutation<TAB>why", '#' comments.
std::map<std::string, std::string> listed_equivalents() {
  std::map<std::string, std::string> out;
  std::ifstream in(std::string(IGV_SOURCE_DIR) + "/tests/data/equivalent_mutants.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string id, mutation, why;
    std::getline(fields, id, '\t');
    std::getline(fields, mutation, '\t');
    std::getline(fields, why);
    BOOST_TEST_REQUIRE(!why.empty(), "equivalent_mutants.txt: every entry says why: " << line);
    out[id + "\t" + mutation] = why;
  }
  return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(no_mutant_of_a_claim_stays_true) {
  auto files = default_claims_files();
  files.push_back(std::string(IGV_SOURCE_DIR) + "/tests/data/false_claims.toml");
  files.push_back(std::string(IGV_SOURCE_DIR) + "/tests/data/generic_claims.toml");
  const auto claims = load_claims_files(files);
  const auto recorded = recorded_true_statements(claims);
  const auto listed = listed_equivalents();

  std::vector<Mutant> mutants;
  for (const auto& c : claims) {
    for (auto& m : mutants_of(c)) mutants.push_back(std::move(m));
  }
  std::vector<Claim> to_run;
  for (const auto& m : mutants) to_run.push_back(m.claim);
  RunOptions options;
  options.jobs = 2;
  options.time_limit_seconds = 120;
  const auto results = run_claims(to_run, options);

  std::size_t killed = 0, by_recorded = 0, by_list = 0;
  std::set<std::string> listed_seen;
  for (std::size_t i = 0; i < mutants.size(); ++i) {
    const Mutant& m = mutants[i];
    const Verdict v = results[i].outcome.verdict;
    if (!true_verdict(v)) {
      ++killed;
      continue;
    }
    const std::string key = m.origin + "\t" + m.label;
    if (!m.choice_key.empty() &&
        recorded.count(m.claim.checker + "|" + m.choice_key + "=" + m.choice_value) > 0) {
      ++by_recorded;
    } else if (listed.count(key) > 0) {
      ++by_list;
      listed_seen.insert(key);
    } else {
      BOOST_ERROR("mutant of " << m.origin << " (" << m.label << ") stays " << to_string(v) << ": "
                               << results[i].outcome.summary);
    }
  }
  for (const auto& [key, why] : listed) {
    BOOST_TEST(listed_seen.count(key) > 0,
               "listed equivalent mutant is no longer true (remove it): " << key);
  }
  std::cout << "mutation score: " << killed << " killed of " << mutants.size() << " mutants; "
            << by_recorded << " true swaps to statements recorded true by another claim, "
            << by_list << " listed equivalent mutants\n";
  BOOST_TEST(mutants.size() > 200U);
}
