"""End to end in headless Chromium (Debian's, at /usr/bin/chromium, driven by Playwright): the lobby, a game
against the computer by clicks, keys and the board, reload and continue, the spectator link, hot-seat
hand-over, a short game to its end and its replay. Screenshots go to artifacts/ (git-ignored)."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from tests.server.proc import Server

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


def _chromium() -> str:
    if not Path(CHROMIUM).exists():
        if shutil.which("apt-get") and os.geteuid() == 0:
            subprocess.run(["apt-get", "install", "-y", "chromium"], check=False, capture_output=True, timeout=600)
        if not Path(CHROMIUM).exists():
            message = "Debian's chromium is not installed (apt-get install -y chromium)"
            if os.environ.get("CI") == "true":
                pytest.fail(message)
            pytest.skip(message)
    return CHROMIUM


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    where = tmp_path_factory.mktemp("web")
    srv = Server(f"sqlite:///{where / 'web.sqlite3'}", log=where / "serve.log").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    path = _chromium()
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / ".gitignore").write_text("*\n")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path)
        yield b
        b.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    context.close()
    assert errors == [], f"JavaScript errors: {errors}"


def _new_game(page: Page, server: Server, ruleset: str, opponent: str = "computer", options: dict | None = None):
    page.goto(server.base + "/")
    page.wait_for_selector("#ruleset option", state="attached")
    page.select_option("#ruleset", ruleset)
    for key, value in (options or {}).items():
        page.fill(f"#opt-{key}", str(value))
    page.check(f'input[name="opponent"][value="{opponent}"]')
    page.click("#create")


def _prompt(page: Page) -> str:
    return page.locator("#decision h3").inner_text()


def test_lobby_lists_rulesets_with_options(page: Page, server: Server) -> None:
    page.goto(server.base + "/")
    page.wait_for_selector("#ruleset option", state="attached")
    ids = page.eval_on_selector_all("#ruleset option", "els => els.map(e => e.value)")
    assert {"hbg", "warpspawn", "terrible-resolve"} <= set(ids)
    page.select_option("#ruleset", "warpspawn")
    expect(page.locator("#opt-max_turns")).to_have_value("30")
    expect(page.locator("#options")).to_contain_text("default 30")
    page.screenshot(path=str(ARTIFACTS / "lobby.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(ARTIFACTS / "lobby-phone.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 400  # nothing wider than the phone


@pytest.mark.parametrize("ruleset", ["hbg", "warpspawn", "terrible-resolve"])
def test_play_against_the_computer_then_reload_and_continue(page: Page, server: Server, ruleset: str) -> None:
    _new_game(page, server, ruleset)
    page.wait_for_url(re.compile(r"/game/[^#]+#seat="))
    page.wait_for_selector(".options .option")
    for _ in range(3):  # by click, by keyboard
        before = page.get_attribute("#decision", "data-decision")
        page.locator(".options .option").first.click()
        page.wait_for_function("d => document.querySelector('#decision').dataset.decision !== d", arg=before)
        page.wait_for_selector(".options .option")
        page.keyboard.press("ArrowDown")
        expect(page.locator(".options .option.selected")).to_have_count(1)
    page.screenshot(path=str(ARTIFACTS / f"game-{ruleset}.png"), full_page=False)
    prompt = _prompt(page)
    page.reload()
    page.wait_for_selector(".options .option")
    assert _prompt(page) == prompt  # the same decision after a reload
    page.keyboard.press("Enter")
    page.wait_for_selector("#decision h3")
    page.goto(server.base + "/")
    expect(page.locator("#games-list li")).not_to_have_count(0)
    expect(page.locator("#games-list")).to_contain_text(re.compile("your turn|waiting for"))


def test_clicking_the_board_picks_an_option(page: Page, server: Server) -> None:
    _new_game(page, server, "warpspawn")
    page.wait_for_selector(".options .option")
    pickable = page.locator("#board .pickable").first
    expect(pickable).to_be_visible()
    before = page.get_attribute("#decision", "data-decision")
    count = page.locator(".options .option").count()
    pickable.click()
    page.wait_for_function(
        "([d, n]) => document.querySelector('#decision').dataset.decision !== d || "
        "document.querySelectorAll('.options .option').length !== n",
        arg=[before, count],
    )


def test_spectator_link_and_friend_invitation(page: Page, server: Server, browser: Browser) -> None:
    _new_game(page, server, "terrible-resolve", opponent="friend")
    link = page.locator("#invite-link")
    expect(link).to_be_visible()
    friend_link = link.input_value()
    assert "#seat=" in friend_link
    page.click("#invite-go")
    page.wait_for_selector("#decision h3")
    game_id = re.search(r"/game/([^#]+)", page.url).group(1)
    friend = browser.new_page()
    friend.goto(friend_link)
    friend.wait_for_selector("#decision h3")
    expect(friend.locator("#title")).to_contain_text("Imperial Japanese Navy")
    friend.close()
    watcher = browser.new_page()
    watcher.goto(f"{server.base}/watch/{game_id}")
    watcher.wait_for_selector("#board > *")
    expect(watcher.locator("#board")).to_contain_text("Turn")
    expect(watcher.locator("#title")).to_contain_text("spectator")
    expect(watcher.locator(".options .option")).to_have_count(0)
    watcher.close()


def test_hot_seat_hands_over_between_sides(page: Page, server: Server) -> None:
    _new_game(page, server, "warpspawn", opponent="hotseat")
    page.wait_for_url(re.compile(r"/hotseat/"))
    expect(page.locator("#handover")).to_be_visible()
    expect(page.locator("#handover-title")).to_contain_text("United States Navy")
    expect(page.locator(".options .option")).to_have_count(0)  # nothing shown before the hand-over
    page.click("#handover-go")
    page.wait_for_selector(".options .option")
    for _ in range(200):  # play the USN's move phase to its end: the screen goes to the IJN
        page.wait_for_selector("#handover:not([hidden]), .options .option")
        if page.locator("#handover").is_visible():
            break
        done = page.locator('.options .option[data-option="done"]')
        with contextlib.suppress(PlaywrightError):  # the list may be redrawn under the click
            (done if done.count() else page.locator(".options .option").last).click(timeout=2000)
    expect(page.locator("#handover-title")).to_contain_text("Imperial Japanese Navy")
    page.screenshot(path=str(ARTIFACTS / "hotseat-handover.png"))
    page.keyboard.press("Enter")
    page.wait_for_selector(".options .option")
    expect(page.locator("#title")).to_contain_text("Imperial Japanese Navy")


def test_a_short_game_to_its_end_and_its_replay(page: Page, server: Server) -> None:
    _new_game(page, server, "warpspawn", options={"max_turns": 1})
    page.wait_for_selector(".options .option")
    deadline = time.time() + 120
    while time.time() < deadline:
        page.wait_for_selector("#gameover:not([hidden]), .options .option")
        if page.locator("#gameover").is_visible():
            break
        with contextlib.suppress(PlaywrightError):  # the list may be redrawn under the click
            page.locator(".options .option").last.click(timeout=2000)
    expect(page.locator("#gameover")).to_be_visible()
    expect(page.locator("#gameover-title")).to_contain_text(re.compile("wins|draw"))
    page.screenshot(path=str(ARTIFACTS / "gameover.png"))
    page.click("#gameover-replay")
    page.wait_for_url(re.compile(r"/replay/"))
    expect(page.locator("#position")).to_contain_text(re.compile(r"step (\d+) of \1"))
    last = page.locator("#position").inner_text()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#position")).not_to_have_text(last)
    page.keyboard.press("Home")
    expect(page.locator("#position")).to_contain_text("step 0 of")
    expect(page.locator("#move")).to_contain_text("starting position")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#move")).to_contain_text("1.")
    page.screenshot(path=str(ARTIFACTS / "replay.png"))
