"""[ACTION COMBAT] [LIST OF ORDERS] Combat: secret Manoeuvre plans, execution, the Order Card chain, Firing.

The combat in progress is ``state.combat`` (a plain dict): attacker and defender, the revealed plans,
the execution order, each combatant's standing token moves (``moves``: the direction moved and the
token's turn, in order; what Loop and Sixth Sense reverse, BG-R09), whose turn it is in the card chain,
the aircraft that may turn after a swap (``turn``, BG-R11), and the Firing modifiers played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product
from typing import TYPE_CHECKING, Any

from midway.engine import Decision, Option
from midway.rulesets.boredgames import activation, purchase
from midway.rulesets.boredgames.board import TURNS, ahead, cards_for, cell_id, colour, is_attack, lazy
from midway.rulesets.boredgames.data import CARD_NAMES, FACINGS, FIRING, KINDS, ORDERS, TOKENS

if TYPE_CHECKING:
    from midway.rulesets.boredgames.game import BoredGamesState

_NAMES = {"usn": "Americans", "ijn": "Japanese"}
_TOKEN_LABEL = {"S": "forward", "L": "forward + left", "R": "forward + right"}
_TURN_LABEL = {"S": "keep the facing", "L": "turn left", "R": "turn right"}


def _plans(n: int) -> tuple[str, ...]:
    """[1.7] BG-R24: every left-to-right row of ``n`` tokens a side's six tokens allow."""
    out = []
    for seq in product("SLR", repeat=n):
        if all(seq.count(t) <= TOKENS[t] for t in "SLR"):
            out.append("".join(seq))
    return tuple(out)


PLANS = {n: _plans(n) for n in (2, 3)}


def _plan_label(plan: str) -> str:
    return ", ".join(_TOKEN_LABEL[t] for t in plan)


def _other(side: str) -> str:
    return "ijn" if side == "usn" else "usn"


def begin(state: BoredGamesState, attacker: str, defender: str) -> None:
    """[ACTION COMBAT] M34, M35: the Attacker and the Defender; both plan in secret."""
    aside = attacker[:3]
    state.combat = {
        "att": attacker,
        "def": defender,
        "aside": aside,
        "dside": _other(aside),
        "plans": None,
        "order": None,
        "idx": 0,
        "moves": {},
        "turn": None,
        "chain": _other(aside),
        "opening": True,
        "veterans": {"usn": 0, "ijn": 0},
        "aileron": {"usn": 0, "ijn": 0},
        "dodge": False,
        "replan": None,
        "played": [],
    }
    state.phase = "plan"


def mine(cb: dict[str, Any], side: str) -> str:
    """The combatant of ``side``."""
    return str(cb["att"] if side == cb["aside"] else cb["def"])


def decisions(state: BoredGamesState) -> dict[str, Decision]:
    cb = state.combat
    assert cb is not None
    phase = state.phase
    if phase == "plan":
        out = {}
        for side in (cb["aside"], cb["dside"]):
            aid = mine(cb, side)
            n = KINDS[state.kind[aid]].plan_tokens
            opts = [Option(f"plan:{p}", lazy(_plan_label, p)) for p in PLANS[n]]
            out[side] = state.decide(
                side,
                f"{aid}: plan {n} Manoeuvre Tokens (left to right)",
                "ACTION COMBAT",
                opts,
                kind="plan",
                simultaneous=True,
            )
        return out
    if phase == "first":
        side = cb["aside"]
        return {
            side: state.decide(
                side,
                "Who considers their Manoeuvres first?",
                "ACTION COMBAT",
                [Option("first:attacker", f"{cb['att']} (you) first"), Option("first:defender", f"{cb['def']} first")],
                kind="order",
            )
        }
    if phase == "omit":
        aid = cb["order"][cb["idx"]]
        side = aid[:3]
        tokens = cb["plans"][aid]
        opts = [
            Option(f"omit:{i + 1}", lazy("omit token {} ({})".format, i + 1, _TOKEN_LABEL[tokens[i]]))
            for i in range(len(tokens))
        ]
        return {side: state.decide(side, f"{aid} (Ace): omit one token", "3.3.4", opts, kind="omit")}
    if phase == "replan":
        aid = cb["replan"]
        side = aid[:3]
        opts = [Option(f"plan:{p}", lazy(_plan_label, p)) for p in PLANS[2]]
        opts.append(Option("noplan", "plan nothing: stay where the reversal left the aircraft"))
        return {side: state.decide(side, f"{aid}: Sixth Sense, plan again", "SIXTH SENSE", opts, kind="plan")}
    if phase == "swapturn":
        aid = cb["turn"]
        side = aid[:3]
        facing = state.face[aid]
        opts = [
            Option(f"turn:{t}", lazy("{} (facing {})".format, _TURN_LABEL[t], FACINGS[(facing + TURNS[t]) % 4]))
            for t in "SLR"
        ]
        title = f"{aid} switched places: turn it by 1 side?"
        return {side: state.decide(side, title, "ACTION FLIGHT *", opts, kind="turn")}
    side = cb["chain"]
    role = "Attacker" if side == cb["aside"] else "Defender"
    title = f"{mine(cb, side)} ({role}): play an Order Card?"
    return {side: state.decide(side, title, "ACTION COMBAT", card_options(state, side), kind="card")}


def card_options(state: BoredGamesState, side: str) -> list[Option]:
    """[ACTION COMBAT] [LIST OF ORDERS] M39-M41: each playable card in hand (with its choice), or pass."""
    cb = state.combat
    assert cb is not None
    if cb["opening"] and side == cb["dside"]:
        opts = [Option("pass", "play no card (the Attacker may still play one)")]
    else:
        opts = [Option("pass", "play no card: card play ends, then Firing is checked")]
    for key in dict.fromkeys(state.hands[side]):
        name = CARD_NAMES[key]
        if key == "acceleration":
            opts += [Option(f"card:acceleration:{t}", f"{name}: {_TOKEN_LABEL[t]}") for t in "SLR"]
        elif key == "feint":
            opts += [Option(f"card:feint:{d}", f"{name} to the {'left' if d == 'L' else 'right'}") for d in "LR"]
        elif key == "thach":
            target = mine(cb, _other(side))
            for a in state.aircraft_of(side):
                if a != cb["att"] and a != cb["def"]:
                    col = sight(state, a, target)
                    seen = "out of its diagram" if col is None else f"in its {col.replace('_', ' ')} area"
                    opts.append(Option(f"card:thach:{a}", lazy("{} with {} ({} {})".format, name, a, target, seen)))
        else:
            opts.append(Option(f"card:{key}", name))
    return opts


def resolve(state: BoredGamesState, side: str, opt: Option) -> None:
    cb = state.combat
    assert cb is not None
    phase = state.phase
    if phase == "plan":
        return  # unreachable: plans arrive together through _resolve_plans
    if phase == "first":
        first = cb["att"] if opt.id == "first:attacker" else cb["def"]
        second = cb["def"] if first == cb["att"] else cb["att"]
        cb["order"] = [first, second]
        state.emit("order", f"{first} considers its Manoeuvres first", rule="ACTION COMBAT")
        _execute_all(state)
        return
    if phase == "omit":
        aid = cb["order"][cb["idx"]]
        i = int(opt.id.split(":")[1]) - 1
        tokens = cb["plans"][aid]
        cb["plans"][aid] = tokens[:i] + tokens[i + 1 :]
        state.emit("omit", f"{aid} omits token {i + 1}", rule="3.3.4")
        _execute_all(state)
        return
    if phase == "replan":
        aid = cb["replan"]
        cb["replan"] = None
        if opt.id == "noplan":
            state.emit("plan", f"{aid} does not plan again", rule="SIXTH SENSE")
            _next_in_chain(state, side)
            return
        tokens = opt.id.split(":")[1]
        cb["plans"][aid] = tokens
        state.emit("plan", f"{aid} plans again: {', '.join(_TOKEN_LABEL[t] for t in tokens)}", rule="SIXTH SENSE")
        if not execute(state, aid, tokens, "replan"):
            return
        if _after_effect(state):
            return
        _next_in_chain(state, side)
        return
    if phase == "swapturn":
        aid = cb["turn"]
        cb["turn"] = None
        t = opt.id.split(":")[1]
        if t != "S":
            state.face[aid] = (state.face[aid] + TURNS[t]) % 4
            _moved(state, aid, _TURN_LABEL[t] + " after switching places", "ACTION FLIGHT *")
        _card_done(state, side, aid)
        return
    play(state, side, opt)


def resolve_plans(state: BoredGamesState, plans: dict[str, str]) -> None:
    """[ACTION COMBAT] M35-M37: both plans revealed; the Attacker chooses who goes first."""
    cb = state.combat
    assert cb is not None
    cb["plans"] = {mine(cb, s): p for s, p in plans.items()}
    text = "; ".join(f"{a}: {', '.join(_TOKEN_LABEL[t] for t in p)}" for a, p in cb["plans"].items())
    state.emit("plans", f"Manoeuvre Tokens revealed: {text}", rule="ACTION COMBAT", data=dict(cb["plans"]))
    state.phase = "first"


def execute(state: BoredGamesState, aid: str, tokens: str, src: str, tile: int | None = None) -> bool:
    """[ACTION COMBAT] M36, M37, BG-R09: consider the tokens left to right; remember each token's move
    (the direction flown and the token's turn) for Loop and Sixth Sense to reverse. False when a token's move
    off the board stopped for the player to choose the Small Board Tile (BG-R12): :func:`resume` goes on with
    the tokens left (``src``: ``exec``, the planned tokens, or ``replan``, Sixth Sense's); ``tile`` is the tile
    chosen for the first of them."""
    cb = state.combat
    assert cb is not None
    for k, t in enumerate(tokens):
        direction = state.face[aid]
        if tile is None and state.must_choose_tile(aid, direction):
            state.await_tile(aid, direction, "tokens", left=tokens[k:], src=src)
            return False
        if not state.step(aid, direction, tile=tile) or state.result is not None:
            return True
        tile = None
        cb["moves"][aid] = (*cb["moves"].get(aid, ()), (direction, t))
        state.face[aid] = (direction + TURNS[t]) % 4
        state.emit(
            "manoeuvre",
            f"{aid} {_TOKEN_LABEL[t]} to {cell_id(state.pos[aid])} facing {FACINGS[state.face[aid]]}",  # type: ignore[arg-type]
            rule="ACTION COMBAT",
        )
    return True


def reverse(
    state: BoredGamesState,
    aid: str,
    moves: Sequence[Sequence[Any]],
    card: str,
    tile: int | None = None,
    swapped: bool = False,
    n: int | None = None,
) -> bool | None:
    """[LOOP] [SIXTH SENSE] M59, M63, BG-R09 (revised): reverse the aircraft's moves resulting from its
    Manoeuvre Tokens (``moves``, taken from the combat: the moves are then gone, and a second Loop has nothing
    left to reverse), last token first, starting from where it is now: each token's turn is turned back
    and its area flown back (one area against the direction it flew), so a card's move or turn made
    after the tokens is kept. Each area flown back is a move like any other (ACTION FLIGHT *): off the
    board a Small Board Tile is laid (the player's choice, BG-R12: None while it is asked, :func:`resume`
    then goes on with ``tile``) or the aircraft is destroyed, an occupied area swaps (BG-R28), and
    entering the enemy carrier's area wins (BG-R25). True if the aircraft switched places on the way
    (BG-R11: it may then turn)."""
    left = list(moves)
    n = len(left) if n is None else n
    while left:
        direction, t = left[-1]
        back = (direction + 2) % 4
        if tile is None and state.must_choose_tile(aid, back):
            state.await_tile(aid, back, "reverse", left=tuple(map(tuple, left)), card=card, swapped=swapped, n=n)
            return None
        left.pop()
        state.face[aid] = (state.face[aid] - TURNS[t]) % 4
        here = state.pos[aid]
        assert here is not None
        swapped = swapped or ahead(here, back) in state.at
        if not state.step(aid, back, tile=tile) or state.result is not None:
            return False
        tile = None
    cell = state.pos[aid]
    assert cell is not None
    state.emit(
        "undo",
        f"{aid} reverses {n} Manoeuvre Token move(s): on {cell_id(cell)} facing {FACINGS[state.face[aid]]}",
        rule="BG-R09",
    )
    return swapped


def resume(state: BoredGamesState, wait: Mapping[str, Any], tile: int) -> None:
    """[ACTION FLIGHT *] BG-R12: a combat move stopped for the choice of Small Board Tile is made with ``tile``,
    and the combat goes on where it stopped: the tokens left (then the next combatant's, or the card chain after
    Sixth Sense's), the rest of a Loop or Sixth Sense, an Acceleration or a Feint."""
    cb = state.combat
    assert cb is not None
    then = wait["then"]
    aid = wait["aircraft"]
    side = aid[:3]
    if then == "tokens":
        if not execute(state, aid, wait["left"], wait["src"], tile):
            return
        if _after_effect(state):
            return
        if wait["src"] == "exec":
            cb["idx"] += 1
            _execute_all(state)
        else:
            _next_in_chain(state, side)
    elif then == "reverse":
        swapped = reverse(state, aid, wait["left"], wait["card"], tile, wait["swapped"], wait["n"])
        if swapped is not None:
            _after_card(state, side, aid, wait["card"], swapped)
    elif then == "acceleration":
        _accelerate(state, side, aid, wait["turn"], tile)
    else:
        _feint(state, side, aid, wait["way"], tile)


def _broken(state: BoredGamesState) -> bool:
    cb = state.combat
    assert cb is not None
    return state.pos[cb["att"]] is None or state.pos[cb["def"]] is None


def _after_effect(state: BoredGamesState) -> bool:
    """BG-R31: True when the game or the combat is over (a combatant lost before Firing)."""
    if state.result is not None:
        return True
    if _broken(state):
        state.emit("combat", "Combat ends: a combatant is gone", rule="BG-R31")
        end(state)
        return True
    return False


def _execute_all(state: BoredGamesState) -> None:
    """M37, M38: each combatant in turn; an Ace first drops one of its three tokens."""
    cb = state.combat
    assert cb is not None
    while cb["idx"] < 2:
        aid = cb["order"][cb["idx"]]
        tokens = cb["plans"][aid]
        if len(tokens) > 2:
            state.phase = "omit"
            return
        if not execute(state, aid, tokens, "exec"):
            return
        if _after_effect(state):
            return
        cb["idx"] += 1
    cb["chain"] = cb["dside"]
    cb["opening"] = True
    _run_chain(state)


def _run_chain(state: BoredGamesState) -> None:
    """M39-M41, BG-R32: the side to play decides; a side with an empty hand passes without a decision."""
    cb = state.combat
    assert cb is not None
    while True:
        side = cb["chain"]
        if state.hands[side]:
            state.phase = "chain"
            return
        if _pass(state):
            return


def _pass(state: BoredGamesState) -> bool:
    """M41: the Defender's opening pass hands over to the Attacker; any later pass ends card play."""
    cb = state.combat
    assert cb is not None
    if cb["opening"]:
        cb["opening"] = False
        cb["chain"] = cb["aside"]
        return False
    fire(state)
    if state.result is None:
        end(state)
    return True


def _next_in_chain(state: BoredGamesState, side: str) -> None:
    cb = state.combat
    assert cb is not None
    cb["chain"] = _other(side)
    cb["opening"] = False
    _run_chain(state)


def play(state: BoredGamesState, side: str, opt: Option) -> None:
    """[LIST OF ORDERS] M56-M66: play (or pass), resolve at once, discard; specials are gone once used."""
    cb = state.combat
    assert cb is not None
    if opt.id == "pass":
        state.emit("pass", f"{_NAMES[side]} play no card", rule="ACTION COMBAT")
        if not _pass(state):
            _run_chain(state)
        return
    parts = opt.id.split(":")
    key = parts[1]
    state.hands[side].remove(key)
    if key in ORDERS:
        state.discard.append(key)
        if not state.deck:  # BG-R44: an empty pile is remade from the discards at once
            purchase.reshuffle(state)
    cb["played"].append(key)
    me = mine(cb, side)
    state.emit("card", f"{_NAMES[side]} play {CARD_NAMES[key]}", rule=CARD_NAMES[key].upper(), data={"card": key})
    swapped = False
    if key == "acceleration":
        _accelerate(state, side, me, parts[2], None)
        return
    if key == "feint":
        _feint(state, side, me, parts[2], None)
        return
    if key == "turnabout":
        state.face[me] = (state.face[me] + 2) % 4
        _moved(state, me, "turns about", "TURNABOUT")
    elif key in ("loop", "sixth"):
        reversed_ = reverse(state, me, cb["moves"].pop(me, ()), key)
        if reversed_ is None:  # a Small Board Tile to choose first (BG-R12)
            return
        swapped = reversed_
    elif key == "aileron":
        cb["aileron"][side] += 1
    elif key == "dodge":
        cb["dodge"] = True
    elif key == "veterans":
        cb["veterans"][side] += 1
    elif key == "thach":
        thach(state, parts[2], _other(side))
    _after_card(state, side, me, key, swapped)


def _accelerate(state: BoredGamesState, side: str, me: str, turn: str, tile: int | None) -> None:
    """[ACCELERATION] M56, BG-R35: one more Manoeuvre (off the board, first the choice of tile, BG-R12)."""
    direction = state.face[me]
    if tile is None and state.must_choose_tile(me, direction):
        state.await_tile(me, direction, "acceleration", turn=turn)
        return
    if state.step(me, direction, tile=tile) and state.result is None:
        state.face[me] = (state.face[me] + TURNS[turn]) % 4
        _moved(state, me, _TOKEN_LABEL[turn], "ACCELERATION")
    _after_card(state, side, me, "acceleration", False)


def _feint(state: BoredGamesState, side: str, me: str, way: str, tile: int | None) -> None:
    """[FEINT] M57, BG-R11: one area straight to the left or right, facing kept (off the board, first the choice
    of tile, BG-R12)."""
    direction = (state.face[me] + (3 if way == "L" else 1)) % 4
    if tile is None and state.must_choose_tile(me, direction):
        state.await_tile(me, direction, "feint", way=way)
        return
    swapped = ahead(state.pos[me], direction) in state.at  # type: ignore[arg-type]
    if state.step(me, direction, tile=tile) and state.result is None:
        _moved(state, me, f"slides {'left' if way == 'L' else 'right'}", "FEINT")
    _after_card(state, side, me, "feint", swapped)


def _after_card(state: BoredGamesState, side: str, me: str, key: str, swapped: bool) -> None:
    """After a card's effect: the combat may be over (BG-R31); Surprise Attack fires; after a swap the owner may
    turn (BG-R11); else :func:`_card_done`."""
    cb = state.combat
    assert cb is not None
    if _after_effect(state):
        return
    if key == "surprise":
        fire(state)
        if state.result is None:
            end(state)
        return
    if swapped:  # BG-R11: after a swap the owner may still turn the aircraft by 1 side
        cb["turn"] = me
        state.phase = "swapturn"
        return
    _card_done(state, side, me)


def _card_done(state: BoredGamesState, side: str, me: str) -> None:
    """After a card (and any turn after a swap): Sixth Sense plans again, else the chain goes on."""
    cb = state.combat
    assert cb is not None
    if cb["played"][-1] == "sixth":
        cb["replan"] = me
        state.phase = "replan"
        return
    _next_in_chain(state, side)


def _moved(state: BoredGamesState, aid: str, how: str, rule: str) -> None:
    """Tell both players where an Order Card put the aircraft."""
    cell = state.pos[aid]
    assert cell is not None
    state.emit("manoeuvre", f"{aid} {how}: on {cell_id(cell)} facing {FACINGS[state.face[aid]]}", rule=rule)


def draw(state: BoredGamesState, side: str, aid: str, n: int) -> list[int]:
    """[Firing] M44, M47, BG-R22: draw ``n`` cards from a freshly shuffled pile (each a roll over the
    cards left); an Ace adds +1 to each (M78). The cards go back and are reshuffled after the Firing."""
    pile = list(FIRING[side])
    bonus = KINDS[state.kind[aid]].card_bonus
    out = []
    for _ in range(min(n, len(pile))):
        (r,) = state.roll(1, len(pile), why=f"{aid} Firing Card", rule="Firing")
        out.append(pile.pop(r - 1) + bonus)
    return out


def best(values: list[int], ignore: int) -> int | None:
    """M61: the highest card after ignoring the ``ignore`` highest (Aileron Roll); None with no card."""
    kept = sorted(values)[: max(0, len(values) - ignore)]
    return kept[-1] if kept else None


def winner(a: int | None, b: int | None) -> int:
    """M44, M46, BG-R06: 1 if ``a`` wins, 2 if ``b`` wins, 0 on a tie (no cards on either side is a tie)."""
    if a is None and b is None:
        return 0
    if b is None:
        return 1
    if a is None:
        return 2
    return 0 if a == b else (1 if a > b else 2)


def _diagram(state: BoredGamesState, aid: str) -> str:
    return KINDS[state.kind[aid]].diagram


def sight(state: BoredGamesState, firer: str, target: str) -> str | None:
    """M43: the colour of ``target`` on ``firer``'s range diagram."""
    fp, tp = state.pos[firer], state.pos[target]
    assert fp is not None and tp is not None
    return colour(firer[:3], _diagram(state, firer), fp, state.face[firer], tp)


def fire(state: BoredGamesState) -> None:
    """[Firing] M42-M47, M61, M62, M65, M78, BG-R06, BG-R07, BG-R33, BG-R34: one comparison, at most one loss."""
    cb = state.combat
    assert cb is not None
    if cb["dodge"]:
        state.emit("firing", "Dodge: no Firing in this Combat", rule="DODGE")
        return
    a, d = cb["att"], cb["def"]
    ca, cd = sight(state, a, d), sight(state, d, a)
    if not (is_attack(ca) or is_attack(cd)):
        state.emit("firing", "Neither aircraft has the other in an Attack Area: no Firing", rule="Firing")
        return
    state.actions["firing"] += 1
    na, nd = cards_for(ca), cards_for(cd)
    if na:
        na += cb["veterans"][cb["aside"]]
    if nd:
        nd += cb["veterans"][cb["dside"]]
    va = draw(state, cb["aside"], a, na)
    vd = draw(state, cb["dside"], d, nd)
    ba = best(va, cb["aileron"][cb["dside"]])
    bd = best(vd, cb["aileron"][cb["aside"]])
    w = winner(ba, bd)
    state.emit(
        "firing",
        f"Firing: {a} ({ca or 'out of range'}) draws {va or '-'}, {d} ({cd or 'out of range'}) draws {vd or '-'}",
        rule="Firing",
        data={"attacker": list(va), "defender": list(vd), "best": [ba, bd]},
    )
    if w == 1 and is_attack(ca):
        state.destroy(d, f"shot down by {a}")
    elif w == 2 and is_attack(cd):
        state.destroy(a, f"shot down by {d}")
    else:
        state.emit("firing", "Nothing happens", rule="Firing")


def thach(state: BoredGamesState, shooter: str, enemy_side: str) -> None:
    """[THACH WEAVE] M64, BG-R10: an extra Firing by an aircraft not in the Combat at the enemy combatant;
    the enemy draws by its own diagram but cannot destroy the shooter."""
    cb = state.combat
    assert cb is not None
    target = mine(cb, enemy_side)
    ct, ce = sight(state, shooter, target), sight(state, target, shooter)
    vt = draw(state, shooter[:3], shooter, cards_for(ct))
    ve = draw(state, enemy_side, target, cards_for(ce))
    w = winner(best(vt, 0), best(ve, 0))
    state.emit(
        "firing",
        f"Thach Weave: {shooter} ({ct or 'out of range'}) draws {vt or '-'}, {target} draws {ve or '-'}",
        rule="THACH WEAVE",
        data={"shooter": list(vt), "target": list(ve)},
    )
    if w == 1 and is_attack(ct):
        state.destroy(target, f"shot down by {shooter} (Thach Weave)")


def end(state: BoredGamesState) -> None:
    """[ACTION COMBAT] M48: the Initiative Card stays while the active player has marked aircraft."""
    cb = state.combat
    assert cb is not None
    state.combat = None
    activation.to_activation(state, "combat", cb["aside"])


def public(cb: dict[str, Any], state: BoredGamesState) -> dict[str, Any]:
    """What both players know of the combat (plans only once revealed; they are stored only then), with
    what each combatant would see of the other on its range diagram if Firing came now (M43) and its
    standing token moves, each the direction flown and the token (what Loop and Sixth Sense reverse, BG-R09)."""
    sights: dict[str, str | None] = {}
    if state.pos[cb["att"]] is not None and state.pos[cb["def"]] is not None:
        sights = {cb["att"]: sight(state, cb["att"], cb["def"]), cb["def"]: sight(state, cb["def"], cb["att"])}
    return {
        "sight": sights,
        "moves": {a: [[FACINGS[d], t] for d, t in m] for a, m in cb["moves"].items()},
        "attacker": cb["att"],
        "defender": cb["def"],
        "plans": None if cb["plans"] is None else dict(cb["plans"]),  # token strings: immutable
        "order": None if cb["order"] is None else list(cb["order"]),  # a copy: editing the view changes nothing
        "card_turn": cb["chain"],
        "played": list(cb["played"]),
        "veterans": dict(cb["veterans"]),
        "aileron": dict(cb["aileron"]),
        "dodge": cb["dodge"],
    }
