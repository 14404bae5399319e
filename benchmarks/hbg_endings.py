"""How games of hbg ("The Battle of Midway") end: by Victory Points, by losses, or at the turn limit.

    python benchmarks/hbg_endings.py [--games N] [--max-turns T] [--victory points|losses]

Plays N full games with two random agents and N with two scripted greedy players
(:class:`midway.rulesets.hbg.scripted.Striker`: both sides strike whatever they have found) and
prints a Markdown table: how many games ended each way, the winners, the mean length in Turns
and the mean Victory Points per side. The rule text has no turn limit; the default game option
``max_turns`` (24, ruling HBG-R34) ends the games that reach it.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from typing import Any

from midway.ai import RandomAgent, play_out
from midway.engine import registry
from midway.rulesets.hbg.scripted import Striker

PAIRS: dict[str, Any] = {"random": RandomAgent, "striker": Striker}


def endings(pair: str, games: int, options: dict[str, Any]) -> dict[str, Any]:
    """Play ``games`` games with both sides played by ``pair`` agents; count how they end."""
    game = registry.load("hbg")
    agent = PAIRS[pair]
    kinds: Counter[str] = Counter()
    winners: Counter[str] = Counter()
    turns, usn, ijn = [], [], []
    start = time.perf_counter()
    for i in range(games):
        state = game.new(seed=i, options=options)
        play_out(state, {"usn": agent(2 * i + 1), "ijn": agent(2 * i + 2)})
        outcome = state.outcome()
        assert outcome is not None
        kind = outcome.kind
        kinds["losses" if kind.startswith("losses") else kind] += 1
        winners[outcome.winner or "draw"] += 1
        stats = game.statistics(state)
        turns.append(stats["turns"])
        usn.append(stats["usn vp"])
        ijn.append(stats["ijn vp"])
    return {
        "pair": pair,
        "games": games,
        "points": kinds["points"],
        "losses": kinds["losses"],
        "turn-limit": kinds["turn-limit"],
        "usn wins": winners["usn"],
        "ijn wins": winners["ijn"],
        "draws": winners["draw"],
        "turns": statistics.fmean(turns),
        "usn vp": statistics.fmean(usn),
        "ijn vp": statistics.fmean(ijn),
        "max vp": max(max(usn), max(ijn)),
        "seconds": time.perf_counter() - start,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--max-turns", type=int, default=None, help="the max_turns option (default: the game's, 24)")
    parser.add_argument("--victory", choices=("points", "losses"), default="points")
    args = parser.parse_args()
    options: dict[str, Any] = {"victory": args.victory}
    if args.max_turns is not None:
        options["max_turns"] = args.max_turns
    print(f"hbg, {args.games} games per pair, options {options}\n")
    print(
        "| players | games | by VP | by losses | turn limit | USN wins | IJN wins | draws "
        "| turns (mean) | USN VP (mean) | IJN VP (mean) | best VP |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for pair in PAIRS:
        r = endings(pair, args.games, options)
        print(
            f"| {pair} | {r['games']} | {r['points']} | {r['losses']} | {r['turn-limit']} | {r['usn wins']} "
            f"| {r['ijn wins']} | {r['draws']} | {r['turns']:.1f} | {r['usn vp']:.1f} | {r['ijn vp']:.1f} "
            f"| {r['max vp']} |"
        )


if __name__ == "__main__":
    main()
