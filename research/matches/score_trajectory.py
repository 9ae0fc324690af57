#!/usr/bin/env python3
"""Our engine's own view of its games: for each game of the records that our side lost (or
won, or all), the score of a fresh search at each of our turns between two plies. A score
that slides turn by turn shows a game lost by judgement; a sudden fall, one lost to a
tactic. A '*' marks a turn where the search would now play another move than the one
played.

Usage: score_trajectory.py RECORDS... [--result lost] [--from-ply 24] [--to-ply 38]
       [--min-plies 0] [--nodes 1000000] [--bot uct]
       [--engine build/release/src/cli/ordo-engine]

Each output line: record round our-colour plies ply:score[*] ..., scores in centipawns from
our side's view (a forced win or loss is written as +3000 or -3000)."""
import argparse
import re
import subprocess

from cut_games import record_file


def our_result(tags, bot):
    """'won', 'lost' or 'drawn' for the side that is not the bot, None if neither is."""
    if bot not in (tags.get('White'), tags.get('Black')):
        return None, None
    ours = 'White' if tags.get('White') != bot else 'Black'
    winner = {'1-0': 'White', '0-1': 'Black'}.get(tags.get('Result'))
    if winner is None:
        return ours, 'drawn'
    return ours, 'won' if winner == ours else 'lost'


def search(engine, size, moves, nodes):
    """(score, best move) of a fresh search after `moves`."""
    out = subprocess.run([engine, 'bestmove', '--size', size, '--moves', ' '.join(moves),
                          '--nodes', str(nodes)], capture_output=True, text=True,
                         check=True).stdout
    kind, value = re.findall(r'score (cp|mate) (-?\d+)', out)[-1]
    score = int(value) if kind == 'cp' else (3000 if int(value) > 0 else -3000)
    return score, re.search(r'bestmove (\S+)', out).group(1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('records', nargs='+')
    parser.add_argument('--result', choices=['lost', 'won', 'all'], default='lost')
    parser.add_argument('--from-ply', type=int, default=24)
    parser.add_argument('--to-ply', type=int, default=38)
    parser.add_argument('--min-plies', type=int, default=0, help='leave out shorter games')
    parser.add_argument('--nodes', type=int, default=1000000)
    parser.add_argument('--bot', default='uct', help='the name of the opponent in the records')
    parser.add_argument('--engine', default='build/release/src/cli/ordo-engine')
    args = parser.parse_args()
    for path in args.records:
        for tags, moves in record_file(path):
            ours, result = our_result(tags, args.bot)
            if ours is None or (args.result != 'all' and result != args.result):
                continue
            if len(moves) < args.min_plies:
                continue
            first = args.from_ply + (args.from_ply % 2 != (ours == 'Black'))
            turns = []
            for ply in range(first, min(args.to_ply, len(moves) - 1) + 1, 2):
                score, best = search(args.engine, tags.get('Size', '10x8'), moves[:ply],
                                     args.nodes)
                turns.append(f'{ply}:{score:+d}' + ('' if best == moves[ply] else '*'))
            if turns:
                name = path.rsplit('/', 1)[-1]
                print(name, tags.get('Round', '?'), ours, len(moves), ' '.join(turns),
                      flush=True)


if __name__ == '__main__':
    main()
