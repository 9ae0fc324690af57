// Monte Carlo tree search over the same rules and evaluation as alpha-beta: UCT selection
// with progressive widening (a node's children are its moves in prior order, added as its
// visits grow), the static evaluation as the value of each new leaf (no random playouts),
// and a light solver for the game's sudden ends: a move that wins at once is proven, and
// a position whose side to move can win at once is proven lost for the side that let it.
//
// Deterministic: no randomness; with a node limit and no time limit the same position
// gives the same move and node count on every run. Node = one iteration (one new leaf).
//
// A template over a game's search rules, like alpha-beta: the definitions are in
// mcts_impl.h, instantiated in each game's ai/ folder.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "search/searcher.h"

namespace ordo {

struct MctsConfig {
  double exploration = 0.9;           // c in  q + c * sqrt(ln N / n)
  int eval_scale = 150;               // evaluation units per logistic unit when turned into [0, 1]
  int max_children = 64;              // moves kept per node, best by the prior
  std::size_t max_nodes = 4'000'000;  // the tree stops growing here (memory)
};

template <class Rules>
class BasicMcts : public BasicSearcher<Rules> {
 public:
  using Position = typename Rules::Position;
  using Move = typename Rules::Move;
  using Info = BasicInfo<Move>;
  using Result = BasicSearchResult<Move>;

  explicit BasicMcts(MctsConfig config = {});
  ~BasicMcts() override;

  // A depth limit has no direct meaning here: it is read as a node limit of
  // 200 * depth^3 iterations (depth 5: 25,000).
  Result search(const Position& root, const std::vector<std::uint64_t>& history,
                const SearchLimits& limits, const std::atomic<bool>& stop,
                const std::function<void(const Info&)>& on_info = {}) override;
  void clear() override {}

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFF;
  enum class Proof : std::int8_t { Unknown = 0, MoverWins = 1, MoverLoses = -1 };

  struct Node {
    Move move;  // the move that led here (unused at the root)
    std::uint32_t parent = kNone;
    std::uint32_t first_child = kNone;  // the newest child; older ones follow by sibling
    std::uint32_t next_sibling = kNone;
    std::uint32_t moves_begin = 0;  // this node's moves, in prior order, in moves_
    std::uint16_t move_count = 0;
    std::uint16_t children = 0;  // added so far: the first `children` of its moves
    bool expanded = false;
    Proof proof = Proof::Unknown;
    std::uint32_t visits = 0;
    double value = 0.0;  // summed, for the side that played `move`, in [0, 1] each
  };

  void iterate(const Position& root);
  std::uint32_t select_child(const Node& node) const;
  // Evaluates a new node (its position is `pos`) and stores its moves; the value for the
  // side that played into it.
  double expand(std::uint32_t node, Position& pos);
  void backpropagate(std::uint32_t node, double value);
  void prove_upwards(std::uint32_t node);
  std::uint32_t best_root_child() const;
  Info make_info(std::int64_t elapsed_ms) const;
  double leaf_value(const Position& pos) const;

  MctsConfig config_;
  std::vector<Node> nodes_;
  std::vector<Move> moves_;  // every node's kept moves, in prior order
  std::unique_ptr<typename Rules::MoveList> scratch_;
  std::vector<std::pair<int, std::uint32_t>> order_;  // prior score and index per move
  std::vector<std::uint64_t> history_;
  std::vector<std::uint64_t> path_hashes_;
  int max_depth_ = 0;
};

}  // namespace ordo
