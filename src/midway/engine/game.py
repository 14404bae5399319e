"""The :class:`Game` that describes a ruleset and the :class:`State` that plays it.

A ruleset subclasses both. The :class:`State` subclass declares its rules
through four hooks and the engine does the rest (validation, sealed
simultaneous choices, events, views, records, cloning):

``_setup()``
    Build the starting position (rolling dice through :meth:`State.roll` if the
    rules say so) and run forward to the first decision.
``_decisions()``
    The decisions pending now, one per side that must choose, each built with
    :meth:`State.decide`. Several sides at once means a simultaneous step.
``_resolve(choices)``
    Carry out the chosen options (one per side) and run forward, through every
    automatic step, to the next decision or the end (:meth:`State.finish`).
``_view(side)``
    What ``side`` may know, as JSON-ready data (``None``: a spectator).

The engine only ever hands ``_resolve`` options it has checked against
``_decisions()``, so an illegal choice is refused before anything changes.

A ruleset whose run loop has to build the next decisions anyway (to know
where to stop) hands them over with :meth:`State._offer` as the last act of
``_setup`` or ``_resolve``, so they are not built twice.

A ruleset may also offer *standing options*, choices a side may make at any
moment, whether it has a decision or not (conceding): ``_standing(side)``
lists them and ``_resolve_standing(side, option)`` carries one out (see
:meth:`State.apply`).
"""

from __future__ import annotations

import importlib
import json
import pickle
import threading
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from midway.engine.chance import DiceSource, FixedDice, SeededDice, check_seed
from midway.engine.decisions import (
    _SCALAR_TYPES,
    EMPTY,
    Decision,
    FrozenDict,
    GameOption,
    Option,
    Outcome,
    TextSection,
    _DecisionFields,
    _fill_decision,
    _set_items,
    freeze_data,
)
from midway.engine.errors import (
    AlreadySubmittedError,
    GameOverError,
    MalformedChoiceError,
    NotYourTurnError,
    OptionsError,
    StaleDecisionError,
    UnknownOptionError,
)
from midway.engine.events import Event
from midway.engine.jsonify import jsonify

if TYPE_CHECKING:
    from midway.engine.records import Record

ENGINE_RULE = "engine"
"""The ``rule`` of errors that no rule text but the engine's own contract raises."""
STANDING = "standing"
"""The ``decision_id`` that names a standing option (:meth:`State.apply`): it answers no decision."""
_QUIET_EVENT = Event(seq=-1, kind="quiet", text="(not recorded in a search clone)")
_new_event = tuple.__new__
_new_object = object.__new__
_SERIAL_TEXT: list[str] = []
"""``str(n)`` for the decision serials met so far, shared by every game: a decision's id is its serial as text,
and a list look-up is several times cheaper than converting the number at every decision point."""
_SERIAL_LOCK = threading.Lock()


def _serial_text(serial: int) -> str:
    """``str(serial)``, the texts up to it added to :data:`_SERIAL_TEXT` (up to a bound: games are short)."""
    if serial < 1 << 16:
        with _SERIAL_LOCK:  # games in threads: only one extends it, so the text at index n is always str(n)
            _SERIAL_TEXT.extend([str(n) for n in range(len(_SERIAL_TEXT), serial + 1)])
    return str(serial)


class _NoneYet(dict[str, int]):
    """Private choice counts of a state pickled before they were kept: none for every side."""

    def __missing__(self, side: str) -> int:
        self[side] = 0
        return 0


class Game:
    """A ruleset's description: id, title, version, sides and options.

    ``version`` changes whenever a change to the rules code could make an old
    record replay differently; records of another version are refused.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str]
    sides: ClassVar[tuple[str, ...]]
    side_names: ClassVar[Mapping[str, str]] = {}
    options: ClassVar[tuple[GameOption, ...]] = ()
    description: ClassVar[str] = ""
    state_class: ClassVar[type[State]]

    def option(self, key: str) -> GameOption:
        """The option named ``key``."""
        for opt in self.options:
            if opt.key == key:
                return opt
        raise OptionsError(f"{self.id} has no option {key!r}; it has {[o.key for o in self.options]}")

    def resolve_options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Every option's value: the given ones checked, the rest their defaults."""
        given = dict(options or {})
        out: dict[str, Any] = {}
        for opt in self.options:
            if opt.key in given:
                try:
                    out[opt.key] = opt.check(given.pop(opt.key))
                except ValueError as exc:
                    raise OptionsError(f"{self.id}: {exc}") from None
            else:
                out[opt.key] = opt.default
        if given:
            raise OptionsError(f"{self.id} has no option {sorted(given)[0]!r}; it has {[o.key for o in self.options]}")
        return out

    def new(
        self,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        *,
        forced_rolls: Sequence[int] | None = None,
        strict_dice: bool = False,
    ) -> State:
        """Start a game.

        ``forced_rolls`` are used, in order, before the seeded dice take over
        (with ``strict_dice`` an extra roll is an error instead): tests use
        them to reproduce the rule texts' worked examples.
        """
        resolved = FrozenDict(self.resolve_options(options))
        dice: DiceSource = SeededDice(check_seed(seed))  # a negative seed is refused: its record would not load
        if forced_rolls is not None:
            dice = FixedDice(forced_rolls, fallback=None if strict_dice else dice)
        state = self.state_class.__new__(self.state_class)
        State.__init__(state, self, seed, resolved, dice)
        state._forced = None if forced_rolls is None else (list(forced_rolls), strict_dice)
        state._setup()
        state._cache, state._offered = state._offered, None
        return state

    def side_name(self, side: str) -> str:
        """The side's name in words."""
        return self.side_names.get(side, side)

    def render(self, view: Mapping[str, Any]) -> list[TextSection]:
        """A view as titled tables for a text front end. Rulesets override this."""
        rows = tuple((str(k), json.dumps(v, default=str)[:200]) for k, v in view.get("state", {}).items())
        return [TextSection(title=self.title, rows=rows)]

    def parse_orders(self, state: State, side: str, text: str) -> list[str] | None:
        """The option ids that ``text``, an order typed in the game's own notation, means for ``side`` now.

        ``None`` when the ruleset has no notation or ``text`` is not in it. A ruleset with a notation
        (vam: ``Kaga -> B2``) overrides this and raises an
        :class:`~midway.engine.errors.IllegalChoiceError` naming the rule for an illegal order. Front ends
        apply the ids in order, all or none (try them on a clone first).
        """
        return None

    def statistics(self, state: State) -> dict[str, float]:
        """Figures about a finished game for batch simulation tables.

        Rulesets override this (``"turns"``, ``"usn carriers sunk"``...). The
        key ``"turns"``, when present, is the game's length in turns.
        """
        return {}

    def kit(self) -> Any:
        """What the computer opponents need from this ruleset, or ``None``.

        A ruleset provides it as ``KIT`` in the ``ai`` module of its package
        (``midway.rulesets.hbg.ai``): its heuristic policy, its sampler of the
        hidden information consistent with a side's view, and its evaluation
        of a position. The protocol is :class:`midway.ai.kit.RulesetKit`; the
        engine only finds it, so a ruleset without one still plays (randomly).
        """
        package = type(self).__module__.rpartition(".")[0]
        name = f"{package}.ai"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                return None
            raise
        return getattr(module, "KIT", None)

    def describe(self) -> dict[str, Any]:
        """The ruleset's description, JSON-ready."""
        return {
            "id": self.id,
            "title": self.title,
            "version": self.version,
            "sides": list(self.sides),
            "side_names": dict(self.side_names),
            "description": self.description,
            "options": [o.to_json() for o in self.options],
        }

    def __repr__(self) -> str:
        return f"<Game {self.id} v{self.version}>"


class State:
    """A game being played. Created by :meth:`Game.new`, never directly."""

    game: Game
    seed: int
    options: Mapping[str, Any]
    """The game's options, read-only (shared by its clones)."""
    dice: DiceSource
    events: list[Event]
    history: list[tuple[str, str]]
    result: Outcome | None

    def __init__(self, game: Game, seed: int, options: Mapping[str, Any], dice: DiceSource) -> None:
        self.game = game
        self.seed = seed
        self.options = options
        self.dice = dice
        self.events = []
        self.history = []
        self.result = None
        self._serial = 0
        self._public_choices = 0
        self._private_choices = dict.fromkeys(game.sides, 0)
        self._held: dict[str, str] = {}
        # self._blind: the class default until a blind choice is made (see _blind below)
        self._cache: dict[str, Decision] | None = None
        self._offered: dict[str, Decision] | None = None
        self._forced: tuple[list[int], bool] | None = None
        self._quiet = False

    # ----------------------------------------------------------------- hooks
    def _setup(self) -> None:
        """Build the starting position and run forward to the first decision."""
        raise NotImplementedError

    def _decisions(self) -> dict[str, Decision]:
        """The decisions pending now, keyed by side."""
        raise NotImplementedError

    def _resolve(self, choices: Mapping[str, Option]) -> None:
        """Carry out the chosen options and run forward to the next decision."""
        raise NotImplementedError

    def _view(self, side: str | None) -> dict[str, Any]:
        """What ``side`` may know (``None``: a spectator), JSON-ready."""
        raise NotImplementedError

    def _why_not(self, side: str, decision: Decision, option_id: str) -> tuple[str, str] | None:
        """Why ``option_id`` is not an option of ``decision`` now, and the rule that forbids it (``(reason,
        rule)``), where the decision's own rule is not the one: a menu that offers an order only when another
        rule allows it (vam's US raid on Midway, only once Japanese troops are ashore). ``None`` by default: the
        refusal then names the decision's rule. Asked only when a choice is refused."""
        return None

    def _standing(self, side: str) -> tuple[Option, ...]:
        """The *standing options* of ``side`` now: choices it may make at any moment, whether it has a decision
        or not (a concession). None by default; asked only while the game goes on. A ruleset that offers some
        overrides this and :meth:`_resolve_standing`, and gives them ids no decision's option ever has."""
        return ()

    def _resolve_standing(self, side: str, option: Option) -> None:
        """Carry out ``side``'s standing option ``option`` (one :meth:`_standing` offers now), then run forward
        as :meth:`_resolve` does (or :meth:`finish`)."""
        raise NotImplementedError

    # ------------------------------------------------------- for the rulesets
    def decide(
        self,
        side: str,
        prompt: str,
        rule: str,
        options: Iterable[Option],
        *,
        kind: str = "",
        simultaneous: bool = False,
        blind: tuple[str, ...] = (),
    ) -> Decision:
        """Build a decision for ``side`` at the current decision point.

        ``blind``: the sides of a blind compound order step (see :class:`Decision`).

        The decision's id is the number of choices ``side`` knows were made before it: those made in public
        turns, its own and the other sides' (:attr:`_public_choices`), and its own private ones
        (:attr:`_private_choices`). It changes at every choice of ``side`` (so a stale
        answer is refused) and never counts the enemy's hidden choices (a count of them would tell the side
        that the enemy was asked a question whose existence is secret, :meth:`_public_turn`, or how many
        blind orders it gave)."""
        serial = self._public_choices + self._private_choices[side]  # 0 or more: it only counts up
        if blind:
            return _fill_decision(
                _SERIAL_TEXT[serial] if serial < len(_SERIAL_TEXT) else _serial_text(serial),
                side,
                prompt,
                rule,
                options,
                simultaneous,
                kind,
                blind,
            )
        # _fill_decision, inlined (a decision is built at every decision point: one Python call less)
        decision = _new_object(_DecisionFields)
        try:
            decision.id = _SERIAL_TEXT[serial]
        except IndexError:
            decision.id = _serial_text(serial)
        decision.side = side
        decision.prompt = prompt
        decision.rule = rule
        decision.options = options if type(options) is tuple else tuple(options)
        decision.simultaneous = simultaneous
        decision.kind = kind
        decision.blind = ()
        decision._index = None
        decision._looked = False
        decision._hint = 0
        decision.__class__ = Decision
        return decision  # type: ignore[return-value]

    def emit(
        self,
        kind: str,
        text: str,
        *,
        rule: str = "",
        data: Mapping[str, Any] | None = None,
        to: Iterable[str] | None = None,
    ) -> Event:
        """Record an event. ``to`` limits who may see it (default: everyone).

        In a search clone (:meth:`clone` with ``search=True``) nothing is
        recorded and a shared placeholder is returned: look-ahead needs no log.
        """
        if self._quiet:
            return _QUIET_EVENT
        events = self.events
        frozen: FrozenDict = EMPTY
        # freeze_data, its cheap path inlined: an event is recorded at nearly every decision point. Data
        # already frozen is tested first: FrozenDict.__bool__ is a Python call, and an empty one is EMPTY's equal
        if type(data) is FrozenDict:
            frozen = data
        elif data:
            for value in data.values():
                if type(value) not in _SCALAR_TYPES:
                    frozen = freeze_data(data)
                    break
            else:
                frozen = _new_object(FrozenDict)
                _set_items(frozen, {**data})
        # Event(...) without the keyword call
        event = _new_event(
            Event,
            (len(events), kind, text, rule, frozen, None if to is None else to if type(to) is tuple else tuple(to)),
        )
        events.append(event)
        return event

    def roll(
        self,
        count: int = 1,
        sides: int = 6,
        *,
        why: str,
        rule: str = "",
        to: Iterable[str] | None = None,
    ) -> list[int]:
        """Roll ``count`` dice of ``sides`` faces from the game's dice source.

        Every roll is an event (``kind="roll"``), visible to ``to`` (default:
        everyone), saying what it was for.
        """
        if count == 1:  # most rolls are of one die
            values = [self.dice.randint(1, sides)]
            if self._quiet:
                return values
            text = f"{why}: {values[0]}"
        else:
            values = self.dice.roll_dice(count, sides)
            if self._quiet:
                return values
            text = f"{why}: {', '.join(map(str, values))}"
        # the event's data made read-only here as freeze_data would (the dice as a tuple), and the event
        # recorded as emit would
        data: FrozenDict = _new_object(FrozenDict)
        _set_items(data, {"why": why, "dice": tuple(values), "sides": sides})
        events = self.events
        events.append(_new_event(Event, (len(events), "roll", text, rule, data, None if to is None else tuple(to))))
        return values

    def finish(self, outcome: Outcome) -> None:
        """End the game with ``outcome``."""
        self.result = outcome
        self.emit("end", outcome.reason, data=outcome.to_json())

    @property
    def _has_offered(self) -> bool:
        """Whether ``_offer`` has been called since play last moved on: a ruleset's run loop stops there."""
        return self._offered is not None

    def forget_decisions(self) -> None:
        """Drop the decisions the engine holds for the current decision point, so that the next
        :meth:`pending` asks the ruleset again. For code that edits a position's pieces directly (a
        sampler building a determinization from a template); play itself never needs it."""
        self._cache = self._offered = None
        for key in self._TRANSIENT:
            self.__dict__.pop(key, None)

    def working_memory(self, name: str, owner: object) -> dict[Any, Any]:
        """The working-memory table ``name`` (one of the ruleset's ``_TRANSIENT`` names) that belongs to
        ``owner``, the object a step makes afresh when it begins (hbg: the step's ``sub``; vam: the phase's
        ``orders``): the same table while ``owner`` is the same object, an empty one once it is not. What a
        ruleset keeps there must follow from the pieces alone, found once for the step."""
        memo = self.__dict__.get(name)
        if memo is None or memo[0] is not owner:
            memo = self.__dict__[name] = (owner, {})
        return memo[1]

    def _offer(self, decisions: dict[str, Decision]) -> None:
        """Hand the engine the decisions just built, exactly what ``_decisions()`` would return now.

        Call it only as the last act of ``_setup`` or ``_resolve``: nothing may change after it.
        """
        self._offered = decisions

    # ------------------------------------------------------------ public API
    def pending(self) -> dict[str, Decision]:
        """The decisions pending now, keyed by side.

        A side that has already sealed its choice in a simultaneous step is
        not listed. Empty when the game is over.
        """
        if self.result is not None:
            return {}
        decisions = self._cache
        if decisions is None:
            decisions = self._current()
        if not self._held:
            return dict(decisions)
        return {s: d for s, d in decisions.items() if s not in self._held}

    def decision(self, side: str) -> Decision | None:
        """The decision ``side`` must make now, if any."""
        return self.pending().get(side)

    def standing(self, side: str) -> tuple[Option, ...]:
        """The standing options ``side`` may choose now, whether it has a decision or not (none once the game is
        over): :meth:`apply` them with ``decision_id`` :data:`STANDING` (or none)."""
        if side not in self.game.sides:
            raise MalformedChoiceError(f"{side!r} is not a side of {self.game.id}", rule=ENGINE_RULE)
        if self.result is not None or not self._has_standing:
            return ()
        return tuple(self._standing(side))

    @property
    def to_move(self) -> tuple[str, ...]:
        """The sides that must choose now, in the game's side order."""
        pend = self.pending()
        return tuple(s for s in self.game.sides if s in pend)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return self.result

    def apply(self, side: str, option_id: str, *, decision_id: str | None = None) -> list[Event]:
        """Make ``side``'s choice ``option_id``; return the events it caused.

        With ``decision_id`` the choice is refused if that decision is no
        longer current. Any illegal choice raises an
        :class:`~midway.engine.errors.IllegalChoiceError` naming the rule that
        forbids it, and leaves the state exactly as it was.

        A *standing option* (:meth:`standing`) is accepted from any side at any moment, whether it has a
        decision, has sealed its choice or waits, with ``decision_id`` :data:`STANDING` (only a standing option
        then) or ``None`` (an option of the side's own decision first, else a standing option); with any other
        ``decision_id`` it is refused as an answer to that decision. It is recorded in the history like any
        choice (so records replay it) and carried out by :meth:`_resolve_standing`; sealed choices and blind
        orders in progress stay as they were. It counts in its side's own decision ids only: the other sides'
        ids never tell them it was made. The engine looks for standing options only where a choice would
        otherwise be refused, so the ordinary path costs nothing more.
        """
        if self.result is not None:
            raise GameOverError(f"the game is over: {self.result.reason}", rule=ENGINE_RULE)
        if type(side) is not str or type(option_id) is not str or not (decision_id is None or type(decision_id) is str):
            side, option_id, decision_id = self._plain(side, option_id, decision_id)  # or refused
        decisions = self._cache
        if decisions is None:
            decisions = self._current()
        current = decisions.get(side)
        if current is None:
            if side not in self.game.sides:
                self._plain(side, option_id, decision_id)  # raises: not a side
            standing = self._standing_choice(side, option_id, decision_id)
            if standing is not None:
                return standing
            # only what the side may know: a private question of another side is neither named nor cited
            public = [s for s, d in decisions.items() if self._public_turn(d)]
            rules = sorted({decisions[s].rule for s in public}) or [ENGINE_RULE]
            waiting = ", ".join(self.game.side_name(s) for s in public) or "the other side"
            raise NotYourTurnError(
                f"{self.game.side_name(side)} has no decision to make now; waiting on {waiting}",
                rule="; ".join(rules),
            )
        if side in self._held:
            standing = self._standing_choice(side, option_id, decision_id)
            if standing is not None:
                return standing
            raise AlreadySubmittedError(
                f"{self.game.side_name(side)} has already sealed its choice for this step",
                rule=current.rule,
            )
        if decision_id is not None and decision_id != current.id:
            standing = self._standing_choice(side, option_id, decision_id)
            if standing is not None:
                return standing
            raise StaleDecisionError(
                f"decision {decision_id!r} is no longer current (now {current.id!r}: {current.prompt})",
                rule=current.rule,
            )
        index = current._index
        if index is None:  # Decision.option, inlined: a scan (not counted as a look: a UI's lookups build the index)
            options = current.options
            option: Option | None
            try:  # first where Decision.pick says (an agent that chose by position), else the first option
                option = first = options[current._hint]
            except IndexError:  # no options
                option = None
            else:
                if first[0] != option_id:
                    for option in options:
                        if option[0] == option_id:
                            break
                    else:
                        option = None
        else:
            option = index.get(option_id)
        if option is None:
            standing = self._standing_choice(side, option_id, decision_id)
            if standing is not None:
                return standing
            shown = ", ".join(current.option_ids[:12])
            more = "" if len(current.options) <= 12 else f", ... ({len(current.options)} in all)"
            why = self._why_not(side, current, option_id)  # the rule that keeps it off, if not the decision's
            reason, rule = (f": {why[0]}", why[1]) if why is not None else ("", current.rule)
            raise UnknownOptionError(
                f"{option_id!r} is not a legal choice for {current.prompt!r}{reason}; legal: {shown}{more}", rule=rule
            )
        events = self.events
        start = len(events)
        self.history.append((side, option_id))
        if current.blind:
            # a blind compound order: the choice takes effect at once, and nothing public tells of it
            self._blind = {**self._blind, side: self._blind.get(side, 0) + 1}
            self._private_choices[side] += 1
            self._cache = self._offered = None
            self._resolve({side: option})
            self._cache, self._offered = self._offered, None
        elif len(decisions) > 1:
            self._held[side] = option_id
            if len(self._held) < len(decisions):
                # told to all only where the side's turn is public; else only the side itself learns it is sealed
                to = None if self._public_turn(current) else (side,)
                self.emit("sealed", f"{self.game.side_name(side)} has made its choice", rule=current.rule, to=to)
                return events[start:]
            choices: dict[str, Option] = {}
            for held_side, held_id in self._held.items():
                held = decisions[held_side].option(held_id)
                assert held is not None  # checked when it was sealed
                choices[held_side] = held
                self._count_choice(held_side, decisions[held_side])
            self._held = {}
            self._advance(choices)
        else:
            # _advance, inlined: nearly every choice is one side's
            self._cache = self._offered = None
            self._serial += 1
            if current.kind in self._private_kinds or (self._own_public_turn and not self._public_turn(current)):
                self._private_choices[side] += 1
            else:
                self._public_choices += 1
            if "_blind" in self.__dict__:
                del self._blind  # back to the shared empty default: left out of to_json
            self._resolve({side: option})
            self._cache, self._offered = self._offered, None
        return events[start:] if len(events) > start else []

    def _standing_choice(self, side: str, option_id: str, decision_id: str | None) -> list[Event] | None:
        """Where :meth:`apply` would refuse a choice: ``side``'s standing option ``option_id`` carried out (the
        events it caused), or ``None`` when it is not one (the refusal stands). ``decision_id``
        :data:`STANDING` asks for a standing option only: an unknown one is refused here."""
        if decision_id is not None and decision_id != STANDING:
            return None
        offered = self._standing(side) if self._has_standing else ()
        for option in offered:
            if option[0] == option_id:
                break
        else:
            if decision_id is None:
                return None
            shown = ", ".join(o[0] for o in offered) or "none"
            raise UnknownOptionError(
                f"{option_id!r} is not a standing option of {self.game.side_name(side)} now; standing options: {shown}",
                rule=self._standing_rule,
            )
        events = self.events
        start = len(events)
        self.history.append((side, option_id))
        self._serial += 1
        self._private_choices[side] += 1  # its own ids move on (a stale answer is refused), never the others'
        self._cache = self._offered = None
        self._resolve_standing(side, option)
        self._cache, self._offered = self._offered, None
        return events[start:] if len(events) > start else []

    def _count_choice(self, side: str, decision: Decision) -> None:
        """Count a choice of ``side`` in the decision ids: every side's if made in a public turn, else its own."""
        if self._public_turn(decision):
            self._public_choices += 1
        else:
            self._private_choices[side] += 1

    def _plain(self, side: Any, option_id: Any, decision_id: Any) -> tuple[str, str, str | None]:
        """The arguments of :meth:`apply` as plain text, or the :class:`MalformedChoiceError` that refuses them."""
        if type(side) is not str and isinstance(side, str):
            side = str.__str__(side)  # plain text, as the record keeps it
        if not isinstance(side, str) or side not in self.game.sides:
            raise MalformedChoiceError(
                f"{side!r} is not a side of {self.game.id}; the sides are {list(self.game.sides)}",
                rule=ENGINE_RULE,
            )
        if type(option_id) is not str:
            if not isinstance(option_id, str):
                raise MalformedChoiceError(f"an option id is text, not {type(option_id).__name__}", rule=ENGINE_RULE)
            option_id = str.__str__(option_id)  # plain text: a str subclass's __eq__ cannot pick another option
        if decision_id is not None and type(decision_id) is not str:
            if not isinstance(decision_id, str):
                raise MalformedChoiceError(f"a decision id is text, not {type(decision_id).__name__}", rule=ENGINE_RULE)
            decision_id = str.__str__(decision_id)
        return side, option_id, decision_id

    def _advance(self, choices: Mapping[str, Option]) -> None:
        self._cache = self._offered = None
        self._serial += 1
        if "_blind" in self.__dict__:
            del self._blind  # back to the shared empty default: left out of to_json
        self._resolve(choices)
        self._cache, self._offered = self._offered, None

    def _current(self) -> dict[str, Decision]:
        if self._cache is None:
            self._cache = {} if self.result is not None else self._decisions()
        return self._cache

    def log(self, side: str | None) -> list[Event]:
        """The events ``side`` may see (``None``: a spectator), in order.

        An :class:`Event`'s ``seq`` is its place in the whole game's log, hidden events included: show a side
        its log with :meth:`told`, which numbers it by the side's own log."""
        return [e for e in self.events if e.visible_to(side)]

    def told(self, side: str | None, since: int = 0) -> list[dict[str, Any]]:
        """The events ``side`` may see (``None``: a spectator) from the ``since``-th on, as JSON, each ``seq``
        its place in that side's own log (from 0). The whole game's numbering would tell the side how many
        events it was not shown: how many hidden things the enemy did."""
        out: list[dict[str, Any]] = []
        n = 0
        for event in self.events:
            if event.visible_to(side):
                if n >= since:
                    data = event.to_json()
                    data["seq"] = n
                    out.append(data)
                n += 1
        return out

    def _told_count(self, side: str | None) -> int:
        """How many events ``side`` may see, counted on from where the last count stopped (the log only grows)."""
        memo: dict[str | None, tuple[int, int]] | None = self.__dict__.get("_told")
        if memo is None:
            memo = self.__dict__["_told"] = {}
        scanned, n = memo.get(side, (0, 0))
        events = self.events
        if scanned > len(events):  # never: a log is not shortened; start again rather than trust it
            scanned = n = 0
        for event in events[scanned:] if scanned else events:
            if event.visible_to(side):
                n += 1
        memo[side] = (len(events), n)
        return n

    def view(self, side: str | None, *, log_tail: int = 30) -> dict[str, Any]:
        """What ``side`` may know (``None``: the public spectator view), JSON-ready.

        Holds the ruleset's own view under ``"state"``, the last ``log_tail``
        events that side may see (numbered by the side's own log, as :meth:`told`), who must choose now and
        who has sealed a choice (never what, and only where that side's turn is public, :meth:`_public_turn`),
        and under ``"standing"`` the side's own standing options (:meth:`standing`; never another side's).
        """
        if side is not None and side not in self.game.sides:
            raise MalformedChoiceError(f"{side!r} is not a side of {self.game.id}", rule=ENGINE_RULE)
        tail: list[dict[str, Any]] = []
        if log_tail:
            for event in reversed(self.events):
                if event.visible_to(side):
                    tail.append(event.to_json())
                    if len(tail) >= log_tail:
                        break
            tail.reverse()
            first = self._told_count(side) - len(tail)
            for i, data in enumerate(tail):
                data["seq"] = first + i
        pend = self.pending()
        blind: set[str] = set()
        for d in pend.values():
            if d.blind:
                blind.update(s for s in d.blind if s != side)
        to_move = [
            s for s in self.game.sides if (s in pend and (s == side or self._public_turn(pend[s]))) or s in blind
        ]
        return {
            "ruleset": self.game.id,
            "version": self.game.version,
            "side": side,
            "options": dict(self.options),
            "to_move": to_move,
            "sealed": sorted(s for s in self._held if s == side or self._public_turn(self._current()[s])),
            "standing": [] if side is None else [o.to_json() for o in self.standing(side)],
            "outcome": None if self.result is None else self.result.to_json(),
            "state": self._view(side),
            "log": tail,
        }

    def public_turn(self, decision: Decision) -> bool:
        """Whether the other sides (and spectators) may know that ``decision``'s side is choosing now
        (:meth:`_public_turn`): what shows anything of a choice to the other sides (a computer's thinking time)
        asks this first."""
        return self._public_turn(decision)

    def _public_turn(self, decision: Decision) -> bool:
        """Whether the other sides (and spectators) may know that ``decision``'s side is choosing now.

        True unless the decision's kind is one of :attr:`_private_kinds`. A ruleset that asks a question only
        when the side holds something the enemy may not know (a hidden fleet under the enemy's aircraft, aircraft
        in a hangar) names its kind there (or answers this itself), and :meth:`view` then lists that side in
        ``to_move`` only in the side's own view: the question's existence would otherwise tell the enemy what
        its answer hides.
        """
        return decision.kind not in self._private_kinds

    _private_kinds: ClassVar[frozenset[str]] = frozenset()
    """The kinds of decision asked in private turns: those :meth:`_public_turn` answers False for, unless the
    ruleset answers it itself (a ruleset whose private questions are not a matter of kind overrides it)."""
    _own_public_turn: ClassVar[bool] = False
    """Whether the class answers :meth:`_public_turn` itself (set for each subclass); if not, apply reads
    :attr:`_private_kinds` alone, with no call at every choice."""

    _has_standing: ClassVar[bool] = False
    """Whether the class offers standing options (overrides :meth:`_standing`; set for each subclass)."""
    _standing_rule: ClassVar[str] = ENGINE_RULE
    """The rule that grants the class's standing options, named when one is refused."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._own_public_turn = cls._public_turn is not State._public_turn
        cls._has_standing = cls._standing is not State._standing

    _public_choices: int
    """How many choices were made in public turns (:meth:`_public_turn`), every side's: each side knows of them.
    With :attr:`_private_choices`, the decisions' ids. Neither is part of the game's position, so both are left out
    of :meth:`to_json` and digests: a replay of the record rebuilds them."""
    _private_choices: dict[str, int]
    """For each side, how many of its own choices were made in private turns or blind steps, which only it knows
    of."""

    _blind: Mapping[str, int] = MappingProxyType({})
    """In a blind compound order step, how many choices each side has made in it (a ruleset may key its working
    memory by it); the shared empty default otherwise, so that it is left out of :meth:`to_json` and digests."""

    _SHARED: ClassVar[frozenset[str]] = frozenset({"game", "events", "history", "_cache", "_offered"})
    _ENGINE: ClassVar[frozenset[str]] = frozenset(
        {
            "seed",
            "options",
            "dice",
            "result",
            "_serial",
            "_held",
            "_forced",
            "_quiet",
            "_blind",
            "_public_choices",
            "_private_choices",
            "_told",
        }
    )
    """The engine's own attributes; every other attribute of a state is the ruleset's."""
    _TRANSIENT: ClassVar[frozenset[str]] = frozenset()
    """A ruleset's *working memory*: attributes it derives from the pieces for the current step (what a step's
    choices do not change, found once), never part of the game. They are left out of :meth:`to_json`, pickles
    and clones, and :meth:`forget_decisions` drops them; a ruleset names its own (``_TRANSIENT =
    frozenset({"_orders_memo"})``) and keys each to the step it belongs to, so that a stale one is rebuilt."""
    _NOT_SERIALIZED: ClassVar[frozenset[str]] = frozenset(
        {"game", "_cache", "_offered", "_quiet", "_public_choices", "_private_choices", "_told"}
    )
    """Attributes left out of :meth:`to_json` (and so of digests). A ruleset extends it with the names
    of its *derived* attributes, indexes rebuilt from the rest of the state (units by box, by zone),
    so that keeping an index changes no record's digest: ``_NOT_SERIALIZED = State._NOT_SERIALIZED |
    {"_by_zone"}``. Its ``_clone_data`` must still copy them."""

    def clone(self, *, search: bool = False) -> State:
        """An independent copy, for look-ahead search.

        The ruleset's data is copied by :meth:`_clone_data`; the event log and the
        history are immutable records, so the copy shares their items and only
        copies the lists. A *search clone* (``search=True``) has no event log and
        records no events: it plays on exactly as the original would, with the
        same dice, for a fraction of the cost. Use :meth:`reseed` to give it
        dice of its own.
        """
        copy = object.__new__(type(self))
        d = copy.__dict__
        d.update(self._clone_data())
        d["game"] = self.game
        d["seed"] = self.seed
        d["options"] = self.options  # never changed after the start
        d["dice"] = self.dice.copy()
        d["result"] = self.result
        d["_serial"] = self._serial
        d["_public_choices"] = self._public_choices
        d["_private_choices"] = type(self._private_choices)(self._private_choices)  # a _NoneYet stays one
        d["_held"] = dict(self._held)
        if "_blind" in self.__dict__:
            d["_blind"] = self._blind  # replaced, never changed in place: shared safely
        d["_forced"] = self._forced
        d["_quiet"] = search or self._quiet
        d["events"] = [] if search else list(self.events)  # a search clone keeps no log
        d["history"] = list(self.history)
        d["_cache"] = d["_offered"] = None
        return copy

    def _clone_data(self) -> dict[str, Any]:
        """A deep copy of the ruleset's own attributes, by name.

        The default pickles them. A ruleset whose state is large overrides this
        with a hand-written copy (sharing what never changes, such as data
        tables) to make search clones cheap; the conformance suite checks that
        clones stay independent.
        """
        skip = self._SHARED | self._ENGINE | self._TRANSIENT
        own = {k: v for k, v in self.__dict__.items() if k not in skip}
        data: dict[str, Any] = pickle.loads(pickle.dumps(own, protocol=pickle.HIGHEST_PROTOCOL))
        return data

    def reseed(self, seed: int) -> None:
        """Replace the dice with fresh seeded dice (a search clone sampling other futures)."""
        self.dice = SeededDice(seed)

    @property
    def is_search_clone(self) -> bool:
        """Whether this state records no events (a search clone)."""
        return self._quiet

    def __getstate__(self) -> dict[str, Any]:
        data = self.__dict__.copy()
        data.pop("game", None)
        data.pop("_told", None)
        data["_cache"] = data["_offered"] = None
        for key in self._TRANSIENT:
            data.pop(key, None)
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__dict__.update(data)
        if "_public_choices" not in data:
            # pickled before ids counted only what a side knows of (a stored snapshot): ids then counted every
            # choice, so start past the old ids, never reusing one
            self._public_choices = len(data.get("history") or ())
            self._private_choices = _NoneYet()

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """``copy.deepcopy(state)``: an independent working copy (a :meth:`clone`, game and all)."""
        return self.clone()

    def to_json(self) -> dict[str, Any]:
        """The whole state, secrets included, as canonical JSON-ready data.

        For tests and storage; never send it to a player (use :meth:`view`).
        """
        skip = self._NOT_SERIALIZED | self._TRANSIENT
        data = {k: v for k, v in self.__dict__.items() if k not in skip}
        return {"ruleset": self.game.id, "version": self.game.version, "state": jsonify(data)}

    def to_bytes(self) -> bytes:
        """:meth:`to_json` as canonical bytes: equal states give equal bytes."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":")).encode()

    def record(self) -> Record:
        """The game's record: enough to replay it exactly."""
        from midway.engine.records import Record

        return Record(
            ruleset=self.game.id,
            version=self.game.version,
            options=dict(self.options),
            seed=self.seed,
            moves=list(self.history),
            forced_rolls=None if self._forced is None else list(self._forced[0]),
            strict_dice=False if self._forced is None else self._forced[1],
        )
