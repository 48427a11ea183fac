#include "reports/base/report_tools.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/json_input.h"
#include "core/base/trusted/position.h"
#include "properties/base/ids.h"
#include "reports/base/report.h"

namespace igv {

std::pair<int, int> parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  if (slash == std::string::npos)
    throw InputError("--shard '" + text + "': expected K/N, e.g. 2/8");
  const auto k = parse_int(text.substr(0, slash), "--shard K");
  const auto n = parse_int(text.substr(slash + 1), "--shard N");
  if (n < 1 || n > 100000 || k < 1 || k > n) {
    throw InputError("--shard '" + text + "': need 1 <= K <= N");
  }
  return {static_cast<int>(k), static_cast<int>(n)};
}

std::vector<std::size_t> shard_positions(std::size_t claims, int k, int n) {
  std::vector<std::size_t> out;
  for (std::size_t i = static_cast<std::size_t>(k - 1); i < claims;
       i += static_cast<std::size_t>(n))
    out.push_back(i);
  return out;
}

nlohmann::json read_report(const std::string& path) {
  const std::string what = "report '" + path + "'";
  return validate_report(read_json_file_strict(path, what), what);
}

namespace {

/// The fields every claim of a report has (reports/report.schema.json, $defs/claim), with their
/// types: a report missing one is not a report of this harness, whichever command reads it.
void check_claim_fields(const nlohmann::json& c, const std::string& where) {
  using J = nlohmann::json;
  const auto require = [&](const char* key, bool optional, auto&& ok, const char* expected) {
    if (!c.contains(key)) {
      if (optional) return;
      throw InputError(where + " lacks the field '" + key + "'");
    }
    if (!ok(c[key])) throw InputError(where + ": '" + key + "' must be " + expected);
  };
  const auto is_string = [](const J& v) { return v.is_string(); };
  const auto is_verdict = [](const J& v) {
    return v.is_string() && parse_verdict(v.get<std::string>()).has_value();
  };
  require(
      "source", false,
      [](const J& v) {
        return v.is_object() && v.contains("document") && v["document"].is_string() &&
               v.contains("locator") && v["locator"].is_string() &&
               (!v.contains("title") || v["title"].is_string());
      },
      "an object with the strings 'document' and 'locator'");
  require("statement", false, is_string, "a string");
  require("reading", true, is_string, "a string");
  require(
      "tags", false,
      [](const J& v) {
        return v.is_array() &&
               std::all_of(v.begin(), v.end(), [](const J& t) { return t.is_string(); });
      },
      "a list of strings");
  require("kind", false, is_string, "a string");
  require("checker", false, is_string, "a string");
  // reports/report.schema.json: a verdict, or "undecided" (a claim under first check).
  require(
      "expected_verdict", false,
      [&](const J& v) {
        return is_verdict(v) || (v.is_string() && v.get<std::string>() == "undecided");
      },
      "a verdict or \"undecided\"");
  require(
      "as_expected", false, [](const J& v) { return v.is_boolean(); }, "true or false");
  require("summary", false, is_string, "a string");
  require(
      "evidence", false, [](const J& v) { return v.is_object(); }, "an object");
  require(
      "counterexample", false, [](const J& v) { return v.is_object() || v.is_null(); },
      "an object or null");
  require(
      "params", true, [](const J& v) { return v.is_object(); }, "an object");
  require(
      "seed", false, [](const J& v) { return v.is_number_unsigned(); }, "a non-negative integer");
  require(
      "position", true, [](const J& v) { return v.is_number_unsigned(); },
      "a non-negative integer");
  require(
      "seconds", false,
      [](const J& v) {
        return v.is_number() && std::isfinite(v.get<double>()) && v.get<double>() >= 0;
      },
      "a number of seconds");
}

}  // namespace

nlohmann::json validate_report(nlohmann::json j, const std::string& what) {
  if (!j.is_object() || !j.contains("schema_version") || !j.contains("claims") ||
      !j["claims"].is_array() || !j.contains("context") || !j["context"].is_object()) {
    throw InputError(what + " is not a verify report (schema_version, context, claims)");
  }
  // Only the major version this harness writes is understood: a later major version may have
  // changed the meaning of a field (reports/report.h, kReportSchemaVersion).
  const std::string major = std::string(kReportSchemaVersion).substr(0, 2);  // "1."
  if (!j["schema_version"].is_string() ||
      j["schema_version"].get<std::string>().rfind(major, 0) != 0) {
    throw InputError(what + ": schema_version " + j["schema_version"].dump() +
                     " is not one this harness reads (expected " + major + "x)");
  }
  std::set<std::string> ids;
  for (const auto& c : j["claims"]) {
    if (!c.is_object() || !c.contains("id") || !c["id"].is_string() || !c.contains("verdict") ||
        !c["verdict"].is_string() || !parse_verdict(c["verdict"].get<std::string>())) {
      throw InputError(what + " has a claim without a valid id and verdict");
    }
    if (!ids.insert(c["id"].get<std::string>()).second) {
      throw InputError(what + ": claim '" + c["id"].get<std::string>() + "' appears twice");
    }
    const std::string id = c["id"].get<std::string>();
    check_claim_fields(c, what + ": claim '" + printable_id(id) + "'");
    // Ids name files of the report sets written from this one (properties/base/ids.h).
    for (const auto& [field, value] :
         {std::pair<const char*, std::string>{"claim id", id},
          {"document id", c["source"]["document"].get<std::string>()}}) {
      if (const std::string fault = id_fault(value); !fault.empty()) {
        throw InputError(what + ": " + field + " '" + printable_id(value) +
                         "' is not a valid id: " + fault);
      }
    }
  }
  return j;
}

/// Throws InputError when a shard's claims do not agree with their own as_expected flags or with
/// the shard's summary: a verdict edited by hand is refused, not merged.
void check_untouched(const nlohmann::json& j, const std::string& what) {
  for (const auto& c : j["claims"]) {
    const std::string id = c["id"].get<std::string>();
    // A verdict edited by hand, without its as_expected, is found here.
    const std::string expected = c["expected_verdict"].get<std::string>();
    const bool as_expected = expected == "undecided" || expected == c["verdict"].get<std::string>();
    if (c["as_expected"].get<bool>() != as_expected) {
      throw InputError(what + ": claim '" + id + "': as_expected is " + c["as_expected"].dump() +
                       " for verdict " + c["verdict"].dump() + " and expected verdict " +
                       c["expected_verdict"].dump() + " (the report was edited)");
    }
  }
  // The summary must count the claims as they are (a verdict edited without it is found here).
  {
    std::map<std::string, int> by;
    for (const char* v : {"proved", "verified", "passed", "refuted", "inconclusive", "error"})
      by[v] = 0;
    int unexpected = 0;
    for (const auto& c : j["claims"]) {
      ++by[c["verdict"].get<std::string>()];
      if (!c["as_expected"].get<bool>()) ++unexpected;
    }
    const auto& sum = j["summary"];
    const bool agrees =
        sum.is_object() &&
        sum.value("claims", nlohmann::json()) == nlohmann::json(j["claims"].size()) &&
        sum.value("by_verdict", nlohmann::json()) == nlohmann::json(by) &&
        sum.value("not_as_expected", nlohmann::json()) == nlohmann::json(unexpected);
    if (!agrees) {
      throw InputError(what + ": its summary does not count its claims (the report was edited)");
    }
  }
}

nlohmann::json merge_reports(const std::vector<nlohmann::json>& shards) {
  if (shards.empty()) throw InputError("verify merge needs shard reports");
  for (const auto& s : shards) {
    check_untouched(s, "shard " + s["context"].value("shard", nlohmann::json("?")).dump());
  }
  const auto same = [&](const char* key) {
    for (const auto& s : shards) {
      if (s["context"].value(key, nlohmann::json()) !=
          shards[0]["context"].value(key, nlohmann::json())) {
        throw InputError(std::string("shard reports differ in '") + key +
                         "': they are not shards of one run");
      }
    }
  };
  for (const char* key :
       {"selection", "seed", "budget", "random_cases", "claims_files", "harness_version",
        "time_limit_seconds", "memory_limit_bytes", "selection_size"})
    same(key);
  // Every shard records the size of the selection and the ids it owns (cmd_run): the set is
  // accepted only when the shards' claims are exactly those ids and together they cover every
  // position of the selection once. A shard with a claim removed, a claim in two shards, or a
  // shard missing is refused, never merged into a smaller report that looks complete.
  const auto& size_json = shards[0]["context"].value("selection_size", nlohmann::json());
  if (!size_json.is_number_unsigned()) {
    throw InputError(
        "a report to merge has no 'selection_size' in its context (shards of this "
        "harness record it: re-run the shards)");
  }
  const auto selection_size = size_json.get<std::size_t>();
  int n = 0;
  std::set<int> seen;
  std::set<std::string> ids;
  std::set<std::size_t> positions;
  for (const auto& s : shards) {
    const auto& shard_json = s["context"].value("shard", nlohmann::json());
    if (!shard_json.is_string())
      throw InputError("a report to merge has no 'shard' in its context");
    const auto shard = shard_json.get<std::string>();
    const auto [k, nn] = parse_shard(shard);
    if (n == 0) n = nn;
    if (nn != n)
      throw InputError("shard reports of different N (" + std::to_string(n) + " and " +
                       std::to_string(nn) + ")");
    if (!seen.insert(k).second) throw InputError("shard " + shard + " given twice");
    const auto& owned = s["context"].value("shard_claims", nlohmann::json());
    if (!owned.is_array()) {
      throw InputError("shard " + shard + " records no 'shard_claims' (the ids it owns)");
    }
    std::vector<std::string> present;
    for (const auto& c : s["claims"]) present.push_back(c["id"].get<std::string>());
    if (owned != nlohmann::json(present)) {
      throw InputError("shard " + shard + " holds " + std::to_string(present.size()) +
                       " claims but records " + std::to_string(owned.size()) +
                       " as its own: the shard report was changed or is incomplete");
    }
    const auto expected = shard_positions(selection_size, k, n);
    std::vector<std::size_t> got;
    for (const auto& c : s["claims"]) {
      const auto id = c["id"].get<std::string>();
      if (!ids.insert(id).second) throw InputError("claim '" + id + "' is in more than one shard");
      if (!c.contains("position"))
        throw InputError("shard " + shard + ": claim '" + id + "' has no 'position'");
      got.push_back(c["position"].get<std::size_t>());
      if (!positions.insert(got.back()).second) {
        throw InputError("shard " + shard + ": position " + std::to_string(got.back()) +
                         " of the selection is claimed twice");
      }
    }
    if (got != expected) {
      throw InputError("shard " + shard + " should hold the " + std::to_string(expected.size()) +
                       " claims at positions " + std::to_string(k - 1) + ", " +
                       std::to_string(k - 1 + n) + ", … of a selection of " +
                       std::to_string(selection_size) + ", but holds " +
                       std::to_string(got.size()) + " (others)");
    }
  }
  if (static_cast<int>(seen.size()) != n) {
    throw InputError("merge needs all " + std::to_string(n) + " shards, got " +
                     std::to_string(seen.size()));
  }
  if (positions.size() != selection_size) {
    throw InputError("the shards hold " + std::to_string(positions.size()) +
                     " claims, the selection has " + std::to_string(selection_size));
  }
  nlohmann::json merged = shards[0];
  merged["context"].erase("shard");
  merged["context"].erase("shard_claims");
  std::vector<nlohmann::json> claims;
  for (const auto& s : shards)
    for (const auto& c : s["claims"]) claims.push_back(c);
  std::stable_sort(claims.begin(), claims.end(),
                   [](const nlohmann::json& a, const nlohmann::json& b) {
                     return a.value("position", 0) < b.value("position", 0);
                   });
  merged["claims"] = claims;
  // Recount the summary.
  std::map<std::string, int> by;
  for (const char* v : {"proved", "verified", "passed", "refuted", "inconclusive", "error"})
    by[v] = 0;
  int unexpected = 0;
  int undecided = 0;
  for (const auto& c : claims) {
    ++by[c["verdict"].get<std::string>()];
    if (!c.value("as_expected", true)) ++unexpected;
    if (c.value("expected_verdict", "") == "undecided") ++undecided;
  }
  merged["summary"] = {{"claims", claims.size()},
                       {"by_verdict", by},
                       {"not_as_expected", unexpected},
                       {"undecided", undecided}};
  return merged;
}

namespace {
int verdict_rank(Verdict v) {
  switch (v) {
    case Verdict::proved:
      return 5;
    case Verdict::verified:
      return 4;
    case Verdict::passed:
      return 3;
    case Verdict::refuted:
      return 3;
    case Verdict::inconclusive:
      return 1;
    case Verdict::error:
      return 0;
  }
  return 0;
}

bool volatile_key(const std::string& k) {
  return k == "seconds" || k == "date" || k == "host" || k == "git_commit" ||
         k == "hardware_threads" || k == "jobs" || k.find("seconds") != std::string::npos ||
         k.find("_ms") != std::string::npos || k.find("time") != std::string::npos ||
         k.find("peak_memory") != std::string::npos || k == "rss_bytes" || k == "claims_files";
}

void strip_volatile(nlohmann::json& j) {
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end();) {
      if (volatile_key(it.key())) {
        it = j.erase(it);
      } else {
        strip_volatile(*it);
        ++it;
      }
    }
  } else if (j.is_array()) {
    for (auto& x : j) strip_volatile(x);
  }
}
}  // namespace

bool verdict_worse(Verdict from, Verdict to) {
  if (from == to) return false;
  if (from == Verdict::refuted || to == Verdict::refuted) return true;
  return verdict_rank(to) < verdict_rank(from);
}

ReportDiff diff_reports(const nlohmann::json& old_report, const nlohmann::json& new_report,
                        double timing_ratio, double timing_floor_seconds) {
  ReportDiff d;
  std::map<std::string, nlohmann::json> olds, news;
  for (const auto& c : old_report["claims"]) olds[c["id"].get<std::string>()] = c;
  for (const auto& c : new_report["claims"]) news[c["id"].get<std::string>()] = c;
  for (const auto& [id, o] : olds) {
    if (news.count(id) == 0U)
      d.changes.push_back({{"id", id}, {"change", "removed"}, {"old_verdict", o["verdict"]}});
  }
  for (const auto& [id, n] : news) {
    const auto it = olds.find(id);
    if (it == olds.end()) {
      d.changes.push_back({{"id", id}, {"change", "added"}, {"new_verdict", n["verdict"]}});
      continue;
    }
    const auto& o = it->second;
    const auto ov = *parse_verdict(o["verdict"].get<std::string>());
    const auto nv = *parse_verdict(n["verdict"].get<std::string>());
    if (ov != nv) {
      const bool worse = verdict_worse(ov, nv);
      d.worse += worse ? 1 : 0;
      d.changes.push_back({{"id", id},
                           {"change", "verdict"},
                           {"old_verdict", o["verdict"]},
                           {"new_verdict", n["verdict"]},
                           {"worse", worse}});
    }
    auto oe = o.value("evidence", nlohmann::json::object());
    auto ne = n.value("evidence", nlohmann::json::object());
    strip_volatile(oe);
    strip_volatile(ne);
    if (oe != ne) {
      nlohmann::json keys = nlohmann::json::array();
      for (const auto& [k, v] : ne.items()) {
        if (!oe.contains(k) || oe[k] != v) keys.push_back(k);
      }
      for (const auto& [k, v] : oe.items()) {
        if (!ne.contains(k)) keys.push_back(k);
      }
      d.changes.push_back({{"id", id}, {"change", "evidence"}, {"keys", keys}});
    }
    if (o.value("counterexample", nlohmann::json()) !=
        n.value("counterexample", nlohmann::json())) {
      d.changes.push_back({{"id", id}, {"change", "counterexample"}});
    }
    const double ot = o.value("seconds", 0.0), nt = n.value("seconds", 0.0);
    if (std::max(ot, nt) >= timing_floor_seconds &&
        (nt > ot * timing_ratio || ot > nt * timing_ratio)) {
      d.changes.push_back(
          {{"id", id}, {"change", "timing"}, {"old_seconds", ot}, {"new_seconds", nt}});
    }
  }
  return d;
}

std::string ReportDiff::to_text() const {
  std::ostringstream os;
  for (const auto& c : changes) {
    const auto kind = c["change"].get<std::string>();
    os << (c.value("worse", false) ? "WORSE  " : "       ") << c["id"].get<std::string>() << ": ";
    if (kind == "verdict") {
      os << "verdict " << c["old_verdict"].get<std::string>() << " -> "
         << c["new_verdict"].get<std::string>();
    } else if (kind == "added" || kind == "removed") {
      os << kind;
    } else if (kind == "evidence") {
      os << "evidence changed (" << c["keys"].dump() << ")";
    } else if (kind == "timing") {
      os << "time " << c["old_seconds"].get<double>() << " s -> " << c["new_seconds"].get<double>()
         << " s";
    } else {
      os << kind << " changed";
    }
    os << "\n";
  }
  os << changes.size() << " changes, " << worse << " verdicts worse\n";
  return os.str();
}

}  // namespace igv
