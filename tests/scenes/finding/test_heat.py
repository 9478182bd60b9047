"""The heat map: chart_answer for the seat asked about, on a thread that never blocks a frame."""

from __future__ import annotations

import random
import threading

import pytest

from ai.finding.chart_answer import chart_answer
from game.finding.setup import new_game
from scenes.finding import heat as heat_mod
from scenes.finding.heat import HeatMap
from tests.finding.helpers import act, c, table, unseen_sonar_opening

#: long enough for a 6×6 answer on a loaded machine; a hung worker fails instead of hanging
PATIENCE = 120.0


def _midgame(seed: int = 4, moves: int = 60, size: str = "6"):
    """A random legal 3-seat game, ``moves`` actions in."""
    st = new_game(3, {"size": size}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        d = st.decision()
        if d is None:
            break
        legal = st.legal_actions(d.players[0])
        st.apply(legal[rng.randrange(len(legal))])
    return st


@pytest.fixture
def heat():
    h = HeatMap(synchronous=True)
    yield h
    h.close()


def test_synchronous_result_is_chart_answer_of_that_seats_view(heat):
    st = _midgame()
    for seat in range(3):
        view = st.view(seat)
        assert heat.result(seat) is None
        heat.request(view, seat)
        assert heat.result(seat) == chart_answer(st.view(seat), seat)


def test_a_result_belongs_to_one_seat_and_one_chart(heat):
    st = table(pos=(c(4, 5), c(2, 3)))
    heat.request(st.view(0), 0)
    first = heat.result(0)
    assert first is not None and heat.result(1) is None
    act(st, "sonar")
    heat.request(st.view(1), 1)
    assert heat.result(1) == chart_answer(st.view(1), 1)
    assert heat.result(0) is first  # seat 0's chart grew, but nobody asked again yet
    heat.request(st.view(0), 0)
    assert heat.result(0) == chart_answer(st.view(0), 0) != first
    assert heat.latest(0) == heat.result(0)


def test_the_answer_changes_with_what_the_chart_says():
    st = table(pos=(c(1, 1), c(5, 5)))
    h = HeatMap(synchronous=True)
    h.request(st.view(0), 0)
    before = h.result(0)
    act(st, "explore")  # B2 is Atlantis
    h.request(st.view(0), 0)
    after = h.result(0)
    assert before.p_atlantis(c(1, 1)) < 1.0 and after.p_atlantis(c(1, 1)) == pytest.approx(1.0)
    h.close()


@pytest.mark.parametrize("process", [True, False], ids=["process", "thread"])
def test_the_worker_answers_and_for_each_seat_its_own_chart(process):
    # the two seats' answers differ (by their own moves; in many games they agree)
    st = _midgame(seed=4)
    h = HeatMap(process=process)
    try:
        h.request(st.view(0), 0)  # returns at once; the answer comes later
        assert h.wait(PATIENCE)
        assert h.result(0) == chart_answer(st.view(0), 0)
        assert h.result(1) is None and h.result(2) is None
        h.request(st.view(1), 1)
        assert h.wait(PATIENCE)
        assert h.result(1) == chart_answer(st.view(1), 1) != h.result(0)
        assert h.jobs_done == 2
    finally:
        h.close()


class _Gate:
    """chart_answer that waits for the test to open the gate, and remembers what it answered."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.started = threading.Event()
        self.asked: list[int] = []

    def __call__(self, view, seat, **kw):
        self.started.set()
        self.open.wait(PATIENCE)
        self.asked.append(len(view.log))
        return chart_answer(view, seat, **kw)


def test_a_newer_request_replaces_one_still_waiting(monkeypatch):
    gate = _Gate()
    monkeypatch.setattr(heat_mod, "chart_answer", gate)
    views = [_midgame(seed=3, moves=k).view(0) for k in (10, 20, 30)]
    h = HeatMap(process=False)  # the gate lives in this process
    try:
        h.request(views[0], 0)  # the worker takes it and waits at the gate
        assert gate.started.wait(PATIENCE)
        h.request(views[1], 0)  # waits behind it ...
        h.request(views[2], 0)  # ... and is replaced by this one
        assert h.result(0) is None and h.busy()
        gate.open.set()
        assert h.wait(PATIENCE)
        assert gate.asked == [len(views[0].log), len(views[2].log)]
        assert h.result(0) == chart_answer(views[2], 0)
    finally:
        h.close()


def test_while_a_new_chart_is_worked_out_result_is_none_and_latest_the_old_answer(monkeypatch):
    gate = _Gate()
    monkeypatch.setattr(heat_mod, "chart_answer", gate)
    st = table(pos=(c(4, 5), c(2, 3)))
    h = HeatMap(process=False)
    try:
        gate.open.set()
        h.request(st.view(0), 0)
        assert h.wait(PATIENCE)
        old = h.result(0)
        gate.open.clear()
        act(st, "sonar")
        h.request(st.view(0), 0)
        assert h.result(0) is None and h.latest(0) == old  # the sonar is not in yet
        gate.open.set()
        assert h.wait(PATIENCE)
        assert h.result(0) == chart_answer(st.view(0), 0) != old
    finally:
        h.close()


@pytest.mark.parametrize("process", [True, False], ids=["process", "thread"])
def test_close_stops_the_worker_and_later_requests_do_nothing(process):
    st = _midgame(seed=5)
    h = HeatMap(process=process)
    h.request(st.view(0), 0)
    assert h.wait(PATIENCE) and h.result(0) is not None
    thread, worker = h._thread, h._worker
    assert (worker is not None) == process
    h.close()
    thread.join(PATIENCE)
    assert not thread.is_alive()
    if worker is not None:
        worker.proc.join(PATIENCE)
        assert not worker.proc.is_alive()
    h.request(st.view(1), 1)
    assert h.result(1) is None and not h.busy()


def test_the_chart_says_when_its_heat_map_had_to_leave_readings_out(app, monkeypatch):
    """With room for one term only, Red's Sonar and Explore (taken where Ana cannot tell) are
    left out: the line under the chart says the heat map is not exact (and, with room enough,
    says nothing of the kind)."""
    from board_ui import answer_handoffs, drawn_texts, press
    from finding_ui import open_board

    from ai.finding import posterior
    from game.core.saves import GameRecord, Seat
    from scenes.finding import board_drawing
    from scenes.session import GameSession

    seats = [Seat("Ana", "human", "normal"), Seat("Red", "human", "normal")]

    def status(cap: int) -> list[str]:
        monkeypatch.setattr(posterior, "MAX_TERMS", cap)
        st = unseen_sonar_opening()
        record = GameRecord("finding", {"size": "6"}, 1, seats)
        board = open_board(app, GameSession(record, st, autosave=False))
        answer_handoffs(app)  # two people at one screen: Ana takes it
        board.heat.close()
        board.heat = HeatMap(synchronous=True)
        press(app, board, "aid:heat")
        return [t for t in drawn_texts(app, monkeypatch, board_drawing) if "chart" in t]

    left_out = status(1)
    assert any("heat map not exact (2 readings left out)" in t for t in left_out), left_out
    assert not any("not exact" in t for t in status(64))
