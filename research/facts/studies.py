"""The studies behind the published game facts: what each one plays and how it is split.

One study is one `ordo-engine stats` run (a game, rule set and size, two players, a number
of games and a seed), split into shards so that it can be played a piece at a time, here
or on other machines, and continued later. Changing a study's settings makes a new run:
its old shards no longer merge, so give it a new id instead.
"""

from dataclasses import dataclass

SEED = 49  # issue 49; one seed for every study


@dataclass(frozen=True)
class Setup:
    """A game, rule set and board size, as the facts page groups them."""

    id: str
    title: str
    game: str
    rules: str
    size: str  # empty for a game with one board
    first: str  # the first player's name in this game
    second: str
    match_to: int = 0  # games worth points: the usual match (Mughrabieh: to 31)
    theory: str = ""  # what is known of the game's value with perfect play, and how sure


@dataclass(frozen=True)
class Study:
    setup: Setup
    player: str  # both sides: `random` or `level:N`
    strength: int  # orders a setup's studies from weakest to strongest
    games: int  # games, or matches in a study of matches
    shards: int
    match_to: int = 0  # above 0: a study of matches to this many points

    @property
    def id(self) -> str:
        matches = f"-match{self.match_to}" if self.match_to else ""
        return f"{self.setup.id}-{self.player.replace(':', '')}{matches}"

    @property
    def label(self) -> str:
        if self.player == "random":
            return "uniform random play"
        return f"self-play at level {self.player.split(':')[1]}"

    def stats_args(self) -> list[str]:
        args = ["stats", "--game", self.setup.game, "--rules", self.setup.rules]
        if self.setup.size:
            args += ["--size", self.setup.size]
        return args + [
            "--games", str(self.games), "--first", self.player, "--second", self.player,
            "--seed", str(SEED),
        ] + (["--match-to", str(self.match_to)] if self.match_to else [])


SETUPS = [
    Setup("classic-10x8", "Classic Ordo, 10 × 8", "ordo", "classic", "10x8", "White", "Black"),
    Setup("classic-8x8", "Classic Ordo, 8 × 8", "ordo", "classic", "8x8", "White", "Black"),
    Setup("x-10x8", "Ordo X, 10 × 8", "ordo", "x", "10x8", "White", "Black"),
    Setup("x-8x8", "Ordo X, 8 × 8", "ordo", "x", "8x8", "White", "Black"),
    Setup("oc-original", "Order and Chaos, original rules", "orderchaos", "original", "",
          "Order", "Chaos",
          theory="Proved here: Order wins with perfect play. Order answers each placement "
                 "on an edge square with the other symbol on the far end of the same line, "
                 "and wins the 4 × 4 centre by a table; orderchaos-check-strategy "
                 "src/orderchaos/centre_strategy.txt re-checks the certificate. From level 7 "
                 "up the engine plays this strategy as Order (research/orderchaos-solving.md)."),
    Setup("oc-exact-five", "Order and Chaos, exact five", "orderchaos", "exact-five", "",
          "Order", "Chaos",
          theory="Proved here: Order wins with perfect play, by the same strategy as under "
                 "the original rules: every five it makes is exactly five. Published sources "
                 "say Chaos wins by a pairing strategy; that needs a five with an open end "
                 "to be spoilt later, while here a five wins as soon as it stands. "
                 "orderchaos-check-strategy src/orderchaos/centre_strategy.txt re-checks the "
                 "certificate; from level 7 up the engine plays it as Order."),
    Setup("mughrabieh-house", "Mughrabieh, house rules", "mughrabieh", "house", "", "White",
          "Black", match_to=31),
    Setup("mughrabieh-ludii", "Mughrabieh, Ludii's rules", "mughrabieh", "ludii", "", "White",
          "Black", match_to=31),
]

# The level whose games take about a second of one thread's time, and a stronger one
# (measured: research/facts/README.md).
LEVELS = {
    "classic-10x8": (5, 6),
    "classic-8x8": (5, 6),
    "x-10x8": (5, 6),
    "x-8x8": (5, 6),
    "oc-original": (7, 8),
    "oc-exact-five": (7, 8),
    # Mughrabieh's games are quicker: 0.2-0.3 s at levels 6 and 8 (level 9 takes 2 s).
    "mughrabieh-house": (6, 8),
    "mughrabieh-ludii": (6, 8),
}
RANDOM_GAMES, RANDOM_SHARDS = 100_000, 10
LEVEL_GAMES, LEVEL_SHARDS = 2_000, 100
# Matches (about six games each at random) in games worth points.
RANDOM_MATCHES, RANDOM_MATCH_SHARDS = 20_000, 10
LEVEL_MATCHES, LEVEL_MATCH_SHARDS = 400, 20


def _studies() -> list[Study]:
    out = []
    for setup in SETUPS:
        low, high = LEVELS[setup.id]
        out.append(Study(setup, "random", 0, RANDOM_GAMES, RANDOM_SHARDS))
        out.append(Study(setup, f"level:{low}", 1, LEVEL_GAMES, LEVEL_SHARDS))
        out.append(Study(setup, f"level:{high}", 2, LEVEL_GAMES, LEVEL_SHARDS))
        if setup.match_to:
            out.append(Study(setup, "random", 0, RANDOM_MATCHES, RANDOM_MATCH_SHARDS,
                             setup.match_to))
            out.append(Study(setup, f"level:{low}", 1, LEVEL_MATCHES, LEVEL_MATCH_SHARDS,
                             setup.match_to))
    return out


STUDIES = _studies()
