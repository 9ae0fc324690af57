// Fast answers to "is the mover still one group after this move?" without a flood fill
// per candidate move.
//
// A piece whose removal leaves the rest of its group connected keeps the group
// connected exactly when its destination touches that rest. Only pieces that may be cut
// points (their neighbours are split locally) need the parts of the rest worked out, and
// then a destination must touch every part.
#pragma once

#include <array>
#include <cstdint>

#include "ordo/bitboard.h"
#include "ordo/geometry.h"
#include "ordo/window.h"

namespace ordo {

namespace detail {

// Floods the rest of a connected group (without `removed`) from one of the pieces next to
// `removed`. Every piece of the rest reached `removed` through one of those contacts, so
// the rest is connected iff the contacts are connected to each other; the flood stops
// once they all are, which around a piece that is not a cut point takes a few steps.
// Returns 0 when the rest is connected, else the (complete) part that was flooded.
// Works on a Window's words or on whole bitboards with the Geometry.
template <class Word, class Space>
Word flood_contacts(const Space& space, Word rest, Word removed) {
  const Word contacts = space.dilate(removed) & rest;
  if (!(contacts & (contacts - 1))) return 0;
  Word reached = contacts & -contacts;
  while ((reached & contacts) != contacts) {
    const Word next = space.dilate(reached) & rest;
    if (next == reached) return reached;
    reached = next;
  }
  return 0;
}

}  // namespace detail

// The parts of `group` without `removed`, each grown by one square. A connected piece
// set placed anywhere reconnects the group iff it touches every grown part.
class Remainder {
 public:
  // `group_connected` lets the common case (removal splits nothing) skip the full flood.
  Remainder(const Geometry& g, Bitboard group, Bitboard removed, bool group_connected)
      : Remainder(g) {
    find_parts(group & ~removed, removed, group_connected);
  }
  // Built in two stages when some parts are known beforehand (see ConnectionMap::without).
  explicit Remainder(const Geometry& g) : geometry_(&g), common_(g.all()) {}
  // A complete part of the rest, and the squares next to it.
  void add_known_part(Bitboard grown) { add_part(grown); }
  // Sorts `rest` (the remaining pieces) into parts. `rest_touches_removed`: rest and
  // `removed` together form one group, which lets a connected rest skip the full flood.
  void find_parts(Bitboard rest, Bitboard removed, bool rest_touches_removed);
  // The same for sets given as words of a window that fits them; the window must
  // outlive this object, which sorts the rest of the pieces on its words as well.
  void find_parts(const Window& window, std::uint64_t rest, std::uint64_t removed,
                  bool rest_touches_removed);

  int part_count() {
    while (has_pending()) split_off_next_part();
    return count_;
  }
  // Does a connected set of squares (a piece, an ordo line) touch every part? Parts are
  // worked out only as far as needed: most sets miss the first one already.
  bool joined_by(Bitboard connected_set) {
    for (int i = 0; i < count_; ++i)
      if (!(grown_[i] & connected_set)) return false;
    while (has_pending()) {
      if (!(split_off_next_part() & connected_set)) return false;
    }
    return true;
  }
  // The squares that touch every part (all squares if nothing remains).
  Bitboard common_touch() {
    part_count();
    return common_;
  }

 private:
  bool has_pending() const { return pending_ || pending_word_; }
  Bitboard split_off_next_part() {
    if (window_) {
      const std::uint64_t part = window_->flood(pending_word_ & -pending_word_, pending_word_);
      pending_word_ &= ~part;
      return add_part(window_->grow(part));
    }
    const Bitboard part = geometry_->flood(pending_ & -pending_, pending_);
    pending_ &= ~part;
    return add_part(geometry_->dilate(part));
  }
  Bitboard add_part(Bitboard grown) {
    grown_[count_++] = grown;
    common_ &= grown;
    return grown;
  }
  // Parts are pairwise non-adjacent, so at most ceil(w/2)*ceil(h/2) <= 36 of them.
  static constexpr int kMaxParts = 40;
  const Geometry* geometry_;
  std::array<Bitboard, kMaxParts> grown_;
  Bitboard common_;
  // Pieces of the rest not yet sorted into parts: as words of window_ when there is one.
  Bitboard pending_ = 0;
  const Window* window_ = nullptr;
  std::uint64_t pending_word_ = 0;
  int count_ = 0;
};

// A Remainder on the words of a window (one that fits): the parts are grown on words too,
// so the window must hold every square a set given to joined_by() may touch them on.
class WordRemainder {
 public:
  WordRemainder(const Window& window, std::uint64_t rest, std::uint64_t removed,
                bool rest_touches_removed)
      : window_(&window) {
    if (!rest) return;
    if (rest_touches_removed) {
      const std::uint64_t first_part = detail::flood_contacts(window, rest, removed);
      if (!first_part) {
        grown_[count_++] = window.dilate(rest);
        return;
      }
      grown_[count_++] = window.dilate(first_part);
      rest &= ~first_part;
    }
    pending_ = rest;
  }
  bool joined_by(std::uint64_t connected_set) {
    for (int i = 0; i < count_; ++i)
      if (!(grown_[i] & connected_set)) return false;
    while (pending_) {
      const std::uint64_t part = window_->flood(pending_ & -pending_, pending_);
      pending_ &= ~part;
      grown_[count_] = window_->dilate(part);
      if (!(grown_[count_++] & connected_set)) return false;
    }
    return true;
  }

 private:
  const Window* window_;
  std::uint64_t pending_ = 0;  // pieces not yet sorted into parts
  // Parts are pairwise non-adjacent: at most ceil(w/2) * ceil(h/2) of them in 64 squares.
  std::array<std::uint64_t, 32> grown_;
  int count_ = 0;
};

// For every piece of one side, the squares it may reach as a singleton and leave its
// side as one group. Works for connected and for split sides.
class ConnectionMap {
 public:
  ConnectionMap(const Geometry& g, Bitboard group, bool group_connected);

  // Pieces whose targets are irregular (cut points, every piece of a split side, a lone
  // piece). Any other piece may go to a neighbouring square in touch2() and to a farther
  // square in touch1().
  Bitboard irregular_pieces() const { return special_set_; }
  Bitboard touch1() const { return touch1_; }
  Bitboard touch2() const { return touch2_; }

  // singleton_targets() of a piece known to be irregular.
  Bitboard irregular_targets(int sq) const { return special_[sq]; }
  Bitboard singleton_targets(int sq) const {
    if (special_set_ & bit(sq)) return special_[sq];
    return touch2_ | (touch1_ & ~geometry_->neighbours(sq));
  }

  // The parts of `group` without `line` (a connected set of its pieces, such as an ordo).
  // Parts known from the cut points in the line are taken as they are, so that only the
  // rest needs a flood, and usually a short one.
  Remainder without(Bitboard group, Bitboard line, bool group_connected) const;

 private:
  // Fills touch1_, touch2_ for a connected group and stores exact targets for its
  // cut points, each limited to `limit`.
  void analyse_connected(Bitboard group, Bitboard limit);
  // Works out whether `sq` (whose runs of neighbours start in the directions `starts`)
  // splits `group`, and if so records it with its parts. For groups that do not fit
  // window_.
  void split_at(Bitboard group, int sq, unsigned starts, Bitboard limit);
  // The cut points of the group, on window_'s words (it must fit the group).
  void find_cut_points_in_window(Bitboard limit);

  // Records cut point u, which may move to `targets` (the squares touching every part).
  void add_cut_point(int u, Bitboard targets) {
    special_set_ |= bit(u);
    special_[u] = targets;
  }
  // Remembers one part of the group without cut point u, for without() on a group that
  // does not fit window_ (one that fits is flooded on its words instead).
  void add_cut_part(int u, Bitboard part) {
    if (!(with_parts_ & bit(u))) {
      with_parts_ |= bit(u);
      part_head_[u] = kNoPart;
    }
    parts_[part_count_] = {part, part_head_[u]};
    part_head_[u] = static_cast<std::uint16_t>(part_count_++);
  }

  const Geometry* geometry_;
  Window window_;  // spans group_; most floods run on its words
  // The parts of the group without each cut point in with_parts_, as lists linked
  // through `next` (kNoPart ends one). Counted over all cut points, the parts are the
  // edges of the block-cut tree, so there are fewer than two per piece.
  struct Part {
    Bitboard pieces;
    std::uint16_t next;
  };
  static constexpr std::uint16_t kNoPart = 0xFFFF;
  Bitboard group_ = 0;
  Bitboard with_parts_ = 0;
  int part_count_ = 0;
  std::array<std::uint16_t, kMaxSquares> part_head_;  // only entries in with_parts_ are set
  std::array<Part, 2 * kMaxSquares> parts_;
  Bitboard touch1_ = 0;                        // squares with at least one neighbour in the group
  Bitboard touch2_ = 0;                        // squares with at least two
  Bitboard special_set_ = 0;                   // pieces whose targets are stored in special_
  std::array<Bitboard, kMaxSquares> special_;  // only entries in special_set_ are written
};

// The pieces of `group` whose neighbours in the group fall apart without them, judged
// inside their 3x3 neighbourhood only (the neighbours may still meet further out): every
// cut point is one, and in a thin group nearly every one is a cut point. All at once.
Bitboard local_cut_points(const Geometry& g, Bitboard group);

}  // namespace ordo
