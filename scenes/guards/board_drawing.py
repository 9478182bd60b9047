"""The Guards of Atlantis board's drawing (a mixin of :class:`~scenes.guards.board.GuardsBoard`):
the top bar and its buttons, hero selection, the arena with its units and animations, the hand,
the levelling cards, the ask panel's question and buttons, tooltips. It reads what the board
holds (the view, the decision, the choices made so far) and records the clickable places
(``hits``) it draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.hidden import HIDDEN
from game.guards import combat, effects, rounds, turns, words
from game.guards.cards import card
from scenes import canvas, draw
from scenes.assets import font, text_room
from scenes.board_base import SPEEDS, Hit, speed_label
from scenes.guards import animations as anims
from scenes.guards import controls, figures, hand_view, look, queue_view, selection_view
from scenes.guards.blocks import draw_blocks
from scenes.guards.blocks import line as text_block
from scenes.guards.look import draw_text, fit_text, wrap
from scenes.text import size_for_step, text_width
from scenes.tooltips import place_tip
from scenes.ui import H, W, draw_panel

if TYPE_CHECKING:
    pass


SELECT_KINDS = ("pick", "ban", "recruit")
BUTTONS = (("cmd:fit", "Fit"), ("cmd:hint", "Hint"), ("cmd:log", "Log"), ("cmd:help", "Help"),
           ("cmd:speed", ""), ("cmd:skip", "Skip"), ("cmd:menu", "Menu"))  # fmt: skip
TOP_KEYS = frozenset(k for k, _ in BUTTONS)


def _labels(key: str, label: str) -> tuple[str, ...]:
    """Every label a top-bar button may show (Speed shows each speed in turn)."""
    return tuple(speed_label(v) for v in SPEEDS) if key == "cmd:speed" else (label,)


PHASE_WORDS = {
    "select": "Hero selection", "place": "Heroes enter", "play": "Cards face down",
    "resolve": "Heroes act", "respawn": "Defeated heroes return", "combat": "Minion combat",
    "level": "Levelling", "over": "Game over",
}  # fmt: skip


def level_swap(view, h: int, c) -> tuple[object | None, object | None]:
    """What taking ``c`` at a level-up does to hero ``h``: the card of its colour it replaces
    (None for the Ultimate) and the other card of its pair, which becomes an item (None when
    the hero has no items, or for the Ultimate)."""
    if c.colour == "ultimate":
        return None, None
    old = view.card_in(h, c.colour)
    hero = view.hero_def(h)
    other = [x for x in hero.card(c.colour, c.tier) if x.id != c.id] if hero.items else []
    return old, (other[0] if other else None)


#: the top bar's score, explained (its hover)
TOP_TIP = (
    "The team holding the initiative token wins a tie of initiative between the two teams "
    "(then the token passes). Heroes defeated: how many times each team's heroes have been "
    "defeated so far. Towers: the pushes each team has made, when the game is played to a "
    "number of towers."
)


def score_lines(view) -> tuple[str, str]:
    """The score in words: who holds the initiative token (and the towers), then how many
    times each team's heroes were defeated."""
    bits = [f"Initiative token: {view.team_name(view.token)}"]
    if view.tower_goal:
        bits.append(f"Towers {view.towers[0]}–{view.towers[1]} of {view.tower_goal}")
    lost = (f"Heroes defeated: {view.team_name(0)} {view.defeats[0]} · "
            f"{view.team_name(1)} {view.defeats[1]}")  # fmt: skip
    return " · ".join(bits), lost


def _sized(line: str, width: int, most: int) -> int | None:
    """The largest size from ``most`` down to the smallest print at which ``line`` fits
    ``width`` (None: it does not fit at any)."""
    for size in range(most, look.SMALLEST_PRINT - 1, -1):
        if text_width(line, size) <= width:
            return size
    return None


def score_layout(view, room: pygame.Rect) -> tuple[list[tuple[str, int]], list[str]]:
    """Where the score goes at this text size: the lines the top bar's ``room`` shows, each
    with its size, and the lines the Heroes panel shows instead. As designed both lines fit
    the bar; larger text keeps only the token there ("Token: Titans", as the bar's height
    holds one line), and the rest moves to the Heroes panel; never drawn below the smallest
    print. During hero selection (no Heroes panel, nothing has happened yet) what does not
    fit the bar is left out."""
    first, lost = score_lines(view)
    most = size_for_step(room.h // 2 + 1, 14)  # two lines in the bar
    sizes = [_sized(line, room.w, most) for line in (first, lost)]
    if most >= look.SMALLEST_PRINT and None not in sizes:
        return [(first, sizes[0]), (lost, sizes[1])], []
    token = f"Token: {view.team_name(view.token)}"
    rest = [*first.split(" · ")[1:], lost]
    one = _sized(token, room.w, size_for_step(room.h, 14))
    rows = [(token, one)] if one is not None else []
    notes = rest if rows else [first, lost]
    return rows, ([] if view.phase == "select" else notes)


class BoardDrawing:
    """Drawing of :class:`~scenes.guards.board.GuardsBoard`."""

    #: the score's lines the Heroes panel shows (those the top bar has no room for)
    score_notes: list[str] = []  # noqa: RUF012 - replaced, never changed in place
    #: where the top bar names the initiative token (None: not in the bar)
    token_at: pygame.Rect | None = None

    def draw_board(self, surface: pygame.Surface) -> None:
        """Everything that only changes with the game, the pointer's target or a choice is
        painted once into a cached frame; each frame then adds the glow, the gliding units
        and the animations (frame time on the ten-hero board)."""
        self._sync()
        view = self.view
        gliding = anims.gliding(self.anim)
        # the pointer's target is not part of the cached frame (only the top bar's buttons
        # show it, outlined per frame below): moving the mouse repaints nothing
        key = (self._key, self.stage, tuple(sorted(self.chosen.items())), self.preview,
               self.log.open, self.log.scroll, self.log.version, self.speed_shown(),
               gliding, self.arena.camera.key() if self.arena else None, canvas.density(),
               id(font(17)), self.app.settings.colourblind, self.hint_line(),
               tuple(sorted(self.lists.items())))  # fmt: skip
        cached = self._frame
        if cached is None or cached[0] != key:
            fresh = cached is None or getattr(cached[1], "k", 1.0) != canvas.density()
            surf = canvas.surface((W, H)) if fresh else cached[1]
            self.hits = []
            self._draw_static(surf, gliding)
            self._frame = cached = (key, surf, list(self.hits))
        else:
            self.hits = list(cached[2])
        surface.blit(cached[1], (0, 0))
        if self.hover in TOP_KEYS:
            draw.rect(surface, look.SELECT, self._button_rect(self.hover), 2, border_radius=7)
        if view.phase != "select" and self.arena is not None:
            self._draw_moving(surface, gliding)
        anims.draw_playing(self.anim, surface, self.arena.camera.size if self.arena else 20)
        if self.pointer is not None:
            self._hover_at(self.pointer)
        self.tipper.observe((self.hover, self._key), self.tip, self.tip_rect)

    def redraw(self) -> None:
        """Paint the whole frame afresh next time (the cache is otherwise kept)."""
        self._frame = None

    def _draw_static(self, surface, gliding: frozenset[int]) -> None:
        view = self.view
        surface.fill((6, 18, 30))
        self._draw_top(surface)
        if view.phase == "select":
            self._draw_selection(surface)
            return
        self._draw_arena(surface, gliding)
        from scenes.guards.log_panel import draw_strip

        draw_strip(surface, self.log.recent)
        self.hits.append(
            Hit(look.STRIP, "cmd:log", "The newest events; click for the whole log (L)")
        )
        figures.draw_key(surface, look.KEY)
        self.hits.append(Hit(look.KEY, "info:key", figures.FIGURE_KEY))
        if self.log.open:
            self.log.draw(surface)
            self.hits.append(Hit(look.LOG, "log", ""))
        else:
            queue_view.draw_queue(surface, view, self.names, self.seat_rgb, self.hits, self.lists)
            queue_view.draw_heroes(surface, view, self.names, self.seat_rgb, self.hits, self.lists,
                                   self.score_notes, TOP_TIP)  # fmt: skip
        self._draw_hand(surface)
        self._draw_ask(surface)

    def _draw_moving(self, surface, gliding: frozenset[int]) -> None:
        """The per-frame part of the arena: legal hexes, gliding units, the hovered hex."""
        arena = self.arena
        view = self.view
        surface.set_clip(look.ARENA)
        glow = self.hex_actions()
        if glow:
            arena.glow(surface, glow, self.clock, busy=set(view.occ))
            friendly = self.friendly_hexes()
            if friendly:  # the person's own side: a red rim and a dot, not the gold glow
                arena.outline(surface, friendly, look.BAD, 5)
                for hx in friendly:
                    if arena.camera.visible(hx):
                        cx, cy = arena.camera.centre(hx)
                        s = arena.camera.size
                        draw.circle(surface, look.BAD, (cx, int(cy - s * 0.62)), max(3, s * 0.18))
        for code in gliding:
            at = anims.glide_point(self.anim, code)
            if at is not None:
                self._draw_unit(surface, code, at)
        for hx, rgb in self.intents():
            arena.outline(surface, [hx], rgb, 3 if int(self.clock * 4) % 2 else 2)
        if self.hint is not None and self.hint[0] == self._key and self.hint[2] is not None:
            arena.outline(surface, [self.hint[2]], (120, 230, 255), 3)
        if self.hover.startswith("hex:"):
            q, r = (int(v) for v in self.hover[4:].split(","))
            arena.outline(surface, [(q, r)], (255, 255, 255), 2)
        surface.set_clip(None)

    def draw_front(self, surface: pygame.Surface) -> None:
        super().draw_front(surface)
        if self.tipper.shown:
            self._draw_tip(surface, self.tipper.text, self.tipper.anchor)

    def _draw_tip(self, surface: pygame.Surface, text: str, anchor: pygame.Rect) -> None:
        lines = wrap(text, 300, 14, max_lines=8)
        if not lines:
            return
        box = place_tip(anchor, (320, 14 + 18 * len(lines)), self.tip_bounds())
        draw.rect(surface, (12, 30, 44), box, border_radius=8)
        draw.rect(surface, look.PANEL_EDGE, box, 2, border_radius=8)
        for i, line in enumerate(lines):
            draw_text(surface, line, (box.x + 10, box.y + 7 + 18 * i), size=14)

    def _draw_top(self, surface: pygame.Surface) -> None:
        view = self.view
        r = look.TOP_BAR
        draw.rect(surface, (8, 26, 40), r)
        draw.line(surface, look.PANEL_EDGE, (r.x, r.bottom - 1), (r.right, r.bottom - 1), 1)
        if view.phase == "select":
            left = short = "Hero selection"
        else:
            rnd = max(1, view.round)
            turn = (
                f" · Turn {view.turn} of {turns.TURNS}" if view.phase in ("play", "resolve") else ""
            )
            left = f"Round {rnd}{turn} · {PHASE_WORDS.get(view.phase, view.phase)}"
            # the same, shorter, for when larger text leaves the bar too little room for it
            short = left.replace(f" of {turns.TURNS}", f"/{turns.TURNS}")
        x = self._buttons_left()
        room = pygame.Rect(r.x + 410, r.y + 2, x - 410 - 8, r.h - 4)
        rows, self.score_notes = score_layout(view, room)
        self.token_at = None
        if rows and len(rows) == 1:  # the token alone, right of the round, before the buttons
            line, size = rows[0]
            w = text_width(line, size)
            # smaller (not below the smallest print) while the round's words need the room
            while size > look.SMALLEST_PRINT and text_width(short, 11, "bold") > x - 28 - w:
                size -= 1
                w = text_width(line, size)
            room = pygame.Rect(x - 8 - w, r.y + 2, w, r.h - 4)
            shown = draw_text(surface, line, (room.x, room.centery + 1), size=size,
                              colour=look.SELECT, anchor="midleft")  # fmt: skip
            self.token_at = shown.inflate(12, 8).clip(r)
        for i, (line, size) in enumerate(rows if len(rows) == 2 else ()):
            y = room.y + room.h * (1 + 2 * i) // 4
            shown = draw_text(surface, line, (room.x, y + 1), size=size, colour=look.SELECT,
                              anchor="midleft")  # fmt: skip
            if i == 0:
                self.token_at = pygame.Rect(shown.x - 6, r.y + 4, shown.w + 12, r.h // 2)
        # the round and phase take what the token leaves (all of the bar when it is elsewhere)
        edge = room.x if rows else x
        room_left = min(390, edge - 20 - r.x) if len(rows) == 2 else edge - 20 - r.x
        if text_width(left, 11, "bold") > room_left:
            left = short
        text, size = fit_text(left, room_left, 18, "bold")
        draw_text(surface, text, (r.x + 12, r.centery), size=size, kind="bold", anchor="midleft")
        if rows:
            self.hits.append(Hit(room, "info:score", TOP_TIP))
        for key, label in BUTTONS:
            if key == "cmd:speed":
                label = speed_label(self.speed_shown())
            rect = self._button_rect(key)
            on = key == "cmd:log" and self.log.open
            idle = key == "cmd:hint" and self.human is None  # nothing is asked of a person
            draw.rect(surface, (40, 70, 90) if on else (22, 44, 62), rect, border_radius=7)
            draw.rect(surface, look.PANEL_EDGE, rect, 1, border_radius=7)
            t, s = fit_text(label, rect.w - 8, 14, "bold")
            draw_text(surface, t, rect.center, size=s, kind="bold", anchor="center",
                      colour=look.DIM if idle else look.TEXT)  # fmt: skip
            if idle:
                self.hits.append(Hit(rect, key, "A hint is for your own decision: none is asked "
                                             "of you now"))  # fmt: skip
                continue
            self.hits.append(Hit(rect, key, {"cmd:fit": "Show the whole arena (F)",
                                          "cmd:hint": "What the normal bot would do in your place",
                                          "cmd:log": "Every event so far (L)",
                                          "cmd:help": "The rules (H)",
                                          "cmd:speed": "How fast moves are animated",
                                          "cmd:skip": "End the animations now (Tab)",
                                          "cmd:menu": "Save, settings, leave (Esc)"}[key]))  # fmt: skip

    @staticmethod
    def _button_rect(key: str) -> pygame.Rect:
        """A top-bar button: right-aligned, 70 wide or as wide as the longest words it may
        show at this text size (the speed's "Instant"), so none is ever cut."""
        widths = [
            max(70, max(text_width(t, 14, "bold") for t in _labels(k, label)) + 12)
            for k, label in BUTTONS
        ]
        i = [k for k, _ in BUTTONS].index(key)
        x = look.TOP_BAR.right - 8 - sum(w + 6 for w in widths[i:])
        return pygame.Rect(x, 6, widths[i], 28)

    def _buttons_left(self) -> int:
        return self._button_rect(BUTTONS[0][0]).x

    def _draw_selection(self, surface: pygame.Surface) -> None:
        kind = self.kind if self.kind in SELECT_KINDS else "pick"
        dec = self.decision
        who = ""
        if dec is not None:
            seat = dec.players[0]
            team = self.view.seat_team[seat]
            word = {"pick": "picks", "ban": "bans", "recruit": "recruits"}.get(kind, "")
            side = f" ({self.view.team_name(team)})" if team >= 0 else ""
            name = self.session.seat_name(seat)
            who = f"{name}{side} {words.agree(name, word)}"  # "You pick", "Ana picks"
        selection_view.draw_selection(surface, self.view, kind, self.legal, self.preview, self.hits,
                                      self.clock, who, self.lists)  # fmt: skip

    def _draw_arena(self, surface: pygame.Surface, gliding: frozenset[int] = frozenset()) -> None:
        arena = self.arena
        assert arena is not None
        view = self.view
        battle = tuple(zones[view.battle[i]] for i, zones in enumerate(view.geo.lanes))
        arena.draw(surface, battle)
        surface.set_clip(look.ARENA)
        cam = arena.camera
        s = cam.size
        for hx, (kind, team, _) in view.tokens.items():
            if cam.visible(hx):
                figures.token(surface, cam.centre(hx), s, kind=kind, team=team)
        for hx, code in view.occ.items():
            if code not in gliding:
                self._draw_unit(surface, code, cam.centre(hx))
        surface.set_clip(None)
        draw.rect(surface, look.PANEL_EDGE, look.ARENA, 2, border_radius=4)

    def _draw_unit(self, surface, code: int, at) -> None:
        view = self.view
        s = self.arena.camera.size
        resolving = view.prog["h"] if view.prog is not None else None
        if code >= 0:
            figures.hero(surface, at, s, hero_id=view.hero_id[code], name=view.hero_name(code),
                         team=view.team_of[code], seat_rgb=self.seat_rgb(view.seat_of[code]),
                         level=view.level[code], coins=view.coins[code],
                         active=code == resolving, ultimate=bool(view.ult[code]))  # fmt: skip
        else:
            _, team, mkind, _ = view.minions[-code - 1]
            figures.minion(surface, at, s, kind=mkind, team=team)

    def unit_tip(self, hx) -> tuple[str, pygame.Rect | None]:
        """The tooltip of the unit standing on ``hx`` and the rect it points at; on an empty
        hex, the name of its zone when the ground had no room to write it ("" and None
        otherwise)."""
        view = self.view
        code = view.occ.get(hx) if view is not None and self.arena is not None else None
        if code is None:
            zone = self.arena.board.zone_of(hx) if self.arena is not None else None
            if zone is None or zone not in self.arena.unnamed:
                return "", None
            cx, cy = self.arena.camera.centre(hx)
            s = int(self.arena.camera.size)
            return self.arena.board.zone(zone).title, pygame.Rect(cx - s, cy - s, 2 * s, 2 * s)
        seat = self.session.seat_name(view.seat_of[code]) if code >= 0 else ""
        cx, cy = self.arena.camera.centre(hx)
        s = int(self.arena.camera.size)
        return figures.unit_tip(view, code, seat), pygame.Rect(cx - s, cy - s, 2 * s, 2 * s)

    # hand ---------------------------------------------------------------------------------
    def shown_heroes(self) -> tuple[int, ...]:
        """The heroes whose hands are drawn: the on-screen seat's own, nobody else's."""
        if self.viewer is None or self.session.is_bot(self.viewer):
            return ()
        return tuple(self.view.seat_heroes[self.viewer])

    def _draw_hand(self, surface: pygame.Surface) -> None:
        view = self.view
        r = look.HAND
        if self.kind == "level" and self.human is not None:
            self._draw_level_cards(surface)
            return
        heroes = self.shown_heroes()
        if not heroes:
            draw_panel(surface, r, "")
            text = "The table's screen: no hand is shown." if len(self.session.human_seats()) > 1 \
                else self.session.spectator_line  # fmt: skip
            draw_text(surface, text, (r.x + 20, r.y + 20), size=16, colour=look.DIM)
            return
        draw_panel(surface, r, "")
        slots = hand_view.hand_cards(view, heroes)
        # the cards stay whole above a replay's bar (shorter there)
        rects = hand_view.hand_rects(r.clip(pygame.Rect(0, 0, W, self.foot)), len(slots))
        defend = self._defence_values()
        picks = controls.card_actions(self.kind, self.legal)
        seat = self.viewer if self.viewer is not None else -1
        for (h, col), rect in zip(slots, rects, strict=True):
            c = view.card_in(h, col)
            in_hand = col in view.hand[h]
            committed = view.commit[h] == col and view.phase == "play"
            note = ""
            usable = in_hand
            if committed:
                note = "face down"
            elif not in_hand:
                note = "played" if col in view.out[h] else "out"
            if self.kind == "defend" and h == (
                self.decision.data.get("hero") if self.decision else None
            ):
                if col in defend:
                    total = defend[col]
                    attack = self.view.pend[3] if self.view.pend else 0
                    if self.view.pend and self.view.pend[0] == "discard":
                        note = "throw away"
                    elif total is None:
                        note = "can't defend"
                    else:
                        note = f"{total}: " + ("holds" if total >= attack else "too low")
                    usable = col in picks
            if self.kind == "play" and h in self.playing_heroes():
                usable = in_hand
            selected = self.chosen.get(h) == col or committed
            hand_view.draw_card(surface, rect, view, h, c, seat=seat, selected=selected,
                                usable=usable, note=note)  # fmt: skip
            if len(heroes) > 1 and col == "gold":
                t, sz = fit_text(view.hero_name(h), rect.w, 12, "bold")
                draw_text(surface, t, (rect.x, r.y + 4), size=sz, kind="bold", colour=look.SELECT)
            self.hits.append(Hit(rect, f"card:{h}:{col}", hand_view.card_tip(view, h, c)))

    def _defence_values(self) -> dict[str, int | None]:
        if self.kind != "defend" or self.decision is None:
            return {}
        view = self.view
        h = self.decision.data.get("hero")
        pend = view.pend
        attacker = pend[2] if pend else None
        if pend is None or pend[0] != "attack":
            return {col: None for col in view.hand[h] if col != "black"} if pend else {}
        out: dict[str, int | None] = {}
        for col in view.hand[h]:
            t = combat.defense_total(view, h, col, attacker)
            out[col] = t
        return out

    def _draw_level_cards(self, surface: pygame.Surface) -> None:
        view = self.view
        r = look.HAND
        draw_panel(surface, r, "")
        h = self.decision.data["hero"] if self.decision else 0
        choices = [a for a in self.legal if a.kind == "level" and a["card"]]
        rects = hand_view.hand_rects(r, max(1, len(choices)))
        for a, rect in zip(choices, rects, strict=False):
            c = card(a["card"])
            old, other = level_swap(view, h, c)
            # the card it replaces, on the card while the text is as designed (larger text
            # leaves no room under the name: the panel beside lists every "X replaces Y")
            note = ""
            if text_room(20, 15) == 20:
                note = f"replaces {old.name}" if old is not None else "lasts all game"
            hand_view.draw_card(surface, rect, view, h, c, seat=-1, note=note)
            tip = hand_view.card_tip(view, h, c)
            if old is not None:
                tip += f" Taking it replaces {old.name}."
            if other is not None:
                tip += f" {other.name} then becomes an item: +1 {other.item}."
            if old is None:
                tip += " The Ultimate's bonus lasts for the rest of the game."
            self.hits.append(Hit(rect, f"level:{c.id}", tip))

    # the question ----------------------------------------------------------------------------
    def buttons(self) -> list[tuple[str, str, bool, str]]:
        """The ask panel's buttons: (key, label, enabled, tooltip)."""
        kind, legal = self.kind, self.legal
        if self.human is None:
            return []
        out: list[tuple[str, str, bool, str]] = []
        if kind == "play":
            heroes = self.playing_heroes()
            ready = controls.play_action(legal, self.chosen, heroes) is not None
            out.append(("btn:confirm", "Play face down", ready, "Lay the chosen card(s) face down"))
        elif kind == "act":
            have = controls.act_kinds(legal)
            for k in controls.ACT_KINDS:
                on = k in have
                tip = "" if on else {"move": "This card has no move here", "fast":
                                     "No fast travel: an enemy is in this or the next zone, or "
                                     "the card has no move", "primary": self.primary_reason()
                                     or "The card's own action is not possible now"}[k]  # fmt: skip
                out.append((f"btn:{k}", controls.ACT_WORDS[k], on, tip))
            if self.stage is not None:
                out.append(("btn:back", "Back", True, "Choose another action (Esc)"))
        elif kind == "choose":
            for i, a in enumerate(legal):
                opt = a["option"]
                if opt == "skip":
                    out.append(("btn:skip", "Skip this step", True, "This step may be left out"))
                elif isinstance(opt, str):
                    h = self.decision.data.get("hero") if self.decision else None
                    name = self.view.card_in(h, opt).name if h is not None else opt
                    out.append((f"opt:{i}", name, True, f"Take {name} back"))
        if kind in ("choose", "move", "fast") and self.can_take_back():
            out.append(("btn:back", "Back", True, "Step back to the card's choice before (Esc)"))
        if kind == "defend":
            out.append(
                ("btn:nodefend", "Take the defeat", True, "Keep your cards and leave the board")
            )
        elif kind == "first":
            for a in legal:
                out.append(
                    (f"btn:first:{a['hero']}", self.view.hero_name(a["hero"]), True, "Goes first")
                )
        elif kind == "level":
            out.append(("btn:stop", "Stop levelling", True, "Keep the coins for later"))
        return out

    def _draw_ask(self, surface: pygame.Surface) -> None:
        r = look.ASK
        draw_panel(surface, r, "")
        view = self.view

        btns = self.buttons()
        # Back joins Move / Fast travel / the card's action in their row and moves none of them
        # (the pointer stays on the button it pressed, not under Back's tooltip)
        cols = (
            4 if self.kind == "act" and len(btns) == 4 else 3 if len(btns) > 2 else len(btns) or 1
        )
        # buttons as wide as their words (drawn as small as 11, never cut): fewer to a row,
        # more rows, when larger text needs it; Back counted from the start, so its coming
        # moves none of the others
        labels = [label for _, label, _, _ in btns] + (["Back"] if self.kind == "act" else [])
        need = max((text_width(label, 11, "bold") + 12 for label in labels), default=0)
        while cols > 1 and (r.w - 28 - 8 * (cols - 1)) // cols < need:
            cols -= 1
        rows = (len(btns) + cols - 1) // cols
        room = r.bottom - 12 - rows * 42 if btns else r.bottom - 8
        # the question and what it needs, each line whole: those that do not fit above the
        # buttons (larger text) are a turn of the wheel away
        blocks = []
        for i, line in enumerate(self._ask_lines()):
            if i == 0:
                shown, size = fit_text(line, r.w - 28, 17, "bold")
                heads = [(shown, size)] if shown == line else [
                    (x, 17) for x in wrap(line, r.w - 28, 17, "bold", max_lines=0)]  # fmt: skip
                blocks += [text_block(x, sz, "bold", look.SELECT) for x, sz in heads]
            else:
                blocks += [text_block(x, 15) for x in wrap(line, r.w - 28, 15, max_lines=0)]
        area = pygame.Rect(r.x + 14, r.y + 12, r.w - 28, room - r.y - 12)
        draw_blocks(surface, blocks, area, self.hits, self.lists, "ask")
        if not btns:
            return
        bw = (r.w - 28 - 8 * (cols - 1)) // cols
        bh = 36
        top = r.bottom - 12 - rows * bh - (rows - 1) * 6
        for i, (key, label, on, tip) in enumerate(btns):
            rect = pygame.Rect(
                r.x + 14 + (i % cols) * (bw + 8), top + (i // cols) * (bh + 6), bw, bh
            )
            chosen = key == f"btn:{self.stage}"
            fill = (46, 96, 64) if on else (34, 38, 44)
            if chosen:
                fill = (120, 96, 40)
            draw.rect(surface, fill, rect, border_radius=8)
            draw.rect(surface, look.SELECT if on else (70, 70, 70), rect, 2, border_radius=8)
            t, s = fit_text(label, rect.w - 12, 16, "bold")
            draw_text(surface, t, rect.center, size=s, kind="bold", anchor="center",
                      colour=look.TEXT if on else look.DIM)  # fmt: skip
            self.hits.append(Hit(rect, key, tip))
        _ = view

    def _ask_lines(self) -> list[str]:
        """The ask panel's words: the question, then what it needs to be answered well (and the
        hint, when one was asked for)."""
        lines = self._question_lines()
        hint = self.hint_line()
        return [lines[0], hint, *lines[1:]] if hint else lines

    def _question_lines(self) -> list[str]:
        view, kind, dec = self.view, self.kind, self.decision
        if dec is None:
            return ["The game is over."]
        if self.human is None:
            names = [self.session.seat_name(p) for p in dec.players]
            if kind == "play":
                waiting = [self.session.seat_name(p) for p in turns.seats_to_play(view)]
                return ["Cards are being chosen", "Waiting for " + ", ".join(waiting)]
            return [f"{' and '.join(names)} to decide", dec.prompt]
        head = controls.ask_words(dec)
        if kind == "play":
            heroes = self.playing_heroes()
            out = [head]
            for h in heroes:
                col = self.chosen.get(h)
                name = view.card_in(h, col).name if col else "click a card of your hand"
                out.append(f"{view.hero_name(h)}: {name}")
            return out
        if kind == "act":
            h = dec.data["hero"]
            c = view.card_in(h, view.commit[h]) if view.commit[h] not in (None, HIDDEN) else None
            out = [f"{view.hero_name(h)} acts" + (f" with {c.name}" if c else "")]
            if c is not None:
                out.append(c.text)
            why = self.primary_reason()
            if why:  # a card that acts but can do nothing now; a defence card or Hold never acts
                acts = c is not None and c.primary in ("attack", "skill", "move")
                out.append(f"Not usable now: {why}" if acts else why)
            elif c is not None and self.human is not None and effects.only_own_side(view, h, c):
                out.append(f"Careful: {c.name} can only hit your own side here.")
            if self.stage == "move":
                out.append("Click a glowing hex to move there (your own hex: stay).")
            elif self.stage == "fast":
                out.append("Click a glowing hex to fast travel there.")
            return out
        if kind == "choose":
            out = [dec.prompt or head, "Click a glowing hex or a button."]
            if self.friendly_hexes():
                out.append("Red rims mark your own side: a click there asks first.")
            return out
        if kind == "defend":
            h = dec.data["hero"]
            pend = view.pend
            if pend is not None and pend[0] == "attack":
                mod = combat.minion_modifier(view, h)
                sign = f"{mod:+d}" if mod else "0"
                return [f"{view.hero_name(h)} is attacked: {pend[3]}",
                        f"Minions next to you: {sign} on every defence.",
                        "A card whose total reaches the attack saves you (click it)."]  # fmt: skip
            return [
                f"{view.hero_name(h)} must throw away a card",
                "Click a card, or take the defeat.",
            ]
        if kind == "level":
            h = dec.data["hero"]
            cost = view.level[h] + 1
            out = [f"Level up {view.hero_name(h)}: level {view.level[h]} to {cost}",
                   f"Coins {view.coins[h]} · this level costs {cost}"]  # fmt: skip
            swaps: dict[str, tuple[str, list[str]]] = {}
            items = False
            for a in self.legal:
                if a.kind == "level" and a["card"]:
                    c = card(a["card"])
                    old, other = level_swap(view, h, c)
                    items = items or other is not None
                    if old is not None:
                        swaps.setdefault(c.colour, (old.name, []))[1].append(c.name)
            if not swaps:
                return [*out, "Click the Ultimate to take it: its bonus lasts for the rest "
                        "of the game."]  # fmt: skip
            for old_name, new in swaps.values():
                out.append(f"{' or '.join(new)} replaces {old_name}")
            out.append("Click the new card." + (" The other of its pair becomes an item."
                                                if items else ""))  # fmt: skip
            return out
        if kind == "place":
            h = dec.data["hero"]
            return [f"Where does {view.hero_name(h)} enter?", head]
        if kind == "remove":
            lane = dec.data.get("lane", 0)
            counts = rounds.combat_counts(view, lane)
            return [head, f"Minions in the battle zone: Titans {counts[0]}, Atlanteans {counts[1]}"]
        if kind == "first":
            return [head]
        return [head]
