"""The events Atlantis Rising records, and the data each carries (see :mod:`game.core.events`).

Every event is public. Seats are ``player`` (and ``start``, the starting player); places are
spot ids (``tile``, ``at``, ``spot``: "hills-3", "navy", "centre"), sections by name; cards,
components and councilors by key.
"""

from __future__ import annotations

from game.core.events import declare

EVENTS = declare(
    {
        # the turn
        "round_started": "round start",
        "starting_player": "start",
        "phase_started": "phase",
        "game_won": "",
        "game_lost": "",
        # placing Atlanteans
        "atlantean_placed": "player at courage",
        "atlantean_held": "player",
        "courage_awarded": "player amount",
        # production
        "die_rolled": "die value galley total | die value player tile target",
        "die_boosted": "player tile value target energy",
        "production_failed": "player tile",
        "resource_gained": "player resource amount",
        "energy_gained": "player amount",
        "atlantean_gained": "player amount",
        "supply_empty": "resource | player",
        "crisis_blocks": "player",
        "city_idle": "player tile",
        "transmuted": "player tile atlantium",
        "forge_idle": "player tile",
        "library_empty": "player",
        "cards_drawn": "player tile cards",
        "card_kept": "player card",
        "cards_discarded": "player count",
        "card_drawn": "player card",
        "card_discarded": "player card",
        "deck_shuffled": "deck",
        # knowledge cards, abilities and the energy pool
        "card_played": "player card",
        "ability_used": "player ability",
        "talent_copied": "player councilor",
        "resource_given": "player to resource amount",
        "resource_converted": "player give take",
        "barrier_placed": "player tile",
        "navy_bonus": "n",
        "ballad": "",
        "pool_opened": "purpose section need",
        "energy_pooled": "player amount",
        "pool_failed": "purpose",
        # building the gate
        "component_built": "component player paid double",
        # misfortunes and the sea
        "misfortune_drawn": "player card text",
        "crisis_of_faith": "",
        "lack_of_support": "",
        "earthquake": "",
        "calm_seas": "",
        "no_effect": "",
        "panic": "section",
        "plague": "tile",
        "atlantean_lost": "player",
        "section_gone": "section",
        "barrier_used": "tile",
        "flood_cancelled": "tile section",
        "courage_used": "tile players",
        "barrier_lost": "tile",
        "tile_flooded": "tile section returned tokens_lost",
        "tile_restored": "tile",
        # the Athenians
        "attack_resolved": "attack navy tiles",
        "galley_advanced": "galley",
        "galley_held": "galley",
        "galley_moved": "galley",
        # the monsters module: all of them
        "monsters_act": "phase monsters",
        "monster_chosen": "player monster",
        "volunteers_gained": "player amount",
        "volunteers_left": "player amount",
        "shield_built": "player item cost resource wrath",
        "rattle_built": "player item cost resource wrath",
        "helm_built": "player item cost resource wrath",
        # Medusa Unleashed
        "medusa_moved": "from to roll reason player? rerolls?",
        "medusa_idle": "spot",
        "petrified": "spot pieces cause",
        "petrified_removed": "spot pieces",
        "shield_protects": "player spot",
        "freed": "spot piece by acts_for",
        "curse_broken": "player spot medusa_was petrified_left",
        "medusa_ally": "player reward amount",
        # The Harpies' Lair
        "harpies_moved": "from to roll rerolls reason?",
        "harpies_lured": "from to player",
        "harpies_idle": "spot player?",
        "harpies_raid": "spot victims",
        "harpies_stole": "player spot resource card",
        "harpies_chased": "player spot",
        "harpies_defeated": "player spot",
        # Between Scylla and Charybdis
        "scylla_struck": "roll wanted taken",
        "charybdis_moved": "from to roll rerolls hunger tile",
        "charybdis_swallowed": "tile section",
        "charybdis_calmed": "tile",
        "scylla_defeated": "player freed",
    }
)
