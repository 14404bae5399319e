"""[2.4] [3.4] Bored Games' "Battle of Midway": set-up, the round, activations, purchases, victory, views.

The state keeps everything the rules need in plain attributes (never the event list): aircraft areas
and facings, the Small Board Tiles in play, markers, command points, hands, the Order Pool and deck,
and the combat in progress with each combatant's area before its Manoeuvre Tokens (what Loop and
Sixth Sense restore, BG-R09).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from midway.engine import Decision, Game, GameOption, Option, Outcome, State, TextSection
from midway.rulesets.boredgames import combat
from midway.rulesets.boredgames.board import TURNS, ahead, block_cells, block_of, cell_id, lazy, parse_cell, reachable
from midway.rulesets.boredgames.data import (
    BASE_CELLS,
    CARD_NAMES,
    CARRIER,
    COMMAND_POINTS,
    DEFAULT_ROUNDS,
    DEFAULT_THRESHOLD,
    FACINGS,
    FIGHTER_COUNT,
    KINDS,
    MAX_BID,
    MIDWAY_CELLS,
    MIDWAY_VP,
    ORDER_DECK,
    ORDERS,
    POOL_SIZE,
    REINFORCEMENT,
    SIDES,
    SMALL_TILES,
    SPECIAL_COUNT,
    SPECIAL_KIND,
    SPECIALS,
    THRESHOLDS,
    Cell,
    start_areas,
)

HUNT, DOMINATION = "carrier-hunt", "domination"
SIDE_NAMES = {"usn": "Americans", "ijn": "Japanese"}
ADJ = {"usn": "American", "ijn": "Japanese"}


def other(side: str) -> str:
    return "ijn" if side == "usn" else "usn"


def side_of(aid: str) -> str:
    return aid[:3]


class BoredGamesState(State):
    """A game of Bored Games' Battle of Midway in progress."""

    # ------------------------------------------------------------ set-up
    def _setup(self) -> None:
        """[2.3] [3.3] M16-M19, M72-M75, M80: components, Order Pool, then alternate placement, Japanese first."""
        self.mode: str = self.options["mode"]
        self.threshold: int = self.options["vp"]
        self.max_rounds: int = self.options["max_rounds"]
        special = SPECIAL_KIND["hunt" if self.mode == HUNT else "domination"]
        self.kind: dict[str, str] = {}
        for side in SIDES:
            for i in range(1, FIGHTER_COUNT + 1):
                self.kind[f"{side}-f{i}"] = "fighter"
            for i in range(1, SPECIAL_COUNT + 1):
                self.kind[f"{side}-{special[0]}{i}"] = special
        self.pos: dict[str, Cell | None] = dict.fromkeys(self.kind)
        self.face: dict[str, int] = dict.fromkeys(self.kind, 0)
        self.at: dict[Cell, str] = {}
        self.small: list[Cell | None] = [None] * SMALL_TILES
        self.small_age: list[int] = [0] * SMALL_TILES
        self.small_at: dict[Cell, int] = {}
        self.tiles_added = 0
        self.marked: dict[str, bool] = {}
        self.cp = dict.fromkeys(SIDES, 0)
        self.bids: dict[str, int] | None = None
        self.round = 0
        self.initiative = "usn"
        self.hands: dict[str, list[str]] = {s: [] for s in SIDES}
        for key, special_card in SPECIALS.items():
            self.hands[str(special_card.side)] += [key] * special_card.count
        self.deck: list[str] = sorted(ORDER_DECK)
        self.pool: list[str] = []
        self.discard: list[str] = []
        self.vp = dict.fromkeys(SIDES, 0)
        self.lost: dict[str, dict[str, int]] = {s: {"fighter": 0, special: 0} for s in SIDES}
        self.waiting: dict[str, list[str]] = {s: [] for s in SIDES}
        self.flight: dict[str, Any] | None = None
        self.combat: dict[str, Any] | None = None
        self.buyer: str | None = None
        self.reenter_side: str | None = None
        self.ended = ""
        self.actions = {"flight": 0, "combat": 0, "firing": 0}
        self.phase = "place"
        self.placer = "ijn"
        self.emit("setup", "Firing piles shuffled; Special-Order Cards in hand", rule="2.3.5")
        self._refill_pool()
        self.emit("setup", f"Order Pool: {', '.join(CARD_NAMES[c] for c in self.pool)}", rule="2.3.7")

    def _clone_data(self) -> dict[str, Any]:
        """A hand-written copy for search clones: the aircraft kinds never change and are shared;
        everything else is copied to the depth it is changed at."""
        own = {k: v for k, v in self.__dict__.items() if k not in self._SHARED and k not in self._ENGINE}
        for key in ("pos", "face", "at", "small_at", "marked", "cp", "vp", "actions"):
            own[key] = dict(own[key])
        for key in ("small", "small_age", "deck", "pool", "discard"):
            own[key] = list(own[key])
        own["hands"] = {s: list(v) for s, v in self.hands.items()}
        own["waiting"] = {s: list(v) for s, v in self.waiting.items()}
        own["lost"] = {s: dict(v) for s, v in self.lost.items()}
        if self.bids is not None:
            own["bids"] = dict(self.bids)
        if self.flight is not None:
            own["flight"] = dict(self.flight)
        cb = self.combat
        if cb is not None:
            cb = dict(cb)
            for key in ("start", "veterans", "aileron"):
                cb[key] = dict(cb[key])
            cb["played"] = list(cb["played"])
            if cb["plans"] is not None:
                cb["plans"] = dict(cb["plans"])
            if cb["order"] is not None:
                cb["order"] = list(cb["order"])
            own["combat"] = cb
        return own

    # ----------------------------------------------------------- helpers
    def on_board(self, cell: Cell) -> bool:
        return cell in BASE_CELLS or cell in self.small_at

    def extra_cells(self) -> frozenset[Cell]:
        return frozenset(self.small_at)

    def has_marked(self, side: str) -> bool:
        return any(a.startswith(side) for a in self.marked)

    def aircraft_of(self, side: str) -> list[str]:
        """The side's aircraft on the board, in id order."""
        return [a for a, c in self.pos.items() if c is not None and a.startswith(side)]

    def unplaced(self, side: str) -> list[str]:
        return [a for a, c in self.pos.items() if c is None and a.startswith(side) and a not in self.waiting[side]]

    def _place(self, aid: str, cell: Cell, facing: int) -> None:
        self.pos[aid] = cell
        self.face[aid] = facing
        self.at[cell] = aid

    # ------------------------------------------------------------ moving
    def _free_small_tile(self) -> int | None:
        """[ACTION FLIGHT *] M30, BG-R12: a tile not in play first, else the earliest-added tile with no aircraft."""
        for i, origin in enumerate(self.small):
            if origin is None:
                return i
        best: int | None = None
        for i, origin in enumerate(self.small):
            assert origin is not None
            if any(c in self.at for c in block_cells(origin)) or (
                best is not None and self.small_age[i] >= self.small_age[best]
            ):
                continue
            best = i
        return best

    def step(self, aid: str, direction: int, *, why: str = "manoeuvre") -> bool:
        """[ACTION FLIGHT] M27, M30-M32: move ``aid`` one area in ``direction``; False if it was destroyed.

        Off the board a Small Board Tile is added (moved if need be) on the block of the area entered;
        with none free the aircraft is destroyed. An aircraft in the area entered swaps places, keeping
        its facing (BG-R28).
        """
        here = self.pos[aid]
        assert here is not None
        dest = ahead(here, direction)
        if not self.on_board(dest):
            tile = self._free_small_tile()
            if tile is None:
                self.emit("lost", f"{aid} flies off the board: no Small Board Tile is free", rule="ACTION FLIGHT *")
                self.destroy(aid, "flew off the board")
                return False
            old = self.small[tile]
            if old is not None:
                for c in block_cells(old):
                    self.small_at.pop(c, None)
            origin = block_of(dest)
            self.small[tile] = origin
            self.tiles_added += 1
            self.small_age[tile] = self.tiles_added
            for c in block_cells(origin):
                self.small_at[c] = tile
            moved = "moved" if old is not None else "added"
            self.emit(
                "tile",
                f"Small Board Tile {tile + 1} {moved} at {cell_id(origin)} for {aid}",
                rule="ACTION FLIGHT *",
                data={"tile": tile, "origin": origin},
            )
        other_aid = self.at.get(dest)
        if other_aid is not None:
            self.pos[other_aid] = here
            self.at[here] = other_aid
            self.emit("swap", f"{aid} and {other_aid} swap places", rule="ACTION FLIGHT *")
        else:
            del self.at[here]
        self.pos[aid] = dest
        self.at[dest] = aid
        self.entered(aid)
        if other_aid is not None:
            self.entered(other_aid)
        return True

    def relocate(self, aid: str, cell: Cell, facing: int) -> None:
        """BG-R09: put ``aid`` back on ``cell``; an aircraft there swaps onto ``aid``'s area."""
        here = self.pos[aid]
        assert here is not None
        if cell != here:
            other_aid = self.at.get(cell)
            if other_aid is not None:
                self.pos[other_aid] = here
                self.at[here] = other_aid
            else:
                del self.at[here]
            self.pos[aid] = cell
            self.at[cell] = aid
            self.entered(aid)
            if other_aid is not None:
                self.entered(other_aid)
        self.face[aid] = facing

    def entered(self, aid: str) -> None:
        """[2.1] BG-R25: a Bomber entering the enemy Aircraft Carrier's area wins at once (Carrier Hunt)."""
        if self.result is not None or self.mode != HUNT or self.kind[aid] != "bomber":
            return
        side = side_of(aid)
        if self.pos[aid] == CARRIER[other(side)]:
            self.ended = "carrier"
            self.finish(Outcome(side, f"{aid} bombs the enemy Aircraft Carrier", dict(self.vp), kind="carrier"))

    def destroy(self, aid: str, cause: str) -> None:
        """[Firing] M45, M31, M68, M69, M79: remove ``aid``; score it (Domination) and check victory."""
        cell = self.pos[aid]
        assert cell is not None
        del self.at[cell]
        self.pos[aid] = None
        self.marked.pop(aid, None)
        side = side_of(aid)
        kind = self.kind[aid]
        self.lost[side][kind] += 1
        self.emit("destroyed", f"{aid} ({kind}) destroyed: {cause}", rule="Firing", data={"aircraft": aid})
        if self.result is not None:
            return
        enemy = other(side)
        if self.mode == DOMINATION:
            if KINDS[kind].returns:
                self.waiting[side].append(aid)
            self.score(enemy, KINDS[kind].vp, f"{aid} destroyed")
        elif kind == "bomber" and not any(
            self.pos[a] is not None for a in self.kind if a.startswith(side) and self.kind[a] == "bomber"
        ):
            self.ended = "bombers"
            self.finish(Outcome(enemy, f"every {ADJ[side]} Bomber is destroyed", dict(self.vp), kind="bombers"))

    def score(self, side: str, points: int, why: str) -> None:
        """[3.1] M67, BG-R05: add Victory Points; reaching the threshold ends the game at once."""
        if points <= 0 or self.result is not None:
            return
        self.vp[side] += points
        self.emit("vp", f"{SIDE_NAMES[side]} +{points} VP ({why}): {self.vp[side]}", rule="3.1.1")
        if self.vp[side] >= self.threshold:
            self.ended = "points"
            self.finish(
                Outcome(side, f"{SIDE_NAMES[side]} reach {self.vp[side]} Victory Points", dict(self.vp), kind="points")
            )

    # ------------------------------------------------------------- round
    def _begin_round(self) -> None:
        """[2.4.1] M20: a marker beside every aircraft on the board, 3 Command Points each."""
        self.round += 1
        self.marked = {a: True for a, c in self.pos.items() if c is not None}
        self.cp = dict.fromkeys(SIDES, COMMAND_POINTS)
        self.bids = None
        self.phase = "bid"
        self.emit("round", f"Round {self.round} begins", rule="2.4.1")

    def _to_activation(self, after: str, actor: str | None) -> None:
        """[2.4.3] M29, M48, BG-R01, BG-R02, BG-R43: who holds the Initiative Card next, or on to 2.4.4."""
        if actor is None:
            order = (self.initiative, other(self.initiative))
        elif after == "flight":
            order = (other(actor), actor)
        else:
            order = (actor, other(actor))
        for side in order:
            if self.has_marked(side):
                if side != self.initiative:
                    self.emit("initiative", f"{SIDE_NAMES[side]} take the Initiative Card", rule="2.4.3")
                self.initiative = side
                self.phase = "activate"
                return
        self._begin_purchase()

    def _begin_purchase(self) -> None:
        """[2.4.4] M49, BG-R03: the Initiative Card holder buys first."""
        self.phase = "purchase"
        self.buyer = self.initiative
        self._skip_buyers()

    def _skip_buyers(self) -> None:
        """A buyer who can afford nothing in the pool is done (no decision with one choice)."""
        while self.buyer is not None:
            cp = self.cp[self.buyer]
            if any(ORDERS[c].cost <= cp for c in self.pool):
                return
            self._next_buyer()

    def _next_buyer(self) -> None:
        """[2.4.4] M52, M54: the other player buys next; then unspent Command Points are lost."""
        if self.buyer == self.initiative:
            self.buyer = other(self.initiative)
            return
        self.buyer = None
        for side in SIDES:
            if self.cp[side]:
                self.emit("cp", f"{SIDE_NAMES[side]} discard {self.cp[side]} unspent Command Points", rule="2.4.4")
            self.cp[side] = 0
        self._end_round()

    def _refill_pool(self) -> None:
        """[2.4.4] M51, M53: refill the Order Pool to 4; an empty pile takes the discards, reshuffled."""
        while len(self.pool) < POOL_SIZE:
            if not self.deck:
                if not self.discard:
                    break
                self._reshuffle()
            (r,) = self.roll(1, len(self.deck), why="Order Card drawn", rule="2.4.4")
            self.pool.append(self.deck.pop(r - 1))
        if not self.deck and self.discard:
            self._reshuffle()

    def _reshuffle(self) -> None:
        self.deck = sorted(self.deck + self.discard)
        self.discard = []
        self.emit("reshuffle", "Discarded Order Cards shuffled into a new pile", rule="2.4.4")

    def _end_round(self) -> None:
        """[2.4.5] [3.4.1] M55, M70, M81, BG-R04: Midway majority, returning Fighters, then the next round."""
        if self.mode == DOMINATION:
            count = {s: sum(1 for a in self.aircraft_of(s) if self.pos[a] in MIDWAY_CELLS) for s in SIDES}
            if count["usn"] != count["ijn"]:
                leader = "usn" if count["usn"] > count["ijn"] else "ijn"
                self.score(leader, MIDWAY_VP, "more aircraft on the Midway Tile")
                if self.result is not None:
                    return
            self.reenter_side = self.initiative
            self._skip_reentry()
            if self.reenter_side is not None:
                return
        self._after_round()

    def _free_reinforcement(self, side: str) -> list[Cell]:
        return [c for c in REINFORCEMENT[side] if c not in self.at]

    def _skip_reentry(self) -> None:
        """[3.4.1] M81, BG-R17, BG-R38: the holder returns all its Fighters, then the other player."""
        while self.reenter_side is not None:
            side = self.reenter_side
            if self.waiting[side] and self._free_reinforcement(side):
                self.phase = "reenter"
                return
            self.reenter_side = other(side) if side == self.initiative else None

    def _after_round(self) -> None:
        """BG-R26: the round limit, then the next round."""
        if self.round >= self.max_rounds:
            self.ended = "limit"
            if self.mode == HUNT:
                self.finish(Outcome(None, f"round limit {self.max_rounds} reached", dict(self.vp), kind="limit"))
            else:
                u, j = self.vp["usn"], self.vp["ijn"]
                win = None if u == j else ("usn" if u > j else "ijn")
                self.finish(Outcome(win, f"round limit {self.max_rounds}: {u}-{j} VP", dict(self.vp), kind="limit"))
            return
        self._begin_round()

    # --------------------------------------------------------- decisions
    def _decisions(self) -> dict[str, Decision]:
        phase = self.phase
        if phase == "place":
            return {self.placer: self._place_decision()}
        if phase == "bid":
            return {
                s: self.decide(
                    s,
                    "Fight for Initiative: how many Command Points do you bid?",
                    "2.4.2",
                    [Option(f"bid:{n}", f"bid {n}", {"n": n}) for n in range(MAX_BID + 1)],
                    kind="bid",
                    simultaneous=True,
                )
                for s in SIDES
            }
        if phase == "activate":
            return {self.initiative: self._activation_decision()}
        if phase == "flight":
            return {self.initiative: self._flight_decision()}
        if phase == "purchase":
            assert self.buyer is not None
            return {self.buyer: self._purchase_decision()}
        if phase == "reenter":
            assert self.reenter_side is not None
            return {self.reenter_side: self._reenter_decision()}
        return combat.decisions(self)

    def _place_decision(self) -> Decision:
        """[2.3.4] [3.3.4] M13-M15, M75: one aircraft, an area and a facing."""
        side = self.placer
        areas = start_areas(side) if self.mode == HUNT else REINFORCEMENT[side]
        kinds: dict[str, str] = {}
        for aid in self.unplaced(side):
            kinds.setdefault(self.kind[aid], aid)
        opts = []
        for kind, aid in kinds.items():
            for cell in areas:
                if cell in self.at:
                    continue
                for f, fname in enumerate(FACINGS):
                    opts.append(
                        Option(
                            f"place:{kind}:{cell_id(cell)}:{fname}",
                            lazy("{} on {} facing {}".format, aid, cell_id(cell), fname),
                            {"aircraft": aid, "x": cell[0], "y": cell[1], "facing": f},
                        )
                    )
        rule = "2.3.4" if self.mode == HUNT else "3.3.4"
        return self.decide(side, "Place an aircraft", rule, opts, kind="place")

    def _activation_decision(self) -> Decision:
        """[2.4.3] [ACTION COMBAT] M23, M24, M33: a marked aircraft, and Flight or Combat against a target in reach."""
        side = self.initiative
        enemies = self.aircraft_of(other(side))
        extra = self.extra_cells()
        key = tuple(self.small)
        opts = []
        for aid in self.marked:
            if not aid.startswith(side):
                continue
            opts.append(Option(f"fly:{aid}", lazy("{}: Flight".format, aid), {"aircraft": aid}))
            cell = self.pos[aid]
            assert cell is not None
            reach = reachable(cell, self.face[aid], key, extra)
            for t in enemies:
                if self.pos[t] in reach:
                    opts.append(
                        Option(f"attack:{aid}:{t}", lazy("{}: Combat against {}".format, aid, t), {"aircraft": aid})
                    )
        return self.decide(side, "Activate an aircraft", "2.4.3", opts, kind="activate")

    def _flight_decision(self) -> Decision:
        """[ACTION FLIGHT] M26-M28, BG-R14, BG-R30: forward, then straight or a quarter turn; or end."""
        fl = self.flight
        assert fl is not None
        aid = fl["aircraft"]
        k = KINDS[self.kind[aid]]
        opts = [Option(f"m:{t}", _MANOEUVRE_LABEL[t]) for t in ("S", "L", "R")]
        if fl["done"] >= k.flight_min:
            opts.append(Option("end", "end the Flight"))
        return self.decide(
            self.initiative, f"{aid}: Manoeuvre {fl['done'] + 1}", "ACTION FLIGHT", opts, kind="manoeuvre"
        )

    def _purchase_decision(self) -> Decision:
        """[2.4.4] M50: buy an affordable card from the pool, or stop."""
        side = self.buyer
        assert side is not None
        cp = self.cp[side]
        opts = []
        for key in dict.fromkeys(self.pool):
            cost = ORDERS[key].cost
            if cost <= cp:
                opts.append(Option(f"buy:{key}", lazy("buy {} for {} CP".format, CARD_NAMES[key], cost), {"card": key}))
        opts.append(Option("done", "buy nothing more"))
        return self.decide(side, f"Order Purchase ({cp} CP left)", "2.4.4", opts, kind="purchase")

    def _reenter_decision(self) -> Decision:
        """[3.4.1] M81: a destroyed Fighter back on a free Reinforcement Area, facing chosen."""
        side = self.reenter_side
        assert side is not None
        aid = self.waiting[side][0]
        opts = [
            Option(
                f"place:fighter:{cell_id(c)}:{fname}",
                lazy("{} returns on {} facing {}".format, aid, cell_id(c), fname),
                {"aircraft": aid, "x": c[0], "y": c[1], "facing": f},
            )
            for c in self._free_reinforcement(side)
            for f, fname in enumerate(FACINGS)
        ]
        return self.decide(side, f"Return {aid} to play", "3.4.1", opts, kind="place")

    # ----------------------------------------------------------- resolve
    def _resolve(self, choices: Mapping[str, Option]) -> None:
        phase = self.phase
        if phase == "bid":
            self._resolve_bids({s: int(o.data["n"]) for s, o in choices.items()})
            return
        if phase == "plan":
            combat.resolve_plans(self, {s: o.id.split(":")[1] for s, o in choices.items()})
            return
        ((side, opt),) = choices.items()
        if phase == "place":
            self._resolve_place(side, opt)
        elif phase == "activate":
            self._resolve_activation(side, opt)
        elif phase == "flight":
            self._resolve_manoeuvre(side, opt)
        elif phase == "purchase":
            self._resolve_purchase(side, opt)
        elif phase == "reenter":
            self._resolve_reenter(side, opt)
        else:
            combat.resolve(self, side, opt)

    def _resolve_place(self, side: str, opt: Option) -> None:
        """[2.3.4] M15: alternate one aircraft at a time until both run out; then the first round."""
        aid = str(opt.data["aircraft"])
        cell = (int(opt.data["x"]), int(opt.data["y"]))
        self._place(aid, cell, int(opt.data["facing"]))
        self.emit("place", f"{aid} placed on {cell_id(cell)} facing {FACINGS[self.face[aid]]}", rule="2.3.4")
        nxt = other(side)
        if not self.unplaced(nxt):
            nxt = side
        if not self.unplaced(nxt):
            self._begin_round()
            return
        self.placer = nxt

    def _resolve_bids(self, bids: dict[str, int]) -> None:
        """[2.4.2] M21, M22, BG-R01: bids revealed and discarded; the higher takes the card, ties the Americans."""
        for s, n in bids.items():
            self.cp[s] -= n
        self.bids = bids
        winner = "usn" if bids["usn"] >= bids["ijn"] else "ijn"
        self.initiative = winner
        self.emit(
            "bids",
            f"Bids revealed: Americans {bids['usn']}, Japanese {bids['ijn']}; {SIDE_NAMES[winner]} take the Initiative",
            rule="2.4.2",
            data=dict(bids),
        )
        self._to_activation("bid", None)

    def _resolve_activation(self, side: str, opt: Option) -> None:
        """[2.4.3] M23, M24, M34: discard the marker; Flight, or Combat (the Defender's marker too)."""
        parts = opt.id.split(":")
        aid = parts[1]
        del self.marked[aid]
        if parts[0] == "fly":
            self.actions["flight"] += 1
            self.emit("activate", f"{aid} activated: Flight", rule="2.4.3")
            self.flight = {"aircraft": aid, "done": 0}
            self.phase = "flight"
            return
        target = parts[2]
        self.actions["combat"] += 1
        self.marked.pop(target, None)
        self.emit("activate", f"{aid} activated: Combat against {target}", rule="ACTION COMBAT")
        combat.begin(self, aid, target)

    def _resolve_manoeuvre(self, side: str, opt: Option) -> None:
        """[ACTION FLIGHT] M26, M27: one Manoeuvre; the Flight ends at its maximum or on request."""
        fl = self.flight
        assert fl is not None
        aid = fl["aircraft"]
        if opt.id != "end":
            turn = opt.id[2]
            fl["done"] += 1
            alive = self.step(aid, self.face[aid])
            if self.result is not None:
                return
            if alive:
                self.face[aid] = (self.face[aid] + TURNS[turn]) % 4
                self.emit(
                    "manoeuvre",
                    f"{aid} {_MANOEUVRE_LABEL[turn]} to {cell_id(self.pos[aid])} facing {FACINGS[self.face[aid]]}",  # type: ignore[arg-type]
                    rule="ACTION FLIGHT",
                )
                if fl["done"] < KINDS[self.kind[aid]].flight_max:
                    return
        self.flight = None
        self._to_activation("flight", side)

    def _resolve_purchase(self, side: str, opt: Option) -> None:
        """[2.4.4] M50, M51: pay the cost, take the card into hand, refill the pool."""
        if opt.id == "done":
            self._next_buyer()
            self._skip_buyers()
            return
        key = str(opt.data["card"])
        self.pool.remove(key)
        self.cp[side] -= ORDERS[key].cost
        self.hands[side].append(key)
        self.hands[side].sort()
        self.emit("buy", f"you buy {CARD_NAMES[key]} for {ORDERS[key].cost} CP", rule="2.4.4", to=(side,))
        self.emit("buy", f"{SIDE_NAMES[side]} buy an Order Card from the pool", rule="2.4.4")
        self._refill_pool()
        self._skip_buyers()

    def _resolve_reenter(self, side: str, opt: Option) -> None:
        """[3.4.1] M81: one returning Fighter placed; on to the next, then the next round."""
        aid = self.waiting[side].pop(0)
        cell = (int(opt.data["x"]), int(opt.data["y"]))
        self._place(aid, cell, int(opt.data["facing"]))
        self.emit("place", f"{aid} returns on {cell_id(cell)}", rule="3.4.1")
        self._skip_reentry()
        if self.reenter_side is None:
            self._after_round()

    # -------------------------------------------------------------- view
    def _view(self, side: str | None) -> dict[str, Any]:
        """BG-R29: everything is public but each hand (its size is public) and sealed bids and plans."""
        aircraft = [
            {
                "id": a,
                "side": side_of(a),
                "kind": self.kind[a],
                "area": None if c is None else list(c),
                "facing": FACINGS[self.face[a]],
                "marked": a in self.marked,
            }
            for a, c in self.pos.items()
        ]
        cb = self.combat
        view: dict[str, Any] = {
            "mode": self.mode,
            "threshold": self.threshold if self.mode == DOMINATION else None,
            "round": self.round,
            "max_rounds": self.max_rounds,
            "phase": self.phase,
            "initiative": self.initiative,
            "aircraft": aircraft,
            "small_tiles": [None if o is None else list(o) for o in self.small],
            "command_points": dict(self.cp),
            "bids": None if self.bids is None else dict(self.bids),
            "pool": list(self.pool),
            "deck": len(self.deck),
            "discard": list(self.discard),
            "hand_sizes": {s: len(self.hands[s]) for s in SIDES},
            "hand": None if side is None else list(self.hands[side]),
            "vp": dict(self.vp),
            "lost": {s: dict(v) for s, v in self.lost.items()},
            "waiting": {s: list(v) for s, v in self.waiting.items()},
            "flight": None if self.flight is None else dict(self.flight),
            "combat": None if cb is None else combat.public(cb),
        }
        return view


_MANOEUVRE_LABEL = {"S": "forward", "L": "forward + turn left", "R": "forward + turn right"}


class BoredGamesGame(Game):
    id = "boredgames"
    title = "Battle of Midway (Bored Games)"
    version = "0.1"
    sides = SIDES
    side_names = SIDE_NAMES
    description = (
        "Bored Games' tactical air game: secret initiative bids, activations, Flight and Combat with "
        "secret Manoeuvre Tokens and an Order Card chain, range-diagram Firing; Carrier Hunt or Domination."
    )
    options = (
        GameOption(
            "mode", HUNT, "game mode: carrier-hunt (2) or domination (3)", choices=(HUNT, DOMINATION), rule="2, 3"
        ),
        GameOption("vp", DEFAULT_THRESHOLD, "Domination: Victory Points to win (3.2)", choices=THRESHOLDS, rule="3.2"),
        GameOption("max_rounds", DEFAULT_ROUNDS, "round limit (the text has none; BG-R26)", rule="BG-R26"),
    )
    state_class = BoredGamesState

    def render(self, view: Mapping[str, Any]) -> list[TextSection]:
        from midway.rulesets.boredgames.render import render

        return render(self, view)

    def statistics(self, state: State) -> dict[str, float]:
        """Rounds, aircraft lost per side, VP (Domination), actions; how a game ended is its outcome's kind
        (carrier, bombers, points, limit), which ``midway simulate`` tabulates itself."""
        assert isinstance(state, BoredGamesState)
        out: dict[str, float] = {"rounds": float(state.round)}
        for s in SIDES:
            out[f"{s} aircraft lost"] = float(sum(state.lost[s].values()))
        if state.mode == DOMINATION:
            for s in SIDES:
                out[f"{s} vp"] = float(state.vp[s])
        for k, v in state.actions.items():
            out[f"{k}s"] = float(v)
        return out


__all__ = ["BoredGamesGame", "BoredGamesState", "HUNT", "DOMINATION", "parse_cell"]
