// The page's files: those embedded at build time, or (for working on the page) those of a
// directory on disk, read on every request.
#pragma once

#include <optional>
#include <string>

namespace ordo::server {

struct StaticFile {
  std::string content;
  std::string content_type;
};

// "text/html; charset=utf-8" etc. from the file name's extension.
std::string content_type_for(const std::string& path);

class StaticFiles {
 public:
  // Empty `web_dir`: the embedded files.
  explicit StaticFiles(std::string web_dir = {}) : web_dir_(std::move(web_dir)) {}
  // `path` is relative to web/ ("js/board.js"); nullopt if there is no such file or the
  // path tries to leave the directory.
  std::optional<StaticFile> find(const std::string& path) const;

 private:
  std::string web_dir_;
};

}  // namespace ordo::server
