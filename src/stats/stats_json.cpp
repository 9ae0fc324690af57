#include "stats/stats_json.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "stats/ludii_metrics.h"

namespace stats {

namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kFormat = "ordo-engine stats 1";

// ---- writing ----

Json share_json(std::uint64_t count, std::uint64_t games) {
  const Interval ci = wilson_interval(count, games);
  return {{"count", count},
          {"share", games == 0 ? 0.0 : static_cast<double>(count) / static_cast<double>(games)},
          {"low", ci.low},
          {"high", ci.high}};
}

Json value_json(double value, Interval ci) {
  return {{"value", value}, {"low", ci.low}, {"high", ci.high}};
}

double ratio(std::uint64_t a, std::uint64_t b) {
  return b == 0 ? 0.0 : static_cast<double>(a) / static_cast<double>(b);
}

Json outcomes_json(const Tally& t) {
  Json endings = Json::object();
  for (const auto& [name, count] : t.endings) endings[name] = share_json(count, t.games);
  return {{"first_wins", share_json(t.first_wins, t.games)},
          {"second_wins", share_json(t.second_wins, t.games)},
          {"draws", share_json(t.draws, t.games)},
          {"first_player_score", value_json(first_player_score(t), first_player_score_interval(t))},
          {"balance", balance(t)},
          {"completion", value_json(completion(t), completion_interval(t))},
          {"drawishness", value_json(drawishness(t), drawishness_interval(t))},
          {"endings", endings}};
}

Json duration_json(const Tally& t) {
  const Interval ci = t.ply_moments.mean_interval();
  const int min = t.plies.empty() ? 0 : t.plies.begin()->first;
  const int max = t.plies.empty() ? 0 : t.plies.rbegin()->first;
  return {{"mean", t.ply_moments.mean()},
          {"low", ci.low},
          {"high", ci.high},
          {"standard_deviation", t.ply_moments.standard_deviation()},
          {"min", min},
          {"lower_quartile", quantile(t.plies, 0.25)},
          {"median", quantile(t.plies, 0.5)},
          {"upper_quartile", quantile(t.plies, 0.75)},
          {"max", max}};
}

Json choice_json(const Tally& t, const games::GameFacts& facts) {
  std::uint64_t moves = 0;
  for (const std::uint64_t m : t.profile.legal_moves) moves += m;
  const std::uint64_t turns = t.ply_moments.sum;
  Json profile = Json::array();
  for (std::size_t i = 0; i < t.profile.games.size(); ++i)
    profile.push_back(ratio(t.profile.legal_moves[i], t.profile.games[i]));
  Json kinds = Json::object();
  for (std::size_t k = 0; k < facts.turn_kinds.size(); ++k) {
    kinds[facts.turn_kinds[k]] = share_json(k < t.turn_kinds.size() ? t.turn_kinds[k] : 0, turns);
  }
  return {{"legal_moves_per_ply", ratio(moves, turns)},
          {"legal_moves_by_ply", profile},
          {"turn_kinds", kinds}};
}

Json course_json(const Tally& t, const games::GameFacts& facts) {
  Json pieces = Json::object();
  for (std::size_t side = 0; side < 2; ++side) {
    Json by_ply = Json::array();
    for (std::size_t i = 0; i < t.profile.boards.size(); ++i)
      by_ply.push_back(ratio(t.profile.pieces[i][side], t.profile.boards[i]));
    pieces[facts.piece_kinds[side]] = by_ply;
  }
  Json course = {{"pieces_by_ply", pieces}};
  if (facts.has_groups) {
    course["groups"] = {
        {"splits_per_game",
         {ratio(t.groups.splits[0], t.games), ratio(t.groups.splits[1], t.games)}},
        {"reconnections_per_game",
         {ratio(t.groups.reconnections[0], t.games), ratio(t.groups.reconnections[1], t.games)}},
        {"games_with_split", share_json(t.groups.games_with_split, t.games)}};
  }
  const EvaluationCounts& e = t.evaluation;
  course["evaluation"] = {{"games", e.games},
                          {"decided_games", e.decided_games},
                          {"decisiveness", mean_decisiveness(t)},
                          {"lead_changes_per_game", ratio(e.lead_changes, e.games)},
                          {"lead_changes_per_evaluation", lead_changes_per_evaluation(t)}};
  return course;
}

Json histogram_summary_json(const Histogram& h, const Moments& m) {
  const Interval ci = m.mean_interval();
  Json counts = Json::object();
  for (const auto& [value, count] : h) counts[std::to_string(value)] = count;
  return {{"mean", m.mean()},
          {"low", ci.low},
          {"high", ci.high},
          {"lower_quartile", quantile(h, 0.25)},
          {"median", quantile(h, 0.5)},
          {"upper_quartile", quantile(h, 0.75)},
          {"max", h.empty() ? 0 : h.rbegin()->first},
          {"histogram", counts}};
}

Moments moments_of(const Histogram& h) {
  Moments m;
  for (const auto& [value, count] : h) {
    m.count += count;
    m.sum += static_cast<std::uint64_t>(value) * count;
    m.sum_squares += static_cast<std::uint64_t>(value) * static_cast<std::uint64_t>(value) * count;
  }
  return m;
}

// Only in runs of games worth points (the winner's points) and runs of matches.
void add_points_and_matches(Json& summary, const Tally& t) {
  if (!t.points.empty()) summary["points"] = histogram_summary_json(t.points, moments_of(t.points));
  const MatchCounts& m = t.matches;
  if (m.matches == 0) return;
  const Interval plies = m.plies.mean_interval();
  summary["matches"] = {
      {"matches", m.matches},
      {"first_wins", share_json(m.first_wins, m.matches)},
      {"games", histogram_summary_json(m.games, moments_of(m.games))},
      {"plies", {{"mean", m.plies.mean()}, {"low", plies.low}, {"high", plies.high}}}};
}

Json histogram_json(const Histogram& h) {
  Json list = Json::array();
  for (const auto& [value, count] : h) list.push_back(Json::array({value, count}));
  return list;
}

Json pair_json(const std::array<std::uint64_t, 2>& pair) {
  return Json::array({pair[0], pair[1]});
}

Json tally_json(const Tally& t) {
  Json endings = Json::object();
  for (const auto& [name, count] : t.endings) endings[name] = count;
  Json plies = Json::array();
  for (const auto& [value, count] : t.plies) plies.push_back(Json::array({value, count}));
  Json pieces = Json::array();
  for (const auto& p : t.profile.pieces) pieces.push_back(pair_json(p));
  const EvaluationCounts& e = t.evaluation;
  return {{"games", t.games},
          {"first_wins", t.first_wins},
          {"second_wins", t.second_wins},
          {"draws", t.draws},
          {"limit_endings", t.limit_endings},
          {"endings", endings},
          {"plies", plies},
          {"ply_sum", t.ply_moments.sum},
          {"ply_sum_squares", t.ply_moments.sum_squares},
          {"games_by_ply", t.profile.games},
          {"legal_moves_by_ply", t.profile.legal_moves},
          {"boards_by_ply", t.profile.boards},
          {"pieces_by_ply", pieces},
          {"turn_kinds", t.turn_kinds},
          {"splits", pair_json(t.groups.splits)},
          {"reconnections", pair_json(t.groups.reconnections)},
          {"games_with_split", t.groups.games_with_split},
          {"evaluated_games", e.games},
          {"evaluations", e.positions},
          {"lead_changes", e.lead_changes},
          {"decided_games", e.decided_games},
          {"decisiveness_millionths", e.decisiveness_millionths}};
}

// Written only where there is something, so that other runs' files stay as they were.
void add_points_and_matches_tally(Json& tally, const Tally& t) {
  if (!t.points.empty()) tally["points"] = histogram_json(t.points);
  const MatchCounts& m = t.matches;
  if (m.matches == 0) return;
  tally["matches"] = {{"matches", m.matches},
                      {"first_wins", m.first_wins},
                      {"games", histogram_json(m.games)},
                      {"plies", m.plies.count},
                      {"ply_sum", m.plies.sum},
                      {"ply_sum_squares", m.plies.sum_squares}};
}

Json settings_json(const RunSettings& s) {
  Json options = Json::object();
  for (const auto& [key, value] : s.game.options) options[key] = value;
  Json j = {{"game", s.game.game},
            {"options", options},
            {"first", s.first.text()},
            {"second", s.second.text()},
            {"games", s.games},
            {"seed", s.seed},
            {"random_plies", s.random_plies},
            {"eval_every", s.eval_every},
            {"eval_nodes", s.eval_nodes},
            {"decisive_score", s.decisive_score}};
  // Only in runs of matches, so that other runs' files stay as they were.
  if (s.match_to > 0) j["match_to"] = s.match_to;
  return j;
}

Json facts_json(const games::GameFacts& f) {
  Json j = {{"turn_kinds", f.turn_kinds},
            {"piece_kinds", Json::array({f.piece_kinds[0], f.piece_kinds[1]})},
            {"has_groups", f.has_groups},
            {"limit_ending", f.limit_ending}};
  // Only where it is not pieces, so that other games' files stay as they were.
  if (f.piece_measure != games::GameFacts{}.piece_measure) j["piece_measure"] = f.piece_measure;
  return j;
}

// ---- reading ----

// Reads fields with messages that name the field and the file.
class Reader {
 public:
  explicit Reader(const std::string& source) : source_(source) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw StatsFileError(source_ + ": " + what);
  }
  const Json& field(const Json& object, const char* key) const {
    if (!object.is_object()) fail(std::string("expected an object holding '") + key + "'");
    const auto it = object.find(key);
    if (it == object.end()) fail(std::string("'") + key + "' is missing");
    return *it;
  }
  std::uint64_t count(const Json& value, const char* key) const {
    if (!value.is_number_unsigned()) fail(std::string("'") + key + "' must be a whole number >= 0");
    return value.get<std::uint64_t>();
  }
  std::uint64_t count(const Json& object, const char* key, int) const {
    return count(field(object, key), key);
  }
  int small(const Json& object, const char* key) const {
    const std::uint64_t value = count(object, key, 0);
    if (value > 1'000'000'000) fail(std::string("'") + key + "' is too large");
    return static_cast<int>(value);
  }
  std::string text(const Json& value, const char* key) const {
    if (!value.is_string()) fail(std::string("'") + key + "' must be a string");
    return value.get<std::string>();
  }
  std::vector<std::uint64_t> counts(const Json& object, const char* key) const {
    const Json& list = field(object, key);
    if (!list.is_array()) fail(std::string("'") + key + "' must be a list");
    std::vector<std::uint64_t> out;
    for (const Json& v : list) out.push_back(count(v, key));
    return out;
  }
  Histogram histogram(const Json& list, const char* key) const {
    if (!list.is_array()) fail(std::string("'") + key + "' must be a list");
    Histogram h;
    for (const Json& entry : list) {
      const auto [value, count] = pair(entry, key);
      if (value > 1'000'000'000) fail(std::string("'") + key + "' holds a value too large");
      h[static_cast<int>(value)] += count;
    }
    return h;
  }
  std::array<std::uint64_t, 2> pair(const Json& value, const char* key) const {
    if (!value.is_array() || value.size() != 2) fail(std::string("'") + key + "' must be a pair");
    return {count(value[0], key), count(value[1], key)};
  }

 private:
  const std::string& source_;
};

Tally read_tally(const Json& j, const Reader& r) {
  Tally t;
  t.games = r.count(j, "games", 0);
  t.first_wins = r.count(j, "first_wins", 0);
  t.second_wins = r.count(j, "second_wins", 0);
  t.draws = r.count(j, "draws", 0);
  t.limit_endings = r.count(j, "limit_endings", 0);
  const Json& endings = r.field(j, "endings");
  if (!endings.is_object()) r.fail("'endings' must be an object");
  for (const auto& [name, count] : endings.items()) t.endings[name] = r.count(count, "endings");
  const Json& plies = r.field(j, "plies");
  if (!plies.is_array()) r.fail("'plies' must be a list");
  for (const Json& entry : plies) {
    const auto [value, count] = r.pair(entry, "plies");
    if (value > 100'000'000) r.fail("'plies' holds a game too long to be true");
    t.plies[static_cast<int>(value)] += count;
    t.ply_moments.count += count;
  }
  t.ply_moments.sum = r.count(j, "ply_sum", 0);
  t.ply_moments.sum_squares = r.count(j, "ply_sum_squares", 0);
  t.profile.games = r.counts(j, "games_by_ply");
  t.profile.legal_moves = r.counts(j, "legal_moves_by_ply");
  t.profile.boards = r.counts(j, "boards_by_ply");
  const Json& pieces = r.field(j, "pieces_by_ply");
  if (!pieces.is_array()) r.fail("'pieces_by_ply' must be a list");
  for (const Json& p : pieces) t.profile.pieces.push_back(r.pair(p, "pieces_by_ply"));
  t.turn_kinds = r.counts(j, "turn_kinds");
  t.groups.splits = r.pair(r.field(j, "splits"), "splits");
  t.groups.reconnections = r.pair(r.field(j, "reconnections"), "reconnections");
  t.groups.games_with_split = r.count(j, "games_with_split", 0);
  t.evaluation.games = r.count(j, "evaluated_games", 0);
  t.evaluation.positions = r.count(j, "evaluations", 0);
  t.evaluation.lead_changes = r.count(j, "lead_changes", 0);
  t.evaluation.decided_games = r.count(j, "decided_games", 0);
  t.evaluation.decisiveness_millionths = r.count(j, "decisiveness_millionths", 0);

  if (j.contains("points")) t.points = r.histogram(j["points"], "points");
  if (j.contains("matches")) {
    const Json& m = j["matches"];
    t.matches.matches = r.count(m, "matches", 0);
    t.matches.first_wins = r.count(m, "first_wins", 0);
    t.matches.games = r.histogram(r.field(m, "games"), "games");
    t.matches.plies.count = r.count(m, "plies", 0);
    t.matches.plies.sum = r.count(m, "ply_sum", 0);
    t.matches.plies.sum_squares = r.count(m, "ply_sum_squares", 0);
    std::uint64_t counted = 0, games = 0;
    for (const auto& [value, count] : t.matches.games) {
      counted += count;
      games += static_cast<std::uint64_t>(value) * count;
    }
    if (counted != t.matches.matches || t.matches.plies.count != t.matches.matches ||
        t.matches.first_wins > t.matches.matches)
      r.fail("the match counts do not add up to the matches");
    if (games != t.games) r.fail("the games of the matches do not add up to the games");
  }

  // What the counts must agree on, so that a damaged file is not merged silently.
  if (t.first_wins + t.second_wins + t.draws != t.games)
    r.fail("the wins and draws do not add up to the games");
  if (t.ply_moments.count != t.games) r.fail("the game lengths do not add up to the games");
  if (t.profile.legal_moves.size() != t.profile.games.size() ||
      t.profile.pieces.size() != t.profile.boards.size())
    r.fail("the per-ply lists differ in length");
  return t;
}

RunSettings read_settings(const Json& j, const Reader& r) {
  RunSettings s;
  s.game.game = r.text(r.field(j, "game"), "game");
  const Json& options = r.field(j, "options");
  if (!options.is_object()) r.fail("'options' must be an object");
  for (const auto& [key, value] : options.items()) s.game.options[key] = r.text(value, "options");
  try {
    s.first = parse_player_choice(r.text(r.field(j, "first"), "first"));
    s.second = parse_player_choice(r.text(r.field(j, "second"), "second"));
  } catch (const std::invalid_argument& e) {
    r.fail(e.what());
  }
  s.games = r.count(j, "games", 0);
  s.seed = r.count(j, "seed", 0);
  s.random_plies = r.small(j, "random_plies");
  s.eval_every = r.small(j, "eval_every");
  s.eval_nodes = r.count(j, "eval_nodes", 0);
  s.decisive_score = r.small(j, "decisive_score");
  if (j.contains("match_to")) s.match_to = r.small(j, "match_to");
  return s;
}

games::GameFacts read_facts(const Json& j, const Reader& r) {
  games::GameFacts f;
  const Json& kinds = r.field(j, "turn_kinds");
  if (!kinds.is_array()) r.fail("'turn_kinds' must be a list");
  for (const Json& k : kinds) f.turn_kinds.push_back(r.text(k, "turn_kinds"));
  const Json& pieces = r.field(j, "piece_kinds");
  if (!pieces.is_array() || pieces.size() != 2) r.fail("'piece_kinds' must be a pair");
  f.piece_kinds = {r.text(pieces[0], "piece_kinds"), r.text(pieces[1], "piece_kinds")};
  const Json& groups = r.field(j, "has_groups");
  if (!groups.is_boolean()) r.fail("'has_groups' must be true or false");
  f.has_groups = groups.get<bool>();
  f.limit_ending = r.text(r.field(j, "limit_ending"), "limit_ending");
  if (j.contains("piece_measure")) f.piece_measure = r.text(j["piece_measure"], "piece_measure");
  return f;
}

bool same_facts(const games::GameFacts& a, const games::GameFacts& b) {
  return a.turn_kinds == b.turn_kinds && a.piece_kinds == b.piece_kinds &&
         a.has_groups == b.has_groups && a.limit_ending == b.limit_ending &&
         a.piece_measure == b.piece_measure;
}

std::uint64_t expected_games(const RunResult& result) {
  std::uint64_t games = 0;
  for (const int k : result.shards_played)
    games += shard_games(result.settings.games, Shard{k, result.shard_count});
  return games;
}

// What the run's `games` counts: games, or matches in a run of matches.
std::uint64_t counted_items(const RunResult& result) {
  return result.settings.match_to > 0 ? result.tally.matches.matches : result.tally.games;
}

}  // namespace

std::string write_stats_json(const RunResult& result) {
  const bool whole = static_cast<int>(result.shards_played.size()) == result.shard_count;
  Json played = Json::array();
  if (whole) {
    played.push_back(1);
  } else {
    for (const int k : result.shards_played) played.push_back(k);
  }
  const Tally& t = result.tally;
  Json j = {{"format", kFormat},
            {"run", settings_json(result.settings)},
            {"shards", {{"count", whole ? 1 : result.shard_count}, {"played", played}}},
            {"facts", facts_json(result.facts)},
            {"summary",
             {{"games", t.games},
              {"outcomes", outcomes_json(t)},
              {"plies", duration_json(t)},
              {"choice", choice_json(t, result.facts)},
              {"course", course_json(t, result.facts)}}},
            {"tally", tally_json(t)}};
  add_points_and_matches(j["summary"], t);
  add_points_and_matches_tally(j["tally"], t);
  return j.dump(2) + '\n';
}

RunResult read_stats_json(const std::string& text, const std::string& source) {
  const Reader r(source);
  Json j;
  try {
    j = Json::parse(text);
  } catch (const Json::parse_error& e) {
    r.fail(std::string("not JSON: ") + e.what());
  }
  if (!j.is_object() || !j.contains("format") || j["format"] != kFormat)
    r.fail(std::string("not a stats file (its \"format\" is not \"") + kFormat + "\")");
  RunResult result;
  result.settings = read_settings(r.field(j, "run"), r);
  const Json& shards = r.field(j, "shards");
  result.shard_count = r.small(shards, "count");
  if (result.shard_count < 1) r.fail("'count' of the shards must be at least 1");
  result.shards_played.clear();
  const Json& played = r.field(shards, "played");
  if (!played.is_array() || played.empty()) r.fail("'played' must be a list of shards");
  for (const Json& k : played) {
    const std::uint64_t shard = r.count(k, "played");
    if (shard < 1 || shard > static_cast<std::uint64_t>(result.shard_count))
      r.fail("shard " + std::to_string(shard) + " is not one of 1.." +
             std::to_string(result.shard_count));
    result.shards_played.push_back(static_cast<int>(shard));
  }
  std::sort(result.shards_played.begin(), result.shards_played.end());
  if (std::adjacent_find(result.shards_played.begin(), result.shards_played.end()) !=
      result.shards_played.end())
    r.fail("a shard is listed twice");
  result.facts = read_facts(r.field(j, "facts"), r);
  result.tally = read_tally(r.field(j, "tally"), r);
  if (counted_items(result) != expected_games(result)) {
    const char* what = result.settings.match_to > 0 ? " matches" : " games";
    r.fail("holds " + std::to_string(counted_items(result)) + what + " where its shards have " +
           std::to_string(expected_games(result)));
  }
  return result;
}

RunResult merge_results(const std::vector<RunResult>& results,
                        const std::vector<std::string>& sources) {
  if (results.empty()) throw StatsFileError("nothing to merge");
  RunResult merged = results.front();
  std::set<int> played(merged.shards_played.begin(), merged.shards_played.end());
  for (std::size_t i = 1; i < results.size(); ++i) {
    const RunResult& next = results[i];
    const std::string both = sources.at(0) + " and " + sources.at(i);
    if (!same_run(next.settings, merged.settings)) {
      throw StatsFileError(
          both +
          " are not shards of one run: the game, its options, the players, "
          "the number of games, the match target, the seed or the evaluation settings differ");
    }
    if (!same_facts(next.facts, merged.facts))
      throw StatsFileError(both + " describe the game differently (another program version?)");
    if (next.shard_count != merged.shard_count) {
      throw StatsFileError(both + " split the run differently (" +
                           std::to_string(merged.shard_count) + " and " +
                           std::to_string(next.shard_count) + " shards)");
    }
    for (const int k : next.shards_played) {
      if (!played.insert(k).second) {
        throw StatsFileError(both + " overlap: both hold shard " + std::to_string(k) + "/" +
                             std::to_string(merged.shard_count));
      }
    }
    merged.tally.merge(next.tally);
  }
  merged.shards_played.assign(played.begin(), played.end());
  if (static_cast<int>(merged.shards_played.size()) == merged.shard_count) {
    merged.shard_count = 1;  // the whole run, as one run writes it
    merged.shards_played = {1};
  }
  return merged;
}

}  // namespace stats
