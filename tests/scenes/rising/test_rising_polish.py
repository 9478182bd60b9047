"""What a newcomer tripped over on the Atlantis Rising board, checked on what it draws: the
build dialog and the blueprint show every name and benefit whole, a long prompt is not cut,
and the line announcing a new decision covers no tile of the island."""

from __future__ import annotations

import pygame
import pytest
from conftest import frames
from rising_ui import click_at, open_board, settle

from game.core.protocol import Action, Event
from game.rising.components import COMPONENTS
from game.rising.island import RESOURCES
from game.rising.monsters.common import ITEMS
from scenes import canvas
from scenes.palette import seat_style
from scenes.rising import shots
from scenes.rising.dialogs import BuildDialog, MagicRow
from scenes.rising.panels import Hit

LONG_NAME = "Autochthon Elasipp"  # 18 characters, the longest a seat name may be
TEXT = {c.name: c.text for c in COMPONENTS}


def _check_rows(box: BuildDialog, hits: list[Hit], items=()) -> None:
    """Every row (components, then magic items) shows its name and benefit whole, inside the
    row, clear of its cost, status and buttons, and above the dialog's footer."""
    foot = box.rect.bottom - 46
    buttons = [h.rect for h in hits if h.key.startswith("act:")]
    assert box.drawn and len(box.drawn_items) == len(items)
    benefit = dict(TEXT) | {it.name: it.short for it in items}
    for row in [*box.drawn, *box.drawn_items]:
        assert row.rect.bottom <= foot, f"{row.name}: below the footer"
        assert box.rect.contains(row.rect), row.name
        mine = [b for b in buttons if row.rect.colliderect(b)]
        parts = [row.name_rect] + [r for _, r in row.lines]
        others = [row.cost_rect, *mine] + ([row.status_rect] if row.status_rect else [])
        for part in parts:
            assert row.rect.contains(part), f"{row.name}: text leaves its row"
            assert not any(part.colliderect(o) for o in others), f"{row.name}: text covered"
        shown = " ".join(text for text, _ in row.lines)
        assert shown == benefit[row.name], (row.name, shown)  # whole: nothing cut, no "…"


def test_the_build_dialog_opened_by_mouse_shows_every_benefit_whole(app):
    board = open_board(app, shots.build(app).session)
    assert board.dialog == "build"  # it opens by itself on a person's build
    click_at(app, board.target_point("cmd:close_dialog"))
    frames(app, 2)
    assert board.dialog == ""
    settle(app, board)
    click_at(app, board.target_point("cmd:build"))
    frames(app, 2)
    assert board.dialog == "build"
    assert len(board.build_dialog.drawn) == 10
    _check_rows(board.build_dialog, board.hits)


def _draw_dialog(blueprint, built, legal, items=()) -> tuple[BuildDialog, list[Hit]]:
    box, hits = BuildDialog(), []
    surface = canvas.surface((1280, 720))
    styles = [seat_style(i, False) for i in range(4)]
    names = [LONG_NAME, "Bo", "Cy", "Di"]
    box.draw(surface, blueprint, built, legal, (3, 3, 3, 3), styles, names, False, "", hits,
             items, 2)  # fmt: skip
    return box, hits


def _magic_rows(affordable: bool) -> list[MagicRow]:
    """The three magic items as the board lists them: the first held by a seat, the others to
    be made (with their Make button when ``affordable``)."""
    rows = []
    for i, it in enumerate(ITEMS):
        short = it.text.split(". ", 1)[1] if ". " in it.text else it.text
        act = Action.make(0, "build_item", item=it.key) if affordable and i else None
        rows.append(MagicRow(it.key, it.name, short, it.text, it.resource, 5, it.base_cost,
                             holder=0 if i == 0 else -1,
                             status="" if i else f"held by {LONG_NAME}", action=act))  # fmt: skip
    return rows


@pytest.mark.parametrize("with_items", [False, True])
@pytest.mark.parametrize("state", ["unaffordable", "built", "buildable", "artificer"])
def test_every_component_shows_its_name_and_benefit_whole_in_every_state(state, with_items):
    """All 21 components, each in each state a row can be in, with the magic items of all three
    monsters or without: the longest benefit beside the widest buttons (the Artificer paying
    in full or waiving one unit of any resource of the cost, on every row at once)."""
    order = list(range(len(COMPONENTS)))
    for start in range(0, 3 * len(order), 7):  # each component high and low in the list
        blueprint = [order[(start + i) % len(order)] for i in range(10)]
        built = [0 if state == "built" else -1] * len(blueprint)
        legal: list[Action] = []
        for ci in blueprint:
            comp = COMPONENTS[ci]
            if state == "buildable":
                legal.append(Action.make(0, "build", component=comp.key))
            elif state == "artificer":
                # the widest row there is: full cost, or one unit of any resource waived
                legal.append(Action.make(0, "build", component=comp.key))
                legal += [
                    Action.make(0, "build", component=comp.key, waive=RESOURCES[res])
                    for res in range(4)
                    if comp.cost[res]
                ]
        legal.append(Action.make(0, "pass"))
        items = _magic_rows(affordable=state != "unaffordable") if with_items else []
        box, hits = _draw_dialog(blueprint, built, legal, items)
        _check_rows(box, hits, items)


def test_the_blueprint_panel_names_every_component_whole(monkeypatch):
    """The panel beside the island: every component's name, live (bold) or not, drawn at its
    full width (no ellipsis), at 12 px or more, inside the panel and clear of its cost."""
    from scenes.assets import font
    from scenes.rising import panels as panels_mod
    from scenes.rising.panels import BLUEPRINT, Panels

    drawn: list[tuple[str, pygame.Rect, int, int]] = []
    real = panels_mod.blit_text

    def recording(surface, s, pos, size=15, colour=(0, 0, 0), kind="regular", *args, **kw):
        rect = real(surface, s, pos, size, colour, kind, *args, **kw)
        drawn.append((s, pygame.Rect(rect), size, font(size, kind).size(s)[0]))
        return rect

    monkeypatch.setattr(panels_mod, "blit_text", recording)
    order = list(range(len(COMPONENTS)))
    for start in range(0, len(order), 7):
        blueprint = [order[(start + i) % len(order)] for i in range(10)]
        for live in (False, True):
            drawn.clear()
            buildable = frozenset(COMPONENTS[ci].key for ci in blueprint) if live else frozenset()
            Panels().draw_blueprint(canvas.surface((1280, 720)), blueprint, [-1] * 10, buildable,
                                    [seat_style(0, False)], ["A"], False, [])  # fmt: skip
            for ci in blueprint:
                name = COMPONENTS[ci].name
                s, rect, size, full = next(d for d in drawn if d[0] == name)
                assert rect.width >= full and size >= 12, (name, rect.width, full, size)
                assert rect.right <= BLUEPRINT.width - 6, name  # inside the panel
                costs = [
                    r for t, r, _, _ in drawn if t.isdigit() and abs(r.centery - rect.centery) < 4
                ]
                assert costs and all(rect.right + 12 < r.x for r in costs), name


# --- the decision line in the top bar is never cut --------------------------------------------
def _windowed(size):
    from game.core.storage import Settings
    from scenes.app import App

    app = App(headless=True, seed=3, settings=Settings())
    app.window = pygame.Surface(size)
    app.window_size = size
    app.apply_ui_scale()
    return app


@pytest.fixture
def sizing_reset():
    yield
    from scenes import assets

    assets.set_text_sizing(assets.TextSizing())
    pygame.event.get()


def _board_at(app, kind: str, monsters: str):
    """A board on a person's decision of ``kind`` (seeded random games played to it)."""
    opts = {"monsters": monsters}

    def ok(st, _events) -> bool:
        dec = st.decision()
        return dec is not None and dec.kind == kind

    actions, seed = shots._play_until(61, ok, opts)
    assert actions, kind
    return open_board(app, shots._session(actions, seed, options=opts))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize(
    ("kind", "monsters"), [("medusa_gaze", "medusa"), ("harpies_lure", "harpies")]
)
def test_a_long_monster_prompt_is_shown_whole_in_the_top_bar(
    monkeypatch, sizing_reset, size, kind, monsters
):
    from scenes.rising import board_drawing
    from scenes.rising.log_panel import humanize

    app = _windowed(size)
    board = _board_at(app, kind, monsters)
    drawn: list[tuple[str, pygame.Rect]] = []
    real = board_drawing.blit_text

    def recording(surface, s, *args, **kwargs):
        rect = real(surface, s, *args, **kwargs)
        drawn.append((s, pygame.Rect(rect)))
        return rect

    monkeypatch.setattr(board_drawing, "blit_text", recording)
    frames(app, 1)
    box = board.prompt_rect
    shown = [(s, r) for s, r in drawn if box.contains(r)]
    dec = board.decision
    p = dec.players[0]
    from game.rising.councilors import COUNCILORS

    whole = f"{board.names[p]} ({COUNCILORS[board.view.councilor[p]].name}): "
    whole += humanize(dec.prompt, board.names)
    assert " ".join(s for s, _ in shown) == whole  # every word, nothing shortened
    assert all(r.width <= box.width - 30 for _, r in shown)  # inside the box
    assert box.bottom <= 48  # above the panels and the island


def test_every_prompt_of_a_monster_game_fits_the_top_bar_whole():
    """Every decision of seeded games with all three monsters, with the longest seat name:
    the top bar's layout keeps every word (no ellipsis) at the designed text size."""
    import random

    from game.core import registry
    from game.rising.councilors import COUNCILORS
    from scenes.rising.board_drawing import prompt_layout, topbar_slots
    from scenes.rising.log_panel import humanize

    names = [LONG_NAME] * 6
    width = min(r.x for r in topbar_slots().values()) - 184 - 44  # as the board lays it out
    seen = set()
    for seed in range(3):
        st = registry.get("rising").create(4, {"monsters": "medusa,harpies,scylla"}, seed)
        rng = random.Random(seed)
        while (dec := st.decision()) is not None and len(seen) < 4000:
            p = dec.players[0]
            line = f"{LONG_NAME} ({COUNCILORS[p].name}): {humanize(dec.prompt, names)}"
            if line not in seen:
                seen.add(line)
                _, _, lines, _ = prompt_layout(line, width, 38)
                assert " ".join(lines) == line, line
            st.apply(rng.choice(st.legal_actions(p)))
    assert len(seen) > 100


# --- news at the top of the island covers no tile ---------------------------------------------
def _joined(lines: list[str]) -> str:
    """The words of wrapped lines (a number is kept with its word by a no-break space)."""
    return " ".join(lines).replace("\u00a0", " ")


def _tiles_under(rect: pygame.Rect) -> list[int]:
    from scenes.rising import island_view as iv

    return [t for t in range(36) if rect.colliderect(iv.tile_box(t))]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_line_naming_a_new_decision_covers_no_tile(monkeypatch, sizing_reset, size):
    """A new turn's placement, as a person meets it: the line naming their decision shows (for
    about two seconds) between the tips of the Mountains and the Hills, over no tile, and a
    phase banner playing at that moment gives way to it."""
    from scenes.rising import animations

    app = _windowed(size)
    board = open_board(app, shots.fresh(app).session)
    tops: list[tuple[str, pygame.Rect]] = []
    real = animations.Banner.draw

    def recording(self, surface, p):
        if self.top:
            tops.append((self.message, self.layout()[2]))
        return real(self, surface, p)

    monkeypatch.setattr(animations.Banner, "draw", recording)
    # the phase's own banner plays as the decision is named (as at every new turn)
    board.on_events([Event("phase_started", "Placement.", {"phase": "place"})])
    seen = []
    for _ in range(200):
        tops.clear()
        frames(app, 1)
        if board.announce_rect is not None:
            seen.append(board.announce_rect.copy())
            assert not tops, "a banner drawn over the line naming the decision"
    assert seen, "the new decision was never announced"
    for rect in seen:
        assert _tiles_under(rect) == [], rect
        assert rect.top >= 44  # under the top bar


def test_every_decision_line_and_top_banner_fits_between_the_tips_whole():
    """Every line that can name a decision (with the longest seat name) and every banner shown
    at the top of the island: whole, at 12 px or more, over no tile."""
    from scenes.rising import animations, asking
    from scenes.rising import island_view as iv
    from scenes.rising.panels import PHASE_NAMES

    texts = [*asking._ANNOUNCE.values(), *asking._MISFORTUNE.values()]
    texts.append("The sea comes for Libraries 6: let it flood, or stop it with energy")
    texts.append("The sea comes for two tiles: let it flood, or stop it with energy")
    for text in texts:
        line = f"{LONG_NAME} — {text}"
        size, lines, box = iv.top_spot(line, 17, "bold", pad=(14, 7))
        assert _joined(lines) == line and size >= 12, line
        assert _tiles_under(box) == [], (line, box)
    for phase in PHASE_NAMES.values():
        size, lines, box = animations.Banner(1.0, message=phase, size=20, top=True).layout()
        assert _joined(lines) == phase and size >= 12 and _tiles_under(box) == [], phase
    from game.rising.monsters import MONSTER_NAMES

    for chosen in (f"The Artificer lets {m} act next." for m in MONSTER_NAMES.values()):
        size, lines, box = animations.Banner(1.0, message=chosen, size=18, top=True).layout()
        assert _joined(lines) == chosen and _tiles_under(box) == [], chosen


def test_every_decision_kind_has_a_short_line_of_its_own():
    """The engine's own prompt is the fallback; a long one (Medusa's) would make the line at the
    top of the island five rows tall, so every kind the game asks has words of ours."""
    import random

    from game.core import registry
    from scenes.rising import asking

    kinds = set()
    for seed in range(4):
        st = registry.get("rising").create(4, {"monsters": "medusa,harpies,scylla"}, seed)
        rng = random.Random(seed)
        while (dec := st.decision()) is not None:
            kinds.add(dec.kind)
            st.apply(rng.choice(st.legal_actions(dec.players[0])))
    special = {"misfortune_choice", "flood_response"}
    missing = sorted(k for k in kinds - special if k not in asking._ANNOUNCE)
    assert not missing, missing


def test_what_the_build_dialog_covers_answers_no_hover_and_no_click(app):
    """The dialog reaches over the action bar and the panels' edges in a monster game: the
    Pass button beneath it shows no tooltip and a click there passes nothing."""
    import random

    from game.core.saves import Seat
    from scenes.rising.panels import ACTIONBAR
    from scenes.session import GameSession

    seats = [Seat(n, "human", "normal", c) for n, c in zip("ABCD", shots.COLOURS, strict=True)]
    s = GameSession.new("rising", seats, {"monsters": "medusa"}, seed=114, autosave=False)
    rng = random.Random(114)
    while (dec := s.state.decision()) is not None:
        legal = s.state.legal_actions(dec.players[0])
        if dec.kind == "build" and any(a.kind == "build" for a in legal):
            break
        s.apply(rng.choice(legal))
    board = open_board(app, s)
    assert board.dialog == "build" and board.build_dialog.rect.contains(ACTIONBAR.inflate(-8, -8))
    before = len(s.record.actions)
    at = (ACTIONBAR.centerx, ACTIONBAR.centery)
    click_at(app, at)
    frames(app, 40)  # the hover delay and more: a tooltip would be up by now
    assert board.hover == "dialog" and not board.tip
    assert len(s.record.actions) == before and board.dialog == "build"


@pytest.mark.parametrize("key", ["plague", "panic", "crisis_of_faith"])
def test_a_misfortune_card_shows_its_whole_text(monkeypatch, key):
    """Plague's text needed five lines at the card's usual size and lost its last words."""
    from game.rising.misfortunes import MISFORTUNES
    from scenes.rising import animations as anims

    card = next(m for m in MISFORTUNES if m.key == key)
    drawn: list[tuple[str, tuple[int, int], int]] = []
    real = anims.blit_text

    def record(surface, text, pos, size, *args, **kwargs):
        drawn.append((text, pos, size))
        return real(surface, text, pos, size, *args, **kwargs)

    monkeypatch.setattr(anims, "blit_text", record)
    shown = anims.Card(1.7, title=card.name, body=card.text, drawer="Ana")
    shown.draw(canvas.surface((1280, 720)), 0.5)
    body = [(t, pos, size) for t, pos, size in drawn if t not in (card.name, "MISFORTUNE")]
    lines, drawer = body[:-1], body[-1]
    assert " ".join(t for t, _, _ in lines).split() == card.text.split()
    assert all(size >= 12 for _, _, size in lines)
    last_bottom = lines[-1][1][1] + lines[-1][2]
    assert last_bottom <= drawer[1][1] - 12  # clear of "drawn by Ana" (12 px, anchored below)


def test_the_top_bar_measures_its_slots_again_when_the_text_size_changes():
    """Raising the text size during a game: the top bar's slots grow with their labels (they
    were measured once, at the first text size, and "Speed 1x" showed as "S…")."""
    from scenes import assets
    from scenes.rising.board_drawing import TOPBAR, topbar_slots

    pygame.font.init()
    assets.set_text_sizing(assets.TextSizing())
    try:
        before = topbar_slots()
        assets.set_text_sizing(assets.TextSizing(scale=2.0))
        after = topbar_slots()
        f = assets.font(13, "bold")
        for key, labels in TOPBAR:
            assert after[key].w >= max(f.size(t)[0] for t in labels), key
        assert after["cmd:speed"].w > before["cmd:speed"].w
    finally:
        assets.set_text_sizing(assets.TextSizing())
