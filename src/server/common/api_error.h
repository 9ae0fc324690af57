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
  ApiError(int status, std::string code, const std::string& message)
      : std::runtime_error(valid_utf8(message)), status_(status), code_(std::move(code)) {}
  int status() const { return status_; }
  const std::string& code() const { return code_; }

 private:
  int status_;
  std::string code_;
};

}  // namespace ordo::server
