// Ordo's `tune` (GameEntry::tune): the evaluation tuner's subcommands (data, records,
// label, features, fit, match), parsed from the arguments after `tune`.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace ordo {

// Runs one subcommand; returns the exit status (2 for a bad command line, its message on
// `err`; 0 after --help). Throws std::exception (std::invalid_argument for bad input).
int run_tune(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace ordo
