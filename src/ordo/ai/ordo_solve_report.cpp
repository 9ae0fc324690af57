// Ordo's `solve`: proves a forced win in N turns for the side to move, or that none exists
// (ordo/ai/solver.h explains the method and how repetition counts in a proof), as text or
// one JSON object.
#include "ordo/ai/ordo_solve_report.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ordo/ai/ordo_game.h"
#include "ordo/ai/solver.h"
#include "ordo/notation.h"
#include "util/report_format.h"

namespace ordo {

namespace {

std::vector<std::string> line_texts(Position pos, const std::vector<Move>& line) {
  std::vector<std::string> texts;
  for (const Move& m : line) {
    texts.push_back(format_move(pos, m));
    pos.make(m);
  }
  return texts;
}

std::string status_name(SolveStatus s) {
  switch (s) {
    case SolveStatus::Win:
      return "win";
    case SolveStatus::NoWin:
      return "no-win";
    case SolveStatus::Unknown:
      break;
  }
  return "unknown";
}

void print_text(const Game& game, const SolveLimits& limits, const SolveResult& r,
                std::ostream& out) {
  const Color us = game.position().side_to_move();
  const std::string side(color_name(us));
  const int asked = limits.max_turns;
  if (r.max_turns < asked)
    out << "The move limit leaves " << side << " at most " << r.max_turns << " turns.\n";
  switch (r.status) {
    case SolveStatus::Win: {
      out << side << " wins in " << r.turns << (r.turns == 1 ? " turn" : " turns") << ":";
      for (const std::string& m : line_texts(game.position(), r.line)) out << ' ' << m;
      out << '\n';
      break;
    }
    case SolveStatus::NoWin:
      out << "No forced win for " << side << " within " << asked
          << (asked == 1 ? " turn.\n" : " turns.\n");
      break;
    case SolveStatus::Unknown:
      out << "Unknown: stopped by the limit; no win within " << r.proven_no_win
          << " turns is proven.\n";
      break;
  }
  out << "nodes " << grouped(r.nodes) << ", time "
      << fixed(static_cast<double>(r.elapsed_ms) / 1000.0, 3) << " s\n";
}

void print_json(const Game& game, const SolveLimits& limits, const SolveResult& r,
                std::ostream& out) {
  nlohmann::json j;
  j["side_to_move"] = std::string(color_name(game.position().side_to_move()));
  j["turns_asked"] = limits.max_turns;
  j["turns_searched"] = r.max_turns;
  j["status"] = status_name(r.status);
  if (r.status == SolveStatus::Win) j["win_in"] = r.turns;
  j["proven_no_win_within"] = r.proven_no_win;
  j["line"] = line_texts(game.position(), r.line);
  j["nodes"] = r.nodes;
  j["time_ms"] = r.elapsed_ms;
  out << j.dump() << '\n';
}

}  // namespace

}  // namespace ordo

namespace games {

int ordo_solve(const AnyGame& any, const SolveRequest& request, std::ostream& out,
               std::ostream& err) {
  using namespace ordo;
  if (request.turns == 0) throw GameError("solve needs TURNS, the turns to win in");
  if (request.sampling) {
    throw GameError("--sample, --empty and --seed are not for Ordo, which may never end");
  }
  const Game& game = ordo_game_of(any);
  if (game.result().over()) {
    err << "nothing to solve: " << describe(game.result()) << '\n';
    return 1;
  }
  SolveLimits limits;
  limits.max_turns = request.turns;
  limits.nodes = request.nodes;
  limits.time_ms = request.movetime_ms;
  Solver solver(request.hash_mib);
  const SolveResult result = solver.solve(game, limits);
  if (request.json) {
    print_json(game, limits, result, out);
  } else {
    print_text(game, limits, result, out);
  }
  return 0;
}

}  // namespace games
