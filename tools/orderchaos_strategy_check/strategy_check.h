// An independent checker of Order and Chaos strategy files (format in
// src/orderchaos/proof_strategy.h). Its own rules code and no search: from the root it
// plays the file's move wherever the winner is to move and every placement wherever the
// loser is, and requires that every game so reached ends in the winner's win.
#pragma once

#include <cstddef>
#include <string>

namespace strategy_check {

struct Verdict {
  bool ok = false;
  std::string reason;         // why not, when not ok
  std::size_t positions = 0;  // distinct positions visited (centre files: centre classes)
  // Centre-strategy files (centre_check.h) only:
  std::size_t entries = 0;       // table entries in the file
  std::size_t entries_used = 0;  // of those, the ones the centre game looked up
  std::string summary;           // what was verified, one line; empty for the other format
};

// Either format, by the file's first word: `orderchaos-strategy` (above) or
// `orderchaos-centre-strategy` (centre_check.h).
Verdict check_strategy(const std::string& text);

}  // namespace strategy_check
