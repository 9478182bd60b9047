"""Atlantis Rising board: input — clicks, drags, keys, hovering and the menus they open.

Every move comes from ``legal_actions`` (the board's plan of targets,
:func:`scenes.rising.controls.make_plan`); a refused click shows the engine's own explanation.
:class:`BoardInput` is mixed into :class:`scenes.rising.board.RisingBoard`, whose state it reads.
"""

from __future__ import annotations

import pygame

from game.core.protocol import Action
from game.rising.island import SPOT_INDEX, VALUE
from game.rising.knowledge import KNOWLEDGE, KNOWLEDGE_INDEX
from scenes.rising import island_view as iv
from scenes.rising import keys
from scenes.rising import monsters_view as mv
from scenes.rising.controls import BarItem, spot_name
from scenes.rising.dialogs import Entry, Menu
from scenes.rising.log_panel import BIG, humanize
from scenes.rising.panels import ACTIONBAR, scroll_blueprint

#: targets that answer no decision: clicking them works even while a new decision settles
FREE_KEYS = frozenset(
    {"cmd:pause", "cmd:help", "cmd:guide", "cmd:undo", "cmd:skip", "cmd:speed", "cmd:log", "log"}
)


class BoardInput:
    """The board's input handling (a mixin of :class:`~scenes.rising.board.RisingBoard`)."""

    # --- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        et = event.type
        if et == pygame.MOUSEMOTION:
            self._hover_at(event.pos)
            return True
        if et == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._hover_at(event.pos)
            self.press_key = self.hover
            self.note_press()
            if (
                self.hover == "home"
                and self.kind in ("place", "late_place")
                and self.human is not None
            ):
                self.dragging = True
            return True
        if et == pygame.MOUSEBUTTONUP and event.button == 1:
            self._hover_at(event.pos)
            was_drag = self.dragging
            pressed, self.press_key = self.press_key, ""
            self.dragging = False
            # the click must have been pressed on the decision now shown, once it settled
            fresh = self.press_counts() or self.hover in FREE_KEYS
            # a drag only ever drops on the island or the Navy; a click needs press and
            # release on the same target (pressing a tile and letting go over Pass does nothing)
            if self._is_drop(self.hover, event.pos) if was_drag else self.hover == pressed:
                if fresh:
                    self._armed_before, self.armed = self.armed, None
                    self.click(self.hover, event.pos)
                    self._armed_before = None
            return True
        if et == pygame.MOUSEWHEEL:
            if self.dialog == "build" and self.build_dialog.scroll(self.app.mouse, int(event.y)):
                return True
            if self.log.open or not scroll_blueprint(self.app.mouse, int(event.y)):
                self.scroll_log(event)
            return True
        if et == pygame.KEYDOWN:
            return self._key_down(event)
        return super().handle_event(event)

    @staticmethod
    def _is_drop(key: str, pos: tuple[int, int]) -> bool:
        """May a dragged Atlantean be let go over ``key``: a tile, the centre or the Navy
        (a monster token standing on a tile counts as that tile)."""
        if key in SPOT_INDEX or key == "navy":
            return True
        return key.startswith("monster:") and iv.tile_at(pos) is not None

    def _hover_at(self, pos: tuple[int, int]) -> None:
        if self.hover_hit(pos):
            return
        if self.menu is None and not self.dialog and not self.log.open:
            spot = iv.tile_at(pos)
            if spot is not None:
                self.hover = spot
                self.tip = self._spot_tip(spot)
                cx, cy = iv.spot_center(spot)
                r = iv.HEX_R * (2 if spot == "centre" else 1)
                self.tip_rect = pygame.Rect(int(cx) - r, int(cy) - r, 2 * r, 2 * r)

    def _spot_tip(self, spot: str) -> str:
        if spot == "centre":
            return (
                "The Mystic Power Source: any number of Atlanteans; each draws 1 mystic energy. "
                "It sinks only when no other tile stands - and then the game is lost."
            ) + self._monster_note(spot)
        t = SPOT_INDEX[spot]
        seat = self.tip_seat()
        if seat is None or "target" not in VALUE[t]:
            text = iv.tile_tip(t)
        else:
            text = iv.tile_tip(t, self.view.target(seat, t), f"{self.names[seat]}'s")
        acts = self.plan.direct.get(spot)
        if acts:
            text = self._label(acts[0]) + ". " + text
        return text + self._monster_note(spot)

    def tip_seat(self) -> int | None:
        """Whose numbers a tile's tooltip gives: the person deciding, else the only person at
        the table (None: several people and nobody deciding, or only bots)."""
        if self.human is not None:
            return self.human
        humans = self.session.human_seats()
        return humans[0] if len(humans) == 1 else None

    def _monster_note(self, spot: str) -> str:
        """What the monsters mean for a spot (appended to its tooltip)."""
        mon = self.monsters
        if not mon:
            return ""
        out = ""
        if mon.get("medusa") == spot:
            out += " Medusa stands here: an Atlantean placed here turns to stone at once."
        if mon.get("harpies") == spot:
            out += " The Harpies roost here: each Atlantean here costs a resource or a card."
        stone = mon.get("petrified", {}).get(spot)
        if stone:
            out += f" Stone: {mv.piece_words(stone, self.names)}"
            free = mon.get("free_rings", {}).get(spot)
            out += f" ({free} ring{'s' if free != 1 else ''} left)." if free is not None else "."
            out += " Free one for 1 energy while your Atlantean stands here."
        return out

    def _key_down(self, event: pygame.event.Event) -> bool:
        k = event.key
        cmd = keys.command_for(k)  # the same table the Help page lists
        if cmd == "escape":
            if self.armed is not None:
                self.armed = None
                self.notice = ""
                return True
            if self.menu is not None:
                self.menu = None
                return True
            if self.log.open:
                self.log.open = False
                return True
            if self.dialog == "build":
                self.dialog = ""
                return True
            return super().handle_event(event)
        answers = cmd in ("confirm", "number")
        if answers and not self.input_settled():
            return True  # the decision on screen just changed: this key was meant for the last
        if answers:
            self._armed_before, self.armed = self.armed, None
        if cmd == "confirm":
            if event.mod & pygame.KMOD_ALT:
                return True
            self.confirm()
        elif cmd == "number":
            self.choose_number(keys.NUMBER_KEYS[k])
        elif cmd == "undo":
            self.undo()
        elif self.shared_command(cmd):
            pass
        elif cmd == "courage":
            self.toggle_courage()
        elif cmd == "build":
            if any(a.kind in ("build", "build_item") for a in self.legal):
                self.dialog = "" if self.dialog == "build" else "build"
        elif cmd == "guide":
            self.toggle_guide()
        self._armed_before = None
        return True

    # --- commands -----------------------------------------------------------------------------
    def confirm(self) -> None:
        """Space/Enter: the bar's done/pass button (never a move with consequences)."""
        if self.menu is not None:
            return
        for item in self.plan.bar:
            if item.primary and len(item.actions) == 1:
                self.act(item.actions[0])
                return
        if self.decision is not None and self.human is not None:
            self.show_notice(humanize(self.decision.prompt, self.said_names))

    def choose_number(self, n: int) -> None:
        if self.menu is not None:
            if n <= len(self.menu.entries):
                self._run_entry(self.menu.entries[n - 1])
            return
        if self.dialog or self.log.open:
            return
        if n <= len(self.plan.bar):
            self._press_bar(self.plan.bar[n - 1])

    def can_undo(self) -> bool:
        return self.human is not None and self.session.can_undo(self.human)

    def undo(self) -> None:
        if not self.can_undo():
            self.show_notice(self.session.undo_refusal(self.human))
            return
        events = self.session.undo()
        self.anim.skip()
        self._bump += 1
        self.panels.clear()
        self.on_events(events)  # the undo event: its sound, and a fresh view of the state
        self._refresh_log()
        if events:
            self.show_notice(events[-1].text)

    def skip_animations(self) -> None:
        self.anim.skip()
        self._layer_key = None

    def toggle_courage(self) -> None:
        if any(a.kind == "place" and a.get("courage") for a in self.legal):
            self.courage_on = not self.courage_on
        else:
            self.courage_on = False
            self.show_notice("No courage token to place now.")

    # --- clicks -------------------------------------------------------------------------------
    def click(self, key: str, pos: tuple[int, int]) -> None:
        """What a left click on target ``key`` does."""
        if self.menu is not None:
            if key.startswith("menu:"):
                i = int(key[5:])
                if i < len(self.menu.entries):
                    self._run_entry(self.menu.entries[i])
            else:
                self.menu = None
            return
        if self.log.open:
            if not BIG.collidepoint(pos):
                self.log.open = False
            return
        if key.startswith("cmd:"):
            self._command(key[4:], pos)
            return
        if key.startswith("bar:"):
            i = int(key[4:])
            if i < len(self.plan.bar):
                self._press_bar(self.plan.bar[i], pos)
            return
        if key.startswith("act:"):
            box = self.build_dialog if self.dialog == "build" else self.keep_dialog
            i = int(key[4:])
            if i < len(box.entries):
                self._run_entry(box.entries[i])
            return
        if self.dialog == "build":
            if self.build_dialog.rect.collidepoint(pos):
                return
            self.dialog = ""
        if key.startswith(("monster:", "status:")) and key not in self.plan.direct:
            key = iv.tile_at(pos) or key  # a token sits on a tile: the click is for the tile
        if key in self.plan.direct:
            self._press_target(key, pos)
            return
        if key in SPOT_INDEX or key == "navy":
            self._refuse(key)

    def _command(self, name: str, pos: tuple[int, int]) -> None:
        if self.shared_command(name):
            return
        if name == "undo":
            self.undo()
        elif name == "guide":
            self.toggle_guide()
        elif name == "courage":
            self.toggle_courage()
        elif name == "build":
            self.dialog = "build"
        elif name == "close_dialog":
            self.dialog = ""
        elif name == "convert":
            items = [a for a in self.legal if a.kind == "convert"]
            self._open_menu("Convert 1 resource (2 energy)", items, pos)

    def toggle_guide(self) -> None:
        """The first-game guide on or off (greyed, and still, when nobody at the table decides)."""
        if self.session.human_seats():
            self.guide_on = not self.guide_on
            self._sync(force=True)

    def dismiss(self) -> bool:
        if self.menu is not None:
            self.menu = None
        elif self.dialog:
            self.dialog = ""
        else:
            return super().dismiss()
        return True

    def _refuse(self, spot: str) -> None:
        """A click on a tile that is not a legal target now: say why, in the engine's words."""
        if self.human is None or self.decision is None:
            if self.session.thinking():
                self.show_notice(f"Wait: {self.session.thinking()} is choosing a move.")
            return
        if self.kind in ("place", "late_place"):
            self.show_notice(self.explain_refusal(Action.make(self.human, "place", at=spot)))
        elif self.kind == "production":
            self.show_notice(f"You have no Atlantean to act with at {spot_name(spot)}.")
        else:
            self.show_notice(humanize(self.decision.prompt, self.said_names))

    def _press_target(self, key: str, pos: tuple[int, int]) -> None:
        acts = self.plan.direct[key]
        places = [a for a in acts if a.kind == "place"]
        if places:
            want = [a for a in places if bool(a.get("courage")) == self.courage_on]
            acts = want or places
            if len(acts) > 1:
                acts = acts[:1]
        if len(acts) == 1:
            self.act(acts[0])
            return
        title = spot_name(key) if key in SPOT_INDEX else key.split(":", 1)[-1].replace("_", " ")
        if key.startswith("card:"):
            title = KNOWLEDGE[KNOWLEDGE_INDEX[key[5:]]].name
        self._open_menu(title, acts, pos)

    def _press_bar(self, item: BarItem, pos: tuple[int, int] | None = None) -> None:
        if item.group:
            self._open_menu(item.label.rstrip("…"), item.actions, pos or ACTIONBAR.midtop)
        elif item.actions:
            self.act(item.actions[0])

    def _open_menu(self, title: str, actions: list[Action], pos: tuple[int, int]) -> None:
        if not actions:
            return
        entries_ = [Entry(self._label(a), a) for a in actions]
        self.menu = Menu(title, entries_, pos)
        self.menu_decision = len(self.session.record.actions)

    def _run_entry(self, entry: Entry) -> None:
        menu, self.menu = self.menu, None
        if entry.action is not None:
            self.act(entry.action)
            if menu is not None and self.armed is not None and self.armed[1] == entry.action:
                self.menu = menu  # the second click goes to the same entry
        elif entry.command:
            self._command(entry.command, ACTIONBAR.midtop)
