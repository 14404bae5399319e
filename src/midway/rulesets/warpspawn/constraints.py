"""[OPTIONAL HISTORICAL CONSTRAINTS] The optional constraints as restrictions on legal choices.

Only active with the ``historical_constraints`` option (M66-M71). Definitions (WS-R24):

- a *wave* is every strike group one side launches (Takeoff -> Search) in one move phase;
- *immediately* means before any other launch of that side, and (for Midway's squads) that
  the squads may only move forward on the flowcharts until they have launched;
- Japan's first wave must target Midway with at least 9 bombers and 4 Zeros (M66); its second
  wave must target Midway too (M68); Japan may launch against a Task Force only after a strike
  holding American carrier planes (squads set up on a carrier) has attacked it (M70), and its
  first such launch must be against Task Force 16, the Yorktown, while she is afloat (M71);
- Midway's bombers (squads set up on Midway, fighters excepted) must launch at once: until each
  has launched, it may not go below, stay, or land back from Takeoff (M67);
- the American carrier planes may launch only once Japan's second Midway wave has attacked, and
  their first wave is split into at least 4 strike groups when it has 4 squads or more (M69).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from midway.rulesets.warpspawn.board import OUT, Squad, is_fighter
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
        "jp_tf_launched": 0,
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


def first_wave_ready(st: WarpspawnState) -> bool:
    """[OPTIONAL] M66: Takeoff holds at least 9 unmoved bombers and 4 unmoved Zeros."""
    bombers = zeros = 0
    for sq in st.squads.values():
        if sq.side == "ijn" and sq.box == "takeoff" and not sq.moved:
            if is_fighter(sq):
                zeros += 1
            else:
                bombers += 1
    return bombers >= RULES.first_wave_bombers and zeros >= RULES.first_wave_zeros


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
            if hc["jp_tf_launched"] or st.status["yorktown"] == OUT:
                allowed_targets |= {"tf16", "tf17"}
            else:
                allowed_targets.add("tf16")
        launch = [d for d in launch if d.startswith("search:join:") or d.split(":")[2] in allowed_targets]
        if hc["jp_waves"] == 0:
            if _wave_in_progress(st, "ijn", "midway"):
                return launch  # M66: the whole Takeoff box goes with the first wave
            if not first_wave_ready(st):
                launch = []
        out = [d for d in out if not d.startswith("search:")] + launch
    elif sq.side == "usn":
        if _midway_bomber(sq):
            out = [d for d in out if d != "refuel" and not d.startswith("land:")]
        if _carrier_plane(sq) and sq.box == "takeoff":
            if not hc["jp_wave2_attacked"]:
                out = [d for d in out if not d.startswith("search:")]
            elif not hc["us_carrier_wave"] and len(st.launched) < RULES.carrier_wave_groups:
                out = [d for d in out if not d.startswith("search:join:")]
    return out


def filter_group_dests(st: WarpspawnState, gid: str, dests: list[str]) -> list[str]:
    """[OPTIONAL HISTORICAL CONSTRAINTS] Strike groups in flight are not constrained (WS-R24)."""
    return dests


def may_stay(st: WarpspawnState, sq: Squad) -> bool:
    """[OPTIONAL] M67: Midway's bombers may not hold back before their first launch."""
    return not (_on(st) and _midway_bomber(sq))


def done_allowed(st: WarpspawnState, listed: list[tuple[str, list[str]]]) -> bool:
    """[OPTIONAL] M67: ``done`` waits until every Midway bomber that can move forward has."""
    if not _on(st) or st.mover != "usn":
        return True
    for unit, dests in listed:
        sq = st.squads.get(unit)
        if sq is not None and _midway_bomber(sq) and dests:
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
        if any(g["target"] in ("tf16", "tf17") for g in launched):
            hc["jp_tf_launched"] = 1
    elif hc["jp_wave2_attacked"] and any(_carrier_plane(st.squads[m]) for g in launched for m in g["members"]):
        hc["us_carrier_wave"] = 1


def on_raid(st: WarpspawnState, side: str, target: str, members: list[str], waves: set[int]) -> None:
    """[OPTIONAL] After a raid: Japan's 2nd Midway wave has attacked (M69); American carrier
    planes have attacked (M70)."""
    if side == "ijn" and target == "midway" and 2 in waves:
        st.hc["jp_wave2_attacked"] = 1
    if side == "usn" and any(_carrier_plane(st.squads[m]) for m in members):
        st.hc["us_carrier_struck"] = 1
