"""A Terrible Resolve: the options a step keeps up to date from one atomic choice to the next (instead of
building them again) are exactly those its builder makes from the position."""

from __future__ import annotations

import pickle

import pytest

from midway.ai import RandomAgent
from midway.rulesets.terrible_resolve import GAME, landing, launch, movement
from midway.rulesets.terrible_resolve.game import PHASES

KEPT = [(movement, "_after"), (movement, "_search_after"), (landing, "options"), (launch, "plan_options")]
"""The functions that make a step's next options from those shown (the last argument; each must be used)."""


def _options(opts) -> list[dict]:  # type: ignore[no-untyped-def]
    return [o.to_json() for o in opts]


@pytest.mark.parametrize("seed", range(12))
def test_tr_sequence_of_play_options_kept_up_to_date_equal_rebuilt(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    kept: set[str] = set()
    for module, name in KEPT:
        made = getattr(module, name)
        where = f"{module.__name__}.{name}"
        monkeypatch.setattr(
            module,
            name,
            lambda *a, _made=made, _where=where: (len(a) > 1 and a[-1] is not None and kept.add(_where)) or _made(*a),
        )
    options = {"cross_decking": False, "cap_rings": 0} if seed % 3 == 2 else {}
    state = GAME.new(seed, options)
    agents = {"usn": RandomAgent(2 * seed + 1), "ijn": RandomAgent(2 * seed + 2)}
    while not state.is_over:
        ((side, decision),) = state.pending().items()
        assert _options(decision.options) == _options(PHASES[state.phase][0](state)), (state.phase, len(state.history))
        state.apply(side, agents[side].choose({}, decision), decision_id=decision.id)
    assert len(kept) == len(KEPT)  # every step's kept options were really used


def test_tr_sequence_of_play_clone_and_pickle_rebuild_their_options() -> None:
    """A clone or an unpickled state holds no options from before: it plays on as the original does."""
    state = GAME.new(3)
    agents = {"usn": RandomAgent(7), "ijn": RandomAgent(8)}
    for _ in range(120):
        ((side, decision),) = state.pending().items()
        state.apply(side, agents[side].choose({}, decision))
    copies = [state.clone(), state.clone(search=True), pickle.loads(pickle.dumps(state))]
    for c in copies:
        assert "_shown" not in c.__dict__
        c.game = state.game
    for _ in range(150):
        if state.is_over:
            break
        ((side, decision),) = state.pending().items()
        choice = agents[side].choose({}, decision)
        state.apply(side, choice)
        for c in copies:
            c.apply(side, choice)
            assert c.sp == state.sp and c.loc == state.loc
            assert [o.id for d in c.pending().values() for o in d.options] == [
                o.id for d in state.pending().values() for o in d.options
            ]
