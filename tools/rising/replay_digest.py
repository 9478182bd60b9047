"""Atlantis Rising, move by move: a digest of many seeded games, to prove a refactor changed nothing.

    python -m tools.rising.replay_digest --out /tmp/rising_before.json
    python -m tools.rising.replay_digest --out /tmp/rising_after.json --compare /tmp/rising_before.json

Plays ``--random`` games of uniformly random legal moves and ``--bots`` games of the easy and
normal bots (plus ``--hard`` games of the hard bot with a world cap and no clock, so it is
deterministic), over every option mix: 2-6 councilors, each difficulty, starting energy on/off,
fast play on/off, and every set of monsters (none, each one, each pair, all three). For every
move it records the decision (seats, kind, prompt, data), the decider's legal actions in
order, who :meth:`decider` names and that the next seat has no moves, the action (as described,
and whether it could be taken back), the events (kind, text, data, to), the state's fingerprint,
and the refusal of a few fabricated moves (the message or the exception, and that the state did
not change). Each game's records are hashed move by move into a chain; after the game the
action log is replayed from the seed and the final fingerprint and summary are hashed too. The
JSON holds per game the chain's final hash and a short hash per move (so a mismatch names its
first move), plus the machine's static tables (frame actions, decision kinds).

``--compare OLD`` prints games, moves compared and mismatches (with the first differing move of
each) and exits 1 when anything differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from itertools import combinations
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.core.protocol import Action, IllegalAction  # noqa: E402

DIFFICULTIES = ("easy", "normal", "hard", "cosmic")
SCENARIOS = ("medusa", "harpies", "scylla")
MONSTER_SETS = ("none",) + tuple(
    ",".join(c) for k in (1, 2, 3) for c in combinations(SCENARIOS, k)
)  # none, each, each pair, all three
MAX_ACTIONS = 20_000

# fabricated moves: kinds and argument values that reach every branch of the refusals
_SPOTS = ("centre", "navy", "hills-1", "forests-6", "cities-3", "libraries-2", "nowhere", 5)
_CARDS = ("ancestors_gambit", "untapped_talent", "not_a_card")
_RES = ("ore", "stone", "wood", "atlantium", "gold")
_SECTIONS = ("mountains", "hills", "forests", "libraries", "cities", "forges", "sky")
_COMPONENTS = ("power_core", "not_a_component")
_AMOUNTS = (-1, 0, 1, 2, 3, 99, "x")
_TEMPLATES: dict[str, tuple[tuple[str, tuple[Any, ...]], ...]] = {
    "place": (("at", _SPOTS), ("courage", (None, True, "yes"))),
    "play": (("card", _CARDS),),
    "keep": (("card", _CARDS),),
    "discard": (("card", _CARDS),),
    "convert": (("give", _RES), ("take", _RES)),
    "contribute": (("amount", _AMOUNTS),),
    "boost": (("amount", _AMOUNTS),),
    "build": (("component", _COMPONENTS), ("waive", (None, "ore", "gold"))),
    "unflip": (("section", _SECTIONS),),
    "choose": (
        ("section", (None, *_SECTIONS)),
        ("at", (None, *_SPOTS)),
        ("councilor", (None, "explorer", "priest", "nobody")),
        ("monster", (None, "medusa", "harpies", "scylla", "kraken")),
        ("reward", (None, "followers", "volunteers", "gold")),
    ),
    "give": (("resource", _RES), ("to", (0, 1, 2, 7))),
    "build_item": (("item", ("mirror_shield", "bronze_rattle", "helm_of_passage", "nope")),),
    "free": (("at", _SPOTS), ("piece", (0, 1, -1))),
    "lure": (("at", _SPOTS),),
    "draw_gaze": (("at", _SPOTS),),
    "give_up": (("resource", (None, *_RES)), ("card", (None, *_CARDS))),
}
_PLAIN_KINDS = ("hold", "ability", "done", "pass", "produce", "accept", "cancel", "confront",
                "calm", "fly")  # fmt: skip


def _h(*parts: Any) -> str:
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()


def plan(n_random: int, n_bots: int, n_hard: int) -> list[dict[str, Any]]:
    """The games: seeds, seat counts and options spread over every mix, levels per seat."""
    games: list[dict[str, Any]] = []
    mixes = [(d, m) for m in MONSTER_SETS for d in DIFFICULTIES]  # 32 mixes
    for i in range(n_random + n_bots + n_hard):
        rng = random.Random(1_000 + i)
        players = 2 + i % 5
        # random games: every seat count meets every mix; the others spread over the mixes
        k = i // 5 if i < n_random else i * 11
        difficulty, monsters = mixes[k % len(mixes)]
        options = {
            "difficulty": difficulty,
            "energy_start": "yes" if rng.random() < 0.7 else "no",
            "fast": "yes" if rng.random() < 0.4 else "no",
            "monsters": monsters,
        }
        if i < n_random:
            levels = ["random"] * players
        elif i < n_random + n_bots:
            levels = [rng.choice(("easy", "normal")) for _ in range(players)]
        else:
            levels = ["hard" if s == 0 else rng.choice(("easy", "normal")) for s in range(players)]
        games.append(
            {"id": i, "seed": 50_000 + 7 * i, "players": players, "options": options,
             "levels": levels}
        )  # fmt: skip
    return games


def _probe(rng: random.Random, legal: list[Action], p: int, n: int) -> Action:
    """A fabricated move: a legal one with one argument changed, or a kind from the templates."""
    roll = rng.randrange(4)
    if roll == 0 and legal:
        a = legal[rng.randrange(len(legal))]
        if a.args:
            k = a.args[rng.randrange(len(a.args))][0]
            pool = dict(_TEMPLATES.get(a.kind, ())).get(k, _SPOTS + _AMOUNTS)
            v = pool[rng.randrange(len(pool))]
            args = {kk: vv for kk, vv in a.args if kk != k}
            if v is not None:
                args[k] = v
            return Action.make(a.player, a.kind, **args)
    if roll == 1:
        kind = _PLAIN_KINDS[rng.randrange(len(_PLAIN_KINDS))]
        return Action.make(p, kind)
    kinds = sorted(_TEMPLATES)
    kind = kinds[rng.randrange(len(kinds))]
    args = {}
    for key, pool in _TEMPLATES[kind]:
        v = pool[rng.randrange(len(pool))]
        if v is not None:
            args[key] = v
    who = p if rng.random() < 0.85 else (p + 1) % n
    return Action.make(who, kind, **args)


def _event_rec(e: Any) -> tuple:
    return (e.kind, e.text, repr(e.data), e.to)


def play_game(g: dict[str, Any]) -> dict[str, Any]:
    """Play one planned game; its chain hash, move hashes, result and timing."""
    from ai.bots import make_bot
    from game.core import registry

    spec = registry.get("rising")
    seed, n = g["seed"], g["players"]
    state = spec.create(n, g["options"], seed)
    pick = random.Random(seed * 3 + 1)
    probes = random.Random(seed * 5 + 2)
    bots: list[Any] = []
    for s, level in enumerate(g["levels"]):
        if level == "random":
            bots.append(None)
        elif level == "hard":
            from ai.rising import SearchRisingBot

            bots.append(SearchRisingBot("hard", seed * 7 + s, max_worlds=8, max_time=1e9))
        else:
            bots.append(make_bot("rising", level, seed * 7 + s))
    chain = _h("start", repr(state.fingerprint()))
    steps: list[str] = []
    log: list[Action] = []
    t0 = time.perf_counter()
    while True:
        dec = state.decision()
        if dec is None:
            break
        p = dec.players[0]
        legal = state.legal_actions(p)
        # refusals: two fabricated moves, each refused with the state unchanged
        refusals = []
        before = state.fingerprint()
        for _ in range(2):
            bad = _probe(probes, legal, p, n)
            if bad in legal:
                refusals.append(("legal", bad.to_json()))
                continue
            try:
                state.apply(bad)
            except IllegalAction as e:
                refusals.append((bad.to_json(), "refused", str(e)))
            except Exception as e:  # noqa: BLE001 - an exception is behaviour to keep too
                refusals.append((bad.to_json(), type(e).__name__, str(e)))
            else:
                raise AssertionError(f"the fabricated move {bad} was accepted")
            refusals.append(state.fingerprint() == before)
        bot = bots[p]
        if bot is None:
            action = legal[pick.randrange(len(legal))]
        else:
            action = bot.choose(state.view(p), p, time.monotonic() + 1e6)
        others = (state.decider(), len(state.legal_actions((p + 1) % n)))
        said = (state.describe_action(action), state.undoable(action))
        events = state.apply(action)
        log.append(action)
        rec = _h(
            (dec.players, dec.kind, dec.prompt, repr(dec.data)),
            others,
            said,
            [a.to_json() for a in legal],
            refusals,
            action.to_json(),
            [_event_rec(e) for e in events],
            repr(state.fingerprint()),
        )
        chain = _h(chain, rec)
        steps.append(rec[:12])
        if len(log) > MAX_ACTIONS:
            raise RuntimeError(f"game {g['id']} did not end in {MAX_ACTIONS} actions")
    seconds = time.perf_counter() - t0
    again = spec.create(n, g["options"], seed)
    for a in log:
        again.apply(Action.from_json(json.loads(json.dumps(a.to_json()))))
    replay_same = again.fingerprint() == state.fingerprint()
    chain = _h(chain, "end", state.result, repr(state.summary()), replay_same)
    return {
        **g,
        "moves": len(log),
        "result": state.result,
        "rounds": state.round,
        "replay_same": replay_same,
        "hash": chain,
        "steps": steps,
        "seconds": round(seconds, 3),
    }


def static_tables() -> dict[str, Any]:
    """The turn machine's tables a person or a test reads: action kinds and decision kinds."""
    import game.rising  # noqa: F401  (registers the game, the monsters' frames with it)

    try:
        from game.rising.frames import FRAME_ACTIONS, decision_kinds
    except ImportError:  # before the frames package existed
        from game.rising.flow import FRAME_ACTIONS, decision_kinds  # type: ignore[no-redef]
    return {
        "frame_actions": {k: list(v) for k, v in sorted(FRAME_ACTIONS.items())},
        "decision_kinds": list(decision_kinds()),
    }


def digest(n_random: int, n_bots: int, n_hard: int, workers: int) -> dict[str, Any]:
    games = plan(n_random, n_bots, n_hard)
    t0 = time.perf_counter()
    if workers > 1:
        import multiprocessing as mp

        with mp.get_context("fork").Pool(workers) as pool:
            done = pool.map(play_game, games, chunksize=1)
    else:
        done = [play_game(g) for g in games]
    return {
        "version": 1,
        "games": done,
        "static": static_tables(),
        "total_moves": sum(d["moves"] for d in done),
        "seconds": round(time.perf_counter() - t0, 1),
    }


def compare(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """Games and moves compared, and every mismatch with the first move that differs."""
    mismatches: list[str] = []
    moves = 0
    old_games = {g["id"]: g for g in old["games"]}
    for g in new["games"]:
        o = old_games.get(g["id"])
        if o is None:
            mismatches.append(f"game {g['id']}: not in the old digest")
            continue
        if (o["seed"], o["players"], o["options"], o["levels"]) != (
            g["seed"], g["players"], g["options"], g["levels"],
        ):  # fmt: skip
            mismatches.append(f"game {g['id']}: planned differently")
            continue
        moves += min(len(o["steps"]), len(g["steps"]))
        if o["hash"] != g["hash"]:
            first = next(
                (i for i, (a, b) in enumerate(zip(o["steps"], g["steps"], strict=False)) if a != b),
                min(len(o["steps"]), len(g["steps"])),
            )
            mismatches.append(
                f"game {g['id']} (seed {g['seed']}, {g['players']} players, {g['options']}, "
                f"{g['levels']}): first difference at move {first} of {len(o['steps'])}/"
                f"{len(g['steps'])}"
            )
    if set(old_games) - {g["id"] for g in new["games"]}:
        mismatches.append("the old digest has games the new one lacks")
    if old.get("static") != new.get("static"):
        mismatches.append("the static tables (frame actions, decision kinds) differ")
    return {"games": len(new["games"]), "moves": moves, "mismatches": mismatches}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="rising_replay_digest", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--random", type=int, default=300, help="games of random legal moves")
    parser.add_argument("--bots", type=int, default=30, help="games of easy/normal bots")
    parser.add_argument("--hard", type=int, default=4, help="games with a world-capped hard bot")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True, help="where to write the digest")
    parser.add_argument("--compare", type=Path, help="an older digest to compare against")
    args = parser.parse_args(argv)
    res = digest(args.random, args.bots, args.hard, args.workers)
    args.out.write_text(json.dumps(res) + "\n", encoding="utf-8")
    results: dict[str | None, int] = {}
    for g in res["games"]:
        results[g["result"]] = results.get(g["result"], 0) + 1
    print(
        f"{len(res['games'])} games, {res['total_moves']} moves, results {results}, "
        f"replays all equal: {all(g['replay_same'] for g in res['games'])}, "
        f"{res['seconds']} s -> {args.out}"
    )
    if args.compare is None:
        return 0
    cmp = compare(json.loads(args.compare.read_text(encoding="utf-8")), res)
    print(
        f"compared with {args.compare}: {cmp['games']} games, {cmp['moves']} moves, "
        f"{len(cmp['mismatches'])} mismatches"
    )
    for m in cmp["mismatches"]:
        print("  " + m)
    return 1 if cmp["mismatches"] else 0


if __name__ == "__main__":
    sys.exit(main())
