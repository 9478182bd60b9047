"""The README's phone pictures: a seat's page in chromium at a phone's size (390×844 CSS
pixels, twice the pixels), from a real table server on the loopback.

``python -m tools.phone_shots`` writes docs/screenshots/phones-guards-hand.png (a Guards seat
choosing its face-down card) and phones-guards-target.png (the same seat's move, its hexes
glowing on the arena). Needs Debian's chromium and chromedriver.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "docs" / "screenshots"


def _until(host, done, limit: float = 10.0) -> None:
    end = time.monotonic() + limit
    while time.monotonic() < end and not done():
        host.pump()
        time.sleep(0.01)


def guards(out: Path = SHOTS, seed: int = 21) -> list[Path]:
    """Play random moves to a face-down choice of a one-hero seat, then to its move."""
    sys.path.insert(0, str(ROOT / "tests" / "phones"))
    from phone_browser import chromium

    from game.core.saves import Seat
    from remote.host import RemoteHost
    from scenes.session import GameSession

    seats = [Seat(n, "human") for n in ("Ann", "Bob", "Cy", "Di")]
    session = GameSession.new("guards", seats, {}, seed, autosave=False)
    state, rng = session.state, random.Random(seed)
    seat = 1

    def step_until(done) -> None:
        while not done():
            dec = state.decision()
            who = rng.choice([p for p in dec.players if state.legal_actions(p) and p != seat]
                             or [p for p in dec.players if state.legal_actions(p)])  # fmt: skip
            session.apply(rng.choice(state.legal_actions(who)))

    step_until(lambda: state.phase == "play" and state.decision().kind == "play"
               and state.round >= 2 and seat in session.deciding_humans())  # fmt: skip
    host = RemoteHost(session, "127.0.0.1")
    written = []
    try:
        with chromium() as driver:
            driver.get(host.link(seat))
            _until(host, lambda: (driver.execute_script("return Remote.last()") or {}).get("legal"))
            time.sleep(0.5)
            host.pump()
            path = out / "phones-guards-hand.png"
            driver.save_screenshot(str(path))
            written.append(path)
            step_until(lambda: state.decision().kind in ("move", "act")
                       and seat in state.decision().players)  # fmt: skip
            if state.decision().kind == "act":
                move = next(a for a in state.legal_actions(seat) if a.get("what") == "move")
                session.apply(move)
            _until(host, lambda: driver.execute_script(
                "return document.querySelectorAll('#arena polygon.target').length"))  # fmt: skip
            driver.execute_script(
                "document.getElementById('arena').scrollIntoView({block: 'center'});"
            )
            time.sleep(0.3)
            path = out / "phones-guards-target.png"
            driver.save_screenshot(str(path))
            written.append(path)
    finally:
        host.close()
        session.close()
    return written


if __name__ == "__main__":
    for p in guards():
        print(p.relative_to(ROOT))
