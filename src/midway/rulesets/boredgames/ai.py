"""What the computer opponents need from Bored Games' Midway (the kit of :mod:`midway.ai.kit`).

**Heuristic**: a one-step tactician over a light copy of the board (areas, facings, kinds; never the
hidden hand or plan of the enemy), written from the text's own logic:

* *Carrier Hunt* (BG-R25): the Bombers make for the enemy Aircraft Carrier by the fewest Manoeuvres
  (a distance table over area and facing), never fly off the board, and the side bids all its
  Command Points for the Initiative when a Bomber can reach the carrier in one Flight (or an enemy
  Bomber can reach ours); the Fighters hunt the enemy Bombers, keep them in their Attack Area and
  stay out of the enemy Fighters' Attack Areas.
* *Domination* (3.1.1): every aircraft makes for the Midway Tile (2 VP a round for the majority) and
  fights where the odds favour it; an Ace (3 VP) is kept out of even fights.
* *Combat*: the Manoeuvre plan is chosen by the exact Firing odds (cards 1-7 drawn without
  replacement, BG-R22) after both plans, over every plan the enemy could have made (the Attacker
  then picks who goes first, an Ace omits its worst token); the Attacker's order and an Ace's omitted
  token are chosen with both plans known; an Order Card is played when it improves the odds of the
  coming Firing by more than it costs (Dodge when losing, Aileron Roll and Veterans in an exchange,
  Thach Weave when the shooter can destroy, Loop to undo a bad position, Surprise Attack to deny the
  enemy a reply when winning).
* *Activation*: Flight or Combat, whichever leaves the better position (a Flight's whole path is
  planned, each Manoeuvre plays its first step); Combat is valued by the same odds.
* *Purchase*: the best cards affordable (Dodge, Aileron Roll, Acceleration, ...).
* *The Japanese* (why they lost 83% of games between heuristics: the Americans win every Initiative tie,
  2.4.2, so with both bidding 0 they attacked first in the round of contact, and their Thach Weave, an
  extra Firing by any American aircraft outside the Combat, shot down 0.8 Japanese Bombers a game): the
  Thach Weave still in the Americans' hand is counted in every Combat's value (:func:`thach_risk`, both
  sides), the Japanese bid 1 instead of 0, keep their Bombers out of the American Fighters' reach
  (EXPOSURE) and buy a Surprise Attack (a Defender's opening Surprise Attack leaves no turn for the Thach
  Weave). Between heuristics, seeds 0-199, the Japanese now win 39% (before 17% on seeds 0-99).

**Playout policy** (:func:`playout`, for search): greedy Manoeuvres along the same distance tables,
Combat when the target already sits in the Attack Area, random Manoeuvre plans; about a hundred
times cheaper than the heuristic. **Sampler**: :mod:`midway.rulesets.boredgames.sampler` (the
enemy's hand and the Order pile; a sealed bid or plan is chosen again). **Evaluation**: the
heuristic's position value, squashed to [-1, 1].
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from itertools import combinations
from typing import Any

from midway.ai.kit import ranked_choice
from midway.engine import Decision, State
from midway.engine.chance import SeededDice
from midway.rulesets.boredgames.board import ahead, cards_for, colour, is_attack, parse_cell, reachable
from midway.rulesets.boredgames.combat import PLANS
from midway.rulesets.boredgames.data import (
    BASE_CELLS,
    CARRIER,
    FACINGS,
    FIRING,
    KINDS,
    MIDWAY_CELLS,
    ORDERS,
    STEP,
    Cell,
)
from midway.rulesets.boredgames.names import HUNT, other
from midway.rulesets.boredgames.sampler import hidden_cards

TURN = {"S": 0, "L": 3, "R": 1}
WORTH = {"bomber": 6.0, "fighter": 1.5, "ace": 4.0}
"""What an aircraft is worth to its side (Carrier Hunt: the Bombers are the game)."""
WIN = 100.0
EXPOSURE = {"usn": 0.0, "ijn": 1.0}
"""Carrier Hunt: what a side's Bomber inside an enemy Fighter's five-Manoeuvre reach (a Combat it may be
dragged into, then a Thach Weave) costs that side, per enemy aircraft. The Japanese weigh it: the
Americans win Initiative ties (2.4.2) and hold the Thach Weave (added to the Thach Weave counting, heuristic
games 0-99: the IJN won 28% instead of 21%)."""
BUY = ("aileron", "dodge", "acceleration", "sixth", "loop", "surprise", "turnabout", "feint")
"""Order Cards in the order the heuristic buys them."""


# ------------------------------------------------------------------ geometry
def _distances(targets: frozenset[Cell]) -> dict[tuple[Cell, int], int]:
    """Fewest Manoeuvres (forward, then straight or a quarter turn) from (area, facing) to enter one of
    ``targets``, on the Big Board Tiles alone (0 when already on one)."""
    dist: dict[tuple[Cell, int], int] = {(c, f): 0 for c in targets for f in range(4)}
    frontier = list(dist)
    while frontier:
        nxt = []
        for cell, g in frontier:
            d = dist[(cell, g)] + 1
            for f in (g, (g + 1) % 4, (g + 3) % 4):  # the facing before the turn that gave g
                dx, dy = STEP[f]
                prev = (cell[0] - dx, cell[1] - dy)
                if prev in BASE_CELLS and (prev, f) not in dist:
                    dist[(prev, f)] = d
                    nxt.append((prev, f))
        frontier = nxt
    return dist


TO_CARRIER = {s: _distances(frozenset({CARRIER[other(s)]})) for s in ("usn", "ijn")}
"""side -> (area, facing) -> Manoeuvres for that side's Bomber to enter the enemy carrier's area."""
TO_MIDWAY = _distances(MIDWAY_CELLS)


@lru_cache(maxsize=4096)
def _best_dist(n: int, bonus: int, ignored: int, side: str) -> tuple[tuple[int | None, float], ...]:
    """[Firing] BG-R22, BG-R34: the distribution of a side's best card (after Aileron Roll ignores its
    ``ignored`` highest, with the Ace's ``bonus``) when it draws ``n`` of its seven cards."""
    pile = FIRING[side]
    n = min(n, len(pile))
    if n == 0:
        return ((None, 1.0),)
    counts: dict[int | None, int] = {}
    total = 0
    for hand in combinations(pile, n):
        kept = sorted(hand)[: max(0, n - ignored)]
        best = kept[-1] + bonus if kept else None
        counts[best] = counts.get(best, 0) + 1
        total += 1
    return tuple((v, c / total) for v, c in counts.items())


@lru_cache(maxsize=8192)
def odds(a: tuple[int, int, int, str], d: tuple[int, int, int, str]) -> tuple[float, float]:
    """P(first side's best card wins), P(second's wins): each side as (cards, bonus, ignored, side)."""
    pa = pd = 0.0
    for va, qa in _best_dist(*a):
        for vd, qd in _best_dist(*d):
            if va is None and vd is None:
                continue
            if vd is None or (va is not None and va > vd):
                pa += qa * qd
            elif va is None or vd > va:
                pd += qa * qd
    return pa, pd


# ------------------------------------------------------------------ the board as the heuristic sees it
class Board:
    """Areas, facings and kinds of the aircraft on the board, the Small Board Tiles' areas, scores."""

    __slots__ = ("pos", "face", "kind", "at", "cells", "mode", "vp", "thach")

    def __init__(self) -> None:
        self.pos: dict[str, Cell] = {}
        self.face: dict[str, int] = {}
        self.kind: dict[str, str] = {}
        self.at: dict[Cell, str] = {}
        self.cells: frozenset[Cell] = BASE_CELLS
        self.mode = HUNT
        self.vp: dict[str, int] = {"usn": 0, "ijn": 0}
        self.thach = 0
        """Thach Weave cards the Americans hold (1.6.4, BG-R13): known to both sides (BG-R29, the sampler's
        count of the enemy's Special-Order Cards)."""

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> Board:
        b = cls()
        st = view["state"]
        b.mode = st["mode"]
        b.vp = dict(st["vp"])
        for a in st["aircraft"]:
            b.kind[a["id"]] = a["kind"]
            if a["area"] is not None:
                cell = (a["area"][0], a["area"][1])
                b.pos[a["id"]] = cell
                b.face[a["id"]] = FACINGS.index(a["facing"])
                b.at[cell] = a["id"]
        extra = [(o[0] + i, o[1] + j) for o in st["small_tiles"] if o is not None for i in range(2) for j in range(2)]
        if extra:
            b.cells = BASE_CELLS | frozenset(extra)
        side = view.get("side")
        if side == "usn":
            b.thach = list(st["hand"] or ()).count("thach")
        elif side == "ijn":
            b.thach = max(0, hidden_cards(view)[1])
        return b

    @classmethod
    def from_state(cls, state: Any) -> Board:
        b = cls()
        b.mode = state.mode
        b.vp = dict(state.vp)
        b.kind = state.kind
        b.pos = {a: c for a, c in state.pos.items() if c is not None}
        b.face = dict(state.face)
        b.at = dict(state.at)
        if state.small_at:
            b.cells = BASE_CELLS | frozenset(state.small_at)
        b.thach = state.hands["usn"].count("thach")
        return b

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.pos, b.face, b.at = dict(self.pos), dict(self.face), dict(self.at)
        b.kind, b.cells, b.mode, b.vp, b.thach = self.kind, self.cells, self.mode, self.vp, self.thach
        return b

    # ---------------------------------------------------------- moving
    def step(self, aid: str, direction: int) -> bool:
        """One area in ``direction`` (the swap rule); False when it leaves the board (counted as lost)."""
        here = self.pos[aid]
        dest = ahead(here, direction)
        if dest not in self.cells:
            del self.pos[aid]
            del self.at[here]
            return False
        self.put(aid, dest)
        return True

    def put(self, aid: str, cell: Cell) -> None:
        """``aid`` onto ``cell``; an aircraft there swaps onto ``aid``'s area (BG-R28, BG-R09)."""
        here = self.pos[aid]
        if cell == here:
            return
        other_aid = self.at.get(cell)
        if other_aid is not None:
            self.pos[other_aid] = here
            self.at[here] = other_aid
        else:
            del self.at[here]
        self.pos[aid] = cell
        self.at[cell] = aid

    def tokens(self, aid: str, tokens: str) -> bool:
        for t in tokens:
            if aid not in self.pos or not self.step(aid, self.face[aid]):
                return False
            self.face[aid] = (self.face[aid] + TURN[t]) % 4
        return True

    def reverse(self, aid: str, moves: Any) -> bool:
        """Loop, Sixth Sense (BG-R09): the token moves (direction name, token) undone, last first, from
        where ``aid`` is now; False when a step back leaves the board (counted as lost)."""
        for d, t in reversed(moves):
            self.face[aid] = (self.face[aid] - TURN[t]) % 4
            if not self.step(aid, (FACINGS.index(d) + 2) % 4):
                return False
        return True

    def remove(self, aid: str) -> None:
        cell = self.pos.pop(aid, None)
        if cell is not None:
            del self.at[cell]

    # ---------------------------------------------------------- judging
    def sight(self, firer: str, target: str) -> str | None:
        return colour(firer[:3], KINDS[self.kind[firer]].diagram, self.pos[firer], self.face[firer], self.pos[target])

    def bombed(self, side: str) -> bool:
        """A Bomber of ``side`` on the enemy carrier's area (Carrier Hunt won, BG-R25)."""
        target = CARRIER[other(side)]
        aid = self.at.get(target)
        return aid is not None and aid.startswith(side) and self.kind[aid] == "bomber"

    def value(self, me: str) -> float:
        """How good the board is for ``me`` (about -100..100): material, progress, threats."""
        if self.mode == HUNT:
            for side, sign in ((me, 1.0), (other(me), -1.0)):
                if self.bombed(side):
                    return sign * WIN
                if not any(self.kind[a] == "bomber" and a.startswith(side) for a in self.pos):
                    return -sign * WIN
        score = 0.0
        enemy = other(me)
        bombers = {me: [], enemy: []}
        for aid, cell in self.pos.items():
            side = aid[:3]
            sign = 1.0 if side == me else -1.0
            kind = self.kind[aid]
            score += sign * WORTH[kind]
            if self.mode == HUNT:
                if kind == "bomber":
                    bombers[side].append(cell)
                    d = TO_CARRIER[side].get((cell, self.face[aid]), 20)
                    score -= sign * 0.6 * d
            else:
                d = TO_MIDWAY.get((cell, self.face[aid]), 12)
                score -= sign * 0.25 * d
        if self.mode != HUNT:
            on = {me: 0, enemy: 0}
            for aid, cell in self.pos.items():
                if cell in MIDWAY_CELLS:
                    on[aid[:3]] += 1
            score += 1.2 * ((on[me] > on[enemy]) - (on[enemy] > on[me])) + 0.2 * (on[me] - on[enemy])
            score += 1.0 * (self.vp[me] - self.vp[enemy])
        # fighters: close on the enemy Bombers (Carrier Hunt); threats either way
        for aid, cell in self.pos.items():
            kind = self.kind[aid]
            side = aid[:3]
            sign = 1.0 if side == me else -1.0
            if kind != "bomber" and self.mode == HUNT and bombers[other(side)]:
                near = min(abs(cell[0] - c[0]) + abs(cell[1] - c[1]) for c in bombers[other(side)])
                score -= sign * 0.08 * near
            if kind == "bomber":
                continue
            for tid, tcell in self.pos.items():
                if tid[:3] == side:
                    continue
                col = colour(side, KINDS[kind].diagram, cell, self.face[aid], tcell)
                if is_attack(col):
                    score += sign * 0.25 * WORTH[self.kind[tid]] * (1.3 if col == "red" else 1.0)
        if self.mode == HUNT and (EXPOSURE[me] or EXPOSURE[enemy]):
            for side in (me, enemy):
                w = EXPOSURE[side]
                if not w or not bombers[side]:
                    continue
                sign = 1.0 if side == me else -1.0
                for aid, cell in self.pos.items():
                    if aid[:3] == side or self.kind[aid] == "bomber":
                        continue
                    reach = reachable(cell, self.face[aid], ())  # on the board as it stands (no tile laid)
                    score -= sign * w * sum(1 for c in bombers[side] if c in reach)
        return score


def _lose(board: Board, aid: str, me: str) -> float:
    """What losing ``aid`` is worth to ``me`` (negative when it is mine): its worth, the game for the
    last Bomber (Carrier Hunt), the enemy's Victory Points (Domination)."""
    side = aid[:3]
    sign = -1.0 if side == me else 1.0
    kind = board.kind[aid]
    if board.mode == HUNT:
        if kind == "bomber" and not any(a != aid and board.kind[a] == "bomber" and a[:3] == side for a in board.pos):
            return sign * WIN
        return sign * WORTH[kind]
    return sign * (KINDS[kind].vp + (1.5 if kind == "ace" else 0.3))


def thach_risk(board: Board, att: str, dfn: str) -> tuple[float, str | None]:
    """[THACH WEAVE] BG-R10: the chance that the Americans' Thach Weave cards (``board.thach``, two at most
    in one Combat) shoot down the Japanese combatant where it stands, and that combatant. Each shooter is
    an American aircraft outside the Combat with the target in its Attack Area; the target draws by its
    own diagram and cannot hit back."""
    if board.thach <= 0:
        return 0.0, None
    target = att if att[:3] == "ijn" else dfn
    tcell = board.pos.get(target)
    if tcell is None:
        return 0.0, None
    chances = []
    for aid in board.pos:
        if aid[:3] != "usn" or aid in (att, dfn):
            continue
        ct = board.sight(aid, target)
        if not is_attack(ct):
            continue
        ce = board.sight(target, aid)
        p, _ = odds((cards_for(ct), 0, 0, "usn"), (cards_for(ce), KINDS[board.kind[target]].card_bonus, 0, "ijn"))
        chances.append(p)
    if not chances:
        return 0.0, target
    chances.sort(reverse=True)
    survive = 1.0
    for p in chances[: min(board.thach, 2)]:
        survive *= 1.0 - p
    return 1.0 - survive, target


def firing_value(
    board: Board,
    me: str,
    att: str,
    dfn: str,
    mods: Mapping[str, Any] | None = None,
    thach: bool = False,
) -> float:
    """The expected value for ``me`` of the Firing between ``att`` and ``dfn`` as they stand now; with
    ``thach``, the Americans' Thach Weave cards still to come are counted first (:func:`thach_risk`: a
    Japanese combatant shot down ends the Combat before its Firing, BG-R31)."""
    if thach and att in board.pos and dfn in board.pos:
        q, target = thach_risk(board, att, dfn)
        if q > 0.0 and target is not None:
            rest = firing_value(board, me, att, dfn, mods)
            return (1.0 - q) * rest + q * (board.value(me) + _lose(board, target, me))
    base = board.value(me)
    if abs(base) >= WIN or att not in board.pos or dfn not in board.pos:
        return base
    if mods and mods.get("dodge"):
        return base
    ca, cd = board.sight(att, dfn), board.sight(dfn, att)
    if not (is_attack(ca) or is_attack(cd)):
        return base
    aside, dside = att[:3], dfn[:3]
    vet = mods.get("veterans", {}) if mods else {}
    ail = mods.get("aileron", {}) if mods else {}
    na, nd = cards_for(ca), cards_for(cd)
    na += vet.get(aside, 0) if na else 0
    nd += vet.get(dside, 0) if nd else 0
    pa, pd = odds(
        (na, KINDS[board.kind[att]].card_bonus, ail.get(dside, 0), aside),
        (nd, KINDS[board.kind[dfn]].card_bonus, ail.get(aside, 0), dside),
    )
    value = base
    if is_attack(ca):
        value += pa * _lose(board, dfn, me)
    if is_attack(cd):
        value += pd * _lose(board, att, me)
    return value


def _choices(tokens: str) -> tuple[str, ...]:
    """An Ace's plan of three is considered with one token omitted (3.3.4): its owner's choice."""
    if len(tokens) <= 2:
        return (tokens,)
    return tuple(dict.fromkeys(tokens[:i] + tokens[i + 1 :] for i in range(len(tokens))))


def _executed(board: Board, me: str, att: str, dfn: str, first: str, p0: str, p1: str) -> float:
    """Rows of two tokens executed (``first`` moves first), then the Firing's value for ``me``."""
    second = dfn if first == att else att
    b = board.copy()
    b.tokens(first, p0)
    if first in b.pos:
        b.tokens(second, p1)
    return firing_value(b, me, att, dfn, thach=True) if (att in b.pos and dfn in b.pos) else b.value(me)


class Exchanges:
    """The value for ``me`` of a Combat's token rows, each row pair simulated once (an Ace's omitted
    token is chosen by its owner: the first mover's before the second's, 3.3.4, BG-R08)."""

    def __init__(self, board: Board, me: str, att: str, dfn: str) -> None:
        self.board, self.me, self.att, self.dfn = board, me, att, dfn
        self.memo: dict[tuple[str, str, str], float] = {}

    def value(self, mine: str, theirs: str, first: str) -> float:
        me, att, dfn = self.me, self.att, self.dfn
        second = dfn if first == att else att
        plans = {att: mine if att[:3] == me else theirs, dfn: mine if dfn[:3] == me else theirs}
        pick0 = max if first[:3] == me else min
        pick1 = max if second[:3] == me else min
        memo = self.memo
        outer = []
        for a0 in _choices(plans[first]):
            inner = []
            for a1 in _choices(plans[second]):
                key = (first, a0, a1)
                v = memo.get(key)
                if v is None:
                    v = memo[key] = _executed(self.board, me, att, dfn, first, a0, a1)
                inner.append(v)
            outer.append(pick1(inner))
        return pick0(outer)


def exchange(board: Board, me: str, att: str, dfn: str, mine: str, theirs: str, first: str) -> float:
    """Both plans executed (``first`` moves first), each Ace omitting its owner's best token, then Firing."""
    return Exchanges(board, me, att, dfn).value(mine, theirs, first)


def plan_values(board: Board, me: str, att: str, dfn: str, quick: bool = False) -> dict[str, float]:
    """Each of ``me``'s plans: its value over the enemy's possible plans (mostly the mean, partly the
    worst), the Attacker choosing who goes first once both are known."""
    mine_aid = att if att[:3] == me else dfn
    their_aid = dfn if mine_aid == att else att
    mine_plans = PLANS[2] if quick else PLANS[KINDS[board.kind[mine_aid]].plan_tokens]
    their_plans = PLANS[2] if quick else PLANS[KINDS[board.kind[their_aid]].plan_tokens]
    pick = max if att[:3] == me else min
    ex = Exchanges(board, me, att, dfn)
    out = {}
    for p in mine_plans:
        vals = [pick(ex.value(p, q, att), ex.value(p, q, dfn)) for q in their_plans]
        out[p] = 0.7 * sum(vals) / len(vals) + 0.3 * min(vals)
    return out


def flight_paths(board: Board, aid: str, done: int) -> list[tuple[str, float]]:
    """Every rest of a Flight (the Manoeuvre letters; "" ends it) and the value of where it leaves us."""
    k = KINDS[board.kind[aid]]
    me = aid[:3]
    out: list[tuple[str, float]] = []

    def walk(b: Board, path: str, n: int) -> None:
        if n >= k.flight_min or n >= k.flight_max:
            out.append((path, b.value(me)))
        if n >= k.flight_max:
            return
        for t in "SLR":
            nb = b.copy()
            alive = nb.step(aid, nb.face[aid])
            if alive:
                nb.face[aid] = (nb.face[aid] + TURN[t]) % 4
                if nb.mode == HUNT and nb.bombed(me):
                    out.append((path + t, WIN))
                    continue
            else:
                out.append((path + t, nb.value(me) - 5 * WORTH[nb.kind[aid]]))
                continue
            walk(nb, path + t, n + 1)

    walk(board, "", done)
    return out


# ------------------------------------------------------------------ the policy
class Tactician:
    """The heuristic's decisions, kind by kind, for the side ``me`` on ``board``."""

    def __init__(self, facts: Mapping[str, Any], board: Board, me: str, dice: SeededDice) -> None:
        self.facts = facts
        self.board = board
        self.me = me
        self.dice = dice

    def choose(self, decision: Decision) -> str:
        handler = getattr(self, "_" + decision.kind, None)
        if handler is None:
            return ranked_choice(decision, self.dice, ())
        return str(handler(decision))

    def _best(self, scored: list[tuple[float, str]]) -> str:
        top = max(v for v, _ in scored)
        ties = [oid for v, oid in scored if v >= top - 1e-9]
        return ties[0] if len(ties) == 1 else ties[self.dice.randint(0, len(ties) - 1)]

    # -- set-up and bids
    def _place(self, decision: Decision) -> str:
        """Bombers first, nearest the enemy carrier; Fighters ahead of them, facing the enemy (or Midway)."""
        scored = []
        for o in decision.options:
            _, kind, area, facing = o[0].split(":")
            cell, f = parse_cell(area), FACINGS.index(facing)
            if self.board.mode == HUNT:
                d = TO_CARRIER[self.me].get((cell, f), 30)
                score = -d + (20 if kind == "bomber" else 0)
                if kind != "bomber":
                    score -= 0.5 * sum(1 for c in self.board.at if abs(c[0] - cell[0]) + abs(c[1] - cell[1]) == 0)
            else:
                score = -TO_MIDWAY.get((cell, f), 30) + (1 if kind == "ace" else 0)
            scored.append((score, o[0]))
        return self._best(scored)

    def _bid(self, decision: Decision) -> str:
        """All in when a Bomber (ours or theirs) can reach a carrier in one Flight; else keep the points
        (the Japanese, who lose ties, bid 1)."""
        b = self.board
        urgent = False
        if b.mode == HUNT:
            for aid, cell in b.pos.items():
                if b.kind[aid] == "bomber" and TO_CARRIER[aid[:3]].get((cell, b.face[aid]), 99) <= 3:
                    urgent = True
        # 2.4.2: ties go to the Americans, so the Japanese bid 1 to take the Initiative from a side keeping
        # its points (heuristic games 0-99: this change alone, the IJN won 39% instead of 17%)
        want = "bid:3" if urgent else ("bid:1" if self.me == "ijn" else "bid:0")
        return want if decision.option(want) is not None else decision.options[0][0]

    def _purchase(self, decision: Decision) -> str:
        """[2.4.4] The best cards affordable, in the order of BUY; the Japanese, while the Americans hold a
        Thach Weave, first want a Surprise Attack in hand: played by a Defender to open the card chain, it
        goes straight to Firing, before the Attacker can answer with the Thach Weave (SURPRISE ATTACK)."""
        order = BUY
        hand = self.facts.get("hand") or ()
        if self.me == "ijn" and self.board.thach > 0 and "surprise" not in hand:
            order = ("surprise",) + tuple(k for k in BUY if k != "surprise")
        return ranked_choice(decision, self.dice, tuple(f"buy:{k}" for k in order))

    # -- activation and flight
    def _activate(self, decision: Decision) -> str:
        b = self.board
        scored = []
        for o in decision.options:
            parts = o[0].split(":")
            aid = parts[1]
            if parts[0] == "fly":
                paths = flight_paths(b, aid, 0)
                v = max(v for _, v in paths) if paths else b.value(self.me)
            else:
                target = parts[2]
                v = max(plan_values(b, self.me, aid, target, quick=True).values())
                if self.facts.get("marked", {}).get(target):
                    v += 0.3
            scored.append((v, o[0]))
        return self._best(scored)

    def _manoeuvre(self, decision: Decision) -> str:
        flight = self.facts["flight"]
        paths = flight_paths(self.board, flight["aircraft"], flight["done"])
        best_v = max(v for _, v in paths)
        firsts = sorted({p[:1] for p, v in paths if v >= best_v - 1e-9})
        first = firsts[0] if len(firsts) == 1 else firsts[self.dice.randint(0, len(firsts) - 1)]
        want = "end" if first == "" else f"m:{first}"
        return want if decision.option(want) is not None else decision.options[0][0]

    # -- combat
    def _plan(self, decision: Decision) -> str:
        cb = self.facts["combat"]
        att, dfn = cb["attacker"], cb["defender"]
        b = self.board
        if decision.option("noplan") is not None:  # Sixth Sense: the enemy has moved; plan again
            mine = att if att[:3] == self.me else dfn
            scored = [(firing_value(b, self.me, att, dfn, cb, thach=True), "noplan")]
            for o in decision.options:
                if o[0].startswith("plan:"):
                    nb = b.copy()
                    nb.tokens(mine, o[0][5:])
                    scored.append((firing_value(nb, self.me, att, dfn, cb, thach=True), o[0]))
            return self._best(scored)
        values = plan_values(b, self.me, att, dfn)
        return self._best([(values.get(o[0][5:], -1e9), o[0]) for o in decision.options])

    def _turn(self, decision: Decision) -> str:
        """ACTION FLIGHT *, BG-R11: the facing after a swap that leaves the best Firing prospects."""
        cb = self.facts["combat"]
        att, dfn = cb["attacker"], cb["defender"]
        mine = att if att[:3] == self.me else dfn
        scored = []
        for o in decision.options:
            nb = self.board.copy()
            nb.face[mine] = (nb.face[mine] + TURN[o[0].split(":")[1]]) % 4
            scored.append((firing_value(nb, self.me, att, dfn, cb, thach=self.me == "ijn"), o[0]))
        return self._best(scored)

    def _tile(self, decision: Decision) -> str:
        """ACTION FLIGHT *, BG-R12: a Small Board Tile not in play first (every tile in play stays); else the tile
        in play farthest from our own aircraft (those near them may still fly over it)."""
        mine = [c for a, c in self.board.pos.items() if a[:3] == self.me]
        scored = []
        for o in decision.options:
            was = o.data["from"]
            if was is None:
                score = 1e6
            else:
                old = parse_cell(was)
                score = min((abs(c[0] - old[0]) + abs(c[1] - old[1]) for c in mine), default=0)
            scored.append((float(score), o[0]))
        return self._best(scored)

    def _order(self, decision: Decision) -> str:
        cb = self.facts["combat"]
        att, dfn = cb["attacker"], cb["defender"]
        plans = cb["plans"]
        mine, theirs = (plans[att], plans[dfn]) if att[:3] == self.me else (plans[dfn], plans[att])
        v_att = exchange(self.board, self.me, att, dfn, mine, theirs, att)
        v_def = exchange(self.board, self.me, att, dfn, mine, theirs, dfn)
        return self._best([(v_att, "first:attacker"), (v_def, "first:defender")])

    def _omit(self, decision: Decision) -> str:
        cb = self.facts["combat"]
        att, dfn = cb["attacker"], cb["defender"]
        order, plans = cb["order"], cb["plans"]
        aid = order[cb["idx"]]
        tokens = plans[aid]
        scored = []
        for o in decision.options:
            i = int(o[0].split(":")[1]) - 1
            b = self.board.copy()
            b.tokens(aid, tokens[:i] + tokens[i + 1 :])
            if cb["idx"] == 0 and order[1] in b.pos:
                b.tokens(order[1], plans[order[1]][:2] if len(plans[order[1]]) > 2 else plans[order[1]])
            scored.append((firing_value(b, self.me, att, dfn, cb, thach=True), o[0]))
        return self._best(scored)

    def _card(self, decision: Decision) -> str:
        cb = self.facts["combat"]
        att, dfn = cb["attacker"], cb["defender"]
        me = self.me
        mine = att if att[:3] == me else dfn
        b = self.board
        facing_thach = me == "ijn"  # the Japanese weigh the Thach Weave still to come; a Surprise Attack denies it
        now = firing_value(b, me, att, dfn, cb, thach=facing_thach)
        scored = [(now, "pass")]
        for o in decision.options:
            oid = o[0]
            if oid == "pass":
                continue
            parts = oid.split(":")
            key = parts[1]
            mods = {"dodge": cb["dodge"], "veterans": dict(cb["veterans"]), "aileron": dict(cb["aileron"])}
            nb = b
            if key == "acceleration":
                nb = b.copy()
                nb.tokens(mine, parts[2])
            elif key == "feint":
                nb = b.copy()
                if not nb.step(mine, (nb.face[mine] + (3 if parts[2] == "L" else 1)) % 4):
                    continue
            elif key == "turnabout":
                nb = b.copy()
                nb.face[mine] = (nb.face[mine] + 2) % 4
            elif key in ("loop", "sixth"):
                nb = b.copy()
                if not nb.reverse(mine, cb["moves"].get(mine, ())):
                    continue
            elif key == "aileron":
                mods["aileron"][me] += 1
            elif key == "veterans":
                mods["veterans"][me] += 1
            elif key == "dodge":
                mods["dodge"] = True
            elif key == "thach":
                shooter = parts[2]
                target = dfn if mine == att else att
                ct = b.sight(shooter, target)
                if not is_attack(ct):
                    continue
                ce = b.sight(target, shooter)
                pt, _ = odds((cards_for(ct), 0, 0, me), (cards_for(ce), KINDS[b.kind[target]].card_bonus, 0, other(me)))
                scored.append((now + pt * _lose(b, target, me) - 0.3, oid))
                continue
            if key == "surprise":  # straight to Firing: no Thach Weave to come
                plain = firing_value(b, me, att, dfn, cb) if facing_thach else now
                v = plain + (0.3 if plain > b.value(me) else -1.0)
            else:
                v = firing_value(nb, me, att, dfn, mods, thach=facing_thach)
            cost = ORDERS[key].cost if key in ORDERS else 1
            scored.append((v - 0.35 * cost, oid))
        return self._best(scored)


def _facts(view: Mapping[str, Any]) -> dict[str, Any]:
    st = view["state"]
    return {
        "flight": st["flight"],
        "combat": st["combat"],
        "marked": {a["id"]: a["marked"] for a in st["aircraft"]},
        "hand": st["hand"],
    }


def _state_facts(state: Any) -> dict[str, Any]:
    cb = state.combat
    combat = None
    if cb is not None:
        combat = {
            "attacker": cb["att"],
            "defender": cb["def"],
            "plans": cb["plans"],
            "order": cb["order"],
            "idx": cb["idx"],
            "moves": {a: [(FACINGS[d], t) for d, t in m] for a, m in cb["moves"].items()},
            "veterans": cb["veterans"],
            "aileron": cb["aileron"],
            "dodge": cb["dodge"],
        }
    return {"flight": state.flight, "combat": combat, "marked": state.marked}


def heuristic(view: Mapping[str, Any], decision: Decision, dice: SeededDice) -> str:
    """The heuristic player's choice from ``view`` alone."""
    facts = _facts(view)
    cb = facts["combat"]
    if cb is not None and decision.kind == "omit":
        # the view shows the execution order and plans; which combatant is about to move is the Ace's
        facts["combat"] = dict(cb, idx=0 if cb["order"][0][:3] == decision.side else 1)
    return Tactician(facts, Board.from_view(view), decision.side, dice).choose(decision)


def _aim(state: Any, aid: str, cell: Cell, facing: int) -> float:
    """The playout policy's distance for ``aid`` at (``cell``, ``facing``): a Bomber's Manoeuvres to the
    enemy carrier, a Hunt Fighter's areas to the nearest enemy Bomber, any aircraft's Manoeuvres to
    Midway in Domination."""
    kind = state.kind[aid]
    if state.mode != HUNT:
        return float(TO_MIDWAY.get((cell, facing), 12))
    if kind == "bomber":
        return float(TO_CARRIER[aid[:3]].get((cell, facing), 20))
    enemy = other(aid[:3])
    near = [c for a, c in state.pos.items() if c is not None and a[:3] == enemy and state.kind[a] == "bomber"]
    if not near:
        return 0.0
    return float(min(abs(cell[0] - c[0]) + abs(cell[1] - c[1]) for c in near))


def playout(state: Any, decision: Decision, dice: SeededDice) -> str:
    """The fast playout policy (about a hundred times cheaper than the heuristic): greedy Manoeuvres
    along the same distance tables, Combat when the target already sits in the attacker's Attack Area,
    random Manoeuvre plans; the heuristic's own cheap choices elsewhere."""
    kind = decision.kind
    options = decision.options
    if kind == "manoeuvre":
        aid = state.flight["aircraft"]
        here, f = state.pos[aid], state.face[aid]
        dest = ahead(here, f)
        if not state.on_board(dest):
            return "end" if decision.option("end") is not None else options[dice.randint(0, 2)][0]
        scored = [(_aim(state, aid, dest, (f + TURN[t]) % 4) + dice.randint(0, 9) / 20, f"m:{t}") for t in "SLR"]
        if decision.option("end") is not None:
            scored.append((_aim(state, aid, here, f) + 0.3, "end"))
        return min(scored)[1]
    if kind == "activate":
        best, best_score = options[0][0], -1e9
        for o in options:
            parts = o[0].split(":")
            aid = parts[1]
            score = dice.randint(0, 9) / 10
            if parts[0] == "fly":
                score += 1.0 if state.kind[aid] == "bomber" else 0.5
            else:
                t = parts[2]
                mine = colour(aid[:3], KINDS[state.kind[aid]].diagram, state.pos[aid], state.face[aid], state.pos[t])
                theirs = colour(t[:3], KINDS[state.kind[t]].diagram, state.pos[t], state.face[t], state.pos[aid])
                score += WORTH[state.kind[t]] * is_attack(mine) - WORTH[state.kind[aid]] * is_attack(theirs) - 0.5
            if score > best_score:
                best, best_score = o[0], score
        return best
    if kind in ("plan", "omit"):
        return options[dice.randint(0, len(options) - 1)][0]
    facts = _state_facts(state)
    facts["hand"] = state.hands[decision.side]
    return Tactician(facts, Board.from_state(state), decision.side, dice).choose(decision)


HUNT_ODDS = {"usn": 0.31, "bomber": 0.66, "distance": 0.16, "threat": 0.15, "dodge": 0.53, "thach": 0.08}
"""Carrier Hunt, the search's evaluation: log-odds of an American win per unit of each side's difference
(American less Japanese), fitted by logistic regression to the positions of 333 heuristic-vs-heuristic games
(seeds 100000-100332, every decision after set-up, 51,790 positions; five-fold cross-validated log loss
0.629 against 0.656 for the heuristic's :meth:`Board.value` and 0.662 for a constant). ``bomber``: each Bomber
on the board; ``distance``: the nearest Bomber's Manoeuvres to the enemy carrier; ``threat``: each enemy
aircraft that reaches one of the side's Bombers in five Manoeuvres (a Combat it can start) on the board as it
stands (as fitted: no Small Board Tile laid on the way, which BG-R15 since rules 0.4 also counts), counted per
Bomber; ``dodge``: each Dodge in hand (a Firing cancelled); ``thach``: each Thach Weave in the American hand;
``usn``: the Americans' edge (ties of the Initiative, 2.4.2). Why not :meth:`Board.value`: it counts a Bomber
as 6 less 0.6 a Manoeuvre to the carrier, so a Bomber ten Manoeuvres away is worth nothing or less, and the
search's depth-cut playouts saw losing it as no loss; it ignores the cards in hand, so searching a
purchase saw buying nothing as buying a Dodge (seed 7002, round 1)."""


def hunt_logit(state: Any) -> float:
    """Carrier Hunt: the log-odds that the Americans win from ``state`` (:data:`HUNT_ODDS`)."""
    w = HUNT_ODDS
    small = tuple(state.small)
    pos, face, kind = state.pos, state.face, state.kind
    bombers: dict[str, list[Cell]] = {"usn": [], "ijn": []}
    near = {"usn": 20, "ijn": 20}
    for aid, cell in pos.items():
        if cell is not None and kind[aid] == "bomber":
            side = aid[:3]
            bombers[side].append(cell)
            near[side] = min(near[side], TO_CARRIER[side].get((cell, face[aid]), 20))
    threat = {"usn": 0, "ijn": 0}
    for aid, cell in pos.items():
        if cell is None:
            continue
        target = other(aid[:3])
        if bombers[target]:
            reach = reachable(cell, face[aid], small)  # the board as it stands: the feature as fitted
            threat[target] += sum(1 for c in bombers[target] if c in reach)
    hands = state.hands
    return (
        w["usn"]
        + w["bomber"] * (len(bombers["usn"]) - len(bombers["ijn"]))
        - w["distance"] * (near["usn"] - near["ijn"])
        - w["threat"] * (threat["usn"] - threat["ijn"])
        + w["dodge"] * (hands["usn"].count("dodge") - hands["ijn"].count("dodge"))
        + w["thach"] * hands["usn"].count("thach")
    )


class BoredGamesKit:
    """The kit (see the module docstring)."""

    search_depth = 40

    def heuristic(self, view: Mapping[str, Any], decision: Decision, dice: SeededDice) -> str:
        return heuristic(view, decision, dice)

    def rollout(self, state: State, decision: Decision, dice: SeededDice) -> str:
        return playout(state, decision, dice)

    def sample(
        self, game: Any, view: Mapping[str, Any], dice: SeededDice, decision: Decision | None = None
    ) -> State | None:
        from midway.rulesets.boredgames.sampler import sample

        return sample(game, view, dice, decision)

    def evaluate(self, state: State, side: str) -> float:
        """Carrier Hunt: the odds of :func:`hunt_logit` as a value in [-1, 1] (2p - 1 = tanh(z / 2));
        Domination: the heuristic's position value, squashed."""
        st: Any = state
        if st.mode == HUNT:
            v = math.tanh(hunt_logit(st) / 2.0)
            return v if side == "usn" else -v
        return math.tanh(Board.from_state(state).value(side) / 8.0)


KIT = BoredGamesKit()
