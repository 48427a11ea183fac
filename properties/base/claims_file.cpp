#include "properties/base/claims_file.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/json_input.h"
#include "core/base/toml.h"
#include "igv_build_info.h"
#include "properties/base/checker.h"
#include "properties/base/ids.h"

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

/// Throws unless `id` has the id syntax (properties/base/ids.h): ids name the report's files.
void require_id(const std::string& id, const std::string& what, const std::string& at) {
  const std::string fault = id_fault(id);
  if (!fault.empty()) {
    throw InputError("claims file " + at + ": " + what + " '" + printable_id(id) +
                     "' is not a valid id: " + fault);
  }
}

/// Throws when a string of a claim's params or asserted value may name a file: `@FILE` positions
/// are for the command line only, so that a claims file cannot read (and a report echo) a local
/// file.
void forbid_file_references(const nlohmann::json& v, const std::string& at,
                            const std::string& claim_id, const char* key) {
  if (v.is_string()) {
    // '@' opening a position or one of its parts ("@f", "3+@f"); "a@b" in a text is no file.
    const auto& text = v.get_ref<const std::string&>();
    bool names_file = false;
    for (auto p = text.find('@'); p != std::string::npos; p = text.find('@', p + 1)) {
      const int before = p == 0 ? ' ' : static_cast<unsigned char>(text[p - 1]);
      names_file = names_file || std::isalnum(before) == 0;
    }
    if (names_file) {
      throw InputError("claims file " + at + ": claim '" + claim_id + "': '" + key +
                       "' holds '@': positions from a file (@FILE) are read from the command "
                       "line only, never from a claims file");
    }
    return;
  }
  if (v.is_array() || v.is_object()) {
    for (const auto& item : v) forbid_file_references(item, at, claim_id, key);
  }
}

/// toml++ nests one table per part of a dotted key (a.b.c = 1) and recurses as deep, so a line
/// with tens of thousands of parts overflows the stack before any check could see the table.
/// The file is refused before parsing when a line has more dots outside strings and comments
/// than values may nest (a number such as 1.5 or a date's fraction counts no dot).
void check_key_depth(const std::string& text, const std::string& origin) {
  enum class In { code, basic, literal, ml_basic, ml_literal, comment };
  In in = In::code;
  std::size_t line = 1;
  int dots = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      dots = 0;
      if (in == In::comment || in == In::basic || in == In::literal) in = In::code;
      continue;
    }
    const bool triple = i + 2 < text.size() && text[i + 1] == c && text[i + 2] == c;
    switch (in) {
      case In::comment:
        break;
      case In::basic:
        if (c == '\\') {
          ++i;
        } else if (c == '"') {
          in = In::code;
        }
        break;
      case In::literal:
        if (c == '\'') in = In::code;
        break;
      case In::ml_basic:
        if (c == '\\') {
          ++i;
        } else if (c == '"' && triple) {
          in = In::code;
          i += 2;
        }
        break;
      case In::ml_literal:
        if (c == '\'' && triple) {
          in = In::code;
          i += 2;
        }
        break;
      case In::code:
        if (c == '#') {
          in = In::comment;
        } else if (c == '"') {
          in = triple ? In::ml_basic : In::basic;
          if (triple) i += 2;
        } else if (c == '\'') {
          in = triple ? In::ml_literal : In::literal;
          if (triple) i += 2;
        } else if (c == '.') {
          // A number's point (digits on both sides, the run holding no other point) is no key.
          const auto digit = [&text](std::size_t k) {
            return k < text.size() && text[k] >= '0' && text[k] <= '9';
          };
          const bool number = i > 0 && digit(i - 1) && digit(i + 1) &&
                              (i < 2 || text[i - 2] != '.') &&
                              (i + 2 >= text.size() || text[i + 2] != '.');
          if (!number && ++dots > kMaxJsonDepth) {
            throw InputError("claims file " + origin + ":" + std::to_string(line) +
                             ": a dotted key of more than " + std::to_string(kMaxJsonDepth) +
                             " parts");
          }
        }
        break;
    }
  }
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

std::vector<Claim> parse_claims(const std::string& toml_text, const std::string& origin) {
  check_key_depth(toml_text, origin);
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
  require_id(doc_id, "document id", where(origin, *doc->get("id")));
  for (const auto& [key, value] : *doc) {
    if (key.str() != "id" && key.str() != "title") {
      throw InputError("claims file " + where(origin, value) +
                       ": [document] has an unknown field '" + printable_id(key.str()) +
                       "' (accepted: id, title)");
    }
  }

  for (const auto& [key, value] : root) {
    if (key.str() != "document" && key.str() != "claim") {
      throw InputError("claims file " + where(origin, value) + ": unknown top-level key '" +
                       printable_id(key.str()) + "' (expected [document] and [[claim]])");
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
  if (!faults.empty()) throw InputErrors(faults);
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
    require_id(c.id, "claim id", where(origin, *t->get("id")));
    for (const auto& [k, v] : *t) {
      if (known_claim_fields().count(std::string(k.str())) == 0) {
        throw InputError("claims file " + where(origin, v) + ": claim '" + c.id +
                         "' has an unknown field '" + printable_id(k.str()) + "'");
      }
    }
    if (!seen.insert(c.id).second) {
      throw InputError("claims file " + where(origin, node) + ": duplicate claim id '" + c.id +
                       "'");
    }
    c.document = optional_string(*t, "document", origin, doc_id);
    if (const auto* d = t->get("document"))
      require_id(c.document, "document id", where(origin, *d));
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
    forbid_file_references(c.params, where(origin, node), c.id, "params");
    forbid_file_references(c.asserted, where(origin, node), c.id, "asserted");
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
    } catch (const InputErrors& e) {
      faults.insert(faults.end(), e.lines.begin(), e.lines.end());
      continue;
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
  if (!faults.empty()) throw InputErrors(faults);
  return all;
}

}  // namespace igv
