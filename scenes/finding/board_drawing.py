"""The Finding Atlantis board's drawing (a mixin of :class:`~scenes.finding.board.FindingBoard`):
the top bar, the chart, the seats with their public cards and last two actions, the hand, the
aiming panel, the tools, the buttons and tooltips. It reads what the board holds (the view, the
decision, the chart model) and records the clickable places (``hits``) it draws.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.finding.cards import ARTIFACT, CAPTAIN, CAPTAIN_CARD, card_name, hand_cards
from game.finding.chart import last_sure
from game.finding.state import COLOURS
from game.finding.texts import place, place_name
from scenes import draw
from scenes.board_base import SPEEDS, speed_label
from scenes.finding import controls, look
from scenes.finding.arrangement import DESIGNED, arrange
from scenes.finding.board_input import NOTE_CHARS
from scenes.finding.compass import draw_rose, enabled_points
from scenes.finding.hand_view import draw_hand
from scenes.finding.look import Hit
from scenes.finding.solve_dialog import draw_captain_choice, draw_claim, draw_solve_question
from scenes.finding.voice_lines import rename
from scenes.palette import INK, draw_seat_marker, style_by_name
from scenes.text import size_for_step
from scenes.tooltips import place_tip
from scenes.ui import draw_text

if TYPE_CHECKING:
    pass


#: where the seats panel's right part (the public cards) starts, from the panel's left edge
STATUS_SPLIT = 330
#: the least room a seat's one-line row leaves its card chips (they fold into "+N")
CHIPS_LEAST = 130
#: what a seat with nothing on its discard pile says there, the longest that fits
NO_DISCARDS = ("no cards discarded", "no discards", "none")
PENCIL_TOOLS = (("cross", "Cross"), ("black", "Black out"), ("question", "?"), ("note", "Note"))
PARAM_WORDS = {
    "direction": "Pick a direction on the compass",
    "compass": "Pick a compass point",
    "line": "Pick a line: click either end of it",
    "distance": "How far?",
    "reveal": "Show your row or your column?",
    "seat": "Which submarine?",
    "cell": "Click a space on the chart",
    "offset": "Pick where to jump (you are in the middle)",
}


def chip_rows(
    widths: list[int], more_width, room: int, rows: int, gap: int = 4
) -> tuple[list[tuple[int, int]], tuple[int, int] | None]:
    """Chips of ``widths`` flowed left to right over at most ``rows`` rows of ``room``: each
    placed chip's (x, row), and where a "+N" chip for the ones left over goes (or None).
    ``more_width(k)`` is that chip's width for ``k`` left over."""
    placed: list[tuple[int, int]] = []
    x, row = 0, 0
    for i, w in enumerate(widths):
        left = len(widths) - i - 1  # chips after this one
        last_row = row == rows - 1
        need = w + (gap + more_width(left) if last_row and left else 0)
        if x + need > room and x > 0 and not last_row:
            x, row = 0, row + 1
            last_row = row == rows - 1
            need = w + (gap + more_width(left) if last_row and left else 0)
        if x + need > room:  # this chip and the rest: a "+N" chip
            return placed, (x, row)
        placed.append((x, row))
        x += w + gap
    return placed, None


def chart_area(r: pygame.Rect) -> pygame.Rect:
    """The chart's own rectangle: the chart's room ``r`` less a line under it for its caption
    (whose chart it is), so the caption never sits on the coordinate letters."""
    return pygame.Rect(r.x, r.y, r.w, r.h - look.line_step(13))


#: every label each command button may show, in its order (its width fits the longest)
BUTTON_WORDS = (("Log", "Close log"), ("Help",), tuple(speed_label(v) for v in SPEEDS), ("Skip",),
                ("Menu",))  # fmt: skip


class BoardDrawing:
    """Drawing of :class:`~scenes.finding.board.FindingBoard`."""

    def draw_board(self, surface: pygame.Surface) -> None:
        surface.fill((6, 18, 30))
        self.hits = []
        self._sync()
        self.arr = arrange(
            [(self._status_name(q), self._status_facts(q)) for q in range(self.view.n)],
            self.raised_foot,
        )
        self._draw_top(surface)
        self._draw_chart(surface)
        if not self.log.open and not self.choosing_captain():
            self._draw_tabs(surface)
        if self.arr.shows("seats", self.shown_tab):
            self._draw_status(surface)
        if self.log.open:
            self.log.draw(surface)
            self.hits.append(Hit(self.log_rect(), "log", ""))
        else:
            self._draw_right(surface)
        room = self.arr.voice.clip(pygame.Rect(0, 0, self.arr.voice.right, self.foot - 2))
        self.voice.draw(surface, self.viewer, self._prompt(), self.names, room)
        self._draw_buttons(surface)
        self.anim.draw(surface)
        if self.pointer is not None:  # what is under a resting pointer now
            self._hover_at(self.pointer)

    def log_rect(self) -> pygame.Rect:
        """The log's panel: over the right column, however tall the text leaves it."""
        return self.log.rect

    def note_prompt(self) -> str:
        """What the pencil's Note tool waits for, in words ("" when it waits for nothing)."""
        if self.note_cell is not None:
            return (
                f"Type a note for {place_name(self.size, self.note_cell)} (up to {NOTE_CHARS} "
                "letters): Enter writes it, Esc cancels, Backspace rubs out a letter."
            )
        if self.tool == "note":
            return "Note: click a space of your chart to write on it."
        return ""

    def _prompt(self) -> str:
        if self.note_prompt():
            return self.note_prompt()
        if self.session.lingering is not None and self.session.lingering == self.viewer:
            return f"{self._done_words()}: pass the device when you have read your results."
        if self.human is not None and self.decision is not None:
            if self.kind == "claim":
                named = len(self.view.claim) + len(self.picks)
                return f"Name Atlantis: {named} of {self.view.city_size} spaces named"
            q = self.question()
            if q is not None and self.aim is not None and self.aim.slot != controls.START:
                return PARAM_WORDS.get(q[0], "")
            return self.rename(self.decision.prompt)
        return ""

    def _draw_top(self, surface: pygame.Surface) -> None:
        view = self.view
        r = look.TOP_BAR
        lingering = self.session.lingering
        if lingering is not None and lingering == self.viewer:  # their results, not the next turn
            draw_seat_marker(surface, self.seat_style(lingering), (r.x + 12, r.centery), 9,
                             self.app.settings.colourblind)  # fmt: skip
            draw_text(surface, f"{self.session.seat_name(lingering)}: {self._done_words().lower()}"
                      " · your results, until you pass the device",
                      (r.x + 28, r.centery), size=17, kind="bold", anchor="midleft")  # fmt: skip
        elif view.phase == "play" or view.phase in ("solve", "claim"):
            seat = view.seat
            style = self.seat_style(seat)
            draw_seat_marker(
                surface, style, (r.x + 12, r.centery), 9, self.app.settings.colourblind
            )
            draw_text(surface, f"Round {view.round} of {view.max_rounds} · "
                      f"{self.session.seat_name(seat)}'s turn", (r.x + 28, r.centery),
                      size=17, kind="bold", anchor="midleft")  # fmt: skip
            if view.phase == "play":
                free = self._free_actions()
                text = f"Actions left this turn: {view.acts}/2"
                if free:
                    text += "   ·   free: " + ", ".join(free)
                draw_text(surface, text, (r.x + 600, r.centery), size=16, colour=look.SELECT,
                          anchor="midleft")  # fmt: skip
        elif view.phase == "captain":
            draw_text(surface, "Setting out: each captain keeps one of two", (r.x, r.centery),
                      size=17, kind="bold", anchor="midleft")  # fmt: skip
        elif view.phase == "start":
            draw_text(surface, "Diving: each submarine makes one hidden first move",
                      (r.x, r.centery), size=17, kind="bold", anchor="midleft")  # fmt: skip
        else:
            draw_text(surface, "The game is over", (r.x, r.centery), size=17, kind="bold",
                      anchor="midleft")  # fmt: skip

    def seat_style(self, seat: int):
        """A submarine's colour: the one chosen at setup, else the engine's for its seat."""
        info = self.session.seats[seat]
        colour = info.colour or COLOURS[seat % len(COLOURS)]
        return style_by_name(colour, self.app.settings.colourblind, seat)

    def rename(self, text: str) -> str:
        """The device's sentence with each submarine called by its player's name."""
        return rename(text, self.names)

    def _free_actions(self) -> list[str]:
        if self.viewer is None or self.view.phase != "play" or self.view.seat != self.viewer:
            return []
        seat = self.viewer
        out = []
        cap = self.view.captain[seat]
        if cap is not None and self.view.cap_ready[seat] and CAPTAIN[cap].free:
            out.append(CAPTAIN[cap].name)
        for name in self.view.arts[seat]:
            if name in ARTIFACT and ARTIFACT[name].free:
                out.append(ARTIFACT[name].name)
        return out

    def _draw_chart(self, surface: pygame.Surface) -> None:
        model = self.current_model()
        self.chart.layout(chart_area(self.arr.chart))  # a new text size moves the caption line
        # the colours (and colour-blind shapes) chosen at setup, as the seats panel draws them
        self.chart.styles = {q: self.seat_style(q) for q in range(self.view.n)}
        self.chart.colourblind = self.app.settings.colourblind  # letters on the boats too
        pencil = self.pencils.get(self.viewer) if self.viewer is not None else None
        highlight: frozenset[int] = frozenset()
        pending: frozenset[int] = frozenset()
        q = self.question()
        if q is not None and q[0] == "cell":
            highlight = frozenset(q[1])
        if self.kind == "claim" and self.human is not None:
            highlight = self.claim_cells() if len(self.view.claim) + len(self.picks) < \
                self.view.city_size else frozenset()  # fmt: skip
            pending = frozenset(self.view.claim) | frozenset(self.picks)
        heat = self.heat.result(self.viewer) if self.aid("heat") and self.viewer is not None \
            else None  # fmt: skip
        self.chart.draw(
            surface,
            model,
            pencil,
            opponents=self.aid("opp") or self.viewer is None,
            heat=heat,
            highlight=highlight,
            hover=self.hover_cell,
            pending=pending,
        )
        if self.note_cell is not None:
            r = self.chart.cell_rect(self.note_cell)
            draw.rect(surface, look.SELECT, r, 3)
            draw_text(surface, (self.note_text or "") + "_", r.center, size=15, kind="bold",
                      colour=INK, anchor="center")  # fmt: skip
            self._draw_note_prompt(surface, r)
        tail = ""
        if self.aid("heat") and heat is None:
            tail = " · working out the heat map…"
        elif heat is not None and not heat.exact:
            tail = f" · heat map not exact ({_left_out(heat.left_out)} left out)"
        if self.viewer is None:  # the long name when it fits (large text: the short one)
            who = "The table's chart: only what everyone knows" + tail
            if look.text_width(who, 13) > self.arr.chart.w - 8:
                who = "The table's chart" + tail
        else:
            who = self.chart_owner(self.viewer) + tail
        draw_text(surface, look.fit_text(who, self.arr.chart.w - 8, 13),
                  (self.arr.chart.x + 4, self.arr.chart.bottom), size=13, colour=look.DIM,
                  anchor="bottomleft")  # fmt: skip

    def _draw_note_prompt(self, surface: pygame.Surface, cell: pygame.Rect) -> None:
        """Beside the space being written on: type now, and how to finish or cancel."""
        lines = ["Type your note now", "Enter: write it · Esc: cancel"]
        w = max(look.text_width(t, 14, "bold") for t in lines) + 20
        step = look.line_step(14) - 2
        box = pygame.Rect(0, 0, w, 10 + step * len(lines))
        box.midbottom = (cell.centerx, cell.y - 4)
        if box.y < self.chart.grid.y:  # no room above the space: below it
            box.midtop = (cell.centerx, cell.bottom + 4)
        box.clamp_ip(self.arr.chart)
        draw.rect(surface, (8, 26, 40), box, border_radius=6)
        draw.rect(surface, look.SELECT, box, 2, border_radius=6)
        for i, text in enumerate(lines):
            draw_text(surface, text, (box.centerx, box.y + 5 + i * step), size=14,
                      kind="bold" if i == 0 else "regular", anchor="midtop")  # fmt: skip
        self.hits.append(Hit(box, "note:prompt", self.note_prompt()))

    def _draw_tabs(self, surface: pygame.Surface) -> None:
        """When large text gives the seats, the cards and the pencil turns: their tabs."""
        tips = {"seats": "Every submarine: where it is known to be, its discarded cards.",
                "cards": "Your cards, your captain and your artifacts.",
                "tools": "The pencil for your chart, and the aids."}  # fmt: skip
        for key, words, rect in self.arr.tabs:
            if key == "seats" or self.viewer is not None:  # the table has no cards of its own
                self._button(surface, rect, words, f"tab:{key}", tips[key],
                             on=self.shown_tab == key)  # fmt: skip

    def choosing_captain(self) -> bool:
        """Is the person on screen choosing a captain (the right column's only question)?"""
        return self.kind == "captain" and self.human is not None and self.viewer is not None

    @property
    def shown_tab(self) -> str:
        """The tab whose panel shows (the table's view has only the seats)."""
        return self.tab if self.viewer is not None else "seats"

    def _status_name(self, q: int) -> str:
        name = self.session.seat_name(q)
        if self.session.is_bot(q):
            name += f" (U-Bot · {self.session.seats[q].level})"
        return name

    def _draw_status(self, surface: pygame.Surface) -> None:
        """One row per submarine: its name and what the table knows of it on the left, its
        public cards (discards, a captain shown) as chips on the right. Every text is cut to
        its column and the rows take one line or two as the text size leaves room for."""
        view = self.view
        r = self.arr.status
        look.panel(surface, r)
        n = view.n
        row_h = (r.height - 8) // max(1, n)
        cb = self.app.settings.colourblind
        split = self._status_split()
        left_w = split - 34 - 8
        name_step = look.line_step(15) - 3
        fact_h = look.line_step(13) - 3
        two_lines = row_h >= name_step + fact_h + 2
        if self.arr.tabbed:
            self._draw_status_rows(surface)
            return
        for q in range(n):
            y = r.y + 4 + q * row_h
            if view.phase in ("play", "solve", "claim") and q == view.seat:  # whose turn it is
                draw.rect(surface, (24, 54, 74), pygame.Rect(r.x + 6, y, r.w - 12, row_h),
                          border_radius=6)  # fmt: skip
            style = self.seat_style(q)
            draw_seat_marker(surface, style, (r.x + 18, y + row_h // 2), 9, cb)
            short = name = self.session.seat_name(q)
            if self.session.is_bot(q):
                name += f" (U-Bot · {self.session.seats[q].level})"
            fact = self._status_facts(q)
            x = r.x + 34
            if two_lines:
                top = y + (row_h - name_step - fact_h) // 2
                draw_text(surface, look.fit_text(name, left_w, 15, "bold"), (x, top), size=15,
                          kind="bold")  # fmt: skip
                draw_text(surface, look.fit_text(fact, left_w, 13), (x, top + name_step),
                          size=13, colour=look.DIM)  # fmt: skip
            else:  # one line: the name, then as much of the facts as fits
                top = y + (row_h - name_step) // 2
                shown = look.fit_text(short, left_w // 2, 15, "bold")
                end = draw_text(surface, shown, (x, top), size=15, kind="bold").right
                room = r.x + split - 8 - end - 8
                if room > 30:
                    draw_text(surface, look.fit_text(fact, room, 13), (end + 8, top + 2),
                              size=13, colour=look.DIM)  # fmt: skip
            row = pygame.Rect(r.x, y, r.width, row_h)
            self._seat_hit(row, q)
            self._draw_public_cards(surface, q, pygame.Rect(r.x + split, y + 1,
                                                            r.right - 10 - r.x - split,
                                                            row_h - 2))  # fmt: skip

    def _status_facts(self, q: int) -> str:
        """What the table knows of a submarine, in one line: where, then its artifacts."""
        view = self.view
        arts = len(view.arts[q]) + len(view.used[q])
        used = f" ({len(view.used[q])} used)" if view.used[q] else ""
        return " · ".join([self._where_text(q), f"artifacts {arts}{used}"])

    def _draw_status_rows(self, surface: pygame.Surface) -> None:
        """The seats under their tab (large text): each row its name with its cards' chips on
        one line, its facts wrapped under them across the whole row."""
        view = self.view
        r = self.arr.status
        cb = self.app.settings.colourblind
        name_step = look.line_step(15, "bold") - 3
        fact_h = look.line_step(13) - 3
        facts = [look.wrap_text(self._status_facts(q), r.w - 34 - 12, 13) for q in range(view.n)]
        need = [name_step + fact_h * len(f) + 6 for f in facts]
        if sum(need) > r.h - 8:  # a replay's bar or many seats leave less room: a line each
            self._draw_status_lines(surface)
            return
        spare = max(0, (r.h - 8 - sum(need)) // max(1, view.n))
        y = r.y + 4
        for q in range(view.n):
            row = pygame.Rect(r.x, y, r.w, need[q] + spare)
            if view.phase in ("play", "solve", "claim") and q == view.seat:
                draw.rect(surface, (24, 54, 74), row.inflate(-12, 0), border_radius=6)
            draw_seat_marker(surface, self.seat_style(q), (r.x + 18, y + 3 + name_step // 2), 9,
                             cb)  # fmt: skip
            name = self._status_name(q)
            end = draw_text(surface, name, (r.x + 34, y + 3), size=15, kind="bold").right
            for i, line in enumerate(facts[q]):
                draw_text(surface, line, (r.x + 34, y + 3 + name_step + i * fact_h), size=13,
                          colour=look.DIM)  # fmt: skip
            self._seat_hit(row, q)
            chips = pygame.Rect(end + 12, y + 3, r.right - 10 - end - 12, name_step)
            self._draw_public_cards(surface, q, chips)
            y += row.h

    def _draw_status_lines(self, surface: pygame.Surface) -> None:
        """The seats in one line each, when their wrapped rows do not fit under the tab: the
        name, then the facts, then the chips in what is left; facts that need the whole line
        take it, and the row's tooltip still tells the last actions."""
        view = self.view
        r = self.arr.status
        cb = self.app.settings.colourblind
        name_step = look.line_step(15, "bold") - 3
        row_h = max(name_step + 4, (r.h - 8) // max(1, view.n))
        inner = r.w - 34 - 12
        for q in range(view.n):
            row = pygame.Rect(r.x, r.y + 4 + q * row_h, r.w, row_h)
            if view.phase in ("play", "solve", "claim") and q == view.seat:
                draw.rect(surface, (24, 54, 74), row.inflate(-12, 0), border_radius=6)
            top = row.y + (row_h - name_step) // 2
            draw_seat_marker(surface, self.seat_style(q), (r.x + 18, top + name_step // 2), 9, cb)
            shown = look.fit_text(self.session.seat_name(q), inner * 3 // 10, 15, "bold")
            end = draw_text(surface, shown, (r.x + 34, top), size=15, kind="bold").right
            facts = self._status_facts(q)
            room = r.x + 34 + inner - end - 10  # the chips fold into "+N" in what is left
            chips_shown = look.text_width(facts, 13) <= room - CHIPS_LEAST
            fact = look.fit_text(facts, room - CHIPS_LEAST if chips_shown else room, 13)
            end = draw_text(surface, fact, (end + 10, top + 2), size=13, colour=look.DIM).right
            self._seat_hit(row, q)
            if chips_shown:  # else the facts took the line: the last actions are in the tip
                chips = pygame.Rect(end + 12, top, r.right - 10 - end - 12, name_step)
                self._draw_public_cards(surface, q, chips)

    def _seat_hit(self, row: pygame.Rect, q: int) -> None:
        """A seat's row answers the pointer with everything about it, its last actions too
        (whatever the row had room to show)."""
        story = self.stories.get(q)
        last = " Last actions: " + " Then: ".join(story.last) if story and story.last else ""
        self.hits.append(
            Hit(row, f"seat:{q}", f"{self._status_name(q)}: {self._status_facts(q)}.{last}")
        )

    def _status_split(self) -> int:
        """Where the status rows' words end and the card chips begin: as designed, or further
        right when larger text needs it for the facts (the chips then fold into "+N")."""
        need = max(look.text_width(self._status_facts(q), 13) for q in range(self.view.n))
        return min(max(STATUS_SPLIT, 34 + need + 12), self.arr.status.width - 200)

    def public_cards(self, q: int) -> list[tuple[str, str, tuple[int, int, int] | None, bool]]:
        """What the seat on screen sees of a submarine's cards: (chip label, tooltip, band
        colour, face up) for each card on its discard pile, its captain among them, in the order
        played; then a known captain back in hand, face up."""
        view = self.view
        story = self.stories.get(q)
        pile: list[tuple[str, str, tuple[int, int, int] | None]] = [
            (k, look.SHORT.get(k, card_name(k)), None)
            for k in hand_cards(view.pirate)
            if k not in view.hand[q]
        ]
        cap = view.captain[q]
        known = view.shown[q] and cap is not None
        if not view.cap_ready[q] and view.phase != "captain":  # the captain is on the pile
            name = CAPTAIN[cap].name if known else "Captain"  # type: ignore[index]
            pile.append((CAPTAIN_CARD, name, look.CAPTAIN_COLOURS.get(cap) if known else None))
        if story is not None:  # in the order played, the newest last, the captain among them
            pile.sort(key=lambda c: story.rank(c[0]))
        out: list[tuple[str, str, tuple[int, int, int] | None, bool]] = []
        for i, (k, label, band) in enumerate(pile):
            when = ("played last, " if i == len(pile) - 1 else "") if story and story.order else ""
            if k != CAPTAIN_CARD:
                tip = f"{card_name(k)}: discarded ({when}back in hand when the submarine surfaces)"
            elif known:
                text = CAPTAIN[cap].text  # type: ignore[index]
                tip = f"Captain: {label} (discarded, {when}ready again when it surfaces). {text}"
            else:
                tip = "The captain card is on the discard pile."
            out.append((label, tip, band, False))
        if known and view.cap_ready[q]:  # shown and back in hand: face up, after the pile
            name = CAPTAIN[cap].name  # type: ignore[index]
            out.append((name, f"Captain: {name} (ready). {CAPTAIN[cap].text}",  # type: ignore[index]
                        look.CAPTAIN_COLOURS.get(cap), True))  # fmt: skip
        return out

    def _draw_public_cards(self, surface: pygame.Surface, q: int, area: pygame.Rect) -> None:
        """The public cards as small chips flowing over the rows the area has room for (the
        rows used centred on the seat's row); what does not fit becomes a "+N" chip whose
        tooltip names the rest."""
        chips = self.public_cards(q)
        if not chips:
            words = next((w for w in NO_DISCARDS if look.text_width(w, 12) <= area.w), "")
            draw_text(surface, words,
                      (area.x, area.centery), size=12,
                      colour=look.DIM, anchor="midleft")  # fmt: skip
            return
        chip_h = look.line_step(12) - 2
        rows = max(1, min(2, (area.height + 2) // (chip_h + 2)))
        placed, more = chip_rows(
            [look.text_width(c[0], 12, "bold") + 12 for c in chips],
            lambda k: look.text_width(f"+{k}", 12, "bold") + 12,
            area.w,
            rows,
        )
        used = 1 + max([r for _, r in placed] + ([more[1]] if more else []))
        top = area.y + (area.height - (used * (chip_h + 2) - 2)) // 2
        for i, (x, row) in enumerate(placed):
            label, tip, band, face = chips[i]
            box = pygame.Rect(area.x + x, top + row * (chip_h + 2),
                              look.text_width(label, 12, "bold") + 12, chip_h)  # fmt: skip
            draw.rect(surface, look.CAPTAIN_FACE if face else look.CARD_PLAYED, box,
                      border_radius=5)  # fmt: skip
            if band is not None:
                draw.rect(surface, band, pygame.Rect(box.x, box.y, 6, box.h), border_radius=5)
            draw_text(surface, label, box.center, size=12, kind="bold", colour=INK,
                      anchor="center")  # fmt: skip
            self.hits.append(Hit(box, f"seat:{q}:card:{i}", tip))
        if more:
            rest = chips[len(placed) :]
            text = f"+{len(rest)}"
            box = pygame.Rect(area.x + more[0], top + more[1] * (chip_h + 2),
                              look.text_width(text, 12, "bold") + 12, chip_h)  # fmt: skip
            draw.rect(surface, (60, 60, 58), box, border_radius=5)
            draw_text(surface, text, box.center, size=12, kind="bold", anchor="center")
            self.hits.append(Hit(box, f"seat:{q}:more", "Also: " + ", ".join(c[0] for c in rest)))

    def _where_text(self, q: int) -> str:
        view = self.view
        if view.lost[q]:
            return "lost (nobody knows where)"
        if q == self.viewer and view.pos[q] is not None:
            return f"you are at {place(view, view.pos[q])}"
        answer = self.posterior()
        now = answer.places(q) if answer is not None else None
        if now is not None and len(now) == 1:  # the posterior pins it, even between surfacings
            return f"known to be at {place(view, next(iter(now)))}"
        key = (self.viewer, q, len(view.log))
        if key not in self.sure_cache:  # a backward walk: not once a frame
            self.sure_cache[key] = last_sure(view.knowledge(self.viewer), q, view.size)
        sure = self.sure_cache[key]
        if sure is None:
            return "position unknown"
        index, cell = sure
        if len(view.possible_positions(self.viewer, q)) == 1:
            return f"known to be at {place(view, cell)}"
        return f"last known at {place(view, cell)} (round {view.log[index].round})"

    def _draw_right(self, surface: pygame.Surface) -> None:
        view = self.view
        seat = self.viewer
        if seat is None:
            box = self.arr.aim if self.arr.tabbed else self.arr.dialog  # the seats stay in view
            look.panel(surface, box)
            msg = "The table is watching." if self.session.thinking() else "The table."
            lines = look.wrap_text("Each person sees their own chart and cards on their turn.",
                                   box.w - 32, 15)  # fmt: skip
            step = look.line_step(15)
            y = box.centery - (look.line_step(20, "bold") + step * len(lines)) // 2
            y = draw_text(surface, msg, (box.centerx, y), size=20, kind="bold",
                          anchor="midtop").bottom  # fmt: skip
            for i, line in enumerate(lines):
                draw_text(surface, line, (box.centerx, y + 4 + i * step), size=15,
                          colour=look.DIM, anchor="midtop")  # fmt: skip
            return
        if self.choosing_captain():
            # nothing else to show yet: with tabs, the choice takes the whole column
            box = self.arr.log if self.arr.tabbed else self.arr.dialog
            self.hits += draw_captain_choice(surface, box, view, seat, self.legal, self.hover,
                                             self.captain_shown)  # fmt: skip
            return
        aim_slot = self.aim.slot if self.aim is not None else ""
        if self.arr.shows("cards", self.shown_tab):
            self.hits += draw_hand(
                surface,
                self.arr.hand,
                view,
                seat,
                controls.playable_slots(self.legal),
                controls.burnable_slots(self.legal),
                aim_slot,
                self.burn_mode,
                chips=self.arr.tabbed,
            )
        if self.kind == "solve" and self.human is not None:
            self.hits += draw_solve_question(
                surface, self.arr.aim.union(self.arr.tools), self.hover
            )
        elif self.kind == "claim" and self.human is not None:
            named = len(view.claim) + len(self.picks)
            self.hits += draw_claim(surface, self.arr.aim.union(self.arr.tools), named,
                                    view.city_size, bool(self.picks), self.hover)  # fmt: skip
        elif self.session.lingering is not None and self.session.lingering == seat:
            self._draw_pass(surface)
            self._draw_tools(surface)
        else:
            self._draw_aim(surface)
            self._draw_tools(surface)

    def _draw_tools(self, surface: pygame.Surface) -> None:
        """The pencil and the aids, when their panel is on screen."""
        if not self.arr.shows("tools", self.shown_tab):
            return
        if self.arr.tabbed:
            self._draw_tool_rows(surface)
        else:
            self._draw_tool_panel(surface)

    def _done_words(self) -> str:
        """What the lingering person has just finished: a turn, or the first hidden move."""
        return (
            "Your turn is over"
            if self.view.phase in ("play", "solve", "claim")
            else ("Your first move is made")
        )

    def _draw_pass(self, surface: pygame.Surface) -> None:
        """After a person's turn in a hot-seat game: their results stay up until they pass."""
        r = self.arr.aim
        look.panel(surface, r, look.SELECT)
        draw_text(surface, self._done_words(), (r.x + 14, r.y + 10), size=16, kind="bold")
        for i, line in enumerate(look.wrap_text(
            "Read what the device told you, then pass the device to the next player. Nobody "
            "else's turn shows until you do.", r.w - 28, 14, "regular", 3,
        )):  # fmt: skip
            draw_text(surface, line, (r.x + 14, r.y + 38 + i * look.line_step(14)), size=14,
                      colour=look.DIM)  # fmt: skip
        b = pygame.Rect(r.x + 14, r.bottom - 62, r.w - 28, 48)
        self._button(surface, b, "Pass the device (Enter)", "pass",
                     "Hide your chart and hand over.", on=True)  # fmt: skip

    def _draw_aim(self, surface: pygame.Surface) -> None:
        r = self.arr.aim
        look.panel(surface, r, look.BURN if self.burn_mode else look.PANEL_EDGE)
        q = self.question()
        title = "Aim" if not self.burn_mode else "Burn a card: one space, heard by all"
        if self.aim is not None:
            slot = self.aim.slot
            name = {"captain": "your captain", controls.START: "your first hidden move"}.get(
                slot, card_name(slot.split(":", 1)[-1])
            )
            title = ("Burn " if self.aim.burn else "") + name[:1].upper() + name[1:]
        draw_text(surface, look.fit_text(title, r.w - 24, 15, "bold"), (r.x + 12, r.y + 8), size=15,
                  kind="bold")  # fmt: skip
        if q is None:
            if self.human is not None and self.kind == "turn":
                hint = "Click the card to burn: you move one space, and everyone hears which " \
                    "way." if self.burn_mode else \
                    "Click a card to play it; a card that needs a direction is aimed here."  # fmt: skip
                top = r.y + max(34, 8 + look.line_step(15, "bold"))
                bottom = self._aim_buttons()[0].y - 4
                self._draw_lines(surface, hint, pygame.Rect(r.x + 12, top, r.w - 24,
                                                            bottom - top), 14)  # fmt: skip
            elif self.human is None:
                text = "Not your move." if self.session.human_seats() else \
                    self.session.spectator_line  # fmt: skip
                top = r.y + max(34, 8 + look.line_step(15, "bold"))  # under the title
                self._draw_lines(surface, text, pygame.Rect(r.x + 12, top, r.w - 24,
                                                            r.bottom - 8 - top), 14)  # fmt: skip
        else:
            param, values = q
            centre, radius = self._rose_place()
            room = r.w - 24 if not self._wide_aim() else centre[0] - radius - 60 - r.x - 12
            for i, line in enumerate(look.wrap_text(PARAM_WORDS.get(param, param), room, 14)):
                draw_text(surface, line, (r.x + 12, self._question_y() + i * look.line_step(14)),
                          size=14, colour=look.SELECT)  # fmt: skip
            if param in ("direction", "compass", "line"):
                points = enabled_points(param, values)
                self.hits += draw_rose(surface, centre, radius, points,
                                       hover=self.hover,
                                       why=lambda p, q=param: self.point_refusal(q, p))  # fmt: skip
            elif param == "offset":
                self._draw_offsets(surface, values)
            elif param == "cell":
                self._draw_lines(surface, "The lit spaces of the chart can be chosen.",
                                 pygame.Rect(r.x + 12, r.y + 56, r.w - 24, 60), 14)  # fmt: skip
            else:
                self._draw_options(surface, param, values)
        # burn mode and cancel
        burn, cancel = self._aim_buttons()
        aiming = self.aim is not None and self.aim.slot != controls.START
        if self.human is not None and self.kind == "turn":
            self._button(surface, burn, "Burn: on" if self.burn_mode else "Burn a card", "burn",
                         "Burn mode: discard a card (not Surface, not an artifact) to move one "
                         "space in a direction everyone hears.", on=self.burn_mode)  # fmt: skip
        if aiming:
            self._button(surface, cancel, "Cancel", "cancel", "Put the card back (Esc).")

    def _aim_buttons(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Burn and Cancel, one over the other at the aiming panel's right foot: 138 × 34 as
        designed, as wide and tall as their words at a larger text size."""
        r = self.arr.aim
        w = max(138, *(look.text_width(t, 14, "bold") + 20 for t in ("Burn a card", "Cancel")))
        h = max(34, look.line_step(14, "bold") + 6)
        if r.w > DESIGNED["AIM"].w:  # the column's whole width: side by side, bottom left
            burn = pygame.Rect(r.x + 12, r.bottom - 10 - h, w, h)
            return burn, burn.move(w + 8, 0)
        cancel = pygame.Rect(r.right - 12 - w, r.bottom - 10 - h, w, h)
        return cancel.move(0, -h - 8), cancel

    def _wide_aim(self) -> bool:
        """Is the aiming panel the column's whole width (large text)?"""
        return self.arr.aim.w > DESIGNED["AIM"].w

    def _question_y(self) -> int:
        """Where the aiming panel's question starts: under its title."""
        return self.arr.aim.y + max(30, 8 + look.line_step(15, "bold"))

    def _rose_place(self) -> tuple[tuple[int, int], int]:
        """The compass rose's centre and radius: as designed, or, on the column's whole width,
        at its right end as large as the panel's height leaves room for with its letters."""
        r = self.arr.aim
        if not self._wide_aim():
            return (r.x + 130, r.y + 134), 62
        letter = look.line_step(15, "bold") // 2 + 16
        radius = max(24, min(62, (r.h - 16) // 2 - letter))
        half = radius + 16 + look.text_width("NW", 15, "bold") // 2 + 4
        return (r.right - 12 - half, r.centery), radius

    def _draw_options(self, surface: pygame.Surface, param: str, values: list[Any]) -> None:
        r = self.arr.aim
        x, y = r.x + 12, max(r.y + 60, self._question_y() + look.line_step(14) + 6)
        for i, v in enumerate(values):
            if param == "seat":
                text = self.session.seat_name(v)
            elif param == "distance":
                text = f"{v} space{'s' if v != 1 else ''}"
            else:
                text = str(v).capitalize()
            w = max(120, look.text_width(text, 14, "bold") + 20)
            h = max(34, look.line_step(14, "bold") + 6)
            end = r.right - 12 if self._wide_aim() else self._aim_buttons()[0].x - 12
            if x + w > end and x > r.x + 12:
                x, y = r.x + 12, y + h + 8
            self._button(surface, pygame.Rect(x, y, w, h), text, f"opt:{i}", "")
            x += w + 8

    def _draw_offsets(self, surface: pygame.Surface, values: list[Any]) -> None:
        r = self.arr.aim
        size = 30
        ox, oy = r.x + 40, r.y + 56
        for dy in range(-2, 3):
            for dx in range(-2, 3):
                cell = pygame.Rect(ox + (dx + 2) * (size + 2), oy + (dy + 2) * (size + 2), size,
                                   size)  # fmt: skip
                if (dx, dy) == (0, 0):
                    draw.rect(surface, (60, 90, 110), cell, border_radius=4)
                    draw_text(surface, "you", cell.center, size=11, anchor="center")
                    continue
                on = (dx, dy) in values
                key = f"off:{dx},{dy}"
                fill = look.SELECT if on and self.hover == key else (
                    (150, 130, 80) if on else (40, 50, 56))  # fmt: skip
                draw.rect(surface, fill, cell, border_radius=4)
                if on:
                    self.hits.append(Hit(cell, key, f"Jump {dx:+d} east, {dy:+d} south"))

    def _tool_items(
        self,
    ) -> tuple[list[tuple[str, str, str, bool]], list[tuple[str, str, str, bool]]]:
        """The pencil's buttons and the aids' buttons: (key, words, tooltip, on) each."""
        pencil = [(f"tool:{kind}", text,
                   "Pencil: click spaces of your chart to mark them (again to rub out).",
                   self.tool == kind) for kind, text in PENCIL_TOOLS]  # fmt: skip
        aids = [
            ("aid:opp", f"Opponents: {'on' if self.aid('opp') else 'off'}",
             "Show where each other submarine could be, as your chart allows.", self.aid("opp")),
            ("aid:heat", f"Heat map: {'on' if self.aid('heat') else 'off'}",
             "Shade each space by the chance it is part of Atlantis, worked out from everything "
             "on your own chart: every reading counts, weighed by where its submarine could "
             "have been.", self.aid("heat")),
        ]  # fmt: skip
        return pencil, aids

    def _draw_tool_panel(self, surface: pygame.Surface) -> None:
        """The pencil (two rows of two) and the two aids, each row inside the panel."""
        r = self.arr.tools
        look.panel(surface, r)
        inner = r.w - 24
        head = size_for_step(24, 14)  # the heading's line ends above the first row of buttons
        draw_text(surface, look.fit_text("Pencil (your chart only)", inner, head, "bold"),
                  (r.x + 12, r.y + 8), size=head, kind="bold")  # fmt: skip
        bw = (inner - 8) // 2
        pencil, aids = self._tool_items()
        for i, (key, text, tip, on) in enumerate(pencil):
            b = pygame.Rect(r.x + 12 + (i % 2) * (bw + 8), r.y + 32 + (i // 2) * 36, bw, 30)
            self._button(surface, b, text, key, tip, on=on)
        y = r.bottom - 12 - 30 - 6 - 30 - 6 - (look.line_step(head) - 2)
        draw_text(surface, look.fit_text("Aids (not in the box)", inner, head, "bold"),
                  (r.x + 12, y), size=head, kind="bold")  # fmt: skip
        y = r.bottom - 12 - 30 - 6 - 30
        for i, (key, text, tip, on) in enumerate(aids):
            self._button(surface, pygame.Rect(r.x + 12, y + 36 * i, inner, 30), text, key, tip,
                         on=on)  # fmt: skip

    def _draw_tool_rows(self, surface: pygame.Surface) -> None:
        """The pencil and the aids under their tab (large text): a heading over each, its
        buttons side by side across the panel, as tall as their words."""
        r = self.arr.tools
        look.panel(surface, r)
        inner = r.w - 24
        h = max(30, look.line_step(14, "bold") + 4)
        y = r.y + 8
        for title, items in zip(("Pencil (your chart only)", "Aids (not in the box)"),
                                self._tool_items(), strict=True):  # fmt: skip
            y = draw_text(surface, title, (r.x + 12, y), size=14, kind="bold").bottom + 4
            bw = (inner - 8 * (len(items) - 1)) // len(items)
            for i, (key, text, tip, on) in enumerate(items):
                self._button(surface, pygame.Rect(r.x + 12 + i * (bw + 8), y, bw, h), text, key,
                             tip, on=on)  # fmt: skip
            y += h + 10

    def _draw_lines(self, surface: pygame.Surface, text: str, box: pygame.Rect, size: int,
                    colour: tuple[int, int, int] = look.DIM) -> None:  # fmt: skip
        """``text`` wrapped inside ``box`` (cut with an ellipsis when it has more lines)."""
        step = look.line_step(size) - 2
        lines = look.wrap_text(text, box.w, size, max_lines=max(1, box.h // step))
        for i, line in enumerate(lines):
            draw_text(surface, line, (box.x, box.y + i * step), size=size, colour=colour)

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        items = [
            ("cmd:log", "Log" if not self.log.open else "Close log", "The whole story so far (L)."),
            ("cmd:help", "Help", "The rules (H)."),
            (
                "cmd:speed",
                speed_label(self.speed_shown()),
                "Animation speed: 1x, 2x, 4x or instant (no animations).",
            ),
            ("cmd:skip", "Skip", "Skip the animations (Tab)."),
            ("cmd:menu", "Menu", "Pause, save, settings, quit (Esc)."),
        ]
        for (key, text, tip), b in zip(items, self._button_rects(), strict=True):
            self._button(surface, b, text, key, tip)

    def _button_rects(self) -> list[pygame.Rect]:
        """The command buttons: one row, each as wide as the longest words it may show; two
        rows when the text is too large for one (then as wide as each row allows)."""
        r = self.arr.buttons
        need = [max(look.text_width(t, 14, "bold") for t in words) + 16 for words in BUTTON_WORDS]
        gap = 8
        rows = [need] if sum(need) + gap * (len(need) - 1) <= r.width else [need[:3], need[3:]]
        h = 40
        y = r.y + 28 if len(rows) == 1 else r.y + 2
        if y + len(rows) * (h + 4) - 4 > self.foot - 2:  # a replay's bar covers the foot
            h = max(24, min(36, (self.foot - 2 - r.y - 4 * (len(rows) - 1)) // len(rows)))
            y = self.foot - 2 - len(rows) * (h + 4) + 4
        out = []
        for row in rows:
            spare = (r.width - sum(row) - gap * (len(row) - 1)) // len(row)
            x = r.x
            for w in row:
                out.append(pygame.Rect(x, y, w + spare, h))
                x += w + spare + gap
            y += h + 4
        return out

    def _button(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        text: str,
        key: str,
        tip: str,
        *,
        on: bool = False,
    ) -> None:
        hot = self.hover == key
        fill = (70, 56, 30) if on else (36, 64, 84) if hot else (20, 44, 62)
        draw.rect(surface, fill, rect, border_radius=8)
        draw.rect(surface, look.SELECT if on or hot else look.PANEL_EDGE, rect, 2,
                  border_radius=8)  # fmt: skip
        draw_text(surface, look.fit_text(text, rect.w - 10, 14, "bold"), rect.center, size=14,
                  kind="bold", anchor="center")  # fmt: skip
        self.hits.append(Hit(rect, key, tip))

    def draw_front(self, surface: pygame.Surface) -> None:
        below = self.chart.grid.bottom + self.chart.label  # under the column letters
        self.draw_announcement(surface, below, self.arr.chart.centerx)
        who = self.session.thinking()
        if who:
            dots = "." * (1 + int(self.clock * 3) % 3)
            self._pill(surface, f"{who} is thinking{dots}", look.TOP_BAR.y + 2, size=15,
                       right=self.arr.chart.right, room=f"{who} is thinking...")  # fmt: skip
        if self.notice:
            self._pill(surface, self.notice, self.arr.chart.y + 50)
        # the tooltip belongs to what is under the pointer in this frame's drawing, for this
        # decision: when its target is gone (a compass closed, another screen) it goes too
        self.tipper.observe((self.hover, self._key), self.tip, self.tip_rect)
        if self.tipper.shown and not self.covered:
            self._draw_tip(surface, self.tipper.text, self.tipper.anchor)

    def _pill(
        self,
        surface: pygame.Surface,
        text: str,
        y: int,
        *,
        size: int = 17,
        right: int = 0,
        room: str = "",
    ) -> None:
        """A notice over the top of the chart, wrapped to its width; or, with ``right``, one
        line ending there ("… is thinking" in the top bar, off the chart's letters), as wide
        as ``room`` needs (so the pill keeps still while its dots count)."""
        from scenes.assets import font

        f = font(size, "bold")
        lines = look.wrap_text(
            text, self.arr.chart.w - 60, size, "bold", max_lines=1 if right else 3
        )
        step = f.get_linesize()
        w = max([f.size(line)[0] for line in lines] + [f.size(room)[0]])
        rect = pygame.Rect(0, 0, w + 36, step * len(lines) + 12)
        rect.midtop = (self.arr.chart.centerx, y)
        if right:
            rect.topright = (right, y)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 3)
        radius = min(rect.height // 2, 18)
        draw.rect(surface, (8, 26, 40), rect, border_radius=radius)
        draw.rect(surface, (int(168 + 50 * pulse), int(112 + 64 * pulse), 58), rect, 2,
                  border_radius=radius)  # fmt: skip
        for i, line in enumerate(lines):
            draw_text(surface, line, (rect.centerx, rect.y + 6 + step * i), size=size,
                      kind="bold", anchor="midtop")  # fmt: skip

    def tip_box(self, text: str, anchor: pygame.Rect) -> tuple[pygame.Rect, list[str]]:
        """Where a tooltip goes and its lines: sized to its words, beside its target, and
        never over the aiming panel's title and question (what the player reads next)."""
        lines = look.wrap_text(text, 300, 14)
        w = max(look.text_width(line, 14) for line in lines) + 20 if lines else 20
        step = look.line_step(14) - 2
        avoid = [pygame.Rect(self.arr.aim.x, self.arr.aim.y, self.arr.aim.w, 56)]
        box = place_tip(anchor, (w, 12 + step * len(lines)), self.tip_bounds(), avoid)
        return box, lines

    def _draw_tip(self, surface: pygame.Surface, text: str, anchor: pygame.Rect) -> None:
        box, lines = self.tip_box(text, anchor)
        step = look.line_step(14) - 2
        draw.rect(surface, (8, 24, 36), box, border_radius=6)
        draw.rect(surface, look.PANEL_EDGE, box, 1, border_radius=6)
        for i, line in enumerate(lines):
            draw_text(surface, line, (box.x + 10, box.y + 6 + step * i), size=14)


def _left_out(n: int) -> str:
    """ "1 reading" / "3 readings": how many readings a heat map had to leave out."""
    return f"{n} reading" if n == 1 else f"{n} readings"
