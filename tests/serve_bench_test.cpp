// serve-bench, the server's load test: a short run of each kind plays real games through
// HTTP without errors, and the rated kind's games are rated games between accounts.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "support/cli_run.h"

namespace ordo {
namespace {

// The count after "requests: " in serve-bench's report.
long requests_of(const std::string& report) {
  std::smatch m;
  return std::regex_search(report, m, std::regex("requests: (\\d+)")) ? std::stol(m[1]) : -1;
}

TEST(ServeBench, GuestGamesRunWithoutErrors) {
  const auto run = testing::run_cli_capturing(
      {"serve-bench", "--seconds", "1", "--clients", "2", "--games", "2"});
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("errors: 0\n"), std::string::npos) << run.out;
  EXPECT_GT(requests_of(run.out), 0) << run.out;
}

TEST(ServeBench, RatedGamesAreMadeThroughTheLobbyAndRunWithoutErrors) {
  const auto run = testing::run_cli_capturing(
      {"serve-bench", "--rated", "--seconds", "1", "--clients", "2", "--games", "2"});
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("2 rated games"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("errors: 0\n"), std::string::npos) << run.out;
  EXPECT_GT(requests_of(run.out), 0) << run.out;
  const auto refused =
      testing::run_cli_capturing({"serve-bench", "--rated", "--reuse-games", "--seconds", "1"});
  EXPECT_EQ(refused.code, 1);
  EXPECT_NE(refused.err.find("rated games do not allow"), std::string::npos) << refused.err;
}

}  // namespace
}  // namespace ordo
