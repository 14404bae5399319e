"""[OPTIONAL HISTORICAL CONSTRAINTS] The optional constraints as restrictions on legal choices.

Only active with the ``historical_constraints`` option (M66-M71). Definitions (WS-R24):

- a *wave* is every strike group one side launches (Takeoff -> Search) in one move phase;
- *immediately* means before any other launch of that side, and (for Midway's squads) that
  the squads may only move forward on the flowcharts until they have launched;
- Japan's first wave must target Midway with at least 9 bombers and 4 Zeros (M66); its second
  wave must target Midway too (M68), with as many (WS-R35); until each of the two has launched, Japan's
  bombers (and its Zeros, while Takeoff holds fewer than 4) may only move forward, its squads in
  Takeoff hold there, and once Takeoff is ready the wave must launch (WS-R35: "must attack
  immediately", "must be followed by a second attack"); Japan may launch against a Task Force only after a strike
  holding American carrier planes (squads set up on a carrier) has attacked it (M70), and its
  first such launch must be against Task Force 16, the Yorktown, while she is afloat (M71);
- Midway's bombers (squads set up on Midway, fighters excepted) must launch at once: until each
  has launched, it may not go below, stay, or land back from Takeoff (M67);
- the American carrier planes may launch only once Japan's second Midway wave has attacked, and
  their first wave is split into at least 4 strike groups when it has 4 squads or more (M69).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from midway.rulesets.warpspawn.board import DRINK, OUT, Squad, is_fighter
from midway.rulesets.warpspawn.data import MIDWAY, RULES

if TYPE_CHECKING:
    from midway.rulesets.warpspawn.game import WarpspawnState

RULE = "OPTIONAL HISTORICAL CONSTRAINTS"


def fresh() -> dict[str, int]:
    """The constraint bookkeeping of a new game."""
    return {
        "jp_waves": 0,
        "jp_wave2_attacked": 0,
        "us_carrier_struck": 0,
        "jp_tf_attacked": 0,
        "us_carrier_wave": 0,
    }


def _on(st: WarpspawnState) -> bool:
    return bool(st.options["historical_constraints"])


def _midway_bomber(sq: Squad) -> bool:
    return sq.side == "usn" and sq.origin == MIDWAY and not sq.flown and not is_fighter(sq)


def _carrier_plane(sq: Squad) -> bool:
    return sq.side == "usn" and sq.origin != MIDWAY


def _wave_in_progress(st: WarpspawnState, side: str, target: str | None = None) -> bool:
    return any(
        gid in st.groups and st.groups[gid]["side"] == side and target in (None, st.groups[gid]["target"])
        for gid in st.launched
    )


def jp_wave_due(st: WarpspawnState) -> bool:
    """[OPTIONAL] WS-R35: one of Japan's two Midway waves is still to launch."""
    return st.hc["jp_waves"] < 2


def _ijn_counts(st: WarpspawnState) -> tuple[int, int, int, int, int]:
    """Japan's bombers and Zeros afloat or aloft, its unmoved bombers and Zeros in Takeoff, and every Zero in
    Takeoff: the counts the Midway waves are judged by (M66, WS-R35), in one pass over the squads."""
    bombers = zeros = ready_b = ready_z = takeoff_z = 0
    for sq in st.squads.values():
        if sq.side != "ijn" or sq.box == DRINK:
            continue
        fighter = is_fighter(sq)
        if fighter:
            zeros += 1
        else:
            bombers += 1
        if sq.box == "takeoff":
            takeoff_z += fighter
            if not sq.moved:
                ready_z += fighter
                ready_b += not fighter
    return bombers, zeros, ready_b, ready_z, takeoff_z


def _wave_need(bombers: int, zeros: int) -> tuple[int, int]:
    """[OPTIONAL] M66, WS-R35: the bombers and Zeros a Japanese Midway wave needs, of those Japan has: 9 and 4, or
    every one it has left when it has fewer."""
    return min(bombers, RULES.first_wave_bombers), min(zeros, RULES.first_wave_zeros)


def first_wave_ready(st: WarpspawnState) -> bool:
    """[OPTIONAL] M66, WS-R35: Takeoff holds the unmoved bombers and Zeros of a Midway wave (9 and 4, or all
    Japan has left)."""
    bombers, zeros, ready_b, ready_z, _ = _ijn_counts(st)
    need_b, need_z = _wave_need(bombers, zeros)
    return ready_b >= max(need_b, 1) and ready_z >= need_z


def _step(sq: Squad) -> str:
    """The next box toward Takeoff of a squad on a carrier."""
    if sq.box == "refuel":
        return "deck"
    return "refuel" if sq.rearm else "takeoff"


def forward(st: WarpspawnState, sq: Squad, dests: list[str]) -> str:
    """[OPTIONAL] WS-R35: the one move a Japanese squad on a carrier must make while a Midway wave is due,
    or "" when it is free: a bomber goes on toward Takeoff (below when face down, up when face up and
    below, to Takeoff when face up On Deck); a Zero too, while Takeoff holds fewer Zeros than the wave
    needs."""
    if sq.side != "ijn" or sq.box not in ("deck", "refuel") or not jp_wave_due(st):
        return ""
    step = _step(sq)
    if step not in dests:
        return ""
    if is_fighter(sq):
        bombers, zeros, _, _, takeoff_z = _ijn_counts(st)
        if takeoff_z >= _wave_need(bombers, zeros)[1]:
            return ""
    return step


def filter_squad_dests(st: WarpspawnState, sq: Squad, dests: list[str]) -> list[str]:
    """[OPTIONAL HISTORICAL CONSTRAINTS] Remove the destinations the constraints forbid (WS-R24)."""
    if not _on(st) or not dests:
        return dests
    hc = st.hc
    out = dests
    if sq.side == "ijn" and sq.box == "takeoff":
        launch = [d for d in out if d.startswith("search:")]
        allowed_targets = {"midway"}
        if hc["jp_waves"] >= 2 and hc["us_carrier_struck"]:
            if hc["jp_tf_attacked"] or st.status["yorktown"] == OUT:
                allowed_targets |= {"tf16", "tf17"}
            else:
                allowed_targets.add("tf16")
        launch = [d for d in launch if d.startswith("search:join:") or d.split(":")[2] in allowed_targets]
        if jp_wave_due(st):
            # WS-R35: while a Midway wave is due, Takeoff holds for it; once ready, the whole box goes
            if _wave_in_progress(st, "ijn", "midway") or first_wave_ready(st):
                return launch
            return []
        out = [d for d in out if not d.startswith("search:")] + launch
    elif sq.side == "ijn":
        step = forward(st, sq, out)
        if step:
            out = [step]
    elif sq.side == "usn":
        if _midway_bomber(sq):
            out = [d for d in out if d != "refuel" and not d.startswith("land:")]
        if _carrier_plane(sq) and sq.box == "takeoff":
            if not hc["jp_wave2_attacked"] and _jp_bombers_left(st):
                out = [d for d in out if not d.startswith("search:")]
            elif not hc["us_carrier_wave"] and len(st.launched) < RULES.carrier_wave_groups:
                out = [d for d in out if not d.startswith("search:join:")]
    return out


def filter_group_dests(st: WarpspawnState, gid: str, dests: list[str]) -> list[str]:
    """[OPTIONAL HISTORICAL CONSTRAINTS] WS-R35: a group of Japan's two Midway waves "must attack": from Search it
    goes on to Attack (Midway needs no search roll), never back. Other strike groups in flight are free (WS-R24)."""
    if not st._hc:
        return dests
    g = st.groups[gid]
    if g["side"] == "ijn" and g["wave"] in (1, 2) and "attack" in dests:
        return ["attack"]
    return dests


def _jp_bombers_left(st: WarpspawnState) -> bool:
    """WS-R35: with no bomber left Japan cannot fly its second Midway wave, and the American carriers do not
    wait for it."""
    return any(sq.side == "ijn" and sq.box != DRINK and not is_fighter(sq) for sq in st.squads.values())


def may_stay(st: WarpspawnState, sq: Squad) -> bool:
    """[OPTIONAL] M67: Midway's bombers may not hold back before their first launch; WS-R35: nor may a Japanese
    squad that must move forward toward a Midway wave."""
    if not _on(st):
        return True
    if _midway_bomber(sq):
        return False
    return not forward(st, sq, [_step(sq)])


def done_allowed(st: WarpspawnState, listed: list[tuple[str, list[str]]]) -> bool:
    """[OPTIONAL] M67: ``done`` waits until every Midway bomber that can move forward has; WS-R35: until every
    Japanese squad that must move toward a Midway wave has, and until a ready wave has launched."""
    if not _on(st):
        return True
    if st.mover == "usn":
        for unit, dests in listed:
            sq = st.squads.get(unit)
            if sq is not None and _midway_bomber(sq) and dests:
                return False
        return True
    if not jp_wave_due(st):
        return True
    if not _wave_in_progress(st, "ijn", "midway") and first_wave_ready(st):
        return False
    for unit, dests in listed:
        sq = st.squads.get(unit)
        if sq is not None and forward(st, sq, dests):
            return False
    return True


def wave_number(st: WarpspawnState, side: str, target: str) -> int:
    """Which Japanese Midway wave a group launched now belongs to (WS-R24); 0 otherwise."""
    if side == "ijn" and target == "midway":
        return st.hc["jp_waves"] + 1
    return 0


def on_launch(st: WarpspawnState, sq: Squad, gid: str) -> None:
    """Bookkeeping when a squad launches (nothing to check: the options were filtered)."""


def end_move(st: WarpspawnState, side: str) -> None:
    """[OPTIONAL] End of a move phase: count the waves launched (WS-R24)."""
    hc = st.hc
    launched = [st.groups[g] for g in st.launched if g in st.groups or False]
    if side == "ijn":
        if any(g["target"] == "midway" for g in launched):
            hc["jp_waves"] += 1
    elif hc["jp_wave2_attacked"] and any(_carrier_plane(st.squads[m]) for g in launched for m in g["members"]):
        hc["us_carrier_wave"] = 1


def on_raid(st: WarpspawnState, side: str, target: str, members: list[str], waves: set[int]) -> None:
    """[OPTIONAL] After a raid: Japan's 2nd Midway wave has attacked (M69); American carrier
    planes have attacked (M70); Japan has counter-attacked a Task Force (M71)."""
    if side == "ijn" and target == "midway" and 2 in waves:
        st.hc["jp_wave2_attacked"] = 1
    if side == "usn" and any(_carrier_plane(st.squads[m]) for m in members):
        st.hc["us_carrier_struck"] = 1
    if side == "ijn" and target in ("tf16", "tf17"):
        st.hc["jp_tf_attacked"] = 1  # M71: the first counter-attack is the first raid on a Task Force, not a launch
