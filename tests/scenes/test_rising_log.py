"""The board's log shows the engine's own texts, with seat names for the councilors."""

from __future__ import annotations

import random

from game.core import registry
from game.core.protocol import Event
from scenes.rising.log_panel import entries, humanize

NAMES = ["Kleito", "Euenor", "Leukippe"]


def test_seat_names_replace_councilor_names_and_nothing_else():
    assert humanize("The Explorer places an Atlantean at Hills 3.", NAMES) == (
        "Kleito (Explorer) places an Atlantean at Hills 3."
    )
    assert humanize("The Explorer hands 1 ore to the Emissary.", NAMES) == (
        "Kleito (Explorer) hands 1 ore to Euenor (Emissary)."
    )
    # a councilor without a seat keeps the engine's words; without names nothing changes
    assert humanize("The Champion rallies.", NAMES) == "The Champion rallies."
    text = "The Explorer places an Atlantean in the Navy."
    assert humanize(text) == text


def test_engine_texts_reach_the_log_unchanged_without_seat_names():
    st = registry.get("rising").create(3, {"monsters": "medusa,harpies,scylla"}, 4)
    rng = random.Random(4)
    events: list[Event] = []
    while (dec := st.decision()) is not None and len(events) < 400:
        events += st.apply(rng.choice(st.legal_actions(dec.players[0])))
    lines = entries(events, 1, "setup")
    assert [text for _, text, _ in lines] == [e.text for e in events]
    named = entries(events, 1, "setup", NAMES)
    assert any("Kleito (Explorer)" in text for _, text, _ in named)
    assert not any("The Explorer" in text for _, text, _ in named)


def test_an_undo_names_the_tile_as_the_engine_does():
    events = [
        Event("undo", "Undo: Kleito takes back placing an Atlantean at mountains-1.", {}),
        Event("undo", "Undo: Kleito takes back placing an Atlantean at navy.", {}),
        Event("undo", "Undo: Kleito takes back placing an Atlantean at centre.", {}),
    ]
    assert [text for _, text, _ in entries(events, 2, "place", NAMES)] == [
        "Undo: Kleito takes back placing an Atlantean at Mountains 1.",
        "Undo: Kleito takes back placing an Atlantean in the Navy.",
        "Undo: Kleito takes back placing an Atlantean at the Power Source.",
    ]
