#include "support/pg_cluster.h"

#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <pqxx/pqxx>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "server/storage/pg/pg_storage.h"

namespace ordo::server::testing {

namespace {

constexpr const char* kUser = "ordo";  // the cluster's superuser (trust authentication)
constexpr int kPort = 5432;            // names the socket file; no TCP port is opened

// The newest installed server's bin directory.
std::filesystem::path postgres_bin() {
  std::filesystem::path best;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/usr/lib/postgresql", error)) {
    const auto bin = entry.path() / "bin";
    if (std::filesystem::exists(bin / "postgres") &&
        (best.empty() || std::stoi(entry.path().filename().string()) >
                             std::stoi(best.parent_path().filename().string())))
      best = bin;
  }
  if (best.empty())
    throw std::runtime_error(
        "no PostgreSQL server in /usr/lib/postgresql (scripts/install-deps test installs it)");
  return best;
}

// The user the server runs as: ourselves, or `nobody` when we are root.
struct RunAs {
  uid_t uid;
  gid_t gid;
};
RunAs run_as() {
  if (geteuid() != 0) return {geteuid(), getegid()};
  const passwd* nobody = getpwnam("nobody");
  if (!nobody) throw std::runtime_error("running as root, and there is no user 'nobody'");
  return {nobody->pw_uid, nobody->pw_gid};
}

// Starts `argv` as the unprivileged user, its output into `log`; it gets SIGQUIT (an
// immediate shutdown for postgres) if this thread ends first.
pid_t spawn(const std::vector<std::string>& argv, const std::string& log) {
  const RunAs user = run_as();
  const pid_t parent = getpid();
  // Made before fork: the child of a threaded process may only make system calls.
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    const int out = open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    if (out < 0) _exit(126);
    dup2(out, 1);
    dup2(out, 2);
    if (geteuid() == 0 &&
        (setgroups(0, nullptr) != 0 || setgid(user.gid) != 0 || setuid(user.uid) != 0))
      _exit(126);
    // After setuid, which clears it.
    prctl(PR_SET_PDEATHSIG, SIGQUIT);
    if (getppid() != parent) _exit(126);
    execv(args[0], args.data());
    _exit(127);
  }
  return pid;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

int wait_for(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

PgCluster::PgCluster() {
  const auto bin = postgres_bin();
  std::string pattern = (std::filesystem::temp_directory_path() / "ordo-pg-XXXXXX").string();
  if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  dir_ = pattern;
  const RunAs user = run_as();
  if (chown(dir_.c_str(), user.uid, user.gid) != 0)
    throw std::runtime_error("cannot hand " + dir_ + " to the server's user");
  const std::string data = dir_ + "/data", log = dir_ + "/log";
  { std::ofstream touch(log); }
  if (chown(log.c_str(), user.uid, user.gid) != 0)
    throw std::runtime_error("cannot hand " + log + " to the server's user");
  const pid_t initdb = spawn({(bin / "initdb").string(), "-D", data, "-U", kUser, "--auth=trust",
                              "--locale=C", "--encoding=UTF8", "--no-sync"},
                             log);
  if (wait_for(initdb) != 0) throw std::runtime_error("initdb failed:\n" + read_file(log));
  server_ = spawn({(bin / "postgres").string(), "-D", data, "-k", dir_, "-p", std::to_string(kPort),
                   "-c", "listen_addresses=", "-c", "fsync=off", "-c", "full_page_writes=off", "-c",
                   "max_connections=200", "-c", "shared_buffers=32MB"},
                  log);
  // Ready when it takes a connection (the socket appears once it listens); 60 s is
  // generous on a loaded machine.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  for (;;) {
    try {
      pqxx::connection probe(url("postgres"));
      break;
    } catch (const std::exception&) {
      int status = 0;
      if (waitpid(server_, &status, WNOHANG) == server_) {
        server_ = -1;
        throw std::runtime_error("postgres stopped:\n" + read_file(log));
      }
      if (std::chrono::steady_clock::now() > deadline)
        throw std::runtime_error("postgres did not start in 60 s:\n" + read_file(log));
      usleep(20'000);
    }
  }
  // The migrated template: its schema made once, by the storage's own migrations.
  create_database("ordo_template", "template0");
  PgStorage migrate(url("ordo_template"), 1);
}

PgCluster::~PgCluster() {
  if (server_ > 0) {
    kill(server_, SIGQUIT);  // immediate shutdown: nothing in it is kept
    wait_for(server_);
  }
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

std::string PgCluster::url(const std::string& database) const {
  return "postgresql:///" + database + "?host=" + dir_ + "&port=" + std::to_string(kPort) +
         "&user=" + kUser;
}

void PgCluster::create_database(const std::string& name, const std::string& template_name) {
  pqxx::connection admin(url("postgres"));
  pqxx::nontransaction t(admin);
  // Names are ours (letters, digits, underscores), never input.
  t.exec("CREATE DATABASE " + name + " TEMPLATE " + template_name);
}

std::string PgCluster::new_database(bool migrated) {
  const std::string name = "test_" + std::to_string(++databases_);
  create_database(name, migrated ? "ordo_template" : "template0");
  return url(name);
}

std::string PgCluster::run_program(const std::string& program,
                                   const std::vector<std::string>& args) const {
  std::vector<std::string> argv = {(postgres_bin() / program).string()};
  argv.insert(argv.end(), args.begin(), args.end());
  const std::string log = path(program + "-" + std::to_string(getpid()) + ".log");
  std::filesystem::remove(log);
  const int status = wait_for(spawn(argv, log));
  std::string printed = read_file(log);
  std::filesystem::remove(log);
  if (status != 0)
    throw std::runtime_error(program + " exited " + std::to_string(status) + ":\n" + printed);
  return printed;
}

PgCluster& test_cluster() {
  static PgCluster cluster;
  return cluster;
}

}  // namespace ordo::server::testing
