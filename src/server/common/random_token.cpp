#include "server/common/random_token.h"

#include <sys/random.h>

#include <cerrno>
#include <stdexcept>
#include <vector>

namespace ordo::server {

namespace {

void fill_random(unsigned char* out, std::size_t n) {
  std::size_t done = 0;
  while (done < n) {
    const ssize_t got = getrandom(out + done, n - done, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("getrandom failed: no random source for tokens");
    }
    done += static_cast<std::size_t>(got);
  }
}

}  // namespace

std::string random_url_safe(std::size_t bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::vector<unsigned char> raw(bytes);
  fill_random(raw.data(), bytes);
  std::string text;
  unsigned bits = 0;
  int bit_count = 0;
  for (unsigned char byte : raw) {
    bits = (bits << 8) | byte;
    bit_count += 8;
    while (bit_count >= 6) {
      bit_count -= 6;
      text += kAlphabet[(bits >> bit_count) & 63u];
    }
  }
  if (bit_count > 0) text += kAlphabet[(bits << (6 - bit_count)) & 63u];
  return text;
}

bool tokens_equal(std::string_view a, std::string_view b) {
  // The length of a token is public (always the same); only the content must not leak.
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace ordo::server
