// The UGI protocol (the Universal Game Interface: UCI generalised to any game) over a pair
// of streams, as a thin adapter over the run-time game seam (games/any_game.h,
// games/any_engine.h): it serves every game of the project. p1 moves first (White in
// Ordo, Order in Order and Chaos), p2 second.
//
// Game options: `setoption name Game value ordo|orderchaos` chooses the game (Ordo by
// default) and starts its start position, with that game's default Rules (and Size).
// Rules (classic|x, or original|exact-five) and Size (Ordo: 10x8|8x8) then take the
// chosen game's values. `ugi` lists the options of the current game; for Ordo the list
// is the one Ordo-only interfaces have always seen (Game is accepted without being listed
// there). A change of Game keeps Hash, Threads and Level, and the Searcher where the new
// game's engine has it (else its default).
//
// Commands: ugi (or uci), isready, setoption name Game|Rules|Size|Hash|Threads|Searcher|
// Level value V, uginewgame (or ucinewgame), position startpos|fen STRING [moves M...],
// go [p1time T] [p2time T] [p1inc T] [p2inc T] [movestogo N] [movetime T] [depth D]
// [nodes N] [infinite] (wtime/btime/winc/binc are read as p1/p2), go perft N, stop, quit,
// query p1turn|gameover|result. Anything else, or a malformed command, is answered with
// `info string error: ...` and changes nothing.
//
// Ordering, so that a scripted exchange always reads the same:
// - isready is answered at once, even during a search (the UCI rule; every other command
//   has finished by the time the next line is read).
// - stop and quit end the search and its `bestmove` line is written before the next line
//   is read.
// - Any other command during a search first lets a finite search (depth, nodes, movetime,
//   clock) finish, and stops an infinite one (`go infinite`, or `go` with no limits).
// - End of input is like quit, except that a finite search is allowed to finish.
// - `go perft N` runs at once and prints `info depth N nodes COUNT time MS nps NPS` (no
//   bestmove); it cannot be stopped, so N is limited to 0..12.
// - A search from a finished game prints `bestmove (none)`.
// - `go` for a game without an engine is an error; `go perft N` works for every game, N up
//   to the game's limit (12 for Ordo, 5 for Order and Chaos).
#pragma once

#include <iosfwd>
#include <memory>
#include <mutex>
#include <string>

#include "games/any_engine.h"
#include "games/any_game.h"

namespace ordo::cli {

class UgiSession {
 public:
  explicit UgiSession(std::ostream& out);
  ~UgiSession();  // ends a running search first (the engine is destroyed before `out_`)
  UgiSession(const UgiSession&) = delete;
  UgiSession& operator=(const UgiSession&) = delete;

  // Handles one command line; returns false after `quit`.
  bool handle(const std::string& line);
  // End of input: lets a finite search finish, stops an infinite one.
  void finish();

 private:
  void say(const std::string& line);  // one whole line, flushed, never interleaved
  void error(const std::string& what) { say("info string error: " + what); }
  void settle();  // see "Ordering" above

  void hello(bool uci);
  void set_option(const std::string& args);
  void set_position(const std::string& args);
  void go(const std::string& args);
  void perft(const std::string& args);
  void query(const std::string& args);
  // A new game of `spec` at its start, with a fresh engine where the game has one.
  void start_game(const games::GameSpec& spec);

  std::mutex out_mutex_;  // the worker thread writes info and bestmove lines too
  std::ostream& out_;
  bool infinite_ = false;  // the running (or last) search ends only on stop
  games::GameSpec spec_;   // game and rules; the position option only through `position`
  games::EngineSettings settings_;
  std::unique_ptr<games::AnyGame> game_;  // the position the engine was given
  // Last: destroyed (search joined) before the stream's guard. Null for a game without
  // an engine.
  std::unique_ptr<games::AnyEngine> engine_;
};

// Reads commands from `in` until quit or end of input; returns the exit status (0).
int run_ugi(std::istream& in, std::ostream& out);

}  // namespace ordo::cli
