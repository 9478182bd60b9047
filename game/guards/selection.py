"""Choosing heroes: plain picks, Draft, Limited (bans, then picks) and Captain's mode.

A *unit* is what one pick takes: a regular hero, or ``wukhanu`` (Wuk and Hanu together).
Teams must be equal in power, W&H counting as one hero: with an even number of seats the
teams have equal seats and W&H, if picked, is one seat playing both apes (the duo seat); with
an odd number the team with one seat more must field Wuk and Hanu as two of its seats.
The team that picks first holds the initiative token.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.protocol import Action
from game.guards import words
from game.guards.cards import heroes

if TYPE_CHECKING:
    from game.guards.state import GuardsState

KINDS = frozenset({"pick", "ban", "recruit"})
DUO = "wukhanu"


def units() -> tuple[str, ...]:
    """Every unit a game can offer, regular heroes first."""
    have = heroes()
    regular = tuple(h for h in have if have[h].items)
    return regular + ((DUO,) if "wuk" in have and "hanu" in have else ())


def unit_name(u: str) -> str:
    if u == DUO:
        return "Wuk & Hanu"
    return heroes()[u].name


def team_seats(st: GuardsState, team: int) -> list[int]:
    return [s for s in range(st.n) if st.seat_team[s] == team]


def larger_team(st: GuardsState) -> int | None:
    a, b = len(team_seats(st, 0)), len(team_seats(st, 1))
    return None if a == b else (0 if a > b else 1)


def needed_units(n: int) -> int:
    return n - (n % 2)


def open_seats(st: GuardsState, team: int) -> list[int]:
    return [s for s in team_seats(st, team) if st.picks[s] is None]


def taken(st: GuardsState) -> set[str]:
    out = {p for p in st.picks if p is not None}
    if "wuk" in out:
        out.add(DUO)
    return out


def setup(st: GuardsState) -> None:
    """Prepare the chosen mode (the rng draws the first team, the draft packs, the deal)."""
    st.first_team = st.rng.randrange(2)
    st.token = st.first_team
    pool = units()
    st.pool = pool
    odd = st.n % 2 == 1
    if st.mode == "draft":
        rest = [u for u in pool if not (odd and u == DUO)]
        st.rng.shuffle(rest)
        half = (len(rest) + 1) // 2
        st.packs = (tuple(rest[:half]), tuple(rest[half:]))
        if odd:
            _assign_duo_pair(st, larger_team(st))  # type: ignore[arg-type]
    elif st.mode == "captains":
        _deal(st)


def _assign_duo_pair(st: GuardsState, team: int) -> None:
    seats = open_seats(st, team)
    st.picks[seats[-2]] = "wuk"
    st.picks[seats[-1]] = "hanu"


def _deal(st: GuardsState) -> None:
    """Captain's mode: a captain per team (its lowest seat), every seat dealt a hero."""
    caps = (team_seats(st, 0)[0], team_seats(st, 1)[0])
    st.captains = caps
    pool = [u for u in st.pool if u != DUO]
    odd = st.n % 2 == 1
    seats = list(range(st.n))
    if odd:  # the apes' two seats never hold both captains (they play on one team)
        a = seats[st.rng.randrange(len(seats))]
        rest = [s for s in seats if s != a and not (a in caps and s in caps)]
        pair = [a, rest[st.rng.randrange(len(rest))]]
        st.dealt[min(pair)] = "wuk"
        st.dealt[max(pair)] = "hanu"
        seats = [s for s in seats if s not in pair]
    if len(pool) < len(seats) and DUO in st.pool and not odd:
        pool.append(DUO)
    chosen = st.rng.sample(pool, len(seats))
    for s, u in zip(seats, chosen, strict=True):
        st.dealt[s] = u
    st.seat_team = [-1] * st.n
    for team, cap in enumerate(caps):
        _join(st, cap, team)


def _join(st: GuardsState, seat: int, team: int) -> None:
    st.seat_team[seat] = team
    st.picks[seat] = st.dealt[seat]
    if st.dealt[seat] in ("wuk", "hanu"):
        partner = st.dealt.index("hanu" if st.dealt[seat] == "wuk" else "wuk")
        st.seat_team[partner] = team
        st.picks[partner] = st.dealt[partner]


# --- whose choice ------------------------------------------------------------------------------------
def done(st: GuardsState) -> bool:
    return all(p is not None for p in st.picks)


def picking_team(st: GuardsState) -> int:
    """Teams alternate, the first team first; a team with no open seat is skipped."""
    team = (st.first_team + st.sel_turn) % 2
    if st.mode == "captains":
        return team
    if not open_seats(st, team):
        team = 1 - team
    return team


def banning(st: GuardsState) -> bool:
    if st.mode != "limited":
        return False
    left = len(st.pool) - len(st.bans)
    return left > needed_units(st.n)


def decider(st: GuardsState) -> tuple[str, int]:
    """(decision kind, seat) of the current selection step."""
    team = picking_team(st)
    if st.mode == "captains":
        return "recruit", st.captains[team]
    if banning(st):
        return "ban", team_seats(st, team)[0]
    return "pick", open_seats(st, team)[0]


def pick_options(st: GuardsState, team: int) -> list[str]:
    gone = taken(st) | set(st.bans)
    if st.mode == "draft":
        pack = st.packs[(st.sel_turn // 2 + (team != st.first_team)) % 2]
        avail = [u for u in pack if u not in gone] or [
            u for p in st.packs for u in p if u not in gone
        ]
    else:
        avail = [u for u in st.pool if u not in gone]
    big = larger_team(st)
    free = len(open_seats(st, team))
    if big is None:
        return avail
    if team != big:
        return [u for u in avail if u != DUO]
    if DUO in gone:
        return [u for u in avail if u != DUO]
    if free == 2:
        return [DUO] if DUO in avail else []
    return avail


def ban_options(st: GuardsState) -> list[str]:
    gone = set(st.bans)
    odd = st.n % 2 == 1
    return [u for u in st.pool if u not in gone and not (odd and u == DUO)]


def recruit_options(st: GuardsState) -> list[int]:
    out = []
    for s in range(st.n):
        if st.seat_team[s] != -1:
            continue
        if st.dealt[s] == "hanu":
            continue  # recruited with Wuk
        out.append(s)
    return out


def legal(st: GuardsState, player: int) -> list[Action]:
    kind, seat = decider(st)
    if player != seat:
        return []
    if kind == "recruit":
        return [Action.make(seat, "recruit", seat=s) for s in recruit_options(st)]
    if kind == "ban":
        return [Action.make(seat, "ban", hero=u) for u in ban_options(st)]
    return [Action.make(seat, "pick", hero=u) for u in pick_options(st, st.seat_team[seat])]


def apply(st: GuardsState, a: Action) -> None:
    if a.kind == "ban":
        st.bans = (*st.bans, a["hero"])
        st.emit(
            "ban",
            lambda st=st, a=a: (
                f"{words.says(st.player_name(a.player), 'bans')} {unit_name(a['hero'])}.",
                {"seat": a.player, "hero": a["hero"]},
            ),
        )
    elif a.kind == "recruit":
        team = picking_team(st)
        _join(st, a["seat"], team)
        st.emit(
            "recruit",
            lambda st=st, team=team, a=a: (
                (
                    f"The {st.team_name(team)} take {words.obj(st.player_name(a['seat']))} "
                    f"({unit_name(DUO if st.dealt[a['seat']] == 'wuk' else st.dealt[a['seat']])})."
                ),
                {"seat": a["seat"], "team": team},
            ),
        )
    else:
        u = a["hero"]
        team = st.seat_team[a.player]
        if u == DUO and larger_team(st) is not None:
            _assign_duo_pair(st, team)
        else:
            st.picks[a.player] = u
        st.emit(
            "pick",
            lambda st=st, u=u, a=a: (
                f"{words.says(st.player_name(a.player), 'picks')} {unit_name(u)}.",
                {"seat": a.player, "hero": u},
            ),
        )
    st.sel_turn += 1 if a.kind != "ban" else 0
    if a.kind == "ban":
        st.sel_turn += 1
        if not banning(st):
            st.sel_turn = 0
    if done(st):
        finish(st)


def finish(st: GuardsState) -> None:
    """Heroes from the picks, in seat order; then every hero is placed on its throne."""
    from game.guards.setup import add_hero

    for s in range(st.n):
        u = st.picks[s]
        for hid in ("wuk", "hanu") if u == DUO else (u,):
            add_hero(st, s, hid)
    st.phase = "place"
    st.place_queue = tuple(st.heroes)
