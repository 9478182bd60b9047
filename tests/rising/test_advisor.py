"""Rising's hint comes from the AI layer: ``ai.advice.advise("rising", ...)`` finds
``ai.rising.advisor``, whose advice is a legal move of the councilor's own view with its reasons
and facts; the move is the team bot's (or, before the first attack, the Navy lesson), so a hint
never works against the table. The board's words are tested in
tests/scenes/rising/test_rising_hints.py."""

from __future__ import annotations

import random

import pytest

from ai import advice
from ai.rising import advice_values, advisor, rank, valuations
from game.core import registry
from game.core.protocol import Action
from game.rising.island import NAVY, ORE, SPOT_IDS
from scenes.rising import hints


def _positions(games: int, guided: bool):
    """(view, seat, seed) at every decision of seeded games, with and without monsters; the
    moves are random, or (``guided``) mostly the hint's own, as a newcomer plays."""
    spec = registry.get("rising")
    for seed in range(games):
        monsters = ("none", "medusa,harpies,scylla", "scylla")[seed % 3]
        state = spec.create(2 + seed % 5, {"monsters": monsters}, seed)
        rng = random.Random(seed)
        moves = 0
        while (dec := state.decision()) is not None:
            p = dec.players[0]
            view = state.view(p)
            yield view, p, moves
            legal = state.legal_actions(p)
            if guided and rng.random() < 0.8:
                action = advice.advise("rising", view, p, moves).action
            else:
                action = rng.choice(legal)
            state.apply(action)
            moves += 1


def test_the_rising_hint_is_found_by_its_game_id_and_is_a_legal_move_with_reasons():
    assert advice.advisor_for("rising") is advisor.advise
    seen = set()
    for view, p, seed in _positions(4, guided=False):
        got = advice.advise("rising", view, p, seed)
        assert got is not None
        assert got.action in view.legal_actions(p)
        assert got.reasons and all(isinstance(r, str) for r in got.reasons)
        assert "spot" in got.facts
        spot = got.facts["spot"]
        assert spot is None or spot in SPOT_IDS or spot in ("centre", "navy"), spot
        # the same move asked about directly gives the same reasons and facts
        assert advisor.advice_for(view, p, got.action) == got
        seen.add(view.decision().kind)
        # a councilor who is not deciding gets no advice
        other = next((q for q in range(view.n) if q not in view.decision().players), None)
        if other is not None:
            assert advice.advise("rising", view, other, seed) is None
    assert {"place", "production", "build", "flood_response"} <= seen


def test_a_hint_never_recommends_a_move_that_hurts_its_side():
    """Rising is cooperative: a councilor's side is the whole table. The hint is the move the
    team's normal bot makes for the table; the one exception is the first-game Navy lesson,
    which before the first attack only sends an Atlantean into a Navy weaker than the attack's
    average, a move that guards every councilor's tiles."""
    lessons = followed = 0
    for view, p, seed in _positions(10, guided=True):
        got = advice.advise("rising", view, p, seed).action
        ranked = rank(view, p, "normal")
        if got == ranked[0][1]:
            followed += 1
            continue
        if advisor.harm(view, p, ranked[0][1]) > advisor.harm(view, p, got):
            continue  # the bot's move sank the councilor's own Atlantean or wasted a forge
        assert view.round == 1 and got == Action.make(p, "place", at="navy"), (got, ranked[0])
        assert advice_values.navy_short(view) and p not in view.occ[NAVY]
        lessons += 1
    assert followed > 1000 and lessons > 0


def _medusa_positions(seeds: range):
    """(view, seat) at every decision of three-councilor Medusa games, played mostly as the
    team's normal bot plays (so Atlanteans turn to stone and tiles sink), sometimes at random."""
    spec = registry.get("rising")
    for seed in seeds:
        state = spec.create(3, {"monsters": "medusa"}, seed)
        rng = random.Random(seed)
        while (dec := state.decision()) is not None:
            p = dec.players[0]
            view = state.view(p)
            yield view, p
            legal = state.legal_actions(p)
            state.apply(rng.choice(legal) if rng.random() < 0.3 else rank(view, p, "normal")[0][1])


def _sinks_own(view, p, action) -> tuple[int, int]:
    return advice_values.own_pieces(view, p, advice_values.sinking_tip(view, action))


def test_the_guide_never_sinks_a_tile_with_the_players_own_atlantean_while_another_can_go():
    """The report: "Give up Hills 3 … nobody stands there" while the player's stone Atlantean
    stood there, and sinking it lost that Atlantean for good. From real positions where the
    team's bot would sink such a tile, the hint picks a tile without the player's Atlanteans
    and never calls a tile with stone figures empty."""
    spared = {"active": 0, "stone": 0}
    for view, p in _medusa_positions(range(15)):
        choices = [
            a for a in view.legal_actions(p) if advice_values.sinking_tip(view, a) is not None
        ]
        if not choices:
            continue
        got = advice.advise("rising", view, p, 0)
        free = [a for a in choices if _sinks_own(view, p, a) == (0, 0)]
        if free:
            assert _sinks_own(view, p, got.action) == (0, 0), (got.action, free)
        active, stone = _sinks_own(view, p, rank(view, p, "normal")[0][1])
        if free and (active or stone):
            spared["stone" if stone else "active"] += 1
        t = advice_values.sinking_tip(view, got.action)
        words = hints.explain(view, got)
        if t is not None and (view.occ[t] or view.petr[t]):
            assert "nobody stands there" not in words, words
        if (
            t is not None
            and view.petr[t]
            and not view.occ[t]
            and not _sinks_own(view, p, got.action)[1]
        ):
            assert f"only {len(view.petr[t])} stone figure(s) stand there" in words, words
    assert spared["stone"] > 0 and spared["active"] > 0, spared  # the bot's picks were overruled


def test_when_every_choice_sinks_the_players_own_atlantean_the_guide_says_what_is_lost():
    def forced(view, p) -> bool:
        choices = [
            a for a in view.legal_actions(p) if advice_values.sinking_tip(view, a) is not None
        ]
        return bool(choices) and all(_sinks_own(view, p, a) != (0, 0) for a in choices)

    view, p = next((v, p) for v, p in _medusa_positions(range(20)) if forced(v, p))
    got = advice.advise("rising", view, p, 0)
    active, stone = _sinks_own(view, p, got.action)
    words = hints.explain(view, got)
    assert active or stone
    assert "nobody stands there" not in words
    if stone:
        assert f"your {stone} stone Atlantean(s) there are lost for good" in words, words
    if active:
        assert f"your {active} Atlantean(s) there go home without acting" in words, words


def test_the_forge_advice_reads_the_ore_the_player_holds_now():
    """The report: "Forge at Forges 2: 1 ore becomes 3 Atlantium" right after the ore roll
    failed, with 0 ore. With no ore the guide says nothing is forged, and while a roll at the
    Mountains may still find ore it never advises the forge first."""
    idle = 0
    for view, p in _medusa_positions(range(15)):
        if view.decision().kind != "production":
            continue
        got = advice.advise("rising", view, p, 0)
        words = hints.explain(view, got)
        at = got.action.get("at") if got.action.kind == "produce" else None
        if at is None or not at.startswith("forges"):
            continue
        if view.res[p][ORE] == 0:
            rolls = [a for a in view.legal_actions(p) if str(a.get("at")).startswith("mountains")]
            assert not rolls, (got.action, rolls)
            assert "1 ore becomes" not in words and "no ore" in words, words
            idle += 1
        else:
            assert "1 ore becomes" in words, words
    assert idle > 0


def test_without_the_bot_the_rules_of_thumb_still_give_legal_advice(monkeypatch):
    monkeypatch.setattr(advisor, "USE_BOT", False)
    for view, p, seed in _positions(3, guided=True):
        got = advice.advise("rising", view, p, seed)
        assert got is not None and got.action in view.legal_actions(p) and got.reasons


def test_a_broken_bot_costs_only_its_opinion(monkeypatch):
    import ai.rising

    def broken(*args, **kwargs):
        raise RuntimeError("bot under repair")

    monkeypatch.setattr(ai.rising, "rank", broken)
    view, p, seed = next(_positions(1, guided=False))
    got = advice.advise("rising", view, p, seed)
    assert got is not None and got.action in view.legal_actions(p)


def test_the_navy_facts_are_the_bots_own_numbers():
    for view, p, seed in _positions(2, guided=True):
        got = advice.advise("rising", view, p, seed)
        if got.reasons[0] == "navy_short":
            assert got.facts["lost"] == valuations.expected_deficit(view)
            assert got.facts["saved"] == valuations.navy_margin(view)
            assert got.facts["navy"] == valuations.navy_strength(view)
            return
    pytest.fail("no Navy lesson in two guided games")


def test_a_flood_over_stone_figures_is_never_called_empty():
    """Letting a flood take a tile where stone figures stand loses them for good: the guide
    says so, whichever way it advises."""
    seen = 0
    for view, p in _medusa_positions(range(15)):
        f = view.stack[-1] if view.stack else ()
        if f[:1] != ("flood_resp",) or not view.petr[f[2]]:
            continue
        got = advice.advise("rising", view, p, 0)
        words = hints.explain(view, got)
        assert "nobody stands there" not in words, words
        assert f"{len(view.petr[f[2]])} stone figure(s) there would be lost for good" in words
        seen += 1
    assert seen > 0
