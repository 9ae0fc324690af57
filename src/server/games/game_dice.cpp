// The server as the referee of a game with chance (docs/api.md, "Games with dice"): it
// rolls at the start of every turn, from the game's secret seed, and stores the roll
// before anyone sees it; a roll that moves nothing passes by itself. The roll at a step
// is derived, not drawn, so whoever stores it (this instance or another, now or after a
// failed write) stores the same roll, and the stored ply check keeps exactly one.
#include <iostream>

#include "engine/dice_turns.h"
#include "server/common/api_error.h"
#include "server/common/fair_dice.h"
#include "server/games/game_service.h"
#include "server/games/server_dice.h"
#include "server/storage/stored_result.h"

namespace ordo::server {

using nlohmann::json;

namespace {

bool has_chance(const Match& match) {
  return games::game_info(match.row.game).chance;
}

// The one legal turn, when it moves nothing (a pass: its marks are empty).
std::optional<std::string> forced_pass(const games::AnyGame& game) {
  const std::vector<std::string> legal = game.legal_moves();
  if (legal.size() != 1) return std::nullopt;
  std::unique_ptr<games::AnyGame> after = game.clone();
  after->play(legal[0]);
  const games::MoveMarks marks = after->last_move_marks();
  if (!marks.from.empty() || !marks.to.empty() || !marks.placed.empty() ||
      !marks.captured.empty() || !marks.removed.empty())
    return std::nullopt;
  return legal[0];
}

}  // namespace

void GameService::commit_roll(Match& match, const std::string& outcome) {
  const games::Side roller = match.to_move();
  const std::string notation = match.game->play(outcome);
  const MoveFacts facts{seat_name(roller), 0, std::nullopt, true};
  match.facts.push_back(facts);
  const StoredMove stored{static_cast<int>(match.facts.size()) - 1, notation, facts.by, 0,
                          std::nullopt};
  const games::GameResult result = match.game->result();
  try {
    // The turn goes on as it began: the roll is part of it.
    storage_.append_move(match.row.id, stored, result.token, stored_reason(result),
                         match.turn_started_ms, flag_deadline(match), match.turn_started_ms);
  } catch (...) {
    match.game->undo();
    match.facts.pop_back();
    throw;
  }
  match.touch();
}

void GameService::settle_chance(Match& match, std::int64_t now) {
  if (!has_chance(match) || match.over()) return;
  const DiceKeeping dice = dice_of(match.row.settings);
  if (dice.seed.empty()) return;  // never expected: every such game is made with a seed
  try {
    if (match.game->is_chance_node()) {
      const std::uint64_t ply = match.facts.size();
      commit_roll(match, derived_outcome(dice.seed, ply, match.game->chance_outcomes()));
    }
    if (!match.over() && !match.game->is_chance_node()) {
      // commit_move settles again: the other side's roll, and its pass if it has none.
      if (const auto pass = forced_pass(*match.game)) commit_move(match, *pass, now);
    }
  } catch (const StaleGame&) {
    // Another instance stored this step first (the same roll, derived alike): read it.
    refresh_if_stale(match);
  } catch (const std::exception& e) {
    std::cerr << "warning: game " << match.row.id << ": the roll is not stored yet: " << e.what()
              << '\n';
  }
}

void GameService::refuse_takebacks_with_dice(const Match& match) {
  if (has_chance(match))
    throw ApiError(409, "not_allowed",
                   "a game with dice has no takebacks: the next roll is already shown");
}

std::map<std::string, std::string> GameService::dice_tags(const Match& match) {
  if (!has_chance(match)) return {};
  const DiceKeeping dice = dice_of(match.row.settings);
  if (!is_dice_seed(dice.seed)) return {};
  std::map<std::string, std::string> tags{{"DiceScheme", kDiceScheme},
                                          {"DiceCommitment", dice_commitment(dice.seed)},
                                          {"DiceFrom", std::to_string(dice.from_ply)}};
  if (match.over()) tags["DiceSeed"] = dice.seed;
  return tags;
}

void GameService::add_dice_state(const Match& match, json& state) {
  if (!has_chance(match)) return;
  const games::AnyGame& game = *match.game;
  const DiceKeeping dice = dice_of(match.row.settings);
  for (std::size_t i = 0; i < match.facts.size() && i < state["moves"].size(); ++i)
    state["moves"][i]["roll"] = match.facts[i].chance;
  const auto* turns = dynamic_cast<const games::DiceTurns*>(&game);
  json roll = nullptr;
  json values = json::array();
  json sequences = json::array();
  const bool rolled =
      !match.over() && !game.is_chance_node() && !match.facts.empty() && match.facts.back().chance;
  if (rolled) {
    roll = state["moves"].back()["move"];
    if (turns) {
      for (int die : turns->pending_dice()) values.push_back(die);
      for (std::string& s : turns->legal_step_sequences()) sequences.push_back(std::move(s));
    }
  }
  const bool valid = is_dice_seed(dice.seed);
  state["dice"] = {{"roll", roll},
                   {"values", values},
                   {"commitment", valid ? json(dice_commitment(dice.seed)) : json(nullptr)},
                   // The seed only once the game is over: it gives every roll to come.
                   {"seed", valid && match.over() ? json(dice.seed) : json(nullptr)},
                   {"from_ply", dice.from_ply},
                   {"scheme", kDiceScheme}};
  state["sequences"] = sequences;
  if (turns) {
    const std::array<int, 2> pips = turns->pip_counts();
    state["pips"] = {{"white", pips[0]}, {"black", pips[1]}};
  } else {
    state["pips"] = nullptr;
  }
}

}  // namespace ordo::server
