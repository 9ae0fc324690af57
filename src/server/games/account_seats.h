// The seats of a network game made in the lobby, held by accounts (GameService::create).
#pragma once

#include <cstdint>
#include <string>

namespace ordo::server {

// The accounts that hold the seats of a network game made in the lobby. A seat whose
// token digest is given keeps it (its holder got the token before the game existed), and
// its token is not in the answer.
struct AccountSeats {
  std::int64_t white = 0, black = 0;
  std::string white_name, black_name;
  std::string white_token_digest, black_token_digest;
  bool rated = false;
};

}  // namespace ordo::server
