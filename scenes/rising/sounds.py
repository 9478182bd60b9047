"""Which sound the Atlantis Rising board plays for each engine event.

Only the moments a player should *feel* make a noise (dice, the sea, a component, the attack,
the end); the many bookkeeping events (energy gained, cards kept, phase changes) stay silent
so the table does not chatter. Every event kind the engine emits is listed in exactly one of
:data:`SOUND_FOR_EVENT` or :data:`SILENT_EVENTS`; a test plays seeded games to keep it so.
Sound names are those of ``scenes.audio.SOUNDS``. Pure Python: no pygame import here.
"""

from __future__ import annotations

from game.core.protocol import Event

SOUND_FOR_EVENT: dict[str, str] = {
    # dice
    "die_rolled": "dice",
    "die_boosted": "chime",
    # the sea
    "tile_flooded": "flood",
    "section_gone": "flood",
    "flood_cancelled": "chime",
    "barrier_used": "chime",
    "tile_restored": "chime",
    "barrier_placed": "place",
    # pieces and cards
    "atlantean_placed": "place",
    "atlantean_held": "place",
    "misfortune_drawn": "click",
    "deck_shuffled": "click",
    "card_played": "click",
    # the gate
    "component_built": "build",
    "transmuted": "build",
    # the Athenians
    "attack_resolved": "attack",
    "galley_advanced": "attack",
    # the end
    "game_won": "win",
    "game_lost": "lose",
    # the monsters
    "monsters_act": "click",
    "medusa_moved": "dice",
    "petrified": "attack",
    "freed": "chime",
    "curse_broken": "chime",
    "shield_built": "build",
    "harpies_moved": "dice",
    "harpies_lured": "click",
    "harpies_raid": "attack",
    "harpies_stole": "click",
    "harpies_defeated": "chime",
    "rattle_built": "build",
    "scylla_struck": "attack",
    "charybdis_moved": "dice",
    "charybdis_swallowed": "flood",
    "charybdis_calmed": "chime",
    "scylla_defeated": "chime",
    "helm_built": "build",
    # the session's own event when a move is taken back
    "undo": "click",
}

#: events deliberately without a sound (frequent bookkeeping, or already covered by a sound
#: from the event that caused them)
SILENT_EVENTS: frozenset[str] = frozenset(
    {
        "ability_used",
        "atlantean_gained",
        "atlantean_lost",
        "ballad",
        "barrier_lost",
        "calm_seas",
        "card_discarded",
        "card_drawn",
        "card_kept",
        "cards_discarded",
        "cards_drawn",
        "city_idle",
        "courage_awarded",
        "courage_used",
        "crisis_blocks",
        "crisis_of_faith",
        "earthquake",
        "energy_gained",
        "energy_pooled",
        "forge_idle",
        "galley_held",
        "harpies_chased",
        "harpies_idle",
        "galley_moved",
        "lack_of_support",
        "library_empty",
        "medusa_ally",
        "medusa_idle",
        "monster_chosen",
        "navy_bonus",
        "no_effect",
        "panic",
        "petrified_removed",
        "phase_started",
        "plague",
        "pool_failed",
        "pool_opened",
        "production_failed",
        "resource_converted",
        "resource_gained",
        "resource_given",
        "round_started",
        "shield_protects",
        "starting_player",
        "supply_empty",
        "talent_copied",
        "volunteers_gained",
        "volunteers_left",
    }
)


def sound_for(event: Event | str) -> str | None:
    """The sound name for an event (or an event kind); ``None`` means stay quiet."""
    kind = event if isinstance(event, str) else event.kind
    return SOUND_FOR_EVENT.get(kind)


def sounds_for(events: list[Event]) -> list[str]:
    """The distinct sounds for a batch of events, in order (one apply can emit dozens)."""
    out: list[str] = []
    for event in events:
        name = sound_for(event)
        if name is not None and name not in out:
            out.append(name)
    return out
