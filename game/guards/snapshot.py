"""A whole Guards state as JSON data and back (bug reports, tests).

Saves store the seed, options, seats and actions and replay them; a snapshot is the state
itself, rng included: ``from_json(to_json(s))`` has the fingerprint of ``s``. Hexes and other
tuples become lists in JSON and tuples again on the way back; a few fields hold tuples at
known depths, which :data:`_SHAPES` lists.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from game.guards.effects import Ask

if TYPE_CHECKING:
    from game.guards.state import GuardsState


def _thaw(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_thaw(x) for x in v]
    if isinstance(v, list):
        return [_thaw(x) for x in v]
    return v


def _freeze(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    return v


def _hex_key(h: tuple[int, int]) -> str:
    return f"{h[0]},{h[1]}"


def _key_hex(s: str) -> tuple[int, int]:
    q, r = s.split(",")
    return (int(q), int(r))


def to_json(st: GuardsState) -> dict[str, Any]:
    out: dict[str, Any] = {"options": dict(st.options)}
    for k in st._SCALARS:
        out[k] = _thaw(getattr(st, k))
    for k in st._LISTS:
        out[k] = _thaw(getattr(st, k))
    out["occ"] = {_hex_key(h): c for h, c in st.occ.items()}
    out["tokens"] = {_hex_key(h): _thaw(t) for h, t in st.tokens.items()}
    prog = None
    if st.prog is not None:
        prog = {k: _thaw(v) for k, v in st.prog.items() if k != "ask"}
        ask = st.prog["ask"]
        prog["ask"] = None if ask is None else {
            "kind": ask.kind, "options": _thaw(ask.options), "optional": ask.optional,
            "prompt": ask.prompt,
        }  # fmt: skip
    out["prog"] = prog
    version, internal, gauss = st.rng.getstate()
    out["rng"] = [version, list(internal), gauss]
    return out


def from_json(cls: type[GuardsState], data: dict[str, Any]) -> GuardsState:
    st = cls()
    st.options = dict(data["options"])
    for k in st._SCALARS:
        setattr(st, k, _freeze(data[k]))
    for k in st._LISTS:
        setattr(st, k, [_freeze(x) for x in data[k]])
    # lists of plain lists stay lists of lists of immutables; auras are tuples of tuples
    st.occ = {_key_hex(h): c for h, c in data["occ"].items()}
    st.tokens = {_key_hex(h): _freeze(t) for h, t in data["tokens"].items()}
    prog = data["prog"]
    if prog is not None:
        prog = {k: _freeze(v) for k, v in prog.items()}
        ask = data["prog"]["ask"]
        prog["ask"] = None if ask is None else Ask(
            ask["kind"], _freeze(ask["options"]), ask["optional"], ask["prompt"]
        )  # fmt: skip
    st.prog = prog
    version, internal, gauss = data["rng"]
    st.rng = random.Random()
    st.rng.setstate((version, tuple(internal), gauss))
    return st
