"""Knowledge cards: the windows to play them, keeping and discarding, and the choices they ask.

Decisions: ``("window", name, queue)`` (``react`` after a misfortune, ``attack`` before the Navy
is counted; the first seat of ``queue`` may play or pass), ``("keep", p, drawn, k)`` (keep ``k``
of the cards drawn at a library), ``("discard", p)`` (over the hand limit), and the choices of
card effects: ``("barrier", p, n)``, ``("unflip", p, n)``, ``("talent", p)``, ``("give", p, n)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rising import knowledge as know
from game.rising.councilors import COUNCILOR_INDEX, COUNCILORS
from game.rising.frames.common import (
    RES_INDEX,
    act,
    card_actions,
    dec,
    name,
    play_or_convert,
    pop,
    replace,
)
from game.rising.frames.flooding import unflip_section
from game.rising.frames.registry import Frame
from game.rising.island import RESOURCES, SECTION_INDEX, SECTIONS, SPOT_IDS, SPOT_INDEX, tile_name
from game.rising.knowledge import HAND_LIMIT, KNOWLEDGE, KNOWLEDGE_INDEX

if TYPE_CHECKING:
    from game.core.protocol import Action, Decision
    from game.rising.state import RisingState


def _distinct_keys(cards: Any) -> list[str]:
    out: list[str] = []
    for c in cards:
        k = KNOWLEDGE[c].key
        if k not in out:
            out.append(k)
    return out


# ---------------------------------------------------------------------------------------------
# a window to play cards
def _ready_window(st: RisingState, f: tuple) -> bool:
    queue = f[2]
    while queue and not know.playable(st, queue[0], f[1]):
        queue = queue[1:]
    if not queue:
        return pop(st)
    if queue != f[2]:
        replace(st, ("window", f[1], queue))
    return True


def _legal_window(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [*card_actions(st, p, f[1]), act(p, "pass")]


def _do_window(st: RisingState, f: tuple, a: Action) -> None:
    p = a.player
    if a.kind == "pass":
        replace(st, ("window", f[1], f[2][1:]))
        return
    know.play(st, p, a["card"])
    if a["card"] == "ancestors_gambit":
        # a new die: everyone may react again, starting with the player who rolled it
        st.stack[-1] = ("window", f[1], tuple(st.order(p)))


def _decide_window(st: RisingState, f: tuple) -> Decision:
    when = {"react": "after the misfortune", "attack": "before the Navy is counted"}[f[1]]
    return dec(
        f[2][0], "card_window", f"You may play a knowledge card {when}, or pass.", window=f[1]
    )


def _seat_window(f: tuple) -> int:
    return f[2][0]


# ---------------------------------------------------------------------------------------------
# keeping cards drawn at a library
def _ready_keep(st: RisingState, f: tuple) -> bool:
    _, p, drawn, k = f
    if k > 0 and drawn:
        return True
    st.stack.pop()
    st.kdiscard.extend(drawn)
    if drawn:
        st.emit(
            "cards_discarded",
            lambda st=st, p=p, drawn=drawn: (
                f"{name(st, p)} returns {len(drawn)} card(s) to the discards.",
                {"player": p, "count": len(drawn)},
            ),
        )
    return False


def _legal_keep(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [act(p, "keep", ("card", k)) for k in _distinct_keys(f[2])]


def _do_keep(st: RisingState, f: tuple, a: Action) -> None:
    _, p, drawn, k = f
    idx = KNOWLEDGE_INDEX[a["card"]]
    rest = list(drawn)
    rest.remove(idx)
    st.stack[-1] = ("keep", p, tuple(rest), k - 1)
    st.hand[p].append(idx)
    st.emit(
        "card_kept",
        lambda st=st, p=p, a=a, idx=idx: (
            f"{name(st, p)} keeps {KNOWLEDGE[idx].name}.",
            {"player": p, "card": a["card"]},
        ),
    )
    if len(st.hand[p]) > HAND_LIMIT:
        st.push(("discard", p))


def _decide_keep(st: RisingState, f: tuple) -> Decision:
    _, p, drawn, n = f
    # a library that lets you keep all you drew (Libraries 1: draw 1, keep 1) offers no choice
    ask = f"Keep {n} of the cards you drew." if len(drawn) > n else "Take the card you drew."
    return dec(
        p, "library_keep", ask, cards=[KNOWLEDGE[c].key for c in drawn], keep=n,
    )  # fmt: skip


# ---------------------------------------------------------------------------------------------
# the hand limit
def _ready_discard(st: RisingState, f: tuple) -> bool:
    return len(st.hand[f[1]]) > HAND_LIMIT or pop(st)


def _legal_discard(st: RisingState, f: tuple, p: int) -> list[Action]:
    out = [act(p, "discard", ("card", k)) for k in _distinct_keys(st.hand[p])]
    return out + card_actions(st, p)


def _do_discard(st: RisingState, f: tuple, a: Action) -> None:
    p = a.player
    if play_or_convert(st, a):
        return
    idx = KNOWLEDGE_INDEX[a["card"]]
    st.hand[p].remove(idx)
    st.kdiscard.append(idx)
    st.emit(
        "card_discarded",
        lambda st=st, p=p, a=a, idx=idx: (
            f"{name(st, p)} discards {KNOWLEDGE[idx].name} (hand limit).",
            {"player": p, "card": a["card"]},
        ),
    )


def _decide_discard(st: RisingState, f: tuple) -> Decision:
    p = f[1]
    over = len(st.hand[p]) - HAND_LIMIT
    return dec(
        p,
        "discard",
        f"Your hand is over the limit of {HAND_LIMIT}: play or discard {over} card(s).",
        over=over,
    )


# ---------------------------------------------------------------------------------------------
# a mystic barrier on a standing tile
def _ready_barrier(st: RisingState, f: tuple) -> bool:
    if f[2] > 0 and st.barrier_supply > 0 and st.barrier_spots():
        return True
    return pop(st)


def _legal_barrier(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [act(p, "choose", ("at", SPOT_IDS[t])) for t in st.barrier_spots()]


def _do_barrier(st: RisingState, f: tuple, a: Action) -> None:
    _, p, n = f
    t = SPOT_INDEX[a["at"]]
    st.stack[-1] = ("barrier", p, n - 1)
    st.barrier[t] = True
    st.barrier_supply -= 1
    st.emit(
        "barrier_placed",
        lambda st=st, p=p, t=t: (
            f"{name(st, p)} raises a mystic barrier at {tile_name(t)}.",
            {"player": p, "tile": SPOT_IDS[t]},
        ),
    )


def _decide_barrier(st: RisingState, f: tuple) -> Decision:
    return dec(
        f[1], "place_barrier", "Choose a standing tile for the mystic barrier.", remaining=f[2]
    )


# ---------------------------------------------------------------------------------------------
# a sunken tile rises
def _ready_unflip(st: RisingState, f: tuple) -> bool:
    return (f[2] > 0 and any(st.flooded)) or pop(st)


def _legal_unflip(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [act(p, "choose", ("section", SECTIONS[s])) for s in range(6) if st.flooded[s]]


def _do_unflip(st: RisingState, f: tuple, a: Action) -> None:
    _, p, n = f
    st.stack[-1] = ("unflip", p, n - 1)
    unflip_section(st, SECTION_INDEX[a["section"]])


def _decide_unflip(st: RisingState, f: tuple) -> Decision:
    return dec(
        f[1],
        "unflip_tile",
        "Choose a section: its innermost sunken tile rises again.",
        remaining=f[2],
    )


# ---------------------------------------------------------------------------------------------
# Untapped Talent: borrow another councilor's ability
def _talent_options(st: RisingState, p: int) -> list[int]:
    own = st.councilor[p]
    return sorted({c for c in st.councilor if c != own})


def _ready_talent(st: RisingState, f: tuple) -> bool:
    return bool(_talent_options(st, f[1])) or pop(st)


def _legal_talent(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [act(p, "choose", ("councilor", COUNCILORS[c].key)) for c in _talent_options(st, p)]


def _do_talent(st: RisingState, f: tuple, a: Action) -> None:
    p = a.player
    c = COUNCILOR_INDEX[a["councilor"]]
    st.stack.pop()
    st.talent[p] = c
    st.emit(
        "talent_copied",
        lambda st=st, p=p, c=c: (
            f"{name(st, p)} borrows the {COUNCILORS[c].name}'s ability for this turn.",
            {"player": p, "councilor": COUNCILORS[c].key},
        ),
    )


def _decide_talent(st: RisingState, f: tuple) -> Decision:
    return dec(f[1], "choose_councilor", "Choose the councilor whose ability you borrow this turn.")


# ---------------------------------------------------------------------------------------------
# giving resources to another councilor
def _ready_give(st: RisingState, f: tuple) -> bool:
    return (st.n > 1 and any(st.res[f[1]])) or pop(st)


def _legal_give(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [
        act(p, "give", ("resource", RESOURCES[r]), ("to", q))
        for q in st.order(p)[1:]
        for r in range(4)
        if st.res[p][r]
    ]


def _do_give(st: RisingState, f: tuple, a: Action) -> None:
    _, p, n = f
    st.stack.pop()
    r = RES_INDEX[a["resource"]]
    q = a["to"]
    k = min(n, st.res[p][r])
    st.res[p][r] -= k
    st.res[q][r] += k
    st.emit(
        "resource_given",
        lambda st=st, p=p, q=q, k=k, a=a: (
            f"{name(st, p)} hands {k} {a['resource']} to {st.player_name(q)}.",
            {"player": p, "to": q, "resource": a["resource"], "amount": k},
        ),
    )


def _decide_give(st: RisingState, f: tuple) -> Decision:
    return dec(
        f[1],
        "give_resources",
        f"Choose whom to give up to {f[2]} of one resource.",
        amount=f[2],
    )


WINDOW = Frame(
    "window",
    ready=_ready_window,
    legal=_legal_window,
    handle=_do_window,
    decide=_decide_window,
    actions=("play", "pass"),
    decisions=("card_window",),
    seat=_seat_window,
)
KEEP = Frame(
    "keep",
    ready=_ready_keep,
    legal=_legal_keep,
    handle=_do_keep,
    decide=_decide_keep,
    actions=("keep",),
    decisions=("library_keep",),
)
DISCARD = Frame(
    "discard",
    ready=_ready_discard,
    legal=_legal_discard,
    handle=_do_discard,
    decide=_decide_discard,
    actions=("discard", "play"),
    decisions=("discard",),
)
BARRIER = Frame(
    "barrier",
    ready=_ready_barrier,
    legal=_legal_barrier,
    handle=_do_barrier,
    decide=_decide_barrier,
    actions=("choose",),
    decisions=("place_barrier",),
)
UNFLIP = Frame(
    "unflip",
    ready=_ready_unflip,
    legal=_legal_unflip,
    handle=_do_unflip,
    decide=_decide_unflip,
    actions=("choose",),
    decisions=("unflip_tile",),
)
TALENT = Frame(
    "talent",
    ready=_ready_talent,
    legal=_legal_talent,
    handle=_do_talent,
    decide=_decide_talent,
    actions=("choose",),
    decisions=("choose_councilor",),
)
GIVE = Frame(
    "give",
    ready=_ready_give,
    legal=_legal_give,
    handle=_do_give,
    decide=_decide_give,
    actions=("give",),
    decisions=("give_resources",),
)
