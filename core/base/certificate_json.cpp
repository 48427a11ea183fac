#include "core/base/trusted/certificate_json.h"

#include "core/base/trusted/errors.h"

namespace igv {

using nlohmann::json;

std::string cert_child(const std::string& path, const std::string& key) {
  return path.empty() ? key : path + "." + key;
}

const json& cert_field(const json& object, const std::string& key, const std::string& path) {
  if (!object.is_object()) throw InputError("certificate: '" + path + "' must be a JSON object");
  const auto it = object.find(key);
  if (it == object.end()) {
    throw InputError("certificate: field '" + cert_child(path, key) + "' is missing");
  }
  return *it;
}

std::int64_t cert_integer(const json& v, const std::string& where, std::int64_t least,
                          std::int64_t limit) {
  if (!v.is_number_integer()) {
    throw InputError("certificate: field '" + where + "' must be an integer, got " + v.dump());
  }
  if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(limit)) {
    throw InputError("certificate: field '" + where + "' = " + v.dump() + " exceeds the limit " +
                     std::to_string(limit));
  }
  const auto x = v.get<std::int64_t>();
  if (x < least || x > limit) {
    throw InputError("certificate: field '" + where + "' = " + std::to_string(x) + " is outside [" +
                     std::to_string(least) + ", " + std::to_string(limit) + "]");
  }
  return x;
}

std::string json_kind(const json& v) {
  if (v.is_number_integer()) return "an integer";
  if (v.is_number()) return "a number";
  if (v.is_string()) return "a string";
  if (v.is_boolean()) return "true or false";
  if (v.is_object()) return "an object";
  if (v.is_array()) return "an array";
  return "null";
}

void require_same_shape(const json& expected, const json& actual, const std::string& path) {
  const std::string where = path.empty() ? "the top level" : "'" + path + "'";
  if (json_kind(expected) != json_kind(actual)) {
    throw InputError("certificate: field " + where + " must be " + json_kind(expected) + ", got " +
                     actual.dump());
  }
  if (expected.is_object()) {
    for (const auto& [key, value] : expected.items()) {
      require_same_shape(value, cert_field(actual, key, path), cert_child(path, key));
    }
    for (const auto& [key, value] : actual.items()) {
      if (!expected.contains(key)) {
        throw InputError("certificate: unexpected field '" + cert_child(path, key) + "'");
      }
    }
  } else if (expected.is_array()) {
    if (expected.size() != actual.size()) {
      throw InputError("certificate: '" + path + "' has " + std::to_string(actual.size()) +
                       " entries, expected " + std::to_string(expected.size()));
    }
    for (std::size_t i = 0; i < expected.size(); ++i) {
      require_same_shape(expected[i], actual[i], path + "[" + std::to_string(i) + "]");
    }
  }
}

void require_certificate_game(const json& period_json, const std::string& spec) {
  const json& game = cert_field(period_json, "game", "");
  if (!game.is_string() || game.get<std::string>() != spec) {
    throw InputError("certificate: field 'game' is " + game.dump() +
                     ", but the certificate is being checked for '" + spec + "'");
  }
}

void require_certificate_version(const json& certificate, int version) {
  const json& v = cert_field(certificate, "certificate_version", "certificate");
  if (!v.is_number_integer() || v.get<std::int64_t>() != version) {
    throw InputError("certificate: 'certificate.certificate_version' is " + v.dump() +
                     "; this checker reads version " + std::to_string(version));
  }
}

bool is_descriptive_certificate_field(const std::string& key) {
  return key == "theorem" || key == "checked" || key == "checker" || key == "convention" ||
         key == "producer";
}

std::optional<std::string> first_difference(const json& expected, const json& actual,
                                            const std::string& path) {
  if (expected.is_object()) {
    for (const auto& [key, value] : expected.items()) {
      if (value.is_string() && is_descriptive_certificate_field(key)) continue;
      if (auto d = first_difference(value, actual.at(key), cert_child(path, key))) return d;
    }
    return std::nullopt;
  }
  if (expected.is_array()) {
    for (std::size_t i = 0; i < expected.size(); ++i) {
      if (auto d = first_difference(expected[i], actual[i], path + "[" + std::to_string(i) + "]")) {
        return d;
      }
    }
    return std::nullopt;
  }
  if (expected == actual) return std::nullopt;
  return "'" + path + "' is " + actual.dump() + " but the checked certificate implies " +
         expected.dump();
}

CertificateVerdict verdict_on_written_file(
    CertificateVerdict verdict, const json& period_json,
    const std::function<json(const std::string& checked)>& written) {
  if (!verdict.accepted()) return verdict;
  if (auto difference = first_difference(written(verdict.reason()), period_json, "")) {
    return rejected_certificate("the values and the period were verified, but " + *difference);
  }
  return verdict;
}

}  // namespace igv
