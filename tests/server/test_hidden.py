"""Hidden information: over random games of every installed ruleset, a seat's payloads carry exactly its
view and its own decision, a spectator's the public view, and nothing changes when the hidden part of the
state (the other side's sealed choice) is perturbed. The record and the replay stay closed until the end."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from midway.ai import RandomAgent
from midway.engine import registry
from midway.server.service import GameService, SeatSpec
from tests.engine.blind_toy import BLIND
from tests.engine.toy import TOY

registry.register(TOY)
registry.register(BLIND)
RULESETS = registry.installed()  # not the toy games other test modules register
PAYLOAD_KEYS = {
    "game_id", "ruleset", "version", "side", "seats", "to_move", "over", "outcome", "view", "decision", "thinking",
}  # fmt: skip


def _expected(service: GameService, info, state, side: str) -> dict:
    """What a seat may be sent: its view, its own decision (with the opaque id), and facts its view holds."""
    view = state.view(side)
    decision = state.decision(side)
    expected_decision = None
    if decision is not None:
        expected_decision = dict(decision.to_json(), id=service.wire_id(info, decision))
    out = {"view": view, "decision": expected_decision, "to_move": view["to_move"], "outcome": view["outcome"]}
    return json.loads(json.dumps(out))  # as it travels


@pytest.mark.parametrize("ruleset", RULESETS)
def test_seat_payloads_are_their_view_and_nothing_else(ruleset: str, client: TestClient, service: GameService) -> None:
    game = registry.load(ruleset)
    created = service.create(ruleset, None, {s: SeatSpec("human") for s in game.sides}, seed=17)
    gid = created.game_id
    agents = {s: RandomAgent(i + 5) for i, s in enumerate(game.sides)}
    checked = sealed_points = blind_points = 0
    for step in range(240):
        info, state = service.state(gid)
        if step % 20 == 0 or len(state.pending()) > 1:
            for side in game.sides:
                r = client.get(f"/api/games/{gid}/seat", headers={"X-Seat-Token": created.tokens[side]})
                payload = r.json()
                assert set(payload) - {"record", "events"} == PAYLOAD_KEYS
                assert payload["record"] is None and payload["events"] is None
                expected = _expected(service, info, state, side)
                assert {k: payload[k] for k in expected} == expected
                assert payload["side"] == side
                checked += 1
            spectator = client.get(f"/api/games/{gid}/spectate").json()
            assert spectator["view"] == json.loads(json.dumps(state.view(None)))
            assert spectator["decision"] is None and spectator["record"] is None
            assert client.get(f"/api/games/{gid}/record").status_code == 409
            assert client.get(f"/api/games/{gid}/replay/0").status_code == 409
        pending = state.pending()
        if not pending:
            break
        if len(pending) > 1:
            sealed_points += _check_sealed_choice_hidden(service, info, state)
        side, decision = next(iter(pending.items()))
        option = agents[side].choose({}, decision)
        others = [s for s in [*game.sides, None] if s != side]
        hidden = decision.blind and not _closes_the_step(pending, side, decision, option)
        before = {s: service.seat_json(gid, s) for s in others} if hidden else {}
        service.submit(gid, side, service.wire_id(info, decision), option)
        for other, text in before.items():  # a blind choice inside its step is invisible: not one byte changes
            assert service.seat_json(gid, other) == text, f"{other or 'the spectator'} saw {side}'s blind choice"
            blind_points += 1
    assert checked > 0
    if ruleset == "toy":
        assert sealed_points > 0
    if ruleset == "blind-toy":
        assert blind_points > 0


def _closes_the_step(pending, side: str, decision, option: str) -> bool:
    """Whether ``side``'s blind choice may close its step: the umpire resolves a blind step in the last
    ``done`` (docs/architecture.md), so only a ``done`` when no other side of the step is still choosing."""
    return option == "done" and not any(s in pending for s in decision.blind if s != side)


def _check_sealed_choice_hidden(service: GameService, info, state) -> int:
    """For each side choosing in a simultaneous step: whatever the other side seals, its payload is the same."""
    pending = state.pending()
    checked = 0
    for watcher in pending:
        for chooser, decision in pending.items():
            if chooser == watcher:
                continue
            seen, public = set(), set()
            for option in decision.options[:6]:
                perturbed = state.clone()
                perturbed.apply(chooser, option.id, decision_id=decision.id)
                seen.add(json.dumps(service._seat_payload(info, perturbed, watcher), sort_keys=True))
                public.add(json.dumps(perturbed.view(None), sort_keys=True))
            assert len(seen) == 1, f"{watcher}'s payload depends on {chooser}'s sealed choice"
            assert len(public) == 1, f"the spectator's view depends on {chooser}'s sealed choice"
            checked += 1
    return checked


def test_the_wire_decision_id_counts_nobodys_steps(service: GameService) -> None:
    """The engine's decision ids are serial numbers; seats see an opaque id that differs per game."""
    a = service.create("toy", None, {}, seed=1)
    b = service.create("toy", None, {}, seed=1)
    pa = service.seat_payload(a.game_id, "a")["decision"]["id"]
    pb = service.seat_payload(b.game_id, "a")["decision"]["id"]
    assert pa != pb
    assert not pa.isdigit() and len(pa) == 20
