// Stats files: read back as written, and merge inputs that are broken or not shards of
// one run refused with a message that names the file and the reason.
#include "stats/stats_json.h"

#include <gtest/gtest.h>

#include <string>

#include "stats/stats_runner.h"

namespace stats {
namespace {

RunResult shard_result(int k, int n, const std::string& rules = "classic",
                       const std::string& second = "random") {
  RunResult r;
  r.settings.game = {"ordo", {{"rules", rules}, {"size", "8x8"}}};
  r.settings.second = parse_player_choice(second);
  r.settings.games = 6;
  r.settings.seed = 3;
  r.shard_count = n;
  r.shards_played = {k};
  r.facts = games::make_game(r.settings.game)->facts();
  r.tally = run_games(r.settings, RunControl{1, Shard{k, n}, {}});
  return r;
}

// The message of the StatsFileError that `f` throws.
template <typename F>
std::string error_of(F f) {
  try {
    f();
  } catch (const StatsFileError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(StatsJson, ReadsBackWhatItWrites) {
  const RunResult r = shard_result(2, 3);
  const RunResult back = read_stats_json(write_stats_json(r), "a.json");
  EXPECT_EQ(back.tally, r.tally);
  EXPECT_TRUE(same_run(back.settings, r.settings));
  EXPECT_EQ(back.shard_count, 3);
  EXPECT_EQ(back.shards_played, (std::vector<int>{2}));
  EXPECT_EQ(write_stats_json(back), write_stats_json(r));
}

TEST(StatsJson, BrokenFilesAreRefusedWithTheirName) {
  const std::string good = write_stats_json(shard_result(1, 2));
  EXPECT_NE(
      error_of([] { read_stats_json("{\"format\": ", "cut.json"); }).find("cut.json: not JSON"),
      std::string::npos);
  EXPECT_NE(error_of([] { read_stats_json("[1, 2]", "list.json"); }).find("not a stats file"),
            std::string::npos);
  const auto damaged = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    return error_of([&] { read_stats_json(text, "d.json"); });
  };
  EXPECT_NE(damaged("\"limit_endings\": ", "\"limit_endings\": -")
                .find("'limit_endings' must be a whole"),
            std::string::npos);
  EXPECT_NE(damaged("\"tally\": {\n    \"games\": 3", "\"tally\": {\n    \"games\": 4")
                .find("do not add up"),
            std::string::npos);
  EXPECT_NE(damaged("\"seed\": 3", "\"sead\": 3").find("'seed' is missing"), std::string::npos);
  EXPECT_NE(damaged("\"second\": \"random\"", "\"second\": \"level:99\"").find("level"),
            std::string::npos);
  EXPECT_NE(damaged("\"played\": [\n      1", "\"played\": [\n      5").find("not one of 1..2"),
            std::string::npos);
}

TEST(StatsJson, MergeRefusesWhatIsNotShardsOfOneRun) {
  const RunResult a = shard_result(1, 2);
  const auto merge_error = [&](const RunResult& b) {
    return error_of([&] { merge_results({a, b}, {"a.json", "b.json"}); });
  };
  EXPECT_NE(
      merge_error(shard_result(2, 2, "x")).find("a.json and b.json are not shards of one run"),
      std::string::npos);
  EXPECT_NE(merge_error(shard_result(2, 2, "classic", "level:1")).find("not shards of one run"),
            std::string::npos);
  RunResult other_size = shard_result(2, 2);
  other_size.settings.game.options["size"] = "10x8";
  EXPECT_NE(merge_error(other_size).find("not shards of one run"), std::string::npos);
  RunResult other_game = shard_result(2, 2);
  other_game.settings.game.game = "orderchaos";
  EXPECT_NE(merge_error(other_game).find("not shards of one run"), std::string::npos);
  RunResult more_games = shard_result(2, 2);
  more_games.settings.games = 8;
  EXPECT_NE(merge_error(more_games).find("not shards of one run"), std::string::npos);
  EXPECT_NE(merge_error(a).find("overlap: both hold shard 1/2"), std::string::npos);
  EXPECT_NE(merge_error(shard_result(2, 3)).find("split the run differently"), std::string::npos);
  EXPECT_EQ(error_of([] { merge_results({}, {}); }), "nothing to merge");
}

}  // namespace
}  // namespace stats
