"""What the commands share: the console, the one-line error, and the checks made before any game is played (counts
and where files are written), so that none is played for nothing."""

from __future__ import annotations

import os
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape

console = Console(emoji=False, highlight=False)
"""Game text is printed literally: ids like ``search:new:fleet`` never become emoji (render.py wraps it in Text)."""
errors = Console(stderr=True, emoji=False, highlight=False)
"""Where error lines go: standard error, so that ``2>/dev/null`` hides them and a table piped on is never mixed
with them."""


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``message`` as one error line (never wrapped) on standard error and return the exit to raise."""
    errors.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    return typer.Exit(code)


MAX_GAMES = 100_000
"""The most games one command plays (``-n``; the arena's per pairing). Every game's task and result is kept in
memory (about a kilobyte each), so a bigger count is refused rather than filling memory: run batches with
different ``--seed`` instead."""
MAX_JOBS = 256
"""The most worker processes (``--jobs``): each is a process started at once."""


def require_counts(n: int, jobs: int) -> None:
    """The game and process counts, refused (one line) unless from 1 to :data:`MAX_GAMES` and :data:`MAX_JOBS`."""
    if n < 1:
        raise fail("-n must be at least 1")
    if n > MAX_GAMES:
        raise fail(f"-n must be at most {MAX_GAMES} (run batches with different --seed for more)")
    if jobs < 1:
        raise fail("--jobs must be at least 1")
    if jobs > MAX_JOBS:
        raise fail(f"--jobs must be at most {MAX_JOBS}")


def require_seed(seed: int | None) -> None:
    """The (first) game's seed, refused (one line) unless a whole number 0 or more, as a record stores it."""
    if seed is not None and seed < 0:
        raise fail(f"--seed must be a whole number, 0 or more, not {seed}")


def file_problem(path: Path, *, atomic: bool = False) -> str | None:
    """Why a file cannot be written at ``path`` (one line, naming it), or ``None`` if it can. ``atomic``: the file
    is saved as records are (:meth:`~midway.engine.records.Record.save`), written first to ``NAME.tmp`` beside it,
    so that name is checked too."""
    try:
        return _file_problem(path, atomic)
    except OSError as exc:  # a name too long for Path.is_dir, say
        return f"cannot save to {path}: {exc.strerror or exc}"


def _file_problem(path: Path, atomic: bool) -> str | None:
    if path.is_dir():
        return f"cannot save to {path}: it is a folder; give a file name"
    if not path.parent.is_dir():
        return f"cannot save to {path}: the folder {path.parent} does not exist"
    try:
        longest = os.pathconf(path.parent, "PC_NAME_MAX")
    except (OSError, ValueError):
        longest = 255
    tmp = path.with_name(path.name + ".tmp")
    if atomic:
        longest -= len(".tmp")  # NAME.tmp must fit too
    if len(os.fsencode(path.name)) > longest:
        return f"cannot save to {path}: the file name is too long (at most {longest} bytes here)"
    if atomic and tmp.is_dir():
        return f"cannot save to {path}: {tmp}, where its save is written first, is a folder"
    if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return f"cannot save to {path}: permission denied"
    if atomic and tmp.exists() and not os.access(tmp, os.W_OK):
        return f"cannot save to {path}: permission denied on {tmp}, where its save is written first"
    return None


def folder_problem(path: Path) -> str | None:
    """Why ``path`` cannot be made (or used) as a folder to write files into, or ``None`` once it exists."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"cannot write into {path}: {exc.strerror or exc}"
    if not os.access(path, os.W_OK):
        return f"cannot write into {path}: permission denied"
    return None
