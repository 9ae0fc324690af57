#include "mughrabieh/record.h"

#include <algorithm>

#include "mughrabieh/notation.h"

namespace mughrabieh {

namespace {

// "Roll": a roll made for the next turn and not yet played (a game saved between the roll
// and the move), so that a record keeps every roll.
constexpr std::string_view kStructuralTags[] = {"Game",        "Rules",     "Result", "Points",
                                                "Termination", "Position",  "Roll",   "Match",
                                                "MatchGame",   "MatchScore"};
constexpr std::string_view kRosterTags[] = {"Event", "Site", "Date", "Round", "White", "Black"};

bool listed(std::string_view name, const auto& list) {
  return std::find(std::begin(list), std::end(list), name) != std::end(list);
}

[[noreturn]] void fail(const std::string& why) {
  common::record_fail(why);
}

RuleSet read_rules(const common::RecordText& text) {
  if (const auto* rules = text.tag("Rules")) {
    if (*rules == "ludii") return RuleSet::Ludii;
    if (*rules != "house") fail("Rules must be \"house\" or \"ludii\", not \"" + *rules + "\"");
  }
  return RuleSet::House;
}

Game start_game(const common::RecordText& text) {
  const RuleSet rules = read_rules(text);
  if (const auto* position = text.tag("Position")) {
    try {
      return Game(Position::parse(*position, rules));
    } catch (const PositionError& e) {
      fail(std::string("Position tag: ") + e.what());
    }
  }
  return Game(Position::start(rules));
}

// Plays the movetext: a word ending in ':' (or holding one, "52:13/8,8/6") starts a turn,
// words with '/' are its steps; numbers "N." before White's turn, "N..." before a turn of
// Black's that opens the movetext.
void play_turns(Game& game, const std::vector<common::MovetextToken>& tokens) {
  const bool black_started = game.start_position().to_move() == Side::Black;
  std::string turn_text;
  int turn_number = 0;
  const auto flush = [&] {
    if (turn_text.empty()) return;
    const std::string side(side_name(game.position().to_move()));
    try {
      game.play(turn_text);
    } catch (const MoveError& e) {
      fail("turn " + std::to_string(turn_number) + " (" + side + ") " + e.what());
    }
    turn_text.clear();
  };
  for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
    const auto& [number, text] = tokens[i];
    const int ply = static_cast<int>(game.turns().size()) + (turn_text.empty() ? 0 : 1) +
                    (black_started ? 1 : 0);
    const int expected = ply / 2 + 1;
    if (number && number != expected)
      fail("turn number " + std::to_string(number) + " where " + std::to_string(expected) +
           " was expected");
    if (text.empty()) continue;
    if (parse_result_token(text)) fail("result '" + text + "' before the end of the turns");
    if (text.find(':') != std::string::npos) {
      flush();
      turn_number = expected;
      turn_text = text;
    } else if (text.find('/') != std::string::npos) {
      if (turn_text.empty()) fail("step '" + text + "' comes before any roll (write 52: 13/8 8/6)");
      turn_text += ' ' + text;
    } else {
      fail("'" + text + "' is neither a roll (52:), a step (13/8) nor a result");
    }
  }
  flush();
}

void check_result(Game& game, const std::string& last, const common::RecordText& text) {
  const auto written = parse_result_token(last);
  if (const auto* tag = text.tag("Result"); tag && *tag != last)
    fail("the Result tag says " + *tag + " but the turns end with " + last);
  std::optional<Termination> termination;
  if (const auto* tag = text.tag("Termination")) {
    termination = parse_termination(*tag);
    if (!termination || *termination == Termination::None)
      fail("unknown Termination \"" + *tag + "\"");
  }
  const Result by_rules = game.result();
  if (by_rules.over()) {
    if (*written != by_rules.outcome)
      fail("the record gives " + last + " but by the rules: " + describe(by_rules, game.points()));
    if (termination && *termination != by_rules.termination)
      fail("Termination \"" + std::string(termination_name(*termination)) +
           "\" but by the rules: " + describe(by_rules, game.points()));
  } else if (*written == Outcome::Ongoing) {
    if (termination) fail("an unfinished game (*) has no Termination");
  } else {
    const Termination t = termination.value_or(Termination::Unspecified);
    if (t != Termination::Unspecified && t != Termination::Timeout &&
        t != Termination::Resignation && t != Termination::Abandoned)
      fail("Termination \"" + std::string(termination_name(t)) + "\" does not fit result " + last +
           " in a game the rules have not ended");
    if (*written == Outcome::Draw) fail("only the rules end a game in a draw (two passes, ludii)");
    game.set_result({*written, t});
  }
  if (const auto* tag = text.tag("Points")) {
    if (*tag != std::to_string(game.points()))
      fail("Points \"" + *tag + "\" but the winner scores " + std::to_string(game.points()));
  }
}

std::pair<int, int> parse_score(const std::string& text) {
  const auto dash = text.find('-');
  try {
    if (dash == std::string::npos) throw std::invalid_argument("no dash");
    std::size_t used = 0;
    const int white = std::stoi(text.substr(0, dash), &used);
    if (used != dash) throw std::invalid_argument("junk");
    const int black = std::stoi(text.substr(dash + 1), &used);
    if (used != text.size() - dash - 1 || white < 0 || black < 0)
      throw std::invalid_argument("junk");
    return {white, black};
  } catch (const std::exception&) {
    fail("MatchScore \"" + text + "\" is not WHITE-BLACK, like 7-12");
  }
}

// The Roll tag: two dice 1..6 ("52", either order), made after the last turn.
void play_pending_roll(Game& game, const std::string& text) {
  if (text.size() != 2 || text[0] < '1' || text[0] > '6' || text[1] < '1' || text[1] > '6')
    fail("Roll \"" + text + "\" is not two dice from 1 to 6, like 52");
  try {
    game.roll(make_roll(text[0] - '0', text[1] - '0'));
  } catch (const MoveError& e) {
    fail("Roll \"" + text + "\": " + e.what());
  }
}

void write_game(common::RecordWriter& out, const Game& game,
                const std::map<std::string, std::string>& tags) {
  out.tag("Game", "Mughrabieh");
  out.tag("Rules", std::string(rule_set_name(game.start_position().rules())));
  for (std::string_view name : kRosterTags) {
    const auto it = tags.find(std::string(name));
    if (it != tags.end())
      out.tag(name, it->second);
    else if (name == "White" || name == "Black" || name == "Date")
      out.tag(name, name == "Date" ? "????.??.??" : "?");
  }
  for (const auto& [name, value] : tags)
    if (!listed(name, kRosterTags) && !listed(name, kStructuralTags)) out.tag(name, value);
  for (std::string_view name : {"Match", "MatchGame", "MatchScore"})
    if (const auto it = tags.find(std::string(name)); it != tags.end()) out.tag(name, it->second);
  const Result result = game.result();
  out.tag("Result", std::string(result_token(result.outcome)));
  if (result.over() && result.outcome != Outcome::Draw)
    out.tag("Points", std::to_string(game.points()));
  if (result.over()) out.tag("Termination", std::string(termination_name(result.termination)));
  const Position& start = game.start_position();
  if (!(start == Position::start(start.rules()))) out.tag("Position", start.to_string());
  // A start position that came with its roll already says it in the Position tag.
  const bool roll_in_position = game.turns().empty() && !start.is_chance_node();
  if (const std::optional<Roll> pending = game.position().roll(); pending && !roll_in_position)
    out.tag("Roll", format_roll(*pending));
  const bool black_started = start.to_move() == Side::Black;
  for (std::size_t i = 0; i < game.turns().size(); ++i) {
    const std::size_t ply = i + (black_started ? 1 : 0);
    if (ply % 2 == 0)
      out.word(std::to_string(ply / 2 + 1) + ".");
    else if (i == 0)
      out.word("1...");
    out.word(format_turn(game.turns()[i]));  // one word: a turn is never split across lines
  }
  out.word(std::string(result_token(result.outcome)));
}

}  // namespace

Record read_record(std::string_view text) {
  const common::RecordText parsed = common::read_record_text(text);
  if (const auto* g = parsed.tag("Game"); !g || *g != "Mughrabieh")
    fail(g ? "Game \"" + *g + "\" is not Mughrabieh"
           : "a Mughrabieh record needs the tag [Game \"Mughrabieh\"]");
  Record record{start_game(parsed), {}};
  for (const auto& [name, value] : parsed.tags)
    if (!listed(name, kStructuralTags) || name.rfind("Match", 0) == 0) record.tags[name] = value;
  const auto& tokens = parsed.tokens;
  if (tokens.empty() || !parse_result_token(tokens.back().text))
    fail("the turns must end with a result: 1-0 (White), 0-1 (Black), 1/2-1/2 or *");
  play_turns(record.game, tokens);
  if (const auto* roll = parsed.tag("Roll")) play_pending_roll(record.game, *roll);
  check_result(record.game, tokens.back().text, parsed);
  return record;
}

std::string write_record(const Record& record) {
  common::RecordWriter out;
  write_game(out, record.game, record.tags);
  return out.finish();
}

MatchRecord read_match_record(std::string_view text) {
  const auto chunks = common::split_records(text);
  if (chunks.empty()) fail("a match record holds at least one game");
  std::optional<MatchRecord> result;
  for (std::size_t g = 0; g < chunks.size(); ++g) {
    const std::string where =
        "game " + std::to_string(g + 1) + " (line " + std::to_string(chunks[g].first_line) + "): ";
    Record record = [&] {
      try {
        return read_record(chunks[g].text);
      } catch (const RecordError& e) {
        fail(where + std::string(e.what()).substr(std::string("bad record: ").size()));
      }
    }();
    const auto tag = [&](const char* name) -> const std::string& {
      const auto it = record.tags.find(name);
      if (it == record.tags.end()) fail(where + "a match game needs the tag " + name);
      return it->second;
    };
    int target = 0;
    try {
      target = std::stoi(tag("Match"));
    } catch (const std::logic_error&) {
      fail(where + "Match \"" + tag("Match") + "\" is not a target score");
    }
    if (!result) {
      if (target < 1) fail(where + "Match target must be at least 1");
      result.emplace(MatchRecord{Match(record.game.start_position().rules(), target), {}, {}});
      for (const auto& [name, value] : record.tags)
        if (name.rfind("Match", 0) != 0) result->tags[name] = value;
    }
    Match& match = result->match;
    if (target != match.target()) fail(where + "the Match target changed to " + tag("Match"));
    if (result->unfinished) fail(where + "a game follows an unfinished one");
    if (tag("MatchGame") != std::to_string(g + 1))
      fail(where + "MatchGame \"" + tag("MatchGame") + "\" where " + std::to_string(g + 1) +
           " was expected");
    const auto [white, black] = parse_score(tag("MatchScore"));
    if (white != match.score(Side::White) || black != match.score(Side::Black))
      fail(where + "MatchScore " + tag("MatchScore") + " but the games before give " +
           std::to_string(match.score(Side::White)) + "-" +
           std::to_string(match.score(Side::Black)));
    if (match.over()) fail(where + "the match was already over");
    if (!(record.game.start_position() == match.next_start()))
      fail(where + "the game must begin from the start position with " +
           std::string(side_name(match.next_starter())) +
           " to roll (the winner of a game begins the next)");
    if (record.game.result().over()) {
      try {
        match.add_game(record.game);
      } catch (const std::invalid_argument& e) {
        fail(where + e.what());
      }
    } else {
      result->unfinished = record.game;
    }
  }
  return *result;
}

std::string write_match_record(const MatchRecord& record) {
  std::string out;
  Match replay(record.match.rules(), record.match.target());
  std::vector<const Game*> games;
  for (const Game& game : record.match.games()) games.push_back(&game);
  if (record.unfinished) games.push_back(&*record.unfinished);
  for (std::size_t g = 0; g < games.size(); ++g) {
    auto tags = record.tags;
    tags["Match"] = std::to_string(record.match.target());
    tags["MatchGame"] = std::to_string(g + 1);
    tags["MatchScore"] =
        std::to_string(replay.score(Side::White)) + "-" + std::to_string(replay.score(Side::Black));
    common::RecordWriter writer;
    write_game(writer, *games[g], tags);
    if (g) out += '\n';
    out += writer.finish();
    if (games[g]->result().over()) replay.add_game(*games[g]);
  }
  return out;
}

}  // namespace mughrabieh
