// Passwords as Argon2id hashes (libsodium's crypto_pwhash_str): the stored string holds
// the salt and the cost, so a hash made at another cost still verifies.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ordo::server {

struct PasswordCost {
  unsigned long long operations;
  std::size_t memory_bytes;
  // libsodium's interactive cost (64 MiB, 2 passes): what the server uses.
  static PasswordCost interactive();
  // The least libsodium allows: for tests, where hashing speed is not what is checked.
  static PasswordCost minimum();
};

// Throws std::runtime_error if libsodium cannot (out of memory).
std::string hash_password(std::string_view password, const PasswordCost& cost);
bool verify_password(const std::string& hash, std::string_view password);

}  // namespace ordo::server
