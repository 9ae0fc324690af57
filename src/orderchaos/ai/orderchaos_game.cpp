#include "orderchaos/ai/orderchaos_game.h"

#include <algorithm>
#include <bit>

#include "orderchaos/diagram.h"
#include "orderchaos/game.h"
#include "orderchaos/movegen.h"
#include "orderchaos/notation.h"
#include "orderchaos/perft.h"
#include "orderchaos/record.h"
#include "orderchaos/summary.h"

namespace games {

namespace {

namespace oc = orderchaos;

oc::Role role_of(Side s) {
  return s == Side::First ? oc::Role::Order : oc::Role::Chaos;
}

oc::Outcome win_for(oc::Role r) {
  return r == oc::Role::Order ? oc::Outcome::OrderWins : oc::Outcome::ChaosWins;
}

class OrderChaosGame final : public AnyGame {
 public:
  explicit OrderChaosGame(oc::Game game) : game_(std::move(game)) {}

  const oc::Game& rules_game() const { return game_; }

  std::string_view game_name() const override { return "orderchaos"; }
  std::string_view game_title() const override { return "Order and Chaos"; }
  std::string rules_name() const override {
    return std::string(oc::version_name(game_.position().version()));
  }
  std::pair<int, int> board_size() const override { return {6, 6}; }
  std::string side_name(Side side) const override {
    return std::string(oc::role_name(role_of(side)));
  }

  std::string start_position() const override { return game_.start_position().to_string(); }
  std::string position() const override { return game_.position().to_string(); }
  std::string diagram(const std::string& indent) const override {
    return oc::board_diagram(game_.position(), indent);
  }
  std::string summary() const override { return oc::game_summary(game_); }
  std::string notation_hint() const override {
    return "Type a move: the symbol, then the square (Xc3, Od4)";
  }
  Side side_to_move() const override {
    return game_.position().to_move() == oc::Role::Order ? Side::First : Side::Second;
  }

  std::vector<std::string> legal_moves() const override {
    std::vector<std::string> out;
    if (game_.result().over()) return out;
    oc::MoveList list;
    oc::generate_legal(game_.position(), list);
    for (const oc::Move move : list) out.push_back(oc::format_move(move));
    std::sort(out.begin(), out.end());
    return out;
  }

  std::string play(std::string_view text) override {
    try {
      return oc::format_move(game_.play(text));
    } catch (const oc::MoveError& e) {
      throw MoveError(e.what());
    }
  }

  bool undo() override { return game_.undo(); }

  std::vector<std::string> moves() const override {
    std::vector<std::string> out;
    for (const oc::Move move : game_.moves()) out.push_back(oc::format_move(move));
    return out;
  }

  std::vector<std::string> positions_after() const override {
    std::vector<std::string> out;
    oc::Position pos = game_.start_position();
    for (const oc::Move move : game_.moves()) {
      pos.play(move);
      out.push_back(pos.to_string());
    }
    return out;
  }

  GameResult result() const override {
    const oc::Result r = game_.result();
    static constexpr Outcome kOutcomes[] = {Outcome::Ongoing, Outcome::FirstWins,
                                            Outcome::SecondWins};
    return {kOutcomes[static_cast<int>(r.outcome)],
            std::string(oc::termination_name(r.termination)),
            std::string(oc::result_token(r.outcome)), oc::describe(r)};
  }

  void end(Ending how, std::optional<Side> loser) override {
    if (game_.result().over()) throw GameError("the game is already over");
    if (how == Ending::Agreement) throw GameError("Order and Chaos has no draws");
    if (!loser) throw GameError("a resignation, timeout or forfeit needs the side that loses");
    const oc::Termination termination = how == Ending::Resignation   ? oc::Termination::Resignation
                                        : how == Ending::Timeout     ? oc::Termination::Timeout
                                        : how == Ending::Abandonment ? oc::Termination::Abandoned
                                                                     : oc::Termination::Unspecified;
    game_.set_result({win_for(oc::opponent(role_of(*loser))), termination});
  }

  bool reopen() override {
    switch (game_.result().termination) {
      case oc::Termination::Resignation:
      case oc::Termination::Timeout:
      case oc::Termination::Unspecified:
      case oc::Termination::Abandoned:
        game_.set_result({});
        return true;
      default:
        return false;
    }
  }

  MoveMarks last_move_marks() const override {
    if (game_.moves().empty()) return {};
    MoveMarks marks;
    marks.placed.push_back(oc::square_name(game_.moves().back().square));
    return marks;
  }

  std::vector<MoveMarks> marks_after() const override {
    std::vector<MoveMarks> marks;
    for (const auto& move : game_.moves())
      marks.push_back({.placed = {oc::square_name(move.square)}});
    return marks;
  }

  // The squares of every winning window (a run of six under the original rules is two).
  std::vector<std::string> deciding_squares() const override {
    const oc::Position& pos = game_.position();
    oc::Bitboard squares = 0;
    for (const oc::Window& window : oc::kAllWindows)
      for (const oc::Symbol symbol : {oc::Symbol::X, oc::Symbol::O})
        if (oc::window_wins(window, pos.pieces(symbol), pos.version())) squares |= window.squares;
    std::vector<std::string> names;
    for (int sq = 0; sq < oc::kSquares; ++sq)
      if (squares & oc::bit(sq)) names.push_back(oc::square_name(sq));
    return names;
  }

  std::string record(const std::map<std::string, std::string>& tags) const override {
    return oc::write_record(oc::Record{game_, tags});
  }

  std::vector<std::pair<std::string, std::string>> protocol_options() const override {
    return {{"Game", "orderchaos"}, {"Rules", rules_name()}};
  }

  std::uint64_t perft(int depth) const override {
    oc::Position pos = game_.position();
    return oc::perft(pos, depth);
  }
  // Depth 5 from the empty board plays 22.6 M placements and counts the last ply in bulk
  // (about a second); depth 6 would play 64 times as many.
  int max_perft_depth() const override { return 5; }
  std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const override {
    std::vector<std::pair<std::string, std::uint64_t>> rows;
    if (depth <= 0) return rows;
    oc::Position pos = game_.position();
    oc::MoveList list;
    oc::generate_legal(pos, list);
    for (const oc::Move m : list) {
      pos.play(m);
      rows.emplace_back(oc::format_move(m), oc::perft(pos, depth - 1));
      pos.undo(m);
    }
    std::sort(rows.begin(), rows.end());
    return rows;
  }

  // Whoever places the piece, a line wins for Order and a full board without one for
  // Chaos, so the side to move does not matter.
  bool can_win_at_once(Side side) const override {
    if (game_.result().over()) return false;
    oc::MoveList list;
    oc::generate_legal(game_.position(), list);
    for (const oc::Move move : list) {
      oc::Position next = game_.position();
      next.play(move);
      if (next.outcome() == win_for(role_of(side))) return true;
    }
    return false;
  }
  bool always_ends() const override { return true; }  // 36 squares

  std::unique_ptr<AnyGame> clone() const override {
    return std::make_unique<OrderChaosGame>(*this);
  }

  // Either side places either symbol, so the counts are per symbol and a turn's kind is
  // the symbol it placed.
  GameFacts facts() const override { return {{"X", "O"}, {"X", "O"}, false}; }

  TurnFacts last_turn_facts() const override {
    TurnFacts facts;
    for (const oc::Symbol symbol : {oc::Symbol::X, oc::Symbol::O}) {
      facts.pieces[static_cast<std::size_t>(oc::index(symbol))] =
          std::popcount(game_.position().pieces(symbol));
    }
    if (!game_.moves().empty()) facts.kinds = 1u << oc::index(game_.moves().back().symbol);
    return facts;
  }

  std::size_t legal_move_count() const override {
    if (game_.result().over()) return 0;
    return static_cast<std::size_t>(oc::count_legal(game_.position()));
  }

  std::size_t play_random(std::uint64_t random) override {
    if (game_.result().over()) throw GameError("the game is already over");
    oc::MoveList list;
    oc::generate_legal(game_.position(), list);
    const auto n = static_cast<std::size_t>(list.size);
    game_.play(list.moves[random_index(random, n)]);
    return n;
  }

 private:
  oc::Game game_;
};

}  // namespace

std::unique_ptr<AnyGame> make_orderchaos_game(const std::map<std::string, std::string>& options) {
  oc::RuleVersion version = oc::RuleVersion::Original;
  const std::string* position = nullptr;
  for (const auto& [key, value] : options) {
    if (key == "rules") {
      if (value != "original" && value != "exact-five") {
        throw GameError("Order and Chaos's rules are original or exact-five, not '" + value + "'");
      }
      version = value == "exact-five" ? oc::RuleVersion::ExactFive : oc::RuleVersion::Original;
    } else if (key == "position") {
      position = &value;
    } else if (key == "size") {
      if (value != "6x6")
        throw GameError("Order and Chaos is played on 6x6 only, not '" + value + "'");
    } else {
      throw GameError("Order and Chaos has no option '" + key + "' (known: rules, position)");
    }
  }
  oc::Position start = oc::Position::start(version);
  if (position) {
    try {
      start = oc::Position::parse(*position, version);
    } catch (const oc::PositionError& e) {
      throw GameError(e.what());
    }
  }
  return std::make_unique<OrderChaosGame>(oc::Game(start));
}

std::vector<std::string> orderchaos_moves_if_to_move(const AnyGame& game, Side) {
  return game.legal_moves();
}

std::unique_ptr<AnyGame> read_orderchaos_record(std::string_view text,
                                                std::map<std::string, std::string>& tags) {
  try {
    oc::Record record = oc::read_record(text);
    tags = std::move(record.tags);
    return std::make_unique<OrderChaosGame>(std::move(record.game));
  } catch (const oc::RecordError& e) {
    throw GameError(e.what());
  }
}

const orderchaos::Game& orderchaos_game_of(const AnyGame& game) {
  const auto* own = dynamic_cast<const OrderChaosGame*>(&game);
  if (!own)
    throw GameError("expected a game of Order and Chaos, not of " + std::string(game.game_title()));
  return own->rules_game();
}

}  // namespace games
