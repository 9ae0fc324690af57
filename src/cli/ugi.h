// The UGI protocol (the Universal Game Interface: UCI generalised to any game) over a pair
// of streams, as a thin adapter over the run-time game seam (games/any_game.h,
// games/any_engine.h): it serves every game of the project. p1 moves first (White in
// Ordo, Order in Order and Chaos), p2 second. docs/ugi.md describes every command, option
// and reply, and the conventions chosen; in short:
//
// - Options (ugi_options.h) are one list for every game, kept as they arrive and settled
//   when the game is next used (isready, uginewgame, position, go, query), so their order
//   does not matter. `isready` (and `position`) also make the hash table, so `readyok`
//   means ready.
// - Every `go` (but `go perft N`) ends with `bestmove`, after a final `info` line when
//   there is a move; what `go` asked that cannot be honoured is said in `info string`.
// - A `position` whose moves are not all legal is the position after the last legal one
//   (an `info string error` names the move); one whose start cannot be read leaves no
//   position, and `go` answers `bestmove (none)` until the next good `position`.
// - Mate scores are in plies.
//
// Ordering, so that a scripted exchange always reads the same:
// - isready is answered at once during a search (the UCI rule; every other command has
//   finished by the time the next line is read).
// - stop and quit end the search and its `bestmove` line is written before the next line
//   is read.
// - Any other command during a search first lets it finish, and stops an infinite one.
// - End of input is like quit, except that a search with a limit is allowed to finish.
// - Lines longer than kMaxLineBytes are dropped with an `info string error`.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "cli/ugi_options.h"
#include "engine/any_engine.h"
#include "engine/any_game.h"

namespace ordo::cli {

constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;

class UgiSession {
 public:
  explicit UgiSession(std::ostream& out);
  ~UgiSession();  // ends a running search first (the engine is destroyed before `out_`)
  UgiSession(const UgiSession&) = delete;
  UgiSession& operator=(const UgiSession&) = delete;

  // Handles one command line; returns false after `quit`.
  bool handle(const std::string& line);
  // End of input: lets a search with a limit finish, stops an infinite one.
  void finish();
  // An input line longer than kMaxLineBytes.
  void line_too_long();

 private:
  void say(const std::string& line);  // one whole line, flushed, never interleaved
  void error(const std::string& what) { say("info string error: " + what); }
  void wait_for_search();  // see "Ordering" above
  // Applies the options kept since the last time (UgiOptions::settle), saying what does
  // not fit the game.
  void settle_options();

  void hello(bool uci);
  void ready();
  void set_option(const std::string& args);
  void new_game();
  void set_position(const std::string& args);
  void go(const std::string& args);
  void perft(const std::string& args);
  void query(const std::string& args);
  // A new game of `spec` at its start, with a fresh engine where the game has one.
  void start_game(const games::GameSpec& spec, const games::EngineSettings& settings);
  const games::AnyGame& current_game() const;  // throws if the last position was rejected

  std::mutex out_mutex_;  // the worker thread writes info and bestmove lines too
  std::ostream& out_;
  bool infinite_ = false;  // the running (or last) search ends only on stop
  UgiOptions options_;     // set but not yet settled
  games::GameSpec spec_;   // game and rules; the position option only through `position`
  games::EngineSettings settings_;
  std::unique_ptr<games::AnyGame> game_;         // the position the engine was given
  bool has_position_ = true;                     // false after a `position` that could not be read
  std::optional<games::SearchInfo> final_info_;  // written with bestmove (worker thread)
  // Last: destroyed (search joined) before the stream's guard. Null for a game without
  // an engine.
  std::unique_ptr<games::AnyEngine> engine_;
};

// Reads commands from `in` until quit or end of input; returns the exit status (0).
int run_ugi(std::istream& in, std::ostream& out);

}  // namespace ordo::cli
