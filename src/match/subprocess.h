// A child process spoken to line by line over its standard input and output (POSIX).
//
// The child runs in its own process group and talks over one socket pair (so writing to a
// child that has died gives an error, never SIGPIPE). Reads wait at most a given time.
// The destructor closes the socket, gives the child a moment to exit, then kills the whole
// group and reaps it: no zombies, no orphans left running (a shell script's `sleep` too).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace ordo::match {

class Subprocess {
 public:
  // Starts argv[0] (searched in PATH when it has no '/') with the given arguments; its
  // standard error goes to /dev/null. Throws std::runtime_error if it cannot be started
  // (a program that exists but fails to exec shows up as closed output).
  explicit Subprocess(const std::vector<std::string>& argv);
  ~Subprocess();
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;

  // Writes one line (a newline is added); false if the child no longer reads.
  bool write_line(const std::string& line);

  enum class ReadStatus { Line, Timeout, Closed, TooLong };
  struct ReadResult {
    ReadStatus status;
    std::string line;  // without the newline (and without a trailing '\r')
  };
  // The next line, waiting at most `timeout`.
  ReadResult read_line(std::chrono::milliseconds timeout);

  // Ends the child's input (it reads end of file); its output can still be read.
  void close_input();
  pid_t pid() const { return pid_; }

  // Kills the child's process group now and reaps it; further reads say Closed.
  void kill();
  // Whether the child has exited (reaps it if so); how is in exit_description().
  bool exited();
  std::string exit_description() const { return exit_description_; }

  static constexpr std::size_t kMaxLine = 1 << 20;

 private:
  void reap(bool wait);

  pid_t pid_ = -1;
  int fd_ = -1;
  std::string buffer_;
  bool closed_ = false;
  bool reaped_ = false;
  std::string exit_description_;
};

}  // namespace ordo::match
