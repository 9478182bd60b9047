"""The turn machine: placement, the four turns of a round, and the way to the next round.

:func:`advance` runs everything that needs nobody's choice (reveals, initiative order without
ties, minion placement, card retrieval, token removal) and stops at the next decision;
:func:`apply` carries out one chosen action of the flow (selection has its own module, the
end of a round :mod:`game.guards.rounds`). The phases are declared in :data:`PHASES`; who decides
in each, and the decision in words, is :func:`who` and :func:`decision` at the end.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import filterfalse
from typing import TYPE_CHECKING, Any

from game.core.hidden import HIDDEN
from game.core.protocol import Action, Decision
from game.guards import combat, effects, selection, units, words
from game.guards.cards import Card, card
from game.guards.cards import heroes as hero_table
from game.guards.effects import DONE, WAIT, Ask
from game.guards.rounds import (
    begin_turn,
    combat_options,
    level_next,
    level_up,
    minion_combat,
    new_round,
    remove_minion,
)  # fmt: skip

if TYPE_CHECKING:
    from game.guards.state import GuardsState

TURNS = 4
#: the stages of a card's action that wait for its owner: the kind, then a move's destination
_ACTING = frozenset({"act", "move", "fast"})
#: the steps of a card's action its owner may take back while the card still waits for them
TAKE_BACK = frozenset({"act", "move", "fast", "primary", "choose"})


# --- small questions ----------------------------------------------------------------------------
def playing(st: GuardsState, seat: int) -> tuple[int, ...]:
    """The seat's heroes that must commit a card this turn (on the board, cards in hand)."""
    pos, hand, commit = st.pos, st.hand, st.commit
    return tuple(
        h for h in st.seat_heroes[seat]
        if pos[h] is not None and hand[h] and commit[h] is None
    )  # fmt: skip


def seats_to_play(st: GuardsState) -> tuple[int, ...]:
    """The seats with a hero that must still commit a card, in seat order."""
    commit = st.commit
    if None not in commit:
        return ()
    pos, hand = st.pos, st.hand
    out = []
    for seat, heroes in enumerate(st.seat_heroes):
        for h in heroes:
            if commit[h] is None and pos[h] is not None and hand[h]:
                out.append(seat)
                break
    return tuple(out)


def anyone_to_play(st: GuardsState) -> bool:
    """Does any hero still have to commit a card (:func:`seats_to_play` is not empty)?"""
    pos, hand = st.pos, st.hand
    for h, c in enumerate(st.commit):
        if c is None and pos[h] is not None and hand[h]:
            return True
    return False


def spawn_options(st: GuardsState, h: int) -> tuple[Any, ...]:
    """Empty spawn points of the hero's throne, else empty spaces next to one."""
    spawns = st.geo.spawns[st.team_of[h]]
    opts = [hx for hx in spawns if units.free(st, hx)]
    if opts:
        return tuple(opts)
    near = {n for hx in spawns for n in st.geo.nbrs[hx] if units.free(st, n)}
    return tuple(sorted(near, key=lambda x: (x[1], x[0])))


def move_value(st: GuardsState, h: int, c: Card) -> int | None:
    v = units.icon(st, h, c, "move")
    if v is None:
        return None
    cap = units.move_limit(st, h)
    return v if cap is None else min(v, cap)


def regular_moves(st: GuardsState, h: int, c: Card, blk: set[Any] | None = None) -> list[Any]:
    v = move_value(st, h, c)
    if v is None:
        return []
    return list(st.geo.reachable(st.pos[h], v, units.blocked(st) if blk is None else blk))


def fast_moves(st: GuardsState, h: int, c: Card, blk: set[Any] | None = None) -> list[Any]:
    """Fast travel: a card with a move icon, to any empty space of the same or an adjacent zone
    when neither zone holds an enemy unit."""
    if c.move is None or not units.can_fast_travel(st, h):
        return []
    geo = st.geo
    hostile = _hostile_zones(st, st.team_of[h])
    here = geo.zone_of[st.pos[h]]
    if here in hostile:
        return []
    if blk is None:
        blk = units.blocked(st)
    taken = blk.__contains__
    out: list[Any] = []
    zone_open = geo.zone_open
    for z in geo.zone_near[here]:
        if z not in hostile:
            out += filterfalse(taken, zone_open[z])
    return out


def _hostile_zones(st: GuardsState, team: int) -> set[int]:
    """The zones holding a unit of the other team (fast travel neither leaves nor enters them)."""
    zone_of = st.geo.zone_of
    team_of, minions = st.team_of, st.minions
    return {
        zone_of[hx]
        for hx, code in st.occ.items()
        if (team_of[code] if code >= 0 else minions[~code][1]) != team
    }


def can_fast(st: GuardsState, h: int, c: Card) -> bool:
    """Is there at least one fast travel destination (:func:`fast_moves` not empty)? The act
    step asks only this; the destinations are listed once fast travel is chosen."""
    if c.move is None or not units.can_fast_travel(st, h):
        return False
    geo = st.geo
    zone_of = geo.zone_of
    here = zone_of[st.pos[h]]
    team = st.team_of[h]
    team_of, minions = st.team_of, st.minions
    occ, tokens = st.occ, st.tokens
    hostile = set()
    for hx, code in occ.items():
        if (team_of[code] if code >= 0 else minions[~code][1]) != team:
            z = zone_of[hx]
            if z == here:
                return False
            hostile.add(z)
    zone_open = geo.zone_open
    for z in geo.zone_near[here]:
        if z in hostile:
            continue
        for hx in zone_open[z]:
            if hx not in occ and (hx not in tokens or tokens[hx][0] != "magma"):
                return True
    return False


def can_primary(st: GuardsState, h: int, c: Card) -> bool:
    """May the card's primary action be chosen now? Only when it can change something
    (:func:`game.guards.effects.why_not` says why not otherwise)."""
    return effects.feasible(st, h, c)


def act_options(st: GuardsState, h: int) -> tuple[list[Any], list[Any], bool]:
    """(regular move destinations, fast travel destinations, primary possible).

    Asked several times per decision (to offer, to check, by a bot), so the answer is kept
    with everything it depends on: the units' places, tokens, auras, the card and its items.
    """
    c = st.card_in(h, st.commit[h])
    key = (h, c.id, st.items[h], st.ult[h], st.coins[h])
    occ, tokens, auras = st.occ, st.tokens, st.auras
    memo = st.__dict__.get("_act_memo")
    if (
        memo is not None
        and memo[0] == key
        and memo[1] == occ
        and memo[2] == tokens
        and memo[3] == auras
    ):
        return memo[4]
    prim = can_primary(st, h, c)
    blk = units.blocked(st)
    out = (regular_moves(st, h, c, blk), fast_moves(st, h, c, blk), prim)
    st._act_memo = (key, occ.copy(), tokens.copy(), auras[:], out)
    return out


# --- the machine ---------------------------------------------------------------------------------------
def advance(st: GuardsState) -> None:
    """Run the game on until someone must decide (or it is over)."""
    while st.winner is None:
        if st.pend is not None or st.tie is not None:
            return
        pr = st.prog
        if pr is not None:
            if pr["ask"] is not None or pr["stage"] in _ACTING:
                return
            run_program(st)
            continue
        step = PHASES.get(st.phase)
        if step is None or step(st):
            return
    st.phase = "over"
    st.prog = None
    st.pend = None
    st.tie = None


# --- the phases: each does what the game does by itself, True once someone must decide ------
def _selecting(st: GuardsState) -> bool:
    return True  # every step of hero selection is somebody's choice (game.guards.selection)


def _placing(st: GuardsState) -> bool:
    if st.place_queue:
        return True
    for lane in range(len(st.geo.lanes)):
        combat.place_lane_minions(st, lane)
    st.round = 1
    begin_turn(st, 1)
    return False


def _playing(st: GuardsState) -> bool:
    if anyone_to_play(st):
        return True
    reveal(st)
    return False


def _resolving(st: GuardsState) -> bool:
    next_hero(st)
    return False


def _respawning(st: GuardsState) -> bool:
    if st.place_queue:
        return True
    begin_turn(st, st.turn + 1)
    return False


def _fighting(st: GuardsState) -> bool:
    return not minion_combat(st)


def _levelling(st: GuardsState) -> bool:
    if level_next(st):
        return True
    new_round(st)
    return False


#: the turn machine's phases in the order a round meets them ("over" has none: it stops)
PHASES: dict[str, Callable[[GuardsState], bool]] = {
    "select": _selecting,
    "place": _placing,
    "play": _playing,
    "resolve": _resolving,
    "respawn": _respawning,
    "combat": _fighting,
    "level": _levelling,
}


def reveal(st: GuardsState) -> None:
    shown = []
    queue = []
    holds = []
    commit, hand, out = st.commit, st.hand, st.out
    for h, col in enumerate(commit):
        if col is None:
            continue
        if col == HIDDEN:  # a view played on as it is: its canonical world plays the first card
            col = commit[h] = hand[h][0]
        held = hand[h]  # a hand holds each colour once (a look-ahead may commit one it lacks)
        if col in held:
            i = held.index(col)
            hand[h] = held[:i] + held[i + 1 :]
        out[h] = (*out[h], col)
        c = st.card_in(h, col)
        shown.append((h, c.id))
        if col != "black":
            queue.append(h)
        if c.colour == "black":
            holds.append(h)
    st.emit(
        "reveal",
        lambda st=st, shown=shown: (
            (
                "The cards are revealed: "
                + ", ".join(f"{st.hero_name(h)} {card(cid).name}" for h, cid in shown)
                + "."
            ),
            {"cards": tuple(shown)},
        ),
    )
    for h in holds:
        st.emit("hold", lambda st=st, h=h: (f"{st.hero_name(h)} holds.", {"hero": h}))
    st.queue = tuple(queue)
    st.phase = "resolve"


def next_hero(st: GuardsState) -> None:
    """Pick who resolves next: the highest initiative; a tie goes to a team's choice."""
    q = st.queue
    if not q:
        end_turn(st)
        return
    commit = st.commit
    # a revealed card's initiative holds all turn (levels and items change between rounds), so
    # it is worked out once per hero and turn: kept with this turn's list of commits
    try:
        memo = st._inits
    except AttributeError:
        memo = None
    if memo is None or memo[0] is not commit:
        memo = st._inits = (commit, {})
    known = memo[1]
    top = -2
    tied: list[int] = []
    for h in q:  # the highest initiative, and who shares it (in queue order)
        v = known.get(h)
        if v is None:
            v = known[h] = units.initiative(st, h, commit[h])
        if v > top:
            top = v
            tied = [h]
        elif v == top:
            tied.append(h)
    if len(tied) == 1:
        start(st, tied[0])
        return
    if len({st.team_of[h] for h in tied}) == 1:
        st.flip = False
        st.tie = tuple(tied)
        return
    mine = [h for h in tied if st.team_of[h] == st.token]
    st.flip = True
    if len(mine) == 1:
        start(st, mine[0])
    else:
        st.tie = tuple(mine)


def start(st: GuardsState, h: int) -> None:
    c = st.card_in(h, st.commit[h])
    st.prog = {
        "h": h, "card": c.id, "colour": st.commit[h], "stage": "act", "i": 0, "sub": None,
        "last": None, "moved": False, "ask": None, "run": False,
    }  # fmt: skip
    st.emit(
        "resolve",
        lambda st=st, h=h, c=c: (
            f"{st.hero_name(h)} resolves {c.name}.",
            {"hero": h, "card": c.id},
        ),
    )
    if c.move is not None:  # a move icon: the hero may always move (staying counts), so its
        return  # owner chooses among act_options; nothing to work out before that
    if effects.feasible(st, h, c):
        begin_primary(st)
    else:
        st.emit(
            "idle",
            lambda st=st, h=h, c=c: (
                f"{st.hero_name(h)} can do nothing with {c.name}.",
                {"hero": h},
            ),
        )
        finish(st)


def begin_primary(st: GuardsState) -> None:
    pr = st.prog
    pr["stage"] = "run"  # type: ignore[index]
    pr["run"] = True  # type: ignore[index]
    run_program(st)


def run_program(st: GuardsState) -> None:
    """Run the resolving card's steps until one needs a choice or a defense (or all are done)."""
    while True:
        pr = st.prog
        if pr is None:
            return
        if st.winner is not None:
            st.prog = None
            return
        h = pr["h"]
        steps = card(pr["card"]).effect if pr["run"] else ()
        if st.pos[h] is None or pr["i"] >= len(steps):
            finish(st)
            return
        s = steps[pr["i"]]
        if not _handle(st, pr, effects.STEPS[s.name](st, pr, s, None)):
            return


def _handle(st: GuardsState, pr: dict[str, Any], res: Any) -> bool:
    """True when the step is done (the program moves on)."""
    if isinstance(res, Ask):
        pr["ask"] = res
        return False
    if res == WAIT:
        return False
    assert res == DONE
    pr["i"] += 1
    pr["sub"] = None
    return True


def finish(st: GuardsState) -> None:
    pr = st.prog
    st.prog = None
    if pr is not None:
        h = pr["h"]
        st.queue = tuple(x for x in st.queue if x != h)
    if st.flip:
        st.flip = False
        st.token = 1 - st.token
        st.emit(
            "token",
            lambda st=st: (
                f"The initiative token goes to the {st.team_name(st.token)}.",
                {"team": st.token},
            ),
        )


def end_turn(st: GuardsState) -> None:
    st.auras = [a for a in st.auras if a[3] != "turn"]
    st.commit = [None] * len(st.hero_id)
    if st.turn == 1:
        back = tuple(h for h in st.heroes if st.pos[h] is None and 0 < st.back[h] <= st.round)
        if back:
            st.place_queue = back
            st.phase = "respawn"
            return
    if st.turn < TURNS:
        begin_turn(st, st.turn + 1)
        return
    st.phase = "combat"
    st.combat_lanes = tuple(range(len(st.geo.lanes)))


# --- actions of the flow -----------------------------------------------------------------------------------
def apply(st: GuardsState, a: Action) -> None:
    """Carry out one action of the flow (legal.py offers no kind without a handler)."""
    HANDLERS[a.kind](st, a)


def _play(st: GuardsState, a: Action) -> None:
    commit = st.commit
    for h, col in zip(playing(st, a.player), a.args[0][1], strict=True):
        commit[h] = col
    st.emit(
        "committed",
        lambda st=st, a=a: (
            f"{words.says(st.player_name(a.player), 'plays')} face down.",
            {"seat": a.player},
        ),
    )


def _move(st: GuardsState, a: Action) -> None:
    kind = a.kind
    pr = st.prog
    h = pr["h"]  # type: ignore[index]
    pr["stage"] = "run"  # type: ignore[index]
    to = a.args[0][1]
    if to != st.pos[h]:
        units.move_unit(st, h, to)
        word = "moves" if kind == "move" else "fast travels"
        st.emit(
            kind,
            lambda st=st, h=h, to=to, word=word: (
                f"{st.hero_name(h)} {word}.",
                {"hero": h, "to": to},
            ),
        )
        if combat.arrive(st, h):
            return
    run_program(st)


def _choose_kind(st: GuardsState, a: Action) -> None:
    """The kind chosen: its destinations are the next decision."""
    st.prog["stage"] = a.args[0][1]  # type: ignore[index]


def _place(st: GuardsState, a: Action) -> None:
    h = a["hero"]
    units.move_unit(st, h, a["at"])
    st.place_queue = st.place_queue[1:]
    if st.phase == "respawn":
        st.back[h] = 0
        st.emit(
            "respawn",
            lambda st=st, h=h, a=a: (
                f"{st.hero_name(h)} returns to the fight.",
                {"hero": h, "at": a["at"]},
            ),
        )
    else:
        st.emit(
            "placed",
            lambda st=st, h=h, a=a: (
                f"{st.hero_name(h)} takes the field.",
                {"hero": h, "at": a["at"]},
            ),
        )


def _go_first(st: GuardsState, a: Action) -> None:
    h = a["hero"]
    st.tie = None
    start(st, h)


def _primary(st: GuardsState, a: Action) -> None:
    begin_primary(st)


def _choose(st: GuardsState, a: Action) -> None:
    pr = st.prog
    pr["ask"] = None  # type: ignore[index]
    s = card(pr["card"]).effect[pr["i"]]  # type: ignore[index]
    if _handle(st, pr, effects.STEPS[s.name](st, pr, s, a["option"])):  # type: ignore[arg-type]
        run_program(st)


def _defend(st: GuardsState, a: Action) -> None:
    combat.resolve_pending(st, a["card"])
    if st.prog is not None and st.winner is None:
        run_program(st)


def _remove(st: GuardsState, a: Action) -> None:
    lane = st.combat_lanes[0]
    st.combat_lanes = st.combat_lanes[1:]
    remove_minion(st, lane, a["at"])


def _level(st: GuardsState, a: Action) -> None:
    h = st.level_queue[0]
    if a["card"]:
        level_up(st, h, a["card"])
    else:
        st.level_queue = st.level_queue[1:]


#: each action kind of the flow and what it does (hero selection's kinds: game.guards.selection)
HANDLERS: dict[str, Callable[[GuardsState, Action], None]] = {
    "play": _play,
    "move": _move,
    "fast": _move,
    "act": _choose_kind,
    "place": _place,
    "first": _go_first,
    "primary": _primary,
    "choose": _choose,
    "defend": _defend,
    "remove": _remove,
    "level": _level,
}


# --- who decides now, and the decision in words -------------------------------------------------
#: the act step's choices in a player's words (decision prompts, refusals, descriptions)
ACT_WORDS = {"move": "move", "fast": "fast travel", "primary": "use the card's action"}


def who(st: GuardsState) -> tuple[str, tuple[int, ...]] | None:
    """The pending decision's kind and seats, without its words (legal_actions asks this on
    every move; :func:`decision` adds the prompt and data)."""
    if st.winner is not None:
        return None
    if st.pend is not None:
        return "defend", (st.seat_of[st.pend[1]],)
    if st.tie is not None:
        seat_of = st.seat_of
        return "first", (min(seat_of[h] for h in st.tie),)
    pr = st.prog
    if pr is not None:
        if pr["ask"] is not None:
            return "choose", (st.seat_of[pr["h"]],)
        stage = pr["stage"]
        if stage == "act" or stage == "move" or stage == "fast":
            return stage, (st.seat_of[pr["h"]],)
    asks = _PHASE_DECIDERS.get(st.phase)
    return None if asks is None else asks(st)


# --- who decides in each phase of the turn machine (PHASES above) ----------------
Who = tuple[str, tuple[int, ...]]


def _player_seats(st: GuardsState) -> Who | None:
    seats = seats_to_play(st)
    return ("play", seats) if seats else None


def _selector(st: GuardsState) -> Who | None:
    kind, seat = selection.decider(st)
    return kind, (seat,)


def _placer(st: GuardsState) -> Who | None:
    return "place", (st.seat_of[st.place_queue[0]],)


def _remover(st: GuardsState) -> Who | None:
    if not st.combat_lanes:
        return None
    team, _ = combat_options(st, st.combat_lanes[0])
    return "remove", (min(s for s in range(st.n) if st.seat_team[s] == team),)


def _leveller(st: GuardsState) -> Who | None:
    return ("level", (st.seat_of[st.level_queue[0]],)) if st.level_queue else None


_PHASE_DECIDERS: dict[str, Callable[[GuardsState], Who | None]] = {
    "play": _player_seats,
    "select": _selector,
    "place": _placer,
    "respawn": _placer,
    "combat": _remover,
    "level": _leveller,
}


@lru_cache(maxsize=8192)
def _play_decision(seats: tuple[int, ...], turn: int) -> Decision:
    """The face-down play: the same few values all game long, so one object each."""
    return Decision(seats, "play", "Play a card face down", {"turn": turn})


@lru_cache(maxsize=8192)
def _card_decision(seats: tuple[int, ...], kind: str, h: int, hero: str, card_id: str) -> Decision:
    """The steps of a card's action: a third of all decisions, from few values, so one object
    each (prompts in the hero's and the card's names)."""
    name = hero_table()[hero].name
    if kind == "act":
        prompt = f"{name}: move, fast travel or use {card(card_id).name}?"
    else:
        prompt = f"{name}: where to {ACT_WORDS[kind]}?"
    return Decision(seats, kind, prompt, {"hero": h}, public=True)


def decision(st: GuardsState) -> Decision | None:
    w = who(st)
    if w is None:
        return None
    kind, seats = w
    if kind == "play":
        return _play_decision(seats, st.turn)
    if kind == "act" or kind == "move" or kind == "fast":
        pr = st.prog
        h = pr["h"]  # type: ignore[index]
        return _card_decision(seats, kind, h, st.hero_id[h], pr["card"])  # type: ignore[index]
    if kind == "defend":
        ptype, target, _, value = st.pend  # type: ignore[misc]
        if ptype == "attack":
            text = f"{st.hero_name(target)} is attacked ({value}): discard a card to defend?"
        else:
            text = f"{st.hero_name(target)} must throw away a card or be defeated"
        # "why": an attack to defend against, or a discard (a mine, Rattle) to pay
        return Decision(seats, "defend", text, {"hero": target, "value": value, "why": ptype})
    if kind == "choose":
        pr = st.prog
        return Decision(seats, "choose", pr["ask"].prompt or "Choose",  # type: ignore[index]
                        {"hero": pr["h"], "ask": pr["ask"].kind}, public=True)  # type: ignore[index]  # fmt: skip
    if kind == "first":
        return Decision(seats, "first", "Tied initiative: who of your team goes first?",
                        {"heroes": st.tie}, public=True)  # fmt: skip
    if kind == "place":
        h = st.place_queue[0]
        return Decision(seats, "place", f"Where does {st.hero_name(h)} enter?",
                        {"hero": h}, public=True)  # fmt: skip
    if kind == "remove":
        return Decision(seats, "remove", "Outnumbered: which minion falls back?",
                        {"lane": st.combat_lanes[0]}, public=True)  # fmt: skip
    if kind == "level":
        h = st.level_queue[0]
        return Decision(seats, "level", f"Level up {st.hero_name(h)}?", {"hero": h},
                        public=True)  # fmt: skip
    return Decision(seats, kind, f"{kind.capitalize()} a hero" if kind != "recruit"
                    else "Recruit a player for your team", public=True)  # fmt: skip
