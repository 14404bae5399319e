"""Helpers every phase module of hbg uses: the step driver, names of Air Groups, and cheap options.

``phased``
    the driver of a step asked side by side (Japan first) or of both sides at once (sealed).
``remember`` / ``recall``
    the run loop computes the next decision's options to find where play stops; they are kept
    for the ``decisions`` call that follows at once, so they are not built twice.
``air_name`` / ``air_words``
    an Air Group in words, now or (for lazy option labels) when the label is read; ``seen_air_name``
    in words both sides may read (HBG-R64); ``makeup_words``, a Strike Group's make-up and fuel.
``done_option``
    the ``done`` option that ends a compound order.
``merge_groups``
    Air Units of one type and state on one card box form one Air Group.
``carrier_launches_left``
    what a carrier may still launch this Turn (2.1 patrols and 3.1 orders alike).
``fleets_meet``
    ships that come into a zone with enemy sea units reveal both fleets there (HBG-R98).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from midway.engine import DONE, Decision, Option
from midway.engine.memo import Memo
from midway.rulesets.hbg.model import DATA, MIDWAY_BASES, Air
from midway.rulesets.hbg.steps import Step

if TYPE_CHECKING:
    from midway.rulesets.hbg.game import HbgState

JAPAN_FIRST = ("ijn", "usn")
"""[Order of Play] "Japan 1st, USA 2nd"."""

# ------------------------------------------------------------------------------ step driver
OptionsFn = Callable[["HbgState", str], Sequence[Option]]
ApplyFn = Callable[["HbgState", str, Option], None]
HookFn = Callable[["HbgState"], None]
SideHookFn = Callable[["HbgState", str], None]


def remember(st: HbgState, key: str, value: Any) -> None:
    """Keep what the run loop just computed to find where play stops (the options of the next
    decision) for the ``decisions`` call that follows at once: not computed twice. Working memory
    only (``HbgState._TRANSIENT``): never serialized or cloned, and used once."""
    st._memo = (key, id(st.sub), value)


def recall(st: HbgState, key: str) -> Any:
    """What :func:`remember` kept for ``key`` at this decision point, once; ``None`` otherwise."""
    memo = st.__dict__.pop("_memo", None)
    if memo is None or memo[0] != key or memo[1] != id(st.sub):
        return None
    return memo[2]


def keep_top(st: HbgState, mark: tuple[Any, ...], value: Any) -> None:
    """Keep the options of a top-level choice (the first choice of a compound order) for a
    ``cancel`` that returns to it: nothing in the game changes before the order is complete, so
    they are the same. ``mark`` says what the position must still be (checked by
    :func:`top_after_cancel`). Working memory only (``HbgState._TRANSIENT``)."""
    st._top = (st.sub, mark, value)


def top_after_cancel(st: HbgState, mark: tuple[Any, ...]) -> Any:
    """What :func:`keep_top` kept, if the step and ``mark`` are still the same; ``None`` otherwise."""
    top = st.__dict__.get("_top")
    if top is None or top[0] is not st.sub or top[1] != mark:
        return None
    return top[2]


def step_memo(st: HbgState, name: str, side: str, build: Callable[[HbgState, str], Any]) -> Any:
    """What ``build(st, side)`` finds, once for the current step: the part of a step's options that
    the step's own choices do not change (or that its ``apply`` keeps up to date, see
    :func:`step_memo_now`). Working memory only (``HbgState._TRANSIENT``): kept for this step's
    ``st.sub`` object alone, never serialized or cloned (a clone builds it again)."""
    # st.working_memory("_step_memo", st.sub), inlined: asked at nearly every option
    memo: tuple[Any, dict[Any, Any]] | None = st.__dict__.get("_step_memo")
    sub = st.sub
    if memo is None or memo[0] is not sub:
        memo = st.__dict__["_step_memo"] = (sub, {})
    table = memo[1]
    key = (name, side)
    found = table.get(key)
    if found is None:
        found = table[key] = build(st, side)
    return found


def step_memo_now(st: HbgState, name: str, side: str) -> Any:
    """What :func:`step_memo` holds for ``name`` and ``side`` in the current step, or ``None``."""
    return st.working_memory("_step_memo", st.sub).get((name, side))


def _nothing(st: HbgState) -> None:
    return None


def _no_auto(st: HbgState, side: str) -> None:
    return None


def phased(
    step_id: str,
    *,
    rule: str,
    prompt: str,
    kind: str,
    options: OptionsFn,
    apply: ApplyFn,
    auto: SideHookFn = _no_auto,
    start: HookFn = _nothing,
    end: HookFn = _nothing,
    simultaneous: bool = False,
) -> Step:
    """A step asked side by side (Japan first) or of both sides at once (sealed, ``simultaneous``).

    ``start`` runs when the step begins; ``auto(st, side)`` does a side's forced work before it
    is asked; a side is finished when ``options`` is empty or it chooses ``done``; ``end`` runs
    once when both sides are finished.
    """

    automatic = auto is not _no_auto

    def progress(st: HbgState) -> None:
        sub = st.sub
        finished: list[str] = sub["finished"]
        asked: dict[str, Sequence[Option]] = {}
        for side in JAPAN_FIRST:
            if side in finished:
                continue
            if automatic:
                auto(st, side)
            opts = options(st, side)
            if opts:
                if not simultaneous:  # one side asked (the usual case): its decision offered at once
                    st._offer({side: st.decide(side, prompt, rule, opts, kind=kind)})
                    return
                asked[side] = opts
                continue
            finished.append(side)
        if len(finished) == 2 and not sub.get("ended"):  # both sides of JAPAN_FIRST
            sub["ended"] = True
            end(st)
        elif asked:  # the decisions now, handed to the engine as the step's last act (HbgState._run)
            # a simultaneous step's decisions say so even when one side alone is asked (HBG-R35: the flag told a
            # side whether the enemy was asked too, i.e. held aircraft on deck or aloft)
            st._offer(
                {s: st.decide(s, prompt, rule, o, kind=kind, simultaneous=simultaneous) for s, o in asked.items()}
            )

    def enter(st: HbgState) -> None:
        st.sub["finished"] = []
        start(st)
        progress(st)

    def decisions(st: HbgState) -> dict[str, Decision]:
        """The decisions now, built again from the position (``progress`` offers them as it finds them)."""
        waiting = [s for s in JAPAN_FIRST if s not in st.sub["finished"]]
        if not simultaneous:
            waiting = waiting[:1]
        asked = {side: opts for side in waiting if (opts := options(st, side))}
        return {s: st.decide(s, prompt, rule, o, kind=kind, simultaneous=simultaneous) for s, o in asked.items()}

    def resolve(st: HbgState, choices: Mapping[str, Option]) -> None:
        for side in JAPAN_FIRST:
            choice = choices.get(side)
            if choice is None:
                continue
            if choice.id == DONE:
                st.sub["finished"].append(side)
            else:
                apply(st, side, choice)
        progress(st)

    return Step(step_id, enter=enter, decisions=decisions, resolve=resolve)


def done_option(label: str) -> Option:
    """The ``done`` option of a compound order, with its label (one object per label)."""
    opt = _DONES.get(label)
    if opt is None:
        opt = _DONES[label] = Option(DONE, label)
    return opt


_DONES: dict[str, Option] = {}


def carrier_launches_left(st: HbgState, carrier: str) -> int:
    """[1.5] [4.3.1] HBG-R95 (revised): the Air Units ``carrier`` may still launch this Turn: its Air Service now
    (less its damage) less the Air Units it has launched this Turn, its patrol bomber of 2.1 (2.1.2: "it must be
    spotted on deck") and its Strike Groups and CAP of 3.1. Spotting keeps the deck within the Air Service, but
    units left spotted from the last Turn (5.4) stay there when the carrier is damaged: "a fleet carrier with 2
    hits of damage can only launch 3 Air Units per Turn". An undamaged carrier's deck never exceeds what it may
    still launch (nothing damages a carrier between 1.5 and 3.1, and a patrol bomber leaves the deck as it
    launches), so its Air Service is returned at once, without counting its Air Groups."""
    ship = st.ships[carrier]
    if not ship.damage:
        return st.air_service(ship)
    flown = sum(
        a.n
        for a in st.airborne(ship.side)
        if a.base == carrier and a.launched == st.turn and a.mission in ("strike", "cap", "patrol")
    )
    return max(st.air_service(ship) - flown, 0)


def fleets_meet(st: HbgState, zone: int) -> None:
    """[4.3 Step 1] HBG-R98: "Any time Sea Units of both sides are in the same Sea Zone, both Task Forces in the Sea
    Zone must remove their 'hidden' markers": ships that come into a zone holding enemy sea units (ships, or IJN
    transports) during the Turn, by a move (3.1.2) or by entering (1.3), reveal both sides' ships there at once,
    not in a Squall (C-12, as at 4.3). Told to both sides. Cheap when no enemy is there: one index look-up."""
    usn = st.ships_in(zone, "usn")
    if not usn:
        return
    ijn = st.ships_in(zone, "ijn")
    if not ijn and not any(t.zone == zone and t.n > 0 and not t.scored for t in st.transports):
        return
    if st.in_squall(zone):
        return
    hidden = [s for s in (*usn, *ijn) if not s.located]
    if not hidden:
        return
    for s in hidden:
        s.located = True
    names = ", ".join(st.ship_name(s) for s in hidden)
    st.emit(
        "reveal",
        f"SZ{zone:02d}: both fleets meet and are revealed: {names}",
        rule="4.3 Step 1",
        data={"zone": zone, "ships": [s.id for s in hidden]},
    )


def launch_base_name(base: str) -> str:
    """[3.1.1] The name of a base a launch order is given to: a carrier's, or Midway's airfield."""
    return "Midway Airfield" if base == "airfield" else DATA.carriers[base].name


def site_name(base: str) -> str:
    """The name of an Air Group's carrier, cruiser or base, as :meth:`HbgState.ship_name` gives it
    (a ship's name depends on its id alone); "Midway" for the bases."""
    carrier = DATA.carriers.get(base)
    if carrier is not None:
        return carrier.name
    if base in MIDWAY_BASES:
        return "Midway"
    unit, _, number = base.rpartition("-")
    if unit in DATA.units:
        return f"{DATA.units[unit].name} {number}"
    return base


def air_name(st: HbgState, air: Air) -> str:
    """ "3 Akagi D3A (bomb)": Air Units, owner, type, ordnance."""
    what = f"{air.n} {site_name(air.base)} {DATA.units[air.unit].name}"
    return what + (f" ({air.ordnance})" if air.ordnance else "")


def seen_base(base: str) -> str:
    """The home of an Air Group as the enemy sees it, as its chips show it (Setup: a carrier's colour, Midway's
    white): its carrier or Midway base; "" for a floatplane's cruiser, which no chip shows (HBG-R64, revised)."""
    return base if base in DATA.carriers or base in MIDWAY_BASES else ""


def seen_air_name(st: HbgState, air: Air) -> str:
    """:func:`air_name` for both sides' eyes: a floatplane's cruiser is not named (HBG-R64, revised)."""
    if seen_base(air.base):
        return air_name(st, air)
    return f"{air.n} {DATA.units[air.unit].name}" + (f" ({air.ordnance})" if air.ordnance else "")


def air_words(st: HbgState | None, air: Air) -> Callable[[], str]:
    """:func:`air_name` made later, when a label is read, from the Air Group as it is now."""
    n, base, unit, ordnance = air.n, air.base, air.unit, air.ordnance

    def words() -> str:
        what = f"{n} {site_name(base)} {DATA.units[unit].name}"
        return what + (f" ({ordnance})" if ordnance else "")

    return words


Makeup = tuple[tuple[int, str, str], ...]
"""A Strike Group's make-up, as plain values an option may keep: (Air Units, unit, home base) of each Air Group."""

SHORT_NAMES = {k: u.name.split()[0] for k, u in DATA.units.items()}
"""Each aircraft type by its designation, as the Air Groups' chips name them on the carrier cards: "D3A", "B-17"."""


def makeup_words(makeup: Makeup, fuel: int | None) -> str:
    """ "3 D3A + 2 A6M from Akagi and 3 B5N + 2 A6M from Kaga, fuel 1": a Strike Group's Air Units by home carrier
    or base (a type from one home summed), and its fuel marker (none when it tracks none, 5.2.2). Made only when a
    label is read."""
    homes: dict[str, dict[str, int]] = {}
    for n, unit, base in makeup:
        units = homes.setdefault(base, {})
        units[unit] = units.get(unit, 0) + n
    text = " and ".join(
        " + ".join(f"{n} {SHORT_NAMES[unit]}" for unit, n in units.items())
        + (f" from {site_name(base)}" if base else "")
        for base, units in homes.items()
    )
    return text if fuel is None else f"{text}, fuel {fuel}"


def phrase(before: str, what: Callable[[], str], after: str = "") -> Callable[[], str]:
    """A lazy label: ``before`` + the words ``what`` makes + ``after``."""
    return lambda: f"{before}{what()}{after}"


def merge_groups(st: HbgState, base: str, at: str) -> None:
    """[Game Terminology: Air Group] Air Units of one type on one card box form one Air Group."""
    seen: dict[tuple[Any, ...], Air] = {}
    for air in [a for a in st.air_at(at) if a.base == base]:
        if air.n <= 0:
            continue
        key = (air.side, air.unit, air.ordnance, air.fuel, air.oof, air.rearm)
        first = seen.get(key)
        if first is None:
            seen[key] = air
            continue
        first.n += air.n
        st.remove_air(air)


def zone_options(table: Mapping[int, Option], zones: Sequence[int], *last: Option) -> tuple[Option, ...]:
    """``table``'s option for each of ``zones`` (a destination's ``to:<zone>`` options), in order, then
    ``last``: one tuple for each table, zones and ``last`` (:func:`cached_option`), not built an option at a
    time."""
    key = (id(table), zones if type(zones) is tuple else tuple(zones), last)
    found = OPTIONS.get(key)
    if found is None:
        found = cached_option(key, _zone_options, table, zones, last)
    return found  # type: ignore[no-any-return]


def _zone_options(table: Mapping[int, Option], zones: Sequence[int], last: tuple[Option, ...]) -> tuple[Option, ...]:
    return (*[table[z] for z in zones], *last)


OPTIONS: Memo[tuple[Any, ...], Any] = Memo(limit=200_000)
"""Options already built, by what makes them (options are immutable: every state may share them)."""


def cached_option(key: tuple[Any, ...], make: Callable[..., Any], *args: Any) -> Any:
    """The option (or tuple of options) for ``key`` (everything they depend on), built once by
    ``make(*args)``. ``make`` must not keep a reference to a state (the cache outlives games)."""
    return OPTIONS.made(key, make, *args)
