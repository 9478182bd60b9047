"""How much memory a bot worker keeps after many Finding Atlantis games (issue 25).

    python -m tools.finding.memory --games 400 --every 50
    python -m tools.finding.memory --games 20 --every 5 --json

A measuring script, not a test (``nice -n 10`` for long runs). One process plays ``--games``
Finding games the way the desktop's bot worker does (``ai.runner``): a fresh bot per seat per
game (``make_bot`` with ``seat_seed``), each bot asked through ``choose`` from its seat's view.
Each game draws its options (6×6 or 8×8, classic or pirate, sleepy or hunting monsters), 1 to
4 submarines and a level per seat (easy, normal or hard U-Bots, or the random bot) from
``--seed``, so a run is repeatable. Every ``--every`` games (and after the first) it prints
the peak RSS (``ru_maxrss``), the current RSS (``/proc/self/statm``) and the size of every
cache in the Finding packages (:func:`caches`): each ``functools`` cache's ``currsize`` and
``maxsize``, each module-level dict, set or list, and the memos of the shared artifact
counters. ``--actions`` prints each game's action list digest instead (for checking that a
change leaves the bots' decisions alone: the same seed must give the same digests).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import pkgutil
import random
import resource
import sys
import time
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

#: the packages whose caches are measured
PACKAGES = ("game.finding", "ai.finding")
LEVELS = ("easy", "normal", "hard", "random")
#: seconds each bot may think (the U-Bots' depth is fixed by level, they answer well inside)
BUDGET_S = 10.0


def _modules() -> Iterator[Any]:
    for name in PACKAGES:
        pkg = importlib.import_module(name)
        yield pkg
        for info in pkgutil.iter_modules(pkg.__path__, name + "."):
            yield importlib.import_module(info.name)


def lru_caches() -> dict[str, Any]:
    """Every ``functools`` cache defined at module level in the Finding packages, by name."""
    out: dict[str, Any] = {}
    for mod in _modules():
        for attr, obj in vars(mod).items():
            if callable(getattr(obj, "cache_info", None)) and hasattr(obj, "cache_parameters"):
                if getattr(obj, "__module__", mod.__name__) == mod.__name__:
                    out[f"{mod.__name__}.{attr}"] = obj
    return out


def caches() -> dict[str, tuple[int, int | None]]:
    """Every cache's (current size, bound): ``functools`` caches, module-level containers
    (bound ``None``: nothing limits them but their own code) and the shared counters' memos."""
    out: dict[str, tuple[int, int | None]] = {}
    for name, fn in sorted(lru_caches().items()):
        info = fn.cache_info()
        out[name] = (info.currsize, info.maxsize)
    for mod in _modules():
        for attr, obj in vars(mod).items():
            # a lower-case private container is state that may grow (UPPER names are tables)
            if type(obj) in (dict, OrderedDict, set, list) and attr.startswith("_"):
                if not attr.startswith("__") and attr.islower():
                    bound = getattr(mod, "_KEEP", None) if attr == "_beliefs" else None
                    out[f"{mod.__name__}.{attr}"] = (len(obj), bound)
    for obj in _counters():
        key = f"ArtifactCounter(n={obj.n}, k={obj.k}, m={obj.m})"
        out[key + "._solved"] = (len(obj._solved), None)
        out[key + "._solved states"] = (obj._solved_states, obj.SOLVED_STATES)
        out[key + "._parts"] = (len(obj._parts), obj.PARTS_LIMIT)
    return out


def _counters() -> list[Any]:
    """The shared artifact counters (one per map shape, held by ``belief._counter``'s cache,
    which has no public handle on its values: found through the garbage collector)."""
    import gc

    from ai.finding.counting import ArtifactCounter

    return [o for o in gc.get_objects() if isinstance(o, ArtifactCounter)]


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def rss_mb() -> float:
    """The process's resident memory now (Linux ``/proc``; 0 where there is none)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * _PAGE / 2**20
    except OSError:
        return 0.0


def peak_mb() -> float:
    """The process's peak resident memory (``ru_maxrss``: KiB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024


def game_setup(seed: int, g: int) -> tuple[int, dict[str, str], list[str], int]:
    """Game ``g`` of a run: (submarines, options, a level per seat, game seed)."""
    rng = random.Random(seed * 100_003 + g)
    n = rng.randint(1, 4)
    options = {
        "size": rng.choice(("6", "8")),
        "mode": rng.choice(("classic", "pirate")),
        "monsters": rng.choice(("sleepy", "hunting")),
    }
    levels = [rng.choice(LEVELS) for _ in range(n)]
    return n, options, levels, seed * 7919 + g


def play_game(seed: int, g: int) -> tuple[list[Any], dict[str, Any]]:
    """Play game ``g`` as the worker would; its actions and a summary."""
    import ai.finding  # noqa: F401 - registers the U-Bots and the exact sampler
    from ai.bots import make_bot, seat_seed
    from ai.match import play
    from game.finding.setup import new_game

    n, options, levels, game_seed = game_setup(seed, g)
    st = new_game(n, options, game_seed)
    bots = [make_bot("finding", lvl, seat_seed(game_seed, s)) for s, lvl in enumerate(levels)]
    actions: list[Any] = []
    t0 = time.perf_counter()
    play(st, bots, BUDGET_S, observe=lambda d: actions.append(d.action))
    info = {"size": options["size"], "levels": levels, "actions": len(actions),
            "seconds": round(time.perf_counter() - t0, 2)}  # fmt: skip
    return actions, info


def digest(actions: list[Any]) -> str:
    text = json.dumps([a.to_json() for a in actions], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def run(games: int, every: int, seed: int, show_actions: bool, as_json: bool) -> dict:
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    cpu0 = time.process_time()
    bot_seconds = 0.0
    for g in range(games):
        actions, info = play_game(seed, g)
        bot_seconds += info["seconds"]
        if show_actions:
            print(f"game {g}: {info['size']}x{info['size']} {','.join(info['levels'])} "
                  f"{info['actions']} actions {digest(actions)}", flush=True)  # fmt: skip
        done = g + 1
        if done == 1 or done % every == 0 or done == games:
            row = {
                "games": done,
                "peak_mb": round(peak_mb(), 1),
                "rss_mb": round(rss_mb(), 1),
                "seconds": round(time.perf_counter() - started, 1),
                "cpu_seconds": round(time.process_time() - cpu0, 1),
                "caches": caches(),
            }
            rows.append(row)
            if not as_json:
                _print_row(row)
    cpu = round(time.process_time() - cpu0, 1)
    out = {"games": games, "seed": seed, "bot_seconds": round(bot_seconds, 1), "cpu_seconds": cpu,
           "rows": rows}  # fmt: skip
    if as_json:
        print(json.dumps(out, indent=1))
    else:
        print(f"{games} games in {bot_seconds:.1f} s of play ({cpu:.1f} s of CPU in all)")
    return out


def _print_row(row: dict[str, Any]) -> None:
    print(f"after {row['games']:4d} games ({row['seconds']:7.1f} s, CPU {row['cpu_seconds']:7.1f} s): peak RSS "
          f"{row['peak_mb']:6.1f} MB, RSS now {row['rss_mb']:6.1f} MB", flush=True)  # fmt: skip
    for name, (size, bound) in row["caches"].items():
        if size:
            limit = "unbounded" if bound is None else f"max {bound}"
            print(f"    {name:<58} {size:>8}  ({limit})", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="finding_memory", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--every", type=int, default=10, help="report every K games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--actions", action="store_true", help="print each game's action digest")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    run(args.games, max(1, args.every), args.seed, args.actions, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
