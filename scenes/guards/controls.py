"""The legal actions as things to click: action-kind buttons, hexes, cards, and why not.

The board never invents a move: every click becomes one of ``legal_actions`` or is refused
with a one-line reason. For the card's action a person first picks the kind (move, fast
travel, the card's own action), then a hex; everything else is one click (a hex, a card, a
button). The engine asks the card's action in two steps (``act what=move``, then ``move
to=hex``): the kind button only marks the kind on screen (it can still be changed), and the
click on a glowing hex makes both steps at once, so a person never waits at the first step.
Pure functions over the decision kind and the legal list (and, at the ``act`` step, the
complete actions the two steps lead to: ``game.guards.legal.act_moves``).
"""

from __future__ import annotations

from typing import Any

from game.core.protocol import Action, Decision
from game.guards import legal as rules

Hex = tuple[int, int]
ACT_KINDS = ("move", "fast", "primary")
ACT_WORDS = {"move": "Move", "fast": "Fast travel", "primary": "Use the card"}
#: what a decision asks, in a player's words (the panel's heading)
ASK_WORDS = {
    "play": "Choose a card to play face down",
    "act": "Choose your action",
    "move": "Click a glowing hex to move there",
    "fast": "Click a glowing hex to fast travel there",
    "choose": "Choose for your card",
    "defend": "You are attacked: defend?",
    # the same engine decision when a card (Rattle) or a mine asks for a discard, not an attack
    "discard": "Throw away a card, or be defeated",
    "first": "Tied initiative: who goes first?",
    "place": "Click a glowing hex to enter the arena",
    "remove": "Outnumbered: click the minion that falls back",
    "level": "Level up",
    "pick": "Pick a hero",
    "ban": "Ban a hero",
    "recruit": "Recruit a player",
}


def ask_words(decision: Decision) -> str:
    """The heading of a decision: a discard has its own words (the engine asks it as a
    ``defend`` whose ``why`` is ``discard``)."""
    kind = decision.kind
    if kind == "defend" and decision.data.get("why") == "discard":
        kind = "discard"
    return ASK_WORDS.get(kind, decision.prompt)


def act_kinds(legal: list[Action]) -> list[str]:
    """The action kinds the card offers now, in the fixed order."""
    have = {a["what"] if a.kind == "act" else a.kind for a in legal}
    return [k for k in ACT_KINDS if k in have]


def is_hex(v: Any) -> bool:
    return isinstance(v, tuple) and len(v) == 2 and all(isinstance(x, int) for x in v)


def hex_actions(
    kind: str,
    legal: list[Action],
    stage: str | None,
    complete: list[Action] = (),  # type: ignore[assignment]
) -> dict[Hex, Action]:
    """Hex -> the action a click there makes, for the decision (and action kind) on screen.
    At the ``act`` step that is the complete move (``complete``: both steps' result), which
    :func:`steps` turns into the two actions to take."""
    out: dict[Hex, Action] = {}
    if kind == "act" and stage in ("move", "fast"):
        return {a["to"]: a for a in complete if a.kind == stage}
    for a in legal:
        if kind == "place" and a.kind == "place":
            out[a["at"]] = a
        elif kind in ("move", "fast") and a.kind == kind:
            out[a["to"]] = a
        elif kind == "choose" and a.kind == "choose" and is_hex(a["option"]):
            out[a["option"]] = a
        elif kind == "remove" and a.kind == "remove":
            out[a["at"]] = a
    return out


def steps(kind: str, legal: list[Action], action: Action) -> list[Action]:
    """The engine's steps that make ``action``: at the ``act`` step a complete move is its
    kind (one of ``legal``) and then itself; anything else is one step."""
    if kind == "act" and action.kind in ("move", "fast"):
        first = find(legal, "act", what=action.kind)
        return [first, action] if first is not None else []
    return [action]


def card_actions(kind: str, legal: list[Action]) -> dict[str, Action]:
    """Card colour -> the action clicking that card of the hand makes (defend, take back)."""
    out: dict[str, Action] = {}
    for a in legal:
        if kind == "defend" and a.kind == "defend" and a["card"]:
            out[a["card"]] = a
        elif kind == "choose" and a.kind == "choose" and isinstance(a["option"], str):
            if a["option"] != "skip":
                out[a["option"]] = a
    return out


def find(legal: list[Action], kind: str, **args: Any) -> Action | None:
    for a in legal:
        if a.kind == kind and all(a.get(k) == v for k, v in args.items()):
            return a
    return None


def play_action(
    legal: list[Action], chosen: dict[int, str], heroes: tuple[int, ...]
) -> Action | None:
    """The ``play`` action for the cards picked so far, once every hero has one."""
    if any(h not in chosen for h in heroes):
        return None
    return find(legal, "play", cards=tuple(chosen[h] for h in heroes))


def hex_refusal(
    kind: str, stage: str | None, legal: list[Action], hx: Hex, view: Any = None
) -> str:
    """Why a click on ``hx`` does nothing now, in one line (with the ``view`` on screen: what
    the rules say about the unit standing there, such as a shielded heavy minion)."""
    if view is not None and kind in ("choose", "remove"):
        why = rules.unit_refusal(view, hx)
        if why:
            return why
    if kind == "act" and stage is None:
        kinds = act_kinds(legal)
        return "First choose " + " or ".join(ACT_WORDS[k].lower() for k in kinds) + "."
    if (kind == "act" and stage == "move") or kind == "move":
        return "Out of reach: you can only stop on a glowing hex within your move."
    if (kind == "act" and stage == "fast") or kind == "fast":
        return "Fast travel goes only to an empty hex of this or a next zone free of enemies."
    if kind == "place":
        return "Heroes enter on an empty glowing hex of their own throne."
    if kind == "choose":
        return "That is not one of the glowing choices of your card."
    if kind == "remove":
        return "Click one of your team's glowing minions in that lane."
    if kind == "play":
        return "Play a card from your hand first."
    if kind == "defend":
        return "Pick a card of your hand to defend, or take the defeat."
    return "Nothing to do there now."
