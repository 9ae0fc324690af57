// Order's proved strategy (orderchaos/centre_strategy.h, centre_game.h): the built-in
// certificate is the centre game's solution, the table answers every image of a position
// alike, and on the full board, through the engine's own rules, the strategy wins every
// game under both rule sets against random Chaos, against every Chaos reply to Order's
// first two turns, and against the engine's strongest Chaos, while it stays out of games
// it does not hold.
#include <gtest/gtest.h>

#include <bit>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "orderchaos/ai/orderchaos_facade.h"
#include "orderchaos/centre_game.h"
#include "orderchaos/centre_strategy.h"
#include "orderchaos/movegen.h"
#include "orderchaos/notation.h"
#include "orderchaos/solver.h"

namespace {

namespace oc = orderchaos;
namespace centre = orderchaos::centre;

constexpr oc::RuleVersion kBothRuleSets[] = {oc::RuleVersion::Original, oc::RuleVersion::ExactFive};

std::string source_certificate() {
  std::ifstream file(std::string(ORDO_SOURCE_DIR) + "/src/orderchaos/centre_strategy.txt");
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

oc::Move random_move(const oc::Position& pos, std::mt19937_64& rng) {
  oc::MoveList list;
  oc::generate_legal(pos, list);
  std::vector<oc::Move> moves(list.begin(), list.end());
  return moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
}

// A Chaos that spends the pairs first (an outside square whenever one is free), then the
// centre: the longest games the strategy allows.
oc::Move pairs_first_move(const oc::Position& pos, std::mt19937_64& rng) {
  for (int tries = 0; tries < 200; ++tries) {
    const oc::Move m = random_move(pos, rng);
    if (!centre::cell_of(m.square)) return m;
  }
  return random_move(pos, rng);
}

// Plays on from `pos`: Order by the strategy, which must be in force at each of its turns,
// Chaos by `chaos`. Fails the test unless Order wins within the strategy's first bound.
template <class ChaosFn>
void expect_order_wins(oc::Position pos, ChaosFn chaos) {
  int bound = -1, order_turns = 0;
  while (!pos.over()) {
    if (pos.to_move() == oc::Role::Order) {
      const auto proved = oc::centre_strategy_move(pos);
      ASSERT_TRUE(proved) << "the strategy is not in force in " << pos.to_string();
      ASSERT_TRUE(pos.is_legal(proved->move)) << pos.to_string();
      if (bound < 0) bound = proved->turns_bound + order_turns;
      ++order_turns;
      pos.play(proved->move);
    } else {
      pos.play(chaos(pos));
    }
  }
  EXPECT_EQ(pos.outcome(), oc::Outcome::OrderWins) << pos.to_string();
  EXPECT_LE(order_turns, bound) << pos.to_string();
}

oc::Position after(oc::RuleVersion version, const std::vector<std::string>& moves) {
  oc::Position pos = oc::Position::start(version);
  for (const std::string& m : moves) pos.play(oc::parse_move(pos, m));
  return pos;
}

TEST(CentreStrategy, BuiltInCertificateIsTheSourceFile) {
  EXPECT_EQ(oc::proved_centre_certificate(), source_certificate());
  EXPECT_GT(oc::proved_centre_table().entries.size(), 1000u);
}

TEST(CentreStrategy, PairsAreTheEndsOfTheLinesOfSixThroughTheCentre) {
  // The ten pairs cover the twenty squares outside the centre once each.
  oc::Bitboard ends = 0;
  for (const centre::LineOfSix& line : centre::lines_of_six()) {
    for (const int end : line.ends) {
      EXPECT_FALSE(centre::cell_of(end)) << end;
      EXPECT_FALSE(ends & oc::bit(end)) << end;
      ends |= oc::bit(end);
    }
  }
  EXPECT_EQ(std::popcount(ends), 20);
  EXPECT_EQ(oc::format_move(
                {static_cast<std::uint8_t>(centre::lines_of_six()[8].ends[0]), oc::Symbol::X}),
            "Xa1");
  EXPECT_EQ(oc::format_move(
                {static_cast<std::uint8_t>(centre::lines_of_six()[9].ends[1]), oc::Symbol::X}),
            "Xa6");
}

TEST(CentreStrategy, TableAnswersEveryImageOfAPositionAlike) {
  const centre::CentreTable& table = oc::proved_centre_table();
  for (std::size_t i = 0; i < table.entries.size(); i += 7) {
    const centre::Centre& c = table.entries[i].first;
    const centre::CentreMove& move = table.entries[i].second;
    centre::Centre played = c;
    (move.is_x ? played.x : played.o) |= static_cast<centre::CellMask>(1u << move.cell);
    for (int s = 0; s < centre::kSymmetries; ++s) {
      const centre::Centre image = centre::transform(c, s);
      const auto answer = centre::table_move(table, image);
      ASSERT_TRUE(answer) << centre::centre_diagram(image);
      ASSERT_FALSE(image.occupied() >> answer->cell & 1);
      centre::Centre next = image;
      (answer->is_x ? next.x : next.o) |= static_cast<centre::CellMask>(1u << answer->cell);
      EXPECT_EQ(centre::canonical(next).centre, centre::canonical(played).centre)
          << centre::centre_diagram(image) << " under symmetry " << s;
    }
  }
}

TEST(CentreStrategy, ReadingRefusesABrokenTableLineByNumber) {
  const auto refusal = [](const std::string& text) {
    try {
      centre::parse_centre_strategy(text);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refusal("winner order\n..../..../..../.... Xa1\n"), "line 2: bad centre move 'Xa1'");
  EXPECT_EQ(refusal("..../..../..../x... Xb2\n"), "line 1: the move's cell is occupied");
  EXPECT_EQ(refusal("..../..../..../x..q Xc2\n"), "line 1: bad cell 'q'");
  EXPECT_EQ(refusal("..../..../.... Xc2\n"), "line 1: a centre diagram has 4 groups of 4");
  EXPECT_EQ(refusal("..../..../..../.... Xc2 Xd2\n"), "line 1: expected DIAGRAM MOVE");
}

TEST(CentreStrategy, WinsBothRuleSetsAgainstRandomChaos) {
  for (const oc::RuleVersion version : kBothRuleSets) {
    std::mt19937_64 rng(2026 + static_cast<int>(version));
    for (int game = 0; game < 10000; ++game)
      expect_order_wins(oc::Position::start(version),
                        [&](const oc::Position& pos) { return random_move(pos, rng); });
  }
}

TEST(CentreStrategy, WinsAgainstAChaosThatFillsThePairsFirst) {
  for (const oc::RuleVersion version : kBothRuleSets) {
    std::mt19937_64 rng(7 + static_cast<int>(version));
    for (int game = 0; game < 500; ++game)
      expect_order_wins(oc::Position::start(version),
                        [&](const oc::Position& pos) { return pairs_first_move(pos, rng); });
  }
}

TEST(CentreStrategy, WinsAgainstEveryChaosReplyToOrdersFirstTwoTurns) {
  for (const oc::RuleVersion version : kBothRuleSets) {
    std::mt19937_64 rng(11 + static_cast<int>(version));
    oc::Position start = oc::Position::start(version);
    start.play(oc::centre_strategy_move(start)->move);
    oc::MoveList first;
    oc::generate_legal(start, first);
    for (const oc::Move reply : first) {
      oc::Position pos = start;
      pos.play(reply);
      const auto second = oc::centre_strategy_move(pos);
      ASSERT_TRUE(second) << pos.to_string();
      pos.play(second->move);
      if (pos.over()) continue;
      oc::MoveList replies;
      oc::generate_legal(pos, replies);
      for (const oc::Move next : replies) {
        oc::Position leaf = pos;
        leaf.play(next);
        expect_order_wins(leaf, [&](const oc::Position& p) { return random_move(p, rng); });
      }
    }
  }
}

// The exact solver (solver.h), which knows nothing of the strategy, finds Order winning
// every position the strategy holds once ten to thirteen squares are left (Chaos filling
// the pairs first, so that games last that long), before and after Order's move.
TEST(CentreStrategy, TheExactSolverAgreesWherePositionsGetSmall) {
  for (const oc::RuleVersion version : kBothRuleSets) {
    std::mt19937_64 rng(23 + static_cast<int>(version));
    oc::Solver solver(16);
    int checked = 0;
    for (int game = 0; game < 100; ++game) {
      oc::Position pos = oc::Position::start(version);
      const int stop_at = 10 + game % 4;
      while (!pos.over() && std::popcount(pos.empty()) > stop_at) {
        if (pos.to_move() == oc::Role::Order) {
          const auto proved = oc::centre_strategy_move(pos);
          ASSERT_TRUE(proved);
          pos.play(proved->move);
        } else {
          pos.play(pairs_first_move(pos, rng));
        }
      }
      if (pos.over()) continue;
      EXPECT_EQ(solver.solve(pos).value, oc::Outcome::OrderWins) << pos.to_string();
      ++checked;
    }
    EXPECT_GT(checked, 60);
  }
}

TEST(CentreStrategy, StaysOutOfGamesItDoesNotHold) {
  const auto in_force = [](oc::RuleVersion v, const std::vector<std::string>& moves) {
    return oc::centre_strategy_move(after(v, moves)).has_value();
  };
  for (const oc::RuleVersion v : kBothRuleSets) {
    EXPECT_TRUE(in_force(v, {}));
    EXPECT_TRUE(in_force(v, {"Xb2", "Xa2"}));  // a half pair: the answer
    EXPECT_FALSE(in_force(v, {"Xb2"}));        // Chaos to move
    // Order opened on c3, not as the table does: Chaos's reply Od4 makes a centre that
    // the table does not hold (every two-cell entry has a corner of the centre).
    EXPECT_FALSE(in_force(v, {"Xc3", "Od4"}));
    EXPECT_FALSE(in_force(v, {"Xc3", "Xa2"}));                // the same, with Chaos's turn to come
    EXPECT_FALSE(in_force(v, {"Xb2", "Xa2", "Xf2", "Oc3"}));  // a pair holding X twice
    EXPECT_FALSE(in_force(v, {"Xb2", "Xa2", "Xc3", "Xa3"}));  // two pairs half filled
  }
  const auto answer = oc::centre_strategy_move(after(oc::RuleVersion::ExactFive, {"Xb2", "Xa2"}));
  EXPECT_EQ(oc::format_move(answer->move), "Of2");
}

TEST(CentreStrategy, FinishingMoveWinsAtOnceUnderBothRuleSets) {
  for (const oc::RuleVersion v : kBothRuleSets) {
    // Four X on c2-c5 (file c's middle), both ends empty; Chaos has played elsewhere.
    oc::Position pos = after(v, {"Xc2", "Od3", "Xc3", "Oe4", "Xc4", "Ob4", "Xc5", "Oe5"});
    auto proved = oc::centre_strategy_move(pos);
    ASSERT_TRUE(proved);
    EXPECT_EQ(proved->turns_bound, 1);
    pos.play(proved->move);
    EXPECT_EQ(pos.outcome(), oc::Outcome::OrderWins) << oc::format_move(proved->move);
    // The same with Chaos's O on c1: X goes on c6.
    oc::Position blocked = after(v, {"Xc2", "Od3", "Xc3", "Oe4", "Xc4", "Ob4", "Xc5", "Oc1"});
    proved = oc::centre_strategy_move(blocked);
    ASSERT_TRUE(proved);
    EXPECT_EQ(oc::format_move(proved->move), "Xc6");
    blocked.play(proved->move);
    EXPECT_EQ(blocked.outcome(), oc::Outcome::OrderWins);
  }
}

// The engine as Order, at level 10 and at level 7, plays the strategy at once against its
// own strongest Chaos (a level-10 search of 20,000 nodes a move), and wins every game.
TEST(CentreStrategy, EngineAsOrderBeatsItsStrongestChaos) {
  for (const oc::RuleVersion v : kBothRuleSets) {
    for (const int level : {10, 7}) {
      ordo::OrderChaosEngine order({.version = v, .level = level});
      ordo::OrderChaosEngine chaos({.version = v, .seed = 1});
      std::vector<std::string> moves;
      oc::Position pos = oc::Position::start(v);
      while (!pos.over()) {
        const bool order_moves = pos.to_move() == oc::Role::Order;
        ordo::OrderChaosEngine& engine = order_moves ? order : chaos;
        engine.set_position(moves);
        std::optional<ordo::OrderChaosSearchResult> result;
        engine.go(order_moves ? ordo::GoLimits{.nodes = 1} : ordo::GoLimits{.nodes = 20'000},
                  {.on_info = {},
                   .on_best_move = [&](const oc::Position&, const auto& r) { result = r; }});
        engine.wait();
        ASSERT_TRUE(result && result->best_move);
        if (order_moves) {
          const auto proved = oc::centre_strategy_move(pos);
          ASSERT_TRUE(proved);
          EXPECT_EQ(*result->best_move, proved->move);
          EXPECT_EQ(result->mate, proved->turns_bound);
          EXPECT_EQ(result->nodes, 0u);
        }
        moves.push_back(oc::format_move(*result->best_move));
        pos.play(*result->best_move);
      }
      EXPECT_EQ(pos.outcome(), oc::Outcome::OrderWins) << "level " << level;
    }
  }
}

TEST(CentreStrategy, LevelsBelowSevenSearchInstead) {
  ordo::OrderChaosEngine engine({.level = 6, .seed = 3});
  std::optional<ordo::OrderChaosSearchResult> result;
  engine.go(
      {.nodes = 2'000},
      {.on_info = {}, .on_best_move = [&](const oc::Position&, const auto& r) { result = r; }});
  engine.wait();
  ASSERT_TRUE(result && result->best_move);
  EXPECT_GT(result->nodes, 0u);
  EXPECT_FALSE(result->mate);
}

// Slow (about 10 s): the certificate is what solving the centre game writes today.
TEST(CentreGameSolution, WritesTheBuiltInCertificate) {
  const centre::CentreTable table = centre::solve_centre_game();
  EXPECT_EQ(table.plies_to_win, 13);
  EXPECT_EQ(centre::format_centre_strategy(table), source_certificate());
}

}  // namespace
