"""The step protocol: how each step of the Order of Play plugs into the turn.

Every step of the Order of Play (1.1 ... 5.5) is a :class:`Step`. The state runs the steps in
order; at each one it asks ``decisions(state)``: while a step returns decisions the players
answer them (``resolve``); when it returns none the step is over and the next one is
``enter``-ed. A step does its automatic work (dice, forced moves) in ``enter`` and ``resolve``.
``decisions`` must be a pure function of the state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from midway.engine import Decision, Option

if TYPE_CHECKING:
    from midway.rulesets.hbg.game import HbgState

ORDER = (
    "1.1", "1.2", "1.3", "1.4", "1.5", "1.6",
    "2.1", "2.2",
    "3.1",
    "4.1", "4.2", "4.3", "4.4",
    "5.1", "5.2", "5.3", "5.4", "5.5",
)  # fmt: skip
"""[Order of Play] the steps of a Turn, in order."""

TITLES = {
    "1.1": "Check For Victory",
    "1.2": "Determine Command Tokens",
    "1.3": "Determine Reinforcements",
    "1.4": "Set Carrier Ops Status",
    "1.5": "Spot Aircraft on Deck",
    "1.6": "Land Aircraft",
    "2.1": "Launch/Move Patrol Aircraft",
    "2.2": "Roll for Search Mission Results",
    "3.1": "Draw Command Tokens",
    "4.1": "Invade Islands",
    "4.2": "Perform CAP Intercepts",
    "4.3": "Resolve Attacks",
    "4.4": "Score Victory Points",
    "5.1": "Return To Base",
    "5.2": "Burn Fuel",
    "5.3": "Rearm Bombers",
    "5.4": "Clear The Decks",
    "5.5": "End The Turn",
}


def nothing(st: HbgState) -> None:
    """A step with no automatic work."""


def no_decisions(st: HbgState) -> dict[str, Decision]:
    """A step that asks nothing."""
    return {}


def cannot_resolve(st: HbgState, choices: Mapping[str, Option]) -> None:
    raise AssertionError(f"step {st.step} asked no decision")  # pragma: no cover


@dataclass(frozen=True)
class Step:
    """One step of the Order of Play."""

    id: str
    enter: Callable[[HbgState], None] = nothing
    decisions: Callable[[HbgState], dict[str, Decision]] = no_decisions
    resolve: Callable[[HbgState, Mapping[str, Option]], None] = cannot_resolve
