// Two server instances on one new PostgreSQL database, as two processes would have them
// (each its own storage and game service), on one fake clock and with no timer threads:
// a test calls what the timer calls. For the tests of work across instances; PostgreSQL
// only (ORDO_TEST_BACKEND=postgres, the full tier), skipped elsewhere.
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "server/games/game_service.h"
#include "server/storage/pg/pg_storage.h"
#include "support/pg_cluster.h"
#include "support/test_storage.h"

namespace ordo::server::testing {

// The options of instance `name` on the fake `clock`: no timer thread, a small engine
// hash, leases of `lease_ms`.
inline ServiceOptions instance_options(std::atomic<std::int64_t>& clock, const char* name,
                                       std::int64_t lease_ms) {
  ServiceOptions o;
  o.now = [&clock] { return clock.load(); };
  o.clock_tick_ms = 0;
  o.engine_hash_mib = 1;
  o.lease_ms = lease_ms;
  o.instance_id = name;
  return o;
}

// An instance as most of these tests need it: its own storage and game service, leases
// of 5 s.
struct ServiceInstance {
  ServiceInstance(const std::string& url, std::atomic<std::int64_t>& clock, const char* name)
      : storage(url), service(storage, instance_options(clock, name, 5000)) {}
  PgStorage storage;
  GameService service;
};

// A fixture with instances a_ ("A") and b_ ("B"), each an `Instance(url, clock, name)`.
// A derived SetUp calls this one first and returns if IsSkipped().
template <class Instance>
class InstancePair : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!testing_on_postgres()) GTEST_SKIP() << "PostgreSQL only";
    url_ = test_cluster().new_database();
    a_ = std::make_unique<Instance>(url_, clock_, "A");
    b_ = std::make_unique<Instance>(url_, clock_, "B");
  }

  std::atomic<std::int64_t> clock_{1'000'000};
  std::string url_;
  std::unique_ptr<Instance> a_, b_;
};

}  // namespace ordo::server::testing
