#include "server/http/client_address.h"

namespace ordo::server {

std::string client_address(const std::string& peer, const std::optional<std::string>& forwarded,
                           bool trust_forwarded) {
  if (!trust_forwarded || !forwarded) return peer;
  std::string_view last = *forwarded;
  if (const std::size_t comma = last.rfind(','); comma != std::string_view::npos)
    last.remove_prefix(comma + 1);
  while (!last.empty() && (last.front() == ' ' || last.front() == '\t')) last.remove_prefix(1);
  while (!last.empty() && (last.back() == ' ' || last.back() == '\t')) last.remove_suffix(1);
  // Bounded, so a hostile header cannot make the throttle's keys large.
  if (last.empty() || last.size() > 64) return peer;
  return std::string(last);
}

}  // namespace ordo::server
