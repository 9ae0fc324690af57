#include "ordo/notation.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "ordo/move_diagnosis.h"
#include "ordo/movegen.h"
#include "ordo/movegen_x.h"

namespace ordo {
namespace {

struct WrittenMove {
  std::vector<WrittenStep> steps;
};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Reads our notation left to right, reporting the first token that does not fit.
class Reader {
 public:
  Reader(const Geometry& g, std::string_view text) : g_(g), text_(text) {}

  WrittenMove read_move() {
    WrittenMove move;
    move.steps.push_back(read_step());
    while (peek() == ',') {
      ++pos_;
      move.steps.push_back(read_step());
    }
    if (pos_ != text_.size()) {
      fail("unexpected '" + std::string(text_.substr(pos_)) + "' after the move");
    }
    return move;
  }

 private:
  [[noreturn]] void fail(const std::string& why) const { throw MoveError(why); }

  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }

  int read_square(const std::string& role) {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && std::isalpha(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    const std::string_view token = text_.substr(start, pos_ - start);
    if (token.empty()) {
      fail("expected " + role + " at '" + std::string(text_.substr(start)) + "'");
    }
    if (auto sq = parse_square(g_, token)) return *sq;
    const bool shaped = token.size() >= 2 && std::isalpha(static_cast<unsigned char>(token[0])) &&
                        std::isdigit(static_cast<unsigned char>(token[1]));
    std::string message(token);  // built step by step: GCC 12 misreports a chained '+' here
    if (shaped) {
      message += " is off the ";
      message += g_.size_name();
      fail(message + " board");
    }
    fail("'" + message + "' is not a square (expected " + role + ", like e4)");
  }

  WrittenStep read_step() {
    WrittenStep step;
    step.from = step.tail = read_square("a from-square");
    if (peek() == ':') {
      ++pos_;
      step.ordo = true;
      step.tail = read_square("the other end of the ordo");
    }
    const char sep = peek();
    if (sep != '-' && sep != 'x' && sep != 'X') {
      fail(sep ? "expected '-' or 'x' at '" + std::string(text_.substr(pos_)) + "'"
               : "the move has no destination (expected '-' or 'x' and a square)");
    }
    ++pos_;
    step.capture = sep != '-';
    if (step.ordo && step.capture) fail("ordos never capture; write the ordo move with '-'");
    step.to = read_square("a destination square");
    if (peek() == '@') {
      ++pos_;
      step.keep = read_square("a square of the group that stays");
    }
    return step;
  }

  const Geometry& g_;
  std::string_view text_;
  std::size_t pos_ = 0;
};

// "Move C 2 C 3", "Capture E 5 E 6", "Ordo C 2 D 2 C 4" -> our notation; nullopt if the
// text does not start with one of those words.
std::optional<std::string> translate_site_notation(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  if (words.empty()) return std::nullopt;
  const std::string kind = lower(words[0]);
  const std::size_t squares = kind == "ordo" ? 3 : 2;
  if (kind != "move" && kind != "capture" && kind != "ordo") return std::nullopt;
  if (words.size() != 1 + 2 * squares) {
    throw MoveError("'" + words[0] + "' needs " + std::to_string(squares) +
                    " squares written as file and rank, e.g. '" + words[0] +
                    (squares == 2 ? " C 2 C 3'" : " C 2 D 2 C 4'"));
  }
  std::vector<std::string> names;
  for (std::size_t i = 0; i < squares; ++i)
    names.push_back(lower(words[1 + 2 * i] + words[2 + 2 * i]));
  if (kind == "ordo") return names[0] + ":" + names[1] + "-" + names[2];
  return names[0] + (kind == "capture" ? "x" : "-") + names[1];
}

bool same_step(const Step& s, const WrittenStep& w) {
  return s.from == w.from && s.tail == w.tail && s.to == w.to && s.is_ordo() == w.ordo;
}

// Puts the lower end of a written ordo first, moving the destination with it.
WrittenStep normalised(const Geometry& g, WrittenStep w) {
  if (!w.ordo || w.from < w.tail) return w;
  const int df = g.file_of(w.to) - g.file_of(w.from), dr = g.rank_of(w.to) - g.rank_of(w.from);
  const int f = g.file_of(w.tail) + df, r = g.rank_of(w.tail) + dr;
  if (!g.on_board(f, r)) throw MoveError("the ordo would leave the board");
  return WrittenStep{w.tail, w.from, g.square(f, r), true, w.capture, w.keep};
}

}  // namespace

std::string square_name(const Geometry& g, int sq) {
  std::string name(1, static_cast<char>('a' + g.file_of(sq)));
  name += std::to_string(g.rank_of(sq) + 1);
  return name;
}

std::optional<int> parse_square(const Geometry& g, std::string_view text) {
  if (text.size() < 2 || text.size() > 3 || !std::isalpha(static_cast<unsigned char>(text[0]))) {
    return std::nullopt;
  }
  const int file = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
  if (text[1] == '0') return std::nullopt;
  int rank = 0;
  for (char c : text.substr(1)) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    rank = rank * 10 + (c - '0');
  }
  if (!g.on_board(file, rank - 1)) return std::nullopt;
  return g.square(file, rank - 1);
}

std::string format_move(const Position& pos, const Move& move) {
  const Geometry& g = pos.geometry();
  std::string out;
  for (int i = 0; i < move.step_count; ++i) {
    const Step& s = move.steps[i];
    if (i) out += ',';
    out += square_name(g, s.from);
    if (s.is_ordo()) out += ':' + square_name(g, s.tail);
    out += s.capture ? 'x' : '-';
    out += square_name(g, s.to);
    if (s.keep != kNoSquare) out += '@' + square_name(g, s.keep);
  }
  return out;
}

namespace {

std::string step_text(const Geometry& g, const WrittenStep& w) {
  std::string out = square_name(g, w.from);
  if (w.ordo) out += ':' + square_name(g, w.tail);
  return out + (w.capture ? "x" : "-") + square_name(g, w.to);
}

// Rank change of a written step, forward positive.
int forward_ranks(const Position& pos, const WrittenStep& w) {
  const Geometry& g = pos.geometry();
  const int dr = g.rank_of(w.to) - g.rank_of(w.from);
  return pos.side_to_move() == Color::White ? dr : -dr;
}

// The enemy group that stays when `step` (a capture with a choice) is played in `before`.
Bitboard staying_group(const Position& before, const Step& step) {
  const Geometry& g = before.geometry();
  const Bitboard enemy = before.pieces(opponent(before.side_to_move())) & ~bit(step.to);
  return g.flood(bit(step.keep), enemy);
}

// Among legal moves that differ only in their '@' choices, the one the text names.
Move resolve_choices(const Position& pos, std::vector<Move> candidates,
                     const WrittenMove& written) {
  const Geometry& g = pos.geometry();
  for (std::size_t i = 0; i < written.steps.size(); ++i) {
    const WrittenStep& w = written.steps[i];
    const bool choice = candidates.front().steps[i].keep != kNoSquare;
    if (!choice) {
      if (w.keep) {
        throw MoveError(step_text(g, w) +
                        " leaves no choice of groups: '@' is written only when "
                        "a capture leaves equal largest enemy groups");
      }
      continue;
    }
    std::string options;
    std::vector<Move> chosen;
    for (const Move& m : candidates) {
      Position before = pos;
      if (i == 1) before.play_step(m.steps[0]);
      options += (options.empty() ? "@" : ", @") + square_name(g, m.steps[i].keep);
      if (w.keep && (staying_group(before, m.steps[i]) & bit(*w.keep))) chosen.push_back(m);
    }
    if (!w.keep) {
      throw MoveError(step_text(g, w) +
                      " leaves equal largest enemy groups: add '@' and a square "
                      "of the group that stays (" +
                      options + ")");
    }
    if (chosen.empty()) {
      throw MoveError(square_name(g, *w.keep) + " is not in one of the equal largest groups (" +
                      options + ")");
    }
    candidates = chosen;
  }
  return candidates.front();
}

bool is_step_of(const Position& pos, bool sideways, const WrittenStep& w) {
  const Color us = pos.side_to_move();
  const ConnectionMap connection(pos.geometry(), pos.pieces(us), pos.is_connected(us));
  x::StepList list;
  x::StepCollector collect{pos.geometry(), list};
  x::steps(pos, connection, sideways, collect);
  for (const Step& s : list)
    if (same_step(s, w) && s.capture == w.capture) return true;
  return false;
}

// Why an Ordo X turn as written is not legal (docs/rules.md 5.3: sideways, then forward).
std::string why_not_x(const Position& pos, const WrittenMove& written) {
  const Geometry& g = pos.geometry();
  const WrittenStep& first = written.steps[0];
  if (written.steps.size() == 2 &&
      (forward_ranks(pos, first) != 0 || forward_ranks(pos, written.steps[1]) <= 0)) {
    return "in a two-step turn the first step goes sideways and the second forward";
  }
  if (forward_ranks(pos, first) != 0 || !is_step_of(pos, true, first)) {
    const std::string why = Diagnosis(pos).why_not(first);
    return written.steps.size() == 2 ? "first step: " + why : why;
  }
  Position next = pos;
  Step played = Step::singleton(first.from, first.to, first.capture);
  if (first.ordo) played = Step::ordo(first.from, first.tail, first.to);
  if (first.keep) played.keep = static_cast<std::uint8_t>(*first.keep);
  next.play_step(played);
  if (next.decided_winner()) return "the first step already wins: the turn ends there";
  if (written.steps.size() == 1) {
    return x::count_forward(next) == 0
               ? "no forward step can follow this sideways step, so it is not legal"
               : "a sideways step must be followed by a forward step in the same turn (e.g. '" +
                     step_text(g, first) + "," + square_name(g, first.to) + "-...')";
  }
  return "second step: " + Diagnosis(next).why_not(written.steps[1]);
}

}  // namespace

Move parse_move(const Position& pos, std::string_view text) {
  const std::string original(text);
  try {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
      text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
      text.remove_suffix(1);
    if (text.empty()) throw MoveError("empty move");
    std::string ours(text);
    if (auto translated = translate_site_notation(text)) ours = *translated;
    const Geometry& g = pos.geometry();
    WrittenMove written = Reader(g, ours).read_move();
    const bool classic = pos.variant() == Variant::Classic;
    if (classic && written.steps.size() > 1) throw MoveError("two-step turns exist only in Ordo X");
    if (classic && written.steps[0].keep) {
      throw MoveError("'@' (the group that stays) exists only in Ordo X");
    }
    if (written.steps.size() > 2) throw MoveError("a turn has at most two steps");
    if (pos.decided_winner()) throw MoveError("the game is already over");
    for (WrittenStep& w : written.steps) w = normalised(g, w);

    MoveList legal;
    generate_legal(pos, legal);
    std::vector<Move> candidates;
    for (const Move& m : legal) {
      if (m.step_count != static_cast<int>(written.steps.size())) continue;
      bool same = true;
      for (int i = 0; i < m.step_count; ++i) {
        same = same && same_step(m.steps[i], written.steps[i]) &&
               m.steps[i].capture == written.steps[i].capture;
      }
      if (same) candidates.push_back(m);
    }
    if (!candidates.empty()) return resolve_choices(pos, candidates, written);
    if (classic) throw MoveError(Diagnosis(pos).why_not(written.steps[0]));
    throw MoveError(why_not_x(pos, written));
  } catch (const MoveError& e) {
    throw MoveError("'" + original + "': " + e.what());
  }
}

}  // namespace ordo
