"""The crash test: a real server killed with kill -9 mid-game (also while the computer is moving), restarted,
and the record compared with the acknowledged choices: nothing lost, nothing doubled."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import httpx

from midway.engine import registry, replay
from midway.server.service import GameService
from tests.server.proc import Server


def _play(base: str, game_id: str, token: str, acked: list[tuple[str, str]], n: int, lost: list | None = None) -> None:
    """Make ``n`` choices for the seat, recording each one the server acknowledged (and in ``lost`` the one
    whose answer never came)."""
    with httpx.Client(base_url=base, headers={"X-Seat-Token": token}, timeout=10) as http:
        made = 0
        deadline = time.time() + 30
        while made < n and time.time() < deadline:
            try:
                payload = http.get(f"/api/games/{game_id}/seat").json()
            except httpx.HTTPError:
                return  # the server is gone
            if payload["over"]:
                return
            decision = payload["decision"]
            if decision is None:
                time.sleep(0.01)
                continue
            option = decision["options"][made % len(decision["options"])]["id"]
            choice = {"decision_id": decision["id"], "option_id": option}
            try:
                r = http.post(f"/api/games/{game_id}/choices", json=choice)
            except httpx.HTTPError:
                if lost is not None:
                    lost.append((decision["id"], option))
                return  # no answer: not acknowledged (it may or may not have been committed)
            if r.status_code == 200:
                acked.append((decision["id"], option))
                made += 1


def test_kill_9_loses_nothing_acknowledged_and_doubles_nothing(db_url: str, tmp_path: Path) -> None:
    server = Server(db_url, log=tmp_path / "serve.log").start()
    try:
        body = {
            "ruleset": "warpspawn",
            "seed": 9,
            "seats": {"usn": {"kind": "human"}, "ijn": {"kind": "computer", "agent": "random", "agent_seed": 3}},
        }
        created = httpx.post(server.base + "/api/games", json=body).json()
        gid, token = created["game_id"], created["seats"]["usn"]["token"]
        acked: list[tuple[str, str]] = []
        _play(server.base, gid, token, acked, 40)
        # kill while a player is sending and the computer is answering
        lost: list[tuple[str, str]] = []
        sender = threading.Thread(target=_play, args=(server.base, gid, token, acked, 10_000, lost))
        sender.start()
        deadline = time.monotonic() + 30  # a few more moves acknowledged first, however loaded the machine
        while len(acked) < 43 and time.monotonic() < deadline:
            time.sleep(0.01)
        server.kill()
        sender.join()
        assert len(acked) > 40
        at_kill = len(acked)
        server.start()  # the same port and database
        before = len(acked)
        _play(server.base, gid, token, acked, 30)  # and play on: the computer's moves resume
        assert len(acked) == before + 30
        deadline = time.time() + 10
        while httpx.get(f"{server.base}/api/games/{gid}").json()["to_move"] == ["ijn"] and time.time() < deadline:
            time.sleep(0.05)  # the computer's pending move resumes after the restart
    finally:
        server.stop()
    store = GameService(db_url, workers=0)
    try:
        record = store.record(gid, require_over=False)
        mine = [o for s, o in record.moves if s == "usn"]
        options = [o for _, o in acked]
        # every acknowledged choice, in order, once; the one cut off by the kill may have been committed
        if len(mine) == len(options) + 1:
            assert [o for _, o in lost] == [mine[at_kill]]
            del mine[at_kill]
        assert mine == options
        assert any(s == "ijn" for s, _ in record.moves)
        assert len(set(d for d, _ in acked)) == len(acked)  # each decision answered once
        _, state = store.state(gid)  # the snapshot agrees with a replay of the record
        assert replay(record, registry.load("warpspawn")).to_bytes() == state.to_bytes()
    finally:
        store.close()
