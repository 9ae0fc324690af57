// What storage keeps of a seat token: its SHA-256, in hex. A copy of the database then
// gives nobody a seat; the server digests the token a request brings and compares the
// digests in constant time.
#pragma once

#include <string>
#include <string_view>

namespace ordo::server {

// 64 lowercase hex digits.
std::string token_digest(std::string_view token);
// True for what token_digest returns (a stored value that needs no digesting again).
bool is_token_digest(std::string_view text);

}  // namespace ordo::server
