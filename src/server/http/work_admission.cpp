#include "server/http/work_admission.h"

#include "server/http/http_json.h"

namespace ordo::server {

namespace {

HttpResponse refused(int status, const std::string& code, const std::string& message) {
  HttpResponse response = error_response(status, code, message);
  response.headers.emplace_back("Retry-After", "2");
  return response;
}

const char* described(WorkKind kind) {
  return kind == WorkKind::hashing ? "log-ins and registrations" : "analyses";
}

}  // namespace

std::optional<HttpResponse> WorkAdmission::admit(WorkKind kind, const std::string& client) {
  if (kind == WorkKind::quick) return std::nullopt;
  const WorkLimit& limit = limits_.of(kind);
  std::lock_guard lock(mutex_);
  Counts& counts = counts_[static_cast<std::size_t>(kind)];
  int& mine = counts.per_client[client];
  if (mine >= limit.per_client) {
    if (mine == 0) counts.per_client.erase(client);
    return refused(429, "too_many_requests",
                   std::string("too many ") + described(kind) +
                       " from this address at once; wait for the earlier ones");
  }
  if (counts.in_all >= limit.in_all) {
    if (mine == 0) counts.per_client.erase(client);
    return refused(503, "busy",
                   std::string("the server has too many ") + described(kind) +
                       " waiting; try again in a moment");
  }
  ++mine;
  ++counts.in_all;
  return std::nullopt;
}

void WorkAdmission::release(WorkKind kind, const std::string& client) {
  if (kind == WorkKind::quick) return;
  std::lock_guard lock(mutex_);
  Counts& counts = counts_[static_cast<std::size_t>(kind)];
  --counts.in_all;
  const auto it = counts.per_client.find(client);
  if (it != counts.per_client.end() && --it->second <= 0) counts.per_client.erase(it);
}

}  // namespace ordo::server
