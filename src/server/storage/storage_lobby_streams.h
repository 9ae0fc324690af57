// The statements of count_lobby_streams (challenge_storage.h), alike in both back ends'
// SQL: $1 the account, $2 the instance, $3 the change (the first), the time (the last).
#pragma once

namespace ordo::server {

inline constexpr const char* kCountLobbyStreams =
    "INSERT INTO lobby_streams (account, instance, streams) VALUES ($1, $2, $3) "
    "ON CONFLICT (account, instance) DO UPDATE SET streams = lobby_streams.streams + "
    "excluded.streams";
inline constexpr const char* kDropEmptyLobbyStreams =
    "DELETE FROM lobby_streams WHERE account = $1 AND instance = $2 AND streams <= 0";
// The asking instance counts as live: it is running.
inline constexpr const char* kLiveLobbyStreams =
    "SELECT COALESCE(SUM(streams), 0) FROM lobby_streams WHERE account = $1 AND "
    "(instance = $2 OR EXISTS (SELECT 1 FROM leases WHERE key = 'instance:' || "
    "lobby_streams.instance AND expires_ms > $3))";

}  // namespace ordo::server
