// `serve --port N` on a port that is taken: the server fails and says why, rather than
// serving on another port and leaving a balancer sending its requests nowhere (issue 60).
// The real binary, in a child process: a server that wrongly serves is killed at the
// deadline instead of hanging the test.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "server_test_util.h"

namespace ordo::server {
namespace {

using testing::TempDir;
using Clock = std::chrono::steady_clock;

// A socket listening on a free loopback port, held for the test.
class TakenPort {
 public:
  TakenPort() {
    fd_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    if (fd_ < 0 || bind(fd_, reinterpret_cast<sockaddr*>(&address), size) != 0 ||
        listen(fd_, 1) != 0 || getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &size) != 0)
      throw std::runtime_error("cannot hold a loopback port");
    port_ = ntohs(address.sin_port);
  }
  ~TakenPort() { close(fd_); }
  TakenPort(const TakenPort&) = delete;
  TakenPort& operator=(const TakenPort&) = delete;
  int port() const { return port_; }

 private:
  int fd_ = -1;
  int port_ = 0;
};

struct Outcome {
  bool exited = false;  // false: still running at the deadline (then killed)
  int code = -1;
  std::string log;  // standard output and error
};

// Runs `ordo-engine serve ARGS...` until it exits, or kills it after 60 s.
Outcome serve(const TempDir& dir, const std::vector<std::string>& args) {
  const std::string log_path = dir.file("serve.log");
  std::vector<std::string> argv{ORDO_ENGINE_BINARY, "serve", "--data", dir.file("data")};
  argv.insert(argv.end(), args.begin(), args.end());
  const pid_t child = fork();
  if (child == 0) {
    std::FILE* log = std::fopen(log_path.c_str(), "w");
    if (!log) _exit(127);
    dup2(fileno(log), 1);
    dup2(fileno(log), 2);
    std::vector<char*> raw;
    for (auto& arg : argv) raw.push_back(arg.data());
    raw.push_back(nullptr);
    execv(raw[0], raw.data());
    _exit(127);
  }
  Outcome outcome;
  int status = 0;
  const auto deadline = Clock::now() + std::chrono::seconds(60);
  while (Clock::now() < deadline) {
    if (waitpid(child, &status, WNOHANG) == child) {
      outcome.exited = true;
      outcome.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (!outcome.exited) {
    kill(child, SIGKILL);
    waitpid(child, &status, 0);
  }
  std::ifstream in(log_path);
  std::ostringstream text;
  text << in.rdbuf();
  outcome.log = text.str();
  return outcome;
}

TEST(ServePort, APortGivenThatIsTakenFailsWithTheReason) {
  TempDir dir;
  TakenPort taken;
  const std::string port = std::to_string(taken.port());
  const Outcome run = serve(dir, {"--host", "127.0.0.1", "--port", port});
  ASSERT_TRUE(run.exited) << "still serving after 60 s:\n" << run.log;
  EXPECT_EQ(run.code, 1) << run.log;
  EXPECT_NE(run.log.find("port " + port), std::string::npos) << run.log;
  EXPECT_NE(run.log.find("in use"), std::string::npos) << run.log;
  EXPECT_EQ(run.log.find("Open http://"), std::string::npos) << run.log;
}

// PostgreSQL's pool size and application name are refused without PostgreSQL, and a name
// PostgreSQL would cut or garble is refused before anything starts.
TEST(ServeOptions, DatabaseSettingsNeedADatabaseAndAFitName) {
  TempDir dir;
  const Outcome without = serve(dir, {"--db-connections", "2"});
  ASSERT_TRUE(without.exited) << without.log;
  EXPECT_EQ(without.code, 1) << without.log;
  EXPECT_NE(without.log.find("are for PostgreSQL (--database)"), std::string::npos) << without.log;
  const Outcome long_name = serve(dir, {"--db-application-name", std::string(64, 'a')});
  ASSERT_TRUE(long_name.exited) << long_name.log;
  EXPECT_EQ(long_name.code, 1) << long_name.log;
  EXPECT_NE(long_name.log.find("--db-application-name: "), std::string::npos) << long_name.log;
}

}  // namespace
}  // namespace ordo::server
