"""``midway``: play, replay and simulate the Midway rulesets from the terminal."""

from __future__ import annotations

import io
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from midway.ai import Agent, make_agent, play_out
from midway.ai.agents import AGENTS
from midway.cli.common import console, errors, file_problem, require_counts, require_seed
from midway.cli.common import fail as _fail
from midway.cli.render import decision_panel, event_lines, outcome_panel, print_rulesets, standing_line, view_panel
from midway.engine import STANDING, Decision, Game, MidwayError, Record, State, registry
from midway.engine.chance import DiceExhaustedError
from midway.engine.records import Checkpointer, start, verify, with_checkpoints

app = typer.Typer(
    help="midway: the board wargames of the Battle of Midway, every rule enforced by the computer.",
    no_args_is_help=True,
    add_completion=False,
)
HUMAN = "human"
QUIET_EVENTS = frozenset({"move", "pick", "sealed", "select"})
"""Event kinds after which the terminal does not reprint the whole view (the log shows them)."""
SHOWN_EVENTS = 40
"""At most this many events since a human's last choice are printed before the prompt; a line says how many
earlier ones were left out ('log' prints them all)."""


def _load(ruleset: str) -> Game:
    try:
        return registry.load(ruleset)
    except MidwayError as exc:
        raise _fail(str(exc)) from None


def parse_options(pairs: list[str], flag: str = "--option", form: str = "key=value") -> dict[str, str]:
    """``["key=value", ...]`` as a dict (values are checked by the ruleset); ``flag`` and ``form`` name them."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise _fail(f"{flag} takes {form}, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


@app.command("rulesets")
def rulesets_command() -> None:
    """List the installed rulesets with their options and defaults."""
    print_rulesets(console, registry.available())


# ----------------------------------------------------------------------- play
class _Human:
    """A person at the terminal choosing for one side."""

    name = HUMAN
    wants_view = True

    def __init__(self, game: Game, side: str) -> None:
        self.game = game
        self.side = side
        self.seen = 0
        """How many events of this side's log it has been shown (its log's numbering, :meth:`State.told`)."""

    def choose(self, state: State, decision: Decision) -> list[str]:
        """The option ids to apply in order: one picked option, or the whole of an order typed in the game's
        notation (checked on a clone first: all of it is legal, or none is applied)."""
        view = state.view(self.side, log_tail=0)
        new = state.told(self.side, self.seen)
        first = self.seen == 0
        self.seen += len(new)
        # The whole view again only when more happened than this player's own moves.
        if first or any(e["kind"] not in QUIET_EVENTS for e in new):
            console.print(view_panel(self.game, view, self.side))
        if new:
            console.rule("since your last choice")
            if len(new) > SHOWN_EVENTS:
                console.print(f"[dim]({len(new) - SHOWN_EVENTS} earlier events not shown: type 'log')[/]")
            console.print(event_lines(new[-SHOWN_EVENTS:]))
        console.print(decision_panel(self.game, decision))
        standing = state.standing(self.side)
        if standing:
            console.print(standing_line(standing))
        notation = type(self.game).parse_orders is not Game.parse_orders
        ask = "number, id, typed order, ? for help" if notation else "number, id, ? for help"
        while True:
            raw = console.input(f"[bold]{escape(self.game.side_name(self.side))}[/] choice ({ask})> ")
            raw = raw.strip()
            if any("\udc80" <= c <= "\udcff" for c in raw):
                console.print("[red]That input was not valid UTF-8 text: type an option's number or its id.[/]")
                continue
            if raw in ("?", "help"):
                console.print(
                    "Type an option's number or its id. 'view' shows your view again, "
                    "'log' your whole log, 'options' the options again. Ctrl-C saves and quits."
                    + (" You may also type orders in the game's own notation." if notation else "")
                    + (
                        " At any moment you may also type the id of a standing option (shown under the options)."
                        if standing
                        else ""
                    )
                )
                continue
            if raw == "view":
                console.print(view_panel(self.game, view, self.side))
                continue
            if raw == "log":
                console.print(event_lines(state.told(self.side)))
                continue
            if raw == "options":
                console.print(decision_panel(self.game, decision))
                if standing:
                    console.print(standing_line(standing))
                continue
            if raw.isascii() and raw.isdigit():
                n = int(raw) if len(raw) <= 9 else 0  # a longer number is no option (and int() refuses 4301 digits)
                if 1 <= n <= len(decision.options):
                    return [decision.options[n - 1].id]
                shown = raw if len(raw) <= 9 else raw[:9] + "..."
                console.print(f"[red]There is no option {shown}: choose 1 to {len(decision.options)}.[/]")
                continue
            if decision.option(raw) is not None or any(o.id == raw for o in standing):
                return [raw]  # an option of the decision, else a standing option (a concession)
            if notation:
                typed = self._typed(state, raw)
                if typed:
                    return typed
                if typed is not None:
                    continue  # explained
            console.print(
                f"[red]{escape(repr(raw))} is not one of the options for this decision ({escape(decision.rule)}). "
                "Type its number or its id exactly.[/]"
            )

    def _typed(self, state: State, raw: str) -> list[str] | None:
        """The option ids of an order typed in the game's notation, tried on a clone; ``[]`` after explaining
        why it is refused; ``None`` when the text is not in the notation."""
        try:
            ids = self.game.parse_orders(state, self.side, raw)
            if not ids:
                return None
            trial = state.clone(search=True)
            for option_id in ids:
                trial.apply(self.side, option_id)
        except MidwayError as exc:
            console.print(f"[red]{escape(str(exc))}: nothing was applied.[/]")
            return []
        return ids


PLAYERS = (
    f"{HUMAN}, or a computer player: {', '.join(AGENTS)}; the search player's strength as mcts@400 "
    "(iterations per decision) or mcts@0.5s (seconds per decision)"
)


def agent_seed(game_seed: int, side_index: int) -> int:
    """The seed of a computer side's agent: reproducible from the game's seed."""
    return game_seed * 7 + side_index


def _save(record: Record, game: Game, path: Path) -> None:
    _keep(with_checkpoints(record, game), path)


def _keep(record: Record, path: Path) -> None:
    """Save ``record`` to ``path``; a file that cannot be written after all (checked before play) is one line."""
    try:
        record.save(path)
    except OSError as exc:
        raise _fail(f"cannot save to {path}: {exc.strerror or exc}", 1) from None


def _writable(path: Path) -> Path:
    """``path`` if a record can be saved there (checked before play, so a game is never played for nothing)."""
    problem = file_problem(path, atomic=True)
    if problem is not None:
        raise _fail(problem)
    return path


def _agent_for(kind: str, game: Game, side: str, seed: int) -> Agent | _Human:
    if kind == HUMAN:
        return _Human(game, side)
    try:
        return make_agent(kind, seed)
    except ValueError as exc:
        raise _fail(str(exc)) from None


@app.command()
def play(
    ruleset: Annotated[str | None, typer.Argument(help="ruleset id (see `midway rulesets`)")] = None,
    usn: Annotated[str, typer.Option(help="who plays the USN: " + PLAYERS)] = HUMAN,
    ijn: Annotated[str, typer.Option(help="who plays the IJN: " + PLAYERS)] = "random",
    seed: Annotated[int | None, typer.Option(help="the game's seed (default: a random one)")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="a game option key=value")] = None,
    save: Annotated[Path | None, typer.Option(help="keep the game's record in this file")] = None,
    resume: Annotated[Path | None, typer.Option(help="continue the game recorded in this file")] = None,
    side: Annotated[
        list[str] | None,
        typer.Option("--side", help="who plays any side: SIDE=PLAYER, players as for --usn (overrides)"),
    ] = None,
) -> None:
    """Play a game in the terminal. Ctrl-C saves the record; --resume continues it."""
    checkpoints = Checkpointer()
    if resume is not None:
        if seed is not None:
            raise _fail("--seed cannot be used with --resume: the record fixes it")
        if option:
            raise _fail("--option cannot be used with --resume: the record fixes the game's options")
        try:
            record = Record.load(resume)
        except (OSError, MidwayError) as exc:
            raise _fail(f"cannot read {resume}: {exc}") from None
        if ruleset is not None and ruleset != record.ruleset:
            raise _fail(f"{resume} is a {record.ruleset} game, not {ruleset}")
        game = _load(record.ruleset)
        if not record.checkpoints:
            raise _fail(f"cannot resume {resume}: it has no checkpoints to verify it by (see `midway replay`)")
        try:
            state = verify(record, game)
        except MidwayError as exc:
            raise _fail(f"cannot resume {resume}: {exc}") from None
        checkpoints = Checkpointer(marks=record.checkpoints)
        save = save or resume
        console.print(f"Resumed {escape(game.title)} from {resume} after {len(record.moves)} verified choices.")
    else:
        if ruleset is None:
            raise _fail("name a ruleset (see `midway rulesets`) or --resume a saved game")
        game = _load(ruleset)
        require_seed(seed)
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        try:
            state = game.new(seed, parse_options(option or []))
        except MidwayError as exc:
            raise _fail(str(exc)) from None
    kinds = {"usn": usn, "ijn": ijn, **parse_options(side or [], "--side", "SIDE=PLAYER")}
    for name in kinds:
        if name not in game.sides and name not in ("usn", "ijn"):
            raise _fail(f"{name!r} is not a side of {game.id}: {', '.join(game.sides)}")
    players = {
        side: _agent_for(kinds.get(side, "random"), game, side, agent_seed(state.seed, i) + len(state.history))
        for i, side in enumerate(game.sides)
    }
    humans = [p for p in players.values() if isinstance(p, _Human)]
    target = save or Path(f"midway-{game.id}-{state.seed}.json")
    if save is not None or humans:
        _writable(target)
    if humans and isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="surrogateescape")  # bad bytes are explained, never a crash
    try:
        if not humans:
            play_out(state, {s: p for s, p in players.items() if not isinstance(p, _Human)})
        else:
            try:
                while not state.is_over:
                    for mover, decision in state.pending().items():
                        player = players[mover]
                        if isinstance(player, _Human):
                            if save is not None:
                                _keep(checkpoints.record(state), save)
                            choices = player.choose(state, decision)
                        else:
                            began = time.perf_counter()
                            choices = [player.choose(state.view(mover) if player.wants_view else {}, decision)]
                            thought = time.perf_counter() - began
                            # only in a public turn: a line for a private question would tell the human it was
                            # asked (hbg's reveal at 4.3 told where a hidden fleet was)
                            shown = thought >= 0.05 or kinds.get(mover, "random").startswith("mcts")
                            if shown and state.public_turn(decision):
                                console.print(
                                    f"[dim]{escape(game.side_name(mover))} ({escape(kinds.get(mover, 'random'))}) "
                                    f"thought {thought:.2f} s[/]"
                                )
                        # the first is an option of the decision or, typed at the prompt, a standing option
                        first = decision.id if decision.option(choices[0]) is not None else STANDING
                        state.apply(mover, choices[0], decision_id=first)
                        checkpoints.after_move(state)
                        for option_id in choices[1:]:  # the rest of a typed order, already tried on a clone
                            state.apply(mover, option_id)
                            checkpoints.after_move(state)
                        break
            except (KeyboardInterrupt, EOFError):
                # an interrupt may land inside a move: the record (choices only) is sound, so replay it for the digests
                _save(state.record(), game, target)
                console.print(f"\nSaved the game to {target}; continue it with: midway play --resume {target}")
                raise typer.Exit(130) from None
            for human in humans:
                console.print(event_lines(state.told(human.side, human.seen)))
    except (DiceExhaustedError, ValueError) as exc:
        if state.record().forced_rolls is None:
            raise
        # a game started from forced rolls (a test's or a record's) cannot go on past them
        raise _fail(f"the game's forced rolls do not fit its play from here, so it cannot go on: {exc}", 1) from None
    outcome = state.outcome()
    assert outcome is not None
    console.print(outcome_panel(game, outcome))
    if save is not None or humans:
        _keep(checkpoints.record(state), target)
        console.print(f"Record saved to {target}")


# --------------------------------------------------------------------- replay
@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a game record (JSON)")],
    verify_: Annotated[bool, typer.Option("--verify", help="fail at the first divergence")] = False,
    side: Annotated[str | None, typer.Option(help="show only what this side saw")] = None,
) -> None:
    """Replay a recorded game and print its event log."""
    try:
        record = Record.load(file)
    except (OSError, MidwayError) as exc:
        raise _fail(f"cannot read {file}: {exc}") from None
    game = _load(record.ruleset)
    if side is not None and side not in game.sides:
        raise _fail(f"{side!r} is not a side of {game.id}: {', '.join(game.sides)}")
    try:
        if verify_:
            state = verify(record, game)
        else:
            state = start(record, game)
            for s, option_id in record.moves:
                state.apply(s, option_id)
    except MidwayError as exc:
        errors.print(f"[bold red]replay failed:[/] {escape(str(exc))}", soft_wrap=True)
        raise typer.Exit(1) from None
    console.print(event_lines(state.told(side) if side is not None else state.events))
    outcome = state.outcome()
    if outcome is not None:
        console.print(outcome_panel(game, outcome))
    else:
        console.print(f"The game goes on after {len(record.moves)} choices.")
    if verify_:
        checks = len(record.checkpoints)  # verify() checks every one or fails
        note = f"{checks} checkpoints matched" if checks else "every move legal (the record has no checkpoints)"
        console.print(f"[green]verified:[/] {len(record.moves)} moves, {note}")


# ------------------------------------------------------------------- simulate
def simulate_one(args: tuple[str, int, Mapping[str, Any], str, str]) -> dict[str, Any]:
    """One computer-vs-computer game; its figures."""
    ruleset, seed, options, usn, ijn = args
    game = registry.load(ruleset)
    state = game.new(seed, options)
    kinds = {"usn": usn, "ijn": ijn}
    agents = {s: make_agent(kinds.get(s, "random"), agent_seed(seed, i)) for i, s in enumerate(game.sides)}
    play_out(state, agents)
    outcome = state.outcome()
    assert outcome is not None
    return {
        "seed": seed,
        "winner": outcome.winner,
        "kind": outcome.kind or outcome.reason,
        "decisions": len(state.history),
        "stats": game.statistics(state),
    }


def _spread(values: list[float]) -> str:
    if not values:
        return "-"
    mean = statistics.fmean(values)
    sd = statistics.pstdev(values) if len(values) > 1 else 0.0
    return f"{mean:.2f} ± {sd:.2f}  ({min(values):g}–{max(values):g})"


def summary_table(game: Game, results: list[dict[str, Any]]) -> Table:
    """The table ``midway simulate`` prints."""
    n = len(results)
    table = Table(title=f"{game.title}: {n} games", title_justify="left")
    table.add_column("figure")
    table.add_column("value", justify="right")
    wins = Counter(r["winner"] for r in results)
    for side in game.sides:
        table.add_row(f"{game.side_name(side)} wins", f"{wins[side]}  ({100 * wins[side] / n:.1f}%)")
    table.add_row("draws", f"{wins[None]}  ({100 * wins[None] / n:.1f}%)")
    for kind, count in sorted(Counter(r["kind"] for r in results).items()):
        table.add_row(f"  ended by: {kind}", str(count))
    table.add_row("decisions per game", _spread([r["decisions"] for r in results]))
    keys: list[str] = []
    for r in results:
        keys += [k for k in r["stats"] if k not in keys]
    for key in keys:
        table.add_row(f"{key} per game", _spread([float(r["stats"].get(key, 0)) for r in results]))
    return table


@app.command()
def simulate(
    ruleset: Annotated[str, typer.Argument(help="ruleset id")],
    n: Annotated[int, typer.Option("-n", help="number of games")] = 100,
    seed: Annotated[int, typer.Option(help="seed of the first game; game i uses seed+i")] = 0,
    jobs: Annotated[int, typer.Option(help="worker processes")] = 1,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="a game option key=value")] = None,
    usn: Annotated[str, typer.Option(help="USN agent")] = "random",
    ijn: Annotated[str, typer.Option(help="IJN agent")] = "random",
) -> None:
    """Play N computer-vs-computer games and tabulate the results."""
    game = _load(ruleset)
    require_counts(n, jobs)
    require_seed(seed)
    for kind in (usn, ijn):
        if kind == HUMAN:
            raise _fail("simulate plays computer sides only")
        _agent_for(kind, game, "usn", 0)
    try:
        options = game.resolve_options(parse_options(option or []))
    except MidwayError as exc:
        raise _fail(str(exc)) from None
    tasks = [(ruleset, seed + i, options, usn, ijn) for i in range(n)]
    results: list[dict[str, Any]] = []
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        bar = progress.add_task(f"simulating {ruleset}", total=n)
        if jobs <= 1:
            for task in tasks:
                results.append(simulate_one(task))
                progress.advance(bar)
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for result in pool.map(simulate_one, tasks, chunksize=max(1, n // (jobs * 8))):
                    results.append(result)
                    progress.advance(bar)
    console.print(summary_table(game, results))


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(app())
from midway.cli.serve import serve as _serve  # noqa: E402

app.command("serve")(_serve)
from midway.cli.arena import arena as _arena  # noqa: E402
from midway.cli.arena import report as _report  # noqa: E402

app.command("arena")(_arena)
app.command("report")(_report)
