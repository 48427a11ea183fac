#include "properties/base/claims_file.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include "core/base/toml.h"
#include "core/base/trusted/errors.h"
#include "core/base/trusted/json_input.h"
#include "igv_build_info.h"
#include "properties/base/checker.h"
#include "properties/base/formula.h"
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

/// The checkers a format-1 file may still name by their older spelling: one checker with a
/// `what` parameter that chose among statements (before 23 November 2026), now one checker per
/// statement.
struct RenamedStatement {
  const char* checker;
  const char* what;
  const char* now;
};
constexpr RenamedStatement kRenamedStatements[] = {
    {"ferguson.dynamic", "best_move", "ferguson.dynamic.best_move"},
    {"ferguson.dynamic", "second_player_n", "ferguson.dynamic"},
    {"ferguson.dynamic", "zeckendorf", "ferguson.fibonacci.zeckendorf"},
    {"ferguson.dynamic", "example_43", "ferguson.fibonacci.example"},
    {"ferguson.dynamic", "fibonacci_sequence", "ferguson.fibonacci.sequence"},
    {"ferguson.chomp", "board_after_moves", "ferguson.chomp.board_after_moves"},
    {"ferguson.chomp", "unique_winning_move", "ferguson.chomp.unique_winning_move"},
    {"ferguson.chomp", "rectangles_first_player_wins", "ferguson.chomp.rectangles"},
    {"ferguson.chomp", "top_right_corner", "ferguson.chomp.top_right_corner"},
};

const std::set<std::string>& known_claim_fields() {
  static const std::set<std::string> fields{"id",        "document",         "title",  "locator",
                                            "statement", "reading",          "tags",   "kind",
                                            "checker",   "expected_verdict", "params", "asserted"};
  return fields;
}

/// The claims file's format: [document] format = N (1 when absent: files written before the
/// format carried a version).
int claims_file_format(const toml::table& doc, const std::string& origin) {
  const auto* node = doc.get("format");
  if (node == nullptr) return 1;
  const auto* i = node->as_integer();
  if (i == nullptr || i->get() < 1) {
    throw InputError("claims file " + where(origin, *node) +
                     ": [document] format must be a positive integer (1 or " +
                     std::to_string(kClaimsFileFormat) + ")");
  }
  if (i->get() > kClaimsFileFormat) {
    throw InputError("claims file " + where(origin, *node) + ": format " +
                     std::to_string(i->get()) + " is newer than this build reads (" +
                     std::to_string(kClaimsFileFormat) + ")");
  }
  return static_cast<int>(i->get());
}

}  // namespace

static void load_one_claim(const toml::node& node, const std::string& origin,
                           const std::string& doc_id, const std::string& doc_title, int format,
                           std::set<std::string>& seen, std::vector<Claim>& claims);

static std::string migrate_claim(Claim& c) {
  if (!c.params.is_object() || !c.params.contains("what") || !c.params.at("what").is_string())
    return "";
  const std::string what = c.params.at("what").get<std::string>();
  for (const auto& r : kRenamedStatements) {
    if (c.checker == r.checker && what == r.what) {
      const std::string before = c.checker;
      c.checker = r.now;
      c.params.erase("what");
      return "checker " + before + " with what = \"" + what + "\" (format 1) is read as checker " +
             r.now + " without 'what'";
    }
  }
  return "";
}

namespace {
/// A claims file's text parsed as TOML (its key depth checked first), with its [document] table:
/// InputError, naming the line, when it is not valid TOML or has no [document].
toml::table parse_claims_toml(const std::string& toml_text, const std::string& origin) {
  check_key_depth(toml_text, origin);
  toml::table root;
  try {
    root = toml::parse(toml_text, origin);
  } catch (const toml::parse_error& e) {
    throw InputError("claims file " + origin + ":" + std::to_string(e.source().begin.line) +
                     ": not valid TOML: " + std::string(e.description()));
  }
  if (root["document"].as_table() == nullptr)
    throw InputError("claims file " + origin + ": missing the [document] table");
  return root;
}

std::vector<Claim> parse_claims_keeping(const std::string& toml_text, const std::string& origin,
                                        std::vector<ClaimLoadFault>* kept);
}  // namespace

std::vector<Claim> parse_claims(const std::string& toml_text, const std::string& origin) {
  return parse_claims_keeping(toml_text, origin, nullptr);
}

namespace {
std::vector<Claim> parse_claims_keeping(const std::string& toml_text, const std::string& origin,
                                        std::vector<ClaimLoadFault>* kept) {
  toml::table root = parse_claims_toml(toml_text, origin);
  const toml::table* doc = root["document"].as_table();
  const std::string doc_id = optional_string(*doc, "id", origin, "");
  const std::string doc_title = optional_string(*doc, "title", origin, "");
  if (doc_id.empty()) throw InputError("claims file " + origin + ": [document] lacks 'id'");
  require_id(doc_id, "document id", where(origin, *doc->get("id")));
  for (const auto& [key, value] : *doc) {
    if (key.str() != "id" && key.str() != "title" && key.str() != "format") {
      throw InputError("claims file " + where(origin, value) +
                       ": [document] has an unknown field '" + printable_id(key.str()) +
                       "' (accepted: id, title, format)");
    }
  }
  const int format = claims_file_format(*doc, origin);

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
      load_one_claim(node, origin, doc_id, doc_title, format, seen, claims);
    } catch (const InputError& e) {
      faults.emplace_back(e.what());
      if (kept != nullptr) {
        std::string id;
        if (const auto* t = node.as_table()) {
          if (const auto* s = t->get("id"); s != nullptr && s->as_string() != nullptr)
            id = s->as_string()->get();
        }
        if (!id_fault(id).empty()) id.clear();
        kept->push_back({origin, id, e.what()});
      }
    }
  }
  if (!faults.empty() && kept == nullptr) throw InputErrors(faults);
  return claims;
}
}  // namespace

static void load_one_claim(const toml::node& node, const std::string& origin,
                           const std::string& doc_id, const std::string& doc_title, int format,
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
    if (format == 1) {
      if (const std::string note = migrate_claim(c); !note.empty()) {
        std::cerr << "verify: warning: claims file " << where(origin, node) << ": claim '" << c.id
                  << "': " << note << " (`verify migrate " << origin << "` rewrites the file)\n";
      }
    }
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
    if (format == 1 && checker->schema.formulas) {
      // `and` and `or` were bitwise and bound tighter than comparisons in format 1: a formula
      // that reads differently now is refused rather than read one way or the other.
      for (const auto& [key, text] : checker->schema.formulas(c.params, c.asserted)) {
        const std::string diff = Formula::legacy_difference(text);
        if (diff.empty()) continue;
        throw InputError("claims file " + where(origin, node) + ": claim '" + c.id + "' (checker " +
                         c.checker + "): " + key + ": '" + text +
                         "' reads differently since claims-file format 2 (and, or are logical "
                         "and bind looser than comparisons; bitwise: &, |): " +
                         diff +
                         "; state format = 2 in [document] for the format-2 reading, "
                         "or run `verify migrate " +
                         origin + "`");
      }
    }
    c.claims_file = origin;
    claims.push_back(std::move(c));
  }
}

namespace {

/// The lines of `text` (without their ends), 1-based through lines[n - 1].
std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string::npos) {
      lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

/// Replaces the first `from` in lines[first - 1 .. last - 1] by `to`; false when absent.
bool replace_in(std::vector<std::string>& lines, std::size_t first, std::size_t last,
                const std::string& from, const std::string& to) {
  for (std::size_t l = first; l <= last && l <= lines.size(); ++l) {
    const auto at = lines[l - 1].find(from);
    if (at != std::string::npos) {
      lines[l - 1].replace(at, from.size(), to);
      return true;
    }
  }
  return false;
}

/// A formula as a TOML string: basic when it holds no '"' or '\\', else literal.
std::string toml_string(const std::string& text) {
  if (text.find_first_of("\"\\") == std::string::npos) return "\"" + text + "\"";
  return "'" + text + "'";
}

}  // namespace

std::string migrate_claims_text(const std::string& toml_text, const std::string& origin,
                                std::vector<std::string>* changes) {
  toml::table root = parse_claims_toml(toml_text, origin);
  const toml::table* doc = root["document"].as_table();
  if (claims_file_format(*doc, origin) == kClaimsFileFormat)
    throw InputError("claims file " + origin + " is already of format " +
                     std::to_string(kClaimsFileFormat) + ": nothing to migrate");
  auto lines = split_lines(toml_text);
  const auto note = [&](const std::string& line) {
    if (changes != nullptr) changes->push_back(line);
  };
  const auto* list = root["claim"].as_array();
  std::vector<std::pair<std::size_t, std::size_t>> spans;  // each claim's lines
  if (list != nullptr) {
    for (std::size_t i = 0; i < list->size(); ++i) {
      const auto first = static_cast<std::size_t>((*list)[i].source().begin.line);
      const std::size_t last =
          i + 1 < list->size() ? static_cast<std::size_t>((*list)[i + 1].source().begin.line) - 1
                               : lines.size();
      spans.emplace_back(first, last);
    }
  }
  for (std::size_t i = 0; list != nullptr && i < list->size(); ++i) {
    const auto* t = (*list)[i].as_table();
    if (t == nullptr) continue;
    Claim c;
    c.id = optional_string(*t, "id", origin, "(no id)");
    c.checker = optional_string(*t, "checker", origin, "");
    if (const auto* params = t->get("params"); params != nullptr && params->is_table())
      c.params = to_json(*params, origin);
    if (const auto* asserted = t->get("asserted")) c.asserted = to_json(*asserted, origin);
    const auto [first, last] = spans[i];
    const std::string before = c.checker;
    if (const std::string what = migrate_claim(c); !what.empty()) {
      const std::string w = "\"" + before + "\"";
      if (!replace_in(lines, first, last, "checker = " + w, "checker = \"" + c.checker + "\""))
        throw InputError("claims file " + origin + ": claim '" + c.id +
                         "': its checker line is not written `checker = " + w +
                         "`: rewrite it by hand");
      bool removed = false;
      for (std::size_t l = first; l <= last && !removed; ++l) {
        auto& line = lines[l - 1];
        const auto at = line.find("what");
        if (at == std::string::npos) continue;
        const auto q1 = line.find('"', at);
        const auto q2 = q1 == std::string::npos ? q1 : line.find('"', q1 + 1);
        if (q2 == std::string::npos) continue;
        std::size_t end = q2 + 1;
        while (end < line.size() && (line[end] == ' ' || line[end] == ',')) ++end;
        line.erase(at, end - at);
        removed = true;
      }
      if (!removed)
        throw InputError("claims file " + origin + ": claim '" + c.id +
                         "': its `what = \"…\"` is not on one line: rewrite it by hand");
      note("claim '" + c.id + "': " + what);
    }
    const CheckerInfo* checker = find_checker(c.checker);
    if (checker == nullptr || !checker->schema.formulas) continue;
    for (const auto& [key, text] : checker->schema.formulas(c.params, c.asserted)) {
      if (Formula::legacy_difference(text).empty()) continue;
      const std::string now = Formula::from_legacy(text);
      bool done = false;
      for (const std::string& quoted : {"\"" + text + "\"", "'" + text + "'"})
        done = done || replace_in(lines, first, last, quoted, toml_string(now));
      if (!done)
        throw InputError("claims file " + origin + ": claim '" + c.id + "': " + key + " '" + text +
                         "' is not written as one plain string: rewrite it by hand as '" + now +
                         "'");
      note("claim '" + c.id + "': " + key + ": '" + text + "' (format 1) is now '" + now + "'");
    }
  }
  // format = 2 right after the [document] header
  bool placed = false;
  for (auto& line : lines) {
    const auto start = line.find_first_not_of(" \t");
    if (start != std::string::npos && line.compare(start, 10, "[document]") == 0) {
      line += "\nformat = " + std::to_string(kClaimsFileFormat);
      placed = true;
      break;
    }
  }
  if (!placed)
    throw InputError("claims file " + origin +
                     ": no `[document]` header line to add the format to: add `format = " +
                     std::to_string(kClaimsFileFormat) + "` to it by hand");
  note("[document]: format = " + std::to_string(kClaimsFileFormat));
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i)
    out += lines[i] + (i + 1 < lines.size() ? "\n" : "");
  // What was written must load as the current format.
  (void)parse_claims(out, origin);
  return out;
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

std::vector<Claim> load_claims_files(const std::vector<std::string>& paths,
                                     std::vector<ClaimLoadFault>* kept) {
  std::vector<Claim> all;
  std::set<std::string> ids;
  std::vector<std::string> faults;  // every file's, one line each
  for (const auto& p : paths) {
    std::vector<Claim> claims;
    try {
      claims = parse_claims_keeping(read_input_file(p, "claims file '" + p + "'"), p, kept);
    } catch (const InputErrors& e) {
      faults.insert(faults.end(), e.lines.begin(), e.lines.end());
      if (kept != nullptr) {
        for (const auto& line : e.lines) kept->push_back({p, "", line});
      }
      continue;
    } catch (const InputError& e) {
      faults.emplace_back(e.what());
      if (kept != nullptr) kept->push_back({p, "", e.what()});
      continue;
    }
    for (auto& c : claims) {
      if (!ids.insert(c.id).second) {
        const std::string line = "claims file " + p + ": claim id '" + c.id +
                                 "' is already defined in another claims file";
        faults.push_back(line);
        if (kept != nullptr) kept->push_back({p, "", line});
        continue;
      }
      all.push_back(std::move(c));
    }
  }
  if (!faults.empty() && kept == nullptr) throw InputErrors(faults);
  return all;
}

}  // namespace igv
