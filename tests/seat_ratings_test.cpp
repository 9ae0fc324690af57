// Ratings beside the names on the game page (issue 59): the state's "ratings" gives each
// account's rating in the game's pool, provisional while uncertain; after a rated result,
// the ratings the game left. On both back ends (the fixture's database).

#include <cmath>

#include "account_fixture.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using testing::AccountFixture;

class SeatRatings : public AccountFixture {
 protected:
  json game(std::int64_t white, std::int64_t black) { return rated_game(white, black); }
};

TEST_F(SeatRatings, EachAccountsRatingInThePoolProvisionalAtFirstAndTheRatingsAGameLeft) {
  const std::int64_t alice = account_id("Alice"), bob = account_id("Bob");
  const json first = game(alice, bob);
  const json fresh = {{"rating", 1500}, {"provisional", true}};
  EXPECT_EQ(first["state"]["ratings"], json({{"white", fresh}, {"black", fresh}}));
  play_first_legal(first);
  play_first_legal(first);
  const json over = games_->resign(id_of(first), {{"token", first["tokens"]["black"]}});
  const json& changes = over["rating_changes"];
  ASSERT_TRUE(changes.is_object()) << over;
  for (const char* seat : {"white", "black"}) {
    EXPECT_EQ(over["ratings"][seat]["rating"], std::lround(changes[seat]["after"].get<double>()))
        << seat;
    EXPECT_TRUE(over["ratings"][seat]["provisional"]) << "one game leaves the deviation large";
  }
  EXPECT_GT(over["ratings"]["white"]["rating"], 1500);

  // The next game between them shows the ratings the first one left, seats swapped.
  const json second = game(bob, alice);
  EXPECT_EQ(second["state"]["ratings"]["white"], over["ratings"]["black"]);
  EXPECT_EQ(second["state"]["ratings"]["black"], over["ratings"]["white"]);

  // A game between guests has none.
  const json guests = games_->create({{"mode", "network"}});
  EXPECT_TRUE(guests["state"]["ratings"].is_null());
}

}  // namespace
}  // namespace ordo::server
