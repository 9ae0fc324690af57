"""research/facts/publish.py on hand-made figures: which side is favoured, how the score
moves with strength, the rounding shared with the page, and the page's study entry."""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "research" / "facts"))

from publish import change, favoured, percent, study_facts  # noqa: E402
from studies import SETUPS, Study  # noqa: E402


class Favoured(unittest.TestCase):
    def test_interval_wholly_above_half_favours_the_first_player(self):
        self.assertEqual(favoured({"value": 0.53, "low": 0.501, "high": 0.56}), "first")

    def test_interval_wholly_below_half_favours_the_second_player(self):
        self.assertEqual(favoured({"value": 0.45, "low": 0.42, "high": 0.499}), "second")

    def test_interval_holding_half_favours_neither(self):
        self.assertIsNone(favoured({"value": 0.51, "low": 0.49, "high": 0.53}))
        self.assertIsNone(favoured({"value": 0.5, "low": 0.5, "high": 0.52}))


class Change(unittest.TestCase):
    def test_disjoint_intervals_rise_or_fall(self):
        weak = {"low": 0.50, "high": 0.52}
        self.assertEqual(change(weak, {"low": 0.53, "high": 0.60}), "rises")
        self.assertEqual(change(weak, {"low": 0.40, "high": 0.49}), "falls")

    def test_overlapping_intervals_are_no_clear_change(self):
        self.assertEqual(change({"low": 0.50, "high": 0.52}, {"low": 0.51, "high": 0.60}),
                         "shows no clear change")


class Percent(unittest.TestCase):
    def test_one_decimal_halves_up_like_to_fixed(self):
        self.assertEqual(percent(0.5), "50.0%")
        self.assertEqual(percent(0.51234), "51.2%")
        self.assertEqual(percent(0.0025), "0.3%")  # 0.25 exactly: up, as toFixed, not to even
        self.assertEqual(percent(0.5105), "51.0%")  # 51.0499... in binary: down, as toFixed
        self.assertEqual(percent(0.9999), "100.0%")


class StudyEntry(unittest.TestCase):
    def test_entry_takes_its_figures_from_the_merged_summary(self):
        study = Study(SETUPS[0], "random", 0, games=1000, shards=10)
        share = lambda c, n: {"count": c, "share": c / n, "low": 0, "high": 1}  # noqa: E731
        merged = {"summary": {
            "games": 300,
            "outcomes": {
                "first_wins": share(180, 300), "second_wins": share(120, 300),
                "draws": share(0, 300),
                "first_player_score": {"value": 0.6, "low": 0.54, "high": 0.65},
                "endings": {"home row reached": share(100, 300),
                            "last piece taken": share(200, 300)},
            },
            "plies": {"mean": 40.5, "lower_quartile": 30, "median": 40, "upper_quartile": 50,
                      "max": 99},
            "choice": {"legal_moves_per_ply": 71.25,
                       "turn_kinds": {"single piece": share(200, 300), "ordo": share(90, 300)}},
        }, "facts": {}}
        entry = study_facts(study, merged, shards_done=3)
        self.assertEqual(entry["games"], 300)
        self.assertEqual(entry["planned_games"], 1000)
        self.assertFalse(entry["complete"])
        self.assertEqual(entry["favoured"], "first")
        self.assertEqual(entry["first_wins"], 0.6)
        self.assertEqual([e["name"] for e in entry["endings"]],
                         ["last piece taken", "home row reached"])
        self.assertEqual(entry["id"], "classic-10x8-random")
        self.assertIn("--games 1000 --first random --second random", entry["command"])
        self.assertEqual(entry["turn_kinds"][1], {"name": "ordo", "share": 0.3})
        self.assertNotIn("points", entry)
        self.assertEqual([p["title"] for p in entry["plots"]][2], "Pieces by ply")

    def test_a_study_of_matches_reports_the_matches(self):
        mughrabieh = next(s for s in SETUPS if s.match_to)
        study = Study(mughrabieh, "level:6", 1, games=400, shards=20, match_to=31)
        self.assertEqual(study.id, f"{mughrabieh.id}-level6-match31")
        self.assertEqual(study.stats_args()[-2:], ["--match-to", "31"])
        histogram = {"mean": 5.5, "lower_quartile": 4, "median": 5, "upper_quartile": 7,
                     "max": 12, "histogram": {}}
        merged = {"summary": {"games": 110, "matches": {
            "matches": 20, "first_wins": {"count": 11, "share": 0.55, "low": 0.34, "high": 0.74},
            "games": histogram, "plies": {"mean": 512.5, "low": 480, "high": 540}}}}
        entry = study_facts(study, merged, shards_done=1)
        self.assertEqual(entry["match"]["to"], 31)
        self.assertEqual(entry["match"]["matches"], 20)
        self.assertEqual(entry["match"]["first_wins"], {"share": 0.55, "low": 0.34, "high": 0.74})
        self.assertEqual(entry["match"]["games"]["max"], 12)
        self.assertEqual(entry["planned_matches"], 400)
        self.assertFalse(entry["complete"])


if __name__ == "__main__":
    unittest.main()
