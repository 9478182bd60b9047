"""Generate the UI and game sounds with the standard library only.

UI: click, chime, wave ambience. Atlantis Rising's board: dice, flood, build, place, attack,
win and lose (``scenes/rising/sounds.py`` maps engine events to these names).

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


def _lowpass(samples: list[float], k: float) -> list[float]:
    out, y = [], 0.0
    for x in samples:
        y += k * (x - y)
        out.append(y)
    return out


def _bell(t: float, freq: float, decay: float) -> float:
    """A struck bell: a fundamental and two inharmonic partials dying away."""
    return math.exp(-t * decay) * (
        math.sin(math.tau * freq * t)
        + 0.35 * math.sin(math.tau * freq * 2.76 * t) * math.exp(-t * decay)
        + 0.2 * math.sin(math.tau * freq * 5.4 * t) * math.exp(-t * 2 * decay)
    )


def _mix(length_s: float, parts: list[tuple[float, list[float]]]) -> list[float]:
    """Add sample lists into one buffer, each starting at its own time (seconds)."""
    out = [0.0] * int(RATE * length_s)
    for start, samples in parts:
        offset = int(RATE * start)
        for i, v in enumerate(samples):
            if offset + i < len(out):
                out[offset + i] += v
    return out


def _knock(rng: random.Random, freq: float, seconds: float, loud: float) -> list[float]:
    n = int(RATE * seconds)
    out = []
    for i in range(n):
        t = i / RATE
        body = math.sin(math.tau * freq * t) * math.exp(-t * 90)
        grit = rng.uniform(-1, 1) * math.exp(-t * 400)
        out.append(loud * (0.7 * body + 0.5 * grit))
    return out


def dice() -> list[float]:
    """Bone dice rattling in a cup and tumbling out: ever sparser knocks, 0.6 s."""
    rng = random.Random(11)
    parts, t = [], 0.0
    for k in range(9):
        parts.append((t, _knock(rng, rng.uniform(1800, 3200), 0.05, 1.0 - k * 0.08)))
        t += 0.025 + 0.012 * k + rng.uniform(0, 0.02)
    return _mix(0.65, parts)


def flood() -> list[float]:
    """The sea swallowing a tile: a low rushing swell sinking in pitch, 1.5 s."""
    rng = random.Random(23)
    n = int(RATE * 1.5)
    noise = _lowpass(_lowpass([rng.uniform(-1, 1) for _ in range(n)], 0.05), 0.08)
    out, phase = [], 0.0
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / 0.25) * math.exp(-max(0.0, t - 0.35) * 2.6)
        phase += math.tau * (150 - 95 * min(1.0, t / 1.2)) / RATE
        out.append(env * (noise[i] * 6.0 + 0.45 * math.sin(phase)))
    return out


def build() -> list[float]:
    """A stone block set in place, then a bright chime: the gate grows, 1.1 s."""
    n = int(RATE * 0.25)
    rng = random.Random(5)
    thunk = [
        (math.sin(math.tau * 95 * (i / RATE)) * 0.9 + rng.uniform(-0.4, 0.4) * math.exp(-i / 200))
        * math.exp(-(i / RATE) * 22)
        for i in range(n)
    ]
    chime_n = int(RATE * 0.9)
    ring = [
        0.45 * _bell(i / RATE, 783.99, 4.5) + 0.3 * _bell(i / RATE, 1174.66, 5.5)
        for i in range(chime_n)
    ]
    return _mix(1.1, [(0.0, thunk), (0.12, ring)])


def place() -> list[float]:
    """A wooden piece set down on the board: one soft tap, 60 ms."""
    rng = random.Random(3)
    n = int(RATE * 0.06)
    out = []
    for i in range(n):
        t = i / RATE
        env = math.exp(-t * 110)
        tone = math.sin(math.tau * 520 * t) * 0.6 + math.sin(math.tau * 1040 * t) * 0.15
        out.append(env * (tone + rng.uniform(-0.15, 0.15) * math.exp(-t * 500)))
    return out


def _drum(seconds: float) -> list[float]:
    out, phase = [], 0.0
    for i in range(int(RATE * seconds)):
        t = i / RATE
        phase += math.tau * (55 + 70 * math.exp(-t * 30)) / RATE
        out.append(math.sin(phase) * math.exp(-t * 7))
    return out


def _horn(seconds: float, freq: float) -> list[float]:
    out = []
    for i in range(int(RATE * seconds)):
        t = i / RATE
        env = min(1.0, t / 0.08) * min(1.0, (seconds - t) / 0.25)
        f = freq * (1 + 0.006 * math.sin(math.tau * 5.5 * t))
        tone = sum(math.sin(math.tau * f * h * t) / h for h in range(1, 6))
        out.append(0.35 * env * tone)
    return out


def attack() -> list[float]:
    """War drums and a galley horn: the Athenians strike, 1.4 s."""
    drum = _drum(0.5)
    return _mix(1.4, [(0.0, drum), (0.22, drum), (0.45, _horn(0.9, 196.0))])


def win() -> list[float]:
    """A rising bell arpeggio that rings on: the cosmic gate opens, 2.0 s."""
    notes = (523.25, 659.25, 783.99, 1046.5)
    parts = [
        (0.16 * k, [_bell(i / RATE, f, 2.2) * 0.5 for i in range(int(RATE * 1.5))])
        for k, f in enumerate(notes)
    ]
    return _mix(2.0, parts)


def lose() -> list[float]:
    """Three falling low notes under the surf: Atlantis sinks, 2.2 s."""
    rng = random.Random(41)
    notes = (220.0, 174.61, 146.83)
    parts = []
    for k, f in enumerate(notes):
        n = int(RATE * 1.1)
        tone = [
            0.5
            * min(1.0, (i / RATE) / 0.1)
            * math.exp(-(i / RATE) * 2.2)
            * (math.sin(math.tau * f * i / RATE) + 0.3 * math.sin(math.tau * f * 2 * i / RATE))
            for i in range(n)
        ]
        parts.append((0.45 * k, tone))
    surf_n = int(RATE * 2.2)
    surf = _lowpass([rng.uniform(-1, 1) for _ in range(surf_n)], 0.03)
    parts.append((0.0, [v * 1.2 * math.sin(math.pi * i / surf_n) for i, v in enumerate(surf)]))
    return _mix(2.2, parts)


#: every sound this script writes: file name -> generator
SOUNDS = {
    "click.wav": click,
    "chime.wav": chime,
    "waves.wav": waves,
    "dice.wav": dice,
    "flood.wav": flood,
    "build.wav": build,
    "place.wav": place,
    "attack.wav": attack,
    "win.wav": win,
    "lose.wav": lose,
}


def main() -> None:
    for name, make in SOUNDS.items():
        _write(name, make())
    print(f"wrote sounds to {OUT}")


if __name__ == "__main__":
    main()
