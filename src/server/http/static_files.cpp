#include "server/http/static_files.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "server/http/embedded_web.h"

namespace ordo::server {

namespace {

bool safe_relative_path(const std::string& path) {
  if (path.empty() || path.front() == '/' || path.find('\\') != std::string::npos ||
      path.find('\0') != std::string::npos)
    return false;
  std::istringstream parts(path);
  std::string part;
  while (std::getline(parts, part, '/'))
    if (part.empty() || part == "." || part == "..") return false;
  return path.back() != '/';
}

}  // namespace

std::string content_type_for(const std::string& path) {
  static constexpr std::pair<const char*, const char*> kTypes[] = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},
      {".map", "application/json"},
      {".webmanifest", "application/manifest+json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".ico", "image/x-icon"},
      {".woff2", "font/woff2"},
      {".txt", "text/plain; charset=utf-8"},
      {".md", "text/plain; charset=utf-8"},
  };
  for (const auto& [extension, type] : kTypes) {
    const std::string ext = extension;
    if (path.size() >= ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0)
      return type;
  }
  return "application/octet-stream";
}

std::optional<StaticFile> StaticFiles::find(const std::string& path) const {
  if (!safe_relative_path(path)) return std::nullopt;
  if (web_dir_.empty()) {
    for (const auto& file : embedded_web_files()) {
      if (file.path && path == file.path)
        return StaticFile{std::string(reinterpret_cast<const char*>(file.data), file.size),
                          content_type_for(path)};
    }
    return std::nullopt;
  }
  const std::string full = web_dir_ + "/" + path;
  std::error_code error;
  if (!std::filesystem::is_regular_file(full, error)) return std::nullopt;
  std::ifstream in(full, std::ios::binary);
  if (!in) return std::nullopt;
  std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return std::nullopt;
  return StaticFile{std::move(content), content_type_for(path)};
}

}  // namespace ordo::server
