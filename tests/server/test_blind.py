"""Blind compound orders on the wire: when only the other side makes a blind atomic choice, a seat's
payloads (HTTP and websocket) do not change by one byte and no push is sent to it, so the timing of pushes
never counts the other side's hidden steps; the lobby's "whose turn" comes from the seat's own view."""

from __future__ import annotations

from fastapi.testclient import TestClient

from midway.engine import registry
from midway.server.service import GameService, SeatSpec
from tests.engine.blind_toy import BLIND

registry.register(BLIND)
HUMANS = {"ruleset": "blind-toy", "seed": 1, "seats": {"a": {"kind": "human"}, "b": {"kind": "human"}}}


def _seat(client: TestClient, gid: str, token: str) -> str:
    r = client.get(f"/api/games/{gid}/seat", headers={"X-Seat-Token": token})
    assert r.status_code == 200, r.text
    return r.text


def _choose(client: TestClient, gid: str, token: str, option: str) -> str:
    decision = client.get(f"/api/games/{gid}/seat", headers={"X-Seat-Token": token}).json()["decision"]
    r = client.post(
        f"/api/games/{gid}/choices",
        json={"decision_id": decision["id"], "option_id": option},
        headers={"X-Seat-Token": token},
    )
    assert r.status_code == 200, r.text
    return r.text


def test_the_other_sides_blind_choices_change_no_byte_and_push_nothing(client: TestClient) -> None:
    created = client.post("/api/games", json=HUMANS).json()
    gid = created["game_id"]
    a, b = (created["seats"][s]["token"] for s in ("a", "b"))
    with (
        client.websocket_connect(f"/api/games/{gid}/ws") as ws_b,
        client.websocket_connect(f"/api/games/{gid}/ws") as ws_spectator,
    ):
        ws_b.send_json({"token": b})
        ws_spectator.send_json({"spectator": True})
        first_b = ws_b.receive_json()["payload"]
        first_public = ws_spectator.receive_json()["payload"]
        before_b = _seat(client, gid, b)
        before_public = client.get(f"/api/games/{gid}/spectate").text
        before_summary = client.get(f"/api/games/{gid}").json()
        before_turn = client.get(f"/api/games/{gid}/turn", headers={"X-Seat-Token": b}).json()
        assert before_turn["to_move"] == ["a", "b"] and before_turn["my_turn"]
        for option in ("add-3", "add-1", "add-2", "done"):  # a's whole order, then a is finished
            mine = _choose(client, gid, a, option)
            assert _seat(client, gid, b) == before_b
            assert client.get(f"/api/games/{gid}/spectate").text == before_public
            assert client.get(f"/api/games/{gid}").json() == before_summary
            assert client.get(f"/api/games/{gid}/turn", headers={"X-Seat-Token": b}).json() == before_turn
        assert '"my_order":[3,1,2]' in mine  # a sees its own order
        # b still sees a "to move": the step has not closed
        a_turn = client.get(f"/api/games/{gid}/turn", headers={"X-Seat-Token": a}).json()
        assert a_turn["to_move"] == ["b"] and not a_turn["my_turn"]  # a sees its own status truly
        # b chooses: the first push b gets is its own new payload, so none was sent for a's four choices
        after_b = _choose(client, gid, b, "add-2")
        pushed = ws_b.receive_json()["payload"]
        assert pushed != first_b
        assert pushed["view"]["state"]["my_order"] == [2]
        assert pushed == client.get(f"/api/games/{gid}/seat", headers={"X-Seat-Token": b}).json()
        assert after_b == _seat(client, gid, b)
        # the spectator likewise: its first push comes when the step closes (b done), with the result
        _choose(client, gid, b, "done")
        public = ws_spectator.receive_json()["payload"]
        assert public != first_public
        assert public["view"]["state"]["results"] == [{"a": 6, "b": 2}]


def test_a_computers_blind_choices_and_their_thinking_time_change_nothing_the_human_sees(
    service: GameService,
) -> None:
    created = service.create("blind-toy", None, {"a": SeatSpec("human"), "b": SeatSpec("computer", "random", 4)})
    gid = created.game_id
    before_a = service.seat_json(gid, "a")
    before_public = service.seat_json(gid, None)
    made = 0
    while service.state(gid)[1].decision("b") is not None:  # the computer's whole blind order, choice by choice
        service._play_computer(gid)
        made += 1
        assert service.seat_json(gid, "a") == before_a  # no byte, not even the thinking time
        assert service.seat_json(gid, None) == before_public
    assert made >= 1 and service.info(gid).thinking["b"]["agent"] == "random"
    decision = service.seat_payload(gid, "a")["decision"]
    assert service.seat_payload(gid, "a")["thinking"] is None  # sticky: nothing of b's choices shown yet
    after = service.submit(gid, "a", decision["id"], "done")  # a's own choice closes the step
    assert after["thinking"] == {"b": {"agent": "random", "seconds": service.info(gid).thinking["b"]["seconds"]}}
    assert after["view"]["state"]["results"]  # the umpire resolved the step
