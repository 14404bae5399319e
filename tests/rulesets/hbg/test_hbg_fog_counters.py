"""HBG-R35 (revised again), HBG-R97: nothing a side is shown counts the enemy's hidden questions or pieces.

An audit found a side's own decisions and ids moved with what the enemy did in secret: the ``simultaneous`` flag
of a 5.4 question said whether the enemy was asked too (had aircraft spotted on its hidden decks), and the id of
a side's next new Air Group counted the Air Groups the enemy had split in its hidden hangars."""

from __future__ import annotations

from midway.rulesets.hbg.game import HbgState
from tests.rulesets.hbg.test_hbg_phase1 import asked, enter, fresh, group, place


def _unspot(ijn_deck: bool) -> HbgState:
    """5.4 with an F4F spotted on Enterprise's deck, and (``ijn_deck``) an A6M on Akagi's."""
    st = fresh()
    for s in st.ships.values():
        s.zone, s.located = None, False
    st.ships["enterprise"].zone, st.ships["akagi"].zone = 11, 19
    group(st, "enterprise", "f4f", "hangar")[0].at = "deck"
    if ijn_deck:
        group(st, "akagi", "a6m", "hangar")[0].at = "deck"
    enter(st, "5.4")
    return st


def test_hbg_5_4_unspot_is_marked_simultaneous_whether_or_not_the_enemy_is_asked() -> None:
    """5.4 is answered by both sides at once; HBG-R35: the USN's question reads the same whether or not the IJN,
    whose decks the USN cannot see, is asked too."""
    alone, both = _unspot(False), _unspot(True)
    assert set(asked(alone)) == {"usn"} and set(asked(both)) == {"usn", "ijn"}
    assert asked(alone)["usn"].simultaneous and asked(both)["usn"].simultaneous
    assert asked(alone)["usn"].to_json() == asked(both)["usn"].to_json()


def test_hbg_r97_a_sides_new_ids_never_count_the_enemys_pieces() -> None:
    """HBG-R97: after the setup, the IJN numbers its new pieces with even numbers and the USN with odd ones, so an
    IJN hangar split (1.5 spotting part of an Air Group) leaves the USN's next ids as they were."""
    quiet, busy = fresh(), fresh()
    akagi = group(busy, "akagi", "a6m", "hangar")[0]
    assert akagi.n > 1
    busy.split_air(akagi, 1)
    busy.new_id("s", "ijn")
    assert busy.new_id("a", "usn") == quiet.new_id("a", "usn")
    assert busy.new_id("s", "usn") == quiet.new_id("s", "usn")
    setup = {a.id for a in fresh().air.values()} | {a.strike for a in fresh().air.values() if a.strike}
    ijn = [quiet.new_id("a", "ijn"), quiet.new_id("s", "ijn")]
    usn = [quiet.new_id("a", "usn"), quiet.new_id("s", "usn")]
    assert not (set(ijn) | set(usn)) & setup  # never an id the setup gave
    assert [int(i[1:]) % 2 for i in ijn] == [0, 0] and [int(i[1:]) % 2 for i in usn] == [1, 1]


def test_hbg_r97_ids_stay_unique_through_a_random_game() -> None:
    """Every Air Group and Strike Group id of a game, both sides' new ones mixed, names pieces of one side only."""
    from midway.ai import RandomAgent
    from midway.rulesets.hbg import GAME

    game = GAME.new(seed=21)
    assert isinstance(game, HbgState)
    owner: dict[str, str] = {}
    agents = {"usn": RandomAgent(3), "ijn": RandomAgent(4)}
    for _ in range(3000):
        if game.is_over:
            break
        side, decision = next(iter(game.pending().items()))
        game.apply(side, agents[side].choose({}, decision))
        for a in game.air.values():
            for ident in (a.id, a.strike):
                if ident:
                    assert owner.setdefault(ident, a.side) == a.side, ident
    top = max(int(a.id[1:]) for a in fresh().air.values())
    made = [i for i in owner if i[1:].isdigit() and int(i[1:]) > top]
    assert made  # new pieces were made, and checked


def _stopped(st: HbgState, step: str) -> HbgState:
    enter(st, step)
    st._offered = None  # noqa: SLF001 - the position was edited by hand: run on to the first question
    st._run()  # noqa: SLF001
    return st


def test_hbg_4_2_a_cap_intercept_is_a_private_question() -> None:
    """4.2.1 (CAP moves only into a zone holding a friendly Task Force, hidden ones included), HBG-R35: the IJN is
    asked to intercept only because CarDiv 2 lies hidden next to its CAP, so the USN's view neither lists the IJN
    as choosing nor names the step, and the IJN's pass is told to the IJN alone."""
    st = fresh(3)
    place(st, "ijn-cardiv1", 19)
    place(st, "ijn-cardiv2", 14)
    place(st, "ijn-support", 40)
    for s in st.ships.values():
        s.located = False
    cap = st.add_air("ijn", "a6m", "akagi", 2)
    cap.at, cap.zone, cap.fuel, cap.mission, cap.strike = "air", 19, 2, "cap", cap.id
    _stopped(st, "4.2")
    assert st.step == "4.2" and st.pending()["ijn"].option_ids == (f"cap:{cap.id}:14", "pass")
    usn = st.view("usn")
    assert usn["to_move"] == [] and usn["state"]["step"] == "" and usn["state"]["step_title"] == "Japanese operations"
    assert st.view(None)["state"]["step"] == "" and st.view("ijn")["state"]["step"] == "4.2"
    st.apply("ijn", "pass")
    passes = [e for e in st.events if e.kind == "pass" and e.rule == "4.2"]
    assert passes and all(e.to == ("ijn",) for e in passes)


def test_hbg_4_1_the_transports_route_is_a_private_question() -> None:
    """4.1 (the transports move one zone toward Midway into a zone holding an IJN Task Force), HBG-R35: the IJN
    is asked which zone only when two closer zones both hold its ships, hidden ones included, so the USN's view
    does not list it as choosing nor name the step."""
    st = fresh(8)
    place(st, "ijn-cardiv1", 32)
    place(st, "ijn-transport-escort-1", 37)
    for s in st.ships.values():
        s.located = False
    st.bases["airfield"].damage, st.airfield_ko_turn = 5, 5
    st.transports[0].zone, st.transports[0].arrived = 38, 6
    _stopped(st, "4.1")
    assert st.step == "4.1" and st.pending()["ijn"].kind == "invade"
    usn = st.view("usn")
    assert usn["to_move"] == [] and usn["state"]["step"] == ""
