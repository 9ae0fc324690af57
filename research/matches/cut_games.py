#!/usr/bin/env python3
"""Writes an opening book (one line of moves per game, for `ordo-engine match --openings`)
of the games in match records that PLAYER lost (or won), each cut TURNS turns of PLAYER
before the end, so that PLAYER is to move.

Usage: cut_games.py PLAYER lost|won TURNS [--min-plies N] RECORDS... > book.txt"""
import argparse
import re


def games(text):
    """(tags, moves) of each record in a file of records."""
    for block in re.split(r'\n\s*\n(?=\[)', text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        body = re.sub(r'^\[.*\]$', '', block, flags=re.M)
        words = [w for w in body.split() if not re.fullmatch(r'\d+\.|1-0|0-1|1/2-1/2|\*', w)]
        yield tags, words


def record_file(path):
    """(tags, moves) of each record in the file at PATH."""
    with open(path, encoding='utf-8') as file:
        return list(games(file.read()))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('player')
    parser.add_argument('outcome', choices=['lost', 'won'])
    parser.add_argument('turns', type=int)
    parser.add_argument('records', nargs='+')
    parser.add_argument('--min-plies', type=int, default=0, help='skip shorter games')
    args = parser.parse_args()
    for path in args.records:
        for tags, moves in record_file(path):
            white = tags['White'] == args.player
            if not white and tags['Black'] != args.player:
                continue
            won = tags['Result'] == ('1-0' if white else '0-1')
            lost = tags['Result'] == ('0-1' if white else '1-0')
            # PLAYER made the last move of a game it won, so one ply more stays on the board.
            cut = len(moves) - 2 * args.turns + (1 if won else 0)
            if not (won if args.outcome == 'won' else lost) or cut < 1 or len(moves) < args.min_plies:
                continue
            print(f"# {path} round {tags['Round']}, {args.outcome} in {len(moves)} plies, "
                  f"cut {args.turns} turns of {args.player} before the end")
            print(' '.join(moves[:cut]))


if __name__ == '__main__':
    main()
