"""``make bench``: the numbers DESIGN.md asks for, as a readable report and ``build/bench.json``.

Sections: start-up time, frame time per scene, engine speed per registered game, bot decision
time per level, frame time while a hard bot thinks, each game's own sections (its board's frame
time, its bots: ``tools/<game>/sections.py``), hostile files, replays and the size of the last
build. A section that has nothing to measure (no build yet) prints one line "not available yet:
<why>" instead of a number; nothing here ever invents a figure.

Run headless (the Makefile sets SDL's dummy drivers). ``--quick`` shortens every measurement,
``--only engines,bots`` picks sections.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import inspect
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # also when run as ``python tools/bench.py``
    sys.path.insert(0, str(ROOT))

from game.core.stats import percentile, summary_ms  # noqa: E402

OUT = ROOT / "build" / "bench.json"
DIST = ROOT / "build" / "dist"
CANVAS = (1280, 720)
#: the per-decision time budget bots get in the benchmark (the simulate default)
BOT_BUDGET_S = 0.25
MAX_ACTIONS_PER_GAME = 200_000


@contextlib.contextmanager
def private_home() -> Iterator[Path]:
    """Settings/saves/logs of in-process App runs go to a temp dir, never the user's."""
    old = os.environ.get("ATLANTIS_HOME")
    with tempfile.TemporaryDirectory(prefix="atlantis-bench-") as home:
        os.environ["ATLANTIS_HOME"] = home
        try:
            yield Path(home)
        finally:
            if old is None:
                os.environ.pop("ATLANTIS_HOME", None)
            else:
                os.environ["ATLANTIS_HOME"] = old


class Unavailable(Exception):
    """A section has nothing to measure yet; the message says why."""


@dataclass
class Section:
    key: str
    title: str
    status: str = "ok"  # ok | unavailable | error
    why: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Settings:
    startup_runs: int
    scene_frames: int
    engine_seconds: float
    bot_positions: int
    bot_budget_s: float
    think_seconds: float


FULL = Settings(3, 150, 4.0, 20, BOT_BUDGET_S, 6.0)
QUICK = Settings(1, 30, 1.0, 3, 0.1, 1.5)


def _registered_games() -> list[Any]:
    from game.core import registry

    specs = list(registry.games())
    if not specs:
        raise Unavailable("no game engine is registered in game.core.registry")
    return specs


def _players_for(spec: Any, wanted: int = 4) -> int:
    return max(spec.min_players, min(spec.max_players, wanted))


# --- start-up -----------------------------------------------------------------------------
#: main.py's hidden flag: print "first frame: <ms> ms" after the first presented frame, exit 0
STARTUP_CMD = [sys.executable, "main.py", "--first-frame"]
FIRST_FRAME_RE = re.compile(r"^first frame: ([\d.]+) ms$", re.MULTILINE)


def _timed_run(
    cmd: list[str], home: Path, stop: re.Pattern[str] | None = None
) -> tuple[float, str]:
    """Wall milliseconds from spawn until exit (or until a line matching ``stop`` is printed),
    and what the process printed."""
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", ATLANTIS_HOME=str(home))
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    seen: list[str] = []
    assert proc.stdout is not None
    for line in proc.stdout:
        seen.append(line)
        if stop is not None and stop.search(line):
            break
    elapsed = (time.perf_counter() - t0) * 1000.0
    try:
        out, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    printed = "".join(seen) + (out or "")
    if proc.returncode != 0:
        tail = (err or printed).strip().splitlines()[-3:]
        raise RuntimeError(f"{' '.join(cmd[:3])} exited {proc.returncode}: {tail}")
    return elapsed, printed


def measure_startup(cfg: Settings) -> Section:
    sec = Section("startup", "start-up time")
    how = "main.py --first-frame"
    walls: list[float] = []
    own: list[float] = []
    with tempfile.TemporaryDirectory(prefix="atlantis-bench-") as home:
        for _ in range(cfg.startup_runs):
            wall, output = _timed_run(STARTUP_CMD, Path(home), FIRST_FRAME_RE)
            walls.append(wall)
            match = FIRST_FRAME_RE.search(output)
            if match:
                own.append(float(match.group(1)))
        selftest_ms, _ = _timed_run([sys.executable, "main.py", "--selftest"], Path(home))
    sec.data = {
        "how": how,
        "first_frame_wall_ms": summary_ms(walls),
        "selftest_wall_ms": selftest_ms,
    }
    sec.lines.append(
        f"first frame {statistics.median(walls):.0f} ms after spawning the process "
        f"(median of {len(walls)}; {how})"
    )
    if own:
        sec.data["first_frame_own_ms"] = summary_ms(own)
        sec.lines.append(f"first frame by the app's own clock: {statistics.median(own):.0f} ms")
    sec.lines.append(f"main.py --selftest (every asset and scene) takes {selftest_ms:.0f} ms")
    return sec


# --- scenes -------------------------------------------------------------------------------
def _scene_factories() -> list[tuple[str, Callable[[Any], Any]]]:
    """Every scene the shell's self-test builds: menus, dialogs and each game's scenes."""
    from scenes import selftest

    return [*selftest.menu_scenes(), *selftest.game_scenes(random.Random(1))]


def measure_scenes(cfg: Settings) -> Section:
    """Step the App off-screen (headless: drawn to the canvas, no window) per scene."""
    sec = Section("scenes", f"frame time per scene at {CANVAS[0]}x{CANVAS[1]}")
    factories = _scene_factories()
    import pygame

    from scenes.app import App
    from scenes.title_scene import TitleScene

    with private_home():
        app = App(headless=True, seed=1)
        if tuple(app.canvas.get_size()) != CANVAS:
            sec.lines.append(f"(canvas is {app.canvas.get_size()}, not {CANVAS})")
        results: dict[str, dict[str, float]] = {}
        for name, make in factories:
            app.stack.reset(TitleScene(app))
            app.stack.apply_pending()
            if name != "title":
                app.stack.push(make(app))
                app.stack.apply_pending()
            for _ in range(5):  # first frames build caches; measure the steady state
                app.step([], 1 / 60)
            times: list[float] = []
            for i in range(cfg.scene_frames):
                pos = (100 + 97 * i % 1080, 80 + 53 * i % 560)
                move = pygame.event.Event(
                    pygame.MOUSEMOTION, {"pos": pos, "rel": (1, 1), "buttons": (0, 0, 0)}
                )
                t0 = time.perf_counter()
                app.step([move], 1 / 60)
                times.append((time.perf_counter() - t0) * 1000.0)
            results[name] = summary_ms(times)
        app.stack.clear()
        app.stack.apply_pending()
    sec.data = {"frames_per_scene": cfg.scene_frames, "scenes": results}
    width = max(len(name) for name in results)
    for name, st in results.items():
        sec.lines.append(
            f"{name:<{width}}  p50 {st['p50']:6.2f} ms  p95 {st['p95']:6.2f} ms  "
            f"max {st['max']:6.2f} ms"
        )
    sec.lines.append("(App.step: input, update, draw to the canvas; no window scaling or flip)")
    return sec


# --- engines ------------------------------------------------------------------------------
def _random_games(spec: Any, players: int, seconds: float, seed: int) -> dict[str, Any]:
    """Complete uniformly random games for ``seconds``: legal_actions + apply, no views."""
    from ai.match import playout

    rng = random.Random(seed)
    games = actions = 0
    rounds: list[float] = []
    started = time.perf_counter()
    hard_stop = started + max(3 * seconds, seconds + 10)

    def pick(state: Any, player: int) -> Any:
        legal = state.legal_actions(player)
        return legal[rng.randrange(len(legal))]

    def overtime() -> bool:
        return time.perf_counter() > hard_stop

    while games == 0 or time.perf_counter() - started < seconds:
        state = spec.create(players, {}, seed + games)
        n = playout(state, pick, max_actions=MAX_ACTIONS_PER_GAME, should_stop=overtime)
        if state.decision() is not None:
            elapsed = time.perf_counter() - started
            return {
                "games": games,
                "games_per_s": games / elapsed,
                "actions_per_s": (actions + n) / elapsed,
                "note": f"stopped inside a game after {elapsed:.1f} s",
            }
        games += 1
        actions += n
        rounds.append(float(state.round_number))
    elapsed = time.perf_counter() - started
    return {
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_s": games / elapsed,
        "actions_per_s": actions / elapsed,
        "actions_per_game": actions / games,
        "rounds_per_game": statistics.fmean(rounds),
    }


def measure_engines(cfg: Settings) -> Section:
    sec = Section("engines", "engine speed (uniformly random legal moves)")
    for spec in _registered_games():
        players = _players_for(spec)
        res = _random_games(spec, players, cfg.engine_seconds, seed=1)
        res["players"] = players
        sec.data[spec.game_id] = res
        detail = f"{res['games']} games"
        if "actions_per_game" in res:
            detail += f", {res['actions_per_game']:.0f} actions and {res['rounds_per_game']:.1f} rounds each"
        if "note" in res:
            detail += f"; {res['note']}"
        sec.lines.append(
            f"{spec.game_id}: {players} players, {res['games_per_s']:.1f} full games/s, "
            f"{res['actions_per_s']:,.0f} engine actions/s ({detail})"
        )
    return sec


# --- bots ---------------------------------------------------------------------------------
def _sample_positions(spec: Any, players: int, count: int, seed: int) -> list[tuple[Any, int]]:
    """Real mid-game decisions (more than one legal move) spread over one random game."""
    from ai.match import playout

    rng = random.Random(seed)
    state = spec.create(players, {}, seed)
    found: list[tuple[Any, int]] = []

    def pick(state: Any, player: int) -> Any:
        legal = state.legal_actions(player)
        if len(legal) > 1:
            found.append((state.clone(), player))
        return legal[rng.randrange(len(legal))]

    with contextlib.suppress(RuntimeError):  # a game that never ends still gave its positions
        playout(state, pick, max_actions=MAX_ACTIONS_PER_GAME)
    if len(found) <= count:
        return found
    step = len(found) / count
    return [found[int(i * step)] for i in range(count)]


def measure_bots(cfg: Settings) -> Section:
    sec = Section("bots", f"bot decision time per level (budget {cfg.bot_budget_s:g} s)")
    from ai import bots
    from ai.base import LEVELS

    for spec in _registered_games():
        players = _players_for(spec)
        positions = _sample_positions(spec, players, cfg.bot_positions, seed=7)
        if not positions:
            sec.lines.append(f"{spec.game_id}: no position with a real choice in a random game")
            continue
        per_level: dict[str, dict[str, float]] = {}
        for level in LEVELS:
            bot = bots.make_bot(spec.game_id, level, 11)
            times: list[float] = []
            for state, player in positions:
                view = state.view(player)
                t0 = time.perf_counter()
                bot.choose(view, player, time.monotonic() + cfg.bot_budget_s)
                times.append((time.perf_counter() - t0) * 1000.0)
            per_level[level] = summary_ms(times)
            sec.lines.append(
                f"{spec.game_id} {level:<6}  p50 {per_level[level]['p50']:8.2f} ms  "
                f"p95 {per_level[level]['p95']:8.2f} ms  ({len(times)} positions)"
            )
        sec.data[spec.game_id] = {"players": players, "levels": per_level}
    return sec


def measure_bot_frames(cfg: Settings) -> Section:
    sec = Section("bot_frames", "frame time while a hard bot thinks (BotRunner default mode)")
    from ai import runner

    mode = inspect.signature(runner.BotRunner).parameters["mode"].default
    specs = _registered_games()
    base = runner.measure_frame_times("none", cfg.think_seconds / 2)
    sec.data["no_bot"] = {k: round(v, 3) for k, v in base.items()}
    sec.lines.append(
        f"no bot:            p50 {base['p50']:6.2f} ms  p95 {base['p95']:6.2f} ms  "
        f"max {base['max']:6.2f} ms"
    )
    for spec in specs:
        state = spec.create(_players_for(spec), {}, 3)
        res = runner.measure_frame_times(
            mode, cfg.think_seconds, view=state, game_id=spec.game_id, level="hard"
        )
        sec.data[spec.game_id] = {"mode": mode, **{k: round(v, 3) for k, v in res.items()}}
        sec.lines.append(
            f"{spec.game_id} hard ({mode}): p50 {res['p50']:6.2f} ms  p95 {res['p95']:6.2f} ms  "
            f"max {res['max']:6.2f} ms  ({res['frames']:.0f} frames, {res['answers']:.0f} answers)"
        )
    sec.lines.append("(ai.runner's loop: ~4 ms of Python per frame at 60 FPS; 16.7 ms is on time)")
    spec = specs[0]
    for label, bot_mode in (("no bot", None), (f"{spec.game_id} hard ({mode})", mode)):
        res = _app_frames_while_thinking(runner, bot_mode, spec, cfg.think_seconds / 2)
        sec.data[f"title_scene_{bot_mode or 'no_bot'}"] = res
        sec.lines.append(
            f"title scene, {label}: interval p95 {res['p95']:6.2f} ms  max {res['max']:6.2f} ms"
            f"  App.step p95 {res['step_p95']:6.2f} ms  ({res['answers']} answers)"
        )
    return sec


def measure_simultaneous(cfg: Settings) -> Section:
    """One simultaneous decision of 9 hard bots at a 1 s budget (floor: under 1.5 s)."""
    from tools import bench_simultaneous

    res = bench_simultaneous.measure(decisions=3 if cfg.bot_positions > 5 else 1)
    sec = Section("simultaneous", TITLES["simultaneous"], data=res)
    verdict = "ok" if res["wall_s_max"] < 1.5 else "OVER the 1.5 s floor"
    sec.lines.append(
        f"{res['seats']} hard bots, {res['budget_s']:g} s budget, {res['workers']} workers: "
        f"median {res['wall_s_median']:.3f} s, max {res['wall_s_max']:.3f} s ({verdict})"
    )
    return sec


def measure_replay_frames(cfg: Settings) -> Section:
    """A finished game of each board played back at 4x at 1280x720, with a step back every
    60th frame (floor: wall p95 8 ms), see tools/bench_replay.py."""
    from tools import bench_replay

    sec = Section("replay_frames", TITLES["replay_frames"])
    frames = max(120, cfg.scene_frames * 4)
    with private_home():
        for game in ("rising", "finding", "guards"):
            res = bench_replay.measure(game, frames=frames)
            sec.data[game] = res
            w, c, b = res["wall"], res["cpu"], res["back_step_frames"]
            sec.lines.append(
                f"{game:<8} 4x: wall p50 {w['p50']:5.2f} ms p95 {w['p95']:6.2f} ms max "
                f"{w['max']:6.2f} ms; own CPU p95 {c['p95']:5.2f} ms; step-back frames p95 "
                f"{b['p95']:6.2f} ms ({w['n']} frames, {res['moves_played']} moves on, "
                f"{res['steps_back']} back) {bench_replay.verdict(w['p95'], c['p95'])}"
            )
    sec.lines.append(
        f"(App.step per frame, 60 FPS pacing; floor: wall p95 {bench_replay.FLOOR_MS:g} ms)"
    )
    return sec


def measure_hostile_files(cfg: Settings) -> Section:
    """Damaged and hostile files with 1 MB and 10 MB fields: time to the person's message
    (floor 1 s each), see tools/bench_files.py."""
    from tools import bench_files

    sec = Section("hostile_files", TITLES["hostile_files"])
    sec.data = bench_files.measure((1, 10))
    sec.lines = bench_files.lines(sec.data)
    return sec


def _app_frames_while_thinking(
    runner: Any, mode: str | None, spec: Any, seconds: float
) -> dict[str, float]:
    """The real App (title scene, headless canvas) paced at 60 FPS while a hard bot searches."""
    import pygame  # noqa: F401 - initialises the SDL dummy drivers before the App

    from scenes.app import App
    from scenes.title_scene import TitleScene

    positions = _sample_positions(spec, _players_for(spec), 1, seed=5)
    if not positions:
        raise RuntimeError(f"{spec.game_id}: no position with a real choice to think about")
    state, player = positions[0]
    view = state.view(player)
    with private_home():
        app = App(headless=True, seed=1)
        app.stack.push(TitleScene(app))
        app.stack.apply_pending()
        bots = runner.BotRunner(mode) if mode else None
        answers = 0
        try:
            if bots is not None:  # warm up: the worker has started and built its bot
                bots.request(view, player, spec.game_id, "hard", 0.05)
                while bots.poll() is None:
                    time.sleep(0.01)
                bots.request(view, player, spec.game_id, "hard", 3600.0)
            tick = 1 / 60
            intervals: list[float] = []
            steps: list[float] = []
            start = last = time.perf_counter()
            next_tick = start + tick
            while last - start < seconds:
                t0 = time.perf_counter()
                app.step([], tick)
                steps.append((time.perf_counter() - t0) * 1000.0)
                if bots is not None and bots.poll() is not None:
                    answers += 1
                    bots.request(view, player, spec.game_id, "hard", 3600.0)
                delay = next_tick - time.perf_counter()
                if delay > 0:
                    time.sleep(delay)
                next_tick = max(next_tick + tick, time.perf_counter())
                now = time.perf_counter()
                intervals.append((now - last) * 1000.0)
                last = now
        finally:
            if bots is not None:
                bots.close()
            app.stack.clear()
            app.stack.apply_pending()
    return {
        **summary_ms(intervals),
        "step_p50": round(percentile(steps, 0.5), 3),
        "step_p95": round(percentile(steps, 0.95), 3),
        "answers": answers,
    }


# --- build --------------------------------------------------------------------------------
def measure_build(cfg: Settings) -> Section:
    """Sizes of what build/build.py left in build/dist: each archive and the unpacked app."""
    sec = Section("build", "size of the last build")
    archives = sorted(
        [*DIST.glob("atlantis-tabletop-*.tar.gz"), *DIST.glob("atlantis-tabletop-*.zip")],
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    if not archives:
        raise Unavailable("no archive in build/dist (run `make build`)")
    sec.data["archives"] = []
    for archive in archives:
        built = datetime.fromtimestamp(archive.stat().st_mtime, timezone.utc)
        sec.data["archives"].append(
            {"name": archive.name, "bytes": archive.stat().st_size, "built": built.isoformat()}
        )
        sec.lines.append(
            f"archive {archive.name}: {archive.stat().st_size / 2**20:.1f} MB "
            f"(built {built:%Y-%m-%d %H:%M} UTC)"
        )
    sec.data["unpacked"] = []
    for app in (DIST / "AtlantisTabletop.app", DIST / "AtlantisTabletop", DIST / "onefile"):
        if app.exists():
            size = _tree_size(app)
            sec.data["unpacked"].append({"name": app.name, "bytes": size})
            sec.lines.append(f"unpacked {app.relative_to(DIST)}: {size / 2**20:.1f} MB")
    return sec


def _tree_size(path: Path) -> int:
    if not path.is_dir():
        return path.lstat().st_size
    total = 0
    for dirpath, _dirs, files in os.walk(path):
        total += sum((Path(dirpath) / f).lstat().st_size for f in files)
    return total


# --- driver -------------------------------------------------------------------------------
#: the sections every game shares; each game adds its own (tools/<game>/sections.py), after
#: "simultaneous", in the order game.GAMES lists the games
SHARED: dict[str, Callable[[Settings], Section]] = {
    "startup": measure_startup,
    "scenes": measure_scenes,
    "engines": measure_engines,
    "bots": measure_bots,
    "bot_frames": measure_bot_frames,
    "simultaneous": measure_simultaneous,
    "build": measure_build,
    "hostile_files": measure_hostile_files,
    "replay_frames": measure_replay_frames,
}
TITLES = {
    "startup": "start-up time",
    "scenes": f"frame time per scene at {CANVAS[0]}x{CANVAS[1]}",
    "engines": "engine speed",
    "bots": "bot decision time per level",
    "bot_frames": "frame time while a hard bot thinks",
    "simultaneous": "one simultaneous decision: 9 hard bots at a 1 s budget",
    "build": "size of the last build",
    "replay_frames": "replay frame time at 1280x720 while a finished game plays back at 4x",
    "hostile_files": "hostile files with 1 MB and 10 MB fields: time to the message",
}


def sections() -> dict[str, tuple[str, Callable[[Settings], Section]]]:
    """Every section by key, with its title: the shared ones and each game's own."""
    from game import GAMES

    own: dict[str, tuple[str, Callable[[Settings], Section]]] = {}
    for game_id in GAMES:
        try:
            module = importlib.import_module(f"tools.{game_id}.sections")
        except ModuleNotFoundError as exc:
            if exc.name != f"tools.{game_id}.sections":
                raise
            continue
        own.update(module.SECTIONS)
    out: dict[str, tuple[str, Callable[[Settings], Section]]] = {}
    for key, fn in SHARED.items():
        out[key] = (TITLES[key], fn)
        if key == "simultaneous":
            out.update(own)
    return out


def run_section(key: str, cfg: Settings) -> Section:
    started = time.perf_counter()
    title, measure = sections()[key]
    TITLES.setdefault(key, title)
    try:
        sec = measure(cfg)
    except Unavailable as exc:
        sec = Section(key, TITLES[key], status="unavailable", why=str(exc))
    except Exception as exc:  # a broken section must not hide the others' numbers
        sec = Section(key, TITLES[key], status="error", why=f"{type(exc).__name__}: {exc}")
    sec.data["bench_seconds"] = round(time.perf_counter() - started, 2)
    return sec


def _git_commit() -> str | None:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except OSError:
        return None
    return done.stdout.strip() or None if done.returncode == 0 else None


def machine_info() -> dict[str, Any]:
    return {
        "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "commit": _git_commit(),
        "video_driver": os.environ.get("SDL_VIDEODRIVER", ""),
    }


def render(sections: Sequence[Section], info: dict[str, Any]) -> str:
    out = [
        f"Atlantis Tabletop benchmark - {info['when']}",
        f"python {info['python']} on {info['platform']} ({info['cpus']} CPUs)",
    ]
    for sec in sections:
        out.append("")
        out.append(f"== {sec.title} ({sec.data.get('bench_seconds', 0):.1f} s)")
        if sec.status == "unavailable":
            out.append(f"not available yet: {sec.why}")
        elif sec.status == "error":
            out.append(f"ERROR: {sec.why}")
        else:
            out.extend(f"  {line}" for line in sec.lines)
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmarks for Atlantis Tabletop.")
    parser.add_argument("--quick", action="store_true", help="shorter runs (smoke check)")
    known = sections()
    parser.add_argument("--only", default="", help=f"comma list of: {', '.join(known)}")
    parser.add_argument("--json", type=Path, default=OUT, help=f"where to write ({OUT})")
    args = parser.parse_args(argv)
    keys = [k.strip() for k in args.only.split(",") if k.strip()] or list(known)
    unknown = [k for k in keys if k not in known]
    if unknown:
        parser.error(f"unknown section(s): {', '.join(unknown)}")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    cfg = QUICK if args.quick else FULL
    info = machine_info()
    done: list[Section] = []
    for key in keys:
        print(f"measuring {key} ...", file=sys.stderr, flush=True)
        done.append(run_section(key, cfg))
    print(render(done, info))
    payload = {
        "machine": info,
        "settings": asdict(cfg),
        "sections": {
            s.key: {"title": s.title, "status": s.status, "why": s.why or None, **s.data}
            for s in done
        },
    }
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(payload, indent=2, sort_keys=False) + "\n", encoding="utf-8")
    print(f"\nwrote {args.json.relative_to(ROOT) if args.json.is_relative_to(ROOT) else args.json}")
    return 1 if any(s.status == "error" for s in done) else 0


if __name__ == "__main__":
    sys.exit(main())
