"""Soak test: many thousand random and bot games per registered engine, checked all the way.

    python -m tools.soak --games 2000            # every shipped game, random and easy bots
    python -m tools.soak --game rising --games 50 --levels random,easy,normal --seed 7

Every game gets a random seat count, option mix and bot level per seat. After every move:
the decision names real seats; every decider has legal moves; the bot's view offers exactly
the same moves; every legal move survives its JSON round trip with its types; the game's own
invariants hold (``tests/<game>/helpers.py: check_invariants`` when it has one). Every few
moves a fabricated move (a float or bool where an int was offered, a player who does not exist,
a kind that does not exist) must be refused with the state unchanged. After every game the
save goes through the real reading path (write, ``storage.read_save``, replay) and must rebuild
the same final state. Prints a summary (``--json`` for data); exit 1 on any error or mismatch.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ai.bots import make_bot
from ai.match import Decided, play
from game.core import registry, storage
from game.core.protocol import Action, GameState, IllegalAction, OptionSpec, _same_types
from game.core.saves import GameRecord, Seat, replay_loaded

MAX_ACTIONS = 50_000
FABRICATE_EVERY = 7
BOT_BUDGET_S = 0.02

_INVARIANTS: dict[str, Callable[[GameState], None] | None] = {}


def register_invariants(game_id: str, fn: Callable[[GameState], None]) -> None:
    """Check ``fn(state)`` after every soak move of ``game_id`` (raise to report a breach)."""
    _INVARIANTS[game_id] = fn


def _rising_invariants(st: Any) -> None:
    """Atlantis Rising: the base invariants, or the monsters module's when one is in play."""
    if st.monsters:
        from tests.rising.monster_helpers import check_monster_invariants

        check_monster_invariants(st)
    else:
        from tests.rising.helpers import check_invariants

        check_invariants(st)


def invariants_for(game_id: str) -> Callable[[GameState], None] | None:
    """The game's own invariant check: registered, or ``tests.<game>.helpers.check_invariants``."""
    if game_id == "rising" and game_id not in _INVARIANTS:
        _INVARIANTS[game_id] = _rising_invariants
    if game_id not in _INVARIANTS:
        fn = None
        try:
            fn = importlib.import_module(f"tests.{game_id}.helpers").check_invariants
        except (ImportError, AttributeError):
            fn = None
        _INVARIANTS[game_id] = fn
    return _INVARIANTS[game_id]


def shipped_games() -> list[str]:
    return [s.game_id for s in registry.games() if s.new_game.__module__.startswith("game.")]


def _random_option(opt: OptionSpec, rng: random.Random) -> str:
    if not opt.multi:
        return rng.choice(opt.choices)
    picks = [c for c in opt.choices if c != "none" and rng.random() < 0.5]
    return ",".join(picks) if picks else ("none" if "none" in opt.choices else "")


def _fabricated(state: GameState, offered: Action, rng: random.Random) -> Action:
    """A move that must be refused: wrong type, unknown player or unknown kind."""
    ints = [(k, v) for k, v in offered.args if type(v) is int]
    roll = rng.randrange(4)
    if ints and roll == 0:
        k, v = rng.choice(ints)
        bad: Any = float(v) if rng.random() < 0.5 else bool(v)
        return Action(offered.player, offered.kind, tuple((a, bad if a == k else b)
                                                          for a, b in offered.args))  # fmt: skip
    if roll == 1:
        return Action(rng.choice([-1, state.num_players, 10**6]), offered.kind, offered.args)
    if roll == 2:
        return Action(float(offered.player), offered.kind, offered.args)  # type: ignore[arg-type]
    return Action.make(offered.player, "no-such-move-" + str(rng.randrange(100)))


def _check_step(state: GameState, game_id: str, check: Callable[[GameState], None] | None) -> None:
    dec = state.decision()
    assert dec is not None
    assert dec.players, "a decision with nobody to decide"
    for p in dec.players:
        assert type(p) is int and 0 <= p < state.num_players, f"decision for seat {p!r}"
    p = dec.players[0]
    legal = state.legal_actions(p)
    assert legal, f"seat {p} must decide but has no legal move"
    view_legal = state.view(p).legal_actions(p)
    assert view_legal == legal, "the seat's view offers different moves than the game"
    for a in legal:
        back = Action.from_json(json.loads(json.dumps(a.to_json())))
        assert back == a and _same_types(back.args, a.args), f"{a} does not survive JSON"
    if check is not None:
        check(state)


def play_one(game_id: str, seed: int, levels: Sequence[str], folder: Path) -> dict[str, Any]:
    """One soak game; returns its facts, ``error`` (a traceback) or ``mismatch`` set if bad."""
    rng = random.Random(seed)
    spec = registry.get(game_id)
    players = rng.randint(spec.min_players, spec.max_players)
    options = {o.key: _random_option(o, rng) for o in spec.options}
    seat_levels = [rng.choice(list(levels)) for _ in range(players)]
    facts: dict[str, Any] = {
        "game": game_id, "seed": seed, "players": players, "options": options,
        "levels": seat_levels, "actions": 0, "fabricated": 0,
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

        def watch(d: Decided) -> None:
            _check_step(d.state, game_id, check)
            if facts["actions"] % FABRICATE_EVERY == 0:
                bad = _fabricated(d.state, d.action, rng)
                before = d.state.fingerprint()
                try:
                    d.state.apply(bad)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"the fabricated move {bad!r} was accepted")
                assert d.state.fingerprint() == before, "a refused move changed the state"
                facts["fabricated"] += 1
            record.actions.append(d.action)
            facts["actions"] += 1

        play(state, bots, BOT_BUDGET_S, observe=watch, max_actions=MAX_ACTIONS)
        returns = state.returns()
        assert len(returns) == players, "returns do not give one value per seat"
        facts["returns"] = list(returns)
        # the replay check goes through the very path a player's file takes
        path = folder / f"soak-{game_id}-{seed}.json"
        path.write_text(record.dumps(), encoding="utf-8")
        loaded = storage.read_save(path)
        path.unlink()
        again = replay_loaded(loaded)
        if again.fingerprint() != state.fingerprint():
            facts["mismatch"] = "the saved game replays to a different final state"
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
    """Play ``games`` games per engine; the report counts games, moves, errors, mismatches."""
    ids = list(game_ids or shipped_games())
    report: dict[str, Any] = {"seed": seed, "levels": list(levels), "engines": {}}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="atlantis-soak-") as tmp:
        for game_id in ids:
            t0 = time.perf_counter()
            eng = {"games": 0, "actions": 0, "fabricated": 0, "errors": 0, "mismatches": 0,
                   "first_error": None, "first_mismatch": None}  # fmt: skip
            for g in range(games):
                facts = play_one(game_id, seed + g, levels, Path(tmp))
                eng["games"] += 1
                eng["actions"] += facts["actions"]
                eng["fabricated"] += facts["fabricated"]
                if facts["error"]:
                    eng["errors"] += 1
                    eng["first_error"] = eng["first_error"] or (
                        f"seed {facts['seed']}:\n{facts['error']}"
                    )
                if facts["mismatch"]:
                    eng["mismatches"] += 1
                    eng["first_mismatch"] = eng["first_mismatch"] or f"seed {facts['seed']}"
                if progress is not None:
                    progress(g, facts)
            eng["seconds"] = round(time.perf_counter() - t0, 1)
            report["engines"][game_id] = eng
    report["games"] = sum(e["games"] for e in report["engines"].values())
    report["errors"] = sum(e["errors"] for e in report["engines"].values())
    report["mismatches"] = sum(e["mismatches"] for e in report["engines"].values())
    report["seconds"] = round(time.perf_counter() - started, 1)
    return report


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
            for key in ("first_error", "first_mismatch"):
                if e[key]:
                    print(f"  {key}: {e[key]}")
        print(
            f"total: {report['games']} games, {report['errors']} errors, "
            f"{report['mismatches']} replay mismatches, {report['seconds']} s"
        )
    return 1 if report["errors"] or report["mismatches"] else 0


if __name__ == "__main__":
    sys.exit(main())
