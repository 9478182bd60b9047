"""The U-Bot's model of its own submarine: what each of its actions does to it.

The planner looks a few actions ahead. It cannot ask the engine (that would need the map), but
its own actions are deterministic for it: it knows its cell, its hand and where a move takes
it. :func:`effect` says, for one legal action, where the submarine ends, which cards it spends,
which reading (kind, arguments, cell) it takes, whether it costs an action, and how well the
others then know where it is (``pub``: the size of its position set in the public record, which
a hidden move widens and surfacing collapses). The legal actions of a hypothetical later
submarine come from the engine's own cached list (:func:`game.finding.legal._turn`), so the
planner never offers a move the engine would refuse.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.core.protocol import Action
from game.finding import legal
from game.finding.cards import CAPTAIN_CARD, hand_cards
from game.finding.ocean import MOVES, cell_at, step, xy

#: captains and artifacts whose use is a reading; the reading kind is the key itself
READING_CAPTAINS = frozenset({"navy", "hydrographer", "diver", "archaeologist", "surveyor"})
READING_ARTIFACTS = frozenset({"sunstone", "trident", "lantern", "sounder", "atlas"})


@dataclass(frozen=True, slots=True)
class Me:
    """The planner's submarine: cell, hand, ready captain, artifacts, public position set size."""

    pos: int
    hand: tuple[str, ...]
    cap: str | None
    arts: tuple[str, ...]
    pub: int


@dataclass(frozen=True, slots=True)
class Effect:
    after: Me
    #: (reading kind, args, cell) when the action is a reading of the map
    reading: tuple[str, tuple[tuple[str, Any], ...], int] | None = None
    #: actions it costs (0 for the free ones)
    cost: int = 1
    #: cells the submarine passes through or stops on (hazards)
    path: tuple[int, ...] = ()
    #: what kind of thing it is: read, move, refill, extra, other
    sort: str = "other"
    #: the card spent (for the planner's preference among equal moves)
    spent: str = ""


def legal_for(me: Me, p: int, n: int, size: int) -> tuple[Action, ...]:
    """The turn actions the engine would offer a submarine in state ``me`` (not lost)."""
    arts = me.arts
    if len(arts) > 1:
        arts = tuple(sorted(set(arts)))
    dirs = tuple(d for d in MOVES if step(size, me.pos, d) is not None)
    return legal._turn(
        p, me.hand, me.cap, arts, dirs, False, me.pos if "pearl" in arts else None, n, size
    )


def _walk(size: int, c: int, d: str, k: int) -> tuple[int, ...]:
    out = []
    here = c
    for _ in range(k):
        nxt = step(size, here, d)
        if nxt is None:
            break
        here = nxt
        out.append(here)
    return tuple(out)


def _without(hand: tuple[str, ...], key: str) -> tuple[str, ...]:
    return tuple(c for c in hand if c != key)


def _widened(pub: int, factor: int, cells: int) -> int:
    return min(cells, max(pub, pub * factor))


def effect(
    me: Me, a: Action, size: int, pirate: bool, captain: str | None
) -> Effect:  # noqa: C901 - one table of cases
    """What ``a`` does to ``me`` (``captain``: the seat's captain, back in hand on Surface)."""
    kind = a.kind
    cells = size * size
    pos = me.pos
    if kind in ("sonar", "explore"):
        return Effect(replace(me, hand=_without(me.hand, kind)), (kind, (), pos), sort="read",
                      spent=kind)  # fmt: skip
    if kind == "jelly":
        rk = "jelly_mines" if pirate else "jelly"
        return Effect(
            replace(me, hand=_without(me.hand, kind)), (rk, (("line", a["line"]),), pos),
            sort="read", spent=kind,
        )  # fmt: skip
    if kind == "periscope":
        return Effect(replace(me, hand=_without(me.hand, kind)), sort="other", spent=kind)
    if kind == "surface":
        return Effect(
            Me(pos, hand_cards(pirate), captain, me.arts, 1), sort="refill", spent=kind
        )
    if kind in ("silent", "long_silent", "drop_mine", "start_move"):
        reach = 2 if kind == "long_silent" else 1
        path = _walk(size, pos, a["direction"], reach)
        dest = path[-1] if path else pos
        hand = me.hand if kind == "start_move" else _without(me.hand, kind)
        return Effect(
            Me(dest, hand, me.cap, me.arts, _widened(me.pub, 4, cells)),
            path=path, sort="move", spent=kind,
        )  # fmt: skip
    if kind == "burn":
        card = a["card"]
        path = _walk(size, pos, a["direction"], 1)
        dest = path[-1] if path else pos
        if card == CAPTAIN_CARD:
            after = Me(dest, me.hand, None, me.arts, me.pub)
        else:
            after = Me(dest, _without(me.hand, card), me.cap, me.arts, me.pub)
        return Effect(after, path=path, sort="move", spent=f"burn:{card}")
    if kind == "captain":
        name = a["name"]
        rest = replace(me, cap=None)
        args = tuple((k, v) for k, v in a.args if k != "name")
        if name in READING_CAPTAINS:
            return Effect(rest, (name, args, pos), sort="read", spent="captain")
        if name in ("smuggler", "engineer"):
            k = 1 if name == "smuggler" else a["distance"]
            path = _walk(size, pos, a["direction"], k)
            dest = path[-1] if path else pos
            return Effect(
                Me(dest, me.hand, None, me.arts, _widened(me.pub, 4 * k, cells)),
                cost=0 if name == "smuggler" else 1, path=path, sort="move", spent="captain",
            )  # fmt: skip
        if name == "phantom":
            return Effect(
                Me(pos, hand_cards(pirate), None, me.arts, min(me.pub, size)),
                sort="refill", spent="captain",
            )  # fmt: skip
        return Effect(rest, spent="captain")
    if kind == "artifact":
        name = a["name"]
        arts = list(me.arts)
        if name in arts:
            arts.remove(name)
        rest = replace(me, arts=tuple(arts))
        args = tuple((k, v) for k, v in a.args if k != "name")
        if name in READING_ARTIFACTS:
            return Effect(rest, (name, args, pos), sort="read", spent=name)
        if name == "pearl":
            x, y = xy(size, pos)
            dest = cell_at(size, x + a["dx"], y + a["dy"])
            dest = pos if dest is None else dest
            return Effect(
                replace(rest, pos=dest, pub=_widened(me.pub, 25, cells)),
                path=(dest,), sort="move", spent=name,
            )  # fmt: skip
        if name == "seed":
            return Effect(
                replace(rest, hand=hand_cards(pirate), cap=captain), cost=0, sort="refill",
                spent=name,
            )  # fmt: skip
        if name == "chronometer":
            return Effect(rest, cost=0, sort="extra", spent=name)
        return Effect(rest, spent=name)
    return Effect(me)
