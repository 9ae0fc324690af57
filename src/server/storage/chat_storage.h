// What a game's chat and the accounts' blocks need from storage, free of database types
// (like AccountStorage), so that a second back end can implement it. Every call is one
// committed transaction.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ordo::server {

struct StoredChatMessage {
  std::int64_t id = 0;  // given by storage
  std::string game_id;
  std::string seat;          // white | black: who wrote it
  std::int64_t account = 0;  // 0: a guest's seat
  std::string name;          // the seat's name when written
  std::string text;
  std::int64_t sent_ms = 0;
};

class ChatStorage {
 public:
  virtual ~ChatStorage() = default;

  // Stores the message; its id.
  virtual std::int64_t add_chat(const StoredChatMessage& message) = 0;
  // The game's messages not removed, oldest first, the newest `limit` of them.
  virtual std::vector<StoredChatMessage> chat_of(const std::string& game_id, int limit) = 0;
  // An operator's removal (ordo-engine admin remove-chat); false if no such message.
  virtual bool remove_chat(std::int64_t message_id) = 0;
  // Each seat's consent to spectators reading the game's chat.
  virtual void set_spectator_chat(const std::string& game_id, const std::string& seat,
                                  bool allowed) = 0;
  virtual std::vector<std::string> spectator_chat_seats(const std::string& game_id) = 0;
  // Each seat's consent to spectators seeing the engine's analysis of the game (kept with
  // the game, so that every instance answers alike).
  virtual void set_spectator_analysis(const std::string& game_id, const std::string& seat,
                                      bool allowed) = 0;
  virtual std::vector<std::string> spectator_analysis_seats(const std::string& game_id) = 0;

  // `owner` blocks `blocked` from challenging or chatting with them.
  virtual void block(std::int64_t owner, std::int64_t blocked, std::int64_t now_ms) = 0;
  virtual void unblock(std::int64_t owner, std::int64_t blocked) = 0;
  // Either blocks the other.
  virtual bool blocked_between(std::int64_t a, std::int64_t b) = 0;
  // The accounts `owner` blocks: (id, name).
  virtual std::vector<std::pair<std::int64_t, std::string>> blocks_of(std::int64_t owner) = 0;
};

}  // namespace ordo::server
