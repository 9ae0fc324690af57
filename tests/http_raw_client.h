// A bare TCP client for the HTTP transport tests: it sends exactly the bytes given (half a
// header, two Content-Length headers, a body without end) and reads what comes back, each
// wait bounded by poll().
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ordo::server::testing {

class RawClient {
 public:
  explicit RawClient(int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd_ < 0) throw std::runtime_error("socket failed");
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
      ::close(fd_);
      throw std::runtime_error("connect failed");
    }
  }
  ~RawClient() {
    if (fd_ >= 0) ::close(fd_);
  }
  RawClient(const RawClient&) = delete;
  RawClient& operator=(const RawClient&) = delete;

  // False once the server no longer takes bytes (it closed or reset the connection).
  bool send(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t sent = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (sent <= 0) return false;
      bytes.remove_prefix(static_cast<std::size_t>(sent));
    }
    return true;
  }
  // Whether something (or the end) can be read within `wait`.
  bool readable(std::chrono::milliseconds wait) const {
    pollfd p{fd_, POLLIN, 0};
    return ::poll(&p, 1, static_cast<int>(wait.count())) > 0;
  }
  // Appends what arrives within `wait` to received(); false at the end of the stream.
  bool read_some(std::chrono::milliseconds wait) {
    if (!readable(wait)) return true;
    char chunk[16384];
    const ssize_t got = ::recv(fd_, chunk, sizeof chunk, 0);
    if (got <= 0) return false;
    received_.append(chunk, static_cast<std::size_t>(got));
    return true;
  }
  // Reads until `text` has arrived, the stream ends or `limit` passes; whether it arrived.
  bool read_until(std::string_view text, std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (received_.find(text) == std::string::npos) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          end - std::chrono::steady_clock::now());
      if (left.count() <= 0 || !read_some(left)) return received_.find(text) != std::string::npos;
    }
    return true;
  }
  // Reads until the server closes the connection, or `limit` passes; whether it closed.
  bool read_to_end(std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (true) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          end - std::chrono::steady_clock::now());
      if (left.count() <= 0) return false;
      if (!read_some(left)) return true;
    }
  }
  const std::string& received() const { return received_; }
  // The status code of the first answer received, 0 if none.
  int status() const {
    if (received_.rfind("HTTP/1.", 0) != 0 || received_.size() < 12) return 0;
    return std::stoi(received_.substr(9, 3));
  }
  // The body of a complete first answer (after the blank line), as received.
  std::string body() const {
    const std::size_t start = received_.find("\r\n\r\n");
    return start == std::string::npos ? std::string() : received_.substr(start + 4);
  }

 private:
  int fd_ = -1;
  std::string received_;
};

}  // namespace ordo::server::testing
