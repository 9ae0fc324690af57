// The building blocks of move generation shared by both rule sets: singleton slides and
// ordo slides in given directions that leave the mover connected. Each is written once
// for any sink:
//   sink.singletons(from, quiet_targets, capture_targets)
//   sink.slides(direction, distance, quiet_targets, capture_targets)  // many pieces at once
// (both may be called with no targets at all)
//   sink.ordo(from, tail, to)      // `from` is the end with the lower index
// so that building a move list and counting in bulk share the same rules code.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "ordo/connection.h"
#include "ordo/position.h"
#include "ordo/window.h"

namespace ordo::steps {

struct Directions {
  std::array<Direction, 8> list{};
  int count = 0;
  void add(Direction d) { list[count++] = d; }
};

inline Direction forward(Color us) {
  return us == Color::White ? N : S;
}

inline void add_forward(Directions& dirs, Color us) {
  for (Direction d : forward_directions(us)) dirs.add(d);
}

inline void add_sideways(Directions& dirs) {
  for (Direction d : kSidewaysDirections) dirs.add(d);
}

// Straight and diagonally back: the forward directions of the other side.
inline void add_backward(Directions& dirs, Color us) {
  for (Direction d : forward_directions(opponent(us))) dirs.add(d);
}

// Singletons of the side to move sliding in `dirs` over empty squares, capturing the
// first enemy piece in the way, and leaving their side connected.
template <class Sink>
void singleton_slides(const Position& pos, const ConnectionMap& connection, const Directions& dirs,
                      Sink& sink) {
  const Geometry& g = pos.geometry();
  const Color us = pos.side_to_move();
  const Bitboard own = pos.pieces(us), enemy = pos.pieces(opponent(us));
  // Regular pieces slide together, one distance at a time: a neighbouring target must
  // touch two pieces of the group (the mover and another), a farther one just one.
  const Bitboard regular = own & ~connection.irregular_pieces();
  const Bitboard touch1 = connection.touch1(), touch2 = connection.touch2();
  for (int i = 0; i < dirs.count; ++i) {
    const Direction dir = dirs.list[i];
    const Stepper step = g.stepper(dir);
    Bitboard reached = regular;
    for (int distance = 1; reached; ++distance) {
      reached = step(reached) & ~own;
      const Bitboard targets = reached & (distance == 1 ? touch2 : touch1);
      sink.slides(dir, distance, targets & ~enemy, targets & enemy);
      reached &= ~enemy;  // a capture ends the slide
    }
  }
  // Irregular pieces (mostly cut points) may go to few squares, often none, and nearly
  // all of them next to the piece: those are taken at once, and each farther one is
  // checked on its own, which branches far less than sliding every direction.
  const Bitboard occupied = own | enemy;
  for (Bitboard b = connection.irregular_pieces(); b;) {
    const int from = pop_lsb(b);
    Bitboard lines = 0;
    for (int i = 0; i < dirs.count; ++i) lines |= g.ray(dirs.list[i], from);
    // A neighbouring square on one of the lines has nothing in between.
    const Bitboard allowed = connection.irregular_targets(from) & lines & ~own;
    Bitboard targets = allowed & g.neighbours(from);
    for (Bitboard far = allowed & ~targets; far;) {
      const int to = pop_lsb(far);
      const Direction d = g.direction(from, to);
      // Pieces from `from` up to `to`, `to` itself included: only `to` may hold one.
      const Bitboard in_the_way = g.ray(d, from) & ~g.ray(d, to) & occupied;
      targets |= (in_the_way & ~bit(to)) ? 0 : bit(to);
    }
    sink.singletons(from, targets & ~enemy, targets & enemy);
  }
}

namespace detail {

// The sets an ordo search works on (the side to move, the free squares, lines and where
// they slide), as whole bitboards.
struct BoardWords {
  using Word = Bitboard;
  const Geometry& g;
  const ConnectionMap& connection;
  Word own, free;
  // The parts of the side without `line`.
  Remainder parts(Word line, bool connected) const {
    return connection.without(own, line, connected);
  }
  Stepper stepper(Direction d) const { return g.stepper(d); }
  Word dilate(Word w) const { return g.dilate(w); }
  Word all() const { return g.all(); }
  static int first(Word w) { return lsb(w); }
  static int count(Word w) { return popcount(w); }
  int square(int index) const { return index; }
};

// The same on one word: a band of whole ranks (see Window and ordo_slides), with squares
// outside the band counted as blocked. The parts left by a line are grown on words too:
// the band holds every square a slid line may touch them on.
struct BandWords {
  using Word = std::uint64_t;
  const Window& band;
  Word own, free;
  WordRemainder parts(Word line, bool connected) const {
    return WordRemainder(band, own & ~line, line, connected);
  }
  Window::Stepper stepper(Direction d) const { return band.stepper(d); }
  Word dilate(Word w) const { return band.dilate(w); }
  Word all() const { return ~Word{0}; }
  static int first(Word w) { return std::countr_zero(w); }
  static int count(Word w) { return std::popcount(w); }
  int square(int index) const { return index + band.base(); }
};

// ordo_slides on either kind of words; the sink gets board squares.
template <class Words, class Sink>
void ordo_slides_on(const Words& words, bool connected, Direction along, const Directions& dirs,
                    const Geometry& g, Sink& sink) {
  using Word = typename Words::Word;
  const Word own = words.own, free = words.free;
  using Step = decltype(words.stepper(along));
  // Side by side, every piece needs a free square ahead; in single file only the leader.
  std::array<Word, 8> movable;
  std::array<Step, 8> steps;
  Word movable_any = 0;
  for (int d = 0; d < dirs.count; ++d) {
    const Direction dir = dirs.list[d];
    const bool single_file = dir == along || dir == reverse(along);
    movable[d] = single_file ? own : own & words.stepper(reverse(dir))(free);
    movable_any |= movable[d];
    steps[d] = words.stepper(dir);
  }
  // Starts of runs of at least two pieces movable in some direction.
  const Step forth = words.stepper(along);
  Word starts = movable_any & words.stepper(reverse(along))(movable_any) & ~forth(movable_any);
  while (starts) {
    std::array<int, kMaxSide> run;  // board squares
    std::array<Word, kMaxSide> run_words;
    int length = 0;
    for (Word next = starts & (0 - starts); next; next = forth(next) & movable_any) {
      run_words[length] = next;
      run[length++] = words.square(Words::first(next));
    }
    starts &= starts - 1;
    for (int i = 0; i + 1 < length; ++i) {
      Word line = run_words[i];
      for (int j = i + 1; j < length; ++j) {
        line |= run_words[j];
        const int size = j - i + 1;
        const Word passable = free | line;
        const Word near_rest = own == line ? words.all() : words.dilate(own & ~line);
        // Up to a board side's worth of slides in each direction (several directions
        // may each slide a line many times on a long board).
        std::array<Word, kDirectionCount * kMaxSide> slides;
        std::array<std::uint8_t, kDirectionCount * kMaxSide> slide_dir, slide_distance;
        int count = 0;
        for (int d = 0; d < dirs.count; ++d) {
          if ((line & movable[d]) != line) continue;
          const Direction dir = dirs.list[d];
          const Step step = steps[d];
          int distance = 1;
          for (Word slid = step(line); (slid & passable) == slid && Words::count(slid) == size;
               slid = step(slid)) {
            if (slid & near_rest) {
              slides[count] = slid;
              slide_dir[count] = static_cast<std::uint8_t>(dir);
              slide_distance[count++] = static_cast<std::uint8_t>(distance);
            }
            ++distance;
          }
        }
        if (!count) continue;
        auto rest = words.parts(line, connected);
        for (int k = 0; k < count; ++k) {
          if (!rest.joined_by(slides[k])) continue;
          const int delta = g.delta(static_cast<Direction>(slide_dir[k]));
          sink.ordo(run[i], run[j], run[i] + slide_distance[k] * delta);
        }
      }
    }
  }
}

}  // namespace detail

// Where every slide keeps a line within its ranks (a horizontal line, or any line going
// sideways), a slid line lands next to another piece only within the ranks of the pieces
// and one rank beyond them in each direction the lines go up or down; once past that it
// never comes back. Unless the pieces form one line (which needs to touch nothing),
// those ranks usually fit one word, where ordo_slides searches much more cheaply. The
// band is worked out once for the lines of a position going in `dirs` (and serves lines
// that go less far up or down as well).
class OrdoBand {
 public:
  OrdoBand(const Position& pos, const Directions& dirs)
      : OrdoBand(pos, pos.pieces(pos.side_to_move()), goes(dirs, 1), goes(dirs, -1)) {}

  // Whether ordos along `along` slid in `dirs` may be searched on the band's words.
  bool serves(Direction along, const Directions& dirs) const {
    return fits_ && (along == E || !(goes(dirs, 1) || goes(dirs, -1))) && (up_ || !goes(dirs, 1)) &&
           (down_ || !goes(dirs, -1));
  }
  const Window& window() const { return window_; }
  std::uint64_t own() const { return own_; }
  std::uint64_t free() const { return free_; }  // squares outside the band count as blocked

 private:
  OrdoBand(const Position& pos, Bitboard own, bool up, bool down)
      : OrdoBand(pos, own, up, down, own ? pos.geometry().rank_of(lsb(own)) : 0,
                 own ? pos.geometry().rank_of(msb(own)) : 0) {}
  OrdoBand(const Position& pos, Bitboard own, bool up, bool down, int low, int high)
      : up_(up),
        down_(down),
        bottom_(down && low > 0 ? low - 1 : low),
        top_(up && high + 1 < pos.geometry().height() ? high + 1 : high),
        window_(pos.geometry(),
                pos.geometry().rank_mask(bottom_) | pos.geometry().rank_mask(top_)) {
    const Geometry& g = pos.geometry();
    const int band_squares = (top_ - bottom_ + 1) * g.width();
    const bool one_line = low == high || !(own & ~g.file_mask(g.file_of(lsb(own))));
    fits_ = own && !one_line && band_squares < 64;  // the Window needs a bit to spare
    if (!fits_) return;
    own_ = window_.down(own);
    free_ = window_.down(pos.empty_squares()) & ((std::uint64_t{1} << band_squares) - 1);
  }
  // Whether some direction of `dirs` goes up (sign 1) or down (-1) the ranks.
  static bool goes(const Directions& dirs, int sign) {
    for (int d = 0; d < dirs.count; ++d)
      if (rank_step(dirs.list[d]) * sign > 0) return true;
    return false;
  }

  bool up_, down_;
  int bottom_, top_;
  Window window_;
  bool fits_ = false;
  std::uint64_t own_ = 0, free_ = 0;
};

// Every ordo of the side to move lying along `along` (E: horizontal, N: vertical), slid
// in each of `dirs` as far as the squares allow, where the slide keeps the side
// connected. Across its line an ordo goes side by side; along it (Ordo X only), in single
// file, so a square the ordo itself leaves counts as free. The connection check (a flood)
// is done once per ordo, and only when one of its slides lands next to the other pieces.
// Searched on the words of a band for these ordos (see OrdoBand) where that fits, else
// on whole bitboards.
namespace detail {

// ordo_slides on the words of `band` if it serves these ordos; false if it does not.
template <class Sink>
bool ordo_slides_in_band(const Position& pos, bool connected, Direction along,
                         const Directions& dirs, const OrdoBand& band, Sink& sink) {
  if (!band.serves(along, dirs)) return false;
  const BandWords words{band.window(), band.own(), band.free()};
  ordo_slides_on(words, connected, along, dirs, pos.geometry(), sink);
  return true;
}

}  // namespace detail

template <class Sink>
void ordo_slides(const Position& pos, const ConnectionMap& connection, bool connected,
                 Direction along, const Directions& dirs, Sink& sink) {
  if (detail::ordo_slides_in_band(pos, connected, along, dirs, OrdoBand(pos, dirs), sink)) return;
  const Geometry& g = pos.geometry();
  const detail::BoardWords words{g, connection, pos.pieces(pos.side_to_move()),
                                 pos.empty_squares()};
  detail::ordo_slides_on(words, connected, along, dirs, g, sink);
}

// The same on the words of `band`, shared with other searches, where it serves these
// ordos (else on a band of their own, or whole bitboards).
template <class Sink>
void ordo_slides(const Position& pos, const ConnectionMap& connection, bool connected,
                 Direction along, const Directions& dirs, const OrdoBand& band, Sink& sink) {
  if (detail::ordo_slides_in_band(pos, connected, along, dirs, band, sink)) return;
  ordo_slides(pos, connection, connected, along, dirs, sink);
}

}  // namespace ordo::steps
