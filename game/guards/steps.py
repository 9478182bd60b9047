"""The effect vocabulary as data: every step a card may use, its parameters and where it runs.

Hero files combine these steps (``effect = [ {step = "attack", target = "adjacent"} ]``); the
loader checks each step against this table, and :mod:`game.guards.effects` implements every
step named here exactly once. Numbers given as parameters are *card text*: items never raise
them (an absent ``range``/``radius``/``n`` falls back to the card's icon, which items do raise).

Contexts: ``action`` steps run when the card's primary action resolves; ``defense`` steps run
when the card is discarded to defend (only cards whose primary is ``defense``); ``passive``
steps are the Ultimates' lasting bonuses.
"""

from __future__ import annotations

from dataclasses import dataclass

#: where a single-target or area step looks for its targets
TARGETS = ("adjacent", "range", "radius", "attacked", "self")
#: which units a step may pick, seen from the acting hero ("any" for an attack: enemy heroes
#: and every minion, friendly ones included; for a move effect: any other unit)
WHO = (
    "any", "hero", "minion", "enemy", "enemy_hero", "enemy_minion", "friendly",
    "friendly_hero", "friendly_minion",
)  # fmt: skip
#: conditions a bonus may depend on (see units.condition)
CONDITIONS = (
    "always", "moved", "target_isolated", "near_friendly_minion", "attacker_adjacent",
    "attacker_ranged", "target_next_to_friendly_minion",
)  # fmt: skip
DURATIONS = ("turn", "round")
TOKENS = ("magma", "mine")
IMMUNE_TO = ("attacks", "moves", "all")
AURAS = ("slow", "no_fast_travel", "immune", "defense_bonus")
PASSIVES = (
    "stat", "heavy_in_combat", "ignore_minions", "coins_per_round", "minion_bounty",
    "keep_red",
)  # fmt: skip
STATS = ("initiative", "attack", "defense", "move", "range", "radius")


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of a step: its type, its default (None = required) and allowed values."""

    type: type
    default: object = None
    choices: tuple[str, ...] = ()
    required: bool = False


def _p(t: type, default: object = None, choices: tuple[str, ...] = (), required: bool = False):
    return Param(t, default, choices, required)


_TARGET = _p(str, "adjacent", TARGETS)
_N = _p(int, required=True)


@dataclass(frozen=True, slots=True)
class StepSpec:
    name: str
    contexts: tuple[str, ...]
    params: dict[str, Param]
    meaning: str


SPECS: dict[str, StepSpec] = {
    s.name: s
    for s in (
        StepSpec(
            "move_self",
            ("action",),
            {"n": _N, "straight": _p(bool, False), "mandatory": _p(bool, False)},
            "Move yourself up to n spaces (exactly n when mandatory; in one direction when "
            "straight). A card whose mandatory movement cannot be made cannot be resolved.",
        ),
        StepSpec(
            "place_self",
            ("action",),
            {"range": _p(int)},
            "Teleport: put yourself on any empty space within range (the range icon if no "
            "number is given).",
        ),
        StepSpec(
            "attack",
            ("action",),
            {
                "target": _p(str, "adjacent", ("adjacent", "range", "radius")),
                "who": _p(str, "any", WHO),
                "straight": _p(bool, False),
                "range": _p(int),
                "bonus": _p(int, 0),
                "when": _p(str, "always", CONDITIONS),
            },
            "Attack one unit (adjacent or within range) or every unit within the radius. A "
            "minion is defeated at once, a hero may defend. bonus is added when the condition "
            "holds.",
        ),
        StepSpec(
            "push",
            ("action",),
            {"target": _TARGET, "who": _p(str, "enemy", WHO), "n": _N, "range": _p(int)},
            "Move the target(s) n spaces straight away from you, as far as they can go.",
        ),
        StepSpec(
            "pull",
            ("action",),
            {
                "target": _p(str, "range", TARGETS),
                "who": _p(str, "enemy", WHO),
                "n": _N,
                "range": _p(int),
            },
            "Move the target(s) n spaces straight towards you, as far as they can go.",
        ),
        StepSpec(
            "swap",
            ("action",),
            {"target": _p(str, "range", TARGETS), "who": _p(str, "any", WHO), "range": _p(int)},
            "Exchange places with the target unit.",
        ),
        StepSpec(
            "discard_or_defeat",
            ("action",),
            {"target": _TARGET, "who": _p(str, "enemy_hero", WHO), "range": _p(int)},
            "The target hero discards a card of its choice (never the Hold card) or is defeated.",
        ),
        StepSpec(
            "defense_bonus",
            ("action", "defense"),
            {
                "n": _N,
                "when": _p(str, "always", CONDITIONS),
                "target": _p(str, "", ("", "self", "radius")),
                "who": _p(str, "friendly_hero", WHO),
                "radius": _p(int),
                "duration": _p(str, "", ("",) + DURATIONS),
            },
            "On a defense card: +n to this defense when the condition holds. As a skill "
            "(target self or radius): an aura of +n defense for the turn (the round if ongoing).",
        ),
        StepSpec(
            "immune",
            ("action", "defense"),
            {
                "what": _p(str, "attacks", IMMUNE_TO),
                "target": _p(str, "self", ("self", "radius")),
                "radius": _p(int),
                "duration": _p(str, "", ("",) + DURATIONS),
            },
            "You (or friendly heroes in the radius) cannot be targeted by enemy attacks, moves "
            "or both, for the turn (the round if ongoing).",
        ),
        StepSpec(
            "no_fast_travel",
            ("action",),
            {"radius": _p(int), "duration": _p(str, "", ("",) + DURATIONS)},
            "Enemy heroes within the radius of your current space cannot fast travel.",
        ),
        StepSpec(
            "slow",
            ("action",),
            {"radius": _p(int), "max_move": _N, "duration": _p(str, "", ("",) + DURATIONS)},
            "Enemy heroes within the radius of your current space move at most max_move "
            "spaces with a regular move.",
        ),
        StepSpec("gain_coins", ("action", "defense"), {"n": _N}, "Gain n coins."),
        StepSpec(
            "steal_coins",
            ("action",),
            {"target": _TARGET, "who": _p(str, "enemy_hero", WHO), "n": _N, "range": _p(int)},
            "Take up to n coins from the target enemy hero.",
        ),
        StepSpec(
            "place_tokens",
            ("action",),
            {"kind": _p(str, "magma", TOKENS, required=True), "n": _N, "radius": _p(int)},
            "Put up to n tokens on empty spaces within the radius. Magma blocks the space; "
            "an enemy hero who ends a move on a mine discards a card or is defeated.",
        ),
        StepSpec(
            "retrieve",
            ("action", "defense"),
            {"n": _N},
            "Take up to n of your played or discarded cards back into your hand (not the "
            "card now resolving).",
        ),
        StepSpec(
            "ongoing",
            ("action",),
            {
                "aura": _p(str, "slow", AURAS, required=True),
                "n": _p(int, 0),
                "max_move": _p(int, 0),
                "radius": _p(int),
                "what": _p(str, "attacks", IMMUNE_TO),
                "when": _p(str, "always", CONDITIONS),
            },
            "An aura (slow, no_fast_travel, immune, defense_bonus) lasting the whole round, "
            "following your current space.",
        ),
        StepSpec(
            "dodge",
            ("defense",),
            {"when": _p(str, "always", CONDITIONS)},
            "On a defense card: when the condition holds, the attack misses whatever its value "
            "(minion modifiers do not matter); otherwise the card defends with its value.",
        ),
        StepSpec(
            "pay_coins",
            ("action",),
            {"n": _N},
            "Pay n coins. A cost: with fewer coins the primary action cannot be chosen.",
        ),
        StepSpec(
            "passive",
            ("passive",),
            {
                "kind": _p(str, "stat", PASSIVES, required=True),
                "stat": _p(str, "attack", STATS),
                "n": _p(int, 1),
            },
            "An Ultimate's lasting bonus: stat (+n to an icon value on every card), "
            "heavy_in_combat (counts as a heavy minion in minion combat in its battle zone), "
            "ignore_minions (enemy minions never lower your defense), coins_per_round, "
            "minion_bounty (+n coins per minion defeated), keep_red (defeat never locks the "
            "red card).",
        ),
    )
}
