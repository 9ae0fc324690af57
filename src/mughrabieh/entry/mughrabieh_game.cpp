#include "mughrabieh/entry/mughrabieh_game.h"

#include <algorithm>

#include "engine/dice_turns.h"
#include "mughrabieh/entry/mughrabieh_board_text.h"
#include "mughrabieh/notation.h"
#include "mughrabieh/perft.h"
#include "mughrabieh/record.h"
#include "mughrabieh/sequences.h"
#include "mughrabieh/turns.h"

namespace games {

namespace {

namespace mg = mughrabieh;

mg::Side side_of(Side s) {
  return s == Side::First ? mg::Side::White : mg::Side::Black;
}

Outcome outcome_of(mg::Outcome o) {
  switch (o) {
    case mg::Outcome::WhiteWins:
      return Outcome::FirstWins;
    case mg::Outcome::BlackWins:
      return Outcome::SecondWins;
    case mg::Outcome::Draw:
      return Outcome::Draw;
    case mg::Outcome::Ongoing:
      break;
  }
  return Outcome::Ongoing;
}

// "52" or "25": the roll of two dice 1-6.
std::optional<mg::Roll> parse_roll(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  const int a = text[0] - '0', b = text[1] - '0';
  if (a < 1 || a > 6 || b < 1 || b > 6) return std::nullopt;
  return mg::make_roll(a, b);
}

// The point name of a track index for the side that moves there ("13", "off").
std::string point_name(int index) {
  return index >= mg::kPoints ? "off" : std::to_string(mg::kPoints - index);
}

class MughrabiehGame final : public AnyGame, public DiceTurns {
 public:
  explicit MughrabiehGame(mg::Game game) : game_(std::move(game)) {}
  MughrabiehGame(const MughrabiehGame& other) : AnyGame(other), game_(other.game_) {}

  const mg::Game& rules_game() const { return game_; }

  std::string_view game_name() const override { return "mughrabieh"; }
  std::string_view game_title() const override { return "Mughrabieh"; }
  std::string rules_name() const override {
    return std::string(mg::rule_set_name(game_.position().rules()));
  }
  // The diagram's twelve columns of points in two rows.
  std::pair<int, int> board_size() const override { return {12, 2}; }
  std::string side_name(Side side) const override {
    return std::string(mg::side_name(side_of(side)));
  }

  std::string start_position() const override { return game_.start_position().to_string(); }
  std::string position() const override { return game_.position().to_string(); }
  std::string diagram(const std::string& indent) const override {
    return mughrabieh_diagram(game_.position(), indent);
  }
  std::string summary() const override { return mughrabieh_summary(game_); }
  std::string notation_hint() const override {
    return "At a roll, the dice (52); then the turn as FROM/TO steps joined by commas "
           "(13/8,8/6; 3/off), or pass";
  }
  Side side_to_move() const override {
    return game_.position().to_move() == mg::Side::White ? Side::First : Side::Second;
  }

  bool is_chance_node() const override {
    return !game_.result().over() && game_.position().is_chance_node();
  }
  std::vector<ChanceOutcome> chance_outcomes() const override {
    std::vector<ChanceOutcome> out;
    if (!is_chance_node()) return out;
    for (const mg::ChanceOutcome& o : mg::chance_outcomes())
      out.push_back({mg::format_roll(o.roll), o.probability});
    return out;
  }

  // DiceTurns: every order of die steps of each legal turn (sequences.h counts them as
  // the rules do), for a board that builds a turn die by die.
  std::vector<std::string> legal_step_sequences() const override {
    std::vector<std::string> out;
    if (game_.result().over() || game_.position().is_chance_node()) return out;
    mg::Position scratch = game_.position();
    const mg::SequenceCount count = mg::count_sequences(scratch);
    for (std::uint32_t k = 0; k < count.total; ++k) {
      const std::string word = mughrabieh_turn_word(mg::sequence_at(scratch, count, k));
      if (word != "pass") out.push_back(word);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }
  std::vector<int> pending_dice() const override {
    const mg::Position& pos = game_.position();
    if (game_.result().over() || pos.is_chance_node()) return {};
    return {pos.roll()->high, pos.roll()->low};
  }
  std::array<int, 2> pip_counts() const override {
    const mg::Position& pos = game_.position();
    return {pos.pips(mg::Side::White), pos.pips(mg::Side::Black)};
  }

  std::vector<std::string> legal_moves() const override {
    std::vector<std::string> out;
    if (game_.result().over() || game_.position().is_chance_node()) return out;
    mg::TurnList& list = generate();
    for (const mg::Turn& turn : list) out.push_back(mughrabieh_turn_word(turn));
    std::sort(out.begin(), out.end());
    return out;
  }

  std::string play(std::string_view text) override {
    if (game_.result().over()) {
      throw MoveError("'" + std::string(text) + "': the game is over (" +
                      mg::describe(game_.result(), game_.points()) + ")");
    }
    const mg::Position& pos = game_.position();
    if (pos.is_chance_node()) {
      const std::optional<mg::Roll> roll = parse_roll(text);
      if (!roll) {
        throw MoveError("'" + std::string(text) +
                        "': " + std::string(mg::side_name(pos.to_move())) +
                        " is to roll first: a roll is two dice 1-6, e.g. 52");
      }
      game_.roll(*roll);
      return mg::format_roll(*roll);
    }
    try {
      return mughrabieh_turn_word(game_.play(mughrabieh_turn_text(*pos.roll(), text)));
    } catch (const mg::MoveError& e) {
      throw MoveError(e.what());
    }
  }

  bool undo() override {
    // A result from outside the rules is not a step; Game::undo keeps the rules' result.
    return game_.undo();
  }

  std::vector<std::string> moves() const override {
    std::vector<std::string> out;
    walk([&](const std::string& step, const mg::Position&) { out.push_back(step); });
    return out;
  }

  std::vector<std::string> positions_after() const override {
    std::vector<std::string> out;
    walk([&](const std::string&, const mg::Position& after) { out.push_back(after.to_string()); });
    return out;
  }

  GameResult result() const override {
    const mg::Result r = game_.result();
    return {outcome_of(r.outcome), std::string(mg::termination_name(r.termination)),
            std::string(mg::result_token(r.outcome)), mg::describe(r, game_.points()),
            game_.points()};
  }

  void end(Ending how, std::optional<Side> loser) override {
    if (game_.result().over()) throw GameError("the game is already over");
    if (how == Ending::Agreement) throw GameError("Mughrabieh has no agreed draws");
    if (!loser) throw GameError("a resignation, timeout or forfeit needs the side that loses");
    const mg::Termination termination = how == Ending::Resignation   ? mg::Termination::Resignation
                                        : how == Ending::Timeout     ? mg::Termination::Timeout
                                        : how == Ending::Abandonment ? mg::Termination::Abandoned
                                                                     : mg::Termination::Unspecified;
    game_.set_result(
        {*loser == Side::First ? mg::Outcome::BlackWins : mg::Outcome::WhiteWins, termination});
  }

  bool reopen() override {
    switch (game_.result().termination) {
      case mg::Termination::Resignation:
      case mg::Termination::Timeout:
      case mg::Termination::Unspecified:
      case mg::Termination::Abandoned:
        game_.set_result({});
        return true;
      default:
        return false;
    }
  }

  std::vector<std::string> house_rules() const override {
    if (game_.position().rules() != mg::RuleSet::House) return {};
    return {"A larger number bears a piece off only from the farthest point.",
            "The winner of a game begins the next one of a match."};
  }

  // The last turn's steps in its mover's point numbers.
  MoveMarks last_move_marks() const override {
    if (game_.turns().empty()) return {};
    MoveMarks marks;
    for (const mg::Step& step : game_.turns().back()) {
      marks.from.push_back(point_name(step.from));
      marks.to.push_back(point_name(step.from + step.die));
    }
    return marks;
  }

  std::string record(const std::map<std::string, std::string>& tags) const override {
    return mg::write_record(mg::Record{game_, tags});
  }

  std::vector<std::pair<std::string, std::string>> protocol_options() const override {
    return {{"Game", "mughrabieh"}, {"Rules", rules_name()}};
  }

  // Paths of `depth` distinct turns with each of the 21 rolls followed once at a chance
  // node (docs/rules.md, Mughrabieh 10).
  std::uint64_t perft(int depth) const override { return mg::perft(game_.position(), depth).turns; }
  // Depth 4 from the start counts 470,711 turn paths in about 0.2 s; depth 5 would be
  // some twenty times as many.
  int max_perft_depth() const override { return 4; }
  // Per roll at a chance node, per turn otherwise.
  std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const override {
    std::vector<std::pair<std::string, std::uint64_t>> rows;
    if (depth <= 0 || game_.result().over()) return rows;
    mg::Position pos = game_.position();
    if (pos.is_chance_node()) {
      for (const mg::ChanceOutcome& o : mg::chance_outcomes()) {
        pos.set_roll(o.roll);
        rows.emplace_back(mg::format_roll(o.roll), mg::perft(pos, depth).turns);
        pos.clear_roll();
      }
    } else {
      const mg::TurnList& list = generate();
      for (const mg::Turn& turn : list) {
        const std::uint8_t token = pos.play(turn);
        rows.emplace_back(mughrabieh_turn_word(turn), mg::perft(pos, depth - 1).turns);
        pos.undo(turn, token);
      }
    }
    std::sort(rows.begin(), rows.end());
    return rows;
  }

  // With its roll pending, whether a turn of `side` bears off its last pieces.
  bool can_win_at_once(Side side) const override {
    const mg::Position& pos = game_.position();
    if (game_.result().over() || pos.is_chance_node() || pos.to_move() != side_of(side))
      return false;
    if (!pos.all_home(side_of(side))) return false;
    for (const mg::Turn& turn : generate()) {
      mg::Position next = pos;
      next.play(turn);
      if (next.over()) return true;
    }
    return false;
  }
  // Every step moves a piece forward, and a side that cannot move passes until the
  // blocking pieces move on (ludii: two passes in turn draw).
  bool always_ends() const override { return true; }

  std::unique_ptr<AnyGame> clone() const override {
    return std::make_unique<MughrabiehGame>(*this);
  }

  GameFacts facts() const override {
    GameFacts facts{{"pass", "double", "bear-off", "first-piece rule"}, {"White", "Black"}};
    facts.piece_measure = "pips";
    return facts;
  }

  TurnFacts last_turn_facts() const override {
    TurnFacts facts;
    const mg::Position& pos = game_.position();
    for (const mg::Side s : {mg::Side::White, mg::Side::Black})
      facts.pieces[static_cast<std::size_t>(mg::index(s))] = pos.pips(s);
    if (game_.turns().empty()) return facts;
    const mg::Turn& turn = game_.turns().back();
    if (turn.size == 0) facts.kinds |= 1u;
    if (turn.roll.is_double()) facts.kinds |= 2u;
    for (const mg::Step& step : turn)
      if (step.from + step.die >= mg::kPoints) facts.kinds |= 4u;
    // The position before the turn, with its roll: whether rule 5 held a piece back.
    const mg::Position& before = game_.positions()[game_.turns().size() - 1];
    if (before.start_held_back(turn.roll.high) || before.start_held_back(turn.roll.low))
      facts.kinds |= 8u;
    return facts;
  }

  std::size_t legal_move_count() const override {
    if (game_.result().over() || game_.position().is_chance_node()) return 0;
    return static_cast<std::size_t>(generate().size);
  }

  std::size_t play_random(std::uint64_t random) override {
    if (game_.result().over()) throw GameError("the game is already over");
    if (game_.position().is_chance_node()) {
      const auto& outcomes = mg::chance_outcomes();
      std::vector<ChanceOutcome> weights;
      for (const mg::ChanceOutcome& o : outcomes) weights.push_back({"", o.probability});
      game_.roll(outcomes[chance_index(weights, random)].roll);
      return outcomes.size();
    }
    const mg::TurnList& list = generate();
    const auto n = static_cast<std::size_t>(list.size);
    game_.play(list.turns[random_index(random, n)]);
    return n;
  }

 private:
  // The distinct turns of the position's pending roll, in the generator's fixed order, in
  // a list made once per game object (0.85 MB: never per call).
  mg::TurnList& generate() const {
    if (!list_) list_ = std::make_unique<mg::TurnList>();
    mg::Position scratch = game_.position();
    mg::generate_distinct_turns(scratch, *list_);
    return *list_;
  }

  // Calls `visit(step, position after it)` for every step from the start: each roll made
  // in the game and each turn.
  template <class Visit>
  void walk(const Visit& visit) const {
    const std::vector<mg::Position>& before = game_.positions();  // each with its turn's roll
    const auto& turns = game_.turns();
    const bool start_rolled = !game_.start_position().is_chance_node();
    for (std::size_t i = 0; i <= turns.size(); ++i) {
      const mg::Position& rolled = before[i];
      const bool has_roll = !rolled.over() && !rolled.is_chance_node();
      if (has_roll && (i > 0 || !start_rolled)) visit(mg::format_roll(*rolled.roll()), rolled);
      if (i == turns.size()) break;
      mg::Position after = before[i + 1];
      if (!after.over() && !after.is_chance_node()) after.clear_roll();
      visit(mughrabieh_turn_word(turns[i]), after);
    }
  }

  mg::Game game_;
  mutable std::unique_ptr<mg::TurnList> list_;  // scratch for generate()
};

}  // namespace

std::string mughrabieh_turn_word(const mughrabieh::Turn& turn) {
  const std::string text = mughrabieh::format_turn_compact(turn);  // "52:13/8,8/6"
  const std::string steps = text.substr(text.find(':') + 1);
  return steps.empty() ? "pass" : steps;
}

std::string mughrabieh_turn_text(mughrabieh::Roll roll, std::string_view word) {
  if (word.find(':') != std::string_view::npos) return std::string(word);
  const std::string prefix = mughrabieh::format_roll(roll) + ":";
  return word == "pass" ? prefix : prefix + std::string(word);
}

namespace {

struct GameOptions {
  mg::RuleSet rules = mg::RuleSet::House;
  const std::string* position = nullptr;
};

GameOptions read_options(const std::map<std::string, std::string>& options) {
  GameOptions read;
  for (const auto& [key, value] : options) {
    if (key == "rules") {
      if (value != "house" && value != "ludii")
        throw GameError("Mughrabieh's rules are house or ludii, not '" + value + "'");
      read.rules = value == "ludii" ? mg::RuleSet::Ludii : mg::RuleSet::House;
    } else if (key == "position") {
      read.position = &value;
    } else if (key == "size") {
      if (value != "12x2")
        throw GameError("Mughrabieh is played on its 24 points (size 12x2) only, not '" + value +
                        "'");
    } else {
      throw GameError("Mughrabieh has no option '" + key + "' (known: rules, position)");
    }
  }
  return read;
}

}  // namespace

std::unique_ptr<AnyGame> make_mughrabieh_game(const std::map<std::string, std::string>& options) {
  const GameOptions read = read_options(options);
  mg::Position start = mg::Position::start(read.rules);
  if (read.position) {
    try {
      start = mg::Position::parse(*read.position, read.rules);
    } catch (const mg::PositionError& e) {
      throw GameError(e.what());
    }
  }
  return std::make_unique<MughrabiehGame>(mg::Game(start));
}

std::unique_ptr<AnyGame> make_mughrabieh_match_game(
    const std::map<std::string, std::string>& options, Side starter) {
  const GameOptions read = read_options(options);
  if (read.position) throw GameError("each game of a match begins from the start position");
  return std::make_unique<MughrabiehGame>(
      mg::Game(mg::Position::start(read.rules, side_of(starter))));
}

Side mughrabieh_next_match_starter(Side starter, const GameResult& result) {
  // House rule (docs/rules.md): the winner begins the next game; a drawn game (Ludii's rule
  // set only) is begun again by the same side.
  if (result.outcome == Outcome::FirstWins) return Side::First;
  if (result.outcome == Outcome::SecondWins) return Side::Second;
  return starter;
}

std::unique_ptr<AnyGame> read_mughrabieh_record(std::string_view text,
                                                std::map<std::string, std::string>& tags) {
  try {
    mg::Record record = mg::read_record(text);
    tags = std::move(record.tags);
    return std::make_unique<MughrabiehGame>(std::move(record.game));
  } catch (const mg::RecordError& e) {
    throw GameError(e.what());
  }
}

const mughrabieh::Game& mughrabieh_game_of(const AnyGame& game) {
  const auto* own = dynamic_cast<const MughrabiehGame*>(&game);
  if (!own)
    throw GameError("expected a game of Mughrabieh, not of " + std::string(game.game_title()));
  return own->rules_game();
}

std::vector<std::string> mughrabieh_moves_if_to_move(const AnyGame& game, Side side) {
  if (game.side_to_move() != side) return {};
  return game.legal_moves();
}

std::string describe_mughrabieh_result(const std::string& token, const std::string& termination) {
  mg::Result result;
  result.outcome = mg::parse_result_token(token).value_or(mg::Outcome::Ongoing);
  if (!result.over()) return "";
  result.termination = mg::parse_termination(termination).value_or(mg::Termination::Unspecified);
  return mg::describe(result, 0);
}

}  // namespace games
