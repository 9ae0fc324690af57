// A one-line progress bar on a terminal stream, redrawn in place with a carriage return.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

namespace ordo {

class ProgressBar {
 public:
  ProgressBar(std::ostream& out, const char* label) : out_(out), label_(label) {}
  void update(int done, int total);
  // The same with a note after the count, e.g. "about 2 min left".
  void update(int done, int total, const std::string& note);
  void finish();  // ends the line, once something was drawn

 private:
  std::ostream& out_;
  const char* label_;
  bool drawn_ = false;
};

// Whether `stream` is the process's standard error and that is a terminal.
bool is_terminal_stderr(const std::ostream& stream);

// "about 40 s left", "about 3 min left", "about 2.5 h left": from the time spent on the
// `done` of `total` items so far; empty before the first item.
std::string time_left_text(double seconds_spent, std::uint64_t done, std::uint64_t total);

}  // namespace ordo
