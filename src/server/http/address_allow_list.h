// Which client addresses may use a route (serve --metrics-from): a comma-separated list of
// addresses and networks ("127.0.0.0/8,::1,10.1.2.0/24"), "any", or "none".
#pragma once

#include <boost/asio/ip/network_v4.hpp>
#include <boost/asio/ip/network_v6.hpp>
#include <string>
#include <vector>

namespace ordo::server {

class AddressAllowList {
 public:
  // Throws std::invalid_argument naming the entry that is not an address or network.
  explicit AddressAllowList(const std::string& list);
  bool allows(const std::string& address) const;

 private:
  bool any_ = false;
  std::vector<boost::asio::ip::network_v4> v4_;
  std::vector<boost::asio::ip::network_v6> v6_;
};

}  // namespace ordo::server
