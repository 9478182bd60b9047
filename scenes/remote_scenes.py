"""The host's screens for phones: the open table (a QR code, a short code and the link per
seat, who has joined) and the question when a second device asks for a seat already held."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
import segno

from scenes import draw
from scenes.palette import DIM, GOLD, PARCHMENT
from scenes.stack import Scene
from scenes.ui import W, button, button_size, draw_text, draw_title

if TYPE_CHECKING:
    from remote.host import RemoteHost
    from scenes.app import App

#: light modules kept around a code (a reader needs a quiet zone of a few modules)
QUIET = 2
#: the seats of one row of the grid
PER_ROW = 5
JOINED, CONNECTED, FREE = (120, 200, 140), (120, 200, 140), DIM


def qr_matrix(text: str) -> list[bytearray]:
    """The dark (1) and light (0) modules of ``text``'s QR code (segno: pure Python)."""
    return [bytearray(row) for row in segno.make(text, error="m", micro=False).matrix]


def draw_qr(surface: pygame.Surface, matrix: list[bytearray], rect: pygame.Rect) -> pygame.Rect:
    """Draw ``matrix`` as rects in the largest whole module size that fits ``rect`` (centred,
    light quiet zone around it); returns the square drawn."""
    n = len(matrix) + 2 * QUIET
    module = max(1, min(rect.width, rect.height) // n)
    side = module * n
    square = pygame.Rect(0, 0, side, side)
    square.center = rect.center
    draw.rect(surface, (255, 255, 255), square)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                cell = (square.x + (x + QUIET) * module, square.y + (y + QUIET) * module)
                draw.rect(surface, (0, 0, 0), (*cell, module, module))
    return square


class TableScene(Scene):
    """The table open to phones: each seat's way in, and who has joined."""

    title = "phones"

    def __init__(self, app: App, remote: RemoteHost) -> None:
        super().__init__(app)
        self.remote = remote
        self.seats = list(remote.seats.keys)
        self.codes = {k.seat: qr_matrix(remote.link(k.seat)) for k in self.seats}
        h = button_size(self.manager, "", "@menu_button")[1]
        back_w = max(240, button_size(self.manager, "Back to the game", "@primary_button")[0])
        close_w = max(240, button_size(self.manager, "Close the table", "@menu_button")[0])
        y = 720 - 24 - h
        self.back_btn = button(
            self.manager, (W - 40 - back_w, y, back_w, h), "Back to the game",
            style="@primary_button",
        )  # fmt: skip
        self.close_btn = button(
            self.manager, (40, y, close_w, h), "Close the table",
            tooltip="Every seat goes back to playing at this screen; the game goes on.",
        )  # fmt: skip
        self.grid_bottom = y - 16

    def cells(self) -> list[tuple[int, pygame.Rect]]:
        """Each seat's place on the screen, five to a row."""
        n = len(self.seats)
        rows = max(1, -(-n // PER_ROW))
        cols = min(n, PER_ROW) or 1
        top = 128
        cw, ch = (W - 80) // cols, (self.grid_bottom - top) // rows
        ch = min(ch, cw - 32 + 104)  # as tall as its name, its code and the code's letters
        return [
            (k.seat, pygame.Rect(40 + (i % cols) * cw, top + (i // cols) * ch, cw, ch))
            for i, k in enumerate(self.seats)
        ]

    def draw_back(self, surface: pygame.Surface) -> None:
        self.app.sea.draw(surface)
        draw_title(surface, "Play from phones", (W // 2, 46), 40)
        url = self.remote.url
        draw_text(
            surface,
            f"Same network: scan your seat's code, or open {url} and type your code.",
            (W // 2, 92), size=17, anchor="center",
        )  # fmt: skip
        joined = set(self.remote.seats.joined())
        connected = set(self.remote.seats.connected())
        session = self.remote.session
        for seat, cell in self.cells():
            draw.rect(surface, (8, 26, 40), cell.inflate(-10, -10), border_radius=10)
            name = session.seat_name(seat)
            draw_text(surface, name, (cell.centerx, cell.y + 14), size=18, kind="bold",
                      anchor="midtop")  # fmt: skip
            side = min(cell.width - 32, cell.height - 96)
            qr_box = pygame.Rect(cell.centerx - side // 2, cell.y + 44, side, side)
            code_y = qr_box.bottom + 10
            if seat in connected:
                state, colour = "on a phone", CONNECTED
            elif seat in joined:
                state, colour = "phone away: waiting for it", GOLD
            else:
                state, colour = "", FREE
            if seat in joined:
                draw.rect(surface, colour, qr_box.inflate(-10, -10), 3, border_radius=8)
                draw_text(surface, "Joined", qr_box.center, size=24, kind="bold",
                          colour=colour, anchor="center")  # fmt: skip
                draw_text(surface, state, (qr_box.centerx, qr_box.centery + 26), size=15,
                          colour=colour, anchor="center")  # fmt: skip
            else:
                draw_qr(surface, self.codes[seat], qr_box)
            draw_text(surface, self.remote.code(seat), (cell.centerx, code_y), size=22,
                      kind="bold", colour=PARCHMENT, anchor="midtop")  # fmt: skip

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Esc goes back to the game, the table left open."""
        escape = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        if escape:
            self.app.stack.pop(self)
        return escape

    def handle_ui(self, event: pygame.event.Event) -> None:
        pressed = event.ui_element if event.type == pygame_gui.UI_BUTTON_PRESSED else None
        if pressed is self.close_btn:
            self.app.close_remote()
        if pressed is not None and pressed in (self.back_btn, self.close_btn):
            self.app.stack.pop(self)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.remote.closed:
            self.app.stack.pop(self)


def open_table(app: App, session: object) -> None:
    """Open ``session``'s table to phones and show its codes; a refusal becomes a dialog."""
    from scenes.dialogs import MessageDialog

    try:
        remote = app.open_remote(session)  # type: ignore[arg-type]
    except OSError as exc:
        app.stack.push(MessageDialog(app, "The table could not be opened", str(exc)))
        return
    app.stack.push(TableScene(app, remote))


def ask_host(app: App, remote: RemoteHost) -> None:
    """A second device asks for a seat already held: ask the host, one question at a time."""
    from scenes.dialogs import ConfirmDialog

    asked = remote.asked
    for ask_id, _seat, name in remote.asks():
        if ask_id in asked:
            continue
        if any(isinstance(s, ConfirmDialog) and s.purpose == "phone-ask" for s in app.stack.scenes):
            return
        asked.add(ask_id)
        app.stack.push(
            ConfirmDialog(
                app,
                f"Another device asks for {name}'s seat",
                f"{name}'s seat is already held by a phone. Let the new device take it? "
                "The first one is then told the seat moved.",
                confirm="Let it in",
                cancel="Keep the first",
                on_confirm=lambda i=ask_id: remote.let_in(i, True),
                on_cancel=lambda i=ask_id: remote.let_in(i, False),
                purpose="phone-ask",
            )
        )
        return
