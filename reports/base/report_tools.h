// Tools over whole reports: sharding, merging shard reports, and diffing two reports.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "properties/base/claim.h"

namespace igv {

/// "K/N" with 1 <= K <= N; throws InputError.
std::pair<int, int> parse_shard(const std::string& text);

/// The claims of shard K of N: every claim whose position in the selection is K-1 modulo N.
/// Deterministic: it depends only on the selection.
std::vector<std::size_t> shard_positions(std::size_t claims, int k, int n);

/// Reads a report.json; throws InputError when it is not a report of this harness.
nlohmann::json read_report(const std::string& path);

/// Checks a parsed report as read_report does (`what` names it in messages) and returns it:
/// the fields diff and merge read exist with their types, the schema's major version is this
/// harness's, and no claim id appears twice. Throws InputError.
nlohmann::json validate_report(nlohmann::json j, const std::string& what);

/// Joins shard reports into the report of the unsharded run: every shard of one N present once,
/// the same selection, seed and budget; claims back in selection order. Throws InputError.
nlohmann::json merge_reports(const std::vector<nlohmann::json>& shards);

/// What changed between two reports: claims added, removed, verdict changes (and whether each is
/// worse), evidence and summary changes, and timing changes beyond noise.
struct ReportDiff {
  nlohmann::json changes = nlohmann::json::array();
  int worse = 0;
  [[nodiscard]] std::string to_text() const;
};
ReportDiff diff_reports(const nlohmann::json& old_report, const nlohmann::json& new_report,
                        double timing_ratio = 2.0, double timing_floor_seconds = 0.5);

/// True when going from `from` to `to` is a worse verdict: a weaker verdict, or any change to or
/// from `refuted` (one of the two runs is then wrong about the claim's truth).
bool verdict_worse(Verdict from, Verdict to);

}  // namespace igv
