"""The Atlantis Rising game state: plain data, primitives the effect handlers use, and the protocol.

The turn is driven by a stack of small tuples ("frames", see :mod:`game.rising.frames`; the
driver is :mod:`game.rising.turns`). Automatic frames run as soon as they reach the top;
decision frames wait for an action. Everything is plain data, so ``clone`` is a handful of list
copies and ``fingerprint`` a tuple.
"""

from __future__ import annotations

import operator
import random
from typing import Any

from game.core.protocol import Action, Decision
from game.core.schema import DeclaredState, Reset, Schema
from game.rising import legal, monsters, turns, views
from game.rising.councilors import ABILITIES, ABILITY_HOLDER, COUNCILORS
from game.rising.frames import basic_flood, lose
from game.rising.island import (
    CENTRE,
    NAVY,
    NUM_SPOTS,
    NUM_TILES,
    RESOURCES,
    SECTION_INDEX,
    SECTIONS,
    SPOT_IDS,
    SPOT_INDEX,
    SUPPLY_LIMITS,
    VALUE,
    at_tile,
    flood_order,
    surviving_tiles,
)
from game.rising.knowledge import HAND_LIMIT, KNOWLEDGE
from game.rising.misfortunes import MISFORTUNES

#: the Explorer's cut to a target and the sections where it applies; the Emissary's allowance
_EXPLORER_CUT = ABILITIES["explorer"].amount
_EXPLORER_SECTIONS = frozenset(SECTION_INDEX[s] for s in ABILITIES["explorer"].sections)
_EMISSARY_EXTRA = ABILITIES["emissary"].amount

GALLEY_CAPS = {2: 5, 3: 8}  # 4-6 players: 12


def galley_cap(num_players: int) -> int:
    """The highest space of the attack track the galley may reach for this many players."""
    return GALLEY_CAPS.get(num_players, 12)


def clamp_target(value: int) -> int:
    """Target numbers never go above 6 or below 2, by any means."""
    return 2 if value < 2 else 6 if value > 6 else value


class RisingState(DeclaredState):
    """One game of Atlantis Rising (base game)."""

    game_id = "rising"

    # ---- construction ------------------------------------------------------------------------
    def __init__(self) -> None:
        # Filled in by :func:`game.rising.setup.new_game` or by ``clone``.
        self.rng = random.Random(0)

    def _init_fields(self, n: int, options: dict[str, str]) -> None:
        self.n = n
        self.options = dict(options)
        self.fast = options.get("fast", "no") == "yes"
        self.councilor: list[int] = list(range(n))
        self.blueprint: tuple[int, ...] = ()
        self.built: list[int] = []
        # pieces
        self.owned_colour = [0] * n
        self.owned_grey = [0] * n
        self.grey_supply = SUPPLY_LIMITS["grey_atlanteans"]
        self.home = [0] * n
        self.held = [0] * n
        self.res = [[0, 0, 0, 0] for _ in range(n)]
        self.res_supply = [SUPPLY_LIMITS[r] for r in RESOURCES]
        self.energy = [0] * n
        self.energy_supply = SUPPLY_LIMITS["energy"]
        self.courage = [0] * n
        self.courage_supply = SUPPLY_LIMITS["courage"]
        self.barrier = [False] * NUM_TILES
        self.barrier_supply = SUPPLY_LIMITS["barriers"]
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.occ: list[list[int]] = [[] for _ in range(NUM_SPOTS)]
        self.cour: list[list[int]] = [[] for _ in range(NUM_SPOTS)]
        self.flooded = [0] * 6
        self.mdeck: list[int] = []
        self.mdiscard: list[int] = []
        self.kdeck: list[int] = []
        self.kdiscard: list[int] = []
        self.watch = [False] * n
        # track and turn
        self.galley = 0
        self.cap = galley_cap(n)
        self.start = 0
        self.round = 0
        self.phase = "setup"
        self.die = 0
        self.result: str | None = None
        self.stack: list[tuple] = []
        self._reset_turn()
        # monsters module (game/rising/monsters): empty/inactive unless the option is set
        self.monsters: tuple[str, ...] = ()
        self.petr: list[list[int]] = []
        self.medusa = self.harpies = self.charybdis = -1
        self.scylla = False
        self.captives: list[int] = []
        self.items: list[int] = []
        self.allies: list[int] = []
        self.vol_pool: list[int] = []
        self.vol_active: list[int] = []
        self.stone_lost: list[int] = []
        self.grey_lost = 0
        monsters.init_fields(self)

    def _reset_turn(self) -> None:
        n = self.n
        self.crisis = False
        self.lack = False
        self.ballad = False
        self.navy_bonus = 0
        self.mods: list[tuple[int, int]] = []
        self.talent = [-1] * n
        self.libram = [0] * n
        self.extra_used = [0] * n
        self.double = [False] * n
        self.built_turn = [False] * n
        self.ability_used = [False] * n

    SCHEMA = Schema(
        scalars=(
            "n", "fast", "blueprint", "grey_supply", "energy_supply", "courage_supply",
            "barrier_supply", "galley", "cap", "start", "round", "phase", "die", "result",
            "crisis", "lack", "ballad", "navy_bonus", "monsters", "medusa", "harpies", "scylla",
            "charybdis", "grey_lost",
        ),
        lists=(
            "councilor", "built", "owned_colour", "owned_grey", "home", "held", "res_supply",
            "energy", "courage", "barrier", "flooded", "mdeck", "mdiscard", "kdeck", "kdiscard",
            "watch", "stack", "mods", "talent", "libram", "extra_used", "double", "built_turn",
            "ability_used", "captives", "items", "allies", "vol_pool", "vol_active",
            "stone_lost",
        ),
        tables=("res", "hand", "occ", "cour", "petr"),
        caches={"_ev": Reset(None)},
    )  # fmt: skip

    def decider(self) -> int | None:
        """Who decides now (the seat of :meth:`decision`), without building the decision."""
        return turns.next_decider(self)

    #: the lists without the four decks (their order is what a view does not know)
    _KEY_LISTS = tuple(
        [k for k in SCHEMA.lists if k not in ("mdeck", "kdeck", "mdiscard", "kdiscard")]
    )

    def search_key(self) -> tuple:
        """:meth:`fingerprint` without the decks' order and the dice: what a decision sees.

        Two states with the same key offer the same decisions and legal actions (only the
        decks' sizes count there), so a search may reuse a policy's answer between them.
        """
        return (
            _key_scalars(self),
            tuple(map(tuple, _key_lists(self))),
            len(self.mdeck), len(self.kdeck), len(self.mdiscard), len(self.kdiscard),
            tuple(map(tuple, self.res)),
            tuple(map(tuple, self.hand)),
            tuple(map(tuple, self.occ)),
            # courage tokens and stone figures are mostly nowhere: None says so at once
            tuple(map(tuple, self.cour)) if any(self.cour) else None,
            tuple(map(tuple, self.petr)) if any(self.petr) else None,
        )  # fmt: skip

    # ---- protocol ----------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    def decision(self) -> Decision | None:
        return turns.decision(self)

    def legal_actions(self, player: int) -> list[Action]:
        return turns.legal_actions(self, player)

    def _play(self, action: Action) -> None:
        """The rules record events with :meth:`emit` (all of them public in this game)."""
        turns.apply_action(self, action)
        turns.run(self)

    #: a quiet move is the rules alone: a Rising state records nothing between moves (its
    #: clones neither), and the search's playouts spare a call per move this way
    _apply_quiet = _play

    def explain_illegal(self, action: Action) -> str:
        return legal.explain_illegal(self, action)

    def undoable(self, action: Action) -> bool:
        """Placing (or holding back) an Atlantean can be taken back while placement goes on.

        Once the last placement of the phase is made the engine draws misfortunes (or rolls
        production dice) by itself; the phase has then moved on and the move stays.
        """
        return (
            action.kind in ("place", "hold")
            and self.result is None
            and self.phase in ("place", "late")
        )

    def describe_action(self, action: Action) -> str:
        """Moves as players say them: "placing an Atlantean at Cities 2", "in the Navy"."""
        at = action.get("at")
        if action.kind == "place" and at in SPOT_INDEX:
            token = " with a courage token" if action.get("courage") else ""
            return f"placing an Atlantean {at_tile(SPOT_INDEX[at])}{token}"
        if action.kind == "hold":
            return "holding an Atlantean back"
        return super().describe_action(action)

    def undo_rule(self) -> str:
        return (
            "only placements can be taken back, and only until the last Atlantean of the "
            "phase is placed"
        )

    def returns(self) -> list[float]:
        return [1.0 if self.result == "won" else 0.0] * self.n

    def player_name(self, player: int) -> str:
        if 0 <= player < getattr(self, "n", 0):
            c = COUNCILORS[self.councilor[player]]
            return f"the {c.name}"
        return f"Player {player + 1}"

    def seat_roles(self) -> list[list[str]]:
        """Each seat's councilor: History and Statistics count wins by them."""
        return [[COUNCILORS[c].name] for c in self.councilor[: self.n]]

    def sentence_name(self, player: int) -> str:
        """:meth:`player_name` to open a sentence: ``"The Explorer"``."""
        name = self.player_name(player)
        return name[:1].upper() + name[1:]

    def _redact(self, player: int | None) -> None:
        views.redact(self, player)

    def _shuffle_unknown(self, rng: random.Random) -> None:
        views.fill(self, rng)

    # ---- queries for bots, the UI and the effect handlers ------------------------------------
    def order(self, first: int) -> list[int]:
        """Seats clockwise starting with ``first``."""
        n = self.n
        return [(first + i) % n for i in range(n)]

    def has_ability(self, p: int, ability: str) -> bool:
        """Whether ``p`` may use the ability ``ability`` (a key such as ``"priest"``) now: as
        the councilor whose own it is (not while it is lacking), or borrowed by Untapped Talent."""
        c = ABILITY_HOLDER[ability]
        return (self.councilor[p] == c and not self.lack) or self.talent[p] == c

    def surviving(self) -> int:
        return surviving_tiles(self.flooded)

    def flood_order(self) -> list[int]:
        return list(flood_order(self.flooded))

    def target(self, p: int, t: int) -> int:
        """``p``'s target number on resource tile ``t`` now (modifiers in the order they came)."""
        value = VALUE[t]["target"]
        for who, delta in self.mods:
            if who < 0 or who == p:
                value = clamp_target(value + delta)
        if self.has_ability(p, "explorer") and t // 6 in _EXPLORER_SECTIONS:  # at the roll
            value = clamp_target(value - _EXPLORER_CUT)
        return value

    def total_energy(self) -> int:
        return sum(self.energy)

    def atlanteans(self, p: int) -> int:
        return self.owned_colour[p] + self.owned_grey[p]

    def barrier_spots(self) -> list[int]:
        """Standing island tiles that can take a mystic barrier."""
        return [t for t in flood_order(self.flooded) if not self.barrier[t]]

    def destroy_pending(self) -> bool:
        return any(f[0] == "destroy_finish" for f in self.stack)

    def extra_allowance(self, p: int) -> int:
        """How many more of ``p``'s Atlanteans may still go onto full tiles this turn."""
        base = self.libram[p] + (1 if self.watch[p] else 0)
        if self.has_ability(p, "emissary"):
            base += _EMISSARY_EXTRA
        return base - self.extra_used[p]

    def can_place(self, p: int, t: int) -> bool:
        if t >= NUM_TILES:
            return True
        if t % 6 < self.flooded[t // 6]:
            return False
        # petrified pieces (monsters module) take rings like any Atlantean
        used = len(self.occ[t]) + len(self.petr[t])
        return used < VALUE[t]["cap"] or self.extra_allowance(p) > 0

    # ---- primitives used by handlers ---------------------------------------------------------
    def push(self, frame: tuple) -> None:
        self.stack.append(frame)

    def gain_res(self, p: int, r: int, n: int) -> int:
        got = min(n, self.res_supply[r])
        self.res_supply[r] -= got
        self.res[p][r] += got
        if got:
            self.emit(
                "resource_gained",
                lambda self=self, p=p, got=got, r=r: (
                    f"{self.sentence_name(p)} takes {got} {RESOURCES[r]}.",
                    {"player": p, "resource": RESOURCES[r], "amount": got},
                ),
            )
        elif n:
            self.emit(
                "supply_empty",
                lambda r=r: (
                    f"No {RESOURCES[r]} is left in the supply.",
                    {"resource": RESOURCES[r]},
                ),
            )
        return got

    def pay_res(self, p: int, r: int, n: int) -> None:
        self.res[p][r] -= n
        self.res_supply[r] += n

    def gain_energy(self, p: int, n: int) -> int:
        got = min(n, self.energy_supply)
        self.energy_supply -= got
        self.energy[p] += got
        if got:
            self.emit(
                "energy_gained",
                lambda self=self, p=p, got=got: (
                    f"{self.sentence_name(p)} takes {got} mystic energy.",
                    {"player": p, "amount": got},
                ),
            )
        return got

    def spend_energy(self, p: int, n: int) -> None:
        self.energy[p] -= n
        self.energy_supply += n

    def gain_courage(self, p: int, n: int) -> int:
        got = min(n, self.courage_supply)
        self.courage_supply -= got
        self.courage[p] += got
        if got:
            self.emit(
                "courage_awarded",
                lambda self=self, p=p, got=got: (
                    f"{self.sentence_name(p)} takes a courage token.",
                    {"player": p, "amount": got},
                ),
            )
        return got

    def colour_room(self, p: int) -> int:
        """How many more Atlanteans of ``p``'s own colour can join (stone ones sunk never do)."""
        return SUPPLY_LIMITS["atlanteans_per_colour"] - self.stone_lost[p] - self.owned_colour[p]

    def recruit(self, p: int, n: int) -> int:
        """Add ``n`` new Atlanteans to ``p``'s personal supply (own colour first, then grey)."""
        got = 0
        for _ in range(n):
            if self.colour_room(p) > 0:
                self.owned_colour[p] += 1
            elif self.grey_supply > 0:
                self.grey_supply -= 1
                self.owned_grey[p] += 1
            else:
                break
            self.home[p] += 1
            got += 1
        if got:
            self.emit(
                "atlantean_gained",
                lambda self=self, p=p, got=got: (
                    f"{self.sentence_name(p)} gains {got} new Atlantean(s).",
                    {"player": p, "amount": got},
                ),
            )
        elif n:
            self.emit(
                "supply_empty", lambda p=p: ("No Atlanteans are left to join.", {"player": p})
            )
        return got

    def lose_atlantean(self, p: int) -> None:
        """Remove one of ``p``'s Atlanteans (at home) from the game, back to the supply."""
        if self.owned_grey[p]:
            self.owned_grey[p] -= 1
            self.grey_supply += 1
        else:
            self.owned_colour[p] -= 1
        self.home[p] -= 1
        self.emit(
            "atlantean_lost",
            lambda self=self, p=p: (f"{self.sentence_name(p)} loses an Atlantean.", {"player": p}),
        )

    def draw_knowledge(self, n: int) -> list[int]:
        """Take up to ``n`` cards from the knowledge deck (reshuffling its discards if needed)."""
        out: list[int] = []
        for _ in range(n):
            if not self.kdeck:
                if not self.kdiscard:
                    break
                self.kdeck = self.kdiscard
                self.kdiscard = []
                self.rng.shuffle(self.kdeck)
                self.emit(
                    "deck_shuffled",
                    lambda: (
                        "The knowledge discards are shuffled into a new deck.",
                        {"deck": "knowledge"},
                    ),
                )
            out.append(self.kdeck.pop())
        return out

    def draw_to_hand(self, p: int, n: int) -> None:
        cards = self.draw_knowledge(n)
        for c in cards:
            self.hand[p].append(c)
            self.emit(
                "card_drawn",
                lambda self=self, p=p, c=c: (
                    f"{self.sentence_name(p)} draws {KNOWLEDGE[c].name}.",
                    {"player": p, "card": KNOWLEDGE[c].key},
                ),
            )
        if len(self.hand[p]) > HAND_LIMIT:
            self.push(("discard", p))

    def advance_galley(self, steps: int, why: str) -> None:
        """Move the galley up; a move that would pass the cap does not happen at all (FAQ)."""
        if self.galley + steps > self.cap:
            self.emit(
                "galley_held",
                lambda self=self, why=why: (
                    (
                        f"{why}, but the galley is already at +{self.galley}, the top for "
                        f"{self.n} councilors."
                    ),
                    {"galley": self.galley},
                ),
            )
            return
        self.galley += steps
        self.emit(
            "galley_advanced",
            lambda self=self, why=why: (
                f"{why}: the galley moves to +{self.galley}.",
                {"galley": self.galley},
            ),
        )

    def move_galley_to(self, value: int) -> None:
        if value != self.galley:
            self.galley = value
            self.emit(
                "galley_moved",
                lambda value=value: (f"The Athenian galley moves to +{value}.", {"galley": value}),
            )

    def roll_attack(self, reroll: bool = False) -> None:
        self.die = self.rng.randint(1, 6)
        word = "re-rolls" if reroll else "rolls"
        self.emit(
            "die_rolled",
            lambda self=self, word=word: (
                (
                    f"{self.sentence_name(self.start)} {word} the attack die: {self.die} "
                    f"+ {self.galley} = {self.die + self.galley}."
                ),
                {
                    "die": "attack",
                    "value": self.die,
                    "galley": self.galley,
                    "total": self.die + self.galley,
                },
            ),
        )

    def reshuffle_misfortunes(self) -> None:
        self.mdeck.extend(self.mdiscard)
        self.mdiscard = []
        self.rng.shuffle(self.mdeck)
        self.emit(
            "deck_shuffled",
            lambda: (
                "The misfortune deck and its discards are shuffled together.",
                {"deck": "misfortune"},
            ),
        )

    def basic_flood(self, p: int, s: int) -> None:
        basic_flood(self, p, s)

    def destroy_centre(self) -> None:
        lose(self, "The Mystic Power Source sinks beneath the waves. Atlantis is lost.")

    # ---- descriptions ------------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """Plain data about the whole (viewed) state, for a UI side panel or a bot."""
        return {
            "round": self.round,
            "phase": self.phase,
            "start": self.start,
            "galley": self.galley,
            "galley_cap": self.cap,
            "flooded": {SECTIONS[s]: self.flooded[s] for s in range(6)},
            "barriers": [SPOT_IDS[t] for t in range(NUM_TILES) if self.barrier[t]],
            "placed": {SPOT_IDS[t]: list(self.occ[t]) for t in range(NUM_SPOTS) if self.occ[t]},
            "misfortunes_left": len(self.mdeck),
            "last_misfortune": MISFORTUNES[self.mdiscard[-1]].key if self.mdiscard else None,
            "navy": len(self.occ[NAVY]),
            "centre": len(self.occ[CENTRE]),
            "monsters": monsters.describe(self) if self.monsters else None,
        }


#: search_key's readers: attribute fetches in C, since a search takes the key at every step
_key_scalars = operator.attrgetter(*RisingState.SCHEMA.scalars)
_key_lists = operator.attrgetter(*RisingState._KEY_LISTS)
