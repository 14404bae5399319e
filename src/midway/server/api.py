"""The FastAPI app: the HTTP API, the websocket pushes and the browser UI.

A seat proves itself with its secret token (header ``X-Seat-Token``; on the
websocket, the first message). Every refusal is a 4xx with a sentence saying
what is wrong; nothing a client sends can change a game except an accepted
choice.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from midway.engine import MidwayError, Record, registry
from midway.server.models import (
    ChoiceIn,
    ErrorOut,
    Frame,
    GameCreated,
    GameIn,
    GamePayload,
    GameSummary,
    RecordIn,
    RulesetOut,
    RulesetsOut,
    SeatLink,
    Turn,
)
from midway.server.service import (
    COMPUTER,
    GameService,
    Invalid,
    NotFound,
    SeatSpec,
    ServiceError,
    agent_names,
    agents_with_strength,
)

log = logging.getLogger("midway.server")

MAX_BODY = 256 * 1024
"""Largest request body (bytes); a record upload may be up to :data:`MAX_RECORD_BODY`."""
MAX_RECORD_BODY = 4 * 1024 * 1024
WEB = Path(str(resources.files("midway.web")))
ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorOut} for code in (400, 403, 404, 409, 413, 422)}
TokenHeader = Annotated[str | None, Header(alias="X-Seat-Token", max_length=200)]


class BodyLimit:
    """Refuse request bodies over the limit with 413, counting the bytes as they come."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = MAX_RECORD_BODY if scope.get("path") == "/api/replay" else MAX_BODY
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    too_big = int(value) > limit
                except ValueError:
                    too_big = True
                if too_big:
                    await _too_large(send, limit)
                    return
        seen = 0
        refused = False
        started = time.perf_counter()

        async def counting() -> Message:
            nonlocal seen, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    refused = True
                    await _too_large(send, limit)
                    return {"type": "http.disconnect"}
            return message

        async def guarded(message: Message) -> None:
            if refused:  # once refused, whatever the app says is dropped
                return
            if message["type"] == "http.response.start":  # how long the server took, for clients and benchmarks
                took = f"app;dur={1000 * (time.perf_counter() - started):.1f}".encode()
                message = {**message, "headers": [*message.get("headers", []), (b"server-timing", took)]}
            await send(message)

        await self.app(scope, counting, guarded)


async def _too_large(send: Send, limit: int) -> None:
    body = json.dumps({"detail": f"the request body is larger than {limit} bytes"}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


class Hub:
    """Wakes the websockets watching a game when it changes (from any thread, any process)."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.watchers: dict[str, set[asyncio.Event]] = {}
        self.moves: dict[str, int] = {}
        """How many moves each watched game has, as the last change told (a push's hint: see ``seat_json``)."""

    def changed(self, game_id: str, n_moves: int | None = None) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._fire, game_id, n_moves)

    def _fire(self, game_id: str, n_moves: int | None) -> None:
        group = self.watchers.get(game_id)
        if not group:
            return
        if n_moves is not None and n_moves > self.moves.get(game_id, -1):
            self.moves[game_id] = n_moves
        for event in group:
            event.set()

    @contextlib.contextmanager
    def watch(self, game_id: str, event: asyncio.Event) -> Any:
        self.watchers.setdefault(game_id, set()).add(event)
        try:
            yield
        finally:
            group = self.watchers.get(game_id)
            if group is not None:
                group.discard(event)
                if not group:
                    del self.watchers[game_id]
                    self.moves.pop(game_id, None)


def _message(exc: RequestValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "the request"
        parts.append(f"{where}: {err.get('msg', 'invalid')}")
    return "; ".join(parts) or "the request is not valid"


def board_path(ruleset_id: str) -> Path | None:
    """The ruleset's browser renderer, ``web/board.js`` in the package of its entry point, if it has one."""
    try:
        game = registry.load(ruleset_id)
    except MidwayError:
        return None
    package = type(game).__module__.rpartition(".")[0]
    try:
        path = Path(str(resources.files(package))) / "web" / "board.js"
    except (ModuleNotFoundError, TypeError):
        return None
    return path if path.is_file() else None


def create_app(service: GameService, *, run_workers: bool = True) -> FastAPI:
    """The app serving ``service``; with ``run_workers`` its computer seats play in the background."""
    hub = Hub()
    service.on_change(hub.changed)
    strength = agents_with_strength()

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        if run_workers:
            service.start()
        yield
        hub.loop = None

    app = FastAPI(
        title="midway",
        summary="Play the board wargames of the Battle of Midway, every rule enforced.",
        version="1",
        lifespan=lifespan,
        responses=ERRORS,
    )
    app.state.service = service
    app.state.hub = hub
    app.add_middleware(BodyLimit)

    @app.exception_handler(ServiceError)
    async def _service_error(_request: Request, exc: ServiceError) -> JSONResponse:
        return JSONResponse({"detail": exc.message}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _message(exc)}, status_code=422)

    @app.exception_handler(Exception)
    async def _crash(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error", exc_info=exc)
        return JSONResponse({"detail": "internal error: the game was not changed"}, status_code=500)

    # ------------------------------------------------------------- rulesets
    @app.get("/api/rulesets", response_model=RulesetsOut, tags=["rulesets"])
    def list_rulesets() -> RulesetsOut:
        """The installed rulesets with their options (descriptions and defaults), and the computer players."""
        out = []
        for rid in registry.ids():
            try:
                desc = registry.load(rid).describe()
            except Exception:  # a broken third-party ruleset is left out, not a 500
                log.exception("ruleset %s cannot be loaded", rid)
                continue
            board = f"/api/rulesets/{rid}/board.js" if board_path(rid) else None
            out.append(RulesetOut(**desc, board=board))
        return RulesetsOut(rulesets=out, agents=agent_names(), strength=strength)

    @app.get("/api/rulesets/{ruleset_id}/board.js", tags=["rulesets"], response_class=FileResponse)
    def ruleset_board(ruleset_id: str) -> FileResponse:
        """The ruleset's own board renderer (an ES module shipped in its package)."""
        path = board_path(ruleset_id)
        if path is None:
            raise NotFound(f"ruleset {ruleset_id!r} ships no board renderer (the generic one is used)")
        return FileResponse(path, media_type="text/javascript")

    # ----------------------------------------------------------------- games
    @app.post("/api/games", response_model=GameCreated, status_code=201, tags=["games"])
    def create_game(body: GameIn) -> GameCreated:
        """Start a game; answers one secret link per human side, and the spectator link."""
        specs = {
            side: SeatSpec(
                seat.kind, seat.agent if seat.agent is not None or seat.kind != COMPUTER else "random", seat.agent_seed
            )
            for side, seat in body.seats.items()
        }
        created = service.create(body.ruleset, body.options, specs, seed=body.seed)
        return GameCreated(
            game_id=created.game_id,
            seats={
                side: SeatLink(side=side, token=token, link=f"/game/{created.game_id}#seat={token}")
                for side, token in created.tokens.items()
            },
            spectator_link=f"/watch/{created.game_id}",
        )

    @app.get("/api/games/{game_id}", response_model=GameSummary, tags=["games"])
    def game_summary(game_id: str) -> GameSummary:
        """Public facts: the seats, whose turn it is, the outcome."""
        info = service.info(game_id)
        return GameSummary(
            game_id=info.id,
            ruleset=info.ruleset,
            version=info.version,
            seats={s: spec.kind for s, spec in info.seats.items()},
            to_move=info.to_move,
            over=info.status == "over",
            outcome=info.outcome,
        )

    @app.get("/api/games/{game_id}/seat", response_model=GamePayload, response_model_exclude_unset=True, tags=["seats"])
    def seat_view(game_id: str, x_seat_token: TokenHeader = None) -> Response:
        """The seat's view and its pending decision (the token says which seat)."""
        side = service.seat(game_id, x_seat_token)
        return _json(service.seat_json(game_id, side))

    @app.get("/api/games/{game_id}/turn", response_model=Turn, tags=["seats"])
    def seat_turn(game_id: str, x_seat_token: TokenHeader = None) -> dict[str, Any]:
        """Whose turn it is as this seat sees it (the lobby's list of my games)."""
        side = service.seat(game_id, x_seat_token)
        return service.turn(game_id, side)

    @app.post(
        "/api/games/{game_id}/choices", response_model=GamePayload, response_model_exclude_unset=True, tags=["seats"]
    )
    def submit_choice(game_id: str, body: ChoiceIn, x_seat_token: TokenHeader = None) -> Response:
        """Make the seat's choice; committed before the answer. A stale or repeated one gets 409. A standing option
        (``view.standing``: a concession) is posted with the decision id ``"standing"``, the seat's turn or not."""
        side = service.seat(game_id, x_seat_token)
        return _json(service.submit_json(game_id, side, body.decision_id, body.option_id))

    @app.get(
        "/api/games/{game_id}/spectate",
        response_model=GamePayload,
        response_model_exclude_unset=True,
        tags=["spectators"],
    )
    def spectate(game_id: str) -> Response:
        """The public view; once the game is over, the whole record and every event too."""
        return _json(service.seat_json(game_id, None))

    @app.get("/api/games/{game_id}/record", tags=["spectators"])
    def game_record(game_id: str) -> dict[str, Any]:
        """The record of a finished game (a file ``midway replay`` reads)."""
        return service.record(game_id).to_json()

    @app.get("/api/games/{game_id}/replay/{step}", response_model=Frame, tags=["spectators"])
    def game_replay(game_id: str, step: int) -> dict[str, Any]:
        """Step ``step`` of a finished game, everything revealed."""
        return service.game_frame(game_id, step)

    @app.post("/api/replay", response_model=Frame, tags=["spectators"])
    def upload_replay(body: RecordIn) -> dict[str, Any]:
        """Step ``step`` of an uploaded record."""
        raw = body.record.model_dump(exclude_none=True)
        raw["moves"] = [list(m) for m in raw["moves"]]
        if not raw["checkpoints"]:
            del raw["checkpoints"]
        try:
            record = Record.from_json(raw)
        except (MidwayError, ValueError, TypeError) as exc:
            raise Invalid(f"not a midway record: {exc}") from None
        key = "upload:" + json.dumps(raw, sort_keys=True, default=str)
        return service.frame(record, body.step, key=key if len(key) < 4096 else None)

    # ------------------------------------------------------------ websocket
    @app.websocket("/api/games/{game_id}/ws")
    async def push(websocket: WebSocket, game_id: str) -> None:
        """Send the seat's (or spectator's) payload now and whenever the game changes.

        The first message from the client is ``{"token": "..."}`` (a seat) or
        ``{"spectator": true}``.
        """
        await websocket.accept()
        try:
            hello = _hello(await asyncio.wait_for(websocket.receive_text(), timeout=30))
            if not isinstance(hello, dict):
                raise Invalid('the first message is {"token": ...} or {"spectator": true}')
            if hello.get("spectator") is True:
                side = None
                await run_in_threadpool(service.info, game_id)
            else:
                side = await run_in_threadpool(service.seat, game_id, hello.get("token"))
        except ServiceError as exc:
            await _ws_refuse(websocket, exc.message, 4000 + exc.status)
            return
        except (TimeoutError, ValueError, WebSocketDisconnect, KeyError, TypeError, RecursionError):
            await _ws_refuse(websocket, 'the first message is {"token": ...} or {"spectator": true}', 4400)
            return

        def payload(at: int | None = None) -> str:
            return service.seat_json(game_id, side, at=at)

        wake = asyncio.Event()
        with hub.watch(game_id, wake):
            closed = asyncio.create_task(_drain(websocket))
            last = None
            at: int | None = None  # woken by a change: how many moves the game has now, as the change told
            try:
                while True:
                    wake.clear()  # before reading: a change made while it is read wakes the next wait at once
                    try:
                        current = await run_in_threadpool(payload, at)
                    except ServiceError as exc:
                        await _ws_refuse(websocket, exc.message, 4000 + exc.status)
                        return
                    if current != last:  # the same text as the HTTP answer: encoded once
                        await websocket.send_text('{"type":"state","payload":' + current + "}")
                        last = current
                    waiter = asyncio.create_task(wake.wait())
                    done, _ = await asyncio.wait({waiter, closed}, timeout=15, return_when=asyncio.FIRST_COMPLETED)
                    if closed in done:
                        waiter.cancel()
                        return
                    at = hub.moves.get(game_id) if waiter in done else None
                    waiter.cancel()
            except (WebSocketDisconnect, RuntimeError):
                return
            finally:
                closed.cancel()

    # ------------------------------------------------------------- the UI
    def page(name: str) -> Callable[..., Awaitable[FileResponse]]:
        async def serve_page() -> FileResponse:
            return FileResponse(WEB / name, media_type="text/html")

        return serve_page

    app.get("/", include_in_schema=False)(page("index.html"))
    app.get("/game/{game_id}", include_in_schema=False)(page("game.html"))
    app.get("/watch/{game_id}", include_in_schema=False)(page("game.html"))
    app.get("/hotseat/{game_id}", include_in_schema=False)(page("game.html"))
    app.get("/replay", include_in_schema=False)(page("replay.html"))
    app.get("/replay/{game_id}", include_in_schema=False)(page("replay.html"))
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    return app


def _hello(text: str) -> Any:
    """A websocket's first message as JSON; :class:`ValueError` if it is not JSON or repeats a key (as a record file
    may not: ``{"token": "x", "token": "y"}`` is not one token), :class:`RecursionError` if nested too deep."""

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out = dict(pairs)
        if len(out) != len(pairs):
            raise ValueError("a key is repeated")
        return out

    return json.loads(text, object_pairs_hook=unique)


def _json(text: str) -> Response:
    return Response(content=text, media_type="application/json")


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, so a closed connection is noticed."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return


async def _ws_refuse(websocket: WebSocket, message: str, code: int) -> None:
    with contextlib.suppress(RuntimeError, WebSocketDisconnect):
        await websocket.send_json({"type": "error", "detail": message})
        await websocket.close(code=code if 4000 <= code < 5000 else 4400)
