"""Atlantis Rising's first-game hints, position by position: proof that a refactor of the advice
changed nothing a player sees.

    python -m tools.rising.hint_digest --out /tmp/hints_before.json.gz
    python -m tools.rising.hint_digest --out /tmp/hints_after.json.gz --compare /tmp/hints_before.json.gz

Plays seeded games over 2-6 councilors, each difficulty, with no monsters and with each set of
them (one, each pair, all three). Moves are random legal ones, the hint's own move (as a
newcomer who follows the guide), or the easy/normal bots'. At every decision, for each seat
asked, it records what the board would show: the hint's move, its full text and the targets the
board lights up (``hint(view, seat)`` from the seat's own view, exactly as the board calls it).
It also records the guide's rule-of-thumb move and text with the bot's opinion switched off
(the fallback a player sees when the bot is unavailable), and the words for every other legal
move (what ``explain`` says of it, kept as one hash per position). The gzipped JSON keeps, per
game, one hash per position and the records themselves, so a mismatch is shown in full.

``--compare OLD`` prints positions compared and mismatches (the first few in full) and exits 1
when anything differs.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib
import json
import random
import sys
import time
from contextlib import contextmanager
from itertools import combinations
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DIFFICULTIES = ("easy", "normal", "hard", "cosmic")
SCENARIOS = ("medusa", "harpies", "scylla")
MONSTER_SETS = ("none",) + tuple(
    ",".join(c) for k in (1, 2, 3) for c in combinations(SCENARIOS, k)
)  # none, each, each pair, all three
MAX_ACTIONS = 20_000
DRIVERS = ("random", "guided", "bots")


def _wording() -> Any:
    """The scenes' module that words the hint (``hints`` after the advisor refactor, ``guide``
    before it)."""
    for name in ("scenes.rising.hints", "scenes.rising.guide"):
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
    raise ImportError("no Rising hint module")


def _bot_switches() -> list[Any]:
    """The modules holding ``USE_BOT`` (the switch for the bot's second opinion)."""
    out = []
    for name in ("ai.rising.advisor", "scenes.rising.guide"):
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError:
            continue
        if hasattr(mod, "USE_BOT"):
            out.append(mod)
    return out


@contextmanager
def _without_bot():
    mods = _bot_switches()
    was = [m.USE_BOT for m in mods]
    for m in mods:
        m.USE_BOT = False
    try:
        yield
    finally:
        for m, w in zip(mods, was, strict=True):
            m.USE_BOT = w


def _hint_rec(words: Any, view: Any, p: int) -> Any:
    try:
        h = words.hint(view, p)
    except Exception as exc:  # noqa: BLE001 - the board shows nothing then: behaviour to keep
        return ("raised", type(exc).__name__, str(exc))
    if h is None:
        return None
    action = h.action.to_json() if h.action is not None else None
    return (action, h.text, list(h.targets))


def _explain_all(words: Any, view: Any, p: int, legal: list[Any]) -> list[Any]:
    """What the guide says of every legal move (it may be asked why of any of them)."""
    explain = getattr(words, "explain_move", None) or words.explain
    out = []
    for a in legal:
        try:
            out.append(explain(view, p, a))
        except Exception as exc:  # noqa: BLE001
            out.append(("raised", type(exc).__name__, str(exc)))
    return out


def plan(n_games: int) -> list[dict[str, Any]]:
    """The games: seeds, seat counts, options and the way moves are chosen."""
    games: list[dict[str, Any]] = []
    mixes = [(d, m) for m in MONSTER_SETS for d in DIFFICULTIES]  # 32 mixes
    for i in range(n_games):
        rng = random.Random(7_000 + i)
        players = 2 + i % 5
        difficulty, monsters = mixes[(i * 7) % len(mixes)]
        if i % 3 == 0:  # half the games without monsters, as most people play
            monsters = "none"
        options = {
            "difficulty": difficulty,
            "energy_start": "yes" if rng.random() < 0.7 else "no",
            "fast": "yes" if rng.random() < 0.3 else "no",
            "monsters": monsters,
        }
        games.append(
            {"id": i, "seed": 90_000 + 13 * i, "players": players, "options": options,
             "driver": DRIVERS[i % len(DRIVERS)]}
        )  # fmt: skip
    return games


def _h(*parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode("utf-8")).hexdigest()[:16]


def play_game(g: dict[str, Any], every_move: bool = True) -> dict[str, Any]:
    """Play one planned game; one record (and its hash) per position a seat was asked."""
    from ai.bots import make_bot
    from game.core import registry

    words = _wording()
    spec = registry.get("rising")
    state = spec.create(g["players"], g["options"], g["seed"])
    rng = random.Random(g["seed"] * 3 + 1)
    bots = [
        make_bot("rising", ("easy", "normal")[s % 2], g["seed"] * 7 + s)
        for s in range(g["players"])
    ]
    records: list[Any] = []
    moves = 0
    while (dec := state.decision()) is not None:
        mover = dec.players[0]
        for p in dec.players:
            view = state.view(p)
            legal = state.legal_actions(p)
            shown = _hint_rec(words, view, p)
            with _without_bot():
                fallback = _hint_rec(words, view, p)
            said = _h(_explain_all(words, view, p, legal)) if every_move else ""
            records.append([moves, p, dec.kind, shown, fallback, said])
        legal = state.legal_actions(mover)
        if g["driver"] == "random" or (g["driver"] == "guided" and rng.random() < 0.2):
            action = legal[rng.randrange(len(legal))]
        elif g["driver"] == "guided":
            h = words.hint(state.view(mover), mover)
            action = h.action if h is not None else legal[0]
        else:
            action = bots[mover].choose(state.view(mover), mover, time.monotonic() + 1e6)
        state.apply(action)
        moves += 1
        if moves > MAX_ACTIONS:
            raise RuntimeError(f"game {g['id']} did not end in {MAX_ACTIONS} actions")
    return {
        **g,
        "moves": moves,
        "result": state.result,
        "hashes": [_h(r) for r in records],
        "records": records,
    }


def digest(n_games: int, workers: int, every_move: bool) -> dict[str, Any]:
    games = plan(n_games)
    t0 = time.perf_counter()
    if workers > 1:
        import multiprocessing as mp
        from functools import partial

        with mp.get_context("fork").Pool(workers) as pool:
            done = pool.map(partial(play_game, every_move=every_move), games, chunksize=1)
    else:
        done = [play_game(g, every_move) for g in games]
    kinds: dict[str, int] = {}
    for g in done:
        for r in g["records"]:
            kinds[r[2]] = kinds.get(r[2], 0) + 1
    return {
        "version": 1,
        "games": done,
        "positions": sum(len(g["records"]) for g in done),
        "kinds": dict(sorted(kinds.items())),
        "seconds": round(time.perf_counter() - t0, 1),
    }


def compare(old: dict[str, Any], new: dict[str, Any], show: int = 5) -> dict[str, Any]:
    """Positions compared, and every mismatch (the first ``show`` with both records)."""
    mismatches: list[str] = []
    positions = 0
    old_games = {g["id"]: g for g in old["games"]}
    for g in new["games"]:
        o = old_games.get(g["id"])
        if o is None or (o["seed"], o["players"], o["options"], o["driver"]) != (
            g["seed"], g["players"], g["options"], g["driver"],
        ):  # fmt: skip
            mismatches.append(f"game {g['id']}: not in the old digest, or planned differently")
            continue
        if len(o["hashes"]) != len(g["hashes"]):
            mismatches.append(
                f"game {g['id']}: {len(o['hashes'])} positions, now {len(g['hashes'])}"
            )
        for i, (a, b) in enumerate(zip(o["hashes"], g["hashes"], strict=False)):
            positions += 1
            if a != b:
                line = f"game {g['id']} position {i} (move {g['records'][i][0]})"
                if len(mismatches) < show:
                    line += f"\n    old: {o['records'][i]}\n    new: {g['records'][i]}"
                mismatches.append(line)
    if {g["id"] for g in new["games"]} != set(old_games):
        mismatches.append("the digests hold different games")
    return {"games": len(new["games"]), "positions": positions, "mismatches": mismatches}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rising_hint_digest", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games to play")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--hint-only", action="store_true", help="skip the words for every other legal move"
    )
    parser.add_argument("--out", type=Path, required=True, help="where to write the digest")
    parser.add_argument("--compare", type=Path, help="an older digest to compare against")
    args = parser.parse_args(argv)
    res = digest(args.games, args.workers, not args.hint_only)
    with gzip.open(args.out, "wt", encoding="utf-8") as f:
        f.write(json.dumps(res) + "\n")
    print(
        f"{len(res['games'])} games, {sum(g['moves'] for g in res['games'])} moves, "
        f"{res['positions']} positions, {len(res['kinds'])} decision kinds, "
        f"{res['seconds']} s -> {args.out}"
    )
    print("  " + ", ".join(f"{k} {n}" for k, n in res["kinds"].items()))
    if args.compare is None:
        return 0
    with gzip.open(args.compare, "rt", encoding="utf-8") as f:
        cmp = compare(json.loads(f.read()), res)
    print(
        f"compared with {args.compare}: {cmp['games']} games, {cmp['positions']} positions, "
        f"{len(cmp['mismatches'])} mismatches"
    )
    for m in cmp["mismatches"][:20]:
        print("  " + m)
    return 1 if cmp["mismatches"] else 0


if __name__ == "__main__":
    sys.exit(main())
