"""Hints come from the AI layer: ``ai.advice.advise`` finds each game's advisor by its id, the
advice is a legal move of the seat's own view with its reasons, and a game without an advisor,
or an advisor that fails, gives no advice rather than an error."""

from __future__ import annotations

import random

from ai import advice
from ai.guards.bots import GuardsBot
from game.core import registry


def _guards_positions(n: int = 40):
    spec = registry.get("guards")
    st = spec.create(spec.default_seats(2), spec.default_options(), 5)
    rng = random.Random(5)
    out = []
    while not st.is_terminal() and len(out) < n:
        dec = st.decision()
        p = next(p for p in dec.players if st.legal_actions(p))
        out.append((st.view(p), p))
        st.apply(rng.choice(st.legal_actions(p)))
    return out


def test_the_guards_hint_is_the_normal_bots_legal_move_with_its_reasons():
    for seed, (view, p) in enumerate(_guards_positions()):
        got = advice.advise("guards", view, p, seed=seed)
        assert got is not None
        assert got.action in view.legal_actions(p)
        assert got.action == GuardsBot("normal", seed=seed).choose(view, p, float("inf"))
        assert got.reasons, got.action


def test_a_game_without_an_advisor_gives_none():
    spec = registry.get("finding")
    st = spec.create(spec.default_seats(2), spec.default_options(), 1)
    assert advice.advise("finding", st.view(0), 0) is None


def test_a_failing_advisor_gives_none(monkeypatch):
    def broken(view, player, seed):
        raise RuntimeError("no")

    monkeypatch.setitem(advice._ADVISORS, "guards", broken)
    view, p = _guards_positions(1)[0]
    assert advice.advise("guards", view, p) is None


def test_every_hint_is_worded_from_its_reasons():
    from scenes.guards.hints import explain

    seen = set()
    for seed, (view, p) in enumerate(_guards_positions(120)):
        got = advice.advise("guards", view, p, seed=seed)
        line = explain(view, got)
        assert line.startswith("Hint: ") and " - " in line, (got, line)
        seen.add(got.action.kind)
    assert {"pick", "play", "act"} <= seen
