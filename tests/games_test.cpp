// The run-time game seam (src/engine): AnyGame for both games checked against the rules
// cores directly, the factory's errors, records of both formats, and AnyEngine for Ordo.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "engine/any_engine.h"
#include "engine/any_game.h"
#include "orderchaos/perft.h"
#include "orderchaos/record.h"
#include "ordo/ai/ordo_search.h"
#include "ordo/game.h"
#include "ordo/movegen.h"
#include "ordo/notation.h"
#include "ordo/perft.h"
#include "ordo/record.h"

namespace games {
namespace {

// The message of the GameError that `make` throws ("" if it throws none).
template <typename F>
std::string error_of(F make) {
  try {
    make();
  } catch (const GameError& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(AnyGame, FactoryNamesWhatIsWrong) {
  EXPECT_TRUE(contains(error_of([] { make_game({"chess", {}}); }), "unknown game 'chess'"));
  EXPECT_TRUE(contains(error_of([] {
                         make_game({"ordo", {{"rules", "y"}}});
                       }),
                       "classic or x, not 'y'"));
  EXPECT_TRUE(contains(error_of([] { make_game({"ordo", {{"size", "9x9"}}}); }), "'9x9'"));
  EXPECT_TRUE(contains(error_of([] {
                         make_game({"ordo", {{"colour", "red"}}});
                       }),
                       "no option 'colour'"));
  EXPECT_TRUE(contains(error_of([] { make_game({"ordo", {{"move-limit", "-3"}}}); }), "'-3'"));
  EXPECT_TRUE(contains(error_of([] {
                         make_game({"ordo", {{"repetition", "maybe"}}});
                       }),
                       "on or off"));
  EXPECT_TRUE(contains(error_of([] {
                         make_game({"ordo", {{"position", "8/8 w"}}});
                       }),
                       "bad position string"));
  EXPECT_TRUE(contains(error_of([] {
                         make_game({"orderchaos", {{"rules", "classic"}}});
                       }),
                       "original or exact-five, not 'classic'"));
  EXPECT_TRUE(contains(error_of([] { make_game({"orderchaos", {{"size", "8x8"}}}); }), "6x6"));
  EXPECT_TRUE(contains(error_of([] {
                         make_game({"orderchaos", {{"move-limit", "9"}}});
                       }),
                       "no option 'move-limit'"));
  EXPECT_TRUE(contains(error_of([] {
                         make_game({"orderchaos", {{"position", "6/6 order"}}});
                       }),
                       "6 ranks"));
  EXPECT_EQ(error_of([] { make_game({"ordo", {{"rules", "x"}, {"size", "8x8"}}}); }), "");
}

TEST(AnyGame, OrdoAgreesWithTheRulesCore) {
  const auto game = make_game({"ordo", {{"rules", "x"}, {"size", "8x8"}}});
  ordo::Game core(ordo::Position::start(ordo::Variant::X, 8, 8));
  EXPECT_EQ(game->game_name(), "ordo");
  EXPECT_EQ(game->rules_name(), "x");
  EXPECT_EQ(game->board_size(), std::make_pair(8, 8));
  EXPECT_EQ(game->start_position(), core.start_position().to_string());
  EXPECT_EQ(game->side_name(Side::First), "White");
  EXPECT_EQ(game->side_name(Side::Second), "Black");

  for (const std::string text : {"a2-b3", "a7-b6", "c2-c4"}) {
    const auto list = std::make_unique<ordo::MoveList>();
    core.legal_moves(*list);
    std::vector<std::string> expected;
    for (const ordo::Move& m : *list) expected.push_back(ordo::format_move(core.position(), m));
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(game->legal_moves(), expected);
    const ordo::Position before = core.position();
    EXPECT_EQ(game->play(text), ordo::format_move(before, core.play(text)));
    EXPECT_EQ(game->position(), core.position().to_string());
  }
  EXPECT_EQ(game->side_to_move(), Side::Second);
  EXPECT_EQ(game->moves(), (std::vector<std::string>{"a2-b3", "a7-b6", "c2-c4"}));
  ordo::Position pos = core.position();
  EXPECT_EQ(game->perft(2), ordo::perft(pos, 2));
  EXPECT_EQ(game->protocol_options(),
            (std::vector<std::pair<std::string, std::string>>{{"Rules", "x"}, {"Size", "8x8"}}));
  EXPECT_TRUE(game->undo());
  EXPECT_EQ(game->side_to_move(), Side::First);
  EXPECT_EQ(game->moves().size(), 2u);
}

TEST(AnyGame, AnIllegalMoveIsNamedAndChangesNothing) {
  for (const GameSpec& spec : {GameSpec{"ordo", {}}, GameSpec{"orderchaos", {}}}) {
    const auto game = make_game(spec);
    const std::string first = game->legal_moves().front();
    game->play(first);
    const std::string position = game->position();
    const std::vector<std::string> legal = game->legal_moves();
    // The square just taken / the piece just moved: not legal for the side to move.
    const std::string again = spec.game == "ordo" ? "a2-a3" : first;
    try {
      game->play(again);
      ADD_FAILURE() << spec.game << ": '" << again << "' was accepted";
    } catch (const MoveError& e) {
      EXPECT_TRUE(contains(e.what(), "'" + again + "'")) << e.what();
    }
    EXPECT_THROW(game->play("%%%"), MoveError);
    EXPECT_EQ(game->position(), position);
    EXPECT_EQ(game->legal_moves(), legal);
    EXPECT_EQ(game->moves(), std::vector<std::string>{first});
  }
}

TEST(AnyGame, PlayMovesNamesTheMoveAndKeepsTheGame) {
  const auto game = make_game({"orderchaos", {}});
  game->play("Xa1");
  try {
    play_moves(*game, {"Ob2", "Xc3", "Ob2"});
    ADD_FAILURE() << "a taken square was accepted";
  } catch (const MoveError& e) {
    EXPECT_EQ(std::string(e.what()),
              "move 3 'Ob2' (Chaos) is illegal: 'Ob2': b2 is taken (O stands there)");
  }
  EXPECT_EQ(game->moves(), std::vector<std::string>{"Xa1"});
  play_moves(*game, {"Ob2", "Xc3"});
  EXPECT_EQ(game->moves(), (std::vector<std::string>{"Xa1", "Ob2", "Xc3"}));
}

TEST(AnyGame, OrderAndChaosAgreesWithTheRulesCore) {
  const auto game = make_game({"orderchaos", {{"rules", "exact-five"}}});
  EXPECT_EQ(game->game_title(), "Order and Chaos");
  EXPECT_EQ(game->rules_name(), "exact-five");
  EXPECT_EQ(game->board_size(), std::make_pair(6, 6));
  EXPECT_EQ(game->side_name(Side::First), "Order");
  EXPECT_EQ(game->side_name(Side::Second), "Chaos");
  EXPECT_EQ(game->start_position(), "6/6/6/6/6/6 order");
  const std::vector<std::string> legal = game->legal_moves();
  EXPECT_EQ(legal.size(), 72u);
  EXPECT_TRUE(std::is_sorted(legal.begin(), legal.end()));
  orderchaos::Position start = orderchaos::Position::start(orderchaos::RuleVersion::ExactFive);
  EXPECT_EQ(game->perft(3), orderchaos::perft(start, 3));
  EXPECT_EQ(game->protocol_options(), (std::vector<std::pair<std::string, std::string>>{
                                          {"Game", "orderchaos"}, {"Rules", "exact-five"}}));
  EXPECT_EQ(game->play("Xa1"), "Xa1");
  EXPECT_EQ(game->side_to_move(), Side::Second);
  EXPECT_TRUE(game->always_ends());
}

TEST(AnyGame, OrderAndChaosResultsAndEndings) {
  // Four X on the first rank: a fifth wins for Order whoever places it.
  const auto game = make_game({"orderchaos", {{"position", "6/6/6/6/6/xxxx2 chaos"}}});
  EXPECT_TRUE(game->can_win_at_once(Side::First));
  EXPECT_FALSE(game->can_win_at_once(Side::Second));
  EXPECT_EQ(game->result().token, "*");
  game->play("Xe1");
  const GameResult won = game->result();
  EXPECT_EQ(won.outcome, Outcome::FirstWins);
  EXPECT_EQ(won.termination, "five in a row");
  EXPECT_EQ(won.token, "1-0");
  EXPECT_TRUE(game->legal_moves().empty());
  EXPECT_THROW(game->end(Ending::Resignation, Side::Second), GameError);  // already over

  const auto other = make_game({"orderchaos", {}});
  EXPECT_TRUE(contains(error_of([&] { other->end(Ending::Agreement, std::nullopt); }), "no draws"));
  other->end(Ending::Timeout, Side::First);
  EXPECT_EQ(other->result().outcome, Outcome::SecondWins);
  EXPECT_EQ(other->result().termination, "time forfeit");
  EXPECT_EQ(other->result().token, "0-1");
}

TEST(AnyGame, OrdoEndings) {
  const auto resigned = make_game({"ordo", {}});
  resigned->end(Ending::Resignation, Side::Second);
  EXPECT_EQ(resigned->result().outcome, Outcome::FirstWins);
  EXPECT_EQ(resigned->result().termination, "resignation");
  const auto agreed = make_game({"ordo", {}});
  agreed->end(Ending::Agreement, std::nullopt);
  EXPECT_EQ(agreed->result().outcome, Outcome::Draw);
  EXPECT_EQ(agreed->result().token, "1/2-1/2");
  EXPECT_FALSE(make_game({"ordo", {}})->always_ends());
  EXPECT_TRUE(make_game({"ordo", {{"move-limit", "100"}}})->always_ends());
}

TEST(AnyGame, RecordsInEachGamesOwnFormatReadBack) {
  const auto oc = make_game({"orderchaos", {}});
  play_moves(*oc, {"Xc3", "Od4", "Xa1"});
  oc->end(Ending::Resignation, Side::Second);
  const std::string text = oc->record({{"Order", "Ada"}, {"Chaos", "Ben"}});
  EXPECT_EQ(text.rfind("[Game \"Order and Chaos\"]", 0), 0u) << text;
  EXPECT_TRUE(contains(text, "[Order \"Ada\"]")) << text;
  const orderchaos::Record core = orderchaos::read_record(text);
  EXPECT_EQ(core.game.moves().size(), 3u);
  const AnyRecord back = read_any_record(text);
  EXPECT_EQ(back.game->game_name(), "orderchaos");
  EXPECT_EQ(back.game->moves(), oc->moves());
  EXPECT_EQ(back.game->result().termination, "resignation");
  EXPECT_EQ(back.tags.at("Chaos"), "Ben");

  const auto ordo_game = make_game({"ordo", {{"size", "8x8"}, {"move-limit", "50"}}});
  play_moves(*ordo_game, {"a2-b3", "a7-b6"});
  const std::string ordo_text = ordo_game->record({{"White", "W"}});
  EXPECT_NO_THROW(ordo::read_record(ordo_text));
  const AnyRecord ordo_back = read_any_record(ordo_text);
  EXPECT_EQ(ordo_back.game->game_name(), "ordo");
  EXPECT_EQ(ordo_back.game->moves(), ordo_game->moves());
  EXPECT_TRUE(ordo_back.game->always_ends());  // the move limit came back

  EXPECT_THROW(read_any_record("[Game \"Chess\"]\n\n1. e4 *\n"), GameError);
  EXPECT_THROW(read_any_record("[Game \"Order and Chaos\"]\n\n1. Xc3 Xc3 *\n"), GameError);
}

TEST(AnyGame, RecordsOneAfterAnotherReadBackEachByItsOwnGame) {
  const auto oc = make_game({"orderchaos", {}});
  play_moves(*oc, {"Xc3", "Od4"});
  const auto ordo_game = make_game({"ordo", {{"size", "8x8"}}});
  play_moves(*ordo_game, {"a2-b3"});
  const std::string two = oc->record({}) + "\n" + ordo_game->record({});
  const std::vector<AnyRecord> back = read_any_records(two);
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0].game->moves(), oc->moves());
  EXPECT_EQ(back[1].game->game_name(), "ordo");
  EXPECT_EQ(back[1].game->moves(), ordo_game->moves());

  // A bad record names its place among the others.
  const std::string bad = two + "\n[Game \"Order and Chaos\"]\n\n1. Xc3 Xc3 *\n";
  try {
    read_any_records(bad);
    ADD_FAILURE() << "read";
  } catch (const GameError& e) {
    const std::string line = std::to_string(std::count(two.begin(), two.end(), '\n') + 2);
    EXPECT_EQ(std::string(e.what()).rfind("bad record: game 3 (line " + line + "): ", 0), 0u)
        << e.what();
  }
  EXPECT_THROW(read_any_records(" \n\n"), GameError);
}

TEST(AnyEngine, OrdoEngineFindsTheSearchersMove) {
  const auto game = make_game({"ordo", {{"size", "8x8"}}});
  play_moves(*game, {"a2-b3", "a7-b6"});
  const auto engine = make_engine(*game, EngineSettings{.hash_mib = 16});
  engine->set_position(game->start_position(), game->moves());
  std::vector<int> depths;
  std::optional<std::string> best;
  engine->go(
      GoLimits{.depth = 2},
      EngineCallbacks{.on_info =
                          [&](const SearchInfo& info) {
                            depths.push_back(info.depth);
                            EXPECT_FALSE(info.pv.empty());
                          },
                      .on_best_move = [&](const std::optional<std::string>& m) { best = m; }});
  engine->wait();
  EXPECT_EQ(depths, (std::vector<int>{1, 2}));
  ASSERT_TRUE(best);
  // The same move as the searcher straight on the core's position.
  ordo::Game core(ordo::Position::start(ordo::Variant::Classic, 8, 8));
  core.play("a2-b3");
  core.play("a7-b6");
  ordo::AlphaBeta searcher(16);
  const std::atomic<bool> stop{false};
  const auto direct =
      searcher.search(core.position(), core.earlier_hashes(), {.depth = 2}, stop).best_move;
  EXPECT_EQ(*best, ordo::format_move(core.position(), *direct));

  EXPECT_THROW(engine->set_position(game->start_position(), {"a2-b3", "a2-b3"}), MoveError);
  EXPECT_THROW(engine->set_settings(EngineSettings{.searcher = "minimax"}), GameError);
  EXPECT_EQ(engine->settings().searcher, "alphabeta");
}

TEST(AnyEngine, EvaluationWeightsAreCheckedAndOnlyOrdoHasThem) {
  const auto ordo_game = make_game({"ordo", {{"size", "8x8"}}});
  const auto engine = make_engine(*ordo_game, EngineSettings{.hash_mib = 4});
  EXPECT_NO_THROW(engine->set_settings(EngineSettings{.eval_weights = "material=70,mean_rank=60"}));
  EXPECT_EQ(engine->settings().eval_weights, "material=70,mean_rank=60");
  const auto message = [&](const std::string& weights) -> std::string {
    try {
      engine->set_settings(EngineSettings{.eval_weights = weights});
    } catch (const GameError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_EQ(message("speed=3"), "EvalWeights: unknown weight 'speed'");
  EXPECT_EQ(message("material=lots"), "EvalWeights: weight 'material': 'lots' is not an integer");
  EXPECT_EQ(message("material"), "EvalWeights: weight 'material': expected name=value");
  // A refused setting changes nothing.
  EXPECT_EQ(engine->settings().eval_weights, "material=70,mean_rank=60");

  const auto oc_game = make_game({"orderchaos", {}});
  EXPECT_THROW(make_engine(*oc_game, EngineSettings{.eval_weights = "material=1"}), GameError);
}

TEST(AnyEngine, OrderAndChaosEngineTakesAWinInOne) {
  // Four X on the first rank and e1 empty: Xe1 is five in a row (f1 would leave a gap).
  const auto game = make_game({"orderchaos", {{"position", "6/6/6/6/6/xxxx2 order"}}});
  const auto engine = make_engine(*game, EngineSettings{.hash_mib = 4});
  engine->set_position(game->start_position(), {});
  std::optional<std::string> best;
  std::optional<int> mate;
  engine->go(
      GoLimits{.depth = 3},
      EngineCallbacks{.on_info = [&](const SearchInfo& info) { mate = info.mate; },
                      .on_best_move = [&](const std::optional<std::string>& m) { best = m; }});
  engine->wait();
  ASSERT_TRUE(best);
  EXPECT_EQ(*best, "Xe1");
  EXPECT_EQ(mate, std::optional<int>(1));
  game->play(*best);
  EXPECT_EQ(game->result().outcome, Outcome::FirstWins);
  // The engine takes only what its game has.
  EXPECT_THROW(engine->set_settings(EngineSettings{.searcher = "minimax"}), GameError);
  EXPECT_THROW(engine->set_position(game->start_position(), {"Xe1", "Oe1"}), MoveError);
  EXPECT_THROW(engine->set_position("6/6 order", {}), GameError);
}

}  // namespace
}  // namespace games
