// The set-up the game service tests share: a service over a storage in a temporary
// directory (or a PostgreSQL database, support/test_storage.h), with a fake clock the test moves
// (now_), no clock ticks, and the engine at a small fixed depth with a small table.
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "server/games/game_service.h"
#include "server_test_util.h"
#include "support/test_storage.h"

namespace ordo::server::testing {

class ServiceFixture : public ::testing::Test {
 protected:
  // The options the tests start from; a test changes some before open(options).
  ServiceOptions base_options() {
    ServiceOptions options;
    options.now = [this] { return now_.load(); };
    options.clock_tick_ms = 0;
    options.fixed_ai_depth = 1;
    options.engine_hash_mib = 1;
    return options;
  }
  // A new service on the same database, as after a restart (the old one goes first).
  void open(const ServiceOptions& options) {
    service_.reset();
    storage_.reset();
    storage_ = database_.open();
    service_ = std::make_unique<GameService>(*storage_, options);
  }
  void open() { open(base_options()); }
  GameService& service() { return *service_; }

  nlohmann::json play(const std::string& id, const std::string& token, const std::string& move) {
    return service().play(id, {{"token", token}, {"move", move}});
  }

  TempDir dir_;
  TestDatabase database_{dir_.file("games.sqlite")};
  std::atomic<std::int64_t> now_{1'700'000'000'000};
  std::unique_ptr<ServerStorage> storage_;
  std::unique_ptr<GameService> service_;
};

}  // namespace ordo::server::testing
