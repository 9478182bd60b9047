"""What the frames share: cached actions, the energy costs, the end of the game, and the moves
several decisions offer (play a knowledge card, convert a resource)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.protocol import Action, Decision
from game.rising import knowledge as know
from game.rising.island import RESOURCES

if TYPE_CHECKING:
    from game.rising.state import RisingState

#: pooled mystic energy that cancels a basic Flood
CANCEL_COST = 3
#: pooled mystic energy that raises a sunken tile at the start of a turn
UNFLIP_COST = 5
#: mystic energy that turns one resource into another
CONVERT_COST = 2
RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}

# ---------------------------------------------------------------------------------------------
# cached action objects (legal_actions is called a lot by bots)
_CACHE: dict[tuple, Action] = {}


def act(p: int, kind: str, *pairs: tuple[str, Any]) -> Action:
    """An :class:`Action` with arguments already sorted by key (shared, immutable)."""
    key = (p, kind, pairs)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = Action(p, kind, pairs)
    return a


def name(st: RisingState, p: int) -> str:
    return st.sentence_name(p)


def dec(p: int, kind: str, prompt: str, **data: Any) -> Decision:
    """A decision of the one seat ``p``."""
    return Decision((p,), kind, prompt, data)


# ---------------------------------------------------------------------------------------------
# readiness helpers (a decision frame that offers nothing drops or replaces itself)
def pop(st: RisingState) -> bool:
    st.stack.pop()
    return False


def replace(st: RisingState, f: tuple) -> None:
    st.stack[-1] = f


def ready_true(st: RisingState, f: tuple) -> bool:
    return True


# ---------------------------------------------------------------------------------------------
# the end of the game
def lose(st: RisingState, text: str) -> None:
    st.result = "lost"
    st.stack.clear()
    st.phase = "over"
    st.emit("game_lost", text)


def win(st: RisingState) -> None:
    st.result = "won"
    st.stack.clear()
    st.phase = "over"
    st.emit(
        "game_won",
        "The tenth component locks into place: the cosmic gate opens. Atlantis is saved!",
    )


# ---------------------------------------------------------------------------------------------
# moves several decisions offer
def card_actions(st: RisingState, p: int, window: str = "any") -> list[Action]:
    return [act(p, "play", ("card", k)) for k in know.playable(st, p, window)]


def convert_options(st: RisingState, p: int) -> list[tuple[int, int]]:
    if st.energy[p] < CONVERT_COST:
        return []
    have = st.res[p]
    sup = st.res_supply
    return [(a, b) for a in range(4) if have[a] for b in range(4) if b != a and sup[b]]


#: convert_actions by (seat, which resources it has, which the supply has): bots ask often
_CONVERTS: dict[tuple, tuple[Action, ...]] = {}


def convert_actions(st: RisingState, p: int) -> list[Action]:
    if st.energy[p] < CONVERT_COST:
        return []
    have = st.res[p]
    sup = st.res_supply
    key = (p, have[0] > 0, have[1] > 0, have[2] > 0, have[3] > 0)
    key += (sup[0] > 0, sup[1] > 0, sup[2] > 0, sup[3] > 0)
    got = _CONVERTS.get(key)
    if got is None:
        got = _CONVERTS[key] = tuple(
            act(p, "convert", ("give", RESOURCES[a]), ("take", RESOURCES[b]))
            for a, b in convert_options(st, p)
        )
    return list(got)


def play_or_convert(st: RisingState, a: Action) -> bool:
    """Apply ``a`` if it is a move offered in several decisions (play a card, convert)."""
    if a.kind == "play":
        know.play(st, a.player, a["card"])
        return True
    if a.kind == "convert":
        p = a.player
        give, take = RES_INDEX[a["give"]], RES_INDEX[a["take"]]
        st.spend_energy(p, CONVERT_COST)
        st.pay_res(p, give, 1)
        st.res_supply[take] -= 1
        st.res[p][take] += 1
        st.emit(
            "resource_converted",
            lambda st=st, p=p, a=a: (
                f"{name(st, p)} spends 2 energy to turn 1 {a['give']} into 1 {a['take']}.",
                {"player": p, "give": a["give"], "take": a["take"]},
            ),
        )
        return True
    return False
