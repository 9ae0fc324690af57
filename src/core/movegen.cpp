#include "core/movegen.h"

#include "core/movegen_classic.h"
#include "core/movegen_x.h"

namespace ordo {
namespace {

struct ListSink {
  const Geometry& g;
  MoveList& list;
  void singletons(int from, Bitboard quiet, Bitboard captures) {
    while (quiet) list.push_back(Move::single(Step::singleton(from, pop_lsb(quiet), false)));
    while (captures) list.push_back(Move::single(Step::singleton(from, pop_lsb(captures), true)));
  }
  void slides(Direction d, int distance, Bitboard quiet, Bitboard captures) {
    const int back = distance * g.delta(d);
    while (quiet) {
      const int to = pop_lsb(quiet);
      list.push_back(Move::single(Step::singleton(to - back, to, false)));
    }
    while (captures) {
      const int to = pop_lsb(captures);
      list.push_back(Move::single(Step::singleton(to - back, to, true)));
    }
  }
  void ordo(int from, int tail, int to) { list.push_back(Move::single(Step::ordo(from, tail, to))); }
};

struct CountSink {
  std::uint64_t count = 0;
  void singletons(int, Bitboard quiet, Bitboard captures) { count += popcount(quiet | captures); }
  void slides(Direction, int, Bitboard quiet, Bitboard captures) { count += popcount(quiet | captures); }
  void ordo(int, int, int) { ++count; }
};

}  // namespace

void generate_legal(const Position& pos, MoveList& list) {
  if (pos.variant() == Variant::X) {
    x::for_each_turn(pos, [&](const Move& m) { list.push_back(m); });
    return;
  }
  ListSink sink{pos.geometry(), list};
  classic::generate(pos, sink);
}

std::uint64_t count_legal(const Position& pos) {
  if (pos.variant() == Variant::X) return x::count_turns(pos);
  CountSink sink;
  classic::generate(pos, sink);
  return sink.count;
}

}  // namespace ordo
