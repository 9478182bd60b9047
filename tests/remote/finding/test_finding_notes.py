"""A seat's pencil marks written from its phone: validated, kept per seat in the record."""

from __future__ import annotations

from remote.finding.notes import note, notes


def test_a_mark_toggles_like_the_desktop_pencil_and_erase_rubs_out():
    meta: dict = {}
    assert note(meta, 2, 5, "cross", "", 36) is None
    assert note(meta, 2, 6, "note", "city?", 36) is None
    assert notes(meta, 2) == {"pencil": [[5, "cross", ""], [6, "note", "city?"]]}
    assert note(meta, 2, 5, "cross", "", 36) is None  # the same mark again rubs it out
    assert note(meta, 2, 6, "erase", "", 36) is None
    assert notes(meta, 2) == {"pencil": []}


def test_a_seat_reads_only_its_own_marks():
    meta: dict = {}
    note(meta, 0, 1, "black", "", 36)
    note(meta, 1, 2, "question", "", 36)
    assert notes(meta, 0) == {"pencil": [[1, "black", ""]]}
    assert notes(meta, 1) == {"pencil": [[2, "question", ""]]}
    assert notes(meta, 3) == {"pencil": []}


def test_what_is_no_pencil_mark_is_refused_and_changes_nothing():
    meta: dict = {"pencil": {"0": {"marks": [[4, "cross", ""]]}}}
    before = repr(meta)
    assert "pencil mark is one of" in note(meta, 0, 4, "ink", "", 36)
    assert "not on your chart" in note(meta, 0, 36, "cross", "", 36)
    assert "not on your chart" in note(meta, 0, -1, "cross", "", 36)
    assert "Only a note" in note(meta, 0, 4, "cross", "hi", 36)
    assert "at most" in note(meta, 0, 4, "note", "x" * 50, 36)
    assert repr(meta) == before
