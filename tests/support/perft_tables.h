// The published count tables (tests/perft/*.txt), read as the tests of every game read
// them. One line: GAME | RULES | POSITION | N1 N2 N3 ... ('#' starts a comment line); the
// counts are AnyGame::perft(1), perft(2), ... of that position. A table whose name ends in
// "_sequences.txt" counts something else (a dice game's die-step sequences) and is read by
// that game's own tests.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/any_game.h"

namespace ordo::testing {

struct PerftLine {
  std::string where;  // file:line, for messages
  games::GameSpec spec;
  std::vector<std::uint64_t> counts;  // perft(1), perft(2), ...
};

inline std::string trim_blanks(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

inline std::filesystem::path perft_table_folder() {
  return std::filesystem::path(ORDO_SOURCE_DIR) / "tests" / "perft";
}

// Every line of one table (a file name in tests/perft/); a malformed line fails the test.
inline std::vector<PerftLine> read_perft_table(const std::string& name) {
  const std::filesystem::path path = perft_table_folder() / name;
  std::ifstream in(path);
  EXPECT_TRUE(in) << "cannot read " << path;
  std::vector<PerftLine> lines;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    if (trim_blanks(text).empty() || trim_blanks(text)[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream split(text);
    for (std::string field; std::getline(split, field, '|');) fields.push_back(trim_blanks(field));
    const std::string where = name + ":" + std::to_string(number);
    if (fields.size() != 4) {
      ADD_FAILURE() << where << ": expected four fields separated by '|'";
      continue;
    }
    PerftLine line{where, {fields[0], {{"rules", fields[1]}, {"position", fields[2]}}}, {}};
    std::stringstream counts(fields[3]);
    for (std::uint64_t n; counts >> n;) line.counts.push_back(n);
    EXPECT_FALSE(line.counts.empty()) << where << ": no counts";
    lines.push_back(std::move(line));
  }
  return lines;
}

// The lines of every perft table that count `game` under `rules`.
inline std::vector<PerftLine> published_counts(const std::string& game, const std::string& rules) {
  std::vector<PerftLine> found;
  for (const auto& file : std::filesystem::directory_iterator(perft_table_folder())) {
    const std::string name = file.path().filename().string();
    if (file.path().extension() != ".txt" || name.ends_with("_sequences.txt")) continue;
    for (PerftLine& line : read_perft_table(name)) {
      if (line.spec.game == game && line.spec.options.at("rules") == rules)
        found.push_back(std::move(line));
    }
  }
  return found;
}

}  // namespace ordo::testing
