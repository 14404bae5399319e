"""Running arena games on a Ray cluster (Ray's own scheduler): ``midway arena --cluster ADDRESS``.

Needs the ``cluster`` extra (``pip install midway[cluster]``). Each game is one Ray task running
:func:`midway.ai.arena.play_task`; a game's result depends only on its task (seeds included), so the
results equal a local run's for the same seeds.

``"local"`` starts a Ray instance on this machine without its dashboard and with Ray's usage
statistics off (``RAY_USAGE_STATS_ENABLED=0`` unless set otherwise), and shuts it down after the
games; if this process already joined a Ray instance (``ray.init`` before, as the tests do), the
games run there and it is left running. Any other address is an existing cluster
(``ray://host:10001`` or ``host:6379``; ``auto`` finds the one this machine belongs to).

An address is checked before anything is played (:func:`address_problem`), and a cluster's port is tried with a
plain TCP connection (at most :data:`CONNECT_TIMEOUT` seconds) before Ray is asked to join it: ``ray.init`` takes
no connect timeout and retries an unreachable address for minutes, printing warnings. Either failure is a
:class:`ClusterError`, one line. (A port that answers but is not Ray's is left to Ray's own, long, timeouts.)
"""

from __future__ import annotations

import os
import socket
from collections.abc import Sequence
from typing import Any

from midway.ai.arena import Task, play_task

CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a cluster's port to accept a connection before giving up on it."""


class ClusterError(RuntimeError):
    """The cluster cannot be used (a malformed or unreachable address, Ray missing): one line saying why."""


def _host_port(address: str) -> tuple[str, int] | None:
    """The host and port of a cluster address (``HOST:PORT``, ``ray://HOST:PORT``, IPv6 hosts in brackets), or
    ``None`` if it is not one."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not (port.isascii() and port.isdigit() and len(port) <= 5) or not 0 < int(port) < 65536:
        return None
    return host, int(port)


def address_problem(address: str) -> str | None:
    """Why ``address`` is not a cluster address (``local``, ``auto``, ``HOST:PORT``, ``ray://HOST:PORT``), or
    ``None``."""
    if address in ("local", "auto") or _host_port(address) is not None:
        return None
    return f"--cluster takes local, auto, HOST:PORT or ray://HOST:PORT, not {address!r}"


def _reach(address: str, host: str, port: int) -> None:
    """Refuse (:class:`ClusterError`) a cluster whose port does not accept a connection in time."""
    try:
        socket.create_connection((host, port), timeout=CONNECT_TIMEOUT).close()
    except (OSError, UnicodeError) as exc:
        reason = "no answer" if isinstance(exc, TimeoutError) else getattr(exc, "strerror", None) or str(exc)
        raise ClusterError(f"cannot reach the Ray cluster at {address}: {reason}") from None


def run_on_ray(tasks: Sequence[Task], address: str) -> list[dict[str, Any]]:
    """Play ``tasks`` on the Ray cluster at ``address`` (``"local"``: start one on this machine)."""
    problem = address_problem(address)
    if problem is not None:
        raise ClusterError(problem)
    try:
        import ray
    except ImportError:  # pragma: no cover - depends on the extra
        raise ClusterError("--cluster needs Ray: pip install 'midway[cluster]'") from None
    started = False
    try:
        if address == "local":
            if not ray.is_initialized():
                os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
                ray.init(include_dashboard=False)
                started = True
        else:
            where = _host_port(address)
            if where is not None:  # not "auto"
                _reach(address, *where)
            ray.init(address=address, ignore_reinit_error=True)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        if isinstance(exc, ClusterError):
            raise
        reason = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise ClusterError(f"cannot join the Ray cluster at {address}: {reason}") from None
    try:
        remote = ray.remote(play_task)
        return list(ray.get([remote.remote(task) for task in tasks]))
    finally:
        if started:
            ray.shutdown()
