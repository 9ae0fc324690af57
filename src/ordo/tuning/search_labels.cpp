#include "ordo/tuning/search_labels.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "ordo/ai/ordo_search.h"

namespace ordo {

namespace {

int searched_white_score(const Position& root, const SearchLabelOptions& options,
                         AlphaBeta& searcher) {
  SearchLimits limits;
  limits.nodes = options.nodes;
  limits.finish_first_iteration = true;  // a score from a whole iteration, however small
  const std::atomic<bool> never{false};
  searcher.clear();
  const auto result = searcher.search(root, {}, limits, never);
  const int score = std::clamp(result.score, -kMaxSearchLabel, kMaxSearchLabel);
  return root.side_to_move() == Color::White ? score : -score;
}

}  // namespace

void label_with_search(TrainingData& data, const SearchLabelOptions& options,
                       const std::function<void(std::size_t, std::size_t)>& progress) {
  const std::size_t total = data.positions.size();
  std::atomic<std::size_t> next{0}, done{0};
  auto work = [&] {
    AlphaBeta searcher(options.table_mib, 1);
    for (std::size_t i = next++; i < total; i = next++) {
      LabelledPosition& p = data.positions[i];
      p.search_score =
          searched_white_score(Position::parse(p.position, data.variant), options, searcher);
      ++done;
    }
  };
  std::vector<std::jthread> workers;
  for (int t = 0; t < std::max(options.threads, 1); ++t) workers.emplace_back(work);
  // The caller's thread reports while the workers search (about five times a second).
  for (int tick = 0; done.load() < total; ++tick) {
    if (progress && tick % 20 == 0) progress(done.load(), total);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  workers.clear();  // joins
  if (progress) progress(total, total);
}

}  // namespace ordo
