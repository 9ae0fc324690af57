// Entry point of the command-line front end, separate from main() so that tests can run
// any command with string streams.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace ordo::cli {

// Runs one command line. `args` leaves out the program name. Returns the exit status:
// 0 success, 1 a bad position, move or record (message on `err`), 2 a usage error.
int run_cli(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
            std::ostream& err);

}  // namespace ordo::cli
