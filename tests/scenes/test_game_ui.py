"""A game's screens register in one place, and the shared scenes name no game's pieces."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.core import registry
from scenes import boards, game_ui, help_pages, results_rows
from scenes.results_rows import ResultsTable

ROOT = Path(__file__).resolve().parents[2]
GAMES = game_ui.BUILTIN_GAMES


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return found


@pytest.mark.parametrize("layer", ["scenes", "ai", "game/core"])
def test_the_shared_modules_import_no_games_package(layer):
    shared = [p for p in (ROOT / layer).glob("*.py")]
    assert len(shared) > 3
    leaks = {
        f"{p.relative_to(ROOT)} imports {name}"
        for p in shared
        for name in _imports(p)
        if any(
            name == f"{top}.{g}" or name.startswith(f"{top}.{g}.")
            for g in GAMES
            for top in ("scenes", "ai", "game")
        )
    }
    assert not leaks, sorted(leaks)


def test_rising_registers_board_results_help_and_shots_in_one_place():
    from scenes.rising.board import RisingBoard
    from scenes.rising.results import rising_results

    ui = game_ui.game_ui("rising")
    assert ui is not None and ui.board is RisingBoard
    assert boards.board_for("rising") is RisingBoard
    assert results_rows._TABLES["rising"] is rising_results
    assert ("rising", "Atlantis Rising") in help_pages.topics()
    assert "Atlantis Rising" in help_pages.page("rising")
    assert ui.shots is not None and len(ui.shots()) >= 3


def test_one_registration_makes_a_new_game_playable_with_its_help_and_results(monkeypatch):
    from scenes.rising.board import RisingBoard

    toy_engine = registry.get("rising")
    spec = registry.GameSpec("newgame", "New Game", "test", 1, 4, toy_engine.new_game)
    monkeypatch.setitem(registry._GAMES, "newgame", spec)

    def rows(state, seats):
        return ResultsTable(["Seat"], [["x"]])

    before = [g.game_id for g in boards.playable_games()]
    assert "newgame" not in before
    try:
        game_ui.register_game_ui(
            game_ui.GameUI(
                "newgame",
                board=RisingBoard,
                results=rows,
                help_title="New Game",
                help_page=lambda: "<b>How to play the new game</b>",
            )
        )
        assert "newgame" in [g.game_id for g in boards.playable_games()]
        assert ("newgame", "New Game") in help_pages.topics()
        assert help_pages.page("newgame") == "<b>How to play the new game</b>"
        assert results_rows._TABLES["newgame"] is rows
    finally:
        game_ui._UIS.pop("newgame", None)
        boards.unregister_board("newgame")
        results_rows.unregister_results("newgame")
        help_pages._PAGES.pop("newgame", None)


def test_the_screenshot_list_takes_each_games_positions_from_its_registration(monkeypatch):
    from scenes.screenshot_director import _shots

    rising = [name for name, _ in game_ui.game_ui("rising").shots()]
    boards = [name for ui in game_ui.game_uis() if ui.shots for name, _ in ui.shots()]
    monkeypatch.setenv("ATLANTIS_SHOTS", "")
    every = [name for name, _ in _shots()]
    assert every[0] == "title" and every[-len(boards) :] == boards and rising[0] in boards
    monkeypatch.setenv("ATLANTIS_SHOTS", "rising")
    monkeypatch.setenv("ATLANTIS_SHOT_SUFFIX", "-small")
    assert [name for name, _ in _shots()] == [n + "-small" for n in rising]


def test_the_title_names_only_what_can_be_played():
    from scenes.title_scene import subtitle

    assert subtitle(["Atlantis Rising"]).startswith("Atlantis Rising  ·  ")
    assert subtitle(["A", "B", "C"]).startswith("Three games of the sunken island")
    assert "games" not in subtitle([])


def test_the_games_are_offered_in_their_fixed_order_whatever_was_imported_first(monkeypatch):
    """The setup screen opens on Atlantis Rising even when another engine registered first
    (a test run that imports Finding's engine before Rising's once opened setup on Finding)."""
    boards.playable_games()  # load every built-in game first
    specs = registry.games()
    monkeypatch.setattr(registry, "games", lambda: list(reversed(specs)))
    offered = [spec.game_id for spec in boards.playable_games()]
    builtin = [g for g in game_ui.BUILTIN_GAMES if g in offered]
    assert offered[: len(builtin)] == builtin
    assert offered[0] == "rising"
