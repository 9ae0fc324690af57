#include "util/progress_bar.h"

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <string>

namespace ordo {

void ProgressBar::update(int done, int total) {
  update(done, total, "");
}

void ProgressBar::update(int done, int total, const std::string& note) {
  constexpr int kWidth = 30;
  const int filled = total > 0 ? kWidth * done / total : kWidth;
  out_ << '\r' << label_ << " [" << std::string(filled, '#') << std::string(kWidth - filled, '.')
       << "] " << done << '/' << total;
  // Padded so that a shorter note than the last one leaves nothing behind.
  if (!note.empty()) out_ << ", " << note << "   ";
  out_ << std::flush;
  drawn_ = true;
}

void ProgressBar::finish() {
  if (drawn_) out_ << '\n' << std::flush;
  drawn_ = false;
}

bool is_terminal_stderr(const std::ostream& stream) {
  return &stream == &std::cerr && isatty(STDERR_FILENO);
}

std::string time_left_text(double seconds_spent, std::uint64_t done, std::uint64_t total) {
  if (done == 0 || done > total) return "";
  const double left = seconds_spent / static_cast<double>(done) * static_cast<double>(total - done);
  char buffer[48];
  if (left < 90) {
    std::snprintf(buffer, sizeof buffer, "about %.0f s left", left);
  } else if (left < 90 * 60) {
    std::snprintf(buffer, sizeof buffer, "about %.0f min left", left / 60);
  } else {
    std::snprintf(buffer, sizeof buffer, "about %.1f h left", left / 3600);
  }
  return buffer;
}

}  // namespace ordo
