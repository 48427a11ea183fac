// The octal periodicity certificate (Guy–Smith) and its file format, `verify period octal:CODE
// --format json` (specified in core/CERTIFICATES.md, section "octal", certificate_version 1).
//
// The certificate holds the claimed values G(0..N-1), the claimed least preperiod e and least
// period p, the masks for the checker's rare/common parity argument (a schedule: mask M_j from
// heap n_j on), and witness hints. The producer (core/octal/octal_period.h) writes it; the
// checker (core/octal/octal_certificate_check.h) reads it and includes nothing of the producer.
//
// Witness order (the hint format, shared by producer and checker), for heap n and the mask M in
// force at n: (1) every option leaving no heap or one heap; (2) every split with a part that is
// a rare heap under M (see kHeapParityBit); (3) the splits by smaller part a = 1, 2, 3, … (every
// removal i for each a). When G(n) is a value that needs a rare part at n, every value below
// G(n) must appear among (1), (2) and the splits of (3) with a <= max(kDefaultWitnessDepth,
// hint(n)). (Otherwise the checker looks at every split anyway.)
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/base/trusted/primitives.h"

namespace igv {

/// Version of the octal certificate file format (core/CERTIFICATES.md).
inline constexpr int kOctalCertificateVersion = 1;

/// A mask entry with this bit adds the heap's parity to the rare/common split: heap x is rare
/// when popcount(G(x) & mask) + x - i is even, i the removals that may leave two heaps. Valid
/// (and used by the checker) only when all those removals have the same parity; otherwise the
/// bit is ignored. (The - i keeps a heap rare exactly when its own value is one that may come
/// from two common parts, so that rare heaps and full scans stay equally few.) Values are
/// 16-bit, so the bit never meets a value bit.
inline constexpr std::uint32_t kHeapParityBit = std::uint32_t{1} << 16;
/// The bits of a mask entry that select value bits.
inline constexpr std::uint32_t kValueMaskBits = kHeapParityBit - 1;

/// Values a certificate file may hold (both checkers' limit). A longer certificate is checked in
/// the process that produced it, by the same checker, and printed without its values.
inline constexpr std::int64_t kLargestOctalFile = std::int64_t{1} << 26;
/// Values a certificate saved by `verify period --certificate-out` holds inline: above it they go
/// to the binary values file (one byte a heap, where the JSON array costs the producer about 60
/// bytes a value while it is built, and its file about 10, so that 2^26 inline values would
/// exceed the 64 MiB any input may have; core/base/json_input.h).
inline constexpr std::int64_t kLargestSavedInline = std::int64_t{1} << 20;

/// Splits with a smaller part up to this depth are always searched for witnesses.
constexpr std::int64_t kDefaultWitnessDepth = 4096;

/// A sequence of values in the narrowest type that holds them (one or two bytes per heap).
class OctalValueTable {
 public:
  OctalValueTable() = default;
  explicit OctalValueTable(std::vector<std::uint8_t> narrow) : narrow_(std::move(narrow)) {}
  explicit OctalValueTable(std::vector<std::uint16_t> wide)
      : wide_(std::move(wide)), is_wide_(true) {}
  [[nodiscard]] std::int64_t size() const {
    return static_cast<std::int64_t>(is_wide_ ? wide_.size() : narrow_.size());
  }
  [[nodiscard]] Value operator[](std::int64_t n) const {
    return is_wide_ ? wide_[static_cast<std::size_t>(n)] : narrow_[static_cast<std::size_t>(n)];
  }
  /// Sets G(n) (tests use it to corrupt certificates). Values must fit the table's width.
  void set(std::int64_t n, Value v);
  void resize(std::int64_t n);
  [[nodiscard]] int bytes_per_value() const { return is_wide_ ? 2 : 1; }
  [[nodiscard]] const std::vector<std::uint8_t>& narrow() const { return narrow_; }
  [[nodiscard]] const std::vector<std::uint16_t>& wide() const { return wide_; }

 private:
  std::vector<std::uint8_t> narrow_;
  std::vector<std::uint16_t> wide_;
  bool is_wide_ = false;
};

/// The binary values file a certificate names instead of carrying `values` (core/CERTIFICATES.md,
/// "octal", "The binary values file"): its path relative to the JSON file's folder, its length in
/// bytes and its SHA-256 (64 lower-case hexadecimal digits).
struct OctalValuesFileRef {
  std::string path;
  std::int64_t bytes = 0;
  std::string sha256;
  bool operator==(const OctalValuesFileRef&) const = default;
};

/// The values file's fixed parts: magic, version, header and trailer sizes, the escape byte.
inline constexpr char kOctalValuesMagic[9] = "IGVOCTAL";
inline constexpr std::uint32_t kOctalValuesVersion = 1;
inline constexpr std::int64_t kOctalValuesHeaderBytes = 32;
inline constexpr std::int64_t kOctalValuesEntryBytes = 8;
inline constexpr std::int64_t kOctalValuesTrailerBytes = 32;
inline constexpr std::uint8_t kOctalValuesEscape = 255;
/// Values a binary values file may hold (heaps are 32-bit in certificates).
inline constexpr std::int64_t kLargestOctalValuesFile = std::int64_t{1} << 32;

struct OctalPeriodCertificate {
  std::string code;            ///< canonical octal code, e.g. "0.07"
  std::int64_t preperiod = 0;  ///< least e with G(n + p) = G(n) for all n >= e
  std::int64_t period = 0;     ///< least p
  /// (first heap, mask), increasing in heap, the first from heap 0: the rare/common masks for
  /// the checker's parity argument.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> mask_schedule{{0, 0}};
  OctalValueTable values;  ///< claimed G(0..bound-1)
  /// (n, depth): heaps whose witnesses need splits of step (3) with a smaller part beyond
  /// kDefaultWitnessDepth, increasing in n.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> witness_depths;
  /// Set when the values live in a binary values file: the JSON names it instead of `values`.
  std::optional<OctalValuesFileRef> values_file;
  [[nodiscard]] std::int64_t bound() const { return values.size(); }
};

/// The values file that goes with the certificate file `json_path`: its name (the JSON file's
/// name without `.json`, plus `.values`), in the same folder, and the temporary name it is written
/// under first (`.NAME.values.tmp.PID`, same folder).
std::string octal_values_file_name(const std::filesystem::path& json_path);
std::filesystem::path octal_values_temporary_path(const std::filesystem::path& json_path);

/// Writes `values` as a binary values file at `file` (created or replaced; the caller renames it
/// into place) and returns its reference, named `name` (the path the JSON will hold). Throws
/// std::runtime_error when the file cannot be written.
OctalValuesFileRef write_octal_values_file(const OctalValueTable& values,
                                           const std::filesystem::path& file,
                                           const std::string& name);

/// Reads a binary values file back, strictly: its length and SHA-256 must be those of `expected`,
/// the magic, version, reserved field, count, side table and trailing hash those of the format.
/// Anything else (absent, truncated, extended, corrupted file) throws InputError, one line.
/// Values above 255 widen the table to two bytes a heap; otherwise one byte a heap.
OctalValueTable read_octal_values_file(const std::filesystem::path& file,
                                       const OctalValuesFileRef& expected);

/// The file a certificate's `values_file.path` names, relative to `folder` (the JSON file's
/// folder). Throws InputError for an empty or absolute path, or one with an empty, `.` or `..`
/// component, or one whose real path (symbolic links followed) leaves the folder: nothing
/// outside the folder is read.
std::filesystem::path resolve_octal_values_path(const std::filesystem::path& folder,
                                                const std::string& path);

/// Where a certificate's values file is read from: `folder`, the JSON file's folder; or, when
/// `file` is set, that file (the producer checks its values file before renaming it into place).
struct OctalValuesLocation {
  std::filesystem::path folder;
  std::optional<std::filesystem::path> file;
};

/// The number of values the theorem needs for preperiod e, period p and last digit k.
std::int64_t guy_smith_bound(std::int64_t preperiod, std::int64_t period, int last_digit);

/// The JSON that `verify period octal:CODE --format json` prints (core/CERTIFICATES.md);
/// `checked` is the checker's account of what it established (descriptive text). Without
/// `with_values` (a caller that needs only the answer), a certificate without a values file is
/// written with `values_not_written` instead of its values: no certificate file.
nlohmann::json octal_period_json(const OctalPeriodCertificate& cert, int last_digit,
                                 const std::string& checked, bool with_values = true);

// ---------------------------------------------------------------------------------------------
// Hexadecimal games (`verify period hex:CODE --format json`, core/CERTIFICATES.md, section
// "hexadecimal", certificate_version 1): ordinary periodicity only (saltus 0), by the
// periodicity theorem for games that leave at most three heaps (core/octal/octal_hex_period.h):
// G(n + p) = G(n) for e <= n < 3·max(e,1) + 2p + k implies it for every n >= e. The certificate
// holds exactly the values G(0 .. 3·max(e,1) + 3p + k - 1); the checker recomputes every one
// with the naive kernel (so a certificate holds at most kLargestHexFile values).
// ---------------------------------------------------------------------------------------------

/// Version of the hexadecimal certificate file format (core/CERTIFICATES.md).
inline constexpr int kHexCertificateVersion = 1;
/// Values a hexadecimal certificate may hold: the naive recomputation is O(N^3).
inline constexpr std::int64_t kLargestHexFile = std::int64_t{1} << 11;

struct HexPeriodCertificate {
  std::string code;            ///< canonical hexadecimal code, e.g. "0.33F"
  std::int64_t preperiod = 0;  ///< least e with G(n + p) = G(n) for all n >= e
  std::int64_t period = 0;     ///< least p
  std::vector<Value> values;   ///< claimed G(0 .. bound - 1)
  [[nodiscard]] std::int64_t bound() const { return static_cast<std::int64_t>(values.size()); }
};

/// The number of values the hexadecimal theorem needs: 3·max(e, 1) + 3p + k.
std::int64_t hex_period_bound(std::int64_t preperiod, std::int64_t period, int last_digit);

/// The JSON that `verify period hex:CODE --format json` prints; `checked` is descriptive.
nlohmann::json hex_period_json(const HexPeriodCertificate& cert, int last_digit,
                               const std::string& checked);

/// What the octal and the hexadecimal certificate files share when read back: an object whose
/// game is "FAMILY:CODE" (`family` "octal" or "hex", Code OctalCode or HexCode) with the code
/// written canonically (the code is returned), and whose certificate has certificate_version
/// `version`. Throws InputError naming the field.
template <class Code>
Code read_certificate_code(const nlohmann::json& period_json, const std::string& family,
                           int version);

/// certificate.values of a hexadecimal certificate file (ordinary or arithmetic): an array of
/// at most kLargestHexFile values, each 0..65535. Throws InputError naming the field.
std::vector<Value> read_hex_certificate_values(const nlohmann::json& certificate);

/// Reads a hexadecimal certificate file back (the inverse of hex_period_json). Throws
/// InputError naming the field when the file is malformed (a field missing, unexpected or of
/// the wrong kind, a number out of range, more than kLargestHexFile values, another version, a
/// game that is not a canonical hexadecimal code).
HexPeriodCertificate parse_hex_period_json(const nlohmann::json& period_json);

/// Reads a certificate file back (the inverse of octal_period_json). Throws InputError naming
/// the field when the file is malformed: a field missing, unexpected or of the wrong kind, a
/// number out of range, an unsupported certificate_version, a game that is not a canonical
/// finite octal code. A certificate that names a values file is read from `location` (without
/// one: InputError, the file's folder is unknown); every fault of that file is an InputError.
OctalPeriodCertificate parse_octal_period_json(
    const nlohmann::json& period_json, const std::optional<OctalValuesLocation>& location = {});

}  // namespace igv
