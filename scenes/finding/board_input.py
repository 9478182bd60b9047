"""Finding Atlantis board: input — clicks on cards, the compass, the chart, keys, the pencil.

A click counts when the press and the release are on the same target, and, for anything that
answers the decision on screen, when it was pressed after that decision settled (the shell's
:class:`~scenes.board_base.DecisionGuard`). Every move is one of ``legal_actions``.
:class:`BoardInput` is mixed into :class:`scenes.finding.board.FindingBoard`.
"""

from __future__ import annotations

import pygame

from scenes.board_base import BoardScene
from scenes.finding.arrangement import TABS
from scenes.finding.compass import enabled_points
from scenes.finding.keys import ARROWS, KEYS

#: targets that answer no decision: they work even while a new decision settles
FREE_PREFIXES = ("cmd:", "tool:", "aid:", "log", "seat:", "cancel", "burn", "claim:undo", "pass",
                 "tab:", "capview:")  # fmt: skip
NOTE_CHARS = 3


class BoardInput:
    """The board's input handling (a mixin of :class:`~scenes.finding.board.FindingBoard`)."""

    #: a replay on a seat's view may also switch that seat's aids (the opponents, the heat map)
    REPLAY_TARGETS = (
        BoardScene.REPLAY_TARGETS | {"aid:opp", "aid:heat"} | {f"tab:{key}" for key, _ in TABS}
    )

    def handle_event(self, event: pygame.event.Event) -> bool:
        et = event.type
        if et in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = tuple(event.pos)
        if et == pygame.MOUSEMOTION:
            self._hover_at(event.pos)
            return True
        if self.route_left_click(event) or self.scroll_log(event):
            return True
        if et == pygame.MOUSEWHEEL:
            return True
        if et == pygame.TEXTINPUT and self.note_cell is not None:
            text = str(getattr(event, "text", ""))
            self.note_text = (self.note_text + text.strip())[:NOTE_CHARS]
            return True
        if et == pygame.KEYDOWN:
            return self._key_down(event)
        return super().handle_event(event)

    def _is_pencil_click(self, key: str) -> bool:
        return key.startswith("cell:") and bool(self.tool) and not self._cell_answers()

    def click_allowed(self, key: str) -> bool:
        return key.startswith(FREE_PREFIXES) or self._is_pencil_click(key)

    def _hover_at(self, pos: tuple[int, int]) -> None:
        self.hover_cell = None
        if self.hover_hit(pos):
            return
        cell = self.chart.cell_at(pos)
        if cell is not None:
            self.hover = f"cell:{cell}"
            self.hover_cell = cell
            self.tip, self.tip_rect = self.cell_tip(cell), self.chart.cell_rect(cell)

    def _cell_answers(self) -> bool:
        """Does a click on the chart answer the decision now (a claim, the Atlas Shard)?"""
        if self.human is None:
            return False
        if self.kind == "claim":
            return True
        q = self.question()
        return q is not None and q[0] == "cell"

    # --- what a click does ------------------------------------------------------------------
    def click(self, key: str) -> None:
        """Act on a click on ``key`` (a hit key or ``cell:<n>``)."""
        if key != "log" and not key.startswith("cmd:") and self.note_cell is not None:
            self._commit_note()
        if key.startswith("cmd:"):
            self._command(key[4:])
        elif key.startswith("tab:"):
            self.tab = key[4:]
        elif key.startswith("capview:"):
            self.captain_shown = int(key[8:])
        elif key.startswith("tool:"):
            self.tool = "" if self.tool == key[5:] else key[5:]
        elif key.startswith("aid:"):
            self.toggle_aid("opp" if key == "aid:opp" else "heat")
        elif key.startswith("cell:"):
            self._click_cell(int(key[5:]))
        elif key == "pass":
            self.pass_device()
        elif self.human is None:
            return
        elif key.startswith(("card:", "art:")) or key == "captain":
            self.select(key, burn=self.burn_mode)
        elif key == "burn":
            self.burn_mode = not self.burn_mode
            self.aim = None
        elif key == "cancel":
            self.aim = None
            self.burn_mode = False
        elif key.startswith("dirx:"):
            q = self.question()
            if q is not None:
                self.show_notice(self.point_refusal(q[0], key[5:]))
        elif key.startswith("dir:"):
            q = self.question()
            if q is not None:
                value = enabled_points(q[0], q[1]).get(key[4:])
                if value is not None:
                    self.choose(value)
        elif key.startswith("opt:"):
            q = self.question()
            i = int(key[4:])
            if q is not None and 0 <= i < len(q[1]):
                self.choose(q[1][i])
        elif key.startswith("off:"):
            dx, dy = (int(v) for v in key[4:].split(","))
            self.choose((dx, dy))
        elif key.startswith("keep:"):
            for a in self.legal:
                if a.kind == "keep" and a["captain"] == key[5:]:
                    self.act(a)
        elif key in ("solve:yes", "solve:no"):
            kind = "solve" if key == "solve:yes" else "keep_searching"
            for a in self.legal:
                if a.kind == kind:
                    self.act(a)
        elif key == "claim:undo":
            self.undo_pick()
        elif key == "claim:confirm":
            self.confirm_claim()

    def _click_cell(self, cell: int) -> None:
        if self._cell_answers():
            if self.kind == "claim":
                self.pick_claim(cell)
            else:
                self.choose(cell)
            return
        if not self.tool or self.viewer is None:
            return
        if self.tool == "note":
            self.note_cell, self.note_text = cell, ""
            return
        self.pencil_mark(cell, self.tool)

    def _commit_note(self) -> None:
        cell, text = self.note_cell, self.note_text
        self.note_cell, self.note_text = None, ""
        if cell is not None:
            self.pencil_mark(cell, "note", text)

    def _command(self, cmd: str) -> None:
        self.shared_command(cmd)

    # --- keys -------------------------------------------------------------------------------
    def _key_down(self, event: pygame.event.Event) -> bool:
        k = event.key
        if self.note_cell is not None:
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._commit_note()
            elif k == pygame.K_ESCAPE:
                self.note_cell, self.note_text = None, ""
            elif k == pygame.K_BACKSPACE:
                self.note_text = self.note_text[:-1]
            return True
        if k == pygame.K_ESCAPE and (self.aim is not None and self.aim.slot != "start"
                                     or self.burn_mode):  # fmt: skip
            self.aim = None
            self.burn_mode = False
            return True
        cmd = KEYS.command_for(k)  # the same table the Help page lists
        if self.shared_command(cmd):
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.session.lingering is not None:
            self.pass_device()
            return True
        if not self.input_settled() or self.human is None:
            return super().handle_event(event)
        if cmd == "burn" and self.kind == "turn":
            self.burn_mode = not self.burn_mode
            self.aim = None
            return True
        if cmd == "aim":
            q = self.question()
            if q is not None:
                value = enabled_points(q[0], q[1]).get(ARROWS[k])
                if value is not None:
                    self.choose(value)
            return True
        if self.kind == "claim" and cmd in ("back", "confirm"):
            if cmd == "back":
                self.undo_pick()
            else:
                self.confirm_claim()
            return True
        return super().handle_event(event)
