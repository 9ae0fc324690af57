// The evaluation as a dot product of named features: hand-computed values, agreement with
// the first search layer's formula (kept here as the reference), and the weight plumbing.
#include "ordo/ai/evaluation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "ordo/movegen.h"
#include "ordo/notation.h"
#include "support/random_positions.h"

namespace ordo {
namespace {

// One feature's value, and the features of a Classic position string.
int at(const EvalFeatures& f, EvalFeature which) {
  return f[static_cast<int>(which)];
}

EvalFeatures classic_features(std::string_view text) {
  return eval_features(Position::parse(text, Variant::Classic));
}

// The evaluation as it was before it became a dot product (commit b14b43d), written out
// again so that the default weights' behaviour can be compared with it.
int legacy_side_score(const Position& pos, Color side, const EvalWeights& w) {
  const Geometry& g = pos.geometry();
  const Bitboard own = pos.pieces(side);
  if (!own) return 0;
  const auto adv = [&](int sq) {
    return side == Color::White ? g.rank_of(sq) : g.height() - 1 - g.rank_of(sq);
  };
  const int count = popcount(own);
  const int leader = adv(side == Color::White ? msb(own) : lsb(own));
  int rank_sum = 0, cuts = 0;
  for (Bitboard rest = own; rest;) {
    const int sq = pop_lsb(rest);
    rank_sum += adv(sq);
    const Bitboard around = g.neighbours(sq) & own;
    cuts += has_more_than_one(around) && g.flood(around & -around, around) != around;
  }
  return w.material * count + w.leader_rank * leader + w.leader_rank_sq * leader * leader +
         w.mean_rank * rank_sum / count + w.open_path * popcount(open_path_pieces(pos, side)) -
         w.cut_point * cuts;
}

int legacy_evaluate(const Position& pos, const EvalWeights& w) {
  const Color us = pos.side_to_move();
  int score = legacy_side_score(pos, us, w) - legacy_side_score(pos, opponent(us), w) + w.tempo;
  if (!pos.is_connected(us)) score -= w.split;
  return score;
}

// `w` without the features that came after the legacy formula (set to 0).
EvalWeights legacy_only(EvalWeights w) {
  w.runner_up_rank = w.frontier = w.file_span = 0;
  w.exposed_cut_point = w.one_rank_short = w.two_ranks_short = 0;
  w.endgame_material = w.endgame_leader_rank = 0;
  w.one_rank_short_stuck = w.two_ranks_short_stuck = w.passed_pieces = w.passed_leader_rank = 0;
  return w;
}

TEST(Evaluation, FeaturesOfAHandMadePosition) {
  // 6x5 board: White b3 c3 (rank 3 = two ranks forward), Black f5 on its home row.
  const Position pos = Position::parse("5b/6/1ww3/6/6 w", Variant::Classic);
  const EvalFeatures f = eval_features(pos);
  // material 2-1; leader 2-0; leader^2 4-0; mean rank 2-0; open paths 2-1 (b3 and c3 up
  // their files, f5 down its file); no cut points; connected; tempo; runner-up 2-0;
  // frontier (b4 c4) 2 - (f4) 1; file span 2-1; no exposed cut point; none one rank short
  // of the goal; b3 c3 two ranks short of rank 5, 2-0; with 3 pieces on the board the
  // endgame phase is 29/32, 14 sixteenths rounded down, so the endgame material is 16 *
  // 14/16 and the endgame leader 32 * 14/16; b3 and c3 step forward side by side, so none
  // is stuck; all three pieces are passed (no enemy ahead on a file next to theirs), 2-1,
  // the passed leaders 2-0. In the piece-square table b3 is 2 ranks short of the goal, 1
  // file from the edge, c3 2 short and 2 in, f5 (Black's view: rank 5 is its first) 4
  // short on the edge; the endgame cells are those times 14/16. In sixteenths.
  EvalFeatures expected = {16, 32, 64, 32, 16, 0,  0, 16, 32, 16,
                           16, 0,  0,  32, 14, 28, 0, 0,  16, 32};
  const auto cell = [](EvalFeature table, int goal, int edge) {
    return static_cast<std::size_t>(static_cast<int>(table) + square_cell(goal, edge));
  };
  for (EvalFeature table : {EvalFeature::SquareTable, EvalFeature::EndgameSquareTable}) {
    const int one = table == EvalFeature::SquareTable ? 16 : 14;
    expected[cell(table, 2, 1)] = one;
    expected[cell(table, 2, 2)] = one;
    expected[cell(table, 4, 0)] = -one;
  }
  EXPECT_EQ(f, expected);
  EXPECT_EQ(feature_name(static_cast<EvalFeature>(cell(EvalFeature::SquareTable, 2, 1))),
            "sq_g2_e1");
  EXPECT_EQ(feature_name(static_cast<EvalFeature>(cell(EvalFeature::EndgameSquareTable, 7, 3))),
            "eg_sq_g7_e3");
  EXPECT_EQ(square_cell(9, 6), square_cell(7, 3));  // further back and further in: the last
  // The score is the dot product of the weights' coefficients with these hand-checked
  // features, in whole units rounded toward zero; computed here, so that a change of the
  // default weights does not change what this test asserts. A board this narrow takes the
  // 8x8 weights by itself.
  const auto dot = [&](const EvalWeights& w) {
    const EvalModel model(w);
    long sum = 0;
    for (std::size_t i = 0; i < expected.size(); ++i)
      sum += long{model.coefficients[i]} * expected[i];
    return static_cast<int>(sum / kFeatureScale);
  };
  const EvalWeights classic = EvalWeights::defaults(Variant::Classic, kStandardWidth);
  EXPECT_EQ(evaluate(pos, classic), dot(classic));
  EXPECT_EQ(evaluate(pos), evaluate(pos, EvalWeights::defaults(Variant::Classic, 8)));
  // The legacy formula, written out above from the weights alone, knows only the first
  // eight features: it checks the coefficients' signs and scale independently.
  const EvalWeights legacy_terms = legacy_only(classic);
  EXPECT_EQ(evaluate(pos, legacy_terms), dot(legacy_terms));
  EXPECT_EQ(evaluate(pos, legacy_terms), legacy_evaluate(pos, legacy_terms));
}

TEST(Evaluation, CapturablePiecesAreThoseAnEnemySlideReachesFirst) {
  // 10x8: White c2 d2 e2, Black d5. Black slides down the d-file onto d2; its diagonals
  // (e4 f3 g2 h1, c4 b3 a2) and rank 5 meet nothing. White's d2 slides up onto d5.
  const Position pos = Position::parse("10/10/10/3b6/10/10/2www5/10 w", Variant::Classic);
  const Geometry& g = pos.geometry();
  EXPECT_EQ(capturable_pieces(pos, Color::Black), bit(g.square(3, 1)));
  EXPECT_EQ(capturable_pieces(pos, Color::White), bit(g.square(3, 4)));
  // A white piece on d4 stands in the way: now it is the one Black can take.
  const Position blocked = Position::parse("10/10/10/3b6/3w6/10/2www5/10 w", Variant::Classic);
  EXPECT_EQ(capturable_pieces(blocked, Color::Black), bit(g.square(3, 3)));
  // Singletons never slide backward: Black on d1 reaches nothing above it.
  const Position behind = Position::parse("10/10/10/10/10/10/2www5/3b6 w", Variant::Classic);
  EXPECT_EQ(capturable_pieces(behind, Color::Black), Bitboard{0});
}

TEST(Evaluation, CapturablePiecesAmongAFewAreThoseOfAll) {
  std::mt19937_64 rng(20261128);
  int capturable = 0;
  for (int i = 0; i < 400; ++i) {
    const Variant variant = i % 4 == 0 ? Variant::X : Variant::Classic;
    const Position pos = testing::random_game_position(rng, variant, 120);
    for (const Color side : {Color::White, Color::Black}) {
      const Bitboard all = capturable_pieces(pos, side);
      capturable += popcount(all);
      const Bitboard targets = pos.pieces(opponent(side));
      ASSERT_EQ(capturable_pieces(pos, side, targets), all) << pos.to_string();
      // The targets on every other square: a subset gives the subset's part.
      const Bitboard alternate = Bitboard{0x5555555555555555u} << 64 | 0x5555555555555555u;
      const Bitboard some = targets & alternate;
      ASSERT_EQ(capturable_pieces(pos, side, some), all & some) << pos.to_string();
    }
  }
  EXPECT_GT(capturable, 400);  // the sample is not all quiet
}

// open_path_pieces finds all pieces at once; this is its definition, piece by piece.
Bitboard open_paths_one_by_one(const Position& pos, Color side) {
  const Geometry& g = pos.geometry();
  const Bitboard goal = g.home_row(opponent(side)) & ~pos.pieces(side);
  Bitboard result = 0;
  for (Bitboard rest = pos.pieces(side); rest;) {
    const int sq = pop_lsb(rest);
    for (Direction d : forward_directions(side))
      if (g.slide(sq, d, pos.occupied()) & goal) result |= bit(sq);
  }
  return result;
}

TEST(Evaluation, OpenPathsAreSlidesOverEmptySquaresOntoTheGoal) {
  // 10x8: White d2 is hemmed in by c3 d3 e3 (a capture there is not the goal); h2 slides
  // up the h-file. Black c3 d3 e3 each reach rank 1, d3 diagonally past d2.
  const Position pos = Position::parse("10/10/10/10/10/2bbb5/3w3w2/10 w", Variant::Classic);
  const Geometry& g = pos.geometry();
  EXPECT_EQ(open_path_pieces(pos, Color::White), bit(g.square(7, 1)));
  EXPECT_EQ(open_path_pieces(pos, Color::Black),
            bit(g.square(2, 2)) | bit(g.square(3, 2)) | bit(g.square(4, 2)));

  std::mt19937_64 rng(11);
  int seen = 0;
  for (int i = 0; i < 400; ++i) {
    const Position p = i % 2 ? testing::random_game_position(rng, Variant::Classic, 90)
                             : testing::random_placement(rng, Variant::Classic);
    for (Color c : {Color::White, Color::Black}) {
      EXPECT_EQ(open_path_pieces(p, c), open_paths_one_by_one(p, c)) << p.to_string();
      seen += open_path_pieces(p, c) != 0;
    }
  }
  EXPECT_GT(seen, 100);
}

TEST(Evaluation, ExposedCutPointsAreCutPointsTheEnemyCanCapture) {
  const auto exposed = [](std::string_view text) {
    const Position pos = Position::parse(text, Variant::Classic);
    return eval_features(pos)[static_cast<int>(EvalFeature::ExposedCutPoint)];
  };
  // d2 holds c2 and e2 together, and Black on d5 can take it; Black's lone piece has no
  // cut point.
  EXPECT_EQ(exposed("10/10/10/3b6/10/10/2www5/10 w"), 16);
  EXPECT_EQ(exposed("10/10/10/3b6/10/10/2www5/10 b"), -16);
  // Black on h8 reaches neither d2 nor any other white piece.
  EXPECT_EQ(exposed("7b2/10/10/10/10/10/2www5/10 w"), 0);
  // With d3 added the group is a block without cut points, though d3 is capturable.
  EXPECT_EQ(exposed("10/10/10/3b6/10/3w6/2www5/10 w"), 0);
}

TEST(Evaluation, PiecesOneAndTwoRanksShortOfTheGoalAreCounted) {
  // 10x8: White c7 and d7 one rank short of Black's home row (rank 8), d6 two short, c2
  // far back; Black e2 one rank short of White's home row (rank 1), e4 neither.
  const EvalFeatures white_view = classic_features("10/2ww6/3w6/10/4b5/10/2w1b5/10 w");
  EXPECT_EQ(at(white_view, EvalFeature::OneRankShort), 16 * (2 - 1));
  EXPECT_EQ(at(white_view, EvalFeature::TwoRanksShort), 16 * (1 - 0));
  const EvalFeatures black_view = classic_features("10/2ww6/3w6/10/4b5/10/2w1b5/10 b");
  EXPECT_EQ(at(black_view, EvalFeature::OneRankShort), -16);
  EXPECT_EQ(at(black_view, EvalFeature::TwoRanksShort), -16);
  // The same distances on the 8x8 board: Black b3 is two ranks short, White a1 none.
  const EvalFeatures small = classic_features("8/8/8/8/8/1b6/8/w7 b");
  EXPECT_EQ(at(small, EvalFeature::TwoRanksShort), 16);
  EXPECT_EQ(at(small, EvalFeature::OneRankShort), 0);
}

TEST(Evaluation, StuckPiecesNearTheGoalHaveNoForwardStepThatKeepsTheGroup) {
  // 8x8: White f6 (two ranks short) is joined to e5 behind it only: each of its steps
  // forward (e7, f7, g7) leaves e5 alone.
  const EvalFeatures alone = classic_features("b7/8/5w2/4w3/8/8/8/8 w");
  EXPECT_EQ(at(alone, EvalFeature::TwoRanksShort), 16);
  EXPECT_EQ(at(alone, EvalFeature::TwoRanksShortStuck), 16);
  EXPECT_EQ(at(alone, EvalFeature::OneRankShortStuck), 0);
  // With e6 beside it, f6 steps to f7 and e6 to e7, each still touching the other.
  const EvalFeatures side_by_side = classic_features("b7/8/4ww2/4w3/8/8/8/8 w");
  EXPECT_EQ(at(side_by_side, EvalFeature::TwoRanksShort), 32);
  EXPECT_EQ(at(side_by_side, EvalFeature::TwoRanksShortStuck), 0);
  // g7 (one rank short) ahead of f6: g7's steps onto the home row leave it apart, and
  // f6's steps leave e5 apart; seen from Black, to move, the counts are negated.
  const EvalFeatures chain = classic_features("b7/6w1/5w2/4w3/8/8/8/8 b");
  EXPECT_EQ(at(chain, EvalFeature::OneRankShortStuck), -16);
  EXPECT_EQ(at(chain, EvalFeature::TwoRanksShortStuck), -16);
}

TEST(Evaluation, PassedPiecesHaveNoEnemyAheadOnTheirOwnOrANeighbouringFile) {
  // 8x8: White a3 has no black piece ahead on files a and b; d2 has c5 ahead on file c.
  // Black c5 has d2 ahead of it (below) on file d.
  const EvalFeatures f = classic_features("8/8/8/2b5/8/w7/3w4/8 w");
  EXPECT_EQ(at(f, EvalFeature::PassedPieces), 16 * (1 - 0));
  EXPECT_EQ(at(f, EvalFeature::PassedLeaderRank), 16 * (2 - 0));  // a3: two ranks up
  // Without d2, Black c5 is passed too, three ranks down from its home row.
  const EvalFeatures g = classic_features("8/8/8/2b5/8/w7/8/8 b");
  EXPECT_EQ(at(g, EvalFeature::PassedPieces), 16 * (1 - 1));
  EXPECT_EQ(at(g, EvalFeature::PassedLeaderRank), 16 * (3 - 2));
}

TEST(Evaluation, EndgameFeaturesGrowAsTheBoardEmpties) {
  // The 10x8 start: 40 pieces, so no endgame yet, whatever the counts.
  const EvalFeatures start =
      classic_features("2bb2bb2/bbbbbbbbbb/bb2bb2bb/10/10/ww2ww2ww/wwwwwwwwww/2ww2ww2 w");
  EXPECT_EQ(at(start, EvalFeature::EndgameMaterial), 0);
  EXPECT_EQ(at(start, EvalFeature::EndgameLeaderRank), 0);
  // 4 pieces (phase 28/32): White c2 d2 e3 against Black f6. White has two pieces more
  // (32 sixteenths), and its leader stands on rank 3 against Black's on rank 6
  // (advancement 2 each: 0 apart).
  const EvalFeatures four = classic_features("10/10/5b4/10/10/4w5/2ww6/10 w");
  EXPECT_EQ(at(four, EvalFeature::Material), 2 * 16);
  EXPECT_EQ(at(four, EvalFeature::EndgameMaterial), 2 * 16 * 28 / 32);
  EXPECT_EQ(at(four, EvalFeature::EndgameLeaderRank), 0);
  // Black's lone piece one rank further (f5: advancement 3): Black leads by a rank.
  const EvalFeatures ahead = classic_features("10/10/10/5b4/10/4w5/2ww6/10 w");
  EXPECT_EQ(at(ahead, EvalFeature::EndgameLeaderRank), -16 * 28 / 32);
  EXPECT_EQ(at(ahead, EvalFeature::LeaderRank), -16);
}

TEST(Evaluation, SplitAndCutPointsCountAgainstTheSideToMove) {
  // 5x4: White a2 b2 c2 in a row (b2 is a cut point) and a split-off piece on e1.
  const Position pos = Position::parse("4b/5/www2/4w b", Variant::Classic);
  const Position white_to_move = Position::parse("4b/5/www2/4w w", Variant::Classic);
  const EvalFeatures black_view = eval_features(pos);
  const EvalFeatures white_view = eval_features(white_to_move);
  EXPECT_EQ(at(white_view, EvalFeature::CutPoint), 16);  // b2
  EXPECT_EQ(at(black_view, EvalFeature::CutPoint), -16);
  EXPECT_EQ(at(white_view, EvalFeature::Split), 16);  // White is split and to move
  EXPECT_EQ(at(black_view, EvalFeature::Split), 0);
}

TEST(Evaluation, DotProductMatchesTheLegacyFormulaWithDefaultWeights) {
  // The mean rank is now kept in sixteenths of a rank, so the legacy formula's rounding
  // differs by at most a few units; everything else is identical.
  std::mt19937_64 rng(5);
  for (Variant v : {Variant::Classic, Variant::X}) {
    const EvalWeights w = legacy_only(EvalWeights::defaults(v, kStandardWidth));
    const int tolerance = w.mean_rank / kFeatureScale + 2;
    for (int i = 0; i < 300; ++i) {
      const Position pos =
          i % 2 ? testing::random_game_position(rng, v, 30) : testing::random_placement(rng, v);
      EXPECT_NEAR(evaluate(pos, w), legacy_evaluate(pos, w), tolerance) << pos.to_string();
    }
  }
}

// Calls check(pos) on `count` Classic positions: three in four random placements, the rest
// from random games, which have the shapes that play makes.
template <typename Check>
void for_random_classic_positions(std::uint64_t seed, int count, Check check) {
  std::mt19937_64 rng(seed);
  for (int i = 0; i < count; ++i)
    check(i % 4 ? testing::random_placement(rng, Variant::Classic)
                : testing::random_game_position(rng, Variant::Classic, 60));
}

// The features read off the ranks and files, counted piece by piece for one side (whole
// units): the evaluation counts them one rank at a time.
struct RankFeatures {
  int leader = 0, runner_up = 0, rank_sum = 0, file_span = 0, one_short = 0, two_short = 0;
};

RankFeatures rank_features_by_piece(const Position& pos, Color side) {
  const Geometry& g = pos.geometry();
  RankFeatures f;
  std::vector<int> advancements;
  int low_file = g.width(), high_file = -1;
  for (Bitboard rest = pos.pieces(side); rest;) {
    const int sq = pop_lsb(rest);
    const int adv = side == Color::White ? g.rank_of(sq) : g.height() - 1 - g.rank_of(sq);
    advancements.push_back(adv);
    f.rank_sum += adv;
    f.one_short += adv == g.height() - 2;
    f.two_short += adv == g.height() - 3;
    low_file = std::min(low_file, g.file_of(sq));
    high_file = std::max(high_file, g.file_of(sq));
  }
  if (advancements.empty()) return f;
  std::sort(advancements.rbegin(), advancements.rend());
  f.leader = advancements[0];
  f.runner_up = advancements.size() > 1 ? advancements[1] : advancements[0];
  f.file_span = high_file - low_file + 1;
  return f;
}

TEST(Evaluation, RankFeaturesAgreeWithAPieceByPieceCount) {
  for_random_classic_positions(8, 1000, [](const Position& pos) {
    const Color us = pos.side_to_move();
    const RankFeatures a = rank_features_by_piece(pos, us);
    const RankFeatures b = rank_features_by_piece(pos, opponent(us));
    const EvalFeatures f = eval_features(pos);
    const int s = kFeatureScale;
    const auto mean = [&](const RankFeatures& r, Color c) {
      return s * r.rank_sum / popcount(pos.pieces(c));
    };
    EXPECT_EQ(at(f, EvalFeature::LeaderRank), s * (a.leader - b.leader)) << pos.to_string();
    EXPECT_EQ(at(f, EvalFeature::LeaderRankSq), s * (a.leader * a.leader - b.leader * b.leader));
    EXPECT_EQ(at(f, EvalFeature::RunnerUpRank), s * (a.runner_up - b.runner_up));
    EXPECT_EQ(at(f, EvalFeature::MeanRank), mean(a, us) - mean(b, opponent(us)));
    EXPECT_EQ(at(f, EvalFeature::FileSpan), s * (a.file_span - b.file_span));
    EXPECT_EQ(at(f, EvalFeature::OneRankShort), s * (a.one_short - b.one_short));
    EXPECT_EQ(at(f, EvalFeature::TwoRanksShort), s * (a.two_short - b.two_short))
        << pos.to_string();
  });
}

// Square-by-square counts of the stuck and passed pieces of one side (whole units), with
// a search over neighbours for connection: the evaluation uses shifts and floods.
struct PieceFeatures {
  int one_short_stuck = 0, two_short_stuck = 0, passed = 0, passed_leader = 0;
};

bool connected_by_search(const Geometry& g, const std::vector<int>& squares) {
  if (squares.empty()) return true;
  std::vector<int> reached = {squares[0]};
  for (std::size_t i = 0; i < reached.size(); ++i)
    for (int sq : squares)
      if (std::find(reached.begin(), reached.end(), sq) == reached.end() &&
          std::abs(g.file_of(sq) - g.file_of(reached[i])) <= 1 &&
          std::abs(g.rank_of(sq) - g.rank_of(reached[i])) <= 1)
        reached.push_back(sq);
  return reached.size() == squares.size();
}

PieceFeatures piece_features_by_square(const Position& pos, Color side) {
  const Geometry& g = pos.geometry();
  const int up = side == Color::White ? 1 : -1;
  const auto adv = [&](int sq) {
    return side == Color::White ? g.rank_of(sq) : g.height() - 1 - g.rank_of(sq);
  };
  std::vector<int> own, enemy;
  for (Bitboard b = pos.pieces(side); b;) own.push_back(pop_lsb(b));
  for (Bitboard b = pos.pieces(opponent(side)); b;) enemy.push_back(pop_lsb(b));
  PieceFeatures f;
  for (int sq : own) {
    const bool opposed = std::any_of(enemy.begin(), enemy.end(), [&](int e) {
      return std::abs(g.file_of(e) - g.file_of(sq)) <= 1 && (g.rank_of(e) - g.rank_of(sq)) * up > 0;
    });
    if (!opposed) {
      ++f.passed;
      f.passed_leader = std::max(f.passed_leader, adv(sq));
    }
    if (adv(sq) != g.height() - 2 && adv(sq) != g.height() - 3) continue;
    bool can_step = false;
    for (int df : {-1, 0, 1}) {
      const int file = g.file_of(sq) + df, rank = g.rank_of(sq) + up;
      if (file < 0 || file >= g.width() || rank < 0 || rank >= g.height()) continue;
      const int to = g.square(file, rank);
      if (std::find(own.begin(), own.end(), to) != own.end()) continue;
      std::vector<int> after = {to};
      for (int other : own)
        if (other != sq) after.push_back(other);
      can_step = can_step || connected_by_search(g, after);
    }
    if (!can_step) ++(adv(sq) == g.height() - 2 ? f.one_short_stuck : f.two_short_stuck);
  }
  return f;
}

TEST(Evaluation, StuckAndPassedPiecesAgreeWithASquareBySquareCount) {
  int stuck_seen = 0, passed_seen = 0;
  for_random_classic_positions(9, 1000, [&](const Position& pos) {
    const Color us = pos.side_to_move();
    const PieceFeatures a = piece_features_by_square(pos, us);
    const PieceFeatures b = piece_features_by_square(pos, opponent(us));
    const EvalFeatures f = eval_features(pos);
    const int s = kFeatureScale;
    EXPECT_EQ(at(f, EvalFeature::OneRankShortStuck), s * (a.one_short_stuck - b.one_short_stuck))
        << pos.to_string();
    EXPECT_EQ(at(f, EvalFeature::TwoRanksShortStuck), s * (a.two_short_stuck - b.two_short_stuck))
        << pos.to_string();
    EXPECT_EQ(at(f, EvalFeature::PassedPieces), s * (a.passed - b.passed)) << pos.to_string();
    EXPECT_EQ(at(f, EvalFeature::PassedLeaderRank), s * (a.passed_leader - b.passed_leader))
        << pos.to_string();
    stuck_seen += a.one_short_stuck + a.two_short_stuck + b.one_short_stuck + b.two_short_stuck;
    passed_seen += a.passed + b.passed;
  });
  // The random positions must exercise both counts.
  EXPECT_GT(stuck_seen, 50);
  EXPECT_GT(passed_seen, 50);
}

int dot_product_score(const Position& pos, const EvalWeights& w) {
  const EvalFeatures f = eval_features(pos);
  const auto c = w.coefficients();
  int sum = 0;
  for (int k = 0; k < kEvalFeatureCount; ++k) sum += c[k] * f[k];
  return sum / kFeatureScale;
}

TEST(Evaluation, EvaluateIsTheDotProductOfFeaturesAndCoefficients) {
  std::mt19937_64 rng(6);
  const EvalWeights w{3, -4, 5, 6, -7, 8, 9, 10, 11, -12, 13, -14, 15, -16};
  for (int i = 0; i < 200; ++i) {
    const Position pos = testing::random_placement(rng, Variant::Classic);
    EXPECT_EQ(evaluate(pos, w), dot_product_score(pos, w));
  }
}

// evaluate() skips the costly features whose weight is 0 (the Ordo X defaults leave out
// exposed cut points; the weights below leave out all but one kind); the score must not
// change, and eval_features() still gives every feature.
TEST(Evaluation, SkippingZeroWeightFeaturesKeepsTheDotProduct) {
  // Some defaults must skip a feature, or the defaults' check below would not cover it.
  ASSERT_EQ(EvalWeights::defaults(Variant::X, kStandardWidth).exposed_cut_point, 0);
  std::mt19937_64 rng(7);
  for (Variant v : {Variant::Classic, Variant::X}) {
    EvalWeights only_open_path{};
    only_open_path.open_path = 5;
    EvalWeights only_exposed{};
    only_exposed.exposed_cut_point = 7;
    EvalWeights only_stuck{};
    only_stuck.one_rank_short_stuck = -9;
    only_stuck.two_ranks_short_stuck = -3;
    EvalWeights only_passed{};
    only_passed.passed_pieces = 11;
    only_passed.passed_leader_rank = -2;
    int open_path_seen = 0, exposed_seen = 0;
    for (int i = 0; i < 300; ++i) {
      const Position pos =
          i % 2 ? testing::random_game_position(rng, v, 30) : testing::random_placement(rng, v);
      // The defaults of the position's board (Classic 8x8 has its own).
      const EvalWeights defaults = EvalWeights::defaults(v, pos.geometry().width());
      EXPECT_EQ(evaluate(pos), dot_product_score(pos, defaults)) << pos.to_string();
      EXPECT_EQ(evaluate(pos, only_open_path), dot_product_score(pos, only_open_path));
      EXPECT_EQ(evaluate(pos, only_exposed), dot_product_score(pos, only_exposed));
      EXPECT_EQ(evaluate(pos, only_stuck), dot_product_score(pos, only_stuck));
      EXPECT_EQ(evaluate(pos, only_passed), dot_product_score(pos, only_passed));
      const EvalFeatures all = eval_features(pos);
      open_path_seen += all[static_cast<int>(EvalFeature::OpenPath)] != 0;
      exposed_seen += all[static_cast<int>(EvalFeature::ExposedCutPoint)] != 0;
    }
    // The positions exercise both features, so the checks above compare non-zero values.
    EXPECT_GT(open_path_seen, 10);
    EXPECT_GT(exposed_seen, 10);
  }
}

TEST(Evaluation, Classic8x8HasWeightsOfItsOwn) {
  EXPECT_NE(EvalWeights::defaults(Variant::Classic, 8),
            EvalWeights::defaults(Variant::Classic, kStandardWidth));
  EXPECT_EQ(EvalWeights::defaults(Variant::X, 8),
            EvalWeights::defaults(Variant::X, kStandardWidth));
  // A position after a few moves on 8x8 scores differently under the two Classic sets, and
  // evaluate() takes the 8x8 one.
  Position pos = Position::start(Variant::Classic, 8, 8);
  pos.make(parse_move(pos, "c2-c4"));
  const int narrow = evaluate(pos, EvalWeights::defaults(Variant::Classic, 8));
  EXPECT_NE(narrow, evaluate(pos, EvalWeights::defaults(Variant::Classic, kStandardWidth)));
  EXPECT_EQ(evaluate(pos), narrow);
}

// `tune fit` prints a replacement for the defaults it started from under their name, so
// each name must be the constant in evaluation.cpp that holds those weights.
TEST(Evaluation, DefaultWeightsAreNamedAfterTheirConstants) {
  std::ifstream in(std::filesystem::path(ORDO_SOURCE_DIR) / "src/ordo/ai/evaluation.cpp");
  ASSERT_TRUE(in) << "cannot read evaluation.cpp";
  std::ostringstream text;
  text << in.rdbuf();
  for (const Variant v : {Variant::Classic, Variant::X}) {
    for (const int width : {8, kStandardWidth}) {
      const NamedWeights& named = default_weights(v, width);
      EXPECT_EQ(named.weights, EvalWeights::defaults(v, width));
      const std::string declaration = "constexpr EvalWeights " + std::string(named.name) + "{";
      EXPECT_NE(text.str().find(declaration), std::string::npos) << declaration;
    }
  }
  EXPECT_NE(default_weights(Variant::Classic, 8).name,
            default_weights(Variant::Classic, kStandardWidth).name);
  EXPECT_EQ(default_weights(Variant::X, 8).name, default_weights(Variant::X, kStandardWidth).name);
}

// The search and evaluate(pos) use the defaults as models made once; each must be its
// board's default weights made ready, and the same object every time.
TEST(Evaluation, DefaultModelsAreTheDefaultWeightsMadeReady) {
  for (const Variant v : {Variant::Classic, Variant::X}) {
    for (const int width : {8, kStandardWidth}) {
      const EvalWeights weights = EvalWeights::defaults(v, width);
      const EvalModel& model = default_model(v, width);
      EXPECT_EQ(model.coefficients, weights.coefficients());
      const EvalModel made(weights);
      EXPECT_EQ(model.feature_count, made.feature_count);
      EXPECT_EQ(model.used.open_paths, weights.open_path != 0);
      EXPECT_EQ(model.used.exposed_cut_points, weights.exposed_cut_point != 0);
      EXPECT_EQ(model.used.passed, weights.passed_pieces != 0 || weights.passed_leader_rank != 0);
      EXPECT_FALSE(model.used.squares);  // no default uses the table
      EXPECT_EQ(model.feature_count, static_cast<int>(EvalFeature::SquareTable));
      EXPECT_EQ(&model, &default_model(v, width));
    }
  }
  EXPECT_NE(&default_model(Variant::Classic, 8), &default_model(Variant::Classic, kStandardWidth));
  // A model with the table in use takes every feature.
  EvalWeights with_table{};
  with_table.squares[3] = 7;
  EXPECT_EQ(EvalModel(with_table).feature_count, kEvalFeatureCount);
  EXPECT_TRUE(EvalModel(with_table).used.squares);
}

TEST(Evaluation, CoefficientsRoundTripAndPenaltiesAreNegated) {
  const EvalWeights w = EvalWeights::defaults(Variant::Classic, kStandardWidth);
  const auto c = w.coefficients();
  EXPECT_EQ(c[static_cast<int>(EvalFeature::CutPoint)], -w.cut_point);
  EXPECT_EQ(c[static_cast<int>(EvalFeature::Split)], -w.split);
  EXPECT_EQ(EvalWeights::from_coefficients(c), w);
  EXPECT_EQ(feature_name(EvalFeature::Material), "material");
  EXPECT_EQ(feature_name(EvalFeature::FileSpan), "file_span");
}

TEST(Evaluation, ScoreIsAntisymmetricUnderColourSwapWithoutTempo) {
  // The same board with the other side to move: the side-relative features change sign.
  std::mt19937_64 rng(7);
  for (int i = 0; i < 200; ++i) {
    const Position pos = testing::random_placement(rng, Variant::X);
    const Position other(pos.geometry(), pos.variant(), pos.pieces(Color::White),
                         pos.pieces(Color::Black), opponent(pos.side_to_move()));
    const EvalFeatures a = eval_features(pos), b = eval_features(other);
    for (EvalFeature f : {EvalFeature::Material, EvalFeature::LeaderRank, EvalFeature::MeanRank,
                          EvalFeature::OpenPath, EvalFeature::Frontier, EvalFeature::FileSpan})
      EXPECT_EQ(a[static_cast<int>(f)], -b[static_cast<int>(f)]) << feature_name(f);
  }
}

// The position string with every rank read from the other side (files mirrored).
std::string mirrored_files(const std::string& text) {
  const auto space = text.find(' ');
  std::string out, rank;
  const auto flush = [&] {
    std::string squares;  // one character per square, '.' empty
    for (std::size_t i = 0; i < rank.size();) {
      if (std::isdigit(static_cast<unsigned char>(rank[i]))) {
        std::size_t n = 0;
        while (i < rank.size() && std::isdigit(static_cast<unsigned char>(rank[i])))
          n = n * 10 + static_cast<std::size_t>(rank[i++] - '0');
        squares.append(n, '.');
      } else {
        squares += rank[i++];
      }
    }
    std::reverse(squares.begin(), squares.end());
    for (std::size_t i = 0; i < squares.size();) {
      std::size_t n = 0;
      while (i < squares.size() && squares[i] == '.') ++n, ++i;
      if (n) out += std::to_string(n);
      if (i < squares.size()) out += squares[i++];
    }
    rank.clear();
  };
  for (char c : text.substr(0, space)) {
    if (c == '/') {
      flush();
      out += '/';
    } else {
      rank += c;
    }
  }
  flush();
  return out + text.substr(space);
}

TEST(Evaluation, SquareTableCountsEveryPieceOnceAndIsSymmetric) {
  ASSERT_EQ(mirrored_files("3w2/6/bb4/12/11b w"), "2w3/6/4bb/12/b11 w");
  std::mt19937_64 rng(11);
  const int first = static_cast<int>(EvalFeature::SquareTable);
  for (int i = 0; i < 200; ++i) {
    const Position pos = testing::random_placement(rng, i % 2 ? Variant::X : Variant::Classic);
    const Position other(pos.geometry(), pos.variant(), pos.pieces(Color::White),
                         pos.pieces(Color::Black), opponent(pos.side_to_move()));
    const Position mirror = Position::parse(mirrored_files(pos.to_string()), pos.variant());
    const EvalFeatures a = eval_features(pos), b = eval_features(other), m = eval_features(mirror);
    int cells = 0;
    for (int c = first; c < first + 2 * kSquareCells; ++c) {
      EXPECT_EQ(a[c], -b[c]) << feature_name(static_cast<EvalFeature>(c));
      EXPECT_EQ(a[c], m[c]) << feature_name(static_cast<EvalFeature>(c)) << ' ' << pos.to_string();
      if (c < first + kSquareCells) cells += a[c];
    }
    EXPECT_EQ(cells, a[static_cast<int>(EvalFeature::Material)]) << pos.to_string();
  }
}

}  // namespace
}  // namespace ordo
