#include "util/text_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace ordo {

std::string read_text_file(const std::string& path, std::string_view what, std::size_t max_bytes) {
  // A directory opens as a stream and reads as an empty file: refuse it by name.
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored))
    throw std::invalid_argument("cannot read " + std::string(what) + " '" + path +
                                "': it is a directory");
  std::ifstream file(path, std::ios::binary);
  if (!file)
    throw std::invalid_argument("cannot read " + std::string(what) + " '" + path +
                                "': " + std::strerror(errno));
  // Read in blocks, so a file that never ends stops at the limit, not at memory's end.
  std::string text;
  char block[1 << 16];
  while (file.read(block, sizeof block) || file.gcount() > 0) {
    const auto got = static_cast<std::size_t>(file.gcount());
    if (text.size() + got > max_bytes)
      throw std::invalid_argument("cannot read " + std::string(what) + " '" + path +
                                  "': it is larger than " + std::to_string(max_bytes) + " bytes");
    text.append(block, got);
  }
  if (file.bad())
    throw std::invalid_argument("cannot read " + std::string(what) + " '" + path +
                                "': " + std::strerror(errno));
  return text;
}

std::ofstream open_output_file(const std::string& path) {
  std::ofstream file(path);
  if (!file) throw std::invalid_argument("cannot write '" + path + "': " + std::strerror(errno));
  return file;
}

}  // namespace ordo
