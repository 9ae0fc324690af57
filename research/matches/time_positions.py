#!/usr/bin/env python3
"""Times engines on positions taken from match records: for each of the first GAMES
games of RECORD, the position after each of PLIES plies (if the game went on two plies
more) is searched by `ENGINE bestmove` to a fixed depth or node count. Each round runs
every engine over all positions, one process at a time, and prints the user CPU seconds
of each and their ratio to the first engine's; the nodes (and, at a fixed depth, the
node total) show whether the engines searched the same trees.

Usage: time_positions.py RECORD ENGINE... [--size 10x8] [--games 10] [--plies 10,30,50]
                         (--depth D | --nodes N) [--rounds 3]"""
import argparse
import re
import resource
import subprocess

from cut_games import record_file


def user_seconds():
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime


def search(engine, size, moves, limit):
    """(user CPU seconds, nodes of the last iteration) of one search."""
    before = user_seconds()
    out = subprocess.run([engine, 'bestmove', '--size', size, '--moves', ' '.join(moves),
                          '--hash', '16', *limit], capture_output=True, text=True,
                         check=True).stdout
    nodes = re.findall(r'^info depth \d+ .*?nodes (\d+)', out, re.M)
    return user_seconds() - before, int(nodes[-1]) if nodes else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('record')
    parser.add_argument('engines', nargs='+')
    parser.add_argument('--size', default='10x8')
    parser.add_argument('--games', type=int, default=10)
    parser.add_argument('--plies', default='10,30,50')
    parser.add_argument('--rounds', type=int, default=3)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument('--depth', type=int)
    group.add_argument('--nodes', type=int)
    args = parser.parse_args()
    limit = ['--depth', str(args.depth)] if args.depth else ['--nodes', str(args.nodes)]
    plies = [int(p) for p in args.plies.split(',')]
    records = [moves for _, moves in record_file(args.record)][:args.games]
    positions = [moves[:p] for moves in records for p in plies if p + 2 < len(moves)]
    print(f'{len(positions)} positions, {" ".join(limit)}')
    for round_number in range(1, args.rounds + 1):
        seconds, nodes = [], []
        for engine in args.engines:
            results = [search(engine, args.size, moves, limit) for moves in positions]
            seconds.append(sum(s for s, _ in results))
            nodes.append(sum(n for _, n in results))
        cells = [f'{s:.2f} s ({n:,} nodes, x{seconds[0] / s:.2f})'
                 for s, n in zip(seconds, nodes)]
        print(f'round {round_number}: ' + ' | '.join(cells))


if __name__ == '__main__':
    main()
