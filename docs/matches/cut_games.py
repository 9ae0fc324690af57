#!/usr/bin/env python3
"""Writes an opening book (one line of moves per game, for `match --openings`) of the games
in match records that PLAYER lost (or won), each cut TURNS turns of PLAYER before the
end, so that PLAYER is to move. Usage: cut_games.py PLAYER lost|won TURNS RECORDS... >
book.txt"""
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
    player, outcome, turns, paths = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
    if outcome not in ('lost', 'won'):
        sys.exit('cut_games.py: the outcome is lost or won, not ' + outcome)
    for path in paths:
        for tags, moves in games(open(path, encoding='utf-8').read()):
            white = tags['White'] == player
            if not white and tags['Black'] != player:
                continue
            lost = tags['Result'] == ('0-1' if white else '1-0')
            won = tags['Result'] == ('1-0' if white else '0-1')
            # PLAYER moves an even number of plies before the end when it made the last move.
            cut = len(moves) - 2 * turns + (1 if won else 0)
            if not (lost if outcome == 'lost' else won) or cut < 1:
                continue
            print(f"# {path} round {tags['Round']}, {outcome} in {len(moves)} plies, "
                  f"cut {turns} turns of {player} before the end")
            print(' '.join(moves[:cut]))


if __name__ == '__main__':
    main()
