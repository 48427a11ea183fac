// Helpers shared by the certificate tests (tests/test_*_certificates.cpp): what a family's
// check_certificate() makes of an edited certificate, and the places in a certificate to edit.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/base/game_family.h"
#include "core/base/trusted/errors.h"

namespace igv::test {

enum class CertificateOutcome { accepted, rejected, input_error };

inline std::string to_string(CertificateOutcome o) {
  return o == CertificateOutcome::accepted   ? "accepted"
         : o == CertificateOutcome::rejected ? "rejected"
                                             : "InputError";
}

/// Runs `game`'s certificate checker on `certificate`: accepted, rejected, or InputError.
inline CertificateOutcome certificate_outcome(const std::string& game,
                                              const nlohmann::json& certificate) {
  try {
    return make_game(game)->check_certificate(certificate).verdict.accepted()
               ? CertificateOutcome::accepted
               : CertificateOutcome::rejected;
  } catch (const InputError&) {
    return CertificateOutcome::input_error;
  }
}

/// A descriptive text ("theorem", "checked", "checker", "convention", "producer" as a string):
/// not part of what a certificate asserts (core/CERTIFICATES.md), so an edit of it keeps the
/// certificate true and is accepted.
inline bool is_descriptive_leaf(const nlohmann::json& document,
                                const nlohmann::json::json_pointer& at) {
  if (at.empty() || !document.at(at).is_string()) return false;
  const std::string key = at.back();
  return key == "theorem" || key == "checked" || key == "checker" || key == "convention" ||
         key == "producer";
}

/// JSON pointers of every scalar in the document.
inline void collect_leaves(const nlohmann::json& j, const nlohmann::json::json_pointer& at,
                           std::vector<nlohmann::json::json_pointer>& out) {
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) collect_leaves(value, at / key, out);
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) collect_leaves(j[i], at / i, out);
  } else {
    out.push_back(at);
  }
}

/// JSON pointers of every object member (to delete it).
inline void collect_members(const nlohmann::json& j, const nlohmann::json::json_pointer& at,
                            std::vector<nlohmann::json::json_pointer>& out) {
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      out.push_back(at / key);
      collect_members(value, at / key, out);
    }
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) collect_members(j[i], at / i, out);
  }
}

}  // namespace igv::test
