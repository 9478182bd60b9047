"""Atlantis Rising's animations: tiles sinking and rising, dice, the misfortune card, banners,
floating gains, monsters.

Each is a small :class:`scenes.animation.Anim`; :class:`IslandAnimator` is the shared animator
plus what the island asks of it while they play (which tiles, stone figures and monsters to
draw as they stood, where a misfortune card waits).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from scenes import animation, canvas, draw
from scenes.palette import DANGER, GOLD, MUTED, PARCHMENT, lerp
from scenes.rising import island_view
from scenes.rising.look import blit_text, die_face, font, panel, wrap

BANNER_BG = (8, 16, 24)


@dataclass
class Anim(animation.Anim):
    """One animation on the island; ``tile`` is an island tile it draws itself (hidden from
    the island layer while it is queued)."""

    tile: int = -1
    sinking: bool = True

    @property
    def in_layer(self) -> bool:
        return self.tile >= 0


@dataclass
class Flip(Anim):
    """A tile sinks (turns to its flooded back) or rises again."""

    def draw(self, surface: pygame.Surface, p: float) -> None:
        island_view.draw_flip(surface, self.tile, p, self.sinking)


@dataclass
class Dice(Anim):
    """A die tumbles and settles on ``value``; ``caption`` under it (e.g. "needs 4")."""

    pos: tuple[int, int] = (0, 0)
    value: int = 1
    caption: str = ""
    good: bool | None = None
    size: int = 30
    seed: int = 0

    def draw(self, surface: pygame.Surface, p: float) -> None:
        rolling = p < 0.6
        shown = random.Random(self.seed + int(p * 14)).randint(1, 6) if rolling else self.value
        jump = 10 * math.sin(math.pi * min(1.0, p / 0.6)) if rolling else 0
        rect = pygame.Rect(0, 0, self.size, self.size)
        rect.center = (self.pos[0], int(self.pos[1] - jump))
        colour = PARCHMENT
        if not rolling and self.good is not None:
            colour = (170, 230, 170) if self.good else (240, 160, 140)
        die_face(surface, rect, shown, colour)
        if self.caption and not rolling:
            blit_text(
                surface, self.caption, (rect.centerx, rect.bottom + 4), 14, GOLD, "bold", "midtop"
            )


@dataclass
class Card(Anim):
    """The misfortune just drawn, shown large while it resolves."""

    title: str = ""
    body: str = ""
    drawer: str = ""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(482, 92, 280, 150))
    phase: str = "misfortune"  # it leaves once a person must decide in a later phase
    docked: bool = False  # drawn beside the island (at DOCK) while tiles must be clicked

    @property
    def where(self) -> pygame.Rect:
        return DOCK if self.docked else self.rect

    def draw(self, surface: pygame.Surface, p: float) -> None:
        grow = min(1.0, p / 0.15)
        at = self.where
        r = at.inflate(-int(at.width * (1 - grow) * 0.6), -int(at.height * (1 - grow) * 0.6))
        panel(surface, r, hot=True, alpha=246)
        if grow < 1.0:
            return
        blit_text(surface, "MISFORTUNE", (r.centerx, r.y + 10), 12, DANGER, "bold", "midtop")
        blit_text(
            surface, self.title, (r.centerx, r.y + 28), 20, GOLD, "bold", "midtop", r.width - 20
        )
        y = r.y + 58
        size, lines = card_body(self.body, r.width - 28)
        for line in lines:
            blit_text(surface, line, (r.centerx, y), size, PARCHMENT, "regular", "midtop")
            y += size + 4
        if self.drawer:
            blit_text(
                surface,
                f"drawn by {self.drawer}",
                (r.centerx, r.bottom - 8),
                12,
                MUTED,
                "regular",
                "midbottom",
            )


#: a card's text gets four lines between its title and the drawer's name
CARD_LINES = 4


def card_body(body: str, width: int) -> tuple[int, list[str]]:
    """The largest text size (14 down to 12) at which ``body`` fits the card's four lines, so
    a long card (Plague) shrinks a little instead of losing its last words."""
    for size in (14, 13, 12):
        lines = wrap(body, size, width)
        if len(lines) <= CARD_LINES:
            return size, lines
    return 12, lines[:CARD_LINES]


#: beside the island, over the LAST MISFORTUNE panel: a card waits here while tiles are clicked
DOCK = pygame.Rect(992, 180, 280, 150)
#: the LAST MISFORTUNE panel, where a card goes when its phase is over
CARD_HOME = pygame.Rect(996, 184, 44, 54)
#: how much of its time a card shows before it may leave early (its phase being over)
CARD_SHOWN = 0.5


@dataclass
class CardAway(Anim):
    """A misfortune card leaving the table: it shrinks into the LAST MISFORTUNE panel."""

    start: pygame.Rect = field(default_factory=pygame.Rect)

    def draw(self, surface: pygame.Surface, p: float) -> None:
        e = p * (2 - p)
        a, b = self.start, CARD_HOME
        r = pygame.Rect(
            int(a.x + (b.x - a.x) * e),
            int(a.y + (b.y - a.y) * e),
            max(4, int(a.width + (b.width - a.width) * e)),
            max(4, int(a.height + (b.height - a.height) * e)),
        )
        panel(surface, r, hot=True, alpha=int(246 * (1 - 0.6 * p)))


@dataclass
class Banner(Anim):
    """A line of text across the island (a new turn, the attack's outcome, the end); a ``top``
    banner (a new phase, a monster's turn) sits between the Mountains and the Hills instead,
    over no tile."""

    message: str = ""
    colour: tuple[int, int, int] = GOLD
    y: int = 354
    size: int = 24
    top: bool = False

    def layout(self) -> tuple[int, list[str], pygame.Rect]:
        """(font size, lines, band) of this banner."""
        if self.top:
            return island_view.top_spot(self.message, self.size, "bold", pad=(14, 7), step=8)
        return self.size, self.lines(), self.band()

    def lines(self) -> list[str]:
        return wrap(self.message, self.size, 660, "bold")[:3]

    def band(self) -> pygame.Rect:
        """Where the banner's backing lies (the text sits inside it)."""
        lines = self.lines()
        h = 14 + len(lines) * (self.size + 8)
        w = min(720, 60 + max((font(self.size, "bold").size(s)[0] for s in lines), default=0))
        return pygame.Rect(622 - w // 2, self.y - h // 2, w, h)  # no wider than its words

    @property
    def ink(self) -> tuple[int, int, int]:
        """The text colour: the banner's colour lightened, for contrast on the dark band."""
        return lerp(self.colour, PARCHMENT, 0.3)

    def draw(self, surface: pygame.Surface, p: float) -> None:
        fade = min(1.0, p / 0.12, (1.0 - p) / 0.2 if p > 0.8 else 1.0)
        size, lines, rect = self.layout()
        # a solid dark band (no island showing through), edged in the banner's colour
        band = canvas.surface(rect.size, pygame.SRCALPHA)
        band.fill((*BANNER_BG, int(255 * fade)))
        edge = (*self.colour, int(255 * fade))
        draw.line(band, edge, (0, 0), (rect.width, 0), 2)
        draw.line(band, edge, (0, rect.height - 2), (rect.width, rect.height - 2), 2)
        surface.blit(band, rect)
        step = font(size, "bold").get_linesize() + 8 if self.top else self.size + 8
        for i, line in enumerate(lines):
            blit_text(
                surface,
                line,
                (rect.centerx, rect.y + (7 if self.top else 8) + i * step),
                size,
                self.ink,
                "bold",
                "midtop",
            )


@dataclass
class Float(Anim):
    """A short gain or loss rising from a panel ("+1 ore")."""

    message: str = ""
    pos: tuple[int, int] = (0, 0)
    colour: tuple[int, int, int] = GOLD

    def draw(self, surface: pygame.Surface, p: float) -> None:
        y = self.pos[1] - int(26 * p)
        blit_text(surface, self.message, (self.pos[0], y), 15, self.colour, "bold", "center")


@dataclass
class Glow(Anim):
    """A pulsing frame around something that just changed (a component built)."""

    rect: pygame.Rect = field(default_factory=pygame.Rect)
    colour: tuple[int, int, int] = GOLD

    def draw(self, surface: pygame.Surface, p: float) -> None:
        w = 2 + int(3 * math.sin(math.pi * p * 3) ** 2)
        draw.rect(surface, self.colour, self.rect.inflate(6, 6), w, border_radius=8)


@dataclass
class Fly(Anim):
    """An Atlantean travelling from its councilor's panel to where it was placed."""

    start: tuple[float, float] = (0.0, 0.0)
    end: tuple[float, float] = (0.0, 0.0)
    paint: Callable[[pygame.Surface, tuple[int, int]], None] | None = None

    def draw(self, surface: pygame.Surface, p: float) -> None:
        e = 1 - (1 - p) ** 2
        x = self.start[0] + (self.end[0] - self.start[0]) * e
        y = self.start[1] + (self.end[1] - self.start[1]) * e - 40 * math.sin(math.pi * p)
        if self.paint is not None:
            self.paint(surface, (int(x), int(y)))


@dataclass
class Slide(Anim):
    """A monster moving from one place to another (its dice shown where it started)."""

    monster: str = ""
    start: tuple[float, float] = (0.0, 0.0)
    end: tuple[float, float] = (0.0, 0.0)
    paint: Callable[[pygame.Surface, tuple[int, int]], None] | None = None
    dice: tuple[int, ...] = ()
    caption: str = ""
    hop: float = 18.0

    def position(self, p: float) -> tuple[int, int]:
        q = max(0.0, (p - 0.35) / 0.65) if self.dice else p
        e = q * q * (3 - 2 * q)
        x = self.start[0] + (self.end[0] - self.start[0]) * e
        y = self.start[1] + (self.end[1] - self.start[1]) * e - self.hop * math.sin(math.pi * e)
        return int(x), int(y)

    def draw(self, surface: pygame.Surface, p: float) -> None:
        if self.dice:
            n = len(self.dice)
            for i, v in enumerate(self.dice):
                rolling = p < 0.25
                shown = random.Random(int(p * 40) + i).randint(1, 6) if rolling else v
                rect = pygame.Rect(0, 0, 26, 26)
                rect.center = (int(self.start[0]) + (i - (n - 1) / 2) * 32, int(self.start[1]) - 42)
                die_face(surface, rect, shown, PARCHMENT)
            if self.caption and p >= 0.25:
                blit_text(
                    surface,
                    self.caption,
                    (int(self.start[0]), int(self.start[1]) - 26),
                    13,
                    GOLD,
                    "bold",
                    "midtop",
                )
        if p > 0.3 or not self.dice:
            draw.line(surface, (200, 236, 240), self.start, self.position(p), 1)
        if self.paint is not None:
            self.paint(surface, self.position(p))


@dataclass
class Petrify(Anim):
    """Figures turning to stone: their colour drains into grey under a green flash.

    ``spot`` and ``pieces`` name the stone figures this turns out (the newest ``pieces`` of
    that spot): the island layer leaves them out until it has played, and while it waits
    behind another animation (Medusa's slide) the figures stand there in their own colours.
    """

    points: list[tuple[int, int]] = field(default_factory=list)
    colours: list[tuple[int, int, int]] = field(default_factory=list)
    centre: tuple[int, int] = (0, 0)
    flash: tuple[int, int, int] = (96, 206, 120)
    spot: str = ""
    pieces: int = 0

    @property
    def in_layer(self) -> bool:
        return self.tile >= 0 or self.pieces > 0

    def draw_waiting(self, surface: pygame.Surface) -> None:
        """The figures before they turn (only those the island layer leaves out): plain
        pieces in their seat colours."""
        if self.pieces <= 0:
            return
        for pos, colour in zip(self.points, self.colours, strict=False):
            draw.circle(surface, colour, pos, 7)
            draw.circle(surface, (40, 40, 38), pos, 7, 1)

    def draw(self, surface: pygame.Surface, p: float) -> None:
        ring = int(8 + 40 * p)
        fade = max(0, int(220 * (1 - p)))
        halo = canvas.surface((ring * 2 + 4, ring * 2 + 4), pygame.SRCALPHA)
        draw.circle(halo, (*self.flash, fade), (ring + 2, ring + 2), ring, 3)
        surface.blit(halo, (self.centre[0] - ring - 2, self.centre[1] - ring - 2))
        for pos, colour in zip(self.points, self.colours, strict=False):
            grey = (138, 138, 132)
            mix = tuple(
                int(c + (g - c) * min(1.0, p * 1.4)) for c, g in zip(colour, grey, strict=True)
            )
            draw.circle(surface, mix, pos, 7)
            draw.circle(surface, (40, 40, 38), pos, 7, 1)
            if p > 0.6:
                draw.line(surface, (50, 50, 48), (pos[0] - 3, pos[1] - 5), pos, 1)
                draw.line(surface, (50, 50, 48), pos, (pos[0] + 3, pos[1] + 5), 1)


@dataclass
class Sink(Anim):
    """A tile dragged down into a whirlpool: it turns, shrinks and slides into the eye."""

    start: tuple[float, float] = (0.0, 0.0)
    end: tuple[float, float] = (0.0, 0.0)

    def draw(self, surface: pygame.Surface, p: float) -> None:
        face = island_view.tile_face(self.tile, False)
        e = p * p
        size = max(2, int(face.get_width() * (1 - 0.85 * e)))
        img = canvas.rotozoom(face, -360 * e, size / face.get_width())
        x = self.start[0] + (self.end[0] - self.start[0]) * e
        y = self.start[1] + (self.end[1] - self.start[1]) * e
        surface.blit(img, img.get_rect(center=(int(x), int(y))))


@dataclass
class Carry(Anim):
    """Several pieces carried from one place to another at once (Scylla's snatch)."""

    moves: list[tuple[tuple[int, int], tuple[int, int]]] = field(default_factory=list)
    paints: list[Callable[[pygame.Surface, tuple[int, int]], None]] = field(default_factory=list)

    def draw(self, surface: pygame.Surface, p: float) -> None:
        e = 1 - (1 - p) ** 2
        for (a, b), paint in zip(self.moves, self.paints, strict=False):
            x = a[0] + (b[0] - a[0]) * e
            y = a[1] + (b[1] - a[1]) * e - 30 * math.sin(math.pi * p)
            paint(surface, (int(x), int(y)))


def top_banner(anim: animation.Anim) -> bool:
    """A banner at the top of the island, where the line naming a new decision also goes."""
    return isinstance(anim, Banner) and anim.top


class IslandAnimator(animation.Animator):
    """The shared animator, and what the island layer asks of the animations queued."""

    queue: list[Anim]  # the island's own kinds

    def settle_cards(self, phase: str, deciding: bool, tiles_wanted: bool) -> None:
        """Keep misfortune cards out of a person's way.

        While someone at the table must click tiles, or must decide in a later phase than the
        card's, the card is shown beside the island (:data:`DOCK`) instead of over it; in a
        later phase it then leaves early, once it has been readable for a moment, shrinking
        into the LAST MISFORTUNE panel.
        """
        keep: list[Anim] = []
        for i, a in enumerate(self.queue):
            if isinstance(a, Card) and deciding:
                late = a.phase != phase
                a.docked = a.docked or late or tiles_wanted
                if late and i == 0 and a.started and a.progress >= CARD_SHOWN:
                    self.side.append(CardAway(0.35 * max(self.factor, 0.25), False, start=a.where))
                    continue
            keep.append(a)
        self.queue = keep

    def tile_overrides(self) -> tuple[dict[int, bool], int]:
        """Tiles the layer must draw as before their pending change, and the one now moving."""
        before: dict[int, bool] = {}
        moving = -1
        for i, a in enumerate(self.queue):
            if a.tile < 0 or a.tile in before:
                continue
            if i == 0 and a.started:
                moving = a.tile
            before[a.tile] = not a.sinking  # a sinking tile still stands; a rising one is sunk
        return before, moving

    def stone_overrides(self) -> dict[str, int]:
        """How many of each spot's newest stone figures the layer must leave out for now."""
        out: dict[str, int] = {}
        for a in self.queue:
            if isinstance(a, Petrify) and a.spot and a.pieces > 0:
                out[a.spot] = out.get(a.spot, 0) + a.pieces
        return out

    def monster_positions(self) -> dict[str, tuple[int, int] | None]:
        """Where queued monster moves hold each monster now (its start until its turn)."""
        out: dict[str, tuple[int, int] | None] = {}
        for i, a in enumerate(self.queue):
            if isinstance(a, Slide) and a.monster and a.monster not in out:
                if i == 0 and a.started:
                    out[a.monster] = None  # the slide draws it
                else:
                    out[a.monster] = (int(a.start[0]), int(a.start[1]))
        return out
