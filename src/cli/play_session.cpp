// The `play` loop: each line is a command (moves, undo, save, load, resign, draw, help,
// quit) or a move in any notation the game accepts. Bad input is explained and the
// question asked again; nothing is lost. The game is a games::AnyGame, so every game the
// executable knows is played the same way.
#include "cli/play_session.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iomanip>
#include <istream>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "cli/game_view.h"
#include "util/random.h"
#include "util/text_file.h"

namespace ordo::cli {

namespace {

constexpr const char* kCommands =
    " or a command:\n"
    "  moves, ?      list the legal moves\n"
    "  undo          take back the last move (or a resignation or draw)\n"
    "  save FILE     write the game record to FILE\n"
    "  load FILE     read a game record from FILE and continue it\n"
    "  resign        the player to move resigns\n"
    "  draw          both players agree to a draw (in games that have draws)\n"
    "  help          show this list\n"
    "  quit          leave (also at the end of input)\n";

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// The number of the next move as a record counts it: the first player's move opens a
// number, so a game that starts with the second player to move is half a move on. The
// referee's rolls are no moves: taking one back leaves a chance node.
int move_number(const games::AnyGame& game) {
  const std::unique_ptr<games::AnyGame> start = game.clone();
  int played = 0;
  while (start->undo()) {
    if (!start->is_chance_node()) ++played;
  }
  const int offset = start->side_to_move() == games::Side::Second ? 1 : 0;
  return (played + offset) / 2 + 1;
}

class Session {
 public:
  Session(std::unique_ptr<games::AnyGame> game, std::map<std::string, std::string> tags,
          const Streams& io, std::uint64_t dice_seed)
      : game_(std::move(game)), tags_(std::move(tags)), io_(io), dice_(dice_seed) {}

  int run() {
    introduce();
    bool show_board = true;
    for (;;) {
      if (game_->is_chance_node()) {
        game_->play_random(dice_.next());
        io_.out << game_->side_name(game_->side_to_move()) << " rolls " << game_->moves().back()
                << '\n';
      }
      if (show_board) show_state();
      show_board = false;
      io_.out << (game_->result().over() ? std::string("Game over") : turn_text()) << " > "
              << std::flush;
      std::string line;
      if (!std::getline(io_.in, line)) {
        io_.out << '\n';
        return 0;
      }
      line = trimmed(line);
      if (line.empty()) continue;
      const auto space = line.find_first_of(" \t");
      const std::string word = lower(line.substr(0, space));
      const std::string rest = space == std::string::npos ? "" : trimmed(line.substr(space));
      if (word == "quit" || word == "exit") return 0;
      show_board = handle(word, rest, line);
    }
  }

 private:
  void introduce() {
    const auto [width, height] = game_->board_size();
    io_.out << game_->game_title() << " (" << game_->rules_name() << ") on " << width << 'x'
            << height << ". Type 'help' for the commands.\n";
  }

  std::string turn_text() const {
    return game_->side_name(game_->side_to_move()) + " to move" + roll_text() + " (move " +
           std::to_string(move_number(*game_)) + ")";
  }

  // " 52" after a roll of the dice: the last step when it was the referee's.
  std::string roll_text() const {
    const std::unique_ptr<games::AnyGame> before = game_->clone();
    if (!before->undo() || !before->is_chance_node()) return "";
    return " " + game_->moves().back();
  }

  // Runs one line; true when the position or result changed (show the board again).
  bool handle(const std::string& word, const std::string& rest, const std::string& line) {
    if (word == "help") {
      io_.out << notation_hint(*game_) << kCommands;
    } else if (word == "moves" || word == "?") {
      list_moves();
    } else if (word == "undo") {
      return undo();
    } else if (word == "save") {
      save(rest);
    } else if (word == "load") {
      return load(rest);
    } else if (word == "resign" || word == "draw") {
      return end(word == "draw");
    } else {
      return play(line);
    }
    return false;
  }

  bool end(bool draw) {
    if (game_->result().over()) {
      io_.err << "The game is already over: " << game_->result().description << '\n';
      return false;
    }
    try {
      if (draw) {
        game_->end(games::Ending::Agreement, std::nullopt);
      } else {
        game_->end(games::Ending::Resignation, game_->side_to_move());
      }
    } catch (const games::GameError& e) {
      io_.err << "Not possible: " << e.what() << '\n';
      return false;
    }
    return true;
  }

  void show_state() {
    io_.out << '\n' << game_diagram(*game_, "  ");
    const std::vector<std::string> moves = game_->moves();
    // The last player's move, not the roll made since.
    const std::size_t shown = moves.size() - (roll_text().empty() ? 0 : 1);
    if (shown > 0) io_.out << "  Last move: " << moves[shown - 1] << '\n';
    for (const std::string& note : game_->notes()) io_.out << "  " << note << '\n';
    if (game_->result().over()) {
      io_.out << '\n'
              << game_->result().description << '\n'
              << "Type 'save FILE' to keep the record, 'undo' to take back, or 'quit'.\n";
    }
  }

  bool play(const std::string& text) {
    try {
      game_->play(text);
      return true;
    } catch (const games::MoveError& e) {
      io_.err << "Illegal move " << e.what() << "\n(type 'moves' for the legal moves, 'help' for "
              << "the commands)\n";
      return false;
    }
  }

  void list_moves() {
    const std::vector<std::string> moves = game_->legal_moves();
    if (moves.empty()) {
      io_.out << "No legal moves: " << game_->result().description << '\n';
      return;
    }
    std::size_t width = 0;
    for (const std::string& m : moves) width = std::max(width, m.size());
    const std::size_t per_line = std::max<std::size_t>(1, 72 / (width + 2));
    io_.out << moves.size() << " legal moves:\n";
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const bool line_end = (i + 1) % per_line == 0 || i + 1 == moves.size();
      io_.out << "  " << std::left << std::setw(static_cast<int>(line_end ? 0 : width)) << moves[i]
              << (line_end ? "\n" : "");
    }
  }

  bool undo() {
    const games::GameResult before = game_->result();
    if (game_->reopen()) {
      io_.out << "Took back the "
              << (before.outcome == games::Outcome::Draw ? std::string("draw") : before.termination)
              << ".\n";
      return true;
    }
    // A player's move, and with it the referee's roll after it: the roll it was played
    // for is then pending again (a roll alone is no move to take back).
    const std::unique_ptr<games::AnyGame> trial = game_->clone();
    bool undone = trial->undo();
    if (undone && trial->is_chance_node()) undone = trial->undo();
    if (!undone) {
      io_.err << "Nothing to undo.\n";
      return false;
    }
    const std::vector<std::string> moves = game_->moves();
    const std::size_t taken = moves.size() - trial->moves().size();
    io_.out << "Took back " << moves[moves.size() - taken] << ".\n";
    game_ = trial->clone();
    return true;
  }

  void save(const std::string& file) {
    if (file.empty()) {
      io_.err << "Usage: save FILE\n";
      return;
    }
    std::ofstream stream(file, std::ios::binary);
    stream << game_->record(tags_);
    stream.close();
    if (!stream) {
      io_.err << "Could not write '" << file << "'.\n";
      return;
    }
    io_.out << "Saved the game (" << game_->moves().size() << " moves) to " << file << ".\n";
  }

  bool load(const std::string& file) {
    if (file.empty()) {
      io_.err << "Usage: load FILE\n";
      return false;
    }
    std::string text;
    try {
      text = read_text_file(file, "game file");
    } catch (const std::invalid_argument& e) {
      io_.err << "Could not load the game: " << e.what() << ".\n";
      return false;
    }
    try {
      games::AnyRecord record = games::read_any_record(text);
      game_ = std::move(record.game);
      tags_ = std::move(record.tags);
    } catch (const games::GameError& e) {
      io_.err << "Could not load '" << file << "': " << e.what() << '\n';
      return false;
    }
    io_.out << "Loaded " << file << " (" << game_->moves().size() << " moves).\n";
    return true;
  }

  std::unique_ptr<games::AnyGame> game_;
  std::map<std::string, std::string> tags_;
  const Streams io_;
  common::SplitMix64 dice_;
};

}  // namespace

int run_play_session(std::unique_ptr<games::AnyGame> game, std::map<std::string, std::string> tags,
                     const Streams& io, std::uint64_t dice_seed) {
  return Session(std::move(game), std::move(tags), io, dice_seed).run();
}

}  // namespace ordo::cli
