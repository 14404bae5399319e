"""[2.4] [3.4] Bored Games' "Battle of Midway": set-up, the round, activations, purchases, victory, views.

The state keeps everything the rules need in plain attributes (never the event list): aircraft areas
and facings, the Small Board Tiles in play, markers, command points, hands, the Order Pool and deck,
and the combat in progress with each combatant's standing Manoeuvre Token moves (what Loop and
Sixth Sense reverse, BG-R09), and a move stopped for the player's choice of Small Board Tile (``wait``,
BG-R12).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from midway.engine import MAX_TURNS, Decision, Game, GameOption, Option, Outcome, State, TextSection
from midway.rulesets.boredgames import activation, combat, purchase, setup
from midway.rulesets.boredgames.board import ahead, block_cells, block_of, cell_id, lazy, parse_cell
from midway.rulesets.boredgames.data import (
    BASE_CELLS,
    CARD_NAMES,
    CARRIER,
    DEFAULT_ROUNDS,
    DEFAULT_THRESHOLD,
    FACINGS,
    FIGHTER_COUNT,
    KINDS,
    MAX_BID,
    ORDER_DECK,
    SIDES,
    SMALL_TILES,
    SPECIAL_COUNT,
    SPECIAL_KIND,
    SPECIALS,
    THRESHOLDS,
    Cell,
)
from midway.rulesets.boredgames.names import ADJ, DOMINATION, HUNT, SIDE_NAMES, other, side_of


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
        self.small_at: dict[Cell, int] = {}
        self.wait: dict[str, Any] | None = None
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
        purchase.refill_pool(self)
        self.emit("setup", f"Order Pool: {', '.join(CARD_NAMES[c] for c in self.pool)}", rule="2.3.7")

    def _clone_data(self) -> dict[str, Any]:
        """A hand-written copy for search clones: the aircraft kinds never change and are shared;
        everything else is copied to the depth it is changed at."""
        own = {k: v for k, v in self.__dict__.items() if k not in self._SHARED and k not in self._ENGINE}
        for key in ("pos", "face", "at", "small_at", "marked", "cp", "vp", "actions"):
            own[key] = dict(own[key])
        for key in ("small", "deck", "pool", "discard"):
            own[key] = list(own[key])
        own["hands"] = {s: list(v) for s, v in self.hands.items()}
        own["waiting"] = {s: list(v) for s, v in self.waiting.items()}
        own["lost"] = {s: dict(v) for s, v in self.lost.items()}
        if self.bids is not None:
            own["bids"] = dict(self.bids)
        if self.flight is not None:
            own["flight"] = dict(self.flight)
        if self.wait is not None:
            own["wait"] = dict(self.wait)  # its values are never changed in place
        cb = self.combat
        if cb is not None:
            cb = dict(cb)
            for key in ("moves", "veterans", "aileron"):
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
    def tile_choices(self, mover: str) -> list[int]:
        """[ACTION FLIGHT *] M30, BG-R12 (revised): the Small Board Tiles the player of ``mover`` may lay when it
        flies off the board, as distinct choices: the first tile not in play (the tiles are alike), and every tile
        in play that holds no aircraft but ``mover`` (moved, its old areas leave the board)."""
        out = []
        spare = False
        for i, origin in enumerate(self.small):
            if origin is None:
                if not spare:
                    spare = True
                    out.append(i)
            elif self._clear_of_others(origin, mover):
                out.append(i)
        return out

    def _clear_of_others(self, origin: Cell, mover: str) -> bool:
        """[ACTION FLIGHT *] BG-R12: the Small Board Tile laid at ``origin`` holds no aircraft but ``mover``."""
        at = self.at
        return all(at.get(c, mover) == mover for c in block_cells(origin))

    def tile_mask(self, mover: str) -> int:
        """[ACTION COMBAT] BG-R15: the tiles :func:`~midway.rulesets.boredgames.board.reachable` may lay for
        ``mover`` (bit ``i``: tile ``i`` not in play, or holding no other aircraft)."""
        if not self.small_at:
            return (1 << len(self.small)) - 1
        mask = 0
        for i, origin in enumerate(self.small):
            if origin is None or self._clear_of_others(origin, mover):
                mask |= 1 << i
        return mask

    def must_choose_tile(self, aid: str, direction: int) -> bool:
        """[ACTION FLIGHT *] BG-R12: moving ``aid`` one area in ``direction`` leaves the board and two or more
        Small Board Tiles could be laid: the player chooses (:meth:`await_tile`)."""
        here = self.pos[aid]
        assert here is not None
        dest = ahead(here, direction)
        return not self.on_board(dest) and len(self.tile_choices(aid)) > 1

    def await_tile(self, aid: str, direction: int, then: str, **context: Any) -> None:
        """[ACTION FLIGHT *] BG-R12: stop before the move of ``aid`` in ``direction`` off the board for its player
        to choose the Small Board Tile (phase ``tile``); ``then`` and ``context`` say how the move goes on
        (:meth:`_resume`). Nothing of the move is done yet, so the move is made again with the tile chosen."""
        self.wait = {"aircraft": aid, "direction": direction, "then": then, "phase": self.phase, **context}
        self.phase = "tile"

    def tile_decision(self) -> Decision:
        """[ACTION FLIGHT *] BG-R12: which Small Board Tile is laid on the block the aircraft enters."""
        w = self.wait
        assert w is not None
        aid = w["aircraft"]
        here = self.pos[aid]
        assert here is not None
        dest = ahead(here, w["direction"])
        origin = block_of(dest)
        opts = []
        for i in self.tile_choices(aid):
            old = self.small[i]
            if old is None:
                label = lazy("lay Small Board Tile {} (not yet in play) at {}".format, i + 1, cell_id(origin))
            else:
                label = lazy("move Small Board Tile {} from {} to {}".format, i + 1, cell_id(old), cell_id(origin))
            opts.append(Option(f"tile:{i + 1}", label, {"tile": i, "from": None if old is None else cell_id(old)}))
        title = f"{aid} flies off the board to {cell_id(dest)}: which Small Board Tile extends it?"
        return self.decide(side_of(aid), title, "ACTION FLIGHT *", opts, kind="tile")

    def _resume(self, opt: Option) -> None:
        """[ACTION FLIGHT *] BG-R12: the tile chosen, the move stopped by :meth:`await_tile` is made with it and
        the action goes on where it stopped."""
        w = self.wait
        assert w is not None
        self.wait = None
        self.phase = w["phase"]
        tile = int(opt.data["tile"])
        if w["then"] == "flight":
            activation.manoeuvre(self, w["turn"], tile)
        else:
            combat.resume(self, w, tile)

    def ahead_note(self, aid: str, direction: int) -> str:
        """What one area in ``direction`` holds for ``aid``, in words (empty when it is a plain area)."""
        here = self.pos[aid]
        assert here is not None
        dest = ahead(here, direction)
        if not self.on_board(dest):
            n = len(self.tile_choices(aid))
            if not n:
                return "off the board with no Small Board Tile free: the aircraft is destroyed"
            if n > 1:
                return "off the board: you choose the Small Board Tile laid there"
            return "off the board: a Small Board Tile is laid there"
        other_aid = self.at.get(dest)
        return "" if other_aid is None else f"swaps places with {other_aid}"

    def step(self, aid: str, direction: int, *, tile: int | None = None) -> bool:
        """[ACTION FLIGHT] M27, M30-M32: move ``aid`` one area in ``direction``; False if it was destroyed.

        Off the board a Small Board Tile is laid (``tile``, the player's choice, else the only one that may be,
        BG-R12) on the block of the area entered, moved if it was in play; with none free the aircraft is
        destroyed. An aircraft in the area entered swaps places, keeping its facing (BG-R28).
        """
        here = self.pos[aid]
        assert here is not None
        dest = ahead(here, direction)
        if not self.on_board(dest):
            if tile is None:
                choices = self.tile_choices(aid)
                if not choices:
                    self.emit("lost", f"{aid} flies off the board: no Small Board Tile is free", rule="ACTION FLIGHT *")
                    self.destroy(aid, "flew off the board")
                    return False
                tile = choices[0]
            old = self.small[tile]
            if old is not None:
                for c in block_cells(old):
                    self.small_at.pop(c, None)
            origin = block_of(dest)
            self.small[tile] = origin
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

    def entered(self, aid: str) -> None:
        """[2.1] BG-R25: a Bomber entering the enemy Aircraft Carrier's area wins at once (Carrier Hunt)."""
        if self.result is not None or self.mode != HUNT or self.kind[aid] != "bomber":
            return
        side = side_of(aid)
        if self.pos[aid] == CARRIER[other(side)]:
            self.ended = "carrier"
            self.finish(Outcome(side, f"{aid} bombs the enemy Aircraft Carrier", None, kind="carrier"))

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
            self.finish(Outcome(enemy, f"every {ADJ[side]} Bomber is destroyed", None, kind="bombers"))

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

    # --------------------------------------------------------- decisions
    def _decisions(self) -> dict[str, Decision]:
        phase = self.phase
        if phase == "place":
            return {self.placer: setup.place_decision(self)}
        if phase == "bid":
            return {
                s: self.decide(
                    s,
                    "Fight for Initiative: how many Command Points do you bid?",
                    "2.4.2",
                    [
                        Option(f"bid:{n}", f"bid {n} ({self.cp[s] - n} CP left for Order Cards)", {"n": n})
                        for n in range(MAX_BID + 1)
                    ],
                    kind="bid",
                    simultaneous=True,
                )
                for s in SIDES
            }
        if phase == "activate":
            return {self.initiative: activation.activation_decision(self)}
        if phase == "flight":
            return {self.initiative: activation.flight_decision(self)}
        if phase == "purchase":
            assert self.buyer is not None
            return {self.buyer: purchase.purchase_decision(self)}
        if phase == "reenter":
            assert self.reenter_side is not None
            return {self.reenter_side: purchase.reenter_decision(self)}
        if phase == "tile":
            return {side_of(self.wait["aircraft"]): self.tile_decision()}  # type: ignore[index]
        return combat.decisions(self)

    # ----------------------------------------------------------- resolve
    def _resolve(self, choices: Mapping[str, Option]) -> None:
        phase = self.phase
        if phase == "bid":
            activation.resolve_bids(self, {s: int(o.data["n"]) for s, o in choices.items()})
            return
        if phase == "plan":
            combat.resolve_plans(self, {s: o.id.split(":")[1] for s, o in choices.items()})
            return
        ((side, opt),) = choices.items()
        if phase == "place":
            setup.resolve_place(self, side, opt)
        elif phase == "activate":
            activation.resolve_activation(self, side, opt)
        elif phase == "flight":
            activation.resolve_manoeuvre(self, side, opt)
        elif phase == "purchase":
            purchase.resolve_purchase(self, side, opt)
        elif phase == "reenter":
            purchase.resolve_reenter(self, side, opt)
        elif phase == "tile":
            self._resume(opt)
        else:
            combat.resolve(self, side, opt)

    # -------------------------------------------------------------- view
    def _status(self, aid: str, cell: Cell | None) -> str:
        """Where an aircraft off the board is: still to be placed (set-up), waiting to return, or destroyed."""
        if cell is not None:
            return "on board"
        side = side_of(aid)
        if aid in self.waiting[side]:
            return "waiting to return"
        if self.phase == "place":
            return "to place"
        return "destroyed"

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
                "status": self._status(a, c),
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
            "tile_wait": None if self.wait is None else _public_wait(self.wait),
            "combat": None if cb is None else combat.public(cb, self),
        }
        return view


def _public_wait(wait: Mapping[str, Any]) -> dict[str, Any]:
    """BG-R12, BG-R29: the move stopped for a choice of Small Board Tile, public like the board (the tokens
    left were revealed, a Loop's token moves are public), as plain data."""
    out = dict(wait)
    if "left" in out and not isinstance(out["left"], str):
        out["left"] = [list(m) for m in out["left"]]
    return out


class BoredGamesGame(Game):
    id = "boredgames"
    title = "Battle of Midway (Bored Games)"
    version = "0.6"
    # 0.3: Loop and Sixth Sense reverse only the token moves, keeping later card moves (BG-R09 revised);
    # a swap caused by an Order Card lets the owner turn the aircraft by 1 side (BG-R11 revised).
    # 0.4: the player chooses the Small Board Tile when two or more may be laid (BG-R12 revised).
    # 0.5: the 5 Manoeuvres to a Combat's target may leave the board onto a Small Board Tile (BG-R15 revised).
    # 0.6: after the last round (Domination) no destroyed Fighter is asked to return (BG-R26 revised).
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
        GameOption(
            "max_rounds",
            DEFAULT_ROUNDS,
            "round limit (the text has none; BG-R26)",
            rule="BG-R26",
            minimum=1,
            maximum=MAX_TURNS,
        ),
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
