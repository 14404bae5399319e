"""Decisions: what a side must choose now, as a finite list of options.

Every choice point of every ruleset is a :class:`Decision` holding the legal
:class:`Option` s. Compound orders ("launch these squads from this carrier into
that box") are sequences of such decisions, each ending with a ``done`` option,
so an AI can enumerate every choice and a UI can show it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, ItemsView, Iterable, Iterator, KeysView, Mapping, ValuesView
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any

DONE = "done"
"""The conventional id of the option that ends a compound order."""


class FrozenDict(Mapping[str, Any]):
    """A read-only mapping: the data of options and events.

    Not a ``dict`` subclass, so no ``dict`` method (``dict.__setitem__``,
    ``dict.update``, ``dict.clear``) can reach into it: it wraps a private dict
    that nothing hands out. It is hashable, equal to a plain dict with the same
    items, pickles and copies (a copy is itself). JSON encoders do not take it:
    :func:`thaw` gives a fresh plain dict, and the engine's ``to_json`` methods
    use it. Nested lists become tuples and nested dicts FrozenDicts
    (:func:`freeze`), so nothing a caller holds can change what the engine acts on.
    """

    __slots__ = ("_d",)
    _d: dict[str, Any]

    def __new__(cls, data: Mapping[str, Any] | Iterable[tuple[str, Any]] = (), /) -> FrozenDict:
        if type(data) is FrozenDict:
            return data
        self = _new(cls)
        _set_items(self, {**data} if type(data) is dict else dict(data))
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        raise TypeError("option and event data are read-only")

    __delattr__ = __setattr__  # type: ignore[assignment]

    def __getitem__(self, key: str) -> Any:
        return self._d[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self._d.get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self._d

    def __iter__(self) -> Iterator[str]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __bool__(self) -> bool:
        return bool(self._d)

    def keys(self) -> KeysView[str]:
        return self._d.keys()

    def values(self) -> ValuesView[Any]:
        return self._d.values()

    def items(self) -> ItemsView[str, Any]:
        return self._d.items()

    def __eq__(self, other: object) -> bool:
        if type(other) is FrozenDict:
            return self._d == other._d
        if isinstance(other, dict):
            return self._d == other
        if isinstance(other, Mapping):
            return self._d == dict(other.items())
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(frozenset(self._d.items()))

    def __or__(self, other: Mapping[str, Any]) -> dict[str, Any]:
        """A new plain dict: these items updated with ``other``'s."""
        return {**self._d, **other}

    def __ror__(self, other: Mapping[str, Any]) -> dict[str, Any]:
        return {**other, **self._d}

    def __repr__(self) -> str:
        return f"FrozenDict({self._d!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self._d),))

    def __copy__(self) -> FrozenDict:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenDict:
        return self


_new = object.__new__
_new_tuple = tuple.__new__
_set_items = FrozenDict._d.__set__  # type: ignore[attr-defined]


def _frozen(data: Mapping[str, Any]) -> FrozenDict:
    """``data`` as a :class:`FrozenDict` (itself if it is one, else a copy): the cheap path of option data."""
    if type(data) is FrozenDict:
        return data
    fd: FrozenDict = _new(FrozenDict)
    _set_items(fd, {**data})
    return fd


EMPTY = FrozenDict()
"""The empty, shared data of an option or event that has none."""

_SCALARS = (str, int, float, bool, type(None))
_SCALAR_TYPES = frozenset(_SCALARS)


def freeze(value: Any) -> Any:
    """``value`` made immutable: dicts become :class:`FrozenDict`, lists and tuples tuples, sets frozensets."""
    kind = type(value)
    if kind in _SCALAR_TYPES:
        return value
    if kind is list or kind is tuple:
        for v in value:
            if type(v) not in _SCALAR_TYPES:
                return tuple(freeze(v) for v in value)
        return value if kind is tuple else tuple(value)
    if kind is FrozenDict:
        return value
    if isinstance(value, Mapping):
        return FrozenDict({str(k): v if type(v) in _SCALAR_TYPES else freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(freeze(v) for v in value)
    return value


def freeze_data(data: Mapping[str, Any] | None) -> FrozenDict:
    """Option or event data as a :class:`FrozenDict`, built cheaply when every value is a scalar."""
    if not data:
        return EMPTY
    if type(data) is FrozenDict:
        return data
    for v in data.values():
        if type(v) not in _SCALAR_TYPES:
            return _frozen({k: v if type(v) in _SCALAR_TYPES else freeze(v) for k, v in data.items()})
    fd: FrozenDict = _new(FrozenDict)  # _frozen, inlined: events carry data at nearly every decision point
    _set_items(fd, {**data})
    return fd


def thaw(value: Any) -> Any:
    """A fresh, mutable, JSON-ready copy of frozen data (tuples become lists)."""
    kind = type(value)
    if kind in _SCALAR_TYPES:
        return value
    if kind is FrozenDict or isinstance(value, Mapping):
        return {k: v if type(v) in _SCALAR_TYPES else thaw(v) for k, v in value.items()}
    if kind is tuple or kind is list:
        return [v if type(v) in _SCALAR_TYPES else thaw(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((thaw(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [thaw(v) for v in value]
    return value


Label = str | Callable[[], str]
"""An option's label: text, or a function that makes it when someone reads it."""


class Option(tuple[str, "Label", FrozenDict]):
    """One legal choice. Immutable (a tuple: cheap to build, nothing to edit).

    ``id`` is stable: the same choice in the same position always has the same
    id, so records and tests can name it. ``label`` is the choice in words;
    a ruleset may pass a function instead of the text, called only when a
    person, a log or a record reads the label (option generation is the hot
    path of search). ``data`` is structured, read-only information (the box,
    unit or zone the option refers to) for the ruleset and for UIs; its values
    must be immutable (text, numbers, tuples), which the conformance suite checks.
    """

    __slots__ = ()

    def __new__(cls, id: str, label: Label = "", data: Mapping[str, Any] | None = None) -> Option:
        if not data:
            return _new_tuple(cls, (id, label, EMPTY))
        if type(data) is FrozenDict:
            return _new_tuple(cls, (id, label, data))
        fd: FrozenDict = _new(FrozenDict)  # _frozen, inlined: options are built at every decision point
        _set_items(fd, {**data})
        return _new_tuple(cls, (id, label, fd))

    if TYPE_CHECKING:

        @property
        def id(self) -> str: ...

        @property
        def data(self) -> FrozenDict: ...

    else:  # read by C-level getters: an option's id is read at every decision point
        id = property(itemgetter(0), doc="The option's stable id.")
        data = property(itemgetter(2), doc="Structured, read-only information about the choice.")

    @property
    def label(self) -> str:
        label = self[1]
        return label if isinstance(label, str) else label()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Option):
            return NotImplemented
        return self[0] == other[0] and self[2] == other[2] and self.label == other.label

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self[0])

    def __repr__(self) -> str:
        return f"Option({self.id!r}, {self.label!r}{', ' + repr(dict(self[2])) if self[2] else ''})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Option, (self[0], self.label, dict(self[2])))

    def __getnewargs__(self) -> tuple[Any, ...]:
        return (self[0], self.label, dict(self[2]))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self[0], "label": self.label}
        if self[2]:
            out["data"] = thaw(self[2])
        return out


class _DecisionFields:
    """The fields of a :class:`Decision`: a plain slotted record, filled at full speed by
    :func:`_fill_decision` and then made a Decision (whose own ``__setattr__`` refuses every change)."""

    __slots__ = (
        "id",
        "side",
        "prompt",
        "rule",
        "options",
        "simultaneous",
        "kind",
        "blind",
        "_index",
        "_looked",
        "_hint",
    )

    id: str
    side: str
    prompt: str
    rule: str
    options: tuple[Option, ...]
    simultaneous: bool
    kind: str
    blind: tuple[str, ...]
    _index: dict[str, Option] | None
    _looked: bool
    _hint: int
    """Where :meth:`State.apply` looks for the chosen option first (0, or the index :meth:`Decision.pick` was
    given): only a guide, since apply takes the option there only if its id is the one chosen."""


class Decision(_DecisionFields):
    """A choice one side must make now. Immutable.

    ``id`` identifies the decision point: a choice sent for a decision that is
    no longer current is refused. ``rule`` is the section of the rules that asks
    for the choice. ``simultaneous`` decisions are sealed: the engine holds a
    side's choice, unseen by the other side, until every side has chosen.
    ``kind`` is a short machine name for the kind of decision (``"move"``,
    ``"allocate"``...).

    ``blind`` (the sides of a step, or empty) marks one atomic choice of a
    *blind compound order*: in a step shared by the sides listed, each side
    gives its whole order privately, choice after choice until ``done``. Each
    choice takes effect at once, no public event tells of it, and every other
    side's view keeps listing the side as to move until the step closes, so
    nobody learns how many choices another side made or when it finished (see
    docs/architecture.md, "Blind compound orders").
    """

    __slots__ = ()

    def __new__(
        cls,
        id: str,
        side: str,
        prompt: str,
        rule: str,
        options: tuple[Option, ...],
        simultaneous: bool = False,
        kind: str = "",
        blind: tuple[str, ...] = (),
    ) -> Decision:
        return _fill_decision(id, side, prompt, rule, options, simultaneous, kind, blind)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Decision is immutable")

    __delattr__ = __setattr__  # type: ignore[assignment]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return (self.id, self.side, self.prompt, self.rule, self.options, self.simultaneous, self.kind, self.blind) == (
            other.id,
            other.side,
            other.prompt,
            other.rule,
            other.options,
            other.simultaneous,
            other.kind,
            other.blind,
        )

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied by its fields (its own ``__setattr__`` refuses the default rebuild)."""
        args = (self.id, self.side, self.prompt, self.rule, self.options, self.simultaneous, self.kind, self.blind)
        return (Decision, args)

    def __repr__(self) -> str:
        return f"Decision({self.id!r}, {self.side!r}, {self.prompt!r}, {len(self.options)} options)"

    def option(self, option_id: str) -> Option | None:
        """The option with that id, or ``None``.

        ``apply`` looks up one id per decision, so a plain scan is cheapest; a
        long list gets an index on the second lookup (a UI reading it again).
        """
        index = self._index
        if index is not None:
            return index.get(option_id)
        options = self.options
        if len(options) > 64 and self._looked:
            index = {opt[0]: opt for opt in options}
            object.__setattr__(self, "_index", index)
            return index.get(option_id)
        object.__setattr__(self, "_looked", True)
        for opt in options:
            if opt[0] == option_id:
                return opt
        return None

    def pick(self, index: int) -> str:
        """The id of the option at ``index``, for an agent that chose by position: :meth:`State.apply` then
        finds that option at once instead of looking for its id among all the options."""
        option_id: str = self.options[index][0]
        _set_hint(self, index)
        return option_id

    @property
    def option_ids(self) -> tuple[str, ...]:
        return tuple(opt[0] for opt in self.options)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "side": self.side,
            "prompt": self.prompt,
            "rule": self.rule,
            "kind": self.kind,
            "simultaneous": self.simultaneous,
            "blind": list(self.blind),
            "options": [opt.to_json() for opt in self.options],
        }


def _fill_decision(
    id: str,
    side: str,
    prompt: str,
    rule: str,
    options: Iterable[Option],
    simultaneous: bool,
    kind: str,
    blind: Iterable[str],
) -> Decision:
    """A new :class:`Decision` (``Decision(...)`` and :meth:`State.decide` both make it here): its fields
    are set on a plain record, which then becomes a Decision (a decision is built at every decision
    point: plain slot stores are several times cheaper than the slots' setters)."""
    if blind and simultaneous:
        raise ValueError("a decision is either simultaneous (held until all sides chose) or blind, not both")
    decision = _new(_DecisionFields)
    decision.id = id
    decision.side = side
    decision.prompt = prompt
    decision.rule = rule
    decision.options = options if type(options) is tuple else tuple(options)
    decision.simultaneous = simultaneous
    decision.kind = kind
    decision.blind = blind if type(blind) is tuple else tuple(blind)
    decision._index = None
    decision._looked = False
    decision._hint = 0
    decision.__class__ = Decision
    return decision  # type: ignore[return-value]


_set_hint = _DecisionFields._hint.__set__  # type: ignore[attr-defined,misc]


MAX_TURNS = 1000
"""The greatest turn (or round) limit a ruleset's option accepts (:attr:`GameOption.maximum`): far beyond any game
played to its end, and small enough that the turns a game runs without a decision once neither side can choose
any more (terrible-resolve with every plane lost: about 20 µs each) end in bounded time and memory."""


@dataclass(frozen=True, slots=True)
class GameOption:
    """A setting chosen when a game starts (victory mode, game length...).

    ``choices``, when given, lists the accepted values; otherwise a value must
    have the default's type.
    """

    key: str
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None
    rule: str = ""
    """The rule or ruling behind the option."""
    minimum: int | None = 0
    """The least value of a whole-number option without ``choices`` (a count or a length: 0 or more by
    default); ``None``: no bound."""
    maximum: int | None = None
    """The greatest value of a whole-number option without ``choices``; ``None``: no bound. A turn limit has
    one, so that a game whose sides can no longer choose (every turn then runs without a decision) ends
    within one ``apply`` in bounded time and memory."""

    def check(self, value: Any) -> Any:
        """``value`` converted to the option's type, or :class:`ValueError` naming the option
        (``option 'max_turns': not a whole number: 'abc'``).

        A value must be of its choices' (or default's) own type: ``True`` or ``2.0`` is no whole number."""
        try:
            return self._check(value)
        except ValueError as exc:
            raise ValueError(f"option {self.key!r}: {exc}") from None

    def _check(self, value: Any) -> Any:
        if isinstance(value, str) and not isinstance(self.default, str):
            value = _parse_scalar(value, type(self.default))
        if self.choices is not None:
            if not any(type(value) is type(c) and value == c for c in self.choices):
                raise ValueError(f"must be one of {list(self.choices)}, not {value!r}")
            return value
        expected = type(self.default)
        if expected is bool and not isinstance(value, bool):
            raise ValueError(f"must be true or false, not {value!r}")
        if expected is int and type(value) is not int:
            raise ValueError(f"must be a whole number, not {value!r}")
        if expected is int and self.minimum is not None and value < self.minimum:
            raise ValueError(f"must be {self.minimum} or more, not {value!r}")
        if expected is int and self.maximum is not None and value > self.maximum:
            raise ValueError(f"must be {self.maximum} or less, not {value!r}")
        if expected is str and not isinstance(value, str):
            raise ValueError(f"must be text, not {value!r}")
        return value

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "default": self.default, "description": self.description}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.rule:
            out["rule"] = self.rule
        return out


def _parse_scalar(text: str, kind: type) -> Any:
    if kind is bool:
        low = text.strip().lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"not a true/false value: {text!r}")
    if kind is int:
        if _WHOLE.fullmatch(text.strip()) is None:  # ASCII digits only, and few enough for int()
            raise ValueError(f"not a whole number: {text!r}")
        return int(text)
    return text


_WHOLE = re.compile(r"[+-]?[0-9]{1,100}")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winner (``None`` for a draw), why, and the score."""

    winner: str | None
    reason: str
    score: Mapping[str, int] | None = None
    kind: str = ""
    """A short machine name for the kind of victory (``"carriers"``, ``"turn-limit"``...)."""

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def __post_init__(self) -> None:
        if self.score is not None and type(self.score) is not FrozenDict:
            object.__setattr__(self, "score", FrozenDict(self.score))  # handed out: read-only

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "reason": self.reason,
            "score": None if self.score is None else dict(self.score),
            "kind": self.kind,
        }


@dataclass(frozen=True, slots=True)
class TextSection:
    """A titled table a text front end (the command line) can print.

    Rulesets render a view as a list of these, knowing nothing of the terminal.
    """

    title: str
    rows: tuple[tuple[str, ...], ...]
    header: tuple[str, ...] | None = None
