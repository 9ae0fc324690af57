#include "ordo/ai/evaluation.h"

#include <algorithm>
#include <bit>
#include <iterator>

#include "ordo/connection.h"

namespace ordo {

namespace {

// Fitted by logistic regression (tune records, tune fit) to the positions of the 594
// Classic 10x8 games of our engine against the reference bot on record (research/tuning-log.md,
// "Stuck and passed pieces (Classic 10x8)"), then checked by matches against the bot.
// Earlier weights came from the same kind of fit without the last six features. A piece
// counts for little by itself, the leader's advance a lot (concave), a piece one or two
// ranks short of the goal most of all unless it cannot step on, and a piece that has
// passed the enemy (nothing ahead of it on its file or those beside it) nearly three times
// a plain one. As the board empties a piece counts for less and the leader's advance for
// more.
constexpr EvalWeights kClassicWeights{
    .material = 51,
    .leader_rank = 90,
    .leader_rank_sq = -10,
    .mean_rank = 47,
    .open_path = 18,
    .cut_point = 0,
    .split = 170,
    .tempo = 48,
    .runner_up_rank = 61,
    .frontier = 7,
    .file_span = -78,
    .exposed_cut_point = 50,
    .one_rank_short = 438,
    .two_ranks_short = 97,
    .endgame_material = -164,
    .endgame_leader_rank = 68,
    .one_rank_short_stuck = -165,
    .two_ranks_short_stuck = -70,
    .passed_pieces = 94,
    .passed_leader_rank = -2,
};

// The same fit to the positions of the 440 Classic 8x8 games against the bot on record
// (research/matches/c8-*.pgn but the loss books' games; research/tuning-log.md, "Stuck and passed
// pieces (Classic 8x8)"), with the stuck and passed pieces. On the shorter board a piece
// that has passed the enemy (nothing ahead of it on its file or those beside it) is worth
// nearly a piece more, and a piece near the goal that cannot move on is worth far less.
constexpr EvalWeights kClassic8x8Weights{
    .material = 131,
    .leader_rank = 165,
    .leader_rank_sq = -25,
    .mean_rank = 178,
    .open_path = -10,
    .cut_point = 16,
    .split = 137,
    .tempo = 52,
    .runner_up_rank = 7,
    .frontier = 8,
    .file_span = -35,
    .exposed_cut_point = 19,
    .one_rank_short = 750,
    .two_ranks_short = 137,
    .endgame_material = -268,
    .endgame_leader_rank = -8,
    .one_rank_short_stuck = -337,
    .two_ranks_short_stuck = -49,
    .passed_pieces = 122,
    .passed_leader_rank = -26,
};

// Ordo X moves faster (two steps, ordos in five directions) and a capture removes whole
// groups, so advancement and compactness weigh more.
constexpr EvalWeights kXWeights{
    .material = 100,
    .leader_rank = 16,
    .leader_rank_sq = 7,
    .mean_rank = 30,
    .open_path = 60,
    .cut_point = 18,
    .split = 0,  // an Ordo X side is never left split
    .tempo = 15,
    .runner_up_rank = 0,
    .frontier = 0,
    .file_span = 0,
    .exposed_cut_point = 0,
    .one_rank_short = 0,
    .two_ranks_short = 0,
};

constexpr std::string_view kFeatureNames[] = {
    "material",
    "leader_rank",
    "leader_rank_sq",
    "mean_rank",
    "open_path",
    "cut_point",
    "split",
    "tempo",
    "runner_up_rank",
    "frontier",
    "file_span",
    "exposed_cut_point",
    "one_rank_short",
    "two_ranks_short",
    "endgame_material",
    "endgame_leader_rank",
    "one_rank_short_stuck",
    "two_ranks_short_stuck",
    "passed_pieces",
    "passed_leader_rank",
};
constexpr int kNamedFeatures = static_cast<int>(EvalFeature::SquareTable);
static_assert(std::size(kFeatureNames) == kNamedFeatures);

// "sq_g1_e0" ... "eg_sq_g7_e3": the cells' names, made at compile time.
struct SquareNames {
  std::array<std::array<char, 16>, 2 * kSquareCells> text{};
};
constexpr SquareNames make_square_names() {
  SquareNames names;
  for (int i = 0; i < 2 * kSquareCells; ++i) {
    const int cell = i % kSquareCells;
    auto& out = names.text[static_cast<std::size_t>(i)];
    std::size_t n = 0;
    if (i >= kSquareCells)
      for (char c : {'e', 'g', '_'}) out[n++] = c;
    for (char c : {'s', 'q', '_', 'g'}) out[n++] = c;
    out[n++] = static_cast<char>('1' + cell / kSquareEdgeDistances);
    for (char c : {'_', 'e'}) out[n++] = c;
    out[n++] = static_cast<char>('0' + cell % kSquareEdgeDistances);
  }
  return names;
}
constexpr SquareNames kSquareNames = make_square_names();

// One side's feature values (sixteenths), before the difference is taken.
struct SideFeatures {
  int material = 0, leader = 0, leader_sq = 0, mean_rank = 0, open_paths = 0, cut_points = 0;
  int runner_up = 0, frontier = 0, file_span = 0, exposed_cut_points = 0;
  int one_rank_short = 0, two_ranks_short = 0;
  int one_rank_short_stuck = 0, two_ranks_short_stuck = 0;
  int passed = 0, passed_leader = 0;
  std::array<int, kSquareCells> squares{};  // pieces per cell of the piece-square table
};

CostlyFeatures costly_features_used(const EvalWeights& w) {
  return {.open_paths = w.open_path != 0,
          .exposed_cut_points = w.exposed_cut_point != 0,
          .stuck_near_goal = w.one_rank_short_stuck != 0 || w.two_ranks_short_stuck != 0,
          .passed = w.passed_pieces != 0 || w.passed_leader_rank != 0,
          .squares = std::any_of(w.squares.begin(), w.squares.end(), [](int v) { return v != 0; })};
}

// The pieces of `candidates` (pieces of `own`) with no one-square step forward or
// diagonally forward, onto a square free of their own pieces, after which `own` is one
// group. Such a piece cannot move on before others come up beside it.
Bitboard stuck_pieces(const Geometry& g, Color side, Bitboard own, Bitboard candidates) {
  Bitboard stuck = 0;
  for (Bitboard rest = candidates; rest; rest &= rest - 1) {
    const Bitboard piece = rest & -rest;
    const Bitboard others = own ^ piece;
    bool can_step = false;
    for (Direction d : forward_directions(side)) {
      const Bitboard to = g.shift(piece, d) & ~own;
      // The destination must touch the others (cheap) and the others, with it, be one group;
      // a lone piece always can.
      if (to && (!others || ((g.dilate(to) & others) && g.is_connected(others | to)))) {
        can_step = true;
        break;
      }
    }
    if (!can_step) stuck |= piece;
  }
  return stuck;
}

// How many pieces of one side stand at each advancement, and on which files.
struct RankCounts {
  std::array<int, kMaxSide> at_advancement{};
  unsigned files = 0;  // bit f: a piece on file f
  int rank_sum = 0;    // the advancements added up
};

// One rank at a time (a shift and a popcount) rather than one piece at a time.
RankCounts rank_counts(const Geometry& g, Color side, Bitboard own) {
  RankCounts c;
  const int width = g.width(), height = g.height();
  const unsigned row = (1u << width) - 1;  // at most 16 files
  Bitboard rest = own;
  for (int rank = 0; rest; ++rank, rest >>= width) {
    const unsigned bits = static_cast<unsigned>(low_word(rest)) & row;
    const int n = std::popcount(bits);
    const int adv = side == Color::White ? rank : height - 1 - rank;
    c.files |= bits;
    c.at_advancement[adv] = n;
    c.rank_sum += n * adv;
  }
  return c;
}

// The advancement of the most advanced of the counted pieces (there must be one).
int leader_advancement(const RankCounts& c, int height) {
  int best = height - 1;
  while (c.at_advancement[best] == 0) --best;
  return best;
}

// The pieces one and two ranks short of the goal that are stuck (stuck_pieces); `n` holds
// the side's counts by advancement, so that most positions, with none there, skip it.
void add_stuck_near_goal(const Geometry& g, Color side, Bitboard own,
                         const std::array<int, kMaxSide>& n, SideFeatures& f) {
  const int one = g.height() - 2, two = g.height() - 3;
  if (n[one] == 0 && n[two] == 0) return;
  const auto at_advancement = [&](int adv) {
    return own & g.rank_mask(side == Color::White ? adv : g.height() - 1 - adv);
  };
  const Bitboard one_short = at_advancement(one), two_short = at_advancement(two);
  const Bitboard stuck = stuck_pieces(g, side, own, one_short | two_short);
  f.one_rank_short_stuck = kFeatureScale * popcount(stuck & one_short);
  f.two_ranks_short_stuck = kFeatureScale * popcount(stuck & two_short);
}

// The side's pieces with no enemy piece ahead of them on their own file or the two beside
// it, like passed pawns in chess: no enemy piece stands in front of them to block or
// capture them.
void add_passed(const Position& pos, Color side, SideFeatures& f) {
  const Geometry& g = pos.geometry();
  // The squares in front of the enemy's pieces, as the enemy moves: a piece of ours there
  // has an enemy piece ahead of it on its file.
  const Direction enemy_forward = side == Color::White ? S : N;
  const Bitboard enemy = pos.pieces(opponent(side));
  const Bitboard in_front = g.shift(g.slide_fill(enemy, g.all(), enemy_forward), enemy_forward);
  const Bitboard opposed = in_front | g.shift(in_front, E) | g.shift(in_front, W);
  const Bitboard passed = pos.pieces(side) & ~opposed;
  if (!passed) return;
  f.passed = kFeatureScale * popcount(passed);
  f.passed_leader = kFeatureScale * leader_advancement(rank_counts(g, side, passed), g.height());
}

// The side's pieces per cell of the piece-square table (square_cell), in sixteenths; one
// rank at a time, the files grouped by their distance from the nearer edge.
void add_squares(const Geometry& g, Color side, Bitboard own, SideFeatures& f) {
  const int width = g.width(), height = g.height();
  std::array<unsigned, kSquareEdgeDistances> edge_files{};
  for (int file = 0; file < width; ++file)
    edge_files[static_cast<std::size_t>(
        std::min({file, width - 1 - file, kSquareEdgeDistances - 1}))] |= 1u << file;
  const unsigned row = (1u << width) - 1;
  Bitboard rest = own;
  for (int rank = 0; rest; ++rank, rest >>= width) {
    const unsigned bits = static_cast<unsigned>(low_word(rest)) & row;
    if (!bits) continue;
    const int goal = side == Color::White ? height - 1 - rank : rank;
    const int first = square_cell(goal, 0);
    for (int e = 0; e < kSquareEdgeDistances; ++e)
      f.squares[static_cast<std::size_t>(first + e)] +=
          kFeatureScale * std::popcount(bits & edge_files[static_cast<std::size_t>(e)]);
  }
}

// The slide-based features (open paths, exposed cut points) only when `wanted`; the
// opponent's captures only where there is a cut point to expose.
SideFeatures side_features(const Position& pos, Color side, const CostlyFeatures& wanted) {
  SideFeatures f;
  const Geometry& g = pos.geometry();
  const Bitboard own = pos.pieces(side);
  if (!own) return f;
  const int count = popcount(own);
  // Possible cut points: checked inside each piece's 3x3 neighbourhood only (cheap, and
  // exact for thin groups).
  const Bitboard cut_points = local_cut_points(g, own);
  const RankCounts ranks = rank_counts(g, side, own);
  const auto& n = ranks.at_advancement;
  // The most advanced piece, and the next one (on the same rank if two stand there).
  const int best = leader_advancement(ranks, g.height());
  int second = n[best] >= 2 ? best : best - 1;
  while (second >= 0 && n[second] == 0) --second;
  const Bitboard ahead = g.shift(own, side == Color::White ? N : S) & pos.empty_squares();
  f.material = kFeatureScale * count;
  f.leader = kFeatureScale * best;
  f.leader_sq = kFeatureScale * best * best;
  f.mean_rank = kFeatureScale * ranks.rank_sum / count;
  if (wanted.open_paths) f.open_paths = kFeatureScale * popcount(open_path_pieces(pos, side));
  f.cut_points = kFeatureScale * popcount(cut_points);
  if (cut_points && wanted.exposed_cut_points) {
    f.exposed_cut_points =
        kFeatureScale * popcount(capturable_pieces(pos, opponent(side), cut_points));
  }
  f.runner_up = kFeatureScale * (second < 0 ? best : second);
  f.frontier = kFeatureScale * popcount(ahead);
  f.file_span = kFeatureScale * (std::bit_width(ranks.files) - std::countr_zero(ranks.files));
  // The opponent's home row is rank height - 1 ahead: a piece there has already won.
  f.one_rank_short = kFeatureScale * n[g.height() - 2];
  f.two_ranks_short = kFeatureScale * n[g.height() - 3];
  if (wanted.stuck_near_goal) add_stuck_near_goal(g, side, own, n, f);
  if (wanted.passed) add_passed(pos, side, f);
  if (wanted.squares) add_squares(g, side, own, f);
  return f;
}

template <typename T>
constexpr int at(EvalFeature f, const T& array_like) {
  return array_like[static_cast<int>(f)];
}

constexpr std::array<NamedWeights, 3> kDefaultSets{{{"kClassicWeights", kClassicWeights},
                                                    {"kClassic8x8Weights", kClassic8x8Weights},
                                                    {"kXWeights", kXWeights}}};

// Which of kDefaultSets a rule set and board take.
std::size_t default_set(Variant variant, int width) {
  if (variant == Variant::X) return 2;
  return width <= kNarrowBoardFiles ? 1 : 0;
}

}  // namespace

const NamedWeights& default_weights(Variant variant, int width) {
  return kDefaultSets[default_set(variant, width)];
}

EvalWeights EvalWeights::defaults(Variant variant, int width) {
  return default_weights(variant, width).weights;
}

std::array<int, kEvalFeatureCount> EvalWeights::fields() const {
  std::array<int, kEvalFeatureCount> f{material,
                                       leader_rank,
                                       leader_rank_sq,
                                       mean_rank,
                                       open_path,
                                       cut_point,
                                       split,
                                       tempo,
                                       runner_up_rank,
                                       frontier,
                                       file_span,
                                       exposed_cut_point,
                                       one_rank_short,
                                       two_ranks_short,
                                       endgame_material,
                                       endgame_leader_rank,
                                       one_rank_short_stuck,
                                       two_ranks_short_stuck,
                                       passed_pieces,
                                       passed_leader_rank};
  std::copy(squares.begin(), squares.end(), f.begin() + kNamedFeatures);
  return f;
}

EvalWeights EvalWeights::from_fields(const std::array<int, kEvalFeatureCount>& f) {
  using F = EvalFeature;
  EvalWeights w{
      .material = at(F::Material, f),
      .leader_rank = at(F::LeaderRank, f),
      .leader_rank_sq = at(F::LeaderRankSq, f),
      .mean_rank = at(F::MeanRank, f),
      .open_path = at(F::OpenPath, f),
      .cut_point = at(F::CutPoint, f),
      .split = at(F::Split, f),
      .tempo = at(F::Tempo, f),
      .runner_up_rank = at(F::RunnerUpRank, f),
      .frontier = at(F::Frontier, f),
      .file_span = at(F::FileSpan, f),
      .exposed_cut_point = at(F::ExposedCutPoint, f),
      .one_rank_short = at(F::OneRankShort, f),
      .two_ranks_short = at(F::TwoRanksShort, f),
      .endgame_material = at(F::EndgameMaterial, f),
      .endgame_leader_rank = at(F::EndgameLeaderRank, f),
      .one_rank_short_stuck = at(F::OneRankShortStuck, f),
      .two_ranks_short_stuck = at(F::TwoRanksShortStuck, f),
      .passed_pieces = at(F::PassedPieces, f),
      .passed_leader_rank = at(F::PassedLeaderRank, f),
  };
  std::copy(f.begin() + kNamedFeatures, f.end(), w.squares.begin());
  return w;
}

namespace {

std::array<int, kEvalFeatureCount> negate_penalties(std::array<int, kEvalFeatureCount> values) {
  for (int i = 0; i < kEvalFeatureCount; ++i)
    if (is_penalty(static_cast<EvalFeature>(i))) values[i] = -values[i];
  return values;
}

}  // namespace

std::array<int, kEvalFeatureCount> EvalWeights::coefficients() const {
  return negate_penalties(fields());
}

EvalWeights EvalWeights::from_coefficients(const std::array<int, kEvalFeatureCount>& c) {
  return from_fields(negate_penalties(c));
}

std::string_view feature_name(EvalFeature f) {
  const int i = static_cast<int>(f);
  if (i < kNamedFeatures) return kFeatureNames[i];
  return kSquareNames.text[static_cast<std::size_t>(i - kNamedFeatures)].data();
}

namespace {

// The features left out by `wanted` are 0.
EvalFeatures compute_features(const Position& pos, const CostlyFeatures& wanted) {
  const Color us = pos.side_to_move();
  const Color them = opponent(us);
  const SideFeatures a = side_features(pos, us, wanted);
  const SideFeatures b = side_features(pos, them, wanted);
  // The endgame phase in sixteenths (kFeatureScale), applied to a feature in sixteenths.
  const int phase =
      std::max(0, kEndgamePieces - popcount(pos.occupied())) * kFeatureScale / kEndgamePieces;
  const auto endgame = [phase](int feature) { return feature * phase / kFeatureScale; };
  EvalFeatures f{
      a.material - b.material,
      a.leader - b.leader,
      a.leader_sq - b.leader_sq,
      a.mean_rank - b.mean_rank,
      a.open_paths - b.open_paths,
      a.cut_points - b.cut_points,
      pos.is_connected(us) ? 0 : kFeatureScale,
      kFeatureScale,
      a.runner_up - b.runner_up,
      a.frontier - b.frontier,
      a.file_span - b.file_span,
      a.exposed_cut_points - b.exposed_cut_points,
      a.one_rank_short - b.one_rank_short,
      a.two_ranks_short - b.two_ranks_short,
      endgame(a.material - b.material),
      endgame(a.leader - b.leader),
      a.one_rank_short_stuck - b.one_rank_short_stuck,
      a.two_ranks_short_stuck - b.two_ranks_short_stuck,
      a.passed - b.passed,
      a.passed_leader - b.passed_leader,
  };
  for (int c = 0; c < kSquareCells; ++c) {
    const int cell =
        a.squares[static_cast<std::size_t>(c)] - b.squares[static_cast<std::size_t>(c)];
    f[static_cast<std::size_t>(kNamedFeatures + c)] = cell;
    f[static_cast<std::size_t>(kNamedFeatures + kSquareCells + c)] = endgame(cell);
  }
  return f;
}

}  // namespace

EvalFeatures eval_features(const Position& pos) {
  return compute_features(pos, CostlyFeatures{});
}

Bitboard open_path_pieces(const Position& pos, Color side) {
  Bitboard result = 0;
  for (Direction d : forward_directions(side)) result |= open_path_pieces(pos, side, d);
  return result;
}

Bitboard capturable_pieces(const Position& pos, Color side) {
  const Geometry& g = pos.geometry();
  const Bitboard own = pos.pieces(side);
  const Bitboard empty = pos.empty_squares();
  Bitboard reached = 0;
  // All slides in direction d at once: the pieces and the empty squares they slide over,
  // then one step further, onto whatever stops them.
  const auto slide_all = [&](Direction d) { reached |= g.shift(g.slide_fill(own, empty, d), d); };
  // The directions of a connected side's singletons: forward, diagonally, sideways.
  for (Direction d : forward_directions(side)) slide_all(d);
  for (Direction d : kSidewaysDirections) slide_all(d);
  return reached & pos.pieces(opponent(side));
}

Bitboard capturable_pieces(const Position& pos, Color side, Bitboard among) {
  const Geometry& g = pos.geometry();
  const Bitboard capturers = pos.pieces(side);
  const Bitboard occupied = capturers | pos.pieces(opponent(side));
  // Seen from the target, a capturer comes from the target's forward directions (the
  // capturer's own ones reversed) or from the side: the first piece met there.
  const auto met_first = [&](int sq, Direction d) {
    return (g.slide(sq, d, occupied) & capturers) != 0;
  };
  Bitboard result = 0;
  for (Bitboard rest = among; rest;) {
    const int sq = pop_lsb(rest);
    bool capturable = false;
    for (Direction d : forward_directions(opponent(side)))
      capturable = capturable || met_first(sq, d);
    for (Direction d : kSidewaysDirections) capturable = capturable || met_first(sq, d);
    if (capturable) result |= bit(sq);
  }
  return result;
}

// A feature with weight 0 adds nothing: the costly ones are not computed then.
EvalModel::EvalModel(const EvalWeights& weights)
    : coefficients(weights.coefficients()),
      used(costly_features_used(weights)),
      feature_count(used.squares ? kEvalFeatureCount : kNamedFeatures) {}

const EvalModel& default_model(Variant variant, int width) {
  static const std::array<EvalModel, kDefaultSets.size()> kModels{
      EvalModel(kDefaultSets[0].weights), EvalModel(kDefaultSets[1].weights),
      EvalModel(kDefaultSets[2].weights)};
  return kModels[default_set(variant, width)];
}

int evaluate(const Position& pos, const EvalModel& model) {
  const EvalFeatures features = compute_features(pos, model.used);
  int sum = 0;
  for (int i = 0; i < model.feature_count; ++i) sum += model.coefficients[i] * features[i];
  return sum / kFeatureScale;
}

int evaluate(const Position& pos, const EvalWeights& weights) {
  return evaluate(pos, EvalModel(weights));
}

int evaluate(const Position& pos) {
  return evaluate(pos, default_model(pos.variant(), pos.geometry().width()));
}

}  // namespace ordo
