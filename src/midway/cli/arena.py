"""``midway arena`` and ``midway report``: agents against each other, with statistics and plots."""

from __future__ import annotations

import html
import json
import statistics
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from midway.ai import arena as A
from midway.ai.agents import make_agent
from midway.ai.cluster import address_problem
from midway.cli.common import console, file_problem, folder_problem, require_counts, require_seed
from midway.cli.common import fail as _fail
from midway.engine import Game, MidwayError, registry


def _options(pairs: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise _fail(f"--option takes key=value, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


def split_agents(text: str) -> list[str]:
    """``"random,mcts:iterations=100,depth=200"`` as ``["random", "mcts:iterations=100,depth=200"]``:
    a piece ``key=value`` continues the settings of the agent before it."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if specs and "=" in piece and ":" not in piece and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def _setup(ruleset: str, agents: str, option: list[str] | None) -> tuple[Game, list[str], dict[str, Any]]:
    try:
        game = registry.load(ruleset)
        options = game.resolve_options(_options(option))
    except MidwayError as exc:
        raise _fail(str(exc)) from None
    specs = split_agents(agents)
    if not specs:
        raise _fail("--agents names at least one agent")
    for spec in specs:
        try:
            make_agent(spec, 0)
        except ValueError as exc:
            raise _fail(str(exc)) from None
    return game, specs, options


def _check_cluster(cluster: str | None) -> None:
    problem = None if cluster is None else address_problem(cluster)
    if problem is not None:
        raise _fail(problem)


def _play(tasks: list[A.Task], jobs: int, cluster: str | None, label: str) -> list[dict[str, Any]]:
    if cluster is not None:
        from midway.ai.cluster import ClusterError, run_on_ray

        try:
            with console.status(f"{label} on the Ray cluster {cluster}"):
                return run_on_ray(tasks, cluster)
        except ClusterError as exc:
            raise _fail(str(exc), 1) from None
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        bar = progress.add_task(label, total=len(tasks))
        return A.run(tasks, jobs=jobs, progress=lambda _r: progress.advance(bar))


def _pct(rate: tuple[float, float, float]) -> str:
    p, lo, hi = rate
    return f"{100 * p:.1f}%  [{100 * lo:.1f}, {100 * hi:.1f}]"


def results_table(game: Game, results: list[dict[str, Any]]) -> Table:
    """Per pairing: the first agent's score (draws half) with its 95% Wilson interval, overall and per side."""
    table = Table(title=f"{game.title}: {len(results)} games", title_justify="left")
    table.add_column("agent")
    table.add_column("vs")
    table.add_column("games", justify="right")
    table.add_column("score (95% CI)", justify="right")
    for side in game.sides:
        table.add_column(f"as {side}", justify="right")
    for p in A.pair_stats(results):
        table.add_row(p.a, p.b, str(p.games), _pct(p.rate()), *(_pct(p.side_rate(s)) for s in game.sides))
        table.add_row(
            p.b,
            p.a,
            str(p.games),
            _pct(A.wilson(p.games - p.score, p.games)),
            *(_pct(_other_side(p, s, game)) for s in game.sides),
        )
    base = A.side_baseline(results)
    if base:
        table.add_row("(same agent)", "", "", "", *(_pct(base[s]) if s in base else "-" for s in game.sides))
    return table


def _other_side(p: A.PairStats, side: str, game: Game) -> tuple[float, float, float]:
    """``b``'s score when ``b`` played ``side`` (``a`` played the other)."""
    other = [s for s in game.sides if s != side]
    games, score = p.by_side.get(other[0], [0, 0.0]) if other else [0, 0.0]
    return A.wilson(games - score, int(games))


def elo_table(results: list[dict[str, Any]]) -> Table:
    table = Table(title="Elo (mean 1500)", title_justify="left")
    table.add_column("agent")
    table.add_column("Elo", justify="right")
    table.add_column("decision time p50 / p99", justify="right")
    times = A.decision_times(results)
    for agent, rating in sorted(A.elo(results).items(), key=lambda kv: -kv[1]):
        t = times.get(agent)
        shown = "-" if t is None else f"{1000 * t['p50']:.1f} / {1000 * t['p99']:.1f} ms"
        table.add_row(agent, f"{rating:.0f}", shown)
    return table


def plot(game: Game, results: list[dict[str, Any]], path: Path) -> None:
    """Win rates per pairing and side with their 95% intervals, as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    pairs = A.pair_stats(results)
    labels, rates, los, his = [], [], [], []
    for p in pairs:
        for side in (None, *game.sides):
            r = p.rate() if side is None else p.side_rate(side)
            labels.append(f"{p.a} vs {p.b}" + ("" if side is None else f"\n({p.a} as {side})"))
            rates.append(r[0])
            los.append(r[0] - r[1])
            his.append(r[2] - r[0])
    fig, ax = plt.subplots(figsize=(max(6, 1.3 * len(labels)), 4))
    ax.bar(range(len(labels)), rates, yerr=[los, his], capsize=4, color="#4a78a8")
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    ax.set_xticks(range(len(labels)), labels, fontsize=7)
    ax.set_ylim(0, 1)
    ax.set_ylabel("score (wins + draws/2), 95% CI")
    ax.set_title(f"{game.title}: {len(results)} games")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def arena(
    ruleset: Annotated[str, typer.Argument(help="ruleset id")],
    agents: Annotated[str, typer.Option(help="agents, comma-separated: random, heuristic, mcts, mcts@400, mcts@0.5s")],
    n: Annotated[int, typer.Option("-n", help="games per pairing (sides swapped: half each way)")] = 20,
    jobs: Annotated[int, typer.Option(help="worker processes")] = 1,
    seed: Annotated[int, typer.Option(help="first game seed")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="a game option key=value")] = None,
    plot_: Annotated[Path | None, typer.Option("--plot", help="draw the win rates to this PNG")] = None,
    save: Annotated[Path | None, typer.Option(help="write every game's result to this JSON file")] = None,
    cluster: Annotated[
        str | None, typer.Option(help="run on the Ray cluster at this address ('local': a new one)")
    ] = None,
) -> None:
    """Matches between every pair of agents, sides swapped: win rates with 95% CIs per side and overall, Elo."""
    game, specs, options = _setup(ruleset, agents, option)
    require_counts(n, jobs)
    require_seed(seed)
    _check_cluster(cluster)
    for path in (plot_, save):  # before any game is played: none is played for nothing
        problem = None if path is None else file_problem(path)
        if problem is not None:
            raise _fail(problem)
    tasks = A.tasks_for(ruleset, specs, n, seed, options)
    results = _play(tasks, jobs, cluster, f"{ruleset}: {len(tasks)} games")
    console.print(results_table(game, results))
    console.print(elo_table(results))
    try:
        if save is not None:
            save.write_text(json.dumps(results, indent=1, default=str))
            console.print(f"results written to {save}")
        if plot_ is not None:
            plot(game, results, plot_)
            console.print(f"plot written to {plot_}")
    except OSError as exc:
        raise _fail(f"cannot write {exc.filename or 'a file'}: {exc.strerror or exc}") from None


HISTORICAL = "Historically (4-7 June 1942) the Japanese lost four fleet carriers, the Americans one (Yorktown)."


def report(
    ruleset: Annotated[str, typer.Argument(help="ruleset id")],
    agents: Annotated[str, typer.Option(help="two agents, comma-separated (the first plays the USN first)")],
    n: Annotated[int, typer.Option("-n", help="games (sides swapped: half each way)")] = 20,
    jobs: Annotated[int, typer.Option(help="worker processes")] = 1,
    seed: Annotated[int, typer.Option(help="first game seed")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="a game option key=value")] = None,
    out: Annotated[Path, typer.Option(help="directory for report.html and its PNG plots")] = Path("midway-report"),
    cluster: Annotated[str | None, typer.Option(help="run on the Ray cluster at this address")] = None,
) -> None:
    """An HTML report (PNG plots beside it): win rates by side, scores, game lengths, carriers lost, vs history."""
    game, specs, options = _setup(ruleset, agents, option)
    if len(specs) != 2:
        raise _fail("a report compares two agents: --agents a,b")
    require_counts(n, jobs)
    require_seed(seed)
    _check_cluster(cluster)
    problem = folder_problem(out)  # before any game is played
    if problem is not None:
        raise _fail(problem)
    tasks = A.tasks_for(ruleset, specs, n, seed, options)
    results = _play(tasks, jobs, cluster, f"{ruleset}: {len(tasks)} games")
    try:
        page = write_report(game, results, out, specs, options, seed, n)
    except OSError as exc:
        raise _fail(f"cannot write {exc.filename or 'the report'}: {exc.strerror or exc}") from None
    console.print(results_table(game, results))
    console.print(f"report written to {page}")


def write_report(
    game: Game, results: list[dict[str, Any]], out: Path, specs: list[str], options: dict[str, Any], seed: int, n: int
) -> Path:
    """Write ``report.html`` and its plots into ``out``; the page's path."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plot(game, results, out / "win-rates.png")
    figures = ["win-rates.png"]
    stat_keys: list[str] = []
    for r in results:
        stat_keys += [k for k in r["stats"] if k not in stat_keys]
    # game lengths
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.hist([r["decisions"] for r in results], bins=20, color="#6b8e23")
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    fig.tight_layout()
    fig.savefig(out / "lengths.png", dpi=110)
    plt.close(fig)
    figures.append("lengths.png")
    # every statistic the ruleset reports (carriers lost, VP, damage...)
    interesting = [k for k in stat_keys if any(w in k for w in ("sunk", "lost", "vp", "VP", "damage", "points"))]
    if interesting:
        fig, axes = plt.subplots(1, len(interesting), figsize=(3.2 * len(interesting), 3.2), squeeze=False)
        for ax, key in zip(axes[0], interesting, strict=True):
            ax.hist([float(r["stats"].get(key, 0)) for r in results], bins=10, color="#a0522d")
            ax.set_title(key, fontsize=8)
        fig.tight_layout()
        fig.savefig(out / "distributions.png", dpi=110)
        plt.close(fig)
        figures.append("distributions.png")
    rows = []
    for p in A.pair_stats(results):
        rows.append(
            f"<tr><td>{html.escape(p.a)}</td><td>{html.escape(p.b)}</td><td>{p.games}</td><td>{_pct(p.rate())}</td>"
            + "".join(f"<td>{_pct(p.side_rate(s))}</td>" for s in game.sides)
            + "</tr>"
        )
    means = []
    for key in stat_keys:
        values = [float(r["stats"].get(key, 0)) for r in results]
        means.append(f"<tr><td>{html.escape(key)}</td><td>{statistics.fmean(values):.2f}</td></tr>")
    seeds = sorted({r["seed"] for r in results})
    opt_args = " ".join(f"-o {k}={v}" for k, v in sorted(options.items()))
    command = f"midway report {game.id} --agents {','.join(specs)} -n {n} --seed {seed} {opt_args}"
    page = out / "report.html"
    page.write_text(
        "<!doctype html><meta charset='utf-8'><title>midway report</title>"
        f"<h1>{html.escape(game.title)}: {html.escape(' vs '.join(specs))}</h1>"
        f"<p>{len(results)} games, seeds {seeds[0]}–{seeds[-1]}, sides swapped. Reproduce with:"
        f"<pre>{html.escape(command)}</pre></p>"
        "<h2>Win rates (score = wins + draws/2, 95% Wilson interval)</h2><table border=1 cellpadding=4>"
        "<tr><th>agent</th><th>vs</th><th>games</th><th>overall</th>"
        + "".join(f"<th>as {html.escape(s)}</th>" for s in game.sides)
        + "</tr>"
        + "".join(rows)
        + "</table>"
        f"<h2>Per game (means)</h2><table border=1 cellpadding=4>{''.join(means)}</table>"
        f"<p><b>History:</b> {html.escape(HISTORICAL)}</p>"
        + "".join(f"<p><img src='{f}' alt='{f}'></p>" for f in figures)
        + f"<h2>Options</h2><pre>{html.escape(json.dumps(options, indent=1, default=str))}</pre>"
    )
    return page
