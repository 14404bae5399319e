"""Information-set Monte Carlo search from a side's view alone, built on the ruleset's heuristic.

**Paired root (the default, ``root="paired"``).** The heuristic's own choice (from the view) is the
default answer; search leaves it only on evidence that another option is better. Each round draws a
*determinization* (a full state consistent with the view, hidden parts drawn at random:
``kit.sample``) and a dice seed, and plays the heuristic's choice and every other option still in
contention from that same state on those same dice (the state's and the playout policy's): *common
random numbers*, so that the luck of the sample and the dice, which is most of a playout's value,
cancels in each option's *paired gain* (its playout's value minus the heuristic's choice's). A
playout runs the kit's cheap ``rollout`` policy for ``depth`` decisions (the first ``model`` of them
the heuristic's own, from that side's view of the determinization) and is scored by ``kit.evaluate``
(or the result, if the game ended). Where the kit has a ``clock`` (the turn and step), the heuristic's
choice's playout runs ``depth`` decisions and every other option's runs until it reaches the point of
the game that one ended at, so that options taking more or fewer decisions are scored at the same time.
After four rounds an option whose gain cannot clear ``keep`` at
``z`` standard errors above its mean is dropped, so the budget goes to the contenders; at the end
the option whose gain's lower bound (mean less ``z`` standard errors) is highest above ``keep`` is
played, or the heuristic's choice if none is. Why: with the tree below (UCB1 over 15-300 playouts of
a policy cheaper and weaker than the heuristic, scored by an evaluation that ranks most options
alike) the most visited option was largely noise, and the agent played worse than the heuristic it
searched from on one side of several rulesets. ``width`` bounds the options compared (the heuristic's
choice and ``width - 1`` others drawn at random).

**Tree (``root="tree"``, and with ``workers`` > 1).** Each iteration asks the kit for a
determinization with dice of its own. It then
walks the shared tree from the root with UCB1 over the options legal in that determinization
(counting each child's *availability*, as Cowling, Powley and Whitehouse's SO-ISMCTS does, since
legal options differ between determinizations), adds one node, plays on with the kit's fast
``rollout`` policy, cuts the playout after ``depth`` decisions and scores the position with
``kit.evaluate`` (or the result, if the game ended). The answer is the most visited root option.

**Compound orders.** A compound order ("pick a squad, move it there, pick another, ..., done") is
many atomic decisions by one side. The paired root compares the options of each atomic decision, the rest
of the order played on by the playout policy, and the kits' ``search_kinds`` leave the choices that do not
matter (the order of picking) to the heuristic. In the tree, searched naively, every ordering of the
same set of moves is another branch and the budget is spread over permutations. Here the tree is a *transposition
graph*: a node is keyed by the key of the position where the side's current run of decisions
began plus the **multiset** of the options chosen in that run (so ``pick a, move a, pick b, move b``
and ``pick b, move b, pick a, move a`` reach the same node), and the key is closed when the side
chooses ``done`` or another side moves. Wide decisions are tamed by *progressive widening*: a node
with many options considers first the rollout policy's choice, then one more untried option per
growth of ``sqrt(visits)``; the rollout policy's choice (at the root: the heuristic's own choice,
from the view) keeps a PUCT-style prior bonus (``prior * sqrt(N) / (1 + n)``), so search leaves the
heuristic only for an option that proves better; with ``keep`` set, the most visited option is
played only if its mean value beats the heuristic's choice by that margin (else that is kept).
And consecutive atomic decisions of one order reuse the tree: the next call continues from the node
of the option just chosen instead of starting afresh.

**Plans.** Where the kit offers whole-turn plans (``kit.plans``: at a plan point, a few policies for a kind of
decision, the heuristic's own first), the search compares them whole before anything else: each round draws a
determinization and a dice seed and plays every plan still in contention from it on those dice, the side's
decisions that the plan answers chosen by it and every other decision of both sides by the kit's ``rollout``, for
``plan_depth`` decisions (the agent's setting, else ``kit.plan_depth``, else 2000: to the end of the game) and
scored as a playout is. The plan whose paired gain over the heuristic's clears ``keep`` at ``z`` standard errors,
as at the paired root, is kept until ``kit.plan_key`` changes (the next turn) and answers every decision it covers
without another search. Why: a heuristic's choices can hang together over a whole turn (in terrible-resolve the
order in which a side spots every group of every carrier), where a search of one decision, the rest of the turn
played by the heuristic, cannot find a better whole. ``plans=False`` turns this off.

**Simultaneous steps** (sealed choices): every side choosing in one step is keyed by the position
*before* the step and its own side, never by what another side chose in it, so search does not let
the second chooser read the first chooser's sealed choice.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Mapping
from typing import Any

from midway.ai.kit import kit_for, terminal_value
from midway.engine import registry
from midway.engine.chance import SeededDice
from midway.engine.decisions import DONE, Decision, Option
from midway.engine.game import Game, State


class _Node:
    __slots__ = ("visits", "stats", "hint")

    def __init__(self) -> None:
        self.visits = 0
        self.hint = ""
        """The rollout policy's choice here (the first child tried): it gets a PUCT-style prior bonus."""
        self.stats: dict[str, list[float]] = {}
        """option id -> [visits, value sum (for the side choosing here), availability]"""


class _Key:
    """Incremental node keys: see the module docstring (runs of one side as multisets)."""

    __slots__ = ("base", "side", "run", "sim")

    def __init__(self, base: Any = ()) -> None:
        self.base = base
        self.side: str | None = None
        self.run: tuple[str, ...] = ()
        self.sim: Any = None  # (key before a simultaneous step, choices so far)

    def node_key(self, side: str, decision: Decision) -> Any:
        if decision.simultaneous:
            before = self.sim[0] if self.sim is not None else self._closed()
            return ("sim", before, side)
        if self.side == side:
            return (self.base, side, tuple(sorted(self.run)))
        return (self._closed(), side, ())

    def _closed(self) -> Any:
        if self.side is None:
            return self.base
        return (self.base, self.side, tuple(sorted(self.run)))

    def advance(self, side: str, decision: Decision, option_id: str, step_over: bool) -> None:
        if decision.simultaneous:
            if self.sim is None:
                self.sim = (self._closed(), ())
            before, chosen = self.sim
            chosen = (*chosen, f"{side}:{option_id}")
            self.sim = (before, chosen)
            if step_over:
                self.base, self.side, self.run, self.sim = ("sim", before, tuple(sorted(chosen))), None, (), None
            return
        if self.side != side:
            self.base, self.side, self.run = self._closed(), side, ()
        self.run = (*self.run, option_id)
        if option_id == DONE:
            self.base, self.side, self.run = self._closed(), None, ()

    def copy(self) -> _Key:
        twin = _Key(self.base)
        twin.side, twin.run, twin.sim = self.side, self.run, self.sim
        return twin


class ISMCTSAgent:
    """The ``mcts`` agent. Strength: ``iterations`` per decision, or ``max_time`` seconds, whichever ends first.

    The default (150 iterations, at most 0.95 s: no iteration is begun that would, as long as the longest so
    far, end past it) keeps a decision under a second on a slow machine;
    ``max_time=0`` removes the time cap, so that a game depends only on its seeds (the arena's
    reproducibility), ``mcts@0.5s`` searches for half a second whatever the iterations."""

    name = "mcts"
    wants_view = True

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int = 150,
        max_time: float | None = 0.95,
        depth: int | None = None,
        c: float = 0.7,
        widen: float = 1.5,
        reuse: bool = True,
        prior: float = 0.5,
        workers: int = 1,
        keep: float = 0.0,
        root: str = "paired",
        z: float = 2.0,
        width: int = 8,
        model: int = 0,
        plans: bool = True,
        plan_depth: int | None = None,
    ) -> None:
        for name, value, least in (
            ("iterations", iterations, 1),
            ("depth", depth, 0),
            ("plan_depth", plan_depth, 0),
            ("workers", workers, 1),
            ("width", width, 2),
            ("model", model, 0),
        ):
            _whole(name, value, least)
        for name, real, floor in (
            ("max_time", max_time, 0.0),
            ("c", c, 0.0),
            ("widen", widen, 0.0),
            ("prior", prior, 0.0),
            ("keep", keep, None),
            ("z", z, 0.0),
        ):
            _real(name, real, floor)
        for name, flag in (("reuse", reuse), ("plans", plans)):
            if flag not in (True, False):  # 1 and 0 too
                raise ValueError(f"mcts: {name} must be true or false, not {flag!r}")
        self.dice = SeededDice(seed)
        self.iterations = int(iterations)
        self.max_time = float(max_time) if max_time else None
        self.depth = None if depth is None else int(depth)
        """Decisions a playout runs before it is scored; ``None``: the kit's ``search_depth`` (default 60)."""
        self.c = float(c)
        self.widen = float(widen)
        self.reuse = bool(reuse)
        self.prior = float(prior)
        self.workers = max(1, int(workers))
        self.keep = float(keep)
        """The margin (in mean value) by which a searched option must beat the heuristic's own choice at
        the root to be played instead of it (0: the most visited option, whatever its margin)."""
        self.root = str(root)
        """``"paired"``: the heuristic's choice against each other option on common determinizations and dice,
        left only on significant evidence (see the module docstring); ``"tree"``: the ISMCTS tree."""
        if self.root not in ("paired", "tree"):
            raise ValueError(f"mcts root must be 'paired' or 'tree', not {root!r}")
        self.z = float(z)
        """Paired: how many standard errors the mean paired gain over the heuristic's choice must clear."""
        self.width = max(2, int(width))
        """Paired: the options compared at most (the heuristic's choice and ``width - 1`` others)."""
        self.model = int(model)
        """Paired: the first ``model`` choices of a playout (either side, more than one option) are the
        heuristic's, from that side's view of the determinization; the rest the kit's cheap ``rollout``."""
        self.plans = bool(plans)
        """Whether whole-turn plans (``kit.plans``) are compared and followed (the module docstring)."""
        self.plan_depth = None if plan_depth is None else int(plan_depth)
        """Decisions a plan's playout runs before it is scored; ``None``: the kit's ``plan_depth`` (default 2000,
        to the end of the game)."""
        self._plan: tuple[Any, Any] | None = None
        """The plan chosen and the ``kit.plan_key`` it holds for."""
        self.last_plan = ""
        """The name of the plan chosen at the last plan point."""
        self._root_hint = ""
        self._clock: _Clock | None = None
        if self.workers > 1:
            self.reuse = False  # each worker's tree lives in its own process
        self._games: dict[str, tuple[Game, Any]] = {}
        self._carry: tuple[str, str, Any, dict[Any, _Node]] | None = None
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_cut = False
        """Whether the last decision's search reached the time cap (and so may have stopped before its iterations
        were done); never, the default strength plays as its iterations uncapped would."""
        self.last_fallback = False
        self.last_gains: dict[str, float] = {}
        """Paired: each compared option's mean gain over the heuristic's choice at the last decision."""

    @property
    def last_hint(self) -> str:
        """The heuristic's own choice at the last searched decision ("" if it was not searched)."""
        return self._root_hint

    # -------------------------------------------------------------- helpers
    def _game(self, ruleset: str) -> tuple[Game, Any]:
        hit = self._games.get(ruleset)
        if hit is None:
            game = registry.load(ruleset)
            hit = self._games[ruleset] = (game, kit_for(game))
        return hit

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        start = time.perf_counter()
        clock = self._clock = _Clock(self.max_time)  # the cap counts the sampling and the heuristic's own choice too
        try:
            return self._choose(view, decision)
        finally:
            self.last_seconds = time.perf_counter() - start
            self.last_cut = clock.tripped

    def _choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        self._root_hint = ""
        self.last_iterations = 0
        self.last_fallback = False
        if len(decision.options) == 1:
            return decision.options[0].id
        game, kit = self._game(view["ruleset"])
        dice = self.dice
        if self.plans and getattr(kit, "plans", None) is not None:
            planned = self._planned(kit, game, view, decision)
            if planned is not None:
                return planned
        worth = getattr(kit, "search_kinds", None)
        if worth is not None and decision.kind not in worth:
            self.last_fallback = True
            return str(kit.heuristic(view, decision, dice))
        first = kit.sample(game, view, dice, decision)
        if first is None or first.decision(decision.side) is None:
            self.last_fallback = True
            return kit.heuristic(view, decision, dice)
        root_side = decision.side
        # the tree: continue from the last choice when this decision follows our own previous one
        table: dict[Any, _Node] = {}
        root_key = _Key()
        carry = self._carry
        if self.reuse and carry is not None:
            last_id, last_side, key_after, old = carry
            if last_side == root_side and _follows(last_id, decision.id) and not decision.simultaneous:
                table, root_key = old, key_after
        if self.root == "paired" and self.workers == 1:
            return self._paired(kit, game, view, decision, first)
        legal = set(decision.option_ids)
        if self.workers > 1:
            stats = self._parallel(view, decision)
        else:
            stats = self._search(game, kit, view, decision, first, table, root_key)
        best = None
        ranked = sorted(((n, w / n if n else -2.0, oid) for oid, (n, w) in stats.items() if oid in legal), reverse=True)
        if ranked and ranked[0][0] > 0:
            best = ranked[0][2]
            hint = self._root_hint
            if self.keep > 0 and best != hint and hint in legal and stats.get(hint, (0, 0.0))[0] > 0:
                (nb, wb), (nh, wh) = stats[best], stats[hint]
                if wb / nb - wh / nh < self.keep:
                    best = hint
        if best is None:
            self.last_fallback = True
            best = kit.heuristic(view, decision, dice)
        if self.reuse:
            after = root_key.copy()
            after.advance(root_side, decision, best, step_over=True)
            self._carry = (decision.id, root_side, after, table)
        return best

    def _paired(self, kit: Any, game: Game, view: Mapping[str, Any], decision: Decision, first: State) -> str:
        """The heuristic's choice unless another option beats it on paired playouts (the module docstring)."""
        dice = self.dice
        side = decision.side
        hint = str(kit.heuristic(view, decision, dice))
        ids = list(decision.option_ids)
        if hint not in ids:
            hint = ids[0]
        others = [oid for oid in ids if oid != hint]
        width = max(2, min(self.width, self.iterations))  # a round plays every option compared once
        if len(others) > width - 1:
            for i in range(len(others) - 1, 0, -1):  # a seeded shuffle, then the first width - 1
                j = dice.randint(0, i)
                others[i], others[j] = others[j], others[i]
            others = others[: width - 1]
        self._root_hint = hint
        limit = self.depth if self.depth is not None else int(getattr(kit, "search_depth", 60))
        cands = [hint, *others]

        def play(sample: State, seed: int, i: int, until: Any) -> tuple[float, Any]:
            return self._playout(kit, sample.clone(search=True), seed, side, cands[i], limit, until)

        best, gains = self._compare(kit, game, view, decision, first, len(cands), play)
        self.last_gains = {cands[i]: _mean(g) for i, g in gains.items() if g}
        return cands[best]

    def _compare(
        self,
        kit: Any,
        game: Game,
        view: Mapping[str, Any],
        decision: Decision,
        first: State,
        count: int,
        play: Any,
    ) -> tuple[int, dict[int, list[float]]]:
        """Candidate 0 (the heuristic's) against candidates ``1 .. count - 1`` on paired playouts: each round draws
        a determinization (``first`` for the first) and a dice seed and plays every candidate still in contention
        from it (``play(sample, seed, i, until)``: the value and the clock where it stopped, ``until`` the base's);
        a candidate whose gain cannot clear ``keep`` after four rounds is dropped. The candidate chosen (whose gain's
        lower bound is highest above ``keep``, else 0) and every candidate's gains."""
        dice = self.dice
        gains: dict[int, list[float]] = {i: [] for i in range(1, count)}
        live = list(gains)
        clock = self._clock or _Clock(self.max_time)
        clock.last = time.perf_counter()  # the playouts' lengths, from here
        n = 0
        sample: State | None = first
        over = False  # the time cap is checked after every playout: a round of many candidates may be long
        while live and not over and n + 1 + len(live) <= self.iterations:
            if sample is None:
                sample = kit.sample(game, view, dice, decision)
                if sample is None:
                    break
            seed = dice.randint(0, 2**62)
            base, until = play(sample, seed, 0, None)
            n += 1
            over = clock.over()
            for i in live:
                if over:
                    break
                gains[i].append(play(sample, seed, i, until)[0] - base)
                n += 1
                over = clock.over()
            sample = None
            live = [i for i in live if len(gains[i]) < 4 or _bound(gains[i], self.z) > self.keep]
        self.last_iterations = n
        best, best_low = 0, self.keep
        for i, g in gains.items():
            if len(g) >= 4:
                low = _bound(g, -self.z)
                if low > best_low:
                    best, best_low = i, low
        return best, gains

    def _planned(self, kit: Any, game: Game, view: Mapping[str, Any], decision: Decision) -> str | None:
        """The chosen plan's answer to ``decision`` (choosing the plan first at a plan point), or ``None`` where no
        plan answers it (the module docstring, "Plans")."""
        key = kit.plan_key(view)
        held = self._plan
        if held is not None and held[0] == key and held[1].answers(decision):
            return str(held[1].heuristic(view, decision, self.dice))
        plans = list(kit.plans(view, decision) or ())
        if not plans:
            return None
        best = plans[0]
        if len(plans) > 1:
            first = kit.sample(game, view, self.dice, decision)
            if first is not None and first.decision(decision.side) is not None:
                best = self._compare_plans(kit, game, view, decision, first, plans)
        self._plan = (key, best)
        self.last_plan = str(best.name)
        return str(best.heuristic(view, decision, self.dice)) if best.answers(decision) else None

    def _compare_plans(
        self, kit: Any, game: Game, view: Mapping[str, Any], decision: Decision, first: State, plans: list[Any]
    ) -> Any:
        """The plan to follow: the heuristic's (``plans[0]``) unless another beats it on paired playouts."""
        side = decision.side
        limit = self.plan_depth if self.plan_depth is not None else int(getattr(kit, "plan_depth", 2000))

        def play(sample: State, seed: int, i: int, until: Any) -> tuple[float, Any]:
            return self._playout(kit, sample.clone(search=True), seed, side, None, limit, plan=plans[i])

        return plans[self._compare(kit, game, view, decision, first, len(plans), play)[0]]

    def _playout(
        self,
        kit: Any,
        state: State,
        seed: int,
        side: str,
        oid: str | None,
        limit: int,
        until: Any = None,
        plan: Any = None,
    ) -> tuple[float, Any]:
        """``side`` plays ``oid`` in ``state`` (unless ``None``), then the game runs ``limit`` more decisions on dice
        from ``seed`` (the state's and the policies': the same for every option compared); its value for ``side``
        and the kit's clock where it stopped (``None`` without one). With ``until`` (a clock) it runs instead until
        the game reaches that point, at most ``PAIRED_STRETCH`` times ``limit`` decisions: every option compared is
        then scored at the same point of the game (:meth:`midway.ai.kit.RulesetKit.clock`). With ``plan``, the
        plan chooses ``side``'s decisions it answers (the module docstring, "Plans"), and ``model`` is not used."""
        state.reseed(seed)
        dice = SeededDice(seed ^ 0x5DEECE66D)
        if oid is not None:
            state.apply(side, oid)
        model = self.model if plan is None else 0
        clock = getattr(kit, "clock", None)
        stop = clock if until is not None else None
        for who, decision in _turns(state, limit * PAIRED_STRETCH if stop is not None else limit):
            if stop is not None and stop(state) >= until:
                break
            if len(decision.options) == 1:
                choice = decision.options[0].id
            elif plan is not None and who == side and plan.answers(decision):
                choice = plan.rollout(state, decision, dice)
            elif model > 0:
                model -= 1
                choice = str(kit.heuristic(state.view(who, log_tail=0), decision, dice))
            else:
                choice = kit.rollout(state, decision, dice)
            state.apply(who, choice)
        return _value(kit, state, side), (clock(state) if clock is not None else None)

    def _search(
        self,
        game: Game,
        kit: Any,
        view: Mapping[str, Any],
        decision: Decision,
        first: State | None,
        table: dict[Any, _Node],
        root_key: _Key,
    ) -> dict[str, tuple[float, float]]:
        """Run the iterations; the root's statistics: option id -> (visits, value sum)."""
        dice = self.dice
        root_side = decision.side
        clock = self._clock or _Clock(self.max_time)
        root_key_now = root_key.node_key(root_side, decision)
        if root_key_now not in table:
            # the root's first child and prior is the heuristic's own choice, from the view
            root = table[root_key_now] = _Node()
            root.hint = str(kit.heuristic(view, decision, dice))
            if decision.option(root.hint) is not None:
                root.stats[root.hint] = [0, 0.0, 0]
        sample = first
        n = 0
        while n < self.iterations:
            if sample is None:
                sample = kit.sample(game, view, dice, decision)
                if sample is None:
                    break
            sample.reseed(dice.randint(0, 2**62))
            self._iterate(sample, root_side, root_key.copy(), table, kit, dice)
            sample = None
            n += 1
            if clock.over():
                break
        self.last_iterations = n
        found = table.get(root_key.node_key(root_side, decision))
        if found is None:
            return {}
        self._root_hint = found.hint
        return {oid: (st[0], st[1]) for oid, st in found.stats.items()}

    def _parallel(self, view: Mapping[str, Any], decision: Decision) -> dict[str, tuple[float, float]]:
        """Root parallelism: ``workers`` processes search independent trees; their root statistics add up."""
        pool = _pool(self.workers)
        payload = _decision_payload(decision)
        settings = {
            "iterations": max(1, self.iterations // self.workers),
            "max_time": self.max_time or 0,
            "depth": self.depth,
            "c": self.c,
            "widen": self.widen,
            "prior": self.prior,
        }
        seeds = [self.dice.randint(0, 2**62) for _ in range(self.workers)]
        jobs = [pool.submit(_worker_search, dict(view), payload, seed, settings) for seed in seeds]
        merged: dict[str, tuple[float, float]] = {}
        total = 0
        for job in jobs:
            stats, n = job.result()
            total += n
            for oid, (visits, value) in stats.items():
                old = merged.get(oid, (0.0, 0.0))
                merged[oid] = (old[0] + visits, old[1] + value)
        self.last_iterations = total
        return merged

    def _iterate(self, state: State, root_side: str, key: _Key, table: dict[Any, _Node], kit: Any, dice: Any) -> None:
        limit = self.depth if self.depth is not None else int(getattr(kit, "search_depth", 60))
        path: list[tuple[_Node, str, str]] = []
        in_tree = True
        c = self.c
        rollout = kit.rollout
        for side, decision in _turns(state, limit):
            options = decision.options
            if len(options) == 1:
                oid = options[0].id
            elif in_tree:
                nkey = key.node_key(side, decision)
                node = table.get(nkey)
                if node is None:
                    node = table[nkey] = _Node()
                    in_tree = False  # expand one node per iteration
                oid = self._select(node, decision, state, rollout, dice, c)
                path.append((node, oid, side))
            else:
                oid = rollout(state, decision, dice)
            state.apply(side, oid)
            if in_tree:
                step_over = not any(d.id == decision.id for d in state.pending().values())
                key.advance(side, decision, oid, step_over)
        value = _value(kit, state, root_side)
        for node, oid, side in path:
            node.visits += 1
            st = node.stats[oid]
            st[0] += 1
            st[1] += value if side == root_side else -value

    def _select(self, node: _Node, decision: Decision, state: State, rollout: Any, dice: Any, c: float) -> str:
        stats = node.stats
        options = decision.options
        # progressive widening: how many children this node may have by now
        limit = len(options) if len(options) <= 6 else 2 + int(self.widen * math.sqrt(node.visits + 1))
        known = [opt[0] for opt in options if opt[0] in stats]
        for oid in known:
            stats[oid][2] += 1
        if len(known) < limit and len(known) < len(options):
            if not known:
                oid = rollout(state, decision, dice)
                if not node.hint:
                    node.hint = oid
            else:
                untried = [opt[0] for opt in options if opt[0] not in stats]
                oid = untried[dice.randint(0, len(untried) - 1)]
            stats[oid] = [0, 0.0, 1]
            return oid
        best, best_score = known[0], -math.inf
        hint, bonus = node.hint, self.prior * math.sqrt(node.visits + 1)
        for oid in known:
            n, w, avail = stats[oid]
            if n == 0:
                return oid
            score = w / n + c * math.sqrt(math.log(max(avail, 1)) / n)
            if oid == hint:
                score += bonus / (1 + n)
            if score > best_score:
                best, best_score = oid, score
        return best


MAX_WHOLE = 10**9
"""The largest whole-number setting (iterations, depth, plan_depth, workers, width, model): ``mcts@0.5s`` searches
10**9 iterations, capped by its time."""


def _whole(name: str, value: object, least: int) -> None:
    """Refuse a whole-number setting that is not one from ``least`` to :data:`MAX_WHOLE` (``None``: the default)."""
    if value is None:
        return
    whole = isinstance(value, int) or (isinstance(value, float) and math.isfinite(value) and value.is_integer())
    if isinstance(value, bool) or not whole or not least <= value <= MAX_WHOLE:  # type: ignore[operator]
        raise ValueError(f"mcts: {name} must be a whole number from {least} to {MAX_WHOLE}, not {_shown(value)}")


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _real(name: str, value: object, least: float | None) -> None:
    """Refuse a setting that is not a finite number (at least ``least`` if given; ``None``: the default)."""
    if value is None:
        return
    try:
        finite = not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(float(value))
    except OverflowError:  # an int too large for a float
        finite = False
    if not finite:
        raise ValueError(f"mcts: {name} must be a finite number, not {_shown(value)}")
    if least is not None and value < least:  # type: ignore[operator]
        raise ValueError(f"mcts: {name} must be a number, at least {least:g}, not {_shown(value)}")


class _Clock:
    """The time cap: a search stops when one more round, as long as the longest so far, would end past the
    deadline (a ruleset whose rounds are long, vam's 20-100 ms, then keeps to the cap instead of overrunning it)."""

    __slots__ = ("last", "longest", "deadline", "tripped")

    def __init__(self, max_time: float | None) -> None:
        self.last = time.perf_counter()
        self.longest = 0.0
        self.deadline = None if max_time is None else self.last + max_time
        self.tripped = False
        """Whether the cap has been reached (the agent's ``last_cut``)."""

    def over(self) -> bool:
        if self.deadline is None:
            return False
        now = time.perf_counter()
        self.longest = max(self.longest, now - self.last)
        self.last = now
        if now + self.longest > self.deadline:
            self.tripped = True
        return self.tripped


_POOL: Any = None


def _pool(workers: int) -> Any:
    """One process pool per agent process, grown to the largest ``workers`` asked."""
    global _POOL
    if _POOL is None or _POOL._max_workers < workers:
        from concurrent.futures import ProcessPoolExecutor

        if _POOL is not None:
            _POOL.shutdown(wait=False)
        _POOL = ProcessPoolExecutor(max_workers=workers)
    return _POOL


def _decision_payload(decision: Decision) -> tuple[Any, ...]:
    """What a worker needs to rebuild ``decision`` (decisions are not picklable: labels may be functions)."""
    options = tuple((opt[0], dict(opt[2])) for opt in decision.options)
    return (decision.id, decision.side, decision.prompt, decision.rule, options, decision.simultaneous, decision.kind)


def _worker_search(
    view: Mapping[str, Any], payload: tuple[Any, ...], seed: int, settings: Mapping[str, Any]
) -> tuple[dict[str, tuple[float, float]], int]:
    did, side, prompt, rule, options, simultaneous, kind = payload
    decision = Decision(
        did, side, prompt, rule, tuple(Option(oid, "", data) for oid, data in options), simultaneous, kind
    )
    agent = ISMCTSAgent(seed, reuse=False, **settings)
    game, kit = agent._game(view["ruleset"])
    first = kit.sample(game, view, agent.dice, decision)
    if first is None:
        return {}, 0
    stats = agent._search(game, kit, view, decision, first, {}, _Key())
    return stats, agent.last_iterations


PAIRED_STRETCH = 4
"""How many times ``search_depth`` decisions an option's paired playout may run to reach the clock of the
heuristic's choice's playout."""


def _turns(state: State, limit: int) -> Iterator[tuple[str, Decision]]:
    """Who chooses next in a playout and their decision (the first pending side in the game's order), for at most
    ``limit`` decisions or until the game ends; the caller applies each choice before asking for the next."""
    sides = state.game.sides
    for _ in range(limit):
        pending = state.pending()
        for side in sides:
            decision = pending.get(side)
            if decision is not None:
                yield side, decision
                break
        else:
            return


def _value(kit: Any, state: State, side: str) -> float:
    """A playout's value for ``side``: the result if the game ended, else the kit's evaluation, in [-1, 1]."""
    if state.is_over:
        return terminal_value(state, side)
    return max(-1.0, min(1.0, float(kit.evaluate(state, side))))


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _bound(values: list[float], z: float) -> float:
    """The mean of ``values`` plus ``z`` standard errors (``z`` < 0: a lower bound), ``z`` widened to Student's t
    at ``len(values) - 1`` degrees of freedom (Cornish-Fisher: a few rounds give a far wider interval than z)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    nu = n - 1
    t = z + (z**3 + z) / (4 * nu) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * nu * nu)
    return mean + t * math.sqrt(var / n)


def _follows(last_id: str, next_id: str) -> bool:
    """Whether decision id ``next_id`` is the one right after ``last_id`` ("7" -> "8"): a side's decision ids
    count the choices it knows of (its own, and the others' in public turns), so nothing it could know of
    happened between its last choice and this decision."""
    return last_id.isdigit() and next_id.isdigit() and int(next_id) == int(last_id) + 1
