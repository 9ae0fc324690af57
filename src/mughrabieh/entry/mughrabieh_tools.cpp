#include "mughrabieh/entry/mughrabieh_tools.h"

#include <iomanip>
#include <memory>

#include "mughrabieh/bearoff.h"
#include "mughrabieh/entry/mughrabieh_game.h"
#include "mughrabieh/notation.h"
#include "mughrabieh/perft.h"
#include "mughrabieh/playout.h"
#include "mughrabieh/turns.h"
#include "util/report_format.h"
#include "util/stopwatch.h"

namespace games {

namespace {

namespace mg = mughrabieh;
using ordo::grouped;
using ordo::Stopwatch;

constexpr int kDefaultGames = 200000;  // about 3 s
constexpr int kQuickGames = 20;
constexpr std::uint64_t kSeed = 20261203;

mg::RuleSet rule_set(const std::string& name) {
  if (name.empty() || name == "house") return mg::RuleSet::House;
  if (name == "ludii") return mg::RuleSet::Ludii;
  throw GameError("Mughrabieh's rules are house or ludii, not '" + name + "'");
}

// The pieces of `s` on its points 1..6 (HomeCounts order).
mg::HomeCounts home_of(const mg::Position& pos, mg::Side s) {
  mg::HomeCounts home{};
  for (int point = 1; point <= 6; ++point)
    home[static_cast<std::size_t>(point - 1)] =
        static_cast<std::uint8_t>(pos.count(s, mg::kPoints - point));
  return home;
}

// Whether a piece of the other side stands in `s`'s final six points.
bool blocked_home(const mg::Position& pos, mg::Side s) {
  return (pos.blocked(s) & mg::kHomeMask) != 0;
}

}  // namespace

void mughrabieh_bench(const BenchRequest& request, std::ostream& out) {
  const mg::RuleSet rules = rule_set(request.rules);
  const int games = request.games.value_or(request.quick ? kQuickGames : kDefaultGames);
  const int depth = request.quick ? 2 : 3;
  const Stopwatch clock;
  const std::uint64_t paths = mg::perft(mg::Position::start(rules), depth).turns;
  const double perft_seconds = clock.elapsed_seconds();
  out << "Mughrabieh (" << mg::rule_set_name(rules) << ")\n";
  out << "  perft " << depth << " from the start (21 rolls a turn): " << grouped(paths)
      << " nodes in " << std::fixed << std::setprecision(3) << perft_seconds << " s\n";
  const mg::PlayoutBench bench =
      mg::bench_random_games(games, kSeed, mg::Uniform::Positions, rules);
  out << "  random games: " << bench.games << " games, " << grouped(bench.turns)
      << " turns (nodes), White won " << bench.white_wins << ", " << std::setprecision(3)
      << bench.cpu_seconds << " s CPU, " << std::setprecision(0) << bench.games_per_second()
      << " games/s, "
      << (bench.cpu_seconds > 0 ? static_cast<double>(bench.turns) / bench.cpu_seconds : 0.0)
      << " turns/s\n";
}

int mughrabieh_solve(const AnyGame& game, const SolveRequest& request, std::ostream& out,
                     std::ostream& err) {
  const mg::Game& rules_game = mughrabieh_game_of(game);
  if (game.result().over()) {
    err << "nothing to solve: " << game.result().description << '\n';
    return 1;
  }
  if (request.turns > 0 || request.sampling || request.json)
    throw GameError("solve for Mughrabieh takes no TURNS, no sampling options and no --json");
  const mg::Position& pos = rules_game.position();
  const mg::Side me = pos.to_move();
  const mg::Side them = mg::opponent(me);
  if (pos.rules() != mg::RuleSet::House || !pos.all_home(me) || blocked_home(pos, me)) {
    err << "nothing to solve: the bear-off database is exact only under the house rules for "
           "a side to move with every piece in its final six points and no opposing piece "
           "there\n";
    return 1;
  }
  const mg::BearoffDatabase database;
  const std::string side(mg::side_name(me));
  const bool race = pos.all_home(them) && !blocked_home(pos, them);
  out << std::fixed << std::setprecision(4);
  if (pos.is_chance_node()) {
    out << "Expected turns  " << database.expected_turns(home_of(pos, me)) << " (" << side
        << " to roll, bearing off " << pos.on_board(me) << " pieces)\n";
    if (race) {
      out << "Wins            " << database.win_probability(home_of(pos, me), home_of(pos, them))
          << " (" << side << ", both sides bearing off)\n";
    }
    return 0;
  }
  // With the roll pending: the turn that leaves the fewest expected turns.
  mg::Position scratch = pos;
  const auto list = std::make_unique<mg::TurnList>();
  mg::generate_distinct_turns(scratch, *list);
  double best = 1e9;
  mg::Turn best_turn = list->turns[0];
  for (const mg::Turn& turn : *list) {
    mg::Position next = pos;
    next.play(turn);
    const double left = next.over() ? 0.0 : database.expected_turns(home_of(next, me));
    if (left < best) best = left, best_turn = turn;
  }
  out << "Best turn       " << mughrabieh_turn_word(best_turn) << " (" << side << ", roll "
      << mg::format_roll(*pos.roll()) << ")\n";
  out << "Expected turns  " << 1 + best << " (this one included)\n";
  return 0;
}

}  // namespace games
