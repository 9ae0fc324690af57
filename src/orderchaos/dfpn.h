// Proof-number search (df-pn, Nagai 2002, with the 1+epsilon threshold of Pawlewicz and
// Lew) for Order and Chaos: proves "Order wins" or "Chaos wins" from a position. Nodes
// are stored once per symmetry class (the 8 board symmetries and the X/O exchange,
// symmetry.h) in a table of bounded size whose buckets keep the entries that took the
// most work. Threats prune the tree (threats.h): a position where Order can complete a
// line is won at once, and Chaos only tries placements after which Order cannot; so is a
// position where Order's proved strategy is in force (DfpnLimits::proved_strategy).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "orderchaos/position.h"
#include "orderchaos/symmetry.h"

namespace orderchaos {

struct DfpnLimits {
  std::uint64_t nodes = 0;  // 0 = no limit
  const std::atomic<bool>* stop = nullptr;
  // Whether a position where Order's proved strategy is in force (centre_strategy.h) is
  // Order's win at once, as an endgame table would settle it. Off for strategy files,
  // which list every position themselves.
  bool proved_strategy = true;
};

struct DfpnResult {
  std::optional<Outcome> value;  // none when stopped by a limit
  std::uint64_t nodes = 0;       // positions expanded
};

class Dfpn {
 public:
  explicit Dfpn(std::size_t table_mib = 64);
  DfpnResult solve(const Position& root, const DfpnLimits& limits = {});
  // A move of the side to move that keeps its win in `pos`, searching (within `limits`)
  // where the table no longer knows; none if the mover loses or a limit stopped it.
  std::optional<Move> winning_move(const Position& pos, const DfpnLimits& limits = {});
  void clear();
  std::size_t table_bytes() const { return table_.size() * sizeof(Entry); }

 private:
  struct Entry {
    CanonicalBoards key;           // first: bit 63 Chaos to move, bit 62 slot used
    std::uint32_t pn = 0, dn = 0;  // for "Order wins"
    std::uint64_t work = 0;        // nodes spent below, for replacement
  };
  struct Child {
    Move move;
    CanonicalBoards key;
    std::uint32_t pn = 1, dn = 1;  // until the table knows better
    bool settled = false;          // decided at once: pn and dn are final, not in the table
  };
  struct Numbers {
    std::uint32_t pn = 1, dn = 1;
  };

  static CanonicalBoards key_of(const Position& pos);
  const Entry* find(const CanonicalBoards& key) const;
  void store(const CanonicalBoards& key, std::uint32_t pn, std::uint32_t dn, std::uint64_t work);
  bool expand(Position& pos, std::vector<Child>& children, std::uint32_t& pn, std::uint32_t& dn);
  Numbers mid(Position& pos, const CanonicalBoards& key, std::uint32_t thpn, std::uint32_t thdn,
              std::size_t depth);
  bool out_of_budget();
  bool order_holds_proof(const Position& pos) const;  // Order to move

  std::vector<Entry> table_;
  std::vector<std::vector<Child>> child_stack_;  // one list per depth, reused
  DfpnLimits limits_;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
};

}  // namespace orderchaos
