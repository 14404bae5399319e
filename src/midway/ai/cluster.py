"""Running arena games on a Ray cluster (Ray's own scheduler): ``midway arena --cluster ADDRESS``.

Needs the ``cluster`` extra (``pip install midway[cluster]``). Each game is one Ray task running
:func:`midway.ai.arena.play_task`; a game's result depends only on its task (seeds included), so the
results equal a local run's for the same seeds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from midway.ai.arena import Task, play_task


def run_on_ray(tasks: Sequence[Task], address: str) -> list[dict[str, Any]]:
    """Play ``tasks`` on the Ray cluster at ``address`` (``"local"``: start one on this machine)."""
    try:
        import ray
    except ImportError:  # pragma: no cover - depends on the extra
        raise RuntimeError("--cluster needs Ray: pip install 'midway[cluster]'") from None
    ray.init(address=None if address == "local" else address, ignore_reinit_error=True)
    remote = ray.remote(play_task)
    return list(ray.get([remote.remote(task) for task in tasks]))
