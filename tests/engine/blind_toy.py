"""A tiny game used only to test blind compound orders (:class:`midway.engine.Decision` ``blind``).

Each of two rounds, both sides privately build an order: add 1, 2 or 3 to it, up to four times, then
``done``. When both are done the umpire compares the totals: the higher takes the round (a tie takes
nothing). Then side "a" alone says "next" (an ordinary decision). Most rounds wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from midway.engine import Decision, Game, Option, Outcome, State

SIDES = ("a", "b")


class BlindState(State):
    def _setup(self) -> None:
        self.round = 1
        self.step = "order"
        self.orders: dict[str, list[int]] = {"a": [], "b": []}
        self.done: dict[str, bool] = {"a": False, "b": False}
        self.won = {"a": 0, "b": 0}
        self.results: list[dict[str, int]] = []

    def _decisions(self) -> dict[str, Decision]:
        if self.step == "next":
            return {"a": self.decide("a", "Next round", "BT-3", [Option("next", "Next")])}
        out = {}
        for side in SIDES:
            if not self.done[side]:
                full = len(self.orders[side]) >= 4
                adds = [] if full else [Option(f"add-{n}", f"Add {n}", {"n": n}) for n in (1, 2, 3)]
                out[side] = self.decide(
                    side, f"Round {self.round}: your order", "BT-1", [*adds, Option("done", "Done")], blind=SIDES
                )
        return out

    def _resolve(self, choices: Mapping[str, Option]) -> None:
        ((side, option),) = choices.items()
        if self.step == "next":
            self.round += 1
            self.step = "order"
            if self.round > 2:
                a, b = self.won["a"], self.won["b"]
                self.finish(Outcome(None if a == b else ("a" if a > b else "b"), f"rounds {a}-{b}", dict(self.won)))
            return
        if option.id == "done":
            self.done[side] = True
            if all(self.done.values()):
                totals = {s: sum(self.orders[s]) for s in SIDES}
                self.results.append(totals)
                if totals["a"] != totals["b"]:
                    self.won["a" if totals["a"] > totals["b"] else "b"] += 1
                self.emit("result", f"totals: a {totals['a']}, b {totals['b']}", rule="BT-2", data=totals)
                self.orders = {"a": [], "b": []}
                self.done = {"a": False, "b": False}
                self.step = "next"
            return
        self.orders[side].append(int(option.data["n"]))
        self.emit("added", f"you added {option.data['n']}", rule="BT-1", to=[side])

    def _view(self, side: str | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "won": dict(self.won),
            "results": [dict(r) for r in self.results],
            "my_order": None if side is None else list(self.orders[side]),
        }


class BlindGame(Game):
    id = "blind-toy"
    title = "Blind toy"
    version = "1"
    sides = SIDES
    side_names = {"a": "Side A", "b": "Side B"}
    options = ()
    state_class = BlindState


BLIND = BlindGame()
