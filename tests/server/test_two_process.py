"""Two ``midway serve`` processes sharing one PostgreSQL: pushes reach players on either (LISTEN/NOTIFY),
and each computer move is made exactly once (SKIP LOCKED leases)."""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path

import httpx
import sqlalchemy as sa
from websockets.sync.client import connect

from midway.server.db import moves
from midway.server.service import GameService
from tests.server.proc import Server


def _ws(server: Server, game_id: str, token: str):
    ws = connect(f"ws://127.0.0.1:{server.port}/api/games/{game_id}/ws", open_timeout=10)
    ws.send(json.dumps({"token": token}))
    return ws


def _next(ws, want) -> dict:
    """The first pushed payload satisfying ``want``."""
    deadline = time.time() + 10
    while time.time() < deadline:
        message = json.loads(ws.recv(timeout=max(0.1, deadline - time.time())))
        assert message["type"] == "state", message
        if want(message["payload"]):
            return message["payload"]
    raise AssertionError("no such push")


def test_two_servers_one_game_one_player_on_each(pg_url: str, tmp_path: Path) -> None:
    a = Server(pg_url, log=tmp_path / "a.log").start()
    b = Server(pg_url, log=tmp_path / "b.log").start()
    try:
        body = {"ruleset": "terrible-resolve", "seed": 5, "seats": {"usn": {"kind": "human"}, "ijn": {"kind": "human"}}}
        created = httpx.post(a.base + "/api/games", json=body).json()
        gid = created["game_id"]
        tokens = {s: created["seats"][s]["token"] for s in ("usn", "ijn")}
        home = {"usn": a, "ijn": b}  # each player talks to their own server only
        sockets = {side: _ws(home[side], gid, tokens[side]) for side in home}
        latest = {side: _next(sockets[side], lambda p: True) for side in home}
        made = handovers = 0
        while made < 80:
            side = next(s for s in ("usn", "ijn") if latest[s]["decision"])
            other = "ijn" if side == "usn" else "usn"
            decision = latest[side]["decision"]
            r = httpx.post(
                f"{home[side].base}/api/games/{gid}/choices",
                json={"decision_id": decision["id"], "option_id": decision["options"][-1]["id"]},
                headers={"X-Seat-Token": tokens[side]},
            )
            assert r.status_code == 200, r.text
            made += 1
            latest[side] = r.json()
            if latest[side]["over"]:
                break
            if latest[side]["decision"] is None:
                # the turn passed: the other player, on the other server, hears of it by push
                old = (latest[other]["decision"] or {}).get("id")
                latest[other] = _next(sockets[other], lambda p, old=old: p["decision"] and p["decision"]["id"] != old)
                assert latest[other]["side"] == other
                handovers += 1
        assert handovers >= 2
        for ws in sockets.values():
            ws.close()

        body = {"ruleset": "warpspawn", "seed": 8, "seats": {"usn": {"kind": "computer"}, "ijn": {"kind": "computer"}}}
        body["options"] = {"max_turns": 3}
        robots = httpx.post(b.base + "/api/games", json=body).json()["game_id"]
        deadline = time.time() + 60
        while not httpx.get(f"{a.base}/api/games/{robots}").json()["over"] and time.time() < deadline:
            time.sleep(0.1)
        assert httpx.get(f"{a.base}/api/games/{robots}").json()["over"]
    finally:
        a.stop()
        b.stop()
    store = GameService(pg_url, workers=0)
    try:
        with store.engine.connect() as conn:
            rows = conn.execute(sa.select(moves.c.side, moves.c.decision_id).where(moves.c.game_id == robots)).all()
        assert rows
        doubled = [k for k, n in Counter((r.side, r.decision_id) for r in rows).items() if n > 1]
        assert doubled == []  # each computer decision answered exactly once
        assert len(store.record(robots).moves) == len(rows)
    finally:
        store.close()
