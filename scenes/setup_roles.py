"""A per-seat option on the setup screen (Rising's councilors): what each seat may pick, what a
seat starts with, and the words that explain a choice or refuse one.

The option (an :class:`~game.core.protocol.OptionSpec` with ``per_seat``) names its choices,
their words (``labels``), what each does (``tips``) and the ones several seats may share
(``repeatable``, here "Random deal" and "Bot's choice"). Everything else goes to one seat only.
Bots are offered every choice; people every choice but the ones named ``bot``.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.protocol import OptionSpec
from game.core.registry import GameSpec

#: the repeatable choice only a bot's seat is offered (the bot decides)
BOT_CHOICE = "bot"


def per_seat_option(spec: GameSpec | None) -> OptionSpec | None:
    """The option ``spec`` asks on each seat's row, if it has one."""
    if spec is None:
        return None
    return next((o for o in spec.options if o.per_seat), None)


def once_only(opt: OptionSpec) -> list[str]:
    """The choices one seat at most may take, in the option's order."""
    return [c for c in opt.choices if c not in opt.repeatable]


def choices_for(opt: OptionSpec, bot: bool) -> list[tuple[str, str]]:
    """(words, value) of every choice a seat's drop-down offers: a bot's starts with its own
    pick; a person's leaves that out."""
    shared = [c for c in opt.repeatable if c != BOT_CHOICE]
    values = ([BOT_CHOICE] if bot and BOT_CHOICE in opt.choices else []) + once_only(opt) + shared
    return [(opt.label_of(v), v) for v in values]


def starting_choice(opt: OptionSpec, bot: bool, seat: int, taken: Sequence[str]) -> str:
    """What a new seat starts with: a bot decides for itself; a person gets the councilor of
    their seat number when it is free (as games before the choice), else the first free one."""
    if bot and BOT_CHOICE in opt.choices:
        return BOT_CHOICE
    free = [c for c in once_only(opt) if c not in taken]
    if not free:
        return next(c for c in opt.repeatable if c != BOT_CHOICE)
    ordered = once_only(opt)
    mine = ordered[seat] if seat < len(ordered) else ""
    return mine if mine in free else free[0]


def settle(opt: OptionSpec, bots: Sequence[bool], wanted: Sequence[str]) -> list[str]:
    """Each seat's choice: what it wants where that is offered to its kind and free (the first
    seat to want one keeps it), else what a new seat starts with among what is left."""
    out = [""] * len(bots)
    taken: list[str] = []
    for i, (bot, value) in enumerate(zip(bots, wanted, strict=True)):
        if kept_choice(opt, value, bot, taken):
            out[i] = value
            taken.append(value)
    for i, bot in enumerate(bots):
        if not out[i]:
            out[i] = starting_choice(opt, bot, i, taken)
            taken.append(out[i])
    return out


def kept_choice(opt: OptionSpec, value: str, bot: bool, taken: Sequence[str]) -> bool:
    """Whether a seat may keep ``value``: offered to its kind and not another seat's."""
    offered = {v for _, v in choices_for(opt, bot)}
    return value in offered and (value in opt.repeatable or value not in taken)


def tip(opt: OptionSpec, value: str, holder: str = "") -> str:
    """What ``value`` does, and whose it already is when ``holder`` names that seat."""
    words = opt.tip_of(value)
    if holder:
        return f"{words} Taken by {holder}: one seat per {opt.label.lower()}."
    return words


def note(opt: OptionSpec, who: str, value: str) -> str:
    """The line under the seats about one seat's choice ("Ana plays the Scholar: …")."""
    label = opt.label_of(value)
    if value in opt.repeatable:
        return f"{who}: {label}. {opt.tip_of(value)}"
    return f"{who} plays the {label}: {opt.tip_of(value)}"


def refusal(opt: OptionSpec, value: str, holder: str) -> str:
    """Why a seat cannot take ``value``: it is already ``holder``'s."""
    word = opt.label.lower()
    return (
        f"The {opt.label_of(value)} is already {holder}'s: each {word} sits at one seat. "
        f"Pick another {word} here, or give {holder} a different one first."
    )


def colour_of(opt: OptionSpec, value: str) -> str:
    """The seat colour ``value`` brings ("" when it brings none)."""
    if value in opt.choices and opt.choices.index(value) < len(opt.colours):
        return opt.colours[opt.choices.index(value)]
    return ""
