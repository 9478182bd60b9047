"""The pencil: one mark per space, toggled like a pencil and an eraser, saved robustly."""

from __future__ import annotations

import json

import pytest

from scenes.finding.pencil import NOTE_LENGTH, PENCIL_KINDS, Pencil


def test_a_mark_goes_on_and_the_same_mark_again_rubs_it_out():
    p = Pencil()
    p.toggle(7, "cross")
    assert p.marks() == {7: ("cross", "")}
    p.toggle(7, "cross")
    assert p.marks() == {}


def test_another_kind_replaces_the_mark_on_that_space():
    p = Pencil()
    p.toggle(3, "question")
    p.toggle(3, "black")
    p.toggle(4, "cross")
    assert p.marks() == {3: ("black", ""), 4: ("cross", "")}


def test_a_note_is_short_one_line_and_an_empty_note_rubs_a_note_out():
    p = Pencil()
    p.toggle(0, "note", "  maybe\ncity here ")
    assert p.marks() == {0: ("note", "maybe")}  # "maybe city here" cut to fit
    p.toggle(0, "note", "sub?")
    assert p.marks() == {0: ("note", "sub?")}  # new text replaces the note
    p.toggle(0, "note", "")
    assert p.marks() == {}
    p.toggle(1, "cross")
    p.toggle(1, "note", "")
    assert p.marks() == {1: ("cross", "")}  # an empty note leaves other marks alone


def test_unknown_kinds_and_spaces_off_the_chart_are_ignored():
    p = Pencil(cells=36)
    for cell, kind in ((36, "cross"), (-1, "cross"), (5, "smudge"), ("5", "cross"), (True, "x")):
        p.toggle(cell, kind)
    assert p.marks() == {}


def test_marks_returns_a_copy():
    p = Pencil()
    p.toggle(2, "cross")
    p.marks()[9] = ("black", "")
    assert p.marks() == {2: ("cross", "")}


def test_it_survives_a_round_trip_through_json_text():
    p = Pencil()
    for i, kind in enumerate(PENCIL_KINDS):
        p.toggle(i * 9, kind, "A1 !" if kind == "note" else "")
    assert all(len(t) <= NOTE_LENGTH for _, t in p.marks().values())
    back = Pencil.from_json(json.loads(json.dumps(p.to_json())))
    assert back == p and back.marks() == p.marks() and len(back) == 4


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "marks",
        {"marks": None},
        {"marks": "cross"},
        {"marks": [None, 3, "x", [], [1], [1, 2, 3, 4]]},
        {"marks": [[-1, "cross", ""], [99, "cross", ""], ["4", "cross", ""], [4.0, "black", ""]]},
        {"marks": [[4, "smudge", ""], [4, None, ""], [4, "note", 12], [4, "note", "   "]]},
    ],
)
def test_damaged_data_gives_an_empty_pencil_and_never_raises(data):
    assert Pencil.from_json(data).marks() == {}


def test_damaged_rows_are_dropped_and_good_rows_kept():
    data = {"marks": [[5, "cross", ""], [5000, "black", ""], [6, "note", "way too long a note"]]}
    assert Pencil.from_json(data).marks() == {5: ("cross", ""), 6: ("note", "way to")}
