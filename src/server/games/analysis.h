// POST /api/analyze: a search of one position for a bounded time, at most two at once
// (more callers wait their turn), each on its own engine so analyses share nothing.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <semaphore>
#include <string>

namespace ordo::server {

class Analyzer {
 public:
  static constexpr int kMaxConcurrent = 2;
  static constexpr int kMaxMovetimeMs = 5000;
  // The moves an answer ranks at most, where the engine ranks them (dice games).
  static constexpr std::size_t kRankedMoves = 5;

  // Called with the position to be analysed (its text); throws ApiError to refuse it.
  using Guard = std::function<void(const std::string& position)>;

  // Body and answer as in docs/api.md; throws ApiError for bad input or what `guard` refuses.
  nlohmann::json analyze(const nlohmann::json& body, const Guard& guard = {});

 private:
  std::counting_semaphore<kMaxConcurrent> slots_{kMaxConcurrent};
};

}  // namespace ordo::server
