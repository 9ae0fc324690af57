#!/usr/bin/env python3
"""Writes an opening book (one line of moves per game, for `match --openings`) of the games
in match records that PLAYER lost, each cut TURNS turns of the loser before the end, so
the loser is to move. Usage: cut_losses.py PLAYER TURNS RECORDS... > book.txt"""
import re
import sys


def games(text):
    """(tags, moves) of each record in a file of records."""
    for block in re.split(r'\n\s*\n(?=\[)', text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        body = re.sub(r'^\[.*\]$', '', block, flags=re.M)
        words = [w for w in body.split() if not re.fullmatch(r'\d+\.|1-0|0-1|1/2-1/2|\*', w)]
        yield tags, words


def main():
    player, turns, paths = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    for path in paths:
        for tags, moves in games(open(path, encoding='utf-8').read()):
            lost = (tags['White'] == player and tags['Result'] == '0-1') or (
                tags['Black'] == player and tags['Result'] == '1-0')
            if not lost or len(moves) <= 2 * turns:
                continue
            print(f"# {path} round {tags['Round']}, {len(moves)} plies, cut {turns} turns before the end")
            print(' '.join(moves[:len(moves) - 2 * turns]))


if __name__ == '__main__':
    main()
