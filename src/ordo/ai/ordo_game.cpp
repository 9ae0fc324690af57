#include "ordo/ai/ordo_game.h"

#include <algorithm>
#include <charconv>

#include "ordo/diagram.h"
#include "ordo/movegen.h"
#include "ordo/notation.h"
#include "ordo/perft.h"
#include "ordo/record.h"
#include "ordo/summary.h"

namespace games {

namespace {

ordo::Color color_of(Side s) {
  return s == Side::First ? ordo::Color::White : ordo::Color::Black;
}

Side side_of(ordo::Color c) {
  return c == ordo::Color::White ? Side::First : Side::Second;
}

ordo::Outcome win_for(ordo::Color c) {
  return c == ordo::Color::White ? ordo::Outcome::WhiteWins : ordo::Outcome::BlackWins;
}

// Bits into facts().turn_kinds: single piece, ordo, capture, two-step.
std::uint32_t turn_kinds(const ordo::Move& move) {
  std::uint32_t kinds = 0;
  bool any_ordo = false;
  for (int i = 0; i < move.step_count; ++i) {
    const ordo::Step& step = move.steps[i];
    any_ordo = any_ordo || step.is_ordo();
    if (step.capture) kinds |= 1u << 2;
  }
  kinds |= any_ordo ? 1u << 1 : 1u << 0;
  if (move.step_count == 2) kinds |= 1u << 3;
  return kinds;
}

std::vector<std::string> square_names(const ordo::Geometry& g, ordo::Bitboard squares) {
  std::vector<std::string> names;
  for (int sq = 0; sq < g.square_count(); ++sq)
    if (squares & (ordo::Bitboard{1} << sq)) names.push_back(ordo::square_name(g, sq));
  return names;
}

// What `move` does in `before`: its steps, the pieces it captures and the pieces cut off
// and removed (Ordo X).
// What a move did, as the page marks it: the squares its pieces left and reached (a line
// moved by an ordo move marks every piece of it, a square it both left and reached none),
// the enemy pieces it took and those removed as smaller groups.
MoveMarks ordo_move_marks(const ordo::Position& before, const ordo::Move& move) {
  const ordo::Geometry& g = before.geometry();
  const ordo::Color mover = before.side_to_move();
  ordo::Position after = before;
  const ordo::Bitboard removed = after.make(move).removed;
  const ordo::Bitboard left = before.pieces(mover) & ~after.pieces(mover);
  const ordo::Bitboard reached = after.pieces(mover) & ~before.pieces(mover);
  const ordo::Bitboard captured = reached & before.pieces(ordo::opponent(mover));
  MoveMarks marks;
  marks.from = square_names(g, left);
  marks.to = square_names(g, reached);
  marks.captured = square_names(g, captured);
  marks.removed = square_names(g, removed & ~captured);
  return marks;
}

class OrdoGame final : public AnyGame {
 public:
  OrdoGame(ordo::Game game, ordo::Variant variant) : game_(std::move(game)), variant_(variant) {}

  const ordo::Game& rules_game() const { return game_; }

  std::string_view game_name() const override { return "ordo"; }
  std::string_view game_title() const override { return "Ordo"; }
  std::string rules_name() const override { return std::string(ordo::variant_name(variant_)); }
  std::pair<int, int> board_size() const override {
    const ordo::Geometry& g = game_.position().geometry();
    return {g.width(), g.height()};
  }
  std::string side_name(Side side) const override {
    return std::string(ordo::color_name(color_of(side)));
  }

  std::string start_position() const override { return game_.start_position().to_string(); }
  std::string position() const override { return game_.position().to_string(); }
  std::string diagram(const std::string& indent) const override {
    return ordo::board_diagram(game_.position(), indent);
  }
  std::string summary() const override { return ordo::game_summary(game_); }
  std::string notation_hint() const override {
    return "Type a move (e3-e5, d4xe5, a2:d2-a3; in Ordo X also e3-d3,d3-d5 and d4xe5@g7;\n"
           "the site forms 'Move C 2 C 3' are accepted too)";
  }
  Side side_to_move() const override { return side_of(game_.position().side_to_move()); }

  std::vector<std::string> legal_moves() const override {
    const auto list = std::make_unique<ordo::MoveList>();  // too big for a thread's stack
    game_.legal_moves(*list);
    std::vector<std::string> out;
    out.reserve(list->size());
    for (const ordo::Move& move : *list) out.push_back(ordo::format_move(game_.position(), move));
    std::sort(out.begin(), out.end());
    return out;
  }

  std::string play(std::string_view text) override {
    const ordo::Position before = game_.position();
    try {
      return ordo::format_move(before, game_.play(text));
    } catch (const ordo::MoveError& e) {
      throw MoveError(e.what());
    }
  }

  bool undo() override { return game_.undo(); }

  std::vector<std::string> moves() const override {
    std::vector<std::string> out;
    ordo::Position pos = game_.start_position();
    for (const ordo::Move& move : game_.moves()) {
      out.push_back(ordo::format_move(pos, move));
      pos.make(move);
    }
    return out;
  }

  std::vector<std::string> positions_after() const override {
    std::vector<std::string> out;
    ordo::Position pos = game_.start_position();
    for (const ordo::Move& move : game_.moves()) {
      pos.make(move);
      out.push_back(pos.to_string());
    }
    return out;
  }

  GameResult result() const override {
    const ordo::Result r = game_.result();
    static constexpr Outcome kOutcomes[] = {Outcome::Ongoing, Outcome::FirstWins,
                                            Outcome::SecondWins, Outcome::Draw};
    return {kOutcomes[static_cast<int>(r.outcome)],
            std::string(ordo::termination_name(r.termination)),
            std::string(ordo::result_token(r.outcome)), ordo::describe(r)};
  }

  void end(Ending how, std::optional<Side> loser) override {
    if (game_.result().over()) throw GameError("the game is already over");
    if (how == Ending::Agreement) {
      game_.set_result({ordo::Outcome::Draw, ordo::Termination::Agreement});
      return;
    }
    if (!loser) throw GameError("a resignation, timeout or forfeit needs the side that loses");
    static constexpr ordo::Termination kHow[] = {
        ordo::Termination::Resignation, ordo::Termination::Timeout, ordo::Termination::Agreement,
        ordo::Termination::Unspecified, ordo::Termination::Abandoned};
    game_.set_result({win_for(ordo::opponent(color_of(*loser))), kHow[static_cast<int>(how)]});
  }

  bool reopen() override {
    switch (game_.result().termination) {
      case ordo::Termination::Resignation:
      case ordo::Termination::Timeout:
      case ordo::Termination::Agreement:
      case ordo::Termination::Unspecified:
      case ordo::Termination::Abandoned:
        game_.set_result({});
        return true;
      default:
        return false;
    }
  }

  std::vector<std::string> notes() const override {
    std::vector<std::string> out;
    if (game_.result().over()) return out;
    if (std::string split = ordo::split_text(game_.position()); !split.empty())
      out.push_back(std::move(split));
    if (std::string repeated = ordo::repetition_text(game_); !repeated.empty())
      out.push_back("Note: " + repeated);
    return out;
  }

  std::vector<std::string> house_rules() const override {
    std::vector<std::string> out;
    // Every Ordo X turn has a forward step, so its positions never repeat.
    if (variant_ == ordo::Variant::Classic && game_.options().repetition_draw)
      out.emplace_back("Threefold repetition draws [house rule]");
    out.emplace_back("A connected player without a legal move loses [house rule]");
    return out;
  }

  std::map<std::string, std::string> house_options() const override {
    return {{"repetition", game_.options().repetition_draw ? "on" : "off"},
            {"move-limit", std::to_string(game_.options().move_limit)}};
  }

  MoveMarks last_move_marks() const override {
    if (game_.moves().empty()) return {};
    ordo::Position before = game_.start_position();
    for (std::size_t i = 0; i + 1 < game_.moves().size(); ++i) before.make(game_.moves()[i]);
    return ordo_move_marks(before, game_.moves().back());
  }

  std::vector<MoveMarks> marks_after() const override {
    std::vector<MoveMarks> marks;
    ordo::Position before = game_.start_position();
    for (const ordo::Move& move : game_.moves()) {
      marks.push_back(ordo_move_marks(before, move));
      before.make(move);
    }
    return marks;
  }

  std::string record(const std::map<std::string, std::string>& tags) const override {
    return ordo::write_record(ordo::Record{game_, variant_, tags});
  }

  std::vector<std::pair<std::string, std::string>> protocol_options() const override {
    const auto [width, height] = board_size();
    return {{"Rules", rules_name()},
            {"Size", std::to_string(width) + "x" + std::to_string(height)}};
  }

  std::uint64_t perft(int depth) const override {
    ordo::Position pos = game_.position();
    return ordo::perft(pos, depth);
  }
  std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const override {
    std::vector<std::pair<std::string, std::uint64_t>> rows;
    ordo::Position pos = game_.position();
    for (const auto& [move, count] : ordo::perft_divide(pos, depth)) {
      rows.emplace_back(ordo::format_move(game_.position(), move), count);
    }
    std::sort(rows.begin(), rows.end());
    return rows;
  }
  int max_perft_depth() const override { return 12; }

  bool can_win_at_once(Side side) const override {
    return ordo_can_win_at_once(game_.position(), color_of(side));
  }
  bool always_ends() const override { return game_.options().move_limit > 0; }

  std::unique_ptr<AnyGame> clone() const override { return std::make_unique<OrdoGame>(*this); }

  GameFacts facts() const override {
    return {{"single piece", "ordo", "capture", "two-step"},
            {"White", "Black"},
            true,
            std::string(ordo::termination_name(ordo::Termination::MoveLimit))};
  }

  TurnFacts last_turn_facts() const override {
    const ordo::Position& pos = game_.position();
    TurnFacts facts;
    for (const Side side : {Side::First, Side::Second}) {
      const auto i = static_cast<std::size_t>(index(side));
      facts.pieces[i] = ordo::popcount(pos.pieces(color_of(side)));
      facts.split[i] = !pos.is_connected(color_of(side));
    }
    if (!game_.moves().empty()) facts.kinds = turn_kinds(game_.moves().back());
    return facts;
  }

  // The lists are not zeroed (_for_overwrite): at 200 KB that would cost more than
  // generating the moves of a Classic position.
  std::size_t legal_move_count() const override {
    const auto list = std::make_unique_for_overwrite<ordo::MoveList>();
    game_.legal_moves(*list);
    return list->size();
  }

  std::size_t play_random(std::uint64_t random) override {
    if (game_.result().over()) throw GameError("the game is already over");
    const auto list = std::make_unique_for_overwrite<ordo::MoveList>();
    game_.legal_moves(*list);
    if (list->empty()) throw GameError("no legal move");  // the rules end such games first
    game_.play((*list)[random_index(random, list->size())]);
    return list->size();
  }

 private:
  ordo::Game game_;
  ordo::Variant variant_;
};

ordo::Variant variant_of(const std::string& rules) {
  if (rules == "classic") return ordo::Variant::Classic;
  if (rules == "x") return ordo::Variant::X;
  throw GameError("Ordo's rules are classic or x, not '" + rules + "'");
}

int move_limit_of(const std::string& text) {
  int value = -1;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || value < 0 || value > 1000000) {
    throw GameError("Ordo's move-limit is a whole number from 0 (none) to 1000000, not '" + text +
                    "'");
  }
  return value;
}

}  // namespace

bool ordo_can_win_at_once(const ordo::Position& pos, ordo::Color color) {
  ordo::Position mover = pos;
  if (mover.side_to_move() != color) mover.pass_turn();
  const auto moves = std::make_unique<ordo::MoveList>();
  ordo::generate_legal(mover, *moves);
  for (const ordo::Move& move : *moves) {
    ordo::Position next = mover;
    next.make(move);
    if (next.decided_winner() == color) return true;
    // A move also wins when it leaves the opponent split with no reconnecting move. A
    // connected side always has a move in Classic (tests/classic_rules_test.cpp) and, near
    // the start, in Ordo X too, so only split positions need the (costly) full count.
    if (!next.is_connected(ordo::opponent(color)) &&
        ordo::judge_position(next).outcome == win_for(color)) {
      return true;
    }
  }
  return false;
}

std::vector<std::string> ordo_moves_if_to_move(const AnyGame& game, Side side) {
  ordo::Position pos = ordo_game_of(game).position();
  if (pos.side_to_move() != color_of(side)) pos.pass_turn();
  const auto list = std::make_unique<ordo::MoveList>();  // too big for a thread's stack
  ordo::generate_legal(pos, *list);
  std::vector<std::string> out;
  for (const ordo::Move& move : *list) out.push_back(ordo::format_move(pos, move));
  std::sort(out.begin(), out.end());
  return out;
}

std::unique_ptr<AnyGame> make_ordo_game(const std::map<std::string, std::string>& options) {
  ordo::Variant variant = ordo::Variant::Classic;
  int width = ordo::kStandardWidth;
  ordo::GameOptions game_options;
  const std::string* position = nullptr;
  for (const auto& [key, value] : options) {
    if (key == "rules") {
      variant = variant_of(value);
    } else if (key == "size") {
      if (value != "10x8" && value != "8x8") {
        throw GameError("Ordo's size is 10x8 or 8x8, not '" + value + "'");
      }
      width = value == "8x8" ? 8 : 10;
    } else if (key == "position") {
      position = &value;
    } else if (key == "repetition") {
      if (value != "on" && value != "off") {
        throw GameError("Ordo's repetition is on or off, not '" + value + "'");
      }
      game_options.repetition_draw = value == "on";
    } else if (key == "move-limit") {
      game_options.move_limit = move_limit_of(value);
    } else {
      throw GameError("Ordo has no option '" + key +
                      "' (known: rules, size, position, repetition, move-limit)");
    }
  }
  ordo::Position start = ordo::Position::start(variant, width, 8);
  if (position) {
    try {
      start = ordo::Position::parse(*position, variant);
    } catch (const std::invalid_argument& e) {
      throw GameError(e.what());
    }
  }
  return std::make_unique<OrdoGame>(ordo::Game(start, game_options), variant);
}

std::unique_ptr<AnyGame> read_ordo_record(std::string_view text,
                                          std::map<std::string, std::string>& tags) {
  try {
    ordo::Record record = ordo::read_record(text);
    tags = std::move(record.tags);
    return std::make_unique<OrdoGame>(std::move(record.game), record.variant);
  } catch (const ordo::RecordError& e) {
    throw GameError(e.what());
  }
}

const ordo::Game& ordo_game_of(const AnyGame& game) {
  const auto* own = dynamic_cast<const OrdoGame*>(&game);
  if (!own) throw GameError("expected a game of Ordo, not of " + std::string(game.game_title()));
  return own->rules_game();
}

}  // namespace games
