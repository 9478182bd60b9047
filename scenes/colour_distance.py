"""How different two colours look: CIEDE2000 colour difference, and simulated colour vision.

The seat palettes are checked with these (tests/scenes/test_palette.py): every pair of seat
colours must stay far apart for normal vision, and the colour-blind set also under simulated
protanopia, deuteranopia and tritanopia. Pure Python (no pygame), so it is cheap to test.
"""

from __future__ import annotations

import math

Colour = tuple[int, int, int]
Lab = tuple[float, float, float]


def _linear(c: float) -> float:
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> int:
    c = min(1.0, max(0.0, c))
    v = 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return round(v * 255)


def to_lab(rgb: Colour) -> Lab:
    """sRGB (0-255) to CIE L*a*b* under the D65 white point."""
    r, g, b = (_linear(v) for v in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: Colour, b: Colour) -> float:
    """The CIEDE2000 difference of two sRGB colours (about 2.3 is just noticeable; seats on a
    board, seen small and side by side, want far more)."""
    return delta_e_lab(to_lab(a), to_lab(b))


def delta_e_lab(first: Lab, second: Lab) -> float:
    """CIEDE2000 (Sharma, Wu & Dalal 2005) of two L*a*b* colours."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cbar7 = ((c1 + c2) / 2) ** 7
    g = 0.5 * (1 - math.sqrt(cbar7 / (cbar7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dlp = l2 - l1
    dcp = c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    else:
        dh = h2p - h1p
        dhp = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    dhp_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    lbar = (l1 + l2) / 2
    cbarp = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbar = (h1p + h2p) / 2
    else:
        hbar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hbar - 30))
        + 0.24 * math.cos(math.radians(2 * hbar))
        + 0.32 * math.cos(math.radians(3 * hbar + 6))
        - 0.20 * math.cos(math.radians(4 * hbar - 63))
    )
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc = 1 + 0.045 * cbarp
    sh = 1 + 0.015 * cbarp * t
    cbarp7 = cbarp**7
    rt = (
        -2
        * math.sqrt(cbarp7 / (cbarp7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((hbar - 275) / 25) ** 2))))
    )
    return math.sqrt(
        (dlp / sl) ** 2 + (dcp / sc) ** 2 + (dhp_big / sh) ** 2 + rt * (dcp / sc) * (dhp_big / sh)
    )


# Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB
_CVD: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
DEFICIENCIES = tuple(_CVD)


def simulate(rgb: Colour, deficiency: str) -> Colour:
    """How ``rgb`` looks to a person with the given (complete) colour-vision deficiency."""
    m = _CVD[deficiency]
    lin = [_linear(v) for v in rgb]
    out = [sum(m[i][j] * lin[j] for j in range(3)) for i in range(3)]
    return _gamma(out[0]), _gamma(out[1]), _gamma(out[2])


def closest_pair(colours: list[Colour], deficiency: str | None = None) -> tuple[float, int, int]:
    """The smallest difference between any two colours (as seen with ``deficiency``)."""
    seen = [simulate(c, deficiency) if deficiency else c for c in colours]
    best = (math.inf, -1, -1)
    for i in range(len(seen)):
        for j in range(i + 1, len(seen)):
            d = delta_e(seen[i], seen[j])
            if d < best[0]:
                best = (d, i, j)
    return best
