// A one-line progress bar on a terminal stream, redrawn in place with a carriage return.
#pragma once

#include <iosfwd>

namespace ordo::cli {

class ProgressBar {
 public:
  ProgressBar(std::ostream& out, const char* label) : out_(out), label_(label) {}
  void update(int done, int total);
  void finish();  // ends the line, once something was drawn

 private:
  std::ostream& out_;
  const char* label_;
  bool drawn_ = false;
};

// Whether `stream` is the process's standard error and that is a terminal.
bool is_terminal_stderr(const std::ostream& stream);

}  // namespace ordo::cli
