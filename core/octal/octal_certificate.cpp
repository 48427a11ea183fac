#include "core/octal/trusted/octal_certificate.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <system_error>

#include "core/base/trusted/certificate_json.h"
#include "core/base/trusted/errors.h"
#include "core/base/trusted/sha256.h"
#include "core/octal/trusted/octal_rules.h"

namespace igv {

using nlohmann::json;

void OctalValueTable::set(std::int64_t n, Value v) {
  if (is_wide_) {
    wide_.at(static_cast<std::size_t>(n)) = static_cast<std::uint16_t>(v);
  } else {
    narrow_.at(static_cast<std::size_t>(n)) = static_cast<std::uint8_t>(v);
  }
}

void OctalValueTable::resize(std::int64_t n) {
  if (is_wide_) {
    wide_.resize(static_cast<std::size_t>(n));
    wide_.shrink_to_fit();
  } else {
    narrow_.resize(static_cast<std::size_t>(n));
    narrow_.shrink_to_fit();
  }
}

namespace {

/// Octal values are stored in at most 16 bits (OctalValueTable).
constexpr std::int64_t kLargestOctalValue = 65535;

void put32(std::uint8_t* p, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
void put64(std::uint8_t* p, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
std::uint32_t get32(const std::uint8_t* p) {
  std::uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}
std::uint64_t get64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

/// Bytes read or written at a time.
constexpr std::size_t kChunk = std::size_t{1} << 20;

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

}  // namespace

std::string octal_values_file_name(const std::filesystem::path& json_path) {
  std::string name = json_path.filename().string();
  if (name.size() > 5 && name.ends_with(".json")) name.resize(name.size() - 5);
  return name + ".values";
}

std::filesystem::path octal_values_temporary_path(const std::filesystem::path& json_path) {
  return json_path.parent_path() /
         ("." + octal_values_file_name(json_path) + ".tmp." + std::to_string(::getpid()));
}

OctalValuesFileRef write_octal_values_file(const OctalValueTable& values,
                                           const std::filesystem::path& file,
                                           const std::string& name) {
  const std::int64_t n_values = values.size();
  std::vector<std::pair<std::uint32_t, std::uint32_t>> side;  // (heap, value >= 255)
  for (std::int64_t n = 0; n < n_values; ++n) {
    if (values[n] >= kOctalValuesEscape)
      side.emplace_back(static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(values[n]));
  }
  std::unique_ptr<std::FILE, FileCloser> out(std::fopen(file.c_str(), "wb"));
  if (!out) {
    throw std::runtime_error("cannot write the values file '" + file.string() +
                             "': " + std::strerror(errno));
  }
  Sha256 inner, whole;  // the trailer's hash (everything before it) and the whole file's
  std::int64_t written = 0;
  const auto put = [&](const std::uint8_t* p, std::size_t size, bool trailer) {
    if (!trailer) inner.update(p, size);
    whole.update(p, size);
    if (std::fwrite(p, 1, size, out.get()) != size) {
      throw std::runtime_error("cannot write the values file '" + file.string() +
                               "': " + std::strerror(errno));
    }
    written += static_cast<std::int64_t>(size);
  };
  std::array<std::uint8_t, kOctalValuesHeaderBytes> header{};
  std::memcpy(header.data(), kOctalValuesMagic, 8);
  put32(header.data() + 8, kOctalValuesVersion);
  put32(header.data() + 12, 0);
  put64(header.data() + 16, static_cast<std::uint64_t>(n_values));
  put64(header.data() + 24, side.size());
  put(header.data(), header.size(), false);
  std::vector<std::uint8_t> chunk;
  chunk.reserve(kChunk);
  for (std::int64_t n = 0; n < n_values;) {
    chunk.clear();
    for (; n < n_values && chunk.size() < kChunk; ++n) {
      chunk.push_back(static_cast<std::uint8_t>(std::min<Value>(values[n], kOctalValuesEscape)));
    }
    put(chunk.data(), chunk.size(), false);
  }
  for (const auto& [heap, value] : side) {
    std::array<std::uint8_t, kOctalValuesEntryBytes> entry{};
    put32(entry.data(), heap);
    put32(entry.data() + 4, value);
    put(entry.data(), entry.size(), false);
  }
  const auto trailer = inner.digest();
  put(trailer.data(), trailer.size(), true);
  if (std::fflush(out.get()) != 0 || ::fsync(::fileno(out.get())) != 0) {
    throw std::runtime_error("cannot write the values file '" + file.string() +
                             "': " + std::strerror(errno));
  }
  if (std::fclose(out.release()) != 0) {
    throw std::runtime_error("cannot close the values file '" + file.string() +
                             "': " + std::strerror(errno));
  }
  return {name, written, whole.hex_digest()};
}

OctalValueTable read_octal_values_file(const std::filesystem::path& file,
                                       const OctalValuesFileRef& expected) {
  const std::string what = "values file '" + expected.path + "'";
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec))
    throw InputError(what + ": no such file (" + file.string() + ")");
  const auto size = static_cast<std::int64_t>(std::filesystem::file_size(file, ec));
  if (ec) throw InputError(what + ": cannot read its size: " + ec.message());
  if (size != expected.bytes) {
    throw InputError(what + " has " + std::to_string(size) + " bytes, the certificate says " +
                     std::to_string(expected.bytes));
  }
  std::unique_ptr<std::FILE, FileCloser> in(std::fopen(file.c_str(), "rb"));
  if (!in) throw InputError(what + ": cannot open: " + std::strerror(errno));
  Sha256 inner, whole;
  const auto get = [&](std::uint8_t* p, std::size_t count, bool trailer) {
    if (std::fread(p, 1, count, in.get()) != count)
      throw InputError(what + ": truncated while reading (the file changed?)");
    if (!trailer) inner.update(p, count);
    whole.update(p, count);
  };
  if (size < kOctalValuesHeaderBytes + kOctalValuesTrailerBytes)
    throw InputError(what + " is too short for its header and hash");
  std::array<std::uint8_t, kOctalValuesHeaderBytes> header{};
  get(header.data(), header.size(), false);
  if (std::memcmp(header.data(), kOctalValuesMagic, 8) != 0)
    throw InputError(what + " is not an octal values file (bad magic)");
  if (get32(header.data() + 8) != kOctalValuesVersion) {
    throw InputError(what + ": version " + std::to_string(get32(header.data() + 8)) +
                     ", expected " + std::to_string(kOctalValuesVersion));
  }
  if (get32(header.data() + 12) != 0) throw InputError(what + ": the reserved field is not 0");
  const std::uint64_t count = get64(header.data() + 16);
  const std::uint64_t entries = get64(header.data() + 24);
  if (count > static_cast<std::uint64_t>(kLargestOctalValuesFile) || entries > count) {
    throw InputError(what + ": a count of " + std::to_string(count) + " values with " +
                     std::to_string(entries) + " side entries is out of range");
  }
  const std::uint64_t total = static_cast<std::uint64_t>(kOctalValuesHeaderBytes) + count +
                              static_cast<std::uint64_t>(kOctalValuesEntryBytes) * entries +
                              static_cast<std::uint64_t>(kOctalValuesTrailerBytes);
  if (total != static_cast<std::uint64_t>(size)) {
    throw InputError(what + ": the header announces " + std::to_string(total) +
                     " bytes, the file has " + std::to_string(size));
  }
  std::vector<std::uint8_t> narrow(static_cast<std::size_t>(count));
  std::uint64_t escapes = 0;
  for (std::size_t at = 0; at < narrow.size(); at += kChunk) {
    const std::size_t take = std::min(kChunk, narrow.size() - at);
    get(narrow.data() + at, take, false);
    escapes += static_cast<std::uint64_t>(
        std::count(narrow.data() + at, narrow.data() + at + take, kOctalValuesEscape));
  }
  std::vector<std::pair<std::uint32_t, std::uint32_t>> side(static_cast<std::size_t>(entries));
  for (auto& [heap, value] : side) {
    std::array<std::uint8_t, kOctalValuesEntryBytes> entry{};
    get(entry.data(), entry.size(), false);
    heap = get32(entry.data());
    value = get32(entry.data() + 4);
  }
  std::array<std::uint8_t, kOctalValuesTrailerBytes> trailer{};
  get(trailer.data(), trailer.size(), true);
  // The whole file's hash first: any edit of the file is a mismatch with the certificate.
  if (whole.hex_digest() != expected.sha256)
    throw InputError(what + ": SHA-256 differs from the certificate's");
  if (inner.digest() != trailer) throw InputError(what + ": its trailing SHA-256 does not match");
  if (escapes != entries) {
    throw InputError(what + ": " + std::to_string(escapes) + " escape bytes but " +
                     std::to_string(entries) + " side entries");
  }
  Value largest = 0;
  for (std::size_t j = 0; j < side.size(); ++j) {
    const auto [heap, value] = side[j];
    if ((j > 0 && heap <= side[j - 1].first) || heap >= count ||
        narrow[heap] != kOctalValuesEscape || value < kOctalValuesEscape ||
        value > static_cast<std::uint32_t>(kLargestOctalValue)) {
      throw InputError(what + ": side entry " + std::to_string(j) + " (heap " +
                       std::to_string(heap) + ", value " + std::to_string(value) +
                       ") is not an escaped heap in increasing order with a value 255..65535");
    }
    largest = std::max<Value>(largest, static_cast<Value>(value));
  }
  if (largest <= 255) return OctalValueTable(std::move(narrow));  // only 255s: one byte holds them
  std::vector<std::uint16_t> wide(narrow.begin(), narrow.end());
  std::vector<std::uint8_t>().swap(narrow);
  for (const auto& [heap, value] : side) wide[heap] = static_cast<std::uint16_t>(value);
  return OctalValueTable(std::move(wide));
}

std::filesystem::path resolve_octal_values_path(const std::filesystem::path& folder,
                                                const std::string& path) {
  const std::string what = "certificate: 'certificate.values_file.path' '" + path + "'";
  if (path.empty()) throw InputError(what + " is empty");
  if (path.front() == '/' || path.find('\\') != std::string::npos ||
      path.find('\0') != std::string::npos) {
    throw InputError(what + " must be a relative path inside the certificate's folder");
  }
  std::size_t start = 0;
  while (true) {
    const std::size_t slash = path.find('/', start);
    const std::string part = path.substr(start, slash - start);
    if (part.empty() || part == "." || part == "..") {
      throw InputError(what +
                       " must be a relative path inside the certificate's folder (no "
                       "empty, '.' or '..' component)");
    }
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  // A symbolic link (the file or a folder on the way) must not lead out of the folder either:
  // the real path of the file must lie under the real path of the folder.
  // (Absolute first: weakly_canonical leaves a relative path relative when no part of it exists.)
  std::error_code ec_folder, ec_file;
  const std::filesystem::path base = folder.empty() ? "." : folder;
  auto inside = std::filesystem::weakly_canonical(std::filesystem::absolute(base), ec_folder);
  const auto real =
      std::filesystem::weakly_canonical(std::filesystem::absolute(base / path), ec_file);
  if (!inside.has_filename()) inside = inside.parent_path();
  if (ec_folder || ec_file ||
      std::mismatch(inside.begin(), inside.end(), real.begin(), real.end()).first != inside.end() ||
      real == inside) {
    throw InputError(what + " leads out of the certificate's folder (through a symbolic link)");
  }
  return folder / path;
}

std::int64_t guy_smith_bound(std::int64_t preperiod, std::int64_t period, int last_digit) {
  return 2 * std::max<std::int64_t>(preperiod, 1) + 2 * period + last_digit;
}

namespace {

/// Heaps, masks and depths are 32-bit in the certificate.
constexpr std::int64_t kLargest32 = 0xFFFFFFFF;

json pairs_json(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs) {
  json out = json::array();
  for (const auto& [a, b] : pairs) out.push_back({a, b});
  return out;
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> parse_pairs(const json& v,
                                                                 const std::string& path) {
  if (!v.is_array()) throw InputError("certificate: field '" + path + "' must be an array");
  std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const std::string where = path + "[" + std::to_string(i) + "]";
    if (!v[i].is_array() || v[i].size() != 2)
      throw InputError("certificate: field '" + where + "' must be a pair [a, b]");
    out.emplace_back(
        static_cast<std::uint32_t>(cert_integer(v[i][0], where + "[0]", 0, kLargest32)),
        static_cast<std::uint32_t>(cert_integer(v[i][1], where + "[1]", 0, kLargest32)));
  }
  return out;
}

}  // namespace

json octal_period_json(const OctalPeriodCertificate& cert, int last_digit,
                       const std::string& checked, bool with_values) {
  json values = json::array();
  const bool file = cert.values_file.has_value() || cert.values.size() <= kLargestOctalFile;
  const bool inline_values = file && !cert.values_file && with_values;
  if (inline_values) {
    for (std::int64_t n = 0; n < cert.values.size(); ++n) values.push_back(cert.values[n]);
  }
  json out = {
      {"game", "octal:" + cert.code},
      {"preperiod", cert.preperiod},
      {"period", cert.period},
      {"saltus", 0},
      {"last_exceptional_value", cert.preperiod > 0 ? json(cert.preperiod - 1) : json(nullptr)},
      {"certificate",
       {{"certificate_version", kOctalCertificateVersion},
        {"theorem",
         "Guy–Smith periodicity theorem for finite octal games (Winning Ways, 2nd ed., "
         "vol. 1, ch. 4): G(n+p) = G(n) for e <= n < 2·max(e,1)+p+k implies it for all n >= e; "
         "k = " +
             std::to_string(last_digit)},
        {"bound", cert.bound()},
        {"values", values},
        {"masks", pairs_json(cert.mask_schedule)},
        {"witness_hints", pairs_json(cert.witness_depths)},
        {"checked", checked},
        {"checker", "check_octal_period_certificate (core/octal/octal_certificate_check.cpp)"}}}};
  if (cert.values_file) {
    // The values live in the binary values file the certificate names (core/CERTIFICATES.md).
    json& c = out["certificate"];
    c.erase("values");
    c["values_file"] = {{"path", cert.values_file->path},
                        {"bytes", cert.values_file->bytes},
                        {"sha256", cert.values_file->sha256}};
  } else if (!file) {
    // Above both checkers' file limit: the certificate was checked in the producing process;
    // what is printed says so and is not a certificate file (both checkers refuse it).
    out["certificate"].erase("values");
    out["certificate"]["values_not_written"] =
        std::to_string(cert.values.size()) +
        " values, above the certificate file limit of 2^26: checked in memory by the checker "
        "named here, in the process that produced them (`verify period --certificate-out` "
        "saves them in a binary values file)";
  } else if (!inline_values) {
    // Only the answer was asked for: the same, below the limit (not a certificate file).
    out["certificate"].erase("values");
    out["certificate"]["values_not_written"] =
        std::to_string(cert.values.size()) +
        " values: checked in memory by the checker named here, in the process that produced "
        "them, and not saved (`verify period --certificate-out` saves them)";
  }
  return out;
}

OctalPeriodCertificate parse_octal_period_json(const json& period_json,
                                               const std::optional<OctalValuesLocation>& location) {
  const auto code =
      read_certificate_code<OctalCode>(period_json, "octal", kOctalCertificateVersion);
  const json& certificate = cert_field(period_json, "certificate", "");
  OctalPeriodCertificate cert;
  cert.code = code.canonical();
  const bool has_file = certificate.is_object() && certificate.contains("values_file");
  const std::int64_t limit = has_file ? kLargestOctalValuesFile : kLargestOctalFile;
  cert.preperiod = cert_integer(cert_field(period_json, "preperiod", ""), "preperiod", 0, limit);
  cert.period = cert_integer(cert_field(period_json, "period", ""), "period", 1, limit);
  // The small parts first, so that a malformed file is refused before a large values file is read.
  cert.mask_schedule =
      parse_pairs(cert_field(certificate, "masks", "certificate"), "certificate.masks");
  cert.witness_depths = parse_pairs(cert_field(certificate, "witness_hints", "certificate"),
                                    "certificate.witness_hints");
  if (has_file) {
    if (certificate.contains("values"))
      throw InputError("certificate: both 'certificate.values' and 'certificate.values_file'");
    const json& ref = certificate["values_file"];
    if (!ref.is_object() || ref.size() != 3 || !ref.contains("path") || !ref.contains("bytes") ||
        !ref.contains("sha256")) {
      throw InputError(
          "certificate: field 'certificate.values_file' must be an object {path, bytes, sha256}");
    }
    if (!ref["path"].is_string())
      throw InputError("certificate: field 'certificate.values_file.path' must be a string");
    if (!ref["sha256"].is_string())
      throw InputError("certificate: field 'certificate.values_file.sha256' must be a string");
    OctalValuesFileRef r;
    r.path = ref["path"].get<std::string>();
    r.bytes =
        cert_integer(ref["bytes"], "certificate.values_file.bytes",
                     kOctalValuesHeaderBytes + kOctalValuesTrailerBytes, std::int64_t{1} << 40);
    r.sha256 = ref["sha256"].get<std::string>();
    if (r.sha256.size() != 64 ||
        r.sha256.find_first_not_of("0123456789abcdef") != std::string::npos) {
      throw InputError(
          "certificate: field 'certificate.values_file.sha256' must be 64 lower-case "
          "hexadecimal digits");
    }
    const std::filesystem::path resolved =
        resolve_octal_values_path(location ? location->folder : std::filesystem::path{}, r.path);
    if (!location) {
      throw InputError("certificate: the values are in the file '" + r.path +
                       "', but this certificate was not read from a file (check it with `verify "
                       "check-certificate FILE.json`)");
    }
    // Every other field's kind before the large read (the values are checked by the reader).
    OctalPeriodCertificate shape = cert;
    shape.values_file = r;
    require_same_shape(octal_period_json(shape, code.max_removal(), ""), period_json, "");
    cert.values = read_octal_values_file(location->file ? *location->file : resolved, r);
    cert.values_file = r;
  } else {
    const json& values = cert_field(certificate, "values", "certificate");
    if (!values.is_array())
      throw InputError("certificate: field 'certificate.values' must be an array");
    if (static_cast<std::int64_t>(values.size()) > kLargestOctalFile)
      throw InputError("certificate: 'certificate.values' holds more than 2^26 values");
    std::vector<std::uint16_t> wide;
    wide.reserve(values.size());
    Value largest = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
      const Value v = cert_integer(values[i], "certificate.values[" + std::to_string(i) + "]", 0,
                                   kLargestOctalValue);
      largest = std::max(largest, v);
      wide.push_back(static_cast<std::uint16_t>(v));
    }
    if (largest < 256) {
      cert.values = OctalValueTable(std::vector<std::uint8_t>(wide.begin(), wide.end()));
    } else {
      cert.values = OctalValueTable(std::move(wide));
    }
  }
  // Every field present, with its kind (the descriptive text is compared by kind only).
  require_same_shape(octal_period_json(cert, code.max_removal(), ""), period_json, "");
  return cert;
}

std::int64_t hex_period_bound(std::int64_t preperiod, std::int64_t period, int last_digit) {
  return 3 * std::max<std::int64_t>(preperiod, 1) + 3 * period + last_digit;
}

json hex_period_json(const HexPeriodCertificate& cert, int last_digit, const std::string& checked) {
  return {{"game", "hex:" + cert.code},
          {"preperiod", cert.preperiod},
          {"period", cert.period},
          {"saltus", 0},
          {"last_exceptional_value", cert.preperiod > 0 ? json(cert.preperiod - 1) : json(nullptr)},
          {"certificate",
           {{"certificate_version", kHexCertificateVersion},
            {"theorem",
             "periodicity theorem for hexadecimal games (Guy–Smith's argument with three-way "
             "splits, core/CERTIFICATES.md): G(n+p) = G(n) for e <= n < 3·max(e,1)+2p+k implies it "
             "for all n >= e; k = " +
                 std::to_string(last_digit)},
            {"bound", cert.bound()},
            {"values", cert.values},
            {"checked", checked},
            {"checker", "check_hex_period_certificate (core/octal/octal_certificate_check.cpp)"}}}};
}

template <class Code>
Code read_certificate_code(const json& period_json, const std::string& family, int version) {
  if (!period_json.is_object()) throw InputError("certificate: not a JSON object");
  const json& game = cert_field(period_json, "game", "");
  if (!game.is_string()) throw InputError("certificate: field 'game' must be a string");
  const std::string spec = game.get<std::string>();
  const std::string prefix = family + ":";
  if (spec.rfind(prefix, 0) != 0)
    throw InputError("certificate: game '" + spec + "' is not " + family);
  const Code code = Code::parse(spec.substr(prefix.size()));
  if (code.canonical() != spec.substr(prefix.size())) {
    throw InputError("certificate: game '" + spec + "' is not written canonically (expected '" +
                     prefix + code.canonical() + "')");
  }
  require_certificate_version(cert_field(period_json, "certificate", ""), version);
  return code;
}
template OctalCode read_certificate_code<OctalCode>(const json&, const std::string&, int);
template HexCode read_certificate_code<HexCode>(const json&, const std::string&, int);

std::vector<Value> read_hex_certificate_values(const json& certificate) {
  const json& values = cert_field(certificate, "values", "certificate");
  if (!values.is_array())
    throw InputError("certificate: field 'certificate.values' must be an array");
  if (static_cast<std::int64_t>(values.size()) > kLargestHexFile) {
    throw InputError("certificate: 'certificate.values' holds more than " +
                     std::to_string(kLargestHexFile) + " values (the checker's limit)");
  }
  std::vector<Value> out;
  out.reserve(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    out.push_back(cert_integer(values[i], "certificate.values[" + std::to_string(i) + "]", 0,
                               kLargestOctalValue));
  }
  return out;
}

HexPeriodCertificate parse_hex_period_json(const json& period_json) {
  const auto code = read_certificate_code<HexCode>(period_json, "hex", kHexCertificateVersion);
  const json& certificate = cert_field(period_json, "certificate", "");
  HexPeriodCertificate cert;
  cert.code = code.canonical();
  cert.preperiod =
      cert_integer(cert_field(period_json, "preperiod", ""), "preperiod", 0, kLargestHexFile);
  cert.period = cert_integer(cert_field(period_json, "period", ""), "period", 1, kLargestHexFile);
  (void)cert_integer(cert_field(period_json, "saltus", ""), "saltus", 0, kLargestOctalValue);
  (void)cert_integer(cert_field(certificate, "bound", "certificate"), "certificate.bound", 0,
                     kLargestHexFile);
  cert.values = read_hex_certificate_values(certificate);
  const json& lev = cert_field(period_json, "last_exceptional_value", "");
  if (!lev.is_null()) (void)cert_integer(lev, "last_exceptional_value", 0, kLargestHexFile);
  // Every field present, with its kind (the descriptive text is compared by kind only).
  require_same_shape(hex_period_json(cert, code.max_removal(), ""), period_json, "");
  return cert;
}

}  // namespace igv
