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
  std::size_t positions = 0;  // distinct positions visited
};

Verdict check_strategy(const std::string& text);

}  // namespace strategy_check
