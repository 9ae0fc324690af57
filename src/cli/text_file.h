// Reading a whole text file for a command, with an error that says which file and why.
#pragma once

#include <string>
#include <string_view>

namespace ordo::cli {

// The whole file. Throws std::invalid_argument "cannot read WHAT 'PATH': REASON" (also for a
// directory, which a stream would read as an empty file).
std::string read_text_file(const std::string& path, std::string_view what);

}  // namespace ordo::cli
