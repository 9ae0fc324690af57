#include "cli/bounded_line.h"

#include <streambuf>

namespace ordo::cli {

LineStatus read_bounded_line(std::istream& in, std::string& line, std::size_t max_size) {
  line.clear();
  std::streambuf* buffer = in.rdbuf();
  bool any = false;
  bool too_long = false;
  for (;;) {
    const std::streambuf::int_type c = buffer->sbumpc();
    if (std::streambuf::traits_type::eq_int_type(c, std::streambuf::traits_type::eof())) {
      in.setstate(std::ios::eofbit);
      if (!any) return LineStatus::End;
      break;
    }
    any = true;
    const char ch = std::streambuf::traits_type::to_char_type(c);
    if (ch == '\n') break;
    if (too_long) continue;
    line.push_back(ch);
    if (line.size() > max_size) {
      too_long = true;
      line.clear();
      line.shrink_to_fit();
    }
  }
  if (too_long) return LineStatus::TooLong;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return LineStatus::Line;
}

}  // namespace ordo::cli
