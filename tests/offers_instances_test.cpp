// Takeback and rematch offers with two server instances on one PostgreSQL database: an
// offer made through one is seen (state and event stream) and answered through the other,
// and of two answers sent to both at once exactly one wins, the other getting the 409 one
// server gives. PostgreSQL only (ORDO_TEST_BACKEND=postgres, the full tier).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <latch>
#include <memory>
#include <optional>
#include <thread>

#include "server/common/api_error.h"
#include "server/games/game_service.h"
#include "server/storage/pg/pg_storage.h"
#include "support/instance_pair.h"

namespace ordo::server {
namespace {

using nlohmann::json;

// The ApiError's code of `action`, or "" if it succeeds.
std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const ApiError& e) {
    return e.code();
  }
  return "";
}

class OffersOnTwoInstances : public testing::InstancePair<testing::ServiceInstance> {
 protected:
  void SetUp() override {
    InstancePair::SetUp();
    if (IsSkipped()) return;
    const json created = a().create({{"mode", "network"}, {"size", "8x8"}});
    id_ = created["id"];
    white_ = created["tokens"]["white"];
    black_ = created["tokens"]["black"];
    b().state(id_, "");  // both hold it in memory
  }
  GameService& a() { return a_->service; }
  GameService& b() { return b_->service; }
  json play_first_legal(GameService& instance, const std::string& token) {
    const json state = instance.state(id_, token);
    return instance.play(id_, {{"token", token}, {"move", state["legal"][0]}});
  }
  static json answer(GameService& instance, const std::string& kind, const std::string& id,
                     const std::string& token, const std::string& what) {
    const json body = {{"token", token}, {"action", what}};
    return kind == "takeback" ? instance.takeback(id, body) : instance.rematch(id, body);
  }
  // Sends both answers at once, one to each instance; their error codes ("" = accepted).
  std::pair<std::string, std::string> at_once(const std::string& kind, const std::string& id,
                                              const std::string& token_a, const std::string& what_a,
                                              const std::string& token_b,
                                              const std::string& what_b) {
    std::latch start(2);
    std::string codes[2];
    auto send = [&](GameService& instance, const std::string& token, const std::string& what,
                    std::string& code) {
      start.arrive_and_wait();
      code = error_of([&] { answer(instance, kind, id, token, what); });
    };
    std::thread first(send, std::ref(a()), std::cref(token_a), std::cref(what_a),
                      std::ref(codes[0]));
    std::thread second(send, std::ref(b()), std::cref(token_b), std::cref(what_b),
                       std::ref(codes[1]));
    first.join();
    second.join();
    return {codes[0], codes[1]};
  }

  std::string id_, white_, black_;
};

TEST_F(OffersOnTwoInstances, ATakebackAskedThroughOneIsSeenAndAcceptedThroughTheOther) {
  play_first_legal(a(), white_);
  play_first_legal(b(), black_);
  play_first_legal(a(), white_);
  const GameService::Watch watch = b().watch(id_);
  std::uint64_t version = 0;
  ASSERT_TRUE(b().next_state(watch, "", version, std::chrono::milliseconds(0)));  // the start
  a().takeback(id_, {{"token", white_}, {"action", "offer"}});
  // B's watcher is woken by the database's notifications (nothing polls); 20 s in all is
  // generous on a loaded machine. The notification of White's last move may arrive after
  // the watch began and wake it first, with the offer not yet in: it waits on for the next.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  std::optional<json> seen;
  do {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    seen = b().next_state(watch, "", version, std::max(left, std::chrono::milliseconds(0)));
  } while (seen && (*seen)["takeback_offer"] != "white" &&
           std::chrono::steady_clock::now() < deadline);
  ASSERT_TRUE(seen);
  EXPECT_EQ((*seen)["takeback_offer"], "white");
  EXPECT_EQ(b().state(id_, black_)["takeback_offer"], "white");
  const json accepted = b().takeback(id_, {{"token", black_}, {"action", "accept"}});
  EXPECT_EQ(accepted["ply"], 2);
  EXPECT_EQ(accepted["takeback_offer"], nullptr);
  const json on_a = a().state(id_, white_);
  EXPECT_EQ(on_a["ply"], 2);
  EXPECT_EQ(on_a["takeback_offer"], nullptr);
  // A, which saw the request, is told it was answered, as one server tells it.
  EXPECT_EQ(error_of([&] {
              a().takeback(id_, {{"token", black_}, {"action", "decline"}});
            }),
            "no_takeback_offer");
}

TEST_F(OffersOnTwoInstances, OfTwoAnswersToATakebackAtOnceExactlyOneWins) {
  for (int round = 0; round < 6; ++round) {
    // White has a move to take back and asks through B; black answers through both.
    if (a().state(id_, white_)["to_move"] == "white") play_first_legal(a(), white_);
    b().takeback(id_, {{"token", white_}, {"action", "offer"}});
    a().state(id_, "");  // A holds the request in memory too
    const int plies = b().state(id_, "")["ply"];
    const bool accept_on_a = round % 2 == 0;
    const auto [code_a, code_b] =
        at_once("takeback", id_, black_, accept_on_a ? "accept" : "decline", black_,
                accept_on_a ? "decline" : "accept");
    ASSERT_EQ(code_a.empty() + code_b.empty(), 1) << "round " << round;
    EXPECT_EQ(code_a + code_b, "no_takeback_offer") << "round " << round;
    const bool accepted = code_a.empty() == accept_on_a;
    const json state = a().state(id_, "");
    EXPECT_EQ(state["ply"], accepted ? plies - 1 : plies) << "round " << round;
    EXPECT_EQ(state["takeback_offer"], nullptr);
    EXPECT_EQ(b().state(id_, "")["moves"], state["moves"]);
  }
}

TEST_F(OffersOnTwoInstances, ARematchOfferedThroughOneIsAgreedOnceThroughBoth) {
  a().resign(id_, {{"token", white_}});
  b().rematch(id_, {{"token", white_}, {"action", "offer"}});
  EXPECT_EQ(a().state(id_, "")["rematch_offer"], "white");
  // Black accepts through both at once: one rematch is made, and both answers name it.
  const auto [code_a, code_b] = at_once("rematch", id_, black_, "accept", black_, "accept");
  EXPECT_EQ(code_a + code_b, "");
  const json on_a = a().state(id_, "");
  const json on_b = b().state(id_, "");
  ASSERT_TRUE(on_a["rematch"].is_string());
  EXPECT_EQ(on_a["rematch"], on_b["rematch"]);
  EXPECT_EQ(on_a["rematch_offer"], nullptr);
  EXPECT_EQ(a_->storage.game_count(), 2);  // the first game and one rematch
  // The rematch is there for both instances, the colours swapped.
  EXPECT_EQ(b().state(on_a["rematch"], black_)["you"], json::array({"white"}));
}

TEST_F(OffersOnTwoInstances, ARematchDeclinedThroughOneCannotBeAcceptedThroughTheOther) {
  a().resign(id_, {{"token", black_}});
  a().rematch(id_, {{"token", white_}, {"action", "offer"}});
  EXPECT_EQ(b().state(id_, "")["rematch_offer"], "white");  // B holds the offer in memory
  a().rematch(id_, {{"token", black_}, {"action", "decline"}});
  EXPECT_EQ(error_of([&] {
              b().rematch(id_, {{"token", black_}, {"action", "accept"}});
            }),
            "no_rematch_offer");
  EXPECT_EQ(b().state(id_, "")["rematch"], nullptr);
}

}  // namespace
}  // namespace ordo::server
