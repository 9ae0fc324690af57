#include "cli/text_file.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace ordo::cli {

std::string read_text_file(const std::string& path, std::string_view what) {
  std::ifstream file(path, std::ios::binary);
  if (!file)
    throw std::invalid_argument("cannot read " + std::string(what) + " '" + path +
                                "': " + std::strerror(errno));
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

}  // namespace ordo::cli
