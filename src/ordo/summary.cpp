#include "ordo/summary.h"

#include <iomanip>
#include <sstream>

#include "ordo/notation.h"

namespace ordo {

namespace {

// The number of the next move as a record counts it ("1. c2-c4 c7-c5 2. ...").
int move_number(const Game& game) {
  const bool black_started = game.start_position().side_to_move() == Color::Black;
  const int ply = static_cast<int>(game.moves().size()) + (black_started ? 1 : 0);
  return ply / 2 + 1;
}

std::string last_move_text(const Game& game) {
  if (game.moves().empty()) return "";
  Position before = game.start_position();
  for (std::size_t i = 0; i + 1 < game.moves().size(); ++i) before.make(game.moves()[i]);
  return format_move(before, game.moves().back()) + " (" + std::to_string(game.moves().size()) +
         (game.moves().size() == 1 ? " move" : " moves") + " played)";
}

}  // namespace

std::string game_summary(const Game& game) {
  const Position& pos = game.position();
  std::ostringstream out;
  auto line = [&](const std::string& label, const std::string& value) {
    if (!value.empty()) out << std::left << std::setw(12) << label << value << '\n';
  };
  const bool classic = pos.variant() == Variant::Classic;
  line("Position", pos.to_string());
  line("Rules", std::string(variant_name(pos.variant())) + (classic ? " (Ordo)" : " (Ordo X)"));
  line("Board", pos.geometry().size_name());
  line("To move", std::string(color_name(pos.side_to_move())) + " (move " +
                      std::to_string(move_number(game)) + ")");
  const std::string split = split_text(pos);
  line("Split", split.empty() ? "no" : "yes: " + split);
  line("Last move", last_move_text(game));
  line("Repetition", game.options().repetition_draw ? "third occurrence draws (house rule)"
                                                    : "off (no draw by repetition)");
  line("", repetition_text(game));
  if (game.options().move_limit > 0) {
    line("Move limit", std::to_string(game.options().move_limit) + " moves in all");
  }
  line("Result", describe(game.result()));
  return out.str();
}

}  // namespace ordo
