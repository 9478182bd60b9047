"""The shared candidate comparison: keeps the base move unless another is shown better."""

from __future__ import annotations

import random

from ai.candidates import compare_on_worlds


def _noisy(gains: dict[str, float], noise: float = 0.1, seed: int = 1):
    """Worlds are a noise value shared by every candidate (common random numbers) plus a
    little own noise; a candidate's value is its true gain plus both."""
    rng = random.Random(seed)
    calls: list[str] = []

    def sample() -> tuple[float, random.Random]:
        return rng.gauss(0, 1), random.Random(rng.random())

    def playout(world: tuple[float, random.Random], c: str) -> float:
        calls.append(c)
        shared, own = world
        return gains[c] + shared + own.gauss(0, noise)

    return sample, playout, calls


def test_equal_alternatives_keep_the_base_move() -> None:
    sample, playout, _ = _noisy({"base": 0.0, "b": 0.0, "c": 0.0})
    found = compare_on_worlds(["base", "b", "c"], sample, playout)
    assert found.best == "base"


def test_a_clearly_better_move_replaces_the_base() -> None:
    sample, playout, _ = _noisy({"base": 0.0, "b": 0.02, "c": 0.5})
    found = compare_on_worlds(["base", "b", "c"], sample, playout)
    assert found.best == "c"
    assert found.worlds == 64  # a hopeful alternative is played to the cap


def test_a_small_gain_under_the_margin_is_not_enough() -> None:
    sample, playout, _ = _noisy({"base": 0.0, "b": 0.03}, noise=0.01)
    assert compare_on_worlds(["base", "b"], sample, playout).best == "base"


def test_hopeless_alternatives_drop_out_and_the_race_ends_early() -> None:
    sample, playout, calls = _noisy({"base": 0.0, "b": -0.5, "c": -0.4})
    found = compare_on_worlds(["base", "b", "c"], sample, playout)
    assert found.best == "base"
    assert found.worlds == 8  # both gone at the first checkpoint
    assert found.playouts == len(calls) == 8 * 3


def test_too_few_worlds_keep_the_base_move() -> None:
    sample, playout, _ = _noisy({"base": 0.0, "b": 1.0})
    found = compare_on_worlds(["base", "b"], sample, playout, max_worlds=5, min_worlds=8)
    assert found.best == "base" and found.worlds == 5


def test_a_playout_out_of_time_ends_the_comparison() -> None:
    sample, inner, _ = _noisy({"base": 0.0, "b": 1.0})
    budget = iter(range(21))

    def playout(world, c):
        return inner(world, c) if next(budget, None) is not None else None

    found = compare_on_worlds(["base", "b"], sample, playout)
    assert found.worlds == 10  # 21 playouts: ten complete worlds, the eleventh cut short
    assert found.best == "b"
