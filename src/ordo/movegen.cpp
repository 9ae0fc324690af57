#include "ordo/movegen.h"

#include <stdexcept>

#include "ordo/movegen_classic.h"
#include "ordo/movegen_x.h"

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
  void ordo(int from, int tail, int to) {
    list.push_back(Move::single(Step::ordo(from, tail, to)));
  }
};

// Keeps captures and the moves that land on `goal`, the opponent's home row.
struct ForcingSink {
  ListSink inner;
  Bitboard goal;
  void singletons(int from, Bitboard quiet, Bitboard captures) {
    inner.singletons(from, quiet & goal, captures);
  }
  void slides(Direction d, int distance, Bitboard quiet, Bitboard captures) {
    inner.slides(d, distance, quiet & goal, captures);
  }
  // A horizontal ordo lands on one rank: `to`'s.
  void ordo(int from, int tail, int to) {
    if (contains(goal, to)) inner.ordo(from, tail, to);
  }
};

struct CountSink {
  std::uint64_t count = 0;
  void singletons(int, Bitboard quiet, Bitboard captures) { count += popcount(quiet | captures); }
  void slides(Direction, int, Bitboard quiet, Bitboard captures) {
    count += popcount(quiet | captures);
  }
  void ordo(int, int, int) { ++count; }
};

}  // namespace

struct ChunkSink {
  BulkMoves& bulk;
  // Writes the chunk and keeps it only when it holds a move: no branch on whether
  // a piece or a slide distance has targets, which random positions make unpredictable.
  void add(Bitboard targets, std::uint8_t kind, int a, int b, int c, int count) {
    if (bulk.chunk_count_ == static_cast<int>(bulk.chunks_.size())) {
      throw std::length_error("bulk move capacity exceeded");
    }
    bulk.chunks_[bulk.chunk_count_] = {targets,
                                       kind,
                                       static_cast<std::uint8_t>(a),
                                       static_cast<std::uint8_t>(b),
                                       static_cast<std::uint8_t>(c),
                                       count,
                                       static_cast<std::uint32_t>(bulk.total_)};
    bulk.chunk_count_ += count != 0;
    bulk.total_ += static_cast<std::uint64_t>(count);
  }
  void singletons(int from, Bitboard quiet, Bitboard captures) {
    add(quiet | captures, 0, from, 0, 0, popcount(quiet | captures));
  }
  void slides(Direction d, int distance, Bitboard quiet, Bitboard captures) {
    add(quiet | captures, 1, d, distance, 0, popcount(quiet | captures));
  }
  void ordo(int from, int tail, int to) { add(0, 2, from, tail, to, 1); }
};

BulkMoves::BulkMoves(const Position& pos) : pos_(pos) {
  ChunkSink sink{*this};
  classic::generate(pos, sink);
}

Move BulkMoves::at(std::uint64_t index) const {
  // The last chunk starting at or before `index`, by a binary search that selects
  // rather than branches (a random index makes every branch a coin toss). Invariant:
  // chunk[0] starts at or before it, and chunk[n] (if any) after it.
  const Chunk* chunk = chunks_.data();
  for (int n = chunk_count_; n > 1;) {
    const int half = n / 2;
    chunk = chunk[half].start <= index ? chunk + half : chunk;
    n -= half;
  }
  index -= chunk->start;
  if (chunk->kind == 2) return Move::single(Step::ordo(chunk->a, chunk->b, chunk->c));
  Bitboard targets = chunk->targets;
  for (; index; --index) targets &= targets - 1;
  const int to = lsb(targets);
  const bool capture = contains(pos_.pieces(opponent(pos_.side_to_move())), to);
  const int from = chunk->kind == 0
                       ? chunk->a
                       : to - chunk->b * pos_.geometry().delta(static_cast<Direction>(chunk->a));
  return Move::single(Step::singleton(from, to, capture));
}

void generate_legal(const Position& pos, MoveList& list) {
  if (pos.variant() == Variant::X) {
    x::for_each_turn(pos, [&](const Move& m) { list.push_back(m); });
    return;
  }
  ListSink sink{pos.geometry(), list};
  classic::generate(pos, sink);
}

void generate_forcing(const Position& pos, MoveList& list) {
  if (pos.variant() != Variant::Classic)
    throw std::invalid_argument("generate_forcing: Classic positions only");
  const Color them = opponent(pos.side_to_move());
  ForcingSink sink{ListSink{pos.geometry(), list}, pos.geometry().home_row(them)};
  classic::generate_forcing(pos, sink);
}

std::uint64_t count_legal(const Position& pos) {
  if (pos.variant() == Variant::X) return x::count_turns(pos);
  CountSink sink;
  classic::generate(pos, sink);
  return sink.count;
}

}  // namespace ordo
