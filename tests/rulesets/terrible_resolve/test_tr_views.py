"""A Terrible Resolve: hidden information (TR-R19) and rendering."""

from __future__ import annotations

import json

from midway.engine import TextSection
from midway.rulesets.terrible_resolve import GAME
from midway.rulesets.terrible_resolve.data import CARRIERS, SIDE_CARRIERS

from .helpers import clear, fresh, goto


def _state_json(s, side):  # type: ignore[no-untyped-def]
    return json.dumps(s.view(side)["state"])


def test_tr_view_hides_enemy_hangar_deck_cap_and_outbound() -> None:
    """M12, TR-R19: the enemy's hangar, deck, CAP, Moving to Attack, Heading Home and Waiting to Land are secret;
    its raid in Ready to Attack / Attacking is seen."""
    s = clear(fresh())
    s.loc.update(
        {
            "hir-f1": "cap:0",
            "hir-t1": "mta",
            "hir-t2": "home",
            "hir-t3": "wtl",
            "hir-d1": "deck:hir",
            "hir-d2": "rta",
            "hir-d3": "atk",
        }
    )
    goto(s, "plan", "usn")
    us = _state_json(s, "usn")
    for secret in ("hir-f1", "hir-t1", "hir-t2", "hir-t3", "hir-d1", "hir-f2", "kag-t4"):
        assert f'"{secret}"' not in us
    assert '"hir-d2"' in us and '"hir-d3"' in us
    jp = _state_json(s, "ijn")
    assert all(f'"{g}"' in jp for g in ("hir-f1", "hir-t1", "hir-d1"))
    spectator = _state_json(s, None)
    assert '"hir-f1"' not in spectator and '"ent-f1"' not in spectator and '"hir-d2"' in spectator


def test_tr_enemy_is_not_told_when_a_side_decides_out_of_its_sight() -> None:
    """M12, TR-R19 (revised): a step with nothing to decide is skipped, so the step a game stopped at, and who was to
    move, told the Americans that Japanese fighters were on deck (9 Launch Planes), only bombers were (11 Planning
    Phase), CAP was up (5 CAP Attacks) or a strike was heading out (3 Move Planes). While Japan decides there, the
    American and spectator views now read the same in every case; Japan sees its own step."""
    seen = set()
    for group, where, step in (
        ("aka-f1", "deck:aka", "launch"),
        ("aka-d1", "deck:aka", "launch"),
        ("aka-f1", "cap:0", "cap"),
        ("aka-d1", "mta", "move"),
    ):
        s = clear(fresh(1))
        s.loc["ent-d1"] = "rta"
        s.loc[group] = where
        goto(s, step, "ijn")
        assert s.view("ijn")["to_move"] == ["ijn"] and s.view("ijn")["state"]["step"] is not None
        for viewer in ("usn", None):
            v = s.view(viewer)
            seen.add((tuple(v["to_move"]), v["state"]["step"], v["state"]["step_name"]))
    assert seen == {((), None, "Japanese air operations")}


def test_tr_open_tables_shows_everything() -> None:
    """TR-R19: option open_tables shows both fleets to everyone."""
    s = clear(fresh(open_tables=True))
    goto(s, "plan", "usn")
    assert '"hir-f1"' in _state_json(s, "usn") and '"ent-f1"' in _state_json(s, "ijn")


def test_tr_hidden_events_are_sent_only_to_their_owner() -> None:
    """TR-R19: spotting, launches and private moves are logged with to=(owner,); the enemy log omits them."""
    s = clear(fresh())
    goto(s, "plan", "ijn")
    s.apply("ijn", "deck:hir-f1")
    ev = s.events[-1]
    assert ev.kind == "deck" and ev.to == ("ijn",)
    assert ev not in s.log("usn") and ev in s.log("ijn")


def test_tr_render_tables() -> None:
    """Render: turn and step, my carriers, my boxes, what I know of the enemy."""
    s = clear(fresh())
    s.loc.update({"ent-f1": "cap:0", "hir-d2": "rta"})
    goto(s, "plan", "usn")
    sections = GAME.render(s.view("usn"))
    assert all(isinstance(x, TextSection) for x in sections)
    titles = [x.title for x in sections]
    assert titles[:4] == ["A Terrible Resolve", "My carriers", "My boxes", "What I know of the enemy"]
    text = str(sections)
    assert "Enterprise" in text and "CAP centre" in text and "Waiting to Land" in text and "Hiryu" in text
    assert "Step" in str(sections[0]) and "12 Americans Planning Phase" in str(sections[0])
    assert GAME.render(s.view(None))[0].title == "A Terrible Resolve"
    assert len(GAME.render(fresh(open_tables=True).view("usn"))) >= 4


def test_tr_spectator_sees_no_japanese_carrier_before_the_fleet_is_found() -> None:
    """M53, TR-R19 (regression, issue 6): at seed 1's first decision the spectator view showed the Japanese
    carriers and their damage while the USN could not see them. A spectator knows only what both sides
    know: the US carriers (Japan knows them from the start, TR-R16), the Japanese ones once found."""
    s = fresh(1)
    assert not s.found and s.view("usn")["state"]["enemy"]["carriers"] is None
    spectator = s.view(None)["state"]
    assert spectator["public"]["ijn"]["carriers"] is None
    text = json.dumps(spectator)
    assert not any(f'"{c}"' in text or CARRIERS[c].name in text for c in SIDE_CARRIERS["ijn"])
    assert [c["id"] for c in spectator["public"]["usn"]["carriers"]] == list(SIDE_CARRIERS["usn"])
    s.found = True
    shown = s.view(None)["state"]["public"]["ijn"]["carriers"]
    assert [(c["id"], c["damage"]) for c in shown] == [(c, 0) for c in SIDE_CARRIERS["ijn"]]
