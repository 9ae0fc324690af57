#include "mughrabieh/entry/mughrabieh_board_text.h"

#include <iomanip>
#include <sstream>

#include "mughrabieh/notation.h"

namespace games {

namespace mg = mughrabieh;

namespace {

// The pieces on White's point `point` (1-24): "W3", "B15" or ".".
std::string point_text(const mg::Position& pos, int point) {
  const int white = pos.count(mg::Side::White, mg::kPoints - point);
  const int black = pos.count(mg::Side::Black, point - 1);  // Black's index of White's point
  if (!white && !black) return ".";
  // Appended rather than "W" + ...: GCC 12 warns falsely (-Wrestrict) on the latter.
  std::string text(1, white ? 'W' : 'B');
  text += std::to_string(white ? white : black);
  return text;
}

}  // namespace

std::string mughrabieh_diagram(const mg::Position& pos, const std::string& indent) {
  std::ostringstream out;
  const auto row = [&](int first, int step, bool numbers) {
    out << indent;
    for (int i = 0, point = first; i < 12; ++i, point += step)
      out << std::setw(4) << (numbers ? std::to_string(point) : point_text(pos, point));
    out << '\n';
  };
  row(13, 1, true);
  row(13, 1, false);
  row(12, -1, false);
  row(12, -1, true);
  return out.str();
}

std::string mughrabieh_summary(const mg::Game& game) {
  const mg::Position& pos = game.position();
  std::ostringstream out;
  const auto line = [&](const std::string& label, const std::string& value) {
    out << std::left << std::setw(10) << label << value << '\n';
  };
  line("Game", "Mughrabieh, rules: " + std::string(mg::rule_set_name(pos.rules())));
  line("Position", pos.to_string());
  const mg::Result result = game.result();
  if (result.over()) {
    line("Result", std::string(mg::result_token(result.outcome)) + " (" +
                       mg::describe(result, game.points()) + ")");
  } else {
    const std::string side(mg::side_name(pos.to_move()));
    line("Turn", pos.is_chance_node() ? side + " to roll"
                                      : side + " to play " + mg::format_roll(*pos.roll()));
  }
  for (const mg::Side s : {mg::Side::White, mg::Side::Black}) {
    line(std::string(mg::side_name(s)),
         std::to_string(pos.pips(s)) + " pips, " + std::to_string(pos.off(s)) + " of 15 borne off");
  }
  return out.str();
}

}  // namespace games
