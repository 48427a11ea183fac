// Trusted: the checker library, core/base/trusted/ (core/README.md, "The proof boundary").
//
// SHA-256 (FIPS 180-4), self-contained: the fingerprint of certificate side files (an octal
// certificate's binary values file, core/CERTIFICATES.md). Part of the checker library.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace igv {

class Sha256 {
 public:
  Sha256();
  /// Adds `size` bytes to the message.
  void update(const void* data, std::size_t size);
  void update(std::string_view s) { update(s.data(), s.size()); }
  /// The digest of everything added; the object must not be updated afterwards.
  std::array<std::uint8_t, 32> digest();
  /// The digest as 64 lower-case hexadecimal digits.
  std::string hex_digest();

 private:
  void block(const std::uint8_t* p);
  std::array<std::uint32_t, 8> h_;
  std::array<std::uint8_t, 64> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t length_ = 0;  // bytes added
};

/// The hexadecimal SHA-256 of a byte string.
std::string sha256_hex(std::string_view data);

/// 32 bytes as 64 lower-case hexadecimal digits.
std::string hex_string(const std::array<std::uint8_t, 32>& digest);

}  // namespace igv
