"""The HTTP API and the websocket, against SQLite and PostgreSQL: every endpoint and every refusal."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient

from midway.engine import registry
from midway.server.service import GameService
from tests.engine.toy import TOY

registry.register(TOY)
HUMANS = {"ruleset": "toy", "seed": 3, "seats": {"a": {"kind": "human"}, "b": {"kind": "human"}}}


def _new(client: TestClient, body: dict | None = None) -> dict:
    r = client.post("/api/games", json=body or HUMANS)
    assert r.status_code == 201, r.text
    return r.json()


def _seat(client: TestClient, created: dict, side: str) -> dict:
    r = client.get(f"/api/games/{created['game_id']}/seat", headers={"X-Seat-Token": created["seats"][side]["token"]})
    assert r.status_code == 200, r.text
    return r.json()


def _choose(client: TestClient, created: dict, side: str, option: str, decision: str | None = None):
    if decision is None:
        decision = _seat(client, created, side)["decision"]["id"]
    return client.post(
        f"/api/games/{created['game_id']}/choices",
        json={"decision_id": decision, "option_id": option},
        headers={"X-Seat-Token": created["seats"][side]["token"]},
    )


def _moves(service: GameService, created: dict) -> int:
    return service.info(created["game_id"]).n_moves


def test_rulesets_list_options_with_descriptions_and_defaults(client: TestClient) -> None:
    body = client.get("/api/rulesets").json()
    toy = next(r for r in body["rulesets"] if r["id"] == "toy")
    assert toy["options"] == [{"key": "budget", "default": 5, "description": "points each side may bid in all"}]
    assert toy["board"] is None
    assert {"random", "heuristic", "mcts"} <= set(body["agents"])
    assert body["strength"] == ["mcts"]  # the one that takes iterations or seconds per decision
    ids = {r["id"] for r in body["rulesets"]}
    assert {"hbg", "warpspawn", "terrible-resolve"} <= ids


def test_create_returns_secret_links_and_a_spectator_link(client: TestClient) -> None:
    created = _new(client)
    assert set(created["seats"]) == {"a", "b"}
    a = created["seats"]["a"]
    assert a["link"] == f"/game/{created['game_id']}#seat={a['token']}"
    assert created["spectator_link"] == f"/watch/{created['game_id']}"
    summary = client.get(f"/api/games/{created['game_id']}").json()
    assert summary["seats"] == {"a": "human", "b": "human"}
    assert summary["to_move"] == ["a", "b"]
    assert "token" not in json.dumps(summary)


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ("{not json", 422, "JSON"),
        ("[]", 422, "valid dictionary"),
        ('{"ruleset": 7}', 422, "ruleset"),
        ('{"ruleset": "chess"}', 404, "no ruleset 'chess'"),
        ('{"ruleset": "toy", "options": {"budget": "lots"}}', 422, "budget"),
        ('{"ruleset": "toy", "options": {"colour": "red"}}', 422, "no option"),
        ('{"ruleset": "toy", "seed": -1}', 422, "seed"),
        ('{"ruleset": "toy", "seed": 1e300}', 422, "seed"),
        ('{"ruleset": "toy", "surprise": 1}', 422, "surprise"),
        ('{"ruleset": "toy", "seats": {"c": {"kind": "human"}}}', 422, "no side"),
        ('{"ruleset": "toy", "seats": {"a": {"kind": "robot"}}}', 422, "kind"),
        ('{"ruleset": "toy", "seats": {"a": {"kind": "computer", "agent": "hal"}}}', 422, "computer player"),
        ('{"ruleset": "toy", "seats": {"a": {"kind": "computer", "agent": "mcts@lots"}}}', 422, "mcts@0.5s"),
        ('{"ruleset": "toy", "seats": {"a": {"kind": "computer", "agent": "mcts@0s"}}}', 422, "more than 0"),
        ('{"ruleset": "toy", "seats": {"a": {"kind": "computer", "agent": "mcts@3600s"}}}', 422, "at most 30"),
        ('{"ruleset": "toy", "seats": {"a": {"kind": "computer", "agent": "mcts@-5"}}}', 422, "from 1 to"),
        ('{"ruleset": "toy", "seats": {"a": {"kind": "computer", "agent": "mcts:workers=8"}}}', 422, "one process"),
        ('{"ruleset": "toy", "seats": {"a": {"kind": "computer", "agent": "mcts:max_time=x"}}}', 422, "number"),
        ('{"ruleset": "toy", "seats": {"a": {"kind": "computer", "agent": "mcts:bogus=1"}}}', 422, "bad settings"),
        ('{"ruleset": "toy", "seats": {"a": {"kind": "computer", "agent": "random@400"}}}', 422, "bad settings"),
        ('{"ruleset": "toy", "seats": {"a": {"kind": "computer", "agent": "mcts:400"}}}', 422, "key=value"),
        ('{"ruleset": "toy", "seats": {"a": {"kind": "computer", "agent": ""}}}', 422, "needs an agent"),
        ('{"ruleset": "toy", "seats": {"a": {"kind": "human", "agent": "zzz"}}}', 422, "takes no agent"),
        ('{"ruleset": "toy", "seats": {"a": {"agent": "random"}}}', 422, "takes no agent"),
        ('{"ruleset": "toy", "seats": {"a": {"kind": "computer", "agent": "mcts:width=1e999"}}}', 422, "width must"),
        ('{"ruleset": "toy", "seats": {"a": {"kind": "computer", "agent": "mcts:iterations=inf"}}}', 422, "whole"),
        ('{"ruleset": "toy", "seats": {"a": {"kind": "computer", "agent": "mcts:model=inf"}}}', 422, "model must"),
        ('{"ruleset": "toy", "seats": {"a": {"kind": "computer", "agent": "mcts:root=tree,widen=nan"}}}', 422, "widen"),
    ],
)
def test_bad_creations_get_a_clear_4xx(client: TestClient, body: str, status: int, message: str) -> None:
    r = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert r.status_code == status, r.text
    assert message in r.json()["detail"]


def test_huge_bodies_are_refused(client: TestClient) -> None:
    huge = json.dumps({"ruleset": "toy", "options": {"x": "y" * 400_000}})
    r = client.post("/api/games", content=huge, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert "larger than" in r.json()["detail"]

    def chunks():  # no content-length: counted as it arrives
        yield b'{"ruleset": "toy", "options": {"x": "'
        for _ in range(40):
            yield b"y" * 10_000
        yield b'"}}'

    r = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_seats_are_guarded_by_their_tokens(client: TestClient, service: GameService) -> None:
    created = _new(client)
    other = _new(client)
    gid = created["game_id"]
    assert client.get(f"/api/games/{gid}/seat").status_code == 403
    r = client.get(f"/api/games/{gid}/seat", headers={"X-Seat-Token": other["seats"]["a"]["token"]})
    assert r.status_code == 403 and "not a seat" in r.json()["detail"]
    assert client.get("/api/games/nosuchgame/seat", headers={"X-Seat-Token": "x" * 32}).status_code == 404
    decision = _seat(client, created, "a")["decision"]["id"]
    r = client.post(
        f"/api/games/{gid}/choices",
        json={"decision_id": decision, "option_id": "bid-1"},
        headers={"X-Seat-Token": other["seats"]["a"]["token"]},
    )
    assert r.status_code == 403
    assert _moves(service, created) == 0


def test_a_seat_sees_its_view_and_only_its_decision(client: TestClient) -> None:
    created = _new(client)
    a = _seat(client, created, "a")
    assert a["side"] == "a"
    assert a["view"]["side"] == "a"
    assert a["view"]["state"]["my_budget"] == 5
    assert a["decision"]["side"] == "a"
    assert [o["id"] for o in a["decision"]["options"]] == ["bid-0", "bid-1", "bid-2", "bid-3"]
    assert a["to_move"] == ["a", "b"]


def test_choices_stale_replayed_and_illegal(client: TestClient, service: GameService) -> None:
    created = _new(client)
    first = _seat(client, created, "a")["decision"]["id"]
    r = _choose(client, created, "a", "bid-2", first)
    assert r.status_code == 200, r.text
    assert r.json()["view"]["sealed"] == ["a"] and r.json()["decision"] is None
    replayed = _choose(client, created, "a", "bid-2", first)
    assert replayed.status_code == 409 and "already" in replayed.json()["detail"]
    assert _choose(client, created, "b", "bid-0").status_code == 200
    assert _moves(service, created) == 2
    stale = _choose(client, created, "a", "bank", first)
    assert stale.status_code == 409 and "already answered" in stale.json()["detail"]
    illegal = _choose(client, created, "a", "fold")
    assert illegal.status_code == 422 and "not a legal choice" in illegal.json()["detail"]
    waiting = _choose(client, created, "b", "bank", "feedface")
    assert waiting.status_code == 409 and "no decision" in waiting.json()["detail"]
    for bad in ("{", "[]", '{"decision_id": 1, "option_id": "x"}', '{"option_id": "x"}', '{"decision_id": ""}'):
        r = client.post(
            f"/api/games/{created['game_id']}/choices",
            content=bad,
            headers={"X-Seat-Token": created["seats"]["a"]["token"], "content-type": "application/json"},
        )
        assert r.status_code == 422, bad
    assert _moves(service, created) == 2


def test_spectators_see_the_public_view_then_everything_after_the_end(client: TestClient) -> None:
    created = _new(client)
    gid = created["game_id"]
    _choose(client, created, "a", "bid-3")
    during = client.get(f"/api/games/{gid}/spectate").json()
    assert during["side"] is None and during["decision"] is None
    assert during["view"]["state"]["my_budget"] is None
    assert during["record"] is None and during["events"] is None
    assert "bid-3" not in json.dumps(during)
    assert client.get(f"/api/games/{gid}/record").status_code == 409
    assert client.get(f"/api/games/{gid}/replay/1").status_code == 409
    _choose(client, created, "b", "bid-0")
    while not (payload := _seat(client, created, "a"))["over"]:  # a wins every round; b bids 0
        seat = "a" if payload["decision"] else "b"
        options = _seat(client, created, seat)["decision"]["options"]
        _choose(client, created, seat, options[-1]["id"] if seat == "a" else options[0]["id"])
    after = client.get(f"/api/games/{gid}/spectate").json()
    assert after["over"] and after["outcome"]["winner"] == "a"
    assert after["record"]["moves"][0] == ["a", "bid-3"]
    assert any(e.get("to") == ["a"] for e in after["events"])  # a's secret press roll, revealed
    record = client.get(f"/api/games/{gid}/record").json()
    assert record == after["record"]
    frame = client.get(f"/api/games/{gid}/replay/1").json()
    assert frame["move"] == {"n": 1, "side": "a", "option_id": "bid-3", "label": "Bid 3"}
    assert set(frame["views"]) == {"a", "b", "spectator"}
    assert client.get(f"/api/games/{gid}/replay/9999").status_code == 422
    assert _choose(client, created, "a", "bank", "x").status_code == 409  # over


def test_uploaded_records_replay(client: TestClient) -> None:
    record = {"format": 1, "ruleset": "toy", "version": "1", "options": {"budget": 5}, "seed": 1, "moves": []}
    record["moves"] = [["a", "bid-1"], ["b", "bid-2"], ["b", "press"]]
    frame = client.post("/api/replay", json={"record": record, "step": 3}).json()
    assert frame["step"] == 3 and frame["total"] == 3
    assert frame["move"]["label"] == "Press"
    assert any(e["kind"] == "roll" for e in frame["events"])
    wrong_version = client.post("/api/replay", json={"record": dict(record, version="0"), "step": 0})
    assert wrong_version.status_code == 409 and "version" in wrong_version.json()["detail"]
    illegal = client.post("/api/replay", json={"record": dict(record, moves=[["a", "bid-9"]]), "step": 1})
    assert illegal.status_code == 422 and "move 1" in illegal.json()["detail"]
    nobody = client.post("/api/replay", json={"record": dict(record, moves=[["A", "concede"]]), "step": 1})
    assert nobody.status_code == 422 and "move 1" in nobody.json()["detail"]  # a side the game has not: no 500
    assert client.post("/api/replay", json={"record": {"format": 1}, "step": 0}).status_code == 422
    assert client.post("/api/replay", json={"record": record, "step": 4}).status_code == 422
    assert client.post("/api/replay", json={"record": dict(record, ruleset="chess")}).status_code == 409


def test_the_websocket_pushes_each_change_and_nothing_of_the_other_seat(client: TestClient) -> None:
    created = _new(client)
    gid = created["game_id"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"token": created["seats"]["b"]["token"]})
        first = ws.receive_json()
        assert first["type"] == "state" and first["payload"]["side"] == "b"
        assert first["payload"] == _seat(client, created, "b")
        _choose(client, created, "a", "bid-3")
        pushed = ws.receive_json()["payload"]
        assert pushed["view"]["sealed"] == ["a"]
        assert pushed == _seat(client, created, "b")
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:  # reconnecting catches up
        ws.send_json({"token": created["seats"]["b"]["token"]})
        assert ws.receive_json()["payload"]["view"]["sealed"] == ["a"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"spectator": True})
        assert ws.receive_json()["payload"]["side"] is None


@pytest.mark.parametrize("hello", ['{"token": "forged-token-xxxxxxxxxxxx"}', "not json", "[1]", '{"token": 5}'])
def test_the_websocket_refuses_strangers(client: TestClient, hello: str) -> None:
    created = _new(client)
    with client.websocket_connect(f"/api/games/{created['game_id']}/ws") as ws:
        ws.send_text(hello)
        message = ws.receive_json()
        assert message["type"] == "error"
        assert "view" not in json.dumps(message)


@pytest.mark.parametrize(
    "hello",
    ["[" * 100_000 + "]" * 100_000, '{"token": ' + "[" * 100_000 + "]" * 100_000 + "}"],
    ids=["nested", "nested-token"],
)
def test_a_malformed_hello_is_refused_with_4400(client: TestClient, hello: str) -> None:
    """Deeply nested JSON used to drop the connection with a RecursionError traceback in the server's log."""
    from starlette.websockets import WebSocketDisconnect

    created = _new(client)
    with client.websocket_connect(f"/api/games/{created['game_id']}/ws") as ws:
        ws.send_text(hello)
        assert ws.receive_json() == {
            "type": "error",
            "detail": 'the first message is {"token": ...} or {"spectator": true}',
        }
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400


def test_a_hello_that_repeats_a_key_is_refused(client: TestClient) -> None:
    """The last of duplicate keys used to win (``{"token": "nope", "token": "<valid>"}`` was let in), where a record
    file refuses them."""
    created = _new(client)
    token = created["seats"]["a"]["token"]
    with client.websocket_connect(f"/api/games/{created['game_id']}/ws") as ws:
        ws.send_text('{"token": "nope", "token": "' + token + '"}')
        message = ws.receive_json()
        assert message["type"] == "error" and "view" not in json.dumps(message)


def test_a_computer_seat_answers_through_the_push(client: TestClient) -> None:
    body = {"ruleset": "toy", "seed": 2, "seats": {"a": {"kind": "human"}, "b": {"kind": "computer"}}}
    created = _new(client, body)
    assert set(created["seats"]) == {"a"}
    _choose(client, created, "a", "bid-3")
    deadline = time.time() + 10
    while _seat(client, created, "a")["view"]["state"]["bids_seen"] == [] and time.time() < deadline:
        time.sleep(0.02)
    assert len(_seat(client, created, "a")["view"]["state"]["bids_seen"]) == 1


def test_the_pages_and_renderers_are_served(client: TestClient) -> None:
    for path in ("/", "/game/abc", "/watch/abc", "/replay", "/replay/abc"):
        r = client.get(path)
        assert r.status_code == 200 and "<html" in r.text.lower(), path
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/api/rulesets/toy/board.js").status_code == 404
    for ruleset in ("boredgames", "hbg", "terrible-resolve", "vam", "warpspawn"):  # each ships its own board
        board = client.get(f"/api/rulesets/{ruleset}/board.js")
        assert board.status_code == 200 and "export function render" in board.text, ruleset
        assert board.headers["content-type"].startswith("text/javascript")


def test_a_game_of_another_rules_version_is_refused_with_a_sentence(client: TestClient, service: GameService) -> None:
    from midway.server.db import games

    created = _new(client)
    with service.writer.begin() as conn:
        conn.execute(games.update().where(games.c.id == created["game_id"]).values(version="0-old"))
    service._drop(created["game_id"])
    service._texts.clear()
    r = client.get(f"/api/games/{created['game_id']}/seat", headers={"X-Seat-Token": created["seats"]["a"]["token"]})
    assert r.status_code == 409
    assert "rules version 0-old" in r.json()["detail"] and "not continued" in r.json()["detail"]
    assert _choose(client, created, "a", "bid-1", "x").status_code == 409
    assert client.get(f"/api/games/{created['game_id']}").json()["version"] == "0-old"


@pytest.mark.parametrize("agent", ["heuristic", "mcts@20", "mcts@0.05s", "mcts:iterations=20,max_time=0.5"])
def test_a_computer_of_any_strength_plays_and_its_thinking_time_is_shown(client: TestClient, agent: str) -> None:
    body = {"ruleset": "toy", "seed": 2, "seats": {"a": {"kind": "human"}, "b": {"kind": "computer", "agent": agent}}}
    created = _new(client, body)
    _choose(client, created, "a", "bid-3")
    deadline = time.time() + 20
    while not (payload := _seat(client, created, "a"))["view"]["state"]["bids_seen"] and time.time() < deadline:
        time.sleep(0.02)
    assert set(payload["thinking"]) == {"b"}
    assert payload["thinking"]["b"]["agent"] == agent
    assert 0 <= payload["thinking"]["b"]["seconds"] < 20
    assert len(payload["view"]["state"]["bids_seen"]) == 1  # it answered the bid
    spectator = client.get(f"/api/games/{created['game_id']}/spectate").json()
    assert spectator["thinking"] == payload["thinking"]


def test_a_seat_asks_whose_turn_it_is_as_it_sees_it(client: TestClient) -> None:
    created = _new(client)
    gid = created["game_id"]
    token = {s: created["seats"][s]["token"] for s in ("a", "b")}
    turn = client.get(f"/api/games/{gid}/turn", headers={"X-Seat-Token": token["a"]}).json()
    assert turn == {
        "game_id": gid, "ruleset": "toy", "side": "a", "to_move": ["a", "b"], "my_turn": True,
        "over": False, "outcome": None,
    }  # fmt: skip
    _choose(client, created, "a", "bid-1")  # sealed: a waits, b still to choose
    assert client.get(f"/api/games/{gid}/turn", headers={"X-Seat-Token": token["a"]}).json()["my_turn"] is False
    assert client.get(f"/api/games/{gid}/turn", headers={"X-Seat-Token": token["b"]}).json()["to_move"] == ["b"]
    assert client.get(f"/api/games/{gid}/turn").status_code == 403
    assert client.get(f"/api/games/{gid}/turn", headers={"X-Seat-Token": "x" * 30}).status_code == 403
