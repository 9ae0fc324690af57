#include "server/common/fair_dice.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

#include <array>
#include <cctype>
#include <stdexcept>

namespace ordo::server {

namespace {

constexpr std::size_t kSeedBytes = 32;

std::string hex_of(const unsigned char* bytes, std::size_t n) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  text.reserve(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    text += kDigits[bytes[i] >> 4];
    text += kDigits[bytes[i] & 15];
  }
  return text;
}

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::array<unsigned char, kSeedBytes> seed_bytes(const std::string& seed_hex) {
  if (!is_dice_seed(seed_hex))
    throw std::invalid_argument("a dice seed is 64 hex digits, not '" + seed_hex + "'");
  std::array<unsigned char, kSeedBytes> bytes{};
  for (std::size_t i = 0; i < kSeedBytes; ++i)
    bytes[i] = static_cast<unsigned char>(digit_value(seed_hex[2 * i]) * 16 +
                                          digit_value(seed_hex[2 * i + 1]));
  return bytes;
}

}  // namespace

std::string new_dice_seed() {
  std::array<unsigned char, kSeedBytes> bytes{};
  if (RAND_bytes(bytes.data(), static_cast<int>(bytes.size())) != 1)
    throw std::runtime_error("no secure random source for the dice (RAND_bytes failed)");
  return hex_of(bytes.data(), bytes.size());
}

bool is_dice_seed(const std::string& text) {
  if (text.size() != 2 * kSeedBytes) return false;
  for (char c : text)
    if (digit_value(c) < 0) return false;
  return true;
}

std::string dice_commitment(const std::string& seed_hex) {
  const auto bytes = seed_bytes(seed_hex);
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(bytes.data(), bytes.size(), digest);
  return hex_of(digest, sizeof digest);
}

int fair_index(const std::string& seed_hex, std::uint64_t ply, int n) {
  if (n < 1 || n > 256) throw std::invalid_argument("fair_index: n must be 1..256");
  const auto key = seed_bytes(seed_hex);
  const unsigned limit = 256u - 256u % static_cast<unsigned>(n);
  for (std::uint32_t j = 0;; ++j) {
    unsigned char message[12];
    for (int i = 0; i < 8; ++i) message[i] = static_cast<unsigned char>(ply >> (56 - 8 * i));
    for (int i = 0; i < 4; ++i) message[8 + i] = static_cast<unsigned char>(j >> (24 - 8 * i));
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int mac_size = 0;
    if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), message, sizeof message, mac,
              &mac_size))
      throw std::runtime_error("HMAC-SHA256 failed");
    for (unsigned int i = 0; i < mac_size; ++i)
      if (mac[i] < limit) return static_cast<int>(mac[i] % static_cast<unsigned>(n));
  }
}

}  // namespace ordo::server
