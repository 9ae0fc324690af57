// Reading and writing whole text files for a command, with errors that say which file and why.
#pragma once

#include <fstream>
#include <string>
#include <string_view>

namespace ordo::cli {

// The whole file. Throws std::invalid_argument "cannot read WHAT 'PATH': REASON" (also for a
// directory, which a stream would read as an empty file).
std::string read_text_file(const std::string& path, std::string_view what);

// The file opened for writing (created or emptied). Throws std::invalid_argument
// "cannot write 'PATH': REASON". Callers open it only once their output is ready, so that a
// failure before leaves no half-written file.
std::ofstream open_output_file(const std::string& path);

}  // namespace ordo::cli
