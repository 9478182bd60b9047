"""The JSON messages between the table and a browser, and their validation.

Every message to a seat is built here from that seat's view (``state.view(seat)``) and its
legal actions alone, so nothing outside the view can reach a browser; every message from a
browser is checked for shape here before the server looks at what it asks.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from game.core.protocol import Action, GameState
from remote import games

#: the longest message a browser may send (an act or a hello is a few dozen bytes)
MAX_INBOUND = 2048
#: the kinds of message a browser may send, with the fields each must carry and their types
INBOUND: dict[str, dict[str, type]] = {
    "hello": {"secret": str, "device": str},
    "join": {"code": str, "device": str},
    "act": {"version": int, "id": int},
    # a seat-private note (Finding's pencil mark): no move, see remote/README.md
    "note": {"cell": int, "mark": str, "text": str},
}


class BadMessage(ValueError):
    """A browser's message that is no message we take; its text is the reason it is refused."""


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def legal_list(view: GameState, seat: int) -> tuple[list[dict[str, Any]], list[Action]]:
    """The seat's legal actions now, numbered, each with the words of its button; also the
    actions themselves (the server keeps them to turn an ``act``'s id back into a move)."""
    actions = view.legal_actions(seat)
    module = games.module_for(view.game_id)
    rows = [
        {
            "id": i,
            "kind": a.kind,
            "params": {k: _thaw(v) for k, v in a.args},
            "label": module.label(view, seat, a),
        }
        for i, a in enumerate(actions)
    ]
    return rows, actions


def seat_message(
    state_or_view: GameState,
    seat: int,
    name: str,
    version: int,
    meta: Mapping[str, Any] | None = None,
    names: Sequence[str] = (),
) -> tuple[dict[str, Any], list[Action]]:
    """The ``seat`` message for ``seat`` and the actions its ids stand for.

    Built from ``state_or_view.view(seat)`` only: passing the real state or any world sampled
    from the seat's view gives the same message (the privacy test checks exactly that). With
    the game record's ``meta``, a game whose module keeps seat-private notes adds that seat's
    own (``"notes"``: Finding's pencil marks). ``names``: what the table calls every seat (public),
    handed to the page's payload.
    """
    view = state_or_view.view(seat)
    module = games.module_for(view.game_id)
    dec = view.decision()
    deciding = dec is not None and seat in dec.players and bool(view.legal_actions(seat))
    legal, actions = legal_list(view, seat) if deciding else ([], [])
    message = {
        "t": "seat",
        "game": view.game_id,
        "seat": seat,
        "name": name,
        "version": version,
        "payload": module.payload(view, seat, names),
        "decision": {"kind": dec.kind, "prompt": dec.prompt} if deciding else None,
        "legal": legal,
    }
    if meta is not None and hasattr(module, "notes"):
        message["notes"] = module.notes(meta, seat)
    return message, actions


def refused(why: str) -> dict[str, Any]:
    """A refusal: the browser's message changed nothing, and this says why."""
    return {"t": "refused", "why": why}


def bye(why: str) -> dict[str, Any]:
    """The table closes this connection (table closed, seat given to another device...)."""
    return {"t": "bye", "why": why}


def encode(message: Mapping[str, Any]) -> str:
    """A message as compact JSON text (keys in the order built: two equal messages built the
    same way encode alike, which the privacy test relies on)."""
    return json.dumps(message, separators=(",", ":"))


def parse(text: str | bytes) -> dict[str, Any]:
    """A browser's message, checked for shape: a known ``t`` with exactly its fields, of their
    types (a bool is no int). Raises :class:`BadMessage` with the reason."""
    if isinstance(text, bytes):
        raise BadMessage("messages are JSON text, not binary")
    if len(text) > MAX_INBOUND:
        raise BadMessage("that message is far longer than any the table takes")
    try:
        data = json.loads(text)
    except ValueError:
        raise BadMessage("that message is not JSON") from None
    if not isinstance(data, dict):
        raise BadMessage("a message is a JSON object")
    kind = data.get("t")
    fields = INBOUND.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise BadMessage("the table takes only hello, join, act and note messages")
    extra = set(data) - set(fields) - {"t"}
    if extra:
        raise BadMessage(f"a {kind} message has no field {sorted(extra)[0][:20]!r}")
    for name, kind_of in fields.items():
        value = data.get(name)
        if type(value) is not kind_of:
            raise BadMessage(f"a {kind} message needs {name} as {kind_of.__name__}")
        if kind_of is str and len(value) > 100:
            raise BadMessage(f"that {name} is too long")
    return data
