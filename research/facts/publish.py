"""Turns the merged studies into what is published: web/facts/facts.json (read by the app's
"Game facts" page), docs/facts.md, and the plots beside both. Every number comes from the
merged `ordo-engine stats` files; nothing here is typed in by hand.
"""

import json
import shutil
import subprocess
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from studies import SEED, Study

PLOTS = {
    "length": "How long games last (plies)",
    "branching": "Legal moves by ply",
    "pieces": "{measure} by ply",  # the game's piece measure: pieces, or pips
}


def quartiles(summary: dict) -> dict:
    return {k: summary[k] for k in ("mean", "lower_quartile", "median", "upper_quartile", "max")}


def match_facts(study: Study, summary: dict) -> dict:
    m = summary["matches"]
    return {
        "to": study.match_to,
        "matches": m["matches"],
        "first_wins": {k: m["first_wins"][k] for k in ("share", "low", "high")},
        "games": quartiles(m["games"]),
        "plies": m["plies"]["mean"],
    }


def percent(share: float) -> str:
    """One decimal of the exact binary value, halves up: what the page's toFixed(1) shows."""
    value = Decimal(share * 100).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    return f"{value}%"


def favoured(score: dict) -> str | None:
    """'first' or 'second' when the 95% interval of the first player's score excludes 50%."""
    if score["low"] > 0.5:
        return "first"
    if score["high"] < 0.5:
        return "second"
    return None


def change(weaker: dict, stronger: dict) -> str:
    """How the first player's score moves from one study to a stronger one."""
    if stronger["low"] > weaker["high"]:
        return "rises"
    if stronger["high"] < weaker["low"]:
        return "falls"
    return "shows no clear change"


def whole_run_command(study: Study) -> str:
    return "ordo-engine " + " ".join(study.stats_args()) + f" --json {study.id}.json"


def study_facts(study: Study, merged: dict, shards_done: int) -> dict:
    summary = merged["summary"]
    if study.match_to:
        return {
            "id": study.id,
            "players": study.label,
            "player": study.player,
            "planned_matches": study.games,
            "shards_done": shards_done,
            "shards": study.shards,
            "complete": shards_done == study.shards,
            "command": whole_run_command(study),
            "match": match_facts(study, summary),
        }
    outcomes = summary["outcomes"]
    plies = summary["plies"]
    score = outcomes["first_player_score"]
    endings = sorted(outcomes["endings"].items(), key=lambda item: -item[1]["count"])
    return {
        "id": study.id,
        "players": study.label,
        "player": study.player,
        "games": summary["games"],
        "planned_games": study.games,
        "shards_done": shards_done,
        "shards": study.shards,
        "complete": shards_done == study.shards,
        "command": whole_run_command(study),
        "first_player_score": {k: score[k] for k in ("value", "low", "high")},
        "favoured": favoured(score),
        "first_wins": outcomes["first_wins"]["share"],
        "second_wins": outcomes["second_wins"]["share"],
        "draws": outcomes["draws"]["share"],
        "plies": {
            k: plies[k] for k in ("mean", "lower_quartile", "median", "upper_quartile", "max")
        },
        "legal_moves_per_ply": summary["choice"]["legal_moves_per_ply"],
        "endings": [{"name": name, "share": e["share"]} for name, e in endings],
        "turn_kinds": [{"name": name, "share": k["share"]}
                       for name, k in summary["choice"]["turn_kinds"].items()],
        **({"points": quartiles(summary["points"])} if "points" in summary else {}),
        "plots": [
            {"kind": kind, "file": f"{study.id}/{kind}.svg",
             "title": title.format(measure=merged["facts"].get("piece_measure", "pieces")
                                   .capitalize())}
            for kind, title in PLOTS.items()
        ],
    }


def setup_facts(setup, entries: list[dict], score_plot: str | None) -> dict:
    """A setup's studies of single games (ordered by strength) and of matches, apart."""
    studies = [s for s in entries if "match" not in s]
    played = [s for s in studies if s["games"] > 0]
    steps = [
        {"from": a["id"], "to": b["id"],
         "change": change(a["first_player_score"], b["first_player_score"])}
        for a, b in zip(played, played[1:])
    ]
    return {
        "id": setup.id,
        "title": setup.title,
        "first": setup.first,
        "second": setup.second,
        **({"theory": setup.theory} if setup.theory else {}),
        "studies": studies,
        "match_studies": [s for s in entries if "match" in s],
        "strength_steps": steps,
        "score_plot": score_plot,
    }


class Publisher:
    """Merges each study's shards with the engine and writes the published files under root."""

    def __init__(self, engine: str, root: Path):
        self.engine = engine
        self.root = root

    def run_engine(self, *args: str) -> None:
        subprocess.run([self.engine, *args], check=True, stdout=subprocess.DEVNULL)

    def publish(self, setups, studies: list[Study], shard_files) -> dict:
        web = self.root / "web" / "facts"
        docs_plots = self.root / "docs" / "facts"
        merged_dir = self.root / "research" / "facts" / "merged"
        for folder in (web, docs_plots, merged_dir):
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
        by_setup = []
        for setup in setups:
            entries, merged_files = [], []
            for study in [s for s in studies if s.setup == setup]:
                files = shard_files(study)
                if not files:
                    continue
                merged = merged_dir / f"{study.id}.json"
                plots = [] if study.match_to else ["--svg-dir", str(web / study.id)]
                self.run_engine("stats", "merge", *map(str, files), "--json", str(merged), *plots)
                if not study.match_to:  # the score by strength compares single games
                    merged_files.append(str(merged))
                entries.append(study_facts(study, json.loads(merged.read_text()), len(files)))
            score_plot = None
            if len(merged_files) > 1:
                score_plot = f"{setup.id}-score.svg"
                self.run_engine("stats", "compare", *merged_files, "--svg", str(web / score_plot))
            by_setup.append(setup_facts(setup, entries, score_plot))
        facts = {
            "format": "ordo game facts 1",
            "seed": SEED,
            "made_by": "research/facts/run-studies",
            "setups": by_setup,
        }
        (web / "facts.json").write_text(json.dumps(facts, indent=1, ensure_ascii=False) + "\n")
        for svg in web.rglob("*.svg"):
            target = docs_plots / svg.relative_to(web)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(svg, target)
        (self.root / "docs" / "facts.md").write_text(facts_markdown(facts))
        return facts


# ---- docs/facts.md ----

def side_name(setup: dict, side: str | None) -> str:
    return {"first": setup["first"], "second": setup["second"]}.get(side, "neither side")


def study_line(setup: dict, s: dict) -> str:
    score = s["first_player_score"]
    status = "" if s["complete"] else (
        f" **Not complete:** {s['games']:,} of {s['planned_games']:,} games "
        f"({s['shards_done']} of {s['shards']} shards).")
    favoured_text = (f"{side_name(setup, s['favoured'])} is favoured"
                     if s["favoured"] else "neither side is measurably favoured")
    endings = ", ".join(f"{e['name']} {percent(e['share'])}" for e in s["endings"])
    kinds = ", ".join(f"{k['name']} {percent(k['share'])}" for k in s["turn_kinds"]
                      if k["share"] > 0)
    points = ""
    if "points" in s:
        pt = s["points"]
        points = (f" A won game scores {pt['mean']:.2f} points on average (median "
                  f"{pt['median']}, quartiles {pt['lower_quartile']}–{pt['upper_quartile']}).")
    p = s["plies"]
    return (
        f"- **{s['players'].capitalize()}**, {s['games']:,} games: {favoured_text}; "
        f"{setup['first']} scores {percent(score['value'])} "
        f"({percent(score['low'])}–{percent(score['high'])}); "
        f"{setup['first']} wins {percent(s['first_wins'])}, {setup['second']} "
        f"{percent(s['second_wins'])}, draws {percent(s['draws'])}. "
        f"Length {p['mean']:.1f} plies on average (median {p['median']}, quartiles "
        f"{p['lower_quartile']}–{p['upper_quartile']}); {s['legal_moves_per_ply']:,.1f} legal "
        f"moves per ply. Kinds of turn: {kinds}. Endings: {endings}.{points}{status}\n"
        f"  `{s['command']}`\n"
        f"  Plots: " + ", ".join(
            f"[{plot['kind']}](facts/{plot['file']})" for plot in s["plots"]) + "\n")


def match_line(setup: dict, s: dict) -> str:
    m = s["match"]
    w, g = m["first_wins"], m["games"]
    status = "" if s["complete"] else (
        f" **Not complete:** {m['matches']:,} of {s['planned_matches']:,} matches "
        f"({s['shards_done']} of {s['shards']} shards).")
    return (
        f"- **Matches to {m['to']}, {s['players']}**, {m['matches']:,} matches: "
        f"{setup['first']}, who begins the first game, wins {percent(w['share'])} "
        f"({percent(w['low'])}–{percent(w['high'])}); {g['mean']:.2f} games a match (median "
        f"{g['median']}, quartiles {g['lower_quartile']}–{g['upper_quartile']}, at most "
        f"{g['max']}), {m['plies']:.0f} plies.{status}\n"
        f"  `{s['command']}`\n")


def strength_line(setup: dict) -> str:
    names = {s["id"]: s for s in setup["studies"]}
    parts = []
    for step in setup["strength_steps"]:
        a, b = names[step["from"]], names[step["to"]]
        parts.append(
            f"from {a['players']} to {b['players']} {setup['first']}'s score "
            f"{step['change']} ({percent(a['first_player_score']['value'])} → "
            f"{percent(b['first_player_score']['value'])})")
    if not parts:
        return "- With strength: not measured yet.\n"
    line = "- With strength: " + "; ".join(parts) + ".\n"
    if setup["score_plot"]:
        line += f"\n![{setup['first']}'s score by strength](facts/{setup['score_plot']})\n"
    return line


def facts_markdown(facts: dict) -> str:
    out = [
        "# Game facts\n\n",
        "Measured with [`ordo-engine stats`](stats.md): who is favoured, how long games "
        "last, how wide the choice is and how games end, for each rule set and board. "
        "Intervals are 95% (Wilson for shares); a side is *favoured* when the interval of "
        "the first player's score (a draw counts half) excludes 50%. A ply is one player's "
        "turn. Each study is one seeded run (seed "
        f"{facts['seed']}); the command after it gives the same figures on one machine, and "
        "`research/facts/run-studies` plays it in shards and merges them. In the app: "
        "the \"Game facts\" page, linked from the rules.\n\n",
        "This page is written by `research/facts/run-studies` from the studies' data; "
        "edit that script, not this file.\n",
    ]
    for setup in facts["setups"]:
        out.append(f"\n## {setup['title']}\n\n")
        if "theory" in setup:
            out.append(f"{setup['theory']}\n\n")
        if not setup["studies"] and not setup["match_studies"]:
            out.append("Not measured yet.\n")
            continue
        out.extend(study_line(setup, s) for s in setup["studies"])
        out.extend(match_line(setup, s) for s in setup["match_studies"])
        out.append(strength_line(setup))
    return "".join(out)
