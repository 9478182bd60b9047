"""What must hold after every move of every Finding game: every submarine on the map with its
Surface card, the ten artifacts accounted for, every chart's possible places holding the truth,
and no view or event holding another seat's secret. The soak, the property tests and the
conformance suite check it after every move (``GameSpec.invariants``); a breach is
:class:`InvariantBroken`."""

from __future__ import annotations

from game.core.hidden import HIDDEN
from game.core.protocol import Event, require
from game.finding.cards import SURFACE
from game.finding.state import FindingState

#: event kinds that may name a cell for everyone (the rule makes that place public)
PUBLIC_PLACES = frozenset({"start", "surface", "reveal", "solve"})
#: private arguments that must never reach another seat
SECRET_KEYS = frozenset({"direction", "moved", "dx", "dy", "name", "captains", "captain"})
#: ... except where the rule makes them public
PUBLIC_KEYS = {
    "burn": frozenset({"direction", "moved", "captain"}),
    "captain_shown": frozenset({"captain"}),
    "artifact_used": frozenset({"name"}),
    "loot": frozenset({"name"}),
}


def check_view(st: FindingState, viewer: int | None) -> None:
    """``viewer``'s view holds no other seat's secrets (the fields and the chart)."""
    v = st.view(viewer)
    require(v.ocean is None, "v.ocean is None")
    for q in range(st.n):
        if q == viewer:
            require(
                v.pos[q] == (None if st.lost[q] else st.pos[q]),
                "v.pos[q] == (None if st.lost[q] else st.pos[q])",
            )
            require(
                v.arts[q] == st.arts[q] and v.dealt[q] == st.dealt[q],
                "v.arts[q] == st.arts[q] and v.dealt[q] == st.dealt[q]",
            )
            continue
        require(v.pos[q] is None, "another seat's position in a view")
        require(v.dealt[q] is None, "v.dealt[q] is None")
        require(
            v.captain[q] == (st.captain[q] if st.shown[q] else None),
            "v.captain[q] == (st.captain[q] if st.shown[q] else None)",
        )
        require(
            set(v.arts[q]) <= {HIDDEN} and len(v.arts[q]) == len(st.arts[q]),
            "set(v.arts[q]) <= {HIDDEN} and len(v.arts[q]) == len(st.arts[q])",
        )
        require(v.mines[q] in (None, HIDDEN), "v.mines[q] in (None, HIDDEN)")
    require(set(v.deck) <= {HIDDEN}, "set(v.deck) <= {HIDDEN}")
    require(all(m == HIDDEN for m in v.monsters), "all(m == HIDDEN for m in v.monsters)")
    for e in v.log:
        require(e.visible_to(viewer), "e.visible_to(viewer)")
        if e.who != viewer and e.at is not None:
            require(
                e.kind in PUBLIC_PLACES or (e.kind == "mine_hit_place" and viewer in e.to),
                'e.kind in PUBLIC_PLACES or (e.kind == "mine_hit_place" and viewer in e.to)',
            )
        if e.to is not None:
            require(viewer in e.to, "viewer in e.to")
        elif e.who != viewer:
            keys = {k for k, _ in e.args}
            leaked = SECRET_KEYS & keys - PUBLIC_KEYS.get(e.kind, frozenset())
            require(not leaked, f"{viewer}'s chart shows {e.who}'s secret {leaked} ({e.kind})")
    require(
        v.legal_actions(viewer) == st.legal_actions(viewer) if viewer is not None else True,
        "v.legal_actions(viewer) == st.legal_actions(viewer) if viewer is not None else True",
    )


def check_events(st: FindingState, events: list[Event]) -> None:
    """Events seen by a seat name no other seat's place or secret move."""
    for ev in events:
        who = ev.data.get("who")
        if ev.to is None:
            if "cell" in ev.data:
                require(ev.kind in PUBLIC_PLACES, f"a public {ev.kind} names a cell")
            leaked = SECRET_KEYS & set(ev.data) - PUBLIC_KEYS.get(ev.kind, frozenset())
            require(not leaked, f"a public {ev.kind} event carries {leaked}")
        else:
            require(
                who in ev.to or ev.kind in ("mine_hit_place",),
                f"a private {ev.kind} event reached a seat it does not name",
            )


def check(st: FindingState, events: list[Event] | None = None) -> None:
    """After every move: everybody on the map, Surface in every hand, possible positions
    hold the truth, views and events hold no other seat's secrets."""
    size = st.size
    for p in range(st.n):
        require(st.pos[p] is not None and 0 <= st.pos[p] < size * size, "off the map")
        require(SURFACE in st.hand[p], "Surface was lost")
        require(len(set(st.hand[p])) == len(st.hand[p]), "len(set(st.hand[p])) == len(st.hand[p])")
    require(
        len(st.deck) + sum(len(a) + len(u) for a, u in zip(st.arts, st.used, strict=True)) == 10,
        "len(st.deck) + sum(len(a) + len(u) for a, u in zip(st.arts, st.used, strict=True)) == 10",
    )
    if events is not None:
        check_events(st, events)
    for viewer in (*range(st.n), None):
        for q in range(st.n):
            require(st.pos[q] in st.possible_positions(viewer, q), "a chart lost the truth")
        check_view(st, viewer)
