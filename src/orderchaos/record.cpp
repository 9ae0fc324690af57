#include "orderchaos/record.h"

#include <algorithm>

#include "orderchaos/notation.h"
#include "util/record_moves.h"

namespace orderchaos {

namespace {

constexpr std::string_view kStructuralTags[] = {"Game", "Rules", "Result", "Termination",
                                                "Position"};
constexpr std::string_view kRosterTags[] = {"Event", "Site", "Date", "Round", "Order", "Chaos"};

bool listed(std::string_view name, const auto& list) {
  return std::find(std::begin(list), std::end(list), name) != std::end(list);
}

[[noreturn]] void fail(const std::string& why) {
  common::record_fail(why);
}

Game start_game(const common::RecordText& text) {
  RuleVersion version = RuleVersion::Original;
  if (const auto* rules = text.tag("Rules")) {
    if (*rules == "exact-five")
      version = RuleVersion::ExactFive;
    else if (*rules != "original")
      fail("Rules must be \"original\" or \"exact-five\", not \"" + *rules + "\"");
  }
  if (const auto* position = text.tag("Position")) {
    try {
      return Game(Position::parse(*position, version));
    } catch (const PositionError& e) {
      fail(std::string("Position tag: ") + e.what());
    }
  }
  return Game(Position::start(version));
}

void check_result(Game& game, const std::string& last, const common::RecordText& text) {
  const auto written = parse_result_token(last);
  if (const auto* tag = text.tag("Result"); tag && *tag != last)
    fail("the Result tag says " + *tag + " but the moves end with " + last);
  std::optional<Termination> termination;
  if (const auto* tag = text.tag("Termination")) {
    termination = parse_termination(*tag);
    if (!termination || *termination == Termination::None)
      fail("unknown Termination \"" + *tag + "\"");
  }
  const Result by_rules = game.result();
  if (by_rules.over()) {
    if (*written != by_rules.outcome)
      fail("the record gives " + last + " but by the rules: " + describe(by_rules));
    if (termination && *termination != by_rules.termination)
      fail("Termination \"" + std::string(termination_name(*termination)) +
           "\" but by the rules: " + describe(by_rules));
    return;
  }
  if (*written == Outcome::Ongoing) {
    if (termination) fail("an unfinished game (*) has no Termination");
    return;
  }
  const Termination t = termination.value_or(Termination::Unspecified);
  if (t != Termination::Unspecified && t != Termination::Timeout && t != Termination::Resignation &&
      t != Termination::Abandoned)
    fail("Termination \"" + std::string(termination_name(t)) + "\" does not fit result " + last +
         " in a game the rules have not ended");
  game.set_result({*written, t});
}

}  // namespace

Record read_record(std::string_view text) {
  const common::RecordText parsed = common::read_record_text(text);
  if (const auto* g = parsed.tag("Game"); !g || *g != "Order and Chaos")
    fail(g ? "Game \"" + *g + "\" is not Order and Chaos"
           : "an Order and Chaos record needs the tag [Game \"Order and Chaos\"]");
  Record record{start_game(parsed), {}};
  for (const auto& [name, value] : parsed.tags)
    if (!listed(name, kStructuralTags)) record.tags[name] = value;

  const auto& tokens = parsed.tokens;
  if (tokens.empty() || !parse_result_token(tokens.back().text))
    fail("the moves must end with a result: 1-0 (Order), 0-1 (Chaos) or *");
  Game& game = record.game;
  common::play_record_moves<MoveError>(
      game, tokens, game.start_position().to_move() == Role::Chaos,
      [](std::string_view token) { return parse_result_token(token).has_value(); },
      [](const Game& g) { return std::string(role_name(g.position().to_move())); });
  check_result(game, tokens.back().text, parsed);
  return record;
}

std::string write_record(const Record& record) {
  const Game& game = record.game;
  common::RecordWriter out;
  out.tag("Game", "Order and Chaos");
  out.tag("Rules", std::string(version_name(game.start_position().version())));
  for (std::string_view name : kRosterTags) {
    const auto it = record.tags.find(std::string(name));
    if (it != record.tags.end())
      out.tag(name, it->second);
    else if (name == "Order" || name == "Chaos" || name == "Date")
      out.tag(name, name == "Date" ? "????.??.??" : "?");
  }
  for (const auto& [name, value] : record.tags)
    if (!listed(name, kRosterTags)) out.tag(name, value);
  const Result result = game.result();
  out.tag("Result", std::string(result_token(result.outcome)));
  if (result.over()) out.tag("Termination", std::string(termination_name(result.termination)));
  if (!(game.start_position() == Position::start(game.start_position().version())))
    out.tag("Position", game.start_position().to_string());
  const bool chaos_started = game.start_position().to_move() == Role::Chaos;
  for (std::size_t i = 0; i < game.moves().size(); ++i) {
    const std::size_t ply = i + (chaos_started ? 1 : 0);
    if (ply % 2 == 0)
      out.word(std::to_string(ply / 2 + 1) + ".");
    else if (i == 0)
      out.word("1...");
    out.word(format_move(game.moves()[i]));
  }
  out.word(std::string(result_token(result.outcome)));
  return out.finish();
}

}  // namespace orderchaos
