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

}  // namespace ordo::testing
