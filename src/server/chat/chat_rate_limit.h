// How often one seat may write in a game's chat: at most kBurst messages in any kWindowMs.
#pragma once

#include <cstdint>

#include "server/common/rate_limit.h"

namespace ordo::server {

class ChatRateLimit : public RateLimit {
 public:
  static constexpr int kBurst = 5;
  static constexpr std::int64_t kWindowMs = 10'000;

  ChatRateLimit() : RateLimit(kBurst, kWindowMs) {}
};

}  // namespace ordo::server
