// Number formatting for reports.
#include "util/report_format.h"

#include <algorithm>
#include <sstream>

namespace ordo {

std::string grouped(std::uint64_t n) {
  std::string digits = std::to_string(n), text;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) text += ',';
    text += digits[i];
  }
  return text;
}

std::string fixed(double value, int decimals) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(std::max(decimals, 1));
  out << value;
  return out.str();
}

std::string grouped(double value, int decimals) {
  const std::string text = fixed(value, decimals);
  const auto point = text.find('.');
  const std::string whole = text.substr(0, point);
  if (whole.empty() || whole[0] == '-') return text;
  return grouped(static_cast<std::uint64_t>(std::stoull(whole))) + text.substr(point);
}

double per_second(double count, double seconds) {
  return count / std::max(seconds, 1e-9);
}

}  // namespace ordo
