"""Game records: the ruleset, its version, the options, the seed and every choice.

A record is JSON. Replaying it reproduces every state and event exactly. A
record made by another version of a ruleset is refused, never replayed wrong.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from midway.engine.chance import DiceExhaustedError
from midway.engine.errors import IllegalChoiceError, MidwayError, RecordError
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
        """Read a record, checking every field; :class:`RecordError` names the first that is wrong."""
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        unknown = sorted(set(data) - _FIELDS)
        if unknown:
            raise RecordError(f"a record has no field {unknown[0]!r}")
        for name in ("format", "ruleset", "version", "options", "seed", "moves"):
            if name not in data:
                raise RecordError(f"a record needs the field {name!r}")
        if not _is_int(data["format"]) or data["format"] != RECORD_FORMAT:
            raise RecordError(f"unknown record format {data['format']!r} (expected {RECORD_FORMAT})")
        ruleset, version, options = data["ruleset"], data["version"], data["options"]
        if not isinstance(ruleset, str) or not ruleset:
            raise RecordError("'ruleset' is a ruleset id (text)")
        if not isinstance(version, str) or not version:
            raise RecordError("'version' is a rules version (text)")
        if not isinstance(options, dict) or not all(
            isinstance(k, str) and isinstance(v, (str, int, float, bool)) for k, v in options.items()
        ):
            raise RecordError("'options' maps option names to plain values (text, numbers, true/false)")
        seed = data["seed"]
        if not _is_int(seed) or seed < 0:
            raise RecordError("'seed' is a whole number, 0 or more")
        moves = data["moves"]
        if not isinstance(moves, list) or not all(
            isinstance(m, list) and len(m) == 2 and all(isinstance(x, str) for x in m) for m in moves
        ):
            raise RecordError("'moves' is a list of [side, option id] pairs of text")
        forced = data.get("forced_rolls")
        if forced is not None and (not isinstance(forced, list) or not all(_is_int(r) and r >= 1 for r in forced)):
            raise RecordError("'forced_rolls' is a list of die results (whole numbers, 1 or more)")
        strict = data.get("strict_dice", False)
        if not isinstance(strict, bool):
            raise RecordError("'strict_dice' is true or false")
        raw_marks = data.get("checkpoints", {})
        if not isinstance(raw_marks, dict):
            raise RecordError("'checkpoints' maps move counts to state digests")
        checkpoints: dict[int, str] = {}
        for key, value in raw_marks.items():
            count_ok = isinstance(key, str) and _COUNT.fullmatch(key)
            if not (count_ok and isinstance(value, str) and _DIGEST.fullmatch(value)):
                raise RecordError(f"checkpoint {key!r}: {value!r} is not a move count and a 16-digit hex digest")
            checkpoints[int(key)] = value
        return cls(
            ruleset=ruleset,
            version=version,
            options=dict(options),
            seed=seed,
            moves=[(m[0], m[1]) for m in moves],
            forced_rolls=None if forced is None else list(forced),
            strict_dice=strict,
            checkpoints=checkpoints,
        )

    @classmethod
    def loads(cls, text: str | bytes) -> Record:
        """A record from JSON text; :class:`RecordError` for anything malformed."""
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError(f"a record is at most {MAX_RECORD_BYTES} bytes")
        try:
            data = json.loads(text, object_pairs_hook=_no_duplicates)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not JSON: {exc}") from None
        except UnicodeDecodeError:
            raise RecordError("not UTF-8 text") from None
        except RecursionError:
            raise RecordError("not a record: JSON nested too deeply") from None
        except ValueError as exc:  # a number of more than 4300 digits (int's limit), for one
            raise RecordError(f"not a record: {exc}") from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """A record from a file; :class:`RecordError` for anything malformed, :class:`OSError` if unreadable."""
        with Path(path).open("rb") as file:
            text = file.read(MAX_RECORD_BYTES + 1)  # an endless file (/dev/zero) is never read whole
        return cls.loads(text)


_FIELDS = frozenset(
    {"format", "ruleset", "version", "options", "seed", "moves", "forced_rolls", "strict_dice", "checkpoints"}
)
_DIGEST = re.compile(r"[0-9a-f]{16}")
_COUNT = re.compile(r"[0-9]{1,12}")
"""A checkpoint's move count: ASCII digits only (``str.isdigit`` also takes '²', which ``int`` refuses)."""
MAX_RECORD_BYTES = 64 * 1024 * 1024
"""The largest record file read (a long game is well under a megabyte)."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused if a key appears twice (two readers could take different values)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise RecordError(f"the key {key!r} appears twice in one object")
            seen.add(key)
    return out


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def start(record: Record, game: Game) -> State:
    """The record's starting position (no moves applied), after checking its version."""
    if record.ruleset != game.id:
        raise RecordError(f"the record is of ruleset {record.ruleset!r}, not {game.id!r}")
    if record.version != game.version:
        raise RecordError(
            f"the record was made by {game.id} rules version {record.version}; "
            f"this is version {game.version}, which may play it differently, so it is not replayed"
        )
    try:
        return game.new(
            record.seed,
            record.options,
            forced_rolls=record.forced_rolls,
            strict_dice=record.strict_dice,
        )
    except (DiceExhaustedError, ValueError) as exc:
        if record.forced_rolls is None or (isinstance(exc, MidwayError) and not isinstance(exc, DiceExhaustedError)):
            raise
        raise RecordError(f"the record's forced rolls do not fit the game: {exc}") from None


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
        except (DiceExhaustedError, ValueError) as exc:  # a forced roll that does not fit the die rolled
            if record.forced_rolls is None:
                raise
            raise RecordError(
                f"move {i + 1} ({side} {option_id!r}): the record's forced rolls do not fit: {exc}"
            ) from None
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


class Checkpointer:
    """State digests taken as a game is played, so its record can be saved with checkpoints without a replay.

    Call :meth:`after_move` after every choice; :meth:`record` is the game's
    record with a digest every ``every`` moves and one at its end.
    """

    def __init__(self, every: int = 25, marks: dict[int, str] | None = None) -> None:
        self.every = every
        self.marks: dict[int, str] = dict(marks or {})

    def after_move(self, state: State) -> None:
        n = len(state.history)
        if n % self.every == 0 and n not in self.marks:
            self.marks[n] = digest(state)

    def record(self, state: State) -> Record:
        record = state.record()
        n = len(record.moves)
        record.checkpoints = {k: v for k, v in sorted(self.marks.items()) if k < n}
        record.checkpoints[n] = digest(state)
        return record


def verify(record: Record, game: Game, *, each: Callable[[int, State], None] | None = None) -> State:
    """Replay ``record``, failing at the first checkpoint whose state differs.

    Every checkpoint is checked: one past the record's last move (a truncated
    record) fails, and so does a record with checkpoints but none at its end.
    Raises :class:`RecordError` naming the move after which play diverged.
    """
    last = len(record.moves)
    if record.checkpoints:
        beyond = [n for n in record.checkpoints if n > last]
        if beyond:
            raise RecordError(
                f"the record is truncated: it has a checkpoint after move {max(beyond)} but only {last} moves"
            )
        if last not in record.checkpoints:
            raise RecordError(f"the record has no checkpoint at its end (move {last}): it cannot be verified whole")
    previous = 0

    def compare(n: int, state: State) -> None:
        nonlocal previous
        expected = record.checkpoints.get(n)
        if expected is None:
            return
        found = digest(state)
        if found != expected:
            where = "at the start" if n == 0 else f"between move {previous} and move {n}"
            raise RecordError(f"replay diverged from the record {where} (state digest {found} != recorded {expected})")
        previous = n

    def check(i: int, state: State) -> None:
        if each is not None:
            each(i, state)
        compare(i + 1, state)

    if 0 in record.checkpoints:
        compare(0, start(record, game))
    return replay(record, game, each=check)
