"""A whole 4-hero Guards game with two seats played in a real browser (chromium), the other
two by random bots: each browser joins (one by its QR code's link, one by typing its code),
chooses its face-down cards, defends, levels and targets by tapping the page; one page drops
its connection and comes back to its seat; a wrong secret and a stale one get nothing."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest
from phone_browser import chromium

from game.core.saves import Seat
from remote.host import RemoteHost
from scenes.session import GameSession

pytestmark = pytest.mark.browser

SEED = 21
BROWSERS = (0, 2)  # Ann and Cy play in the browser; Bob and Di are random bots
MAX_MOVES = 3000
#: how the test's person picks among the page's choices: a card rather than none where a
#: defence or a level-up is offered (so both happen), otherwise at random
PREFER_CARD = {"defend": "card", "level": "card"}


def _pump(host: RemoteHost, seconds: float = 0.0) -> None:
    host.pump()
    if seconds:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            time.sleep(0.005)
            host.pump()


def _wait(host: RemoteHost, done, what: str, limit: float = 10.0) -> None:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        host.pump()
        if done():
            return
        time.sleep(0.005)
    raise AssertionError(f"timed out waiting for {what}")


def _shown(driver) -> dict | None:
    return driver.execute_script("return Remote.last();")


def _tap(driver, choice: dict) -> str:
    """Tap what a person taps for ``choice``: its card, its hex, or else its button (again
    when the page redrew under the finger, as when the arena's ground arrives)."""
    from selenium.common.exceptions import StaleElementReferenceException

    for _ in range(5):
        try:
            return _tap_once(driver, choice)
        except StaleElementReferenceException:
            time.sleep(0.05)
    raise AssertionError(f"the page kept redrawing under {choice['label']!r}")


def _tap_once(driver, choice: dict) -> str:
    from selenium.webdriver.common.by import By

    i = choice["id"]
    for where, selector in (
        ("card", f'#game button.card[data-id="{i}"]'),
        ("hex", f'#arena polygon[data-id="{i}"]'),
        ("button", f'#choices button[data-id="{i}"]'),
    ):
        found = driver.find_elements(By.CSS_SELECTOR, selector)
        if found:
            if where == "hex":  # an SVG shape: the click goes to its centre, as a finger's
                driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", found[0])
            found[0].click()
            return where
    raise AssertionError(f"the page offers no way to make {choice['label']!r}")


def _pick(rng: random.Random, message: dict) -> dict:
    legal = message["legal"]
    kind = message["decision"]["kind"]
    if kind in PREFER_CARD and rng.random() < 0.85:
        cards = [a for a in legal if a["params"].get("card")]
        if cards:
            return rng.choice(cards)
    return rng.choice(legal)


def test_a_whole_guards_game_with_two_seats_in_the_browser() -> None:
    from selenium.webdriver.common.by import By

    seats = [
        Seat("Ann", "human"),
        Seat("Bob", "bot", "random"),
        Seat("Cy", "human"),
        Seat("Di", "bot", "random"),
    ]
    session = GameSession.new("guards", seats, {}, SEED, autosave=False)
    host = RemoteHost(session, "127.0.0.1")
    rng = random.Random(SEED)
    made: Counter[tuple[int, str]] = Counter()
    taps: Counter[str] = Counter()
    try:
        with chromium() as driver:
            # Ann scans her QR code (its link); Cy types his code into the page
            driver.get(host.link(0))
            tabs = {0: driver.current_window_handle}
            driver.switch_to.new_window("tab")
            driver.get(host.url)
            tabs[2] = driver.current_window_handle
            _wait(host, lambda: driver.find_element(By.ID, "join").is_displayed(), "join form")
            driver.find_element(By.ID, "code").send_keys(host.code(2).lower())
            driver.find_element(By.ID, "join-go").click()
            _wait(host, lambda: session.remote == frozenset(BROWSERS), "both seats joined")
            # the page keeps its seat (its secret) in its address, for a reconnect
            _wait(host, lambda: "#s=" in driver.current_url, "the seat kept in the address")

            # a wrong secret gets nothing but a refusal
            driver.switch_to.new_window("tab")
            driver.get(host.url + "#s=" + "x" * 24)
            _wait(host, lambda: "not a seat" in driver.find_element(By.ID, "note").text, "no")
            assert _shown(driver) is None
            assert driver.find_element(By.ID, "join").is_displayed()
            assert "x" * 24 not in driver.page_source.replace(driver.current_url, "")
            driver.close()

            moves = dropped = 0
            while not session.is_over and moves < MAX_MOVES:
                _pump(host)
                phones = [s for s in session.deciding_remote() if s in BROWSERS]
                if not phones:
                    bot = session.deciding_bots()[0]
                    session.apply(rng.choice(session.state.legal_actions(bot)))
                    moves += 1
                    continue
                seat = phones[0]
                driver.switch_to.window(tabs[seat])
                if moves > 40 and not dropped and seat == 0:
                    driver.refresh()  # the page drops its connection and comes back
                    dropped = 1
                _wait(
                    host,
                    lambda d=driver: (
                        (_shown(d) or {}).get("version") == host.version
                        and bool(d.find_elements(By.CSS_SELECTOR, "#choices button:enabled"))
                    ),
                    "the page's current offer",
                )
                message = _shown(driver)
                assert message["seat"] == seat and message["legal"]
                choice = _pick(rng, message)
                before = len(session.record.actions)
                taps[_tap(driver, choice)] += 1
                _wait(host, lambda b=before: len(session.record.actions) > b, "the move")
                assert session.record.actions[before].player == seat
                assert session.record.actions[before].kind == choice["kind"]
                kind = choice["kind"]
                if kind in ("defend", "level") and choice["params"].get("card"):
                    kind += " a card"
                made[(seat, kind)] += 1
                moves += 1
            assert session.is_over, f"not over after {moves} moves"
            assert dropped and session.remote == frozenset(BROWSERS)
            for seat in BROWSERS:
                assert made[(seat, "play")] >= 5, made
            done = {kind for (_, kind) in made}
            assert {"pick", "play", "defend a card", "level a card"} <= done, made
            assert taps["card"] and taps["hex"] and taps["button"], taps
            _pump(host, 0.2)
            driver.switch_to.window(tabs[0])
            _wait(host, lambda: (_shown(driver) or {}).get("version") == host.version, "end")
            assert "win" in driver.find_element(By.ID, "game").text

            # the table closes: every page is told; the old link is stale at the next table
            old = host.link(0)
            host.close()
            _wait(host, lambda: "closed the table" in driver.find_element(By.ID, "note").text,
                  "goodbye")  # fmt: skip
            again = RemoteHost(session, "127.0.0.1")
            try:
                driver.get(old.replace(str(host.server.port), str(again.server.port)))
                _wait(again, lambda: "not a seat" in driver.find_element(By.ID, "note").text,
                      "stale secret refused")  # fmt: skip
                assert again.seats.connected() == []
            finally:
                again.close()
    finally:
        host.close()
        session.close()
    print(f"moves {moves}, browser moves {sum(made.values())}, {dict(made)}, taps {dict(taps)}")
