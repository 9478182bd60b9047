"""Guards of Atlantis's sections of ``make bench`` (tools/bench.py loops over every game's)."""

from __future__ import annotations

from collections.abc import Callable

from tools.bench import Section, Settings, private_home
from tools.board_frames import frame_lines

TITLE_GUARDS_ENGINE = "Guards of Atlantis engine: random 6-hero games, clone and apply"
TITLE_GUARDS_BOTS = "Guards of Atlantis bots: decision time per level, 10-hero card choice"
TITLE_GUARDS_FRAMES = (
    "Guards of Atlantis board frame time at 1280x720 (10 heroes: animating, thinking)"
)


def measure_guards_engine(cfg: Settings) -> Section:
    """Guards of Atlantis: full random 6-hero games/s by CPU and wall time (floor 50 on CPU),
    actions/s, rounds a game and endings, and the clone / apply cost a searching bot pays."""
    from tools.guards import bench_engine as bench_guards

    res = bench_guards.measure(cfg.engine_seconds, positions=max(40, cfg.bot_positions * 10))
    sec = Section("guards_engine", TITLE_GUARDS_ENGINE, data=res)
    sec.lines.extend(bench_guards.lines(res))
    return sec


def measure_guards_bots(cfg: Settings) -> Section:
    """Guards of Atlantis bots: decision p50/p95 per level from a real game's positions (floors:
    normal 100 ms, hard 2 s p95) and one 10-hero card choice by nine hard bots (floor 2.5 s)."""
    from tools.guards import bench_bots as bench_guards_bots

    res = bench_guards_bots.decision_times(count=max(12, cfg.bot_positions * 4))
    sim = bench_guards_bots.ten_hero_choice(decisions=2 if cfg.bot_positions > 5 else 1)
    sec = Section("guards_bots", TITLE_GUARDS_BOTS, data={"decisions": res, "ten_heroes": sim})
    sec.lines.extend(bench_guards_bots.lines(res, sim))
    return sec


def _board_section(
    name: str, title: str, measure: Callable[..., dict], frames: int, key: str
) -> tuple[Section, dict]:
    """A board-frames section: ``measure(frames=...)`` run in a private home, its result kept
    under ``key``; the caller writes the lines."""
    sec = Section(name, title)
    with private_home():
        res = measure(frames=frames)
    sec.data[key] = res
    return sec, res


def measure_guards_frames(cfg: Settings) -> Section:
    """The Guards board at 1280x720, ten hard bots on the two-lane board: p95 of the frames
    that animate and of the frames a hard bot thinks through (floor: 8 ms each)."""
    from tools.guards import bench_frames as bgf

    sec, res = _board_section("guards_frames", TITLE_GUARDS_FRAMES, bgf.measure,
                              max(240, cfg.scene_frames * 4), "10_heroes")  # fmt: skip
    sec.lines.extend(frame_lines("10 heroes, two lanes, hard bots", res, ("animating", "thinking")))
    sec.lines.append(
        f"(App.step per frame, 60 FPS pacing; floor: p95 {bgf.FLOOR_MS:g} ms. Own CPU is the "
        "main thread's time alone, without what other processes took meanwhile)"
    )
    return sec


TITLE_GUARDS_PHONES = (
    "Guards of Atlantis with ten phones: board frame time and a browser's choice to the table"
)


def measure_guards_phones(cfg: Settings) -> Section:
    """Ten simulated browsers play every seat of a ten-hero game (tools/guards/bench_phones.py):
    the board's frames (floor p95 8 ms, as guards_frames) and the time from a browser's act
    message to the move applied on the table (floor p95 100 ms, loopback)."""
    from tools.guards import bench_phones as bp

    sec, res = _board_section("guards_phones", TITLE_GUARDS_PHONES, bp.measure,
                              max(600, cfg.scene_frames * 6), "10_phones")  # fmt: skip
    sec.lines.extend(frame_lines("10 phones, two lanes", res, ("animating", "other")))
    lat = res["act_to_table"]
    sec.lines.append(
        f"a browser's act message to the move applied: p50 {lat['p50']:5.1f} ms p95 "
        f"{lat['p95']:6.1f} ms max {lat['max']:6.1f} ms ({lat['n']} moves of "
        f"{res['joined']} joined phones; {res['refused']} offers refused as stale) "
        f"{bp.verdict(lat['p95'], lat['n'])}"
    )
    return sec


SECTIONS = {
    "guards_engine": (TITLE_GUARDS_ENGINE, measure_guards_engine),
    "guards_bots": (TITLE_GUARDS_BOTS, measure_guards_bots),
    "guards_frames": (TITLE_GUARDS_FRAMES, measure_guards_frames),
    "guards_phones": (TITLE_GUARDS_PHONES, measure_guards_phones),
}
