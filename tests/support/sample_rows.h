// Stored rows for the storage tests (server_storage_test.cpp, storage_backends_test.cpp):
// a network game with a clock, and its moves.
#pragma once

#include <cstdint>
#include <string>

#include "server/storage/stored_game.h"

namespace ordo::server::testing {

inline StoredGame sample_game(const std::string& id, std::int64_t created) {
  StoredGame g;
  g.id = id;
  g.mode = "network";
  g.rules = "classic";
  g.size = "8x8";
  g.start = "1bb2bb1/bbbbbbbb/b2bb2b/8/8/w2ww2w/wwwwwwww/1ww2ww1 w";
  g.white_name = "Ada";
  g.black_name = "Ben";
  g.white_token = "tokenW";
  g.black_token = "tokenB";
  g.clock_initial_ms = 60000;
  g.clock_increment_ms = 1000;
  g.created_ms = g.updated_ms = created;
  return g;
}

inline StoredMove sample_move(int ply) {
  StoredMove move{ply, "m", ply % 2 == 0 ? "white" : "black", 100 + ply, 60000 - ply};
  move.notation += std::to_string(ply);
  return move;
}

}  // namespace ordo::server::testing
