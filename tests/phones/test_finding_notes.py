"""A seat's pencil marks written from its phone: validated, kept per seat in the record."""

from __future__ import annotations

from game.finding.setup import new_game
from remote.finding.notes import note, notes

#: a 6×6 view (the notes read only its size)
SIX = new_game(2, {"size": "6"}, 1).view(0)


def test_a_mark_toggles_like_the_desktop_pencil_and_erase_rubs_out():
    meta: dict = {}
    assert note(meta, SIX, 2, 5, "cross", "") is None
    assert note(meta, SIX, 2, 6, "note", "city?") is None
    assert notes(meta, 2) == {"pencil": [[5, "cross", ""], [6, "note", "city?"]]}
    assert note(meta, SIX, 2, 5, "cross", "") is None  # the same mark again rubs it out
    assert note(meta, SIX, 2, 6, "erase", "") is None
    assert notes(meta, 2) == {"pencil": []}


def test_a_seat_reads_only_its_own_marks():
    meta: dict = {}
    note(meta, SIX, 0, 1, "black", "")
    note(meta, SIX, 1, 2, "question", "")
    assert notes(meta, 0) == {"pencil": [[1, "black", ""]]}
    assert notes(meta, 1) == {"pencil": [[2, "question", ""]]}
    assert notes(meta, 3) == {"pencil": []}


def test_what_is_no_pencil_mark_is_refused_and_changes_nothing():
    meta: dict = {"pencil": {"0": {"marks": [[4, "cross", ""]]}}}
    before = repr(meta)
    assert "pencil mark is one of" in note(meta, SIX, 0, 4, "ink", "")
    assert "not on your chart" in note(meta, SIX, 0, 36, "cross", "")
    assert "not on your chart" in note(meta, SIX, 0, -1, "cross", "")
    assert "Only a note" in note(meta, SIX, 0, 4, "cross", "hi")
    assert "at most" in note(meta, SIX, 0, 4, "note", "x" * 50)
    assert repr(meta) == before
