// Reading and writing whole text files for a command, with errors that say which file and why.
#pragma once

#include <cstddef>
#include <fstream>
#include <string>
#include <string_view>

namespace ordo {

// Files larger than this are refused unless a caller allows more: a device such as
// /dev/zero never ends and would be read until memory runs out.
constexpr std::size_t kMaxTextFileBytes = std::size_t{256} << 20;

// The whole file. Throws std::invalid_argument "cannot read WHAT 'PATH': REASON" (also for a
// directory, which a stream would read as an empty file, and for a file of more than
// `max_bytes`, read no further than that).
std::string read_text_file(const std::string& path, std::string_view what,
                           std::size_t max_bytes = kMaxTextFileBytes);

// The file opened for writing (created or emptied). Throws std::invalid_argument
// "cannot write 'PATH': REASON". Callers open it only once their output is ready, so that a
// failure before leaves no half-written file.
std::ofstream open_output_file(const std::string& path);

}  // namespace ordo
