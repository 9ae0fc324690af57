#include "mughrabieh/position.h"

#include <charconv>
#include <vector>

#include "mughrabieh/zobrist.h"

namespace mughrabieh {

namespace {

using zobrist::kKeys;

std::array<ChanceOutcome, kRolls> make_outcomes() {
  std::array<ChanceOutcome, kRolls> outcomes{};
  for (int i = 0; i < kRolls; ++i) {
    const Roll r = roll_at(i);
    outcomes[i] = {r, r.is_double() ? 1.0 / 36 : 1.0 / 18};
  }
  return outcomes;
}

[[noreturn]] void fail(const std::string& why) {
  throw PositionError(why);
}

// One side's field: "24x14,3", or "-" when all its pieces are borne off.
std::array<std::uint8_t, kPoints> parse_side(std::string_view text, const char* who) {
  std::array<std::uint8_t, kPoints> counts{};
  const std::string side(who);
  if (text == "-") return counts;
  if (text.empty())
    fail(side + "'s pieces are missing: write them as POINTxCOUNT items, like 24x14,3");
  int previous_point = 25;
  int total = 0;
  std::size_t at = 0;
  while (true) {
    const std::size_t comma = text.find(',', at);
    const std::string_view item =
        text.substr(at, comma == std::string_view::npos ? text.npos : comma - at);
    std::string quoted = "'";
    quoted += item;
    quoted += '\'';
    int point = 0;
    int count = 1;
    const char* begin = item.data();
    const char* end = item.data() + item.size();
    auto [p, ec] = std::from_chars(begin, end, point);
    if (ec != std::errc() || p == begin || *begin == '+' || *begin == '-')
      fail(side + ": " + quoted + " is not a point (1-24) with an optional xCOUNT");
    if (p != end) {
      if (*p != 'x' || p + 1 == end)
        fail(side + ": " + quoted + " is not a point (1-24) with an optional xCOUNT");
      auto [q, ec2] = std::from_chars(p + 1, end, count);
      if (ec2 != std::errc() || q != end)
        fail(side + ": " + quoted + " has a count that is not a number");
    }
    if (point < 1 || point > kPoints) {
      std::string why = side;
      why += ": point ";
      why += std::to_string(point);
      why += " is not 1-24";
      fail(why);
    }
    if (count < 1) fail(side + ": " + quoted + " needs a count of at least 1");
    if (point >= previous_point)
      fail(side + ": the points must be listed from high to low, each once (" + quoted + ")");
    previous_point = point;
    total += count;
    if (total > kPieces) fail(side + " has more than 15 pieces");
    counts[kPoints - point] = static_cast<std::uint8_t>(count);
    if (comma == std::string_view::npos) break;
    at = comma + 1;
  }
  return counts;
}

std::string side_text(const std::array<std::uint8_t, kPoints>& counts) {
  std::string out;
  for (int i = 0; i < kPoints; ++i) {
    if (!counts[i]) continue;
    if (!out.empty()) out += ',';
    out += std::to_string(kPoints - i);
    if (counts[i] > 1) out += 'x' + std::to_string(counts[i]);
  }
  return out.empty() ? "-" : out;
}

}  // namespace

std::string_view side_name(Side s) {
  return s == Side::White ? "White" : "Black";
}

std::string_view rule_set_name(RuleSet r) {
  return r == RuleSet::House ? "house" : "ludii";
}

int roll_index(Roll r) {
  // Rolls ordered 11, 21, 22, 31, 32, 33, ...: the index of (high, low) is the number of
  // rolls with a smaller high die, plus low - 1.
  return (r.high - 1) * r.high / 2 + (r.low - 1);
}

Roll roll_at(int i) {
  static constexpr auto kTable = [] {
    std::array<Roll, kRolls> table{};
    for (int high = 1, at = 0; high <= 6; ++high)
      for (int low = 1; low <= high; ++low)
        table[at++] = Roll{static_cast<std::uint8_t>(high), static_cast<std::uint8_t>(low)};
    return table;
  }();
  return kTable[i];
}

const std::array<ChanceOutcome, kRolls>& chance_outcomes() {
  static const std::array<ChanceOutcome, kRolls> outcomes = make_outcomes();
  return outcomes;
}

Position Position::start(RuleSet rules, Side first) {
  Position pos;
  pos.rules_ = rules;
  pos.to_move_ = first;
  pos.count_[0][0] = kPieces;
  pos.count_[1][0] = kPieces;
  pos.recompute();
  return pos;
}

int Position::points() const {
  switch (outcome_) {
    case Outcome::WhiteWins:
      return on_board(Side::Black);
    case Outcome::BlackWins:
      return on_board(Side::White);
    default:
      return 0;
  }
}

std::optional<Roll> Position::roll() const {
  if (roll_index_ < 0) return std::nullopt;
  return roll_at(roll_index_);
}

void Position::set_roll(Roll roll) {
  roll_index_ = static_cast<std::int8_t>(roll_index(roll));
}

void Position::clear_roll() {
  roll_index_ = -1;
}

std::uint64_t Position::hash() const {
  std::uint64_t h = board_hash_;
  if (to_move_ == Side::Black) h ^= kKeys.black_to_move;
  if (roll_index_ >= 0) h ^= kKeys.roll[roll_index_];
  if (previous_passed_) h ^= kKeys.passed;
  return h;
}

template <bool Hash>
std::uint8_t Position::play_turn(const Turn& turn) {
  const std::uint8_t token = previous_passed_ ? 1 : 0;
  for (const Step step : turn) step_forward<Hash>(step);
  const bool passed = turn.size == 0;
  if (off_[index(to_move_)] == kPieces)
    outcome_ = to_move_ == Side::White ? Outcome::WhiteWins : Outcome::BlackWins;
  else if (rules_ == RuleSet::Ludii && passed && previous_passed_)
    outcome_ = Outcome::Draw;  // Ludii ends a game in which every player passed in turn
  previous_passed_ = rules_ == RuleSet::Ludii && passed;
  clear_roll();
  to_move_ = opponent(to_move_);
  return token;
}

template std::uint8_t Position::play_turn<true>(const Turn& turn);
template std::uint8_t Position::play_turn<false>(const Turn& turn);

void Position::undo(const Turn& turn, std::uint8_t undo_token) {
  to_move_ = opponent(to_move_);
  previous_passed_ = undo_token & 1;
  outcome_ = Outcome::Ongoing;
  set_roll(turn.roll);
  for (int i = turn.size - 1; i >= 0; --i) undo_step(turn.steps[i]);
}

void Position::recompute() {
  board_hash_ = 0;
  for (int s = 0; s < 2; ++s) {
    occupied_[s] = mirrored_[s] = 0;
    int on = 0;
    int pips = 0;
    for (int i = 0; i < kPoints; ++i) {
      const int c = count_[s][i];
      board_hash_ ^= kKeys.piece[s][i][c];
      if (!c) continue;
      occupied_[s] |= 1u << i;
      mirrored_[s] |= 1u << (kPoints - 1 - i);
      on += c;
      pips += c * (kPoints - i);
    }
    off_[s] = static_cast<std::uint8_t>(kPieces - on);
    pips_[s] = static_cast<std::int16_t>(pips);
  }
  outcome_ = off_[0] == kPieces   ? Outcome::WhiteWins
             : off_[1] == kPieces ? Outcome::BlackWins
                                  : Outcome::Ongoing;
}

Position Position::parse(std::string_view text, RuleSet rules) {
  std::vector<std::string_view> fields;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t space = std::min(text.find(' ', at), text.size());
    if (space > at) fields.push_back(text.substr(at, space - at));
    at = space + 1;
  }
  if (fields.size() < 3 || fields.size() > 4)
    fail(
        "a position is WHITE/BLACK pieces, the side to move (w or b), the roll (like 52, or "
        "'-' before it is made) and optionally 'pass', like \"24x15/24x15 w -\"");
  const std::size_t slash = fields[0].find('/');
  if (slash == std::string_view::npos || fields[0].find('/', slash + 1) != std::string_view::npos)
    fail("the pieces are White's points, one '/', then Black's, like 24x14,3/24x15");
  Position pos;
  pos.rules_ = rules;
  pos.count_[0] = parse_side(fields[0].substr(0, slash), "White");
  pos.count_[1] = parse_side(fields[0].substr(slash + 1), "Black");
  if (fields[1] == "w")
    pos.to_move_ = Side::White;
  else if (fields[1] == "b")
    pos.to_move_ = Side::Black;
  else
    fail("the side to move must be 'w' or 'b', not '" + std::string(fields[1]) + "'");
  const std::string_view roll = fields[2];
  if (roll != "-") {
    if (roll.size() != 2 || roll[0] < '1' || roll[0] > '6' || roll[1] < '1' || roll[1] > '6')
      fail("the roll must be two dice 1-6 like 52, or '-' before it is made, not '" +
           std::string(roll) + "'");
    if (roll[0] < roll[1])
      fail("write the larger die first: " + std::string{roll[1], roll[0]} + ", not " +
           std::string(roll));
    pos.roll_index_ = static_cast<std::int8_t>(roll_index(make_roll(roll[0] - '0', roll[1] - '0')));
  }
  bool drawn = false;
  if (fields.size() == 4) {
    if (fields[3] != "pass" && fields[3] != "draw")
      fail("the last field may only be 'pass' or 'draw', not '" + std::string(fields[3]) + "'");
    if (rules != RuleSet::Ludii)
      fail("'" + std::string(fields[3]) +
           "' (the previous turn passed) matters only under the ludii rules");
    pos.previous_passed_ = true;
    drawn = fields[3] == "draw";
  }
  pos.check_and_finish();
  if (drawn) {
    if (pos.over()) fail("a drawn game has pieces of both sides on the board");
    pos.outcome_ = Outcome::Draw;
  }
  if (pos.over() && pos.roll_index_ >= 0) fail("a finished game has no roll to play");
  if (pos.over() && pos.previous_passed_ && !drawn) fail("a finished game has no pass to remember");
  return pos;
}

Position Position::from_counts(const Counts& counts, Side to_move, RuleSet rules) {
  Position pos;
  pos.rules_ = rules;
  pos.to_move_ = to_move;
  for (int s = 0; s < 2; ++s) {
    int total = 0;
    for (const int c : counts[s]) total += c;
    if (total > kPieces)
      fail(std::string(side_name(static_cast<Side>(s))) + " has more than 15 pieces");
  }
  pos.count_ = counts;
  pos.check_and_finish();
  return pos;
}

void Position::check_and_finish() {
  Position& pos = *this;
  for (int i = 0; i < kPoints; ++i)
    if (pos.count_[0][i] && pos.count_[1][kPoints - 1 - i])
      fail("White's point " + std::to_string(kPoints - i) + " (Black's " + std::to_string(i + 1) +
           ") holds pieces of both sides");
  pos.recompute();
  for (int s = 0; s < 2; ++s) {
    const std::string who(side_name(static_cast<Side>(s)));
    const bool home = pos.occupied_[s] & kHomeMask;
    if (pos.off_[s] > 0 && (pos.occupied_[s] & kOutsideHomeMask))
      fail(who + " has borne pieces off but has pieces outside its final six points");
    if (!home && pos.off_[s] == 0 && pos.count_[s][0] < kPieces - 1)
      fail(who +
           " has more than one piece away from its starting point (its 24-point) before "
           "any reached the final six points");
  }
  if (pos.off_[0] == kPieces && pos.off_[1] == kPieces)
    fail("both sides have borne off all their pieces; only one can");
}

std::string Position::to_string() const {
  std::string out = side_text(count_[0]) + '/' + side_text(count_[1]);
  out += to_move_ == Side::White ? " w " : " b ";
  if (roll_index_ >= 0) {
    const Roll r = roll_at(roll_index_);
    out += static_cast<char>('0' + r.high);
    out += static_cast<char>('0' + r.low);
  } else {
    out += '-';
  }
  if (outcome_ == Outcome::Draw)
    out += " draw";
  else if (previous_passed_)
    out += " pass";
  return out;
}

}  // namespace mughrabieh
