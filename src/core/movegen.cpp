#include "core/movegen.h"

#include "core/movegen_classic.h"

namespace ordo {
namespace {

struct ListSink {
  const Geometry& g;
  MoveList& list;
  void singletons(int from, Bitboard quiet, Bitboard captures) {
    const auto f = static_cast<std::uint8_t>(from);
    while (quiet) list.push_back(Move::single({f, f, static_cast<std::uint8_t>(pop_lsb(quiet)), false}));
    while (captures) list.push_back(Move::single({f, f, static_cast<std::uint8_t>(pop_lsb(captures)), true}));
  }
  void slides(Direction d, int distance, Bitboard quiet, Bitboard captures) {
    const int back = distance * g.delta(d);
    auto add = [&](int to, bool capture) {
      const auto from = static_cast<std::uint8_t>(to - back);
      list.push_back(Move::single({from, from, static_cast<std::uint8_t>(to), capture}));
    };
    while (quiet) add(pop_lsb(quiet), false);
    while (captures) add(pop_lsb(captures), true);
  }
  void ordo(int from, int tail, int to) {
    list.push_back(Move::single({static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(tail),
                                 static_cast<std::uint8_t>(to), false}));
  }
};

struct CountSink {
  std::uint64_t count = 0;
  void singletons(int, Bitboard quiet, Bitboard captures) { count += popcount(quiet | captures); }
  void slides(Direction, int, Bitboard quiet, Bitboard captures) { count += popcount(quiet | captures); }
  void ordo(int, int, int) { ++count; }
};

}  // namespace

void generate_legal(const Position& pos, MoveList& list) {
  ListSink sink{pos.geometry(), list};
  classic::generate(pos, sink);
}

std::uint64_t count_legal(const Position& pos) {
  CountSink sink;
  classic::generate(pos, sink);
  return sink.count;
}

bool ends_game(const Position& pos, const Move& move) {
  Position after = pos;
  after.make(move);
  return after.decided_winner().has_value();
}

}  // namespace ordo
