"""The one nearest-rank percentile every report uses."""

from __future__ import annotations

from game.core.stats import percentile, summary_ms


def test_percentile_is_nearest_rank_and_zero_without_data():
    assert percentile([], 0.5) == 0.0
    assert percentile([7.0], 0.95) == 7.0
    values = [5.0, 1.0, 4.0, 2.0, 3.0]
    assert percentile(values, 0.0) == 1.0
    assert percentile(values, 0.5) == 3.0
    assert percentile(values, 1.0) == 5.0
    assert percentile([1.0, 2.0], 0.5) == 2.0  # halfway rounds up to the upper rank
    assert values == [5.0, 1.0, 4.0, 2.0, 3.0]  # the input is not reordered


def test_summary_ms_rounds_and_counts():
    assert summary_ms([]) == {"p50": 0.0, "p95": 0.0, "max": 0.0, "n": 0}
    got = summary_ms([float(i) + 0.00049 for i in range(1, 101)])
    assert got == {"p50": 51.0, "p95": 95.0, "max": 100.0, "n": 100}
