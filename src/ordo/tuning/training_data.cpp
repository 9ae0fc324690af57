#include "ordo/tuning/training_data.h"

#include <charconv>
#include <istream>
#include <ostream>
#include <stdexcept>

namespace ordo {

namespace {

// An integer within the evaluation's range (mate scores are clamped below it).
std::optional<int> parse_search_score(std::string_view token) {
  int value = 0;
  const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (error != std::errc() || end != token.data() + token.size()) return std::nullopt;
  if (value < -kMaxSearchLabel || value > kMaxSearchLabel) return std::nullopt;
  return value;
}

}  // namespace

TrainingData generate_training_data(const DataConfig& config,
                                    const std::function<void(int, int)>& progress) {
  TrainingData data;
  data.variant = config.play.variant;
  const EvalWeights weights = EvalWeights::defaults(config.play.variant, config.play.width);
  for (int i = 0; i < config.games; ++i) {
    Game game = random_opening(config.play, config.seed * 1000003 + static_cast<std::uint64_t>(i));
    const std::size_t first = game.moves().size();
    play_out(game, config.play, weights, weights);
    append_game_positions(game, first, data);
    if (progress) progress(i + 1, config.games);
  }
  return data;
}

int append_game_positions(const Game& game, std::size_t first_ply, TrainingData& data,
                          const PositionFilter& keep) {
  // Replay to list the positions with the game's final result.
  Game replay(game.start_position(), game.options());
  int left_out = 0;
  for (std::size_t m = 0; m < game.moves().size(); ++m) {
    if (m >= first_ply) {
      if (!keep || keep(replay.position())) {
        data.positions.push_back({replay.position().to_string(), game.result().outcome});
      } else {
        ++left_out;
      }
    }
    replay.play(game.moves()[m]);
  }
  return left_out;
}

double white_result(Outcome result) {
  return result == Outcome::WhiteWins ? 1.0 : result == Outcome::BlackWins ? 0.0 : 0.5;
}

void write_training_data(const TrainingData& data, const std::string& header, std::ostream& out) {
  out << "# ordo-tune data rules=" << variant_name(data.variant) << '\n';
  if (!header.empty()) out << "# " << header << '\n';
  for (const LabelledPosition& p : data.positions) {
    out << p.position << ' ' << result_token(p.result);
    if (p.search_score) out << ' ' << *p.search_score;
    out << '\n';
  }
}

TrainingData read_training_data(std::istream& in) {
  TrainingData data;
  bool has_rules = false;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    const std::string where = "line " + std::to_string(number) + ": ";
    if (line.empty()) continue;
    if (line[0] == '#') {
      const auto at = line.find("rules=");
      if (number == 1 && at != std::string::npos) {
        const std::string rules = line.substr(at + 6, line.find(' ', at) - at - 6);
        if (rules != "classic" && rules != "x")
          throw std::invalid_argument(where + "unknown rules '" + rules + "'");
        data.variant = rules == "x" ? Variant::X : Variant::Classic;
        has_rules = true;
      }
      continue;
    }
    if (!has_rules)
      throw std::invalid_argument(where + "the first line must be '# ordo-tune data rules=...'");
    LabelledPosition labelled;
    std::string_view rest = line;
    // The last token may be a search score; the one before it is then the result.
    auto space = rest.rfind(' ');
    auto result =
        space == std::string_view::npos ? std::nullopt : parse_result_token(rest.substr(space + 1));
    if (!result && space != std::string_view::npos) {
      labelled.search_score = parse_search_score(rest.substr(space + 1));
      if (!labelled.search_score)
        throw std::invalid_argument(where + "'" + std::string(rest.substr(space + 1)) +
                                    "' is neither a result (1-0, 0-1, 1/2-1/2) nor a search "
                                    "score (an integer)");
      rest = rest.substr(0, space);
      space = rest.rfind(' ');
      result = space == std::string_view::npos ? std::nullopt
                                               : parse_result_token(rest.substr(space + 1));
    }
    if (!result || *result == Outcome::Ongoing)
      throw std::invalid_argument(where +
                                  "expected a position string, a result (1-0, 0-1, "
                                  "1/2-1/2) and optionally a search score");
    labelled.position = std::string(rest.substr(0, space));
    labelled.result = *result;
    try {
      (void)Position::parse(labelled.position, data.variant);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(where + e.what());
    }
    data.positions.push_back(std::move(labelled));
  }
  if (!has_rules) throw std::invalid_argument("no '# ordo-tune data rules=...' header line");
  return data;
}

}  // namespace ordo
