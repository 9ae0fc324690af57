// A simulated power cut for SQLite, as a VFS shim over the real one: what a connection
// writes stays in memory (the operating system's page cache) until the file is synced,
// and power_cut() throws away everything not synced yet, as a machine losing power would.
// The connections open at the cut keep running against a dead disk: their writes, syncs
// and deletes are dropped, until power_restored(). Used only by tests.
#pragma once

#include <sqlite3.h>

namespace ordo::testing {

class PowerCutVfs {
 public:
  // Becomes SQLite's default VFS (so any sqlite3_open in the process goes through it).
  PowerCutVfs();
  ~PowerCutVfs();  // the real VFS is the default again
  PowerCutVfs(const PowerCutVfs&) = delete;
  PowerCutVfs& operator=(const PowerCutVfs&) = delete;

  void power_cut();
  void power_restored();
  // How many times a file was synced since the VFS was made.
  long syncs() const;

 private:
  sqlite3_vfs vfs_{};
};

}  // namespace ordo::testing
