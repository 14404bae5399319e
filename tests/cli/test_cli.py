"""The `midway` command, driven on the engine's toy game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from midway.cli.main import app
from midway.engine import Record, registry
from midway.engine.records import with_checkpoints
from tests.engine.blind_toy import BLIND
from tests.engine.toy import TOY

runner = CliRunner()


@pytest.fixture(autouse=True)
def _toy_registered() -> None:
    registry.register(TOY)


def test_simulate_prints_wins_draws_and_length() -> None:
    result = runner.invoke(app, ["simulate", "toy", "-n", "30", "--seed", "5"])
    assert result.exit_code == 0, result.output
    assert "30 games" in result.output
    wins = [int(line.split("│")[2].split()[0]) for line in result.output.splitlines() if "wins" in line]
    draws = [int(line.split("│")[2].split()[0]) for line in result.output.splitlines() if "draws" in line]
    assert sum(wins) + sum(draws) == 30
    assert "9.00 ± 0.00" in result.output  # every toy game takes 9 decisions


def test_simulate_with_jobs_gives_the_same_table() -> None:
    one = runner.invoke(app, ["simulate", "toy", "-n", "12", "--jobs", "1"])
    two = runner.invoke(app, ["simulate", "toy", "-n", "12", "--jobs", "2"])
    assert one.exit_code == 0 and two.exit_code == 0
    assert one.output == two.output


def test_unknown_option_and_ruleset_are_explained() -> None:
    bad = runner.invoke(app, ["simulate", "toy", "-o", "nope=1"])
    assert bad.exit_code == 2 and "no option 'nope'" in flat(bad.output)
    missing = runner.invoke(app, ["play", "no-such-game"])
    assert missing.exit_code == 2 and "no ruleset 'no-such-game'" in flat(missing.output)


def test_two_computer_sides_play_to_the_end(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    result = runner.invoke(
        app, ["play", "toy", "--usn", "random", "--ijn", "random", "--seed", "3", "--save", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    record = Record.load(out)
    assert len(record.moves) == 9 and record.checkpoints


def flat(text: str) -> str:
    return " ".join(text.split())


def test_human_bad_entry_gets_an_explanation_then_the_prompt_again(tmp_path: Path) -> None:
    save = tmp_path / "h.json"
    inputs = "\n".join(["zzz", "99", "bid-1"] + ["1"] * 12) + "\n"
    result = runner.invoke(app, ["play", "toy", "--side", "a=human", "--seed", "4", "--save", str(save)], input=inputs)
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "'zzz' is not one of the options for this decision (TOY-2)" in out
    assert "There is no option 99: choose 1 to 4." in out
    assert "Game over" in out
    moves = Record.load(save).moves
    assert moves[0] == ("a", "bid-1")  # the valid entry after two bad ones


def test_end_of_input_saves_the_record_for_resume(tmp_path: Path) -> None:
    save = tmp_path / "quit.json"
    result = runner.invoke(app, ["play", "toy", "--side", "a=human", "--seed", "4", "--save", str(save)], input="2\n")
    assert result.exit_code == 130
    assert "midway play --resume" in flat(result.output)
    assert Record.load(save).moves[0] == ("a", "bid-1")


def test_replay_prints_the_log_and_verifies(tmp_path: Path) -> None:
    state = TOY.new(seed=8)
    state.apply("a", "bid-2")
    state.apply("b", "bid-1")
    state.apply("a", "press")
    path = tmp_path / "r.json"
    from midway.engine.records import with_checkpoints

    with_checkpoints(state.record(), TOY, every=1).save(path)
    ok = runner.invoke(app, ["replay", str(path), "--verify"])
    assert ok.exit_code == 0, ok.output
    assert "bids revealed: a 2, b 1" in ok.output and "verified" in ok.output
    # the secret press roll is in the full log, not in b's
    assert "press:" in ok.output
    only_b = runner.invoke(app, ["replay", str(path), "--side", "b"])
    assert "press:" not in only_b.output


def test_replay_verify_fails_loudly_at_the_first_divergence(tmp_path: Path) -> None:
    state = TOY.new(seed=8)
    for side, choice in [("a", "bid-2"), ("b", "bid-1"), ("a", "bank"), ("a", "bid-1"), ("b", "bid-0")]:
        state.apply(side, choice)
    from midway.engine.records import with_checkpoints

    data = with_checkpoints(state.record(), TOY, every=2).to_json()
    data["checkpoints"]["4"] = "0" * 16
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(path), "--verify"])
    assert result.exit_code == 1
    assert "between move 2 and move 4" in flat(result.output)
    # one line on standard error, never wrapped at 80 columns
    assert result.stdout == "" and len(result.stderr.splitlines()) == 1 and len(result.stderr) > 80, result.stderr


def test_replay_refuses_a_record_of_another_version(tmp_path: Path) -> None:
    data = TOY.new(seed=1).record().to_json()
    data["version"] = "0"
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1 and "version 0" in flat(result.output)


def test_resume_continues_a_saved_game(tmp_path: Path) -> None:
    state = TOY.new(seed=6)
    state.apply("a", "bid-3")
    state.apply("b", "bid-0")
    path = tmp_path / "s.json"
    with_checkpoints(state.record(), TOY).save(path)
    result = runner.invoke(app, ["play", "--resume", str(path), "--usn", "random"])
    assert result.exit_code == 0, result.output
    assert "Resumed Toy" in flat(result.output) and "after 2 verified choices" in flat(result.output)
    assert len(Record.load(path).moves) == 9
    # the resumed game keeps the first two choices
    assert Record.load(path).moves[:2] == [("a", "bid-3"), ("b", "bid-0")]


# ------------------------------------------------------------- issue 6: records are trusted only when verified
def _saved_toy(tmp_path: Path, moves: int = 6) -> tuple[Path, dict[str, object]]:
    state = TOY.new(seed=11)
    for _ in range(moves):
        side, d = next(iter(state.pending().items()))
        state.apply(side, d.options[-1].id if d.options[-1].id != "press" else "bank")
    path = tmp_path / "g.json"
    with_checkpoints(state.record(), TOY, every=2).save(path)
    return path, json.loads(path.read_text())


def test_resume_refuses_a_record_whose_choice_was_changed(tmp_path: Path) -> None:
    """Issue 6 defect 2: a legal choice swapped for another used to resume and be re-saved with fresh digests."""
    path, data = _saved_toy(tmp_path)
    moves = data["moves"]
    assert isinstance(moves, list) and moves[2] == ["b", "bank"]
    moves[2] = ["b", "press"]  # another legal choice at that point
    path.write_text(json.dumps(data))
    before = path.read_text()
    result = runner.invoke(app, ["play", "--resume", str(path), "--usn", "random", "--ijn", "random"])
    assert result.exit_code == 2 and "diverged" in flat(result.output)
    assert path.read_text() == before  # nothing re-saved


def test_resume_refuses_an_overwritten_digest_and_a_record_without_checkpoints(tmp_path: Path) -> None:
    path, data = _saved_toy(tmp_path)
    marks = data["checkpoints"]
    assert isinstance(marks, dict)
    marks["4"] = "0" * 16
    path.write_text(json.dumps(data))
    bad = runner.invoke(app, ["play", "--resume", str(path), "--usn", "random", "--ijn", "random"])
    assert bad.exit_code == 2 and "between move 2 and move 4" in flat(bad.output)
    del data["checkpoints"]
    path.write_text(json.dumps(data))
    bare = runner.invoke(app, ["play", "--resume", str(path), "--usn", "random", "--ijn", "random"])
    assert bare.exit_code == 2 and "no checkpoints" in flat(bare.output)


def test_verify_fails_a_truncated_record_and_counts_what_it_checked(tmp_path: Path) -> None:
    """Issue 6 defect 3: a record whose last choice was dropped used to verify, its later checkpoints 'matched'."""
    path, data = _saved_toy(tmp_path)
    good = runner.invoke(app, ["replay", str(path), "--verify"])
    marks = data["checkpoints"]
    assert isinstance(marks, dict) and good.exit_code == 0
    assert f"{len(marks)} checkpoints matched" in flat(good.output)
    moves = data["moves"]
    assert isinstance(moves, list)
    data["moves"] = moves[:-1]
    path.write_text(json.dumps(data))
    cut = runner.invoke(app, ["replay", str(path), "--verify"])
    assert cut.exit_code == 1 and "truncated" in flat(cut.output)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"forced_rolls": 6}, "forced_rolls"),
        ({"forced_rolls": ["six"]}, "forced_rolls"),
        ({"forced_rolls": [99], "moves": [["a", "bid-1"], ["b", "bid-1"]]}, "forced rolls do not fit"),
        ({"seed": "x"}, "seed"),
        ({"moves": [["a"]]}, "moves"),
        ({"checkpoints": {"x": 1}}, "checkpoint"),
        ({"options": {"budget": [1]}}, "options"),
        ({"extra": 1}, "no field 'extra'"),
        ({"strict_dice": "yes"}, "strict_dice"),
    ],
)
def test_malformed_records_get_one_line_and_exit_nonzero(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    """Issue 6 defect 4: each of these escaped as a traceback."""
    data = TOY.new(seed=1).record().to_json()
    data.update(change)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    replayed = runner.invoke(app, ["replay", str(path), "--verify"])
    assert replayed.exit_code in (1, 2) and isinstance(replayed.exception, SystemExit), replayed.output
    assert message in flat(replayed.output) and len(replayed.output.strip().splitlines()) <= 3
    resumed = runner.invoke(app, ["play", "--resume", str(path), "--usn", "random"])
    assert resumed.exit_code == 2 and isinstance(resumed.exception, SystemExit), resumed.output
    assert flat(resumed.output).startswith("error: cannot")


def test_deeply_nested_json_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    for args in (["replay", str(path)], ["play", "--resume", str(path)]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
        assert "cannot read" in flat(result.output)


def test_invalid_utf8_on_stdin_is_explained_and_end_of_input_saves(tmp_path: Path) -> None:
    """Issue 6 defect 5: invalid UTF-8 crashed `midway play` with a UnicodeDecodeError and saved nothing."""
    import subprocess
    import sys

    out = tmp_path / "h.json"
    code = (
        "import sys; from midway.engine import registry; from tests.engine.toy import TOY; registry.register(TOY);"
        "from midway.cli.main import app; sys.argv=['midway','play','toy','--side','a=human','--side','b=random',"
        f"'--seed','4','--save',{str(out)!r}]; app()"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], input=b"\xff\xfe\n1\n", capture_output=True, cwd=Path(__file__).parents[2]
    )
    text = proc.stdout.decode("utf-8", "replace")
    assert "not valid UTF-8" in text and "Traceback" not in proc.stderr.decode()
    assert proc.returncode == 130  # end of input: saved and stopped
    record = Record.load(out)
    assert record.moves[0] == ("a", "bid-0") and record.checkpoints


def test_option_ids_and_labels_print_literally() -> None:
    """Issue 6 defect 9: Rich turned `move:x:search:new:fleet` into an emoji and ate [bracketed] text."""
    from midway.cli.main import console
    from midway.cli.render import decision_panel
    from midway.engine import Decision, Option

    d = Decision("0", "a", "Pick [bold]one[/]", "R-1", (Option("move:x:search:new:fleet", "to :new: [red]Search[/]"),))
    with console.capture() as captured:
        console.print(decision_panel(TOY, d), width=200)
    text = captured.get()
    assert "move:x:search:new:fleet" in text and "to :new: [red]Search[/]" in text and "[bold]one[/]" in text


class _TypedBlind(type(BLIND)):  # type: ignore[misc]
    """The blind toy with a notation: ``3+2`` adds 3, then 2, then ends the order."""

    id = "blind-typed"

    def parse_orders(self, state, side, text):  # type: ignore[no-untyped-def]
        parts = text.split("+")
        if not all(p.strip().isdigit() for p in parts):
            return None
        return [f"add-{p.strip()}" for p in parts] + ["done"]


def test_an_order_typed_in_the_games_notation_is_applied_whole_or_not_at_all(tmp_path: Path) -> None:
    registry.register(_TypedBlind())
    save = tmp_path / "typed.json"
    inputs = "1+9\n3+3\n1\n4\n1\n"  # refused whole (no add-9); then 3+3 and done; next; round 2: done; next
    result = runner.invoke(
        app,
        ["play", "blind-typed", "--side", "a=human", "--side", "b=random", "--seed", "2", "--save", str(save)],
        input=inputs,
    )
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert "typed order" in flat
    assert "'add-9' is not a legal choice" in flat and "nothing was applied" in flat
    moves = [oid for side, oid in Record.load(save).moves if side == "a"]
    assert moves == ["add-3", "add-3", "done", "next", "done", "next"]


def test_odd_digits_at_the_prompt_are_not_taken_for_a_number(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "toy", "--side", "a=human", "--seed", "4"], input="²\n")
    assert "Traceback" not in result.output
    assert "'²' is not one of the options" in " ".join(result.output.split())


def test_the_computers_thinking_time_is_shown_for_a_search_player() -> None:
    result = runner.invoke(
        app, ["play", "toy", "--side", "a=human", "--side", "b=mcts@5", "--seed", "4"], input="1\n" * 12
    )
    assert result.exit_code == 0, result.output
    assert "Side B (mcts@5) thought" in result.output
    help_text = " ".join(runner.invoke(app, ["play", "--help"]).output.split())
    assert "mcts@400" in help_text and "heuristic" in help_text


def test_no_thinking_time_is_shown_for_a_private_question(tmp_path: Path) -> None:
    """A computer's thinking time is printed only for a choice in a public turn: a line for a private question
    (hbg's reveal at 4.3, asked only over a hidden fleet) told the human where the hidden fleet was. In this toy
    the bank-or-press question is private (State._public_turn), the bids public."""
    from tests.engine.test_side_channels import PrivatePress

    game = PrivatePress()
    registry.register(game)
    save = tmp_path / "g.json"
    result = runner.invoke(
        app,
        ["play", game.id, "--side", "a=human", "--side", "b=mcts@5", "--seed", "4", "--save", str(save)],
        input="1\n" * 12,
    )
    assert result.exit_code == 0, result.output
    b_moves = [oid for side, oid in Record.load(save).moves if side == "b"]
    bids = [oid for oid in b_moves if oid.startswith("bid-")]
    assert bids and len(bids) < len(b_moves)  # b also banked or pressed, in private
    assert result.output.count("Side B (mcts@5) thought") == len(bids)


def test_play_names_the_flag_whose_value_is_malformed() -> None:
    bad_side = runner.invoke(app, ["play", "toy", "--side", "a"])
    assert bad_side.exit_code == 2 and "--side takes SIDE=PLAYER, not 'a'" in bad_side.output
    bad_option = runner.invoke(app, ["play", "toy", "-o", "x", "--side", "a=random", "--side", "b=random"])
    assert bad_option.exit_code == 2 and "--option takes key=value, not 'x'" in bad_option.output


@pytest.mark.parametrize("spec", ["mcts:width=1e999", "mcts:iterations=inf", "mcts:plan_depth=1e400", "mcts:widen=nan"])
def test_agent_settings_that_are_not_finite_numbers_are_one_line(spec: str, tmp_path: Path) -> None:
    """``inf``, ``nan`` and huge numbers in an agent's settings used to end in an OverflowError traceback."""
    setting = spec.split(":")[1].split("=")[0]
    for args in (
        ["simulate", "toy", "-n", "1", "--usn", spec],
        ["play", "toy", "--side", f"b={spec}", "--side", "a=random", "--save", str(tmp_path / "g.json")],
        ["arena", "toy", "--agents", f"random,{spec}", "-n", "2"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and isinstance(result.exception, SystemExit), (args, result.output)
        assert f"{setting} must be" in result.output and len(result.output.strip().splitlines()) == 1, result.output
    assert not (tmp_path / "g.json").exists()


def test_a_negative_seed_is_one_line_and_creates_nothing(tmp_path: Path) -> None:
    """``--seed -1`` used to end in a SeedError traceback in simulate, arena and report (report had already made
    its --out folder)."""
    out = tmp_path / "report"
    for args in (
        ["simulate", "toy", "-n", "1", "--seed", "-1"],
        ["arena", "toy", "--agents", "random,random", "-n", "2", "--seed", "-1"],
        ["report", "toy", "--agents", "random,random", "-n", "2", "--seed", "-1", "--out", str(out)],
        ["play", "toy", "--side", "a=random", "--side", "b=random", "--seed", "-1"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and isinstance(result.exception, SystemExit), (args, result.output)
        assert flat(result.output) == "error: --seed must be a whole number, 0 or more, not -1", result.output
    assert not out.exists()


@pytest.mark.parametrize("length", [253, 256])
def test_a_save_name_too_long_is_refused_before_play(tmp_path: Path, length: int) -> None:
    """A 253-byte --save name used to pass the check, the game played, and its save crash on NAME.tmp (the record
    lost); a 256-byte one made the check itself raise (Path.is_dir lets ENAMETOOLONG through)."""
    path = tmp_path / ("r" * (length - 5) + ".json")
    for args in (
        ["play", "toy", "--side", "a=random", "--side", "b=random", "--save", str(path)],
        ["arena", "toy", "--agents", "random,random", "-n", "2", "--save", str(path)],
        ["arena", "toy", "--agents", "random,random", "-n", "2", "--plot", str(path)],
    ):
        if args[0] == "arena" and length < 256:
            continue  # written whole, not through NAME.tmp: a 253-byte name is fine there
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and isinstance(result.exception, SystemExit), (args, result.output)
        assert "file name" in flat(result.output).lower() and "Game over" not in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1, result.output


def test_a_folder_where_the_save_is_written_first_is_refused_before_play(tmp_path: Path) -> None:
    (tmp_path / "rec.json.tmp").mkdir()
    args = ["play", "toy", "--side", "a=random", "--side", "b=random", "--save", str(tmp_path / "rec.json")]
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert "rec.json.tmp, where its save is written first, is a folder" in flat(result.output)
    assert "Game over" not in result.output


def test_absurd_game_and_process_counts_are_refused_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """``-n 100000000000`` used to build every game's task up front and fill the memory (here no game may be
    made or played, so that the old code fails at once instead)."""
    import midway.cli.arena as cli_arena
    import midway.cli.main as cli_main

    def never(*_args: object) -> None:
        raise AssertionError("a game was made or played")

    monkeypatch.setattr(cli_main, "simulate_one", never)
    monkeypatch.setattr(cli_arena.A, "tasks_for", never)
    for args, message in (
        (["simulate", "toy", "-n", "100001"], "-n must be at most 100000"),
        (["arena", "toy", "--agents", "random,random", "-n", "100000000000"], "-n must be at most 100000"),
        (["report", "toy", "--agents", "random,random", "-n", "100001"], "-n must be at most 100000"),
        (["simulate", "toy", "-n", "1", "--jobs", "100000"], "--jobs must be at most 256"),
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and isinstance(result.exception, SystemExit), (args, result.output)
        assert message in result.output and len(result.output.strip().splitlines()) == 1, result.output


def test_error_lines_go_to_standard_error() -> None:
    """``midway simulate nosuch -n 1 2>/dev/null`` used to show the error: it went to standard output."""
    result = runner.invoke(app, ["simulate", "nosuch", "-n", "1"])
    assert result.exit_code == 2
    assert result.stdout == "", result.stdout
    assert result.stderr.startswith("error: no ruleset 'nosuch'"), result.stderr


def test_resume_refuses_what_the_record_fixes(tmp_path: Path) -> None:
    """``--seed`` and ``-o`` given with ``--resume`` used to be ignored silently, even invalid ones."""
    state = TOY.new(seed=6)
    state.apply("a", "bid-3")
    path = tmp_path / "s.json"
    with_checkpoints(state.record(), TOY).save(path)
    before = path.read_text()
    for extra, message in (
        (["--seed", "5"], "--seed cannot be used with --resume: the record fixes it"),
        (["--seed", "-1"], "--seed cannot be used with --resume: the record fixes it"),
        (["-o", "budget=abc"], "--option cannot be used with --resume: the record fixes the game's options"),
    ):
        result = runner.invoke(app, ["play", "--resume", str(path), "--side", "a=random", "--side", "b=random", *extra])
        assert result.exit_code == 2 and isinstance(result.exception, SystemExit), (extra, result.output)
        assert result.stderr == f"error: {message}\n", result.output
    assert path.read_text() == before


def test_a_bad_option_value_names_the_option() -> None:
    result = runner.invoke(app, ["simulate", "toy", "-n", "1", "-o", "budget=abc"])
    assert result.exit_code == 2
    assert result.stderr == "error: toy: option 'budget': not a whole number: 'abc'\n"


def test_a_human_types_a_standing_option_at_the_prompt(tmp_path: Path) -> None:
    """Standing options (the engine's choices at any moment) are listed under the player's options and typed by
    id at its prompt: the toy's note (play goes on, the same decision asked again) and resign (the game ends); the
    saved record replays and verifies."""
    from tests.engine.standing_toy import STANDING_TOY

    registry.register(STANDING_TOY)
    save = tmp_path / "s.json"
    result = runner.invoke(
        app,
        ["play", "standing-toy", "--side", "a=human", "--side", "b=random", "--seed", "4", "--save", str(save)],
        input="note\nnote\nbid-1\nresign\n",
    )
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "At any moment: resign (Resign: the other side wins); note" in out
    assert "'note' is not one of the options for this decision (TOY-2)" in out  # once a game: no longer offered
    assert "Game over" in out and "Side A resigns" in out
    moves = [m for m in Record.load(save).moves if m[0] == "a"]
    assert moves == [("a", "note"), ("a", "bid-1"), ("a", "resign")]
    ok = runner.invoke(app, ["replay", str(save), "--verify"])
    assert ok.exit_code == 0 and "verified" in ok.output, ok.output


def test_a_human_concedes_vam_by_typing_abandon(tmp_path: Path) -> None:
    """VAM-R30: with the option ``concession``, 'abandon' (the notation's word) or 'concede' (the standing option's
    id) at the prompt concedes; the record replays and verifies."""
    save = tmp_path / "v.json"
    result = runner.invoke(
        app,
        ["play", "vam", "--side", "usn=human", "--side", "ijn=random", "--seed", "4", "-o", "concession=true"]
        + ["--save", str(save)],
        input="abandon\n",
    )
    assert result.exit_code == 0, result.output
    assert "Les Américains abandonnent au tour 1, phase 1" in flat(result.output)
    assert Record.load(save).moves[-1] == ("usn", "concede")
    ok = runner.invoke(app, ["replay", str(save), "--verify"])
    assert ok.exit_code == 0 and "verified" in ok.output, ok.output
