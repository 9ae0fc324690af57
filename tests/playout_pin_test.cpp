// The seeded random-game workload of `ordo-engine bench` must stay the same game for game
// while random playouts are made faster: which move is drawn depends on the order of the
// bulk move form, so an optimisation that reorders it, or drops or adds a rare move,
// changes the games. The agreement tests compare move *sets* on sampled positions and
// can miss that; these tests follow the actual games.
//
// The first test replays the games ply by ply and has the slow reference generator
// (tests/reference/) check every step: the number of legal moves the draw is made from,
// that the drawn move is legal, the position after it, and how the game ends. The totals
// come out of that replay. The order the index is drawn from is the fast generator's own
// and has no independent definition, so the totals of the first games are also pinned
// below (taken from the generator before any speed work); the replay shows they are
// those of legal games, the pin shows the order did not change.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "ordo/game.h"
#include "ordo/movegen.h"
#include "ordo/notation.h"
#include "ordo/playout.h"
#include "reference/reference_ordo.h"
#include "support/scale.h"

namespace ordo {
namespace {

constexpr std::uint64_t kBenchSeed = 20240601;  // the seed `bench` plays its games with

struct Totals {
  std::uint64_t plies = 0;
  std::map<std::pair<Outcome, Termination>, int> endings;
  std::uint64_t fingerprint = 0;  // every position of every game, in order

  void add_position(std::uint64_t hash) {
    fingerprint = (fingerprint ^ hash) * 0x100000001B3ULL + 1;
  }
  void add_game(const PlayoutResult& r) {
    plies += static_cast<std::uint64_t>(r.plies);
    ++endings[{r.result.outcome, r.result.termination}];
  }
};

Result win_for(Color winner, Termination how) {
  return {winner == Color::White ? Outcome::WhiteWins : Outcome::BlackWins, how};
}

// One game of the workload with every step checked by the reference generator. Follows
// random_playout's order of end checks: a decided board, a third repetition, no move.
PlayoutResult replay_checked(Rng& rng, Totals& totals) {
  Position pos = Position::start(Variant::Classic);
  reference::RefPosition ref = reference::start_position(10, 8);
  std::map<std::string, int> seen;
  for (int ply = 0;; ++ply) {
    const std::string text = reference::format_position(ref);
    EXPECT_EQ(pos.to_string(), text) << "ply " << ply;
    totals.add_position(pos.hash());
    const reference::RefOutcome outcome =
        reference::outcome_after_move(ref, reference::RefVariant::Classic);
    const Color mover = opponent(pos.side_to_move());
    if (outcome == reference::RefOutcome::MoverWonHomeRow) {
      return {win_for(mover, Termination::HomeRow), ply};
    }
    if (outcome == reference::RefOutcome::MoverWonCapturedAll) {
      return {win_for(mover, Termination::CapturedAll), ply};
    }
    if (++seen[text] >= 3) return {{Outcome::Draw, Termination::Repetition}, ply};
    const std::vector<std::string> legal =
        reference::legal_moves(ref, reference::RefVariant::Classic);
    const BulkMoves bulk(pos);
    EXPECT_EQ(bulk.size(), legal.size()) << text;
    if (legal.empty()) {
      EXPECT_EQ(outcome, reference::RefOutcome::SideToMoveLosesNoMoves) << text;
      const bool split = !pos.geometry().is_connected(pos.pieces(pos.side_to_move()));
      return {win_for(mover, split ? Termination::CannotReconnect : Termination::NoLegalMove), ply};
    }
    if (bulk.size() != legal.size()) return {};
    const Move move = bulk.at(rng.below(static_cast<std::uint32_t>(bulk.size())));
    const std::string move_text = format_move(pos, move);
    EXPECT_TRUE(std::binary_search(legal.begin(), legal.end(), move_text))
        << move_text << " drawn in " << text;
    pos.make(move);
    ref = reference::apply_move(ref, move_text, reference::RefVariant::Classic);
  }
}

// The bench workload's first games, checked by the reference, and the same games played
// by random_playout (the code that is made fast): game for game the same. The totals of
// the first 20 games are pinned (taken from the generator before the speed work, commit
// 5b1a6ef).
TEST(PlayoutPin, BenchGamesAreLegalGamesAndPlayoutPlaysThem) {
  const int games = std::max(20, testing::scaled(100));
  Rng checked_rng(kBenchSeed), playout_rng(kBenchSeed);
  Totals checked;
  const Position start = Position::start(Variant::Classic);
  for (int i = 0; i < games; ++i) {
    const PlayoutResult expected = replay_checked(checked_rng, checked);
    ASSERT_FALSE(::testing::Test::HasFailure()) << "game " << i;
    const PlayoutResult actual = random_playout(start, playout_rng);
    ASSERT_EQ(actual.plies, expected.plies) << "game " << i;
    ASSERT_EQ(actual.result, expected.result) << "game " << i;
    checked.add_game(expected);
    if (i + 1 == 20) {
      EXPECT_EQ(checked.plies, 2362u);
      EXPECT_EQ(checked.fingerprint, 10648531361688147765u);
      const std::map<std::pair<Outcome, Termination>, int> endings = {
          {{Outcome::WhiteWins, Termination::HomeRow}, 5},
          {{Outcome::WhiteWins, Termination::CannotReconnect}, 7},
          {{Outcome::BlackWins, Termination::CannotReconnect}, 8}};
      EXPECT_EQ(checked.endings, endings);
    }
  }
}

// A longer stretch of the workload, without the slow reference: the totals of the first
// 200 and 2,000 games, as `bench --games 200` and `bench --games 2000` print them.
TEST(PlayoutPin, BenchWorkloadTotalsArePinned) {
  const int games = std::max(200, testing::scaled(2000));
  Rng rng(kBenchSeed);
  Totals totals;
  const Position start = Position::start(Variant::Classic);
  for (int i = 0; i < games; ++i) {
    totals.add_game(random_playout(start, rng));
    if (i + 1 == 200) {
      EXPECT_EQ(totals.plies, 23039u);
      const std::map<std::pair<Outcome, Termination>, int> endings = {
          {{Outcome::WhiteWins, Termination::HomeRow}, 23},
          {{Outcome::WhiteWins, Termination::CannotReconnect}, 74},
          {{Outcome::BlackWins, Termination::HomeRow}, 20},
          {{Outcome::BlackWins, Termination::CannotReconnect}, 83}};
      EXPECT_EQ(totals.endings, endings);
    }
  }
  if (games < 2000) return;  // the sanitizer build plays a tenth of the games
  EXPECT_EQ(totals.plies, 232018u);
  const std::map<std::pair<Outcome, Termination>, int> endings = {
      {{Outcome::WhiteWins, Termination::HomeRow}, 240},
      {{Outcome::WhiteWins, Termination::CannotReconnect}, 764},
      {{Outcome::BlackWins, Termination::HomeRow}, 230},
      {{Outcome::BlackWins, Termination::CapturedAll}, 1},
      {{Outcome::BlackWins, Termination::CannotReconnect}, 765}};
  EXPECT_EQ(totals.endings, endings);
}

}  // namespace
}  // namespace ordo
