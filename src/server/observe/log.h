// The server's log: one line per event, each with its time (UTC), level, the instance's id
// and the request's id (where a request is being answered), as text or as JSON lines
// (serve --log-format). A line is written whole, in one write under one lock, so two
// threads' lines never splice. Never log a token, cookie or password.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace ordo::server {

enum class LogLevel { info, warning, error };
enum class LogFormat { text, json };

// A field of a line beyond the message: a name and its value, as text or a number.
struct LogField {
  LogField(std::string_view key, std::string value) : name(key), text(std::move(value)) {}
  LogField(std::string_view key, const char* value) : name(key), text(value) {}
  LogField(std::string_view key, std::int64_t value) : name(key), number(value), is_number(true) {}
  LogField(std::string_view key, int value) : LogField(key, std::int64_t{value}) {}
  LogField(std::string_view key, double value) : name(key), real(value), is_real(true) {}
  std::string_view name;
  std::string text;
  std::int64_t number = 0;
  double real = 0;
  bool is_number = false, is_real = false;
};

// Where lines go: standard error unless set (tests capture them).
using LogSink = std::function<void(std::string_view line)>;

struct LogSettings {
  LogFormat format = LogFormat::text;
  std::string instance;  // the instance's id (its lease holder name)
  bool access = false;   // a line per request answered
  LogSink sink;          // empty: standard error
};

void set_log(LogSettings settings);
bool access_log_on();

void log(LogLevel level, std::string_view message, std::initializer_list<LogField> fields = {});
inline void log_info(std::string_view message, std::initializer_list<LogField> fields = {}) {
  log(LogLevel::info, message, fields);
}
inline void log_warning(std::string_view message, std::initializer_list<LogField> fields = {}) {
  log(LogLevel::warning, message, fields);
}
inline void log_error(std::string_view message, std::initializer_list<LogField> fields = {}) {
  log(LogLevel::error, message, fields);
}

// The line as it would be written (the time given), for the tests of the format.
std::string log_line(LogFormat format, std::string_view time, LogLevel level,
                     std::string_view instance, std::string_view request_id,
                     std::string_view message, std::initializer_list<LogField> fields);

// While one lives, lines this thread logs carry `id` as their request id.
class RequestIdScope {
 public:
  explicit RequestIdScope(std::string id);
  ~RequestIdScope();
  RequestIdScope(const RequestIdScope&) = delete;
  RequestIdScope& operator=(const RequestIdScope&) = delete;

 private:
  std::string previous_;
};

// A request id unique in this process: the instance's id, a dash, a counter.
std::string new_request_id();

}  // namespace ordo::server
