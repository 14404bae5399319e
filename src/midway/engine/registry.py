"""Finding rulesets: the ``midway.rulesets`` entry-point group.

A third party adds a ruleset by installing a package that declares, in its
``pyproject.toml``::

    [project.entry-points."midway.rulesets"]
    my-ruleset = "my_package:GAME"

where ``GAME`` is a :class:`~midway.engine.game.Game` instance.
"""

from __future__ import annotations

from importlib.metadata import entry_points

from midway.engine.errors import RulesetNotFoundError
from midway.engine.game import Game

GROUP = "midway.rulesets"

_extra: dict[str, Game] = {}


def register(game: Game) -> None:
    """Make ``game`` findable without an entry point (for tests and scripts)."""
    _extra[game.id] = game


def ids() -> list[str]:
    """The ids of the installed rulesets, sorted."""
    return sorted({ep.name for ep in entry_points(group=GROUP)} | set(_extra))


def installed() -> list[str]:
    """The ids of the rulesets installed as packages (entry points), sorted: :func:`ids` less those a test or
    script registered."""
    return sorted({ep.name for ep in entry_points(group=GROUP)})


def load(ruleset_id: str) -> Game:
    """The installed ruleset ``ruleset_id``."""
    if ruleset_id in _extra:
        return _extra[ruleset_id]
    for ep in entry_points(group=GROUP):
        if ep.name == ruleset_id:
            game = ep.load()
            if not isinstance(game, Game):
                raise RulesetNotFoundError(f"entry point {ruleset_id!r} does not name a Game")
            return game
    raise RulesetNotFoundError(f"no ruleset {ruleset_id!r} is installed; installed: {', '.join(ids())}")


def available() -> dict[str, Game]:
    """Every installed ruleset, by id."""
    return {rid: load(rid) for rid in ids()}
