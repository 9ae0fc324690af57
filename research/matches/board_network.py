#!/usr/bin/env python3
"""Does a small network fitted to self-play results judge the bot's games better?

Trains a one-hidden-layer network (ReLU, logistic output) on `tune features` tables of
self-play positions (e.g. from `tune data --depth 5`) to predict the result for the side
to move, then tests it on another table (e.g. the Classic 8x8 games against the bot from
`tune records`), none of whose positions it was trained on. Inputs are the board as seen
by the side to move (own and enemy pieces on 64 squares, Black's ranks flipped), the
twenty linear features, the default 8x8 static score, or all of them. Every board is
also trained on mirrored left to right.

It prints the held-out log loss of a logistic fit on the static score for the self-play
games held out (the last 20,000 positions, or the last fifth of fewer). After each pass
over the data it prints the network's log loss there, and for the test table, with its
newest fifth of positions held out and then its oldest fifth, the held-out log loss of a
logistic fit on the static score alone, on the network's output alone, and on both.
Numpy only; Classic 8x8 only.
"""
import argparse

import numpy as np

from td_targets import squares

# The default Classic 8x8 weights (src/search/evaluation.cpp, kClassic8x8Weights) as signed
# coefficients of the features (penalties negated), in score units per feature unit.
CLASSIC_8X8 = {
    "material": 131, "leader_rank": 165, "leader_rank_sq": -25, "mean_rank": 178,
    "open_path": -10, "cut_point": -16, "split": -137, "tempo": 52, "runner_up_rank": 7,
    "frontier": 8, "file_span": -35, "exposed_cut_point": -19, "one_rank_short": 750,
    "two_ranks_short": 137, "endgame_material": -268, "endgame_leader_rank": -8,
    "one_rank_short_stuck": -337, "two_ranks_short_stuck": -49, "passed_pieces": 122,
    "passed_leader_rank": -26,
}
FEATURES = list(CLASSIC_8X8)
COEFFICIENTS = np.array([CLASSIC_8X8[f] for f in FEATURES], np.float32)
SCORE_SCALE = 400.0  # score units per unit of the logistic's input
HELD_OUT_SELF_PLAY = 20000  # at most; a fifth of smaller data


def board_planes(placement, side):
    """Own and enemy pieces on an 8x8 board, ranks flipped for Black."""
    planes = np.zeros((2, 8, 8), np.float32)
    for plane, piece in enumerate((side, "b" if side == "w" else "w")):
        for rank, file in squares(placement, piece):
            planes[plane, rank, file] = 1
    return planes[:, ::-1, :] if side == "b" else planes


def static_score(features):
    """The default static score of each row, in units of the logistic's input."""
    return features @ COEFFICIENTS / SCORE_SCALE


def read_table(path):
    """Boards, features and results (draws left out) of a `tune features` table."""
    boards, features, results = [], [], []
    with open(path) as f:
        header = next(f).rstrip("\n").split("\t")
        columns = [header.index(name) for name in FEATURES]
        for line in f:
            cells = line.rstrip("\n").split("\t")
            result = float(cells[1])
            if result == 0.5:
                continue
            placement, side = cells[0].split()[:2]
            boards.append(board_planes(placement, side))
            features.append([float(cells[c]) for c in columns])
            results.append(result)
    return np.array(boards), np.array(features, np.float32), np.array(results, np.float32)


def sigmoid(z):
    return 1 / (1 + np.exp(-np.clip(z, -30, 30)))


def log_loss(p, y):
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


class Network:
    """inputs -> hidden ReLU units -> one logit; trained with Adam on the log loss."""

    def __init__(self, inputs, hidden, seed):
        rng = np.random.default_rng(seed)
        self.params = [
            rng.normal(0, 1 / np.sqrt(inputs), (inputs, hidden)).astype(np.float32),
            np.zeros(hidden, np.float32),
            rng.normal(0, 1 / np.sqrt(hidden), hidden).astype(np.float32),
            np.zeros(1, np.float32),
        ]
        self.first = [np.zeros_like(p) for p in self.params]
        self.second = [np.zeros_like(p) for p in self.params]
        self.steps = 0

    def logit(self, x):
        w1, b1, w2, b2 = self.params
        return np.maximum(x @ w1 + b1, 0) @ w2 + b2[0]

    def train_batch(self, x, y, rate, decay):
        w1, b1, w2, b2 = self.params
        hidden = x @ w1 + b1
        active = np.maximum(hidden, 0)
        error = (sigmoid(active @ w2 + b2[0]) - y) / len(y)
        back = np.outer(error, w2) * (hidden > 0)
        grads = [x.T @ back + decay * w1, back.sum(0), active.T @ error + decay * w2,
                 np.array([error.sum()], np.float32)]
        self.steps += 1
        for p, g, m, v in zip(self.params, grads, self.first, self.second):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p -= rate * (m / (1 - 0.9**self.steps)) / (np.sqrt(v / (1 - 0.999**self.steps)) + 1e-8)


def logistic_held_out(columns, y, train):
    """Held-out log loss of a logistic fit (with a constant) on the rows not in `train`."""
    x = np.column_stack([np.ones(len(y))] + columns)
    w = np.zeros(x.shape[1])
    for _ in range(3000):
        w -= 0.5 * x[train].T @ (sigmoid(x[train] @ w) - y[train]) / train.sum()
    return log_loss(sigmoid(x[~train] @ w), y[~train])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("train", nargs="+", help="tune features tables of self-play positions")
    ap.add_argument("--test", required=True, help="tune features table of the games to judge")
    ap.add_argument("--inputs", choices=["board", "features", "both"], default="both")
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    parts = [read_table(p) for p in args.train]
    boards = np.concatenate([b for b, _, _ in parts])
    features = np.concatenate([f for _, f, _ in parts])
    results = np.concatenate([r for _, _, r in parts])
    mean, spread = features.mean(0), features.std(0) + 1e-3

    def inputs(b, f):
        static = static_score(f)[:, None]
        flat = b.reshape(len(b), -1)
        scaled = (f - mean) / spread
        chosen = {"board": [flat], "features": [scaled, static], "both": [flat, scaled, static]}
        return np.concatenate(chosen[args.inputs], 1).astype(np.float32)

    held = np.arange(len(results)) >= len(results) - min(HELD_OUT_SELF_PLAY, len(results) // 5)
    x_held, y_held = inputs(boards[held], features[held]), results[held]
    train_boards = np.concatenate([boards[~held], boards[~held][:, :, :, ::-1]])
    x_train = inputs(train_boards, np.concatenate([features[~held]] * 2))
    y_train = np.concatenate([results[~held]] * 2)
    print(f"training positions {len(y_train)} (mirrors included), inputs {x_train.shape[1]}")
    print(f"self-play held out, static score alone: {logistic_held_out([static_score(features)], results, ~held):.4f}")

    test_boards, test_features, test_results = read_table(args.test)
    x_test = inputs(test_boards, test_features)
    static_test = static_score(test_features)
    n = len(test_results)
    splits = {"newest fifth": np.arange(n) < int(0.8 * n), "oldest fifth": np.arange(n) >= int(0.2 * n)}
    print(f"test positions {n}")

    net = Network(x_train.shape[1], args.hidden, args.seed)
    rng = np.random.default_rng(args.seed + 1)
    for epoch in range(args.epochs):
        order = rng.permutation(len(y_train))
        for start in range(0, len(order), 512):
            batch = order[start:start + 512]
            net.train_batch(x_train[batch], y_train[batch], 1e-3, 1e-5)
        out = net.logit(x_test)
        print(f"pass {epoch + 1}: self-play held out {log_loss(sigmoid(net.logit(x_held)), y_held):.4f}")
        for name, train in splits.items():
            print(f"  test, {name} held out: static {logistic_held_out([static_test], test_results, train):.4f}"
                  f"  network {logistic_held_out([out], test_results, train):.4f}"
                  f"  both {logistic_held_out([static_test, out], test_results, train):.4f}")


if __name__ == "__main__":
    main()
