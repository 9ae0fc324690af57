#include "support/server_process.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
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

int reap(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

// A port free now, from the kernel: a port given to `serve` is that port or nothing.
int free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  const bool bound = fd >= 0 && bind(fd, reinterpret_cast<sockaddr*>(&address), size) == 0 &&
                     getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) == 0;
  if (fd >= 0) close(fd);
  if (!bound) throw std::runtime_error("no free loopback port");
  return ntohs(address.sin_port);
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
      "--host", "127.0.0.1", "--port",     std::to_string(free_port())};
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

int ServerProcess::stop() {
  if (pid_ <= 0) throw std::logic_error("ServerProcess::stop: it is not running");
  kill(pid_, SIGTERM);
  const int status = reap(pid_);
  pid_ = -1;
  return status;
}

std::string ServerProcess::log() const {
  return read_all(log_path_);
}

}  // namespace ordo::server::testing
