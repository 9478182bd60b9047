"""Setting up a game of Finding Atlantis from the options and a seed."""

from __future__ import annotations

from collections.abc import Mapping

from game.finding.cards import ARTIFACTS, CAPTAINS, hand_cards
from game.finding.ocean import SIZES, generate
from game.finding.state import FindingState

DEFAULTS = {"size": "6", "mode": "classic", "monsters": "sleepy"}


def new_game(num_players: int, options: Mapping[str, str], seed: int) -> FindingState:
    """A fresh game: the map, two captains dealt to each seat, public start spaces, the
    first player. Everything random, here and later, comes from the state's rng, seeded
    with ``seed``, so a save replays from (seed, options, seats)."""
    if not 1 <= num_players <= 4:
        raise ValueError(f"Finding Atlantis is for 1-4 submarines, not {num_players}")
    opts = {**DEFAULTS, **options}
    size = int(opts["size"]) if str(opts["size"]).isdigit() else 0
    if size not in SIZES:
        raise ValueError(f"an ocean map is 6 or 8 spaces wide, not {opts['size']!r}")
    st = FindingState()
    st.rng.seed(seed)
    rng = st.rng
    st.init_fields(num_players, opts, generate(size, rng))
    deck = [a.key for a in ARTIFACTS]
    rng.shuffle(deck)
    st.deck = deck
    order = {c.key: i for i, c in enumerate(CAPTAINS)}
    captains = [c.key for c in CAPTAINS]
    rng.shuffle(captains)
    starts = rng.sample(range(size * size), num_players)
    st.first = rng.randrange(num_players)
    for p in range(num_players):
        pair = tuple(sorted(captains[2 * p : 2 * p + 2], key=order.__getitem__))
        st.dealt[p] = pair  # type: ignore[assignment]
        st.hand[p] = hand_cards(st.pirate)
        st.pos[p] = starts[p]
        st.note(p, "dealt", to=(p,), captains=pair)
    for p in range(num_players):
        st.note(p, "start", at=starts[p])
    st.note(st.first, "first")
    return st
