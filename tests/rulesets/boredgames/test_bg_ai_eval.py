"""The search's evaluation of a Carrier Hunt position (``KIT.evaluate``, :func:`ai.hunt_logit`), on positions
of a real game: a Bomber far from the enemy carrier is still worth keeping, a Dodge in hand is worth having."""

from __future__ import annotations

from typing import Any

from midway.ai import make_agent
from midway.rulesets.boredgames import GAME
from midway.rulesets.boredgames.ai import KIT, TO_CARRIER


def _round_start(seed: int, rounds: int) -> Any:
    """The state of a heuristic-vs-heuristic game at the Fight for Initiative of round ``rounds``."""
    state: Any = GAME.new(seed, GAME.resolve_options({}))
    agents = {side: make_agent("heuristic", seed * 7 + i) for i, side in enumerate(GAME.sides)}
    while not (state.phase == "bid" and state.round == rounds):
        pending = state.pending()
        assert pending, "the game ended before that round"
        for side, decision in pending.items():
            state.apply(side, agents[side].choose(state.view(side, log_tail=0), decision), decision_id=decision.id)
    return state


def _without(state: Any, aid: str) -> Any:
    """``state`` with ``aid`` gone from the board (as if shot down)."""
    twin = state.clone(search=True)
    del twin.at[twin.pos[aid]]
    twin.pos[aid] = None
    return twin


def test_bg_2_1_a_bomber_far_from_the_enemy_carrier_is_worth_keeping() -> None:
    """[2.1] Carrier Hunt: a side with two Bombers has two chances to reach the carrier and one to spare
    before it loses. Losing the Bomber farthest from the carrier (ten Manoeuvres or more away, round 1)
    must make the evaluation worse for its side and better for the enemy (the heuristic's Board.value gave
    such a Bomber a worth of 6 less 0.6 a Manoeuvre: nothing or less)."""
    state = _round_start(0, 1)
    for side in GAME.sides:
        bombers = [a for a, c in state.pos.items() if c is not None and a[:3] == side and state.kind[a] == "bomber"]
        assert len(bombers) == 2
        far = max(bombers, key=lambda a: TO_CARRIER[side].get((state.pos[a], state.face[a]), 20))
        assert TO_CARRIER[side].get((state.pos[far], state.face[far]), 20) >= 10
        lost = _without(state, far)
        enemy = "ijn" if side == "usn" else "usn"
        assert KIT.evaluate(lost, side) < KIT.evaluate(state, side) - 0.1
        assert KIT.evaluate(lost, enemy) > KIT.evaluate(state, enemy) + 0.1


def test_bg_dodge_a_dodge_in_hand_is_worth_having() -> None:
    """DODGE: a Dodge in hand cancels a coming Firing (a Bomber saved); the evaluation of the same position
    is better for the side holding one than for the side that bought nothing (round 2 of a real game)."""
    state = _round_start(1, 2)
    for side in GAME.sides:
        richer = state.clone(search=True)
        richer.hands[side] = sorted([*richer.hands[side], "dodge"])
        assert KIT.evaluate(richer, side) > KIT.evaluate(state, side) + 0.05
