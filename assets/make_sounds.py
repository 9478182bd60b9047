"""Generate the UI sounds (click, chime, wave ambience) with the standard library only.

Run ``python assets/make_sounds.py``; the .wav files it writes are committed, so players never
run this. Deterministic: the same script always writes the same bytes.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent / "sounds"


def _write(name: str, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = 0.89 * 32767 / peak
    frames = b"".join(struct.pack("<h", int(s * scale)) for s in samples)
    OUT.mkdir(parents=True, exist_ok=True)
    with wave.open(str(OUT / name), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(frames)


def click() -> list[float]:
    """A soft wooden tock: two damped partials and a breath of noise, 70 ms."""
    rng = random.Random(1)
    n = int(RATE * 0.07)
    out = []
    for i in range(n):
        t = i / RATE
        env = math.exp(-t * 70)
        tone = math.sin(math.tau * 880 * t) * 0.6 + math.sin(math.tau * 1320 * t) * 0.3
        out.append(env * (tone + rng.uniform(-0.25, 0.25) * math.exp(-t * 300)))
    return out


def chime() -> list[float]:
    """A bright two-note bell for 'your turn' and hand-offs, 0.9 s."""
    n = int(RATE * 0.9)
    out = []
    for i in range(n):
        t = i / RATE
        a = math.sin(math.tau * 659.25 * t) * math.exp(-t * 5)
        b = math.sin(math.tau * 987.77 * t) * math.exp(-max(0.0, t - 0.12) * 5) if t > 0.12 else 0
        shimmer = 0.15 * math.sin(math.tau * 1975.5 * t) * math.exp(-t * 9)
        attack = min(1.0, t / 0.005)
        out.append(attack * (a * 0.6 + b * 0.5 + shimmer))
    return out


def waves(seconds: float = 8.0) -> list[float]:
    """Loopable surf: low-passed noise under slow swells whose period divides the length."""
    rng = random.Random(7)
    n = int(RATE * seconds)
    out = []
    lp1 = lp2 = 0.0
    for i in range(n):
        white = rng.uniform(-1, 1)
        lp1 += 0.06 * (white - lp1)
        lp2 += 0.02 * (lp1 - lp2)
        phase = i / n
        swell = 0.35 + 0.65 * (0.5 - 0.5 * math.cos(math.tau * 2 * phase)) ** 2
        hiss = 0.25 * (lp1 - lp2) * swell
        out.append(lp2 * swell + hiss)
    # cross-fade the end into the start so the loop has no click
    fade = int(RATE * 0.5)
    for i in range(fade):
        w = i / fade
        out[i] = out[i] * w + out[n - fade + i] * (1 - w)
    return out[: n - fade]


def main() -> None:
    _write("click.wav", click())
    _write("chime.wav", chime())
    _write("waves.wav", waves())
    print(f"wrote sounds to {OUT}")


if __name__ == "__main__":
    main()
