#include "server/games/clock_settings.h"

#include <nlohmann/json.hpp>

namespace ordo::server {

using nlohmann::json;

namespace {

constexpr const char* kDelayKey = "clock_delay_ms";

}  // namespace

std::int64_t clock_delay_of(const std::string& settings) {
  const json parsed = json::parse(settings, nullptr, false);
  if (!parsed.is_object()) return 0;
  const auto it = parsed.find(kDelayKey);
  return it != parsed.end() && it->is_number_integer() ? it->get<std::int64_t>() : 0;
}

std::string with_clock_delay(const std::string& settings, std::int64_t delay_ms) {
  json parsed = json::parse(settings, nullptr, false);
  if (!parsed.is_object()) parsed = json::object();
  parsed.erase(kDelayKey);
  if (delay_ms > 0) parsed[kDelayKey] = delay_ms;
  return parsed.dump();
}

bool is_clock_key(const std::string& key) {
  return key == kDelayKey;
}

}  // namespace ordo::server
