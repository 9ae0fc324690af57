#include "match/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace ordo::match {

namespace {

using Clock = std::chrono::steady_clock;

// How long the destructor waits for a child to exit on its own before killing it.
constexpr auto kExitGrace = std::chrono::milliseconds(500);

}  // namespace

Subprocess::Subprocess(const std::vector<std::string>& argv) {
  if (argv.empty() || argv[0].empty()) throw std::runtime_error("no program to start");
  // Everything the child needs is prepared before fork: after it only async-signal-safe
  // calls are allowed (other threads may hold the allocator's locks).
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  int sockets[2];
  // CLOEXEC: children started by other threads at the same time must not inherit our end,
  // or our reads would never see the end of this child's output.
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0) {
    throw std::runtime_error(std::string("socketpair failed: ") + std::strerror(errno));
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int error = errno;
    ::close(sockets[0]);
    ::close(sockets[1]);
    throw std::runtime_error(std::string("fork failed: ") + std::strerror(error));
  }
  if (pid == 0) {
    ::setpgid(0, 0);
    const int null = ::open("/dev/null", O_WRONLY);
    if (::dup2(sockets[1], 0) < 0 || ::dup2(sockets[1], 1) < 0) ::_exit(127);
    if (null >= 0) ::dup2(null, 2);
    ::execvp(args[0], args.data());
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also here, so that kill() never races the child's own call
  ::close(sockets[1]);
  pid_ = pid;
  fd_ = sockets[0];
}

Subprocess::~Subprocess() {
  if (fd_ >= 0) ::close(fd_);  // end of input: a well-behaved engine exits
  fd_ = -1;
  const auto deadline = Clock::now() + kExitGrace;
  while (!exited() && Clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  kill();
}

void Subprocess::close_input() {
  if (fd_ >= 0) ::shutdown(fd_, SHUT_WR);
}

bool Subprocess::write_line(const std::string& line) {
  if (fd_ < 0) return false;
  const std::string text = line + '\n';
  std::size_t sent = 0;
  while (sent < text.size()) {
    const ssize_t n = ::send(fd_, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

Subprocess::ReadResult Subprocess::read_line(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    const auto newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return {ReadStatus::Line, std::move(line)};
    }
    if (buffer_.size() > kMaxLine) return {ReadStatus::TooLong, {}};
    if (closed_ || fd_ < 0) return {ReadStatus::Closed, {}};
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return {ReadStatus::Timeout, {}};
    pollfd p{fd_, POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left, 1 << 30)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;  // the deadline check above ends the wait
    char chunk[4096];
    const ssize_t n = ::recv(fd_, chunk, sizeof chunk, MSG_DONTWAIT);
    if (n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) continue;
    if (n <= 0) {
      closed_ = true;
      continue;  // a last line without a newline is dropped: it was never finished
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

void Subprocess::kill() {
  if (pid_ > 0 && !reaped_) {
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);  // in case it had not reached its own group yet
    reap(true);
  }
  closed_ = true;
}

bool Subprocess::exited() {
  if (!reaped_) reap(false);
  return reaped_;
}

void Subprocess::reap(bool wait) {
  if (pid_ <= 0 || reaped_) return;
  int status = 0;
  pid_t got = 0;
  do {
    got = ::waitpid(pid_, &status, wait ? 0 : WNOHANG);
  } while (got < 0 && errno == EINTR);
  if (got != pid_) return;
  reaped_ = true;
  if (WIFEXITED(status)) {
    exit_description_ = "exited with status " + std::to_string(WEXITSTATUS(status));
  } else if (WIFSIGNALED(status)) {
    exit_description_ = "killed by signal " + std::to_string(WTERMSIG(status));
  }
  // The rest of the group (a script's children) may still run: end it too.
  ::kill(-pid_, SIGKILL);
}

}  // namespace ordo::match
