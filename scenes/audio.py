"""Short UI sounds and the wave ambience; a machine without audio simply stays silent.

No sound call may ever raise: a missing device, a broken driver or a missing file turns the
audio off and the program goes on.
"""

from __future__ import annotations

import logging

import pygame

from scenes.assets import asset

log = logging.getLogger(__name__)

#: every sound by name (files made by ``assets/make_sounds.py``); the game sounds come from
#: the boards (e.g. ``scenes/rising/sounds.py`` maps engine events to these names)
SOUNDS = {
    "click": "click.wav",
    "chime": "chime.wav",
    "waves": "waves.wav",
    "dice": "dice.wav",
    "flood": "flood.wav",
    "build": "build.wav",
    "place": "place.wav",
    "attack": "attack.wav",
    "win": "win.wav",
    "lose": "lose.wav",
}
AMBIENCE_SHARE = 0.45  # the sea sits under the UI sounds


class Audio:
    """Plays named sounds at the volume from the settings (0.0–1.0)."""

    def __init__(self, volume: float) -> None:
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.ok = False
        self.problem = ""
        self._ambience: pygame.mixer.Channel | None = None
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            self.ok = True
        except (pygame.error, OSError) as exc:
            self.problem = str(exc)
            log.warning("audio is off: %s", exc)
        if self.ok:
            for name, filename in SOUNDS.items():
                # one damaged or missing file silences that sound only, not the program
                try:
                    self.sounds[name] = pygame.mixer.Sound(str(asset("sounds", filename)))
                except (pygame.error, OSError, FileNotFoundError) as exc:
                    self.problem = str(exc)
                    log.warning("sound %r is off: %s", name, exc)
        self.set_volume(volume)

    def set_volume(self, volume: float) -> None:
        self.volume = min(1.0, max(0.0, volume))
        if not self.ok:
            return
        try:
            for name, sound in self.sounds.items():
                sound.set_volume(self.volume * (AMBIENCE_SHARE if name == "waves" else 1.0))
        except pygame.error as exc:
            self._fail(exc)

    def play(self, name: str | None) -> None:
        """Play a sound by name; unknown names, ``None`` and volume 0 stay silent."""
        if not self.ok or self.volume <= 0 or name is None or name not in self.sounds:
            return
        try:
            self.sounds[name].play()
        except pygame.error as exc:
            self._fail(exc)

    def start_ambience(self) -> None:
        """Loop the sea under the menus (idempotent)."""
        if not self.ok or "waves" not in self.sounds:
            return
        if self._ambience is not None and self._ambience.get_busy():
            return
        try:
            self._ambience = self.sounds["waves"].play(loops=-1, fade_ms=1500)
        except pygame.error as exc:
            self._fail(exc)

    def stop_ambience(self) -> None:
        if self.ok and self._ambience is not None:
            try:
                self._ambience.fadeout(800)
            except pygame.error as exc:
                self._fail(exc)
        self._ambience = None

    def _fail(self, exc: Exception) -> None:
        log.warning("audio is off after an error: %s", exc)
        self.ok = False
        self.problem = str(exc)
