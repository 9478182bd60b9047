"""A test-side audit of where the boards put text: no two lines overlap, none runs out of its box.

Every line of text the program draws is rendered by :class:`scenes.canvas.Font` (``font()``
hands one out), so the audit marks each rendered surface and follows it: when it is blitted,
its *ink* (the pixels the glyphs cover, ``get_bounding_rect``) is recorded on the target; when a
surface holding text (a cached panel) is blitted in turn, its records move with it, each with the
box it was drawn in (that surface's rect). A full ``fill`` forgets what a surface held. So at the
end of a frame the canvas knows every line a player sees, where, and in which box.

Panels drawn directly on the canvas (``canvas.rounded_body``: Rising's ``look.panel``,
``ui.draw_panel``) count as boxes too: a line whose ink starts inside a panel drawn before it
belongs to that panel and must stay inside it.

Ignored: lines with no letter or digit (the sea's "~" waves are drawn as text); and, by call site (a function name in the stack of the blit): tooltips, banners, toasts,
pills and the like, which float over the board on purpose; and lines with the same words
overlapping each other (a shadow drawn under its own text). Widgets of pygame-gui draw their own
text and are not audited.
"""

from __future__ import annotations

import sys
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from scenes import canvas, draw

#: a text blit made (at any depth) by a function whose name holds one of these is floating
FLOATING = ("tooltip", "tip_", "_tip", "banner", "toast", "pill", "callout", "bubble", "flash")
#: modules whose text is a passing effect over the board (a roll's result, a gain flying off)
FLOATING_MODULES = ("animations", "event_anims", "monster_anims", "tooltips")
#: modules drawing pieces that stand on the board: their words are checked among themselves,
#: not against the ground's under them (a piece's disc hides what it stands on)
PIECE_MODULES = ("figures",)
#: overlaps smaller than this in either direction are antialiasing touching, not a collision
TOLERANCE = 2


@dataclass(frozen=True)
class Line:
    """One line of text as it shows: its words, its ink, the box it belongs to, its caller."""

    text: str
    ink: pygame.Rect
    box: pygame.Rect
    site: str
    floating: bool
    #: when it was drawn, and when its box was (a panel drawn later than a line covers it)
    seq: int = 0
    box_seq: int = -1
    #: the font's size in canvas pixels (0: not known)
    size: int = 0

    @property
    def layer(self) -> str:
        mod = self.site.split(":", 1)[0].rsplit(".", 1)[-1]
        return "piece" if mod in PIECE_MODULES else "board"


@dataclass(frozen=True)
class Problem:
    kind: str  # "overlap" or "outside"
    a: Line
    b: Line | None = None

    def __str__(self) -> str:
        if self.kind == "overlap" and self.b is not None:
            return (
                f"overlap: {self.a.text!r} {tuple(self.a.ink)} ({self.a.site}) "
                f"x {self.b.text!r} {tuple(self.b.ink)} ({self.b.site})"
            )
        return f"outside: {self.a.text!r} {tuple(self.a.ink)} not in {tuple(self.a.box)} ({self.a.site})"


class _State:
    def __init__(self) -> None:
        #: rendered text surface -> (words, ink rect in its own logical units)
        self.texts: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        #: any surface -> the lines drawn on it, in its own coordinates
        self.lines: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        #: any surface -> the panel boxes drawn on it, in order
        self.boxes: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self.bodies: weakref.WeakSet = weakref.WeakSet()
        #: any surface -> the filled rectangles drawn on it (they hide the lines under them)
        self.covers: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self.seq = 0

    def tick(self) -> int:
        self.seq += 1
        return self.seq


_state: _State | None = None


def _site() -> tuple[str, bool]:
    """The board function that drew this line (first frame outside the text helpers) and
    whether any caller is a floating overlay."""
    f = sys._getframe(3)
    site = ""
    floating = False
    depth = 0
    while f is not None and depth < 14:
        name = f.f_code.co_name
        mod = f.f_globals.get("__name__", "")
        if not site and mod.startswith("scenes.") and name not in ("blit_text", "draw_text"):
            site = f"{mod.rsplit('.', 2)[-2]}.{mod.rsplit('.', 1)[-1]}:{name}:{f.f_lineno}"
        if mod.startswith("scenes.") and (
            any(w in name.lower() for w in FLOATING) or mod.rsplit(".", 1)[-1] in FLOATING_MODULES
        ):
            floating = True
        f = f.f_back
        depth += 1
    return site, floating


def _ink(img: canvas.Canvas) -> pygame.Rect:
    r = img.surf.get_bounding_rect()
    if img.k == 1:
        return r
    return canvas.logical_rect(r, img.k)


@contextmanager
def auditing() -> Iterator[None]:
    """Record text while the block runs (text caches are emptied so every line is rendered)."""
    global _state
    _state = _State()
    old_render, old_blit, old_fill = canvas.Font.render, canvas.Canvas.blit, canvas.Canvas.fill
    old_body = canvas.rounded_body
    old_rect = draw.rect

    def rect(surface, color, rect, width=0, *args, **kwargs):  # noqa: ANN001
        done = old_rect(surface, color, rect, width, *args, **kwargs)
        if _state is not None and width == 0 and isinstance(surface, canvas.Canvas):
            _state.covers.setdefault(surface, []).append((pygame.Rect(rect), _state.tick()))
        return done

    def render(self, text, antialias, colour, background=None):  # noqa: ANN001
        img = old_render(self, text, antialias, colour, background)
        if _state is not None and text.strip():
            _state.texts[img] = (text, _ink(img), self.pixels)
        return img

    def rounded_body(size, colour, radius):  # noqa: ANN001
        body = old_body(size, colour, radius)
        if _state is not None:
            _state.bodies.add(body)
        return body

    def blit(self, source, dest, area=None, special_flags=0):  # noqa: ANN001
        done = old_blit(self, source, dest, area, special_flags)
        st = _state
        if st is None or not isinstance(source, canvas.Canvas):
            return done
        x, y = canvas._dest_xy(dest)
        x, y = int(x), int(y)
        clip = self.get_clip()
        if source in st.texts:
            text, ink, size = st.texts[source]
            if area is not None:
                a = pygame.Rect(area)
                ink = ink.clip(a).move(-a.x, -a.y)
            site, floating = _site()
            here = ink.move(x, y)
            mine = st.lines.setdefault(self, [])
            box, box_seq = clip, -1
            for b, b_seq in reversed(st.boxes.get(self, [])):
                if b.collidepoint(here.topleft) or b.collidepoint(here.center):
                    box, box_seq = b, b_seq
                    break
            mine.append(Line(text, here, box, site, floating, st.tick(), box_seq, size))
        elif source in st.bodies:
            rect = pygame.Rect(x, y, *source.get_size())
            st.boxes.setdefault(self, []).append((rect, st.tick()))
        elif source in st.lines:
            shown = pygame.Rect(x, y, *source.get_size())
            if area is not None:
                a = pygame.Rect(area)
                shown = pygame.Rect(x, y, a.width, a.height)
                dx, dy = x - a.x, y - a.y
            else:
                dx, dy = x, y
            box = shown.clip(clip)
            mine = st.lines.setdefault(self, [])
            now = st.tick()
            for ln in lines_on(source):  # what shows of it (covered lines left behind)
                inner = ln.box.move(dx, dy).clip(box)
                moved = ln.ink.move(dx, dy)
                mine.append(Line(ln.text, moved, inner, ln.site, ln.floating, now, now, ln.size))
        return done

    def fill(self, colour, rect=None, special_flags=0):  # noqa: ANN001
        done = old_fill(self, colour, rect, special_flags)
        st = _state
        if st is not None and self in st.lines:
            if rect is None:
                st.lines[self] = []
                st.boxes.pop(self, None)
                st.covers.pop(self, None)
            else:
                r = pygame.Rect(rect)
                st.lines[self] = [ln for ln in st.lines[self] if not r.contains(ln.ink)]
        return done

    canvas.Font.render = render
    canvas.Canvas.blit = blit
    canvas.Canvas.fill = fill
    canvas.rounded_body = rounded_body
    draw.rect = rect
    CUT_LINES.clear()
    undo_cuts = _hear_cuts()
    _forget_cached_text()
    try:
        yield
    finally:
        canvas.Font.render = old_render
        canvas.Canvas.blit = old_blit
        canvas.Canvas.fill = old_fill
        canvas.rounded_body = old_body
        draw.rect = old_rect
        for fn, code in undo_cuts:
            fn.__code__ = code
        _state = None
        _forget_cached_text()


#: the functions that shorten a text to a width with an ellipsis: (module, name, the
#: position of their text argument); the audit hears what they cut
CUTTERS = (("scenes.text", "fit_text", 0), ("scenes.rising.look", "fit", 0))
#: lines shortened with an ellipsis while auditing (their words as drawn)
CUT_LINES: set[str] = set()


def _hear_cuts() -> list[tuple[object, object]]:
    """Make every cutter note what it shortened. Modules import these functions by name, so
    the function objects themselves are changed (their code swapped for one that calls the
    original and notes a shortened result); returns what puts them back."""
    import importlib
    import types

    undo = []
    for mod_name, name, _ in CUTTERS:
        fn = getattr(importlib.import_module(mod_name), name)
        original = types.FunctionType(
            fn.__code__, fn.__globals__, name, fn.__defaults__, fn.__closure__
        )
        fn.__globals__.setdefault("_AUDIT_CUTTERS", {})[name] = original
        source = (
            f"def {name}(*args, **kwargs):\n"
            f"    out = _AUDIT_CUTTERS[{name!r}](*args, **kwargs)\n"
            f"    if out != args[0]:\n"
            f"        _AUDIT_CUT_LINES.add(out)\n"
            f"    return out\n"
        )
        scope: dict = {}
        exec(source, scope)  # noqa: S102 - a test's spy, built from the names above
        fn.__globals__["_AUDIT_CUT_LINES"] = CUT_LINES
        undo.append((fn, fn.__code__))
        fn.__code__ = scope[name].__code__
    return undo


def _forget_cached_text() -> None:
    """Empty the caches of rendered text (their surfaces were not marked as text)."""
    from scenes import assets
    from scenes.guards import look as guards_look
    from scenes.rising import look as rising_look

    for listener in list(assets._sizing_listeners):  # every cache of text-bearing pictures
        listener()
    guards_look._RENDERED.clear()
    rising_look._FIT.clear()
    canvas._BODIES.clear()


def start_frame(target: canvas.Canvas) -> None:
    """Forget what ``target`` held (the frame about to be drawn covers it)."""
    if _state is not None:
        _state.lines[target] = []
        _state.boxes[target] = []
        _state.covers[target] = []


def lines_on(target: canvas.Canvas) -> list[Line]:
    """The lines of text drawn on ``target`` since its last fill or ``start_frame`` that still
    show (a filled rectangle drawn later over the whole of a line hides it: a lesson's box
    laid over a panel)."""
    assert _state is not None, "only while auditing()"
    covers = _state.covers.get(target, [])
    return [
        ln
        for ln in _state.lines.get(target, [])
        if not any(seq > ln.seq and r.inflate(2, 2).contains(ln.ink) for r, seq in covers)
    ]


def problems(lines: list[Line]) -> list[Problem]:
    """Overlapping lines and lines outside their box (floating overlays left out)."""
    board = [
        ln
        for ln in lines
        if not ln.floating
        and ln.ink.width
        and ln.ink.height
        and any(ch.isalnum() for ch in ln.text)
    ]  # a line with no letter or digit is a drawing (the sea's "~" waves), not text
    out: list[Problem] = []
    for i, a in enumerate(board):
        if not a.box.contains(a.ink):
            cut = a.ink.clip(a.box)
            if cut.width < a.ink.width - TOLERANCE + 1 or cut.height < a.ink.height - TOLERANCE + 1:
                out.append(Problem("outside", a))
        for b in board[i + 1 :]:
            if a.text == b.text or a.layer != b.layer:
                continue
            if b.box_seq > a.seq and b.box.colliderect(a.ink):
                continue  # b sits on a panel drawn over a: a is hidden, not crowded
            c = a.ink.clip(b.ink)
            if c.width >= TOLERANCE and c.height >= TOLERANCE:
                out.append(Problem("overlap", a, b))
    return out


def audit_frame(app, dt: float = 1 / 60) -> list[Problem]:  # noqa: ANN001
    """Draw one frame of ``app`` and return what is wrong with its text."""
    start_frame(app.frame)
    app.step([], dt)
    return problems(lines_on(app.frame))
