"""Atlantis Rising board: drawing — the island layer, panels, top bar, action bar, tooltips.

Drawing is layered for speed: the sea is painted once, the island and each panel are painted
only when what they show changes, and a frame is a handful of blits plus a few wave lines.
:class:`BoardDrawing` is mixed into :class:`scenes.rising.board.RisingBoard`, whose state it
draws.
"""

from __future__ import annotations

import math
import re
from typing import Any

import pygame

from game.rising.components import COMPONENT_INDEX
from game.rising.councilors import COUNCILORS
from game.rising.island import SECTIONS, SPOT_INDEX
from game.rising.knowledge import KNOWLEDGE
from game.rising.misfortunes import MISFORTUNES
from game.rising.monsters.common import ALLY_NAMES, ITEMS, SCENARIOS
from scenes import canvas, draw
from scenes.assets import font, on_text_sizing_change, scaled, text_room, text_sizing
from scenes.board_base import SPEEDS
from scenes.palette import GOLD, MUTED, PARCHMENT
from scenes.rising import animations as anims
from scenes.rising import asking
from scenes.rising import island_view as iv
from scenes.rising import monsters_view as mv
from scenes.rising.controls import BarItem
from scenes.rising.dialogs import MagicRow, keep_words
from scenes.rising.log_panel import BIG, humanize
from scenes.rising.look import (
    DIM_INK,
    GOOD,
    PANEL_HOT,
    WARN,
    blit_text,
    capped,
    chip,
    fit,
    growth,
    marker,
    panel,
    wrap,
)
from scenes.rising.panels import (
    ACTIONBAR,
    LEFT,
    LEFT_DESIGNED,
    NAVY,
    PHASE_NAMES,
    PHASE_SHORT,
    Hit,
    Panels,
    SeatInfo,
    draw_backplate,
    folded_height,
    lay_out_right,
    seat_need,
)
from scenes.tooltips import WIDE_TIP_WIDTH, place_tip

GUIDE = (140, 255, 170)
HINT_LINES = 3  # the guide's words above the action bar
PHASE_ROOM = 160
TOP_H = 44  # the top bar's height
SMALLEST_PRINT = 10  # designed points: the smallest print of the program  # the phase's name under the turn, left of the decision's box (at x 176)


#: where a notice goes when its usual place would hide the tile it talks about
NOTICE_LOW_Y = 520


#: a prompt of three lines gets a taller box: from the window's top to just above
#: the panels and the island (they start at y = 48)
PROMPT_TALL_Y = 0
PROMPT_TALL = 47


def prompt_whole(line: str, layout: tuple[int, str, list[str], int], width: int) -> bool:
    """Does :func:`prompt_layout`'s ``layout`` show all of ``line`` within ``width``?"""
    size, kind, lines, _ = layout
    return " ".join(lines) == line and all(font(size, kind).size(x)[0] <= width for x in lines)


def prompt_layout(line: str, width: int, height: int) -> tuple[int, str, list[str], int]:
    """How the top bar shows the decision line: (size, face, lines, line step). One line at
    16 px, else two at 13 px, else three at 12 px in the taller box; the whole line always, at
    the designed text size. Only text enlarged past what the bar can hold is shortened (the
    hover text has it all)."""
    if len(wrap(line, 16, width, "bold")) == 1:
        return 16, "bold", [line], 0
    step = text_room(16, 13)
    lines = wrap(line, 13, width, "bold")
    if len(lines) == 2 and 2 * step <= height - 4:
        return 13, "bold", lines, step
    step = text_room(14, 12)
    for kind in ("bold", "regular"):
        lines = wrap(line, 12, width, kind)
        if len(lines) <= 3 and len(lines) * step <= PROMPT_TALL - 4:
            return 12, kind, lines, step
    if 2 * text_room(16, 13) <= height - 4:  # more than the bar can hold: say that there is more
        lines = wrap(line, 13, width, "bold")
        return 13, "bold", [lines[0], fit(lines[1] + " …", 13, "bold", width)], text_room(16, 13)
    return 16, "bold", [line], 0


#: said after the guide's words when only the first of them fit above the action bar
GUIDE_MORE = " (more: point here)"
GUIDE_MORE_SHORT = " (more)"


def guide_lines(
    advice: str,
    most: int,
    width: int,
    head: str = "Guide: ",
    face: tuple[int, str] = (13, "regular"),
) -> tuple[list[str], bool]:
    """The guide's advice (or a decision, after its ``head``) in at most ``most`` lines of
    ``width`` at ``face`` (size, kind), and whether some of it is left for the tooltip: all of
    it; else its first sentences whole; else its first clauses (the move before its reasons);
    else the first lines, cut."""
    size, kind = face
    lines = wrap(f"{head}{advice}", size, width, kind)
    if len(lines) <= most:
        return lines, False
    sentences = re.split(r"(?<=[.!?])\)?\s+", advice)
    shorter = [" ".join(sentences[:k]) for k in range(len(sentences) - 1, 0, -1)]
    # then its first clauses (up to a colon, a dash, a bracket or a comma), longest first
    cuts = {m.start() for m in re.finditer(r": | — | \(|, |; ", advice)}
    shorter += [advice[:i] for i in sorted(cuts, reverse=True)]
    for more in (GUIDE_MORE, GUIDE_MORE_SHORT):  # (the largest text: the shorter note)
        for words in shorter:
            lines = wrap(f"{head}{words}{more}", size, width, kind)
            if len(lines) <= most:
                return lines, True
    lines = wrap(f"{head}{advice}", size, width, kind)
    return [*lines[: most - 1], fit(lines[most - 1] + " …", size, kind, width)], True


class BoardDrawing:
    """The board's drawing (a mixin of :class:`~scenes.rising.board.RisingBoard`)."""

    def _paint_layer(self) -> None:
        before, moving = self.anim.tile_overrides()
        later = self.anim.stone_overrides()
        self.anim.changed = False
        v = self.view
        cb = self.app.settings.colourblind
        key = (self._key, tuple(sorted(before.items())), moving, tuple(sorted(later.items())), cb)
        if key == self._layer_key:
            return
        self._layer_key = key
        flooded = list(v.flooded)
        for t, sunk in before.items():
            s, pos = divmod(t, 6)
            flooded[s] = max(flooded[s], pos + 1) if sunk else min(flooded[s], pos)
        occ = {spot: seats for spot, seats in v.summary()["placed"].items()}
        courage = {
            SECTIONS[t // 6] + f"-{t % 6 + 1}": list(v.cour[t]) for t in range(36) if v.cour[t]
        }
        self.layer.paint(
            flooded,
            v.summary()["barriers"],
            occ,
            courage,
            self.styles,
            cb,
            hidden=(moving,) if moving >= 0 else (),
            stone=self._stone_shown(later),
        )

    def _stone_shown(self, later: dict[str, int]) -> dict[str, list[int]] | None:
        """The stone figures to paint: those still to be turned by a queued animation wait."""
        stone = self.monsters.get("petrified") if self.monsters else None
        if not stone or not later:
            return stone
        return {spot: list(q[: max(0, len(q) - later.get(spot, 0))]) for spot, q in stone.items()}

    def draw_board(self, surface: pygame.Surface) -> None:
        v = self.view
        hits: list[Hit] = []
        if self.sea.k != canvas.density():  # the window changed scale: paint it sharp again
            self.sea = iv.paint_sea()
        surface.blit(self.sea, (0, 0))
        self.waves.draw(surface, self.clock)
        if self.anim.changed or self._layer_key is None or self._layer_key[0] != self._key:
            self._paint_layer()
        surface.blit(self.layer.surface, iv.REGION)
        if self.monsters:
            self._draw_monsters(surface, hits)
        self._draw_panels(surface, hits)
        self._draw_targets(surface)
        self._draw_topbar(surface, hits)
        self._draw_actionbar(surface, hits)
        # news at the top of the island gives way to the line naming a person's new decision
        announcing = bool(self.guard.announcing(self.clock)[0])
        self.anim.draw(surface, anims.top_banner if announcing else None)
        self._draw_overlays(surface, hits)
        self.hits = hits
        self._follow_tip()
        del v

    def _draw_targets(self, surface: pygame.Surface) -> None:
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
        gold = (int(200 + 55 * pulse), int(160 + 60 * pulse), 70)
        sections = {a["section"] for a in self.legal if a.kind == "choose" and a.get("section")}
        if sections:
            # a section is chosen: mark the one tile of each that would sink (or rise)
            rising = self.kind == "unflip_tile"
            for sec in sections:
                si = SECTIONS.index(sec)
                f = self.view.flooded[si]
                pos = f if not rising else f - 1
                if 0 <= pos < 6:
                    colour = GOOD if rising else (255, int(110 + 60 * pulse), 90)
                    iv.draw_highlight(surface, f"{sec}-{pos + 1}", colour, 4, 3)
        for key in self.plan.direct:
            if key in SPOT_INDEX and not sections:
                iv.draw_highlight(surface, key, gold, 3, 2)
        dec = self.decision
        if dec is not None and dec.kind == "flood_response" and dec.data.get("tile"):
            iv.draw_highlight(surface, str(dec.data["tile"]), WARN, 4, 4)
        if self.hint is not None:
            for t in self.hint.targets:
                if t == "navy":
                    draw.rect(surface, GUIDE, NAVY.inflate(4, 4), 2, border_radius=11)
                elif t in SPOT_INDEX:
                    iv.draw_highlight(surface, t, GUIDE, 2, 7)
                elif t.startswith("component:"):
                    ci = COMPONENT_INDEX.get(t[10:])
                    slot = self.view.blueprint.index(ci) if ci in self.view.blueprint else -1
                    if ci is not None and slot >= 0 and Panels.blueprint_row_shown(slot):
                        row = Panels.blueprint_row(slot)
                        draw.rect(surface, GUIDE, row.inflate(4, 4), 2, border_radius=7)
        if self.hover in SPOT_INDEX:
            colour = (255, 255, 255) if self.hover in self.plan.direct else DIM_INK
            iv.draw_highlight(surface, self.hover, colour, 2, 5)
        if self.armed is not None:  # the tile a second click would sink (or raise)
            spot = asking.sinking_tile(self.armed[1], dec, self.view.flooded)
            if spot:
                iv.draw_highlight(surface, spot, (255, 255, 255), 4, 9)
                iv.draw_highlight(surface, spot, WARN, 2, 12)

    def _draw_monsters(self, surface: pygame.Surface, hits: list[Hit]) -> None:
        """The monster tokens (each a cached sprite) and the MONSTERS panel (cached)."""
        mon = self.monsters
        cb = self.app.settings.colourblind
        moving = self.anim.monster_positions()
        for key, rect in mv.draw_tokens(
            surface, mon, self.view.flooded, self.clock, self.styles, cb, moving
        ):
            name = key.split(":", 1)[1]
            tip = mv.monster_tip(name, mon, self.names)
            if key in self.plan.direct:
                tip = self._label(self.plan.direct[key][0]) + ". " + tip
                pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
                gold = (int(200 + 55 * pulse), int(160 + 60 * pulse), 70)
                draw.rect(surface, gold, rect.inflate(8, 8), 2, border_radius=10)
            hits.append(Hit(key, rect, tip))
        rect = mv.STATUS_RECT.copy()
        rect.height = mv.status_height(mon, self.names)
        key = ("status", mv.status_key(mon, self.names), tuple(self.styles), cb, text_sizing())
        cached = self._status_cache
        if cached is None or cached[0] != key:
            surf = canvas.surface(rect.size, pygame.SRCALPHA)
            local_hits = mv.paint_status(surf, mon, self.names, self.styles, cb)
            cached = (key, surf, local_hits)
            self._status_cache = cached
        surface.blit(cached[1], rect)
        for hkey, r, tip in cached[2]:
            if hkey.startswith("status:"):
                name = hkey.split(":", 1)[1]
                tip = mv.monster_tip(name, mon, self.names)
                hkey = f"monster:{name}"
            hits.append(Hit(hkey, r.move(rect.topleft), tip))

    def _seat_infos(self) -> list[SeatInfo]:
        v = self.view
        deciding = set(self.decision.players) if self.decision is not None else set()
        return [
            SeatInfo(
                seat=i,
                name=self.names[i],
                councilor=v.councilor[i],
                home=v.home[i],
                held=v.held[i],
                res=tuple(v.res[i]),
                energy=v.energy[i],
                courage=v.courage[i],
                hand=tuple(KNOWLEDGE[c].key for c in v.hand[i]),
                start=v.start == i,
                deciding=i in deciding,
                you=i == self.human,
                talent=v.talent[i],
                built=sum(1 for b in v.built if b == i),
                **self._seat_extras(i),
            )
            for i in range(v.n)
        ]

    def _seat_extras(self, seat: int) -> dict[str, Any]:
        """A councilor's magic items, allies and volunteers (monsters module)."""
        mon = self.monsters
        if not mon:
            return {}
        words: list[str] = []
        tips: list[str] = []
        for it in ITEMS:
            if mon.get("items", {}).get(it.key, -1) == seat:
                words.append(it.name)
                tips.append(f"{it.name}: {it.text}")
        for i, key in enumerate(SCENARIOS):
            if mon.get("allies", {}).get(key, -1) == seat:
                words.append(ALLY_NAMES[i].removeprefix("the ").capitalize())
                tips.append(mv.monster_tip(key, mon, self.names).rsplit(". ", 1)[-1])
        vols = mon.get("volunteers", {})
        n = sum(x[seat] for x in (vols.get("pool", ()), vols.get("active", ())) if seat < len(x))
        if n:
            words.append(f"{n} volunteer{'s' if n != 1 else ''}")
            tips.append(
                "Volunteers work for this councilor for one round (counted in their Atlanteans) "
                "and then go home."
            )
        return {"extras": tuple(words), "extras_tip": " ".join(tips)}

    def _draw_panels(self, surface: pygame.Surface, hits: list[Hit]) -> None:
        v = self.view
        cb = self.app.settings.colourblind
        last = MISFORTUNES[v.mdiscard[-1]].key if v.mdiscard else None
        lay_out_right(last, v.blueprint, cb, self.foot)
        self._lay_out_side_prompt()
        playable = frozenset(k[5:] for k in self.plan.direct if k.startswith("card:"))
        self.panels.draw_seats(
            surface, self._seat_infos(), self.styles, cb, playable, hits, self.foot
        )
        self.panels.draw_navy(
            surface,
            v.occ[37],
            v.cour[37],
            v.galley,
            v.cap,
            v.navy_bonus,
            v.die,
            v.phase,
            self.styles,
            cb,
            hits,
        )
        if "navy" in self.plan.direct:
            pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
            draw.rect(
                surface,
                (int(200 + 55 * pulse), int(160 + 60 * pulse), 70),
                NAVY.inflate(-4, -4).move(0, -34).clip(NAVY),
                3,
                border_radius=8,
            )
        self.panels.draw_misfortunes(surface, len(v.mdeck), last, len(v.mdiscard), hits)
        buildable = frozenset(k[5:] for k in self.plan.direct if k.startswith("comp:"))
        self.panels.draw_blueprint(
            surface, v.blueprint, v.built, buildable, self.styles, self.names, cb, hits
        )
        self.log.draw_compact(surface)

    def _decision_line(self) -> tuple[str, tuple[int, int, int], int] | None:
        """The decision line's words, their colour and the seat deciding (None: no decision)."""
        dec = self.decision
        if dec is None:
            return None
        p = dec.players[0]
        c = COUNCILORS[self.view.councilor[p]].name
        who = self.session.thinking()
        if who:
            dots = "." * (1 + int(self.clock * 3) % 3)
            return f"{who} ({c}) is thinking{dots}", PARCHMENT, p
        # prompts name tiles by id ("cities-3"); people read "Cities 3"
        line = f"{self.names[p]} ({c}): {humanize(dec.prompt, self.said_names)}"
        return line, GOLD if self.human is not None else PARCHMENT, p

    def _lay_out_side_prompt(self) -> None:
        """The largest text: a decision the top bar cannot show whole, even taking the turn's
        corner, goes to a box of its own atop the seats' column, on as many lines as it takes
        (the seats' column starts under it; :data:`_side_prompt` is its box, else None)."""
        self._side_prompt = None
        LEFT.update(LEFT_DESIGNED)
        said = self._decision_line()
        if said is None or growth() <= 1:
            return
        line = said[0] if not self.session.thinking() else said[0].rstrip(".") + "..."
        bar = min(topbar_slots().values(), key=lambda r: r.x).x - 8 - 8
        if prompt_whole(line, prompt_layout(line, bar - 44, 38), bar - 44):
            return
        # as many lines as leave the deciding seat whole and the others a name's row each
        infos = self._seat_infos()
        n, step = len(infos), font(16, "bold").get_linesize()
        avail = min(LEFT.height, self.foot - 4 - LEFT.y)
        seats = seat_need(infos[said[2]]) + (folded_height() + 4) * (n - 1)
        most = (avail - seats - 4 - 12) // step
        if most < 2:
            return
        head, _, rest = said[0].partition(": ")
        head, rest = (f"{head}: ", rest) if rest else ("", said[0])
        # the councilor's name gives way first (the seat's panel under the box has it)
        heads = [head, f"{self.names[said[2]]}: "] if rest else [head]
        found = [guide_lines(rest, most, LEFT.width - 44, h, (16, "bold")) for h in heads]
        found = [f for f in found if not any(ln.endswith("…") for ln in f[0])]
        if not found:
            return
        lines = min(found, key=lambda f: f[1])[0]  # whole rather than cut, in that order
        self._side_lines = lines
        h = len(lines) * step + 12
        self._side_prompt = pygame.Rect(LEFT.x, LEFT.y, LEFT.width, h)
        LEFT.y += h + 4
        LEFT.height -= h + 4

    def _draw_side_prompt(
        self, surface: pygame.Surface, hits: list[Hit], line: str, colour: tuple, p: int
    ) -> None:
        """The decision in its box atop the seats' column, every word on its lines."""
        box = self._side_prompt
        style = self.styles[p]
        draw.rect(surface, (14, 40, 58), box, border_radius=8)
        draw.rect(surface, style.rgb, box, 2, border_radius=8)
        marker(surface, style, (box.x + 18, box.y + 6 + font(16, "bold").get_linesize() // 2),
               9, self.app.settings.colourblind)  # fmt: skip
        step = font(16, "bold").get_linesize()
        lines = (
            self._side_lines
            if not self.session.thinking()
            else wrap(line, 16, box.width - 44, "bold")
        )
        for i, part in enumerate(lines[: len(self._side_lines)]):
            blit_text(surface, part, (box.x + 34, box.y + 6 + i * step), 16, colour, "bold")
        self.prompt_rect = box
        hits.append(Hit("info", box, line))

    def _draw_topbar(self, surface: pygame.Surface, hits: list[Hit]) -> None:
        draw_backplate(surface)
        v = self.view
        phase = full_phase = PHASE_NAMES.get(v.phase, v.phase)
        # the decision, always obvious
        mid = pygame.Rect(176, 3, min(topbar_slots().values(), key=lambda r: r.x).x - 184, 38)
        corner = True  # the turn and the phase left of the decision's box
        said = self._decision_line()
        if said is not None and self._side_prompt is not None:
            line, colour, p = said
            self._draw_side_prompt(surface, hits, line, colour, p)
        elif said is not None:
            line, colour, p = said
            style = self.styles[p]
            layout = prompt_layout(line, mid.width - 44, mid.height)
            if not prompt_whole(line, layout, mid.width - 44):
                # larger text: the decision takes the turn's corner too (its tip has the turn)
                wide = pygame.Rect(8, mid.y, mid.right - 8, mid.height)
                other = prompt_layout(line, wide.width - 44, wide.height)
                if prompt_whole(line, other, wide.width - 44):
                    mid, layout, corner = wide, other, False
            size, kind, lines, step = layout
            # a long prompt (or two lines of large text): the box grows into the strip under
            # the bar
            if len(lines) > 2 or len(lines) * step > mid.height - 4:
                mid = mid.inflate(0, PROMPT_TALL - mid.height).move(0, PROMPT_TALL_Y - mid.y)
            self.prompt_rect = mid
            draw.rect(surface, (14, 40, 58), mid, border_radius=8)
            draw.rect(surface, style.rgb, mid, 2, border_radius=8)
            marker(surface, style, (mid.x + 18, mid.centery), 9, self.app.settings.colourblind)
            self._prompt(surface, (size, kind, lines, step), mid, colour)
            turn = f" (Turn {v.round}: {full_phase}.)"
            hits.append(Hit("info", mid, line if corner else line + turn))
        if corner:
            self._draw_corner(surface, hits, phase, full_phase)
        elif self.session.is_over:
            text = "Victory: the cosmic gate is open!" if v.result == "won" else "Atlantis is lost."
            blit_text(
                surface, text, mid.center, 18, GOOD if v.result == "won" else WARN, "bold", "center"
            )
        # commands: each in its own slot, greyed in place when it does nothing now
        undo_ok, skip_ok = self.can_undo(), bool(self.anim.active)
        guide_ok = bool(self.session.human_seats())
        speed = self.speed_shown()
        buttons = {
            "cmd:pause": ("Menu", "Pause menu: save, settings, quit (Esc).", True),
            "cmd:help": ("Help", "The rules and this board's controls (H or F1).", True),
            "cmd:guide": (
                "Guide on" if self.guide_on else "Guide off",
                "Show the first-game guide's suggestion (G)."
                if guide_ok
                else "The guide suggests moves to people; nobody at this table decides.",
                guide_ok,
            ),
            "cmd:undo": (
                "Undo",
                "Take back your last move (Z). Dice and cards drawn cannot be taken back."
                if undo_ok
                else "Nothing of yours to take back now (click to see why).",
                undo_ok,
            ),
            "cmd:skip": (
                "Skip",
                "Finish the animations now (Tab)."
                if skip_ok
                else "Skip finishes animations (Tab); none is playing.",
                skip_ok,
            ),
            "cmd:speed": (
                f"Speed {speed}",
                "Animation and bot speed: 1x, 2x, 4x or instant (click to change).",
                True,
            ),
        }
        for key, r in topbar_slots().items():
            text, tip, on = buttons[key]
            chip(
                surface,
                r,
                text,
                enabled=on,
                hover=self.hover == key,
                size=13,
                primary=key == "cmd:undo" and on,
            )
            hits.append(Hit(key, r, tip))

    def _draw_corner(
        self, surface: pygame.Surface, hits: list[Hit], phase: str, full_phase: str
    ) -> None:
        """The turn and the phase in the top bar's left corner."""
        v = self.view
        # two lines in a 44-px bar: larger text is drawn no larger than the bar holds
        # (never below the program's smallest print at the size chosen)
        turn_size = max(capped(18, 1.05, "bold"), SMALLEST_PRINT)
        phase_size = max(capped(13, 1.05, "bold"), SMALLEST_PRINT)
        step = text_room(21, 18) if turn_size == 18 else int(21 * scaled(turn_size) / 18)
        blit_text(surface, f"Turn {max(1, v.round)}", (12, 4), turn_size, GOLD, "bold")
        if font(phase_size, "bold").size(phase)[0] > PHASE_ROOM:  # its short name (tip: all)
            phase = PHASE_SHORT.get(v.phase, phase)
        # (inside the bar: larger than designed, it sits on the bar's foot)
        phase_y = min(4 + step, TOP_H - font(phase_size, "bold").get_linesize() + 3)
        blit_text(surface, phase, (12, phase_y), phase_size, MUTED, "bold", max_width=PHASE_ROOM)
        hits.append(
            Hit(
                "info",
                pygame.Rect(0, 0, 170, 44),
                f"Turn {v.round}: {full_phase}. Tiles standing: {v.surviving()} of 36.",
            )
        )

    @staticmethod
    def _prompt(
        surface: pygame.Surface,
        layout: tuple[int, str, list[str], int],
        box: pygame.Rect,
        colour: tuple[int, int, int],
    ) -> None:
        """The decision line as :func:`prompt_layout` laid it out in ``box``."""
        size, kind, lines, step = layout
        if len(lines) == 1:
            blit_text(
                surface, lines[0], (box.x + 34, box.centery), size, colour, kind, "midleft",
                box.width - 44,
            )  # fmt: skip
            return
        top = box.centery - (step * len(lines)) // 2
        for i, part in enumerate(lines):
            blit_text(
                surface, part, (box.x + 34, top + i * step), size, colour, kind,
                max_width=box.width - 44,
            )  # fmt: skip

    def _draw_actionbar(self, surface: pygame.Surface, hits: list[Hit]) -> None:
        bar = self.plan.bar
        extra: list[tuple[str, str, bool]] = []
        if any(a.kind == "place" and a.get("courage") for a in self.legal):
            extra.append(
                (
                    "cmd:courage",
                    "Courage: on" if self.courage_on else "Courage: off",
                    self.courage_on,
                )
            )
        if any(a.kind in ("build", "build_item") for a in self.legal) and self.dialog != "build":
            extra.append(("cmd:build", "Build…", True))
        if not bar and not extra:
            # (a replay's own bar lies over the action bar: its controls say how to watch)
            if (
                self.human is None
                and self.decision is not None
                and not self.session.is_over
                and self.foot > ACTIONBAR.y
            ):
                blit_text(
                    surface,
                    "Watching the bots play · Tab skips animations · Speed in the top bar",
                    ACTIONBAR.center,
                    14,
                    MUTED,
                    "italic",
                    "center",
                )
            elif self.human is not None:
                data = self.decision.data if self.decision is not None else {}
                hint = (
                    keep_words(len(data.get("cards", ())), int(data.get("keep", 1)))[2]
                    if self.kind == "library_keep"
                    else "Pick an entry of the menu, or Esc to close it."
                    if self.menu is not None
                    else "Click a highlighted place on the board."
                )
                blit_text(surface, hint, ACTIONBAR.center, 15, GOLD, "bold", "center")
            return
        f = font(14, "bold")
        widths = [max(84, f.size(it.label)[0] + 40) for it in bar] + [
            max(110, f.size(t)[0] + 30) for _, t, _ in extra
        ]
        total = sum(widths) + 8 * (len(widths) - 1)
        keys = total <= ACTIONBAR.width - 8
        if (
            not keys
        ):  # larger text: the words whole, without the keys' numbers (the keys still work)
            widths = [f.size(it.label)[0] + 22 for it in bar] + widths[len(bar) :]
            total = sum(widths) + 8 * (len(widths) - 1)
        gap, pad = 8, 14
        if total > ACTIONBAR.width - 8:  # the largest text: tighter margins, closer chips
            gap, pad = 4, 6
            widths = [f.size(it.label)[0] + pad + 4 for it in bar] + [
                f.size(t)[0] + pad + 4 for _, t, _ in extra
            ]
            total = sum(widths) + gap * (len(widths) - 1)
        scale = min(1.0, (ACTIONBAR.width - 8) / max(1, total))
        x = ACTIONBAR.centerx - int(total * scale) // 2
        hint_kinds = {
            t.split(":", 1)[1]
            for t in (self.hint.targets if self.hint else ())
            if t.startswith("action:")
        }
        for i, item in enumerate(bar):
            w = int(widths[i] * scale)
            r = pygame.Rect(x, ACTIONBAR.y + 5, w, 40)
            key = f"bar:{i}"
            chip(
                surface,
                r,
                item.label,
                primary=item.primary,
                hover=self.hover == key,
                size=14,
                key_hint=str(i + 1) if i < 9 and keys else "",
                pad=pad,
            )
            if any(a.kind in hint_kinds for a in item.actions) or (
                self.hint and self.hint.action in item.actions and not item.group
            ):
                draw.rect(surface, GUIDE, r.inflate(6, 6), 2, border_radius=10)
            hits.append(Hit(key, r, bar_tip(item)))
            x = r.right + gap
        for j, (key, text, on) in enumerate(extra):
            w = int(widths[len(bar) + j] * scale)
            r = pygame.Rect(x, ACTIONBAR.y + 5, w, 40)
            chip(surface, r, text, primary=on, hover=self.hover == key, size=14, pad=pad)
            tip = (
                "Place the next Atlantean on a courage token (C)."
                if key == "cmd:courage"
                else "Open the build dialog (B)."
            )
            hits.append(Hit(key, r, tip))
            x = r.right + gap

    def _draw_overlays(self, surface: pygame.Surface, hits: list[Hit]) -> None:
        v = self.view
        cb = self.app.settings.colourblind
        self.guide_rect = None
        if self.hint is not None and self.menu is None and not self.dialog:
            self._draw_hint(surface, hits)
        if self.kind == "library_keep" and self.human is not None:
            left = int(self.decision.data.get("keep", 1))
            drawn = len(self.decision.data.get("cards", ()))
            self.keep_dialog.draw(surface, self.legal, left, self.hover, hits, drawn)
        elif self.dialog == "build":
            holdings = v.res[self.human] if self.human is not None else (0, 0, 0, 0)
            self.build_dialog.draw(
                surface,
                v.blueprint,
                v.built,
                self.legal,
                holdings,
                self.styles,
                self.names,
                cb,
                self.hover,
                hits,
                self._magic_rows(),
                int(self.monsters.get("wrath", 0)) if self.monsters else 0,
            )
        if self.log.open:
            self.log.draw(surface)
            hits.append(Hit("log", BIG, ""))
        if self.menu is not None:
            self.menu.draw(surface, self.hover, hits)
        if self.dragging and self.human is not None:
            marker(surface, self.styles[self.human], self.app.mouse, 8, cb)

    def _magic_rows(self) -> list[MagicRow]:
        """The magic items of the monsters in this game, as the build dialog lists them."""
        mon = self.monsters
        if not mon:
            return []
        alive = {"medusa": bool(mon.get("medusa")), "harpies": bool(mon.get("harpies")),
                 "scylla": bool(mon.get("scylla"))}  # fmt: skip
        rows = []
        for it in ITEMS:
            key = SCENARIOS[it.monster]
            if key not in mon.get("monsters", ()):
                continue
            q = int(mon.get("items", {}).get(it.key, -1))
            act = next(
                (a for a in self.legal if a.kind == "build_item" and a["item"] == it.key), None
            )
            status = ""
            if q >= 0:
                status = f"held by {self.names[q] if q < len(self.names) else q}"
            elif not alive[key]:
                status = "its monster is gone"
            short = it.text.split(". ", 1)[1] if ". " in it.text else it.text
            rows.append(
                MagicRow(
                    it.key, it.name, short, it.text, it.resource,
                    int(mon.get("item_costs", {}).get(it.key, it.base_cost)), it.base_cost,
                    q, status, act,
                )
            )  # fmt: skip
        return rows

    def _draw_hint(self, surface: pygame.Surface, hits: list[Hit]) -> None:
        """The guide's words above the action bar, under the island's lowest tiles (Libraries 1
        and Forges 1), in as many lines as fit there; the rest is in the box's tooltip."""
        text = f"Guide: {self.hint.text}"
        step = text_room(16, 13)
        room = ACTIONBAR.y - 2 - (iv.lowest_tile_bottom() + 1)
        most = max(1, min(HINT_LINES, (room - 6) // step))
        lines, cut = guide_lines(self.hint.text, most, 700)
        h = 6 + step * len(lines)
        r = self.guide_rect = pygame.Rect(ACTIONBAR.x, ACTIONBAR.y - h - 2, ACTIONBAR.width, h)
        panel(surface, r, alpha=226)
        draw.rect(surface, GUIDE, r, 1, border_radius=10)
        for i, line in enumerate(lines):
            blit_text(surface, line, (r.x + 10, r.y + 3 + i * step), 13, (200, 255, 214))
        tip = (
            f"{text} (G turns the guide off.)" if cut else "The first-game guide (G turns it off)."
        )
        hits.append(Hit("info", r, tip))

    def draw_front(self, surface: pygame.Surface) -> None:
        # the build dialog, popping up, says it already (and the line would hide its header)
        told = self.announce_rect = self.draw_announcement(
            surface, 48, iv.CENTRE[0], show=self.dialog != "build"
        )
        self.notice_rect = None
        if self.notice:
            px, lines, r, step = self._notice_layout(told)
            self.notice_rect = r
            panel(surface, r, alpha=246)
            draw.rect(surface, WARN, r, 2, border_radius=10)
            for i, line in enumerate(lines):
                blit_text(
                    surface, line, (r.centerx, r.y + 7 + i * step), px, PARCHMENT, "bold", "midtop"
                )
        self._draw_tip(surface)

    def _notice_layout(self, told: pygame.Rect | None) -> tuple[int, list[str], pygame.Rect, int]:
        """Where the notice goes: (text size, lines, box, line step). Under the announcement
        as a rule; a question asking for a second click never hides the tiles it asks about
        (the one it would sink or raise, nor the others the person may pick instead; the
        tips of the Mountains and Hills sit under the top of the island), so it goes where
        it covers the fewest of them: there, low on the island, or between the top tips."""
        lines = wrap(self.notice, 15, 560, "bold")[:3]
        step = text_room(20, 15)
        r = pygame.Rect(
            iv.CENTRE[0] - 300, told.bottom + 6 if told else 60, 600, 14 + step * len(lines)
        )
        usual = (15, lines, r, step)
        if self.armed is None:
            return usual
        dec, flooded = self.decision, self.view.flooded
        armed = asking.sinking_tile(self.armed[1], dec, flooded)
        others = {asking.sinking_tile(a, dec, flooded) for a in self.legal}
        weights = [(iv.tile_box(SPOT_INDEX[s]), 10 if s == armed else 1) for s in others | {armed}
                   if s in SPOT_INDEX]  # fmt: skip
        places = [usual]
        if told is None:  # the announcement's own spot, between the tips, once it has gone
            px, top_lines, box = iv.top_spot(self.notice, 15, "bold", pad=(14, 7))
            places.append((px, top_lines, box, font(px, "bold").get_linesize() + 4))
        places.append((15, lines, r.move(0, NOTICE_LOW_Y - r.y), step))

        def hidden(place: tuple[int, list[str], pygame.Rect, int]) -> float:
            box = place[2]
            return sum(w for b, w in weights if box.colliderect(b)) + 0.1 * (
                not iv.clear_of_tiles(box)
            )

        return min(places, key=hidden)

    def _follow_tip(self) -> None:
        """After the widgets were rebuilt: what is under the pointer now. A tooltip belongs to
        one widget of one decision, so a rebuilt or vanished widget drops it at once."""
        if self.covered:
            self.tipper.clear()
            return
        self._hover_at(self.app.mouse)
        self.tipper.observe((self.hover, self._tip_generation()), self.tip, self.tip_rect)

    def _tip_generation(self) -> tuple[object, ...]:
        """What a tooltip belongs to besides its widget: the human's decision (every target
        and button is rebuilt for it), or, while bots play, the phase (so a resting pointer
        does not flicker with every bot move, yet no tooltip lasts into the next turn)."""
        v = self.view
        moves = len(self.session.record.actions) if self.human is not None else -1
        return (v.round, v.phase, self.human, moves, self._bump)

    def tip_box(self) -> tuple[pygame.Rect, list[str]] | None:
        """Where the tooltip is drawn and its lines (None: no tooltip on screen now)."""
        if not self.tipper.shown or self.dragging or self.covered:
            return None
        text = self.tipper.text
        lines = wrap(text, 13, 300)
        if len(lines) > 8:  # long rules: a wider box, never a cut one
            lines = wrap(text, 13, WIDE_TIP_WIDTH - 20)
        f = font(13)
        w = min(max(f.size(line)[0] for line in lines) + 22, WIDE_TIP_WIDTH)
        h = 10 + tip_step() * len(lines)
        avoid = [self.guide_rect] if self.guide_rect is not None else []
        anchor = self.tipper.anchor
        r = place_tip(anchor, (w, h), self.tip_bounds(), avoid)
        menu = self.menu_rect()
        if menu is not None and r.colliderect(menu) and not menu.contains(anchor):
            return None  # e.g. "6 choices: click to pick one." over the menu it opened
        return r, lines

    def menu_rect(self) -> pygame.Rect | None:
        """Where the open pop-up menu is (None: none open); no tooltip from outside it covers
        it."""
        return self.menu.rect if self.menu is not None and self.menu.rect.width else None

    def _draw_tip(self, surface: pygame.Surface) -> None:
        box = self.tip_box()
        if box is None:
            return
        r, lines = box
        draw.rect(surface, (6, 18, 28), r, border_radius=6)
        draw.rect(surface, PANEL_HOT, r, 1, border_radius=6)
        for i, line in enumerate(lines):
            blit_text(surface, line, (r.x + 10, r.y + 5 + i * tip_step()), 13, PARCHMENT)

    # --- for tests and tools ------------------------------------------------------------------
    def target_point(self, key: str) -> tuple[int, int] | None:
        """Where a person would click for target ``key`` (a hit, or a tile/centre)."""
        for hit in reversed(self.hits):
            if hit.key == key:
                return hit.rect.center
        if key in SPOT_INDEX and key != "navy":
            x, y = iv.spot_center(key)
            return int(x), int(y)
        return None


def tip_step() -> int:
    """A tooltip's line step: 17 as designed, a line of its text when that is larger."""
    return max(17, font(13).get_linesize() - 1)


def bar_tip(item: BarItem) -> str:
    """An action-bar button's tooltip: only what its label does not say (how many choices a
    menu holds, the Space key); a plain choice has none, so it never hides its neighbours."""
    if item.group:
        return f"{len(item.actions)} choices: click to pick one."
    if item.primary:
        return "The Space key does this too."
    return ""


#: the top bar's commands, right to left, with every label each may show (the slot fits the
#: longest, so a label changing or a button greying never moves its neighbours)
TOPBAR = (
    ("cmd:pause", ("Menu",)),
    ("cmd:help", ("Help",)),
    ("cmd:guide", ("Guide on", "Guide off")),
    ("cmd:undo", ("Undo",)),
    ("cmd:skip", ("Skip",)),
    ("cmd:speed", tuple(f"Speed {s}" for s in SPEEDS)),
)
_SLOTS: dict[str, pygame.Rect] = {}
#: measured in the text size of their time: a new text size measures them again (the labels
#: were cut to "S…", "U…" after the text size was raised during a game)
on_text_sizing_change(_SLOTS.clear)


def topbar_slots() -> dict[str, pygame.Rect]:
    """Where each top-bar command sits: fixed, whatever is shown or enabled."""
    if not _SLOTS:
        from scenes.assets import font

        f = font(13, "bold")
        x = 1276
        for key, labels in TOPBAR:
            w = max(52, max(f.size(t)[0] for t in labels) + 24)
            _SLOTS[key] = pygame.Rect(x - w, 7, w, 30)
            x -= w + 6
    return {k: r.copy() for k, r in _SLOTS.items()}
