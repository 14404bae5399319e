"""Standing options over the wire, against SQLite and PostgreSQL: a seat submits one with the decision id
``"standing"``, whether it has a pending decision or not (vam's concession, VAM-R30; the toy's note)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from midway.engine import registry
from midway.server.db import moves
from midway.server.service import GameService
from tests.engine.standing_toy import STANDING_TOY
from tests.server.test_api import _choose, _new, _seat

registry.register(STANDING_TOY)
HUMANS = {"usn": {"kind": "human"}, "ijn": {"kind": "human"}}


def test_a_seat_concedes_with_no_pending_decision(client: TestClient, service: GameService) -> None:
    """vam with the option ``concession``: the Americans say ``done`` in the blind phase 1 and have no decision
    while Japan gives its orders; they concede all the same (decision id "standing"), the game ends for Japan and
    the stored record replays it. Refusals first: an unknown standing option, the concession given as the answer
    to a decision, and a concession where the option is off; none changes anything."""
    created = _new(client, {"ruleset": "vam", "seed": 3, "options": {"concession": True}, "seats": HUMANS})
    gid = created["game_id"]
    usn = _seat(client, created, "usn")
    assert [o["id"] for o in usn["view"]["standing"]] == ["concede"]
    assert all(o["id"] != "concede" for o in usn["decision"]["options"])
    assert _choose(client, created, "usn", "done", usn["decision"]["id"]).status_code == 200
    usn = _seat(client, created, "usn")
    assert usn["decision"] is None and [o["id"] for o in usn["view"]["standing"]] == ["concede"]
    n = service.info(gid).n_moves
    assert _choose(client, created, "usn", "surrender", "standing").status_code == 422
    ijn = _seat(client, created, "ijn")
    assert _choose(client, created, "ijn", "concede", ijn["decision"]["id"]).status_code == 422
    assert service.info(gid).n_moves == n and _seat(client, created, "ijn") == ijn
    r = _choose(client, created, "usn", "concede", "standing")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["over"] and body["outcome"]["winner"] == "ijn" and body["outcome"]["kind"] == "concession"
    assert body["view"]["standing"] == []
    assert _choose(client, created, "usn", "concede", "standing").status_code == 409  # the game is over
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["moves"][-1] == ["usn", "concede"]
    with service.engine.connect() as conn:
        last = conn.execute(moves.select().where(moves.c.game_id == gid).order_by(moves.c.n.desc())).first()
    assert last.decision_id == "standing" and last.option_id == "concede"
    service._drop(gid)  # read back from storage: the replay of the stored moves ends the same way
    assert service.state(gid)[1].outcome().winner == "ijn"

    off = _new(client, {"ruleset": "vam", "seed": 3, "seats": HUMANS})
    refused = _choose(client, off, "ijn", "concede", "standing")
    assert refused.status_code == 422 and "not a standing option" in refused.json()["detail"]
    assert service.info(off["game_id"]).n_moves == 0


def test_a_standing_choice_that_does_not_end_the_game_and_play_goes_on(
    client: TestClient, service: GameService
) -> None:
    """The toy's note: side a takes it after sealing its bid (no pending decision), side b in the middle of its
    own decision; the sealed bid stands, a's note leaves b's decision id as it was (b's own note moves it on, and
    the old one is then refused as stale), and a repeated note is refused."""
    created = _new(
        client, {"ruleset": "standing-toy", "seed": 3, "seats": {"a": {"kind": "human"}, "b": {"kind": "human"}}}
    )
    a = _seat(client, created, "a")
    assert [o["id"] for o in a["view"]["standing"]] == ["resign", "note"]
    assert _choose(client, created, "a", "bid-2", a["decision"]["id"]).status_code == 200
    b_before = _seat(client, created, "b")["decision"]["id"]
    r = _choose(client, created, "a", "note", "standing")
    assert r.status_code == 200, r.text
    assert [o["id"] for o in r.json()["view"]["standing"]] == ["resign"] and r.json()["view"]["sealed"] == ["a"]
    assert _choose(client, created, "a", "note", "standing").status_code == 422
    assert _seat(client, created, "b")["decision"]["id"] == b_before  # a's note tells b nothing
    assert _choose(client, created, "b", "note", "standing").status_code == 200
    assert _choose(client, created, "b", "bid-1", b_before).status_code == 409  # b's own note moved its id on
    assert _choose(client, created, "b", "bid-1").status_code == 200
    assert service.state(created["game_id"])[1].bids_seen == [{"a": 2, "b": 1}]
    assert service.info(created["game_id"]).n_moves == 4
