#include "server/http/address_allow_list.h"

#include <boost/asio/ip/address.hpp>
#include <stdexcept>

namespace ordo::server {

namespace ip = boost::asio::ip;

namespace {

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

}  // namespace

AddressAllowList::AddressAllowList(const std::string& list) {
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string entry = trimmed(list.substr(start, comma - start));
    start = comma + 1;
    if (entry == "any") {
      any_ = true;
      continue;
    }
    if (entry == "none" || (entry.empty() && list.find_first_not_of(" \t,") == std::string::npos))
      continue;
    boost::system::error_code ec;
    const std::string with_prefix = entry.find('/') != std::string::npos   ? entry
                                    : entry.find(':') != std::string::npos ? entry + "/128"
                                                                           : entry + "/32";
    if (entry.find(':') != std::string::npos) {
      const auto network = ip::make_network_v6(with_prefix, ec);
      if (!ec) v6_.push_back(network.canonical());
    } else {
      const auto network = ip::make_network_v4(with_prefix, ec);
      if (!ec) v4_.push_back(network.canonical());
    }
    if (ec || entry.empty())
      throw std::invalid_argument("'" + entry +
                                  "' is not an IP address or network (such as 10.0.0.0/8), "
                                  "'any' or 'none'");
  }
}

bool AddressAllowList::allows(const std::string& address) const {
  if (any_) return true;
  boost::system::error_code ec;
  auto parsed = ip::make_address(address, ec);
  if (ec) return false;
  // An IPv4 client on an IPv6 socket (::ffff:a.b.c.d) is that IPv4 client.
  if (parsed.is_v6() && parsed.to_v6().is_v4_mapped())
    parsed = ip::make_address_v4(ip::v4_mapped, parsed.to_v6());
  if (parsed.is_v4()) {
    const ip::network_v4 host(parsed.to_v4(), 32);
    for (const auto& network : v4_)
      if (host == network || host.is_subnet_of(network)) return true;
    return false;
  }
  const ip::network_v6 host(parsed.to_v6(), 128);
  for (const auto& network : v6_)
    if (host == network || host.is_subnet_of(network)) return true;
  return false;
}

}  // namespace ordo::server
