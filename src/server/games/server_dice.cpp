#include "server/games/server_dice.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "server/common/fair_dice.h"

namespace ordo::server {

using nlohmann::json;

namespace {

constexpr const char* kSeedKey = "dice_seed";
constexpr const char* kFromKey = "dice_from";

}  // namespace

std::vector<int> outcome_weights(const std::vector<games::ChanceOutcome>& outcomes) {
  if (outcomes.empty()) throw std::invalid_argument("no chance outcomes to weigh");
  for (int total = static_cast<int>(outcomes.size()); total <= 256; ++total) {
    std::vector<int> weights;
    int sum = 0;
    for (const games::ChanceOutcome& o : outcomes) {
      const double w = o.probability * total;
      const double whole = std::round(w);
      if (std::abs(w - whole) > 1e-9 || whole < 1) break;
      weights.push_back(static_cast<int>(whole));
      sum += static_cast<int>(whole);
    }
    if (weights.size() == outcomes.size() && sum == total) return weights;
  }
  throw std::invalid_argument("the chance outcomes' probabilities are no fractions of 256 or less");
}

std::string derived_outcome(const std::string& seed_hex, std::uint64_t ply,
                            const std::vector<games::ChanceOutcome>& outcomes) {
  const std::vector<int> weights = outcome_weights(outcomes);
  int total = 0;
  for (int w : weights) total += w;
  const int u = fair_index(seed_hex, ply, total);
  int cumulative = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    cumulative += weights[i];
    if (u < cumulative) return outcomes[i].text;
  }
  return outcomes.back().text;  // never: u < total
}

DiceKeeping dice_of(const std::string& settings) {
  const json parsed = json::parse(settings, nullptr, false);
  DiceKeeping dice;
  if (!parsed.is_object()) return dice;
  if (auto it = parsed.find(kSeedKey); it != parsed.end() && it->is_string())
    dice.seed = it->get<std::string>();
  if (auto it = parsed.find(kFromKey); it != parsed.end() && it->is_number_integer())
    dice.from_ply = it->get<int>();
  return dice;
}

std::string with_dice(const std::string& settings, const DiceKeeping& dice) {
  json parsed = json::parse(settings, nullptr, false);
  if (!parsed.is_object()) parsed = json::object();
  parsed.erase(kSeedKey);
  parsed.erase(kFromKey);
  if (!dice.seed.empty()) {
    parsed[kSeedKey] = dice.seed;
    parsed[kFromKey] = dice.from_ply;
  }
  return parsed.dump();
}

bool is_dice_key(const std::string& key) {
  return key == kSeedKey || key == kFromKey;
}

DiceCheck check_dice(games::AnyGame& game, const std::vector<std::string>& moves,
                     const std::string& seed_hex, const std::string& commitment, int from_ply) {
  DiceCheck check;
  if (!is_dice_seed(seed_hex)) {
    check.problem = "the seed is not 64 hex digits";
    return check;
  }
  if (dice_commitment(seed_hex) != commitment) {
    check.problem = "SHA-256 of the seed is " + dice_commitment(seed_hex) +
                    ", not the commitment " + commitment;
    return check;
  }
  for (std::size_t ply = 0; ply < moves.size(); ++ply) {
    const std::string& move = moves[ply];
    if (game.is_chance_node() && static_cast<int>(ply) >= from_ply) {
      const std::string expected = derived_outcome(seed_hex, ply, game.chance_outcomes());
      std::string played;
      try {
        played = game.play(move);
      } catch (const games::MoveError& e) {
        check.problem = "step " + std::to_string(ply) + " '" + move + "' is no roll: " + e.what();
        return check;
      }
      if (played != expected) {
        check.problem = "the roll at step " + std::to_string(ply) + " is " + played +
                        ", but the seed gives " + expected;
        return check;
      }
      ++check.rolls_checked;
      continue;
    }
    try {
      game.play(move);
    } catch (const games::MoveError& e) {
      check.problem = "step " + std::to_string(ply) + " '" + move + "' is illegal: " + e.what();
      return check;
    }
  }
  return check;
}

}  // namespace ordo::server
