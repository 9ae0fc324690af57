#include "server/players/lobby.h"

#include <algorithm>

#include "server/common/api_error.h"
#include "server/common/random_token.h"
#include "server/common/token_digest.h"
#include "server/games/clock_settings.h"
#include "server/games/game_service.h"
#include "server/games/game_setup.h"
#include "server/games/match_keeping.h"
#include "server/games/request_fields.h"
#include "server/players/account_events.h"
#include "server/players/account_lookup.h"
#include "server/players/account_name.h"
#include "server/players/challenge_fields.h"

namespace ordo::server {

using nlohmann::json;

namespace {

json challenge_json(const StoredChallenge& c) {
  const json setup = json::parse(c.setup);
  return json{{"id", c.id},
              {"creator", account_json(c.creator, c.creator_name)},
              {"to", c.target ? account_json(c.target, c.target_name) : json(nullptr)},
              {"game", c.game},
              {"rules", c.rules},
              {"size", c.size},
              {"clock", setup.value("clock", json(nullptr))},
              {"days_per_move", setup.value("days_per_move", json(nullptr))},
              {"match_to", setup.value("match_to", json(nullptr))},
              // A quick pairing's: {"range": the rating difference it takes, null: any}.
              {"quick", setup.contains("quick")
                            ? json{{"range", setup["quick"].value("range", json(nullptr))}}
                            : json(nullptr)},
              {"rated", c.rated},
              {"color", c.color},
              {"state", c.state},
              {"game_id", c.game_id.empty() ? json(nullptr) : json(c.game_id)},
              {"created", c.created_ms}};
}

// Who may see a challenge: everyone an open one, else its creator and its player.
bool sees(std::int64_t account, const StoredChallenge& c) {
  if (account != 0 && (c.creator == account || c.target == account)) return true;
  return c.target == 0 && c.state == "open";
}

}  // namespace

class Lobby::Events : public EventSource {
 public:
  Events(Lobby& lobby, std::int64_t account, Stream stream)
      : lobby_(lobby),
        account_(account),
        stream_(stream),
        present_(account && stream == Stream::lobby) {
    if (present_) lobby_.arrived(account_);
  }
  ~Events() override {
    if (present_) lobby_.left(account_);
  }
  ChangeListeners::Id listen(std::function<void()> on_change) override {
    return lobby_.listeners_.add(std::move(on_change));
  }
  void unlisten(ChangeListeners::Id listener) override { lobby_.listeners_.remove(listener); }
  std::optional<json> next(std::uint64_t& version) override {
    const std::uint64_t now = lobby_.version();
    if (version != 0 && version >= now) return std::nullopt;
    version = now;
    std::lock_guard lock(mutex_);  // one view after another, as they were sent
    return changes_.next(lobby_.view_for(account_, stream_));
  }

 private:
  Lobby& lobby_;
  std::int64_t account_;
  Stream stream_;
  bool present_;  // counts as the account's presence in the lobby
  std::mutex mutex_;
  LobbyChanges changes_;
};

Lobby::Lobby(ChallengeStorage& challenges, AccountStorage& accounts, GameService& games,
             TimeSource now, ChatStorage* blocks)
    : challenges_(challenges),
      accounts_(accounts),
      games_(games),
      now_(std::move(now)),
      blocks_(blocks) {
  if (!games_.shares_storage()) {
    challenges_.cancel_challenges_of(0);  // live challenges; correspondence ones stay
  } else {
    challenges_.on_other_instance_challenge(
        [this](const std::string& id) { changed_elsewhere(id); });
    cancel_stale();
  }
  changed();
  expire_old();
  games_.set_housekeeping([this] {
    try {
      cancel_stale();
      expire_old();
    } catch (const std::exception&) {
      // Storage fails: the next round tries again.
    }
  });
}

Lobby::~Lobby() {
  games_.set_housekeeping(nullptr);
  if (games_.shares_storage()) challenges_.on_other_instance_challenge(nullptr);
}

std::size_t Lobby::expire_old() {
  std::vector<StoredChallenge> candidates;
  {
    std::lock_guard lock(mutex_);
    for (const StoredChallenge& c : open_)
      if (c.instance.empty() && now_() - c.created_ms >= kCorrespondenceOpenMs)
        candidates.push_back(c);
  }
  std::vector<StoredChallenge> closed;
  for (StoredChallenge& c : candidates)
    if (challenges_.close_challenge(c.id, "expired")) {
      c.state = "expired";
      closed.push_back(std::move(c));
    }
  if (!closed.empty()) changed(closed);
  return closed.size();
}

std::size_t Lobby::cancel_stale() {
  if (!games_.shares_storage()) return 0;
  std::vector<StoredChallenge> closed;
  for (const std::string& id : challenges_.cancel_challenges_of_lapsed_instances(now_()))
    if (auto c = challenges_.challenge(id)) closed.push_back(std::move(*c));
  if (!closed.empty()) changed(closed);
  return closed.size();
}

void Lobby::changed_elsewhere(const std::string& id) {
  try {
    auto c = challenges_.challenge(id);
    if (!c) return;
    std::vector<StoredChallenge> closed;
    // An accepted challenge reaches its creator's list once it has its game.
    if (c->state != "open" && (c->state != "accepted" || !c->game_id.empty()))
      closed.push_back(std::move(*c));
    changed(closed);
  } catch (const std::exception&) {
    // Storage fails: the next change reads the open challenges again.
  }
}

std::uint64_t Lobby::version() {
  std::lock_guard lock(mutex_);
  return version_;
}

void Lobby::changed(const std::vector<StoredChallenge>& closed) {
  // One refresh at a time, so that an older read never replaces a newer one.
  std::lock_guard refreshing(refresh_mutex_);
  auto open = challenges_.open_challenges();
  {
    std::lock_guard lock(mutex_);
    open_ = std::move(open);
    for (const StoredChallenge& c : closed) {
      std::erase_if(recent_, [&](const StoredChallenge& r) { return r.id == c.id; });
      recent_.push_back(c);
    }
    while (recent_.size() > kRecentKept) recent_.pop_front();
    ++version_;
  }
  listeners_.notify();
}

void Lobby::arrived(std::int64_t account) {
  {
    std::lock_guard lock(mutex_);
    ++watching_[account];
  }
  streams_everywhere(account, +1);
}

void Lobby::left(std::int64_t account) {
  bool here = true;
  {
    std::lock_guard lock(mutex_);
    if (--watching_[account] <= 0) {
      watching_.erase(account);
      here = false;
    }
  }
  // Counted in storage too (shared storage), whether or not streams remain here.
  if (streams_everywhere(account, -1) > 0 || here) return;
  try {
    std::vector<StoredChallenge> closed;
    for (const std::string& id : challenges_.cancel_challenges_of(account))
      if (auto c = challenges_.challenge(id)) closed.push_back(std::move(*c));
    if (!closed.empty()) changed(closed);
  } catch (const std::exception&) {
    // Storage refused: the challenges stay open until their creator cancels them.
  }
}

int Lobby::streams_everywhere(std::int64_t account, int change) {
  if (!games_.shares_storage()) return 0;
  try {
    return challenges_.count_lobby_streams(account, games_.instance_id(), change, now_());
  } catch (const std::exception&) {
    return 0;  // storage fails: this instance's own streams decide
  }
}

LobbyView Lobby::view_for(std::int64_t account, Stream stream) {
  std::lock_guard lock(mutex_);
  LobbyView view;
  if (stream == Stream::lobby)
    for (const StoredChallenge& c : open_)
      if (sees(account, c)) view.challenges.push_back(challenge_json(c));
  if (account != 0)
    for (auto it = recent_.rbegin(); it != recent_.rend(); ++it)
      if (it->creator == account || it->target == account || it->accepter == account)
        view.closed.push_back(challenge_json(*it));
  return view;
}

json Lobby::list_for(std::int64_t account) {
  const LobbyView view = view_for(account);
  return json{{"challenges", view.challenges}, {"closed", view.closed}};
}

json Lobby::list(const std::optional<SignedIn>& who) {
  return list_for(who ? who->id : 0);
}

std::shared_ptr<EventSource> Lobby::events(const std::optional<SignedIn>& who, Stream stream) {
  return std::make_shared<Events>(*this, who ? who->id : 0, stream);
}

std::shared_ptr<EventSource> Lobby::account_events(const SignedIn& who, PlayerGamesStorage& games) {
  return std::make_shared<AccountEvents>(events(who, Stream::account), games_.account_changes(),
                                         games, who.id, now_);
}

json Lobby::post(const SignedIn& who, const json& body) {
  if (!body.is_object()) throw ApiError(400, "bad_request", "the body must be a JSON object");
  return post_setup(who, checked_setup(body), body);
}

json Lobby::post_setup(const SignedIn& who, const json& setup, const json& body) {
  StoredChallenge c;
  c.id = make_game_id();
  c.creator = who.id;
  c.creator_name = who.name;
  c.game = setup["game"];
  c.rules = setup["rules"];
  c.size = setup["size"];
  c.setup = setup.dump();
  c.rated = rated_field(body);
  c.color = color_field(body);
  c.created_ms = now_();
  // A live challenge stands while its creator watches the lobby (on this instance's
  // count); a correspondence challenge stands on its own.
  c.instance = setup["days_per_move"].is_null() ? games_.instance_id() : "";
  const std::string to = string_field(body, "to", false);
  if (!to.empty()) {
    const auto target = find_account(accounts_, to);
    if (!target) throw ApiError(404, "no_such_player", "no player is named '" + to + "'");
    if (target->id == who.id) throw ApiError(400, "bad_request", "a challenge to oneself");
    refuse_if_blocked(who.id, target->id);
    c.target = target->id;
    c.target_name = target->name;
  }
  const std::string token = make_seat_token();
  c.creator_token = token_digest(token);
  switch (challenges_.create_challenge(c, kMaxOpenPerAccount, kMaxOpenInAll)) {
    case ChallengeStorage::Created::created:
      break;
    case ChallengeStorage::Created::creator_full:
      throw ApiError(409, "too_many_challenges",
                     "at most " + std::to_string(kMaxOpenPerAccount) +
                         " open challenges each; cancel one first");
    case ChallengeStorage::Created::lobby_full:
      throw ApiError(503, "lobby_full",
                     "the lobby holds " + std::to_string(kMaxOpenInAll) +
                         " open challenges, its most; take one, or try again later",
                     30);
  }
  changed();
  return json{{"challenge", challenge_json(c)}, {"token", token}};
}

void Lobby::refuse_if_blocked(std::int64_t a, std::int64_t b) {
  if (blocks_ && blocks_->blocked_between(a, b))
    throw ApiError(403, "blocked", "one of the two players blocks the other");
}

StoredChallenge Lobby::visible(const SignedIn& who, const std::string& id) {
  auto c = challenges_.challenge(id);
  // A direct challenge to someone else is not there for this account.
  if (!c || (c->target != 0 && c->target != who.id && c->creator != who.id))
    throw ApiError(404, "no_such_challenge", "no challenge " + id);
  return *c;
}

json Lobby::accept(const SignedIn& who, const std::string& id) {
  StoredChallenge c = visible(who, id);
  if (c.creator == who.id)
    throw ApiError(400, "own_challenge", "a challenge cannot be accepted by its creator");
  refuse_if_blocked(who.id, c.creator);
  if (c.state == "open" && c.instance.empty() && now_() - c.created_ms >= kCorrespondenceOpenMs) {
    if (challenges_.close_challenge(id, "expired")) {
      c.state = "expired";
      changed({c});
    }
    throw ApiError(409, "challenge_expired", "the challenge expired");
  }
  refuse_if_outside_range(who, c);
  if (c.state != "open" || !challenges_.claim_challenge(id, who.id))
    throw ApiError(409, "challenge_taken", "the challenge is no longer open");
  // The claim is ours alone: make the game.
  std::string creator_color = c.color;
  if (creator_color == "random")
    creator_color = (static_cast<unsigned char>(random_url_safe(1)[0]) & 1) ? "white" : "black";
  AccountSeats seats;
  seats.rated = c.rated;
  const bool creator_white = creator_color == "white";
  seats.white = creator_white ? c.creator : who.id;
  seats.black = creator_white ? who.id : c.creator;
  seats.white_name = creator_white ? c.creator_name : who.name;
  seats.black_name = creator_white ? who.name : c.creator_name;
  (creator_white ? seats.white_token_digest : seats.black_token_digest) = c.creator_token;
  json body = json::parse(c.setup);
  body.erase("quick");  // the pairing's, not the game's
  body["mode"] = "network";
  json game;
  try {
    game = games_.create(body, seats);
  } catch (...) {
    challenges_.reopen_challenge(id);
    changed();
    throw;
  }
  const std::string game_id = game["id"];
  challenges_.set_challenge_game(id, game_id);
  c.state = "accepted";
  c.accepter = who.id;
  c.game_id = game_id;
  changed({c});
  if (c.instance.empty()) {
    std::lock_guard lock(taken_mutex_);
    if (taken_) taken_(c, who.name);
  }
  const char* color = creator_white ? "black" : "white";
  const std::string token = game["tokens"][color];
  return json{{"game", game_id},
              {"color", color},
              {"token", token},
              {"link", "/play/" + game_id + "?token=" + token}};
}

void Lobby::set_taken_listener(TakenListener listener) {
  std::lock_guard lock(taken_mutex_);
  taken_ = std::move(listener);
}

json Lobby::cancel(const SignedIn& who, const std::string& id) {
  StoredChallenge c = visible(who, id);
  if (c.creator != who.id)
    throw ApiError(403, "not_yours", "only its creator may cancel a challenge");
  if (!challenges_.close_challenge(id, "cancelled"))
    throw ApiError(409, "challenge_taken", "the challenge is no longer open");
  c.state = "cancelled";
  changed({c});
  return json{{"challenge", challenge_json(c)}};
}

json Lobby::decline(const SignedIn& who, const std::string& id) {
  StoredChallenge c = visible(who, id);
  if (c.target != who.id)
    throw ApiError(403, "not_yours", "only the challenged player may decline");
  if (!challenges_.close_challenge(id, "declined"))
    throw ApiError(409, "challenge_taken", "the challenge is no longer open");
  c.state = "declined";
  changed({c});
  return json{{"challenge", challenge_json(c)}};
}

}  // namespace ordo::server
