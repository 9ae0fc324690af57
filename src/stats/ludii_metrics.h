// Game metrics as the Ludii general game system defines them, so that Ordo's figures sit
// beside Ludii's for other games. Definitions from Ludii's source (Evaluation/src/metrics
// in https://github.com/Ludeme/Ludii):
//   Balance      single/outcome/Balance.java: 1 - the largest difference between two
//                players' win rates (wins / games);
//   Completion   single/outcome/Completion.java: the share of games with a winner (not
//                a draw or a timeout);
//   Drawishness  single/outcome/Drawishness.java: the share of games that end in a draw
//                by the rules (not by a turn or move limit);
//   Lead change  single/stateEvaluation/LeadChange.java: how often the expected winner
//                changes, per move of the game;
//   Decisiveness single/stateEvaluation/decisiveness/DecisivenessMoves.java: the share of
//                the game played before the eventual winner's evaluation passes a
//                threshold. Ludii takes the first such move; we take the move from which
//                it stays above the threshold to the end ("decided for good"), which
//                a single optimistic evaluation cannot fake.
#pragma once

#include <optional>
#include <vector>

#include "stats/game_sample.h"
#include "stats/metrics.h"

namespace stats {

double balance(const Tally& tally);
double completion(const Tally& tally);
double drawishness(const Tally& tally);
Interval completion_interval(const Tally& tally);
Interval drawishness_interval(const Tally& tally);

// The player ahead after each evaluation changes: First (score > 0), Second (< 0); an
// even score (0) keeps the last leader. Counts the changes between leaders.
int lead_changes(const std::vector<Evaluation>& evaluations);

// For a game with a winner and evaluations: the ply from which every later evaluation
// gives the winner at least `decisive_score`, as a share of the game's plies (1 when only
// the end decided it). Nothing for a draw, an unfinished game or one never evaluated.
std::optional<double> decisiveness(const GameSample& game, int decisive_score);

// The mean decisiveness over the decided games, and lead changes per evaluation.
double mean_decisiveness(const Tally& tally);
double lead_changes_per_evaluation(const Tally& tally);

}  // namespace stats
