"""A scripted person for the board tests: sails to Atlantis by burning cards, names a wrong
city, surfaces, sails back and names the right one (or, in Pirate mode, runs into a U-Bot's
mine). The script reads the full game (it is the test choosing positions, not a player);
the board only ever gets the person's clicks.

``find_seed`` plays the script without the screen (same session, same inline U-Bots) until
a seed gives the whole story, so the test through the board does not hard-code an outcome.
"""

from __future__ import annotations

from collections import deque

from ai.runner import BotRunner
from game.core.protocol import Action
from game.core.saves import Seat
from game.finding.cards import CAPTAIN_CARD
from game.finding.ocean import MOVES, neighbours8, step, xy
from scenes.session import GameSession

PERSON = 0


def new_session(seed: int, options: dict[str, str], bots: int = 1, level: str = "easy"):
    return GameSession.new(
        "finding",
        [Seat("Ana", colour="yellow")]
        + [
            Seat(f"U{i}", "bot", level, colour=c)
            for i, c in zip(range(bots), ("red", "green"), strict=False)
        ],
        options,
        seed=seed,
        runner_factory=lambda: BotRunner(mode="inline"),
        pace_s=0.0,
        autosave=False,
    )


def toward(size: int, here: int, target: int) -> str:
    hx, hy = xy(size, here)
    tx, ty = xy(size, target)
    if tx != hx:
        return "E" if tx > hx else "W"
    return "S" if ty > hy else "N"


def burnable(st, p: int) -> str | None:
    for key in ("sonar", "jelly", "periscope", "silent", "long_silent", "drop_mine"):
        if key in st.hand[p]:
            return key
    return CAPTAIN_CARD if st.cap_ready[p] else None


def city_order(size: int, city: frozenset[int], start: int) -> list[int]:
    """The city's spaces from ``start``, each touching one before it (a breadth-first walk)."""
    seen, order, todo = {start}, [start], deque([start])
    while todo:
        c = todo.popleft()
        for n in neighbours8(size, c):
            if n in city and n not in seen:
                seen.add(n)
                order.append(n)
                todo.append(n)
    return order


def wrong_claim(size: int, city: frozenset[int], start: int, k: int) -> list[int]:
    """``k`` connected spaces from ``start`` that are not the city (one outside it at least)."""
    named = [start]
    outside = [n for n in neighbours8(size, start) if n not in city]
    named.append(outside[0])
    while len(named) < k:
        for c in list(named):
            extra = [n for n in neighbours8(size, c) if n not in named]
            if extra:
                named.append(extra[0])
                break
    return named


class Story:
    """The script's state: what has happened so far, and what it wants next."""

    def __init__(self, pirate_hunt: bool = False) -> None:
        self.wrong_done = False
        self.surfaced_after = False
        self.pirate_hunt = pirate_hunt

    def target(self, st) -> int | None:
        if self.pirate_hunt:
            mines = [m for q, m in enumerate(st.mines) if q != PERSON and m is not None]
            return mines[0] if mines else None
        here = st.pos[PERSON]
        return min(st.ocean.atlantis, key=lambda c: _dist(st.size, here, c))

    def next(self, st) -> tuple[str, object]:
        """("act", action) or ("claim", [cells after the first])."""
        p = PERSON
        legal = st.legal_actions(p)
        if st.phase == "captain":
            return "act", legal[0]
        if st.phase == "start":
            here = st.pos[p]
            ok = [a for a in legal if step(st.size, here, a["direction"]) is not None]
            return "act", ok[0]
        if st.phase == "solve":
            return "act", Action.make(p, "solve")
        if st.phase == "claim":
            start = st.claim[0]
            if not self.wrong_done:
                cells = wrong_claim(st.size, st.ocean.atlantis, start, st.city_size)
            else:
                cells = city_order(st.size, st.ocean.atlantis, start)
            return "claim", cells[1:]
        if st.lost[p] and "surface" in st.hand[p]:
            self.surfaced_after = True
            return "act", Action.make(p, "surface")
        target = self.target(st)
        here = st.pos[p]
        if target is None:  # waiting for a mine to run into: listen with the periscope
            for key in ("periscope", "sonar", "jelly"):
                if key in st.hand[p]:
                    a = [x for x in legal if x.kind == key]
                    return "act", a[0]
            return "act", Action.make(p, "surface")
        if here == target and not self.pirate_hunt:
            if "explore" in st.hand[p]:
                return "act", Action.make(p, "explore")
            return "act", Action.make(p, "surface")
        card = burnable(st, p)
        d = toward(st.size, here, target) if here != target else MOVES[0]
        if card is not None:
            a = Action.make(p, "burn", card=card, direction=d)
            if a in legal:
                return "act", a
        return "act", Action.make(p, "surface")

    def after(self, st, events) -> None:
        if any(e.kind == "wrong_claim" for e in events):
            self.wrong_done = True


def _dist(size: int, a: int, b: int) -> int:
    ax, ay = xy(size, a)
    bx, by = xy(size, b)
    return abs(ax - bx) + abs(ay - by)


def play_headless(seed: int, options: dict[str, str], pirate_hunt: bool = False,
                  limit: int = 3000) -> GameSession:  # fmt: skip
    """The script without the screen: the same session and bots, moves applied directly."""
    session = new_session(seed, options)
    story = Story(pirate_hunt)
    for _ in range(limit):
        if session.is_over:
            break
        if session.current_human() == PERSON:
            what, arg = story.next(session.state)
            if what == "act":
                story.after(session.state, session.apply(arg))
            else:
                for c in arg:
                    story.after(session.state, session.apply(Action.make(PERSON, "claim", cell=c)))
        else:
            session.update(1.0)
        if pirate_hunt and "mine_hit" in kinds(session):
            break
    return session


def kinds(session: GameSession) -> list[str]:
    """Every public event of the game and the person's own, in order."""
    return [e.kind for e in session.seen_by(PERSON)]


def find_seed(options: dict[str, str], want, pirate_hunt: bool = False, tries: int = 40) -> int:
    """The first seed whose headless story satisfies ``want(session)``."""
    for seed in range(1, tries + 1):
        session = play_headless(seed, options, pirate_hunt)
        if want(session):
            session.close()
            return seed
        session.close()
    raise AssertionError(f"no seed in 1..{tries} tells the story for {options}")
