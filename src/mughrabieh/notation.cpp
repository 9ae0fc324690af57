#include "mughrabieh/notation.h"

#include <memory>
#include <vector>

#include "mughrabieh/turns.h"

namespace mughrabieh {

namespace {

// A step as written: the from point and the to point (0 for "off").
struct WrittenStep {
  int from = 0;
  int to = 0;
  std::string text;
};

[[noreturn]] void fail(std::string_view text, const std::string& why) {
  throw MoveError("'" + std::string(text) + "': " + why);
}

int parse_point(std::string_view whole, std::string_view text, bool allow_off) {
  if (allow_off && text == "off") return 0;
  std::string not_point = "'";
  not_point += text;
  not_point += allow_off ? "' is not a point 1-24 or off" : "' is not a point 1-24";
  if (text.empty() || text.size() > 2 || text[0] == '0') fail(whole, not_point);
  int value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') fail(whole, not_point);
    value = value * 10 + (c - '0');
  }
  if (value < 1 || value > kPoints) fail(whole, not_point);
  return value;
}

// Tries to play the written steps in order with dice from `dice` (remaining counts per
// face); a bear-off step tries each die that can carry it off. On success `turn` holds the
// steps and `pos` the position after them.
// `whole(pos, dice)` says why the steps so far are not a whole turn (empty if they are).
template <class Whole>
bool assign(Position& pos, const std::vector<WrittenStep>& written, std::size_t at,
            std::array<int, 7>& dice, Turn& turn, std::string& why, const Whole& whole) {
  if (at == written.size()) {
    std::string not_whole = whole(pos, dice);
    if (not_whole.empty()) return true;
    if (why.empty()) why = not_whole;
    return false;
  }
  const WrittenStep& w = written[at];
  const int from = kPoints - w.from;
  const int low = w.to == 0 ? w.from : w.from - w.to;
  const int high = w.to == 0 ? 6 : low;
  bool any_die = false;
  for (int die = low; die <= high; ++die) {
    if (die < 1 || die > 6 || dice[die] == 0) continue;
    any_die = true;
    if (!(pos.step_sources(die) & (1u << from))) continue;
    const Step step{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(die)};
    pos.apply_step(step);
    --dice[die];
    turn.steps[at] = step;
    if (assign(pos, written, at + 1, dice, turn, why, whole)) return true;
    ++dice[die];
    pos.undo_step(step);
  }
  if (why.empty()) {
    if (!any_die) {
      why = w.to == 0 ? "no die left can bear a piece off from point " + std::to_string(w.from)
                      : "no die left moves " + std::to_string(low) + " (" + w.text + ")";
    } else if (!pos.count(pos.to_move(), from)) {
      why = w.text + ": there is no piece of yours on point " + std::to_string(w.from);
    } else if (w.to != 0 && pos.blocked(pos.to_move()) & (1u << (kPoints - w.to))) {
      why = w.text + ": point " + std::to_string(w.to) + " holds opposing pieces";
    } else if (w.to == 0 && !pos.all_home(pos.to_move())) {
      why = w.text + ": pieces are borne off only once all fifteen are in the final six points";
    } else if (w.to == 0) {
      why = w.text +
            ": a larger number bears off only from the farthest point, with no piece farther back";
    } else if (from == 0) {
      why = w.text +
            ": no other piece may leave the starting point before one reached the final six points";
    } else {
      why = w.text + " is not a legal step here";
    }
  }
  return false;
}

}  // namespace

std::string format_roll(Roll roll) {
  return {static_cast<char>('0' + roll.high), static_cast<char>('0' + roll.low)};
}

std::string format_step(Step step) {
  const int to = step.from + step.die;
  return std::to_string(kPoints - step.from) + '/' +
         (to >= kPoints ? std::string("off") : std::to_string(kPoints - to));
}

std::string format_turn(const Turn& turn) {
  std::string out = format_roll(turn.roll) + ':';
  for (const Step step : turn) out += ' ' + format_step(step);
  return out;
}

std::string format_turn_compact(const Turn& turn) {
  std::string out = format_roll(turn.roll) + ':';
  for (int i = 0; i < turn.size; ++i) {
    if (i) out += ',';
    out += format_step(turn.steps[i]);
  }
  return out;
}

Turn parse_turn(const Position& given, std::string_view text) {
  if (given.over()) fail(text, "the game is over");
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos)
    fail(text,
         "a turn starts with the roll and a colon, like 52: 13/8 8/6 (61: alone for no move)");
  const std::string_view roll_text = text.substr(0, colon);
  if (roll_text.size() != 2 || roll_text[0] < '1' || roll_text[0] > '6' || roll_text[1] < '1' ||
      roll_text[1] > '6')
    fail(text, "the roll '" + std::string(roll_text) + "' must be two dice 1-6, like 52");
  if (roll_text[0] < roll_text[1])
    fail(text, "write the larger die first: " + std::string{roll_text[1], roll_text[0]} + ":");
  Turn turn;
  turn.roll = make_roll(roll_text[0] - '0', roll_text[1] - '0');
  if (const auto pending = given.roll(); pending && !(*pending == turn.roll))
    fail(text, "the roll is " + format_roll(*pending) + ", not " + std::string(roll_text));

  std::vector<WrittenStep> written;
  const std::string_view rest = text.substr(colon + 1);
  for (std::size_t at = 0; at < rest.size();) {
    if (rest[at] == ' ' || rest[at] == ',') {
      if (rest[at] == ',' && (written.empty() || at + 1 >= rest.size() || rest[at + 1] == ','))
        fail(text, "a comma goes between two steps");
      ++at;
      continue;
    }
    std::size_t end = at;
    while (end < rest.size() && rest[end] != ' ' && rest[end] != ',') ++end;
    const std::string_view word = rest.substr(at, end - at);
    const std::size_t slash = word.find('/');
    if (slash == std::string_view::npos || word.find('/', slash + 1) != std::string_view::npos)
      fail(text, "'" + std::string(word) + "' is not a step FROM/TO, like 13/8 or 3/off");
    WrittenStep w;
    w.text = std::string(word);
    w.from = parse_point(text, word.substr(0, slash), false);
    w.to = parse_point(text, word.substr(slash + 1), true);
    if (w.to != 0 && w.to >= w.from)
      fail(text, "'" + w.text + "' goes backward; pieces move toward lower points");
    if (w.to != 0 && w.from - w.to > 6) fail(text, "'" + w.text + "' is more than one die's step");
    written.push_back(w);
    at = end;
  }
  const int allowed = turn.roll.is_double() ? 4 : 2;
  if (static_cast<int>(written.size()) > allowed)
    fail(text, "a roll of " + format_roll(turn.roll) + " moves at most " + std::to_string(allowed) +
                   " steps");
  turn.size = static_cast<std::uint8_t>(written.size());

  auto pos = std::make_unique<Position>(given);
  if (pos->is_chance_node()) pos->set_roll(turn.roll);
  std::array<int, 7> dice{};
  ++dice[turn.roll.high];
  ++dice[turn.roll.low];
  if (turn.roll.is_double()) dice[turn.roll.high] = 4;
  // The list of legal turns gives the house rules' rank that every legal turn has.
  auto list = std::make_unique<TurnList>();
  generate_turns(*pos, *list);
  const auto whole = [&](Position& after, const std::array<int, 7>& left) -> std::string {
    if (after.rules() == RuleSet::House) {
      if (turn_rank(turn) == list->rank) return "";
      if (turn.size == 0) return "a die can be played, so the turn cannot pass";
      if (list->rank / 2 > turn.size)
        return "more dice can be played: the turn must use " + std::to_string(list->rank / 2) +
               (list->rank / 2 == 1 ? " die" : " dice");
      return "only one die can be played, and the larger one can: it must be played";
    }
    for (int die = 1; die <= 6; ++die)
      if (left[die] && after.step_sources(die))
        return "a die left can still be played; the turn goes on until none can";
    return "";
  };
  std::string why;
  if (!assign(*pos, written, 0, dice, turn, why, whole)) fail(text, why);
  return turn;
}

}  // namespace mughrabieh
