"""A real ``midway serve`` process for the crash, two-process and browser tests."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

START = "from midway.cli.main import app; app()"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``midway serve`` on a free port, with the database at ``url``."""

    def __init__(self, url: str, *, port: int | None = None, log: Path | None = None) -> None:
        self.url = url
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 20) -> Server:
        env = dict(os.environ, MIDWAY_DATABASE_URL=self.url)
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115 - closed with the process
        self.proc = subprocess.Popen(
            [sys.executable, "-c", START, "serve", "--port", str(self.port)], env=env, stdout=out, stderr=out
        )
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"midway serve exited with {self.proc.returncode}")
            with contextlib.suppress(httpx.HTTPError):  # not listening yet
                if httpx.get(self.base + "/api/rulesets", timeout=1).status_code == 200:
                    return self
            time.sleep(0.1)
        raise RuntimeError("midway serve did not start in time")

    def kill(self) -> None:
        """kill -9: no chance to tidy up."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
