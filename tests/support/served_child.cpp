#include "support/served_child.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace ordo::server::testing {

namespace {
std::string read_all(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}
}  // namespace

int free_loopback_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  if (fd < 0 || bind(fd, reinterpret_cast<sockaddr*>(&address), size) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) != 0)
    throw std::runtime_error("no free loopback port");
  close(fd);
  return ntohs(address.sin_port);
}

ServedChild::ServedChild(const std::string& binary, const std::string& dir,
                         const std::vector<std::string>& args)
    : port_(free_loopback_port()), out_path_(dir + "/serve.out"), err_path_(dir + "/serve.err") {
  std::vector<std::string> argv{binary,   "serve",     "--data", dir + "/data",
                                "--host", "127.0.0.1", "--port", std::to_string(port_)};
  argv.insert(argv.end(), args.begin(), args.end());
  pid_ = fork();
  if (pid_ == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    std::FILE* out = std::fopen(out_path_.c_str(), "w");
    std::FILE* err = std::fopen(err_path_.c_str(), "w");
    if (!out || !err) _exit(127);
    dup2(fileno(out), 1);
    dup2(fileno(err), 2);
    std::vector<char*> raw;
    for (auto& arg : argv) raw.push_back(arg.data());
    raw.push_back(nullptr);
    execv(raw[0], raw.data());
    _exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    if (read_all(out_path_).find("Open http://") != std::string::npos) return;
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      throw std::runtime_error("serve stopped:\n" + read_all(out_path_) + read_all(err_path_));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  stop();
  throw std::runtime_error("serve did not start in 60 s:\n" + read_all(err_path_));
}

ServedChild::~ServedChild() {
  stop();
}

void ServedChild::stop() {
  if (pid_ <= 0) return;
  kill(pid_, SIGTERM);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
}

std::string ServedChild::log() const {
  return read_all(err_path_);
}

}  // namespace ordo::server::testing
