// Static evaluation of an Ordo position: a score in centipiece-like units from the side to
// move's point of view. No move generation, so that it stays cheap at every leaf.
//
// The score is a dot product of named integer features (each the side to move's value
// minus the opponent's, see EvalFeature) with integer weights, one set per rule set. A
// tuning tool (src/tuning) reads the features and fits the weights.
#pragma once

#include <array>
#include <string_view>

#include "ordo/bitboard.h"
#include "ordo/position.h"

namespace ordo {

// The piece-square table: one cell per (ranks to the goal, distance to the nearest side
// edge) pair, each side seen from its own direction of play, so that one table serves
// every board. Ranks to the goal run 1..kSquareGoalDistances (further back counts as the
// last), the edge distance 0..kSquareEdgeDistances-1 (further in counts as the last).
constexpr int kSquareGoalDistances = 7;
constexpr int kSquareEdgeDistances = 4;
constexpr int kSquareCells = kSquareGoalDistances * kSquareEdgeDistances;
// The cell of a piece `goal` ranks short of the goal (>= 1), `edge` files from the edge.
constexpr int square_cell(int goal, int edge) {
  const int g = goal < 1 ? 1 : goal > kSquareGoalDistances ? kSquareGoalDistances : goal;
  const int e = edge >= kSquareEdgeDistances ? kSquareEdgeDistances - 1 : edge;
  return (g - 1) * kSquareEdgeDistances + e;
}

// The features, in the order of EvalWeights' fields. Each is "ours minus theirs" unless
// said otherwise.
enum class EvalFeature {
  Material,         // pieces
  LeaderRank,       // ranks the most advanced piece has come forward
  LeaderRankSq,     // the square of that: its weight bends the curve (up or down)
  MeanRank,         // mean advancement of the whole group, in ranks
  OpenPath,         // pieces with an open slide to the opponent's home row
  CutPoint,         // pieces whose removal splits their neighbours locally (a weakness)
  Split,            // 1 when the side to move is split (it must reconnect), else 0
  Tempo,            // always 1: the side to move
  RunnerUpRank,     // advancement of the second most advanced piece
  Frontier,         // empty squares straight in front of a piece: a mobility proxy
  FileSpan,         // files between the outermost pieces, plus one (width of the group)
  ExposedCutPoint,  // cut points (as CutPoint) that an enemy piece could capture next move
  OneRankShort,     // pieces one rank short of the opponent's home row
  TwoRanksShort,    // pieces two ranks short of it
  // Endgame forms of two features: the feature times the endgame phase (0 while 32 or more
  // pieces stand on the board, rising to 1 as the board empties; kEndgamePieces below).
  EndgameMaterial,    // Material, more (or less) in the endgame
  EndgameLeaderRank,  // LeaderRank, the same
  // Pieces one (two) ranks short of the goal with no forward step that keeps their side
  // connected: counted by OneRankShort (TwoRanksShort) too, this corrects them.
  OneRankShortStuck,
  TwoRanksShortStuck,
  PassedPieces,      // pieces with no enemy piece ahead on their own or a neighbouring file
  PassedLeaderRank,  // advancement of the most advanced such piece (0 if none)
  // The piece-square table: pieces in each cell (square_cell), then the same times the
  // endgame phase. Named sq_gG_eE and eg_sq_gG_eE (G ranks to the goal, E from the edge).
  SquareTable,
  EndgameSquareTable = SquareTable + kSquareCells,
  Count = EndgameSquareTable + kSquareCells
};
constexpr int kEvalFeatureCount = static_cast<int>(EvalFeature::Count);

// Penalties are weighted by positive numbers and subtracted (see EvalWeights).
constexpr bool is_penalty(EvalFeature f) {
  return f == EvalFeature::CutPoint || f == EvalFeature::Split || f == EvalFeature::ExposedCutPoint;
}

// The weights, one per feature. Bonuses are added for each side and the difference is
// taken; penalties (is_penalty) are given as positive numbers and subtracted.
struct EvalWeights {
  int material;
  int leader_rank;
  int leader_rank_sq;
  int mean_rank;
  int open_path;
  int cut_point;
  int split;
  int tempo;
  int runner_up_rank;
  int frontier;
  int file_span;
  int exposed_cut_point;
  int one_rank_short;
  int two_ranks_short;
  int endgame_material = 0;
  int endgame_leader_rank = 0;
  int one_rank_short_stuck = 0;
  int two_ranks_short_stuck = 0;
  int passed_pieces = 0;
  int passed_leader_rank = 0;
  // Per cell of the piece-square table: kSquareCells for the whole game, then as many
  // times the endgame phase (EvalFeature::SquareTable on).
  std::array<int, 2 * kSquareCells> squares{};

  // The defaults of a rule set on a board `width` files wide: Classic on boards of at most
  // 8 files (the 8x8 board) has weights of its own, fitted to 8x8 games.
  static EvalWeights defaults(Variant variant, int width);

  // The weights as stored (penalties positive) in EvalFeature's order, and back.
  std::array<int, kEvalFeatureCount> fields() const;
  static EvalWeights from_fields(const std::array<int, kEvalFeatureCount>& f);

  // The weights as signed coefficients of the feature vector (penalties negated), and
  // back; the order is EvalFeature's.
  std::array<int, kEvalFeatureCount> coefficients() const;
  static EvalWeights from_coefficients(const std::array<int, kEvalFeatureCount>& c);
  friend bool operator==(const EvalWeights&, const EvalWeights&) = default;
};

// Classic boards this narrow or narrower are searched as the 8x8 board: they take its
// weights (default_weights) and its endgame rule for the null move (OrdoRules).
constexpr int kNarrowBoardFiles = 8;

// A default set of weights and the name of its constant in src/ordo/ai/evaluation.cpp, which
// `tune fit` prints so that a fit can replace it.
struct NamedWeights {
  std::string_view name;
  EvalWeights weights;
};
// The one place that says which defaults a rule set and board take (EvalWeights::defaults
// reads it too).
const NamedWeights& default_weights(Variant variant, int width);

std::string_view feature_name(EvalFeature f);  // "material", "leader_rank", ...

// Feature values in sixteenths of their unit (the mean rank is fractional), so that
// evaluate(pos, w) == dot(coefficients, features) / kFeatureScale, rounded toward zero.
constexpr int kFeatureScale = 16;
// The endgame phase is (kEndgamePieces - pieces on the board) / kEndgamePieces, at least 0:
// 0 at the start of either board (10x8 has 40 pieces, 8x8 32), 1/2 with 16 left.
constexpr int kEndgamePieces = 32;
using EvalFeatures = std::array<int, kEvalFeatureCount>;
EvalFeatures eval_features(const Position& pos);

// The features that cost move-like slides, computed only for weights that use them
// (evaluate); the tuner gets every feature (eval_features).
struct CostlyFeatures {
  bool open_paths = true;
  bool exposed_cut_points = true;
  bool stuck_near_goal = true;
  bool passed = true;
  bool squares = true;
};

// Weights made ready for evaluation once, not at every node: the signed coefficients and
// which costly features they need.
struct EvalModel {
  explicit EvalModel(const EvalWeights& weights);
  std::array<int, kEvalFeatureCount> coefficients;
  CostlyFeatures used;
  int feature_count;  // the dot product's length: the named features, or all with the table
};
// The model of default_weights(variant, width), made once.
const EvalModel& default_model(Variant variant, int width);

// Evaluates with the default weights of the position's variant and board.
int evaluate(const Position& pos);
int evaluate(const Position& pos, const EvalModel& model);
int evaluate(const Position& pos, const EvalWeights& weights);  // makes the model each call

// The pieces of `side` that could slide (forward or diagonally forward) onto the
// opponent's home row, onto an empty square or capturing there. Connection is not
// checked, so this over-approximates the immediate threats of `side`.
Bitboard open_path_pieces(const Position& pos, Color side);
// The same for one forward direction `d`. Inline: the threat tests call it on hot paths.
inline Bitboard open_path_pieces(const Position& pos, Color side, Direction d) {
  const Geometry& g = pos.geometry();
  const Bitboard own = pos.pieces(side);
  const Bitboard goal = g.home_row(opponent(side)) & ~own;
  // Filled backward from the goal through empty squares: the squares whose slide in
  // direction d reaches it; a piece next to them has an open path.
  const Direction back = reverse(d);
  return own & g.shift(g.slide_fill(goal, pos.empty_squares(), back), back);
}

// The pieces of the other side that a singleton of `side` could capture with its next
// slide (forward, diagonally forward or sideways). Connection is not checked.
Bitboard capturable_pieces(const Position& pos, Color side);
// The same for the pieces of `among` only (pieces of the other side), one ray per direction
// from each: cheaper than sliding every piece of `side` when `among` holds a few.
Bitboard capturable_pieces(const Position& pos, Color side, Bitboard among);

}  // namespace ordo
