// Small pieces of SVG writing that every plot of the project shares (the match runner's
// Elo plot, the statistics' charts): text escaped for XML, coordinates with one decimal,
// and a tick step people read easily.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

namespace common {

// Text for an SVG element or attribute: the characters with a meaning in XML escaped (an
// apostrophe is safe: attributes are written in double quotes).
inline std::string svg_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// A coordinate with one decimal: enough for a screen, and the same text on every machine.
inline std::string svg_number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", value);
  return buffer;
}

// A step of 1, 2 or 5 times a power of ten giving about `ticks` ticks over `span`; 1 for
// an empty span.
inline double svg_tick_step(double span, int ticks) {
  if (!(span > 0) || ticks <= 0) return 1;
  const double rough = span / ticks;
  const double power = std::pow(10.0, std::floor(std::log10(rough)));
  for (const double m : {1.0, 2.0, 5.0}) {
    if (m * power >= rough) return m * power;
  }
  return 10 * power;
}

}  // namespace common
