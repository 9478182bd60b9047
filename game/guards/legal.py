"""The legal actions of every decision, and why anything else is refused.

Action kinds: ``pick``/``ban``/``recruit`` (hero selection), ``place`` (a hero onto its
throne, also when it returns), ``play`` (the face-down cards of a seat, simultaneous),
``first`` (who of a tie resolves first), the one action of a card in two steps: ``act``
(``act what=move``, ``act what=fast``, or ``primary`` at once; only kinds with a legal
option are offered), then, for a move kind, the decision of that name with its destinations
(``move to=hex``, ``fast to=hex``; no way back: the kind is committed), ``choose`` (a target, space or card the card's steps ask for; ``"skip"`` where a step
is optional), ``defend`` (a card colour, or ``""`` to take the defeat), ``remove`` (minion
combat) and ``level`` (a card id, or ``""`` to stop levelling).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING, Any

from game.core.protocol import Action
from game.guards import combat, rounds, selection, turns, units
from game.guards.cards import card

if TYPE_CHECKING:
    from game.guards.state import GuardsState


class _Actions(dict):
    """value -> the one Action ``player kind key=value``: lists of moves are built by lookups."""

    __slots__ = ("player", "kind", "key")

    def __init__(self, player: int, kind: str, key: str) -> None:
        super().__init__()
        self.player, self.kind, self.key = player, kind, key

    def __missing__(self, value: Any) -> Action:
        a = self[value] = Action.make(self.player, self.kind, **{self.key: value})
        return a


_TABLES: dict[tuple[int, str, str], _Actions] = {}


def _table(player: int, kind: str, key: str) -> _Actions:
    t = _TABLES.get((player, kind, key))
    if t is None:
        t = _TABLES[(player, kind, key)] = _Actions(player, kind, key)
    return t


@lru_cache(maxsize=64)
def _primary(player: int) -> Action:
    return Action(player, "primary")


@lru_cache(maxsize=128)
def _kind(player: int, what: str) -> Action:
    return Action(player, "act", (("what", what),))


def _act(player: int, kind: str, key: str, value: Any) -> Action:
    return _table(player, kind, key)[value]


@lru_cache(maxsize=20_000)
def _act2(player: int, kind: str, k1: str, v1: Any, k2: str, v2: Any) -> Action:
    return Action.make(player, kind, **{k1: v1, k2: v2})


def legal_actions(st: GuardsState, player: int) -> list[Action]:
    if st.winner is None and st.pend is None and st.tie is None:  # the frequent kinds at once
        pr = st.prog
        if pr is None:
            if st.phase == "play":  # who() would list the seats; a seat plays iff it has heroes
                heroes = turns.playing(st, player)
                if not heroes:
                    return []
                hand = st.hand
                return list(
                    map(
                        _table(player, "play", "cards").__getitem__,
                        product(*map(hand.__getitem__, heroes)),
                    )
                )
        elif pr["ask"] is None and st.seat_of[pr["h"]] == player:
            stage = pr["stage"]
            if stage == "act" or stage == "move" or stage == "fast":
                return _card_actions(st, player, stage, pr)
    w = turns.who(st)
    if w is None or player not in w[1]:
        return []
    kind = w[0]
    if kind == "act" or kind == "move" or kind == "fast":
        return _card_actions(st, player, kind, st.prog)  # type: ignore[arg-type]
    if kind == "play":
        hand = st.hand
        hands = [hand[h] for h in turns.playing(st, player)]
        return list(map(_table(player, "play", "cards").__getitem__, product(*hands)))
    if kind == "defend":
        ptype, target, source, value = st.pend  # type: ignore[misc]
        if ptype == "attack":
            opts = combat.defending_cards(st, target, value, source)
        else:
            opts = combat.discardable(st, target)
        return [_act(player, "defend", "card", c) for c in (*opts, "")]
    if kind == "first":
        return [_act(player, "first", "hero", h) for h in st.tie]  # type: ignore[union-attr]
    if kind == "choose":
        ask = st.prog["ask"]  # type: ignore[index]
        opts = ask.options + (("skip",) if ask.optional else ())
        return [_act(player, "choose", "option", o) for o in opts]
    if kind in ("pick", "ban", "recruit"):
        return selection.legal(st, player)
    if kind == "place":
        h = st.place_queue[0]
        return [_act2(player, "place", "at", hx, "hero", h) for hx in turns.spawn_options(st, h)]
    if kind == "remove":
        _, opts = rounds.combat_options(st, st.combat_lanes[0])
        return [_act(player, "remove", "at", hx) for hx in opts]
    if kind == "level":
        h = st.level_queue[0]
        return [_act(player, "level", "card", c) for c in (*rounds.level_choices(st, h), "")]
    return []


def _card_actions(st: GuardsState, player: int, stage: str, pr: dict[str, Any]) -> list[Action]:
    """The steps of a card's action: at ``act`` the kinds with an option (no destination is
    listed yet), at ``move``/``fast`` the destinations."""
    h = pr["h"]
    c = card(pr["card"])
    if stage == "act":
        out = [_kind(player, "move")]  # a card with a move icon may always move (or stay)
        if turns.can_fast(st, h, c):
            out.append(_kind(player, "fast"))
        if turns.can_primary(st, h, c):
            out.append(_primary(player))
        return out
    to = turns.regular_moves(st, h, c) if stage == "move" else turns.fast_moves(st, h, c)
    return list(map(_table(player, stage, "to").__getitem__, to))


def act_moves(st: GuardsState, player: int) -> list[Action]:
    """The complete actions the ``act`` step leads to, in a fixed order: every regular move
    destination, every fast travel destination, then the primary. (The two steps reach
    exactly these; bots compare them before answering the kind.)"""
    moves, fasts, prim = turns.act_options(st, st.prog["h"])  # type: ignore[index]
    out = list(map(_table(player, "move", "to").__getitem__, moves))
    out += map(_table(player, "fast", "to").__getitem__, fasts)
    if prim:
        out.append(_primary(player))
    return out


def explain(st: GuardsState, a: Action) -> str:
    """Why a well-formed action is not legal now, in a player's words."""
    dec = turns.decision(st)
    if dec is None:
        return "the game is over"
    want = {
        "defend": "a defense (defend)", "first": "who goes first (first)",
        "choose": "a choice for the card (choose)",
        "act": "the kind of the card's action (act what=move or what=fast, or primary)",
        "move": "where to move (move to=...)", "fast": "where to fast travel (fast to=...)",
        "pick": "a hero pick", "ban": "a hero ban", "recruit": "a player to recruit",
        "place": "where a hero enters (place)", "play": "the face-down cards (play)",
        "remove": "which minion to remove", "level": "a level-up (level)",
    }[dec.kind]  # fmt: skip
    offered = legal_actions(st, a.player)
    kinds = {x.kind for x in offered}
    if dec.kind == "act" and a.kind in ("act", "move", "fast"):
        return _explain_act(st, a, offered)
    if a.kind not in kinds:
        if a.kind in ("move", "fast") and dec.kind in ("move", "fast"):
            return (f"{turns.ACT_WORDS[dec.kind]} was chosen for this card: {turns.ACT_WORDS[a.kind]} is not "
                    f"possible now, the game waits for {want}")  # fmt: skip
        return f"{a.kind} is not possible now: the game waits for {want}"
    if a.kind == "play":
        heroes = turns.playing(st, a.player)
        cards = a.get("cards")
        if not isinstance(cards, tuple) or len(cards) != len(heroes):
            return f"play names one card per hero that plays ({len(heroes)} here)"
        for h, c in zip(heroes, cards, strict=True):
            if c not in st.hand[h]:
                return f"{st.hero_name(h)} has no {c!r} card in hand"
    if a.kind in ("move", "fast"):
        return f"{turns.ACT_WORDS[a.kind]} to {a.get('to')} cannot be reached with this card"
    if a.kind == "defend":
        if a.get("card") == "black":
            return "the Hold card can never be discarded"
        return f"{a.get('card')!r} cannot be discarded to defend against this"
    if a.kind == "level":
        return f"{a.get('card')!r} is not a card this hero can level up to now (or too costly)"
    if a.kind == "pick" or a.kind == "ban":
        return f"{a.get('hero')!r} cannot be chosen now (taken, banned, or not allowed here)"
    return f"{a} is not one of the choices now"


def _explain_act(st: GuardsState, a: Action, offered: list[Action]) -> str:
    """Why an ``act`` (or a one-step move, from before the action was asked in two steps) is
    refused at the act step."""
    have = [x["what"] for x in offered if x.kind == "act"]
    what = a.get("what") if a.kind == "act" else a.kind
    words = ", ".join(
        turns.ACT_WORDS[k] for k in (*have, *(["primary"] * (_primary(a.player) in offered)))
    )
    if what not in turns.ACT_WORDS or what == "primary":
        return f"act names what the card does: what=move or what=fast (now possible: {words})"
    if what not in have:
        return f"this card cannot {turns.ACT_WORDS[what]} now (possible: {words})"
    if a.kind != "act":
        h = st.prog["h"]  # type: ignore[index]
        c = st.card_in(h, st.commit[h])
        to = turns.regular_moves(st, h, c) if what == "move" else turns.fast_moves(st, h, c)
        if a.get("to") not in to:
            return f"{turns.ACT_WORDS[what]} to {a.get('to')} cannot be reached with this card"
    return (f"choose to {turns.ACT_WORDS[what]} first (act what={what}); the destination is the next "
            "decision")  # fmt: skip


def unit_refusal(st: GuardsState, hx: Any) -> str | None:
    """What the rules say about the unit on ``hx`` when a click on it is refused: a heavy
    minion is shielded while another minion of its team stands in its lane."""
    code = st.occ.get(hx)
    if code is None or code >= 0:
        return None
    m = -code - 1
    if not units.heavy_shielded(st, m):
        return None
    _, team, _, _ = st.minions[m]
    return (
        f"The {st.team_name(team)}' heavy minion is shielded: it cannot be attacked, moved or "
        "removed while another minion of its team stands in its lane."
    )


def describe(st: GuardsState, a: Action) -> str:
    k = a.kind
    if k == "play":
        return "play cards face down"
    if k in ("move", "fast"):
        return f"{'move' if k == 'move' else 'fast travel'} to {a.get('to')}"
    if k == "act":
        return f"choose to {turns.ACT_WORDS.get(a.get('what'), a.get('what'))}"
    if k == "primary":
        return "using the card's action"
    if k == "choose":
        return (
            "skipping a step of the card" if a.get("option") == "skip" else "a choice for the card"
        )
    if k == "defend":
        return f"defend with {a.get('card')}" if a.get("card") else "take the defeat"
    if k == "level":
        return f"level up to {card(a['card']).name}" if a.get("card") else "stop levelling"
    return k + " " + " ".join(f"{v}" for _, v in a.args)
