// A database the server cannot trust (empty, damaged, read-only, or failing its writes at
// start-up) is refused at open with a message that says what is wrong and what to do; it
// never starts as an empty server or ends the process with a stray thread.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <stdexcept>
#include <string>

#include "cli/app.h"
#include "server/game_service.h"
#include "server/sqlite_storage.h"
#include "server_test_util.h"
#include "support/cli_run.h"

namespace ordo::server {
namespace {

using testing::TempDir;

// The message of the error that opening `path` throws ("" if it opens).
std::string open_error(const std::string& path) {
  try {
    SqliteStorage storage(path);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

// A database of a few dozen games with moves: enough pages that one can be damaged.
void write_games(const std::string& path) {
  SqliteStorage storage(path);
  for (int g = 0; g < 40; ++g) {
    StoredGame game;
    game.id = "game" + std::to_string(g);
    game.mode = "local";
    game.rules = "classic";
    game.size = "8x8";
    game.start = "1bb2bb1/bbbbbbbb/b2bb2b/8/8/w2ww2w/wwwwwwww/1ww2ww1 w";
    game.white_name = "White player with a longish name " + std::to_string(g);
    game.black_name = "Black player with a longish name " + std::to_string(g);
    std::vector<StoredMove> moves;
    for (int ply = 0; ply < 30; ++ply)
      moves.push_back(
          {ply, "c2-c3 move " + std::to_string(ply), ply % 2 ? "black" : "white", 5, std::nullopt});
    storage.create_game(game, moves);
  }
}

void overwrite(const std::string& path, std::streamoff offset, const std::string& bytes) {
  std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
  file.seekp(offset);
  file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

TEST(ServerStorageFaults, AnEmptyFileIsRefusedNotServedAsAnEmptyDatabase) {
  TempDir dir;
  const std::string path = dir.file("ordo.sqlite");
  std::ofstream{path};
  const std::string error = open_error(path);
  EXPECT_NE(error.find("is empty (0 bytes)"), std::string::npos) << error;
  EXPECT_NE(error.find("Restore it from a backup, or delete it"), std::string::npos) << error;
  EXPECT_EQ(std::filesystem::file_size(path), 0u) << "nothing was written into it";
}

TEST(ServerStorageFaults, ServeRefusesToStartOnAnEmptyDatabase) {
  TempDir dir;
  std::ofstream{dir.file("ordo.sqlite")};
  const auto run =
      ordo::testing::run_cli_capturing({"serve", "--data", dir.path().string(), "--port", "1"});
  EXPECT_EQ(run.code, 1);
  EXPECT_NE(run.err.find("is empty (0 bytes)"), std::string::npos) << run.err;
  EXPECT_EQ(run.out.find("Serving"), std::string::npos) << run.out;
}

TEST(ServerStorageFaults, DamagedPagesAreFoundAtOpen) {
  TempDir dir;
  const std::string path = dir.file("ordo.sqlite");
  write_games(path);
  ASSERT_GT(std::filesystem::file_size(path), 8 * 4096u);
  // Pages 3 to 6 (of 4 KiB) become noise: tables and index pages alike.
  std::string noise(4 * 4096, '\0');
  for (std::size_t i = 0; i < noise.size(); ++i) noise[i] = static_cast<char>((i * 131) % 251);
  overwrite(path, 2 * 4096, noise);
  const std::string error = open_error(path);
  EXPECT_NE(error.find("is damaged"), std::string::npos) << error;
  EXPECT_NE(error.find(".recover"), std::string::npos) << error;
}

TEST(ServerStorageFaults, ADamagedHeaderIsFoundAtOpen) {
  TempDir dir;
  const std::string path = dir.file("ordo.sqlite");
  write_games(path);
  overwrite(path, 0, std::string(100, 'x'));
  const std::string error = open_error(path);
  EXPECT_NE(error.find("is damaged"), std::string::npos) << error;
}

TEST(ServerStorageFaults, AReadOnlyDatabaseIsRefused) {
  TempDir dir;
  const std::string path = dir.file("ordo.sqlite");
  write_games(path);
  ASSERT_EQ(chmod(path.c_str(), 0444), 0);
  ASSERT_EQ(chmod(dir.path().c_str(), 0555), 0);
  // Root writes any file, so the open runs in a child without root's rights.
  int pipe_ends[2];
  ASSERT_EQ(pipe(pipe_ends), 0);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    close(pipe_ends[0]);
    if (getuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) _exit(2);
    const std::string error = open_error(path);
    const ssize_t written = write(pipe_ends[1], error.data(), error.size());
    _exit(written == static_cast<ssize_t>(error.size()) ? 0 : 3);
  }
  close(pipe_ends[1]);
  std::string error;
  char buffer[512];
  ssize_t got;
  while ((got = read(pipe_ends[0], buffer, sizeof buffer)) > 0)
    error.append(buffer, static_cast<std::size_t>(got));
  close(pipe_ends[0]);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  chmod(dir.path().c_str(), 0755);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  EXPECT_NE(error.find("read-only"), std::string::npos) << error;
  EXPECT_NE(error.find("make both writable for this user"), std::string::npos) << error;
}

TEST(ServerStorageFaults, WritesFailingAtStartUpReachTheCallerAsAnError) {
  TempDir dir;
  SqliteStorage storage(dir.file("ordo.sqlite"));
  storage.refuse_writes(true);
  ServiceOptions options;
  options.clock_tick_ms = 0;
  // Before: the dispatcher thread was left running and the process ended in terminate.
  EXPECT_THROW(GameService service(storage, options), std::runtime_error);
}

}  // namespace
}  // namespace ordo::server
