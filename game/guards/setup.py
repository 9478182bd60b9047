"""A new game of Guards of Atlantis from the seats (with their teams), the options and a seed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.guards import selection, turns
from game.guards.geo import get
from game.guards.state import MAX_ROUNDS, GuardsState

DEFAULTS = {"board": "auto", "selection": "pick", "towers": "off"}
#: the shipped boards: the one-lane board for up to 6 seats, the two-lane one above
BOARDS = {"small": "one_lane", "large": "two_lane"}
MODES = ("pick", "draft", "limited", "captains")


def default_teams(n: int) -> list[int]:
    """Seats alternate Titans, Atlanteans; with an odd count the Titans have one seat more
    (and field Wuk and Hanu as two seats)."""
    return [i % 2 for i in range(n)]


def board_for(n: int, choice: str) -> str:
    if choice in ("", "auto"):
        return BOARDS["small"] if n <= 6 else BOARDS["large"]
    return choice


def new_game(seats: Any, options: Mapping[str, str], seed: int) -> GuardsState:
    """Seats: a list of :class:`~game.core.saves.Seat` (their ``team`` is used) or a count."""
    if isinstance(seats, int):
        names = [""] * seats
        teams = default_teams(seats)
    else:
        names = [getattr(s, "name", "") for s in seats]
        teams = [s.team if s.team is not None else i % 2 for i, s in enumerate(seats)]
    n = len(teams)
    opts = {**DEFAULTS, **options}
    if not 2 <= n <= 10:
        raise ValueError(f"Guards of Atlantis is for 2-10 players, not {n}")
    if any(t not in (0, 1) for t in teams):
        raise ValueError("every seat must be a Titan (team 0) or an Atlantean (team 1)")
    a, b = teams.count(0), teams.count(1)
    if abs(a - b) > 1 or not a or not b:
        raise ValueError(
            f"the teams must be even (one seat apart at most with an odd count), not {a} and {b}"
        )
    if opts["selection"] not in MODES:
        raise ValueError(f"hero selection must be one of {', '.join(MODES)}")
    pool = selection.units()
    need = selection.needed_units(n)
    if n % 2 and selection.DUO not in pool:
        raise ValueError("an odd number of players needs Wuk and Hanu, whose files are missing")
    if len(pool) < need:
        raise ValueError(f"{n} players need {need} heroes to choose from; only {len(pool)} exist")
    towers = opts["towers"]
    st = GuardsState()
    st.rng.seed(seed)
    st.options = dict(opts)
    st.n = n
    st.names = tuple(names)
    st.board = board_for(n, opts["board"])
    get(st.board)  # fail now on a board that does not exist
    st.mode = opts["selection"]
    st.phase = "select"
    st.round = 0
    st.turn = 0
    st.token = 0
    st.winner = None
    st.win_how = ""
    st.pushes = 0
    st.tower_goal = 0 if towers in ("", "off") else int(towers)
    st.max_rounds = MAX_ROUNDS
    st.flip = False
    st.pend = None
    st.tie = None
    st.queue = ()
    st.place_queue = ()
    st.level_queue = ()
    st.combat_lanes = ()
    st.sel_turn = 0
    st.first_team = 0
    st.pool = ()
    st.bans = ()
    st.packs = ((), ())
    st.captains = ()
    st.seat_team = list(teams)
    st.seat_heroes = [()] * n
    st.picks = [None] * n
    st.dealt = [None] * n
    for k in (
        "hero_id", "seat_of", "team_of", "pos", "level", "coins", "slots", "items", "ult",
        "hand", "out", "red_lock", "back", "commit", "minions", "auras",
    ):  # fmt: skip
        setattr(st, k, [])
    st.occ = {}
    st.tokens = {}
    lanes = len(st.geo.lanes)
    st.battle = [len(z) // 2 for z in st.geo.lanes]
    st.towers = [0, 0]
    st.defeats = [0, 0]
    for lane in range(lanes):
        zone = st.geo.lanes[lane][st.battle[lane]]
        for team in (0, 1):
            for kind in ("heavy", "ranged", "melee"):
                for _ in st.geo.lane_minion_icons(zone, team, kind):
                    st.minions.append((lane, team, kind, None))
    selection.setup(st)
    if selection.done(st):
        selection.finish(st)
    turns.advance(st)
    return st


def add_hero(st: GuardsState, seat: int, hid: str) -> int:
    from game.guards.cards import heroes

    hero = heroes()[hid]
    h = len(st.hero_id)
    st.hero_id.append(hid)
    st.seat_of.append(seat)
    st.team_of.append(st.seat_team[seat])
    st.seat_heroes[seat] = (*st.seat_heroes[seat], h)
    st.pos.append(None)
    st.level.append(1)
    st.coins.append(0)
    start = hero.starting()
    st.slots.append(tuple(start[c] for c in ("gold", "black", "red", "blue", "green")))
    st.items.append(())
    st.ult.append(False)
    st.hand.append(("gold", "black", "red", "blue", "green"))
    st.out.append(())
    st.red_lock.append(0)
    st.back.append(0)
    st.commit.append(None)
    return h
