"""Soak test: many thousand random and bot games per registered engine, checked all the way.

    python -m tools.soak --games 2000            # every shipped game, random and easy bots
    python -m tools.soak --game rising --games 50 --levels random,easy,normal --seed 7

Every game gets a random seat count, option mix and bot level per seat; a simultaneous decision
is answered by its deciders in a random order. Before every move, for *every* seat that decides
(all of them in a simultaneous decision): the decision names real seats; the seat has legal
moves; its view offers exactly the same moves; every legal move is well-formed
(``protocol.malformed``) and survives its JSON round trip with its types; the game's own
invariants hold (``GameSpec.invariants``: ``game/<game>/invariants.py``). Every few moves
a fabricated move must be refused with ``IllegalAction`` and leave the state's fingerprint, its
random generator and every seat's view (and the public one) as they were: a float or bool where
an int was offered, a player who does not exist, a kind that does not exist, a list (or a dict,
``None``, a huge number, long text, deep tuples ...) for a value, arguments that are not
``(name, value)`` pairs, and a move slipped into the list ``legal_actions`` returned. After every
game the save goes through the real reading path (write, ``storage.read_save``, replay) and must
rebuild the same final state and ``returns()``, and replayed move by move it must report the
same events and show the same public view (``view(None)``) after every move.

Bots run in this process (built by ``ai.bots.make_bot`` and asked in turn, as ``ai.match.play``
does), so the soak process is the bot worker: the peak memory reported (``ru_maxrss``) is the
soak's own, and that of child processes (none unless a bot starts some). The game's own bot
workers (``ai.runner.BotRunner`` in process mode) are not used here.
Prints a summary (``--json`` for data); exit 1 on any error or mismatch.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ai.bots import make_bot
from game.core import registry, storage
from game.core.protocol import (
    MAX_DEPTH,
    MAX_INT,
    MAX_TEXT,
    Action,
    Event,
    GameState,
    IllegalAction,
    _same_types,
    malformed,
)
from game.core.saves import GameRecord, Seat, replay_loaded

try:  # Unix only; the soak reports no memory figure elsewhere
    import resource
except ImportError:  # pragma: no cover - Windows
    resource = None  # type: ignore[assignment]

MAX_ACTIONS = 50_000
FABRICATE_EVERY = 7
BOT_BUDGET_S = 0.02
#: a refusal's reason is a sentence for a person, not a dump of the move
MAX_REASON = 400


def invariants_for(game_id: str) -> Callable[[GameState], None] | None:
    """The game's own invariant check (``GameSpec.invariants``)."""
    return registry.get(game_id).invariants


def shipped_games() -> list[str]:
    return [s.game_id for s in registry.games() if s.new_game.__module__.startswith("game.")]


def _deep(levels: int) -> tuple:
    value: tuple = ()
    for _ in range(levels):
        value = (value,)
    return value


#: values no move takes (``Action(...)`` accepts them; ``Action.make`` would freeze or refuse)
ODD_VALUES: tuple[Any, ...] = (
    {"a": 1}, {}, {1, 2}, None, float("nan"), 10**5000, MAX_INT + 1, "x" * (MAX_TEXT + 1),
    _deep(MAX_DEPTH + 3), ((1, [2]),), object(),
)  # fmt: skip

#: what ``_fabricated`` makes, in the order of its roll (the report counts refusals by these)
FABRICATIONS = (
    "float or bool for an int", "no such player", "a float player", "no such kind",
    "a list for a value", "an odd value", "arguments not (name, value) pairs",
    "slipped into the offered list",
)  # fmt: skip


def _typed(value: Any) -> Any:
    """``value`` with the type of every part spelled out (``1`` and ``1.0`` and ``True`` differ);
    the soak's own comparison, so a broken ``_same_types`` in the engine is still seen."""
    if type(value) is tuple:
        return ("tuple", tuple(_typed(v) for v in value))
    return (type(value).__name__, value)


def _is_offered(state: GameState, action: Any) -> bool:
    """Is ``action`` (values and their types) one of the moves ``state`` offers now?"""
    if type(action) is not Action or type(action.player) is not int:
        return False
    dec = state.decision()
    if dec is None or action.player not in dec.players:
        return False
    want = (action.kind, _typed(action.args))
    return any(
        a == action and (a.kind, _typed(a.args)) == want for a in state.legal_actions(action.player)
    )


def _with_value(offered: Action, value: Any, rng: random.Random) -> Action:
    """``offered`` with one of its values (or, having none, a new argument) set to ``value``."""
    args = offered.args
    if not args:
        return Action(offered.player, offered.kind, (("zz", value),))
    i = rng.randrange(len(args))
    return Action(offered.player, offered.kind, args[:i] + ((args[i][0], value),) + args[i + 1 :])


def _fabricated(state: GameState, offered: Action, rng: random.Random) -> tuple[str, Action, str]:
    """A move that must be refused, what it is (one of :data:`FABRICATIONS`) and how it is
    handed in: ``"apply"``, or ``"append"``/``"replace"`` into the list ``legal_actions``
    returned just before (the engine must go by its offer, not by that list)."""
    p, kind, args = offered.player, offered.kind, offered.args
    ints = [(k, v) for k, v in args if type(v) is int]
    roll = rng.randrange(len(FABRICATIONS))
    what = FABRICATIONS[roll]
    if roll == 0 and ints:
        k, v = rng.choice(ints)
        bad: Any = float(v) if rng.random() < 0.5 else bool(v)
        return what, Action(p, kind, tuple((a, bad if a == k else b) for a, b in args)), "apply"
    if roll == 1:
        return what, Action(rng.choice([-1, state.num_players, 10**6]), kind, args), "apply"
    if roll == 2:
        return what, Action(float(p), kind, args), "apply"  # type: ignore[arg-type]
    if roll == 4:
        i = rng.randrange(len(args)) if args else -1
        v = args[i][1] if args else 1
        as_list = list(v) if type(v) is tuple else [v]
        return what, _with_value(offered, as_list, rng), "apply"
    if roll == 5:
        return what, _with_value(offered, rng.choice(ODD_VALUES), rng), "apply"
    if roll == 6:
        shapes: list[Any] = [
            Action(p, kind, list(args)),  # type: ignore[arg-type]
            Action(p, kind, tuple([k, v] for k, v in args) or "abc"),  # type: ignore[arg-type]
            Action(p, kind, None),  # type: ignore[arg-type]
            Action(p, [kind], args),  # type: ignore[arg-type]
            Action(p, kind, (*args, ("zz", 1, 2))),
        ]
        return what, rng.choice(shapes), "apply"
    if roll == 7:
        bad = Action(p, kind, (*args, ("zz", rng.choice([1, "x", None]))))
        return what, bad, rng.choice(["append", "replace"])
    return FABRICATIONS[3], Action.make(p, "no-such-move-" + str(rng.randrange(100))), "apply"


def _seen(state: GameState) -> tuple[Any, Any, list[Any]]:
    """What a refused move must leave as it was: the state, its generator and every view."""
    views = [state.view(v).fingerprint() for v in (None, *range(state.num_players))]
    return state.fingerprint(), state.rng.getstate(), views


def _refuse(state: GameState, offered: Action, rng: random.Random) -> str | None:
    """Hand ``state`` a fabricated move; it must be refused with a short reason and change
    nothing. Returns what was fabricated (``None``: the roll made a real move, skipped)."""
    what, bad, how = _fabricated(state, offered, rng)
    if _is_offered(state, bad):
        return None  # e.g. None where None is a choice: a move after all
    before = _seen(state)
    if how != "apply":
        offer = state.legal_actions(offered.player)
        if how == "append":
            offer.append(bad)
        else:
            offer[rng.randrange(len(offer))] = bad
    try:
        state.apply(bad)
    except IllegalAction as exc:
        reason = str(exc)
        assert 0 < len(reason) <= MAX_REASON, f"refused {what} with a reason of {len(reason)} chars"
    else:
        raise AssertionError(f"the fabricated move ({what}, {how}) {bad!r} was accepted")
    after = _seen(state)
    assert after[0] == before[0], f"a refused move ({what}) changed the state"
    assert after[1] == before[1], f"a refused move ({what}) changed the random state"
    assert after[2] == before[2], f"a refused move ({what}) changed a view"
    return what


def _check_step(state: GameState, game_id: str, check: Callable[[GameState], None] | None) -> None:
    """Every seat that decides now (all of them in a simultaneous decision) has moves, its view
    offers the same, and every move is well-formed and survives JSON with its types."""
    dec = state.decision()
    assert dec is not None
    assert dec.players, "a decision with nobody to decide"
    assert len(set(dec.players)) == len(dec.players), f"a seat decides twice: {dec.players}"
    for p in dec.players:
        assert type(p) is int and 0 <= p < state.num_players, f"decision for seat {p!r}"
    for p in dec.players:
        legal = state.legal_actions(p)
        assert legal, f"seat {p} must decide but has no legal move"
        view_legal = state.view(p).legal_actions(p)
        assert view_legal == legal, f"seat {p}'s view offers different moves than the game"
        for a in legal:
            why = malformed(a)
            assert why is None, f"{a} is offered but malformed: {why}"
            back = Action.from_json(json.loads(json.dumps(a.to_json())))
            assert back == a and _same_types(back.args, a.args), f"{a} does not survive JSON"
    if check is not None:
        check(state)


def _public(state: GameState) -> Any:
    """The public view's fingerprint, as compactly as it compares (a hash when it has one)."""
    fp = state.view(None).fingerprint()
    try:
        return hash(fp)
    except TypeError:
        return fp


def _replay_differs(
    record: GameRecord, moves: list[tuple[list[Event], Any]], final: GameState
) -> str | None:
    """Replay ``record`` move by move: the same events, the same public view after every move,
    the same final state and returns as the game played. ``None`` when all agree."""
    if len(record.actions) != len(moves):
        return f"the save holds {len(record.actions)} moves, the game made {len(moves)}"
    state = record.new_state()
    for i, (action, (events, public)) in enumerate(zip(record.actions, moves, strict=True)):
        try:
            got = state.apply(action)
        except IllegalAction as exc:
            return f"move {i + 1} ({action}) is refused on replay: {exc}"
        if got != events:
            return f"move {i + 1} ({action}) reports different events on replay"
        if _public(state) != public:
            return f"after move {i + 1} ({action}) the replay shows a different public view"
    if state.fingerprint() != final.fingerprint():
        return "the moves replay to a different final state"
    if list(state.returns()) != list(final.returns()):
        return f"the replay ends with returns {state.returns()}, the game {final.returns()}"
    return None


def peak_memory() -> dict[str, Any]:
    """Peak resident memory in MB (``ru_maxrss``) of this process, where the bots run, and of
    its child processes that ended (none unless a bot starts some); empty where unknown."""
    if resource is None:
        return {}
    per_mb = 1024 * 1024 if sys.platform == "darwin" else 1024  # bytes on macOS, KiB on Linux
    mine = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return {
        "soak_process_mb": round(mine / per_mb, 1),
        "children_mb": round(kids / per_mb, 1),
        "bot_worker": "the soak process (bots run in it)",
    }


def play_one(game_id: str, seed: int, levels: Sequence[str], folder: Path) -> dict[str, Any]:
    """One soak game; returns its facts, ``error`` (a traceback) or ``mismatch`` set if bad."""
    rng = random.Random(seed)
    spec = registry.get(game_id)
    players = rng.randint(spec.min_players, spec.max_players)
    options = {o.key: o.sample(rng, players) for o in spec.options}
    seat_levels = [rng.choice(list(levels)) for _ in range(players)]
    facts: dict[str, Any] = {
        "game": game_id, "seed": seed, "players": players, "options": options,
        "levels": seat_levels, "actions": 0, "fabricated": 0, "refused": Counter(),
        "error": None, "mismatch": None,
    }  # fmt: skip
    check = invariants_for(game_id)
    colours = list(spec.colours) or [""]
    record = GameRecord(
        game_id,
        spec.parse_options(options),
        seed,
        [Seat(f"Seat {i + 1}", "bot", lv, colours[i % len(colours)]) for i, lv in
         enumerate(seat_levels)],
    )  # fmt: skip
    try:
        state = record.new_state()
        bots = [make_bot(game_id, lv, seed * 31 + i) for i, lv in enumerate(seat_levels)]
        #: per move: the events it reported and the public view after it (the replay compares)
        moves: list[tuple[list[Event], Any]] = []
        # the loop of ai.match.play (each bot gets its seat's view and a budget), written out
        # so the events of every move are kept and a simultaneous decision's seats answer in a
        # random order, not always the first seat waiting
        while (dec := state.decision()) is not None:
            if facts["actions"] >= MAX_ACTIONS:
                raise AssertionError(f"the game did not end within {MAX_ACTIONS} moves")
            _check_step(state, game_id, check)
            p = dec.players[rng.randrange(len(dec.players))]
            action = bots[p].choose(state.view(p), p, time.monotonic() + BOT_BUDGET_S)
            if facts["actions"] % FABRICATE_EVERY == 0:
                what = _refuse(state, action, rng)
                if what is not None:
                    facts["fabricated"] += 1
                    facts["refused"][what] += 1
            events = state.apply(action)
            record.actions.append(action)
            moves.append((list(events), _public(state)))
            facts["actions"] += 1
        returns = state.returns()
        assert len(returns) == players, "returns do not give one value per seat"
        facts["returns"] = list(returns)
        # the replay goes through the very path a player's file takes
        path = folder / f"soak-{game_id}-{seed}.json"
        path.write_text(record.dumps(), encoding="utf-8")
        loaded = storage.read_save(path)
        path.unlink()
        again = replay_loaded(loaded)
        if again.fingerprint() != state.fingerprint():
            facts["mismatch"] = "the saved game replays to a different final state"
        elif list(again.returns()) != list(returns):
            facts["mismatch"] = "the saved game replays to different returns"
        else:
            facts["mismatch"] = _replay_differs(loaded, moves, state)
    except Exception:
        facts["error"] = traceback.format_exc()
    return facts


def soak(
    games: int,
    seed: int = 0,
    game_ids: Sequence[str] | None = None,
    levels: Sequence[str] = ("random", "easy"),
    progress: Callable[[int, dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games per engine; the report counts games, moves, errors, mismatches,
    the fabricated moves refused (by what they were) and the peak memory."""
    ids = list(game_ids or shipped_games())
    report: dict[str, Any] = {"seed": seed, "levels": list(levels), "engines": {}}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="atlantis-soak-") as tmp:
        for game_id in ids:
            t0 = time.perf_counter()
            eng: dict[str, Any] = {
                "games": 0, "actions": 0, "fabricated": 0, "refused": Counter(), "errors": 0,
                "mismatches": 0, "first_error": None, "first_mismatch": None,
            }  # fmt: skip
            for g in range(games):
                facts = play_one(game_id, seed + g, levels, Path(tmp))
                eng["games"] += 1
                eng["actions"] += facts["actions"]
                eng["fabricated"] += facts["fabricated"]
                eng["refused"].update(facts["refused"])
                if facts["error"]:
                    eng["errors"] += 1
                    eng["first_error"] = eng["first_error"] or (
                        f"seed {facts['seed']}:\n{facts['error']}"
                    )
                if facts["mismatch"]:
                    eng["mismatches"] += 1
                    eng["first_mismatch"] = eng["first_mismatch"] or (
                        f"seed {facts['seed']}: {facts['mismatch']}"
                    )
                if progress is not None:
                    progress(g, facts)
            eng["refused"] = dict(sorted(eng["refused"].items()))
            eng["seconds"] = round(time.perf_counter() - t0, 1)
            eng["peak_memory"] = peak_memory()  # the process's peak so far, after this engine
            report["engines"][game_id] = eng
    engines = report["engines"].values()
    for key in ("games", "actions", "fabricated", "errors", "mismatches"):
        report[key] = sum(e[key] for e in engines)
    report["peak_memory"] = peak_memory()
    report["seconds"] = round(time.perf_counter() - started, 1)
    return report


def _memory_line(mem: dict[str, Any]) -> str:
    if not mem:
        return "peak memory: not measured on this system"
    return (
        f"peak memory: {mem['soak_process_mb']} MB for {mem['bot_worker']}, "
        f"{mem['children_mb']} MB for child processes"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="soak", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per engine")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", action="append", help="an engine (default: every one)")
    parser.add_argument("--levels", default="random,easy", help="bot levels to draw from")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")

    seen = {"errors": 0, "mismatches": 0, "actions": 0}
    t0 = time.perf_counter()

    def progress(g: int, facts: dict[str, Any]) -> None:
        seen["errors"] += bool(facts["error"])
        seen["mismatches"] += bool(facts["mismatch"])
        seen["actions"] += facts["actions"]
        if (g + 1) % 100 == 0:
            print(
                f"  {facts['game']}: {g + 1} games, {seen['actions']} moves, "
                f"{seen['errors']} errors, {seen['mismatches']} replay mismatches "
                f"(all engines so far), {time.perf_counter() - t0:.0f} s",
                file=sys.stderr,
                flush=True,
            )

    report = soak(args.games, args.seed, args.game, args.levels.split(","), progress)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        for gid, e in report["engines"].items():
            print(
                f"{gid}: {e['games']} games, {e['actions']} moves, {e['fabricated']} fabricated "
                f"moves refused, {e['errors']} errors, {e['mismatches']} replay mismatches, "
                f"{e['seconds']} s"
            )
            if e["refused"]:
                print("  refused: " + ", ".join(f"{k} {n}" for k, n in e["refused"].items()))
            for key in ("first_error", "first_mismatch"):
                if e[key]:
                    print(f"  {key}: {e[key]}")
        print(
            f"total: {report['games']} games, {report['actions']} moves, {report['errors']} "
            f"errors, {report['mismatches']} replay mismatches, {report['fabricated']} "
            f"fabricated moves refused, {report['seconds']} s"
        )
        print(_memory_line(report["peak_memory"]))
    return 1 if report["errors"] or report["mismatches"] else 0


if __name__ == "__main__":
    sys.exit(main())
