"""apply accepts exactly the types the offered actions have: an int is not a float is not a
bool (they compare equal in Python, so equality alone let them in), for every game."""

from __future__ import annotations

import random

import pytest
import toygame
from damaged_files import shipped_games

from game.core import registry
from game.core.protocol import Action, IllegalAction, _same_types

toygame.install()
GAMES = [*shipped_games(), "toy"]


def _int_move(game_id: str):
    """A state and an offered action with an int argument (found by playing first moves)."""
    spec = registry.get(game_id)
    state = spec.create(max(2, spec.min_players), {}, 3)
    for _ in range(400):
        dec = state.decision()
        assert dec is not None, "the game ended before offering an int argument"
        legal = state.legal_actions(dec.players[0])
        for a in legal:
            for k, v in a.args:
                if type(v) is int:
                    return state, a, k
        state.apply(legal[0])
    raise AssertionError(f"{game_id} never offered a move with an integer argument")


def _with(action: Action, key: str, value) -> Action:
    args = tuple((k, value if k == key else v) for k, v in action.args)
    return Action(action.player, action.kind, args)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("wrong", ["float", "bool", "text"])
def test_an_argument_of_the_wrong_type_is_refused_and_the_state_unchanged(game_id, wrong):
    state, offered, key = _int_move(game_id)
    value = offered[key]
    bad_value = {"float": float(value), "bool": bool(value), "text": str(value)}[wrong]
    bad = _with(offered, key, bad_value)
    if wrong == "bool" and value not in (0, 1):
        bad = _with(offered, key, True)
    before = state.fingerprint()
    with pytest.raises(IllegalAction):
        state.apply(bad)
    assert state.fingerprint() == before
    state.apply(offered)  # the offered move itself still plays


@pytest.mark.parametrize("game_id", GAMES)
def test_a_player_of_the_wrong_type_or_out_of_range_is_refused(game_id):
    state, offered, _key = _int_move(game_id)
    before = state.fingerprint()
    p = offered.player
    for player in (float(p), bool(p) if p in (0, 1) else True, -1, state.num_players):
        bad = Action(player, offered.kind, offered.args)
        with pytest.raises(IllegalAction) as exc:
            state.apply(bad)
        assert "Player 0" not in str(exc.value)
    assert state.fingerprint() == before


def test_player_minus_one_gets_a_message_that_names_the_real_players():
    state = registry.get("toy").create(3, {}, 1)
    with pytest.raises(IllegalAction, match=r"player -1, but this game has players 0 to 2"):
        state.apply(Action.make(-1, "pass"))


# --- malformed moves: built in code, not read from a file ------------------------------------
# ``Action.make`` freezes lists into tuples and refuses dicts and floats, but ``Action(...)``
# takes anything, and a refusal used to crash while the game explained it (``what=[1, 2]`` is
# not hashable). Whatever the values, ``apply`` refuses with ``IllegalAction`` and a short
# reason, and changes nothing: not the state, not its generator, not any seat's view.
def _deep(levels: int) -> tuple:
    value: tuple = ()
    for _ in range(levels):
        value = (value,)
    return value


BAD_VALUES = {
    "list": [1, 2], "empty list": [], "dict": {"a": 1}, "empty dict": {}, "set": {1},
    "None": None, "float": 1.5, "nan": float("nan"), "True": True, "False": False,
    "huge int": 10**5000, "int beyond JSON": 2**64, "minus one": -1, "long text": "x" * 100_000,
    "empty text": "", "tuple": (1, 2), "tuple holding a list": ((1, [2]),),
    "tuple holding a dict": ({},), "deep tuple": _deep(5000), "object": object(),
}  # fmt: skip
#: option mixes that reach more kinds: Rising's monsters, Finding's pirate cards, Guards' bans
#: (Limited) and recruits (Captain's mode)
MORE_OPTIONS = {
    "rising": [{"monsters": "medusa,harpies,scylla"}],
    "finding": [{"mode": "pirate"}],
    "guards": [{"selection": "limited"}, {"selection": "captains"}],
}
#: hashable values of the wrong kind get past the shape check to the games' explanations
ODD_BUT_HASHABLE = (None, True, -1, "", (1, 2), "x" * 200, 2**53 - 1)


def _positions(game_id: str, per_kind: int = 1, moves: int = 600):
    """(state, offered action) pairs of seeded random games: the first positions at which each
    action kind is offered, and every kind the game offered in them."""
    spec = registry.get(game_id)
    found: list = []
    count: dict[str, int] = {}
    examples: dict[str, Action] = {}
    for options in ({}, *MORE_OPTIONS.get(game_id, ())):
        rng = random.Random(7)
        state = spec.create(max(2, spec.min_players), spec.parse_options(options), 7)
        for _ in range(moves):
            dec = state.decision()
            if dec is None:
                break
            for p in dec.players:
                for a in state.legal_actions(p):
                    examples.setdefault(a.kind, a)
                    if count.get(a.kind, 0) < per_kind:
                        count[a.kind] = count.get(a.kind, 0) + 1
                        found.append((state.clone(), a))
            legal = state.legal_actions(dec.players[0])
            state.apply(legal[rng.randrange(len(legal))])
    return found, examples


def _every_kind(game_id: str, examples: dict[str, Action]) -> dict[str, set[str]]:
    """Every kind of move the game knows (offered in the sample or not), with argument names."""
    names = {k for ex in examples.values() for k, _v in ex.args}
    kinds = set(examples)
    if game_id == "rising":
        from game.rising.frames import FRAME_ACTIONS

        kinds.update(k for ks in FRAME_ACTIONS.values() for k in ks)
    elif game_id == "guards":
        from game.guards.selection import KINDS

        kinds.update(KINDS, ("first", "recruit", "ban"))
    elif game_id == "finding":
        from game.finding.cards import CARD

        kinds.update(CARD, ("claim", "solve", "keep_searching"))
        names.update(("cell",))
    return {k: names for k in kinds}


def _malformed(offered: Action, examples: dict[str, Action], kinds: dict[str, set[str]]):
    """Moves that are no move at all, next to ``offered`` (and to every kind of the game)."""
    p, kind, args = offered.player, offered.kind, offered.args
    for other, names in kinds.items():
        for name in sorted(names):
            for bad in ODD_BUT_HASHABLE:
                yield f"{other} {name}={bad!r:.20}", Action(p, other, ((name, bad),))
    for name, bad in BAD_VALUES.items():
        for i, (k, v) in enumerate(args):
            yield f"{k}={name}", Action(p, kind, args[:i] + ((k, bad),) + args[i + 1 :])
            if isinstance(v, tuple):
                yield f"{k}=list of the offered", Action(p, kind, args[:i] + ((k, list(v)),) + args[i + 1 :])  # fmt: skip
            else:
                yield f"{k}=[offered]", Action(p, kind, args[:i] + ((k, [v]),) + args[i + 1 :])
        yield f"extra zz={name}", Action(p, kind, (*args, ("zz", bad)))
        yield f"kind={name}", Action(p, bad, args)  # type: ignore[arg-type]
        yield f"player={name}", Action(bad, kind, args)  # type: ignore[arg-type]
        for other, ex in examples.items():  # every kind of the game, offered now or not
            for k, _v in ex.args:
                yield f"{other} {k}={name}", Action(p, other, ((k, bad),))
    yield "arguments as a list", Action(p, kind, list(args))  # type: ignore[arg-type]
    yield "arguments as text", Action(p, kind, "abc")  # type: ignore[arg-type]
    yield "arguments None", Action(p, kind, None)  # type: ignore[arg-type]
    yield "a pair of three", Action(p, kind, (("a", 1, 2),))
    yield "a key that is not text", Action(p, kind, ((1, 2),))
    yield "no Action: None", None
    yield "no Action: its JSON", offered.to_json()
    yield "no Action: its text", str(offered)
    if args:
        yield "pairs as lists", Action(p, kind, tuple([k, v] for k, v in args))  # type: ignore[arg-type]
        yield "a name twice", Action(p, kind, (*args, args[0]))


def _offered_now(state, action: Action) -> bool:
    if type(action) is not Action:
        return False
    dec = state.decision()
    return any(
        a == action and type(action.kind) is str and _same_types(a.args, action.args)
        for p in dec.players
        if type(action.player) is int and p == action.player
        for a in state.legal_actions(p)
    )


def _seen(state) -> tuple:
    return (
        state.fingerprint(),
        state.rng.getstate(),
        [state.view(v).fingerprint() for v in (None, *range(state.num_players))],
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_a_malformed_move_is_refused_with_a_short_reason_and_changes_nothing(game_id):
    positions, examples = _positions(game_id)
    kinds = _every_kind(game_id, examples)
    failures = []
    for i, (state, offered) in enumerate(positions):
        before = _seen(state)
        # every kind the game knows at every other position (the sweep is long)
        for what, bad in _malformed(offered, examples, kinds if i % 2 == 0 else {}):
            if _offered_now(state, bad):
                continue  # e.g. the empty text of "stop levelling": a move after all
            try:
                state.apply(bad)
            except IllegalAction as exc:
                if not 0 < len(str(exc)) <= 400:
                    failures.append(f"{offered.kind} {what}: a reason of {len(str(exc))} chars")
            except Exception as exc:  # noqa: BLE001 - every other exception is the bug
                failures.append(f"{offered.kind} {what}: {type(exc).__name__}: {exc!s:.80}")
            else:
                failures.append(f"{offered.kind} {what}: accepted")
                break
            if state.fingerprint() != before[0] or state.rng.getstate() != before[1]:
                failures.append(f"{offered.kind} {what}: the state changed")
                break
        else:
            if _seen(state) != before:
                failures.append(f"{offered.kind}: a refused move changed a view")
            else:
                state.apply(offered)  # the offered move itself still plays
    assert not failures, f"{len(failures)} malformed moves not refused cleanly:\n" + "\n".join(
        sorted(set(failures))[:40]
    )
