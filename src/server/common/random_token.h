// Unguessable identifiers: game ids and seat tokens drawn from the kernel's random source,
// written in URL-safe base64, and a comparison that takes the same time wherever two
// tokens differ (so timing does not leak how much of a guess was right).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ordo::server {

// `bytes` random bytes (from getrandom) as unpadded URL-safe base64.
std::string random_url_safe(std::size_t bytes);
// 144 random bits.
inline std::string make_seat_token() {
  return random_url_safe(18);
}
// 96 random bits: ids are public (they appear in spectator links) but still not guessable.
inline std::string make_game_id() {
  return random_url_safe(12);
}

bool tokens_equal(std::string_view a, std::string_view b);

}  // namespace ordo::server
