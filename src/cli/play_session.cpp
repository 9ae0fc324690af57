// The `play` loop: each line is a command (moves, undo, save, load, resign, draw, help,
// quit) or a move in any notation the core accepts. Bad input is explained and the
// question asked again; nothing is lost.
#include "cli/play_session.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iomanip>
#include <istream>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/board_diagram.h"
#include "cli/game_report.h"
#include "core/notation.h"

namespace ordo::cli {

namespace {

constexpr const char* kHelp =
    "Type a move (e3-e5, d4xe5, a2:d2-a3; in Ordo X also e3-d3,d3-d5 and d4xe5@g7;\n"
    "the site forms 'Move C 2 C 3' are accepted too) or a command:\n"
    "  moves, ?      list the legal moves\n"
    "  undo          take back the last move (or a resignation or draw)\n"
    "  save FILE     write the game record to FILE\n"
    "  load FILE     read a game record from FILE and continue it\n"
    "  resign        the player to move resigns\n"
    "  draw          both players agree to a draw\n"
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

Outcome win_for(Color c) {
  return c == Color::White ? Outcome::WhiteWins : Outcome::BlackWins;
}

class Session {
 public:
  Session(Record record, const Streams& io) : record_(std::move(record)), io_(io) {}

  int run() {
    io_.out << "Ordo " << (record_.variant == Variant::Classic ? "(classic)" : "X") << " on "
            << game().position().geometry().size_name() << ". Type 'help' for the commands.\n";
    bool show_board = true;
    for (;;) {
      if (show_board) show_state();
      show_board = false;
      io_.out << (game().result().over() ? std::string("Game over") : turn_text(game())) << " > "
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
  Game& game() { return record_.game; }

  // Runs one line; true when the position or result changed (show the board again).
  bool handle(const std::string& word, const std::string& rest, const std::string& line) {
    if (word == "help") {
      io_.out << kHelp;
    } else if (word == "moves" || word == "?") {
      list_moves();
    } else if (word == "undo") {
      return undo();
    } else if (word == "save") {
      save(rest);
    } else if (word == "load") {
      return load(rest);
    } else if (word == "resign" || word == "draw") {
      if (game().result().over()) {
        io_.err << "The game is already over: " << describe(game().result()) << '\n';
        return false;
      }
      const Color mover = game().position().side_to_move();
      game().set_result(word == "draw"
                            ? Result{Outcome::Draw, Termination::Agreement}
                            : Result{win_for(opponent(mover)), Termination::Resignation});
      return true;
    } else {
      return play(line);
    }
    return false;
  }

  void show_state() {
    io_.out << '\n' << board_diagram(game().position(), "  ");
    if (!game().moves().empty()) io_.out << "  Last move: " << last_move() << '\n';
    if (const std::string split = split_text(game().position());
        !split.empty() && !game().result().over()) {
      io_.out << "  " << split << '\n';
    }
    if (const std::string repeated = repetition_text(game()); !repeated.empty()) {
      io_.out << "  Note: " << repeated << '\n';
    }
    if (game().result().over()) {
      io_.out << '\n'
              << describe(game().result()) << '\n'
              << "Type 'save FILE' to keep the record, 'undo' to take back, or 'quit'.\n";
    }
  }

  bool play(const std::string& text) {
    try {
      game().play(text);
      return true;
    } catch (const MoveError& e) {
      io_.err << "Illegal move " << e.what() << "\n(type 'moves' for the legal moves, 'help' for "
              << "the commands)\n";
      return false;
    }
  }

  void list_moves() {
    const std::vector<std::string> moves = sorted_legal_moves(game());
    if (moves.empty()) {
      io_.out << "No legal moves: " << describe(game().result()) << '\n';
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
    const Termination t = game().result().termination;
    if (t == Termination::Resignation || t == Termination::Agreement) {
      game().set_result({});
      io_.out << "Took back the " << (t == Termination::Agreement ? "draw" : "resignation")
              << ".\n";
      return true;
    }
    if (game().moves().empty()) {
      io_.err << "Nothing to undo.\n";
      return false;
    }
    const std::string taken = last_move();
    game().undo();
    io_.out << "Took back " << taken << ".\n";
    return true;
  }

  std::string last_move() {
    Position before = game().start_position();
    for (std::size_t i = 0; i + 1 < game().moves().size(); ++i) before.make(game().moves()[i]);
    return format_move(before, game().moves().back());
  }

  void save(const std::string& file) {
    if (file.empty()) {
      io_.err << "Usage: save FILE\n";
      return;
    }
    std::ofstream stream(file, std::ios::binary);
    stream << write_record(record_);
    stream.close();
    if (!stream) {
      io_.err << "Could not write '" << file << "'.\n";
      return;
    }
    io_.out << "Saved the game (" << game().moves().size() << " moves) to " << file << ".\n";
  }

  bool load(const std::string& file) {
    if (file.empty()) {
      io_.err << "Usage: load FILE\n";
      return false;
    }
    std::ifstream stream(file, std::ios::binary);
    std::ostringstream text;
    text << stream.rdbuf();
    if (!stream) {
      io_.err << "Could not read '" << file << "'.\n";
      return false;
    }
    try {
      record_ = read_record(text.str());
    } catch (const RecordError& e) {
      io_.err << "Could not load '" << file << "': " << e.what() << '\n';
      return false;
    }
    io_.out << "Loaded " << file << " (" << game().moves().size() << " moves).\n";
    return true;
  }

  Record record_;
  const Streams io_;
};

}  // namespace

int run_play_session(Record record, const Streams& io) {
  return Session(std::move(record), io).run();
}

}  // namespace ordo::cli
