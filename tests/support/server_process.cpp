#include "support/server_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace ordo::server::testing {

namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void reap(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
}

// A port to start from: each process of this test run asks for a different one (the
// server takes the next free one if it is taken).
int first_port() {
  static std::atomic<int> next{20000 + static_cast<int>(getpid() % 2000) * 10};
  return next.fetch_add(3);
}

}  // namespace

ServerProcess::ServerProcess(const std::string& binary, const std::string& database_url,
                             const std::vector<std::string>& args) {
  static std::atomic<int> count{0};
  log_path_ = (std::filesystem::temp_directory_path() /
               ("ordo-serve-" + std::to_string(getpid()) + "-" + std::to_string(++count) + ".log"))
                  .string();
  std::vector<std::string> argv = {
      binary,   "serve",     "--database", database_url,
      "--host", "127.0.0.1", "--port",     std::to_string(first_port())};
  argv.insert(argv.end(), args.begin(), args.end());
  // Made before fork: the child of a threaded process may only make system calls.
  std::vector<char*> pointers;
  for (auto& a : argv) pointers.push_back(a.data());
  pointers.push_back(nullptr);
  const pid_t parent = getpid();
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    const int out = open(log_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (out < 0) _exit(126);
    dup2(out, 1);
    dup2(out, 2);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(126);
    execv(pointers[0], pointers.data());
    _exit(127);
  }
  // Serving once it prints its address; 60 s is generous on a loaded machine.
  const std::regex address(R"(Open http://127\.0\.0\.1:(\d+)/)");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  for (;;) {
    std::smatch match;
    const std::string printed = read_all(log_path_);
    if (std::regex_search(printed, match, address)) {
      port_ = std::stoi(match[1].str());
      return;
    }
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      throw std::runtime_error("ordo-engine serve stopped:\n" + printed);
    }
    if (std::chrono::steady_clock::now() > deadline) {
      kill_hard();
      throw std::runtime_error("ordo-engine serve did not start in 60 s:\n" + printed);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

ServerProcess::~ServerProcess() {
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    reap(pid_);
  }
  std::error_code ignored;
  std::filesystem::remove(log_path_, ignored);
}

void ServerProcess::kill_hard() {
  if (pid_ <= 0) return;
  kill(pid_, SIGKILL);
  reap(pid_);
  pid_ = -1;
}

std::string ServerProcess::log() const {
  return read_all(log_path_);
}

}  // namespace ordo::server::testing
