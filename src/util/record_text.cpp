#include "util/record_text.h"

#include <algorithm>
#include <cctype>

namespace common {

namespace {

std::string trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

// [Name "value"], with \" and \\ escaped in the value.
std::pair<std::string, std::string> parse_tag(const std::string& line, int line_number) {
  const std::string where = "line " + std::to_string(line_number) + ": ";
  std::size_t i = 1;
  std::string name;
  while (i < line.size() && (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_')) {
    name += line[i++];
  }
  if (name.empty()) record_fail(where + "a tag needs a name, as in [White \"Ada\"]");
  while (i < line.size() && line[i] == ' ') ++i;
  if (i >= line.size() || line[i] != '"')
    record_fail(where + "tag " + name + " needs a quoted value");
  std::string value;
  for (++i;; ++i) {
    if (i >= line.size()) record_fail(where + "tag " + name + " has no closing quote");
    if (line[i] == '"') break;
    if (line[i] == '\\') {
      if (++i >= line.size()) record_fail(where + "tag " + name + " ends inside an escape");
      if (line[i] != '"' && line[i] != '\\')
        record_fail(where + "tag " + name + " has an unknown escape");
    }
    value += line[i];
  }
  if (trim(std::string_view(line).substr(i + 1)) != "]") {
    record_fail(where + "tag " + name + " must end with '\"]'");
  }
  return {name, value};
}

std::string quote(const std::string& value) {
  std::string out = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + '"';
}

// Words of the movetext, without {comments}.
std::vector<std::string> words(std::string_view movetext) {
  std::vector<std::string> result;
  std::string current;
  bool in_comment = false;
  for (char c : movetext) {
    if (in_comment) {
      if (c == '}') in_comment = false;
      continue;
    }
    if (c == '{' || std::isspace(static_cast<unsigned char>(c))) {
      if (!current.empty()) result.push_back(current), current.clear();
      in_comment = c == '{';
      continue;
    }
    current += c;
  }
  if (in_comment) record_fail("a comment '{' is never closed");
  if (!current.empty()) result.push_back(current);
  return result;
}

// "12." or "12..." (possibly glued to a move: "12.e3-e4") -> number and the rest.
MovetextToken split_move_number(const std::string& word) {
  std::size_t i = 0;
  while (i < word.size() && std::isdigit(static_cast<unsigned char>(word[i]))) ++i;
  if (i == 0 || i >= word.size() || word[i] != '.') return {0, word};
  const int number = std::stoi(word.substr(0, std::min<std::size_t>(i, 6)));
  while (i < word.size() && word[i] == '.') ++i;
  return {number, word.substr(i)};
}

}  // namespace

void record_fail(const std::string& why) {
  throw RecordError("bad record: " + why);
}

const std::string* RecordText::tag(const std::string& name) const {
  const auto it = tags.find(name);
  return it == tags.end() ? nullptr : &it->second;
}

std::vector<RecordChunk> split_records(std::string_view text) {
  std::vector<RecordChunk> chunks;
  std::size_t start = std::string_view::npos;  // where the current record began
  bool movetext_seen = false;
  int line_number = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string line = trim(text.substr(at, end - at));
    ++line_number;
    if (!line.empty()) {
      const bool tag = line.front() == '[';
      if (start == std::string_view::npos || (tag && movetext_seen)) {
        if (start != std::string_view::npos) chunks.back().text = text.substr(start, at - start);
        start = at;
        chunks.push_back({text.substr(at), line_number});
        movetext_seen = false;
      }
      if (!tag) movetext_seen = true;
    }
    at = end + 1;
  }
  return chunks;
}

RecordText read_record_text(std::string_view text) {
  RecordText record;
  std::size_t pos = 0;
  int line_number = 1;
  while (pos < text.size()) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    const std::string line = trim(text.substr(pos, end - pos));
    if (!line.empty() && line[0] != '[') break;
    if (!line.empty()) {
      auto [name, value] = parse_tag(line, line_number);
      if (!record.tags.emplace(name, value).second) {
        record_fail("line " + std::to_string(line_number) + ": tag " + name + " appears twice");
      }
    }
    pos = end + 1;
    ++line_number;
  }
  for (const std::string& word : words(text.substr(std::min(pos, text.size()))))
    record.tokens.push_back(split_move_number(word));
  return record;
}

void RecordWriter::tag(std::string_view name, const std::string& value) {
  out_ << '[' << name << ' ' << quote(value) << "]\n";
}

void RecordWriter::word(const std::string& text) {
  if (!in_movetext_) out_ << '\n';
  in_movetext_ = true;
  if (!line_.empty() && line_.size() + 1 + text.size() > 79) out_ << line_ << '\n', line_.clear();
  if (!line_.empty()) line_ += ' ';
  line_ += text;
}

std::string RecordWriter::finish() {
  if (!in_movetext_) out_ << '\n';
  out_ << line_ << '\n';
  line_.clear();
  return out_.str();
}

}  // namespace common
