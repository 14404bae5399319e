"""The pieces of a game of hbg in play: ships, air groups, bases, transports, the cup.

Everything here is plain data (the engine clones a state by pickling it). Unit values are never
copied into these records: they are read from :mod:`midway.rulesets.hbg.data` by ``unit`` key.

Where pieces are
----------------
A :class:`Ship` is on the map (``zone``) or waiting as a reinforcement (``zone is None``); a Task
Force is simply all of one side's ships in one Sea Zone (Game Terminology: Task Force).

An :class:`Air` record is an Air Group: ``n`` Air Units of one type from one carrier or base
(Game Terminology: Air Group). Its ``at`` says where it is:

``"hangar"``
    below deck on its carrier card, or at its base (Midway units are always ``"hangar"`` when down).
``"deck"``
    spotted on the flight deck for launch this Turn (1.5).
``"landed"``
    landed this Turn, on the deck with its fuel marker, waiting for 5.4 (1.6).
``"air"``
    on the map in Sea Zone ``zone`` (a strike, CAP or patrol mission).
``"lost"``
    destroyed or ditched; kept so losses can be counted and replayed.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Any

from midway.rulesets.hbg.data import HbgData, load

DATA: HbgData = load()
"""The ruleset's tables, loaded once."""

SIDES = ("usn", "ijn")

# Unit-type classes as sets of unit keys, for the hot paths (a set lookup instead of a property).
CARRIER_UNITS = frozenset(k for k, u in DATA.units.items() if u.is_carrier)
FLEET_CARRIER_UNITS = frozenset(k for k, u in DATA.units.items() if u.kind == "carrier")
"""[1.2.2] Fleet Carriers (light carriers are not)."""
CAPITAL_UNITS = frozenset(k for k, u in DATA.units.items() if u.capital)
BOMBER_UNITS = frozenset(k for k, u in DATA.units.items() if u.is_bomber)
FIGHTER_UNITS = frozenset(k for k, u in DATA.units.items() if u.is_fighter)
COMBAT_AIR_UNITS = frozenset(k for k, u in DATA.units.items() if u.is_combat_aircraft)
FUEL_UNITS = frozenset(k for k, u in DATA.units.items() if u.tracks_fuel)
"""[2.1.1] [5.2.2] The Air Units that track fuel (not seaplanes, not heavy bombers): a Strike Group's fuel marker is
the lowest of theirs (HBG-R74, HBG-R96)."""
PATROL_BOMBER_UNITS = frozenset(k for k, u in DATA.units.items() if u.patrol == "patrol_bomber")
SITE_UNITS = frozenset(k for k, u in DATA.units.items() if u.is_carrier or u.floatplanes > 0)
"""Ship types aircraft land on: carriers and floatplane cruisers (HBG-R46)."""
ENEMY = {"usn": "ijn", "ijn": "usn"}
MIDWAY_BASES = ("airfield", "seaplane_base", "aa_guns")


class Changes:
    """The change record of one index of one state (:class:`~midway.rulesets.hbg.game.HbgState`: its ships by
    zone, its Air Groups by place): ``ships`` counts the changes of a ship's Sea Zone, side or sunk flag;
    ``air`` those of an Air Group's side; ``moves`` (by place, ``Air.at``) the Air Groups that entered or left
    a place, or were split or merged there.

    Each piece an index holds points to that index's record (``_log``, bound when the index is built from the
    pieces, or when the state adds a piece to it), so a change bumps only that state's counters: a clone's
    play, a search clone's playouts, or a sampled state never touch another state's record. A piece no index
    has read yet (just copied into a clone, or built outside a state by a sampler) points to no record, or to
    ``LOOSE``; its changes are not counted, and the index built later reads it as it is. An index built again
    makes a new record (pieces left bound to the old one tell nobody)."""

    __slots__ = ("ships", "air", "moves")

    def __init__(self) -> None:
        self.ships = 0
        self.air = 0
        self.moves: dict[str, int] = {}

    def air_moved(self, place: str) -> None:
        """Note that the Air Groups at ``place`` are no longer the same ones (one was split or merged there)."""
        moves = self.moves
        moves[place] = moves.get(place, 0) + 1

    def air_added(self, air: Air) -> None:
        """A new Air Group of the state (added to its ``air``), bound to this record, at its place."""
        _LOG_SET(air, self)
        self.air_moved(air.at)

    def air_removed(self, air: Air) -> None:
        """An Air Group taken out of the state's ``air`` (merged into another): no longer counted here."""
        self.air_moved(air.at)
        _LOG_SET(air, LOOSE)


LOOSE = Changes()
"""The record of pieces built outside any state (a sampler's): counted by nobody."""
_WATCHED = frozenset({"zone", "sunk", "side"})


class _Logged:
    """The slot of a piece's change record (``_log``, see :class:`Changes`): not a dataclass field, so never
    compared, serialized, pickled or copied with the piece."""

    __slots__ = ("_log",)
    _log: Changes


_LOG_SET = _Logged.__dict__["_log"].__set__


@dataclass(slots=True)
class _ShipRecord(_Logged):
    """The fields of a :class:`Ship` (a plain dataclass: built and copied at full speed)."""

    id: str
    side: str
    unit: str
    """Key of its type in units.toml."""
    tf: str
    """The setup Task Force it belongs to (reinforcements enter by Task Force, 1.3)."""
    zone: int | None = None
    """Its Sea Zone; None while it waits as a reinforcement."""
    damage: int = 0
    sunk: bool = False
    located: bool = False
    """[2.2.1] Located (Hidden marker removed): it may be attacked. Hidden otherwise (Setup)."""
    ordered: bool = False
    """[Using A Command Token] ordered (moved) this Turn: a unit may only be ordered once."""
    arrived: int = 0
    """The Turn it entered the map (0: on the map at start). [1.4.1] arrivals must Maneuver."""
    op: str = ""
    """[1.4.1] carriers: this Turn's Op Status, "launch", "recover" or "maneuver" ("" before 1.4)."""


class Ship(_ShipRecord):
    """[Game Terminology: Capital Ship, Surface Ship] One ship: carrier, battleship, cruiser, destroyer.

    Its fields are :class:`_ShipRecord`'s; setting its Sea Zone, side or sunk flag bumps ``ships`` of its
    state's :class:`Changes`, which keeps that state's ship index honest."""

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> Ship:  # built field by field (a sampler's): no state yet
        ship = super().__new__(cls)
        _LOG_SET(ship, LOOSE)
        return ship

    def copy(self) -> Ship:
        """An independent copy (for clones), made at full speed; see :func:`_copier`."""
        raise NotImplementedError  # replaced below by _copier's


def _piece(record: type, cls: type, *args: Any, **kwargs: Any) -> Any:
    """A ``cls`` piece (:class:`Ship` or :class:`Air`) with the fields ``args`` and ``kwargs``, built at full
    speed: as its plain ``record`` (same slots), then made a ``cls``, without the bookkeeping of the watching
    ``__setattr__`` at every field. It points to no change record: its state's index binds it."""
    piece = record(*args, **kwargs)
    piece.__class__ = cls
    return piece


def _copier(record: type, cls: type, fields: Any) -> Any:
    """The ``copy`` method of ``cls`` (:class:`Ship` or :class:`Air`): an independent copy, built as its plain
    ``record`` from the ``fields`` getter's values, then made a ``cls`` (as :func:`_piece`, inlined: a clone
    copies every piece). The copy points to no change record: its state's index binds it when built (a
    split Air Group is bound by :meth:`~midway.rulesets.hbg.game.HbgState.split_air`)."""

    def copy(self: Any) -> Any:
        new = record(*fields(self))
        new.__class__ = cls
        return new

    copy.__doc__ = cls.__dict__["copy"].__doc__
    return copy


def new_ship(*args: Any, **kwargs: Any) -> Ship:
    """A :class:`Ship` (the arguments of its fields) built at full speed, for a state with no ship index yet
    (its index binds it when built)."""
    return _piece(_ShipRecord, Ship, *args, **kwargs)  # type: ignore[no-any-return]


def _watching_setattr(setters: dict[str, Any], watched: frozenset[str]) -> Any:
    """A ``__setattr__`` that sets a field through its slot's own setter (cheaper than ``object.__setattr__``),
    refuses an unknown field, and bumps ``ships`` of the piece's :class:`Changes` when a ``watched`` field
    changes (its state's indexes of ships then know to rebuild)."""

    def __setattr__(self: Any, name: str, value: object) -> None:
        try:
            setters[name](self, value)
        except KeyError:
            raise AttributeError(f"{type(self).__name__} has no field {name!r}") from None
        if name in watched:
            try:  # noqa: SIM105 (contextlib.suppress: a context manager, slower)
                self._log.ships += 1
            except AttributeError:  # a clone's copy no index has read yet: nothing to tell
                pass

    return __setattr__


_SHIP_FIELDS = operator.attrgetter(*_ShipRecord.__slots__)
_SHIP_SET = {name: _ShipRecord.__dict__[name].__set__ for name in _ShipRecord.__slots__}
"""The slot setters of :class:`Ship` (used by ``Ship.__setattr__``)."""
Ship.__setattr__ = _watching_setattr(_SHIP_SET, _WATCHED)  # type: ignore[method-assign]
Ship.copy = _copier(_ShipRecord, Ship, _SHIP_FIELDS)  # type: ignore[method-assign]


@dataclass(slots=True)
class _AirRecord(_Logged):
    """The fields of an :class:`Air` record (a plain dataclass: built and copied at full speed)."""

    id: str
    side: str
    unit: str
    base: str
    """Its carrier's ship id, "airfield", "seaplane_base", or (E13A) its cruiser's ship id."""
    n: int
    """Number of Air Units (chips)."""
    at: str = "hangar"
    """"hangar", "deck", "landed", "air" or "lost" (see the module docstring)."""
    zone: int | None = None
    ordnance: str = ""
    """[5.3] "bomb", "torpedo", "recon" (a bomber on patrol, 2.1.2) or "" (empty)."""
    fuel: int | None = None
    """[Fuel Status markers] Turns of fuel left while airborne; None when not tracked (2.1.1, 5.2.2)."""
    oof: bool = False
    """Out of Fuel: must return to base (5.1) and land (1.6); cannot be ordered (3.1.1)."""
    strike: str = ""
    """[Strike Group] the id of the Strike Group it flies in ("" when not airborne)."""
    mission: str = ""
    """While airborne: "strike", "cap" or "patrol"."""
    shadowing: str = ""
    """[2.2.2] a patrol shadowing a located Task Force: the id of a ship of that Task Force."""
    shadow_rolls: int = 0
    """[2.2.2] shadow rolls made so far (the first is 3 dice, later ones 4; HBG-R68)."""
    ordered: bool = False
    """[Using A Command Token] ordered this Turn."""
    fought: bool = False
    """[5.2.1] placed on a Battle Board this Turn: ordnance removed, out of fuel at Burn Fuel."""
    rearm: bool = False
    """[5.3] moved to the hangar by the last Clear The Decks (5.4): may be rearmed now."""
    launched: int = 0
    """The Turn it last launched (for the record and for the views)."""


class Air(_AirRecord):
    """[Game Terminology: Air Group] Air Units of one type from one carrier or base, together.

    Its fields are :class:`_AirRecord`'s; changing its place (``at``) bumps ``moves`` of its index's
    :class:`Changes` for the place it leaves and the one it enters, setting its side bumps ``air``: that keeps
    that state's indexes of Air Groups by place honest."""

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> Air:  # built field by field (a sampler's): no state yet
        air = super().__new__(cls)
        _LOG_SET(air, LOOSE)
        return air

    def copy(self) -> Air:
        """An independent copy (for clones and splits), made at full speed; see :func:`_copier`."""
        raise NotImplementedError  # replaced below by _copier's


def new_air(*args: Any, **kwargs: Any) -> Air:
    """An :class:`Air` record (the arguments of its fields) built at full speed; the state adds it to its
    ``air``, then tells its Air Group index, if any (:meth:`Changes.air_added`)."""
    return _piece(_AirRecord, Air, *args, **kwargs)  # type: ignore[no-any-return]


_AIR_FIELDS = operator.attrgetter(*_AirRecord.__slots__)
_AIR_SET = {name: _AirRecord.__dict__[name].__set__ for name in _AirRecord.__slots__}
"""The slot setters of an Air Group record, by field (used by :meth:`Air.__setattr__`)."""


def _air_setattr(self: Air, name: str, value: Any) -> None:
    """Set a field through its slot's own setter, refuse an unknown field, and keep its state's
    :class:`Changes` (see :class:`Air`)."""
    try:
        setter = _AIR_SET[name]
    except KeyError:
        raise AttributeError(f"Air has no field {name!r}") from None
    if name == "at":
        try:
            old = self.at
        except AttributeError:  # being built: no place yet (its side, set first, has bumped ``air``)
            old = None
        setter(self, value)
        if old != value:
            try:
                log = self._log
            except AttributeError:  # a clone's copy no index has read yet: nothing to tell
                return
            moves = log.moves
            moves[value] = moves.get(value, 0) + 1
            if old is not None:
                moves[old] = moves.get(old, 0) + 1
        return
    setter(self, value)
    if name == "side":
        try:  # noqa: SIM105 (contextlib.suppress: a context manager, slower)
            self._log.air += 1
        except AttributeError:
            pass


Air.__setattr__ = _air_setattr  # type: ignore[method-assign, assignment]
Air.copy = _copier(_AirRecord, Air, _AIR_FIELDS)  # type: ignore[method-assign]


@dataclass(slots=True)
class Base:
    """[1.4.2] A Midway land unit: the Airfield (Airbase), the Seaplane Base, the AA Guns."""

    id: str
    unit: str
    zone: int
    damage: int = 0
    batteries: int = 0
    """[Game Components] AA Guns only: remaining batteries (5 at start)."""
    tokens_played: int = 0
    """[1.4.2] Command Tokens played on it this Turn."""
    launched: int = 0
    """Air Units launched from it this Turn."""
    landed: int = 0
    """Air Units landed on it this Turn."""


@dataclass(slots=True)
class Transports:
    """[1.3.2.1] A wave of invasion transports (never hidden, no stacking count)."""

    wave: int
    n: int
    zone: int | None = None
    arrived: int = 0
    scored: bool = False


@dataclass(slots=True)
class Cup:
    """[1.2] The Command Tokens: in the cup, set aside for later (Turn 1), and played or passed."""

    tokens: list[str] = field(default_factory=list)
    """Tokens in the cup: "usn", "ijn", "weather", "combat"."""
    later: list[str] = field(default_factory=list)
    """[1.2.1] Turn 1: the tokens added once the first four have been drawn."""
    drawer: str = "ijn"
    """[3.1] the side drawing the tokens this Turn (IJN on Turn 1, then alternating)."""
    drawn: str = ""
    """The token just drawn and not yet resolved."""
    played: list[str] = field(default_factory=list)
    """Tokens drawn this Turn (played, passed or spent on reinforcements)."""


def unit_of(kind_key: str):  # type: ignore[no-untyped-def]
    """The :class:`~midway.rulesets.hbg.data.UnitType` of a unit key."""
    return DATA.units[kind_key]
