#include "core/connection.h"

namespace ordo {

Remainder::Remainder(const Geometry& g, Bitboard group, Bitboard removed) : common_(g.all()) {
  Bitboard rest = group & ~removed;
  while (rest) {
    const Bitboard part = g.flood(rest & -rest, rest);
    rest &= ~part;
    grown_[count_] = g.dilate(part);
    common_ &= grown_[count_];
    ++count_;
  }
}

ConnectionMap::ConnectionMap(const Geometry& g, Bitboard group) : geometry_(&g) {
  if (!has_more_than_one(group)) {
    // A lone piece is always one group, wherever it goes.
    special_set_ = group;
    if (group) special_[lsb(group)] = g.all();
    return;
  }
  // has[d]: squares whose neighbour in direction d is a piece of the group.
  std::array<Bitboard, kDirectionCount> has;
  Bitboard twos = 0;
  for (int d = 0; d < kDirectionCount; ++d) {
    has[d] = g.shift(group, reverse(static_cast<Direction>(d)));
    twos |= touch1_ & has[d];
    touch1_ |= has[d];
  }
  touch2_ = twos;
  // Walking round the 8 neighbours in order, each start of a run of pieces begins a
  // local part; a corner between two occupied edge squares joins them anyway, so it is
  // counted as occupied. Two or more runs mean the piece may be a cut point.
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
  const bool connected = g.is_connected(group);
  cut_candidates_ = connected ? group & two_runs : group;
  for (Bitboard b = cut_candidates_; b;) {
    const int sq = pop_lsb(b);
    const Remainder rest(g, group, bit(sq));
    if (connected && rest.part_count() == 1) continue;  // not a cut point after all
    special_set_ |= bit(sq);
    special_[sq] = rest.common_touch();
  }
}

}  // namespace ordo
