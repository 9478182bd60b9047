"""Finding Atlantis played from phones, in a real browser: two captains each on their own tab
(their own secret, their own device), the other two seats U-Bots, the desktop App stepping
the table as it does on screen. Every choice is made by tapping the page (a card, then each of
its questions, or a space of the chart), never by sending a message by hand: the action the
table plays must be the one the tapped buttons name. Also: a page reloaded mid-game takes its
seat again, a pencil mark tapped on the phone lands in the seat's record, and a move that is
not on offer (a stale screen, an id out of range) is refused with a reason and changes
nothing."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from phone_browser import chromium

from game.core.saves import Seat
from game.finding.state import COLOURS
from remote.finding.notes import notes

pytestmark = pytest.mark.browser

#: the compass end a line's button sits on (either end picks it)
LINE_END = {"N-S": "N", "E-W": "E", "NE-SW": "NE", "NW-SE": "NW"}
#: where the page takes the answer to each question of a card, from the action's params
ANSWER_AT = {
    "direction": lambda p: f'.f-rose button[data-point="{p["direction"]}"]',
    "compass": lambda p: f'.f-rose button[data-point="{p["compass"]}"]',
    "line": lambda p: f'.f-rose button[data-point="{LINE_END[p["line"]]}"]',
    "offset": lambda p: f'.f-jump button[data-offset="{p["dx"]},{p["dy"]}"]',
    "cell": lambda p: f'.f-cell.lit[data-cell="{p["cell"]}"]',
}
PHONES = (0, 2)
#: the engine's words for the seats, which the page replaces with the table's names
COLOUR_WORDS = tuple(c.capitalize() for c in COLOURS)
#: frames per step of the table while waiting (long frames: animations pass quickly)
DT = 0.25


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as driver:
        yield driver


@pytest.fixture
def finding_table(monkeypatch):
    """A Finding table: Ana (seat 0) and Bea (seat 2) on phones, two U-Bots, the App headless
    with the desktop board, its phones' server on the loopback."""
    from ai.runner import BotRunner
    from scenes import session as session_mod
    from scenes.app import App
    from scenes.boards import board_for
    from scenes.session import GameSession

    monkeypatch.setattr(session_mod, "default_runner", lambda: BotRunner(mode="inline"))
    app = App(headless=True, seed=3)
    app.remote_address = "127.0.0.1"
    seats = [
        Seat("Ana", colour="yellow"),
        Seat("Kleito", "bot", "random", colour="red"),
        Seat("Bea", colour="green"),
        Seat("Evenor", "bot", "easy", colour="blue"),
    ]
    session = GameSession.new("finding", seats, {"size": "6"}, seed=21, pace_s=0.0)
    board = board_for("finding")(app, session)
    app.stack.reset(board)
    app.stack.apply_pending()
    remote = app.open_remote(session)
    yield app, session, remote
    app.shutdown()


def _step(app) -> Callable[[], None]:
    return lambda: app.step([], DT)


def open_tab(driver: Any, url: str) -> str:
    """Open ``url`` in a tab of its own (its own sessionStorage: another phone); its handle."""
    if driver.current_url not in ("about:blank", "data:,"):
        driver.switch_to.new_window("tab")
    driver.get(url)
    return driver.current_window_handle


def last_message(driver: Any) -> dict | None:
    """The seat message the page drew last, or None before the first."""
    return driver.execute_script('return typeof Remote === "undefined" ? null : Remote.last()')


def wait_for(
    what: Callable[[], Any],
    step: Callable[[], None],
    why: str,
    limit: float = 10.0,
    detail: Callable[[], str] = str,
):
    """Run the table's frames until ``what()`` is true; its value."""
    end = time.monotonic() + limit
    while True:
        got = what()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {why}: {detail()}")
        step()


def _summary(driver: Any) -> str:
    """What the page shows, for a failure's message."""
    msg = last_message(driver) or {}
    note = driver.execute_script("return document.getElementById('note').textContent")
    state = driver.execute_script("return document.getElementById('status').textContent")
    return f"page v{msg.get('version')} seat {msg.get('seat')} {msg.get('decision')} [{state}] {note!r}"


def _tap(driver, css: str) -> None:
    from selenium.webdriver.common.by import By

    found = driver.find_elements(By.CSS_SELECTOR, css)
    assert found, f"nothing to tap at {css}"
    assert found[0].is_enabled(), f"{css} is not offered"
    found[0].click()


def _option(param: str) -> Callable[[dict], str]:
    """A question answered by one of a row of buttons (how far, row or column, a submarine)."""
    return lambda p: f'.f-decide button[data-value="{p[param]}"]'


def _taps_for(msg: dict, row: dict) -> list[str]:
    """What a person taps, in order, to make the legal action ``row`` on this page."""
    kind, params = row["kind"], row["params"]
    if kind in ("keep", "solve", "keep_searching"):
        return [f'.f-decide button[data-id="{row["id"]}"]']
    if kind == "claim":
        return [f'.f-cell.lit[data-cell="{params["cell"]}"]']
    if kind == "start_move":
        return [f'.f-rose button[data-point="{params["direction"]}"]']
    taps = []
    if kind == "burn":
        slot = "captain" if params["card"] == "captain" else f"card:{params['card']}"
        key = "burn:" + slot
        taps += ['button[data-burn="1"]', f'.f-hand button[data-slot="{slot}"]']
    else:
        slot = {"captain": "captain", "artifact": f"art:{params.get('name')}"}.get(
            kind, f"card:{kind}"
        )
        key = slot
        taps.append(f'.f-hand button[data-slot="{slot}"]')
    asked = msg["payload"]["aims"][key]["params"]
    taps += [ANSWER_AT.get(param, _option(param))(params) for param in asked]
    if not asked:
        taps.append(f'.f-decide button.go[data-id="{row["id"]}"]')
    return taps


def _page_ready(driver, remote, seat: int) -> dict | None:
    msg = last_message(driver)
    if msg and msg["version"] == remote.version and msg["seat"] == seat and msg["decision"]:
        return msg
    return None


def _chart_ready(driver) -> dict | None:
    """The page's payload once its chart is the latest one worked out (not busy)."""
    payload = (last_message(driver) or {}).get("payload") or {}
    return payload if payload.get("chart") and not payload.get("busy") else None


def _choose(rng: random.Random, msg: dict) -> dict:
    """A phone player's pick: name the city when the chart offers it, else anything legal."""
    rows = msg["legal"]
    solve = [r for r in rows if r["kind"] == "solve"]
    return solve[0] if solve else rng.choice(rows)


def test_a_whole_finding_game_with_two_captains_on_phones(browser, finding_table) -> None:
    from selenium.webdriver.common.by import By

    app, session, remote = finding_table
    step = _step(app)
    tabs = {seat: open_tab(browser, remote.link(seat)) for seat in PHONES}
    wait_for(lambda: set(session.remote) == set(PHONES), step, why="both phones joined")
    rng = random.Random(5)
    played = {seat: 0 for seat in PHONES}
    kinds: set[str] = set()
    reloaded = False
    tops: set[str] = set()
    while not session.state.is_terminal():
        dec = session.state.decision()
        seat = dec.players[0]
        if seat not in tabs:
            step()
            continue
        browser.switch_to.window(tabs[seat])
        if not reloaded and played[seat] == 6:  # the phone reloads the page mid-game
            browser.refresh()
            reloaded = True
        msg = wait_for(
            lambda s=seat: _page_ready(browser, remote, s),
            step,
            why=f"seat {seat}'s page at version {remote.version}",
            detail=lambda: _summary(browser),
        )
        assert [r["id"] for r in msg["legal"]] == list(range(len(msg["legal"])))
        top = browser.find_element(By.CSS_SELECTOR, ".f-top").text
        if msg["payload"]["phase"] in ("captain", "start"):  # no "Round 0" while setting out
            assert "Round" not in top and ("Setting out" in top or "Diving" in top), top
            tops.add(msg["payload"]["phase"])
        row = _choose(rng, msg)
        before = len(session.record.actions)
        for css in _taps_for(msg, row):
            _tap(browser, css)
        wait_for(lambda b=before: len(session.record.actions) > b, step, why=f"{row['label']}")
        action = session.record.actions[before]
        assert (action.player, action.kind) == (seat, row["kind"]), row
        assert {k: v for k, v in action.args} == {
            k: tuple(v) if isinstance(v, list) else v for k, v in row["params"].items()
        }
        played[seat] += 1
        kinds.add(row["kind"])
    assert reloaded and all(n >= 5 for n in played.values()), played
    assert tops == {"captain", "start"}
    assert {"keep", "start_move"} <= kinds and kinds & {"burn", "sonar", "jelly", "explore"}
    # the end reaches both phones
    for seat in PHONES:
        browser.switch_to.window(tabs[seat])
        wait_for(
            lambda: (last_message(browser) or {}).get("payload", {}).get("over"),
            step,
            why="the end on the phone",
        )
        top = browser.find_element(By.CSS_SELECTOR, ".f-top").text
        assert "Atlantis" in top or "over" in top
        # the chart worked out off the table's frame reaches the page, heat map and all
        ready = wait_for(
            lambda: _chart_ready(browser),
            step,
            why="the last chart",
            detail=lambda: _summary(browser),
        )
        assert ready["heat"] is not None and len(ready["heat"]["p"]) == 36
        assert ready["chart"]["marks"], "a whole game's chart holds clues"
        # the seats go by the table's names, on the page and in what the device said
        subs = browser.find_element(By.CSS_SELECTOR, ".f-subs").text
        assert {"Kleito", "Evenor"} <= set(subs.replace("·", " ").split()), subs
        said = " ".join(ready["log"]).replace("'", " ").replace(".", " ").split()
        assert "Kleito" in said and not set(COLOUR_WORDS) & set(said), said


def test_a_pencil_mark_and_refused_moves_from_a_phone(browser, finding_table) -> None:
    from selenium.webdriver.common.by import By

    app, session, remote = finding_table
    step = _step(app)
    tab = open_tab(browser, remote.link(0))
    browser.switch_to.window(tab)
    msg = wait_for(lambda: _page_ready(browser, remote, 0), step, why="Ana's page")
    assert msg["decision"]["kind"] == "captain"
    # a pencil mark: the seat's own note in the record, nothing played
    _tap(browser, '.f-tools button[data-tool="question"]')
    _tap(browser, '.f-cell[data-cell="14"]')
    wait_for(
        lambda: notes(session.record.meta, 0)["pencil"],
        step,
        why="the pencil mark",
        detail=lambda: _summary(browser) + str(browser.get_log("browser")),
    )
    assert notes(session.record.meta, 0) == {"pencil": [[14, "question", ""]]}
    assert session.record.actions == []
    wait_for(
        lambda: browser.find_elements(By.CSS_SELECTOR, '.f-cell[data-cell="14"] .pencil.question'),
        step,
        why="the mark drawn",
    )
    # what the page never offers is refused with a reason, and nothing changes
    version = remote.version
    browser.execute_script("Remote.send({t: 'act', version: arguments[0], id: 99})", version)
    wait_for(
        lambda: "not one of your choices" in browser.find_element(By.ID, "note").text,
        step,
        why="the refusal",
    )
    browser.execute_script("Remote.send({t: 'act', version: arguments[0], id: 0})", version - 1)
    wait_for(
        lambda: "moved on" in browser.find_element(By.ID, "note").text, step, why="stale refused"
    )
    for _ in range(4):
        step()
    assert session.record.actions == []
    # a connection with a wrong secret gets a refusal and no seat
    other = open_tab(browser, remote.url + "#s=not-a-secret-of-this-table")
    browser.switch_to.window(other)
    wait_for(lambda: "not a seat" in browser.find_element(By.ID, "note").text, step, why="no seat")
    assert last_message(browser) is None
    assert not browser.find_elements(By.CSS_SELECTOR, ".f-chart")
