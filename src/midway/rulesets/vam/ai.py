"""What the computer opponents need from Victory at Midway (the kit of :mod:`midway.ai.kit`).

**Heuristic**, written against decision kinds and option ids (never prompts), from the text's own
stakes: Midway is worth 11 VP to whoever controls it ([Points de victoire]), so the battle turns on
the Japanese landing.

* *Japan* brings every group in by column A on the first turn, by the entry hex nearest Midway, and
  sends the transports at Midway by the shortest path, ordering each ship that may move every turn (the
  transports move one hex in three turns, [Mouvements navals]: a turn lost is a landing lost); the
  battleships, cruisers and destroyers wait at F7 (STAGING_HEX) until a troopship is within 3 hexes of
  Midway or troops are ashore, then close and bombard the garrison (off the island from turn 8 they were
  torpedoed by the American submarines turn after turn). The carriers hold at F4, out of the island's
  reach, and never raid Midway (air attacks cannot take it, [Raids sur Midway], and cost aircraft, each
  a VP to the enemy); its raids are made of bombers, the fighters flying only as their escort, and two
  dive bombers scout each turn. Every other destroyer (ESCORTS) and ST11 sail with the troopships, which
  the American submarines otherwise sink on the way ([Les sous-marins]: destroyers screen the ships of
  their hex); ST11 stops at Kure, which the troopships pass, and builds the seaplane base there
  ([Transports d'hydravions japonais]: no submarine attacks it once it builds, and the base is worth a VP
  at the end). It lands every troop it can ([Débarquement à Midway]), aims each unit ashore at an
  American company none of its others aims at ([Combats terrestres]: the garrison must be gone by the
  end, and the landing comes on turn 22) and fights the naval battles its battleships and cruisers offer.
* *The Americans* hold Midway: the fleet closes on the island and stays there, but the carriers hold a
  hex off it, at H5 (at Midway the Japanese submarines, which close on the island, sank them turn after
  turn); they search first, with Midway's and Johnston's patrols only (a dive bomber sent scouting is
  lost to the turn's raids, and often ditches), each patrol centred where it covers the most of the
  Japanese side within five hexes of Midway left uncovered, and fight the naval battles only with
  their submarines.
* *Both* search before striking, centre each search on the enemy's contacts (Japan, without any, on
  the way between its side of the map and Midway), raid every hex where an enemy ship was found with
  every aircraft in range, the one holding carriers first, aim bombs, torpedoes and gunfire at
  carriers, then battleships, cruisers and transports, and never concede (conceding is a standing option,
  VAM-R30, which no decision offers).

Measured on rules version 0.2 (BENCHMARKS.md has the figures of the current rules) against random play, 60 games a
side (seeds 3000-3059): Japan 90% [80, 95] (random Japan:
23.5%), the Americans 98% [91, 99.7] (random: 76.5%). Japan against random play over seeds 7000-7299, one
change at a time: 266 games of 300 before, 281 with land combat spread over the companies (Midway taken in
270 instead of 241), 280 with ST11 at Kure (lost to submarines on its own in 82 games), 277 with every
destroyer and ST11 beside the troopships (transports lost 11 times instead of 38, but the unscreened warships
at F7 were torpedoed: 328 battleship and cruiser losses instead of 122), 285 with every other destroyer
(every third: 285, Midway taken in 263 instead of 277); on fresh seeds 9000-9299, 255 before and 276 after;
holding the carriers at E5 instead of Midway took Japan from 83% to 93% over 30 games, no Midway raid
from 48% to 83%. The American plan above, heuristic against heuristic (seeds 7000-7029): searching the
Japanese side instead of K4, east of Midway, took the Americans from 8 wins of 30 to 15, no scouts
as well to 18, the carriers at H5 as well to 30 (at I5 29, G5 25, G6 23, I4 18; the whole fleet at H5
with them 29, and Japan then took Midway in 19 games instead of 4).

**Sampler**: :mod:`midway.rulesets.vam.sampler`, at the phase-1 orders, the phase-2 raids, the phase-6
bombers' targets and the phase-8 naval declarations: the enemy's hidden ships on a walk from their start
within their speed, never where this turn's searches looked; its aircraft at their setup; the side's own
bookkeeping the view leaves out drawn to match the decision. The search agent searches where a carrier's
group sails, whether and where to raid, which ship each bomber attacks and which naval battles and
submarine attacks to declare (:func:`worth_searching`); the heuristic plays the rest, and playouts read the
state directly (:func:`_glance`) rather than build a view per choice. **Evaluation**: VP and losses
(:func:`midway.ai.kit.statistics_evaluation`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from midway.ai.kit import ranked_choice, statistics_evaluation
from midway.engine import Decision, State
from midway.engine.chance import SeededDice
from midway.rulesets.vam.data import DATA, distance
from midway.rulesets.vam.views import PHASE_NAMES, targets_given

MIDWAY = DATA.midway
_NEIGHBOURS = {h: frozenset(ns) for h, ns in DATA.neighbours.items()}
_HERE = {ns: h for h, ns in _NEIGHBOURS.items()}
"""A hex from its set of neighbours (a move menu offers exactly the neighbours of the ship's hex)."""
TARGET_RANK = {"CV": 0, "CVL": 1, "BB": 2, "TT": 3, "CA": 4, "SFT": 5, "ST": 6, "CL": 7, "DD": 8, "SS": 9}
"""Which enemy ship a bomb, torpedo or shell is worth most on (carriers first)."""
MIDWAY_RAID = {"ijn": 0, "usn": 99}
"""Aircraft a side commits to the Midway raid each turn. Japan none: its raids cost it more aircraft (VP)
than they help, since only the landing can take the island and the battleships' bombardment wears the
garrison down as well (measured: 48% of games won against random play with 8, 83% with none). The
Americans raid the Japanese troops once ashore with everything."""
BOMBERS = frozenset({"D", "T", "M", "H"})
BOMBERS_LEAD = {"ijn": True, "usn": False}
"""Whether a side's raids are made of bombers, its fighters flying only as their escort: fighters alone sink nothing,
and while they fly they are away from their carriers' defence and rest the next turn."""
TOP = {
    "ijn": ("en", "ku", "mv", "se", "mr", "done"),
    "usn": ("mv", "se", "mr", "done"),
}
"""The phase-1 menu, in the order each side gives its orders: its moves first, since the scouts and the Midway raid
fly from where the carriers end them, and an aircraft's mission closes the carriers' moves (VAM-R48)."""
CARRIER_TYPES = frozenset({"CV", "CVL"})
CARRIER_HEX: dict[str, str | None] = {"ijn": "F4", "usn": "H5"}
"""Where a side's carriers hold: Japan's out of the island's reach, the Americans' a hex off it, out of the way of
the Japanese submarines and battleships that close on Midway (None: with the fleet, at Midway)."""
STAGING_HEX: dict[str, str | None] = {"ijn": "F7", "usn": None}
"""Where Japan's battleships, cruisers and destroyers wait until the landing is near (None: straight to Midway): the
transports reach Midway about turn 22, and a fleet there from turn 8 is torpedoed by the American submarines, which
close on the island, night and day."""
LANDING_TYPES = frozenset({"TT", "SFT", "ST"})
TROOPSHIPS = frozenset({"TT", "SFT"})
LANDING_NEAR = 3
"""A transport this near Midway brings the warships in to bombard the garrison before the landing."""
ESCORTS: dict[str, frozenset[str]] = {"ijn": frozenset({"DD"}), "usn": frozenset()}
"""Ship types of which every other one (:func:`_escort`) sails with the troopships (:func:`_convoy_hex`): Japan's
destroyers screen them from the American submarines ([Les sous-marins]); the others screen the warships."""
BATTLE = {"ijn": ("s:", "b:"), "usn": ("s:",)}
"""Naval battles each side declares (``b:`` a surface battle, ``s:`` a submarine attack)."""
ENEMY_SIDE_HEX = {"usn": "K4", "ijn": "D5"}
"""Where Japan's searches look when no contact is known (the Americans cover SEARCH_ZONE instead)."""
SCOUTS = {"ijn": 2, "usn": 0}
"""Dive bombers a side sends scouting each turn ([Recherches aériennes], VAM-R09): each is lost to the turn's raids
and, flown to the edge of its reach while its carrier moves, often ditches."""
_TO_MIDWAY = {h: distance(h, MIDWAY) for h in DATA.neighbours}
"""Each hex's distance to Midway, found once (the heuristic asks it at many of a playout's choices)."""
SEARCH_ZONE: dict[str, frozenset[str] | None] = {
    "ijn": frozenset(h for h, d in _TO_MIDWAY.items() if d <= 3 and h[0] >= chr(ord(MIDWAY[0]) - 1)),
    "usn": frozenset(h for h, d in _TO_MIDWAY.items() if d <= 5 and h[0] <= MIDWAY[0]),
}
"""Where a side's searches look when no contact is known, each centred where it covers the most of the zone not yet
covered this turn (hexes nearer Midway first); None: at ENEMY_SIDE_HEX."""
_SEARCH_WEIGHTS = {
    side: {h: tuple((x, 6 - _TO_MIDWAY[x]) for x in (h, *_NEIGHBOURS[h]) if x in zone) for h in DATA.neighbours}
    for side, zone in SEARCH_ZONE.items()
    if zone is not None
}
"""What a search centred on each hex covers of ``SEARCH_ZONE[side]`` (its hex and neighbours), each with its
weight, the more the nearer Midway (:func:`_search_centre`): found once, not at every search of a playout."""


def _ids(decision: Decision) -> list[str]:
    return [o[0] for o in decision.options]


def _unit(ref: str) -> Any:
    return DATA.units.get(ref)


def _contacts(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    st = view.get("state") or {}
    return list(st.get("contacts") or ())


def _search_centre(view: Mapping[str, Any], side: str, hexes: list[str]) -> str:
    """A search's centre: on the most valuable contact, else where it covers the most of SEARCH_ZONE that this
    turn's searches so far leave uncovered and that is out of the fog (the hexes nearer Midway weigh more)."""
    zone = SEARCH_ZONE[side]
    if zone is None or _contacts(view):
        aim = _target_hex(view, side)
        return min(hexes, key=lambda h: (distance(h, aim), h))
    st = view.get("state") or {}
    seen = set(st.get("fog") or ())
    for order in (st.get("orders") or {}).get("se") or ():
        if order[1]:
            seen.add(order[1])
            seen |= _NEIGHBOURS[order[1]]

    weights = _SEARCH_WEIGHTS[side]

    def gain(h: str) -> int:
        return sum(w for x, w in weights[h] if x not in seen)

    return min(hexes, key=lambda h: (-gain(h), _TO_MIDWAY[h], h))


def _searches_left(view: Mapping[str, Any], side: str) -> int:
    """The chosen air searches (scouts apart) ``side`` may still order this turn, as the view tells them (VAM-R09)."""
    st = view.get("state") or {}
    if st.get("night"):
        return 0
    used: dict[str, int] = {}
    for order in (st.get("orders") or {}).get("se") or ():
        used[order[0]] = used.get(order[0], 0) + 1
    midway = st.get("midway") or {}
    left = 0
    for key, s in DATA.searches.items():
        if s.automatic or s.side != side or s.origin in ("carrier", "ship"):
            continue
        if key in ("midway_long", "midway_short"):
            n = 0 if midway.get("closed", True) else int(midway.get(key[7:], 0))
        elif key == "kure_area":
            n = s.count if (st.get("kure") or {}).get("operational") else 0
        else:
            n = s.count
        left += max(0, n - used.get(key, 0))
    return left


def _wants_search(view: Mapping[str, Any], side: str) -> bool:
    """Whether to order one more air search: a chosen one is left, or a scout under the side's SCOUTS."""
    if SCOUTS[side] >= 99:
        return True
    se = ((view.get("state") or {}).get("orders") or {}).get("se") or ()
    return _searches_left(view, side) > 0 or sum(1 for o in se if o[0] == "scout") < SCOUTS[side]


def _target_hex(view: Mapping[str, Any], side: str) -> str:
    """Where this side's searches and raids look: its most valuable contact, else the enemy's approach."""
    contacts = sorted(_contacts(view), key=lambda c: (TARGET_RANK.get(c.get("type", ""), 10), c.get("hex") or ""))
    for c in contacts:
        if c.get("hex"):
            return str(c["hex"])
    return ENEMY_SIDE_HEX[side]


def _carriers(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The side's carriers on the map not yet ordered this turn (ordered one at a time, before the rest)."""
    st = view.get("state") or {}
    ordered = (st.get("orders") or {}).get("mv") or {}
    return [
        x
        for x in st.get("ships") or ()
        if x.get("type") in CARRIER_TYPES and x.get("status") == "map" and x["id"] not in ordered
    ]


def _landing_near(view: Mapping[str, Any]) -> bool:
    """Whether the landing is near: a loaded transport within LANDING_NEAR of Midway, or troops already ashore."""
    st = view.get("state") or {}
    if any(t.get("status") == "ashore" for t in st.get("troops") or ()):
        return True
    return any(
        x.get("type") in TROOPSHIPS and x.get("status") == "map" and _TO_MIDWAY[x["hex"]] <= LANDING_NEAR
        for x in st.get("ships") or ()
    )


def _convoy_hex(view: Mapping[str, Any]) -> str | None:
    """The hex holding the most troopships on the map (ties: the nearer Midway), or None."""
    count: dict[str, int] = {}
    for x in (view.get("state") or {}).get("ships") or ():
        if x.get("type") in TROOPSHIPS and x.get("status") == "map" and x.get("hex"):
            count[x["hex"]] = count.get(x["hex"], 0) + 1
    if not count:
        return None
    return min(count, key=lambda h: (-count[h], _TO_MIDWAY[h], h))


def _escort(view: Mapping[str, Any], side: str, ship: Mapping[str, Any]) -> bool:
    """Whether ``ship`` is one of the escorts that sail with the troopships: every other one of the side's ESCORTS
    afloat, by id (the rest screen the warships)."""
    escorts = sorted(
        x["id"]
        for x in (view.get("state") or {}).get("ships") or ()
        if x.get("type") in ESCORTS[side] and x.get("status") == "map"
    )
    return ship["id"] in escorts[::2]


def _goal(view: Mapping[str, Any], side: str, ship: Mapping[str, Any]) -> str:
    """Where a ship sails: the carriers to CARRIER_HEX; Japan's warships wait at STAGING_HEX until the landing is
    near; everything else to Midway."""
    code = ship.get("type")
    if code in CARRIER_TYPES and CARRIER_HEX[side]:
        return str(CARRIER_HEX[side])
    if code == "ST":  # the seaplane tender sails with the troopships to Kure, builds the base there and stays
        convoy = _convoy_hex(view)  # ([Transports d'hydravions japonais]: no submarine attacks it once building)
        if convoy is not None and _TO_MIDWAY[convoy] > _TO_MIDWAY[DATA.kure]:
            return convoy
        return DATA.kure
    if code in ESCORTS[side] and _escort(view, side, ship):
        convoy = _convoy_hex(view)
        if convoy is not None:
            return convoy
    if STAGING_HEX[side] and code not in LANDING_TYPES and code != "SS" and not _landing_near(view):
        return str(STAGING_HEX[side])
    return MIDWAY


def _subject_goal(view: Mapping[str, Any], side: str, prompt: str, here: str | None) -> str:
    """The goal of the ship or group a move menu is about (its prompt names the ship, or the group's hex)."""
    subject = prompt.split(" : ")[0]
    st = view.get("state") or {}
    ordered = (st.get("orders") or {}).get("mv") or {}
    ships = [x for x in st.get("ships") or () if x.get("status") == "map"]
    named = [x for x in ships if x["id"] == subject]
    if not named:
        named = [x for x in ships if x.get("hex") == here and x["id"] not in ordered]
    if side == "ijn" or any(x.get("type") in CARRIER_TYPES for x in named):
        return _goal(view, side, named[0]) if named else MIDWAY
    return MIDWAY


def _move(view: Mapping[str, Any], side: str, ids: list[str], prompt: str = "") -> str:
    """A ship's move: the neighbour nearest its goal (:func:`_goal`); stay once there; never leave the map."""
    moves = [i for i in ids if i.startswith("to:")]
    here = _HERE.get(frozenset(i[3:] for i in moves))
    goal = _subject_goal(view, side, prompt, here)
    if here == goal and "stay" in ids:
        return "stay"
    return min(moves, key=lambda i: (distance(i[3:], goal), i))


def _first_to_order(view: Mapping[str, Any], side: str, ids: list[str]) -> str | None:
    """Japan's ships ordered one by one: the first ship whose goal differs from another's in its hex (a group order
    moves the hex's ships together)."""
    st = view.get("state") or {}
    ships = {x["id"]: x for x in st.get("ships") or ()}
    by_hex: dict[str, set[str]] = {}
    for i in ids:
        if i.startswith("s:") and i[2:] in ships:
            x = ships[i[2:]]
            by_hex.setdefault(x["hex"], set()).add(_goal(view, side, x))
    for i in ids:
        if i.startswith("s:") and i[2:] in ships and len(by_hex[ships[i[2:]]["hex"]]) > 1:
            return i
    return None


def _orders(view: Mapping[str, Any], decision: Decision, dice: SeededDice, moves: bool = True) -> str:
    """A phase-1 order; without ``moves`` (a playout) the ships are not ordered and keep their course (VAM-R20)."""
    side = decision.side
    ids = _ids(decision)
    st = view.get("state") or {}
    if "done" in ids:  # the top menu
        mr = len((st.get("orders") or {}).get("mr") or ())
        for key in TOP[side]:
            if key == "mr" and mr >= MIDWAY_RAID[side]:
                continue
            if key == "mv" and not moves:
                continue
            if key == "se" and "se" in ids and not _wants_search(view, side):
                continue
            if key in ids:
                return key
        return "done"
    if any(i.startswith("to:") for i in ids):
        if "stay" in ids:
            return _move(view, side, ids, decision.prompt)
        hexes = [i[3:] for i in ids if i.startswith("to:")]
        if all(h.startswith(DATA.columns[0]) for h in hexes):  # entry by column A
            return "to:" + min(hexes, key=lambda h: (_TO_MIDWAY[h], h))
        return "to:" + _search_centre(view, side, hexes)  # a search
    if CARRIER_HEX[side]:  # a carrier is ordered on its own, first
        carriers = {x["id"] for x in _carriers(view)}
        for i in ids:
            if i.startswith("s:") and i[2:] in carriers:
                return i
    if STAGING_HEX[side]:
        single = _first_to_order(view, side, ids)
        if single is not None:
            return single
    for prefix in ("g:", "s:", "k:", "scout", "a:"):
        pool = [i for i in ids if i.startswith(prefix)]
        if pool:
            if prefix == "a:":  # bombers before fighters for the Midway raid; any aircraft for a scout
                pool.sort(key=lambda i: (_code(i[2:]) not in ("D", "T", "H", "M"), i))
            return pool[0]
    return ranked_choice(decision, dice, ())


def _code(uid: str) -> str:
    d = _unit(uid)
    return d.code if d is not None else ""


def _raids(view: Mapping[str, Any], decision: Decision, dice: SeededDice) -> str:
    ids = _ids(decision)
    if "rd" in ids:
        return "rd"
    hexes = [i for i in ids if i.startswith("h:")]
    if hexes:
        ranked = {}
        for c in _contacts(view):
            h = c.get("hex")
            if h:
                ranked[h] = min(ranked.get(h, 10), TARGET_RANK.get(c.get("type", ""), 10))
        return min(hexes, key=lambda i: (ranked.get(i[2:], 10), i))
    planes = [i for i in ids if i.startswith("a:")]
    if planes and not BOMBERS_LEAD[decision.side]:
        return planes[0]
    if planes:
        bombers = [i for i in planes if _code(i[2:]) in BOMBERS]
        if bombers:
            return bombers[0]
        rd = ((view.get("state") or {}).get("orders") or {}).get("rd") or ()
        if rd and any(_code(a) in BOMBERS for a in rd[-1][1]):
            return planes[0]  # the fighters escort the bombers
    return "end" if "end" in ids else "done"


def _target(view: Mapping[str, Any], decision: Decision, dice: SeededDice) -> str:
    """A target: in land combat the first enemy unit no other of the side's troops aims at yet (every unit ashore is
    worth the same, and a second shot at one may be wasted on a unit already gone); else the most valuable ship
    (TARGET_RANK); else one at random."""
    ids = _ids(decision)
    shots = [i for i in ids if i.startswith("t:")]
    if not shots:
        return "done" if "done" in ids else ids[0]
    st = view.get("state") or {}
    if str(st.get("phase", "")).startswith("11"):
        aimed = {t for _a, t in st.get("targets") or ()}
        free = [i for i in shots if i[2:] not in aimed]
        if free:
            return free[0]
    ranked = [(TARGET_RANK.get(_code(i[2:]), 10), i) for i in shots]
    best = min(ranked)
    if best[0] >= 10:  # aircraft slots or troops: the rule's default targets
        return shots[dice.randint(0, len(shots) - 1)]
    return best[1]


def policy(view: Mapping[str, Any], decision: Decision, dice: SeededDice, moves: bool = True) -> str:
    kind = decision.kind
    ids = _ids(decision)
    if kind == "orders":
        return _orders(view, decision, dice, moves)
    if kind == "raids":
        return _raids(view, decision, dice)
    if kind == "target":
        return _target(view, decision, dice)
    if kind == "landing":
        return next((i for i in ids if i.startswith("l:")), "done")
    if kind == "battle":
        return ranked_choice(decision, dice, (*BATTLE[decision.side], "done"))
    if "done" in ids:
        return "done"
    return ranked_choice(decision, dice, ())


def _glance(state: Any, side: str) -> dict[str, Any]:
    """The few parts of ``side``'s view that :func:`policy` reads (its orders, carriers (Japan: every ship and its
    troops, for STAGING_HEX), contacts, the night, the fog and Midway's searches), read
    straight from a determinized state: a playout decides many times a turn, and a whole view is dear."""
    u = state.u
    if STAGING_HEX[side]:  # every ship, as the view lists them
        ships = [{"id": uid, "type": d.code, "status": u[uid]["st"], "hex": u[uid]["hex"]} for uid, d in _SHIPS[side]]
    else:
        ships = [
            {"id": uid, "type": d.code, "status": u[uid]["st"], "hex": u[uid]["hex"]}
            for uid, d in _CARRIERS[side]
            if u[uid]["st"] == "map"
        ]
    contacts = [
        {"id": x, "type": DATA.units[x].code, "hex": h} for x, h in sorted(state.seen[side].items()) if u[x]["lv"] > 0
    ]
    st = {"orders": state.orders[side], "ships": ships, "contacts": contacts, "night": state.night}
    st["fog"] = _FOG if state.fog else ()
    if state.step in _LAND_COMBAT:
        st["phase"] = PHASE_NAMES[state.step]
        st["targets"] = targets_given(state, side)
    if side == "usn":
        st["midway"] = state.midway
    if STAGING_HEX[side]:
        st["troops"] = [{"id": uid, "status": u[uid]["st"]} for uid in _TROOPS[side] if u[uid]["lv"] > 0]
    return {"side": side, "state": st}


_FOG = tuple(sorted(DATA.fog))
_LAND_COMBAT = frozenset({"p11a", "p11b"})
_CARRIERS = {
    s: tuple((uid, d) for uid, d in DATA.units.items() if d.side == s and d.kind == "ship" and d.code in CARRIER_TYPES)
    for s in ("usn", "ijn")
}
_SHIPS = {
    s: tuple((uid, d) for uid, d in DATA.units.items() if d.side == s and d.kind == "ship") for s in ("usn", "ijn")
}
_TROOPS = {s: tuple(uid for uid, d in DATA.units.items() if d.side == s and d.kind == "ground") for s in ("usn", "ijn")}


def worth_searching(view: Mapping[str, Any], decision: Decision) -> bool:
    """Whether the search agent spends its budget on ``decision``: where a group with a carrier sails (phase 1),
    whether to raid and which hex (phase 2), which ship each bomber attacks (phase 6: a choice whose worth shows
    within the turn, where depth-cut playouts judge well), which naval battles and submarine attacks to declare
    (phase 8). The other targets (fighters, anti-aircraft fire, landing, gunfire) and the rest of an order (the
    other ships, the search centres, the aircraft of a raid, one by one) are the heuristic's: a turn holds a
    hundred such choices, and a second each would make a game last an hour."""
    ids = decision.option_ids
    if decision.kind == "raids":
        return "done" in ids or any(i.startswith("h:") for i in ids)
    if decision.kind == "battle":
        return True
    if decision.kind == "target":
        return str((view.get("state") or {}).get("phase", "")).startswith("6 ")
    if decision.kind != "orders" or "stay" not in ids:
        return False
    subject = decision.prompt.split(" : ")[0]
    if subject in DATA.units:
        return DATA.units[subject].code in CARRIER_TYPES
    return any(x.get("hex") == subject for x in _carriers(view))


class VamKit:
    """The kit (see the module docstring)."""

    search_kinds = frozenset({"orders", "raids", "target", "battle"})
    """The phase-1 orders, the phase-2 raids, the targets (the sampler rebuilds those of phase 6, the bombers') and
    the phase-8 naval declarations (:mod:`midway.rulesets.vam.sampler` rebuilds those); among them
    :func:`worth_searching` picks the choices search is spent on."""
    search_depth = 80
    """About the rest of a turn from its orders: a playout sees the raids and combats the orders lead to."""

    def sample(
        self, game: Any, view: Mapping[str, Any], dice: SeededDice, decision: Decision | None = None
    ) -> State | None:
        from midway.rulesets.vam.sampler import sample

        if decision is None or not worth_searching(view, decision):
            return None
        return sample(game, view, dice, decision)

    def heuristic(self, view: Mapping[str, Any], decision: Decision, dice: SeededDice) -> str:
        return policy(view, decision, dice)

    def rollout(self, state: State, decision: Decision, dice: SeededDice) -> str:
        """The heuristic on a glance at the state; in a playout the ships not yet ordered keep their course (VAM-R20)
        instead of being ordered one by one: the playout reaches the turn's searches and raids sooner."""
        return policy(_glance(state, decision.side), decision, dice, moves=False)

    def evaluate(self, state: State, side: str) -> float:
        return statistics_evaluation(state, side)


KIT = VamKit()
