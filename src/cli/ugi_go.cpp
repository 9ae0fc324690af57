#include "cli/ugi_go.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string_view>

namespace ordo::cli {

namespace {

constexpr std::int64_t kMaxValue = std::int64_t{1} << 48;

std::optional<std::int64_t> to_number(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::int64_t number_in(const std::string& key, const std::string& text, std::int64_t low,
                       std::int64_t high) {
  const auto value = to_number(text);
  if (!value || *value < low || *value > high) {
    throw std::invalid_argument(key + " needs a whole number from " + std::to_string(low) + " to " +
                                std::to_string(high) + ", got '" + text + "'");
  }
  return *value;
}

// p1time/p1inc/wtime/winc are the first player's (0), p2time/p2inc/btime/binc the second's.
int player_index(const std::string& key) {
  return key.starts_with("p2") || key.starts_with("b") ? 1 : 0;
}

bool is_time(const std::string& key) {
  return key == "p1time" || key == "p2time" || key == "wtime" || key == "btime";
}
bool is_increment(const std::string& key) {
  return key == "p1inc" || key == "p2inc" || key == "winc" || key == "binc";
}

// The limits as written; throws std::invalid_argument for an unknown or malformed one.
games::GoLimits read_limits(const std::vector<std::string>& words) {
  games::GoLimits limits;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& key = words[i];
    if (key == "infinite") {
      limits.infinite = true;
      continue;
    }
    const bool known = is_time(key) || is_increment(key) || key == "movestogo" ||
                       key == "movetime" || key == "depth" || key == "nodes";
    if (!known) throw std::invalid_argument("unknown parameter '" + key + "'");
    if (i + 1 >= words.size()) throw std::invalid_argument("'" + key + "' needs a value");
    const std::string& value = words[++i];
    if (is_time(key)) {
      // Some interfaces send a negative time when the clock has run out: no time.
      limits.time_left_ms[player_index(key)] =
          std::max<std::int64_t>(number_in(key, value, -kMaxValue, kMaxValue), 0);
    } else if (is_increment(key)) {
      limits.increment_ms[player_index(key)] = number_in(key, value, 0, kMaxValue);
    } else if (key == "movestogo") {
      limits.moves_to_go = static_cast<int>(number_in(key, value, 0, 10000));
    } else if (key == "movetime") {
      limits.movetime_ms = number_in(key, value, 0, kMaxValue);
    } else if (key == "depth") {
      limits.depth = static_cast<int>(number_in(key, value, 0, 64));
    } else {  // nodes
      limits.nodes = static_cast<std::uint64_t>(number_in(key, value, 0, kMaxValue));
    }
  }
  return limits;
}

bool zero_given(const std::vector<std::string>& words, const std::string& key) {
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    if (words[i] == key && to_number(words[i + 1]) == 0) return true;
  }
  return false;
}

}  // namespace

GoRequest parse_go(const std::vector<std::string>& words, games::Side mover) {
  GoRequest request;
  try {
    request.limits = read_limits(words);
  } catch (const std::invalid_argument& e) {
    request.limits = games::GoLimits{.depth = 1};
    request.notes.push_back(std::string("error: go: ") + e.what() + "; searching depth 1");
    return request;
  }
  games::GoLimits& limits = request.limits;
  if (words.empty()) limits.infinite = true;  // `go` alone: until stop, as in UCI practice
  if (limits.infinite) return request;
  for (const char* key : {"depth", "nodes", "movetime"}) {
    if (zero_given(words, key)) {
      limits.depth = 1;
      request.notes.push_back(std::string("go: ") + key +
                              " 0 asks for no search; searching depth 1, the least there is");
    }
  }
  const bool mover_has_clock = limits.time_left_ms[index(mover)] >= 0;
  if (limits.depth == 0 && limits.nodes == 0 && limits.movetime_ms == 0 && !mover_has_clock) {
    limits.movetime_ms = kDefaultMovetimeMs;
    request.notes.push_back("go: no limit for p" + std::to_string(index(mover) + 1) +
                            ", the side to move; searching " + std::to_string(kDefaultMovetimeMs) +
                            " ms");
  }
  return request;
}

std::string info_line(const games::SearchInfo& info) {
  std::string line = "info depth " + std::to_string(info.depth) + " score ";
  line += info.mate_plies ? "mate " + std::to_string(*info.mate_plies)
                          : "cp " + std::to_string(info.score);
  line += " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(info.nodes_per_second) +
          " time " + std::to_string(info.elapsed_ms) + " pv";
  for (const std::string& move : info.pv) line += ' ' + move;
  return line;
}

}  // namespace ordo::cli
