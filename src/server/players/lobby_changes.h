// What a lobby stream sends after its first event: only what changed for its watcher, not
// the whole list again (with hundreds of open challenges and dozens of lobby pages, the
// list re-sent on every change was megabytes a minute). docs/api.md, "Lobby".
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace ordo::server {

// One watcher's lobby: the open challenges it sees and its recently closed ones, each a
// challenge's JSON with its "id", in the order GET /api/challenges lists them.
struct LobbyView {
  std::vector<nlohmann::json> challenges;
  std::vector<nlohmann::json> closed;  // newest first
};

// What one stream has sent, to answer each change with the difference.
class LobbyChanges {
 public:
  // The first view whole ({"challenges", "closed"}, as GET /api/challenges); after that
  // {"put": [challenges new or changed], "gone": [ids no longer open to it],
  //  "closed": [closed challenges new or changed, newest first]}, or nothing when this
  // watcher's view did not change.
  std::optional<nlohmann::json> next(const LobbyView& view);

 private:
  bool started_ = false;
  std::map<std::string, std::string> open_;    // id -> the JSON sent, as text
  std::map<std::string, std::string> closed_;  // id -> the JSON sent, as text
};

}  // namespace ordo::server
