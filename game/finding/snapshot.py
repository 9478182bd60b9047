"""A whole Finding Atlantis state as JSON data and back (bug reports, tests).

Saves do not need this: they store the seed, the options and the actions, and replay them
(:mod:`game.core.saves`). A snapshot is the state itself, rng included, so a reported
position can be rebuilt exactly; ``from_json(to_json(s))`` has the fingerprint of ``s``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from game.finding.chart import Entry
from game.finding.ocean import Ocean
from game.finding.readings import Reading

if TYPE_CHECKING:
    from game.finding.state import FindingState

#: fields whose items are tuples (lists of tuples in JSON)
_TUPLE_ITEMS = ("dealt", "hand", "arts", "used")


def _thaw(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_thaw(x) for x in v]
    return v


def _freeze(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    return v


def _entry_json(e: Entry) -> dict[str, Any]:
    out: dict[str, Any] = {"who": e.who, "kind": e.kind, "round": e.round, "args": _thaw(e.args)}
    if e.reading is not None:
        r = e.reading
        out["reading"] = {"kind": r.kind, "args": _thaw(r.args), "result": _thaw(r.result)}
    if e.at is not None:
        out["at"] = e.at
    if e.to is not None:
        out["to"] = list(e.to)
    return out


def _entry(d: dict[str, Any]) -> Entry:
    r = d.get("reading")
    reading = None
    if r is not None:
        reading = Reading(r["kind"], _freeze(r["args"]), _freeze(r["result"]))
    to = d.get("to")
    return Entry(
        d["who"], d["kind"], d["round"], _freeze(d["args"]), reading, d.get("at"),
        None if to is None else tuple(to),
    )  # fmt: skip


def to_json(st: FindingState) -> dict[str, Any]:
    out: dict[str, Any] = {"options": dict(st.options)}
    for k in st._SCALARS:
        if k == "ocean":
            out[k] = None if st.ocean is None else st.ocean.to_json()
        elif k == "log":
            out[k] = [_entry_json(e) for e in st.log]
        else:
            out[k] = _thaw(getattr(st, k))
    for k in st._LISTS:
        out[k] = _thaw(getattr(st, k))
    version, internal, gauss = st.rng.getstate()
    out["rng"] = [version, list(internal), gauss]
    return out


def from_json(cls: type[FindingState], data: dict[str, Any]) -> FindingState:
    st = cls()
    st.options = dict(data["options"])
    for k in st._SCALARS:
        v = data[k]
        if k == "ocean":
            v = (
                None
                if v is None
                else Ocean(v["size"], frozenset(v["atlantis"]), frozenset(v["artifacts"]))
            )
        elif k == "log":
            v = tuple(_entry(e) for e in v)
        elif k == "claim":
            v = tuple(v)
        setattr(st, k, v)
    for k in st._LISTS:
        v = list(data[k])
        if k in _TUPLE_ITEMS:
            v = [None if x is None else tuple(x) for x in v]
        setattr(st, k, v)
    version, internal, gauss = data["rng"]
    st.rng = random.Random()
    st.rng.setstate((version, tuple(internal), gauss))
    return st
