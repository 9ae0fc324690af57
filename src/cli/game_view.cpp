#include "cli/game_view.h"

#include "cli/board_diagram.h"
#include "cli/orderchaos_cli.h"
#include "ordo/position.h"
#include "orderchaos/position.h"

namespace ordo::cli {

std::string game_diagram(const games::AnyGame& game, const std::string& indent) {
  if (game.game_name() == "orderchaos") {
    const auto version = game.rules_name() == "exact-five" ? orderchaos::RuleVersion::ExactFive
                                                           : orderchaos::RuleVersion::Original;
    return orderchaos_diagram(orderchaos::Position::parse(game.position(), version), indent);
  }
  const Variant variant = game.rules_name() == "x" ? Variant::X : Variant::Classic;
  return board_diagram(Position::parse(game.position(), variant), indent);
}

std::string notation_hint(const games::AnyGame& game) {
  if (game.game_name() == "orderchaos")
    return "Type a move: the symbol, then the square (Xc3, Od4)";
  return "Type a move (e3-e5, d4xe5, a2:d2-a3; in Ordo X also e3-d3,d3-d5 and d4xe5@g7;\n"
         "the site forms 'Move C 2 C 3' are accepted too)";
}

}  // namespace ordo::cli
