"""The device's sounds, made here from sine waves and noise (the standard library only).

A sonar ping, the jelly rod's click and hum, a mine's explosion and a sea monster's growl are
synthesised once when the board opens and added to the program's audio under ``finding-*``
names; the rest borrow the shared sounds. A machine without audio stays silent. Which event
makes which sound is :func:`sound_for` (every event kind the engine emits is listed in
:data:`SOUND_FOR_EVENT` or :data:`SILENT_EVENTS`).
"""

from __future__ import annotations

import math
import random
import struct

from game.core.protocol import Event

RATE = 22050
SOUND_FOR_EVENT: dict[str, str] = {
    "sonar": "finding-ping",
    "hydrographer": "finding-ping",
    "sounder": "finding-ping",
    "trident": "finding-ping",
    "periscope": "finding-ping",
    "jelly": "finding-rod",
    "jelly_mines": "finding-rod",
    "navy": "finding-rod",
    "surveyor": "finding-rod",
    "archaeologist": "finding-rod",
    "explore": "place",
    "diver": "place",
    "lantern": "place",
    "sunstone": "chime",
    "atlas": "chime",
    "mine_hit": "finding-boom",
    "attack": "finding-monster",
    "monster_woke": "finding-monster",
    "hunt": "finding-monster",
    "harpoon": "attack",
    "surface": "chime",
    "phantom": "chime",
    "burn": "click",
    "move": "click",
    "found": "win",
    "wrong_claim": "lose",
    "round_limit": "lose",
    "undo": "click",
}
SILENT_EVENTS = frozenset(
    {
        "turn", "dealt", "kept", "captain_kept", "start", "first", "my_move", "my_mine",
        "my_harpoon", "refill", "reveal", "captain_shown", "artifact_used", "extra_action", "draw",
        "artifact_card", "mine_hit_place", "loot", "loot_card", "solve", "declined", "claim",
        "teleport", "located",
    }
)  # fmt: skip


def sound_for(event: Event) -> str | None:
    kind = event.data.get("reading") or event.kind
    return SOUND_FOR_EVENT.get(kind)


def _ping() -> list[float]:
    n = int(RATE * 0.9)
    return [
        math.sin(2 * math.pi * 1180 * (i / RATE)) * math.exp(-4.5 * i / RATE)
        + 0.3 * math.sin(2 * math.pi * 2360 * (i / RATE)) * math.exp(-9 * i / RATE)
        for i in range(n)
    ]


def _rod() -> list[float]:
    n = int(RATE * 0.35)
    return [
        (math.sin(2 * math.pi * 220 * i / RATE) + 0.5 * math.sin(2 * math.pi * 333 * i / RATE))
        * min(1.0, i / 400)
        * math.exp(-6 * i / RATE)
        for i in range(n)
    ]


def _boom() -> list[float]:
    rng = random.Random(5)
    n = int(RATE * 0.8)
    out, low = [], 0.0
    for i in range(n):
        low += (rng.uniform(-1, 1) - low) * 0.08
        out.append(
            (low * 3 + 0.6 * math.sin(2 * math.pi * 55 * i / RATE)) * math.exp(-4 * i / RATE)
        )
    return out


def _growl() -> list[float]:
    rng = random.Random(7)
    n = int(RATE * 0.7)
    return [
        math.sin(2 * math.pi * (70 + 20 * math.sin(i / 900)) * i / RATE)
        * (0.7 + 0.3 * rng.random())
        * math.sin(math.pi * i / n)
        for i in range(n)
    ]


MADE = {"finding-ping": _ping, "finding-rod": _rod, "finding-boom": _boom,
        "finding-monster": _growl}  # fmt: skip


def _pcm(samples: list[float], rate: int, channels: int) -> bytes:
    peak = max(1e-9, max(abs(s) for s in samples))
    step = RATE / rate
    count = int(len(samples) / step)
    out = bytearray()
    for i in range(count):
        v = int(samples[min(len(samples) - 1, int(i * step))] / peak * 0.8 * 32767)
        out += struct.pack("<h", v) * channels
    return bytes(out)


def install(audio) -> None:
    """Add the device's sounds to ``audio`` (once; silently nothing without a mixer)."""
    if not getattr(audio, "ok", False) or "finding-ping" in audio.sounds:
        return
    try:
        import pygame

        init = pygame.mixer.get_init()
        if not init:
            return
        rate, fmt, channels = init
        if fmt != -16:
            return
        for name, make in MADE.items():
            sound = pygame.mixer.Sound(buffer=_pcm(make(), rate, channels))
            sound.set_volume(audio.volume)
            audio.sounds[name] = sound
    except Exception:  # a sound must never stop the game
        return
