"""The U-Bot's model of its own submarine: what each of its actions does to it.

The planner looks a few actions ahead. It cannot ask the engine (that would need the map), but
its own actions are deterministic for it: it knows its cell, its hand and where a move takes
it. :func:`effect` says, for one legal action, where the submarine ends, which cards it spends,
which reading (kind, arguments, cell) it takes, whether it costs an action, and how well the
others then know where it is (``widen``: how its position set in the public record changes; a
hidden move widens it and surfacing collapses it). Effects are cached: the same cell and hand
come back all game long. The legal actions of a hypothetical later
submarine come from the engine's own cached list (:func:`game.finding.legal._turn`), so the
planner never offers a move the engine would refuse.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from game.core.protocol import Action
from game.finding import legal
from game.finding.cards import ARTIFACT, CAPTAIN, CAPTAIN_CARD, hand_cards
from game.finding.ocean import COMPASS, LINES, MOVES, cell_at, step, walk, xy

#: captains and artifacts whose use is a reading; the reading kind is the key itself
READING_CAPTAINS = frozenset({"navy", "hydrographer", "diver", "archaeologist", "surveyor"})
READING_ARTIFACTS = frozenset({"sunstone", "trident", "lantern", "sounder", "atlas"})


class Me(NamedTuple):
    """The planner's submarine: its cell, hand, ready captain and artifacts.

    A named tuple, not a dataclass: the endgame search hashes and compares it millions of
    times a decision as part of its table keys, and a tuple does both in C (measured: the
    generated dataclass ``__hash__`` and ``__eq__`` were a tenth of the search's time)."""

    pos: int
    hand: tuple[str, ...]
    cap: str | None
    arts: tuple[str, ...]


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
    #: how the public position set changes: ``KEEP``, ``SHOWN`` (surfacing), ``LINE`` (the
    #: Phantom's row or column) or a factor a hidden move multiplies it by
    widen: int = 1


KEEP, SHOWN, LINE = 1, 0, -1


def public_after(pub: int, widen: int, size: int) -> int:
    """The public position set's size after an action with ``widen`` (see :class:`Effect`)."""
    if widen == SHOWN:
        return 1
    if widen == LINE:
        return min(pub, size)
    return min(size * size, pub * widen)


#: hands, captains and artifacts held: ~2,300 met in 40 games, and the recent 1024 (~1 MB)
#: answer nearly every call
@lru_cache(maxsize=1024)
def reading_templates(
    hand: tuple[str, ...], cap: str | None, arts: tuple[str, ...], pirate: bool
) -> tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]:
    """The readings (kind, arguments) a submarine holding these cards can take anywhere.

    The same readings :func:`effect` gives for the legal actions, without building them (the
    Atlas Shard, whose answer does not depend on the cell, is left out).
    """
    out: list[tuple[str, tuple[tuple[str, Any], ...]]] = []
    if "sonar" in hand:
        out.append(("sonar", ()))
    if "jelly" in hand:
        kind = "jelly_mines" if pirate else "jelly"
        out.extend((kind, (("line", line),)) for line in LINES)
    if "explore" in hand:
        out.append(("explore", ()))
    if cap in READING_CAPTAINS:
        params = CAPTAIN[cap].params
        if params == ("line",):
            out.extend((cap, (("line", line),)) for line in LINES)
        elif params == ("direction",):
            out.extend((cap, (("direction", d),)) for d in MOVES)
        else:
            out.append((cap, ()))
    for name in dict.fromkeys(arts):
        if name == "lantern":
            out.extend(
                (name, (("compass", c), ("distance", k)))
                for c in COMPASS
                for k in ARTIFACT[name].distances
            )
        elif name in READING_ARTIFACTS and name != "atlas":
            out.append((name, ()))
    return tuple(out)


def legal_for(me: Me, p: int, n: int, size: int) -> tuple[Action, ...]:
    """The turn actions the engine would offer a submarine in state ``me`` (not lost)."""
    arts = me.arts
    if len(arts) > 1:
        arts = tuple(sorted(set(arts)))
    dirs = tuple(d for d in MOVES if step(size, me.pos, d) is not None)
    return legal._turn(
        p, me.hand, me.cap, arts, dirs, False, me.pos if "pearl" in arts else None, n, size
    )


def _without(hand: tuple[str, ...], key: str) -> tuple[str, ...]:
    return tuple(c for c in hand if c != key)


#: a third of the calls repeat a key, most of them within one decision: 16384 entries (about
#: 8.5 MB) keep most of those; 60 mixed games took the same time with twice as many
@lru_cache(maxsize=1 << 14)
def effect(me: Me, a: Action, size: int, pirate: bool, captain: str | None) -> Effect:  # noqa: C901 - one table of cases
    """What ``a`` does to ``me`` (``captain``: the seat's captain, back in hand on Surface)."""
    kind = a.kind
    pos = me.pos
    if kind in ("sonar", "explore"):
        return Effect(me._replace(hand=_without(me.hand, kind)), (kind, (), pos), sort="read",
                      spent=kind)  # fmt: skip
    if kind == "jelly":
        rk = "jelly_mines" if pirate else "jelly"
        return Effect(
            me._replace(hand=_without(me.hand, kind)), (rk, (("line", a["line"]),), pos),
            sort="read", spent=kind,
        )  # fmt: skip
    if kind == "periscope":
        return Effect(me._replace(hand=_without(me.hand, kind)), sort="other", spent=kind)
    if kind == "surface":
        return Effect(
            Me(pos, hand_cards(pirate), captain, me.arts),
            sort="refill",
            spent=kind,
            widen=SHOWN,
        )
    if kind in ("silent", "long_silent", "drop_mine", "start_move"):
        reach = 2 if kind == "long_silent" else 1
        path = walk(size, pos, a["direction"], reach)
        dest = path[-1] if path else pos
        hand = me.hand if kind == "start_move" else _without(me.hand, kind)
        return Effect(
            Me(dest, hand, me.cap, me.arts), path=path, sort="move", spent=kind, widen=4,
        )  # fmt: skip
    if kind == "burn":
        card = a["card"]
        path = walk(size, pos, a["direction"], 1)
        dest = path[-1] if path else pos
        if card == CAPTAIN_CARD:
            after = Me(dest, me.hand, None, me.arts)
        else:
            after = Me(dest, _without(me.hand, card), me.cap, me.arts)
        return Effect(after, path=path, sort="move", spent=f"burn:{card}")
    if kind == "captain":
        name = a["name"]
        rest = me._replace(cap=None)
        args = tuple((k, v) for k, v in a.args if k != "name")
        if name in READING_CAPTAINS:
            return Effect(rest, (name, args, pos), sort="read", spent="captain")
        if name in ("smuggler", "engineer"):
            k = 1 if name == "smuggler" else a["distance"]
            path = walk(size, pos, a["direction"], k)
            dest = path[-1] if path else pos
            return Effect(
                Me(dest, me.hand, None, me.arts), cost=0 if name == "smuggler" else 1,
                path=path, sort="move", spent="captain",
                widen=4 * k if name == "engineer" else KEEP,
            )  # fmt: skip
        if name == "phantom":
            return Effect(
                Me(pos, hand_cards(pirate), None, me.arts), sort="refill", spent="captain",
                widen=LINE,
            )  # fmt: skip
        return Effect(rest, spent="captain")
    if kind == "artifact":
        name = a["name"]
        arts = list(me.arts)
        if name in arts:
            arts.remove(name)
        rest = me._replace(arts=tuple(arts))
        args = tuple((k, v) for k, v in a.args if k != "name")
        if name in READING_ARTIFACTS:
            return Effect(rest, (name, args, pos), sort="read", spent=name)
        if name == "pearl":
            x, y = xy(size, pos)
            dest = cell_at(size, x + a["dx"], y + a["dy"])
            dest = pos if dest is None else dest
            return Effect(
                rest._replace(pos=dest), path=(dest,), sort="move", spent=name, widen=25,
            )  # fmt: skip
        if name == "seed":
            return Effect(
                rest._replace(hand=hand_cards(pirate), cap=captain), cost=0, sort="refill",
                spent=name,
            )  # fmt: skip
        if name == "chronometer":
            return Effect(rest, cost=0, sort="extra", spent=name)
        return Effect(rest, spent=name)
    return Effect(me)
