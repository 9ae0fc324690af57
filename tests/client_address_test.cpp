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

// What HAProxy sends when the client wrote an X-Forwarded-For line of its own: the client's
// line, then the proxy's, joined by read_request.
TEST(ClientAddress, TheProxysLineWinsOverTheClients) {
  EXPECT_EQ(client_address("127.0.0.1", "203.0.113.9, 198.51.100.7", true), "198.51.100.7");
  EXPECT_EQ(client_address("127.0.0.1", "203.0.113.9, 203.0.113.10, 198.51.100.7", true),
            "198.51.100.7");
  // The client's line empty, or ending in a comma: still the proxy's entry.
  EXPECT_EQ(client_address("127.0.0.1", ", 198.51.100.7", true), "198.51.100.7");
  EXPECT_EQ(client_address("127.0.0.1", "203.0.113.9,, 198.51.100.7", true), "198.51.100.7");
}

// A last entry that no proxy wrote counts as the peer: a client cannot pick a fresh key
// per try with junk, nor make a key of its own text.
TEST(ClientAddress, ALastEntryThatIsNoAddressIsThePeer) {
  for (const char* junk :
       {"unknown", "_hidden", "198.51.100.7:4711", "[2001:db8::1]", "198.51.100.256", "198.51.100",
        "2001:db8::1::2", "x 198.51.100.7", "198.51.100.7\r\nX: y", ""})
    EXPECT_EQ(client_address("10.0.0.1", std::string("203.0.113.9, ") + junk, true), "10.0.0.1")
        << junk;
}

TEST(ClientAddress, OneClientIsOneKey) {
  EXPECT_EQ(client_address("10.0.0.1", "2001:DB8:0:0::1", true), "2001:db8::1");
  EXPECT_EQ(client_address("10.0.0.1", "2001:db8::1", true), "2001:db8::1");
}

}  // namespace
}  // namespace ordo::server
