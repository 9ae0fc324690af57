#include "orderchaos/proof_strategy.h"

#include <set>
#include <tuple>
#include <utility>

#include "orderchaos/movegen.h"
#include "orderchaos/notation.h"

namespace orderchaos {

namespace {

class Extractor {
 public:
  Extractor(Dfpn& search, Role winner, const DfpnLimits& limits, std::size_t max_positions)
      : search_(search), winner_(winner), limits_(limits), max_positions_(max_positions) {}

  // Whether the winner's strategy is complete below `pos`.
  bool visit(Position& pos) {
    if (pos.over()) return pos.outcome() == won_;
    const auto id = std::tuple(pos.pieces(Symbol::X), pos.pieces(Symbol::O), pos.to_move());
    if (!visited_.insert(id).second) return true;
    if (pos.to_move() != winner_) return every_reply(pos);
    if (moves_.size() >= max_positions_) return false;
    const std::optional<Move> move = search_.winning_move(pos, limits_);
    if (!move) return false;
    moves_.emplace_back(pos, *move);
    pos.play(*move);
    const bool ok = visit(pos);
    pos.undo(*move);
    return ok;
  }

  std::vector<std::pair<Position, Move>> take() { return std::move(moves_); }

 private:
  bool every_reply(Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    for (const Move m : list) {
      pos.play(m);
      const bool ok = visit(pos);
      pos.undo(m);
      if (!ok) return false;
    }
    return true;
  }

  Dfpn& search_;
  Role winner_;
  Outcome won_ = winner_ == Role::Order ? Outcome::OrderWins : Outcome::ChaosWins;
  DfpnLimits limits_;
  std::size_t max_positions_;
  std::set<std::tuple<Bitboard, Bitboard, Role>> visited_;
  std::vector<std::pair<Position, Move>> moves_;
};

}  // namespace

std::optional<ProofStrategy> extract_strategy(Dfpn& search, const Position& root, Role winner,
                                              const DfpnLimits& limits, std::size_t max_positions) {
  Extractor extractor(search, winner, limits, max_positions);
  Position pos = root;
  if (!extractor.visit(pos)) return std::nullopt;
  return ProofStrategy{root, winner, extractor.take()};
}

std::string format_strategy(const ProofStrategy& strategy) {
  std::string out = "orderchaos-strategy 1\nrules ";
  out += version_name(strategy.root.version());
  out += strategy.winner == Role::Order ? "\nwinner order\nroot " : "\nwinner chaos\nroot ";
  out += strategy.root.to_string() + '\n';
  for (const auto& [pos, move] : strategy.moves)
    out += pos.to_string() + ' ' + format_move(move) + '\n';
  return out;
}

}  // namespace orderchaos
