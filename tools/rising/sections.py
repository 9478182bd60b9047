"""Atlantis Rising's sections of ``make bench`` (tools/bench.py loops over every game's)."""

from __future__ import annotations

from tools.bench import Section, Settings, private_home

TITLE_SEARCH = "Atlantis Rising hard search: worlds per decision at the in-game budget"
TITLE_RISING_FRAMES = "Atlantis Rising board frame time while 4 hard bots play (1x and 4x)"


def measure_search(cfg: Settings) -> Section:
    """Worlds the searching hard bot samples per decision at its in-game budget."""
    from tools.rising import search_speed as search_speed

    count = max(3, min(cfg.bot_positions, 20))
    res = search_speed.measure(count, seed=7)
    sec = Section("search", TITLE_SEARCH, data=res)
    sec.lines.append(
        f"rising hard: {res['worlds_mean']:.1f} worlds per decision "
        f"({res['capped']} of {res['positions']} at the cap), {res['ms_per_world']:.2f} ms a "
        f"world, {res['decision_s_mean'] * 1000:.0f} ms a decision; without the cap "
        f"{res['uncapped_worlds_mean']:.0f} worlds in the same time"
    )
    return sec


def measure_rising_frames(cfg: Settings) -> Section:
    """The Rising board off-screen at 1280x720 while its hard bots think and their moves
    animate, at 1x and 4x (tools/rising/bench_frames.py)."""
    from tools.rising import bench_frames

    sec = Section("rising_frames", TITLE_RISING_FRAMES)
    frames = max(120, cfg.scene_frames * 4)
    with private_home():
        for speed in ("1x", "4x"):
            res = bench_frames.measure(frames=frames, players=4, level="hard", speed=speed)
            sec.data[speed] = {k: round(v, 3) for k, v in res.items()}
            sec.lines.append(
                f"rising board, 4 hard bots, {speed}: p50 {res['p50']:6.2f} ms  "
                f"p95 {res['p95']:6.2f} ms  max {res['max']:6.2f} ms  "
                f"({res['frames']:.0f} frames, {res.get('moves', 0):.0f} moves)"
            )
    sec.lines.append("(App.step per frame, bots in the default process runner; 16.7 ms at 60 FPS)")
    return sec


SECTIONS = {
    "search": (TITLE_SEARCH, measure_search),
    "rising_frames": (TITLE_RISING_FRAMES, measure_rising_frames),
}
