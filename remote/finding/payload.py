"""What a Finding Atlantis seat's phone draws: its own chart, its cards, what it may know.

Built from ``view`` (the seat's own ``state.view(seat)``) alone, with the same pieces the
desktop board draws for that seat: the chart is :func:`scenes.finding.chart_model.chart_model`
with the posterior the heat map shows (:mod:`remote.finding.answers`), the last two actions of
each submarine are :func:`scenes.finding.seat_story.seat_story` of the events on the seat's
chart, and the log is those events' lines. How a card is aimed comes from
:mod:`scenes.finding.controls` (the page asks one parameter at a time, in this order, offering
only values some legal action still has). The button words are :func:`label`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.hidden import HIDDEN
from game.core.protocol import Action
from game.finding.cards import ARTIFACT, CAPTAIN, CAPTAIN_CARD, CARD, card_name, hand_cards
from game.finding.state import COLOURS, FindingState
from game.finding.texts import place_name
from remote.finding.answers import Answers, parts
from remote.finding.background import ChartParts
from remote.finding.notes import note, notes
from scenes.finding import controls
from scenes.finding.seat_story import seat_story
from scenes.finding.voice_lines import QUIET, rename, split_log

#: the page's module: its payload and words, the seat's pencil marks as notes, and the
#: table's hooks (remote/README.md)
__all__ = ["label", "note", "notes", "payload", "refresh", "table_closed", "table_opened"]

#: the newest announcements a page lists (the desktop's log panel scrolls the rest)
LOG_LINES = 40

#: the posterior and charts worked out where the payload is built (tests, the privacy check)
ANSWERS = Answers()
#: while a table is open: the charts worked out off the App's thread (None: on it)
_background: ChartParts | None = None


def table_opened() -> None:
    """A table opens to phones: the seats' charts are worked out off the App's frame from
    now on (in a process, as the desktop's heat map), the page showing the last one meanwhile."""
    global _background
    table_closed()
    _background = ChartParts()


def table_closed() -> None:
    """The table closes: stop the worker; charts are worked out where asked again."""
    global _background
    worker, _background = _background, None
    if worker is not None:
        worker.close()


def refresh() -> bool:
    """Has a seat's chart been worked out since the last ask (send the pages again)?"""
    worker = _background
    return worker is not None and worker.fresh()


def payload(view: FindingState, seat: int, names: Sequence[str] = ()) -> dict[str, Any]:
    """Everything ``seat``'s page draws, from its view (see the module text); ``names``: what
    the table calls each seat (the game's colours without them)."""
    worker = _background
    if worker is None:
        return build(view, seat, ANSWERS, names)
    worker.request(view, seat)
    got = worker.result(seat)
    busy = got is None
    if busy:  # the last chart worked out (a move older) until this one is
        got = worker.latest(seat) or {"chart": None, "heat": None}
    return _payload(view, seat, got, busy, names)


def build(
    view: FindingState, seat: int, answers: Answers, names: Sequence[str] = ()
) -> dict[str, Any]:
    """:func:`payload` worked out here, with the posterior service given (tests pass a fresh
    one)."""
    return _payload(view, seat, parts(answers, view, seat), False, names)


def _payload(
    view: FindingState, seat: int, costly: dict[str, Any], busy: bool, table: Sequence[str]
) -> dict[str, Any]:
    # the table's names where it gave them, the engine's colour words otherwise
    names = [table[q] if q < len(table) else view.player_name(q) for q in range(view.n)]
    events = view.chart_events(seat)
    return {
        "size": view.size,
        "n": view.n,
        "colours": list(COLOURS[: view.n]),
        "names": names,
        "phase": view.phase,
        "round": view.round,
        "max_rounds": view.max_rounds,
        "turn": view.seat,
        "acts": view.acts,
        "winner": view.winner,
        "over": view.is_terminal(),
        "pirate": view.pirate,
        "claim": list(view.claim),
        "city_size": view.city_size,
        "chart": costly["chart"],
        "heat": costly["heat"],
        #: True while the chart shown is older than the view (being worked out)
        "busy": busy,
        "hand": _hand(view, seat),
        "aims": _aims(view, seat),
        "subs": _subs(view, seat, events, names),
        "log": [rename(line, names) for line in _log(events)],
    }


def _hand(view: FindingState, seat: int) -> dict[str, Any]:
    """The seat's cards: action cards in hand or played, its captain, its artifacts."""
    held = set(view.hand[seat])
    cards = [
        {"slot": f"card:{k}", "key": k, "name": CARD[k].name, "text": CARD[k].text,
         "played": k not in held, "burnable": CARD[k].burnable}
        for k in hand_cards(view.pirate)
    ]  # fmt: skip
    cap = view.captain[seat]
    captain = None
    if cap in CAPTAIN:
        spec = CAPTAIN[cap]
        captain = {"slot": "captain", "key": cap, "name": spec.name, "text": spec.text,
                   "played": not view.cap_ready[seat], "free": spec.free,
                   "shown": bool(view.shown[seat])}  # fmt: skip
    dealt = view.dealt[seat] or ()
    arts = [
        {"slot": f"art:{k}", "key": k, "name": ARTIFACT[k].name, "text": ARTIFACT[k].text,
         "used": False, "free": ARTIFACT[k].free}
        for k in view.arts[seat] if k in ARTIFACT
    ] + [
        {"slot": f"art:{k}", "key": k, "name": ARTIFACT[k].name, "text": ARTIFACT[k].text,
         "used": True, "free": ARTIFACT[k].free}
        for k in view.used[seat] if k in ARTIFACT
    ]  # fmt: skip
    return {
        "cards": cards,
        "captain": captain,
        "dealt": [{"key": c, "name": CAPTAIN[c].name, "text": CAPTAIN[c].text} for c in dealt],
        "artifacts": arts,
        "lost": bool(view.lost[seat]),
    }


def _aims(view: FindingState, seat: int) -> dict[str, dict[str, Any]]:
    """Per slot the seat can play or burn now: its name and the parameters asked, in order."""
    out: dict[str, dict[str, Any]] = {}
    dec = view.decision()
    if dec is None or seat not in dec.players:
        return out
    for a in view.legal_actions(seat):
        if a.kind in ("keep", "solve", "keep_searching", "claim"):
            continue
        burn = a.kind == "burn"
        slot = controls.burn_slot(a) if burn else controls.slot_of(a)
        key = ("burn:" if burn else "") + slot
        if key not in out:
            out[key] = {"slot": slot, "burn": burn, "name": _slot_name(view, seat, slot),
                        "params": list(controls.params_of(a, burn)),
                        "free": not burn and controls.is_free(slot, view.captain[seat])}  # fmt: skip
    return out


def _slot_name(view: FindingState, seat: int, slot: str) -> str:
    if slot == controls.START:
        return "Your first hidden move"
    if slot == "captain":
        cap = view.captain[seat]
        return CAPTAIN[cap].name if cap in CAPTAIN else "Your captain"
    return card_name(slot.split(":", 1)[-1])


def _subs(view: FindingState, seat: int, events: list, names: list[str]) -> list[dict[str, Any]]:
    """What the seat may know of every submarine: its captain once shown, its played cards in
    the order played, how many artifacts it holds, its last two actions in words."""
    out = []
    for q in range(view.n):
        story = seat_story(events, q, names)
        cap = view.captain[q]
        shown = q == seat or bool(view.shown[q])
        held = set(view.hand[q])
        out.append(
            {
                "seat": q,
                "name": names[q],
                "colour": COLOURS[q],
                "me": q == seat,
                "captain": CAPTAIN[cap].name if shown and cap in CAPTAIN else None,
                "played": [card_name(k) for k in hand_cards(view.pirate) if k not in held],
                "order": [card_name(k) if k != CAPTAIN_CARD else "captain" for k in story.order],
                "artifacts": len(view.arts[q]),
                "lost": bool(view.lost[q]),
                "last": list(story.last),
            }
        )
    return out


def _log(events: list) -> list[str]:
    """The announcements on the seat's chart, newest last, each one line of words."""
    lines = []
    for group in split_log(events):
        words = " ".join(e.text for e in group if e.kind not in QUIET and e.text)
        if words:
            lines.append(words)
    return lines[-LOG_LINES:]


# --- button words -------------------------------------------------------------------------------
def label(view: FindingState, seat: int, action: Action) -> str:
    """The words on ``action``'s button, as the desktop names the choice."""
    kind = action.kind
    fn = _LABELS.get(kind)
    if fn is not None:
        return fn(view, action)
    if kind in CARD:
        return _with_params(CARD[kind].name, view, action)
    return view.describe_action(action).capitalize()


def _with_params(name: str, view: FindingState, a: Action) -> str:
    bits = []
    for key, value in a.args:
        if key in ("name", "dx", "dy"):
            continue
        if key == "seat":
            bits.append(view.player_name(value))
        elif key == "cell":
            bits.append(place_name(view.size, value))
        elif key == "distance":
            bits.append(f"{value} space{'s' if value != 1 else ''}")
        else:
            bits.append(str(value))
    if a.get("dx") is not None:
        bits.append(f"{a['dx']:+d} east, {a['dy']:+d} south")
    return name + (f" ({', '.join(bits)})" if bits else "")


_LABELS = {
    "keep": lambda v, a: f"Keep the {CAPTAIN[a['captain']].name}",
    "start_move": lambda v, a: f"Start by moving {a['direction']}",
    "solve": lambda v, a: "Name the city now",
    "keep_searching": lambda v, a: "Keep searching",
    "claim": lambda v, a: f"Name {place_name(v.size, a['cell'])}",
    "burn": lambda v, a: f"Burn {_burnt(a)}: move {a['direction']}",
    "captain": lambda v, a: _with_params(CAPTAIN[a["name"]].name, v, a),
    "artifact": lambda v, a: _with_params(ARTIFACT[a["name"]].name, v, a),
}


def _burnt(a: Action) -> str:
    return "your captain" if a["card"] == CAPTAIN_CARD else card_name(a["card"])


def hidden_free(value: Any) -> bool:
    """Does ``value`` (a payload) hold no HIDDEN marker? (A view's unknowns never reach a page.)"""
    if isinstance(value, dict):
        return all(hidden_free(v) for v in value.values())
    if isinstance(value, list):
        return all(hidden_free(v) for v in value)
    return value != HIDDEN
