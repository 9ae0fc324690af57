// An `ordo-engine serve` child process for the tests of several instances (a real
// process, so that `kill -9` is a real death): it serves `--database URL` on a port of its
// own, dies with the test (a parent-death signal), and writes what it prints to a log the
// test shows when something fails.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace ordo::server::testing {

class ServerProcess {
 public:
  // Starts `binary serve --database URL --host 127.0.0.1 --port P ARGS...` and returns
  // once it serves (it prints its address); throws with its log if it stops first or
  // takes more than 60 s.
  ServerProcess(const std::string& binary, const std::string& database_url,
                const std::vector<std::string>& args);
  // Stops it (SIGTERM) if it still runs.
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  int port() const { return port_; }
  // SIGKILL: it dies at once, mid-work, as on a crash.
  void kill_hard();
  // SIGTERM, as a service manager stops it: returns once it has exited, with its exit
  // status (as waitpid gives it).
  int stop();
  // What it printed so far.
  std::string log() const;

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  std::string log_path_;
};

}  // namespace ordo::server::testing
