#!/usr/bin/env python3
"""Writes a book of positions along games (one line of moves each, for `ordo-engine
calibrate --openings` or `match --openings`): for each of the first GAMES games of RECORD,
the moves up to every EVERY-th ply, as long as the game went on at least two plies more.

Usage: game_positions.py RECORD [--games 6] [--every 8] > book.txt"""
import argparse

from cut_games import record_file


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('record')
    parser.add_argument('--games', type=int, default=6)
    parser.add_argument('--every', type=int, default=8)
    args = parser.parse_args()
    records = [moves for _, moves in record_file(args.record)][:args.games]
    name = args.record.rsplit('/', 1)[-1]
    print(f'# {name}, the first {args.games} games: the positions after {args.every}, '
          f'{2 * args.every}, ... plies where the game went on')
    for moves in records:
        for plies in range(args.every, len(moves) - 2, args.every):
            print(' '.join(moves[:plies]))


if __name__ == '__main__':
    main()
