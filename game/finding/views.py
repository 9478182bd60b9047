"""What one seat may know: redacting a copy of the state to that seat's view.

A view keeps the seat's own chart (the log entries it can see) and the public fields; it
drops the ocean map, other seats' positions, the captains they were dealt, their unplayed
captain and the artifacts in their hands, the order of the artifact deck, the places of
other seats' mines and of every sea monster, and any recovery the seat cannot place. Unknown
cards and unknown places (another seat's mine, a sea monster, someone's recovery) read
:data:`~game.core.hidden.HIDDEN`, positions ``None``, so nothing left in a view can be drawn
as a fact.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.hidden import HIDDEN
from game.finding.chart import ANCHORS, Entry

if TYPE_CHECKING:
    from game.finding.state import FindingState


def recovery_entries(log: tuple[Entry, ...]) -> list[int]:
    """Log indexes of the Explores that recovered an artifact, in the order of ``recovered``."""
    return [
        i
        for i, e in enumerate(log)
        if e.reading is not None
        and e.reading.kind == "explore"
        and e.reading.result[0] == "artifact"
    ]


def publicly_lost(log: tuple[Entry, ...], seat: int) -> bool:
    """Was ``seat`` swept away by a wrong claim, and has it not been seen since?"""
    for e in reversed(log):
        if e.who != seat or e.to is not None:
            continue
        if e.kind == "teleport":
            return True
        if e.kind in ANCHORS and e.at is not None:
            return False
    return False


def own_mine_known(log: tuple[Entry, ...], seat: int, mine: int | None) -> bool:
    for e in reversed(log):
        if e.kind == "my_mine" and e.who == seat:
            return e.at is not None and e.at == mine
    return False


def redact(st: FindingState, viewer: int | None) -> None:
    """Turn ``st`` (a fresh clone) into ``viewer``'s view, in place."""
    log = st.log
    k = st.knowledge(viewer)
    for i, idx in enumerate(recovery_entries(log)):
        if i < len(st.recovered) and k.placed(idx) != st.recovered[i]:
            st.recovered[i] = HIDDEN
    for q in range(st.n):
        if q == viewer:
            if st.lost[q]:
                st.pos[q] = None
            if st.mines[q] is not None and not own_mine_known(log, q, st.mines[q]):
                st.mines[q] = HIDDEN
            continue
        st.pos[q] = None
        st.dealt[q] = None
        if not st.shown[q]:
            st.captain[q] = None
        st.arts[q] = (HIDDEN,) * len(st.arts[q])
        if st.mines[q] is not None:
            st.mines[q] = HIDDEN
        st.lost[q] = publicly_lost(log, q)
    st.ocean = None
    st.deck = [HIDDEN] * len(st.deck)
    st.monsters = [HIDDEN] * len(st.monsters)
    st.log = st.chart(viewer)
    st._know = {}
    st._charts = {}
    st.observer = viewer
