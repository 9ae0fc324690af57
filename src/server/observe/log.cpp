#include "server/observe/log.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <ctime>
#include <deque>
#include <mutex>
#include <nlohmann/json.hpp>

namespace ordo::server {

namespace {

struct Log {
  std::mutex mutex;  // one line at a time, and the settings
  LogSettings settings;
  // Every instance id set, kept (a deque's elements stay put), so that a request id may
  // be made from one without a lock while another is set.
  std::deque<std::string> prefixes;
};

Log& the_log() {
  static Log log;
  return log;
}

std::atomic<bool> access_on{false};
thread_local std::string current_request_id;
std::atomic<std::uint64_t> last_request{0};
// The instance's id for request ids, read without a lock (set rarely; Log::prefixes).
std::atomic<const std::string*> request_prefix{nullptr};

const char* level_name(LogLevel level) {
  switch (level) {
    case LogLevel::info:
      return "info";
    case LogLevel::warning:
      return "warning";
    case LogLevel::error:
      return "error";
  }
  return "info";
}

std::string now_utc() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()) % 1000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[40];
  const std::size_t n = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
  std::snprintf(text + n, sizeof text - n, ".%03dZ", static_cast<int>(ms.count()));
  return text;
}

// Text mode: a value with a space, quote or '=' (or none at all) is quoted as JSON quotes.
std::string text_value(const std::string& value) {
  const bool plain = !value.empty() && value.find_first_of(" \"=\n\t\\") == std::string::npos;
  return plain
             ? value
             : nlohmann::json(value).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void write_whole(const std::string& line) {
  std::string_view rest = line;
  while (!rest.empty()) {
    const ssize_t n = ::write(STDERR_FILENO, rest.data(), rest.size());
    if (n <= 0) return;  // nowhere to log: drop the line rather than stop the server
    rest.remove_prefix(static_cast<std::size_t>(n));
  }
}

}  // namespace

std::string log_line(LogFormat format, std::string_view time, LogLevel level,
                     std::string_view instance, std::string_view request_id,
                     std::string_view message, std::initializer_list<LogField> fields) {
  if (format == LogFormat::json) {
    nlohmann::ordered_json line{{"time", time},
                                {"level", level_name(level)},
                                {"instance", instance},
                                {"request_id", request_id},
                                {"message", message}};
    for (const LogField& field : fields) {
      const std::string name(field.name);
      if (field.is_number)
        line[name] = field.number;
      else if (field.is_real)
        line[name] = field.real;
      else
        line[name] = field.text;
    }
    return line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';
  }
  std::string line = std::string(time) + ' ' + level_name(level) +
                     " instance=" + text_value(std::string(instance));
  if (!request_id.empty()) line += " request=" + std::string(request_id);
  line += ' ';
  line += message;
  for (const LogField& field : fields) {
    line += ' ';
    line += field.name;
    line += '=';
    line += field.is_number ? std::to_string(field.number)
            : field.is_real ? std::to_string(field.real)
                            : text_value(field.text);
  }
  // One event, one line: a message with a line break in it stays on its line.
  for (char& c : line)
    if (c == '\n' || c == '\r') c = ' ';
  return line + '\n';
}

void set_log(LogSettings settings) {
  Log& log = the_log();
  std::lock_guard lock(log.mutex);
  access_on.store(settings.access);
  log.prefixes.push_back(settings.instance.empty() ? "r" : settings.instance);
  request_prefix.store(&log.prefixes.back());
  log.settings = std::move(settings);
}

bool access_log_on() {
  return access_on.load(std::memory_order_relaxed);
}

void log(LogLevel level, std::string_view message, std::initializer_list<LogField> fields) {
  Log& log = the_log();
  const std::string time = now_utc();
  std::lock_guard lock(log.mutex);
  const std::string line = log_line(log.settings.format, time, level, log.settings.instance,
                                    current_request_id, message, fields);
  if (log.settings.sink)
    log.settings.sink(line);
  else
    write_whole(line);
}

RequestIdScope::RequestIdScope(std::string id) : previous_(std::move(current_request_id)) {
  current_request_id = std::move(id);
}

RequestIdScope::~RequestIdScope() {
  current_request_id = std::move(previous_);
}

std::string new_request_id() {
  const std::string* prefix = request_prefix.load();
  return (prefix ? *prefix : std::string("r")) + '-' +
         std::to_string(last_request.fetch_add(1, std::memory_order_relaxed) + 1);
}

}  // namespace ordo::server
