// The one error type the game service and the HTTP layer share: an HTTP status, a short
// machine-readable code and a sentence for people (docs/api.md lists the codes).
#pragma once

#include <stdexcept>
#include <string>

#include "server/common/utf8_text.h"

namespace ordo::server {

class ApiError : public std::runtime_error {
 public:
  // The message may quote what a client sent (a byte of it, or text cut short): it is
  // made valid UTF-8 here, so that every answer can be written as JSON.
  // A positive `retry_after_s` is sent as Retry-After (429 and 503 answers).
  ApiError(int status, std::string code, const std::string& message, int retry_after_s = 0)
      : std::runtime_error(valid_utf8(message)),
        status_(status),
        code_(std::move(code)),
        retry_after_s_(retry_after_s),
        message_(valid_utf8(message)) {}
  int status() const { return status_; }
  const std::string& code() const { return code_; }
  int retry_after_s() const { return retry_after_s_; }
  // The whole message: what() is a C string, cut at a NUL the client sent ("a%00b").
  const std::string& message() const { return message_; }

 private:
  int status_;
  std::string code_;
  int retry_after_s_;
  std::string message_;
};

}  // namespace ordo::server
