#include "core/notation.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "core/movegen.h"

namespace ordo {
namespace {

// A step as the user wrote it, before it is matched against the legal moves.
struct WrittenStep {
  int from = 0, tail = 0, to = 0;
  bool ordo = false;
  bool capture = false;
};

struct WrittenMove {
  std::vector<WrittenStep> steps;
  std::optional<int> keep;
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
    if (peek() == '@') {
      ++pos_;
      move.keep = read_square("the square of the group that stays");
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
  for (std::size_t i = 0; i < squares; ++i) names.push_back(lower(words[1 + 2 * i] + words[2 + 2 * i]));
  if (kind == "ordo") return names[0] + ":" + names[1] + "-" + names[2];
  return names[0] + (kind == "capture" ? "x" : "-") + names[1];
}

bool same_step(const Step& s, const WrittenStep& w) {
  return s.from == w.from && s.tail == w.tail && s.to == w.to && s.is_ordo() == w.ordo;
}

class Diagnosis {
 public:
  explicit Diagnosis(const Position& pos)
      : pos_(pos), g_(pos.geometry()), us_(pos.side_to_move()),
        reconnecting_(!pos.is_connected(pos.side_to_move())) {}

  // Why a written Classic step is not legal; called only once no legal move matched.
  std::string why_not(const WrittenStep& w) const {
    if (w.ordo) return why_not_ordo(w);
    return why_not_singleton(w);
  }

 private:
  std::string name(int sq) const { return square_name(g_, sq); }
  int forward_sign() const { return us_ == Color::White ? 1 : -1; }

  std::optional<std::string> owner_problem(int sq) const {
    const char piece = pos_.piece_at(sq);
    if (!piece) return "there is no piece on " + name(sq);
    if (piece != color_letter(us_)) {
      return name(sq) + " holds a " + std::string(color_name(opponent(us_))) + " piece, but " +
             std::string(color_name(us_)) + " is to move";
    }
    return std::nullopt;
  }

  // The first square from..to (exclusive of from) in a straight line that is not empty;
  // -1 when all are empty.
  int first_blocker(int from, int df, int dr, int steps, Bitboard moving) const {
    for (int i = 1; i <= steps; ++i) {
      const int sq = from + i * (dr * g_.width() + df);
      if (pos_.occupied() & ~moving & bit(sq)) return sq;
    }
    return -1;
  }

  std::string connection_problem() const {
    return reconnecting_ ? "it does not reconnect your split group"
                         : "it would split your group (all your pieces must stay connected)";
  }

  std::string why_not_singleton(const WrittenStep& w) const {
    if (auto problem = owner_problem(w.from)) return *problem;
    const int df = g_.file_of(w.to) - g_.file_of(w.from);
    const int dr = g_.rank_of(w.to) - g_.rank_of(w.from);
    if (df == 0 && dr == 0) return "a move must go to another square";
    if (df != 0 && dr != 0 && std::abs(df) != std::abs(dr)) {
      return name(w.from) + " to " + name(w.to) + " is not a straight or diagonal line";
    }
    if (dr * forward_sign() < 0 && !reconnecting_) {
      return "pieces move backward only in a reconnection turn (when your group is split)";
    }
    const int steps = std::max(std::abs(df), std::abs(dr));
    const int sdf = (df > 0) - (df < 0), sdr = (dr > 0) - (dr < 0);
    const int blocker = first_blocker(w.from, sdf, sdr, steps - 1, 0);
    if (blocker >= 0) return "the path is blocked at " + name(blocker);
    const char target = pos_.piece_at(w.to);
    if (target == color_letter(us_)) return name(w.to) + " holds your own piece";
    if (target && !w.capture) {
      return name(w.to) + " holds an enemy piece: write the capture as " + name(w.from) + "x" +
             name(w.to);
    }
    if (!target && w.capture) return "there is nothing to capture on " + name(w.to);
    return connection_problem();
  }

  std::string why_not_ordo(const WrittenStep& w) const {
    const int f1 = g_.file_of(w.from), r1 = g_.rank_of(w.from);
    const int f2 = g_.file_of(w.tail), r2 = g_.rank_of(w.tail);
    if (w.from == w.tail) return "an ordo has at least two pieces: its two end squares differ";
    if (f1 != f2 && r1 != r2) {
      return name(w.from) + " and " + name(w.tail) + " are not on one rank or file";
    }
    const int len = std::max(std::abs(f2 - f1), std::abs(r2 - r1)) + 1;
    const int lf = (f2 > f1) - (f2 < f1), lr = (r2 > r1) - (r2 < r1);
    Bitboard line = 0;
    for (int i = 0; i < len; ++i) {
      const int sq = g_.square(f1 + i * lf, r1 + i * lr);
      if (auto problem = owner_problem(sq)) {
        return *problem + " (an ordo is an unbroken line of your own pieces)";
      }
      line |= bit(sq);
    }
    const int df = g_.file_of(w.to) - f1, dr = g_.rank_of(w.to) - r1;
    if (df == 0 && dr == 0) return "a move must go to another square";
    const bool horizontal = r1 == r2;
    if (horizontal && (df != 0 || (dr * forward_sign() < 0 && !reconnecting_))) {
      return reconnecting_ ? "a horizontal ordo moves straight forward or backward only"
                           : "a horizontal ordo moves straight forward only (backward only in a "
                             "reconnection turn)";
    }
    if (!horizontal && dr != 0) return "a vertical ordo moves sideways only";
    if (!g_.on_board(f2 + df, r2 + dr)) return "the ordo would leave the board";
    const int steps = std::max(std::abs(df), std::abs(dr));
    const int sdf = (df > 0) - (df < 0), sdr = (dr > 0) - (dr < 0);
    for (int i = 0; i < len; ++i) {
      const int sq = g_.square(f1 + i * lf, r1 + i * lr);
      const int blocker = first_blocker(sq, sdf, sdr, steps, line);
      if (blocker >= 0) return "the ordo is blocked at " + name(blocker);
    }
    return connection_problem();
  }

  const Position& pos_;
  const Geometry& g_;
  Color us_;
  bool reconnecting_;
};

// Puts the lower end of a written ordo first, moving the destination with it.
WrittenStep normalised(const Geometry& g, WrittenStep w) {
  if (!w.ordo || w.from < w.tail) return w;
  const int df = g.file_of(w.to) - g.file_of(w.from), dr = g.rank_of(w.to) - g.rank_of(w.from);
  const int f = g.file_of(w.tail) + df, r = g.rank_of(w.tail) + dr;
  if (!g.on_board(f, r)) throw MoveError("the ordo would leave the board");
  return WrittenStep{w.tail, w.from, g.square(f, r), true, w.capture};
}

}  // namespace

std::string square_name(const Geometry& g, int sq) {
  return std::string(1, static_cast<char>('a' + g.file_of(sq))) + std::to_string(g.rank_of(sq) + 1);
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
  }
  if (move.keep != kNoSquare) out += '@' + square_name(g, move.keep);
  return out;
}

Move parse_move(const Position& pos, std::string_view text) {
  const std::string original(text);
  auto fail = [&](const std::string& why) -> MoveError {
    return MoveError("'" + original + "': " + why);
  };
  try {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
    if (text.empty()) throw MoveError("empty move");
    std::string ours(text);
    if (auto translated = translate_site_notation(text)) ours = *translated;
    const Geometry& g = pos.geometry();
    WrittenMove written = Reader(g, ours).read_move();
    if (pos.variant() == Variant::Classic) {
      if (written.steps.size() > 1) throw MoveError("two-step turns exist only in Ordo X");
      if (written.keep) throw MoveError("'@' (the group that stays) exists only in Ordo X");
    }
    if (pos.decided_winner()) throw MoveError("the game is already over");
    const WrittenStep step = normalised(g, written.steps[0]);
    MoveList legal;
    generate_legal(pos, legal);
    for (const Move& m : legal) {
      if (m.step_count != 1 || !same_step(m.first(), step)) continue;
      if (m.first().capture == step.capture) return m;
      break;  // same squares, wrong capture mark: the diagnosis explains it
    }
    throw MoveError(Diagnosis(pos).why_not(step));
  } catch (const MoveError& e) {
    throw fail(e.what());
  }
}

}  // namespace ordo
