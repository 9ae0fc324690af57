#include "server/players/lobby_changes.h"

namespace ordo::server {

using nlohmann::json;

namespace {

// The entries of `now` not sent as they are, and `sent` replaced by `now`.
json new_or_changed(const std::vector<json>& now, std::map<std::string, std::string>& sent,
                    std::map<std::string, std::string>& next_sent) {
  json out = json::array();
  for (const json& challenge : now) {
    const std::string id = challenge.at("id").get<std::string>();
    std::string text = challenge.dump();
    const auto before = sent.find(id);
    if (before == sent.end() || before->second != text) out.push_back(challenge);
    next_sent.emplace(id, std::move(text));
  }
  return out;
}

}  // namespace

std::optional<json> LobbyChanges::next(const LobbyView& view) {
  std::map<std::string, std::string> open, closed;
  json put = new_or_changed(view.challenges, open_, open);
  json closed_now = new_or_changed(view.closed, closed_, closed);
  json gone = json::array();
  for (const auto& [id, text] : open_)
    if (!open.contains(id)) gone.push_back(id);
  open_ = std::move(open);
  closed_ = std::move(closed);  // one aged out of the recent list stays on the page
  if (!started_) {
    started_ = true;
    return json{{"challenges", view.challenges}, {"closed", view.closed}};
  }
  if (put.empty() && gone.empty() && closed_now.empty()) return std::nullopt;
  return json{
      {"put", std::move(put)}, {"gone", std::move(gone)}, {"closed", std::move(closed_now)}};
}

}  // namespace ordo::server
