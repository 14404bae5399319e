"""The sampler of Bored Games' Midway: a full state consistent with one side's view (BG-R29).

Everything on the board is public; what a side does not know is the enemy's hand (its size is
public), the order of the Order Card pile (kept sorted, every draw a roll, BG-R41, so only its
contents matter) and a bid or Manoeuvre plan the enemy has sealed. The Order Cards not in the pool, the
discards or the side's own hand are in the pile or the enemy's hand: the enemy's hand is drawn from
them at random, its Special-Order Cards being whatever its hand size leaves (each card played is gone,
BG-R13), and the rest is the pile. A bid or plan the enemy has already sealed is drawn among its legal
ones and sealed again, so the sample waits on the same side as the true state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from midway.engine import Decision, Game, State
from midway.engine.chance import SeededDice
from midway.rulesets.boredgames.data import FACINGS, ORDER_DECK, ORDERS, SIDES, SPECIALS
from midway.rulesets.boredgames.names import other


def hidden_cards(view: Mapping[str, Any]) -> tuple[list[str], int]:
    """The Order Cards the side cannot place (pile and enemy hand together, sorted) and how many of
    the enemy's cards are Special-Order Cards."""
    st = view["state"]
    side = view["side"]
    unknown = Counter(ORDER_DECK)
    unknown.subtract(st["pool"])
    unknown.subtract(st["discard"])
    unknown.subtract(c for c in st["hand"] if c in ORDERS)
    cards = sorted(unknown.elements())
    specials = st["hand_sizes"][other(side)] - (len(cards) - st["deck"])
    return cards, specials


def sample(game: Game, view: Mapping[str, Any], dice: SeededDice, decision: Decision | None = None) -> State | None:
    """A search clone giving exactly ``view`` to ``view["side"]``, the hidden cards drawn from ``dice``."""
    side = view.get("side")
    st = view.get("state")
    if side not in SIDES or not st or view.get("outcome") is not None:
        return None
    enemy = other(side)
    cards, specials = hidden_cards(view)
    own_specials = [k for k, s in SPECIALS.items() if s.side == enemy]
    if not 0 <= specials <= sum(SPECIALS[k].count for k in own_specials) or st["deck"] > len(cards):
        return None
    enemy_hand = [k for k in own_specials for _ in range(SPECIALS[k].count)][:specials]
    for _ in range(len(cards) - st["deck"]):
        enemy_hand.append(cards.pop(dice.randint(0, len(cards) - 1)))
    s: Any = game.new(0, dict(view["options"])).clone(search=True)
    s.round, s.phase, s.initiative = st["round"], st["phase"], st["initiative"]
    s.pos, s.face, s.at = {}, {}, {}
    for a in st["aircraft"]:
        aid = a["id"]
        cell = None if a["area"] is None else (a["area"][0], a["area"][1])
        s.pos[aid] = cell
        s.face[aid] = FACINGS.index(a["facing"])
        if cell is not None:
            s.at[cell] = aid
    s.marked = {a["id"]: True for a in st["aircraft"] if a["marked"]}
    s.small = [None if o is None else (o[0], o[1]) for o in st["small_tiles"]]
    s.small_at = {
        (o[0] + i, o[1] + j): t for t, o in enumerate(s.small) if o is not None for j in range(2) for i in range(2)
    }
    s.cp = dict(st["command_points"])
    s.bids = None if st["bids"] is None else dict(st["bids"])
    s.pool, s.discard, s.deck = list(st["pool"]), list(st["discard"]), cards
    s.hands = {side: list(st["hand"]), enemy: sorted(enemy_hand)}
    s.vp = dict(st["vp"])
    s.lost = {k: dict(v) for k, v in st["lost"].items()}
    s.waiting = {k: list(v) for k, v in st["waiting"].items()}
    s.flight = None if st["flight"] is None else dict(st["flight"])
    s.wait = _wait(st.get("tile_wait"))
    movers = view["to_move"] + [x for x in view["sealed"] if x not in view["to_move"]]
    mover = movers[0] if movers else None
    s.placer = mover or s.placer
    s.buyer = mover if st["phase"] == "purchase" else None
    s.reenter_side = mover if st["phase"] == "reenter" else None
    s.combat = _combat(st, s, mover)
    s.forget_decisions()
    if enemy in view["sealed"]:  # the enemy's sealed bid or plan: drawn, and sealed again
        sealed = s.decision(enemy)
        if sealed is not None:
            s.apply(enemy, sealed.options[dice.randint(0, len(sealed.options) - 1)][0])
    return s


def _wait(wait: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """BG-R12: the move stopped for a choice of Small Board Tile, as the state keeps it (a Loop's token moves left
    as pairs)."""
    if wait is None:
        return None
    out = dict(wait)
    if wait["then"] == "reverse":
        out["left"] = tuple((int(d), str(t)) for d, t in wait["left"])
    return out


def _combat(st: Mapping[str, Any], s: Any, mover: str | None) -> dict[str, Any] | None:
    """The combat in progress, its bookkeeping (which token row is next, the opening pass, who plans
    again, who turns after a swap) derived from the phase and who must choose."""
    cb = st["combat"]
    if cb is None:
        return None
    att, dfn = cb["attacker"], cb["defender"]
    aside = att[:3]
    phase = st["phase"]
    order = None if cb["order"] is None else list(cb["order"])
    idx = 0
    wait = st.get("tile_wait")
    opening = phase == "chain" and cb["card_turn"] != aside and not cb["played"]
    if phase == "tile" and wait is not None:  # BG-R12: stopped for a Small Board Tile in the tokens or a card
        if wait["then"] == "tokens" and wait["src"] == "exec" and order is not None:
            idx = order.index(wait["aircraft"])
            opening = True  # as the combat began
        else:  # a card's move: the Defender's opening card leaves the chain's opening standing until it is done
            idx = 2
            opening = cb["card_turn"] != aside and len(cb["played"]) == 1
    elif phase == "omit" and order is not None:
        idx = next(i for i, a in enumerate(order) if a[:3] == mover)
    elif phase in ("chain", "replan", "swapturn"):
        idx = 2
    return {
        "att": att,
        "def": dfn,
        "aside": aside,
        "dside": other(aside),
        "plans": None if cb["plans"] is None else dict(cb["plans"]),
        "order": order,
        "idx": idx,
        "moves": {a: tuple((FACINGS.index(d), t) for d, t in m) for a, m in cb["moves"].items()},
        "chain": cb["card_turn"],
        "opening": opening,
        "veterans": dict(cb["veterans"]),
        "aileron": dict(cb["aileron"]),
        "dodge": cb["dodge"],
        "replan": (att if att[:3] == mover else dfn) if phase == "replan" else None,
        "turn": (att if att[:3] == mover else dfn) if phase == "swapturn" else None,
        "played": list(cb["played"]),
    }
