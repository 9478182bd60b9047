"""The bot worker process ends when its game process ends, however the game ends (kill -9
included): before, it idled for ever with parent 1."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# a game process: a rising game whose bot seats think in the worker process; it prints the
# worker's pid once the worker has answered a move, then plays on until it is killed
GAME = """
import sys, time
from ai.runner import BotRunner
from game.core import registry
state = registry.get("rising").create(2, {}, 5)
runner = BotRunner("process")
while True:
    dec = state.decision()
    p = dec.players[0]
    runner.request(state.view(p), p, "rising", "easy", 0.05)
    while (action := runner.poll()) is None:
        time.sleep(0.01)
    state.apply(action)
    if runner._proc is not None and runner._ready_at is not None:
        print(runner._proc.pid, flush=True)
        break
time.sleep(600)
"""


def _alive(pid: int) -> bool:
    """Running (a zombie waiting for a reaper has ended)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] not in ("Z", "X")


def test_killing_the_game_ends_its_bot_worker_within_5_s():
    game = subprocess.Popen(
        [sys.executable, "-c", GAME],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    try:
        worker = int(game.stdout.readline())
        assert _alive(worker)
        os.kill(game.pid, signal.SIGKILL)
        game.wait(10)
        end = time.monotonic() + 5.0
        while _alive(worker) and time.monotonic() < end:
            time.sleep(0.05)
        left = _alive(worker)
        if left:
            os.kill(worker, signal.SIGKILL)
        assert not left, "the bot worker outlived its game by more than 5 s"
    finally:
        if game.poll() is None:
            game.kill()
            game.wait(10)
