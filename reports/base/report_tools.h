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

/// The claims a set of shards ran, re-read from the claims files their context names
/// (`claims_files`, relative to the working folder or, for the shipped files, to the source
/// folder): each file's SHA-256 must be the one recorded (`claims_files_sha256`), and the
/// recorded selection must select `selection_size` claims. Throws InputError (one line) when a
/// file cannot be read, has changed, or the context lacks what is needed.
std::vector<Claim> shard_selection(const nlohmann::json& context);

/// Compares every claim of a merged report (merge_reports) with the claim of `selection` at its
/// position: id, source, statement, reading, tags, kind, checker, expected verdict, asserted
/// value, parameters and the seed the run seed gives it (claim_seed) must be what the claims
/// file says; and its evidence must agree with its verdict where that is exact (evidence_fault).
/// Throws InputError naming the first claim that does not.
void check_merged_claims(const nlohmann::json& merged, const std::vector<Claim>& selection);

/// Why a claim's evidence contradicts its verdict, or "": a `verified` or `proved` claim whose
/// evidence holds a `computed` and a `printed` value that differ, a `computed` list (without
/// `printed`) that is not the claim's asserted list, or a count named `*_disagreeing` that is not
/// 0 (the values and tables a checker compared with the asserted ones).
std::string evidence_fault(const nlohmann::json& claim);

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
