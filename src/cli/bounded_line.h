// Reading a text line of bounded size, so that an endless line (a stream of bytes without
// a newline) cannot take all memory.
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace ordo::cli {

enum class LineStatus { Line, TooLong, End };

// The next line of `in` without its newline (nor a trailing '\r') into `line`. A line of
// more than `max_size` bytes is read to its end and dropped: TooLong, `line` empty. End:
// nothing was left to read (a last line without a newline is still a Line).
LineStatus read_bounded_line(std::istream& in, std::string& line, std::size_t max_size);

}  // namespace ordo::cli
