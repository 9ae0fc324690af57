#include "ordo/record.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "ordo/notation.h"
#include "util/record_moves.h"
#include "util/record_text.h"

namespace ordo {
namespace {

// Tags that describe the game itself; everything else is kept in Record::tags.
constexpr std::string_view kStructuralTags[] = {
    "Game", "Rules", "Size", "Result", "Termination", "Position", "Repetition", "MoveLimit"};
constexpr std::string_view kRosterTags[] = {"Event", "Site", "Date", "Round", "White", "Black"};

bool is_structural(std::string_view name) {
  return std::find(std::begin(kStructuralTags), std::end(kStructuralTags), name) !=
         std::end(kStructuralTags);
}

[[noreturn]] void fail(const std::string& why) {
  common::record_fail(why);
}

std::pair<int, int> parse_size(const std::string& text) {
  const auto x = text.find('x');
  try {
    if (x == std::string::npos) throw std::invalid_argument("");
    std::size_t used1 = 0, used2 = 0;
    const int w = std::stoi(text.substr(0, x), &used1), h = std::stoi(text.substr(x + 1), &used2);
    if (used1 != x || used2 != text.size() - x - 1) throw std::invalid_argument("");
    return {w, h};
  } catch (const std::logic_error&) {
    fail("Size \"" + text + "\" is not WIDTHxHEIGHT, like 10x8");
  }
}

Game start_game(const std::map<std::string, std::string>& tags, Variant variant) {
  auto tag = [&](const std::string& name) -> const std::string* {
    auto it = tags.find(name);
    return it == tags.end() ? nullptr : &it->second;
  };
  GameOptions options;
  if (const auto* rep = tag("Repetition")) {
    if (*rep != "on" && *rep != "off")
      fail("Repetition must be \"on\" or \"off\", not \"" + *rep + "\"");
    options.repetition_draw = *rep == "on";
  }
  if (const auto* limit = tag("MoveLimit")) {
    std::size_t used = 0;
    try {
      options.move_limit = std::stoi(*limit, &used);
    } catch (const std::logic_error&) {
      used = 0;
    }
    if (used != limit->size() || options.move_limit < 1) {
      fail("MoveLimit must be a positive number of turns, not \"" + *limit + "\"");
    }
  }
  const auto* size = tag("Size");
  if (const auto* text = tag("Position")) {
    try {
      Position start = Position::parse(*text, variant);
      if (size && *size != start.geometry().size_name()) {
        fail("Size \"" + *size + "\" does not match the Position tag's " +
             start.geometry().size_name() + " board");
      }
      return Game(start, options);
    } catch (const RecordError&) {
      throw;
    } catch (const std::invalid_argument& e) {
      fail(std::string("Position tag: ") + e.what());
    }
  }
  const auto [w, h] = size ? parse_size(*size) : std::pair{kStandardWidth, kStandardHeight};
  try {
    return Game(Position::start(variant, w, h), options);
  } catch (const std::invalid_argument& e) {
    fail(std::string("Size tag: ") + e.what() + " (give a Position tag for other boards)");
  }
}

void play_movetext(Record& record, const std::vector<common::MovetextToken>& tokens,
                   const std::string* result_tag, const std::string* termination_tag) {
  Game& game = record.game;
  if (tokens.empty()) fail("the moves must end with a result: 1-0, 0-1, 1/2-1/2 or *");
  const std::string last =
      tokens.back().text.empty() ? std::to_string(tokens.back().number) + "." : tokens.back().text;
  const auto written = parse_result_token(last);
  if (!written) {
    fail("the moves must end with a result: 1-0, 0-1, 1/2-1/2 or *, not '" + last + "'");
  }
  common::play_record_moves<MoveError>(
      game, tokens, game.start_position().side_to_move() == Color::Black,
      [](std::string_view token) { return parse_result_token(token).has_value(); },
      [](const Game& g) { return std::string(color_name(g.position().side_to_move())); });
  if (result_tag && *result_tag != last) {
    fail("the Result tag says " + *result_tag + " but the moves end with " + last);
  }
  const Result by_rules = game.result();
  std::optional<Termination> termination;
  if (termination_tag) {
    termination = parse_termination(*termination_tag);
    if (!termination || *termination == Termination::None) {
      fail("unknown Termination \"" + *termination_tag + "\"");
    }
  }
  if (by_rules.over()) {
    if (*written != by_rules.outcome) {
      fail("the record gives " + last + " but by the rules: " + describe(by_rules));
    }
    if (termination && *termination != by_rules.termination) {
      fail("Termination \"" + *termination_tag + "\" but by the rules: " + describe(by_rules));
    }
    return;
  }
  if (*written == Outcome::Ongoing) {
    if (termination) fail("an unfinished game (*) has no Termination");
    return;
  }
  // Decided outside the rules: resignation, agreement, time, or unspecified.
  const Termination t = termination.value_or(Termination::Unspecified);
  const bool fits =
      t == Termination::Unspecified || t == Termination::Timeout ||
      (t == Termination::Agreement && *written == Outcome::Draw) ||
      ((t == Termination::Resignation || t == Termination::Abandoned) && *written != Outcome::Draw);
  if (!fits) {
    fail("Termination \"" + std::string(termination_name(t)) + "\" does not fit result " + last +
         " in a game the rules have not ended");
  }
  game.set_result({*written, t});
}

}  // namespace

Record read_record(std::string_view text) {
  const common::RecordText header = common::read_record_text(text);
  auto tag = [&](const std::string& name) { return header.tag(name); };
  if (const auto* g = tag("Game"); g && *g != "Ordo") fail("Game \"" + *g + "\" is not Ordo");
  Variant variant = Variant::Classic;
  if (const auto* rules = tag("Rules")) {
    if (*rules == "x")
      variant = Variant::X;
    else if (*rules != "classic")
      fail("Rules must be \"classic\" or \"x\", not \"" + *rules + "\"");
  }
  Record record{start_game(header.tags, variant), variant, {}};
  for (const auto& [name, value] : header.tags)
    if (!is_structural(name)) record.tags[name] = value;
  play_movetext(record, header.tokens, tag("Result"), tag("Termination"));
  return record;
}

std::string write_record(const Record& record) {
  const Game& game = record.game;
  const Position& start = game.start_position();
  common::RecordWriter out;
  out.tag("Game", "Ordo");
  out.tag("Rules", std::string(variant_name(record.variant)));
  out.tag("Size", start.geometry().size_name());
  for (std::string_view name : kRosterTags) {
    auto it = record.tags.find(std::string(name));
    const bool players_or_date = name == "White" || name == "Black" || name == "Date";
    if (it != record.tags.end())
      out.tag(name, it->second);
    else if (players_or_date)
      out.tag(name, name == "Date" ? "????.??.??" : "?");
  }
  for (const auto& [name, value] : record.tags) {
    if (std::find(std::begin(kRosterTags), std::end(kRosterTags), name) == std::end(kRosterTags)) {
      out.tag(name, value);
    }
  }
  const Result result = game.result();
  out.tag("Result", std::string(result_token(result.outcome)));
  if (result.over()) out.tag("Termination", std::string(termination_name(result.termination)));
  const Geometry& g = start.geometry();
  const bool standard_size = g.height() == 8 && (g.width() == 10 || g.width() == 8);
  if (!standard_size || start != Position::start(record.variant, g.width(), g.height())) {
    out.tag("Position", start.to_string());
  }
  if (!game.options().repetition_draw) out.tag("Repetition", "off");
  if (game.options().move_limit) out.tag("MoveLimit", std::to_string(game.options().move_limit));

  Position pos = start;
  const bool black_started = start.side_to_move() == Color::Black;
  for (std::size_t i = 0; i < game.moves().size(); ++i) {
    const int ply = static_cast<int>(i) + (black_started ? 1 : 0);
    if (ply % 2 == 0)
      out.word(std::to_string(ply / 2 + 1) + ".");
    else if (i == 0)
      out.word("1...");
    out.word(format_move(pos, game.moves()[i]));
    pos.make(game.moves()[i]);
  }
  out.word(std::string(result_token(result.outcome)));
  return out.finish();
}

}  // namespace ordo
