"""A Terrible Resolve: Repair Damage, Finding the Japanese Fleet, the end of the game
(M48-M55, E04-E07, D05)."""

from __future__ import annotations

import pytest

from midway.engine import IllegalChoiceError
from midway.rulesets.terrible_resolve.attacks import damage
from midway.rulesets.terrible_resolve.data import GROUPS
from midway.rulesets.terrible_resolve.game import SEQUENCE

from .helpers import at, clear, drive, fresh, goto, ids, rolls


def test_tr_repair_one_die_per_damaged_carrier() -> None:
    """M48: each damaged, unsunk carrier rolls one die in its side's Repair step."""
    s = clear(fresh())
    s.damage.update({"hir": 3, "kag": 2})
    goto(s, "repair", "ijn", dice=[6, 1], strict=False)
    assert [w for w, _ in rolls(s)][:2] == ["Hiryu repair", "Kaga repair"]
    assert (s.damage["hir"], s.damage["kag"]) == (2, 2)


def test_tr_repair_numbers_per_carrier() -> None:
    """M49: Japanese carriers repair on a 6; Enterprise and Hornet on 5-6; Yorktown on 4-6."""
    s = clear(fresh())
    s.damage.update({"ent": 3, "hor": 3, "yor": 3})
    goto(s, "repair", "usn", dice=[5, 4, 4])
    assert (s.damage["ent"], s.damage["hor"], s.damage["yor"]) == (2, 3, 2)
    s = clear(fresh())
    s.damage.update({"aka": 3, "sor": 3})
    goto(s, "repair", "ijn", dice=[5, 6])
    assert (s.damage["sor"], s.damage["aka"]) == (3, 2)  # Soryu rolled 5 (carrier order Hiryu, Soryu, Akagi)


def test_tr_repair_one_point_per_turn_never_above_ten_circles() -> None:
    """M50: at most one point per carrier per turn; a carrier at 0 damage does not roll."""
    s = clear(fresh())
    s.damage["yor"] = 1
    goto(s, "repair", "usn", dice=[6])
    assert s.damage["yor"] == 0
    assert [w for w, _ in rolls(s)] == ["Yorktown repair"]


def test_tr_sunk_carrier_never_repaired() -> None:
    """M51: a carrier at 10 damage does not roll and stays sunk."""
    s = clear(fresh())
    s.damage["yor"] = 10
    goto(s, "repair", "usn", dice=[6])
    assert s.damage["yor"] == 10
    assert all(w != "Yorktown repair" for w, _ in rolls(s))


def test_tr_crippled_carrier_repaired_operates_again() -> None:
    """M52, TR-R12 (C-06): repaired from 7 to 6 the carrier may land again."""
    s = clear(fresh())
    s.damage["yor"] = 7
    s.loc["yor-d1"] = "wtl"
    s.loc["ent-f1"] = "deck:ent"
    s.loc["hor-f1"] = "deck:hor"
    goto(s, "repair", "usn", dice=[4])
    assert s.damage["yor"] == 6 and s.status("yor") == "operational"
    drive(s, at("land", "usn"))
    assert "land:yor-d1:yor" in ids(s, "usn")


def test_tr_d05_repair_boundaries() -> None:
    """D05: Yorktown rolls 4 -> -1 damage; Akagi rolls 5 -> no repair; a carrier at 0 damage does not roll."""
    s = clear(fresh())
    s.damage.update({"aka": 2})
    goto(s, "repair", "ijn", dice=[5, 4])
    assert s.damage["aka"] == 2
    assert [w for w, _ in rolls(s)][0] == "Akagi repair"
    s = clear(fresh())
    s.damage.update({"yor": 2})
    goto(s, "repair", "usn", dice=[4])
    assert s.damage["yor"] == 1
    assert [w for w, _ in rolls(s)] == ["Yorktown repair"]


def test_tr_americans_start_without_finding_the_fleet() -> None:
    """M53: US groups in Moving to Attack cannot advance until found; the US view hides the Japanese carriers."""
    s = clear(fresh())
    s.found = False
    s.loc.update({"ent-d1": "mta", "ent-d2": "mta"})
    goto(s, "move", "usn")
    opts = ids(s, "usn")
    assert "search" in opts and not any(o.startswith("advance:ent-d") for o in opts)
    assert s.view("usn")["state"]["enemy"]["carriers"] is None
    assert s.view("ijn")["state"]["enemy"]["carriers"] is not None  # TR-R16: no Japanese search


def test_tr_search_four_groups_reroll_5_and_6() -> None:
    """M54, TR-R17: the wave is split into 4 search groups; a 5 or 6 is re-rolled."""
    s = clear(fresh())
    s.found = False
    for g in ("ent-d1", "ent-d2", "ent-d3", "ent-d4", "ent-d5"):
        s.loc[g] = "mta"
    goto(s, "move", "usn", dice=[5, 6, 2])
    s.apply("usn", "search")
    d = s.decision("usn")
    assert d is not None and {"sg:ent-d1:1", "sg:ent-d1:4"} <= set(d.option_ids)
    s.apply("usn", "sg:ent-d1:2")
    s.apply("usn", "sg:ent-d2:2")
    s.apply("usn", "done")  # d3, d4, d5 spread to groups 1, 3, 4
    assert [d for w, d in rolls(s) if w == "search die"] == [[5], [6], [2]]
    assert s.found and s.loc["ent-d1"] == s.loc["ent-d2"] == "rta"
    assert {s.loc[g] for g in ("ent-d3", "ent-d4", "ent-d5")} == {"mta"}


def test_tr_e05_search_group_three_finds_the_fleet() -> None:
    """M55, E05: roll 5 -> re-roll; roll 3 -> search group 3 at once to Ready to Attack; 1, 2, 4 stay this turn,
    and move normally next turn."""
    s = clear(fresh())
    s.found = False
    wave = ("ent-d1", "ent-d2", "ent-d3", "ent-d4")
    for g in wave:
        s.loc[g] = "mta"
    goto(s, "move", "usn", dice=[5, 3])
    s.apply("usn", "search")
    for n, g in enumerate(wave, start=1):
        s.apply("usn", f"sg:{g}:{n}")  # the last assignment rolls the die
    assert [s.loc[g] for g in wave] == ["mta", "mta", "rta", "mta"]
    assert s.found
    assert not any(o.startswith("advance:ent-d") for o in ids(s, "usn") or [])
    drive(s, at("move", "usn"))
    assert {"advance:ent-d1", "advance:ent-d3"} <= set(ids(s, "usn"))


def test_tr_empty_search_group_finds_nothing() -> None:
    """TR-R17: a die naming an empty search group finds nothing; the wave searches again next turn."""
    s = clear(fresh())
    s.found = False
    s.loc["ent-d1"] = "mta"
    goto(s, "move", "usn", dice=[4])
    s.apply("usn", "search")
    s.apply("usn", "sg:ent-d1:1")
    assert not s.found and s.loc["ent-d1"] == "mta"


def test_tr_e04_crippled_and_sunk_states() -> None:
    """E04: 7 damage -> crippled (cannot launch or land; she may still spot, TR-R29); 10 -> sunk with her planes
    aboard (TR-R20), and a sunk carrier spots nothing."""
    s = clear(fresh())
    damage(s, "sor", 7)
    goto(s, "plan", "ijn")
    assert "fill:sor" in ids(s, "ijn") and any(o.startswith("deck:sor") for o in ids(s, "ijn"))
    damage(s, "sor", 3)
    assert s.status("sor") == "sunk"
    assert all(s.loc[g] == "lost" for g in s.loc if g.startswith("sor-"))
    goto(s, "plan", "ijn")
    assert not any(o.startswith("deck:sor") or o == "fill:sor" for o in ids(s, "ijn"))


def test_tr_r29_crippled_carrier_spots_and_launches_once_repaired() -> None:
    """TR-R29, M45, M52 (Sequence of Play: Planning, steps 11-12, before Repair, 13-14): Yorktown, crippled at 7
    damage, spots a dive bomber group in Planning; repaired to 6 in the same turn, she launches it at the next
    turn's Launch step (TR-R12). Crippled, she could not launch it."""
    s = clear(fresh())
    s.damage["yor"] = 7
    goto(s, "plan", "usn")
    assert "deck:yor-d1" in ids(s, "usn")
    s.apply("usn", "deck:yor-d1")
    assert s.loc["yor-d1"] == "deck:yor"
    goto(s, "repair", "usn", dice=[4])
    assert s.damage["yor"] == 6 and s.status("yor") == "operational"
    turn = s.turn
    drive(s, lambda st: st.turn > turn and st.step > SEQUENCE.index(("launch", "usn")))
    assert s.loc["yor-d1"] == "mta"  # launched: bombers go to Moving to Attack (M43)


def test_tr_e06_last_carrier_sunk_one_way_trip() -> None:
    """E06, TR-R15: Kaga, the last Japanese carrier, is sunk: planes that would need a deck are lost;
    the outbound strike flies on (one way) and the game ends when it is spent."""
    s = clear(fresh())
    for c in ("hir", "sor", "aka"):
        s.damage[c] = 10
    s.damage["kag"] = 9
    s.loc.update({"kag-f1": "cap:0", "kag-t1": "home", "kag-t2": "wtl", "kag-d1": "mta", "kag-d2": "rta"})
    s.loc["ent-d1"] = "atk"
    goto(s, "attack", "usn", dice=[1] * 9 + [5, 1, 1, 1, 1])
    assert s.status("kag") == "sunk"
    assert {s.loc[g] for g in ("kag-f1", "kag-t1", "kag-t2")} == {"lost"}
    assert s.loc["kag-d1"] == "mta" and s.loc["kag-d2"] == "rta" and not s.is_over
    drive(s, lambda st: st.is_over)
    assert s.outcome().winner == "usn" and s.outcome().kind == "carriers"
    assert s.loc["kag-d1"] == s.loc["kag-d2"] == "lost"
    # without one-way strikes the game ends at once
    s = clear(fresh(one_way_strikes=False))
    for c in ("hir", "sor", "aka"):
        s.damage[c] = 10
    s.damage["kag"] = 9
    s.loc.update({"kag-d1": "mta", "ent-d1": "atk"})
    goto(s, "attack", "usn", dice=[1] * 9 + [5, 1, 1, 1, 1])
    assert s.is_over and s.outcome().winner == "usn" and s.loc["kag-d1"] == "lost"


def test_tr_e07_one_hit_leaves_yorktown_afloat_and_repair_saves_her() -> None:
    """E07: Yorktown at 8 takes one bomb hit: 9, crippled, not sunk; repair can lift a crippled carrier below 7."""
    s = clear(fresh())
    s.damage["yor"] = 8
    s.loc["kag-d1"] = "atk"
    goto(s, "attack", "ijn", dice=[1] * 12 + [5, 1, 1, 1, 1] + [4])
    s.apply("ijn", "target:kag-d1:yor")
    assert s.damage["yor"] == 9 and s.status("yor") == "crippled" and not s.is_over
    drive(s, lambda st: st.turn == 2)
    assert s.damage["yor"] == 8  # the repair roll of 4 succeeded
    s.damage["yor"] = 7
    goto(s, "repair", "usn", dice=[6])
    assert s.damage["yor"] == 6 and s.operational("yor")


def test_tr_turn_limit_judgement() -> None:
    """TR-R02: at the turn limit more carriers sunk wins; equal -> draw."""
    s = clear(fresh(max_turns=1))
    s.damage["hir"] = 10
    goto(s, "land", "ijn")
    drive(s, lambda st: st.is_over)
    out = s.outcome()
    assert out.winner == "usn" and out.kind == "turn-limit" and out.score == {"usn": 10, "ijn": 0}
    s = clear(fresh(max_turns=1))
    goto(s, "land", "ijn")
    drive(s, lambda st: st.is_over)
    assert s.outcome().winner is None


def test_tr_all_carriers_sunk_loses() -> None:
    """TR-R02: a side with every carrier sunk (and no strike outbound) loses at once."""
    s = clear(fresh())
    s.damage.update({"ent": 10, "hor": 10, "yor": 9})
    s.loc["kag-d1"] = "atk"
    goto(s, "attack", "ijn", dice=[1] * 12 + [5, 1, 1, 1, 1])
    assert s.is_over and s.outcome().winner == "ijn"


def test_tr_statistics() -> None:
    """Batch figures: turns, carriers sunk per side, SP lost."""
    from midway.rulesets.terrible_resolve import GAME

    s = clear(fresh())
    s.damage.update({"ent": 10, "hor": 10, "yor": 9})
    s.loc["kag-d1"] = "atk"
    goto(s, "attack", "ijn", dice=[1] * 12 + [5, 1, 1, 1, 1])
    stats = GAME.statistics(s)
    assert stats["turns"] == 1 and stats["usn carriers sunk"] == 3 and stats["ijn carriers sunk"] == 0
    assert stats["usn SP lost"] == 5 * 48 - sum(s.sp[g] for g in s.sp if g[:3] in ("ent", "hor", "yor"))


def test_tr_special_rule_wave_of_four_or_more_fills_every_search_group() -> None:
    """Special Rule ("they should be divided into 4 search groups"), TR-R17: a wave of 8 groups may put several in
    one search group, but once only as many groups are left as search groups are empty, each goes to an empty one;
    so every search group is manned, and the die (3) always finds the fleet."""
    s = clear(fresh(2))
    s.found = False
    wave = [g for g in GROUPS if g.startswith("ent-d")][:8]
    assert len(wave) == 8
    for g in wave:
        s.loc[g] = "mta"
    goto(s, "move", "usn", dice=[3])
    s.apply("usn", "search")
    for g in wave[:5]:  # five into search group 1: three groups left for the three empty search groups
        assert f"sg:{g}:1" in ids(s, "usn")
        s.apply("usn", f"sg:{g}:1")
    left = ids(s, "usn")
    assert not any(o.endswith(":1") for o in left)
    assert {o.rsplit(":", 1)[1] for o in left if o.startswith("sg:")} == {"2", "3", "4"}
    s.apply("usn", f"sg:{wave[5]}:2")
    assert {o.rsplit(":", 1)[1] for o in ids(s, "usn") if o.startswith("sg:")} == {"3", "4"}
    s.apply("usn", "done")  # the last two fill search groups 3 and 4
    assert s.found
    assert sum(s.loc[g] == "rta" for g in wave) == 1


def test_tr_special_rule_small_wave_may_leave_search_groups_empty() -> None:
    """TR-R17: a wave of fewer than 4 groups cannot man every search group; each group may go to any of the four."""
    s = clear(fresh(2))
    s.found = False
    wave = [g for g in GROUPS if g.startswith("ent-d")][:2]
    for g in wave:
        s.loc[g] = "mta"
    goto(s, "move", "usn", dice=[3])
    s.apply("usn", "search")
    assert {f"sg:{g}:{n}" for g in wave for n in (1, 2, 3, 4)} <= set(ids(s, "usn"))
    s.apply("usn", f"sg:{wave[0]}:1")
    assert {f"sg:{wave[1]}:{n}" for n in (1, 2, 3, 4)} <= set(ids(s, "usn"))


def test_tr_special_rule_search_wave_needs_a_bomber() -> None:
    """Special Rule ("When the first wave of bombers is ready to move into the Ready to Attack Box they should be
    divided into 4 search groups"), TR-R17 (revised): escort fighters alone in Moving to Attack are no wave of
    bombers: no search is offered, they stay, and the fleet is not found."""
    s = clear(fresh(1))
    s.found = False
    s.loc.update({"ent-f1": "mta", "hor-f1": "mta"})
    goto(s, "move", "usn", dice=[2], strict=True)
    assert s.decision("usn") is None  # nothing to decide: the step passed
    assert not s.found and s.loc["ent-f1"] == s.loc["hor-f1"] == "mta"
    assert not any(e.kind in ("search", "found") for e in s.events)


def test_tr_special_rule_only_bombers_join_search_groups_and_escorts_follow_the_find() -> None:
    """Special Rule ("the first wave of bombers ... divided into 4 search groups. ... The lucky group is immediately
    placed in the Ready to Attack Box. The other three groups must stay in the Moving to Attack Box"), TR-R17
    (revised): only the bombers go into search groups, so a fighter can neither be put in one (the choice is refused,
    naming the rule, the state unchanged) nor be the finder; once the fleet is found the escorts, in no search
    group, may advance this step with the finders or stay."""
    s = clear(fresh(1))
    s.found = False
    for g in ("ent-f1", "ent-d1", "ent-d2", "ent-d3"):
        s.loc[g] = "mta"
    goto(s, "move", "usn", dice=[1], strict=True)
    s.apply("usn", "search")
    opts = ids(s, "usn")
    assert not any(o.startswith("sg:ent-f1") for o in opts)
    assert {f"sg:{g}:{n}" for g in ("ent-d1", "ent-d2", "ent-d3") for n in (1, 2, 3, 4)} <= set(opts)
    before = s.to_bytes()
    with pytest.raises(IllegalChoiceError) as err:
        s.apply("usn", "sg:ent-f1:1")
    assert err.value.rule == "Special Rule: Finding the Japanese Fleet" and s.to_bytes() == before
    for g, n in (("ent-d1", 1), ("ent-d2", 2), ("ent-d3", 3)):
        s.apply("usn", f"sg:{g}:{n}")  # the last bomber placed: the die (1) is rolled
    assert s.found and s.loc["ent-d1"] == "rta" and s.loc["ent-d2"] == s.loc["ent-d3"] == "mta"
    assert s.loc["ent-f1"] == "mta"
    opts = ids(s, "usn")
    assert "advance:ent-f1" in opts and not any(o.startswith(("advance:ent-d", "search")) for o in opts)
    s.apply("usn", "advance:ent-f1")  # the escort follows the group that found the fleet
    assert s.loc["ent-f1"] == "rta"


def test_tr_special_rule_fleet_lost_only_bombers_search_and_lone_escorts_are_lost() -> None:
    """Special Rule ("the first wave of bombers ... divided into 4 search groups"), TR-R17 (revised), TR-R15: with
    no American carrier afloat the bombers in Moving to Attack search by themselves, and the escorts follow a find;
    escorts there with no bomber cannot search, and no carrier is left to launch one: they are lost and the
    Americans are beaten."""
    s = clear(fresh(1))
    s.found = False
    for c in ("ent", "hor", "yor"):
        s.damage[c] = 10
    s.loc.update({"ent-f1": "mta", "ent-d1": "mta"})
    goto(s, "move", "usn", dice=[1], strict=True)  # ent-d1 alone in search group 1: found
    assert s.found and s.loc["ent-d1"] == "rta" and s.loc["ent-f1"] == "rta"
    s = clear(fresh(1))
    s.found = False
    for c in ("ent", "hor", "yor"):
        s.damage[c] = 10
    s.loc["ent-f1"] = "mta"
    goto(s, "move", "usn", dice=[], strict=True)
    assert not s.found and s.loc["ent-f1"] == "lost"
    assert s.is_over and s.outcome().winner == "ijn"
