// POST /api/analyze: a search of one position for a bounded time, at most two at once
// (more callers wait their turn), each on its own engine so analyses share nothing.
#pragma once

#include <nlohmann/json.hpp>
#include <semaphore>

namespace ordo::server {

class Analyzer {
 public:
  static constexpr int kMaxConcurrent = 2;
  static constexpr int kMaxMovetimeMs = 5000;

  // Body and answer as in docs/api.md; throws ApiError for bad input.
  nlohmann::json analyze(const nlohmann::json& body);

 private:
  std::counting_semaphore<kMaxConcurrent> slots_{kMaxConcurrent};
};

}  // namespace ordo::server
