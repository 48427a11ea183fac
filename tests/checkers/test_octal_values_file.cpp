// The octal certificate's binary values file (core/CERTIFICATES.md, "octal", "The binary values
// file") and the SHA-256 it relies on, from the checker library alone: the FIPS 180-4 test
// vectors, the round trip, every kind of damage refused as malformed (InputError: exit 2), and a
// certificate whose values file is well formed but holds a wrong value rejected (exit 1).
#include <unistd.h>

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/sha256.h"
#include "core/octal/trusted/octal_certificate.h"
#include "core/octal/trusted/octal_certificate_check.h"
#include "core/octal/trusted/octal_rules.h"
#include "igv_build_info.h"

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

/// A fresh folder for one test case's files.
fs::path scratch(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / ("igv_values_file_" + std::to_string(::getpid()) + "_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string slurp(const fs::path& f) {
  std::ifstream in(f, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void spit(const fs::path& f, const std::string& bytes) {
  std::ofstream out(f, std::ios::binary | std::ios::trunc);
  out << bytes;
}

/// The reference of a file as it is now (its length and SHA-256), named `name`.
igv::OctalValuesFileRef ref_of(const fs::path& f, const std::string& name) {
  const std::string bytes = slurp(f);
  return {name, static_cast<std::int64_t>(bytes.size()), igv::sha256_hex(bytes)};
}

/// Rewrites the trailing SHA-256 after an edit (a "consistent" edit of the body).
void reseal(const fs::path& f) {
  std::string bytes = slurp(f);
  const std::string body = bytes.substr(0, bytes.size() - 32);
  igv::Sha256 h;
  h.update(body);
  const auto d = h.digest();
  bytes = body + std::string(d.begin(), d.end());
  spit(f, bytes);
}

void put32(std::string& bytes, std::size_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) bytes[at + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
}

igv::OctalValueTable table(std::vector<std::uint16_t> v) {
  return igv::OctalValueTable(std::move(v));
}

/// The message of the InputError that reading `f` with `ref` throws ("" when none).
std::string read_error(const fs::path& f, const igv::OctalValuesFileRef& ref) {
  try {
    (void)igv::read_octal_values_file(f, ref);
  } catch (const igv::InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(sha256)

BOOST_AUTO_TEST_CASE(fips_180_4_test_vectors) {
  BOOST_TEST(igv::sha256_hex("") ==
             "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  BOOST_TEST(igv::sha256_hex("abc") ==
             "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  BOOST_TEST(igv::sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
             "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  BOOST_TEST(igv::sha256_hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklm"
                             "nopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu") ==
             "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  BOOST_TEST(igv::sha256_hex(std::string(1000000, 'a')) ==
             "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

BOOST_AUTO_TEST_CASE(pieces_of_any_size_give_the_same_digest) {
  std::string message;
  for (int i = 0; i < 1000; ++i) message.push_back(static_cast<char>(i * 7 + 3));
  for (std::size_t step : {1, 3, 55, 56, 63, 64, 65, 127, 999}) {
    igv::Sha256 h;
    for (std::size_t at = 0; at < message.size(); at += step)
      h.update(std::string_view(message).substr(at, step));
    BOOST_TEST(h.hex_digest() == igv::sha256_hex(message));
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(octal_values_file)

BOOST_AUTO_TEST_CASE(round_trip_one_byte_a_heap_and_the_side_table) {
  const fs::path dir = scratch("round_trip");
  // Below 255 only; 255 itself (escaped, one byte in memory); values above 255 (two bytes).
  for (const auto& values : std::vector<std::vector<std::uint16_t>>{
           {0, 1, 2, 3, 254, 0}, {0, 255, 1, 255}, {0, 1, 256, 3, 65535, 255, 1000}, {}}) {
    const fs::path f = dir / "g.values";
    const auto ref = igv::write_octal_values_file(table(values), f, "g.values");
    const std::size_t escaped = static_cast<std::size_t>(
        std::count_if(values.begin(), values.end(), [](auto v) { return v >= 255; }));
    BOOST_TEST(ref.bytes == static_cast<std::int64_t>(64 + values.size() + 8 * escaped));
    BOOST_TEST((ref == ref_of(f, "g.values")));
    const auto back = igv::read_octal_values_file(f, ref);
    BOOST_REQUIRE(back.size() == static_cast<std::int64_t>(values.size()));
    for (std::size_t n = 0; n < values.size(); ++n) BOOST_TEST(back[n] == values[n]);
    const bool wide = std::any_of(values.begin(), values.end(), [](auto v) { return v > 255; });
    BOOST_TEST(back.bytes_per_value() == (wide ? 2 : 1));
  }
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(every_damage_is_refused_as_malformed) {
  const fs::path dir = scratch("damage");
  const fs::path f = dir / "g.values";
  const std::vector<std::uint16_t> values = {0, 1, 300, 2, 255, 3, 4};
  const auto ref = igv::write_octal_values_file(table(values), f, "g.values");
  const std::string good = slurp(f);
  BOOST_TEST(read_error(f, ref).empty());
  const auto refused = [&](const std::string& bytes, bool reseal_it, const std::string& expect) {
    spit(f, bytes);
    if (reseal_it) reseal(f);
    // With the certificate's reference (the file differs from it) and with a reference
    // recomputed from the damaged file (only the format can refuse it then).
    const std::string with_old = read_error(f, ref);
    const std::string with_new = read_error(f, ref_of(f, "g.values"));
    BOOST_TEST_INFO("expected '" << expect << "': " << with_old << " / " << with_new);
    BOOST_TEST(!with_old.empty());
    BOOST_TEST(with_new.find(expect) != std::string::npos);
  };
  refused(good.substr(0, good.size() - 1), false, "header announces");  // truncated
  refused(good.substr(0, 20), false, "too short");
  refused(good + "x", false, "header announces");  // extended
  std::string flipped = good;
  flipped[32 + 3] ^= 1;  // a value byte, trailer not updated
  refused(flipped, false, "trailing SHA-256");
  std::string magic = good;
  magic[0] = 'X';
  refused(magic, true, "bad magic");
  std::string version = good;
  put32(version, 8, 2);
  refused(version, true, "version 2");
  std::string reserved = good;
  put32(reserved, 12, 1);
  refused(reserved, true, "reserved");
  std::string count = good;
  put32(count, 16, 8);
  refused(count, true, "header announces");
  std::string escape = good;
  escape[32 + 1] = static_cast<char>(255);  // an escape without a side entry
  refused(escape, true, "escape bytes");
  std::string order = good;  // the two side entries swapped: heaps 4, 2
  std::swap_ranges(order.begin() + 32 + 7, order.begin() + 32 + 15, order.begin() + 32 + 15);
  refused(order, true, "side entry");
  std::string small = good;  // a side value below 255
  put32(small, 32 + 7 + 4, 17);
  refused(small, true, "side entry");
  std::string large = good;  // a side value above 65535
  put32(large, 32 + 7 + 4, 70000);
  refused(large, true, "side entry");
  // The certificate's hash or length differs from the (intact) file.
  spit(f, good);
  auto other = ref;
  other.sha256[0] = other.sha256[0] == '0' ? '1' : '0';
  BOOST_TEST(read_error(f, other).find("SHA-256 differs") != std::string::npos);
  other = ref;
  other.bytes += 1;
  BOOST_TEST(read_error(f, other).find("bytes") != std::string::npos);
  fs::remove(f);
  BOOST_TEST(read_error(f, ref).find("no such file") != std::string::npos);
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(paths_outside_the_folder_are_refused) {
  for (const std::string bad : {"", "/etc/passwd", "../g.values", "a/../../g.values", "./g.values",
                                "a//g.values", "a/", "a\\b"}) {
    BOOST_TEST_INFO(bad);
    BOOST_CHECK_THROW((void)igv::resolve_octal_values_path("/tmp", bad), igv::InputError);
  }
  BOOST_TEST(igv::resolve_octal_values_path("d", "g.values") == fs::path("d/g.values"));
  BOOST_TEST(igv::resolve_octal_values_path("d", "sub/g.values") == fs::path("d/sub/g.values"));
  BOOST_TEST(igv::resolve_octal_values_path("", "g.values") == fs::path("g.values"));
  // A symbolic link that leads out of the folder, the file's or a folder's (issue 27), is refused
  // as a path climbing out is; one that stays inside is followed.
  const fs::path dir = scratch("links");
  fs::create_directories(dir / "in");
  std::ofstream(dir / "outside.values") << "x";
  std::ofstream(dir / "in" / "g.values") << "x";
  fs::create_symlink(dir / "outside.values", dir / "in" / "link.values");
  fs::create_symlink(dir, dir / "in" / "up");
  fs::create_symlink("g.values", dir / "in" / "inner.values");
  BOOST_CHECK_THROW((void)igv::resolve_octal_values_path(dir / "in", "link.values"),
                    igv::InputError);
  BOOST_CHECK_THROW((void)igv::resolve_octal_values_path(dir / "in", "up/outside.values"),
                    igv::InputError);
  BOOST_TEST(igv::resolve_octal_values_path(dir / "in", "inner.values") ==
             dir / "in" / "inner.values");
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(a_certificate_with_a_values_file_is_checked_from_the_file) {
  const fs::path dir = scratch("certificate");
  std::ifstream in(fs::path(IGV_SOURCE_DIR) / "tests" / "data" / "certificates" /
                   "octal_0.137.json");
  json j = json::parse(in);
  j.erase("block");
  igv::OctalPeriodCertificate cert = igv::parse_octal_period_json(j);
  const int k = igv::OctalCode::parse(cert.code).max_removal();
  cert.values_file = igv::write_octal_values_file(cert.values, dir / "c.values", "c.values");
  const json with_file = igv::octal_period_json(cert, k, "descriptive");
  BOOST_TEST(!with_file["certificate"].contains("values"));
  BOOST_TEST(with_file["certificate"]["values_file"]["path"] == "c.values");
  const igv::OctalValuesLocation here{dir, std::nullopt};
  BOOST_TEST(igv::check_octal_period_json(with_file, here).accepted());
  // Without a folder, the file cannot be found: malformed, not a guess.
  BOOST_CHECK_THROW((void)igv::check_octal_period_json(with_file), igv::InputError);
  // A path that leaves the folder, a wrong length or hash in the JSON: malformed.
  for (const auto& [field, value] :
       std::vector<std::pair<std::string, json>>{{"path", "../c.values"},
                                                 {"path", (dir / "c.values").string()},
                                                 {"bytes", cert.values_file->bytes + 1},
                                                 {"sha256", std::string(64, '0')},
                                                 {"sha256", "abc"}}) {
    json edited = with_file;
    edited["certificate"]["values_file"][field] = value;
    BOOST_TEST_INFO(field << " = " << value.dump());
    BOOST_CHECK_THROW((void)igv::check_octal_period_json(edited, here), igv::InputError);
  }
  json both = with_file;
  both["certificate"]["values"] = json::array();
  BOOST_CHECK_THROW((void)igv::check_octal_period_json(both, here), igv::InputError);
  // A well-formed file whose values are wrong: rejected (NOT VERIFIED), not malformed.
  igv::OctalPeriodCertificate wrong = cert;
  wrong.values.set(10, wrong.values[10] ^ 1);
  wrong.values_file = igv::write_octal_values_file(wrong.values, dir / "w.values", "w.values");
  const igv::CertificateVerdict v =
      igv::check_octal_period_json(igv::octal_period_json(wrong, k, ""), here);
  BOOST_TEST(!v.accepted());
  BOOST_TEST(v.reason().find("heap") != std::string::npos);
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_SUITE_END()
