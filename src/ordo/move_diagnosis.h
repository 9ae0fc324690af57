// Explains why a written step is not legal, for the parser's error messages. Called only
// after no legal move matched, so it looks for the first rule the step breaks.
#pragma once

#include <optional>
#include <string>

#include "ordo/position.h"

namespace ordo {

// A step as the user wrote it, before it is matched against the legal moves.
struct WrittenStep {
  int from = 0, tail = 0, to = 0;
  bool ordo = false;
  bool capture = false;
  std::optional<int> keep;  // '@square'
};

class Diagnosis {
 public:
  explicit Diagnosis(const Position& pos);
  std::string why_not(const WrittenStep& w) const;

 private:
  std::string name(int sq) const;
  int forward_sign() const { return us_ == Color::White ? 1 : -1; }
  std::optional<std::string> owner_problem(int sq) const;
  int first_blocker(int from, int df, int dr, int steps, Bitboard moving) const;
  std::string connection_problem() const;
  std::string backward_problem() const;
  std::string why_not_singleton(const WrittenStep& w) const;
  std::string why_not_ordo(const WrittenStep& w) const;
  std::optional<std::string> ordo_direction_problem(bool horizontal, int df, int dr) const;

  const Position& pos_;
  const Geometry& g_;
  Color us_;
  bool reconnecting_;
};

}  // namespace ordo
