"""Rich rendering of views, decisions, events and outcomes for the terminal.

Game text (labels, ids, prompts, event texts, rule sections) is always wrapped in
:class:`rich.text.Text`, so it is printed literally: no markup, no emoji codes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from midway.engine import Decision, Event, Game, Option, Outcome, TextSection


def section_table(section: TextSection) -> Table:
    """One of a ruleset's :class:`TextSection` s as a Rich table."""
    table = Table(
        title=Text(section.title),
        title_justify="left",
        show_header=section.header is not None,
        expand=False,
        pad_edge=False,
    )
    width = max([len(section.header or ())] + [len(r) for r in section.rows] or [1])
    for i in range(width):
        name = section.header[i] if section.header and i < len(section.header) else ""
        table.add_column(Text(name), overflow="fold")
    for row in section.rows:
        table.add_row(*(Text(cell) for cell in row), *([""] * (width - len(row))))
    if not section.rows:
        table.add_row(*(["(none)"] + [""] * (width - 1)))
    return table


def view_panel(game: Game, view: Mapping[str, Any], side: str | None) -> Panel:
    """A side's view, rendered by its ruleset, in a panel."""
    tables = [section_table(s) for s in game.render(view)]
    who = "spectator" if side is None else game.side_name(side)
    return Panel(Group(*tables), title=Text(f"{game.title}: the view of {who}"), border_style="blue")


def event_lines(events: Iterable[Event | Mapping[str, Any]]) -> Text:
    """Events as log lines, dice shown."""
    text = Text()
    for e in events:
        data = e.to_json() if isinstance(e, Event) else dict(e)
        style = {"roll": "yellow", "loss": "red", "end": "bold green", "turn": "bold"}.get(data["kind"], "")
        rule = f" [{data['rule']}]" if data.get("rule") else ""
        secret = " (secret)" if data.get("to") is not None else ""
        text.append(f"{data['seq']:>5} {data['text']}{rule}{secret}\n", style=style)
    return text


def decision_panel(game: Game, decision: Decision) -> Panel:
    """A decision with numbered options."""
    table = Table(show_header=True, expand=False, box=None)
    table.add_column("#", justify="right", style="cyan")
    table.add_column("option")
    table.add_column("id", style="dim")
    for i, opt in enumerate(decision.options, 1):
        table.add_row(str(i), Text(opt.label), Text(opt.id))
    title = Text(f"{game.side_name(decision.side)}: {decision.prompt}  [{decision.rule}]")
    return Panel(table, title=title, border_style="green")


def standing_line(options: Sequence[Option]) -> Text:
    """The standing options a player may type at any moment (a concession), by id."""
    text = Text("At any moment: ", style="dim")
    for i, opt in enumerate(options):
        text.append(("; " if i else "") + opt.id, style="cyan")
        text.append(f" ({opt.label})")
    return text


def outcome_panel(game: Game, outcome: Outcome) -> Panel:
    winner = "Draw" if outcome.winner is None else f"Winner: {game.side_name(outcome.winner)}"
    lines = [winner, outcome.reason]
    if outcome.score:
        lines.append("Score: " + ", ".join(f"{game.side_name(k)} {v}" for k, v in outcome.score.items()))
    return Panel(Text("\n".join(lines)), title="Game over", border_style="bold magenta")


def print_rulesets(console: Console, games: Mapping[str, Game]) -> None:
    for game in games.values():
        table = Table(title=Text(f"{game.id}: {game.title} (rules version {game.version})"), title_justify="left")
        table.add_column("option")
        table.add_column("default")
        table.add_column("choices")
        table.add_column("description")
        for opt in game.options:
            choices = "" if opt.choices is None else ", ".join(map(str, opt.choices))
            table.add_row(Text(opt.key), Text(str(opt.default)), Text(choices), Text(opt.description))
        if not game.options:
            table.add_row("(none)", "", "", "")
        console.print(table)
        sides = ", ".join(f"{s} ({game.side_name(s)})" for s in game.sides)
        console.print(Text(f"  sides: {sides}\n"))
