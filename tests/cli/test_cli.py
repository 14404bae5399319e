"""The `midway` command, driven on the engine's toy game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from midway.cli.main import app
from midway.engine import Record, registry
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
    state.record().save(path)
    result = runner.invoke(app, ["play", "--resume", str(path), "--usn", "random"])
    assert result.exit_code == 0, result.output
    assert "Resumed Toy" in flat(result.output) and "after 2 choices" in flat(result.output)
    assert len(Record.load(path).moves) == 9
    # the resumed game keeps the first two choices
    assert Record.load(path).moves[:2] == [("a", "bid-3"), ("b", "bid-0")]
