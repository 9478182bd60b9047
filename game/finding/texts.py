"""What the device says: one player-facing sentence for every chart entry, in our own words.

The engine makes one :class:`~game.core.protocol.Event` per chart entry (same audience); its
text comes from here, so the wording changes in one place. Public texts never name a place
that is not public.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.finding.cards import CAPTAIN, CAPTAIN_CARD, card_name
from game.finding.chart import Entry
from game.finding.ocean import COMPASS, LINES, MOVES, xy

if TYPE_CHECKING:
    from game.finding.state import FindingState

TERRAIN_WORDS = {
    "atlantis": "a part of Atlantis",
    "artifact": "an artifact",
    "recovered": "an artifact's wreck, already recovered",
    "seamount": "a seamount with no trace",
    "deep": "deep ocean",
    "edge": "the edge of the map",
}
VALUE_WORDS = {
    "seamount": "seamount",
    "deep": "deep",
    "edge": "edge",
    "trace": "trace",
    "nothing": "nothing",
    "mine": "mine",
    "monster": "sea monster",
    "clear": "clear",
}


def place(st: FindingState, cell: int) -> str:
    """A cell as players name it on the chart: column letter and row number (A1 = north-west)."""
    return place_name(st.size, cell)


def place_name(size: int, cell: int) -> str:
    """:func:`place` on an ocean of ``size`` (for what holds no state, such as a chart)."""
    x, y = xy(size, cell)
    return f"{chr(ord('A') + x)}{y + 1}"


def _by_point(labels: list[str], result: tuple) -> str:
    groups: dict[str, list[str]] = {}
    for label, v in zip(labels, result, strict=True):
        groups.setdefault(VALUE_WORDS.get(v, str(v)), []).append(label)
    return "; ".join(f"{word} {', '.join(where)}" for word, where in groups.items())


def _tally(result: tuple) -> str:
    counts: dict[str, int] = {}
    for v in result:
        counts[VALUE_WORDS.get(v, str(v))] = counts.get(VALUE_WORDS.get(v, str(v)), 0) + 1
    return ", ".join(f"{k} {n}" for k, n in counts.items())


def reading_text(st: FindingState, e: Entry) -> str:
    r = e.reading
    assert r is not None
    who = st.player_name(e.who)
    res = r.result
    kind = r.kind
    if kind in ("sonar", "trident", "periscope"):
        what = {"sonar": "Sonar", "trident": "Trident", "periscope": "Periscope"}[kind]
        return f"{who}'s {what}: {_by_point(list(COMPASS), res)}."
    if kind in ("jelly", "jelly_mines"):
        ends = LINES[r.arg("line")]
        extra = " (in pirate waters a mine reads as a trace)" if kind == "jelly_mines" else ""
        return f"{who}'s Jelly Rod along {r.arg('line')}: {_by_point(list(ends), res)}{extra}."
    if kind == "explore":
        return f"{who} explores: beneath lies {TERRAIN_WORDS[res[0]]}."
    if kind == "navy":
        ends = LINES[r.arg("line")]
        parts = [
            f"{d}: {'no trace before the edge' if v == 0 else f'nearest trace {v} away'}"
            for d, v in zip(ends, res, strict=True)
        ]
        return f"{who}'s Navy Captain along {r.arg('line')}: {'; '.join(parts)}."
    if kind == "hydrographer":
        labels = ["centre", *COMPASS]
        return (
            f"{who}'s Hydrographer sweeps two spaces {r.arg('direction')}: "
            f"{_by_point(labels, res)}."
        )
    if kind == "diver":
        return f"{who}'s Diver looks {r.arg('direction')}: {TERRAIN_WORDS[res[0]]}."
    if kind == "archaeologist":
        return f"{who}'s Archaeologist counts {_count(res[0], 'trace')} in the nine spaces around."
    if kind == "surveyor":
        return f"{who}'s Surveyor: {_by_point(list(MOVES), res)}."
    if kind == "sunstone":
        return (
            f"{who}'s Sunstone: {_count(res[0], 'Atlantis space')} in that row, "
            f"{res[1]} in that column."
        )
    if kind == "lantern":
        return (
            f"{who}'s Abyss Lantern, {r.arg('distance')} {r.arg('compass')}: "
            f"{TERRAIN_WORDS[res[0]]}."
        )
    if kind == "sounder":
        return f"{who}'s Orichalcum Sounder, 24 spaces within two: {_tally(res)}."
    if kind == "atlas":
        cell = place(st, r.arg("cell"))
        return (
            f"{who}'s Atlas Shard: {cell} {'is' if res[0] == 'yes' else 'is not'} part of Atlantis."
        )
    return f"{who}: {kind} {res}"


def _count(n: int, noun: str) -> str:
    """``1 space``, ``0 spaces``: a count a person reads without brackets."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _move_text(st: FindingState, e: Entry) -> str:
    who = st.player_name(e.who)
    by = e.arg("by")
    how = {
        "start": "dives and makes a first hidden move",
        "silent": "runs silent for one space",
        "long_silent": "runs silent for two spaces",
        "drop_mine": "drops a mine and slips away one space",
        "smuggler": "slips one space away (Smuggler, free)",
        "engineer": "moves up to three spaces (Engineer)",
        "pearl": "jumps with the Tidal Pearl",
    }.get(by, "moves in secret")
    stop = " and is stopped on the way" if e.arg("stopped") else ""
    return f"{who} {how}{stop}."


def _my_move_text(st: FindingState, e: Entry) -> str:
    moved = e.arg("moved")
    if e.arg("dx") is not None:
        if not moved:
            return "Your jump would have left the map: you stay where you are."
        return f"You jump to {place(st, e.at)}." if e.at is not None else "You jump."
    d = e.arg("direction")
    tail = f", now at {place(st, e.at)}" if e.at is not None else ""
    reach = e.arg("reach")
    short = " (the edge stopped you)" if moved < reach and not e.arg("stopped") else ""
    return f"You moved {_count(moved, 'space')} {d}{short}{tail}."


def _burn_text(st: FindingState, e: Entry) -> str:
    who = st.player_name(e.who)
    card = card_name(e.arg("card"))
    if e.arg("captain"):
        card = CAPTAIN[e.arg("captain")].name
    moved = "moves one space" if e.arg("moved") else "bumps into the edge and stays"
    if e.arg("by") == "smuggler":
        slip = "slips one space" if e.arg("moved") else "bumps into the edge and stays"
        return f"{who}'s Smuggler {slip} {e.arg('direction')}, in the open (free)."
    return f"{who} burns {card} and {moved} {e.arg('direction')}."


def _loot_text(st: FindingState, e: Entry) -> str:
    who = st.player_name(e.who)
    owner = st.player_name(e.arg("owner"))
    took = e.arg("took")
    if took == "artifact":
        return f"{who} hands an unused artifact to {owner}."
    if took == "trophy":
        return f"{who} hands the used {card_name(e.arg('name'))} to {owner} as a trophy."
    cards = e.arg("cards")
    if cards:
        names = " and ".join(card_name(c) for c in cards)
        return f"{who} has nothing to hand over and discards {names}."
    return f"{who} has nothing to hand over or discard."


def _attack_text(st: FindingState, e: Entry) -> str:
    who = st.player_name(e.who)
    card = e.arg("card")
    lost = f" {who} loses {card_name(card)} to the discard pile." if card else ""
    if card == CAPTAIN_CARD:  # the captain goes face up: lost until the submarine surfaces
        lost = f" {who} loses the captain card, face up, until surfacing."
    if e.arg("how") == "move":
        return f"A sea monster attacks {who}: the move ends there and so does the turn.{lost}"
    return f"A hunting sea monster catches {who}.{lost}"


def _n(st: FindingState, e: Entry) -> str:
    return st.player_name(e.who)


TEXTS: dict[str, Callable[[FindingState, Entry], str]] = {
    "dealt": lambda st, e: (
        f"You are dealt {CAPTAIN[e.arg('captains')[0]].name} and "
        f"{CAPTAIN[e.arg('captains')[1]].name}; keep one of them."
    ),
    "kept": lambda st, e: f"You keep {CAPTAIN[e.arg('captain')].name}.",
    "captain_kept": lambda st, e: f"{_n(st, e)} has chosen a captain.",
    "start": lambda st, e: f"{_n(st, e)} starts at {place(st, e.at)}.",
    "first": lambda st, e: f"{_n(st, e)} plays first.",
    "move": _move_text,
    "my_move": _my_move_text,
    "my_mine": lambda st, e: (
        f"Your mine lies at {place(st, e.at)}." if e.at is not None else "Your mine is laid."
    ),
    "burn": _burn_text,
    "surface": lambda st, e: (
        f"{_n(st, e)} surfaces at {place(st, e.at)} and takes every played card back."
    ),
    "phantom": lambda st, e: (
        f"{_n(st, e)} surfaces quietly (Phantom): somewhere in "
        + (
            f"row {e.arg('value') + 1}"
            if e.arg("reveal") == "row"
            else f"column {chr(ord('A') + e.arg('value'))}"
        )
        + "; played cards come back."
    ),
    "refill": lambda st, e: f"{_n(st, e)} takes every played card back (Seed of Youth).",
    "reveal": lambda st, e: (
        f"{st.player_name(e.arg('by'))}'s Siren's Conch: {_n(st, e)} is at {place(st, e.at)}."
    ),
    "captain_shown": lambda st, e: (
        f"{_n(st, e)}'s captain is the {CAPTAIN[e.arg('captain')].name}."
    ),
    "artifact_used": lambda st, e: f"{_n(st, e)} uses the {card_name(e.arg('name'))}.",
    "extra_action": lambda st, e: f"{_n(st, e)} gains one more action this turn.",
    "draw": lambda st, e: f"{_n(st, e)} recovers an artifact and draws an artifact card.",
    "artifact_card": lambda st, e: f"You draw the {card_name(e.arg('name'))}.",
    "monster_woke": lambda st, e: "A sea monster wakes where the artifact lay.",
    "mine_hit": lambda st, e: f"{_n(st, e)} runs into {st.player_name(e.arg('owner'))}'s mine!",
    "mine_hit_place": lambda st, e: (
        f"Your mine at {place(st, e.at)} is gone: {_n(st, e)} is there."
    ),
    "loot": _loot_text,
    "loot_card": lambda st, e: f"The artifact handed over is the {card_name(e.arg('name'))}.",
    "attack": _attack_text,
    "my_harpoon": lambda st, e: (
        f"Your harpoon struck the sea monster at {place(st, e.arg('struck'))}."
    ),
    "harpoon": lambda st, e: (
        "The harpoon strikes: the nearest sea monster is gone for good."
        if e.arg("killed")
        else "The harpoon finds no sea monster."
    ),
    "solve": lambda st, e: f"{_n(st, e)} names the city, starting from {place(st, e.at)}.",
    "declined": lambda st, e: f"{_n(st, e)} keeps searching for now.",
    "claim": lambda st, e: f"{_n(st, e)} names {place(st, e.arg('space'))}.",
    "found": lambda st, e: f"{_n(st, e)} has found Atlantis and wins!",
    "wrong_claim": lambda st, e: (
        f"Wrong: Atlantis is not {', '.join(place(st, c) for c in e.arg('cells'))}."
    ),
    "teleport": lambda st, e: (
        f"The current sweeps {_n(st, e)} away to an unknown space; nobody knows where, "
        "not even its crew."
    ),
    "located": lambda st, e: f"You know where you are again: {place(st, e.at)}.",
}


def describe(st: FindingState, e: Entry) -> str:
    if e.reading is not None:
        return reading_text(st, e)
    fn = TEXTS.get(e.kind)
    return fn(st, e) if fn else f"{_n(st, e)}: {e.kind.replace('_', ' ')}."
