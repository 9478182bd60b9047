"""Guards board: input — clicks on hexes, cards, buttons and selection tiles; zoom and pan.

A click counts when the press and the release are on the same target, and, for anything that
answers the decision on screen, when it was pressed after that decision settled (the shell's
:class:`~scenes.board_base.DecisionGuard`). Every move is one of ``legal_actions``; any other
click gets a one-line reason. The wheel zooms the arena, a right-button drag or the arrow keys
pan it. Mixed into :class:`scenes.guards.board.GuardsBoard`.
"""

from __future__ import annotations

import pygame

from game.guards import effects
from game.guards.legal import act_moves
from scenes.board_base import BoardScene
from scenes.guards import controls, look, selection_view
from scenes.guards.keys import KEYS, PAN_KEYS

#: targets that answer no decision: they work even while a new decision settles
FREE_PREFIXES = ("cmd:", "tile:", "info:", "log", "btn:back")


class BoardInput:
    """The board's input handling (a mixin of :class:`~scenes.guards.board.GuardsBoard`)."""

    #: a replay may also fit and zoom the arena (the wheel and a right-drag pan pass anyway)
    REPLAY_TARGETS = BoardScene.REPLAY_TARGETS | {"cmd:fit"}
    REPLAY_KEYS = BoardScene.REPLAY_KEYS | {
        pygame.K_f, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS,
        pygame.K_KP_MINUS,
    }  # fmt: skip

    def handle_event(self, event: pygame.event.Event) -> bool:
        et = event.type
        if et in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = tuple(event.pos)
        if et == pygame.MOUSEMOTION:
            if self.drag is not None and self.arena is not None:
                x, y = event.pos
                self.arena.camera.pan(x - self.drag[0], y - self.drag[1])
                self.drag = (x, y)
            self._hover_at(event.pos)
            return True
        if et == pygame.MOUSEBUTTONDOWN and event.button == 3:
            if look.ARENA.collidepoint(event.pos):
                self.drag = tuple(event.pos)
            return True
        if et == pygame.MOUSEBUTTONUP and event.button == 3:
            self.drag = None
            return True
        if self.route_left_click(event) or self.scroll_log(event):
            return True
        if et == pygame.MOUSEWHEEL:
            dy = int(getattr(event, "y", 0))
            listed = self._list_under(self.pointer)
            if listed:  # the right column's lists scroll (the drawing keeps them in range)
                self.lists[listed] = self.lists.get(listed, 0) - dy
                return True
            if (
                self.arena is not None
                and self.pointer is not None
                and look.ARENA.collidepoint(self.pointer)
            ):
                self.arena.camera.zoom_at(self.pointer, 1.15 if dy > 0 else 1 / 1.15)
            return True
        if et == pygame.KEYDOWN:
            return self._key_down(event)
        return super().handle_event(event)

    def _list_under(self, pos) -> str:
        """The list under the pointer: the right column's, the ask panel's lines ("" over
        anything else or the log)."""
        if pos is None or self.log.open:
            return ""
        if self.view is not None and self.view.phase == "select":  # the hero's preview
            return "preview" if selection_view.PREVIEW.collidepoint(pos) else ""
        for name, rect in (("queue", look.QUEUE), ("heroes", look.HEROES), ("ask", look.ASK)):
            if rect.collidepoint(pos):
                return name
        return ""

    def click_allowed(self, key: str) -> bool:
        return key.startswith(FREE_PREFIXES)

    def _hover_at(self, pos) -> None:
        if self.hover_hit(pos):
            return
        if self.view is not None and self.view.phase != "select" and self.arena is not None:
            hx = self.arena.camera.hex_at(pos)
            if hx is not None:
                self.hover = f"hex:{hx[0]},{hx[1]}"
                self.tip, self.tip_rect = self.unit_tip(hx)
                if hx in self.friendly_hexes():
                    self.tip += " · your own side: a click asks before hitting it"

    def target_point(self, key: str) -> tuple[int, int]:
        """Where a person clicks for ``key`` as the board last drew it (tests, tutorial)."""
        for rect, k, _ in self.hits:
            if k == key:
                return rect.center
        if key.startswith("hex:") and self.arena is not None:
            q, r = (int(v) for v in key[4:].split(","))
            return self.arena.camera.centre((q, r))
        raise KeyError(key)

    # --- what a click does ------------------------------------------------------------------
    def click(self, key: str) -> None:
        if key.startswith("cmd:"):
            self._command(key[4:])
            return
        if key.startswith("tile:"):
            self.preview = key[5:]
            return
        if key.startswith(("info:", "log")):
            return
        if self.human is None:
            if key.startswith(("hex:", "card:", "btn:", "level:", "opt:")):
                self.show_notice(self._not_yours())
            return
        if key.startswith("hex:"):
            q, r = (int(v) for v in key[4:].split(","))
            self.click_hex((q, r))
        elif key.startswith("card:"):
            _, h, col = key.split(":")
            self.click_card(int(h), col)
        elif key.startswith("level:"):
            a = controls.find(self.legal, "level", card=key[6:])
            if a is not None:
                self.act(a)
        elif key.startswith("opt:"):
            i = int(key[4:])
            if 0 <= i < len(self.legal):
                self.act(self.legal[i])
        elif key.startswith("btn:"):
            self.click_button(key[4:])

    def _not_yours(self) -> str:
        who = self.session.thinking()
        if who:
            return f"Wait: {who} is deciding."
        return "It is not your decision now."

    def complete_acts(self) -> list:
        """At the card's ``act`` step, the complete moves its two steps lead to (the hexes
        that glow once a kind is marked); else nothing."""
        if self.kind != "act" or self.human is None or self.view is None:
            return []
        return act_moves(self.view, self.human)

    def click_hex(self, hx) -> None:
        a = self.hex_actions().get(hx)
        if a is not None and hx in self.friendly_hexes():
            self.ask_friendly(a, self.unit_words(self.view.occ[hx]))
            return
        if a is not None:
            # at the act step both engine steps at once: the kind marked, then this hex; the
            # second is made only when the engine asks this seat for the destination next
            first, *rest = controls.steps(self.kind, self.legal, a) or [a]
            self.act(first)
            for nxt in rest:
                if self.human is not None and nxt in self.legal:
                    self.act(nxt)
            return
        self.show_notice(controls.hex_refusal(self.kind, self.stage, self.legal, hx, self.view))

    def click_card(self, h: int, col: str) -> None:
        view = self.view
        if self.kind == "play":
            if h not in self.playing_heroes():
                self.show_notice("That hero plays no card this turn.")
                return
            if col not in view.hand[h]:
                self.show_notice("That card is not in your hand: it was played or thrown away.")
                return
            self.chosen[h] = col
            return
        picks = controls.card_actions(self.kind, self.legal)
        if col in picks:
            self.act(picks[col])
            return
        if self.kind == "defend":
            if col == "black":
                self.show_notice("The Hold card can never be thrown away.")
            elif col not in view.hand[h]:
                self.show_notice("That card is not in your hand.")
            else:
                self.show_notice("That card's defence does not reach the attack.")
            return
        self.show_notice("Cards are not chosen now: answer the question on the right.")

    def click_button(self, name: str) -> None:
        if name == "confirm":
            a = controls.play_action(self.legal, self.chosen, self.playing_heroes())
            if a is None:
                self.show_notice("Choose a card for each of your heroes first.")
                return
            self.act(a)
        elif name in ("move", "fast"):
            if name not in controls.act_kinds(self.legal):
                self.show_notice(f"{controls.ACT_WORDS[name]} is not possible with this card now.")
                return
            self.stage = None if self.stage == name else name
        elif name == "primary":
            a = controls.find(self.legal, "primary")
            if a is None:
                self.show_notice(
                    self.primary_reason() or "The card's own action is not possible now."
                )
                return
            h = self.decision.data["hero"]
            hits = effects.friendly_hits(self.view, h, self.view.card_in(h, self.view.commit[h]))
            if hits:
                self.ask_friendly(a, " and ".join(self.unit_words(u) for u in hits))
                return
            self.act(a)
        elif name == "back":
            if self.stage is not None:
                self.stage = None
            else:
                self.take_back()
        elif name == "skip":
            a = controls.find(self.legal, "choose", option="skip")
            if a is not None:
                self.act(a)
        elif name == "nodefend":
            a = controls.find(self.legal, "defend", card="")
            if a is not None:
                self.act(a)
        elif name == "stop":
            a = controls.find(self.legal, "level", card="")
            if a is not None:
                self.act(a)
        elif name.startswith("first:"):
            a = controls.find(self.legal, "first", hero=int(name[6:]))
            if a is not None:
                self.act(a)
        elif name == "select":
            a = selection_view.action_for(self.legal, self.kind, self.preview)
            if a is None:
                self.show_notice("Click a hero that can still be chosen first.")
                return
            self.act(a)

    def _command(self, cmd: str) -> None:
        if self.shared_command(cmd):
            return
        if cmd == "fit" and self.arena is not None:
            self.arena.camera.fit()

    # --- keys -------------------------------------------------------------------------------
    def _key_down(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k == pygame.K_ESCAPE and (self.stage is not None or self.chosen):
            self.stage = None
            self.chosen = {}
            return True
        if k == pygame.K_ESCAPE and self.can_take_back():  # Back, not the menu (the Menu button)
            self.take_back()
            return True
        cmd = KEYS.command_for(k)  # the same table the Help page lists
        if self.shared_command(cmd):
            return True
        camera = self.arena.camera if self.arena is not None else None
        if camera is not None and cmd in ("fit", "pan", "zoom_in", "zoom_out"):
            if cmd == "fit":
                camera.fit()
            elif cmd == "pan":
                camera.pan(*PAN_KEYS[k])
            else:
                camera.zoom_at(look.ARENA.center, 1.2 if cmd == "zoom_in" else 1 / 1.2)
            return True
        return super().handle_event(event)
