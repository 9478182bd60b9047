"""Small summaries of measurements, shared by the runner, simulations and the benchmark."""

from __future__ import annotations

from collections.abc import Sequence


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile of ``values`` for ``q`` in [0, 1]; 0.0 when there is no data."""
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(q * (len(s) - 1) + 0.5))]


def summary_ms(values_ms: Sequence[float]) -> dict[str, float]:
    """Median, 95th percentile and maximum (rounded to microseconds) and the count."""
    return {
        "p50": round(percentile(values_ms, 0.5), 3),
        "p95": round(percentile(values_ms, 0.95), 3),
        "max": round(max(values_ms, default=0.0), 3),
        "n": len(values_ms),
    }
