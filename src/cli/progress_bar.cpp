#include "cli/progress_bar.h"

#include <unistd.h>

#include <iostream>
#include <string>

namespace ordo::cli {

void ProgressBar::update(int done, int total) {
  constexpr int kWidth = 30;
  const int filled = total > 0 ? kWidth * done / total : kWidth;
  out_ << '\r' << label_ << " [" << std::string(filled, '#') << std::string(kWidth - filled, '.')
       << "] " << done << '/' << total << std::flush;
  drawn_ = true;
}

void ProgressBar::finish() {
  if (drawn_) out_ << '\n' << std::flush;
  drawn_ = false;
}

bool is_terminal_stderr(const std::ostream& stream) {
  return &stream == &std::cerr && isatty(STDERR_FILENO);
}

}  // namespace ordo::cli
