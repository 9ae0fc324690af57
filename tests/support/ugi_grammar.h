// The lines a UGI engine may write (docs/ugi.md), as regular expressions: the protocol
// tests check every line the engine writes against them.
#pragma once

#include <cstdint>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace ordo::testing {

// A search's progress: `info depth D score cp S|mate P nodes N nps N time MS pv M...`.
inline const std::regex kUgiSearchInfo(
    R"(info depth (\d+) score (cp|mate) (-?\d+) nodes (\d+) nps (\d+) time (\d+) pv((?: \S+)+))");

inline bool is_ugi_line(const std::string& line) {
  static const std::vector<std::regex> grammar = {
      std::regex(R"(id (name|author) \S.*)"),
      std::regex(R"(option name \S+ type combo default \S+( var \S+)+)"),
      std::regex(R"(option name \S+ type spin default -?\d+ min -?\d+ max -?\d+)"),
      std::regex(R"(option name \S+ type string default \S+)"),
      std::regex(R"((ugi|uci)ok)"),
      std::regex(R"(readyok)"),
      kUgiSearchInfo,
      std::regex(R"(info depth \d+ nodes \d+ time \d+ nps \d+)"),  // go perft N
      std::regex(R"(info string \S.*)"),
      std::regex(R"(bestmove \S+)"),
      std::regex(R"(response (true|false|p1win|p2win|draw|none))"),
  };
  for (const std::regex& rule : grammar) {
    if (std::regex_match(line, rule)) return true;
  }
  return false;
}

// The parts of a search info line, or nothing if the line is not one.
struct UgiInfo {
  int depth = 0;
  bool mate = false;
  int score = 0;  // centipawns, or plies to the end when `mate`
  std::uint64_t nodes = 0;
  std::vector<std::string> pv;
};

inline std::optional<UgiInfo> parse_ugi_info(const std::string& line) {
  std::smatch match;
  if (!std::regex_match(line, match, kUgiSearchInfo)) return std::nullopt;
  UgiInfo info{std::stoi(match[1].str()),
               match[2].str() == "mate",
               std::stoi(match[3].str()),
               std::stoull(match[4].str()),
               {}};
  std::istringstream pv(match[7].str());
  for (std::string move; pv >> move;) info.pv.push_back(move);
  return info;
}

}  // namespace ordo::testing
