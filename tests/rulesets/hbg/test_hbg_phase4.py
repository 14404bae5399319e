"""hbg phase 4: 4.1 invasion, 4.2 CAP intercepts, 4.3 attacks on the Battle Board (HBG-R80..R94)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from midway.engine import FixedDice
from midway.engine.errors import IllegalChoiceError
from midway.rulesets.hbg import GAME
from midway.rulesets.hbg import battle as bb
from midway.rulesets.hbg.combat import STEPS, cap_destinations
from midway.rulesets.hbg.game import HbgState
from midway.rulesets.hbg.model import DATA


def blank(**options: object) -> HbgState:
    """A fresh game with nothing on the map: ships in reserve, aircraft in their hangars."""
    st = GAME.new(seed=1, options={"max_turns": 0, **options})
    assert isinstance(st, HbgState)
    for s in st.ships.values():
        s.zone, s.located = None, False
    for a in st.air.values():
        a.at, a.zone, a.mission, a.strike = "hangar", None, "", ""
    st.squalls = []
    return st


def ships(st: HbgState, zone: int, *ids: str, located: bool = True) -> None:
    for sid in ids:
        st.ships[sid].zone, st.ships[sid].located = zone, located


def fly(st: HbgState, aid: str, zone: int, mission: str = "strike", n: int | None = None) -> str:
    a = st.air[aid]
    a.at, a.zone, a.mission, a.strike = "air", zone, mission, aid
    if n is not None:
        a.n = n
    return aid


def enter(st: HbgState, step: str, dice: list[int] | None = None) -> None:
    st.step, st.sub, st.battle = step, {}, None
    if dice is not None:
        st.dice = FixedDice(dice)
    STEPS[step].enter(st)
    st._cache = None


def ask(st: HbgState) -> tuple[str, list[str]] | None:
    """The side asked and its option ids (None when the step asks nothing more)."""
    ds = STEPS[st.step].decisions(st)
    if not ds:
        return None
    side, d = next(iter(ds.items()))
    return side, list(d.option_ids)


def choose(st: HbgState, oid: str, side: str | None = None) -> None:
    """Answer the step's current question (validated like the engine does), staying in the step."""
    ds = STEPS[st.step].decisions(st)
    (s, d), *_ = ds.items()
    assert side in (None, s), f"{s} is asked, not {side}"
    opt = d.option(oid)
    assert opt is not None, f"{oid} not in {d.option_ids}"
    STEPS[st.step].resolve(st, {s: opt})


def play_random(st: HbgState, seed: int, limit: int = 2000) -> int:
    rng = random.Random(seed)
    n = 0
    while (q := ask(st)) is not None:
        choose(st, rng.choice(q[1]))
        n += 1
        assert n < limit, "the step does not end"
    return n


# ------------------------------------------------------------------------------------ 4.1
def test_hbg_4_1_transports_move_into_midway_zone_with_the_task_force() -> None:
    """M126, E19 (C-04): an IJN TF in SZ31 draws the convoy in SZ26 one zone closer, into SZ31, free."""
    st = blank()
    st.transports[0].zone = 26
    ships(st, 31, "kongo_bb-1", located=False)
    tokens = list(st.cup.tokens)
    enter(st, "4.1", [])
    assert st.transports[0].zone == 31 and ask(st) is None
    assert st.cup.tokens == tokens  # no Command Token spent


def test_hbg_4_1_transports_stay_without_a_closer_task_force() -> None:
    """M126 (C-04): no IJN TF one step closer (one farther away does not count): the convoy stays."""
    st = blank()
    st.transports[0].zone = 26
    ships(st, 21, "kongo_bb-1")
    enter(st, "4.1", [])
    assert st.transports[0].zone == 26


def test_hbg_4_1_ijn_chooses_when_two_closer_zones_hold_task_forces() -> None:
    """M126, HBG-R91: SZ26 and SZ27 are both one step closer from SZ21: the IJN picks."""
    st = blank()
    st.transports[0].zone = 21
    ships(st, 26, "kongo_bb-1")
    ships(st, 27, "kongo_bb-2")
    enter(st, "4.1", [])
    assert ask(st) == ("ijn", ["invade:1:26", "invade:1:27"])
    choose(st, "invade:1:27")
    assert st.transports[0].zone == 27 and ask(st) is None


def test_hbg_4_4_invasion_scores_once_for_four_survivors() -> None:
    """M127, E19, C-01, HBG-R32: >= 4 transports in SZ31 score invasion_vp once, then leave the map."""
    st = blank()
    st.transports[0].zone, st.transports[0].n = 31, 4
    st.transports[1].zone, st.transports[1].n = 31, 3
    enter(st, "4.3", [])
    assert st.vp_pending["ijn"] == st.options["invasion_vp"] == 4
    assert st.transports[0].scored and st.transports[0].zone is None
    assert not st.transports[1].scored and st.transports[1].zone == 31
    enter(st, "4.3", [])
    assert st.vp_pending["ijn"] == 4  # once per group
    st2 = blank(invasion_vp=2)
    st2.transports[0].zone = 31
    enter(st2, "4.3", [])
    assert st2.vp_pending["ijn"] == 2


def test_hbg_4_4_invasion_needs_the_setup_datas_survivors() -> None:
    """M127, HBG-R32: [1.3.2 IMPORTANT] "Each group of 4 or more surviving transports that enters Sea Zone 31": the 4
    is the setup data's ``invasion_min_survivors``, read from it (the code used to say 4 itself): with the number
    set to 5 a wave of 4 in SZ31 does not score; with 3 a wave of 3 does."""
    victory = DATA.setup.victory
    try:
        for least, n, scores in ((5, 4, False), (3, 3, True)):
            object.__setattr__(DATA.setup, "victory", dataclasses.replace(victory, invasion_min_survivors=least))
            st = blank()
            st.transports[0].zone, st.transports[0].n = 31, n
            enter(st, "4.3", [])
            assert st.transports[0].scored is scores and st.vp_pending["ijn"] == (4 if scores else 0)
    finally:
        object.__setattr__(DATA.setup, "victory", victory)
    assert DATA.setup.victory.invasion_min_survivors == 4


def test_hbg_4_3_sunk_transports_are_recorded_losses() -> None:
    """M127, HBG-R82: each hit on a transport wave sinks one transport, and the sinking is a loss like every other
    (``st.losses``: "Every loss"; a ``loss`` event with its side, unit, number and VP, here 0: HBG-R16). Midway's 2
    SBDs bomb the wave in SZ37 with two hits: 2 transports are recorded lost (there used to be no record, and a
    ``loss`` event with no data)."""
    st = blank()
    st.transports[0].zone = 37
    sbd = next(a for a in st.air.values() if a.unit == "sbd" and a.base == "airfield" and a.ordnance == "bomb")
    fly(st, sbd.id, 37, n=2)
    enter(st, "4.3", [5])
    st.dice.rolls += [1, 1]
    while (q := ask(st)) is not None and not any(o.startswith("bomb:") for o in q[1]):
        choose(st, q[1][0])
    assert q is not None
    choose(st, next(o for o in q[1] if o.startswith("bomb:")))
    assert st.transports[0].n == 6
    assert [(x["side"], x["unit"], x["n"]) for x in st.losses] == [("ijn", "transport", 2)]
    (event,) = [e for e in st.events if e.kind == "loss"]
    assert dict(event.data) == {"side": "ijn", "unit": "transport", "n": 2, "vp": 0} and "wave 1" in event.text


# ------------------------------------------------------------------------------------ 4.2
def test_hbg_4_2_cap_intercepts_alternate_ijn_first_and_a_pass_ends_a_side() -> None:
    """M128, M129: IJN first, then USN; after the IJN passes the USN goes on alone."""
    st = blank()
    ships(st, 21, "akagi")
    ships(st, 22, "kaga")
    ships(st, 31, "enterprise")
    ships(st, 32, "hornet", located=False)
    fly(st, "a5", 26)  # enemy aircraft in open water
    ijn1, ijn2 = fly(st, "a14", 21, "cap"), fly(st, "a16", 22, "cap")
    usn1, usn2 = fly(st, "a24", 31, "cap"), fly(st, "a27", 31, "cap")
    enter(st, "4.2", [])
    side, opts = ask(st)  # type: ignore[misc]
    assert side == "ijn" and f"cap:{ijn1}:22" in opts and "pass" in opts
    choose(st, f"cap:{ijn1}:22", "ijn")
    assert st.air[ijn1].zone == 22
    side, opts = ask(st)  # type: ignore[misc]
    assert side == "usn" and f"cap:{usn1}:26" in opts
    choose(st, f"cap:{usn1}:26", "usn")
    choose(st, "pass", "ijn")
    side, opts = ask(st)  # type: ignore[misc]
    assert side == "usn" and not any(o.startswith(f"cap:{usn1}:") for o in opts)  # one move per Air Group
    choose(st, f"cap:{usn2}:32", "usn")
    assert ask(st) is None  # nothing left to move: the step ends
    assert st.air[ijn2].zone == 22 and st.air[usn2].zone == 32


def test_hbg_4_2_ijn_cap_only_into_zones_with_ijn_task_forces() -> None:
    """M130, C-23: IJN CAP may move one zone, only over an IJN Task Force."""
    st = blank()
    ships(st, 21, "akagi")
    ships(st, 27, "kaga", located=False)
    aid = fly(st, "a14", 21, "cap")
    fly(st, "a25", 22, "strike")  # enemy aircraft do not open a zone to IJN CAP
    assert cap_destinations(st, aid) == [27]


def test_hbg_4_2_usn_cap_ships_base_or_enemy_aircraft_not_empty() -> None:
    """M131, E20: Enterprise's CAP next to Midway may fly to SZ31; also over enemy aircraft in open
    water; never into an empty zone (nor into a Squall, HBG-R90)."""
    st = blank()
    ships(st, 26, "enterprise")
    aid = fly(st, "a24", 26, "cap")
    assert cap_destinations(st, aid) == [31]  # E20: the Midway bases
    fly(st, "a5", 22, "strike")
    fly(st, "a1", 27, "patrol")  # a patrol is not a combat aircraft: no interception (HBG-R90)
    assert cap_destinations(st, aid) == [22, 31]
    st.squalls = [22]
    assert cap_destinations(st, aid) == [31]


# ------------------------------------------------------------------------------------ 4.3 step 1
def test_hbg_4_3_hidden_task_force_cannot_be_attacked_unless_revealed() -> None:
    """M138, M132, HBG-R80: bombers over a hidden TF: no attack; the owner may reveal it instead."""
    st = blank()
    ships(st, 21, "enterprise", located=False)
    fly(st, "a5", 21)
    assert bb.classify(st, 21) is None
    enter(st, "4.3", [])
    assert ask(st) == ("usn", ["reveal:21", "done"])
    choose(st, "done")
    assert ask(st) is None and not st.ships["enterprise"].located and st.ships["enterprise"].damage == 0
    enter(st, "4.3", [])
    st.dice = FixedDice([], fallback=GAME.new(seed=3).dice)
    choose(st, "reveal:21")
    assert st.ships["enterprise"].located and st.battle is not None and st.battle["zone"] == 21


def test_hbg_4_3_reveal_question_not_shown_to_the_enemy() -> None:
    """HBG-R35, HBG-R80, M138: the USN is asked whether to reveal a hidden Task Force only when enemy aircraft
    are over it; the IJN's view (and the spectator's) must not say that the USN is choosing, or it would learn
    where the Task Force is even when it stays hidden. Its view is the same as with the Task Force elsewhere."""
    seen = {}
    for zone in (21, 16):
        st = blank()
        ships(st, zone, "enterprise", "farragut_dd-1", located=False)
        fly(st, "a5", 21)  # Akagi's D3A over SZ21
        enter(st, "4.3", [])
        st._offered = None  # noqa: SLF001 - the position was edited by hand
        asked = "usn" in st.pending()
        assert asked == (zone == 21)
        assert st.view("usn", log_tail=0)["to_move"] == (["usn"] if asked else [])
        seen[zone] = (st.view("ijn", log_tail=0)["to_move"], st.view(None, log_tail=0)["to_move"])
    assert seen[21] == seen[16] == ([], [])


def test_hbg_4_3_midway_is_part_of_sz31_and_aa_guns_fire_per_battery() -> None:
    """M137, M169, C-31, HBG-R86: Midway's bases are targets in SZ31; the AA Guns roll one die per
    battery (3 left); a hit removes a battery; bombs on the Airfield cut its Command Tokens."""
    st = blank()
    st.bases["aa_guns"].batteries = 3
    fly(st, "a5", 31, n=2)  # 2 D3A with bombs
    entry = [5]
    aa = [12, 12, 12]
    enter(st, "4.3", entry)
    st.dice.rolls += aa + [1, 1]
    b = st.battle
    assert (
        b is not None
        and b["kind"] == "surface"
        and set(b["boards"]["usn"]["bases"])
        == {
            "airfield",
            "seaplane_base",
            "aa_guns",
        }
    )
    # rounds 1-2: nothing in the outer rings (5-6 leads only to Cruiser B); round 3: the centre
    while (q := ask(st)) is not None and q[0] == "ijn" and q[1][0].startswith("move"):
        choose(st, q[1][0])
    side, opts = ask(st)  # type: ignore[misc]
    assert "bomb:base:airfield" in opts and "bomb:base:aa_guns" in opts
    choose(st, "bomb:base:airfield")
    assert st.bases["airfield"].damage == 2 and st.dice.remaining == 0
    assert DATA.units["airfield"].hit_points - st.bases["airfield"].damage == 3  # 3 tokens left (1.4.2)


def test_hbg_4_3_both_fleets_meet_revealed_and_ship_to_ship_e38() -> None:
    """M139, M141, M150, E38, C-20, HBG-R89: both TFs lose their Hidden markers; Japan is the
    Attacker; both boards; round 1 only the yellow (destroyer) rings fire, round 2 yellow and
    orange, round 3 every ring."""
    st = blank()
    ships(st, 21, "enterprise", "new_orleans_ca-1", "farragut_dd-1", located=False)
    ships(st, 21, "kongo_bb-1", "tone_ca-1", "yagumo_dd-1", located=False)
    st.dice = FixedDice([], fallback=None)
    enter(st, "4.3", None)
    assert all(st.ships[s].located for s in ("enterprise", "kongo_bb-1"))
    b = st.battle
    assert b is not None and b["kind"] == "ship" and b["attacker"] == "ijn" and set(b["boards"]) == {"usn", "ijn"}
    # placement: the USN board first: its cruiser, its destroyer; then the IJN board
    choose(st, "place:c1", "usn")
    choose(st, "place:d1", "usn")
    choose(st, "place:c1", "ijn")
    # round 1: both destroyers fire at each other (one target each: automatic), and miss
    st.dice.rolls += [12, 12]

    def guns() -> list[str]:
        return [e.text.split("guns of ")[1].split(":")[0] for e in st.events if "guns of" in e.text]

    choose(st, "place:d1", "ijn")
    fired = guns()
    assert sorted(fired) == ["Farragut Class Destroyer 1", "Yagumo Class Destroyer 1"]
    # round 2: destroyers and cruisers, each with two targets in range (USN board first)
    side, opts = ask(st)  # type: ignore[misc]
    assert side == "usn" and sorted(opts) == ["fire:ship:tone_ca-1", "fire:ship:yagumo_dd-1"]
    choose(st, "fire:ship:tone_ca-1")
    choose(st, "fire:ship:tone_ca-1")
    choose(st, "fire:ship:farragut_dd-1")
    st.dice.rolls += [12, 12, 12, 12, 12, 12]  # CA 2 dice, DD 1, CA 2, DD 1: all miss
    choose(st, "fire:ship:farragut_dd-1")
    round2 = guns()[len(fired) :]
    assert sorted(set(round2)) == [
        "Farragut Class Destroyer 1",
        "New Orleans Class Heavy Cruiser 1",
        "Tone Class Heavy Cruiser (Recon Type) 1",
        "Yagumo Class Destroyer 1",
    ]
    # round 3: all three rings: Enterprise's guns may reach Kongo in the centre
    assert ask(st) == ("usn", ["fire:ship:kongo_bb-1", "fire:ship:tone_ca-1", "fire:ship:yagumo_dd-1"])
    assert st.dice.remaining == 0


def test_hbg_4_3_fighters_alone_over_transports_and_midway_make_no_attack() -> None:
    """M141, HBG-R81 (revised): [4.3 Step 1] "No attack where nothing can harm anything (fighters over ships without
    enemy aircraft)". Two Zeros on a strike (no bombers) over Midway, with an IJN transport wave in SZ31 and no USN
    aircraft there, make no attack, as without the transports: they used to be put on the USN Battle Board, fired
    at by the AA Guns and sent home out of fuel. With USN CAP over the island they fight it; with D3As they escort
    them."""
    st = blank()
    zeros = next(a for a in st.air.values() if a.unit == "a6m" and a.base == "akagi")
    fly(st, zeros.id, 31, n=2)
    st.transports[0].zone, st.transports[0].n = 31, 3  # too few to invade: nothing else happens in 4.3
    assert bb.classify(st, 31) is None
    enter(st, "4.3", [])
    assert ask(st) is None and st.battle is None and not zeros.fought and zeros.n == 2
    f4f = next(a for a in st.air.values() if a.unit == "f4f" and a.base == "airfield")
    fly(st, f4f.id, 31, mission="cap", n=1)
    plan = bb.classify(st, 31)
    assert plan is not None and plan["kind"] == "ship"
    assert {b["defender"]: b["aair"] for b in plan["boards"]} == {"usn": [zeros.id], "ijn": []}
    st.air[f4f.id].at, st.air[f4f.id].zone = "hangar", None
    fly(st, "a5", 31, n=2)  # 2 D3A with bombs
    plan = bb.classify(st, 31)
    assert plan is not None and sorted(plan["boards"][0]["aair"]) == sorted([zeros.id, "a5"])


def test_hbg_4_3_patrols_never_fight_and_no_combat_in_a_squall() -> None:
    """M140, M124, C-12: a patrol over an enemy TF makes no Combat Zone; nothing fights in a Squall."""
    st = blank()
    ships(st, 21, "enterprise")
    fly(st, "a1", 21, "patrol")
    assert bb.classify(st, 21) is None
    fly(st, "a5", 21)
    assert bb.classify(st, 21) is not None
    st.squalls = [21]
    assert bb.classify(st, 21) is None
    ships(st, 21, "kongo_bb-1", located=False)
    enter(st, "4.3", [])
    assert not st.ships["kongo_bb-1"].located and ask(st) is None


def test_hbg_4_3_d11_two_bomber_strike_groups_do_not_fight_but_cap_intercepts() -> None:
    """D11, M142, M143, M148, M192, C-19, HBG-R92: two escorted bomber strikes in open water: no combat;
    enemy CAP in the zone attacks the bombers: they set up in the centre, escorts in the middle
    ring, interceptors outside; three rounds."""
    st = blank()
    fly(st, "a5", 22)
    fly(st, "a6", 22)
    fly(st, "a25", 22)
    fly(st, "a24", 22)
    assert bb.classify(st, 22) is None
    st.air["a27"].zone = 22
    fly(st, "a27", 22, "cap", n=2)
    plan = bb.classify(st, 22)
    assert plan is not None and plan["kind"] == "intercept" and plan["attacker"] == "usn" and plan["rounds"] == 3
    enter(st, "4.3", [])
    b = st.battle
    assert b is not None
    bd = b["boards"]["ijn"]
    assert [e["air"] for e in bd["aair"]] == ["a27"]  # only the CAP attacks (the USN strike does not)
    assert {p["air"]: p["area"] for p in bd["dair"] if p["air"] == "a5"} == {"a5": "centre"}
    side, opts = ask(st)  # type: ignore[misc]
    assert side == "ijn" and opts == ["place:c1", "place:c2", "place:c3"]  # escorts as they see fit


def test_hbg_4_3_air_combat_the_side_protecting_bombers_defends() -> None:
    """M142, M143, HBG-R81 (revised): [4.3 Step 1] "In Air Combat, the Attacker is the side with the
    intercepting Fighters and the Defender is the side attempting to protect its Bombers. ... Exception:
    Intercepting CAP Fighters are always allowed to attack enemy Bombers in the same Sea Zone". USN CAP
    intercepts an IJN strike with bombers over hidden IJN carriers that fly their own CAP: the USN attacks
    and the IJN bombers, their escort and their CAP defend (it was the IJN CAP attacking the USN CAP in a
    one-round fighters-only combat, the bombers never on a board). Fighters against fighters only, Japan
    still attacks first."""
    st = blank()
    ships(st, 19, "akagi", located=False)
    fly(st, "a15", 19)  # B5N strike
    fly(st, "a16", 19)  # its A6M escort
    fly(st, "a14", 19, "cap")  # IJN CAP over Akagi
    fly(st, "a24", 19, "cap")  # USN CAP intercepted in (4.2.2)
    plan = bb.classify(st, 19)
    assert plan is not None and plan["kind"] == "intercept" and plan["attacker"] == "usn"
    assert plan["rounds"] == 3
    (board,) = plan["boards"]
    assert board["defender"] == "ijn" and board["aair"] == ["a24"]
    assert sorted(board["dair"]) == ["a14", "a15", "a16"]
    st.air["a15"].at, st.air["a15"].zone = "hangar", None  # no bombers left: CAP against fighters
    plan = bb.classify(st, 19)
    assert plan is not None and plan["kind"] == "fighters" and plan["attacker"] == "ijn" and plan["rounds"] == 1


def test_hbg_4_3_fighters_only_is_one_round() -> None:
    """M149, HBG-R84: CAP meets fighters only: defenders in the CAP ring, attackers outside, who
    choose their area; one round."""
    st = blank()
    fly(st, "a6", 22, n=1)
    fly(st, "a27", 22, "cap", n=1)
    enter(st, "4.3", [])
    b = st.battle
    assert b is not None and b["kind"] == "fighters" and b["rounds"] == 1
    assert ask(st) == ("ijn", [f"place:{a}" for a in bb.OUTER])  # the defender places first
    choose(st, "place:d4")
    assert ask(st) == ("usn", [f"enter:{a}" for a in bb.OUTER])
    area = next(p["area"] for p in b["boards"]["ijn"]["dair"])
    assert area == "d4"
    st.dice.rolls += [6, 1]  # F4F misses (a2a 5), A6M hits (a2a 6)
    choose(st, f"enter:{area}")
    assert st.battle is None and st.air["a27"].at == "lost" and st.air["a6"].at == "air"
    assert st.air["a6"].fought and st.dice.remaining == 0


def test_hbg_4_3_ijn_picks_the_first_attack_then_the_usn() -> None:
    """M133, HBG-R93: with attacks in two zones the IJN chooses which is first, the USN the next."""
    st = blank()
    ships(st, 21, "enterprise")
    ships(st, 27, "hornet")
    fly(st, "a5", 21)
    fly(st, "a7", 27)
    fly(st, "a9", 26)
    ships(st, 26, "yorktown")
    enter(st, "4.3", [])
    assert ask(st) == ("ijn", ["attack:21", "attack:26", "attack:27"])
    st.dice = FixedDice([], fallback=None)
    rng = random.Random(1)
    st.dice = FixedDice([], fallback=GAME.new(seed=2).dice)
    choose(st, "attack:27")
    while (q := ask(st)) is not None and q[1][0] != "attack:21":
        choose(st, rng.choice(q[1]))
    assert ask(st) == ("usn", ["attack:21", "attack:26"])


# ------------------------------------------------------------------------------------ E21-E27
def _e21_position() -> HbgState:
    st = blank()
    ships(st, 21, "enterprise", "new_orleans_ca-1", "farragut_dd-1")
    st.ships["enterprise"].op = "launch"
    fly(st, "a24", 21, "cap", n=2)  # 2 F4F on CAP
    fly(st, "a5", 21)  # Akagi: 3 D3A with bombs
    fly(st, "a6", 21)  # Akagi: 2 A6M escorts
    return st


def test_hbg_4_3_worked_example_e21_to_e27() -> None:
    """E21-E27 with their numbers; M144, M145, M146, M147, M151, M152, M153, M154, M155, M156, M157, M158,
    M159, M160, M161, M162, M134, M135, M136, M168, C-30.

    E21 the USN sets up first (carrier centre, cruiser, destroyer, CAP evenly), the Akagi group
    outside, its fighters paired with its one bomber group (automatic); E22 the bombers roll 3 ->
    area 3-4 with their escort; E23 Zeros roll 4 and 9 (one hit), the Vals fire at air and miss
    7, 8, 9: the lone CAP is eliminated; E24 it still returns fire (5 hits) and the destroyer rolls
    2 AA dice (2, 10): 2 hits, the IJN loses one of each type; E25 round 2: the group moves inward
    to the area without the cruiser, the other CAP moves to meet it and is shot down (Zero 3);
    E26 round 3: the centre; Enterprise's 3 AA dice miss, 2 Vals bomb her on 5 and 2: 2 damage,
    Air Service 5 -> 3; E27 the survivors are back on the map, ordnance gone, fought (out of fuel
    at 5.2)."""
    st = _e21_position()
    enter(st, "4.3", [3])
    b = st.battle
    assert b is not None and b["kind"] == "surface"
    bd = b["boards"]["usn"]
    assert bd["ships"] == {"enterprise": "centre"}  # M144: the capital ship in the centre
    assert [e["area"] for e in bd["aair"]] == ["attack", "attack"]  # M147: outside, by Air Group
    assert ask(st) == ("usn", ["place:c1", "place:c2", "place:c3"])  # M145
    choose(st, "place:c1")
    assert ask(st) == ("usn", [f"place:{a}" for a in bb.OUTER])  # M146 destroyers
    choose(st, "place:d2")
    choose(st, "place:d2")  # first CAP unit
    assert ask(st) == ("usn", ["place:d1", "place:d3", "place:d4", "place:d5"])  # M146: evenly
    choose(st, "place:d3")
    # Round 0 (M152, M153): the escort pairing is automatic (one bomber group); the entry roll 3
    assert [e["area"] for e in bd["aair"]] == ["d2", "d2"] and bd["aair"][1]["lead"] == "a5"
    # Round 1 (M155): the Vals may bomb the destroyer or fight the CAP: they fight
    assert ask(st) == ("ijn", ["air", "bomb:ship:farragut_dd-1"])
    st.dice.rolls += [7, 8, 9, 4, 9, 5, 2, 10]
    choose(st, "air")
    # E24: two hits on the IJN: mixed types, the owner chooses (M135)
    assert st.air["a24"].n == 1  # E23: the lone CAP in 3-4 is eliminated
    assert ask(st) == ("ijn", ["lose:a5", "lose:a6"])
    choose(st, "lose:a6")
    choose(st, "lose:a5")
    assert st.air["a5"].n == 2 and st.air["a6"].n == 1 and st.ships["farragut_dd-1"].damage == 0
    # Round 2 (E25, M160): 3-4 is inwardly adjacent to Cruiser A (the cruiser) and Cruiser B
    assert ask(st) == ("ijn", ["move:c1", "move:c2"])
    choose(st, "move:c2")
    assert [e["area"] for e in bd["aair"]] == ["c2", "c2"]  # the escort stays with its bombers
    side, opts = ask(st)  # type: ignore[misc]
    assert side == "usn" and "cap:a24:d3:c2" in opts and "done" in opts
    st.dice.rolls += [9, 9, 3, 8]  # Vals (fight: no target here), Zero 3 hits, F4F 8 misses
    choose(st, "cap:a24:d3:c2")
    assert st.air["a24"].at == "lost"  # the remaining CAP fighter destroyed
    # Round 3 (E26, M161): into the centre, automatically; the Vals name Enterprise (M136)
    assert ask(st) == ("ijn", ["air", "bomb:ship:enterprise"])
    st.dice.rolls += [9, 10, 11, 5, 2]  # Enterprise AA: 3 dice at 3; Vals bomb at 6
    choose(st, "bomb:ship:enterprise")
    ent = st.ships["enterprise"]
    assert ent.damage == 2 and st.air_service(ent) == 3  # M168
    assert st.dice.remaining == 0
    # E27 (M162): the attack is over; survivors on the map, ordnance removed, fought
    assert st.battle is None and ask(st) is None
    assert st.air["a5"].at == "air" and st.air["a5"].zone == 21 and st.air["a5"].ordnance == ""
    assert st.air["a5"].fought and st.air["a6"].fought
    assert st.vp_pending == {"usn": 0, "ijn": 0}  # F4F and destroyers are worth 0 (HBG-R16)


def test_hbg_4_3_step_3_each_rounds_events_and_questions_carry_its_own_round() -> None:
    """[4.3 Step 3] M161, HBG-R85: "Resolve Battle: Round 3. Again follow the above combat resolution procedure,
    moving any remaining attacking Air Groups into the center area": E21-E27 played through, what is done in each round
    (moves inward, CAP moves, declarations, drops) is labelled with that round ("4.3 Round 3" in Round 3: its
    move read "4.3 Round 2", its declaration and drop "4.3 Round 1")."""
    st = _e21_position()
    enter(st, "4.3", [3])
    for o in ("place:c1", "place:d2", "place:d2", "place:d3"):
        choose(st, o)
    rules: dict[str, set[str]] = {}
    st.dice.rolls += [7, 8, 9, 4, 9, 5, 2, 10]
    choose(st, "air")
    choose(st, "lose:a6")
    choose(st, "lose:a5")
    assert STEPS["4.3"].decisions(st)["ijn"].rule == "4.3 Round 2"  # move inward
    choose(st, "move:c2")
    assert STEPS["4.3"].decisions(st)["usn"].rule == "4.3 Round 2"  # CAP moves
    st.dice.rolls += [9, 9, 3, 8]
    choose(st, "cap:a24:d3:c2")
    declare = STEPS["4.3"].decisions(st)["ijn"]
    assert declare.prompt.startswith("Round 3:") and declare.rule == "4.3 Round 3"
    st.dice.rolls += [9, 10, 11, 5, 2]
    choose(st, "bomb:ship:enterprise")
    current = ""
    for e in st.events:
        if e.kind == "battle" and e.rule == "4.3 Step 3":
            current = e.text
        elif e.rule.startswith("4.3 Round") and e.rule != "4.3 Round 0":
            rules.setdefault(current, set()).add(e.rule)
    assert rules == {"Round 2": {"4.3 Round 2"}, "Round 3": {"4.3 Round 3"}}
    texts = [e.text for e in st.events if e.rule == "4.3 Round 3"]
    assert any("move to Centre" in t for t in texts) and any("leave for the Attacking" in t for t in texts)


def test_hbg_4_3_bombers_that_drop_leave_the_board() -> None:
    """M157, M158, M159: air casualties come first; bombers that dropped their ordnance go to the
    Attacking Air Units area and can no longer be attacked."""
    st = _e21_position()
    enter(st, "4.3", [3])
    for o in ("place:c1", "place:d2", "place:d2", "place:d3"):
        choose(st, o)
    # the AA kills two Vals before the drop: only 1 die is rolled for the bombs
    st.dice.rolls += [12, 12, 12, 1, 1]  # Zeros miss, F4F misses, destroyer AA: 2 hits
    choose(st, "bomb:ship:farragut_dd-1")
    choose(st, "lose:a5")
    st.dice.rolls += [1]  # the last Val: bomb 6 - 2 (destroyer) = 4: hits on 1
    choose(st, "lose:a5")  # then the drop happens
    assert st.ships["farragut_dd-1"].sunk
    bd = st.battle["boards"]["usn"]  # type: ignore[index]
    assert bd["aair"][0]["out"] and st.air["a5"].ordnance == ""
    assert st.dice.remaining == 0


# ------------------------------------------------------------------------------------ modifiers
def test_hbg_d12_modifiers_to_hit() -> None:
    """D12, M164, M165, M166, M167 (HBG-R07): bomb 6 on a destroyer hits on <= 4; torpedo 6 on a
    Maneuvering carrier <= 5; bomb 6 on a cruiser <= 5; level bombing (B5N) -2 on ships."""
    assert DATA.ordnance_to_hit("d3a", "bomb", "destroyer") == 4
    assert DATA.ordnance_to_hit("b5n", "torpedo", "carrier", evasive=True) == 5
    assert DATA.ordnance_to_hit("d3a", "bomb", "heavy_cruiser") == 5
    assert DATA.ordnance_to_hit("b5n", "bomb", "carrier") == 3
    assert DATA.ordnance_to_hit("b5n", "bomb", "airfield") == 5


def test_hbg_4_3_evasive_carrier_is_harder_to_hit() -> None:
    """M164: Enterprise under Maneuver: the Vals hit on 5, so a 6 misses."""
    st = blank()
    ships(st, 21, "enterprise")
    st.ships["enterprise"].op = "maneuver"
    fly(st, "a5", 21, n=1)
    enter(st, "4.3", [1, 12, 12, 12, 6])  # entry, AA (round 3), the bomb
    while (q := ask(st)) is not None and q[1][0].startswith("move"):
        choose(st, q[1][0])
    choose(st, "bomb:ship:enterprise")
    assert st.ships["enterprise"].damage == 0 and st.dice.remaining == 0


def test_hbg_spotted_deck_bonus_and_deck_losses() -> None:
    """M163, C-17, HBG-R88: a carrier with aircraft spotted on deck: bombs hit it twice -> 2 deck
    Air Units destroyed and +1 damage (once per attack) = 3 damage."""
    st = blank()
    ships(st, 21, "enterprise")
    st.air["a25"].at = "deck"  # 6 SBD spotted
    fly(st, "a5", 21, n=2)
    enter(st, "4.3", [1, 12, 12, 12, 1, 2])
    while (q := ask(st)) is not None and q[1][0].startswith("move"):
        choose(st, q[1][0])
    choose(st, "bomb:ship:enterprise")
    assert st.ships["enterprise"].damage == 3 and st.air["a25"].n == 4
    assert sum(x["n"] for x in st.losses if x["unit"] == "sbd") == 2


# ------------------------------------------------------------------------------------ robustness
@pytest.mark.parametrize("seed", range(12))
def test_hbg_4_3_random_play_always_ends_every_attack(seed: int) -> None:
    """M151: every attack ends (at most 3 rounds), whatever is chosen; ships and aircraft of both
    sides in several zones."""
    st = blank()
    ships(st, 21, "enterprise", "new_orleans_ca-1", "farragut_dd-1", "farragut_dd-2")
    ships(st, 21, "akagi", "tone_ca-1", "yagumo_dd-1")
    ships(st, 31, "kongo_bb-1", "yagumo_dd-2")
    st.transports[0].zone = 31
    for aid in ("a5", "a6", "a7", "a8"):
        fly(st, aid, 21)
    fly(st, "a14", 21, "cap")
    fly(st, "a24", 21, "cap")
    fly(st, "a25", 21)
    fly(st, "a9", 31)
    fly(st, "a10", 31)
    fly(st, "a33", 31, "cap")
    fly(st, "a28", 31)
    st.dice = FixedDice([], fallback=GAME.new(seed=seed).dice)
    enter(st, "4.3", None)
    assert play_random(st, seed) > 0
    assert st.battle is None
    attacks = [e.data["zone"] for e in st.events if e.kind == "attack"]
    assert sorted(attacks) == [21, 31]
    for a in st.air.values():
        assert a.n >= 0
        if a.at == "air" and a.zone in (21, 31) and a.mission != "patrol":
            assert a.fought


def test_hbg_4_3_view_shows_the_battle_board_to_both_sides() -> None:
    """HBG-R35: the Battle Board is public; the view is JSON-ready."""
    st = _e21_position()
    enter(st, "4.3", [3])
    for side in ("usn", "ijn", None):
        v = st.view(side)
        text = json.dumps(v)
        assert "Enterprise" in text and "Centre" in text


def test_hbg_4_3_through_the_engine_apply() -> None:
    """The step runs through ``State.apply``; an unknown option is refused and changes nothing."""
    st = _e21_position()
    enter(st, "4.3", [3])
    before = st.to_bytes()
    with pytest.raises(IllegalChoiceError):
        st.apply("usn", "place:centre")
    assert st.to_bytes() == before
    st.apply("usn", "place:c1")
    assert st.battle is not None and st.battle["boards"]["usn"]["ships"]["new_orleans_ca-1"] == "c1"
