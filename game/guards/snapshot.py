"""What only Guards needs to write a state as JSON: its hex-keyed dicts and the pending ask.

The rest of a snapshot (``GuardsState.to_json`` / ``from_json``) comes from the state's
declared fields (:mod:`game.core.schema`). JSON object keys are text, so the board's hexes
``(q, r)`` are written ``"q,r"``; the card program's ``ask`` is an :class:`Ask` record.
"""

from __future__ import annotations

from typing import Any

from game.core.schema import Codec, freeze, thaw
from game.guards.effects import Ask


def _hex_key(h: tuple[int, int]) -> str:
    return f"{h[0]},{h[1]}"


def _key_hex(s: str) -> tuple[int, int]:
    q, r = s.split(",")
    return (int(q), int(r))


def _prog_json(prog: dict[str, Any]) -> dict[str, Any]:
    out = {k: thaw(v) for k, v in prog.items() if k != "ask"}
    ask = prog["ask"]
    out["ask"] = None if ask is None else {
        "kind": ask.kind, "options": thaw(ask.options), "optional": ask.optional,
        "prompt": ask.prompt,
    }  # fmt: skip
    return out


def _prog(data: dict[str, Any]) -> dict[str, Any]:
    prog = {k: freeze(v) for k, v in data.items()}
    ask = data["ask"]
    prog["ask"] = None if ask is None else Ask(
        ask["kind"], freeze(ask["options"]), ask["optional"], ask["prompt"]
    )  # fmt: skip
    return prog


CODECS = {
    "occ": Codec(
        lambda occ: {_hex_key(h): c for h, c in occ.items()},
        lambda data: {_key_hex(h): c for h, c in data.items()},
    ),
    "tokens": Codec(
        lambda tokens: {_hex_key(h): thaw(t) for h, t in tokens.items()},
        lambda data: {_key_hex(h): freeze(t) for h, t in data.items()},
    ),
    "prog": Codec(_prog_json, _prog),
}
