// Loads the claims of the subtraction issue only: all of 001_bc98b3364103fd4a.toml and the
// "(subtraction issue)" section of 004_2d19be0a5059ae39.toml. The rest of 004 names checkers of
// another module, which the subtraction tests do not link, so it is cut out before parsing.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "igv_build_info.h"
#include "properties/base/claims_file.h"

namespace igv::test {

inline std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline std::vector<Claim> load_subtraction_issue_claims() {
  const std::string dir = std::string(IGV_SOURCE_DIR) + "/properties/claims/";
  std::vector<Claim> claims = load_claims_file(dir + "001_bc98b3364103fd4a.toml");
  const std::string ferguson = read_text(dir + "004_2d19be0a5059ae39.toml");
  const std::string marker = "(subtraction issue)";
  const auto begin = ferguson.find('\n', ferguson.find(marker));
  const auto end = ferguson.find("\n# --- ", begin);
  const std::string section =
      "[document]\nid = \"004_2d19be0a5059ae39\"\ntitle = \"Ferguson, Game Theory Part I: "
      "impartial games (Chinese)\"\n" +
      ferguson.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
  for (auto& c : parse_claims(section, dir + "004_2d19be0a5059ae39.toml (subtraction section)")) {
    claims.push_back(std::move(c));
  }
  return claims;
}

}  // namespace igv::test
