"""The App: one window, one logical canvas, one scene stack, one loop.

Scenes draw on a fixed 1280×720 canvas; the App letterboxes it into whatever window the player
has (aspect kept) and maps mouse positions back, so no scene ever deals with window sizes.
A window smaller than the canvas gets the canvas shrunk into it. A larger one gets the frame
drawn at its own resolution (``render_scale``, scenes.canvas: the canvas's units are then
``k`` pixels each), so text and lines are sharp instead of a 1280×720 picture blown up.
Text sizing makes fonts larger on that canvas so text keeps enough pixels in a small window: the
UI scale setting multiplies every font, and "auto" (the default) raises only the text that would
be under MIN_TEXT_PX on this window. It takes effect at once on every open screen.
``step(events, dt)`` is the whole frame and runs without a window, which is how tests drive it.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core.storage import UI_SCALES, Settings
from scenes import assets, canvas
from scenes.assets import TextSizing, asset, set_text_sizing, text_sizing
from scenes.audio import Audio
from scenes.sea import Sea
from scenes.stack import Scene, SceneStack
from scenes.theme import CANVAS_SIZE, UI_EVENT_TYPES, CanvasUIManager, make_manager, retheme

if TYPE_CHECKING:
    from remote.host import RemoteHost
    from scenes.session import GameSession

log = logging.getLogger(__name__)

CAPTION = "Atlantis Tabletop"
FPS = 60
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
#: more unexpected errors than this within RECOVERY_WINDOW_S and the loop gives up
MAX_RECOVERIES = 3
RECOVERY_WINDOW_S = 10.0
#: what step() takes off the queue itself: pygame-gui's results and their USEREVENT copies
_QUEUED_TYPES = [*UI_EVENT_TYPES, pygame.USEREVENT]
#: the smallest text a player should have to read, in window pixels
MIN_TEXT_PX = 12
#: seconds a new window size must hold before auto text sizing follows it (dragging a window
#: edge sends a resize every frame; rebuilding every screen's widgets each time would stutter)
RESIZE_SETTLE = 0.25


def fit_scale(window_size: tuple[int, int]) -> float:
    """How much the canvas is scaled to fit a window (aspect kept)."""
    ww, wh = window_size
    cw, ch = CANVAS_SIZE
    return min(ww / cw, wh / ch) if ww > 0 and wh > 0 else 1.0


def render_scale(window_size: tuple[int, int]) -> float:
    """Pixels per canvas unit the frame is drawn at: the window's scale when the canvas grows
    to fit it (1.5 at 1920×1080), 1 when it is shrunk or fits (the canvas is drawn as is)."""
    return max(1.0, fit_scale(window_size))


def auto_text_floor(window_size: tuple[int, int]) -> int:
    """The smallest font size (canvas pixels) that is still MIN_TEXT_PX tall once the canvas is
    shrunk into this window (an even number, 24 at most); 0 when the canvas is not shrunk
    (text is drawn as designed).

    A floor, not a multiplier: small print (logs, panel details, 10–12 px) grows to readable,
    while headings and buttons that are large enough keep their size and their room."""
    k = fit_scale(window_size)
    if k >= 1.0:
        return 0
    # even sizes only, and at most twice the designed small print (the UI scale's top): few
    # distinct sizes, so fonts are reused as the window changes
    need = math.ceil(MIN_TEXT_PX / k - 1e-6)
    return min(2 * MIN_TEXT_PX, need + need % 2)


class App:
    """Owns the window (or none, headless), settings, audio, the shared sea and the stack."""

    def __init__(
        self,
        *,
        headless: bool = False,
        fullscreen: bool | None = None,
        seed: int | None = None,
        settings: Settings | None = None,
    ) -> None:
        if not pygame.font.get_init():  # faces cached before a pygame.quit() are dead
            assets.forget_fonts()
        if not pygame.get_init():
            pygame.init()
        if not pygame.display.get_init():
            pygame.display.init()
        pygame.font.init()
        if settings is None:
            settings, warning = Settings.load()
        else:
            warning = None
        self.settings = settings
        self.notices: list[str] = [warning] if warning else []
        # a damaged settings file is kept as it is unless the player changes a setting
        self._keep_settings_file = warning is not None
        #: the settings file's display mode while a command-line ``--fullscreen``/``--windowed``
        #: overrides it for this run only (None: no override in force)
        self._saved_fullscreen: bool | None = None
        if fullscreen is not None and fullscreen != settings.fullscreen:
            self._saved_fullscreen = settings.fullscreen
            self.settings.fullscreen = fullscreen
        self.seed = seed
        self.headless = headless
        #: what the scenes draw on: the canvas in logical units, at the render scale's pixels
        self.frame = canvas.Canvas(pygame.Surface(CANVAS_SIZE))
        self.mouse: tuple[int, int] = (-1, -1)
        #: the same pointer in the frame's pixels (what pygame-gui's widgets are laid out in)
        self.frame_mouse: tuple[int, int] = (-1, -1)
        self.window: pygame.Surface | None = None
        self.window_size: tuple[int, int] = CANVAS_SIZE
        self._windowed_size = (settings.window_width, settings.window_height)
        self.running = True
        self._failures: list[float] = []  # when recover() last ran (monotonic seconds)
        self.frame_ms: list[float] = []
        #: called with dt after each drawn frame (the screenshot director uses it)
        self.after_frame: list[Callable[[float], None]] = []
        #: the table opened to phones (remote.host.RemoteHost), None while it is closed
        self.remote: RemoteHost | None = None
        #: where the phones' server listens (None: this computer's local-network address;
        #: tests use the loopback)
        self.remote_address: str | None = None
        self.audio = Audio(settings.volume if not headless else 0.0)
        self.sea = Sea(seed)
        self.stack = SceneStack()
        #: seconds left before a changed window size re-sizes text (None: nothing waiting)
        self._resize_wait: float | None = None
        self.apply_ui_scale()
        if not headless:
            self._open_window()
        elif pygame.display.get_surface() is None:
            # pygame-gui converts surfaces, which needs some display mode: a hidden 1×1 one
            pygame.display.set_mode((1, 1), pygame.HIDDEN)

    # --- window -------------------------------------------------------------------------------
    def _open_window(self) -> None:
        pygame.display.set_caption(CAPTION)
        try:
            pygame.display.set_icon(pygame.image.load(str(asset("icon.png"))))
        except (pygame.error, FileNotFoundError) as exc:
            log.warning("no window icon: %s", exc)
        self._set_mode()

    def _set_mode(self) -> None:
        if self.settings.fullscreen:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.window = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        self.window_size = self.window.get_size()
        self.apply_ui_scale()

    def set_fullscreen(self, on: bool) -> None:
        """Switch display mode now and remember it in the settings (the player chose it, so a
        command-line override no longer applies)."""
        self._saved_fullscreen = None
        changed = on != self.settings.fullscreen
        if not changed:
            return
        if on and self.window is not None:
            self._windowed_size = self.window.get_size()
        self.settings.fullscreen = on
        if self.window is not None:
            self._set_mode()
        self.save_settings()

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.settings.fullscreen)

    def save_settings(self) -> None:
        self._keep_settings_file = False
        if not self.settings.fullscreen:
            self.settings.window_width, self.settings.window_height = self._windowed_size
        keep = self._saved_fullscreen
        to_save = self.settings if keep is None else replace(self.settings, fullscreen=keep)
        try:
            to_save.save()
        except OSError as exc:
            log.warning("settings not saved: %s", exc)
            self.notices.append(f"Settings could not be saved ({exc}).")

    def apply_settings(self) -> None:
        """Make volume, UI scale and the rest take effect at once and save (the settings scene
        calls it)."""
        self.audio.set_volume(self.settings.volume)
        self.apply_ui_scale()
        self.save_settings()

    @property
    def canvas(self) -> pygame.Surface:
        """The frame's pixels (1280×720 up to a 1280×720 window, the view's size above)."""
        return self.frame.surf

    @property
    def text_sizing(self) -> TextSizing:
        """How fonts are drawn: the player's UI scale, or auto's floor for this window, at the
        render scale of this window."""
        chosen = self.settings.ui_scale
        k = render_scale(self.window_size)
        if chosen in UI_SCALES[1:]:
            return TextSizing(scale=chosen, density=k)
        return TextSizing(floor=auto_text_floor(self.window_size), density=k)

    def apply_ui_scale(self) -> None:
        """Set the text sizing and render scale and, when they changed, rebuild every open
        screen's widgets (and the frame, at a new render scale)."""
        sizing = self.text_sizing
        set_text_sizing(sizing)
        if self.frame.k != sizing.density:
            k = sizing.density
            self.frame = canvas.Canvas(
                pygame.Surface(canvas.phys_size(CANVAS_SIZE, k)), k, CANVAS_SIZE
            )
        self._retheme_open_screens()

    def _retheme_open_screens(self) -> None:
        """Rebuild the widgets of every screen on the stack made at another text sizing (only
        those: a scene that has left is not worth rebuilding)."""
        now = text_sizing()
        for scene in self.stack.scenes:
            manager = scene.manager
            if getattr(manager, "sizing", now) != now:
                retheme(manager)
                scene.relayout()

    @property
    def view_rect(self) -> pygame.Rect:
        """Where the canvas sits in the window: as large as fits, centred, aspect kept."""
        ww, wh = self.window_size
        cw, ch = CANVAS_SIZE
        scale = fit_scale(self.window_size)
        if scale > 1:  # the frame drawn at this scale has exactly this size
            w, h = canvas.phys_size(CANVAS_SIZE, scale)
        else:
            w, h = max(1, round(cw * scale)), max(1, round(ch * scale))
        return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)

    def to_canvas(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Map a window position to canvas coordinates (may fall outside in the bars)."""
        r = self.view_rect
        return (
            int((pos[0] - r.x) * CANVAS_SIZE[0] / r.width),
            int((pos[1] - r.y) * CANVAS_SIZE[1] / r.height),
        )

    def to_frame(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Map a window position to the frame's pixels (the canvas's own at render scale 1)."""
        r = self.view_rect
        fw, fh = self.canvas.get_size()
        return (int((pos[0] - r.x) * fw / r.width), int((pos[1] - r.y) * fh / r.height))

    # --- scenes -------------------------------------------------------------------------------
    def new_manager(self) -> CanvasUIManager:
        """A fresh UIManager for one scene, reading the canvas-mapped mouse."""
        return make_manager(lambda: self.frame_mouse)

    def request_close(self) -> None:
        """The window's close button: quit, but ask first if something would be lost."""
        from scenes.dialogs import ConfirmDialog

        top = self.stack.top
        if isinstance(top, ConfirmDialog) and top.purpose == "quit":
            self.quit()
            return
        notes = [n for s in self.stack.scenes if (n := s.unsaved_note())]
        if not notes:
            self.quit()
            return
        self.stack.push(
            ConfirmDialog(
                self,
                "Quit Atlantis Tabletop?",
                " ".join(notes),
                confirm="Quit",
                cancel="Keep playing",
                on_confirm=self.quit,
                purpose="quit",
            )
        )

    def quit(self) -> None:
        self.running = False

    # --- the frame ----------------------------------------------------------------------------
    def _translate(self, event: pygame.event.Event) -> pygame.event.Event:
        if event.type in MOUSE_EVENTS and hasattr(event, "pos"):
            data = dict(event.dict)
            data["pos"] = self.to_canvas(event.pos)
            # the widgets read the frame's pixels (CanvasUIManager.process_events)
            data["frame_pos"] = self.to_frame(event.pos)
            if "rel" in data:
                r = self.view_rect
                fw, fh = self.canvas.get_size()
                rel = data["rel"]
                data["rel"] = (
                    int(rel[0] * CANVAS_SIZE[0] / r.width),
                    int(rel[1] * CANVAS_SIZE[1] / r.height),
                )
                data["frame_rel"] = (int(rel[0] * fw / r.width), int(rel[1] * fh / r.height))
            event = pygame.event.Event(event.type, data)
            self.mouse = event.pos
            self.frame_mouse = event.frame_pos
        return event

    def _handle_app_event(self, event: pygame.event.Event) -> bool:
        """Window-level events; True when the App handled it and scenes should not see it."""
        if event.type == pygame.QUIT:
            self.request_close()
            return True
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = getattr(event, "size", None) or (getattr(event, "x", 0), getattr(event, "y", 0))
            if self.window is not None:
                size = self.window.get_size()
            if size[0] > 0 and size[1] > 0:
                self.window_size = (int(size[0]), int(size[1]))
                if not self.settings.fullscreen:
                    self._windowed_size = self.window_size
                self._resize_wait = RESIZE_SETTLE
            return True
        if event.type == pygame.KEYDOWN:
            alt_enter = event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT
            if event.key == pygame.K_F11 or alt_enter:
                self.toggle_fullscreen()
                return True
        return False

    def step(self, events: Iterable[pygame.event.Event], dt: float, draw: bool = True) -> None:
        """One frame: route input, update the top scene, draw, then apply stack changes.

        UI results posted by pygame-gui during the last frame are collected from the queue
        here, so tests can pass synthetic input and still see widgets react. Its deprecated
        USEREVENT copy of each result is taken off too: left queued it keeps its element, that
        element's manager and so the whole App alive (``pygame.event.clear`` never frees it).
        """
        started = time.perf_counter()
        queued = pygame.event.get(_QUEUED_TYPES) if pygame.display.get_init() else []
        for raw in [*events, *queued]:
            if self._handle_app_event(raw):
                continue
            event = self._translate(raw)
            if event.type == pygame_gui.UI_BUTTON_PRESSED:
                self.audio.play("click")
            self.stack.dispatch(event)
        if self._resize_wait is not None:
            self._resize_wait -= dt
            if self._resize_wait <= 0:
                self._resize_wait = None
                self.apply_ui_scale()
        self._retheme_open_screens()  # e.g. a scene built before a change and pushed after it
        self.sea.update(dt)
        if self.remote is not None:
            self._pump_remote()
        self.stack.update(dt)
        if draw:
            self.frame.fill((0, 0, 0))
            self.stack.draw(self.frame)
            self.present()
            for hook in list(self.after_frame):
                hook(dt)
        self.stack.apply_pending()
        if not len(self.stack):
            self.running = False
        self.frame_ms.append((time.perf_counter() - started) * 1000)
        if len(self.frame_ms) > 600:
            del self.frame_ms[:300]

    def _pump_remote(self) -> None:
        """The phones' side of the frame: publish the table, play their choices, and ask the
        host about a second device for a held seat (a dialog, one at a time)."""
        from scenes.remote_scenes import ask_host

        remote = self.remote
        remote.pump()
        if remote.closed:
            self.remote = None
            return
        ask_host(self, remote)

    def open_remote(self, session: GameSession) -> RemoteHost:
        """Open the table of ``session`` to phones (the one already open when it serves this
        game); an OSError says the network refused."""
        from remote.host import RemoteHost

        if self.remote is not None and self.remote.session is session:
            return self.remote
        self.close_remote()
        self.remote = RemoteHost(session, self.remote_address)
        return self.remote

    def close_remote(self) -> None:
        """Close the phones' table: every seat is hot-seat again, the game goes on."""
        if self.remote is not None:
            self.remote.close()
            self.remote = None

    def present(self) -> None:
        """Put the frame into the window (letterboxed) and flip: pixel for pixel when it was
        drawn at the window's scale, else scaled (a smaller window, or a size still settling)."""
        if self.window is None:
            return
        if self.window.get_size() != self.window_size:
            self.window_size = self.window.get_size()
            self._resize_wait = RESIZE_SETTLE
        r = self.view_rect
        self.window.fill((0, 0, 0))
        if r.size == self.canvas.get_size():
            self.window.blit(self.canvas, r)
        else:
            self.window.blit(pygame.transform.smoothscale(self.canvas, r.size), r)
        pygame.display.flip()

    def run(self, first: Scene | None = None) -> int:
        """The real loop, at 60 frames a second with delta time; returns an exit code."""
        if first is not None:
            self.stack.push(first)
            self.stack.apply_pending()
        clock = pygame.time.Clock()
        while self.running:
            dt = clock.tick(FPS) / 1000.0
            try:
                self.step(pygame.event.get(), dt)
            except Exception as exc:  # a bug in one screen must not take the program down
                if not self.recover(exc):
                    raise
        self.shutdown()
        return 0

    def recover(self, exc: Exception) -> bool:
        """After an unexpected error: back to the title with a plain message (every move is
        autosaved, so nothing is lost). False when errors keep coming, so the caller gives up
        instead of looping on a broken screen."""
        log.exception("unexpected error in the frame loop: %s", exc)
        now = time.monotonic()
        self._failures = [t for t in self._failures if now - t < RECOVERY_WINDOW_S]
        self._failures.append(now)
        if len(self._failures) > MAX_RECOVERIES:
            return False
        from scenes.dialogs import MessageDialog
        from scenes.title_scene import TitleScene

        try:
            self.stack.clear()
            self.stack.apply_pending()
        except Exception:  # a scene that cannot even leave cleanly is dropped as it is
            log.exception("a scene failed while leaving after an error")
            self.stack = SceneStack()
        self.stack.reset(TitleScene(self))
        self.stack.push(
            MessageDialog(
                self,
                "Something went wrong",
                f"The program hit an error it did not expect ({type(exc).__name__}: {exc}) "
                "and came back to the title screen. Every move was autosaved: Continue picks "
                "the game up again. The details are in the log file.",
            )
        )
        self.stack.apply_pending()
        return True

    def shutdown(self) -> None:
        """Leave every scene (cancelling bots), save the window size, stop sound."""
        self.stack.clear()
        self.stack.apply_pending()
        self.close_remote()
        if not self._keep_settings_file:
            self.save_settings()  # remembers the window size
        self.audio.stop_ambience()
