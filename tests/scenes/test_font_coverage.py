"""Every character a player can be shown exists in the shipped fonts (no "Ore ▯ gold").

The shipped faces (assets/fonts/) are Noto Sans regular/bold/italic for all text and
Quattrocento for headings. A character a face lacks is drawn as its .notdef box; pygame gives
such a character the .notdef glyph's metrics and picture, which is how it is found here.

The strings are collected from where players meet them: engine event texts, decision prompts
and button labels of seeded Rising games with every monster, the first-game guide's advice,
the board's own drawing (every string it renders, tooltips included), every help page, the
widgets of every scene (labels, buttons, tooltips, drop-down entries, text boxes), the setup
options, and, as a net for the rest, every string literal in ``game/`` and ``scenes/``.
"""

from __future__ import annotations

import ast
import functools
import html
import random
import re
from collections.abc import Iterable
from pathlib import Path

import pygame
import pytest
from conftest import frames, open_scene

from game.core import registry
from game.core.saves import Seat
from scenes.assets import FONT_BOLD, FONT_DISPLAY, FONT_ITALIC, FONT_REGULAR, asset

ROOT = Path(__file__).resolve().parents[2]
TEXT_FACES = (FONT_REGULAR, FONT_BOLD, FONT_ITALIC, ("fonts", "NotoSans-BoldItalic.ttf"))
ALL_MONSTERS = "medusa,harpies,scylla"


# --- the check ----------------------------------------------------------------------------
@functools.lru_cache(maxsize=8)
def _face(parts: tuple[str, ...]) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(asset(*parts)), 24)


def _picture(f: pygame.font.Font, ch: str) -> bytes:
    return pygame.image.tobytes(f.render(ch, False, (255, 255, 255), (0, 0, 0)), "RGB")


@functools.lru_cache(maxsize=8)
def _notdef(parts: tuple[str, ...]) -> tuple[object, bytes]:
    f = _face(parts)
    probe = "\ue000"  # a private-use code point no shipped face maps
    return f.metrics(probe), _picture(f, probe)


@functools.cache
def has_glyph(parts: tuple[str, ...], ch: str) -> bool:
    """False when ``ch`` would be drawn as the face's .notdef box."""
    f = _face(parts)
    metrics, picture = _notdef(parts)
    if f.metrics(ch) != metrics:
        return True
    return _picture(f, ch) != picture


def widget_has_glyph(element, ch: str) -> bool:
    """Whether a widget's own font (pygame-gui may give arrow buttons a symbols face) has
    ``ch``; widgets without a single font are checked against the shipped faces."""
    gui_font = getattr(element, "font", None)
    inner = getattr(gui_font, "_GUIFontPygame__internal_font", None)
    if not isinstance(inner, pygame.font.Font):
        return all(has_glyph(face, ch) for face in TEXT_FACES)
    probe = "\ue000"
    if inner.metrics(ch) != inner.metrics(probe):
        return True
    return _picture(inner, ch) != _picture(inner, probe)


def plain(text: str) -> str:
    """What is drawn of an HTML-ish string (pygame-gui's subset) or a plain one."""
    text = re.sub(r"<br\s*/?>", "\n", text)
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def missing(strings: Iterable[tuple], faces=TEXT_FACES) -> dict[str, str]:
    """{character: 'where: the text'} for every character some face would draw as a box.

    Each item is (where, text) or (where, text, widget): a widget's label is checked in the
    font that widget draws it with."""
    out: dict[str, str] = {}
    for where, text, *widget in strings:
        for ch in set(plain(text)):
            if ch in out or ord(ch) < 32:
                continue
            if widget and widget[0] is not None:
                ok = widget_has_glyph(widget[0], ch)
            else:
                ok = all(has_glyph(face, ch) for face in faces)
            if not ok:
                out[ch] = f"{where}: {text[:120]!r}"
    return out


def test_the_check_finds_a_missing_character():
    assert has_glyph(FONT_REGULAR, "A") and has_glyph(FONT_BOLD, "…")
    assert not has_glyph(FONT_REGULAR, "▯")
    assert missing([("x", "Ore \u2192 gold")]) == {"\u2192": "x: 'Ore \u2192 gold'"}
    assert missing([("x", "Ore to gold &amp; <b>ore</b>")]) == {}


# --- the engine: events, prompts, button labels, the guide --------------------------------
def engine_strings() -> list[tuple[str, str]]:
    from scenes.rising import hints
    from scenes.rising import monsters_view as mv
    from scenes.rising.controls import label, make_plan
    from scenes.rising.log_panel import humanize

    spec = registry.get("rising")
    out: list[tuple[str, str]] = []
    for seed, (n, monsters) in enumerate(
        [(4, ALL_MONSTERS), (2, ALL_MONSTERS), (6, ALL_MONSTERS), (5, "medusa"), (3, "none")]
    ):
        st = spec.create(n, {"monsters": monsters}, seed)
        names = [st.player_name(p) for p in range(n)]
        rng = random.Random(seed)
        step = 0
        while (dec := st.decision()) is not None:
            step += 1
            out.append(("prompt " + dec.kind, dec.prompt))
            p = dec.players[0]
            legal = list(st.legal_actions(p))
            for a in legal:
                out.append(("button", label(a, names, st.flooded, dec.kind, dec.data)))
            plan = make_plan(dec.kind, legal, names, st.flooded, dec.data)
            out.extend(("bar", item.label) for item in plan.bar)
            if step % 7 == 0:
                hint = hints.hint(st, p)
                if hint is not None:
                    out.append(("guide", hint.text))
                mon = st.summary().get("monsters")
                if mon:
                    for key in ("medusa", "harpies", "scylla", "charybdis"):
                        if key in mon:
                            out.append(("monster tip", mv.monster_tip(key, mon, names)))
            for e in st.apply(rng.choice(legal)):
                out.append(("event " + e.kind, e.text))
                out.append(("log", humanize(e.text)))
    return out


def test_engine_texts_prompts_labels_and_guide_are_in_the_font():
    strings = engine_strings()
    kinds = {where.split(" ")[0] for where, _ in strings}
    assert {"prompt", "button", "bar", "guide", "event", "monster"} <= kinds
    assert any("Convert" in t for _, t in strings)  # the menu that read "Ore ▯ gold"
    assert missing(strings) == {}


# --- what the board draws ------------------------------------------------------------------
def test_every_string_the_board_draws_is_in_the_font(app, monkeypatch):
    from ai.runner import BotRunner
    from scenes.rising import look
    from scenes.rising.board import RisingBoard
    from scenes.session import GameSession

    drawn: set[str] = set()
    real_text = look.text

    def recording(s, *args, **kwargs):
        drawn.add(s)
        return real_text(s, *args, **kwargs)

    monkeypatch.setattr(look, "text", recording)
    app.settings.animation_speed = "instant"
    seats = [Seat(f"Bot {i + 1}", "bot", "random", "") for i in range(3)]
    seats.append(Seat("Ana", "human", "", ""))
    session = GameSession.new(
        "rising",
        seats,
        seed=5,
        options={"monsters": ALL_MONSTERS},
        autosave=False,
        runner_factory=lambda: BotRunner(mode="inline"),
    )
    board = RisingBoard(app, session)
    open_scene(app, board)
    tips: set[str] = set()
    for i in range(240):
        frames(app, 1, dt=0.25)
        tips.update(h.tip for h in board.hits if h.tip)
        if i % 40 == 0:
            from game.rising.island import SPOT_IDS

            tips.update(board._spot_tip(s) for s in SPOT_IDS if s != "navy")
    assert len(drawn) > 80 and len(tips) > 20
    assert missing([("board", s) for s in drawn] + [("board tip", t) for t in tips]) == {}


# --- help pages, scenes, setup ---------------------------------------------------------------
def test_help_pages_are_in_the_font():
    from scenes.help_pages import page, topics

    pages = [(f"help {key}", page(key)) for key, _ in topics()]
    assert len(pages) >= 2 and all(len(p) > 500 for _, p in pages)
    assert missing(pages) == {}


def widget_strings(manager) -> list[tuple]:
    """Every text a scene's widgets show: labels, buttons, tooltips, entries, text boxes
    (a button's or label's own text with the widget, to be checked in the widget's font)."""
    out: list[tuple] = []
    for el in manager.get_sprite_group().sprites():
        kind = type(el).__name__
        text = getattr(el, "text", None)
        if isinstance(text, str) and text:
            out.append((f"{kind}.text", text, el))
        for attr in ("html_text", "tool_tip_text", "selected_option"):
            value = getattr(el, attr, None)
            if isinstance(value, tuple):
                value = value[0]
            if isinstance(value, str) and value:
                out.append((f"{kind}.{attr}", value))
        for entry in getattr(el, "options_list", None) or ():
            out.append((f"{kind} entry", entry[0] if isinstance(entry, tuple) else str(entry)))
    return out


def _session(kinds: list[str]):
    from ai.runner import BotRunner
    from scenes.session import GameSession

    seats = [Seat(f"{k.capitalize()} {i + 1}", k, "random", "") for i, k in enumerate(kinds)]
    return GameSession.new(
        "rising",
        seats,
        seed=2,
        options={"monsters": ALL_MONSTERS},
        autosave=False,
        runner_factory=lambda: BotRunner(mode="inline"),
    )


def test_every_scene_and_setup_text_is_in_the_font(app):
    from scenes.dialogs import ConfirmDialog, MessageDialog
    from scenes.handoff_scene import HandoffScene
    from scenes.help_pages import topics
    from scenes.help_scene import HelpScene
    from scenes.load_scene import LoadScene
    from scenes.palette import seat_styles
    from scenes.pause_scene import PauseScene
    from scenes.settings_scene import SettingsScene
    from scenes.setup_scene import SetupScene
    from scenes.title_scene import TitleScene

    session = _session(["human", "bot"])
    makers = [
        TitleScene,
        SetupScene,
        SettingsScene,
        LoadScene,
        *[(lambda a, k=key: HelpScene(a, k)) for key, _ in topics()],
        lambda a: PauseScene(a, session),
        lambda a: HandoffScene(a, "Ana", seat_styles(False)[0], lambda: None),
        lambda a: MessageDialog(a, "A title", "A message."),
        lambda a: ConfirmDialog(
            a, "A title", "A question?", confirm="Yes", on_confirm=lambda: None
        ),
    ]
    strings: list[tuple[str, str]] = []
    headings: list[tuple[str, str]] = []
    for make in makers:
        scene = make(app)
        open_scene(app, scene)
        found = widget_strings(scene.manager)
        assert found, type(scene).__name__
        strings += [(f"{type(scene).__name__} {w}", *rest) for w, *rest in found]
        if getattr(scene, "heading", ""):
            headings.append((type(scene).__name__, scene.heading))
    for spec in registry.games():
        strings.append(("game", spec.title))
        for opt in spec.options:
            strings += [("option", opt.label), ("option help", opt.help or "")]
            strings += [("option choice", c.capitalize()) for c in opt.choices]
    assert any("Monsters" in item[1] for item in strings)
    assert missing(strings) == {}
    assert missing(headings, faces=(FONT_DISPLAY,)) == {}


# --- the net: every string literal in the program -----------------------------------------
def literal_strings() -> list[tuple[str, str]]:
    """Every non-docstring string constant of game/ and scenes/ (f-string parts included)."""
    out: list[tuple[str, str]] = []
    for path in sorted(
        [*ROOT.joinpath("game").rglob("*.py"), *ROOT.joinpath("scenes").rglob("*.py")]
    ):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                body = node.body
                if (
                    body
                    and isinstance(body[0], ast.Expr)
                    and isinstance(body[0].value, ast.Constant)
                ):
                    docs.add(id(body[0].value))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if id(node) not in docs and not node.value.isascii():
                    out.append((f"{path.relative_to(ROOT)}:{node.lineno}", node.value))
    return out


@pytest.mark.parametrize("faces", [TEXT_FACES], ids=["noto"])
def test_no_string_in_the_program_uses_a_character_the_font_lacks(faces):
    strings = literal_strings()
    assert strings  # the program does use "…", "—", "·" …
    assert missing(strings, faces) == {}
