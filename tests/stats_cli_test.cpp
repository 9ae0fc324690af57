// `ordo-engine stats` through run_cli: a run and its shards merged by the command give the
// same file, bad input gets a message and exit status 1, and the plots are written.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/app.h"
#include "util/progress_bar.h"

namespace ordo::cli {
namespace {

struct CliRun {
  int status;
  std::string out;
  std::string err;
};

CliRun run(const std::vector<std::string>& args) {
  std::istringstream in;
  std::ostringstream out, err;
  const int status = run_cli(args, in, out, err);
  return {status, out.str(), err.str()};
}

std::string temp_path(const std::string& name) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return ::testing::TempDir() + "ordo_stats_" + info->name() + "_" + name;
}

std::string contents(const std::string& path) {
  std::ifstream file(path);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// The players are random by default (--first/--white, --second/--black).
const std::vector<std::string> kRun = {"stats", "--game",  "ordo", "--rules", "x", "--size",
                                       "8x8",   "--games", "5",    "--seed",  "9"};

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST(StatsCli, ShardsMergedByTheCommandEqualOneRun) {
  const std::string whole = temp_path("whole.json");
  const CliRun one = run(with(kRun, {"--white", "random", "--threads", "2", "--json", whole}));
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_NE(one.out.find("first player (random) wins"), std::string::npos) << one.out;
  std::vector<std::string> merge = {"stats", "merge"};
  for (const char* shard : {"1/2", "2/2"}) {
    const std::string path = temp_path(std::string("shard") + shard[0] + ".json");
    const CliRun part = run(with(kRun, {"--shard", shard, "--json", path}));
    ASSERT_EQ(part.status, 0) << part.err;
    merge.push_back(path);
  }
  const std::string merged = temp_path("merged.json");
  const std::string plots = temp_path("plots");
  const CliRun m = run(with(merge, {"--json", merged, "--svg-dir", plots}));
  ASSERT_EQ(m.status, 0) << m.err;
  EXPECT_EQ(contents(merged), contents(whole));
  for (const char* plot : {"length.svg", "branching.svg", "pieces.svg"}) {
    EXPECT_EQ(contents(plots + "/" + plot).rfind("<svg", 0), 0u) << plot;
  }
  // The same shard twice is refused, naming both files.
  const CliRun twice = run({"stats", "merge", merge[2], merge[2]});
  EXPECT_EQ(twice.status, 1);
  EXPECT_NE(twice.err.find("overlap: both hold shard 1/2"), std::string::npos) << twice.err;
}

TEST(StatsCli, BadInputGetsAMessage) {
  const CliRun player = run(with(kRun, {"--white", "level:12"}));
  EXPECT_EQ(player.status, 1);
  EXPECT_NE(player.err.find("level takes a whole number from 1 to 10"), std::string::npos)
      << player.err;
  const CliRun shard = run(with(kRun, {"--shard", "3/2"}));
  EXPECT_EQ(shard.status, 1);
  EXPECT_NE(shard.err.find("--shard is K/N"), std::string::npos) << shard.err;
  const CliRun option = run(with(kRun, {"--option", "colour=red"}));
  EXPECT_EQ(option.status, 1);
  EXPECT_NE(option.err.find("Ordo has no option 'colour'"), std::string::npos) << option.err;
  const CliRun twice = run(with(kRun, {"--option", "rules=classic"}));
  EXPECT_EQ(twice.status, 1);
  EXPECT_NE(twice.err.find("--option rules is given twice"), std::string::npos) << twice.err;

  const std::string broken = temp_path("broken.json");
  std::ofstream(broken) << "{\"format\": \"ordo-engine stats 1\", \"run\": ";
  const CliRun merge = run({"stats", "merge", broken});
  EXPECT_EQ(merge.status, 1);
  EXPECT_NE(merge.err.find(broken + ": not JSON"), std::string::npos) << merge.err;
}

TEST(StatsCli, CompareWritesTheScoreByRun) {
  std::vector<std::string> files;
  for (const char* black : {"random", "nodes:50"}) {
    files.push_back(temp_path(std::string(black).substr(0, 5) + ".json"));
    const CliRun r = run({"stats", "--game", "orderchaos", "--games", "4", "--black", black,
                          "--json", files.back()});
    ASSERT_EQ(r.status, 0) << r.err;
  }
  const std::string svg = temp_path("score.svg");
  const CliRun c = run({"stats", "compare", files[0], files[1], "--svg", svg});
  ASSERT_EQ(c.status, 0) << c.err;
  EXPECT_NE(c.out.find("random vs nodes:50"), std::string::npos) << c.out;
  EXPECT_NE(contents(svg).find("random vs nodes:50"), std::string::npos);
}

TEST(StatsCli, TimeLeftFromTheTimeSpent) {
  EXPECT_EQ(time_left_text(10, 0, 100), "");
  EXPECT_EQ(time_left_text(10, 50, 100), "about 10 s left");   // 10 s for half
  EXPECT_EQ(time_left_text(60, 10, 100), "about 9 min left");  // 6 s each, 90 left
  EXPECT_EQ(time_left_text(3600, 1, 3), "about 2.0 h left");
  std::ostringstream out;
  ProgressBar bar(out, "games");
  bar.update(1, 4, "about 3 s left");
  EXPECT_NE(out.str().find("1/4, about 3 s left"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace ordo::cli
