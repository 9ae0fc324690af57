// A game's chat between its two players (docs/api.md, "Chat"). Messages are stored
// (chat_storage.h) and shown in the game's state, so they reach the event streams with
// every change; spectators read them only while both seats allow it. A seat held by a
// guest (an invitation link) chats like an account's seat; blocks are between accounts.
#include "server/chat/chat_text.h"
#include "server/common/api_error.h"
#include "server/games/game_service.h"
#include "server/games/request_fields.h"

namespace ordo::server {

using nlohmann::json;

namespace {

constexpr int kChatShown = 100;  // the newest messages a state carries

int seat_index(games::Side seat) {
  return seat == games::Side::First ? 0 : 1;
}

json message_json(const StoredChatMessage& m) {
  return json{
      {"id", m.id}, {"seat", m.seat}, {"name", m.name}, {"text", m.text}, {"sent", m.sent_ms}};
}

}  // namespace

void GameService::load_chat(Match& match) {
  if (match.chat.loaded) return;
  match.chat.any = !storage_.chat_of(match.row.id, 1).empty();
  for (const std::string& seat : storage_.spectator_chat_seats(match.row.id))
    if (auto c = seat_from_name(seat)) match.chat.spectators[seat_index(*c)] = true;
  // The analysis switches too: read again with the chat's when another instance changed
  // the game (game_refresh.cpp).
  match.spectator_analysis[0] = match.spectator_analysis[1] = false;
  for (const std::string& seat : storage_.spectator_analysis_seats(match.row.id))
    if (auto c = seat_from_name(seat)) match.spectator_analysis[seat_index(*c)] = true;
  match.chat.loaded = true;
}

void GameService::add_chat_state(Match& match, const std::vector<games::Side>& seats, json& state) {
  if (match.row.mode != "network") {
    state["chat"] = nullptr;
    return;
  }
  load_chat(match);
  const bool readable = !seats.empty() || (match.chat.spectators[0] && match.chat.spectators[1]);
  json messages = json::array();
  // Read each time (only for a game that has any), so that a message an operator removed
  // is gone from the next state.
  if (readable && match.chat.any)
    for (const StoredChatMessage& m : storage_.chat_of(match.row.id, kChatShown))
      messages.push_back(message_json(m));
  state["chat"] = {
      {"readable", readable},
      {"messages", readable ? messages : json()},
      {"spectators", {{"white", match.chat.spectators[0]}, {"black", match.chat.spectators[1]}}}};
}

json GameService::chat(const std::string& id, const json& body, std::int64_t account) {
  const std::string text = checked_chat_text(string_field(body, "text", true));
  Action action = begin_action(id, body, account, IfOver::Allow);
  Match& match = action.game();
  const StoredGame& row = match.row;
  if (row.mode != "network" || action.seats.size() != 1)
    throw ApiError(409, "no_chat", "only the two players of a network game chat");
  const games::Side seat = action.seats[0];
  if (row.white_account != 0 && row.black_account != 0 &&
      storage_.blocked_between(row.white_account, row.black_account))
    throw ApiError(403, "blocked", "one of the players blocks the other: no chat");
  const std::string seat_key = row.id + "/" + seat_name(seat);
  if (!chat_rate_.allow(seat_key, action.now)) {
    // Retry-After says the wait too, so that the page can count it down.
    const auto wait_s = static_cast<int>((chat_rate_.wait_ms(seat_key, action.now) + 999) / 1000);
    throw ApiError(429, "chat_too_fast", "too many messages: wait " + std::to_string(wait_s) + " s",
                   wait_s);
  }
  StoredChatMessage message;
  message.game_id = row.id;
  message.seat = seat_name(seat);
  message.account = seat == games::Side::First ? row.white_account : row.black_account;
  message.name = seat == games::Side::First ? row.white_name : row.black_name;
  message.text = text;
  message.sent_ms = action.now;
  storage_.add_chat(message);
  load_chat(match);
  match.chat.any = true;
  match.touch();
  return state_of(match, action.key);
}

json GameService::allow_spectator_chat(const std::string& id, const json& body,
                                       std::int64_t account) {
  if (!body.contains("allow") || !body["allow"].is_boolean())
    throw ApiError(400, "bad_request", "'allow' must be true or false");
  const bool allow = body["allow"].get<bool>();
  Action action = begin_action(id, body, account, IfOver::Allow);
  Match& match = action.game();
  if (match.row.mode != "network" || action.seats.size() != 1)
    throw ApiError(409, "no_chat", "only the two players of a network game chat");
  load_chat(match);
  const games::Side seat = action.seats[0];
  storage_.set_spectator_chat(match.row.id, seat_name(seat), allow);
  match.chat.spectators[seat_index(seat)] = allow;
  match.touch();
  return state_of(match, action.key);
}

}  // namespace ordo::server
