"""2.4: the round, the Fight for Initiative, activations, the Order Purchase."""

from __future__ import annotations

import pytest

from midway.engine import UnknownOptionError
from midway.rulesets.boredgames.purchase import begin_purchase
from tests.rulesets.boredgames.helpers import bare, force, options, play


def bidding():  # type: ignore[no-untyped-def]
    return bare({"usn-f1": (1, 5, "E"), "usn-f2": (1, 9, "E"), "ijn-f1": (10, 6, "W")}, phase="bid")


def test_bg_2_4_2_bids_are_secret_and_simultaneous() -> None:
    """M21, BG-R29: both bid 0-3 at once; a sealed bid is not in the state or anyone's view."""
    st = bidding()
    assert all(d.simultaneous for d in st.pending().values()) and options(st, "usn") == [f"bid:{n}" for n in range(4)]
    before = {s: st.view(s)["state"] for s in ("ijn", None)}
    play(st, ("usn", "bid:3"))
    assert st.bids is None and {s: st.view(s)["state"] for s in ("ijn", None)} == before


def test_bg_2_4_2_bid_ties_go_to_the_americans() -> None:
    """M22, D01: 2 against 2 gives the Americans the card; both keep 1 CP for the purchase."""
    st = bidding()
    st.initiative = "ijn"
    play(st, ("usn", "bid:2"), ("ijn", "bid:2"))
    assert st.initiative == "usn" and st.cp == {"usn": 1, "ijn": 1} and st.bids == {"usn": 2, "ijn": 2}


def test_bg_2_4_2_higher_bid_takes_the_initiative() -> None:
    """M22, D01: 0 against 1 gives the Japanese the card; 3 and 2 CP are left."""
    st = bidding()
    play(st, ("usn", "bid:0"), ("ijn", "bid:1"))
    assert st.initiative == "ijn" and st.cp == {"usn": 3, "ijn": 2} and st.phase == "activate"


def test_bg_2_4_2_winner_without_markers_hands_the_card_over() -> None:
    """BG-R43: the Japanese win the bid but have no marked aircraft: the Americans activate."""
    st = bare({"usn-f1": (1, 5, "E"), "ijn-f1": (10, 6, "W")}, phase="bid", marked=["usn-f1"])
    play(st, ("usn", "bid:0"), ("ijn", "bid:3"))
    assert st.initiative == "usn" and st.to_move == ("usn",)


def test_bg_2_4_3_only_marked_aircraft_activate_once() -> None:
    """M23, M24, M25: an unmarked aircraft cannot be chosen; one action uses the marker; activation
    goes on while markers remain."""
    st = bare({"usn-f1": (1, 5, "E"), "usn-f2": (1, 9, "E"), "ijn-f1": (10, 1, "S")}, marked=["usn-f1", "ijn-f1"])
    assert not any("usn-f2" in o for o in options(st, "usn"))
    with pytest.raises(UnknownOptionError):
        st.apply("usn", "fly:usn-f2")
    play(st, ("usn", "fly:usn-f1"), ("usn", "m:S"), ("usn", "m:S"), ("usn", "m:S"), ("usn", "end"))
    assert st.phase == "activate" and st.initiative == "ijn"
    assert not any("usn-f1" in o for o in options(st, "ijn"))


def test_bg_flight_passes_the_initiative_unless_the_rival_has_no_marker() -> None:
    """M29, C-02, BG-R02: after a Flight the rival takes the card; a rival without markers does not."""
    st = bare({"usn-f1": (1, 5, "E"), "usn-f2": (1, 9, "E"), "ijn-f1": (10, 1, "S")}, marked=["usn-f1", "usn-f2"])
    play(st, ("usn", "fly:usn-f1"), ("usn", "m:S"), ("usn", "m:S"), ("usn", "m:S"), ("usn", "end"))
    assert st.initiative == "usn" and st.phase == "activate"


def test_bg_combat_keeps_then_passes_initiative_as_written() -> None:
    """C-01, BG-R01, M48: after a Combat the attacker keeps the card while it has markers."""
    st = bare({"usn-f1": (1, 5, "N"), "usn-f2": (1, 9, "N"), "ijn-f1": (2, 5, "N"), "ijn-f2": (10, 1, "S")})
    play(st, ("usn", "attack:usn-f1:ijn-f1"), ("usn", "plan:SS"), ("ijn", "plan:SS"), ("usn", "first:attacker"))
    assert st.initiative == "usn"


def purchase():  # type: ignore[no-untyped-def]
    st = bare({"usn-f1": (1, 5, "E"), "ijn-f1": (10, 6, "W")}, marked=[])
    st.pool = ["acceleration", "dodge", "loop", "sixth"]
    st.deck = ["feint", "turnabout"]
    st.discard = ["aileron"]
    st.cp = {"usn": 3, "ijn": 2}
    st.initiative = "ijn"
    begin_purchase(st)
    st._cache = None
    return st


def test_bg_2_4_4_initiative_holder_buys_first_paying_the_cost() -> None:
    """M49, M50, C-03, BG-R03: the holder at the end of activation buys first, only what it can pay."""
    st = purchase()
    assert st.to_move == ("ijn",)
    assert options(st, "ijn") == ["buy:acceleration", "buy:dodge", "buy:loop", "done"]
    force(st, [2])
    play(st, ("ijn", "buy:acceleration"))
    assert st.hands["ijn"] == ["acceleration"] and st.cp["ijn"] == 1


def test_bg_2_4_4_pool_refilled_to_four_after_each_purchase() -> None:
    """M51: the pool is refilled from the pile after every purchase."""
    st = purchase()
    force(st, [2])
    play(st, ("ijn", "buy:acceleration"))
    assert st.pool == ["dodge", "loop", "sixth", "turnabout"] and st.deck == ["feint"]


def test_bg_2_4_4_then_the_other_player_buys() -> None:
    """M52: when the holder is done, the other player buys."""
    st = purchase()
    force(st, [2])
    play(st, ("ijn", "buy:acceleration"), ("ijn", "done"))
    assert st.to_move == ("usn",) and "buy:sixth" in options(st, "usn")


def test_bg_2_4_4_empty_pile_takes_the_discards_reshuffled() -> None:
    """M53, BG-R41: when the pile runs out, the discarded Order Cards (never Special Orders) form it again."""
    st = purchase()
    force(st, [2, 1])
    play(st, ("ijn", "buy:acceleration"), ("ijn", "done"), ("usn", "buy:sixth"))
    assert st.pool == ["dodge", "loop", "turnabout", "feint"] and st.deck == ["aileron"] and st.discard == []


def test_bg_2_4_4_unspent_command_points_are_lost_and_the_round_ends() -> None:
    """M54, M55: leftover CP are discarded; the next round starts with fresh markers, 3 CP and a bid."""
    st = purchase()
    force(st, [2, 1])
    play(st, ("ijn", "buy:acceleration"), ("ijn", "done"), ("usn", "buy:sixth"))
    assert any("discard 1 unspent" in e.text for e in st.events)
    assert st.round == 2 and st.phase == "bid" and st.cp == {"usn": 3, "ijn": 3} and len(st.marked) == 2


def test_bg_2_4_4_a_short_pool_is_made_up_from_the_discards_before_buying() -> None:
    """M51, M53, BG-R44: "if there are less than 4 cards in the Order Pool or the Order Card Pile is
    empty all the discarded Order Cards should be shuffled": a pool left short when everything was in
    hands is made up to 4 from the cards discarded since, before the first purchase."""
    st = bare({"usn-f1": (1, 5, "E"), "ijn-f1": (10, 6, "W")}, marked=[])
    st.pool = ["acceleration", "dodge"]
    st.deck = []
    st.discard = ["aileron", "feint", "loop"]
    st.initiative = "usn"
    force(st, [1, 2])
    begin_purchase(st)
    st._cache = None
    assert st.pool == ["acceleration", "dodge", "aileron", "loop"] and st.deck == ["feint"] and st.discard == []
    assert "buy:loop" in options(st, "usn")


def test_bg_2_4_4_a_card_played_onto_an_empty_pile_forms_a_new_pile() -> None:
    """M53, BG-R44: "the Order Card Pile is empty": the card discarded in a Combat becomes the new pile."""
    st = bare({"usn-f1": (1, 5, "N"), "ijn-f1": (2, 5, "N")}, hands={"usn": ["dodge"], "ijn": ["feint"]})
    st.deck, st.discard = [], []
    play(st, ("usn", "attack:usn-f1:ijn-f1"), ("usn", "plan:SS"), ("ijn", "plan:SS"), ("usn", "first:attacker"))
    play(st, ("ijn", "pass"), ("usn", "card:dodge"))
    assert st.phase == "chain" and st.deck == ["dodge"] and st.discard == []
    assert st.view("ijn")["state"]["deck"] == 1
