"""The game service against SQLite and PostgreSQL: seats, commits, stale and concurrent submissions, versions."""

from __future__ import annotations

import contextlib
import threading
import time

import pytest
import sqlalchemy as sa

from midway.engine import registry, replay
from midway.server.db import games, moves
from midway.server.service import (
    Conflict,
    Forbidden,
    GameService,
    Invalid,
    NotFound,
    SeatSpec,
    Unavailable,
)
from tests.engine.toy import TOY

registry.register(TOY)
HUMANS = {"a": SeatSpec("human"), "b": SeatSpec("human")}


def _move(service: GameService, game_id: str, side: str, option: str | None = None) -> dict:
    payload = service.seat_payload(game_id, side)
    decision = payload["decision"]
    assert decision is not None, f"{side} has nothing to decide"
    return service.submit(game_id, side, decision["id"], option or decision["options"][0]["id"])


def test_create_gives_one_long_secret_token_per_human_seat(service: GameService) -> None:
    created = service.create("toy", None, {"a": SeatSpec("human"), "b": SeatSpec("computer", "random")}, seed=1)
    assert set(created.tokens) == {"a"}
    assert len(created.tokens["a"]) >= 32  # 192 bits, base64
    assert service.seat(created.game_id, created.tokens["a"]) == "a"
    other = service.create("toy", None, HUMANS, seed=1)
    with pytest.raises(Forbidden):
        service.seat(created.game_id, other.tokens["a"])  # another game's seat
    with pytest.raises(Forbidden):
        token = created.tokens["a"]
        service.seat(created.game_id, token[:-1] + ("y" if token.endswith("x") else "x"))  # one character off
    with pytest.raises(Forbidden):
        service.seat(created.game_id, None)
    with pytest.raises(NotFound):
        service.seat("nope", created.tokens["a"])


def test_bad_creations_are_refused_plainly(service: GameService) -> None:
    with pytest.raises(NotFound, match="no ruleset 'chess'"):
        service.create("chess", None, {})
    with pytest.raises(Invalid, match="no option"):
        service.create("toy", {"colour": "red"}, {})
    with pytest.raises(Invalid, match="no side"):
        service.create("toy", None, {"c": SeatSpec("human")})
    with pytest.raises(Invalid, match="computer player"):
        service.create("toy", None, {"a": SeatSpec("computer", "deep-blue")})


def test_a_choice_is_committed_before_the_answer(service: GameService, db_url: str) -> None:
    created = service.create("toy", None, HUMANS, seed=3)
    _move(service, created.game_id, "a", "bid-2")
    after = _move(service, created.game_id, "b", "bid-1")
    assert after["view"]["state"]["bids_seen"] == [{"a": 2, "b": 1}]
    fresh = GameService(db_url)  # another process: no cache, reads the database
    try:
        info, state = fresh.state(created.game_id)
        assert info.n_moves == 2
        assert state.history == [("a", "bid-2"), ("b", "bid-1")]
        rec = fresh.record(created.game_id, require_over=False)
        assert replay(rec, TOY).to_bytes() == state.to_bytes()
    finally:
        fresh.close()


def _public(payload: dict) -> dict:
    """A payload without what differs between two games anyway (their ids)."""
    out = dict(payload, game_id=None)
    if out["decision"] is not None:
        out["decision"] = dict(out["decision"], id=None)
    return out


def test_a_sealed_choice_is_not_shown_to_the_other_seat(service: GameService) -> None:
    seen = []
    for bid in ("bid-3", "bid-0"):  # the same game but for a's secret bid
        created = service.create("toy", None, HUMANS, seed=3)
        _move(service, created.game_id, "a", bid)
        b = service.seat_payload(created.game_id, "b")
        assert b["view"]["sealed"] == ["a"]
        seen.append(_public(b))
        with pytest.raises(Conflict, match="already sealed"):
            service.submit(created.game_id, "a", b["decision"]["id"], "bid-0")
    assert seen[0] == seen[1]


def test_stale_and_duplicate_submissions_get_409_and_change_nothing(service: GameService) -> None:
    created = service.create("toy", None, HUMANS, seed=3)
    gid = created.game_id
    first = service.seat_payload(gid, "a")["decision"]
    service.submit(gid, "a", first["id"], "bid-1")
    service.submit(gid, "b", service.seat_payload(gid, "b")["decision"]["id"], "bid-0")
    before, state = service.state(gid)
    snapshot = state.to_bytes()
    with pytest.raises(Conflict, match="already answered"):
        service.submit(gid, "a", first["id"], "bid-1")  # the same submission again
    with pytest.raises(Conflict, match="no longer current|already answered"):
        service.submit(gid, "a", first["id"], "bid-2")
    with pytest.raises(Conflict, match="no longer current"):
        service.submit(gid, "a", "0123456789abcdef0123", "bank")
    with pytest.raises(Conflict, match="no decision to make"):
        service.submit(gid, "b", "whatever", "bank")  # a won the round: b waits
    with pytest.raises(Invalid, match="not a legal choice"):
        service.submit(gid, "a", service.seat_payload(gid, "a")["decision"]["id"], "fold")
    after, state = service.state(gid)
    assert after.n_moves == before.n_moves == 2
    assert state.to_bytes() == snapshot


def test_concurrent_submissions_apply_exactly_once(service: GameService) -> None:
    created = service.create("toy", None, HUMANS, seed=5)
    gid = created.game_id
    decision = service.seat_payload(gid, "a")["decision"]
    results: list[str] = []
    barrier = threading.Barrier(16)

    def send(i: int) -> None:
        barrier.wait()
        try:
            service.submit(gid, "a", decision["id"], decision["options"][i % 4]["id"])
            results.append("ok")
        except Conflict:
            results.append("409")

    threads = [threading.Thread(target=send, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("ok") == 1
    assert results.count("409") == 15
    with service.engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(moves).where(moves.c.game_id == gid)).scalar() == 1


def test_a_game_of_another_rules_version_is_refused_plainly(service: GameService, db_url: str) -> None:
    created = service.create("toy", None, HUMANS, seed=3)
    _move(service, created.game_id, "a")
    with service.writer.begin() as conn:
        conn.execute(games.update().where(games.c.id == created.game_id).values(version="0-old"))
    fresh = GameService(db_url)
    try:
        with pytest.raises(Unavailable, match="rules version 0-old"):
            fresh.seat_payload(created.game_id, "a")
        with pytest.raises(Unavailable, match="rules version 0-old"):
            fresh.submit(created.game_id, "b", "x", "bid-0")
        assert fresh.record(created.game_id, require_over=False).moves == [("a", "bid-0")]
    finally:
        fresh.close()


def test_an_unreadable_snapshot_is_only_a_cache(service: GameService, db_url: str) -> None:
    created = service.create("toy", None, HUMANS, seed=3)
    _move(service, created.game_id, "a", "bid-2")
    _move(service, created.game_id, "b", "bid-2")
    _, state = service.state(created.game_id)
    with service.writer.begin() as conn:
        conn.execute(games.update().where(games.c.id == created.game_id).values(snapshot=b"garbage"))
    fresh = GameService(db_url)
    try:
        _, rebuilt = fresh.state(created.game_id)
        assert rebuilt.to_bytes() == state.to_bytes()
    finally:
        fresh.close()


def test_computer_seats_play_in_the_background_and_resume_after_a_restart(service: GameService, db_url: str) -> None:
    both = {"a": SeatSpec("computer", "random", 7), "b": SeatSpec("computer", "random", 8)}
    created = service.create("toy", None, both, seed=11)  # no workers yet: the game waits
    time.sleep(0.2)
    assert service.info(created.game_id).n_moves == 0
    restarted = GameService(db_url, workers=2)
    restarted.start()
    try:
        deadline = time.time() + 20
        while restarted.info(created.game_id).status != "over" and time.time() < deadline:
            time.sleep(0.05)
        info, state = restarted.state(created.game_id)
        assert info.status == "over"
        assert state.outcome() is not None
        record = restarted.record(created.game_id)
        assert replay(record, TOY).to_bytes() == state.to_bytes()
        # deterministic: the same seats and seed play the same game again
        again = restarted.create("toy", None, both, seed=11)
        while restarted.info(again.game_id).status != "over" and time.time() < deadline:
            time.sleep(0.05)
        assert restarted.record(again.game_id).moves == record.moves
    finally:
        restarted.close()


def test_computer_against_human_waits_for_the_human(service: GameService) -> None:
    service.start()
    created = service.create("toy", None, {"a": SeatSpec("human"), "b": SeatSpec("computer", "random", 1)}, seed=2)
    gid = created.game_id
    deadline = time.time() + 20
    while service.info(gid).status != "over" and time.time() < deadline:
        payload = service.seat_payload(gid, "a")
        if payload["decision"] is not None:
            with contextlib.suppress(Conflict):
                service.submit(gid, "a", payload["decision"]["id"], payload["decision"]["options"][-1]["id"])
        else:
            time.sleep(0.02)
    assert service.info(gid).status == "over"
    sides = [s for s, _ in service.record(gid).moves]
    assert sides.count("b") >= 3  # the computer bid every round


def test_replay_frames_step_both_ways(service: GameService) -> None:
    service.start()
    both = {"a": SeatSpec("computer", "random", 1), "b": SeatSpec("computer", "random", 2)}
    created = service.create("toy", None, both, seed=4)
    deadline = time.time() + 20
    while service.info(created.game_id).status != "over" and time.time() < deadline:
        time.sleep(0.05)
    total = len(service.record(created.game_id).moves)
    last = service.game_frame(created.game_id, total)
    assert last["outcome"] is not None and last["step"] == total
    first = service.game_frame(created.game_id, 1)
    assert first["move"]["n"] == 1 and first["move"]["label"].startswith("Bid")
    assert service.game_frame(created.game_id, total) == last  # backwards and forwards again
    assert set(last["views"]) == {"a", "b", "spectator"}
    with pytest.raises(Invalid):
        service.game_frame(created.game_id, total + 1)


def test_a_slow_computer_never_stalls_other_games(service: GameService) -> None:
    class Slow:
        name = "slow"
        wants_view = False

        def __init__(self, seed: int) -> None:
            self.seed = seed

        def choose(self, view: dict, decision) -> str:
            time.sleep(0.5)
            return decision.options[0].id

    from midway.ai.agents import AGENTS

    AGENTS["slow"] = Slow
    try:
        service._workers = 2
        service.start()
        slow = service.create("toy", None, {"a": SeatSpec("computer", "slow"), "b": SeatSpec("computer", "slow")})
        time.sleep(0.1)  # a worker is now thinking for the slow game
        fast = service.create("toy", None, {"a": SeatSpec("computer", "random"), "b": SeatSpec("computer", "random")})
        deadline = time.time() + 5
        while service.info(fast.game_id).status != "over" and time.time() < deadline:
            time.sleep(0.02)
        assert service.info(fast.game_id).status == "over"
        assert service.info(slow.game_id).status == "playing"  # still thinking, and nobody waited for it
    finally:
        del AGENTS["slow"]


def test_the_snapshot_is_renewed_every_few_moves_and_loading_plays_the_moves_since(
    service: GameService, db_url: str
) -> None:
    from midway.server.service import SNAPSHOT_EVERY

    created = service.create("warpspawn", None, {"usn": SeatSpec("human"), "ijn": SeatSpec("human")}, seed=5)
    gid = created.game_id
    n = SNAPSHOT_EVERY + 5
    for _ in range(n):
        _, state = service.state(gid)
        side = next(iter(state.pending()))
        _move(service, gid, side)
    with service.engine.connect() as conn:
        row = conn.execute(sa.select(games.c.snapshot_moves, games.c.n_moves).where(games.c.id == gid)).one()
    assert (row.snapshot_moves, row.n_moves) == (SNAPSHOT_EVERY, n)  # not rewritten at each of the last 5 moves
    _, held = service.state(gid)
    fresh = GameService(db_url)  # another process, or this one restarted: snapshot at 16, then 5 moves played
    try:
        _, rebuilt = fresh.state(gid)
        assert len(rebuilt.history) == n
        assert rebuilt.to_bytes() == held.to_bytes()
        side = next(iter(rebuilt.pending()))
        after = _move(fresh, gid, side)  # and play goes on from there, in either process
        assert after["side"] == side
        assert fresh.state(gid)[0].n_moves == n + 1
    finally:
        fresh.close()


def test_a_choice_in_a_game_another_process_moved_is_judged_on_the_stored_game(pg_url: str) -> None:
    """PostgreSQL's one-statement commit starts from the game this process holds: if another process moved it
    meanwhile, nothing is written from the stale copy; the choice is judged on the stored game instead."""
    one, two = GameService(pg_url), GameService(pg_url)
    try:
        created = one.create("toy", None, HUMANS, seed=3)
        gid = created.game_id
        wire = one.seat_payload(gid, "a")["decision"]["id"]
        two.state(gid)  # both processes hold the game at move 0
        two.submit(gid, "a", wire, "bid-2")  # the second one answers a's decision
        with pytest.raises(Conflict, match="already answered"):
            one.submit(gid, "a", wire, "bid-3")  # the first still holds move 0, where this was legal
        with one.engine.connect() as conn:
            rows = conn.execute(sa.select(moves.c.n, moves.c.option_id).where(moves.c.game_id == gid)).all()
        assert [tuple(r) for r in rows] == [(1, "bid-2")]
        wire_b = one.seat_payload(gid, "b")["decision"]["id"]  # the first process catches up and goes on
        statements: list[str] = []
        sa.event.listen(one.engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
        one.submit(gid, "b", wire_b, "bid-1")
        assert len(statements) == 1 and "pg_notify" in statements[0]  # held up to date: one statement, one trip
        assert one.state(gid)[1].history == [("a", "bid-2"), ("b", "bid-1")]
        assert two.state(gid)[1].history == [("a", "bid-2"), ("b", "bid-1")]
    finally:
        one.close()
        two.close()


def test_a_thinking_time_is_shown_only_for_a_choice_in_a_public_turn(service: GameService) -> None:
    """A computer's thinking time is shown to every seat; after a private question (State._public_turn) a new time
    would tell the other seat that the question was asked (hbg's reveal at 4.3 is asked only over a hidden fleet).
    In this toy the bank-or-press question is private, the bids public."""
    from tests.engine.test_side_channels import PrivatePress

    game = PrivatePress()
    registry.register(game)
    created = service.create(game.id, None, HUMANS, seed=1)
    gid = created.game_id

    def submit(side: str, option: str, thought: float) -> None:
        decision = service.seat_payload(gid, side)["decision"]
        service.submit_json(gid, side, decision["id"], option, thought=thought)

    submit("a", "bid-2", 0.5)
    submit("b", "bid-0", 0.25)
    assert service.seat_payload(gid, "b")["thinking"] == {
        "a": {"agent": None, "seconds": 0.5},
        "b": {"agent": None, "seconds": 0.25},
    }
    submit("a", "press", 1.5)  # a won the bids: its private question
    assert service.seat_payload(gid, "b")["thinking"]["a"]["seconds"] == 0.5
