// Reading period certificates back from JSON files (`verify check-certificate`): field access
// that names each field by its path in the file ("certificate.chain[3].k"), and the shape and
// value comparisons a family's check_certificate() uses. Every fault is an InputError.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/base/trusted/certificate.h"

namespace igv {

/// "path.key", or "key" at the top level.
std::string cert_child(const std::string& path, const std::string& key);

/// object[key]; InputError when `object` is not an object or has no such field.
const nlohmann::json& cert_field(const nlohmann::json& object, const std::string& key,
                                 const std::string& path);

/// An integer in [least, limit]; InputError naming `where` otherwise.
std::int64_t cert_integer(const nlohmann::json& v, const std::string& where, std::int64_t least,
                          std::int64_t limit);

/// "an integer", "a string", … (for messages and shape comparison).
std::string json_kind(const nlohmann::json& v);

/// The file must have exactly the fields of `expected`, each of the same kind: a missing,
/// unexpected or mistyped field is malformed input, whatever its value.
void require_same_shape(const nlohmann::json& expected, const nlohmann::json& actual,
                        const std::string& path);

/// The file's "game" must be `spec` (a certificate of another game is malformed input).
void require_certificate_game(const nlohmann::json& period_json, const std::string& spec);

/// `certificate.certificate_version` must be the integer `version`; InputError otherwise (a file
/// of another version is not a file this checker can read).
void require_certificate_version(const nlohmann::json& certificate, int version);

/// Fields whose text describes rather than asserts ("theorem", "checked", "checker",
/// "convention", "producer" with a string value): a file must have them, as strings, but their
/// content is not part of what a certificate asserts, so first_difference skips them
/// (core/CERTIFICATES.md).
bool is_descriptive_certificate_field(const std::string& key);

/// The first field whose value differs (same shape assumed; descriptive fields skipped), as
/// "'path' is X but the checked certificate implies Y".
std::optional<std::string> first_difference(const nlohmann::json& expected,
                                            const nlohmann::json& actual, const std::string& path);

/// The verdict on a certificate file from the checker's `verdict` on the certificate read from
/// it: a rejection as it is; an acceptance only when the file is what the producer writes for
/// that certificate, `written(verdict.reason())` (descriptive fields aside), else a rejection
/// naming the first difference ("the values and the period were verified, but …").
CertificateVerdict verdict_on_written_file(
    CertificateVerdict verdict, const nlohmann::json& period_json,
    const std::function<nlohmann::json(const std::string& checked)>& written);

}  // namespace igv
