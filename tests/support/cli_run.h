// Runs the command-line front end in-process with string streams, as the tests of its
// commands do: the exit code and everything written to standard output and error.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "cli/app.h"

namespace ordo::testing {

struct CliRun {
  int code = -1;
  std::string out, err;
};

inline CliRun run_cli_capturing(const std::vector<std::string>& args,
                                const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream out, err;
  CliRun r;
  r.code = cli::run_cli(args, in, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

}  // namespace ordo::testing
