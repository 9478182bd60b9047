"""What every board animates with: a queue of animations, their timing, speed and skip.

A board turns the events its viewer may see into :class:`Anim` pieces (each game declares its
own kinds as small subclasses: what they look like, how long they last) and hands them to one
:class:`Animator`. Blocking animations play one after another and hold back the next bot move
so people can follow; light ones play alongside (a light one may also hold the table, and may
wait for the one before it on its own *track*, e.g. one unit's moves). Every duration is scaled
by the animation-speed setting, ``instant`` plays nothing, and :meth:`Animator.skip` ends all.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import ClassVar

import pygame

#: how long an animation lasts at each animation-speed setting (instant: not at all)
SPEED_FACTOR = {"1x": 1.0, "2x": 0.5, "4x": 0.25, "instant": 0.0}


@dataclass
class Anim:
    """One animation; ``draw(surface, progress)`` paints a frame of it.

    ``blocking``: it waits its turn in the queue, and the table waits for it. A light one
    (``blocking=False``) starts at once; the table waits for it only when its class ``holds``.
    ``elapsed`` is negative while a light one waits out a delay.
    """

    duration: float
    blocking: bool = True
    sound: str = ""
    elapsed: float = 0.0
    started: bool = False

    #: a light animation the table still waits for (boards whose animations all play at once)
    holds: ClassVar[bool] = False

    @property
    def progress(self) -> float:
        """How far it has played, 0..1 (below 0 while a light one waits out its delay)."""
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    @property
    def track(self) -> Hashable | None:
        """Light animations on one track play one after another (None: no track)."""
        return None

    @property
    def in_layer(self) -> bool:
        """Does it change what the board's cached picture draws while it is queued (a tile
        drawn by the animation instead)? The animator then raises ``changed``."""
        return False

    def draw(self, surface: pygame.Surface, p: float) -> None:
        """Paint one frame at progress ``p`` (subclasses)."""

    def draw_waiting(self, surface: pygame.Surface) -> None:
        """Paint what it will change, as it stands before its turn (blocking ones that wait)."""


@dataclass
class Together(Anim):
    """An animation of a board whose animations all play at once: it starts at once beside
    the others, and the table still waits for it. ``kind`` names it (tests count kinds)."""

    blocking: bool = False
    kind: ClassVar[str] = ""
    holds: ClassVar[bool] = True


class Animator:
    """Plays queued animations; knows whether the table should wait for them."""

    def __init__(self, speed: str = "1x", play_sound: Callable[[str], None] | None = None) -> None:
        self.speed = speed
        self.queue: list[Anim] = []  # blocking, in order: the first one plays
        self.side: list[Anim] = []  # light, all at once
        self._play_sound = play_sound or (lambda _name: None)
        #: the set of animations the board's cached picture leaves out changed (see in_layer)
        self.changed = False

    @property
    def factor(self) -> float:
        """How much the speed setting stretches every duration (0 at instant)."""
        return SPEED_FACTOR.get(self.speed, 1.0)

    def add(self, anim: Anim, delay: float = 0.0) -> None:
        """Queue ``anim`` with its duration scaled to the speed (dropped at ``instant``, its
        sound still played). A light one starts after ``delay`` seconds (scaled too), and not
        before the last one on its track has ended."""
        wait = delay * self.factor
        anim.duration *= self.factor
        if anim.duration <= 0:
            if anim.sound:
                self._play_sound(anim.sound)
            return
        if anim.blocking:
            self.queue.append(anim)
            if anim.in_layer:
                self.changed = True
            return
        track = anim.track
        if track is not None:
            for a in self.side:
                if a.track == track:
                    wait = max(wait, a.duration - a.elapsed)
        anim.elapsed = -wait
        self.side.append(anim)
        if anim.sound:
            self._play_sound(anim.sound)

    @property
    def busy(self) -> bool:
        """True while the table should wait (the next bot move, the results screen)."""
        return bool(self.queue) or any(a.holds for a in self.side)

    @property
    def active(self) -> bool:
        """True while anything plays at all."""
        return bool(self.queue or self.side)

    def skip(self) -> None:
        """Finish everything now (Tab, the Skip button)."""
        if any(a.in_layer for a in self.queue):
            self.changed = True
        self.queue.clear()
        self.side.clear()

    def clear(self) -> None:
        """Drop everything (another view is on screen)."""
        self.skip()

    def update(self, dt: float) -> None:
        """Advance the first queued animation (it starts, with its sound, on its first
        frame) and every light one by ``dt``; drop those that have ended."""
        if self.queue:
            head = self.queue[0]
            if not head.started:
                head.started = True
                if head.sound:
                    self._play_sound(head.sound)
            head.elapsed += dt
            if head.elapsed >= head.duration:
                self.queue.pop(0)
                if head.in_layer:
                    self.changed = True
        for a in self.side:
            a.elapsed += dt
        self.side = [a for a in self.side if a.elapsed < a.duration]

    def playing(self, leave_out: Callable[[Anim], bool] | None = None) -> Iterator[Anim]:
        """The animations to paint this frame, in order: the queue's first once it started,
        then the light ones past their delay (``leave_out``: any the board shows otherwise)."""
        if self.queue and self.queue[0].started:
            head = self.queue[0]
            if leave_out is None or not leave_out(head):
                yield head
        for a in self.side:
            if a.elapsed >= 0 and (leave_out is None or not leave_out(a)):
                yield a

    def draw(
        self, surface: pygame.Surface, leave_out: Callable[[Anim], bool] | None = None
    ) -> None:
        """Paint the queued ones that wait as they stand, then what plays (:meth:`playing`)."""
        for i, a in enumerate(self.queue):
            if not (i == 0 and a.started):
                a.draw_waiting(surface)
        for a in self.playing(leave_out):
            a.draw(surface, a.progress)
