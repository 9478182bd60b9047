"""Ten phones at a ten-hero Guards table (``make bench``, section guards_phones).

A headless App shows the real Guards board of a ten-hero game on the two-lane board whose ten
seats are all people, each joined from a simulated browser: a WebSocket client on the
loopback (all ten in a process of their own, as phones are other machines) that speaks the page's
messages, waits a short random "thinking" time on every offer and sends one of its choices.
Hero selection and entry are played out first by random legal moves. Then frames are paced at
60 FPS and timed as in tools/board_frames.py (the floor: p95 ≤ 8 ms), and every browser choice
is timed from the moment its client sends the act message to the moment the table has applied
it (``GameSession.apply`` returned, in the App's frame): p95 floor 100 ms.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import queue
import random
import time
from typing import Any

from game.core.stats import summary_ms
from tools.board_frames import FLOOR_MS, time_frames

#: the act-to-table floor, p95, on the loopback
ACT_FLOOR_MS = 100.0
#: the simulated people's thinking time on an offer, seconds (quick people: with ten of them
#: the table still moves several times a second)
THINK_S = (0.3, 2.0)


class Phones:
    """Ten simulated browsers with one event loop, run in a process of their own
    (:func:`run_phones`): what they send is reported on ``out`` as (seat, version, the
    ``time.perf_counter()`` it left, a system-wide clock on Linux and macOS)."""

    def __init__(self, url: str, secrets: dict[int, str], seed: int, out: Any, stop: Any) -> None:
        self.url = url
        self.secrets = secrets
        self.rng = random.Random(seed)
        self.out = out
        self._stop = stop
        self.refused = 0

    def run(self) -> None:
        asyncio.run(self._all())
        self.out.put(("refused", self.refused, 0.0))

    async def _all(self) -> None:
        await asyncio.gather(*(self._phone(s, k) for s, k in self.secrets.items()))

    async def _phone(self, seat: int, secret: str) -> None:
        from websockets.asyncio.client import connect

        async with connect(self.url, compression=None) as ws:
            await ws.send(json.dumps({"t": "hello", "secret": secret, "device": f"bench{seat}"}))
            latest: dict[str, Any] = {}
            pending: asyncio.Task[None] | None = None

            async def answer() -> None:
                await asyncio.sleep(self.rng.uniform(*THINK_S))
                message = latest  # the page shows the newest offer when the finger lands
                if not message.get("legal"):
                    return
                choice = self.rng.choice(message["legal"])
                self.out.put((seat, message["version"], time.perf_counter()))
                await ws.send(json.dumps({"t": "act", "version": message["version"],
                                          "id": choice["id"]}))  # fmt: skip

            while not self._stop.is_set():  # a multiprocessing Event
                try:
                    text = await asyncio.wait_for(ws.recv(), 0.1)
                except TimeoutError:
                    continue
                message = json.loads(text)
                if message["t"] == "refused":
                    self.refused += 1
                if message["t"] != "seat":
                    continue
                latest = message
                if message["legal"] and (pending is None or pending.done()):
                    pending = asyncio.ensure_future(answer())


def run_phones(url: str, secrets: dict[int, str], seed: int, out: Any, stop: Any) -> None:
    """The phones' process."""
    Phones(url, secrets, seed, out, stop).run()


def _act_to_table(
    sent: list[tuple[int, int, float]], applied: list[tuple[int, int, float]]
) -> list[float]:
    """For each choice applied, ms from the last time its seat sent that version's act."""
    last: dict[tuple[int, int], list[float]] = {}
    for seat, version, t in sent:
        last.setdefault((seat, version), []).append(t)
    out = []
    for seat, version, done in applied:
        before = [t for t in last.get((seat, version), []) if t <= done]
        if before:
            out.append((done - max(before)) * 1000.0)
    return out


def measure(frames: int = 600, players: int = 10, seed: int = 5) -> dict[str, Any]:
    """Time ``frames`` frames of the board while ``players`` phones play every seat."""
    from game.core.saves import Seat
    from scenes.app import App
    from scenes.guards.board import GuardsBoard
    from scenes.session import GameSession
    from tools.guards.bench_frames import _past_selection

    app = App(headless=True, seed=1)
    app.settings.animation_speed = "1x"
    app.remote_address = "127.0.0.1"
    seats = [Seat(f"Phone {i + 1}", "human") for i in range(players)]
    session = GameSession.new("guards", seats, {"board": "two_lane"}, seed=seed, autosave=False)
    _past_selection(session, seed)
    remote = app.open_remote(session)
    context = multiprocessing.get_context("spawn")
    sent_queue, stop = context.Queue(), context.Event()
    secrets = {k.seat: k.secret for k in remote.seats.keys}
    url = f"ws://127.0.0.1:{remote.server.port}/ws"
    phones = context.Process(target=run_phones, args=(url, secrets, seed, sent_queue, stop))
    phones.start()
    board = GuardsBoard(app, session)
    moves_before = len(session.record.actions)
    sent: list[tuple[int, int, float]] = []
    refused = 0
    try:
        deadline = time.monotonic() + 30
        while len(remote.seats.connected()) < players and time.monotonic() < deadline:
            app.step([], 1 / 60)
            time.sleep(0.01)
        out: dict[str, Any] = {"players": players, "board": "two_lane", "phones": players}
        out["joined"] = len(remote.seats.connected())
        out.update(time_frames(app, board, session, frames))
    finally:
        stop.set()
        while True:  # drained before the join: a process with queued items does not end
            try:
                item = sent_queue.get(timeout=5)
            except queue.Empty:
                break
            if item[0] == "refused":
                refused = item[1]
                break
            sent.append(item)
        phones.join(10)
        if phones.is_alive():
            phones.terminate()
        app.close_remote()
    latencies = _act_to_table(sent, remote.applied)
    out["act_to_table"] = summary_ms(latencies)
    out["server_to_table"] = summary_ms([t * 1000.0 for t in remote.latencies])
    out["browser_moves"] = len(latencies)
    out["moves_during"] = len(session.record.actions) - moves_before
    out["refused"] = refused
    return out


def verdict(p95: float, n: int) -> str:
    """What the section prints beside the act-to-table p95 of ``n`` moves."""
    if n == 0:
        return "no browser moves"
    return "ok" if p95 <= ACT_FLOOR_MS else f"OVER the {ACT_FLOOR_MS:g} ms floor"


__all__ = ["ACT_FLOOR_MS", "FLOOR_MS", "measure", "verdict"]

if __name__ == "__main__":  # a quick look: python -m tools.guards.bench_phones [frames]
    import os
    import sys

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    res = measure(frames=int(sys.argv[1]) if len(sys.argv) > 1 else 600)
    print(json.dumps({k: v for k, v in res.items()}, indent=1))
