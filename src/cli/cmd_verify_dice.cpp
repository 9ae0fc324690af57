// `verify-dice FILE`: checks a finished game's dice against the commitment the server
// published from its start (docs/api.md, "Dice players can check"): SHA-256 of the
// revealed seed must be the commitment, and every roll the server made must be the one
// the seed gives. FILE is the game's state JSON (GET /api/games/{id}) or its record with
// the Dice tags; --seed and --commitment give or override them. Exit 0 when all holds,
// 1 naming the first thing that does not.
#include <CLI/CLI.hpp>
#include <fstream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "cli/commands.h"
#include "engine/any_game.h"
#include "server/games/server_dice.h"

namespace ordo::cli {

namespace {

struct VerifyDiceOptions {
  std::string file;
  std::string seed;        // overrides the file's
  std::string commitment;  // overrides the file's
};

// What a game's dice are checked on: its start, every step, the seed, the commitment and
// the first step the server rolled.
struct DiceClaim {
  std::unique_ptr<games::AnyGame> start;
  std::vector<std::string> moves;
  std::string seed, commitment;
  int from_ply = 0;
};

std::string read_text(const std::string& file, std::istream& in) {
  if (file == "-") return {std::istreambuf_iterator<char>(in), {}};
  std::ifstream stream(file, std::ios::binary);
  if (!stream) throw std::invalid_argument("cannot read " + file);
  std::ostringstream text;
  text << stream.rdbuf();
  return text.str();
}

std::string string_or_empty(const nlohmann::json& object, const char* key) {
  if (!object.is_object() || !object.contains(key) || !object[key].is_string()) return "";
  return object[key].get<std::string>();
}

DiceClaim claim_of_state(const nlohmann::json& state) {
  DiceClaim claim;
  const std::string game = string_or_empty(state, "game");
  if (game.empty() || !state.contains("moves") || !state["moves"].is_array())
    throw std::invalid_argument("the JSON is no game state: it needs 'game' and 'moves'");
  claim.start = games::make_game({game,
                                  {{"rules", string_or_empty(state, "rules")},
                                   {"position", string_or_empty(state, "start")}}});
  for (const nlohmann::json& move : state["moves"])
    claim.moves.push_back(string_or_empty(move, "move"));
  const nlohmann::json dice = state.value("dice", nlohmann::json::object());
  claim.seed = string_or_empty(dice, "seed");
  claim.commitment = string_or_empty(dice, "commitment");
  if (dice.is_object() && dice.contains("from_ply") && dice["from_ply"].is_number_integer())
    claim.from_ply = dice["from_ply"].get<int>();
  return claim;
}

DiceClaim claim_of_record(const std::string& text) {
  games::AnyRecord record = games::read_any_record(text);
  DiceClaim claim;
  claim.moves = record.game->moves();
  claim.start = std::move(record.game);
  while (claim.start->undo()) {
  }
  auto tag = [&](const char* name) {
    auto it = record.tags.find(name);
    return it == record.tags.end() ? std::string() : it->second;
  };
  claim.seed = tag("DiceSeed");
  claim.commitment = tag("DiceCommitment");
  if (const std::string from = tag("DiceFrom"); !from.empty()) claim.from_ply = std::stoi(from);
  return claim;
}

int run_verify_dice(const VerifyDiceOptions& options, const Streams& io) {
  const std::string text = read_text(options.file, io.in);
  const nlohmann::json parsed = nlohmann::json::parse(text, nullptr, false);
  DiceClaim claim = parsed.is_object() ? claim_of_state(parsed) : claim_of_record(text);
  if (!options.seed.empty()) claim.seed = options.seed;
  if (!options.commitment.empty()) claim.commitment = options.commitment;
  if (claim.commitment.empty())
    throw std::invalid_argument(
        "no commitment: give the state JSON, a record with its Dice tags, "
        "or --commitment");
  if (claim.seed.empty())
    throw std::invalid_argument(
        "no seed: the server reveals it when the game is over (or give "
        "--seed)");
  const server::DiceCheck check =
      server::check_dice(*claim.start, claim.moves, claim.seed, claim.commitment, claim.from_ply);
  if (!check.ok()) {
    io.out << "FAILED: " << check.problem << '\n';
    return 1;
  }
  io.out << "OK: SHA-256 of the seed is the commitment, and the " << check.rolls_checked
         << " rolls from step " << claim.from_ply << " on are the ones the seed gives\n";
  return 0;
}

}  // namespace

void add_verify_dice_command(CLI::App& app, Action& chosen) {
  auto options = std::make_shared<VerifyDiceOptions>();
  CLI::App* command = app.add_subcommand(
      "verify-dice", "Check a finished game's dice against the server's commitment");
  command->add_option("FILE", options->file, "the game's state JSON or record ('-': stdin)")
      ->required();
  command->add_option("--seed", options->seed, "the seed (64 hex digits), if not in FILE");
  command->add_option("--commitment", options->commitment,
                      "the commitment (SHA-256 of the seed, hex), if not in FILE");
  command->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return run_verify_dice(*options, io); };
  });
}

}  // namespace ordo::cli
