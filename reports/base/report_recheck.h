// Re-checking a report folder from the folder alone (issue 35; reports/REPORTS.md, "Re-checking a
// report"): every `proved` claim of DIR/report.json names, in its evidence, the certificate file
// it rests on (DIR/certificates/…) and that file's SHA-256. For each: the file's bytes against the
// hash, the certificate by the family's checker in the checker library, then the inference from
// what the checker established to the claim's statement (core/base/trusted/claim_inference.h).
// `verify check-report DIR` prints it; `verify merge` can call it on each input folder.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace igv {

/// One proved claim's re-check.
struct RecheckedClaim {
  std::string id;
  std::string checker;
  std::string certificate;  ///< the path the evidence names ("" when none)
  bool accepted = false;
  std::string reason;  ///< why not accepted, or what the rule concluded
};

struct ReportRecheck {
  std::vector<RecheckedClaim> claims;  ///< the proved claims, in the report's order
  std::size_t certificates = 0;        ///< distinct certificate files checked
  [[nodiscard]] std::size_t failures() const;
};

/// Re-checks every proved claim of `dir`/report.json. `each(done, total, claim)` is called after
/// each claim. Throws InputError when the folder holds no readable report.json (not a report);
/// a missing, altered or rejected certificate, or a claim its certificate does not imply, is a
/// claim not accepted, never an exception.
ReportRecheck recheck_report_folder(
    const std::string& dir,
    const std::function<void(std::size_t, std::size_t, const RecheckedClaim&)>& each = {});

}  // namespace igv
