// `ordo-engine serve --data DIR` in a child process for the tests of what an operator
// sees (metrics, logs): its standard output and error in files of their own, so that a
// test can parse the log alone. Stopped with SIGTERM at the end of the test.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace ordo::server::testing {

class ServedChild {
 public:
  // Starts `binary serve --data DIR --host 127.0.0.1 --port P ARGS...` on a free port and
  // returns once it serves; throws with what it printed if it stops first or takes 60 s.
  ServedChild(const std::string& binary, const std::string& dir,
              const std::vector<std::string>& args);
  ~ServedChild();
  ServedChild(const ServedChild&) = delete;
  ServedChild& operator=(const ServedChild&) = delete;

  int port() const { return port_; }
  // Stops it (SIGTERM) and waits for it to exit.
  void stop();
  // What it wrote to its standard error (the log) so far.
  std::string log() const;

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  std::string out_path_, err_path_;
};

// A loopback port free now (bound and let go).
int free_loopback_port();

}  // namespace ordo::server::testing
