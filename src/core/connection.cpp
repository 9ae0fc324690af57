#include "core/connection.h"

#include <algorithm>
#include <cstdint>

namespace ordo {

namespace {

// Floods the rest of a connected group (without `removed`) from one of the pieces next to
// `removed`. Every piece of the rest reached `removed` through one of those contacts, so
// the rest is connected iff the contacts are connected to each other; the flood stops
// once they all are, which around a piece that is not a cut point takes a few steps.
// Returns 0 when the rest is connected, else the (complete) part that was flooded.
Bitboard flood_contacts(const Geometry& g, Bitboard rest, Bitboard removed) {
  const Bitboard contacts = g.dilate(removed) & rest;
  if (!has_more_than_one(contacts)) return 0;
  Bitboard reached = contacts & -contacts;
  while ((reached & contacts) != contacts) {
    const Bitboard next = g.dilate(reached) & rest;
    if (next == reached) return reached;
    reached = next;
  }
  return 0;
}

}  // namespace

void Remainder::find_parts(Bitboard rest, Bitboard removed, bool rest_touches_removed) {
  const Geometry& g = *geometry_;
  if (!rest) return;
  if (rest_touches_removed) {
    const Bitboard first_part = flood_contacts(g, rest, removed);
    if (!first_part) {
      add_part(g.dilate(rest));
      return;
    }
    add_part(g.dilate(first_part));
    rest &= ~first_part;
  }
  pending_ = rest;
}

ConnectionMap::ConnectionMap(const Geometry& g, Bitboard group, bool group_connected)
    : geometry_(&g), group_(group) {
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

void ConnectionMap::analyse_connected(Bitboard group, Bitboard limit) {
  const Geometry& g = *geometry_;
  if (!has_more_than_one(group)) {
    // A lone piece is always one group, wherever it goes.
    special_set_ = group;
    if (group) special_[lsb(group)] = limit;
    return;
  }
  // has[d]: squares whose neighbour in direction d is a piece of the group.
  std::array<Bitboard, kDirectionCount> has;
  for (int d = 0; d < kDirectionCount; ++d) {
    has[d] = g.shift(group, reverse(static_cast<Direction>(d)));
    touch2_ |= touch1_ & has[d];
    touch1_ |= has[d];
  }
  // Walking round the 8 neighbours in order, each start of a run of pieces begins a
  // local part; a corner between two occupied edge squares joins them anyway, so it is
  // counted as occupied. Only pieces with two or more runs can be cut points.
  std::array<Bitboard, kDirectionCount> filled;
  for (int d = 0; d < kDirectionCount; ++d) {
    filled[d] = (d % 2) ? has[d] | (has[d - 1] & has[(d + 1) % 8]) : has[d];
  }
  Bitboard one_run = 0, two_runs = 0;
  for (int d = 0; d < kDirectionCount; ++d) {
    const Bitboard run_start = filled[d] & ~filled[(d + 7) % 8];
    two_runs |= one_run & run_start;
    one_run |= run_start;
  }
  // A few candidates are settled by short local floods; many (a stringy group) by one
  // depth-first search over the whole group.
  const Bitboard candidates = group & two_runs;
  if (popcount(candidates) > 2) {
    find_cut_points(group, limit);
    return;
  }
  for (Bitboard b = candidates; b;) {
    const int sq = pop_lsb(b);
    Remainder rest(g, group, bit(sq), true);
    if (rest.part_count() < 2) continue;
    special_set_ |= bit(sq);
    special_[sq] = rest.common_touch() & limit;
  }
}

void ConnectionMap::find_cut_points(Bitboard group, Bitboard limit) {
  // Tarjan's depth-first search over the pieces: a piece u is a cut point when some
  // child v in the search tree cannot reach above u (low[v] >= order[u]); v's subtree is
  // then one part of the group without u. The tree root is a cut point when it has two
  // or more children.
  const Geometry& g = *geometry_;
  std::array<std::uint8_t, kMaxSquares> order, low;
  std::array<Bitboard, kMaxSquares> subtree, separated;
  struct Frame {
    int square;
    Bitboard unexplored;
  };
  std::array<Frame, kMaxSquares> stack;
  const int root = lsb(group);
  int depth = 0, counter = 0, root_children = 0;
  Bitboard visited = bit(root), cut_points = 0;
  order[root] = low[root] = static_cast<std::uint8_t>(counter++);
  subtree[root] = bit(root);
  stack[depth++] = {root, g.neighbours(root) & group};
  while (depth) {
    Frame& top = stack[depth - 1];
    const int u = top.square;
    if (top.unexplored) {
      const int w = pop_lsb(top.unexplored);
      if (contains(visited, w)) {
        low[u] = std::min(low[u], order[w]);
        continue;
      }
      visited |= bit(w);
      order[w] = low[w] = static_cast<std::uint8_t>(counter++);
      subtree[w] = bit(w);
      stack[depth++] = {w, g.neighbours(w) & group};
      continue;
    }
    --depth;
    if (!depth) break;
    const int parent = stack[depth - 1].square;
    low[parent] = std::min(low[parent], low[u]);
    subtree[parent] |= subtree[u];
    if (parent == root) ++root_children;
    if (low[u] >= order[parent]) {
      if (!contains(cut_points, parent)) {
        cut_points |= bit(parent);
        special_[parent] = limit;
        separated[parent] = 0;
        part_head_[parent] = kNoPart;
      }
      const Bitboard grown = g.dilate(subtree[u]);
      special_[parent] &= grown;
      separated[parent] |= subtree[u];
      add_cut_part(parent, subtree[u], grown);
    }
  }
  // The root's children are all separate parts; it is a cut point only with two or more.
  if (root_children < 2) cut_points &= ~bit(root);
  for (Bitboard b = cut_points; b;) {
    const int u = pop_lsb(b);
    const Bitboard rest = group & ~bit(u) & ~separated[u];
    if (!rest) continue;
    const Bitboard grown = g.dilate(rest);
    special_[u] &= grown;
    add_cut_part(u, rest, grown);
  }
  special_set_ |= cut_points;
  with_parts_ = cut_points;
}

Remainder ConnectionMap::without(Bitboard group, Bitboard line, bool group_connected) const {
  Remainder parts(*geometry_);
  Bitboard rest = group & ~line;
  // A part of the group without a cut point of the line that misses the rest of the
  // line is a whole part of the group without the line too.
  const Bitboard known = group == group_ ? line & with_parts_ : 0;
  for (Bitboard b = known; b;) {
    for (int i = part_head_[pop_lsb(b)]; i != kNoPart; i = parts_[i].next) {
      if ((parts_[i].pieces & rest) != parts_[i].pieces) continue;  // meets the line, or taken
      parts.add_known_part(parts_[i].grown);
      rest &= ~parts_[i].pieces;
    }
  }
  // What is left, with the line, is still one group: each part of the group without a
  // cut point that was not taken holds a piece of the (connected) line.
  parts.find_parts(rest, line, group_connected);
  return parts;
}

}  // namespace ordo
