// Runs the UGI protocol over string streams for the protocol tests: the whole input as
// one script, the output as lines.
#pragma once

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli/ugi.h"

namespace ordo::testing {

inline std::vector<std::string> run_ugi_session(const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  EXPECT_EQ(cli::run_ugi(in, out), 0);
  std::istringstream lines(out.str());
  std::vector<std::string> result;
  for (std::string line; std::getline(lines, line);) result.push_back(line);
  return result;
}

// The lines as one text, each ended by a newline: for messages of failed expectations.
inline std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += line + '\n';
  return out;
}

// What `ugi` answers before `ugiok`: the engine's name and every option, as the protocol
// document lists them (docs/ugi.md). One list for every protocol test.
inline std::vector<std::string> ugi_greeting() {
  return {
      "id name ordo-engine",
      "id author the ordo-engine authors",
      "option name Game type combo default ordo var ordo var orderchaos var mughrabieh",
      "option name Rules type combo default classic var classic var x var original var "
      "exact-five var house var ludii",
      "option name Size type combo default 10x8 var 10x8 var 8x8 var 6x6 var 12x2",
      "option name Hash type spin default 64 min 1 max 4096",
      "option name Threads type spin default 1 min 1 max 256",
      "option name Searcher type combo default alphabeta var alphabeta var mcts var expectimax",
      "option name Level type spin default 10 min 1 max 10",
      "option name EvalWeights type string default <empty>",
      "option name Seed type spin default 0 min 0 max 2147483647",
  };
}

// The greeting followed by `rest`: the expected transcript of a session opened by `ugi`.
inline std::vector<std::string> after_greeting(const std::vector<std::string>& rest) {
  std::vector<std::string> lines = ugi_greeting();
  lines.insert(lines.end(), rest.begin(), rest.end());
  return lines;
}

}  // namespace ordo::testing
