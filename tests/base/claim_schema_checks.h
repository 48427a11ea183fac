// Checks shared by the module tests of the claim schemas (issue 12): every checker of a module is
// declared with a schema whose example claim loads; misspelt, out-of-range and mistyped
// parameters fail to load with an InputError naming the claim and the key.
#pragma once

#include <boost/test/unit_test.hpp>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/base/trusted/errors.h"
#include "properties/base/checker.h"
#include "properties/base/claims_file.h"

namespace igv::schema_checks {

/// A claims file of one claim (id "t.claim") naming `checker`, with `params` and `asserted` as
/// TOML values ("" leaves them out).
inline std::string one_claim(const std::string& checker, const std::string& params,
                             const std::string& asserted = "") {
  std::string text =
      "[document]\nid = \"t\"\n\n[[claim]]\nid = \"t.claim\"\nlocator = \"test\"\n"
      "statement = \"test\"\nkind = \"test\"\nchecker = \"" +
      checker + "\"\n";
  if (!params.empty()) text += "params = " + params + "\n";
  if (!asserted.empty()) text += "asserted = " + asserted + "\n";
  return text;
}

/// The one claim of `one_claim(...)`, loaded.
inline Claim load_one(const std::string& checker, const std::string& params,
                      const std::string& asserted = "") {
  return parse_claims(one_claim(checker, params, asserted), "test").at(0);
}

/// Loading `toml` fails with an InputError whose message names every one of `words`.
inline void require_load_error(const std::string& toml, std::initializer_list<std::string> words) {
  try {
    (void)parse_claims(toml, "test");
    BOOST_ERROR("loaded, but should not:\n" << toml);
  } catch (const InputError& e) {
    const std::string message = e.what();
    for (const auto& w : words) {
      BOOST_TEST(message.find(w) != std::string::npos,
                 "the error names '" << w << "': " << message);
    }
  }
}

/// Every registered checker whose name starts with `prefix`.
inline std::vector<const CheckerInfo*> checkers_with_prefix(const std::string& prefix) {
  std::vector<const CheckerInfo*> out;
  for (const auto* c : checkers()) {
    if (c->name.rfind(prefix, 0) == 0) out.push_back(c);
  }
  return out;
}

/// Each checker is declared with a schema saying what it establishes; its example claim loads;
/// its example with one more, misspelt key does not, and the error names the key.
inline void require_declared_examples_and_misspellings(
    const std::vector<const CheckerInfo*>& list) {
  for (const auto* info : list) {
    BOOST_TEST_CONTEXT(info->name) {
      BOOST_TEST(!info->schema.establishes.empty());
      const std::string example =
          "[document]\nid = \"t\"\n\n" + example_claim_toml(info->name, info->schema);
      BOOST_CHECK_NO_THROW(parse_claims(example, "example"));
      nlohmann::json params = info->schema.example_params;
      params["firstindex"] = 1;  // a misspelt key, as in the issue
      const std::string asserted = info->schema.example_asserted.is_null()
                                       ? ""
                                       : to_toml_value(info->schema.example_asserted);
      require_load_error(one_claim(info->name, to_toml_value(params), asserted),
                         {"t.claim", "firstindex"});
      if (info->schema.asserted) {
        // A claim that lacks the asserted value the checker compares does not load.
        require_load_error(one_claim(info->name, to_toml_value(info->schema.example_params)),
                           {"t.claim", "asserted"});
      } else {
        // An asserted value given to a checker that reads none does not load.
        require_load_error(one_claim(info->name, to_toml_value(info->schema.example_params), "1"),
                           {"t.claim", "asserted"});
      }
    }
  }
}

}  // namespace igv::schema_checks
