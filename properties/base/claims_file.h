// Claims files: TOML, one per source document, in properties/claims/ (see
// properties/CLAIMS.md, "Adding a claims file"). Loading validates every claim: required fields
// present, ids unique, the expected verdict one of the six, the checker registered. Any fault is an
// InputError that names the file, the claim and what was expected.
//
//   [document]
//   id = "000_a85f04da58584fa6"            # the source's file name without extension
//   title = "Frolov (2012), Digital Deletion and the misère rook game"
//
//   [[claim]]
//   id = "frolov2012.table1.left"
//   locator = "§1, Table 1 (left)"
//   statement = "g(m, n) = m ⊕ n, tabulated for 0 ≤ m, n ≤ 7"
//   reading = ""                             # optional: damaged text, the reading checked, why
//   tags = ["rook", "table"]
//   kind = "table"
//   checker = "rook.table"
//   expected_verdict = "verified"
//   params = { kernel = "naive" }            # optional, any TOML table
//   asserted = [[0, 1, 2], [1, 0, 3]]        # optional, any TOML value
//
// A claim may override `document` and `title` (a file of published records from several
// sources). TOML has no null: a printed dash in a table is written as the string "-".
#pragma once

#include <string>
#include <vector>

#include "properties/base/claim.h"

namespace igv {

/// The claims-file format this build writes and reads ([document] format = 2). Format 1 (no
/// `format`): the files before it, still read: `and`/`or` bitwise in formulas (a formula that
/// reads differently is refused), and the older checker spellings (with one warning line each).
inline constexpr int kClaimsFileFormat = 2;

/// A claims file's text rewritten in the current format (`verify migrate FILE`): `format = 2` in
/// [document]; the older checker spellings in today's; each formula whose format-1 reading
/// differs written with `&`/`|` in place of the bitwise `and`/`or` (the same meaning). Comments
/// and layout are kept. `changes` receives one line per change. Throws InputError when the file
/// does not parse, is already of the current format, or a formula cannot be found in the text.
std::string migrate_claims_text(const std::string& toml_text, const std::string& origin,
                                std::vector<std::string>* changes);

/// Loads and validates one claims file.
std::vector<Claim> load_claims_file(const std::string& path);

/// Parses claims from TOML text (`origin` names it in messages).
std::vector<Claim> parse_claims(const std::string& toml_text, const std::string& origin);

/// The claims files shipped with the harness: every *.toml in properties/claims/, sorted.
std::vector<std::string> default_claims_files();

/// A claim (or a whole file) that did not load, for `verify run --keep-going`.
struct ClaimLoadFault {
  std::string file;
  std::string id;  ///< the claim's id when it has a valid one, else empty (the whole file)
  std::string message;
};

/// Loads several files; ids must be unique across all of them. Without `faults`, any fault
/// throws InputErrors (one line each); with it, a claim (or a file) that does not load is
/// recorded there and the others are returned.
std::vector<Claim> load_claims_files(const std::vector<std::string>& paths,
                                     std::vector<ClaimLoadFault>* faults = nullptr);

}  // namespace igv
