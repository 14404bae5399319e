"""[OPTIONAL HISTORICAL CONSTRAINTS] The optional constraints as restrictions on legal choices.

Only active with the ``historical_constraints`` option (M66-M71). Definitions (WS-R24):

- a *wave* is every strike group one side launches (Takeoff -> Search) in one move phase;
- *immediately* means before any other launch of that side, and (for Midway's squads) that
  the squads may only move forward on the flowcharts until they have launched;
- Japan's first wave must target Midway with at least 9 bombers and 4 Zeros (M66); its second
  wave must target Midway too (M68), with as many (WS-R35). A wave is built On Deck (WS-R35, revised): until the
  wave's bombers and Zeros are face up On Deck together, no Japanese squad goes On Deck -> Takeoff, its bombers
  come up (face down On Deck: below to rearm; face up below: up when there is room; face up On Deck: they hold),
  its Zeros come up while fewer than the wave needs are On Deck, and a spare Zero goes below to make room for a
  bomber waiting under it; once the wave is On Deck (judged at the start of Japan's move phase, :func:`start_move`)
  its bombers and Zeros go up to Takeoff together, and the next turn the whole Takeoff box launches against Midway
  (Takeoff stays under "must move": MOVE PHASE). Japan may launch against a Task Force only after a strike
  holding American carrier planes (squads set up on a carrier) has attacked it (M70), and its
  first such launch must be against Task Force 16, the Yorktown, while she is afloat (M71);
- Midway's bombers (squads set up on Midway, fighters excepted) must launch at once: until each
  has launched, it may not go below, stay, or land back from Takeoff, and the strike group it launches in must
  attack: it may not turn back from Search or 2nd Search but by a failed search roll (M67);
- the American carrier planes may launch only once Japan's second Midway wave has attacked, and
  their first wave is split into at least 4 strike groups when it has 4 squads or more (M69).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from midway.rulesets.warpspawn.board import DRINK, FIGHTERS, OUT, REFUEL_CAP, SIDE_IDS, Squad, is_fighter
from midway.rulesets.warpspawn.data import MIDWAY, RULES, STRIKE_BOXES, WARSHIPS

if TYPE_CHECKING:
    from midway.rulesets.warpspawn.game import WarpspawnState

RULE = "OPTIONAL HISTORICAL CONSTRAINTS"

IJN_ALL = (1 << len(SIDE_IDS["ijn"])) - 1
"""Every Japanese squad, as a squad set (:data:`~midway.rulesets.warpspawn.board.BIT`)."""
IJN_ZEROS = FIGHTERS["ijn"]
"""The Japanese Zeros, as a squad set."""
IJN_BOMBERS = IJN_ALL & ~IJN_ZEROS
"""The Japanese bombers (Kates, Vals, Judys), as a squad set."""
IJN_CARRIERS = WARSHIPS["ijn"]


def fresh() -> dict[str, int]:
    """The constraint bookkeeping of a new game. ``jp_ready``: Japan's next Midway wave is On Deck, judged at the
    start of Japan's move phase, and ``jp_escort`` the Zeros it takes up to Takeoff (WS-R35)."""
    return {
        "jp_waves": 0,
        "jp_wave2_attacked": 0,
        "us_carrier_struck": 0,
        "jp_tf_attacked": 0,
        "us_carrier_wave": 0,
        "jp_ready": 0,
        "jp_escort": 0,
    }


def _on(st: WarpspawnState) -> bool:
    return bool(st.options["historical_constraints"])


def _midway_bomber(sq: Squad) -> bool:
    return sq.side == "usn" and sq.origin == MIDWAY and not sq.flown and not is_fighter(sq)


def _carrier_plane(sq: Squad) -> bool:
    return sq.side == "usn" and sq.origin != MIDWAY


def jp_wave_due(st: WarpspawnState) -> bool:
    """[OPTIONAL] WS-R35: one of Japan's two Midway waves is still to launch."""
    return st.hc["jp_waves"] < 2


def _building(st: WarpspawnState) -> bool:
    """[OPTIONAL] WS-R35: a Midway wave is still to be built On Deck: fewer than two have launched, counting the one
    launching this phase (Japanese squads in Takeoff still to move, or a group launched this phase). While the
    second wave launches, nothing is owed to a third."""
    waves = st.hc["jp_waves"]
    if waves != 1:
        return waves == 0
    sets = st._sets["ijn"]
    return not (sets.air["takeoff"] & sets.idle or st.launched)


def _stranded(st: WarpspawnState, c: str) -> bool:
    """[OPTIONAL] WS-R35: Japanese carrier ``c``'s Refuel/Rearm squads cannot come up On Deck: its deck takes no
    squad (Out of Action, or capacity 0 after Deck Fires: WS-R08), or the deck is full of face-down squads (which
    may only go below, M27) while Refuel/Rearm is full, so that each box waits for the other."""
    cap = st._cap[c]
    if cap <= 0:
        return True
    return st._n_deck[c] >= cap and st._n_refuel[c] >= REFUEL_CAP[c] and not st._decks[c] & ~st._sets["ijn"].rearm


def _fleet(st: WarpspawnState) -> tuple[int, int, int, int]:
    """[OPTIONAL] M66, WS-R35: the bombers and Zeros Japan's next Midway wave needs, and the face-up bombers and
    Zeros On Deck now. A wave needs 9 bombers and 4 Zeros, or every one Japan has left that can still come up On
    Deck (not in The Drink, not below on a stranded carrier: :func:`_stranded`). Read from the squad sets."""
    sets = st._sets["ijn"]
    gone = sets.air[DRINK]
    deck = 0
    for c in IJN_CARRIERS:
        deck |= st._decks[c]
        if _stranded(st, c):
            gone |= st._refuels[c]
    left = IJN_ALL & ~gone
    up = deck & ~sets.rearm
    return (
        min((left & IJN_BOMBERS).bit_count(), RULES.first_wave_bombers),
        min((left & IJN_ZEROS).bit_count(), RULES.first_wave_zeros),
        (up & IJN_BOMBERS).bit_count(),
        (up & IJN_ZEROS).bit_count(),
    )


def _bomber_waiting(st: WarpspawnState, c: str) -> bool:
    """A face-up Japanese bomber in carrier ``c``'s Refuel/Rearm, waiting for room On Deck."""
    return bool(st._refuels[c] & IJN_BOMBERS & ~st._sets["ijn"].rearm)


def _settled(st: WarpspawnState, need_z: int, deck_z: int) -> bool:
    """[OPTIONAL] WS-R35: Japan's wave On Deck can grow no more: no Japanese squad is in the air (none will land),
    none is face down below a carrier it can come up on (none will rearm), and no squad on a carrier has a move
    toward the wave to make (:func:`_duty`). Then the wave is what is On Deck: a deck cut by Deck Fires, or squads
    stuck below, cannot keep it waiting for ever (and the American carriers with it, M69)."""
    sets = st._sets["ijn"]
    air = 0
    for box in STRIKE_BOXES:
        air |= sets.air[box]
    if air:
        return False
    down = sets.rearm
    for c in IJN_CARRIERS:
        if st.status[c] == OUT:
            continue
        deck, below = st._decks[c], st._refuels[c]
        room_up = st._n_deck[c] < st._cap[c]
        room_down = st._n_refuel[c] < REFUEL_CAP[c]
        up_below = below & ~down
        if below & down and not _stranded(st, c):
            return False  # rearming: face up next turn
        if room_down and deck & down:
            return False  # a face-down squad On Deck goes below
        if room_up and up_below & (IJN_BOMBERS | (IJN_ZEROS if deck_z < need_z else 0)):
            return False  # a bomber (or a Zero still needed) comes up
        if room_down and not room_up and deck_z > need_z and deck & ~down & IJN_ZEROS and up_below & IJN_BOMBERS:
            return False  # a spare Zero makes room for a bomber
    return True


def start_move(st: WarpspawnState, side: str) -> None:
    """[OPTIONAL] WS-R35: at the start of Japan's move phase, is its next Midway wave On Deck? It is when the face-up
    bombers and Zeros On Deck reach what the wave needs (:func:`_fleet`), or when at least one bomber is On Deck and
    the wave can grow no more (:func:`_settled`). Then its bombers and ``jp_escort`` Zeros (what it needs, or has)
    go up to Takeoff this phase."""
    hc = st.hc
    hc["jp_ready"] = hc["jp_escort"] = 0
    if side != "ijn" or not _building(st):
        return
    need_b, need_z, deck_b, deck_z = _fleet(st)
    if deck_b and ((deck_b >= need_b and deck_z >= need_z) or _settled(st, need_z, deck_z)):
        hc["jp_ready"] = 1
        hc["jp_escort"] = min(need_z, deck_z)


def _duty(st: WarpspawnState, sq: Squad, dests: list[str]) -> tuple[list[str], bool]:
    """[OPTIONAL] WS-R35: where a Japanese squad on a carrier may go while a Midway wave is built (:func:`_building`),
    of ``dests`` (its places by the general rules, or as this left them: the answer is the same), and whether it must
    go.

    While the wave is built On Deck, no squad goes On Deck -> Takeoff: a face-down squad On Deck goes below to
    rearm when there is room; a face-up bomber below comes up when there is room; a face-up bomber On Deck holds; a
    face-up Zero On Deck holds while the wave needs it, else it may go below, and must when a face-up bomber waits
    below its carrier for room On Deck; a face-up Zero below comes up while fewer Zeros than the wave needs are On
    Deck, else it may, unless a bomber waits below its carrier. Once the wave is On Deck (``jp_ready``), its face-up
    bombers On Deck go up to Takeoff, and its Zeros until ``jp_escort`` have; the rest is free."""
    hc = st.hc
    zero = sq.bit & IJN_ZEROS
    if hc["jp_ready"]:
        if sq.box == "deck" and "takeoff" in dests:
            if not zero:
                return ["takeoff"], True
            escorts = st._sets["ijn"].air["takeoff"] & IJN_ZEROS & ~st._sets["ijn"].idle  # gone up this phase
            if escorts.bit_count() < hc["jp_escort"]:
                return ["takeoff"], True
        return dests, False
    if sq.box == "deck":
        if sq.rearm:  # face down: its one place is below (M27)
            return dests, bool(dests)
        if not zero:
            return [], False
        _need_b, need_z, _deck_b, deck_z = _fleet(st)
        if deck_z <= need_z:
            return [], False
        below = [d for d in dests if d == "refuel"]
        c = sq.carrier
        return below, bool(below) and st._n_deck[c] >= st._cap[c] and _bomber_waiting(st, c)
    if not dests or not zero:  # a face-up bomber below comes up; a face-down squad cannot yet
        return dests, bool(dests)
    _need_b, need_z, _deck_b, deck_z = _fleet(st)
    if deck_z < need_z:
        return dests, True
    if _bomber_waiting(st, sq.carrier):
        return [], False
    return dests, False


def filter_squad_dests(st: WarpspawnState, sq: Squad, dests: list[str]) -> list[str]:
    """[OPTIONAL HISTORICAL CONSTRAINTS] Remove the destinations the constraints forbid (WS-R24, WS-R35)."""
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
            return launch  # WS-R35: the wave brought up to Takeoff launches against Midway, all of it
        out = [d for d in out if not d.startswith("search:")] + launch
    elif sq.side == "ijn":
        if sq.box in ("deck", "refuel") and _building(st):
            out = _duty(st, sq, out)[0]
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
    """[OPTIONAL HISTORICAL CONSTRAINTS] A group that "must attack" goes on to Attack, never back: one of Japan's two
    Midway waves (WS-R35: from Search, as Midway needs no search roll), or Midway's compulsory strike (M67, WS-R24:
    from Search or 2nd Search, to Attack with its search roll or, where it may, to an Immobilized carrier without one;
    after a failed roll the text's choice, Return I or 2nd Search, stays: :func:`~.move.fail_decision`). Other
    strike groups in flight are free (WS-R26)."""
    if not st._hc:
        return dests
    g = st.groups[gid]
    if (g["compulsory"] or (g["side"] == "ijn" and g["wave"] in (1, 2))) and "attack" in dests:
        return [d for d in dests if d.startswith("attack")]
    return dests


def _jp_bombers_left(st: WarpspawnState) -> bool:
    """WS-R35: with no bomber left that can still come up On Deck (:func:`_fleet`) Japan cannot fly its second Midway
    wave, and the American carriers do not wait for it."""
    return _fleet(st)[0] > 0


def may_stay(st: WarpspawnState, sq: Squad, dests: list[str]) -> bool:
    """[OPTIONAL] M67: Midway's bombers may not hold back before their first launch; WS-R35: nor may a Japanese
    squad that must move toward a Midway wave (``dests``: its places, as :func:`filter_squad_dests` left them)."""
    if not _on(st):
        return True
    if _midway_bomber(sq):
        return False
    if sq.side == "ijn" and sq.box in ("deck", "refuel") and _building(st):
        return not _duty(st, sq, dests)[1]
    return True


def done_allowed(st: WarpspawnState, listed: list[tuple[str, list[str]]]) -> bool:
    """[OPTIONAL] M67: ``done`` waits until every Midway bomber that can move forward has; WS-R35: until every
    Japanese squad on a carrier that must move toward a Midway wave, or up with it, has. (Squads in Takeoff must
    move anyway: MOVE PHASE, WS-R28.)"""
    if not _on(st):
        return True
    if st.mover == "usn":
        for unit, dests in listed:
            sq = st.squads.get(unit)
            if sq is not None and _midway_bomber(sq) and dests:
                return False
        return True
    if not _building(st):
        return True
    for unit, dests in listed:
        sq = st.squads.get(unit)
        if sq is not None and dests and sq.box in ("deck", "refuel") and _duty(st, sq, dests)[1]:
            return False
    return True


def wave_number(st: WarpspawnState, side: str, target: str) -> int:
    """Which Japanese Midway wave a group launched now belongs to (WS-R24); 0 otherwise."""
    if side == "ijn" and target == "midway":
        return st.hc["jp_waves"] + 1
    return 0


def on_launch(st: WarpspawnState, sq: Squad, gid: str) -> None:
    """[OPTIONAL] M67, WS-R24: a strike group that one of Midway's bombers forms or joins on its first launch holds
    Midway's compulsory strike ("must attack the Japanese immediately"): it is marked ``compulsory`` (see
    :func:`filter_group_dests`). Called before the squad counts as flown."""
    if _midway_bomber(sq):
        st.groups[gid]["compulsory"] = True


def end_move(st: WarpspawnState, side: str) -> None:
    """[OPTIONAL] End of a move phase: count the waves launched (WS-R24)."""
    hc = st.hc
    launched = [st.groups[g] for g in st.launched if g in st.groups or False]
    if side == "ijn":
        if any(g["target"] == "midway" for g in launched):
            hc["jp_waves"] += 1
        hc["jp_ready"] = hc["jp_escort"] = 0
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
