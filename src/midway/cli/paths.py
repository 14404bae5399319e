"""Where the command line writes files: checked before any game is played, so none is played for nothing."""

from __future__ import annotations

import os
from pathlib import Path


def file_problem(path: Path) -> str | None:
    """Why a file cannot be written at ``path`` (one line, naming it), or ``None`` if it can."""
    if path.is_dir():
        return f"cannot save to {path}: it is a folder; give a file name"
    if not path.parent.is_dir():
        return f"cannot save to {path}: the folder {path.parent} does not exist"
    if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return f"cannot save to {path}: permission denied"
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
