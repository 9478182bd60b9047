"""The engine protocol's contracts, checked the same way for every registered game.

A game gets all of this by registering (``game.core.registry``): random legal games over
random option mixes are played to the end, and after every move

* the events are well formed (a kind, a text, JSON-safe data, real seats in ``to``) and as the
  game declares them (``GameSpec.events``: a declared kind, exactly the fields declared for it);
* the game's own invariants hold (``GameSpec.invariants``, ``game/<game>/invariants.py``);
* every deciding seat's view offers exactly the game's legal moves, a view of a view is the
  same view, and the public view of a seat's view is the public view;
* a world sampled from a seat's view (``determinize``) looks to that seat exactly like the
  view it came from;
* ``observe`` of every legal move depends only on what the observer knows, and two moves
  that leave an observer with the same view and visible events observe alike;
* a clone is independent: moves on it leave the original as it was, and the same move on
  both gives the same state, events and random state; the same move applied quietly (as search
  does) records no event and gives that same state and random state;
* a world sampled from a view holds nothing hidden (:data:`~game.core.hidden.HIDDEN`);
* a snapshot through JSON text (``to_json``, ``json.dumps``/``loads``, ``from_json``) is the
  same state, field by field, and plays on exactly as the original: the same moves offered,
  the same events, the same states and random draws; and every attribute a state holds is
  declared in its schema (a field or a cache), so none is copied by chance
  (``tests/snapshots.py``);

and after every game, replaying its moves on a fresh state gives the same events and states,
and so does replaying them quietly (no events at all).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game.core import registry
from game.core.events import EventKind, undeclared
from game.core.hidden import HIDDEN
from game.core.protocol import Action, Event, GameState
from game.core.saves import Seat
from tests.snapshots import round_trip
from tools.replay_digest import state_fields

#: games per engine and seed base: small, so the suite stays a few seconds per game
GAMES_PER_ENGINE = 4
#: the deep checks (views, worlds, observe, clones) every this many moves (and at the end)
DEEP_EVERY = 5
#: a snapshot round trip (tests/snapshots.py) every this many moves
SNAPSHOT_EVERY = 11
MAX_MOVES = 4000


def shipped() -> list[str]:
    return [s.game_id for s in registry.games() if s.new_game.__module__.startswith("game.")]


def _options(spec: registry.GameSpec, rng: random.Random) -> dict[str, str]:
    out = {}
    for opt in spec.options:
        if opt.multi:
            picks = [c for c in opt.choices if c != "none" and rng.random() < 0.5]
            out[opt.key] = ",".join(picks) if picks else ("none" if "none" in opt.choices else "")
        else:
            out[opt.key] = rng.choice(opt.choices)
    return spec.parse_options(out)


def _new(spec: registry.GameSpec, seed: int) -> tuple[GameState, list[Seat], dict, int]:
    rng = random.Random(seed)
    for _ in range(50):  # some option mixes refuse some seat counts: draw again
        n = rng.randint(spec.min_players, min(spec.max_players, 6))
        options = _options(spec, rng)
        seats = spec.default_seats(n)
        try:
            return spec.create(seats, options, seed), seats, options, seed
        except ValueError:
            continue
    raise AssertionError(f"no playable option mix found for {spec.game_id}")


def _check_event(e: Event, n: int, declared: dict[str, EventKind]) -> None:
    assert isinstance(e, Event), e
    assert isinstance(e.kind, str) and e.kind, e
    assert isinstance(e.text, str), e
    json.dumps(dict(e.data))  # plain data: the log, replays and the phones carry it
    if e.to is not None:
        assert isinstance(e.to, tuple) and all(type(p) is int and 0 <= p < n for p in e.to), e
    why = undeclared(declared, e)
    assert why is None, f"{why} (declare it in the game's events.py)"


def _deep_checks(st: GameState, rng: random.Random) -> None:
    dec = st.decision()
    assert dec is not None
    public = st.view(None)
    assert public.view(None).fingerprint() == public.fingerprint()
    for p in dec.players:
        legal = st.legal_actions(p)
        mine = st.view(p)
        assert mine.legal_actions(p) == legal, f"seat {p}'s view offers other moves"
        assert mine.view(p).fingerprint() == mine.fingerprint(), "a view of a view differs"
        assert mine.view(None).fingerprint() == public.fingerprint(), (
            "the public view of a seat's view is not the public view"
        )
        world = mine.determinize(random.Random(rng.getrandbits(32)))
        assert world.view(p).fingerprint() == mine.fingerprint(), (
            f"a world sampled for seat {p} does not look to that seat like its view"
        )
        assert world.legal_actions(p) == legal
        assert not _holds_hidden(state_fields(world)), f"a world sampled for seat {p} holds HIDDEN"
        sample = legal if len(legal) <= 12 else rng.sample(legal, 12)
        outcomes = {a: _after(st, a) for a in sample}
        for viewer in {None, p, *range(st.num_players)}:
            theirs = st.view(viewer)
            seen: dict[Any, Any] = {}
            for a in sample:
                key = st.observe(a, viewer)
                assert key == theirs.observe(a, viewer), (
                    f"observe({a}, {viewer}) depends on what {viewer} does not know"
                )
                # two moves that leave this viewer with the same view and the same visible
                # events look alike to it: observe must not tell them apart
                looks = _as_seen(outcomes[a], viewer)
                other = seen.setdefault(looks, (a, key))
                assert other[1] == key, (
                    f"{other[0]} and {a} look alike to {viewer} but observe tells them apart"
                )


def _holds_hidden(value: Any) -> bool:
    if isinstance(value, (list, tuple)):
        return any(_holds_hidden(v) for v in value)
    if isinstance(value, dict):
        return any(_holds_hidden(v) for v in value.values())
    return value == HIDDEN


def _after(st: GameState, action: Action) -> tuple[GameState, list[Event]]:
    world = st.clone()
    return world, world.apply(action)


def _as_seen(outcome: tuple[GameState, list[Event]], viewer: int | None) -> Any:
    world, events = outcome
    shown = tuple(
        (e.kind, e.text, json.dumps(dict(e.data), sort_keys=True))
        for e in events
        if e.visible_to(viewer)
    )
    return (repr(world.view(viewer).fingerprint()), shown)


def _clone_check(st: GameState, action: Action) -> None:
    before = st.fingerprint()
    copy = st.clone()
    assert copy.fingerprint() == before
    events_copy = copy.apply(action)
    assert st.fingerprint() == before, "a move on a clone changed the original"
    probe = st.clone()
    assert probe.apply(action) == events_copy
    assert probe.fingerprint() == copy.fingerprint()
    assert probe.rng.getstate() == copy.rng.getstate()
    quiet = st.clone()
    assert quiet.apply(action, quiet=True) == [], "a quiet move reported events"
    assert quiet.fingerprint() == copy.fingerprint(), "a quiet move gives another state"
    assert quiet.rng.getstate() == copy.rng.getstate()


def _play(spec: registry.GameSpec, seed: int) -> dict[str, Any]:
    st, seats, options, seed = _new(spec, seed)
    rng = random.Random(seed * 7919)
    check = spec.invariants
    actions: list[Action] = []
    events: list[list[Event]] = []
    prints = [st.fingerprint()]
    while not st.is_terminal():
        assert len(actions) < MAX_MOVES, "the game does not end"
        dec = st.decision()
        deciders = [p for p in dec.players if st.legal_actions(p)]
        assert deciders, f"nobody can answer {dec.kind}"
        if len(actions) % DEEP_EVERY == 0:
            _deep_checks(st, rng)
        action = rng.choice(st.legal_actions(rng.choice(deciders)))
        if len(actions) % DEEP_EVERY == 1:
            _clone_check(st, action)
        if len(actions) % SNAPSHOT_EVERY == 2:
            round_trip(st, random.Random(len(actions)))
        happened = st.apply(action)
        for e in happened:
            _check_event(e, st.num_players, spec.events)
        if check is not None:
            check(st)
        actions.append(action)
        events.append(happened)
        prints.append(st.fingerprint())
    round_trip(st, rng)  # a finished game too
    returns = st.returns()
    assert len(returns) == st.num_players and all(isinstance(r, (int, float)) for r in returns)
    # a fresh state given the same moves tells the same story, move for move
    again = spec.create(seats, options, seed)
    assert again.fingerprint() == prints[0]
    for i, action in enumerate(actions):
        assert again.apply(action) == events[i], f"move {i + 1} reports other events on replay"
        assert again.fingerprint() == prints[i + 1], f"move {i + 1} replays to another state"
    assert again.returns() == returns
    # and quietly, as search plays: no event, the same states
    quiet = spec.create(seats, options, seed)
    for i, action in enumerate(actions):
        assert quiet.apply(action, quiet=True) == [], f"quiet move {i + 1} reported events"
        assert quiet.fingerprint() == prints[i + 1], f"move {i + 1} played quietly differs"
    return {"moves": len(actions)}


@pytest.mark.parametrize("game", shipped())
@pytest.mark.parametrize("k", range(GAMES_PER_ENGINE))
def test_random_games_keep_the_protocols_contracts(game, k):
    spec = registry.get(game)
    facts = _play(spec, 2026 + 101 * k)
    assert facts["moves"] > 0


def test_every_shipped_game_is_covered_and_declares_its_invariants():
    assert {"rising", "guards", "finding"} <= set(shipped())
    assert all(registry.get(g).invariants is not None for g in shipped())


def test_every_shipped_game_declares_its_events():
    for g in shipped():
        declared = registry.get(g).events
        assert declared, f"{g} declares no event kinds (GameSpec.events)"
        assert all(name == kind.kind for name, kind in declared.items())
