"""What every action does: the handler tables for action cards, captains and artifacts.

``apply`` charges the action (free ones cost nothing), runs the handler named by the action's
kind (and, for captains and artifacts, by the card's key) and passes the turn after the last
action. Handlers change plain fields and record chart entries through ``state.note``; the
position of a submarine is only ever written to a private entry unless the rule makes it
public.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.core.protocol import Action
from game.finding import hazards
from game.finding.cards import ARTIFACT, CAPTAIN, CAPTAIN_CARD, hand_cards
from game.finding.ocean import cell_at, step, xy
from game.finding.readings import answer, card_reading

if TYPE_CHECKING:
    from game.finding.state import FindingState

Handler = Callable[["FindingState", Action], None]
#: actions in a turn (free actions do not count)
ACTIONS_PER_TURN = 2


# --- shared pieces ----------------------------------------------------------------------------
def read(st: FindingState, p: int, kind: str, args: tuple = ()) -> str:
    """Take a reading from ``p``'s true cell and record it publicly (no place); first value."""
    r = answer(kind, args, st.pos[p], st)  # type: ignore[arg-type]
    st.note(p, kind, reading=r)
    return r.result[0]


def known_at(st: FindingState, p: int) -> int | None:
    """``p``'s cell for its own private entries: ``None`` while it is lost."""
    return None if st.lost[p] else st.pos[p]


def hidden_move(
    st: FindingState, p: int, by: str, shape: str, reach: int, direction: str, distance: int
) -> None:
    """A move only its mover sees: the table learns who moved and how far it could go."""
    here = st.pos[p]
    assert here is not None
    moved = 0
    stopped = False
    for _ in range(distance):
        nxt = step(st.size, here, direction)
        if nxt is None:
            break
        here = nxt
        moved += 1
        if hazards.stops_at(st, p, here):
            stopped = True
            break
    st.pos[p] = here
    st.note(p, "move", by=by, shape=shape, reach=reach, stopped=stopped)
    st.note(
        p, "my_move", at=known_at(st, p), to=(p,), direction=direction, moved=moved,
        reach=distance, stopped=stopped,
    )  # fmt: skip
    if stopped:
        hazards.enter(st, p, here)


def jump(st: FindingState, p: int, dx: int, dy: int) -> None:
    """The Tidal Pearl: straight to a space within two; off the map (only when lost) it fails."""
    here = st.pos[p]
    assert here is not None
    x, y = xy(st.size, here)
    target = cell_at(st.size, x + dx, y + dy)
    stopped = target is not None and hazards.stops_at(st, p, target)
    if target is not None:
        st.pos[p] = target
    st.note(p, "move", by="pearl", shape="jump", reach=2, stopped=stopped)
    st.note(p, "my_move", at=known_at(st, p), to=(p,), dx=dx, dy=dy, moved=int(target is not None))
    if stopped:
        hazards.enter(st, p, target)  # type: ignore[arg-type]


def refill(st: FindingState, p: int, captain: bool = True) -> None:
    st.hand[p] = hand_cards(st.pirate)
    if captain:
        st.cap_ready[p] = True


def play_card(st: FindingState, p: int, key: str) -> None:
    st.hand[p] = tuple(c for c in st.hand[p] if c != key)


# --- set-up -------------------------------------------------------------------------------------
def keep(st: FindingState, a: Action) -> None:
    p = a.player
    st.captain[p] = a["captain"]
    st.cap_ready[p] = True
    st.note(p, "kept", to=(p,), captain=a["captain"])
    st.note(p, "captain_kept")
    st.setup_i += 1
    if st.setup_i == st.n:
        st.phase = "start"
        st.setup_i = 0


def start_move(st: FindingState, a: Action) -> None:
    hidden_move(st, a.player, "start", "line", 1, a["direction"], 1)
    st.setup_i += 1
    if st.setup_i == st.n:
        st.setup_i = 0
        st.phase = "play"
        st.seat = st.first
        st.acts = ACTIONS_PER_TURN
        st.round = 1
        st.emit(
            "turn",
            lambda st=st: (f"Round 1: {st.player_name(st.seat)} begins.", {"player": st.seat}),
        )


# --- action cards -------------------------------------------------------------------------------
def reading_card(st: FindingState, a: Action) -> None:
    """Sonar and the Jelly Rod: the card is played and its reading taken (what each reads,
    in which waters, is :data:`readings.CARD_READINGS`)."""
    play_card(st, a.player, a.kind)
    read(st, a.player, card_reading(a.kind, st.pirate), a.args)


def explore(st: FindingState, a: Action) -> None:
    p = a.player
    play_card(st, p, "explore")
    found = read(st, p, "explore")
    if found == "artifact":
        here = st.pos[p]
        assert here is not None
        st.recovered.append(here)
        st.note(p, "draw")
        if st.deck:
            name = st.deck.pop()
            st.arts[p] = tuple(sorted((*st.arts[p], name)))
            st.note(p, "artifact_card", at=known_at(st, p), to=(p,), name=name)
        st.monsters.append(here)
        st.note(p, "monster_woke")
    elif found == "atlantis":
        st.phase = "solve"


def surface(st: FindingState, a: Action) -> None:
    p = a.player
    refill(st, p)
    st.lost[p] = False
    st.note(p, "surface", at=st.pos[p])


def silent(st: FindingState, a: Action) -> None:
    play_card(st, a.player, "silent")
    hidden_move(st, a.player, "silent", "line", 1, a["direction"], 1)


def long_silent(st: FindingState, a: Action) -> None:
    play_card(st, a.player, "long_silent")
    hidden_move(st, a.player, "long_silent", "line", 2, a["direction"], 2)


def periscope(st: FindingState, a: Action) -> None:
    play_card(st, a.player, "periscope")
    read(st, a.player, "periscope")


def drop_mine(st: FindingState, a: Action) -> None:
    p = a.player
    play_card(st, p, "drop_mine")
    st.mines[p] = st.pos[p]
    st.note(p, "my_mine", at=known_at(st, p), to=(p,))
    hidden_move(st, p, "drop_mine", "line", 1, a["direction"], 1)


def public_step(st: FindingState, p: int, direction: str, **note: Any) -> None:
    """One space in a direction the whole table hears (a burn, the Smuggler's slip)."""
    here = st.pos[p]
    assert here is not None
    nxt = step(st.size, here, direction)
    if nxt is not None:
        st.pos[p] = nxt
    st.note(p, "burn", direction=direction, moved=int(nxt is not None), **note)
    if nxt is not None and hazards.stops_at(st, p, nxt):
        hazards.enter(st, p, nxt)


def burn(st: FindingState, a: Action) -> None:
    p = a.player
    card = a["card"]
    extra = {}
    if card == CAPTAIN_CARD:
        st.cap_ready[p] = False
        st.show_captain(p)
        extra["captain"] = st.captain[p]
    else:
        play_card(st, p, card)
    public_step(st, p, a["direction"], card=card, **extra)


# --- captains -------------------------------------------------------------------------------------
def _navy(st: FindingState, a: Action) -> None:
    read(st, a.player, "navy", (("line", a["line"]),))


def _hydrographer(st: FindingState, a: Action) -> None:
    read(st, a.player, "hydrographer", (("direction", a["direction"]),))


def _smuggler(st: FindingState, a: Action) -> None:
    public_step(st, a.player, a["direction"], card=CAPTAIN_CARD, by="smuggler")


def _diver(st: FindingState, a: Action) -> None:
    read(st, a.player, "diver", (("direction", a["direction"]),))


def _phantom(st: FindingState, a: Action) -> None:
    p = a.player
    refill(st, p, captain=False)
    here = st.pos[p]
    assert here is not None
    x, y = xy(st.size, here)
    reveal = a["reveal"]
    st.note(p, "phantom", reveal=reveal, value=y if reveal == "row" else x)


def _archaeologist(st: FindingState, a: Action) -> None:
    read(st, a.player, "archaeologist")


def _engineer(st: FindingState, a: Action) -> None:
    hidden_move(st, a.player, "engineer", "upto", 3, a["direction"], a["distance"])


def _surveyor(st: FindingState, a: Action) -> None:
    read(st, a.player, "surveyor")


CAPTAIN_EFFECTS: dict[str, Handler] = {
    "navy": _navy,
    "hydrographer": _hydrographer,
    "smuggler": _smuggler,
    "diver": _diver,
    "phantom": _phantom,
    "archaeologist": _archaeologist,
    "engineer": _engineer,
    "surveyor": _surveyor,
}


def captain(st: FindingState, a: Action) -> None:
    p = a.player
    st.cap_ready[p] = False
    st.show_captain(p)
    CAPTAIN_EFFECTS[a["name"]](st, a)


# --- artifacts ------------------------------------------------------------------------------------
def _seed(st: FindingState, a: Action) -> None:
    refill(st, a.player)
    st.note(a.player, "refill")


def _sunstone(st: FindingState, a: Action) -> None:
    read(st, a.player, "sunstone")


def _trident(st: FindingState, a: Action) -> None:
    read(st, a.player, "trident")


def _pearl(st: FindingState, a: Action) -> None:
    jump(st, a.player, a["dx"], a["dy"])


def _conch(st: FindingState, a: Action) -> None:
    q = a["seat"]
    st.lost[q] = False
    st.note(q, "reveal", at=st.pos[q], by=a.player)


def _lantern(st: FindingState, a: Action) -> None:
    read(st, a.player, "lantern", (("compass", a["compass"]), ("distance", a["distance"])))


def _sounder(st: FindingState, a: Action) -> None:
    read(st, a.player, "sounder")


def _atlas(st: FindingState, a: Action) -> None:
    read(st, a.player, "atlas", (("cell", a["cell"]),))


def _harpoon(st: FindingState, a: Action) -> None:
    p = a.player
    i = hazards.nearest(st, st.pos[p], st.monsters)  # type: ignore[arg-type]
    struck = st.monsters.pop(i) if i is not None else None
    st.note(p, "harpoon", killed=i is not None)
    if struck is not None:  # the thrower sees where it struck: its chart drops that monster
        st.note(p, "my_harpoon", to=(p,), struck=struck)


def _chronometer(st: FindingState, a: Action) -> None:
    st.acts += 1
    st.note(a.player, "extra_action")


ARTIFACT_EFFECTS: dict[str, Handler] = {
    "seed": _seed,
    "sunstone": _sunstone,
    "trident": _trident,
    "pearl": _pearl,
    "conch": _conch,
    "lantern": _lantern,
    "sounder": _sounder,
    "atlas": _atlas,
    "harpoon": _harpoon,
    "chronometer": _chronometer,
}


def artifact(st: FindingState, a: Action) -> None:
    p = a.player
    name = a["name"]
    arts = list(st.arts[p])
    arts.remove(name)
    st.arts[p] = tuple(arts)
    st.used[p] = (*st.used[p], name)
    st.note(p, "artifact_used", name=name)
    ARTIFACT_EFFECTS[name](st, a)


# --- solving ----------------------------------------------------------------------------------------
def solve(st: FindingState, a: Action) -> None:
    p = a.player
    here = st.pos[p]
    assert here is not None
    st.phase = "claim"
    st.claim = (here,)
    st.note(p, "solve", at=here)


def keep_searching(st: FindingState, a: Action) -> None:
    st.phase = "play"
    st.note(a.player, "declined")


def claim(st: FindingState, a: Action) -> None:
    p = a.player
    st.claim = (*st.claim, a["cell"])
    st.note(p, "claim", space=a["cell"])
    if len(st.claim) < st.city_size:
        return
    assert st.ocean is not None
    named = frozenset(st.claim)
    st.claim = ()
    if named == st.ocean.atlantis:
        st.winner = p
        st.phase = "over"
        st.note(p, "found", cells=tuple(sorted(named)))
        return
    st.note(p, "wrong_claim", cells=tuple(sorted(named)))
    st.pos[p] = st.rng.randrange(st.size * st.size)
    st.lost[p] = True
    st.note(p, "teleport")
    st.phase = "play"


# --- the turn -----------------------------------------------------------------------------------------
HANDLERS: dict[str, Handler] = {
    "keep": keep,
    "start_move": start_move,
    "sonar": reading_card,
    "jelly": reading_card,
    "explore": explore,
    "surface": surface,
    "silent": silent,
    "long_silent": long_silent,
    "periscope": periscope,
    "drop_mine": drop_mine,
    "burn": burn,
    "captain": captain,
    "artifact": artifact,
    "solve": solve,
    "keep_searching": keep_searching,
    "claim": claim,
}
#: the kinds that are a turn's actions (the rest answer set-up or solving questions)
TURN_KINDS = frozenset(HANDLERS) - {"keep", "start_move", "solve", "keep_searching", "claim"}


def is_free(a: Action) -> bool:
    """Does ``a`` cost none of the turn's actions (the Smuggler, Seed of Youth, Chronometer)?"""
    if a.kind == "captain":
        return CAPTAIN[a["name"]].free
    if a.kind == "artifact":
        return ARTIFACT[a["name"]].free
    return False


def apply(st: FindingState, a: Action) -> None:
    p = a.player
    if a.kind in TURN_KINDS and not is_free(a):
        st.acts -= 1
    HANDLERS[a.kind](st, a)
    if st.phase == "over":
        return
    if st.lost[p]:
        here = st.possible_positions(p, p)
        if len(here) == 1:
            st.lost[p] = False
            st.note(p, "located", at=next(iter(here)), to=(p,))
    if st.phase == "play" and st.acts <= 0 and a.kind not in ("keep", "start_move"):
        end_turn(st)


def end_turn(st: FindingState) -> None:
    st.prev = st.seat
    nxt = (st.seat + 1) % st.n
    if nxt == st.first:
        if st.hunting and st.monsters:
            st.emit("hunt", "The sea monsters hunt.")
            hazards.hunt(st)
        if st.round >= st.max_rounds:
            st.phase = "over"
            st.emit(
                "round_limit",
                lambda st=st: (f"{st.max_rounds} rounds are over and Atlantis stays hidden.", {}),
            )
            return
        st.round += 1
    st.seat = nxt
    st.acts = ACTIONS_PER_TURN
    st.emit(
        "turn",
        lambda st=st, nxt=nxt: (
            f"Round {st.round}: {st.player_name(nxt)}'s turn.",
            {"player": nxt},
        ),
    )
