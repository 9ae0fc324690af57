// A strict UGI client for the protocol tests: it starts `ordo-engine ugi` as a separate
// process, checks every line the engine writes against the protocol grammar
// (ugi_grammar.h), and times every `go` from the command to its `bestmove`. What the
// engine gets wrong is a test failure, with the line.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "match/subprocess.h"
#include "ugi_grammar.h"

namespace ordo::testing {

class StrictUgiClient {
 public:
  using Ms = std::chrono::milliseconds;

  StrictUgiClient() : process_({ORDO_ENGINE_BINARY, "ugi"}) {}

  match::Subprocess& process() { return process_; }

  void send(const std::string& line) {
    ASSERT_TRUE(process_.write_line(line)) << "the engine stopped reading at: " << line;
  }

  // The next line within `timeout`, checked against the grammar; none on a timeout or the
  // end of the output.
  std::optional<std::string> next(Ms timeout) {
    const auto read = process_.read_line(timeout);
    if (read.status != match::Subprocess::ReadStatus::Line) return std::nullopt;
    EXPECT_TRUE(is_ugi_line(read.line)) << "not a UGI line: '" << read.line << "'";
    return read.line;
  }

  // The lines up to and including the first that starts with `word`; fails the test if
  // the engine is silent for `timeout`.
  std::vector<std::string> until(const std::string& word, Ms timeout) {
    std::vector<std::string> lines;
    while (const auto line = next(timeout)) {
      lines.push_back(*line);
      if (line->starts_with(word)) return lines;
    }
    ADD_FAILURE() << "no '" << word << "' within " << timeout.count() << " ms";
    return lines;
  }

  // ugi ... ugiok; returns the option lines.
  std::vector<std::string> handshake() {
    send("ugi");
    std::vector<std::string> options;
    for (const std::string& line : until("ugiok", Ms(30'000))) {
      if (line.starts_with("option ")) options.push_back(line);
    }
    return options;
  }

  void ready() {
    send("isready");
    const std::vector<std::string> lines = until("readyok", Ms(60'000));
    for (const std::string& line : lines) {
      EXPECT_TRUE(line == "readyok" || line.starts_with("info string")) << line;
    }
  }

  struct Answer {
    std::string move;  // as after `bestmove`
    std::vector<std::string> lines;
    Ms elapsed{};
  };

  // `go ARGS` until bestmove, within `timeout`. The line before bestmove must be the final
  // info line, its pv starting with the move (when there is one).
  Answer go(const std::string& args, Ms timeout) {
    const auto start = std::chrono::steady_clock::now();
    send("go " + args);
    Answer answer;
    answer.lines = until("bestmove ", timeout);
    answer.elapsed = std::chrono::duration_cast<Ms>(std::chrono::steady_clock::now() - start);
    if (answer.lines.empty() || !answer.lines.back().starts_with("bestmove ")) return answer;
    answer.move = answer.lines.back().substr(9);
    if (answer.move != "(none)") {
      const std::size_t n = answer.lines.size();
      const auto final_info = n >= 2 ? parse_ugi_info(answer.lines[n - 2]) : std::nullopt;
      EXPECT_TRUE(final_info && final_info->pv.front() == answer.move)
          << "no final info line with the move before bestmove:\n"
          << (n >= 2 ? answer.lines[n - 2] : "");
    }
    return answer;
  }

 private:
  match::Subprocess process_;
};

}  // namespace ordo::testing
