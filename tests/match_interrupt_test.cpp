// `ordo-engine match` stopped by SIGTERM, as a user's Ctrl-C or a time limit would stop it:
// the program says so and exits at once, and every game it reported finished is in the
// record file, also the games that finished after one still in play.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "util/text_file.h"

namespace {

using namespace std::chrono_literals;

std::string read_file(const std::string& path) {
  return ordo::read_text_file(path, "the match's file");
}

// The rounds of the progress lines ("game 7/10000: ...") in order of appearance.
std::vector<int> reported_rounds(const std::string& output) {
  static const std::regex line(R"(game (\d+)/\d+:)");
  std::vector<int> rounds;
  for (auto it = std::sregex_iterator(output.begin(), output.end(), line);
       it != std::sregex_iterator(); ++it)
    rounds.push_back(std::stoi((*it)[1]));
  return rounds;
}

std::vector<int> recorded_rounds(const std::string& records) {
  static const std::regex tag(R"re(\[Round "(\d+)"\])re");
  std::vector<int> rounds;
  for (auto it = std::sregex_iterator(records.begin(), records.end(), tag);
       it != std::sregex_iterator(); ++it)
    rounds.push_back(std::stoi((*it)[1]));
  return rounds;
}

pid_t start_match(const std::string& records, const std::string& output) {
  const std::vector<std::string> args = {ORDO_ENGINE_BINARY,
                                         "match",
                                         "--engine",
                                         "name=A,kind=ab,depth=2,hash=1",
                                         "--engine",
                                         "name=B,kind=uct,nodes=300",
                                         "--games",
                                         "100000",
                                         "--concurrency",
                                         "4",
                                         "--size",
                                         "8x8",
                                         "--move-limit",
                                         "60",
                                         "--out",
                                         records};
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  // The child starts with default signal handling whatever this process inherited (a
  // shell's background job ignores SIGINT, say).
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t signals;
  sigemptyset(&signals);
  posix_spawnattr_setsigmask(&attributes, &signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  posix_spawnattr_setsigdefault(&attributes, &signals);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  pid_t pid = -1;
  const int error = posix_spawn(&pid, argv[0], &actions, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  return error == 0 ? pid : -1;
}

// The exit status, or -1 if the process has not ended within the time.
int wait_for_exit(pid_t pid, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  int status = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    if (waitpid(pid, &status, WNOHANG) == pid) return status;
    std::this_thread::sleep_for(10ms);
  }
  kill(pid, SIGKILL);
  waitpid(pid, &status, 0);
  return -1;
}

TEST(MatchInterrupt, SigtermKeepsEveryFinishedGameAndExitsAtOnce) {
  const std::string records = ::testing::TempDir() + "interrupted_match.txt";
  const std::string output = ::testing::TempDir() + "interrupted_match.out";
  const pid_t pid = start_match(records, output);
  ASSERT_GT(pid, 0) << "could not start " << ORDO_ENGINE_BINARY;

  // Let a dozen games finish (four at a time, so some finish after one still in play).
  const auto deadline = std::chrono::steady_clock::now() + 120s;
  while (reported_rounds(read_file(output)).size() < 12 &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(20ms);
  ASSERT_EQ(kill(pid, SIGTERM), 0);
  const int status = wait_for_exit(pid, 20s);
  ASSERT_NE(status, -1) << "the match did not end within 20 s of SIGTERM";
  ASSERT_TRUE(WIFEXITED(status)) << "killed by the signal instead of handling it";
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGTERM);

  const std::string said = read_file(output);
  std::vector<int> reported = reported_rounds(said);
  ASSERT_GE(reported.size(), 12u) << said;
  EXPECT_NE(said.find("Interrupted by SIGTERM after " + std::to_string(reported.size()) +
                      " finished games; the records of all of them are in " + records),
            std::string::npos)
      << said;

  const std::vector<int> recorded = recorded_rounds(read_file(records));
  EXPECT_TRUE(std::is_sorted(recorded.begin(), recorded.end()));
  std::sort(reported.begin(), reported.end());
  EXPECT_EQ(recorded, reported) << "a game reported finished is missing from " << records;
}

}  // namespace
