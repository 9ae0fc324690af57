// A real SMTP server on loopback for the tests (tests/mail/smtp_sink.py, aiosmtpd from
// Debian's python3-aiosmtpd) in a child process, and what it received, as its parser read
// it. The test executable names the script and Debian's interpreter (ORDO_SMTP_SINK,
// ORDO_SYSTEM_PYTHON, tests/CMakeLists.txt).
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>

#include "wait_until.h"

namespace ordo::testing {

namespace fs = std::filesystem;

// A loopback port nobody listens on now (bound and let go).
inline int free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0)
    throw std::runtime_error("no free loopback port");
  close(fd);
  return ntohs(address.sin_port);
}

inline std::string relay_url(int port) {
  return "smtp://127.0.0.1:" + std::to_string(port);
}

inline std::string sink_file_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// tests/mail/smtp_sink.py in a child process (killed with the test if it dies), writing
// what it receives into a directory of its own.
class SmtpSink {
 public:
  explicit SmtpSink(int port = 0) {
    char pattern[] = "/tmp/ordo-mail-XXXXXX";
    if (mkdtemp(pattern) == nullptr) throw std::runtime_error("mkdtemp failed");
    dir_ = pattern;
    int out[2];
    if (pipe(out) != 0) throw std::runtime_error("pipe failed");
    const std::string port_text = std::to_string(port);  // before fork: the child only execs
    pid_ = fork();
    if (pid_ == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      dup2(out[1], STDOUT_FILENO);
      close(out[0]);
      close(out[1]);
      execl(ORDO_SYSTEM_PYTHON, ORDO_SYSTEM_PYTHON, ORDO_SMTP_SINK, dir_.c_str(), port_text.c_str(),
            static_cast<char*>(nullptr));
      _exit(127);
    }
    close(out[1]);
    // Its first line, "port N", once it listens; the end of its output if it stops first.
    std::string line;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    char c = 0;
    while (line.find('\n') == std::string::npos && std::chrono::steady_clock::now() < deadline) {
      pollfd ready{out[0], POLLIN, 0};
      if (poll(&ready, 1, 100) <= 0) continue;
      if (read(out[0], &c, 1) != 1) break;
      line += c;
    }
    close(out[0]);
    if (line.rfind("port ", 0) != 0) {
      stop();
      throw std::runtime_error(
          "the SMTP sink did not start (Debian's python3-aiosmtpd: scripts/install-deps test)");
    }
    port_ = std::stoi(line.substr(5));
  }
  ~SmtpSink() {
    stop();
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }
  SmtpSink(const SmtpSink&) = delete;
  SmtpSink& operator=(const SmtpSink&) = delete;

  int port() const { return port_; }
  std::string url() const { return relay_url(port_); }

  // How many messages have arrived whole.
  std::size_t count() const {
    std::size_t n = 0;
    while (fs::exists(dir_ / (std::to_string(n + 1) + ".json"))) ++n;
    return n;
  }
  // Message k (from 1) as the sink's parser read it, and as it came.
  nlohmann::json parsed(std::size_t k) const {
    return nlohmann::json::parse(sink_file_text(dir_ / (std::to_string(k) + ".json")));
  }
  std::string raw(std::size_t k) const {
    return sink_file_text(dir_ / (std::to_string(k) + ".eml"));
  }
  // Whether `n` messages arrived within `timeout`.
  bool wait_for(std::size_t n, std::chrono::milliseconds timeout = std::chrono::seconds(10)) const {
    return ordo::testing::wait_until([&] { return count() >= n; }, timeout);
  }

 private:
  void stop() {
    if (pid_ <= 0) return;
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }

  fs::path dir_;
  pid_t pid_ = -1;
  int port_ = 0;
};

}  // namespace ordo::testing
