#!/usr/bin/env python3
"""Writes temporal-difference targets for `ordo-engine tune fit --search-weight 1`: each
position of a labelled data file (`tune label`) gets, in place of its own search score,
the score of the position AHEAD plies later in the same game, or the game's result
(+-5000, 0 for a draw) where the game ends sooner. A fit to these targets learns what a
position says about the search's own judgement a few turns on, not only about the result.

The data file lists each game's positions in order (as `tune records` and `tune data`
write them) but does not mark where a game ends, so this script finds the seams: a
position follows the one before it only if the other side is now to move, the result is
the same, the side that moved has as many pieces as before, and the other side's pieces
stand on a subset of their squares before (pieces are only ever captured, never moved,
by the opponent's turn).

Usage: td_targets.py LABELLED [--ahead 6] [--every 1] > targets.txt"""
import argparse

RESULT_SCORE = 5000  # the clamp of `tune label` (kMaxSearchLabel)


def squares(board, piece):
    found = set()
    for rank, row in enumerate(board.split('/')):
        file = 0
        for char in row:
            if char.isdigit():
                file += int(char)
                continue
            if char == piece:
                found.add((rank, file))
            file += 1
    return found


def follows(before, after):
    """Whether position AFTER can be the one after BEFORE in a game; each is (board, side to
    move, result, {side: its squares})."""
    _, mover, result0, pieces0 = before
    _, to_move, result1, pieces1 = after
    other = 'b' if mover == 'w' else 'w'
    return (to_move == other and result0 == result1
            and len(pieces1[mover]) == len(pieces0[mover]) and pieces1[other] <= pieces0[other])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('labelled')
    parser.add_argument('--ahead', type=int, default=6, help='plies ahead (even: same side)')
    parser.add_argument('--every', type=int, default=1, help='write every N-th position only')
    args = parser.parse_args()
    if args.ahead < 0 or args.ahead % 2:
        parser.error('--ahead must be even and not negative')
    with open(args.labelled, encoding='utf-8') as file:
        lines = file.read().splitlines()
    header = [line for line in lines if line.startswith('#')]
    rows = [line.split() for line in lines if line and not line.startswith('#')]
    if any(len(row) != 4 for row in rows):
        raise SystemExit(f'{args.labelled}: every position needs a search score (tune label)')
    # Each board is read into squares once, for both of its comparisons.
    positions = [(board, side, result, {c: squares(board, c) for c in 'wb'})
                 for board, side, result, _ in rows]
    game = [0] * len(rows)
    for i in range(1, len(rows)):
        game[i] = game[i - 1] + (0 if follows(positions[i - 1], positions[i]) else 1)
    print(header[0] if header else '# ordo-tune data')
    print(f'# temporal-difference targets: the search score {args.ahead} plies on '
          f'(td_targets.py), {game[-1] + 1 if rows else 0} games')
    for i in range(0, len(rows), args.every):
        board, side, result, _ = rows[i]
        j = i + args.ahead
        if j < len(rows) and game[j] == game[i]:
            target = int(rows[j][3])
        else:
            target = {'1-0': RESULT_SCORE, '0-1': -RESULT_SCORE}.get(result, 0)
        print(board, side, result, target)


if __name__ == '__main__':
    main()
