#!/usr/bin/env python3
"""How long our games against the bot last, by outcome, and how often a game that lasts
beyond a given number of plies is lost by our side.

Usage: game_lengths.py RECORDS... [--bot uct] [--beyond 30,40,45,50,55,60]"""
import argparse

from cut_games import record_file
from score_trajectory import our_result


def quartiles(values):
    values = sorted(values)
    return [values[len(values) * q // 4] for q in (1, 2, 3)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('records', nargs='+')
    parser.add_argument('--bot', default='uct', help='the name of the opponent in the records')
    parser.add_argument('--beyond', default='30,40,45,50,55,60')
    args = parser.parse_args()
    played = []  # (plies, our result)
    for path in args.records:
        for tags, moves in record_file(path):
            _, result = our_result(tags, args.bot)
            if result is not None:
                played.append((len(moves), result))
    print('result  games  plies: lower quartile, median, upper quartile')
    for result in ('won', 'lost', 'drawn'):
        lengths = [plies for plies, r in played if r == result]
        if lengths:
            print(f'{result:6} {len(lengths):6}  ' + ', '.join(map(str, quartiles(lengths))))
    print('games longer than N plies, and the share our side lost')
    for limit in map(int, args.beyond.split(',')):
        longer = [r for plies, r in played if plies > limit]
        if longer:
            print(f'N={limit:3}: {len(longer):5} games, lost {longer.count("lost") / len(longer):.0%}')


if __name__ == '__main__':
    main()
