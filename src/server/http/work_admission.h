// Work that no client can monopolise (issue 57): each expensive kind of request (password
// hashing, analysis) runs on a pool of its own, so that neither holds up moves or the
// other; and each kind admits at most so many requests at once, waiting or running, and
// so many per client address. A request past either bound is answered at once (503 busy
// or 429 too_many_requests, with Retry-After) instead of queueing without end.
#pragma once

#include <array>
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "server/http/http_message.h"

namespace ordo::server {

enum class WorkKind { quick, hashing, analysis };
inline constexpr std::size_t kWorkKinds = 3;

struct WorkLimit {
  int threads = 1;     // the kind's own pool
  int in_all = 1;      // requests admitted at once, waiting or running
  int per_client = 1;  // of which from one client address
};

struct WorkLimits {
  // Argon2id takes a good part of a second and 64 MiB a hash: two at a time.
  WorkLimit hashing{2, 32, 4};
  // An analysis runs up to 5 s (Analyzer::kMaxMovetimeMs) on its own engine.
  WorkLimit analysis{2, 8, 2};
  const WorkLimit& of(WorkKind kind) const {
    return kind == WorkKind::hashing ? hashing : analysis;
  }
};

class WorkAdmission {
 public:
  explicit WorkAdmission(WorkLimits limits = {}) : limits_(limits) {}

  // Admits a request of `kind` (quick ones always); else the answer that refuses it.
  std::optional<HttpResponse> admit(WorkKind kind, const std::string& client);
  // An admitted request is done.
  void release(WorkKind kind, const std::string& client);
  const WorkLimits& limits() const { return limits_; }

 private:
  struct Counts {
    int in_all = 0;
    std::map<std::string, int> per_client;
  };
  WorkLimits limits_;
  std::mutex mutex_;
  std::array<Counts, kWorkKinds> counts_;
};

}  // namespace ordo::server
