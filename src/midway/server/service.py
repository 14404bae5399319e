"""The game service: games, seats, submissions and computer seats, with no HTTP in it.

Every accepted choice is committed (the ``moves`` row and the game row; a new
snapshot every :data:`SNAPSHOT_EVERY` moves) before the answer is returned, under
the game's lock: a process lock and ``BEGIN IMMEDIATE`` on SQLite; on PostgreSQL
one statement that moves the row on only if it still stands where this process
saw it, or ``SELECT ... FOR UPDATE`` when this process does not hold the game.
Each submission names the decision it answers, so a duplicate or a late one
is refused (:class:`Conflict`) without changing anything. A standing option
(a concession: a choice a side may make at any moment, whether it has a
decision or not, ``State.standing``) answers no decision: it is submitted with
the decision id ``"standing"``; the rules themselves refuse a repeated one.

What leaves the service for a seat is that side's view and its own pending
decision; for a spectator the public view, and everything only once the game
is over. Decision ids on the wire are opaque (salted per game), so they do
not count the other side's hidden steps.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import logging
import math
import pickle
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from midway.ai import make_agent
from midway.ai.agents import AGENTS, parse_agent
from midway.engine import STANDING, Decision, Game, IllegalChoiceError, MidwayError, Record, State, registry
from midway.engine.errors import GameOverError, RecordError, StaleDecisionError, UnknownOptionError
from midway.engine.records import replay, start
from midway.server.db import games, is_sqlite, make_engine, migrate, moves, seats

log = logging.getLogger("midway.server")

HUMAN = "human"
COMPUTER = "computer"
PLAYING = "playing"
OVER = "over"
NOTIFY_CHANNEL = "midway_games"
LEASE_SECONDS = 5.0
"""How long a process may think about a computer move before another may take it over."""
MAX_SEED = 2**53 - 1
REPLAY_EVERY = 50
MAX_THINK_SECONDS = 30.0
"""The longest a computer seat may be told to think per decision (``mcts@30s``)."""


_INFO = sa.select(
    games.c.id,
    games.c.ruleset,
    games.c.version,
    games.c.options,
    games.c.seed,
    games.c.salt,
    games.c.n_moves,
    games.c.to_move,
    games.c.status,
    games.c.outcome,
    games.c.thinking,
).where(games.c.id == sa.bindparam("id"))
_N_MOVES = sa.select(games.c.n_moves).where(games.c.id == sa.bindparam("id"))
_SEATS = sa.select(seats).where(seats.c.game_id == sa.bindparam("id"))
_INFO_LOCKED = _INFO.with_for_update()
_NOTIFY = sa.text("SELECT pg_notify(:ch, :note)")
_INSERT_MOVE = moves.insert()
_MOVED = {
    name: sa.bindparam(name) for name in ("n_moves", "to_move", "status", "outcome", "computer_due", "updated_at")
}
_UPDATE_AFTER_MOVE = (
    games.update()
    .where(games.c.id == sa.bindparam("gid"))
    .values(
        **_MOVED,
        claimed_until=None,
        thinking=sa.bindparam("thinking"),
        # a new snapshot only every SNAPSHOT_EVERY moves (None: keep the one stored)
        snapshot=sa.func.coalesce(sa.bindparam("snapshot", type_=sa.LargeBinary), games.c.snapshot),
        snapshot_moves=sa.func.coalesce(sa.bindparam("snapshot_moves", type_=sa.Integer), games.c.snapshot_moves),
    )
)
"""Statements built once: a choice's writes skip SQLAlchemy's statement construction."""
_MOVE_KEYS = ("side", "option_id", "decision_id", "at", "think_ms")
_PG_COMMIT_MOVE = sa.text(
    """
    WITH moved AS (
        UPDATE games SET n_moves = :n_moves, to_move = :to_move, status = :status, outcome = :outcome,
            computer_due = :computer_due, updated_at = :updated_at, claimed_until = NULL, thinking = :thinking,
            snapshot = COALESCE(CAST(:snapshot AS BYTEA), snapshot),
            snapshot_moves = COALESCE(CAST(:snapshot_moves AS INTEGER), snapshot_moves)
        WHERE id = :gid AND n_moves = :n_moves - 1
        RETURNING id
    ), recorded AS (
        INSERT INTO moves (game_id, n, side, option_id, decision_id, at, think_ms)
        SELECT id, :n_moves, :side, :option_id, :decision_id, :updated_at, :think_ms FROM moved
    )
    SELECT pg_notify(:ch, :note) FROM moved
    """
)
"""PostgreSQL, one statement and one round trip for a choice whose game this process holds up to date: the game
row moved on only if it still stands where this process saw it, the move recorded with it, the other processes
told at commit. No row: another process moved the game first, and nothing was written."""
SNAPSHOT_EVERY = 16
"""A game's stored snapshot is renewed every this many moves (and at its end); loading it replays the moves since.
A snapshot of a long game is 50-150 KB and some milliseconds to make: written at every choice, it was most of what
a choice wrote."""
_TOKENS = sa.select(seats.c.side, seats.c.token_hash).where(seats.c.game_id == sa.bindparam("id"))


# --------------------------------------------------------------------- errors
class ServiceError(Exception):
    """A refusal with an HTTP status and a message for the person who asked."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(ServiceError):
    status = 404


class Forbidden(ServiceError):
    status = 403


class Conflict(ServiceError):
    status = 409


class Invalid(ServiceError):
    status = 422


class Unavailable(ServiceError):
    """The game cannot be played here: another rules version, or its ruleset is not installed."""

    status = 409


# ----------------------------------------------------------------- the values
@dataclass(frozen=True)
class SeatSpec:
    kind: str
    agent: str | None = None
    agent_seed: int = 0


@dataclass(frozen=True)
class Created:
    game_id: str
    tokens: dict[str, str]
    """One secret token per human side."""


@dataclass
class _Cached:
    n_moves: int
    state: State
    info: GameInfo | None = None
    """The game's row as of ``n_moves`` (PostgreSQL's one-statement commit starts from it)."""


@dataclass
class GameInfo:
    """A game's row, read without its snapshot."""

    id: str
    ruleset: str
    version: str
    options: dict[str, Any]
    seed: int
    salt: str
    n_moves: int
    to_move: list[str]
    status: str
    outcome: dict[str, Any] | None
    seats: dict[str, SeatSpec] = field(default_factory=dict)
    thinking: dict[str, Any] = field(default_factory=dict)
    """Each computer side's last choice: ``{side: {"agent": spec, "seconds": s}}``."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    """A seat token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def agent_names() -> list[str]:
    return sorted(AGENTS)


def agents_with_strength() -> list[str]:
    """The agents that take a strength (``mcts@400``: iterations, ``mcts@0.5s``: seconds per decision)."""
    out = []
    for name in agent_names():
        try:
            make_agent(f"{name}@10")
        except (ValueError, TypeError):
            continue
        out.append(name)
    return out


def check_agent(spec: object, side: str = "") -> str:
    """A computer seat's agent spec (``random``, ``heuristic``, ``mcts@400``, ``mcts@0.5s``,
    ``mcts:iterations=400,max_time=0.5``), checked through midway.ai's own parser; :class:`Invalid` says
    what is wrong. A server refuses settings that would hog it: more than :data:`MAX_THINK_SECONDS` per
    decision (a search always has a time limit: ``max_time`` defaults to under a second), or worker processes."""
    for_side = f" for {side}" if side else ""
    if not isinstance(spec, str) or not spec.strip():
        raise Invalid(f"a computer seat{for_side} needs an agent; there are {agent_names()}")
    try:
        name, settings = parse_agent(spec)
    except ValueError as exc:  # the parser says what a strength is
        raise Invalid(f"computer player {spec!r}{for_side}: {exc}") from None
    if name not in AGENTS:
        raise Invalid(f"no computer player {name!r}{for_side}; there are {agent_names()}")
    max_time = settings.get("max_time", None)  # the agent checks its own settings (make_agent, below)
    if max_time is not None and (not isinstance(max_time, int | float) or isinstance(max_time, bool)):
        raise Invalid(f"computer player {spec!r}{for_side}: max_time is a number, not {max_time!r}")
    if max_time is not None and not (math.isfinite(max_time) and 0 < max_time <= MAX_THINK_SECONDS):
        raise Invalid(
            f"computer player {spec!r}{for_side}: the time per decision is more than 0 and at most "
            f"{MAX_THINK_SECONDS:g} seconds on this server"
        )
    if settings.get("workers", 1) != 1:
        raise Invalid(f"computer player {spec!r}{for_side}: this server runs each computer seat in one process")
    try:
        make_agent(spec, 0)
    except ValueError as exc:
        raise Invalid(f"computer player {spec!r}{for_side}: {exc}") from None
    return spec


# -------------------------------------------------------------------- service
class GameService:
    """Stores and plays games. Thread-safe; one per process."""

    def __init__(self, url: str, *, workers: int = 1, cache_size: int = 512) -> None:
        self.url = url
        self.engine: Engine = make_engine(url)
        self.writer: Engine = self.engine.execution_options(write=True)
        self.sqlite = is_sqlite(self.engine)
        autocommit = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        self.glance: Engine = self.engine if self.sqlite else autocommit
        """One-statement reads (where a game stands, for every push): on PostgreSQL outside a transaction,
        so without the BEGIN and ROLLBACK round trips around the one query."""
        migrate(self.engine)
        self._cache: OrderedDict[str, _Cached] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()
        self._seats: dict[str, dict[str, SeatSpec]] = {}
        self._tokens: dict[str, list[Any]] = {}
        self._texts: OrderedDict[tuple[str, str, int], str] = OrderedDict()
        self._sticky: OrderedDict[tuple[str, str], tuple[bytes, str]] = OrderedDict()
        self._replays: OrderedDict[str, dict[int, State]] = OrderedDict()
        self._locks: dict[str, threading.Lock] = {}
        self._locks_lock = threading.Lock()
        self._listeners: list[Callable[[str], None]] = []
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._workers = workers
        self._sqlite_writer = threading.Lock()
        self.process_id = secrets.token_hex(4)

    # ------------------------------------------------------------- lifecycle
    def start(self) -> None:
        """Start the computer-seat workers (and, on PostgreSQL, the LISTEN thread)."""
        for i in range(self._workers):
            t = threading.Thread(target=self._work, name=f"midway-computer-{i}", daemon=True)
            t.start()
            self._threads.append(t)
        if not self.sqlite:
            t = threading.Thread(target=self._listen, name="midway-listen", daemon=True)
            t.start()
            self._threads.append(t)

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        for t in self._threads:
            t.join(timeout=0.1 if t.name == "midway-listen" else 5)  # LISTEN wakes every 0.5 s; it is a daemon
        self._threads.clear()
        self.engine.dispose()

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """A write transaction. On SQLite the writers of this process queue on a lock instead of
        sleeping in SQLite's busy handler (other processes still wait on ``BEGIN IMMEDIATE``)."""
        if self.sqlite:
            with self._sqlite_writer, self.writer.begin() as conn:
                yield conn
        else:
            with self.writer.begin() as conn:
                yield conn

    def on_change(self, listener: Callable[[str, int | None], None]) -> None:
        """Call ``listener(game_id, n_moves)`` (from any thread) whenever a game changes, in any process;
        ``n_moves``: how many moves the game now has (None if not known)."""
        self._listeners.append(listener)

    def _changed(self, game_id: str, computer_due: bool = True, n_moves: int | None = None) -> None:
        """Tell the listeners (the websockets) that ``game_id`` changed; wake the computer seats' workers
        only if a computer must now move (a human-only game's choices never make them look)."""
        if computer_due:
            self._wake.set()
        for listener in list(self._listeners):
            try:
                listener(game_id, n_moves)
            except Exception:  # a listener's failure never stops play
                log.exception("change listener failed")

    @contextmanager
    def _game_lock(self, game_id: str) -> Iterator[None]:
        with self._locks_lock:
            lock = self._locks.get(game_id)
            if lock is None:
                if len(self._locks) > 10_000:
                    self._locks = {k: v for k, v in self._locks.items() if v.locked()}
                lock = self._locks[game_id] = threading.Lock()
        with lock:
            yield

    # --------------------------------------------------------------- create
    def create(
        self,
        ruleset: str,
        options: Mapping[str, Any] | None,
        seats_spec: Mapping[str, SeatSpec],
        seed: int | None = None,
    ) -> Created:
        """A new game; returns its id and one secret token per human side."""
        game = self._ruleset(ruleset)
        unknown = sorted(set(seats_spec) - set(game.sides))
        if unknown:
            raise Invalid(f"{ruleset} has no side {unknown[0]!r}; its sides are {list(game.sides)}")
        specs = {side: seats_spec.get(side, SeatSpec(HUMAN)) for side in game.sides}
        for side, spec in specs.items():
            if spec.kind not in (HUMAN, COMPUTER):
                raise Invalid(f"a seat is 'human' or 'computer', not {spec.kind!r}")
            if spec.kind == COMPUTER:
                check_agent(spec.agent, side)
            elif spec.agent is not None:
                raise Invalid(f"the seat for {side} is a person's: it takes no agent (a computer seat does)")
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        if not 0 <= seed <= MAX_SEED:
            raise Invalid(f"the seed is a whole number from 0 to {MAX_SEED}")
        for key, value in (options or {}).items():
            try:
                game.option(key).check(value)
            except ValueError as exc:  # OptionsError too; either names the option
                raise Invalid(str(exc)) from None
        try:
            state = game.new(seed, options)
        except MidwayError as exc:
            raise Invalid(str(exc)) from None
        game_id = secrets.token_urlsafe(12)
        salt = secrets.token_hex(16)
        tokens = {side: new_token() for side, spec in specs.items() if spec.kind == HUMAN}
        now = time.time()
        with self._write() as conn:
            conn.execute(
                games.insert().values(
                    id=game_id,
                    ruleset=game.id,
                    version=game.version,
                    options=json.dumps(dict(state.options), sort_keys=True),
                    seed=seed,
                    salt=salt,
                    n_moves=0,
                    snapshot=_snapshot(state),
                    snapshot_moves=0,
                    to_move=_public_to_move(state),
                    status=OVER if state.is_over else PLAYING,
                    outcome=_outcome_json(state),
                    computer_due=_computer_due(state, specs),
                    created_at=now,
                    updated_at=now,
                )
            )
            conn.execute(
                seats.insert(),
                [
                    {
                        "game_id": game_id,
                        "side": side,
                        "kind": spec.kind,
                        "token_hash": hash_token(tokens[side]) if side in tokens else None,
                        "agent": spec.agent if spec.kind == COMPUTER else None,
                        "agent_seed": spec.agent_seed,
                    }
                    for side, spec in specs.items()
                ],
            )
            due = _computer_due(state, specs)
            self._notify(conn, game_id, due, 0)
        self._put(game_id, 0, state)
        self._changed(game_id, due, 0)
        return Created(game_id, tokens)

    # ----------------------------------------------------------------- read
    def info(self, game_id: str, conn: Connection | None = None, *, lock: bool = False) -> GameInfo:
        """The game's row (no snapshot) and seats; :class:`NotFound` if there is none.

        ``lock``: take the row's write lock (``FOR UPDATE``) as it is read, in ``conn``'s transaction."""
        if not isinstance(game_id, str) or not 1 <= len(game_id) <= 40:
            raise NotFound("no such game")
        if conn is None:
            with self.engine.connect() as c:
                return self.info(game_id, c)
        row = conn.execute(_INFO_LOCKED if lock else _INFO, {"id": game_id}).first()
        if row is None:
            raise NotFound(f"no game {game_id!r}")
        info = GameInfo(
            id=row.id,
            ruleset=row.ruleset,
            version=row.version,
            options=json.loads(row.options),
            seed=row.seed,
            salt=row.salt,
            n_moves=row.n_moves,
            to_move=json.loads(row.to_move),
            status=row.status,
            outcome=None if row.outcome is None else json.loads(row.outcome),
            thinking={} if row.thinking is None else json.loads(row.thinking),
        )
        cached = self._seats.get(game_id)  # seats never change once the game is created
        if cached is None:
            cached = {}
            for s in conn.execute(_SEATS, {"id": game_id}):
                cached[s.side] = SeatSpec(s.kind, s.agent, s.agent_seed)
            with self._cache_lock:
                if len(self._seats) > 20_000:
                    self._seats.clear()
                self._seats[game_id] = cached
        info.seats = dict(cached)
        return info

    def seat(self, game_id: str, token: str | None) -> str:
        """The side whose secret ``token`` this is; :class:`Forbidden` for any other token."""
        if not token or not isinstance(token, str) or len(token) > 200:
            raise Forbidden("this needs a seat token (the secret part of a seat link)")
        if not isinstance(game_id, str) or not 1 <= len(game_id) <= 40:
            raise NotFound("no such game")
        digest = hash_token(token)
        rows = self._tokens.get(game_id)  # seats never change once the game is created
        if rows is None:
            with self.engine.connect() as conn:
                rows = conn.execute(_TOKENS, {"id": game_id}).all()
            if rows:
                with self._cache_lock:
                    if len(self._tokens) > 20_000:
                        self._tokens.clear()
                    self._tokens[game_id] = rows
        if not rows:
            raise NotFound(f"no game {game_id!r}")
        found = None
        for row in rows:  # compare with every seat, in constant time each
            if row.token_hash is not None and hmac.compare_digest(row.token_hash, digest):
                found = row.side
        if found is None:
            raise Forbidden("that token is not a seat of this game")
        return str(found)

    def state(self, game_id: str) -> tuple[GameInfo, State]:
        """The game's current state (from the cache, the snapshot or a replay) with its row."""
        with self.engine.connect() as conn:
            info = self.info(game_id, conn)
            cached = self._get(game_id, info.n_moves, info)
            if cached is not None:
                return info, cached
            state = self._load(conn, info)
        self._put(game_id, info.n_moves, state, info)
        return info, state

    def _ruleset(self, ruleset_id: str) -> Game:
        try:
            return registry.load(ruleset_id)
        except MidwayError:
            raise NotFound(f"no ruleset {ruleset_id!r} is installed; installed: {', '.join(registry.ids())}") from None

    def _load(self, conn: Connection, info: GameInfo) -> State:
        try:
            game = registry.load(info.ruleset)
        except MidwayError:
            raise Unavailable(
                f"this game is of ruleset {info.ruleset!r}, which is not installed on this server"
            ) from None
        if game.version != info.version:
            raise Unavailable(
                f"this game was begun under {game.id} rules version {info.version}; this server has version "
                f"{game.version}, which may play it differently, so it is not continued here "
                "(its record can still be downloaded)"
            )
        snap = conn.execute(sa.select(games.c.snapshot, games.c.snapshot_moves).where(games.c.id == info.id)).first()
        if snap is not None and snap.snapshot is not None and 0 <= (snap.snapshot_moves or 0) <= info.n_moves:
            try:
                state: State = pickle.loads(snap.snapshot)
                state.game = game
                if len(state.history) == snap.snapshot_moves:
                    # the snapshot is renewed every SNAPSHOT_EVERY moves: play the moves made since
                    for row in conn.execute(
                        sa.select(moves.c.side, moves.c.option_id)
                        .where(moves.c.game_id == info.id, moves.c.n > snap.snapshot_moves)
                        .order_by(moves.c.n)
                    ):
                        state.apply(row.side, row.option_id)
                    if len(state.history) == info.n_moves:
                        return state
                log.warning("snapshot of game %s does not fit its moves; replaying", info.id)
            except Exception:  # an unreadable snapshot is only a cache: replay instead
                log.warning("snapshot of game %s unreadable; replaying", info.id)
        return replay(self._record(conn, info), game)

    def _record(self, conn: Connection, info: GameInfo) -> Record:
        rows = conn.execute(
            sa.select(moves.c.side, moves.c.option_id).where(moves.c.game_id == info.id).order_by(moves.c.n)
        ).all()
        return Record(
            ruleset=info.ruleset,
            version=info.version,
            options=dict(info.options),
            seed=info.seed,
            moves=[(r.side, r.option_id) for r in rows],
        )

    def record(self, game_id: str, *, require_over: bool = True) -> Record:
        """The game's record: every choice of both sides, so only once the game is over."""
        with self.engine.connect() as conn:
            info = self.info(game_id, conn)
            if require_over and info.status != OVER:
                raise Conflict("the record (every choice of both sides) is shown only once the game is over")
            return self._record(conn, info)

    # ------------------------------------------------------------- the cache
    def _get(self, game_id: str, n_moves: int, info: GameInfo | None = None) -> State | None:
        """The cached state of ``game_id`` if it stands at ``n_moves``; ``info``, the row just read, is kept with it."""
        with self._cache_lock:
            c = self._cache.get(game_id)
            if c is None or c.n_moves != n_moves:
                return None
            if info is not None:
                c.info = info
            self._cache.move_to_end(game_id)
            return c.state

    def _put(self, game_id: str, n_moves: int, state: State, info: GameInfo | None = None) -> None:
        with self._cache_lock:
            self._cache[game_id] = _Cached(n_moves, state, info)
            self._cache.move_to_end(game_id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    def _drop(self, game_id: str) -> None:
        with self._cache_lock:
            self._cache.pop(game_id, None)

    # ------------------------------------------------------------- payloads
    def wire_id(self, info: GameInfo, decision: Decision) -> str:
        """The decision's id as seats see it: opaque, so it counts nobody's hidden steps."""
        mac = hmac.new(info.salt.encode(), f"{decision.side}:{decision.id}".encode(), hashlib.sha256)
        return mac.hexdigest()[:20]

    def seat_payload(self, game_id: str, side: str) -> dict[str, Any]:
        """What ``side``'s seat may see now: its view and its own pending decision."""
        return dict(json.loads(self.seat_json(game_id, side)))

    def seat_json(self, game_id: str, side: str | None, *, at: int | None = None) -> str:
        """:meth:`seat_payload` (``side`` None: :meth:`spectator_payload`) as JSON text, made once per position
        and shared by the HTTP answers and every websocket push of it.

        ``at``: a push told that the game now has ``at`` moves (:meth:`on_change`): if this process has the text
        of that position made, it is sent without asking the database where the game stands. A later move
        makes its own push."""
        if at is not None:
            with self._cache_lock:
                text = self._texts.get((game_id, side or "", at))
            if text is not None:
                return text
        with self.glance.connect() as conn:
            row = conn.execute(_N_MOVES, {"id": game_id}).first() if isinstance(game_id, str) else None
        if row is None:
            raise NotFound(f"no game {game_id!r}")
        with self._cache_lock:
            text = self._texts.get((game_id, side or "", int(row.n_moves)))
        if text is not None:
            return text
        with self._game_lock(game_id):
            info, state = self.state(game_id)
            return self._payload_text(info, state, side)

    def _payload_text(self, info: GameInfo, state: State, side: str | None) -> str:
        """The payload of ``side`` (None: the spectator) as JSON text, remembered for this position.

        The computer's thinking time is *sticky*: it is brought up to date only when the rest of the
        payload changes. A choice the reader cannot see (the other side's blind step of a compound
        order) therefore changes not one byte of what the reader is sent, so no push goes out and
        no HTTP answer differs: the timing of pushes never counts the other side's hidden steps."""
        payload = self._seat_payload(info, state, side) if side is not None else self._spectator_payload(info, state)
        thinking = payload.pop("thinking")
        core = json.dumps(payload, separators=(",", ":"))
        digest = hashlib.sha256(core.encode()).digest()
        key = (info.id, side or "")
        with self._cache_lock:
            before = self._sticky.get(key)
        if before is not None and before[0] == digest:
            text = before[1]
        else:
            text = core[:-1] + ',"thinking":' + json.dumps(thinking, separators=(",", ":")) + "}"
        with self._cache_lock:
            self._sticky[key] = (digest, text)
            self._sticky.move_to_end(key)
            while len(self._sticky) > 4096:
                self._sticky.popitem(last=False)
            self._texts[(info.id, side or "", info.n_moves)] = text
            while len(self._texts) > 4096:
                self._texts.popitem(last=False)
        return text

    def _seat_payload(self, info: GameInfo, state: State, side: str) -> dict[str, Any]:
        decision = state.decision(side)
        dec = None
        if decision is not None:
            dec = decision.to_json()
            dec["id"] = self.wire_id(info, decision)
        view = state.view(side)
        return {
            "game_id": info.id,
            "ruleset": info.ruleset,
            "version": info.version,
            "side": side,
            "seats": {s: spec.kind for s, spec in info.seats.items()},
            "to_move": list(view["to_move"]),  # as this seat sees it, never the true state's
            "over": state.is_over,
            "outcome": None if state.result is None else state.result.to_json(),
            "view": view,
            "decision": dec,
            "record": None,
            "events": None,
            "thinking": _thinking(info),
        }

    def turn(self, game_id: str, side: str) -> dict[str, Any]:
        """Whose turn it is as ``side`` sees it (its view's ``to_move``, never the true state's)."""
        with self._game_lock(game_id):
            info, state = self.state(game_id)
            to_move = list(state.view(side, log_tail=0)["to_move"])
        return {
            "game_id": info.id,
            "ruleset": info.ruleset,
            "side": side,
            "to_move": to_move,
            "my_turn": side in to_move,
            "over": state.is_over,
            "outcome": None if state.result is None else state.result.to_json(),
        }

    def spectator_payload(self, game_id: str) -> dict[str, Any]:
        """The public view during the game; after the end, also the whole record and event log."""
        return dict(json.loads(self.seat_json(game_id, None)))

    def _spectator_payload(self, info: GameInfo, state: State) -> dict[str, Any]:
        view = state.view(None)
        out: dict[str, Any] = {
            "game_id": info.id,
            "ruleset": info.ruleset,
            "version": info.version,
            "side": None,
            "seats": {s: spec.kind for s, spec in info.seats.items()},
            "to_move": list(view["to_move"]),  # the public view's
            "over": state.is_over,
            "outcome": None if state.result is None else state.result.to_json(),
            "view": view,
            "decision": None,
            "record": None,
            "events": None,
            "thinking": _thinking(info),
        }
        if state.is_over:
            out["record"] = state.record().to_json()
            out["events"] = [e.to_json() for e in state.events]
        return out

    # --------------------------------------------------------------- replay
    def frame(self, record: Record, step: int, key: str | None = None) -> dict[str, Any]:
        """Step ``step`` of ``record`` with everything revealed: every side's view and the move that led there.

        Stepping is cheap both ways: states every :data:`REPLAY_EVERY` moves are kept (per ``key``).
        """
        try:
            game = registry.load(record.ruleset)
        except MidwayError:
            raise Unavailable(f"the record is of ruleset {record.ruleset!r}, which is not installed here") from None
        total = len(record.moves)
        if not 0 <= step <= total:
            raise Invalid(f"step {step} is outside this game (0 to {total})")
        marks = self._replays.get(key) if key is not None else None
        if marks is None:
            try:
                marks = {0: start(record, game)}
            except RecordError as exc:
                raise Unavailable(str(exc)) from None
            except (MidwayError, ValueError) as exc:
                raise Invalid(f"the record cannot be played: {exc}") from None
            if key is not None:
                with self._cache_lock:
                    self._replays[key] = marks
                    while len(self._replays) > 32:
                        self._replays.popitem(last=False)
        base = max(n for n in marks if n < step) if step > 0 else 0
        state = marks[base].clone()
        before = len(state.events)
        label = ""
        for i in range(base, step):
            before = len(state.events)
            side, option_id = record.moves[i]
            if i == step - 1:
                decision = state.decision(side)
                chosen = None if decision is None else decision.option(option_id)
                if chosen is None and side in game.sides:  # a standing option (a concession)
                    chosen = next((o for o in state.standing(side) if o.id == option_id), None)
                label = "" if chosen is None else chosen.label
            try:
                state.apply(side, option_id)
            except (MidwayError, ValueError) as exc:
                raise Invalid(f"move {i + 1} of the record ({side} {option_id!r}) cannot be played: {exc}") from None
            if (i + 1) % REPLAY_EVERY == 0 and (i + 1) not in marks:
                marks[i + 1] = state.clone()
        move = None
        if step > 0:
            side, option_id = record.moves[step - 1]
            move = {"n": step, "side": side, "option_id": option_id, "label": label}
        views = {s: state.view(s) for s in game.sides}
        views["spectator"] = state.view(None)
        return {
            "step": step,
            "total": total,
            "move": move,
            "views": views,
            "events": [e.to_json() for e in state.events[before:]] if step > 0 else [],
            "outcome": None if state.result is None else state.result.to_json(),
        }

    def game_frame(self, game_id: str, step: int) -> dict[str, Any]:
        """A step of a finished stored game (the post-game audit)."""
        record = self.record(game_id)
        return self.frame(record, step, key=f"game:{game_id}")

    # --------------------------------------------------------------- submit
    def submit(self, game_id: str, side: str, decision_id: str, option_id: str) -> dict[str, Any]:
        """Apply ``side``'s choice for the decision ``decision_id`` (the wire id of its pending decision, or
        ``"standing"`` for one of its standing options, which it may make whether it has a decision or not);
        commit it; return the seat's new payload."""
        return json.loads(self.submit_json(game_id, side, decision_id, option_id))

    def submit_json(
        self, game_id: str, side: str, decision_id: str, option_id: str, *, thought: float | None = None
    ) -> str:
        """:meth:`submit`, answering the payload as JSON text (the same text the seat's websocket is pushed).

        ``thought``: a computer seat's thinking time for this choice, in seconds (stored with the move)."""
        if not isinstance(option_id, str) or not isinstance(decision_id, str):
            raise Invalid("decision_id and option_id are text")
        with self._game_lock(game_id):
            text, due, info, state = self._submit_locked(game_id, side, decision_id, option_id, thought)
            self._warm(info, state, side)
        self._changed(game_id, due, info.n_moves)
        return text

    def _warm(self, info: GameInfo, state: State, chooser: str) -> None:
        """After a committed choice, make the other human seats' payloads while the state is at hand, so that the
        push each of them gets finds its text made (one query, not a row read, a state fetch and a view).
        Called under the game's lock; a failure here only leaves the push to make the text itself."""
        try:
            for other, spec in info.seats.items():
                if other != chooser and spec.kind != COMPUTER:
                    self._payload_text(info, state, other)
        except Exception:  # the choice is committed and acknowledged whatever happens here
            log.exception("making the other seats' payloads after a choice in %s failed", info.id)

    def _submit_locked(
        self, game_id: str, side: str, decision_id: str, option_id: str, thought: float | None
    ) -> tuple[str, bool, GameInfo, State]:
        """Apply and commit; the seat's new payload text, whether a computer seat must move now, the game's row
        and its new state."""
        if not self.sqlite:
            done = self._submit_held(game_id, side, decision_id, option_id, thought)
            if done is not None:
                return done
        applied = False
        try:
            with self._write() as conn:
                info = self.info(game_id, conn, lock=True)
                state = self._get(game_id, info.n_moves)
                if state is None:
                    state = self._load(conn, info)
                    self._put(game_id, info.n_moves, state)
                if state.is_over:
                    raise Conflict(f"the game is over: {state.result.reason if state.result else ''}")
                answered = self._answered(info, state, side, decision_id)
                if answered is None:
                    decision = state.decision(side)
                    raise Conflict(self._stale_message(conn, info, state, side, decision_id, decision))
                engine_id, public = answered
                try:
                    state.apply(side, option_id, decision_id=engine_id)
                except UnknownOptionError as exc:
                    raise Invalid(exc.reason) from None
                except (StaleDecisionError, GameOverError, IllegalChoiceError) as exc:
                    raise Conflict(exc.reason) from None
                applied = True
                row = self._moved(info, state, side, option_id, decision_id, thought, public=public)
                conn.execute(_INSERT_MOVE, {k: row[k] for k in _MOVE_KEYS} | {"game_id": game_id, "n": row["n_moves"]})
                conn.execute(_UPDATE_AFTER_MOVE, row)
                self._notify(conn, game_id, row["computer_due"], row["n_moves"])
                info.n_moves = n = row["n_moves"]
                text = self._payload_text(info, state, side)
            self._put(game_id, n, state, info)
            return text, row["computer_due"], info, state
        except BaseException:
            if applied:  # the state moved on but the commit did not happen: forget it
                self._drop(game_id)
            raise

    def _answered(self, info: GameInfo, state: State, side: str, decision_id: str) -> tuple[str, bool] | None:
        """The engine's decision id that the seat's wire ``decision_id`` answers, and whether that choice is made in a
        public turn (its thinking time may then be shown, :meth:`_moved`); ``None`` when it answers no decision
        ``side`` has now (stale). A standing option (a concession, ``decision_id`` "standing") answers none."""
        if decision_id == STANDING:
            return STANDING, True
        decision = state.decision(side)
        if decision is None or self.wire_id(info, decision) != decision_id:
            return None
        return decision.id, state.public_turn(decision)

    def _moved(
        self,
        info: GameInfo,
        state: State,
        side: str,
        option_id: str,
        decision_id: str,
        thought: float | None,
        *,
        public: bool = True,
    ) -> dict[str, Any]:
        """The values a choice just applied to ``state`` writes: its ``moves`` row and the game row's new columns
        (a new snapshot every :data:`SNAPSHOT_EVERY` moves and at the end). Records a computer's thinking time
        in ``info`` (shown to every seat) only for a choice made in a public turn: a thinking time that changed
        after a private question would tell the other seats it was asked (HBG-R35, TR-R19)."""
        n = info.n_moves + 1
        if thought is not None and public:
            spec = info.seats.get(side)
            agent = spec.agent if spec is not None else None
            info.thinking = {**info.thinking, side: {"agent": agent, "seconds": round(thought, 3)}}
        snap = n % SNAPSHOT_EVERY == 0 or state.is_over
        return {
            "gid": info.id,
            "n_moves": n,
            "side": side,
            "option_id": option_id,
            "decision_id": decision_id,
            "think_ms": None if thought is None else round(1000 * thought, 1),
            "at": (now := time.time()),
            "updated_at": now,
            "snapshot": _snapshot(state) if snap else None,
            "snapshot_moves": n if snap else None,
            "to_move": _public_to_move(state),
            "status": OVER if state.is_over else PLAYING,
            "outcome": _outcome_json(state),
            "computer_due": _computer_due(state, info.seats),
            "thinking": json.dumps(info.thinking, sort_keys=True) if info.thinking else None,
        }

    def _submit_held(
        self, game_id: str, side: str, decision_id: str, option_id: str, thought: float | None
    ) -> tuple[str, bool, GameInfo, State] | None:
        """PostgreSQL: a choice in a game this process holds (its cached state and row), committed in one statement
        that moves the game row on only if no other process moved it meanwhile (:data:`_PG_COMMIT_MOVE`).

        ``None`` when it cannot be done so: nothing held, a choice the held state refuses (the locked path then
        gives the authoritative answer from the stored game), or another process moved first (the held state is
        dropped). Nothing is written then."""
        with self._cache_lock:
            held = self._cache.get(game_id)
        if held is None or held.info is None or held.n_moves != held.info.n_moves:
            return None
        state = held.state
        info = replace(held.info, thinking=dict(held.info.thinking))
        if state.is_over:
            return None
        answered = self._answered(info, state, side, decision_id)
        if answered is None:
            return None
        engine_id, public = answered
        try:
            state.apply(side, option_id, decision_id=engine_id)
        except IllegalChoiceError:  # the state is as it was
            return None
        try:
            row = self._moved(info, state, side, option_id, decision_id, thought, public=public)
            note = _note(self.process_id, row["computer_due"], row["n_moves"], game_id)
            with self.glance.connect() as conn:  # autocommit: the one statement is the transaction
                committed = conn.execute(_PG_COMMIT_MOVE, row | {"ch": NOTIFY_CHANNEL, "note": note}).first()
        except BaseException:
            self._drop(game_id)  # the held state moved on; whether the commit happened is read again next time
            raise
        if committed is None:
            self._drop(game_id)
            return None
        info.n_moves = row["n_moves"]
        info.to_move = json.loads(row["to_move"])
        info.status = row["status"]
        info.outcome = None if row["outcome"] is None else json.loads(row["outcome"])
        text = self._payload_text(info, state, side)
        self._put(game_id, info.n_moves, state, info)
        return text, row["computer_due"], info, state

    def _stale_message(
        self,
        conn: Connection,
        info: GameInfo,
        state: State,
        side: str,
        decision_id: str,
        decision: Decision | None,
    ) -> str:
        done = conn.execute(
            sa.select(moves.c.n, moves.c.option_id).where(
                moves.c.game_id == info.id, moves.c.side == side, moves.c.decision_id == decision_id
            )
        ).first()
        if done is not None:
            return (
                f"that decision was already answered: your choice {done.option_id!r} was applied; "
                "nothing was changed now (reload to see the game as it is)"
            )
        if decision is None:
            if side in state.view(None).get("sealed", []):
                return "you have already sealed your choice for this step; waiting on the other side"
            shown = state.view(side, log_tail=0)["to_move"]  # as this seat sees it, never the true state's
            waiting = ", ".join(state.game.side_name(s) for s in shown) or "the other side"
            return f"you have no decision to make now (waiting on {waiting}); nothing was changed"
        return (
            "that decision is no longer current (the game has moved on); nothing was changed: reload and choose again"
        )

    def _notify(self, conn: Connection, game_id: str, computer_due: bool, n_moves: int) -> None:
        """PostgreSQL: tell every other process, at commit, that ``game_id`` changed (see :func:`_note`)."""
        if not self.sqlite:
            note = _note(self.process_id, computer_due, n_moves, game_id)
            conn.execute(_NOTIFY, {"ch": NOTIFY_CHANNEL, "note": note})

    # -------------------------------------------------------- computer seats
    def _work(self) -> None:
        while not self._stop.is_set():
            try:
                game_id = self._claim()
            except Exception:
                log.exception("claiming a computer move failed")
                game_id = None
            if game_id is None:
                self._wake.wait(0.5)
                self._wake.clear()
                continue
            try:
                self._play_computer(game_id)
            except ServiceError as exc:
                log.info("computer move in %s not made: %s", game_id, exc.message)
            except Exception:
                log.exception("computer move in %s failed", game_id)

    def _claim(self) -> str | None:
        """Take one game whose computer seat must move (SKIP LOCKED on PostgreSQL), leasing it for a while."""
        now = time.time()
        due = (
            sa.select(games.c.id)
            .where(
                games.c.computer_due.is_(True),
                games.c.status == PLAYING,
                sa.or_(games.c.claimed_until.is_(None), games.c.claimed_until < now),
            )
            .limit(1)
        )
        with self.engine.connect() as conn:
            if conn.execute(due).first() is None:  # the usual case: nothing to do, no write lock taken
                return None
        with self._write() as conn:
            candidate = (
                sa.select(games.c.id)
                .where(
                    games.c.computer_due.is_(True),
                    games.c.status == PLAYING,
                    sa.or_(games.c.claimed_until.is_(None), games.c.claimed_until < now),
                )
                .order_by(games.c.updated_at)
                .limit(1)
                .with_for_update(skip_locked=True)
            )
            row = conn.execute(candidate).first()
            if row is None:
                return None
            conn.execute(games.update().where(games.c.id == row.id).values(claimed_until=now + LEASE_SECONDS))
            return str(row.id)

    def _play_computer(self, game_id: str) -> None:
        """Make every pending computer choice of one game: think outside the lock, submit under it."""
        with self._game_lock(game_id):
            info, state = self.state(game_id)
            tasks = []
            for side, decision in state.pending().items():
                spec = info.seats.get(side)
                if spec is None or spec.kind != COMPUTER or spec.agent is None:
                    continue
                agent = make_agent(spec.agent, _agent_seed(spec.agent_seed, side, decision.id))
                view = state.view(side) if agent.wants_view else {}
                tasks.append((side, decision, agent, view, self.wire_id(info, decision)))
        budget = max((getattr(agent, "max_time", None) or 0 for _, _, agent, _, _ in tasks), default=0)
        if budget * 1.5 + 1 > LEASE_SECONDS:  # a long think: keep the lease so no other process starts over
            with self._write() as conn:
                until = time.time() + budget * 1.5 * len(tasks) + LEASE_SECONDS
                conn.execute(games.update().where(games.c.id == game_id).values(claimed_until=until))
        for side, decision, agent, view, wire in tasks:
            started = time.perf_counter()
            option_id = agent.choose(view, decision)
            thought = time.perf_counter() - started
            with contextlib.suppress(Conflict):  # someone else (another process) made it first
                self.submit_json(game_id, side, wire, option_id, thought=thought)

    def _listen(self) -> None:
        """PostgreSQL: wake on every game change made by any process (LISTEN/NOTIFY)."""
        import psycopg

        dsn = sa.engine.make_url(self.url).set(drivername="postgresql").render_as_string(hide_password=False)
        while not self._stop.is_set():
            try:
                with psycopg.connect(dsn, autocommit=True) as pg:
                    pg.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    while not self._stop.is_set():
                        for note in pg.notifies(timeout=0.5):
                            process, due, n_moves, game_id = note.payload.split(":", 3)
                            if process != self.process_id:  # this process told its own listeners already
                                self._changed(game_id, due == "1", int(n_moves))
            except Exception:
                log.exception("LISTEN connection lost; reconnecting")
                self._stop.wait(1.0)


def _note(process_id: str, computer_due: bool, n_moves: int, game_id: str) -> str:
    """A change's NOTIFY payload: ``<process>:<computer due 0|1>:<moves now>:<game id>`` (ids have no colon)."""
    return f"{process_id}:{int(computer_due)}:{n_moves}:{game_id}"


def _agent_seed(seed: int, side: str, decision_id: str) -> int:
    """The computer's dice for one decision: the same whichever process or thread makes it, and when."""
    return int(hashlib.sha256(f"{seed}:{side}:{decision_id}".encode()).hexdigest()[:13], 16)


def _snapshot(state: State) -> bytes:
    return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)


def _thinking(info: GameInfo) -> dict[str, Any] | None:
    """Each computer side's thinking time for its last choice: ``{side: {"agent": ..., "seconds": ...}}``."""
    return {s: dict(t) for s, t in sorted(info.thinking.items())} or None


def _public_to_move(state: State) -> str:
    """Whose turn it is as the public view has it (stored on the game row for its public summary)."""
    return json.dumps(list(state.view(None, log_tail=0)["to_move"]))


def _outcome_json(state: State) -> str | None:
    return None if state.result is None else json.dumps(state.result.to_json())


def _computer_due(state: State, specs: Mapping[str, SeatSpec]) -> bool:
    return any(specs[s].kind == COMPUTER for s in state.pending() if s in specs)
