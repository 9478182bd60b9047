"""The Atlantis Rising help page: registered, complete, in pygame-gui's markup, and it renders."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pygame
from conftest import open_scene

from game.rising import frames
from game.rising.island import SECTION_TILES
from scenes import help_pages
from scenes.help_scene import HelpScene
from scenes.rising import help_text

RULEBOOK = Path(__file__).resolve().parents[4] / "shared" / "seeds" / "003_d36258ce14a93a66.txt"
ALLOWED_TAGS = {"b", "i", "br", "font"}


def test_registered_under_the_game_id():
    assert ("rising", "Atlantis Rising") in help_pages.topics()
    assert help_pages.page("rising") == help_text.page()


def test_every_section_is_on_the_page():
    html = help_text.page()
    for heading in help_text.SECTIONS:
        assert f"<b>{heading}</b>" in html, heading
    for key in ("Space", "Enter", "Z —", "Tab", "F1", "L —", "Esc", "F11"):
        assert key in html, key
    for word in ("Mountains", "Forges", "Libraries", "Cities", "Navy", "courage", "barrier"):
        assert word in html


def test_numbers_come_from_the_engine():
    html = help_text.page()
    targets = " · ".join(str(t["target"]) for t in SECTION_TILES["mountains"])
    assert targets in html
    draw_keep = " · ".join(f"{t['draw']}/{t['keep']}" for t in SECTION_TILES["libraries"])
    assert draw_keep in html
    for cost in (frames.CONVERT_COST, frames.CANCEL_COST, frames.UNFLIP_COST):
        assert f"<b>{cost}" in html


def test_only_markup_pygame_gui_renders():
    tags = {t.lower() for t in re.findall(r"</?\s*([a-zA-Z]+)", help_text.page())}
    assert tags <= ALLOWED_TAGS, tags - ALLOWED_TAGS


def test_written_in_our_own_words():
    """No sentence-length run of words is copied from the rulebook."""
    if not RULEBOOK.exists():
        return
    words = lambda text: re.findall(r"[a-z0-9']+", text.lower())  # noqa: E731
    book = " ".join(words(RULEBOOK.read_text(encoding="utf-8")))
    ours = words(re.sub(r"<[^>]+>", " ", help_text.page()))
    run = 9
    copied = [
        " ".join(ours[i : i + run])
        for i in range(len(ours) - run)
        if " ".join(ours[i : i + run]) in book
    ]
    assert not copied, copied[:5]


def test_renders_in_the_help_scene_headless(app):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pygame-gui warns about tags it cannot draw
        scene = HelpScene(app, "rising")
        open_scene(app, scene)
    assert scene.topic == "rising"
    assert "Mystic energy" in scene.text.html_text
    assert scene.text.scroll_bar is not None  # a long page: it scrolls


def test_the_key_list_is_the_boards_own_table_and_names_g():
    """Every key the board answers is on the Help page, G (the guide) included."""
    from scenes.rising import keys

    page = help_text.page()
    assert "G — show or hide the first-game guide" in page
    for binding in keys.BOARD_KEYS:
        assert f"{binding.label} — {binding.words}" in page, binding.label
    assert keys.command_for(pygame.K_g) == "guide"


def test_g_from_the_list_toggles_the_guide_on_the_board(app):
    """What the list promises for G is what pressing G through App.step does."""
    from conftest import key
    from rising_ui import open_board

    from ai.runner import BotRunner
    from game.core.saves import Seat
    from scenes.session import GameSession

    seats = [Seat("Ann", "human", "normal", ""), Seat("Bo", "human", "normal", "")]
    session = GameSession.new(
        "rising", seats, seed=3, autosave=False, runner_factory=lambda: BotRunner(mode="inline")
    )
    board = open_board(app, session)
    on = board.guide_on
    key(app, pygame.K_g)
    assert board.guide_on is not on and (board.hint is None) is on
    key(app, pygame.K_l)
    assert board.log.open
