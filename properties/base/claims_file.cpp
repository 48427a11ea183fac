#include "properties/base/claims_file.h"

#include <toml++/toml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/base/errors.h"
#include "core/base/json_input.h"
#include "igv_build_info.h"
#include "properties/base/checker.h"

namespace igv {

namespace {

// The conversion recurses once per level of nesting; a hostile file (a 20,000-deep dotted key)
// would exhaust the stack, so the depth is bounded as for every JSON input (kMaxJsonDepth).
nlohmann::json to_json(const toml::node& node, const std::string& origin, int depth = 0) {
  if ((node.is_table() || node.is_array()) && depth >= kMaxJsonDepth) {
    throw InputError("claims file " + origin + ":" + std::to_string(node.source().begin.line) +
                     ": a value nested more than " + std::to_string(kMaxJsonDepth) +
                     " levels deep");
  }
  if (const auto* t = node.as_table()) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [k, v] : *t) j[std::string(k.str())] = to_json(v, origin, depth + 1);
    return j;
  }
  if (const auto* a = node.as_array()) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& v : *a) j.push_back(to_json(v, origin, depth + 1));
    return j;
  }
  if (const auto* s = node.as_string()) return s->get();
  if (const auto* i = node.as_integer()) return i->get();
  if (const auto* f = node.as_floating_point()) return f->get();
  if (const auto* b = node.as_boolean()) return b->get();
  // Dates and times have no meaning in a claim; keep their text.
  std::ostringstream os;
  node.visit([&os](const auto& n) { os << n; });
  return os.str();
}

std::string where(const std::string& origin, const toml::node& node) {
  const auto& src = node.source();
  return origin + ":" + std::to_string(src.begin.line);
}

std::string required_string(const toml::table& t, const char* key, const std::string& origin,
                            const std::string& claim_id) {
  const auto* node = t.get(key);
  if (node == nullptr) {
    throw InputError("claims file " + origin + ": claim '" + claim_id + "' lacks the field '" +
                     key + "'");
  }
  const auto* s = node->as_string();
  if (s == nullptr || s->get().empty()) {
    throw InputError("claims file " + where(origin, *node) + ": claim '" + claim_id + "': field '" +
                     key + "' must be a non-empty string");
  }
  return s->get();
}

std::string optional_string(const toml::table& t, const char* key, const std::string& origin,
                            const std::string& fallback) {
  const auto* node = t.get(key);
  if (node == nullptr) return fallback;
  const auto* s = node->as_string();
  if (s == nullptr) {
    throw InputError("claims file " + where(origin, *node) + ": field '" + key +
                     "' must be a string");
  }
  return s->get();
}

const std::set<std::string>& known_claim_fields() {
  static const std::set<std::string> fields{"id",        "document",         "title",  "locator",
                                            "statement", "reading",          "tags",   "kind",
                                            "checker",   "expected_verdict", "params", "asserted"};
  return fields;
}

}  // namespace

static void load_one_claim(const toml::node& node, const std::string& origin,
                           const std::string& doc_id, const std::string& doc_title,
                           std::set<std::string>& seen, std::vector<Claim>& claims);

static std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += (out.empty() ? "" : "\n") + l;
  return out;
}

std::vector<Claim> parse_claims(const std::string& toml_text, const std::string& origin) {
  toml::table root;
  try {
    root = toml::parse(toml_text, origin);
  } catch (const toml::parse_error& e) {
    throw InputError("claims file " + origin + ":" + std::to_string(e.source().begin.line) +
                     ": not valid TOML: " + std::string(e.description()));
  }
  const auto* doc = root["document"].as_table();
  if (doc == nullptr) throw InputError("claims file " + origin + ": missing the [document] table");
  const std::string doc_id = optional_string(*doc, "id", origin, "");
  const std::string doc_title = optional_string(*doc, "title", origin, "");
  if (doc_id.empty()) throw InputError("claims file " + origin + ": [document] lacks 'id'");

  for (const auto& [key, value] : root) {
    if (key.str() != "document" && key.str() != "claim") {
      throw InputError("claims file " + where(origin, value) + ": unknown top-level key '" +
                       std::string(key.str()) + "' (expected [document] and [[claim]])");
    }
  }

  std::vector<Claim> claims;
  const auto* list = root["claim"].as_array();
  if (root.contains("claim") && list == nullptr) {
    throw InputError("claims file " + origin + ": 'claim' must be an array of tables ([[claim]])");
  }
  if (list == nullptr) return claims;
  std::set<std::string> seen;
  // Every claim that does not load is reported, one line each (then the file is refused): an
  // author fixes them all at once.
  std::vector<std::string> faults;
  for (const auto& node : *list) {
    try {
      load_one_claim(node, origin, doc_id, doc_title, seen, claims);
    } catch (const InputError& e) {
      faults.emplace_back(e.what());
    }
  }
  if (!faults.empty()) throw InputError(join_lines(faults));
  return claims;
}

static void load_one_claim(const toml::node& node, const std::string& origin,
                           const std::string& doc_id, const std::string& doc_title,
                           std::set<std::string>& seen, std::vector<Claim>& claims) {
  {
    const auto* t = node.as_table();
    if (t == nullptr)
      throw InputError("claims file " + where(origin, node) + ": a claim must be a table");
    Claim c;
    c.id = required_string(*t, "id", origin, "(no id)");
    for (const auto& [k, v] : *t) {
      if (known_claim_fields().count(std::string(k.str())) == 0) {
        throw InputError("claims file " + where(origin, v) + ": claim '" + c.id +
                         "' has an unknown field '" + std::string(k.str()) + "'");
      }
    }
    if (!seen.insert(c.id).second) {
      throw InputError("claims file " + where(origin, node) + ": duplicate claim id '" + c.id +
                       "'");
    }
    c.document = optional_string(*t, "document", origin, doc_id);
    c.document_title = optional_string(*t, "title", origin, doc_title);
    c.locator = required_string(*t, "locator", origin, c.id);
    c.statement = required_string(*t, "statement", origin, c.id);
    c.reading = optional_string(*t, "reading", origin, "");
    c.kind = required_string(*t, "kind", origin, c.id);
    c.checker = required_string(*t, "checker", origin, c.id);
    // Omitted or "undecided": a claim under first check (its verdict does not set the exit code).
    const std::string verdict = optional_string(*t, "expected_verdict", origin, "undecided");
    if (verdict == "undecided") {
      c.expected_verdict = std::nullopt;
    } else {
      const auto v = parse_verdict(verdict);
      if (!v) {
        throw InputError("claims file " + origin + ": claim '" + c.id + "': expected_verdict '" +
                         verdict +
                         "' is not one of proved, verified, passed, refuted, inconclusive, error, "
                         "undecided");
      }
      c.expected_verdict = *v;
    }
    if (const auto* tags = t->get("tags")) {
      const auto* arr = tags->as_array();
      if (arr == nullptr)
        throw InputError("claims file " + where(origin, *tags) + ": claim '" + c.id +
                         "': 'tags' must be a list of strings");
      for (const auto& tag : *arr) {
        const auto* s = tag.as_string();
        if (s == nullptr || s->get().empty()) {
          throw InputError("claims file " + where(origin, tag) + ": claim '" + c.id +
                           "': every tag must be a non-empty string");
        }
        c.tags.push_back(s->get());
      }
    }
    if (const auto* params = t->get("params")) {
      if (!params->is_table())
        throw InputError("claims file " + where(origin, *params) + ": claim '" + c.id +
                         "': 'params' must be a table");
      c.params = to_json(*params, origin);
    }
    if (const auto* asserted = t->get("asserted")) c.asserted = to_json(*asserted, origin);
    const CheckerInfo* checker = find_checker(c.checker);
    if (checker == nullptr) {
      throw InputError("claims file " + origin + ": claim '" + c.id + "' names checker '" +
                       c.checker + "', which is not registered (see `verify checkers`)");
    }
    const std::string fault = validate_claim_against(checker->schema, c.params, c.asserted);
    if (!fault.empty()) {
      throw InputError("claims file " + where(origin, node) + ": claim '" + c.id + "' (checker " +
                       c.checker + "): " + fault);
    }
    c.claims_file = origin;
    claims.push_back(std::move(c));
  }
}

std::vector<Claim> load_claims_file(const std::string& path) {
  return parse_claims(read_input_file(path, "claims file '" + path + "'"), path);
}

std::vector<std::string> default_claims_files() {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  const fs::path dir = fs::path(IGV_SOURCE_DIR) / "properties" / "claims";
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.is_regular_file() && entry.path().extension() == ".toml") {
      files.push_back(entry.path().string());
    }
  }
  if (ec) throw InputError("cannot list the claims folder '" + dir.string() + "': " + ec.message());
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<Claim> load_claims_files(const std::vector<std::string>& paths) {
  std::vector<Claim> all;
  std::set<std::string> ids;
  std::vector<std::string> faults;  // every file's, one line each
  for (const auto& p : paths) {
    std::vector<Claim> claims;
    try {
      claims = load_claims_file(p);
    } catch (const InputError& e) {
      faults.emplace_back(e.what());
      continue;
    }
    for (auto& c : claims) {
      if (!ids.insert(c.id).second) {
        faults.push_back("claims file " + p + ": claim id '" + c.id +
                         "' is already defined in another claims file");
        continue;
      }
      all.push_back(std::move(c));
    }
  }
  if (!faults.empty()) throw InputError(join_lines(faults));
  return all;
}

}  // namespace igv
