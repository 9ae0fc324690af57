#include "server/http/client_address.h"

#include <boost/asio/ip/address.hpp>

namespace ordo::server {

std::string client_address(const std::string& peer, const std::optional<std::string>& forwarded,
                           bool trust_forwarded) {
  if (!trust_forwarded || !forwarded) return peer;
  std::string_view last = *forwarded;
  if (const std::size_t comma = last.rfind(','); comma != std::string_view::npos)
    last.remove_prefix(comma + 1);
  while (!last.empty() && (last.front() == ' ' || last.front() == '\t')) last.remove_prefix(1);
  while (!last.empty() && (last.back() == ' ' || last.back() == '\t')) last.remove_suffix(1);
  // The proxy writes an IP address; anything else did not come from it, so the peer (the
  // proxy) is the address counted. Written back in one form, so one client is one key.
  boost::system::error_code not_an_address;
  const auto address = boost::asio::ip::make_address(std::string(last), not_an_address);
  if (not_an_address) return peer;
  return address.to_string();
}

}  // namespace ordo::server
