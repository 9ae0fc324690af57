#include "ordo/connection.h"

#include <algorithm>
#include <bit>
#include <cstdint>

#include "ordo/window.h"

namespace ordo {

void Remainder::find_parts(Bitboard rest, Bitboard removed, bool rest_touches_removed) {
  const Geometry& g = *geometry_;
  if (!rest) return;
  if (rest_touches_removed) {
    const Bitboard first_part = detail::flood_contacts(g, rest, removed);
    if (!first_part) {
      add_part(g.dilate(rest));
      return;
    }
    add_part(g.dilate(first_part));
    rest &= ~first_part;
  }
  pending_ = rest;
}

void Remainder::find_parts(const Window& window, std::uint64_t rest, std::uint64_t removed,
                           bool rest_touches_removed) {
  if (!rest) return;
  if (rest_touches_removed) {
    const std::uint64_t first_part = detail::flood_contacts(window, rest, removed);
    if (!first_part) {
      add_part(window.grow(rest));
      return;
    }
    add_part(window.grow(first_part));
    rest &= ~first_part;
  }
  window_ = &window;
  pending_word_ = rest;
}

ConnectionMap::ConnectionMap(const Geometry& g, Bitboard group, bool group_connected)
    : geometry_(&g), window_(g, group ? group : g.all()), group_(group) {
  if (group_connected) {
    analyse_connected(group, g.all());
    return;
  }
  // A split side: a piece of one part may only go where it touches every other part,
  // and, within its own part, where a move inside a connected group could go.
  std::array<Bitboard, kMaxSquares> parts, grown;
  int count = 0;
  for (Bitboard rest = group; rest; ++count) {
    parts[count] = g.flood(rest & -rest, rest);
    grown[count] = g.dilate(parts[count]);
    rest &= ~parts[count];
  }
  for (int i = 0; i < count; ++i) {
    Bitboard others = g.all();
    for (int j = 0; j < count; ++j)
      if (j != i) others &= grown[j];
    if (others) {
      ConnectionMap within(g, parts[i], true);
      for (Bitboard b = parts[i]; b;) {
        const int sq = pop_lsb(b);
        special_[sq] = within.singleton_targets(sq) & others;
      }
    } else {
      for (Bitboard b = parts[i]; b;) special_[pop_lsb(b)] = 0;
    }
    special_set_ |= parts[i];
  }
}

namespace {

// Grows `a` and `b` (pieces of `rest`) together until they meet (returns 0: they are
// in one part) or one of them stops growing (returns it: a whole part of `rest`).
// Growing both finds the smaller part first, which around the cut points near the ends
// of a long, thin group takes only a step or two. Works on a Window's words or on
// whole bitboards with the Geometry.
template <class Word, class Space>
Word separate(const Space& space, Word a, Word b, Word rest) {
  for (;;) {
    const Word next_a = space.dilate(a) & rest;
    if (next_a & b) return 0;
    if (next_a == a) return a;
    const Word next_b = space.dilate(b) & rest;
    if (next_b & next_a) return 0;
    if (next_b == b) return b;
    a = next_a;
    b = next_b;
  }
}

// Sorts `rest` into its parts, given the first piece of every run round a piece (as
// bit indices of Word: squares, or a Window's bits). Returns the number of parts.
template <class Word, class Space>
int parts_around(const Space& space, Word rest, const std::array<int, 4>& seeds, int seed_count,
                 std::array<Word, 4>& parts) {
  int count = 0;
  for (int i = 0; i < seed_count; ++i) {
    const Word from = Word{1} << seeds[i];
    if (!(rest & from)) continue;
    parts[count] = i + 1 == seed_count ? rest : space.flood(from, rest);
    rest &= ~parts[count++];
  }
  return count;
}

}  // namespace

namespace {

// filled[d]: squares whose neighbour in direction d is a piece of the group. Walking
// round the 8 neighbours in order, each start of a run of pieces begins a local part; a
// corner between two occupied edge squares joins them anyway, so it is counted as
// occupied. On a Window's words or on whole bitboards with the Geometry.
template <class Word>
using RingFill = std::array<Word, kDirectionCount>;
template <class Word, class Space>
RingFill<Word> ring_fill(const Space& space, Word group) {
  RingFill<Word> has;
  // Unrolled, every shift is by a constant.
#pragma GCC unroll 8
  for (int d = 0; d < kDirectionCount; ++d) {
    has[d] = space.shift(group, reverse(static_cast<Direction>(d)));
  }
  RingFill<Word> filled;
  for (int d = 0; d < kDirectionCount; ++d) {
    filled[d] = (d % 2) ? has[d] | (has[d - 1] & has[(d + 1) % 8]) : has[d];
  }
  return filled;
}

// The squares with two or more runs round them. The pieces of one run are connected to
// each other without the piece in the middle, so only pieces with two or more runs can be
// cut points.
template <class Word>
Word multi_run_squares(const RingFill<Word>& filled) {
  Word one = 0, two = 0;
  for (int d = 0; d < kDirectionCount; ++d) {
    const Word run_start = filled[d] & ~filled[(d + 7) % 8];
    two |= one & run_start;
    one |= run_start;
  }
  return two;
}

}  // namespace

Bitboard local_cut_points(const Geometry& g, Bitboard group) {
  if (!has_more_than_one(group)) return 0;
  // Only the group's own squares are asked about, and all their neighbours in the group
  // lie in its window: the window's words give the same answer.
  const Window window(g, group);
  if (window.fits()) {
    const std::uint64_t pieces = window.down(group);
    return window.up(pieces & multi_run_squares(ring_fill(window, pieces)));
  }
  return group & multi_run_squares(ring_fill(g, group));
}

void ConnectionMap::analyse_connected(Bitboard group, Bitboard limit) {
  const Geometry& g = *geometry_;
  if (!has_more_than_one(group)) {
    // A lone piece is always one group, wherever it goes.
    special_set_ = group;
    if (group) special_[lsb(group)] = limit;
    return;
  }
  // Squares with one or more, and with two or more, neighbours in the group: counted
  // as the pieces beside a square (0-2) plus those in the ranks above and below (0-3
  // each), with the sums kept only as far as "at least one" and "at least two".
  const Bitboard left = (group & g.not_last_file()) << 1;  // a piece to the left
  const Bitboard right = (group & g.not_first_file()) >> 1;
  const Bitboard row_any = group | left | right;
  const Bitboard row_two = (group & left) | (group & right) | (left & right);
  const int width = g.width();
  const Bitboard below_any = row_any << width, above_any = row_any >> width;
  const Bitboard side_any = left | right;
  touch1_ = (side_any | below_any | above_any) & g.all();
  touch2_ = ((left & right) | (row_two << width) | (row_two >> width) | (side_any & below_any) |
             (side_any & above_any) | (below_any & above_any)) &
            g.all();
  if (window_.fits()) {
    find_cut_points_in_window(limit);
    return;
  }
  const RingFill<Bitboard> filled = ring_fill(g, group);
  for (Bitboard b = group & multi_run_squares(filled); b;) {
    const int sq = pop_lsb(b);
    // The runs round this piece, one bit per direction: a run starts where a direction
    // is filled and the one before it is not, and always at a piece.
    unsigned ring = 0;
    for (int d = 0; d < kDirectionCount; ++d) ring |= unsigned{contains(filled[d], sq)} << d;
    const unsigned starts = ring & ~((ring << 1 | ring >> 7) & 0xFFu);
    split_at(group, sq, starts, limit);
  }
}

// The same steps as analyse_connected on the window's words, with every piece settled
// here on words (split_at works on bitboards, for groups too tall for the window).
void ConnectionMap::find_cut_points_in_window(Bitboard limit) {
  const Window& window = window_;
  const std::uint64_t pieces = window.down(group_);
  const RingFill<std::uint64_t> filled = ring_fill(window, pieces);
  // Run starts counted per square up to three; for squares with exactly two, the
  // directions of the first and second start as three bits each, one word per bit, so
  // that a piece reads its two runs off six words instead of eight.
  std::uint64_t one_run = 0, two_runs = 0, three_runs = 0;
  std::array<std::uint64_t, 3> first{}, second{};
  for (int d = 0; d < kDirectionCount; ++d) {
    const std::uint64_t run_start = filled[d] & ~filled[(d + 7) % 8];
    const std::uint64_t starts_first = run_start & ~one_run;
    const std::uint64_t starts_second = run_start & one_run & ~two_runs;
    for (int k = 0; k < 3; ++k) {
      if ((d >> k) & 1) {
        first[k] |= starts_first;
        second[k] |= starts_second;
      }
    }
    three_runs |= two_runs & run_start;
    two_runs |= one_run & run_start;
    one_run |= run_start;
  }
  // Cut points are recorded as in add_cut_point, with the set gathered on a word.
  std::uint64_t cut_points = 0;
  // Branching pieces (three or more runs): the parts, one flood per run not yet reached.
  // Every part holds the first piece of a run, so the last run's part is whatever is left.
  for (std::uint64_t b = pieces & three_runs; b; b &= b - 1) {
    const int at = std::countr_zero(b);
    const std::uint64_t piece = b & (0 - b);
    unsigned ring = 0;
    for (int d = 0; d < kDirectionCount; ++d) ring |= unsigned{(filled[d] & piece) != 0} << d;
    const unsigned starts = ring & ~((ring << 1 | ring >> 7) & 0xFFu);
    // The first piece of each run, as bits of the window (runs are separated: at most 4).
    std::array<int, 4> seeds;
    int seed_count = 0;
    for (unsigned s = starts; s; s &= s - 1)
      seeds[seed_count++] = at + geometry_->delta(static_cast<Direction>(std::countr_zero(s)));
    std::array<std::uint64_t, 4> parts;
    const int count = parts_around(window, pieces & ~piece, seeds, seed_count, parts);
    if (count < 2) continue;
    Bitboard targets = window.common_touch(parts[0], parts[1]) & limit;
    for (int i = 2; i < count; ++i) targets &= window.grow(parts[i]);
    special_[at + window.base()] = targets;
    cut_points |= piece;
  }
  for (std::uint64_t b = pieces & two_runs & ~three_runs; b; b &= b - 1) {
    const int at = std::countr_zero(b);
    const std::uint64_t piece = b & (0 - b);  // tested by masking: shifts by a register are slow
    // Squares keep their files in the window, so a direction moves by as many bits.
    const auto run_piece = [&](const std::array<std::uint64_t, 3>& direction_bits) {
      int d = 0;
      for (int k = 0; k < 3; ++k) d |= int{(direction_bits[k] & piece) != 0} << k;
      return std::uint64_t{1} << (at + geometry_->delta(static_cast<Direction>(d)));
    };
    const std::uint64_t rest = pieces & ~piece;
    const std::uint64_t part = separate(window, run_piece(first), run_piece(second), rest);
    if (!part) continue;
    const std::uint64_t other = rest & ~part;
    special_[at + window.base()] = window.common_touch(part, other) & limit;
    cut_points |= piece;
  }
  special_set_ |= window.up(cut_points);
}

void ConnectionMap::split_at(Bitboard group, int sq, unsigned starts, Bitboard limit) {
  const Geometry& g = *geometry_;
  const Bitboard rest = group & ~bit(sq);
  auto seed = [&](unsigned direction_bits) {
    return sq + g.delta(static_cast<Direction>(std::countr_zero(direction_bits)));
  };
  if (std::popcount(starts) == 2) {
    // Two runs: the piece is a cut point iff they are not joined around it, and then the
    // parts are the one found and everything else; the piece may go only where it
    // touches both.
    const int a = seed(starts), b = seed(starts & (starts - 1));
    const Bitboard part = separate(g, bit(a), bit(b), rest);
    if (!part) return;
    const Bitboard other = rest & ~part;
    add_cut_point(sq, g.dilate(part) & g.dilate(other) & limit);
    add_cut_part(sq, part);
    add_cut_part(sq, other);
    return;
  }
  // Three or more runs (a branching piece): the parts, one flood per run not yet
  // reached. Every part holds the first piece of a run, so the last run's part is
  // whatever is left by then.
  std::array<int, 4> seeds;
  int seed_count = 0;
  for (unsigned s = starts; s; s &= s - 1) seeds[seed_count++] = seed(s);
  std::array<Bitboard, 4> parts;
  const int count = parts_around(g, rest, seeds, seed_count, parts);
  if (count < 2) return;
  Bitboard targets = limit;
  for (int i = 0; i < count; ++i) targets &= g.dilate(parts[i]);
  add_cut_point(sq, targets);
  for (int i = 0; i < count; ++i) add_cut_part(sq, parts[i]);
}

Remainder ConnectionMap::without(Bitboard group, Bitboard line, bool group_connected) const {
  Remainder parts(*geometry_);
  if (group == group_ && window_.fits()) {
    // Floods on one word are cheap enough to need no parts known beforehand.
    parts.find_parts(window_, window_.down(group & ~line), window_.down(line), group_connected);
    return parts;
  }
  // A part of the group without a cut point of the line that misses the rest of the
  // line is a whole part of the group without the line too. What is left, with the
  // line, is still one group: each part of the group without a cut point that was not
  // taken holds a piece of the (connected) line.
  const Bitboard known = group == group_ ? line & with_parts_ : 0;
  Bitboard rest = group & ~line;
  for (Bitboard b = known; b;) {
    for (int i = part_head_[pop_lsb(b)]; i != kNoPart; i = parts_[i].next) {
      if ((parts_[i].pieces & rest) != parts_[i].pieces) continue;  // meets the line, or taken
      parts.add_known_part(geometry_->dilate(parts_[i].pieces));
      rest &= ~parts_[i].pieces;
    }
  }
  parts.find_parts(rest, line, group_connected);
  return parts;
}

}  // namespace ordo
