"""Running arena games on a Ray cluster (Ray's own scheduler): ``midway arena --cluster ADDRESS``.

Needs the ``cluster`` extra (``pip install midway[cluster]``). Each game is one Ray task running
:func:`midway.ai.arena.play_task`; a game's result depends only on its task (seeds included), so the
results equal a local run's for the same seeds.

``"local"`` starts a Ray instance on this machine without its dashboard and with Ray's usage
statistics off (``RAY_USAGE_STATS_ENABLED=0`` unless set otherwise), and shuts it down after the
games; if this process already joined a Ray instance (``ray.init`` before, as the tests do), the
games run there and it is left running. Any other address is an existing cluster
(``ray://host:10001`` or ``host:6379``; ``auto`` finds the one this machine belongs to).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from midway.ai.arena import Task, play_task


def run_on_ray(tasks: Sequence[Task], address: str) -> list[dict[str, Any]]:
    """Play ``tasks`` on the Ray cluster at ``address`` (``"local"``: start one on this machine)."""
    try:
        import ray
    except ImportError:  # pragma: no cover - depends on the extra
        raise RuntimeError("--cluster needs Ray: pip install 'midway[cluster]'") from None
    started = False
    if address == "local":
        if not ray.is_initialized():
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
            ray.init(include_dashboard=False)
            started = True
    else:
        ray.init(address=address, ignore_reinit_error=True)
    try:
        remote = ray.remote(play_task)
        return list(ray.get([remote.remote(task) for task in tasks]))
    finally:
        if started:
            ray.shutdown()
