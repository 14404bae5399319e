"""[ATTACK PHASE] American raids, then Japanese raids (M43), each in four segments (M47):
Interception, Anti-aircraft, Bombing, Damage.

A *raid* (WS-R06) is every American strike group in the Attack box (against the Japanese
fleet), or every Japanese strike group in the Attack box with the same declared target.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from midway.engine import Decision, Option
from midway.rulesets.warpspawn import constraints
from midway.rulesets.warpspawn.board import (
    ENEMY,
    IMMOBILIZED,
    OK,
    OUT,
    Squad,
    destroy,
    is_fighter,
    kind,
    name,
    recap,
    target_carriers,
)
from midway.rulesets.warpspawn.data import (
    CARRIER_ORDER,
    CARRIERS,
    MIDWAY,
    RULES,
    SQUAD_TYPES,
    TARGET_NAMES,
    TARGETS,
    WARSHIPS,
)

if TYPE_CHECKING:
    from midway.rulesets.warpspawn.game import WarpspawnState

RULE = "ATTACK PHASE"
R_INT = "INTERCEPTION SEGMENT"
R_AA = "ANTI-AIRCRAFT SEGMENT"
R_BOMB = "BOMBING SEGMENT"
R_DMG = "DAMAGE SEGMENT"


def start_attack(st: WarpspawnState) -> None:
    """[ATTACK PHASE] Only if some strike force is in an Attack box (M42): American raid first,
    then one Japanese raid per declared target (M43, WS-R06). Nautilus strikes first on turn 17
    (M72, WS-R12)."""
    st.stage, st.mover, st.sel, st.intercepted = "attack", "", "", []
    raids: list[list[str]] = []
    if st.options["nautilus"] and st.turn == RULES.nautilus_turn and any(st.status[c] != OUT for c in WARSHIPS["ijn"]):
        raids.append(["nautilus", "fleet"])
    if any(g["side"] == "usn" and g["box"] == "attack" for g in st.groups.values()):
        raids.append(["usn", "fleet"])
    for target in TARGETS:
        if any(g["side"] == "ijn" and g["box"] == "attack" and g["target"] == target for g in st.groups.values()):
            raids.append(["ijn", target])
    st.raids = raids
    if raids:
        st.emit("phase", f"Turn {st.turn}: attack phase", rule=RULE)


def raid_squads(st: WarpspawnState) -> list[Squad]:
    """The squads of the raid being resolved, still alive."""
    raid = st.raid
    return [st.squads[m] for gid in raid["groups"] if gid in st.groups for m in st.groups[gid]["members"]]


def defended(st: WarpspawnState) -> tuple[str, ...]:
    """[INTERCEPTION SEGMENT] Whose On Deck fighters defend (WS-R23): every carrier of the defender (the
    default, ``interception_scope = "fleet"``), or only the raid's target carriers under ``"target"``."""
    raid = st.raid
    defender = ENEMY[raid["side"]]
    if st.options["interception_scope"] == "fleet":
        return CARRIER_ORDER[defender]
    return target_carriers(raid["target"], raid["side"])


def _defending(st: WarpspawnState, sq: Squad, decks: tuple[str, ...]) -> bool:
    return sq.box in ("takeoff", "patrol") or (sq.box == "deck" and sq.carrier in decks)


def begin_raid(st: WarpspawnState, side: str, target: str) -> None:
    """[ATTACK PHASE] A raid starts: its composition is revealed to the defender (WS-R32)."""
    if side == "nautilus":
        st.raid = {"side": side, "target": target, "groups": [], "seg": "nautilus"}
        return
    groups = [
        gid
        for gid, g in st.groups.items()
        if g["side"] == side and g["box"] == "attack" and (side == "usn" or g["target"] == target)
    ]
    st.raid = {
        "side": side,
        "target": target,
        "groups": groups,
        "seg": "intercept",
        "assign": {},
        "hits": [],
        "i": 0,
        "waves": sorted({st.groups[g]["wave"] for g in groups}),
        "members": [m for g in groups for m in st.groups[g]["members"]],
    }
    sqs = raid_squads(st)
    counts: dict[str, int] = {}
    for sq in sqs:
        counts[sq.type] = counts.get(sq.type, 0) + 1
    listing = ", ".join(f"{n} {SQUAD_TYPES[t].name}" for t, n in counts.items())
    st.emit(
        "raid",
        f"{st.game.side_name(side)} raid on {TARGET_NAMES[target]}: {listing}",
        rule=RULE,
        data={"side": side, "target": target, "types": counts},
    )
    if not any(st.status[c] != OUT for c in target_carriers(target, side)):
        st.emit("raid", "the target is gone: the raid finds nothing to attack", rule="ATTACK PHASE; WS-R18")
        st.raid["seg"] = "end"


def intercept(st: WarpspawnState) -> None:
    """[INTERCEPTION SEGMENT] Each fighter in the attacker's Attack box and each face-up defending
    fighter On Deck, in Takeoff or on Patrol rolls once (M48, M49; once per phase, WS-R23); a
    hit on 1..air attack (Zero 3, Wildcat 3, Buffalo 2: M50); all rolls at once, then each side
    picks its own losses (M51, WS-R07, WS-R30)."""
    raid = st.raid
    side = raid["side"]
    defender = ENEMY[side]
    decks = defended(st)
    attackers = [sq for sq in raid_squads(st) if is_fighter(sq)]
    defenders = [
        sq
        for sq in st.squads.values()
        if sq.side == defender
        and is_fighter(sq)
        and not sq.rearm
        and sq.id not in st.intercepted
        and _defending(st, sq, decks)
    ]
    st.intercepted.extend(sq.id for sq in defenders)
    att_hits = _fighter_rolls(st, attackers, f"{st.game.side_name(side)} escort interception")
    def_hits = _fighter_rolls(st, defenders, f"{st.game.side_name(defender)} interception")
    st.emit(
        "interception",
        f"interception: {st.game.side_name(side)} {len(attackers)} fighters score {att_hits}, "
        f"{st.game.side_name(defender)} {len(defenders)} fighters score {def_hits}",
        rule=R_INT,
        data={"attacker_hits": att_hits, "defender_hits": def_hits},
    )
    if def_hits:
        st.alloc.append([side, def_hits, "raid", "shot down by interceptors"])
    if att_hits:
        st.alloc.append([defender, att_hits, "defense", "shot down by escorts"])


def _fighter_rolls(st: WarpspawnState, fighters: list[Squad], why: str) -> int:
    if not fighters:
        return 0
    dice = st.roll(len(fighters), 6, why=why, rule=R_INT)
    return sum(1 for sq, d in zip(fighters, dice, strict=True) if d <= SQUAD_TYPES[sq.type].air_attack)


def anti_aircraft(st: WarpspawnState) -> None:
    """[ANTI-AIRCRAFT SEGMENT] The attacked side rolls 4 (Japanese fleet) or 3 (American carriers,
    Midway) dice per raid (M53, M54, WS-R06); each 1 destroys an attacking squad, the attacker's
    choice (M55). Escorts are already counted in these numbers (M56)."""
    raid = st.raid
    if not raid_squads(st):
        return
    defender = ENEMY[raid["side"]]
    dice = st.roll(RULES.aa_rolls[defender], 6, why=f"{st.game.side_name(defender)} AA", rule=R_AA)
    hits = sum(1 for d in dice if d <= RULES.aa_hit_max)
    if hits:
        st.alloc.append([raid["side"], hits, "raid", "shot down by AA"])


def bomber_targets(st: WarpspawnState, sq: Squad) -> list[str]:
    """[BOMBING SEGMENT] The carriers a bomber may attack: any Japanese carrier (M44), a carrier of
    the declared target (M45); only Immobilized ones if its group skipped the search (WS-R15)."""
    raid = st.raid
    out = [c for c in target_carriers(raid["target"], raid["side"]) if st.status[c] != OUT]
    if st.groups[sq.group]["restricted"]:
        out = [c for c in out if st.status[c] == IMMOBILIZED]
    return out


def next_bomber(st: WarpspawnState) -> Squad | None:
    """Assign targets in order; the first bomber with a real choice, if any (M57)."""
    raid = st.raid
    for sq in raid_squads(st):
        if is_fighter(sq) or sq.id in raid["assign"]:
            continue
        cands = bomber_targets(st, sq)
        if len(cands) > 1:
            return sq
        raid["assign"][sq.id] = cands[0] if cands else ""
    return None


def target_decision(st: WarpspawnState, sq: Squad) -> Decision:
    return st.decide(
        sq.side,
        f"Target for {name(sq)} {sq.id}",
        R_BOMB,
        [
            Option(f"target:{sq.id}:{c}", f"attack {CARRIERS[c].name} ({st.status[c]})", {"squad": sq.id, "carrier": c})
            for c in bomber_targets(st, sq)
        ],
        kind="target",
    )


def bombing(st: WarpspawnState) -> None:
    """[BOMBING SEGMENT] Each surviving bomber and torpedo squad rolls 1..AS to hit (M57); a torpedo
    hit is dodged on 1-2 unless the carrier is Immobilized (M58, M60); Midway cannot dodge but
    ignores torpedoes (M63, WS-R34)."""
    raid = st.raid
    for sq in raid_squads(st):
        carrier = raid["assign"].get(sq.id, "")
        if is_fighter(sq) or not carrier:
            continue
        t = SQUAD_TYPES[sq.type]
        k = kind(st, sq)
        (die,) = st.roll(1, 6, why=f"{t.name} attacks {CARRIERS[carrier].name}", rule=R_BOMB)
        if die > t.anti_ship:
            continue
        if k == "torpedo" and carrier != MIDWAY and st.status[carrier] == OK:
            (dodge,) = st.roll(1, 6, why=f"{CARRIERS[carrier].name} dodges the torpedo", rule=R_BOMB)
            if dodge <= RULES.dodge_max:
                st.emit("dodge", f"{CARRIERS[carrier].name} dodges the torpedo", rule=R_BOMB)
                continue
        raid["hits"].append([sq.id, k, carrier])
        st.emit(
            "hit", f"{t.name} hits {CARRIERS[carrier].name} ({k})", rule=R_BOMB, data={"carrier": carrier, "kind": k}
        )


def damage(st: WarpspawnState, k: str, carrier: str) -> None:
    """[DAMAGE SEGMENT] One hit: 1-4 Out of Action, 5-6 Immobilized (M59); a bomb that immobilizes
    also starts a Deck Fire (M61, WS-R08, WS-R09). Midway: torpedoes do nothing (M63), a bomb
    destroys a runway on 1-4 (M64)."""
    cname = CARRIERS[carrier].name
    if carrier == MIDWAY:
        if k == "torpedo":
            st.emit("damage", "the torpedo has no effect on Midway Island", rule=R_DMG)
            return
        (die,) = st.roll(1, 6, why="Midway runway damage", rule=R_DMG)
        if die <= RULES.runway_loss_max and st.runways > 0:
            st.runways -= 1
            recap(st)
            st.emit(
                "damage",
                f"a runway of Midway is destroyed ({st.runways} left)",
                rule=R_DMG,
                data={"runways": st.runways},
            )
        else:
            st.emit("damage", "Midway's runways hold", rule=R_DMG)
        return
    if st.status[carrier] == OUT:
        st.emit("damage", f"{cname} is already out of action", rule=R_DMG)
        return
    (die,) = st.roll(1, 6, why=f"damage to {cname}", rule=R_DMG)
    if die <= RULES.out_of_action_max:
        out_of_action(st, carrier)
        return
    st.status[carrier] = IMMOBILIZED
    recap(st)
    st.emit("damage", f"{cname} is immobilized", rule=R_DMG, data={"carrier": carrier, "status": IMMOBILIZED})
    if k == "bomb":
        st.deck_cap[carrier] = max(0, st.deck_cap[carrier] - RULES.deck_fire_capacity)
        recap(st)
        st.emit(
            "damage",
            f"deck fire on {cname}: On Deck capacity now {st.deck_cap[carrier]}",
            rule=R_DMG,
            data={"carrier": carrier, "deck_capacity": st.deck_cap[carrier]},
        )
        st.alloc.append([CARRIERS[carrier].side, RULES.deck_fire_losses, f"deckfire:{carrier}", "deck fire"])


def out_of_action(st: WarpspawnState, carrier: str) -> None:
    """[DAMAGE SEGMENT] Out of Action: the carrier is destroyed for good (WS-R10) with every squad
    on board (M62). Victory is judged once the whole Attack Phase has resolved, not here (WS-R18): raids
    still in the Attack box fly after the last enemy carrier falls."""
    st.status[carrier] = OUT
    recap(st)
    st.emit(
        "damage", f"{CARRIERS[carrier].name} is out of action", rule=R_DMG, data={"carrier": carrier, "status": OUT}
    )
    for sq in list(st.squads.values()):
        if sq.carrier == carrier and sq.box in ("deck", "refuel"):
            destroy(st, sq, f"lost with {CARRIERS[carrier].name}", rule=R_DMG, combat=True)


def end_raid(st: WarpspawnState) -> None:
    """[ATTACK PHASE] After the raid: fighters that flew on through 2nd Search ditch (M38, WS-R13)."""
    raid = st.raid
    if raid["side"] != "nautilus":
        for sq in raid_squads(st):
            if sq.ditch:
                sq.ditch = False
                destroy(
                    st, sq, "ditched after the attack (2nd Search fighter)", rule="MOVE PHASE; WS-R13", combat=False
                )
        constraints.on_raid(st, raid["side"], raid["target"], raid["members"], set(raid["waves"]))
    st.raid = None


def nautilus_targets(st: WarpspawnState) -> list[str]:
    return [c for c in WARSHIPS["ijn"] if st.status[c] != OUT]


def nautilus(st: WarpspawnState, carrier: str) -> None:
    """[OPTIONAL HISTORICAL CONSTRAINTS] USS Nautilus: a free torpedo attack on turn 17 that hits on
    1-3; the target may dodge and the damage table applies (M72, WS-R12)."""
    (die,) = st.roll(
        1, 6, why=f"USS Nautilus torpedoes {CARRIERS[carrier].name}", rule="OPTIONAL HISTORICAL CONSTRAINTS"
    )
    st.raid["seg"] = "end"
    if die > RULES.nautilus_hit_max:
        st.emit("nautilus", "USS Nautilus misses", rule="OPTIONAL HISTORICAL CONSTRAINTS")
        return
    if st.status[carrier] == OK:
        (dodge,) = st.roll(1, 6, why=f"{CARRIERS[carrier].name} dodges the torpedo", rule=R_BOMB)
        if dodge <= RULES.dodge_max:
            st.emit("dodge", f"{CARRIERS[carrier].name} dodges Nautilus's torpedo", rule=R_BOMB)
            return
    damage(st, "torpedo", carrier)


# ------------------------------------------------------------------ allocation
def pool(st: WarpspawnState, side: str, spec: str) -> list[Squad]:
    """[INTERCEPTION SEGMENT] The squads a side may lose now (WS-R07): the raid, the defence (On Deck
    of the defended carriers, Takeoff, Patrol), or a burning carrier: its On Deck squads while any are
    left, then its Refuel/Rearm squads (WS-R09), so a Deck Fire destroys 2 squads whenever the carrier
    holds 2."""
    if spec == "raid":
        return raid_squads(st)
    if spec == "defense":
        decks = defended(st)
        return [sq for sq in st.squads.values() if sq.side == side and _defending(st, sq, decks)]
    carrier = spec.split(":")[1]
    deck = [sq for sq in st.squads.values() if sq.carrier == carrier and sq.box == "deck"]
    return deck or [sq for sq in st.squads.values() if sq.carrier == carrier and sq.box == "refuel"]


def _class(sq: Squad, hc: bool) -> tuple[object, ...]:
    """[INTERCEPTION SEGMENT] What tells one squad from another when its owner picks a loss (WS-R30): its type, box,
    carrier, group and face, the turns a fighter has flown on Patrol (M20: one at its fourth turn must land), and
    with the historical constraints whether it set up at Midway and has flown (WS-R24: what may launch and when)."""
    if hc:
        return (sq.type, sq.box, sq.carrier, sq.group, sq.rearm, sq.patrol, sq.origin == MIDWAY, sq.flown)
    return (sq.type, sq.box, sq.carrier, sq.group, sq.rearm, sq.patrol)


def choices(st: WarpspawnState) -> list[Squad]:
    """One representative squad per distinguishable class of the current loss pool."""
    side, _n, spec, _cause = st.alloc[0]
    seen: dict[tuple[object, ...], Squad] = {}
    hc = st._hc
    for sq in pool(st, side, spec):
        seen.setdefault(_class(sq, hc), sq)
    return list(seen.values())


def auto_alloc(st: WarpspawnState) -> bool:
    """Take losses where the owner has no real choice; False when he must choose (WS-R30).

    Losses left over when the pool is used up stay owed: a Deck Fire that empties the On Deck box
    goes on below, in Refuel/Rearm (WS-R09); the other pools do not refill, so the rest lapses."""
    entry = st.alloc[0]
    side, n, spec, cause = entry
    cands = pool(st, side, spec)
    if n <= 0 or not cands:
        st.alloc.pop(0)
        return True
    if n >= len(cands) or len({_class(sq, st._hc) for sq in cands}) == 1:
        for sq in cands[:n]:
            destroy(st, sq, cause, rule=_alloc_rule(spec), combat=True)
        entry[1] = n - min(n, len(cands))
        if entry[1] <= 0:
            st.alloc.pop(0)
        return True
    return False


def _alloc_rule(spec: str) -> str:
    return R_DMG if spec.startswith("deckfire") else R_INT


def _loss_label(sq: Squad) -> Callable[[], str]:
    """The words of a ``lose:`` option, made only when read (from the squad's place now)."""
    kind_name, box, carrier, rearm = name(sq), sq.box, sq.carrier, sq.rearm
    return lambda: (
        f"{kind_name} in {box}{' of ' + CARRIERS[carrier].name if carrier else ''}{' (face down)' if rearm else ''}"
    )


def alloc_decision(st: WarpspawnState) -> Decision:
    side, n, spec, cause = st.alloc[0]
    return st.decide(
        side,
        f"Choose a squad to lose ({cause}; {n} to go)",
        _alloc_rule(spec),
        [Option(f"lose:{sq.id}", _loss_label(sq), {"squad": sq.id}) for sq in choices(st)],
        kind="allocate",
    )


def lose(st: WarpspawnState, sid: str) -> None:
    """[INTERCEPTION SEGMENT] A player decides which of his squads are destroyed (M51), one at a time."""
    entry = st.alloc[0]
    destroy(st, st.squads[sid], entry[3], rule=_alloc_rule(entry[2]), combat=True)
    entry[1] -= 1
    if entry[1] <= 0:
        st.alloc.pop(0)


# ------------------------------------------------------------------ driver
def pending(st: WarpspawnState) -> Decision | None:
    """The attack phase's pending decision, if the driver stopped on one."""
    if st.alloc:
        return alloc_decision(st)
    raid = st.raid
    if raid is None:
        return None
    if raid["seg"] == "targets":
        sq = _first_choosing(st)
        return None if sq is None else target_decision(st, sq)
    if raid["seg"] == "nautilus":
        cands = nautilus_targets(st)
        return st.decide(
            "usn",
            "USS Nautilus: which carrier to torpedo?",
            "OPTIONAL HISTORICAL CONSTRAINTS",
            [Option(f"nautilus:{c}", f"torpedo {CARRIERS[c].name} ({st.status[c]})", {"carrier": c}) for c in cands],
            kind="target",
        )
    return None


def _first_choosing(st: WarpspawnState) -> Squad | None:
    raid = st.raid
    for sq in raid_squads(st):
        if not is_fighter(sq) and sq.id not in raid["assign"]:
            return sq
    return None


def advance(st: WarpspawnState) -> bool:
    """Run the attack phase forward; True when a side must decide, False when the phase is over."""
    while st.result is None:
        if st.alloc:
            if not auto_alloc(st):
                return True
            continue
        raid = st.raid
        if raid is None:
            if not st.raids:
                return False
            side, target = st.raids.pop(0)
            begin_raid(st, side, target)
            continue
        seg = raid["seg"]
        if seg == "nautilus":
            cands = nautilus_targets(st)
            if len(cands) > 1:
                return True
            if cands:
                nautilus(st, cands[0])
            else:
                raid["seg"] = "end"
        elif seg == "intercept":
            raid["seg"] = "aa"
            intercept(st)
        elif seg == "aa":
            raid["seg"] = "targets"
            anti_aircraft(st)
        elif seg == "targets":
            if next_bomber(st) is not None:
                return True
            raid["seg"] = "bomb"
        elif seg == "bomb":
            raid["seg"] = "damage"
            bombing(st)
        elif seg == "damage":
            if raid["i"] < len(raid["hits"]):
                _sid, k, carrier = raid["hits"][raid["i"]]
                raid["i"] += 1
                damage(st, k, carrier)
            else:
                raid["seg"] = "end"
        else:
            end_raid(st)
    return True


def assign(st: WarpspawnState, sid: str, carrier: str) -> None:
    st.raid["assign"][sid] = carrier
