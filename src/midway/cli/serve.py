"""``midway serve``: the web platform (lobby, games, replays) on this machine."""

from __future__ import annotations

import gc
import logging
import socket
from pathlib import Path
from typing import Annotated

import typer

from midway.cli.common import fail


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        Path | None,
        typer.Option(help="SQLite file to keep games in (default: MIDWAY_DATABASE_URL, else the user data directory)."),
    ] = None,
    workers: Annotated[int, typer.Option(help="Threads playing computer seats.")] = 2,
) -> None:
    """Serve the lobby in the browser: play against the computer, a friend by link, or hot-seat."""
    if not 0 <= port <= 65535:
        raise fail(f"--port must be 0-65535, not {port}")
    if workers < 1:
        raise fail(f"--workers must be at least 1, not {workers}")
    import uvicorn

    from midway.server.api import create_app
    from midway.server.db import database_url
    from midway.server.service import GameService

    url = database_url(db)
    try:
        service = GameService(url, workers=workers)
    except Exception as exc:  # an unreachable or unreadable database: one line, no traceback
        raise fail(f"cannot open the game database {url.split('@')[-1]}: {exc}".splitlines()[0]) from None
    app = create_app(service)
    try:
        sock = listen_socket(host, port)
    except ValueError as exc:
        service.close()
        raise fail(str(exc)) from None
    port = sock.getsockname()[1]  # the one the system chose for --port 0
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else f"[{host}]" if ":" in host else host
    typer.echo(f"midway: the lobby is at http://{shown}:{port}/  (games kept in {url.split('@')[-1]})", err=False)
    # Only now that the server will run is the process tuned (a refused command leaves it as it was). A server
    # holds many long-lived game states: with the default thresholds the collector's full passes over them
    # stalled choices for hundreds of milliseconds (benchmarks/server.py). Collect less often, and never look
    # again at what was loaded at start-up.
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 50, 1000)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        config = uvicorn.Config(app, host=host, port=port, log_level="warning", ws="websockets-sansio")
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
        service.close()


def listen_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host`` and ``port`` (0: a free port), as uvicorn binds one, so that the lobby's address
    is announced only once it is sure; :class:`ValueError` (one line) if it cannot be bound."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family=family)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except (OSError, UnicodeError, ValueError, OverflowError) as exc:
        sock.close()
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        raise ValueError(f"cannot listen on {host!r} port {port}: {reason}".splitlines()[0]) from None
    sock.set_inheritable(True)
    return sock
