// Search scores for labelled positions (`tune label`): each position is searched with the
// default evaluation to a fixed node budget, and the score, from White's point of view, is
// stored beside the game's result. A fit may then learn from what a deeper search says
// about each position (logistic_fit.h, LabelOptions) and not only from results, which
// hundreds of games share among thousands of positions.
#pragma once

#include <cstdint>
#include <functional>

#include "ordo/tuning/training_data.h"

namespace ordo {

struct SearchLabelOptions {
  std::uint64_t nodes = 100000;  // per position
  int threads = 1;               // positions searched at once, one searcher each
  std::size_t table_mib = 16;    // per searcher
};

// Sets search_score of every position. Each position is searched by a cleared searcher
// with one thread, so a score depends on the position and the options alone, not on the
// order or the thread count. Mate scores are clamped to ±kMaxSearchLabel.
// `progress(done, total)` is called from the calling thread.
void label_with_search(TrainingData& data, const SearchLabelOptions& options,
                       const std::function<void(std::size_t, std::size_t)>& progress = {});

}  // namespace ordo
