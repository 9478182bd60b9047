"""Setting up a game of Atlantis Rising from the options and a seed."""

from __future__ import annotations

from collections.abc import Mapping

from game.rising import components as comps
from game.rising import councilors, monsters, turns
from game.rising import knowledge as know
from game.rising import misfortunes as misf
from game.rising.state import RisingState

STARTING_ATLANTEANS = 3
DIFFICULTIES = tuple(comps.DIFFICULTY_DECKS)


def new_game(num_players: int, options: Mapping[str, str], seed: int) -> RisingState:
    """A fresh game: blueprint, shuffled decks, 3 Atlanteans and 1 energy per councilor.

    Who plays which councilor is the ``councilors`` option (:func:`councilors.assign`); without
    it seat ``i`` plays councilor ``i`` (Explorer, Emissary, Scholar, Priest, Artificer,
    Champion), as in every game saved before the choice. All randomness comes from ``seed``.
    """
    if not 2 <= num_players <= 6:
        raise ValueError(f"Atlantis Rising is for 2-6 councilors, not {num_players}")
    opts = {
        "difficulty": "normal", "energy_start": "yes", "fast": "no", "monsters": "none",
        "councilors": "",
    }  # fmt: skip
    opts.update(options)
    difficulty = opts["difficulty"]
    if difficulty not in comps.DIFFICULTY_DECKS:
        raise ValueError(f"unknown difficulty {difficulty!r} (one of {', '.join(DIFFICULTIES)})")
    st = RisingState()
    # who plays whom is st.councilor (the options stay as games before the choice kept them)
    choices = [c.strip() for c in opts.pop("councilors").split(",") if c.strip()]
    st._init_fields(num_players, opts)
    st.councilor = councilors.assign(choices, num_players, seed)
    st.rng.seed(seed)
    rng = st.rng
    blueprint = [comps.POWER_CORE]
    for letter in comps.DIFFICULTY_DECKS[difficulty]:
        blueprint += sorted(rng.sample(comps.deck(letter), 3))
    st.blueprint = tuple(blueprint)
    st.built = [-1] * len(blueprint)
    st.mdeck = misf.build_deck()
    rng.shuffle(st.mdeck)
    st.kdeck = know.build_deck()
    rng.shuffle(st.kdeck)
    start_energy = 1 if opts["energy_start"] == "yes" else 0
    for p in range(num_players):
        st.owned_colour[p] = STARTING_ATLANTEANS
        st.home[p] = STARTING_ATLANTEANS
        st.energy[p] = start_energy
        st.energy_supply -= start_energy
    monsters.setup(st, opts["monsters"])  # monsters module: nothing happens for "none"
    turns.run(st)
    return st
