#include "reports/base/report_recheck.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>

#include "core/base/game_family.h"
#include "core/base/trusted/claim_inference.h"
#include "core/base/trusted/errors.h"
#include "core/base/trusted/json_input.h"
#include "core/base/trusted/sha256.h"
#include "reports/base/report.h"

namespace igv {

namespace fs = std::filesystem;

std::size_t ReportRecheck::failures() const {
  return static_cast<std::size_t>(
      std::count_if(claims.begin(), claims.end(), [](const auto& c) { return !c.accepted; }));
}

namespace {

/// One certificate file, checked once however many claims rest on it.
struct CheckedFile {
  std::string sha256;  ///< of the bytes read ("" when unreadable)
  std::string game;
  std::optional<CertificateVerdict> verdict;
  std::string fault;  ///< why there is no verdict (unreadable, malformed)
};

CheckedFile check_file(const fs::path& dir, const std::string& rel) {
  CheckedFile out;
  const fs::path path = dir / rel;
  std::string bytes;
  try {
    bytes = read_input_file(path.string(), "certificate '" + rel + "'");
  } catch (const std::exception& e) {
    out.fault = e.what();
    return out;
  }
  out.sha256 = sha256_hex(bytes);
  try {
    const nlohmann::json doc = parse_json_strict(bytes, "certificate '" + rel + "'");
    if (!doc.is_object() || !doc.contains("game") || !doc["game"].is_string())
      throw InputError("certificate '" + rel + "' names no game");
    out.game = doc["game"].get<std::string>();
    const auto game = make_game(out.game);
    CertificateCheckRequest request;
    request.folder = path.parent_path().string();
    out.verdict = game->check_certificate(doc, request).verdict;
  } catch (const BudgetExceeded& e) {
    out.fault = std::string("beyond the checker's limits: ") + e.what();
  } catch (const std::exception& e) {
    out.fault = std::string("malformed: ") + e.what();
  }
  return out;
}

}  // namespace

ReportRecheck recheck_report_folder(
    const std::string& dir,
    const std::function<void(std::size_t, std::size_t, const RecheckedClaim&)>& each) {
  const fs::path folder(dir);
  const nlohmann::json report =
      read_json_file_strict((folder / "report.json").string(), "report '" + dir + "/report.json'");
  if (!report.is_object() || !report.contains("claims") || !report["claims"].is_array())
    throw InputError("'" + dir + "/report.json' is not a report (no list of claims)");
  std::vector<const nlohmann::json*> proved;
  for (const auto& c : report["claims"]) {
    if (c.is_object() && c.value("verdict", "") == "proved") proved.push_back(&c);
  }
  ReportRecheck out;
  std::map<std::string, CheckedFile> files;
  for (const nlohmann::json* c : proved) {
    RecheckedClaim line;
    line.id = c->value("id", "");
    line.checker = c->value("checker", "");
    const auto fail = [&line](std::string why) {
      line.accepted = false;
      line.reason = std::move(why);
    };
    const nlohmann::json* ref = nullptr;
    if (c->contains("evidence") && (*c)["evidence"].is_object() &&
        (*c)["evidence"].contains("certificate_file"))
      ref = &(*c)["evidence"]["certificate_file"];
    if (line.id.empty() || line.checker.empty()) {
      fail("the claim has no id or no checker");
    } else if (ref == nullptr || !ref->is_object() || !ref->contains("path") ||
               !(*ref)["path"].is_string() || !ref->contains("sha256") ||
               !(*ref)["sha256"].is_string()) {
      fail("the evidence names no certificate file (evidence.certificate_file {path, sha256})");
    } else {
      line.certificate = (*ref)["path"].get<std::string>();
      if (!certificate_path_named(line.certificate)) {
        fail("the certificate path '" + line.certificate + "' is not certificates/NAME");
      } else {
        auto it = files.find(line.certificate);
        if (it == files.end()) {
          it = files.emplace(line.certificate, check_file(folder, line.certificate)).first;
          ++out.certificates;
        }
        const CheckedFile& f = it->second;
        if (f.sha256.empty()) {
          fail("certificate " + line.certificate + " cannot be read: " + f.fault);
        } else if (f.sha256 != (*ref)["sha256"].get<std::string>()) {
          fail("certificate " + line.certificate + " has SHA-256 " + f.sha256 +
               ", the report names " + (*ref)["sha256"].get<std::string>());
        } else if (!f.verdict) {
          fail("certificate " + line.certificate + ": " + f.fault);
        } else if (!f.verdict->accepted()) {
          fail("certificate " + line.certificate + " rejected: " + f.verdict->reason());
        } else {
          ClaimStatement statement;
          statement.id = line.id;
          statement.checker = line.checker;
          if (c->contains("params")) statement.params = (*c)["params"];
          if (c->contains("asserted")) statement.asserted = (*c)["asserted"];
          const Inference inference = infer_claim(statement, f.game, *f.verdict);
          line.accepted = inference.holds;
          line.reason = inference.holds
                            ? inference.reason
                            : "the certificate does not imply the claim: " + inference.reason;
        }
      }
    }
    out.claims.push_back(std::move(line));
    if (each) each(out.claims.size(), proved.size(), out.claims.back());
  }
  return out;
}

}  // namespace igv
