"""The vam sampler (:mod:`midway.rulesets.vam.sampler`) and what the search agent makes of it.

Every sample gives the side exactly its view and the decision's options; the sampler rebuilds nearly
every phase-1 order and phase-2 raid declaration of seeded games; a sample depends on the view and the
dice only, never on the hidden part of the true state; hidden enemy ships are never where this turn's
searches looked, nor further from their start than their speed allows.
"""

from __future__ import annotations

import pytest

from midway.ai import make_agent
from midway.ai.kit import kit_for
from midway.ai.mcts import ISMCTSAgent
from midway.engine import registry
from midway.engine.chance import SeededDice
from midway.rulesets.vam import ai, sampler
from midway.rulesets.vam.data import DATA, ENEMY, covered, distance
from tests.ai.samples import assert_fits, ruleset_part

GAME = registry.load("vam")
KINDS = ("orders", "raids")


def _positions(seed: int, agent: str = "heuristic"):
    """(state, side, view, decision) at every phase-1 order and phase-2 raid decision of a seeded game."""
    state = GAME.new(seed, {})
    agents = {s: make_agent(agent, seed + i) for i, s in enumerate(GAME.sides)}
    while not state.is_over:
        side, decision = next(iter(state.pending().items()))
        view = state.view(side, log_tail=0)
        if decision.kind in KINDS and len(decision.options) > 1:
            yield state, side, view, decision
        state.apply(side, agents[side].choose(view, decision))


def test_vam_sampler_gives_exactly_the_view_and_options_at_nearly_every_order_and_raid() -> None:
    """Over two heuristic games and one random game, every sample that is not None yields exactly the side's view
    and the decision's option ids, as a search clone; at least 95% of the orders and raids are rebuilt (measured:
    over 99%)."""
    dice = SeededDice(1)
    asked = rebuilt = 0
    by_kind = dict.fromkeys(KINDS, 0)
    for seed, agent in ((11, "heuristic"), (12, "heuristic"), (13, "random")):
        for _state, _side, view, decision in _positions(seed, agent):
            asked += 1
            sample = sampler.sample(GAME, view, dice, decision)
            if sample is None:
                continue
            assert_fits(GAME, view, sample, decision)
            rebuilt += 1
            by_kind[decision.kind] += 1
    assert asked > 1000
    assert rebuilt >= 0.95 * asked, (rebuilt, asked)
    assert all(n > 50 for n in by_kind.values()), by_kind


def test_vam_sampler_never_reads_the_hidden_part_of_the_true_state() -> None:
    """Two true states with the same view (the second drawn by the sampler, so its hidden part differs) give the
    same samples for the same dice, and the search agent the same choice."""
    compared = differing = 0
    for n, (state, side, view, decision) in enumerate(_positions(21)):
        if n % 40:
            continue
        other = same_for_same_view(side, view, decision, n)
        differing += ruleset_part(other) != ruleset_part(state)
        compared += 1
    assert compared >= 10
    assert differing >= 10


def same_for_same_view(side: str, view, decision, n: int):
    """Checks that a second true state drawn by the sampler for ``view`` (dice ``n``), with the same view, gives the
    same samples for the same dice, and the search agent the same choice where it searches; returns that state."""
    other = sampler.sample(GAME, view, SeededDice(n), decision)
    assert other is not None
    view2 = other.view(side, log_tail=0)
    decision2 = other.decision(side)
    assert view2["state"] == view["state"] and decision2.option_ids == decision.option_ids
    a = sampler.sample(GAME, view, SeededDice(500 + n), decision)
    b = sampler.sample(GAME, view2, SeededDice(500 + n), decision2)
    assert a is not None and b is not None
    assert ruleset_part(a) == ruleset_part(b)
    if ai.worth_searching(view, decision):
        spec = "mcts:iterations=6,depth=30,max_time=0"
        assert make_agent(spec, 5).choose(view, decision) == make_agent(spec, 5).choose(view2, decision2)
        assert kit_for(GAME).sample(GAME, view, SeededDice(1), decision) is not None
    return other


def test_vam_sampler_hides_enemy_ships_only_where_unsearched_and_within_their_speed() -> None:
    """M048-M052: at a phase-2 raid, no hidden enemy ship (submarines aside) of a sample sits in a hex the side's
    own ships or air searches saw this turn out of the fog; [Mouvements navals]: none is further from where it
    started than one hex per its speed per turn since; and the hidden ships really are drawn (samples differ)."""
    dice = SeededDice(4)
    checked = 0
    spots: set[tuple] = set()
    for _state, side, view, decision in _positions(31):
        st = view["state"]
        enemy = ENEMY[side]
        seen = {c["id"] for c in st["contacts"]}
        fog = set(st["fog"])
        for _ in range(2):
            sample = sampler.sample(GAME, view, dice, decision)
            assert sample is not None
            hidden = {
                uid: sample.u[uid]["hex"]
                for uid, d in DATA.units.items()
                if d.side == enemy and d.kind == "ship" and uid not in seen and sample.u[uid]["st"] == "map"
            }
            for uid, h in hidden.items():
                d = DATA.units[uid]
                starts = [d.start] if d.start != "enter" else [f"A{r}" for r in range(1, DATA.rows + 1)]
                assert min(distance(a, h) for a in starts) <= st["turn"] // d.type.move, (uid, h)
            if decision.kind == "raids" and not st["night"]:
                looked = {x["hex"] for x in st["ships"] if x["status"] == "map" and x["hex"] not in fog}
                for key, target, aid in st["orders"].get("se", []):
                    origin = sample.base_hex(sample.u[aid]["base"]) if aid else sample.search_origin(key)
                    if origin not in fog:
                        looked |= {h for h in covered(target) if h not in fog}
                for uid, h in hidden.items():
                    if DATA.units[uid].code != "SS":
                        assert h not in looked, (uid, h)
                checked += 1
            spots.add(tuple(sorted(hidden.items())))
    assert checked >= 20
    assert len(spots) > checked  # drawn, not copied


def test_vam_sampler_fits_both_sides_after_a_landing_told_japan_the_garrison() -> None:
    """VAM-R55: the landing tells Japan the American troops present by events (the umpire's message, the troops
    revealed to it by name), never in its view's tables, which hold only its own units ([Séquence de jeu]); the
    sampler, which reads the view, still gives both sides exactly their view and options at the next turn's
    orders."""
    from tests.rulesets.vam.helpers import choose, clear_sea, new, place, run_to, touch

    s = new(seed=3)
    clear_sea(s)
    s.fog = False
    s.turn = 9
    for t in ("tt1", "tt2", "sft"):
        place(s, t, "H6")
        s.u[t]["last"] = 9
    s.u["coy_b"].update(st="dead", lv=0)
    touch(s)
    run_to(s, "p10")
    choose(s, "ijn", "l:snlf1", "l:snlf2", "done")
    assert s.revealed["ijn"] >= {"coy_a", "coy_c"}
    fitted = set()
    while s.turn < 11 and not s.is_over:
        side, decision = next(iter(s.pending().items()))
        if decision.kind in KINDS and len(decision.options) > 1:
            view = s.view(side, log_tail=0)
            sample = sampler.sample(s.game, view, SeededDice(len(s.history)), decision)
            assert sample is not None, (s.step, side)
            assert_fits(s.game, view, sample, decision)
            fitted.add(side)
        s.apply(side, "done" if decision.option("done") else decision.options[0].id)
    assert fitted == {"usn", "ijn"}


def test_vam_playout_policy_reads_the_state_as_the_heuristic_reads_the_view() -> None:
    """The playouts' glance at the state (``_glance``) makes the heuristic choose what it chooses from the view."""
    state = GAME.new(41, {})
    agents = {s: make_agent("heuristic", i) for i, s in enumerate(GAME.sides)}
    compared = 0
    while not state.is_over:
        side, decision = next(iter(state.pending().items()))
        view = state.view(side, log_tail=0)
        if len(decision.options) > 1:
            a = ai.policy(view, decision, SeededDice(compared))
            b = ai.policy(ai._glance(state, side), decision, SeededDice(compared))
            assert a == b, (decision.prompt, a, b)
            compared += 1
        state.apply(side, agents[side].choose(view, decision))
    assert compared > 1000


def test_vam_mcts_searches_carrier_moves_and_raids_and_plays_legally() -> None:
    """The search agent searches (iterations > 0) where a carrier's group sails, at the raid declarations, the
    bombers' targets and the naval battle declarations, and plays the heuristic (no iterations) at the other orders;
    every choice is legal. Turns 1-8: the Japanese heuristic declares its first raid (on the American carriers) on
    turn 8 of this seed."""
    state = GAME.new(51, {})
    agent = ISMCTSAgent(3, iterations=8, max_time=0, depth=40)
    other = make_agent("heuristic", 4)
    searched = {"orders": 0, "raids": 0, "target": 0, "battle": 0}
    heuristic = 0
    while not state.is_over and state.turn <= 8:
        side, decision = next(iter(state.pending().items()))
        view = state.view(side, log_tail=0)
        if side == "usn" or len(decision.options) < 2:
            choice = other.choose(view, decision)
        else:
            choice = agent.choose(view, decision)
            if agent.last_iterations:
                assert ai.worth_searching(view, decision)
                searched[decision.kind] += 1
            else:
                heuristic += 1
        assert choice in decision.option_ids
        state.apply(side, choice)
    assert searched["orders"] >= 5 and searched["raids"] >= 1, searched
    assert heuristic > sum(searched.values())


@pytest.mark.parametrize("root", ["tree", "paired"])
def test_vam_mcts_begins_no_iteration_that_would_end_past_its_time_cap(stepping_clock, root: str) -> None:
    """vam's iterations are long (20-100 ms): the search stops when one more, as long as the longest so far, would
    end past ``max_time``. On a clock where each reading is 0.1 s later, a 0.95 s cap allows 9 iterations (the
    10th would end at 1.0 s): 9 tree iterations. The paired root checks the cap after every playout and reads the
    clock once more before its first one (the cap counts from the decision's start, sampling and the heuristic's
    own choice included), so 8 playouts (``keep=-10`` drops no option, so nothing but the cap stops it)."""
    for _state, _side, view, decision in _positions(61):
        if ai.worth_searching(view, decision) and len(decision.options) > 1:
            break
    agent = ISMCTSAgent(1, iterations=1000, max_time=0.95, depth=10, root=root, keep=-10.0)
    agent.choose(view, decision)
    assert agent.last_iterations == (8 if root == "paired" else 9)
    assert agent.last_cut  # the cap, not the iterations, ended it
