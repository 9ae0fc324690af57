#include "cli/text_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace ordo::cli {

std::string read_text_file(const std::string& path, std::string_view what) {
  // A directory opens as a stream and reads as an empty file: refuse it by name.
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored))
    throw std::invalid_argument("cannot read " + std::string(what) + " '" + path +
                                "': it is a directory");
  std::ifstream file(path, std::ios::binary);
  if (!file)
    throw std::invalid_argument("cannot read " + std::string(what) + " '" + path +
                                "': " + std::strerror(errno));
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

std::ofstream open_output_file(const std::string& path) {
  std::ofstream file(path);
  if (!file) throw std::invalid_argument("cannot write '" + path + "': " + std::strerror(errno));
  return file;
}

}  // namespace ordo::cli
