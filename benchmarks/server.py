"""Benchmark of ``midway serve``: concurrent human games over HTTP, with websocket pushes.

Starts a real server process per database (SQLite in a temporary file; PostgreSQL in a database of its
own, created and dropped), then for each number of concurrent games plays every game by HTTP (both seats
human, each choice a POST), with a websocket open per seat receiving the pushes. Reports choices per
second, the p50/p99 latency of a choice, pushes received, and the server's memory per live game.
The server runs pinned to one core and the players (this process) to the others, PostgreSQL
wherever the system puts it (``--no-pin``: all share every core). All games are created and their
sockets connected first (*set-up s*: how long that took, all games at once); the clock of the
choices starts when every game is ready, so the latencies are those of play.

    .venv/bin/python benchmarks/server.py                      # 10 and 100 games, SQLite and PostgreSQL
    .venv/bin/python benchmarks/server.py --games 10 --db sqlite --choices 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

USE_WS = os.environ.get("MIDWAY_BENCH_WS", "1") == "1"
PIN = True
"""Pin the server process to one core and this load generator to the others (``--no-pin``: let them
share), so that on a small machine the players' own work does not stall the server it measures."""
PG_ADMIN = os.environ.get("MIDWAY_BENCH_PG", "postgresql://postgres@127.0.0.1:5432/test")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Conn:
    """One keep-alive HTTP/1.1 connection per player: a minimal client, so the measure is the server's and the
    network's, not a client library's pool (httpx's async pool queues badly at a hundred connections)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: dict | None = None, token: str | None = None):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token:
            head += f"X-Seat-Token: {token}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        await self.writer.drain()
        status = int((await self.reader.readline()).split()[1])
        headers = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            key, _, value = line.decode().partition(":")
            headers[key.strip().lower()] = value.strip()
        payload = await self.reader.readexactly(int(headers.get("content-length", "0")))
        return status, headers, json.loads(payload) if payload else None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


class Serve:
    def __init__(self, url: str) -> None:
        self.url = url
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Serve:
        env = dict(os.environ, MIDWAY_DATABASE_URL=self.url)
        code = "from midway.cli.main import app; app()"
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code, "serve", "--port", str(self.port)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if PIN and hasattr(os, "sched_setaffinity") and len(os.sched_getaffinity(0)) > 1:
            cores = sorted(os.sched_getaffinity(0))
            os.sched_setaffinity(self.proc.pid, {cores[-1]})  # the server on one core, the players on another
            os.sched_setaffinity(0, set(cores[:-1]))
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                if httpx.get(self.base + "/api/rulesets", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


async def play_game(
    port: int,
    ruleset: str,
    options: dict,
    choices: int,
    latencies: list[float],
    pushes: list[int],
    think: float,
    server_side: list[float],
    ready: list[float],
    go: asyncio.Event,
) -> None:
    http = Conn(port)
    begun = time.perf_counter()
    body = {"ruleset": ruleset, "options": options, "seats": {"usn": {"kind": "human"}, "ijn": {"kind": "human"}}}
    _, _, created = await http.request("POST", "/api/games", body)
    gid = created["game_id"]
    tokens = {side: seat["token"] for side, seat in created["seats"].items()}
    counters = []

    async def listen(side: str) -> None:
        async with connect(f"ws://127.0.0.1:{port}/api/games/{gid}/ws", max_size=None) as ws:
            await ws.send(json.dumps({"token": tokens[side]}))
            index = len(counters)
            counters.append(0)
            async for _ in ws:
                counters[index] += 1

    async def seat(side: str) -> dict:
        return (await http.request("GET", f"/api/games/{gid}/seat", token=tokens[side]))[2]

    listeners = [asyncio.create_task(listen(side)) for side in tokens] if USE_WS else []
    payloads = {side: await seat(side) for side in tokens}
    while USE_WS and len(counters) < len(tokens):  # both sockets accepted before play starts
        await asyncio.sleep(0.01)
    ready.append(time.perf_counter() - begun)
    await go.wait()  # set-up (creation, sockets, first views) is timed apart from the choices
    made = 0
    if think:
        await asyncio.sleep(random.uniform(0, think))  # players do not all start at the same instant
    while made < choices:
        side = next((s for s in tokens if payloads[s]["decision"]), None)
        if side is None:
            if any(p["over"] for p in payloads.values()):
                break
            payloads = {s: await seat(s) for s in tokens}
            continue
        decision = payloads[side]["decision"]
        option = decision["options"][made % len(decision["options"])]["id"]
        start = time.perf_counter()
        status, headers, answer = await http.request(
            "POST", f"/api/games/{gid}/choices", {"decision_id": decision["id"], "option_id": option}, tokens[side]
        )
        latencies.append(time.perf_counter() - start)
        if status != 200:
            raise RuntimeError(f"choice refused: {status} {answer}")
        timing = headers.get("server-timing", "")
        if timing.startswith("app;dur="):
            server_side.append(float(timing[8:]) / 1000)
        payloads[side] = answer
        made += 1
        if think:
            await asyncio.sleep(random.uniform(0.5 * think, 1.5 * think))  # a person reads and chooses
        if payloads[side]["decision"] is None:
            other = next(s for s in tokens if s != side)
            payloads[other] = await seat(other)
    await asyncio.sleep(0.2)
    for task in listeners:
        task.cancel()
    http.close()
    pushes.append(sum(counters))


async def run(port: int, games: int, ruleset: str, options: dict, choices: int, think: float) -> dict:
    latencies: list[float] = []
    server_side: list[float] = []
    pushes: list[int] = []
    ready: list[float] = []
    go = asyncio.Event()
    setup = time.perf_counter()
    tasks = [
        asyncio.create_task(
            play_game(port, ruleset, options, choices, latencies, pushes, think, server_side, ready, go)
        )
        for _ in range(games)
    ]
    while len(ready) < games:
        await asyncio.sleep(0.01)
        for task in tasks:
            if task.done() and task.exception() is not None:
                raise task.exception()  # type: ignore[misc]
    setup = time.perf_counter() - setup
    start = time.perf_counter()
    go.set()
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - start
    ordered = sorted(latencies)
    inside = sorted(server_side) or [0.0]
    return {
        "server_p50_ms": 1000 * statistics.median(inside),
        "server_p99_ms": 1000 * inside[min(len(inside) - 1, int(0.99 * len(inside)))],
        "choices": len(latencies),
        "per_s": len(latencies) / elapsed,
        "p50_ms": 1000 * statistics.median(ordered),
        "p99_ms": 1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))],
        "pushes": sum(pushes),
        "setup_s": setup,
    }


def measure(
    name: str, url: str, counts: list[int], ruleset: str, options: dict, choices: int, think: float
) -> list[str]:
    rows = []
    with Serve(url) as server:
        assert server.proc is not None
        idle = rss_kib(server.proc.pid)
        for games in counts:
            result = asyncio.run(run(server.port, games, ruleset, options, choices, think))
            grown = rss_kib(server.proc.pid) - idle
            rows.append(
                f"| {name} | {games} | {think:g} | {result['choices']} | {result['per_s']:.0f} | "
                f"{result['p50_ms']:.1f} | {result['p99_ms']:.1f} | {result['server_p50_ms']:.1f} | "
                f"{result['server_p99_ms']:.1f} | {result['pushes']} | {grown / max(1, games):.0f} | "
                f"{result['setup_s']:.1f} |"
            )
            print(rows[-1], flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="*", default=[10, 100])
    parser.add_argument("--db", choices=["sqlite", "postgresql"], nargs="*", default=["sqlite", "postgresql"])
    parser.add_argument("--ruleset", default="warpspawn")
    parser.add_argument("--choices", type=int, default=40, help="choices per game")
    parser.add_argument(
        "--think", type=float, default=1.0, help="mean seconds a player takes per choice (0: as fast as possible)"
    )
    parser.add_argument("--no-pin", action="store_true", help="do not pin the server and the players to separate cores")
    args = parser.parse_args()
    global PIN
    PIN = not args.no_pin
    options: dict = {}
    print(f"ruleset {args.ruleset}, {args.choices} choices per game, both seats human, a websocket per seat")
    print(
        "| database | games | think s | choices | choices/s | p50 ms | p99 ms | server p50 ms | server p99 ms "
        "| pushes | KiB per game | set-up s |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for db in args.db:
        if db == "sqlite":
            with tempfile.TemporaryDirectory() as where:
                url = f"sqlite:///{where}/bench.sqlite3"
                measure("SQLite", url, args.games, args.ruleset, options, args.choices, args.think)
        else:
            import psycopg

            name = f"midway_bench_{secrets.token_hex(4)}"
            with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
                admin.execute(f'CREATE DATABASE "{name}"')
                try:
                    base = PG_ADMIN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1)
                    measure("PostgreSQL", f"{base}/{name}", args.games, args.ruleset, options, args.choices, args.think)
                finally:
                    admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
