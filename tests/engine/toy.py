"""A tiny game used only to test the engine: sealed bids, then a die roll.

Each of three rounds: both sides secretly bid 0..3 points from a budget of 5
(simultaneous); the higher bid takes the round, a tie is settled by a die
(1-3 "a", 4-6 "b"); then the round's winner chooses to "bank" or "press"
(sequential). Pressing rolls a die and adds 1 more on a 6. Most points wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from midway.engine import Decision, Game, GameOption, Option, Outcome, State


class ToyState(State):
    def _setup(self) -> None:
        self.round = 1
        self.step = "bid"
        self.budget = {"a": self.options["budget"], "b": self.options["budget"]}
        self.score = {"a": 0, "b": 0}
        self.round_winner: str | None = None
        self.bids_seen: list[dict[str, int]] = []

    def _decisions(self) -> dict[str, Decision]:
        if self.step == "bid":
            return {
                side: self.decide(
                    side,
                    f"Round {self.round}: bid",
                    "TOY-2",
                    [Option(f"bid-{n}", f"Bid {n}", {"n": n}) for n in range(min(3, self.budget[side]) + 1)],
                    kind="bid",
                    simultaneous=True,
                )
                for side in ("a", "b")
            }
        assert self.round_winner is not None
        return {
            self.round_winner: self.decide(
                self.round_winner,
                "Bank or press?",
                "TOY-3",
                [Option("bank", "Bank"), Option("press", "Press")],
            )
        }

    def _resolve(self, choices: Mapping[str, Option]) -> None:
        if self.step == "bid":
            bids = {side: int(opt.data["n"]) for side, opt in choices.items()}
            for side, n in bids.items():
                self.budget[side] -= n
            self.bids_seen.append(bids)
            self.emit("bids", f"bids revealed: a {bids['a']}, b {bids['b']}", rule="TOY-2", data=bids)
            if bids["a"] != bids["b"]:
                self.round_winner = "a" if bids["a"] > bids["b"] else "b"
            else:
                (die,) = self.roll(1, 6, why="tie-break", rule="TOY-2")
                self.round_winner = "a" if die <= 3 else "b"
            self.step = "press"
            return
        ((side, opt),) = choices.items()
        self.score[side] += 1
        if opt.id == "press":
            (die,) = self.roll(1, 6, why="press", rule="TOY-3", to=[side])
            if die == 6:
                self.score[side] += 1
        self.round += 1
        self.step = "bid"
        if self.round > 3:
            a, b = self.score["a"], self.score["b"]
            winner = None if a == b else ("a" if a > b else "b")
            self.finish(Outcome(winner, f"score {a}-{b}", dict(self.score)))

    def _view(self, side: str | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "score": dict(self.score),
            "my_budget": None if side is None else self.budget[side],
            "bids_seen": list(self.bids_seen),
        }


class ToyGame(Game):
    id = "toy"
    title = "Toy"
    version = "1"
    sides = ("a", "b")
    side_names = {"a": "Side A", "b": "Side B"}
    options = (GameOption("budget", 5, "points each side may bid in all"),)
    state_class = ToyState


TOY = ToyGame()
