#include "server/players/password_hash.h"

#include <sodium.h>

#include <stdexcept>

namespace ordo::server {

namespace {

// sodium_init is safe to call again and from any thread; it returns 1 once done.
void ensure_sodium() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not start");
}

}  // namespace

PasswordCost PasswordCost::interactive() {
  return {crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE};
}

PasswordCost PasswordCost::minimum() {
  return {crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN};
}

std::string hash_password(std::string_view password, const PasswordCost& cost) {
  ensure_sodium();
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), cost.operations,
                            cost.memory_bytes, crypto_pwhash_ALG_ARGON2ID13) != 0)
    throw std::runtime_error("password hashing ran out of memory");
  return out;
}

bool verify_password(const std::string& hash, std::string_view password) {
  ensure_sodium();
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

}  // namespace ordo::server
