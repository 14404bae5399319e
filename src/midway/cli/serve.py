"""``midway serve``: the web platform (lobby, games, replays) on this machine."""

from __future__ import annotations

import gc
import logging
from pathlib import Path
from typing import Annotated

import typer


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
        typer.echo(f"error: --port must be 0-65535, not {port}", err=True)
        raise typer.Exit(2)
    if workers < 1:
        typer.echo(f"error: --workers must be at least 1, not {workers}", err=True)
        raise typer.Exit(2)
    import uvicorn

    from midway.server.api import create_app
    from midway.server.db import database_url
    from midway.server.service import GameService

    # A server holds many long-lived game states: with the default thresholds the collector's full passes
    # over them stalled choices for hundreds of milliseconds (benchmarks/server.py). Collect less often,
    # and never look again at what was loaded at start-up.
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 50, 1000)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    url = database_url(db)
    try:
        service = GameService(url, workers=workers)
    except Exception as exc:  # an unreachable or unreadable database: one line, no traceback
        typer.echo(f"error: cannot open the game database {url.split('@')[-1]}: {exc}".splitlines()[0], err=True)
        raise typer.Exit(2) from None
    app = create_app(service)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    typer.echo(f"midway: the lobby is at http://{shown}:{port}/  (games kept in {url.split('@')[-1]})", err=False)
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning", ws="websockets-sansio")
    finally:
        service.close()
