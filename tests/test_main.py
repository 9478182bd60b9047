"""main.py: the command line, the self-test, and refusing a bad save before any window opens."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from core.damaged_files import corpus, shipped_games, snapshot

import main

ROOT = Path(__file__).resolve().parent.parent


def _run(args, home: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(
        os.environ, ATLANTIS_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"
    )
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_help_lists_the_options(capsys):
    with pytest.raises(SystemExit) as exc:
        main.main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for flag in ("--windowed", "--fullscreen", "--seed", "--load", "--selftest", "simulate"):
        assert flag in out
    assert "--screenshot-script" not in out


def test_simulate_arguments_are_parsed_for_ai_simulate():
    args = main.build_parser().parse_args(
        [
            "simulate",
            "rising",
            "--players",
            "3",
            "--bots",
            "easy,hard",
            "--games",
            "4",
            "--seed",
            "9",
            "--option",
            "difficulty=hard",
            "--option",
            "fast=yes",
            "--json",
        ]
    )
    assert (args.command, args.game, args.players, args.games, args.seed) == (
        "simulate",
        "rising",
        3,
        4,
        9,
    )
    assert args.bots == "easy,hard" and args.option == ["difficulty=hard", "fast=yes"] and args.json


@pytest.mark.parametrize("bad", [["--bots", "genius"], ["--bots", ""], ["--option", "novalue"]])
def test_simulate_rejects_bad_arguments(bad, capsys):
    argv = ["simulate", "rising", "--players", "2", "--bots", "easy", *bad]
    with pytest.raises(SystemExit) as exc:
        main.build_parser().parse_args(argv)
    assert exc.value.code == 2


def test_simulate_delegates_to_ai_simulate(monkeypatch):
    import types

    seen = {}
    fake = types.ModuleType("ai.simulate")
    fake.run_cli = lambda ns: seen.setdefault("ns", ns) and 0
    monkeypatch.setitem(sys.modules, "ai.simulate", fake)
    import ai

    monkeypatch.setattr(ai, "simulate", fake, raising=False)
    assert main.main(["simulate", "rising", "--players", "2", "--bots", "random"]) == 0
    assert seen["ns"].game == "rising"


def test_window_mode_flags_exclude_each_other():
    with pytest.raises(SystemExit):
        main.build_parser().parse_args(["--windowed", "--fullscreen"])


def test_selftest_passes_in_a_subprocess(tmp_path):
    result = _run(["--selftest"], tmp_path)
    assert result.returncode == 0, result.stderr
    line = result.stdout.strip().splitlines()[-1]
    assert line.startswith("selftest ok:") and "scenes" in line
    assert not (tmp_path / "config" / "settings.json").exists()  # the self-test writes nothing


@pytest.mark.parametrize(
    "content, words",
    [
        (b"{ damaged", "not valid JSON"),
        (json.dumps({"hello": "world"}).encode(), "not an Atlantis Tabletop save"),
        (
            json.dumps(
                {"app": "atlantis-tabletop", "format_version": 99, "game": "rising"}
            ).encode(),
            "newer version",
        ),
    ],
)
def test_load_of_a_bad_save_exits_2_and_leaves_it_alone(tmp_path, content, words):
    path = tmp_path / "damaged.json"
    path.write_bytes(content)
    mtime = path.stat().st_mtime_ns
    result = _run(["--load", str(path)], tmp_path / "home", timeout=60)
    assert result.returncode == 2
    assert words in result.stderr and str(path) in result.stderr
    assert path.read_bytes() == content and path.stat().st_mtime_ns == mtime


def test_load_of_a_missing_file_exits_2(tmp_path):
    result = _run(["--load", str(tmp_path / "nope.json")], tmp_path / "home", timeout=60)
    assert result.returncode == 2 and "no save file" in result.stderr


def test_first_frame_reports_the_start_up_time_and_exits(tmp_path):
    result = _run(["--first-frame"], tmp_path)
    assert result.returncode == 0, result.stderr
    match = re.search(r"^first frame: ([\d.]+) ms$", result.stdout, re.MULTILINE)
    assert match and float(match.group(1)) > 0


def test_first_frame_is_not_offered_in_help(capsys):
    with pytest.raises(SystemExit):
        main.main(["--help"])
    assert "--first-frame" not in capsys.readouterr().out


def test_start_up_removes_what_interrupted_writes_left(tmp_path):
    saves = tmp_path / "data" / "saves"
    saves.mkdir(parents=True)
    left = saves / ".autosave.json.q1w2e3r4.tmp"
    left.write_text('{"half": ')
    old = time.time() - 600
    os.utime(left, (old, old))
    result = _run(["--first-frame"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert not left.exists()


LOAD_CASES = [(g, d) for g in shipped_games() for d in corpus(g)]


@pytest.mark.parametrize("case", LOAD_CASES, ids=[f"{g}-{d}" for g, d in LOAD_CASES])
def test_load_of_every_damaged_file_exits_2_with_one_line(case, tmp_path, capsys):
    _game, damage = case
    path = tmp_path / "damaged.json"
    damage.make(path)
    before = snapshot(path)
    code = main.run_game(main.build_parser().parse_args(["--load", str(path)]))
    err = capsys.readouterr().err
    assert code == main.EXIT_BAD_SAVE
    assert err.count("\n") == 1 and err.startswith(f"Cannot open {path}: "), err
    assert damage.expect in err.lower() and "Traceback" not in err
    assert snapshot(path) == before


@pytest.mark.parametrize("kind", ["named pipe", "nested 100000 deep", "unknown bot level"])
def test_load_of_a_damaged_file_in_a_real_process_answers_at_once(kind, tmp_path):
    damage = next(d for d in corpus("rising") if d.name == kind)
    path = tmp_path / "damaged.json"
    damage.make(path)
    before = snapshot(path)
    result = _run(["--load", str(path)], tmp_path / "home", timeout=60)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
    assert damage.expect in result.stderr.lower()
    assert snapshot(path) == before


BAD_NUMBERS = [
    ["simulate", "rising", "--players", "2", "--bots", "hard", "--budget", "nan"],
    ["simulate", "rising", "--players", "2", "--bots", "hard", "--budget", "inf"],
    ["simulate", "rising", "--players", "2", "--bots", "hard", "--budget", "-1"],
    ["simulate", "rising", "--players", "2", "--bots", "hard", "--budget", "1e9"],
    ["simulate", "rising", "--bots", "easy", "--players", "-3"],
    ["simulate", "rising", "--players", "2", "--bots", "easy", "--games", "0"],
    ["simulate", "rising", "--players", "2", "--bots", "easy", "--games", "9" * 5000],
    ["simulate", "rising", "--players", "2", "--bots", "easy", "--seed", "-5"],
    ["--seed", str(2**64)],
]


@pytest.mark.parametrize("argv", BAD_NUMBERS, ids=lambda a: " ".join(a[-2:])[:30])
def test_numeric_arguments_out_of_range_exit_2_with_one_line(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main.main(argv)
    err = capsys.readouterr().err
    assert exc.value.code == 2
    assert err.count("\n") == 1 and err.startswith("atlantis"), err
    assert argv[-2] in err


def test_simulate_refuses_a_budget_that_is_not_a_finite_positive_number():
    from ai.simulate import simulate

    for budget in (float("nan"), float("inf"), -1.0):
        with pytest.raises(ValueError, match="budget"):
            simulate("rising", 2, ["hard"], 1, budget=budget)
