"""Game records: the ruleset, its version, the options, the seed and every choice.

A record is JSON. Replaying it reproduces every state and event exactly. A
record made by another version of a ruleset is refused, never replayed wrong.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from midway.engine.errors import IllegalChoiceError, RecordError
from midway.engine.game import Game, State

RECORD_FORMAT = 1


@dataclass
class Record:
    """Everything needed to replay a game."""

    ruleset: str
    version: str
    options: dict[str, Any]
    seed: int
    moves: list[tuple[str, str]] = field(default_factory=list)
    """Every choice in the order it was made: (side, option id)."""
    forced_rolls: list[int] | None = None
    strict_dice: bool = False
    checkpoints: dict[int, str] = field(default_factory=dict)
    """Digests of the state after some moves (move count -> sha256), for verification."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "ruleset": self.ruleset,
            "version": self.version,
            "options": dict(self.options),
            "seed": self.seed,
            "moves": [[s, o] for s, o in self.moves],
        }
        if self.forced_rolls is not None:
            out["forced_rolls"] = list(self.forced_rolls)
            out["strict_dice"] = self.strict_dice
        if self.checkpoints:
            out["checkpoints"] = {str(k): v for k, v in sorted(self.checkpoints.items())}
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> None:
        """Write the record to ``path`` (atomically: a crash leaves the old file)."""
        target = Path(path)
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_text(self.dumps())
        tmp.replace(target)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Read a record, checking its form."""
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(f"unknown record format {data.get('format')!r} (expected {RECORD_FORMAT})")
        try:
            moves = data["moves"]
            if not all(isinstance(m, list) and len(m) == 2 and all(isinstance(x, str) for x in m) for m in moves):
                raise RecordError("each move is a [side, option id] pair of strings")
            seed = data["seed"]
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise RecordError("the seed is a whole number")
            return cls(
                ruleset=str(data["ruleset"]),
                version=str(data["version"]),
                options=dict(data["options"]),
                seed=seed,
                moves=[(m[0], m[1]) for m in moves],
                forced_rolls=data.get("forced_rolls"),
                strict_dice=bool(data.get("strict_dice", False)),
                checkpoints={int(k): str(v) for k, v in dict(data.get("checkpoints", {})).items()},
            )
        except KeyError as exc:
            raise RecordError(f"a record needs the field {exc.args[0]!r}") from None
        except (TypeError, ValueError) as exc:
            raise RecordError(f"malformed record: {exc}") from None

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as exc:
            raise RecordError(f"not JSON: {exc}") from None

    @classmethod
    def load(cls, path: str | Path) -> Record:
        return cls.loads(Path(path).read_text())


def start(record: Record, game: Game) -> State:
    """The record's starting position (no moves applied), after checking its version."""
    if record.ruleset != game.id:
        raise RecordError(f"the record is of ruleset {record.ruleset!r}, not {game.id!r}")
    if record.version != game.version:
        raise RecordError(
            f"the record was made by {game.id} rules version {record.version}; "
            f"this is version {game.version}, which may play it differently, so it is not replayed"
        )
    return game.new(
        record.seed,
        record.options,
        forced_rolls=record.forced_rolls,
        strict_dice=record.strict_dice,
    )


def replay(
    record: Record,
    game: Game,
    *,
    until: int | None = None,
    each: Callable[[int, State], None] | None = None,
) -> State:
    """The state after the record's first ``until`` moves (all by default).

    ``each(i, state)`` is called after each move. A move the rules refuse
    raises :class:`RecordError` saying which move and why.
    """
    state = start(record, game)
    moves = record.moves if until is None else record.moves[:until]
    for i, (side, option_id) in enumerate(moves):
        try:
            state.apply(side, option_id)
        except IllegalChoiceError as exc:
            raise RecordError(f"move {i + 1} ({side} {option_id!r}) is illegal: {exc}") from None
        if each is not None:
            each(i, state)
    return state


def digest(state: State) -> str:
    """A short fingerprint of the whole state (secrets and events included)."""
    return hashlib.sha256(state.to_bytes()).hexdigest()[:16]


def with_checkpoints(record: Record, game: Game, *, every: int = 25) -> Record:
    """``record`` with state digests after every ``every`` moves and at its end.

    A later :func:`verify` replays the record and compares, so a change in the
    rules that alters play is caught at the first checkpoint it passes.
    """
    marks: dict[int, str] = {}
    last = len(record.moves)

    def check(i: int, state: State) -> None:
        if (i + 1) % every == 0:
            marks[i + 1] = digest(state)

    state = replay(record, game, each=check)
    marks[last] = digest(state)  # the end, and the start of a record with no moves
    record.checkpoints = marks
    return record


def verify(record: Record, game: Game, *, each: Callable[[int, State], None] | None = None) -> State:
    """Replay ``record``, failing at the first checkpoint whose state differs.

    Raises :class:`RecordError` naming the move after which play diverged.
    """
    previous = 0

    def check(i: int, state: State) -> None:
        nonlocal previous
        n = i + 1
        if each is not None:
            each(i, state)
        expected = record.checkpoints.get(n)
        if expected is None:
            return
        if digest(state) != expected:
            raise RecordError(
                f"replay diverged from the record between move {previous} and move {n} "
                f"(state digest {digest(state)} != recorded {expected})"
            )
        previous = n

    state = replay(record, game, each=check)
    if 0 in record.checkpoints and not record.moves and digest(state) != record.checkpoints[0]:
        raise RecordError("replay diverged from the record at the start")
    return state
