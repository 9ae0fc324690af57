#include "support/power_cut_vfs.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <new>
#include <string>
#include <vector>

namespace ordo::testing {

namespace {

// What the page cache holds of one file beyond what is on disk: its whole content.
struct Shadow {
  std::vector<unsigned char> bytes;
};

struct State {
  sqlite3_vfs* real = nullptr;
  std::mutex mutex;
  std::map<std::string, Shadow> shadows;  // by path: files written since their last sync
  bool cut = false;
  std::atomic<long> syncs{0};
};

State& state() {
  static State s;
  return s;
}

struct CutFile {
  sqlite3_file base;  // must be first: SQLite sees this
  std::string* path;
  sqlite3_file* real;  // the real VFS's file, allocated right after this struct
};

sqlite3_file* real_of(sqlite3_file* f) {
  return reinterpret_cast<CutFile*>(f)->real;
}
const std::string& path_of(sqlite3_file* f) {
  return *reinterpret_cast<CutFile*>(f)->path;
}

// The file's shadow, made from the disk's content at its first unsynced write.
Shadow& shadow_of(sqlite3_file* f) {
  State& s = state();
  auto it = s.shadows.find(path_of(f));
  if (it != s.shadows.end()) return it->second;
  Shadow shadow;
  sqlite3_int64 size = 0;
  real_of(f)->pMethods->xFileSize(real_of(f), &size);
  shadow.bytes.resize(static_cast<std::size_t>(size));
  if (size > 0)
    real_of(f)->pMethods->xRead(real_of(f), shadow.bytes.data(), static_cast<int>(size), 0);
  return s.shadows.emplace(path_of(f), std::move(shadow)).first->second;
}

int cut_close(sqlite3_file* f) {
  auto* file = reinterpret_cast<CutFile*>(f);
  const int rc = file->real->pMethods ? file->real->pMethods->xClose(file->real) : SQLITE_OK;
  delete file->path;
  return rc;
}

int cut_read(sqlite3_file* f, void* out, int amount, sqlite3_int64 offset) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  const auto it = s.shadows.find(path_of(f));
  if (it == s.shadows.end()) return real_of(f)->pMethods->xRead(real_of(f), out, amount, offset);
  const auto& bytes = it->second.bytes;
  const sqlite3_int64 have =
      std::clamp<sqlite3_int64>(static_cast<sqlite3_int64>(bytes.size()) - offset, 0, amount);
  if (have > 0) std::memcpy(out, bytes.data() + offset, static_cast<std::size_t>(have));
  if (have == amount) return SQLITE_OK;
  std::memset(static_cast<unsigned char*>(out) + have, 0, static_cast<std::size_t>(amount - have));
  return SQLITE_IOERR_SHORT_READ;
}

int cut_write(sqlite3_file* f, const void* in, int amount, sqlite3_int64 offset) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  if (s.cut) return SQLITE_IOERR_WRITE;
  auto& bytes = shadow_of(f).bytes;
  if (bytes.size() < static_cast<std::size_t>(offset + amount))
    bytes.resize(static_cast<std::size_t>(offset + amount));
  std::memcpy(bytes.data() + offset, in, static_cast<std::size_t>(amount));
  return SQLITE_OK;
}

int cut_truncate(sqlite3_file* f, sqlite3_int64 size) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  if (s.cut) return SQLITE_IOERR_TRUNCATE;
  shadow_of(f).bytes.resize(static_cast<std::size_t>(size));
  return SQLITE_OK;
}

// What the page cache holds goes to the disk: the whole file, then the real sync.
int cut_sync(sqlite3_file* f, int flags) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  if (s.cut) return SQLITE_IOERR_FSYNC;
  const auto it = s.shadows.find(path_of(f));
  sqlite3_file* real = real_of(f);
  if (it != s.shadows.end()) {
    const auto& bytes = it->second.bytes;
    int rc = real->pMethods->xTruncate(real, static_cast<sqlite3_int64>(bytes.size()));
    // In pieces: the unix VFS writes at most 128 KiB at a time.
    constexpr std::size_t kPiece = 64 * 1024;
    for (std::size_t at = 0; rc == SQLITE_OK && at < bytes.size(); at += kPiece) {
      const std::size_t n = std::min(kPiece, bytes.size() - at);
      rc = real->pMethods->xWrite(real, bytes.data() + at, static_cast<int>(n),
                                  static_cast<sqlite3_int64>(at));
    }
    if (rc != SQLITE_OK) return rc;
    s.shadows.erase(it);
  }
  ++s.syncs;
  return real->pMethods->xSync(real, flags);
}

int cut_file_size(sqlite3_file* f, sqlite3_int64* size) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  const auto it = s.shadows.find(path_of(f));
  if (it == s.shadows.end()) return real_of(f)->pMethods->xFileSize(real_of(f), size);
  *size = static_cast<sqlite3_int64>(it->second.bytes.size());
  return SQLITE_OK;
}

int cut_lock(sqlite3_file* f, int level) {
  return real_of(f)->pMethods->xLock(real_of(f), level);
}
int cut_unlock(sqlite3_file* f, int level) {
  return real_of(f)->pMethods->xUnlock(real_of(f), level);
}
int cut_check_reserved(sqlite3_file* f, int* out) {
  return real_of(f)->pMethods->xCheckReservedLock(real_of(f), out);
}
// File controls (size hints, chunk sizes, ...) would act on the disk behind the shadow.
int cut_file_control(sqlite3_file*, int, void*) {
  return SQLITE_NOTFOUND;
}
int cut_sector_size(sqlite3_file* f) {
  return real_of(f)->pMethods->xSectorSize(real_of(f));
}
// No claim of safe overwrites or atomic writes: SQLite then syncs as on any disk.
int cut_device_characteristics(sqlite3_file*) {
  return 0;
}
// The WAL index in shared memory lives in RAM: the real one's, lost with the connections.
int cut_shm_map(sqlite3_file* f, int region, int size, int extend, void volatile** out) {
  return real_of(f)->pMethods->xShmMap(real_of(f), region, size, extend, out);
}
int cut_shm_lock(sqlite3_file* f, int offset, int n, int flags) {
  return real_of(f)->pMethods->xShmLock(real_of(f), offset, n, flags);
}
void cut_shm_barrier(sqlite3_file* f) {
  real_of(f)->pMethods->xShmBarrier(real_of(f));
}
int cut_shm_unmap(sqlite3_file* f, int delete_flag) {
  return real_of(f)->pMethods->xShmUnmap(real_of(f), delete_flag);
}

const sqlite3_io_methods kMethods = {
    2,  // no memory-mapped reads (xFetch), which would bypass the shadow
    cut_close,
    cut_read,
    cut_write,
    cut_truncate,
    cut_sync,
    cut_file_size,
    cut_lock,
    cut_unlock,
    cut_check_reserved,
    cut_file_control,
    cut_sector_size,
    cut_device_characteristics,
    cut_shm_map,
    cut_shm_lock,
    cut_shm_barrier,
    cut_shm_unmap,
    nullptr,
    nullptr};

int cut_open(sqlite3_vfs* vfs, const char* name, sqlite3_file* f, int flags, int* out_flags) {
  State& s = state();
  auto* file = reinterpret_cast<CutFile*>(f);
  file->real = reinterpret_cast<sqlite3_file*>(reinterpret_cast<char*>(f) + sizeof(CutFile));
  file->base.pMethods = nullptr;
  file->real->pMethods = nullptr;
  const int rc = s.real->xOpen(s.real, name, file->real, flags, out_flags);
  if (rc != SQLITE_OK) return rc;
  char full[1024];
  if (name == nullptr || s.real->xFullPathname(s.real, name, sizeof full, full) != SQLITE_OK)
    std::snprintf(full, sizeof full, "(temp %p)", static_cast<void*>(f));
  file->path = new std::string(full);
  file->base.pMethods = &kMethods;
  (void)vfs;
  return SQLITE_OK;
}

int cut_delete(sqlite3_vfs*, const char* name, int sync_dir) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  if (s.cut) return SQLITE_OK;  // the dead connections' deletes never reach the disk
  char full[1024];
  if (s.real->xFullPathname(s.real, name, sizeof full, full) == SQLITE_OK) s.shadows.erase(full);
  return s.real->xDelete(s.real, name, sync_dir);
}

int cut_access(sqlite3_vfs*, const char* name, int flags, int* out) {
  return state().real->xAccess(state().real, name, flags, out);
}
int cut_full_pathname(sqlite3_vfs*, const char* name, int n, char* out) {
  return state().real->xFullPathname(state().real, name, n, out);
}
void* cut_dl_open(sqlite3_vfs*, const char* name) {
  return state().real->xDlOpen(state().real, name);
}
void cut_dl_error(sqlite3_vfs*, int n, char* out) {
  state().real->xDlError(state().real, n, out);
}
void (*cut_dl_sym(sqlite3_vfs*, void* handle, const char* symbol))(void) {
  return state().real->xDlSym(state().real, handle, symbol);
}
void cut_dl_close(sqlite3_vfs*, void* handle) {
  state().real->xDlClose(state().real, handle);
}
int cut_randomness(sqlite3_vfs*, int n, char* out) {
  return state().real->xRandomness(state().real, n, out);
}
int cut_sleep(sqlite3_vfs*, int microseconds) {
  return state().real->xSleep(state().real, microseconds);
}
int cut_current_time(sqlite3_vfs*, double* out) {
  return state().real->xCurrentTime(state().real, out);
}
int cut_last_error(sqlite3_vfs*, int n, char* out) {
  return state().real->xGetLastError(state().real, n, out);
}
int cut_current_time64(sqlite3_vfs*, sqlite3_int64* out) {
  return state().real->xCurrentTimeInt64(state().real, out);
}

}  // namespace

PowerCutVfs::PowerCutVfs() {
  State& s = state();
  s.real = sqlite3_vfs_find(nullptr);
  s.cut = false;
  s.shadows.clear();
  vfs_.iVersion = 2;
  vfs_.szOsFile = static_cast<int>(sizeof(CutFile)) + s.real->szOsFile;
  vfs_.mxPathname = s.real->mxPathname;
  vfs_.zName = "ordo-power-cut";
  vfs_.xOpen = cut_open;
  vfs_.xDelete = cut_delete;
  vfs_.xAccess = cut_access;
  vfs_.xFullPathname = cut_full_pathname;
  vfs_.xDlOpen = cut_dl_open;
  vfs_.xDlError = cut_dl_error;
  vfs_.xDlSym = cut_dl_sym;
  vfs_.xDlClose = cut_dl_close;
  vfs_.xRandomness = cut_randomness;
  vfs_.xSleep = cut_sleep;
  vfs_.xCurrentTime = cut_current_time;
  vfs_.xGetLastError = cut_last_error;
  vfs_.xCurrentTimeInt64 = cut_current_time64;
  sqlite3_vfs_register(&vfs_, 1);
}

PowerCutVfs::~PowerCutVfs() {
  sqlite3_vfs_unregister(&vfs_);
  sqlite3_vfs_register(state().real, 1);
  power_restored();
}

void PowerCutVfs::power_cut() {
  State& s = state();
  std::lock_guard lock(s.mutex);
  s.shadows.clear();
  s.cut = true;
}

void PowerCutVfs::power_restored() {
  State& s = state();
  std::lock_guard lock(s.mutex);
  s.shadows.clear();
  s.cut = false;
}

long PowerCutVfs::syncs() const {
  return state().syncs.load();
}

}  // namespace ordo::testing
