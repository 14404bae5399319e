"""Orders typed in the text's own notation (Écriture des ordres, M162-M164, E14, E15): the engine's hook
``Game.parse_orders`` gives the option ids a typed order means; applied, they leave the game exactly as
clicking the menus would; an illegal order is refused with its reason and rule and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from midway.engine import IllegalChoiceError
from midway.rulesets.vam import GAME, NotationError, VamState
from midway.rulesets.vam.data import DATA
from tests.rulesets.vam.helpers import clear_sea, new, orders, place, run_to, touch


def _typed(state: VamState, side: str, text: str) -> list[str]:
    ids = GAME.parse_orders(state, side, text)
    assert ids is not None
    return ids


def _game_state(state: VamState) -> dict[str, Any]:
    """The whole state but for how many clicks led to it (history, decision serial)."""
    data = dict(state.to_json()["state"])
    for key in ("history", "_serial", "_blind", "events"):
        data.pop(key, None)
    return data


def _fleet() -> VamState:
    """Akagi, Kaga and Hiryu in A1 (Kaga and Akagi group 1), Soryu waiting to enter, Yorktown at J4."""
    s = new(seed=0)
    clear_sea(s)
    for c in ("akagi", "kaga", "hiryu"):
        place(s, c, "A1")
    s.u["soryu"].update(st="wait", hex=None)
    s.u["yamato"].update(st="wait", hex=None)  # group 13: not before turn 13
    place(s, "yorktown", "J4")
    touch(s)
    return s


@pytest.mark.parametrize(
    ("text", "clicks"),
    [
        ("A1 -> B1", ["mv", "g:A1", "to:B1", "done"]),
        ("Kaga -> B1", ["mv", "s:kaga", "to:B1", "done"]),
        ("A1 -> B1; Kaga -> A2", ["mv", "s:kaga", "to:A2", "mv", "g:A1", "to:B1", "done"]),
        ("groupe 2 A1 -> A2; Soryu -> A3", ["en", "s:soryu", "to:A3", "mv", "s:hiryu", "to:A2", "done"]),
    ],
)
def test_vam_orders_notation_typed_moves_equal_clicking(text: str, clicks: list[str]) -> None:
    """E14, M163: a typed move order, then 'done', leaves the game after phase 1 exactly as clicking the menus
    (here the "all the ships of A1" option, or the ship's own) does."""
    typed = _fleet()
    ids = _typed(typed, "ijn", text + "; done")
    assert ids[-1] == "done" and all(oid in ("mv", "en") or oid[:2] in ("s:", "to") for oid in ids[:-1])
    orders(typed, usn=["done"], ijn=ids)
    clicked = _fleet()
    orders(clicked, usn=["done"], ijn=clicks)
    assert typed.step == clicked.step != "p1"
    assert _game_state(typed) == _game_state(clicked)
    if text.startswith("A1"):
        assert typed.u["akagi"]["hex"] == "B1" and typed.u["hiryu"]["hex"] == "B1"


def _raid_position() -> VamState:
    """Phase 2 of turn 1: Soryu located in H4 by a Midway patrol; Yorktown (J4) has D3 reduced."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "yorktown", "J4")
    place(s, "soryu", "H4")
    s.u["yorktown_d3"]["lv"] = 1
    touch(s)
    orders(s, usn=["se", "k:midway_long", "to:H4", "done"], ijn=["done"])
    assert s.step == "p2" and s.seen["usn"] == {"soryu": "H4"}
    return s


def test_vam_orders_notation_typed_raid_equals_clicking() -> None:
    """E15, M164: '2xYF+2xYD+1xYD(e)+1xYT -> H4' sends exactly Yorktown's 2 full F, 2 full D, the reduced D and 1
    full T against H4, as clicking them one by one does."""
    typed = _raid_position()
    ids = _typed(typed, "usn", "2xYF+2xYD+1xYD(e)+1xYT -> H4; done")
    clicks = ["rd", "h:H4"] + [f"a:yorktown_{a}" for a in ("f1", "f2", "d1", "d2", "d3", "t1")] + ["end", "done"]
    assert ids == clicks[:-1]  # no other raid is possible: the menu closes by itself, no 'done' to give
    before = typed.to_bytes()
    assert GAME.parse_orders(typed, "usn", "2xYF+2xYD+1xYD(e)+1xYT -> H4") is not None
    assert typed.to_bytes() == before  # parsing applies nothing
    orders(typed, usn=ids)
    clicked = _raid_position()
    orders(clicked, usn=clicks)
    assert _game_state(typed) == _game_state(clicked)
    raid = typed.raids[0]
    assert sorted((typed.code(a), typed.u[a]["lv"]) for a in raid["a"]) == [
        ("D", 1),
        ("D", 2),
        ("D", 2),
        ("F", 2),
        ("F", 2),
        ("T", 2),
    ]


def test_vam_orders_notation_typed_midway_raid_in_phase_one() -> None:
    """M060, M164: in phase 1 the Japanese Midway raid is typed on Midway's hex; each aircraft is an 'mr' pick."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "soryu", "F6")
    ids = _typed(s, "ijn", f"2xSF+1xSD -> {DATA.midway}; done")
    assert ids == ["mr", "a:soryu_f1", "mr", "a:soryu_f2", "mr", "a:soryu_d1", "done"]
    orders(s, usn=["done"], ijn=ids)
    assert s.step != "p1" and s.orders["ijn"]["mr"] == ["soryu_f1", "soryu_f2", "soryu_d1"]


def test_vam_orders_notation_inside_a_menu_and_what_is_not_notation() -> None:
    """M162: a move typed inside the 'move ships' menu completes it; numbers, option ids and empty text are not
    the notation (None: the front end reads them); 'fin' is 'done'."""
    s = _fleet()
    s.apply("usn", "done")
    s.apply("ijn", "mv")
    assert _typed(s, "ijn", "Kaga -> A2") == ["s:kaga", "to:A2"]
    for text in ("1", "mv", "s:kaga", "", "view"):
        assert GAME.parse_orders(s, "ijn", text) is None
    s2 = _fleet()
    assert _typed(s2, "ijn", "fin") == ["done"]
    s.apply("ijn", "s:kaga")
    with pytest.raises(NotationError) as err:
        _typed(s, "ijn", "Akagi -> B1")
    assert "in progress" in err.value.reason


@pytest.mark.parametrize(
    ("text", "side", "why", "rule"),
    [
        ("Enterprise -> J3", "ijn", "not yours", "M018"),  # an enemy unit
        ("Musashi -> A2", "ijn", "no ship called", "Écriture des ordres"),  # an unknown unit
        ("Kaga -> B2", "ijn", "not next to A1", "VAM-R27"),  # C-05: out of range of a move
        ("A1 -> C5", "ijn", "not next to", "VAM-R27"),
        ("Z9 -> A1", "ijn", "not a hex", "VAM-R01"),
        ("A1 -> B1; Kaga -> A2; Kaga -> B1", "ijn", "two orders", "M163"),
        ("Soryu -> B3", "ijn", "enters by A1", "Entrée sur la carte"),
        ("Yamato -> A1", "ijn", "cannot enter", "M042"),
        ("2xKF -> H4", "ijn", "the only raid is the raid on Midway", "Déclaration des raids"),  # not this phase
        ("2xYF -> H6", "usn", "once Japanese troops are ashore", "VAM-R37"),
        ("9xKF -> H6", "ijn", "only 0", "Rayon d'action"),  # Kaga at A1 is out of range of Midway
        ("n'importe quoi -> A2", "ijn", "no ship called", "Écriture des ordres"),
        ("3xQF -> H6", "ijn", "letter 'Q'", "VAM-R26"),
    ],
)
def test_vam_orders_notation_illegal_orders_refused_and_nothing_changes(
    text: str, side: str, why: str, rule: str
) -> None:
    """M002, M162, M163, C-05, VAM-R27: an unknown or enemy unit, a move out of reach, an entry not allowed, a raid
    out of its phase or out of range: refused with the reason and the rule, the game byte for byte the same."""
    s = _fleet()
    before = s.to_bytes()
    with pytest.raises(IllegalChoiceError) as err:
        GAME.parse_orders(s, side, text)
    assert isinstance(err.value, NotationError)
    assert why in err.value.reason and rule in err.value.rule, (err.value.reason, err.value.rule)
    assert s.to_bytes() == before


def test_vam_orders_notation_refused_out_of_phase_and_out_of_reach() -> None:
    """M054, M057, VAM-R40: in phase 2 ships do not move and raids go only to hexes located this turn, within the
    total range out and back; in later phases the notation is refused and the menus said."""
    s = _raid_position()
    before = s.to_bytes()
    for text, why in (
        ("Yorktown -> J3", "phase 1 only"),
        ("2xYF -> A1", "no enemy ship located in A1"),
        ("4xYF -> H4", "only 3"),
        ("1xYT(e) -> H4; 1xYT(e) -> H4", "already declared"),
    ):
        with pytest.raises(NotationError) as err:
            GAME.parse_orders(s, "usn", text)
        assert why in err.value.reason, (text, err.value.reason)
    assert s.to_bytes() == before
    run_to(s, "p3")
    if s.step == "p3" and s.pending():
        side = next(iter(s.pending()))
        with pytest.raises(NotationError, match="phase 3"):
            GAME.parse_orders(s, side, "A1 -> B1")


def test_vam_orders_notation_night_and_concession() -> None:
    """M031, M005, VAM-R30 (revised): no raid is typed at night; 'abandon' concedes where the option offers it, by a
    side asked something or not (a standing option), and is refused naming VAM-R30 where it does not."""
    s = new(seed=0, concession=True)
    assert _typed(s, "usn", "abandon") == ["concede"]
    for mixed in ("Kaga -> A2; abandon", "abandon; done", "done; abandon"):  # written alone or refused
        with pytest.raises(NotationError) as refused:
            GAME.parse_orders(s, "ijn", mixed)
        assert "write it alone" in str(refused.value) and "VAM-R30" in refused.value.rule
    s.apply("usn", "done")  # blind_prompts off: the Americans wait on Japan's orders
    assert "usn" not in s.pending() and _typed(s, "usn", "abandon") == ["concede"]
    with pytest.raises(NotationError) as info:
        GAME.parse_orders(new(seed=0), "usn", "abandon")
    assert "VAM-R30" in info.value.rule
    s.turn = 6
    touch(s)
    with pytest.raises(NotationError, match="night"):
        GAME.parse_orders(s, "ijn", f"1xKF -> {DATA.midway}")
