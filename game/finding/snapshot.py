"""What only Finding Atlantis needs to write a state as JSON: its ocean map and chart log.

The rest of a snapshot (``FindingState.to_json`` / ``from_json``) comes from the state's
declared fields (:mod:`game.core.schema`). The ocean is an :class:`Ocean` (read back as it was
saved, without checking the riddle again: a position under investigation is rebuilt exactly);
the log is a tuple of :class:`Entry` records, each with its :class:`Reading` when it is one.
"""

from __future__ import annotations

from typing import Any

from game.core.schema import Codec, freeze, thaw
from game.finding.chart import Entry
from game.finding.ocean import Ocean
from game.finding.readings import Reading


def _entry_json(e: Entry) -> dict[str, Any]:
    out: dict[str, Any] = {"who": e.who, "kind": e.kind, "round": e.round, "args": thaw(e.args)}
    if e.reading is not None:
        r = e.reading
        out["reading"] = {"kind": r.kind, "args": thaw(r.args), "result": thaw(r.result)}
    if e.at is not None:
        out["at"] = e.at
    if e.to is not None:
        out["to"] = list(e.to)
    return out


def _entry(d: dict[str, Any]) -> Entry:
    r = d.get("reading")
    reading = None
    if r is not None:
        reading = Reading(r["kind"], freeze(r["args"]), freeze(r["result"]))
    to = d.get("to")
    return Entry(
        d["who"], d["kind"], d["round"], freeze(d["args"]), reading, d.get("at"),
        None if to is None else tuple(to),
    )  # fmt: skip


def _ocean(data: dict[str, Any]) -> Ocean:
    return Ocean(data["size"], frozenset(data["atlantis"]), frozenset(data["artifacts"]))


CODECS = {
    # the fingerprint holds the map's cells in order (its sets have no order of their own)
    "ocean": Codec(
        Ocean.to_json, _ocean, key=lambda o: (tuple(sorted(o.atlantis)), tuple(sorted(o.artifacts)))
    ),
    "log": Codec(lambda log: [_entry_json(e) for e in log], lambda data: tuple(map(_entry, data))),
}
