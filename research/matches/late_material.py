#!/usr/bin/env python3
"""For each long game of PLAYER in match records: the pieces of each side and their mean
advancement (ranks forward from their own home row) some plies before the end, to see
how the games PLAYER lost differ from those it won. The positions come from the rules core
(`ordo-engine show`), so ENGINE is the path of the ordo-engine binary.

Usage: late_material.py ENGINE PLAYER RECORDS... [--min-plies 50] [--back 30 20 10 0]

One line per game: LOST or won, its length in plies, then for each point before the end
`ours v theirs  adv ours/theirs`."""
import argparse
import re
import subprocess

from cut_games import record_file


def position_after(engine, tags, moves):
    """The position string after `moves` from the start of the record's board."""
    command = [engine, 'show', '--size', tags.get('Size', '10x8'), '--moves', ' '.join(moves)]
    if tags.get('Rules') == 'x':
        command += ['--rules', 'x']
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return next(line.split()[1] for line in out.splitlines() if line.startswith('Position'))


def side_summary(board, piece):
    """Count and mean advancement of `piece` ('w' or 'b') in a position string's board."""
    ranks = board.split('/')  # the top rank first
    height = len(ranks)
    advances = []
    for index, text in enumerate(ranks):
        rank = height - 1 - index
        for run in re.findall(r'\d+|[wb]', text):
            if run == piece:
                advances.append(rank if piece == 'w' else height - 1 - rank)
    return len(advances), sum(advances) / max(1, len(advances))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('engine')
    parser.add_argument('player')
    parser.add_argument('records', nargs='+')
    parser.add_argument('--min-plies', type=int, default=50)
    parser.add_argument('--back', type=int, nargs='+', default=[30, 20, 10, 0])
    args = parser.parse_args()
    for path in args.records:
        for tags, moves in record_file(path):
            if args.player not in (tags.get('White'), tags.get('Black')):
                continue
            if len(moves) < args.min_plies:
                continue
            ours = 'w' if tags.get('White') == args.player else 'b'
            theirs = 'b' if ours == 'w' else 'w'
            won = tags.get('Result') == ('1-0' if ours == 'w' else '0-1')
            points = []
            for back in args.back:
                board = position_after(args.engine, tags, moves[:len(moves) - back]).split()[0]
                n_ours, adv_ours = side_summary(board, ours)
                n_theirs, adv_theirs = side_summary(board, theirs)
                points.append(f'{n_ours}v{n_theirs} adv {adv_ours:.1f}/{adv_theirs:.1f}')
            print('won ' if won else 'LOST', len(moves), ' | '.join(points))


if __name__ == '__main__':
    main()
