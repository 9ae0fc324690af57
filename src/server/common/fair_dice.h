// Provably fair dice (docs/api.md, "Dice players can check"): a game's secret seed from a
// cryptographically secure source, its public commitment, and the roll at each step
// derived from both, so that every instance of the server derives the same roll and no
// request can change it. Named for no game: a roll is an index into the game's outcomes.
#pragma once

#include <cstdint>
#include <string>

namespace ordo::server {

// The name of the derivation below, as the state and the record give it.
inline constexpr const char* kDiceScheme = "hmac-sha256-36";

// A new seed: 32 bytes from OpenSSL's CSPRNG (RAND_bytes), as 64 lower-case hex digits.
std::string new_dice_seed();

// Whether `text` is a seed as new_dice_seed writes it (64 hex digits, either case).
bool is_dice_seed(const std::string& text);

// SHA-256 of the seed's 32 bytes, as 64 lower-case hex digits: published from the start.
std::string dice_commitment(const std::string& seed_hex);

// A number in [0, n) for the step `ply` (n from 1 to 256), each value equally likely: for
// j = 0, 1, ...: H = HMAC-SHA256(seed, ply as 8 bytes big-endian || j as 4 bytes
// big-endian); the first byte b of H, in order, below 256 - 256 % n gives b % n. Throws
// std::invalid_argument for a bad seed or n.
int fair_index(const std::string& seed_hex, std::uint64_t ply, int n);

}  // namespace ordo::server
