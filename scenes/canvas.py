"""Drawing in logical units on surfaces that hold more pixels: why 1080p is sharp.

Every scene lays out on a logical 1280×720 canvas. When the window is larger, the frame is not
drawn at 1280×720 and blown up (that blurs every letter and line); it is drawn at the window's
own resolution. :class:`Canvas` is a pygame surface seen in logical units: it holds a real
``pygame.Surface`` with ``k`` physical pixels per logical unit (the *density*), and its
``blit``/``fill``/``get_size``/``subsurface``/... take and return logical coordinates, so scene
code keeps its layout constants. :mod:`scenes.draw` mirrors ``pygame.draw`` for it, fonts from
:func:`scenes.assets.font` render glyphs at ``k``× size but measure in logical pixels
(:class:`Font`), and :func:`surface` makes off-screen sprites at the density in force.

At density 1 every call goes straight to pygame with the arguments it was given, so a
1280×720 (or smaller) window draws exactly what it drew before there were densities.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Sequence
from typing import Any

import pygame

_density = 1.0


def density() -> float:
    """Physical pixels per logical unit for surfaces made now (1.0 up to a 1280×720 view)."""
    return _density


def set_density(k: float) -> None:
    """Set the density new surfaces and fonts are made at (the App does, from the window)."""
    global _density
    _density = float(k)


class Stats:
    """How often a frame had to resample an image to another density (each one is blurred:
    a sprite painted at the wrong density or a picture only available at logical size)."""

    rescaled = 0


stats = Stats()


def px(v: float, k: float) -> int:
    """A logical coordinate in physical pixels (halves round up, the same on every edge)."""
    return math.floor(v * k + 0.5)


def _rect4(rect: Any) -> tuple[float, float, float, float]:
    if isinstance(rect, (pygame.Rect, pygame.FRect)):
        return rect.x, rect.y, rect.w, rect.h
    if len(rect) == 2:
        (x, y), (w, h) = rect
        return x, y, w, h
    x, y, w, h = rect
    return x, y, w, h


def phys_rect(rect: Any, k: float) -> pygame.Rect:
    """A logical rect in physical pixels; edges are rounded, so neighbours still touch."""
    x, y, w, h = _rect4(rect)
    if k == 1:
        return pygame.Rect(x, y, w, h)
    x0, y0 = px(x, k), px(y, k)
    return pygame.Rect(x0, y0, px(x + w, k) - x0, px(y + h, k) - y0)


def logical_rect(rect: Any, k: float) -> pygame.Rect:
    """A physical rect in logical units (exact inverse of :func:`phys_rect` for k ≥ 1)."""
    r = pygame.Rect(rect)
    if k == 1:
        return r
    x0, y0 = px(r.x, 1 / k), px(r.y, 1 / k)
    return pygame.Rect(x0, y0, px(r.right, 1 / k) - x0, px(r.bottom, 1 / k) - y0)


def phys_size(size: Sequence[float], k: float) -> tuple[int, int]:
    return (px(size[0], k), px(size[1], k)) if k != 1 else (int(size[0]), int(size[1]))


def phys_point(pos: Sequence[float], k: float) -> tuple[int, int]:
    return (px(pos[0], k), px(pos[1], k))


def _dest_xy(dest: Any) -> tuple[float, float]:
    if isinstance(dest, (pygame.Rect, pygame.FRect)):
        return dest.x, dest.y
    return dest[0], dest[1]


#: logical-size pictures (plain pygame surfaces) resampled once per density they are drawn at
_RESAMPLED: weakref.WeakKeyDictionary[pygame.Surface, tuple[float, pygame.Surface]] = (
    weakref.WeakKeyDictionary()
)


class Canvas:
    """A pygame surface addressed in logical units (see the module text)."""

    __slots__ = ("surf", "k", "_size", "__weakref__")

    def __init__(
        self, surf: pygame.Surface, k: float = 1.0, size: tuple[int, int] | None = None
    ) -> None:
        self.surf = surf
        self.k = float(k)
        if size is None:
            w, h = surf.get_size()
            size = (w, h) if k == 1 else (px(w, 1 / k), px(h, 1 / k))
        self._size = (int(size[0]), int(size[1]))

    def __repr__(self) -> str:
        return f"<Canvas {self._size} at k={self.k:g} on {self.surf.get_size()}>"

    # --- size, in logical units ---------------------------------------------------------------
    def get_size(self) -> tuple[int, int]:
        return self._size

    def get_width(self) -> int:
        return self._size[0]

    def get_height(self) -> int:
        return self._size[1]

    def get_rect(self, **where: Any) -> pygame.Rect:
        r = pygame.Rect((0, 0), self._size)
        for name, value in where.items():
            setattr(r, name, value)
        return r

    def get_flags(self) -> int:
        return self.surf.get_flags()

    # --- drawing --------------------------------------------------------------------------------
    def _source(self, source: Canvas | pygame.Surface) -> pygame.Surface:
        """The physical pixels to blit from ``source`` at this surface's density."""
        if isinstance(source, Canvas):
            if source.k == self.k:
                return source.surf
            stats.rescaled += 1
            return pygame.transform.smoothscale(source.surf, phys_size(source._size, self.k))
        if self.k == 1:
            return source
        got = _RESAMPLED.get(source)
        if got is None or got[0] != self.k:
            stats.rescaled += 1
            got = (
                self.k,
                pygame.transform.smoothscale(source, phys_size(source.get_size(), self.k)),
            )
            _RESAMPLED[source] = got
        return got[1]

    def blit(
        self,
        source: Canvas | pygame.Surface,
        dest: Any,
        area: Any = None,
        special_flags: int = 0,
    ) -> pygame.Rect:
        src = self._source(source)
        k = self.k
        if k == 1:
            return self.surf.blit(src, dest, area, special_flags)
        x, y = _dest_xy(dest)
        parea = None if area is None else phys_rect(area, k)
        done = self.surf.blit(src, (px(x, k), px(y, k)), parea, special_flags)
        return logical_rect(done, k)

    def fill(self, colour: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        if self.k == 1:
            return self.surf.fill(colour, rect, special_flags)
        prect = None if rect is None else phys_rect(rect, self.k)
        return logical_rect(self.surf.fill(colour, prect, special_flags), self.k)

    def set_at(self, pos: Sequence[float], colour: Any) -> None:
        if self.k == 1:
            self.surf.set_at(pos, colour)
        else:
            self.surf.fill(colour, phys_rect((pos[0], pos[1], 1, 1), self.k))

    def get_at(self, pos: Sequence[float]) -> pygame.Color:
        if self.k == 1:
            return self.surf.get_at(pos)
        return self.surf.get_at((int(pos[0] * self.k), int(pos[1] * self.k)))

    # --- state ----------------------------------------------------------------------------------
    def set_alpha(self, value: int | None, flags: int = 0) -> None:
        self.surf.set_alpha(value, flags)

    def get_alpha(self) -> int | None:
        return self.surf.get_alpha()

    def set_clip(self, rect: Any = None) -> None:
        self.surf.set_clip(None if rect is None else phys_rect(rect, self.k))

    def get_clip(self) -> pygame.Rect:
        return logical_rect(self.surf.get_clip(), self.k)

    # --- new surfaces ---------------------------------------------------------------------------
    def subsurface(self, rect: Any) -> Canvas:
        r = pygame.Rect(rect)
        return Canvas(self.surf.subsurface(phys_rect(r, self.k)), self.k, r.size)

    def copy(self) -> Canvas:
        return Canvas(self.surf.copy(), self.k, self._size)

    def convert_alpha(self) -> Canvas:
        return Canvas(self.surf.convert_alpha(), self.k, self._size)

    def convert(self) -> Canvas:
        return Canvas(self.surf.convert(), self.k, self._size)


Drawable = Canvas | pygame.Surface


def surface(size: Sequence[float], flags: int = 0) -> Canvas:
    """A new off-screen surface of logical ``size`` at the density in force (sprites, overlays,
    cached panels: what a scene used to make with ``pygame.Surface(size, flags)``)."""
    k = _density
    return Canvas(pygame.Surface(phys_size(size, k), flags), k, (int(size[0]), int(size[1])))


_BODIES: dict[tuple, Canvas] = {}


def rounded_body(size: Sequence[int], colour: Any, radius: int) -> Canvas:
    """A filled rounded rect on a transparent surface, made once per size, colour and density
    (translucent panels blit one every frame; making it each time cost a millisecond at 1080p)."""
    key = (tuple(size), tuple(colour), radius, _density)
    body = _BODIES.get(key)
    if body is None:
        if len(_BODIES) > 48:
            _BODIES.clear()
        body = surface(size, pygame.SRCALPHA)
        r = radius if _density == 1 else px(radius, _density)
        pygame.draw.rect(body.surf, colour, body.surf.get_rect(), border_radius=r)
        _BODIES[key] = body
    return body


def fresh(old: Canvas, flags: int = 0) -> Canvas:
    """``old`` when it is at the density in force, else a new surface of its logical size
    (a cached layer repainted after the window changed scale)."""
    return old if old.k == _density else surface(old.get_size(), flags)


def physical(target: Drawable) -> pygame.Surface:
    """The real pygame surface behind ``target`` (pygame-gui and image saving want it)."""
    return target.surf if isinstance(target, Canvas) else target


# --- transforms of sprites ------------------------------------------------------------------
def smoothscale(source: Drawable, size: Sequence[float]) -> Canvas:
    """``pygame.transform.smoothscale`` to a logical ``size``, done on the physical pixels."""
    if not isinstance(source, Canvas):
        source = Canvas(source)
    k = source.k
    w, h = int(size[0]), int(size[1])
    return Canvas(pygame.transform.smoothscale(source.surf, phys_size((w, h), k)), k, (w, h))


def rotozoom(source: Drawable, angle: float, scale: float) -> Canvas:
    """``pygame.transform.rotozoom`` on the physical pixels (the result measures itself)."""
    if not isinstance(source, Canvas):
        source = Canvas(source)
    return Canvas(pygame.transform.rotozoom(source.surf, angle, scale), source.k)


# --- text -----------------------------------------------------------------------------------
class Font:
    """A font that measures in logical pixels and draws glyphs at the density's size.

    ``metric`` is the font at its logical pixel size: ``size``, ``get_linesize`` … come from it,
    so text wraps and fits exactly as it does at 1280×720. The glyphs are drawn by the same face
    at ``k``× that size (``sized(pixels)`` gives the face at any size). Hinting makes a face a
    few per cent wider at some sizes than ``k`` times the logical width, which would push text
    out of the box its layout measured; such a line is condensed to that width (give or take
    1 %), never drawn at a smaller size: every line of a size shows at one height (a log's
    long lines drawn smaller than its short ones read as two sizes)."""

    __slots__ = ("metric", "pixels", "k", "_sized")

    def __init__(
        self,
        metric: pygame.font.Font,
        pixels: int,
        k: float = 1.0,
        sized: Callable[[int], pygame.font.Font] | None = None,
    ) -> None:
        self.metric, self.pixels, self.k = metric, pixels, k
        self._sized = sized

    def ink_font(self, text: str) -> pygame.font.Font:
        """The face that draws ``text``: the metric size times ``k`` (every line of a size is
        drawn at one size, however long)."""
        if self.k == 1 or self._sized is None:
            return self.metric
        return self._sized(px(self.pixels, self.k))

    def render(self, text: str, antialias: bool, colour: Any, background: Any = None) -> Canvas:
        img = self.ink_font(text).render(text, antialias, colour, background)
        if self.k == 1:
            return Canvas(img)
        logical = self.metric.size(text)
        room = px(logical[0], self.k) + max(2, round(0.01 * logical[0] * self.k))
        if img.get_width() > room:  # hinting made it wider than its layout: condensed to fit
            img = pygame.transform.smoothscale(img, (room, img.get_height()))
        return Canvas(img, self.k, logical)

    def size(self, text: str) -> tuple[int, int]:
        return self.metric.size(text)

    def get_linesize(self) -> int:
        return self.metric.get_linesize()

    def get_height(self) -> int:
        return self.metric.get_height()

    def get_ascent(self) -> int:
        return self.metric.get_ascent()

    def get_descent(self) -> int:
        return self.metric.get_descent()
