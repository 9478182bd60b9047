"""Finding Atlantis's sections of ``make bench`` (tools/bench.py loops over every game's)."""

from __future__ import annotations

from tools.bench import Section, Settings, Unavailable, private_home

TITLE_FINDING = "Finding Atlantis U-Bot on 8x8: belief update and choice per level"
TITLE_FINDING_POSTERIOR = "Finding Atlantis heat map on 8x8: posterior over map and routes"
TITLE_FINDING_FRAMES = "Finding Atlantis board frame time at 1280x720 (animating, U-Bot thinking)"


def measure_finding(cfg: Settings) -> Section:
    """Finding Atlantis U-Bot on 8x8: belief update and choice p50/p95 per level (floors:
    normal 100 ms p95, hard 1 s p95) and full random 4-submarine games per second."""
    from tools.finding import report as finding_report

    decisions = max(10, cfg.bot_positions * 4)
    res = finding_report.speed("8", decisions, seed=3, random_seconds=cfg.engine_seconds)
    sec = Section("finding", TITLE_FINDING, data=res)
    floors = {"normal": 100.0, "hard": 1000.0}
    for level in ("easy", "normal", "hard"):
        d = res[level]
        u, ch = d["belief_update_ms"], d["choice_ms"]
        total = d["decision_ms"]
        floor = floors.get(level)
        verdict = ""
        if floor is not None:
            verdict = "  ok" if total["p95"] <= floor else f"  OVER the {floor:g} ms floor"
        sec.lines.append(
            f"{level:<6} belief update p50 {u['p50']:7.1f} ms p95 {u['p95']:7.1f} ms;  choice "
            f"p50 {ch['p50']:7.1f} ms p95 {ch['p95']:7.1f} ms;  decision p95 "
            f"{total['p95']:7.1f} ms ({d['decisions']} decisions){verdict}"
        )
    sec.lines.append(
        f"random 4-submarine 8x8 games: {res['random_4_sub_games_per_s']:.1f} full games/s"
    )
    return sec


def measure_finding_posterior(cfg: Settings) -> Section:
    """The heat map's posterior over map and routes (issue 28): one update per action of
    random 4-submarine 8x8 games, on seat 0's view; see tools/finding/posterior_speed.py."""
    from tools.finding import posterior_speed

    games = max(2, cfg.bot_positions // 2)
    res = posterior_speed.measure(games, 120)
    return Section(
        "finding_posterior", TITLE_FINDING_POSTERIOR, data=res, lines=[posterior_speed.line(res)]
    )


def measure_finding_frames(cfg: Settings) -> Section:
    """The Finding board at 1280x720 while hard U-Bots play: p95 of the frames that animate
    and of the frames a hard U-Bot thinks through (floor: 8 ms each), on 6x6 and 8x8."""
    from tools.finding import bench as bench_finding

    sec = Section("finding_frames", TITLE_FINDING_FRAMES)
    frames = max(120, cfg.scene_frames * 4)
    with private_home():
        for size in (6, 8):
            try:
                res = bench_finding.measure(frames=frames, size=size)
            except LookupError as exc:
                raise Unavailable(str(exc)) from None
            sec.data[f"{size}x{size}"] = res
            for what in ("animating", "thinking"):
                d, c = res[what], res[f"{what}_cpu"]
                sec.lines.append(
                    f"{size}x{size}, 3 hard U-Bots, {what:<9}: wall p50 {d['p50']:5.2f} ms "
                    f"p95 {d['p95']:6.2f} ms max {d['max']:7.2f} ms; own CPU p95 "
                    f"{c['p95']:5.2f} ms ({d['n']} frames) {bench_finding.verdict(d['p95'], d['n'])}"
                )
    sec.lines.append(
        f"(App.step per frame, 60 FPS pacing; floor: wall p95 {bench_finding.FLOOR_MS:g} ms. Own "
        "CPU is the main thread's time alone, without what other processes took meanwhile)"
    )
    return sec


SECTIONS = {
    "finding": (TITLE_FINDING, measure_finding),
    "finding_posterior": (TITLE_FINDING_POSTERIOR, measure_finding_posterior),
    "finding_frames": (TITLE_FINDING_FRAMES, measure_finding_frames),
}
