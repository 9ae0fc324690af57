// The client's address for per-address limits: the peer's, or behind a trusted proxy the
// last X-Forwarded-For entry (earlier ones are the client's own and could be forged).
#include "server/http/client_address.h"

#include <gtest/gtest.h>

namespace ordo::server {
namespace {

TEST(ClientAddress, IsThePeerUnlessTheProxyIsTrusted) {
  EXPECT_EQ(client_address("10.0.0.1", "203.0.113.5", false), "10.0.0.1");
  EXPECT_EQ(client_address("10.0.0.1", std::nullopt, true), "10.0.0.1");
  EXPECT_EQ(client_address("10.0.0.1", "203.0.113.5", true), "203.0.113.5");
}

TEST(ClientAddress, TakesTheEntryTheProxyAppended) {
  EXPECT_EQ(client_address("10.0.0.1", "1.2.3.4, 198.51.100.7", true), "198.51.100.7");
  EXPECT_EQ(client_address("10.0.0.1", "forged,\t2001:db8::1 ", true), "2001:db8::1");
  EXPECT_EQ(client_address("10.0.0.1", "1.2.3.4, ", true), "10.0.0.1");
  EXPECT_EQ(client_address("10.0.0.1", std::string(100, 'a'), true), "10.0.0.1");
}

}  // namespace
}  // namespace ordo::server
