#include "orderchaos/summary.h"

#include <bit>
#include <iomanip>
#include <sstream>

#include "orderchaos/notation.h"

namespace orderchaos {

std::string game_summary(const Game& game) {
  const Position& pos = game.position();
  std::ostringstream out;
  auto line = [&](const std::string& label, const std::string& value) {
    out << std::left << std::setw(10) << label << value << '\n';
  };
  line("Game",
       "Order and Chaos (Stephen Sniderman), rules: " + std::string(version_name(pos.version())));
  line("Position", pos.to_string());
  if (game.result().over()) {
    line("Result",
         std::string(result_token(game.result().outcome)) + " (" + describe(game.result()) + ")");
  } else {
    const int placed = std::popcount(pos.occupied());
    line("Turn", std::string(role_name(pos.to_move())) + " to move (" + std::to_string(placed) +
                     " of 36 squares filled)");
  }
  return out.str();
}

}  // namespace orderchaos
