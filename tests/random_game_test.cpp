// Invariants over thousands of seeded random games: connection after every move, piece
// counts, make/unmake, incremental hashing, notation and position-string round trips, and
// that the parser accepts exactly the moves the generator lists.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "ordo/game.h"
#include "ordo/movegen.h"
#include "ordo/notation.h"
#include "support/random_positions.h"
#include "support/scale.h"

namespace ordo {
namespace {

void check_every_move(Position& pos, std::mt19937_64& rng, bool parse_all) {
  const Position before = pos;
  const Color mover = pos.side_to_move(), enemy = opponent(mover);
  MoveList moves;
  generate_legal(pos, moves);
  ASSERT_EQ(count_legal(pos), moves.size());
  std::set<std::string> texts;
  for (const Move& m : moves) {
    const std::string text = format_move(pos, m);
    ASSERT_TRUE(texts.insert(text).second) << "two moves written " << text;
    if (parse_all || rng() % 16 == 0) {
      ASSERT_EQ(parse_move(pos, text), m) << text << " in " << pos.to_string();
    }
    const Undo undo = pos.make(m);
    ASSERT_TRUE(pos.is_connected(mover)) << text << " left the mover split";
    ASSERT_EQ(popcount(pos.pieces(mover)), popcount(before.pieces(mover)));
    if (pos.variant() == Variant::Classic) {
      ASSERT_EQ(popcount(pos.pieces(enemy)),
                popcount(before.pieces(enemy)) - (m.first().capture ? 1 : 0));
    } else {
      // Ordo X: captures take a piece each, and may take whole smaller groups with them.
      const int captures =
          (m.steps[0].capture ? 1 : 0) + (m.step_count == 2 && m.steps[1].capture ? 1 : 0);
      ASSERT_LE(popcount(pos.pieces(enemy)), popcount(before.pieces(enemy)) - captures);
      if (!captures) {
        ASSERT_EQ(pos.pieces(enemy), before.pieces(enemy));
      }
      ASSERT_TRUE(pos.is_connected(enemy)) << text << ": Ordo X never leaves a side split";
    }
    ASSERT_EQ(pos.hash(), pos.compute_hash()) << text;
    ASSERT_NE(pos.hash(), before.hash());
    pos.unmake(m, undo);
    ASSERT_EQ(pos, before) << "unmake of " << text;
  }
  // Texts the generator did not list must be rejected, and leave the position alone.
  const Geometry& g = pos.geometry();
  for (int i = 0; i < 4; ++i) {
    const int from = static_cast<int>(rng() % g.square_count()),
              to = static_cast<int>(rng() % g.square_count());
    const int tail = static_cast<int>(rng() % g.square_count());
    const std::string singleton =
        square_name(g, from) + (rng() % 2 ? "-" : "x") + square_name(g, to);
    const std::string ordo =
        square_name(g, from) + ":" + square_name(g, tail) + "-" + square_name(g, to);
    for (const std::string& text : {singleton, ordo}) {
      bool listed = texts.count(text) > 0;
      if (!listed && text == ordo) {
        // Input may name the upper end first; the parser must then find the listed move.
        for (const Move& m : moves) {
          if (m.first().is_ordo() && m.first().tail == from && m.first().from == tail &&
              m.first().to + (from - tail) == to) {
            listed = true;
          }
        }
      }
      if (listed) {
        EXPECT_NO_THROW(parse_move(pos, text)) << text;
      } else {
        EXPECT_THROW(parse_move(pos, text), MoveError) << text << " in " << pos.to_string();
      }
    }
  }
  ASSERT_EQ(pos, before);
}

TEST(RandomGames, InvariantsHoldAtEveryPly) {
  std::mt19937_64 rng(12345);
  int finished = 0, captures_that_split = 0;
  for (int game_index = 0; game_index < testing::scaled(2000); ++game_index) {
    const int width = game_index % 2 ? 10 : 8;
    Game game(Position::start(Variant::Classic, width, 8));
    while (!game.result().over() && game.moves().size() < 300) {
      Position pos = game.position();
      ASSERT_EQ(Position::parse(pos.to_string(), Variant::Classic), pos);
      check_every_move(pos, rng, game_index < 50);
      MoveList moves;
      game.legal_moves(moves);
      const Move m = moves[rng() % moves.size()];
      const bool enemy_was_connected = pos.is_connected(opponent(pos.side_to_move()));
      game.play(m);
      if (enemy_was_connected && !game.position().is_connected(game.position().side_to_move())) {
        ++captures_that_split;
      }
    }
    if (game.result().over()) ++finished;
  }
  EXPECT_GT(finished, testing::scaled(1900));
  EXPECT_GT(captures_that_split, testing::scaled(100));
}

TEST(RandomGames, OrdoXInvariantsHoldAtEveryPly) {
  std::mt19937_64 rng(2026);
  int finished = 0;
  for (int game_index = 0; game_index < testing::scaled(12); ++game_index) {
    Game game(Position::start(Variant::X, game_index % 2 ? 10 : 8, 8));
    while (!game.result().over()) {
      Position pos = game.position();
      ASSERT_EQ(Position::parse(pos.to_string(), Variant::X), pos);
      check_every_move(pos, rng, game_index < 2);
      MoveList moves;
      game.legal_moves(moves);
      game.play(moves[rng() % moves.size()]);
    }
    ++finished;
  }
  EXPECT_EQ(finished, testing::scaled(12));
}

TEST(RandomGames, EveryEndIsJudgedByTheRules) {
  std::mt19937_64 rng(777);
  std::set<Termination> seen;
  for (int game_index = 0; game_index < testing::scaled(3000); ++game_index) {
    Game game(Position::start(Variant::Classic, game_index % 2 ? 10 : 8, 8));
    while (!game.result().over()) {
      MoveList moves;
      game.legal_moves(moves);
      ASSERT_FALSE(moves.empty()) << "an unfinished game must have a move";
      game.play(moves[rng() % moves.size()]);
    }
    const Result r = game.result();
    seen.insert(r.termination);
    const Position& end = game.position();
    switch (r.termination) {
      case Termination::HomeRow:
        EXPECT_TRUE(end.pieces(opponent(end.side_to_move())) &
                    end.geometry().home_row(end.side_to_move()));
        break;
      case Termination::CapturedAll:
        EXPECT_EQ(end.pieces(end.side_to_move()), Bitboard{0});
        break;
      case Termination::CannotReconnect:
        EXPECT_FALSE(end.is_connected(end.side_to_move()));
        EXPECT_EQ(count_legal(end), 0u);
        break;
      case Termination::Repetition:
        EXPECT_EQ(game.occurrences_of_current(), 3);
        break;
      default:
        ADD_FAILURE() << "unexpected end: " << describe(r);
    }
  }
  EXPECT_TRUE(seen.count(Termination::HomeRow));
  EXPECT_TRUE(seen.count(Termination::CannotReconnect));
}

}  // namespace
}  // namespace ordo
