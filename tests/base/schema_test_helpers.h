// Checks shared by the modules' schema tests: every checker of a module declares a schema whose
// example claim loads, and a claim with a misspelt or out-of-range parameter does not load (an
// InputError naming the key).
#pragma once

#include <boost/test/unit_test.hpp>
#include <string>
#include <vector>

#include "core/base/trusted/errors.h"
#include "properties/base/checker.h"
#include "properties/base/claims_file.h"
#include "properties/base/schema.h"

namespace igv::test {

/// A claims file holding one claim: the [document] header and the given [[claim]] text.
inline std::string claims_file_with(const std::string& claim_toml) {
  return "[document]\nid = \"test\"\ntitle = \"test\"\n\n" + claim_toml;
}

/// A claims file with one claim of `checker`, its params and asserted value as TOML text
/// (empty: omitted).
inline std::string claim_toml(const std::string& checker, const std::string& params,
                              const std::string& asserted = "") {
  std::string t =
      "[[claim]]\nid = \"t.claim\"\nlocator = \"§1\"\nstatement = \"s\"\n"
      "kind = \"test\"\nchecker = \"" +
      checker + "\"\n";
  if (!params.empty()) t += "params = " + params + "\n";
  if (!asserted.empty()) t += "asserted = " + asserted + "\n";
  return claims_file_with(t);
}

/// The checkers whose name starts with one of `prefixes`.
inline std::vector<const CheckerInfo*> checkers_named(const std::vector<std::string>& prefixes) {
  std::vector<const CheckerInfo*> out;
  for (const CheckerInfo* c : checkers()) {
    for (const auto& p : prefixes) {
      if (c->name.rfind(p, 0) == 0) {
        out.push_back(c);
        break;
      }
    }
  }
  return out;
}

/// Every checker is declared with a schema, says what it establishes, and its example claim
/// loads (with the example's params and asserted value intact).
inline void require_declared_with_loading_examples(const std::vector<const CheckerInfo*>& list) {
  BOOST_TEST_REQUIRE(!list.empty());
  for (const CheckerInfo* c : list) {
    BOOST_TEST_CONTEXT(c->name) {
      BOOST_TEST(!c->schema.establishes.empty());
      const std::string text = claims_file_with(example_claim_toml(c->name, c->schema));
      std::vector<Claim> claims;
      BOOST_CHECK_NO_THROW(claims = parse_claims(text, c->name + " example"));
      if (claims.size() == 1U) {
        BOOST_TEST(claims[0].params == c->schema.example_params);
        if (c->schema.asserted) BOOST_TEST(!claims[0].asserted.is_null());
      }
    }
  }
}

/// Loading `text` fails with an InputError whose message names every string in `words`.
inline void require_load_error_naming(const std::string& text,
                                      const std::vector<std::string>& words) {
  try {
    (void)parse_claims(text, "bad.toml");
    BOOST_ERROR("loaded, but should not have:\n" << text);
  } catch (const InputError& e) {
    const std::string what = e.what();
    for (const auto& w : words) {
      BOOST_TEST(what.find(w) != std::string::npos, "'" << w << "' not in: " << what);
    }
  }
}

/// For every checker in `list` with at least one parameter: a misspelt copy of a parameter's
/// name is a load error naming the misspelt key and the accepted keys.
inline void require_misspelt_keys_rejected(const std::vector<const CheckerInfo*>& list) {
  for (const CheckerInfo* c : list) {
    if (c->schema.params.empty()) continue;
    BOOST_TEST_CONTEXT(c->name) {
      nlohmann::json params = c->schema.example_params;
      const std::string key = c->schema.params.front().name;
      const std::string misspelt = key + "x";
      params[misspelt] = params.contains(key) ? params[key] : nlohmann::json(1);
      params.erase(key);
      std::string t =
          "[[claim]]\nid = \"t.claim\"\nlocator = \"§1\"\nstatement = \"s\"\n"
          "kind = \"test\"\nchecker = \"" +
          c->name + "\"\nparams = " + to_toml_value(params) + "\n";
      if (!c->schema.example_asserted.is_null()) {
        t += "asserted = " + to_toml_value(c->schema.example_asserted) + "\n";
      }
      require_load_error_naming(claims_file_with(t), {"t.claim", misspelt, key});
    }
  }
}

}  // namespace igv::test
