// Quick pairing (docs/api.md, "Quick pairing"): a player asks for a game of a kind (game,
// rules, size, clock, rated or not) within a rating range. An open quick challenge of the
// same kind whose player fits is accepted at once; else the request waits in the lobby
// as a quick challenge of its own, for the next player who fits. Each quick challenge
// keeps its player's rating when posted and its range in its setup ("quick").
#include <cmath>

#include "server/common/api_error.h"
#include "server/games/game_service.h"
#include "server/games/request_fields.h"
#include "server/players/challenge_fields.h"
#include "server/players/lobby.h"

namespace ordo::server {

using nlohmann::json;

namespace {

constexpr int kMinRange = 50;
constexpr int kMaxRange = 1000;
// A pairing that loses every race (each partner taken first) gives up after this many.
constexpr int kPairingTries = 3;

// "range": the largest rating difference the player takes; absent or null: any.
std::optional<int> range_field(const json& body) {
  if (!body.contains("range") || body["range"].is_null()) return std::nullopt;
  return static_cast<int>(integer_field(body, "range", kMinRange, kMaxRange));
}

// The challenge's own kind: its setup without the pairing's part.
json kind_of(const json& setup) {
  json kind = setup;
  kind.erase("quick");
  return kind;
}

bool within(double a, double b, const json& range) {
  return range.is_null() || std::abs(a - b) <= range.get<double>();
}

}  // namespace

std::vector<StoredChallenge> Lobby::quick_partners(const SignedIn& who, const json& setup,
                                                   bool rated, double rating,
                                                   std::optional<int> range) {
  std::vector<StoredChallenge> partners;
  for (const StoredChallenge& c : challenges_.open_challenges()) {
    if (c.creator == who.id || c.target != 0 || c.rated != rated) continue;
    const json theirs = json::parse(c.setup, nullptr, false);
    if (!theirs.is_object() || !theirs.contains("quick") || kind_of(theirs) != setup) continue;
    const json& quick = theirs["quick"];
    const double their_rating = quick.value("rating", 1500.0);
    const json mine = range ? json(*range) : json(nullptr);
    if (!within(rating, their_rating, mine) ||
        !within(rating, their_rating, quick.value("range", json(nullptr))))
      continue;
    if (blocks_ && blocks_->blocked_between(who.id, c.creator)) continue;
    partners.push_back(c);
  }
  std::stable_sort(partners.begin(), partners.end(),
                   [](const StoredChallenge& a, const StoredChallenge& b) {
                     return a.created_ms < b.created_ms;
                   });
  return partners;
}

void Lobby::refuse_if_outside_range(const SignedIn& who, const StoredChallenge& c) {
  const json setup = json::parse(c.setup, nullptr, false);
  if (!setup.is_object() || !setup.contains("quick")) return;
  const json& quick = setup["quick"];
  const json range = quick.value("range", json(nullptr));
  if (range.is_null()) return;
  const double rating = games_.rating_in_pool(who.id, {c.game, c.rules, c.size}).rating;
  if (!within(rating, quick.value("rating", 1500.0), range))
    throw ApiError(403, "outside_range",
                   "this quick pairing takes players rated within " + range.dump() + " of " +
                       std::to_string(static_cast<int>(quick.value("rating", 1500.0))));
}

json Lobby::quick(const SignedIn& who, const json& body) {
  if (!body.is_object()) throw ApiError(400, "bad_request", "the body must be a JSON object");
  if (body.contains("to") || body.contains("color"))
    throw ApiError(400, "bad_request", "a quick pairing is with anyone who fits, sides drawn");
  const json setup = checked_setup(body);
  const bool rated = rated_field(body);
  const std::optional<int> range = range_field(body);
  const double rating =
      games_.rating_in_pool(who.id, {setup["game"], setup["rules"], setup["size"]}).rating;
  // On one instance, pairings are decided one at a time: two players who ask at once are
  // paired with each other, never both left waiting.
  std::lock_guard one_at_a_time(quick_mutex_);
  // A second click on the same clock is no second seat.
  for (const StoredChallenge& c : challenges_.open_challenges()) {
    const json theirs = json::parse(c.setup, nullptr, false);
    if (c.creator == who.id && c.rated == rated && theirs.is_object() && theirs.contains("quick") &&
        kind_of(theirs) == setup)
      throw ApiError(409, "already_waiting",
                     "you already wait for a game of this kind; cancel that first to change it");
  }
  for (int attempt = 0; attempt < kPairingTries; ++attempt) {
    for (const StoredChallenge& partner : quick_partners(who, setup, rated, rating, range)) {
      try {
        json paired = accept(who, partner.id);
        paired["paired"] = true;
        return paired;
      } catch (const ApiError& e) {
        // Taken or gone meanwhile: the next partner.
        if (e.code() != "challenge_taken" && e.code() != "challenge_expired") throw;
      }
    }
    // None fits: wait in the lobby as a quick challenge.
    json posted_setup = setup;
    posted_setup["quick"] = {{"rating", std::round(rating)},
                             {"range", range ? json(*range) : json(nullptr)}};
    json posted = post_setup(who, posted_setup, body);
    // Two players who asked at once through two instances may each have posted: the later
    // one takes the earlier's challenge (one pairing, never two), once its own is withdrawn.
    const std::string own = posted["challenge"]["id"];
    const std::int64_t own_created = posted["challenge"]["created"];
    const auto earlier = quick_partners(who, setup, rated, rating, range);
    const bool any_earlier =
        std::any_of(earlier.begin(), earlier.end(), [&](const StoredChallenge& c) {
          return c.created_ms < own_created || (c.created_ms == own_created && c.id < own);
        });
    if (!any_earlier || !challenges_.close_challenge(own, "cancelled")) {
      posted["paired"] = false;  // waits, or was taken already: its creator is told
      return posted;
    }
    changed();
  }
  throw ApiError(409, "no_pairing", "every player who fitted was paired with another; try again");
}

}  // namespace ordo::server
