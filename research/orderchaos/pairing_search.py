#!/usr/bin/env python3
"""Is there a pairing strategy for Chaos in exact-five Order and Chaos on 6 x 6?

A pairing strategy splits the 36 squares into 18 pairs, each marked "same" or
"opposite": whenever Order places on a square, Chaos places on its partner the same or
the opposite symbol. Every pair is then filled together, so on the full board each pair
obeys its relation, and every pair can be filled both ways (the symbol Order chooses).

The script shows, by brute force and without assuming which pairs are useful:

  (a) no pairing of opposite pairs only stops every exact five (the count is 0);
  (b) pairings that also use same pairs exist if a five is judged on the FULL board
      (a five whose end square later gets the same symbol is a six and does not win):
      all of them are counted, one is drawn, and every one is checked window by window;
  (c) none of those works under this project's rule (src/orderchaos/board.h, Window):
      a full window of five wins the moment it stands unless a square just beyond an end
      ALREADY holds the same symbol. For every pairing of (b) it finds a line of play in
      which Order, placing one symbol on the squares of one window only, wins against
      Chaos's pairing answers; the one for the drawn pairing is printed in the engine's
      notation.

Method. The 32 windows are built as in board.h. A window W is an exact five of symbol s
on a full board when its five squares hold s and no square just beyond its ends does.
A set of pairs forbids that when no way of filling the pairs touching W and its ends
(each pair either way its relation allows; squares without a partner there are free)
gives it. The pairs are disjoint and filled independently, so a set of pairs forbids a
window only if one of its pairs does by itself. First every one of the 630 x 2 single
pairs is tested against every window: a pair turns out to forbid windows of at most one
of the 18 lines (6 rows, 6 columns, the 2 long diagonals, the 4 diagonals of five), and
only if it lies inside that line, so each line needs a pair of its own and 18 pairs
leave exactly one per line, which must forbid all of that line's windows. The pairings
are then all solutions of an exact cover: each line gets one such pair, each square
lies in one pair. Each pairing found is checked again as a whole, every window with
both symbols.

Run: python3 research/orderchaos/pairing_search.py   (standard library only; 25-35 s
on a loaded machine.)
"""

import itertools
import sys
import time
from collections import defaultdict

SIDE = 6
SAME, OPPOSITE = "same", "opposite"
SYMBOLS = "XO"


def square(file, rank):
    return rank * SIDE + file  # a1 = 0, as in the engine


def square_name(sq):
    return "abcdef"[sq % SIDE] + str(sq // SIDE + 1)


def on_board(file, rank):
    return 0 <= file < SIDE and 0 <= rank < SIDE


def make_windows():
    """(five squares, squares just beyond the ends), as detail::make_windows in board.h."""
    windows = []
    for df, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for rank in range(SIDE):
            for file in range(SIDE):
                last_file, last_rank = file + 4 * df, rank + 4 * dr
                if not on_board(last_file, last_rank):
                    continue
                cells = tuple(square(file + i * df, rank + i * dr) for i in range(5))
                ends = tuple(square(f, r)
                             for f, r in ((file - df, rank - dr), (last_file + df, last_rank + dr))
                             if on_board(f, r))
                windows.append((cells, ends))
    return windows


WINDOWS = make_windows()
# A line is a window's squares with its end squares: the whole row, column or diagonal.
LINES = sorted({frozenset(cells + ends) for cells, ends in WINDOWS}, key=sorted)
LINE_OF = [LINES.index(frozenset(cells + ends)) for cells, ends in WINDOWS]
WINDOWS_THROUGH = defaultdict(list)
for _cells, _ends in WINDOWS:
    for _sq in _cells:
        WINDOWS_THROUGH[_sq].append((_cells, _ends))


def exact_five_possible(window, s, pairs):
    """Whether some full board obeying `pairs` has `window` as an exact five of s.

    Depth first over the ways to fill the pairs that touch the window or its ends (each
    pair either way its relation allows), dropping a way as soon as one of its squares
    contradicts the window; squares in no such pair are set freely as the window needs."""
    cells, ends = window
    demand = {sq: True for sq in cells}  # True: must hold s; False: must not
    demand.update({sq: False for sq in ends})
    touching = [p for p in pairs if p[0] in demand or p[1] in demand]

    def fill(n):
        if n == len(touching):
            return True
        a, b, rel = touching[n]
        for a_is_s in (True, False):
            b_is_s = a_is_s if rel == SAME else not a_is_s
            if demand.get(a, a_is_s) == a_is_s and demand.get(b, b_is_s) == b_is_s and fill(n + 1):
                return True
        return False

    return fill(0)


def forbidden_windows(pairs):
    """Indices of the windows that `pairs` stop from being an exact five of either symbol."""
    return {i for i, w in enumerate(WINDOWS)
            if not any(exact_five_possible(w, s, pairs) for s in SYMBOLS)}


def exact_cover(options):
    """All ways to pick one option per line with no square used twice.

    options: (line, a, b, relation); Algorithm X on the columns lines + squares."""
    columns = defaultdict(list)
    for i, (line, a, b, _rel) in enumerate(options):
        for col in (("line", line), ("square", a), ("square", b)):
            columns[col].append(i)
    all_columns = [("line", n) for n in range(len(LINES))] + [("square", q) for q in range(36)]

    def cols_of(i):
        line, a, b, _rel = options[i]
        return (("line", line), ("square", a), ("square", b))

    solutions = []

    def search(covered, chosen):
        best = None
        for col in all_columns:
            if col in covered:
                continue
            free = [i for i in columns[col] if not any(c in covered for c in cols_of(i))]
            if best is None or len(free) < len(best):
                best = free
                if not free:
                    return
        if best is None:
            solutions.append(list(chosen))
            return
        for i in best:
            new = set(cols_of(i))
            chosen.append(options[i])
            search(covered | new, chosen)
            chosen.pop()

    search(frozenset(), [])
    return solutions


def completes_five(board, sq):
    """The engine's rule (Position::play): the placement on sq makes a full window of its
    symbol with no square just beyond an end holding that symbol now."""
    s = board[sq]
    return any(all(board.get(c) == s for c in cells) and all(board.get(e) != s for e in ends)
               for cells, ends in WINDOWS_THROUGH[sq])


def order_win_against(pairing):
    """A line of play in which Order, placing one symbol on the squares of one window,
    wins against Chaos's pairing answers under the engine's rule; None if there is none."""
    partner = {}
    for a, b, rel in pairing:
        partner[a] = (b, rel)
        partner[b] = (a, rel)

    def extend(board, moves, cells, ends, s):
        if frozenset(board) in dead_ends:
            return None
        dead_ends.add(frozenset(board))
        for sq in cells:
            if sq in board:
                continue
            board2 = dict(board)
            board2[sq] = s
            moves2 = moves + [("Order", s, sq)]
            if completes_five(board2, sq):
                return moves2
            other, rel = partner[sq]
            answer = s if rel == SAME else ("O" if s == "X" else "X")
            board2[other] = answer
            moves2.append(("Chaos", answer, other))
            if completes_five(board2, other):
                return moves2
            if any(board2.get(c, s) != s for c in cells) or any(board2.get(e) == s for e in ends):
                continue  # this window can no longer win: placed symbols stay
            found = extend(board2, moves2, cells, ends, s)
            if found:
                return found
        return None

    for cells, ends in WINDOWS:
        for s in SYMBOLS:
            dead_ends = set()  # boards already searched in vain (the moves are forced by them)
            found = extend({}, [], cells, ends, s)
            if found:
                return found
    return None


def diagram(pairing):
    letters = {}
    for n, (a, b, rel) in enumerate(sorted(pairing, key=lambda p: min(p[:2]))):
        mark = "=" if rel == SAME else "!"
        letters[a] = letters[b] = "abcdefghijklmnopqr"[n] + mark
    rows = ["    a  b  c  d  e  f"]
    for rank in reversed(range(SIDE)):
        rows.append(f"{rank + 1}  " + " ".join(f"{letters[square(f, rank)]:>2}" for f in range(SIDE)))
    return "\n".join(rows)


def main():
    start = time.time()
    assert len(WINDOWS) == 32 and len(LINES) == 18

    # Every single pair, both relations, against every window.
    kills = {}
    for a, b in itertools.combinations(range(36), 2):
        for rel in (SAME, OPPOSITE):
            dead = forbidden_windows([(a, b, rel)])
            if dead:
                kills[(a, b, rel)] = dead
    lines_hit = {k: {LINE_OF[i] for i in v} for k, v in kills.items()}
    assert all(len(v) == 1 for v in lines_hit.values()), "a pair forbids windows of two lines"
    assert all({a, b} <= LINES[next(iter(lines_hit[(a, b, rel)]))] for a, b, rel in kills)
    options = []
    for (a, b, rel), dead in kills.items():
        line = next(iter(lines_hit[(a, b, rel)]))
        if dead == {i for i in range(32) if LINE_OF[i] == line}:
            options.append((line, a, b, rel))
    print(f"windows {len(WINDOWS)}, lines {len(LINES)}; single pairs that forbid some window: "
          f"{len(kills)}, of which forbid every window of their line: {len(options)} "
          f"({sum(o[3] == SAME for o in options)} same, {sum(o[3] == OPPOSITE for o in options)} opposite)")

    opposite_only = exact_cover([o for o in options if o[3] == OPPOSITE])
    print(f"(a) pairings of opposite pairs only that stop every exact five: {len(opposite_only)}")

    pairings = [[(a, b, rel) for _line, a, b, rel in sol] for sol in exact_cover(options)]
    by_same = defaultdict(int)
    for p in pairings:
        by_same[sum(rel == SAME for _a, _b, rel in p)] += 1
    print(f"(b) pairings allowing same pairs that stop every exact five, judged on the full "
          f"board: {len(pairings)} (all of them, no cap); by number of same pairs: "
          + ", ".join(f"{k} same: {v}" for k, v in sorted(by_same.items())))
    rechecked = sum(forbidden_windows(p) == set(range(32)) for p in pairings)
    print(f"    rechecked as whole pairings (every window, both symbols): {rechecked} of {len(pairings)}")
    assert rechecked == len(pairings)

    beaten = 0
    for p in pairings:
        beaten += order_win_against(p) is not None
    print(f"(c) of those, beaten under the engine's rule by Order placing one symbol on one "
          f"window's squares: {beaten} of {len(pairings)}")

    if pairings:
        example = min(pairings, key=lambda p: sum(rel == SAME for _a, _b, rel in p))
        print("\nExample (fewest same pairs; letter = pair, '=' same, '!' opposite):")
        print(diagram(example))
        line = order_win_against(example)
        print("Order wins against it under the engine's rule:")
        for n in range(0, len(line), 2):
            order, chaos = line[n], line[n + 1] if n + 1 < len(line) else None
            text = f"  Order {order[1]}{square_name(order[2])}"
            if chaos:
                text += f", Chaos answers {chaos[1]}{square_name(chaos[2])}"
            print(text)
        last = line[-1]
        cells, ends = next((c, e) for c, e in WINDOWS_THROUGH[last[2]]
                           if all(any(m[2] == q and m[1] == last[1] for m in line) for q in c))
        print(f"  five {last[1]} on {'-'.join(square_name(q) for q in cells)}, "
              f"end square{'s' if len(ends) > 1 else ''} {' '.join(square_name(q) for q in ends)} "
              f"not {last[1]} ({'empty' if all(not any(m[2] == q for m in line) for q in ends) else 'filled'})")
        print("  moves: " + " ".join(f"{m[1]}{square_name(m[2])}" for m in line))

    print(f"\n{time.time() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
